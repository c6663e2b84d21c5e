"""The battle's dice: ONE seeded `random.Random` per battle (DESIGN.md "State and flow").

Nothing else in the game calls `random`: every d20, damage die, concealment d10 and
initiative tie-break coin of a battle comes from its `Dice`, so the command log plus the seed
(or a saved `state()`) replays a battle exactly.

- `d20()`, `d(sides)`: one die.
- `roll(expr)`: a damage expression ("2d6+1", or a `game.data.dice.Dice`) -> (total, faces).
- `fortune_d20(fortune)`: RULES.md 10 "Fortunate / Unfortunate": 2d20 keep the better
  (fortune > 0) or the worse (fortune < 0), else one d20 -> (kept, faces).
- `coin()`: a fair coin (initiative ties, RULES.md 9).
- `state()` / `set_state()` / `Dice.from_state()`: save and restore the generator exactly;
  the state is made of lists and ints only, so it goes into a JSON save as it is.

The rules never import this module: they take the rolled faces as plain ints (pure functions).
"""
from __future__ import annotations

import random

from game.data.dice import Dice as DiceExpr, parse_dice

__all__ = ["Dice"]


class Dice:
    """The seeded dice of one battle."""

    def __init__(self, seed: int | str | None = 0):
        self.seed = seed
        self._rng = random.Random(seed)
        self.rolls = 0            # dice drawn so far (handy in logs and replays)

    # ---- single dice ------------------------------------------------------------------
    def d(self, sides: int) -> int:
        """One die of `sides` sides: 1..sides."""
        if sides < 1:
            raise ValueError(f"a die needs at least 1 side, got {sides}")
        self.rolls += 1
        return self._rng.randrange(sides) + 1

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
        """RULES.md 10: Fortunate (fortune > 0) rolls 2d20 and keeps the better,
        Unfortunate (< 0) keeps the worse; 0 is one plain d20. Returns (kept, faces)."""
        if not fortune:
            face = self.d20()
            return face, (face,)
        a, b = self.d20(), self.d20()
        return (max(a, b) if fortune > 0 else min(a, b)), (a, b)

    # ---- saving and restoring -----------------------------------------------------------
    def state(self) -> list:
        """The generator's exact state as JSON-friendly lists: [version, [ints], gauss, rolls]."""
        version, internal, gauss = self._rng.getstate()
        return [version, list(internal), gauss, self.rolls]

    def set_state(self, state) -> None:
        """Restore a `state()`; the following rolls repeat those made after it was taken."""
        version, internal, gauss, rolls = state
        self._rng.setstate((version, tuple(internal), gauss))
        self.rolls = rolls

    @classmethod
    def from_state(cls, state, seed: int | str | None = None) -> Dice:
        dice = cls(seed)
        dice.set_state(state)
        return dice

    def __repr__(self) -> str:
        return f"Dice(seed={self.seed!r}, rolls={self.rolls})"
