"""Precision damage and Sneak Attack (docs/rules/10-attacks-and-damage.md "Precision damage").

A creature whose stat block gives `sneak_attack` dice adds them to a weapon strike that finds
a vulnerable spot: the target is flat-footed or helpless (an unaware target, an invisible
attacker's, a sleeping or paralyzed one), flanked, or heavily encumbered. Never against a
target with any concealment, never with the basic unarmed attack, never on a stray missile,
and a ranged strike only within 30 ft. The dice are of the weapon's own damage type and are
never multiplied by a critical hit.

`precision_extra(sit)` -> the `ExtraDamage` to add, or None. Pure: previews, the computer
player's expected damage and the roll all read it from the damage formula.
"""
from __future__ import annotations

from game.data.model import UNARMED_ID, ExtraDamage
from game.rules.attack import AttackSituation, effective_concealment, target_defenceless

SNEAK_ATTACK_RANGE_FT = 30      # a ranged sneak attack: the target within 30 ft
SNEAK_ATTACK_LABEL = "sneak attack"


def vulnerable(sit: AttackSituation) -> bool:
    """The target cannot guard its vital spots against this strike."""
    return (target_defenceless(sit) is not None or sit.flanked
            or sit.target.has("heavily_encumbered"))


def precision_extra(sit: AttackSituation) -> ExtraDamage | None:
    """The Sneak Attack dice this strike adds, or None (module docstring)."""
    dice = getattr(sit.attacker.unit, "sneak_attack", None)
    if dice is None or sit.weapon.id == UNARMED_ID or sit.stray:
        return None
    if sit.ranged and sit.distance_ft > SNEAK_ATTACK_RANGE_FT:
        return None
    if effective_concealment(sit) != "none" or not vulnerable(sit):
        return None
    return ExtraDamage(dice, sit.weapon.damage_type[0], SNEAK_ATTACK_LABEL)


__all__ = ["SNEAK_ATTACK_LABEL", "SNEAK_ATTACK_RANGE_FT", "precision_extra", "vulnerable"]
