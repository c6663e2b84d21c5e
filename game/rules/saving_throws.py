"""Saving throws (rules: Hit points and conditions, "Saving throws"): FORT, REF and WILL.

A save is d20 + the creature's save rating of that kind + an ability modifier (FORT: CON,
REF: DEX, WILL: WIS) + the modifiers every d20 roll takes, against the effect's DC; meeting the
DC passes. A natural 20 or 1 is not automatic. A helpless creature fails REF saves, and the
cover a creature has against an area's origin adds to its REF save against that area.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Mapping

from game.data.model import UnitType
from game.rules import conditions as cond
from game.rules.attack import R6, R11, Breakdown, Term
from game.rules.probability import d20_distribution

KINDS = ("FORT", "REF", "WILL")
ON_PASS = ("nothing", "half", "negates")
"""What passing does to an effect: `nothing` (the effect still applies in full: a save that
only ends a condition later), `half` damage ("save for half"), `negates` (no effect at all)."""


def _rating_and_ability(unit: UnitType, kind: str) -> tuple[int, str, int]:
    if kind == "FORT":
        return unit.fort, "CON", unit.con_mod
    if kind == "REF":
        return unit.ref, "DEX", unit.dex_mod
    if kind == "WILL":
        return unit.will, "WIS", unit.wis_mod
    raise ValueError(f"unknown saving throw {kind!r}: one of {', '.join(KINDS)}")


def save_bonus(unit: UnitType, kind: str, conditions: Mapping[str, int],
               cover_bonus: int = 0) -> Breakdown:
    """The itemised bonus of a `kind` save: rating, ability, the d20 penalties of conditions,
    and (REF only) the cover against the effect's origin."""
    rating, ability, mod = _rating_and_ability(unit, kind)
    terms = [Term(rating, kind, R11), Term(mod, ability, R11)]
    terms += [Term(v, label.lower(), rule) for v, label, rule in cond.d20_modifiers(conditions)]
    if kind == "REF":
        terms += [Term(v, label.lower(), rule) for v, label, rule in
                  cond.ref_save_modifiers(conditions)]
    if kind == "REF" and cover_bonus:
        terms.append(Term(cover_bonus, "cover", R6))
    return Breakdown(tuple(terms))


def fails_automatically(kind: str, conditions: Mapping[str, int]) -> bool:
    """A helpless creature automatically fails REF saves."""
    return kind == "REF" and "helpless" in cond.effective(conditions)


def pass_chance(bonus: int, dc: int, fortune: int = 0, auto_fail: bool = False) -> Fraction:
    """P(d20 + bonus >= dc), the natural kept by fortune (+1 Fortunate, -1 Unfortunate)."""
    if auto_fail:
        return Fraction(0)
    return sum((p for k, p in d20_distribution(fortune).items() if k + bonus >= dc),
               Fraction(0))


def damage_after_save(damage: int, passed: bool, on_pass: str) -> int:
    """The damage an effect deals after its save: passing halves it (rounded down) or negates
    it, as the effect says."""
    if on_pass not in ON_PASS:
        raise ValueError(f"unknown save outcome {on_pass!r}: one of {', '.join(ON_PASS)}")
    if not passed or on_pass == "nothing":
        return damage
    return damage // 2 if on_pass == "half" else 0


def expected_damage_after_save(damage: float, chance_to_pass: Fraction, on_pass: str) -> float:
    """The mean damage of an effect whose save passes with `chance_to_pass`."""
    kept = {"nothing": 1.0, "half": 0.5, "negates": 0.0}[on_pass]
    p = float(chance_to_pass)
    return damage * ((1 - p) + p * kept)


__all__ = ["KINDS", "ON_PASS", "damage_after_save", "expected_damage_after_save",
           "fails_automatically", "pass_chance", "save_bonus"]
