"""The numbers of the steller rules' maneuvers (docs/rules/steller/actions.md "Aid another",
"Bull rush", "Grab and escape").

The stat blocks list no ability scores or skills, so the maneuvers read them off what the stat
block has: a **Strength attack** is the melee basic attack's bonus less 2 (an attack without a
weapon's proficiency); **Athletics** is the same number; **Acrobatics** is the initiative bonus
(both are half the level plus a Dexterity modifier). A creature may bull rush or grab a target
no more than one size larger than itself. Aid another is a melee basic attack against 10.
"""
from __future__ import annotations

from game.data.model import SIZES

AID_DEFENSE = 10          # the number aid another must reach
AID_BONUS = 2             # what the aided ally gets
WEAPON_PROFICIENCY = 2    # taken off the melee basic attack for a Strength attack
SKILLS = ("athletics", "acrobatics")
#: the escape check: skill -> the grabber's defense it is made against
ESCAPE_DEFENSE = {"athletics": "fortitude", "acrobatics": "reflex"}


def strength_attack(sheet) -> int:
    """Its Strength attack bonus: the melee basic attack's, less the weapon's proficiency."""
    basic = sheet.basic("melee")
    return (basic.attack if basic else sheet.level // 2) - WEAPON_PROFICIENCY


def skill_bonus(sheet, skill: str) -> int:
    """Athletics: as a Strength attack; Acrobatics: its initiative bonus."""
    return strength_attack(sheet) if skill == "athletics" else sheet.initiative


def may_handle(size: str, target_size: str) -> bool:
    """A bull rush or a grab works on a target at most one size larger."""
    return SIZES.index(target_size) <= SIZES.index(size) + 1


__all__ = ["AID_BONUS", "AID_DEFENSE", "ESCAPE_DEFENSE", "SKILLS", "WEAPON_PROFICIENCY",
           "may_handle", "skill_bonus", "strength_attack"]
