"""Healing, temporary hit points and first aid (docs/rules/20-healing-and-first-aid.md).

Pure functions, nothing rolled here:
- `energy_heals(unit, damage_type)`: positive energy heals the living and harms the undead,
  negative energy heals the undead and harms the living (the hex-native rules: "positive
  energy heals living creatures for the amount of "damage" rolled, but deals damage normally to
  undead"). Healing itself is `game.rules.health.heal` (never above the maximum; wakes a creature
  raised above 0; reduces Bleed X by the HP healed; removes Injured above the threshold). Nothing
  heals the dead.
- Temporary hit points: at most a quarter of the maximum HP (the hex-native rules: "You may
  never have more Temporary HP than 25% of your Maximum HP"), lost before the hit points, never
  healed. The game's decision where the rulebook is silent: two grants do not add up, the higher
  pool stays (`gain_temp_hp`); they last the whole battle (the rulebook: they disappear in an
  hour).
- First aid: the rulebook names the Heal skill but its chapter is missing from our copy. The
  game's decision: first aid is a Big Action on an adjacent bleeding ally, a Heal check
  (d20 + Heal ranks + WIS mod + the penalties on every d20 roll) against DC 15; success stops
  the bleeding (Bleed 0: a dying creature is stable), failure changes nothing. It heals no
  hit points (`first_aid_check`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from game.data.model import UnitType
from game.rules import conditions as cond
from game.rules.attack import Breakdown, Term
from game.rules.health import CheckAgainstDC, ConditionChange
from game.rules.sections import cite

R20 = cite(20)
FIRST_AID_DC = 15
TEMP_HP_SHARE = 4          # at most max HP // 4 temporary HP


# ---- energy ---------------------------------------------------------------------------------

def is_living(unit: UnitType) -> bool:
    """Undead are not living (unit data `undead = true`)."""
    return not getattr(unit, "undead", False)


def energy_heals(unit: UnitType, damage_type: str) -> bool:
    """True when `damage_type` heals this creature instead of harming it."""
    if damage_type == "positive":
        return is_living(unit)
    if damage_type == "negative":
        return not is_living(unit)
    return False


# ---- temporary hit points -------------------------------------------------------------------

def temp_hp_cap(max_hp: int) -> int:
    """Never more temporary HP than 25% of the maximum (36 HP: at most 9):
    docs/rules/20-healing-and-first-aid.md "Temporary hit points"."""
    return max(0, max_hp) // TEMP_HP_SHARE


def gain_temp_hp(current: int, gained: int, max_hp: int) -> int:
    """The pool after a grant of `gained`: the higher of the two, within the cap."""
    return min(max(current, gained, 0), max(current, temp_hp_cap(max_hp)))


def absorb(temp: int, amount: int) -> tuple[int, int]:
    """(temporary HP lost, damage left for the hit points): temporary HP go first."""
    taken = min(max(0, temp), max(0, amount))
    return taken, max(0, amount) - taken


# ---- first aid ------------------------------------------------------------------------------

def heal_ranks(unit: UnitType) -> int:
    return int(getattr(unit, "heal", 0) or 0)


def heal_bonus(unit: UnitType, conditions: Mapping[str, int]) -> Breakdown:
    """The itemised bonus of a Heal check: ranks, WIS mod, the penalties on all d20 rolls."""
    terms = [Term(heal_ranks(unit), "Heal ranks", R20), Term(unit.wis_mod, "WIS", R20)]
    terms += [Term(v, label.lower(), rule) for v, label, rule in cond.d20_modifiers(conditions)]
    return Breakdown(tuple(t for t in terms if t.value))


def needs_first_aid(conditions: Mapping[str, int]) -> bool:
    """A creature first aid can help: it bleeds."""
    return int(conditions.get("bleed", 0) or 0) > 0


@dataclass(frozen=True)
class FirstAid(CheckAgainstDC):
    """A Heal check and what it does to the ally (`changes`, empty on a failure)."""
    natural: int
    bonus: Breakdown
    dc: int
    changes: tuple[ConditionChange, ...]

    def describe(self) -> str:
        verdict = "the bleeding stops" if self.success else "failure"
        return (f"Heal check: d20 {self.natural} {self.bonus.text(first_sign=True)} = "
                f"{self.total} vs DC {self.dc}: {verdict} ({R20})")


def first_aid_check(healer: UnitType, healer_conditions: Mapping[str, int],
                    patient_conditions: Mapping[str, int], natural: int) -> FirstAid:
    """First aid (the game's rule, module docstring): success sets Bleed 0 and ends Dying."""
    bonus = heal_bonus(healer, healer_conditions)
    changes: tuple[ConditionChange, ...] = ()
    if natural + bonus.total >= FIRST_AID_DC and needs_first_aid(patient_conditions):
        changes = (ConditionChange("set", "bleed", 0, R20),)
        if patient_conditions.get("dying"):
            changes += (ConditionChange("remove", "dying", 1, R20),)
    return FirstAid(natural, bonus, FIRST_AID_DC, changes)


__all__ = ["FIRST_AID_DC", "FirstAid", "absorb", "energy_heals", "first_aid_check",
           "gain_temp_hp", "heal_bonus", "heal_ranks", "is_living", "needs_first_aid",
           "temp_hp_cap"]
