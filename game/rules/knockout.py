"""Knockout Strike (docs/rules/19-maneuvers-and-archery.md "Knockout Strike"; the rulebook's
"Knockout Strike" and "Coup de Grace ... (Or knockout)").

An attack with a weapon that deals only bludgeoning damage. When it lands a critical hit on
an unaware target, or deals enough damage to leave the target Injured (at or below a quarter
of its maximum HP) but standing, the target rolls a FORT save against DC = the damage dealt;
failing, it is knocked out: unconscious but stable (no bleeding), for the rest of the battle
unless an ally wakes it. A blow that drops it to 0 HP or less follows the usual rules.

Pure functions: `knockout_weapon`, `knocks_out`, `knockout_chance` (the forecast's odds).
"""
from __future__ import annotations

from fractions import Fraction

from game.rules.damage import damage_distribution, damage_formula
from game.rules.health import is_injured
from game.rules.probability import chances
from game.rules.saving_throws import pass_chance


def knockout_weapon(weapon) -> bool:
    """Only bludgeoning damage: every damage type of the weapon, and no extra damage."""
    return set(weapon.damage_type) == {"bludgeoning"} and not weapon.extra_damage


def knocks_out(critical: bool, unaware: bool, hp_after: int, max_hp: int) -> bool:
    """Does the blow call for the FORT save (before the save)?"""
    if hp_after <= 0:
        return False
    return (critical and unaware) or is_injured(hp_after, max_hp)


def _after(formula, hp: int, max_hp: int, critical: bool, unaware: bool,
           fort: int, fortune: int) -> Fraction:
    out = Fraction(0)
    for dealt, p in damage_distribution(formula).items():
        if knocks_out(critical, unaware, hp - dealt, max_hp):
            out += p * (1 - pass_chance(fort, dealt, fortune))
    return out


def knockout_chance(plan, hp: int, max_hp: int, unaware: bool, fort: int,
                    fortune: int = 0) -> Fraction:
    """P(the target is knocked out) by the planned attack; `fort` is its FORT save bonus."""
    if plan is None or not plan.possible:
        return Fraction(0)
    c = chances(plan)
    sit = plan.situation
    plain = _after(damage_formula(sit, critical=False), hp, max_hp, False, unaware, fort,
                   fortune)
    crit = _after(damage_formula(sit, critical=True), hp, max_hp, True, unaware, fort,
                  fortune) if c.critical else Fraction(0)
    return c.plain_hit * plain + c.critical * crit


__all__ = ["knockout_chance", "knockout_weapon", "knocks_out"]
