"""The battle's dice: ONE seeded `random.Random` per battle (docs/architecture.md "State and
flow").

Nothing else in the game calls `random`: every d20, damage die, concealment d10 and
initiative tie-break coin of a battle comes from its `Dice`, so the command log plus the seed
(or a saved `state()`) replays a battle exactly.

- `d20()`, `d(sides)`: one die.
- `roll(expr)`: a damage expression ("2d6+1", or a `game.data.dice.Dice`) -> (total, faces).
- `fortune_d20(fortune)`: docs/rules/10-attacks-and-damage.md "Fortunate and Unfortunate": 2d20
  keep the better (fortune > 0) or the worse (fortune < 0), else one d20 -> (kept, faces).
- `coin()`: a fair coin (initiative ties, docs/rules/09-turns-and-actions.md).
- `state()` / `set_state()` / `Dice.from_state()`: save and restore the generator exactly;
  the state is made of lists and ints only, so it goes into a JSON save as it is.
- `copy()`: independent dice in the same state (a detached battle's: its rolls are the ones
  the battle would roll next, and drawing them leaves the battle's dice as they were).
- `fixed`: rolls fixed in advance (`FixedRoll("d20", 17)`, from a save's "dice" list), used
  in order before the seeded generator: rule tests, tutorials and bug reports script a battle
  with them. A fixed roll of another die than the one rolled, or out of its range, raises
  `FixedRollError` (the replay names the save and the command).

The rules never import this module: they take the rolled faces as plain ints (pure functions).
"""
from __future__ import annotations

import random
from typing import NamedTuple

from game.data.dice import Dice as DiceExpr, parse_dice

__all__ = ["Dice", "FixedRoll", "FixedRollError"]


class FixedRoll(NamedTuple):
    """One roll fixed in advance: `die` like "d20", `value` the face it shows."""
    die: str
    value: int


class FixedRollError(ValueError):
    """A fixed roll that does not fit the die the rules roll."""


class Dice:
    """The seeded dice of one battle, after the rolls fixed in advance (if any)."""

    def __init__(self, seed: int | str | None = 0, fixed=()):
        self.seed = seed
        self._rng = random.Random(seed)
        self.rolls = 0            # dice drawn so far (handy in logs and replays)
        self.fixed = tuple(FixedRoll(*f) for f in fixed)
        self.fixed_used = 0       # how many of `fixed` were drawn

    # ---- single dice ------------------------------------------------------------------
    def d(self, sides: int) -> int:
        """One die of `sides` sides: 1..sides."""
        if sides < 1:
            raise ValueError(f"a die needs at least 1 side, got {sides}")
        self.rolls += 1
        if self.fixed_used < len(self.fixed):
            return self._next_fixed(sides)
        return self._rng.randrange(sides) + 1

    def _next_fixed(self, sides: int) -> int:
        n = self.fixed_used
        die, value = self.fixed[n]
        if die != f"d{sides}":
            raise FixedRollError(f"fixed roll {n} is a {die}, but the rules roll a d{sides} "
                                 f"here")
        if not 1 <= value <= sides:
            raise FixedRollError(f"fixed roll {n} shows {value} on a d{sides} (1-{sides})")
        self.fixed_used += 1
        return value

    def d20(self) -> int:
        return self.d(20)

    def d10(self) -> int:
        return self.d(10)

    def coin(self) -> bool:
        """A fair coin: True = heads."""
        return self.d(2) == 2

    # ---- rolls with a meaning -----------------------------------------------------------
    def roll(self, expr: str | DiceExpr) -> tuple[int, tuple[int, ...]]:
        """Roll a dice expression ("1d8+2", "3", or a game.data Dice): (total, faces)."""
        dice = parse_dice(expr) if isinstance(expr, str) else expr
        faces = tuple(self.d(dice.sides) for _ in range(dice.count))
        return sum(faces) + dice.bonus, faces

    def fortune_d20(self, fortune: int = 0) -> tuple[int, tuple[int, ...]]:
        """docs/rules/10-attacks-and-damage.md: Fortunate (fortune > 0) rolls 2d20 and keeps the
        better, Unfortunate (< 0) keeps the worse; 0 is one plain d20. Returns (kept, faces)."""
        if not fortune:
            face = self.d20()
            return face, (face,)
        a, b = self.d20(), self.d20()
        return (max(a, b) if fortune > 0 else min(a, b)), (a, b)

    # ---- saving and restoring -----------------------------------------------------------
    def state(self) -> list:
        """The generator's exact state as JSON-friendly lists: [version, [ints], gauss, rolls],
        plus the fixed rolls still to come, [[die, value], ...], while there are any."""
        version, internal, gauss = self._rng.getstate()
        state = [version, list(internal), gauss, self.rolls]
        if self.fixed_used < len(self.fixed):
            state.append([list(f) for f in self.fixed[self.fixed_used:]])
        return state

    def set_state(self, state) -> None:
        """Restore a `state()`; the following rolls repeat those made after it was taken."""
        version, internal, gauss, rolls, *rest = state
        self._rng.setstate((version, tuple(internal), gauss))
        self.rolls = rolls
        self.fixed = tuple(FixedRoll(*f) for f in rest[0]) if rest else ()
        self.fixed_used = 0

    def copy(self) -> Dice:
        """Dice in the same state, drawn independently of these."""
        other = Dice(self.seed, self.fixed)
        other._rng.setstate(self._rng.getstate())
        other.rolls, other.fixed_used = self.rolls, self.fixed_used
        return other

    @classmethod
    def from_state(cls, state, seed: int | str | None = None) -> Dice:
        dice = cls(seed)
        dice.set_state(state)
        return dice

    def __repr__(self) -> str:
        return f"Dice(seed={self.seed!r}, rolls={self.rolls})"
