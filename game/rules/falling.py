"""Falling and falling damage (docs/rules/21-terrain-and-falling.md "Falling", and "Flying" for
a flyer knocked down).

"A fall deals bludgeoning damage equal to 10% of the victim's maximum HP per 10 feet of the
fall to a medium or large sized creature for the first 30 feet." The steps, in order:
- the height fallen, in feet (elevation steps x 5);
- less 10 ft on a soft landing (water); less 10 ft for a DC 15 Acrobatics or Jump check,
  20 ft for DC 25 (the creature rolls the better of the two skills); less 10 ft per size
  below medium; less the creature's own height for huge (20 ft) and gargantuan (40 ft) ones;
- 10% of its maximum HP per full 10 ft left, for the first 30 ft; the rulebook's table for
  longer falls is missing from our copy: the game adds 20% per 10 ft beyond, up to all of its
  maximum HP (less 10% per size below medium);
- DR counts against it (bludgeoning). A creature that takes damage lands prone; one that
  takes none lands standing. (The risk of a broken limb is not in the game.)
A flying creature does not fall when it is pushed off a ledge: it flies. A Knockdown drops a
flying creature 10 ft (20 ft with clumsy or poor maneuverability); it flies low (the game
does not track altitude), so the drop always reaches the ground: it lands prone.
Pure functions: the engine rolls the check (game.engine.falling).
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.data.model import SIZES
from game.rules.probability import d20_distribution
from game.rules.sections import cite

R21 = cite(21)
CHECK_DCS = ((25, 20), (15, 10))          # check total -> feet the fall is shortened by
LIMB_SAVE_DC = 10             # the REF save a fall that hurt asks, or an arm or a leg breaks
SOFT_FT = 10
OWN_HEIGHT_FT = {"huge": 20, "gargantuan": 40}
KNOCKDOWN_DROP_FT = {"clumsy": 20, "poor": 20}    # others: 10
FLIGHT_STEPS = 1          # how high a flying creature is above the ground (5 ft: it flies low)


@dataclass(frozen=True)
class Fall:
    """The outcome of a fall: the height, what shortened it, the effective height, the share
    of the maximum HP it deals (percent), the damage before DR, and whether it lands prone."""
    feet: int
    shortened: tuple[tuple[str, int], ...]
    effective: int
    percent: int
    damage: int

    @property
    def prone(self) -> bool:
        return self.damage > 0

    def describe(self) -> str:
        cuts = "".join(f" - {ft} ft {why}" for why, ft in self.shortened)
        return (f"fell {self.feet} ft{cuts} = {self.effective} ft: {self.percent}% of max HP "
                f"= {self.damage} bludgeoning ({R21})")


def check_cut(total: int | None) -> int:
    """Feet a DC 15 / DC 25 Acrobatics or Jump check takes off a fall."""
    if total is None:
        return 0
    return next((ft for dc, ft in CHECK_DCS if total >= dc), 0)


def sizes_below_medium(size: str) -> int:
    return max(0, SIZES.index("medium") - SIZES.index(size))


def percent_for(effective_ft: int, size: str) -> int:
    """The share of maximum HP a fall of `effective_ft` deals (see the module)."""
    tens = max(0, effective_ft) // 10
    pct = 10 * min(tens, 3) + 20 * max(0, tens - 3)
    return min(pct, 100 - 10 * sizes_below_medium(size))


def fall(max_hp: int, size: str, steps: int, check_total: int | None = None,
         soft: bool = False) -> Fall:
    """A fall of `steps` elevation steps by a creature of `max_hp` and `size` (see the
    module); `check_total` is its Acrobatics or Jump check (None: none rolled)."""
    feet = 5 * max(0, steps)
    cuts = [("soft landing", SOFT_FT if soft else 0), ("check", check_cut(check_total)),
            ("small size", 10 * sizes_below_medium(size)),
            ("own height", OWN_HEIGHT_FT.get(size, 0))]
    shortened = tuple((why, ft) for why, ft in cuts if ft)
    effective = max(0, feet - sum(ft for _, ft in shortened))
    pct = percent_for(effective, size)
    damage = max(1, max_hp * pct // 100) if pct else 0
    return Fall(feet, shortened, effective, pct, damage)


def fall_odds(max_hp: int, size: str, steps: int, bonus: int,
              soft: bool = False) -> dict[int, Fraction]:
    """The damage (before DR) of a fall -> its probability, for a check at `bonus`."""
    out: dict[int, Fraction] = {}
    for face, p in d20_distribution(0).items():
        dmg = fall(max_hp, size, steps, face + bonus, soft).damage
        out[dmg] = out.get(dmg, Fraction(0)) + p
    return out


def knockdown_drop_steps(maneuver: str) -> int:
    """A flying creature knocked down drops 10 ft, 20 ft if clumsy or poor (in steps):
    docs/rules/21-terrain-and-falling.md "Flying"."""
    return KNOCKDOWN_DROP_FT.get(maneuver, 10) // 5


__all__ = ["CHECK_DCS", "FLIGHT_STEPS", "Fall", "LIMB_SAVE_DC", "check_cut", "fall", "fall_odds", "knockdown_drop_steps",
           "percent_for", "sizes_below_medium"]
