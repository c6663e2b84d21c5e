"""Dice expressions of weapon damage: "1d8", "2d6+1", "1d4-1", "3"
(docs/rules/10-attacks-and-damage.md).

Parsing, formatting, min/max/average and the default rules' chain of damage die sizes (1 -> 1d2 ->
1d3 -> 1d4 -> 1d6 -> 1d8 -> 1d10 -> 2d6 -> 2d8 -> 3d6 -> ...), used for Power Attack
(docs/rules/09-turns-and-actions.md) and for weapons of small or large wielders
(`game.data.model.WEAPON_SIZE_STEPS`). Nothing here rolls: the battle's seeded generator does
(docs/architecture.md "State and flow").

Bounds (docs/security.md "Unit and weapon files"): at most `MAX_COUNT` dice of at most
`MAX_SIDES` sides and a bonus of at most `MAX_BONUS` either way, and an expression must be
able to deal at least 1 damage. The rules' largest damage dice are 4d12 (the chain's end); the
bounds keep the exact damage distributions of the AI and `simulate` (up to x6 criticals of
Power-Attack-sized dice) small, where "999999d999999" used to hang them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

_DICE_RE = re.compile(r"^\s*(?:(\d*)\s*[dD]\s*(\d+))?\s*(?:([+-])?\s*(\d+))?\s*$")
MAX_COUNT = 6
MAX_SIDES = 12
MAX_BONUS = 20

# The default rules' chain of damage die sizes, smallest first.
DIE_CHAIN = ("1", "1d2", "1d3", "1d4", "1d6", "1d8", "1d10", "2d6", "2d8",
             "3d6", "3d8", "3d10", "4d8", "4d10", "4d12")


@dataclass(frozen=True)
class Dice:
    """`count` dice of `sides` sides plus `bonus`; count 0 means a flat amount."""
    count: int
    sides: int
    bonus: int = 0

    def __str__(self) -> str:
        if not self.count:
            return str(self.bonus)
        text = f"{self.count}d{self.sides}"
        if self.bonus:
            text += f"{self.bonus:+d}"
        return text

    @property
    def min(self) -> int:
        return self.count + self.bonus

    @property
    def max(self) -> int:
        return self.count * self.sides + self.bonus

    @property
    def average(self) -> float:
        return self.count * (self.sides + 1) / 2 + self.bonus

    def step(self, steps: int) -> Dice:
        """The dice `steps` sizes larger (negative: smaller) on `DIE_CHAIN`, bonus kept.

        Dice not on the chain (1d12, 2d4) start from the chain entry of nearest average;
        the ends of the chain clamp.
        """
        if steps == 0:
            return self
        plain = Dice(self.count, self.sides)
        chain = [parse_dice(d) for d in DIE_CHAIN]
        here = min(range(len(chain)),
                   key=lambda i: (abs(chain[i].average - plain.average), i))
        there = chain[max(0, min(len(chain) - 1, here + steps))]
        return Dice(there.count, there.sides, there.bonus + self.bonus)


def parse_dice(text: str) -> Dice:
    """Parse "XdY", "XdY+Z", "XdY-Z", "dY" or a flat "Z"; ValueError with the reason."""
    if not isinstance(text, str):
        raise ValueError(f"expected a dice string like \"1d8\", got {text!r}")
    m = _DICE_RE.match(text)
    if not m or (m.group(2) is None and m.group(4) is None):
        raise ValueError(f"{text!r} is not a dice expression like \"1d8\" or \"2d6+1\"")
    count_s, sides_s, sign, bonus_s = m.groups()
    if sides_s is not None and bonus_s is not None and sign is None:
        raise ValueError(f"{text!r}: write the bonus with a sign, like \"1d8+2\"")
    if any(len(part or "") > 3 for part in (count_s, sides_s, bonus_s)):
        raise ValueError(f"{text[:40]!r}: at most {MAX_COUNT} dice of at most {MAX_SIDES} "
                         f"sides and a bonus between -{MAX_BONUS} and +{MAX_BONUS}")
    bonus = int(bonus_s or 0) * (-1 if sign == "-" else 1)
    if sides_s is None:
        if sign == "-":
            raise ValueError(f"{text!r}: a flat damage amount cannot be negative")
        dice = Dice(0, 0, bonus)
    else:
        dice = Dice(int(count_s) if count_s else 1, int(sides_s), bonus)
        if dice.count < 1 or dice.sides < 2:
            raise ValueError(f"{text!r}: need at least one die of at least 2 sides")
    _check_bounds(text, dice)
    return dice


def _check_bounds(text: str, dice: Dice) -> None:
    if dice.count > MAX_COUNT or dice.sides > MAX_SIDES:
        raise ValueError(f"{text!r}: at most {MAX_COUNT} dice of at most {MAX_SIDES} sides")
    if abs(dice.bonus) > MAX_BONUS:
        raise ValueError(f"{text!r}: the bonus must be between -{MAX_BONUS} and +{MAX_BONUS}")
    if dice.max < 1:
        raise ValueError(f"{text!r} can never deal damage (at most {dice.max})")


def format_dice(dice: Dice) -> str:
    return str(dice)
