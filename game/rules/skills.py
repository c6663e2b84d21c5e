"""Skill checks of the body (docs/rules/10-attacks-and-damage.md "Skill checks of the body"; the
default rules give a size modifier for Wrestling and another for Acrobatics, Climb and Jump).

A check is d20 + the creature's ranks in the skill (unit data: `wrestling`, `acrobatics`,
`climb`, `swim`, `jump`; the skill actions' `intimidate`, `sense_motive`, `bluff`,
`sleight_of_hand`, `perform`, `tactics`; `perseverance` against fatigue) + its key ability
modifier (the body's skills as above; Intimidate, Bluff and Perform CHA, Sense Motive WIS,
Sleight of Hand DEX, Tactics INT, Perseverance CON) + the size modifier of the skill + the
penalties every d20 roll takes (Injured, Weakened, ...) + Cramped's -2 on physical skills.
Anybody may try a check without ranks. An opposed check is won by the higher total; ties go to
the defender (the creature resisting). A natural 20 or 1 is not automatic.

The rulebook's size table is missing from our copy; the game's choice: Wrestling gains 4 per
size category above medium and loses 4 per category below (the weight of a body), Acrobatics,
Climb and Jump take the attack size modifier (small +1 ... large -1), Swim none. Hide (DEX) gains
4 per size category below medium and loses 4 per category above, Spot (WIS) takes none
(docs/rules/22-hiding-and-fog.md).
Pure functions: nothing here rolls.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Mapping

from game.data.model import SIZES, UnitType, size_mod
from game.rules import conditions as cond
from game.rules.attack import Breakdown, Term
from game.rules.probability import d20_distribution
from game.rules.sections import cite

R10 = cite(10)
BODY_SKILLS = ("wrestling", "acrobatics", "climb", "swim", "jump")
SKILLS = BODY_SKILLS + ("hide", "spot", "intimidate", "sense_motive", "bluff",
                        "sleight_of_hand", "perform", "tactics", "perseverance")
KEY_ABILITY = {"wrestling": "str", "acrobatics": "dex", "climb": "str", "swim": "str",
               "jump": "str", "hide": "dex", "spot": "wis", "intimidate": "cha",
               "sense_motive": "wis", "bluff": "cha", "sleight_of_hand": "dex", "perform": "cha",
               "tactics": "int", "perseverance": "con"}
PHYSICAL = frozenset(BODY_SKILLS)     # Perseverance is the mind's


def skill_size_mod(skill: str, size: str) -> int:
    """The size modifier of `skill` for a creature of `size` (the game's table, above)."""
    if skill == "wrestling":
        return 4 * (SIZES.index(size) - SIZES.index("medium"))
    if skill in ("acrobatics", "climb", "jump"):
        return size_mod(size)
    if skill == "hide":     # docs/rules/22-hiding-and-fog.md: 4 per category, smaller hides
        return -4 * (SIZES.index(size) - SIZES.index("medium"))
    return 0


def ranks(unit: UnitType, skill: str) -> int:
    """The creature's ranks in `skill` from its stat block (0 when it lists none)."""
    if skill not in SKILLS:
        raise ValueError(f"unknown skill {skill!r}: one of {', '.join(SKILLS)}")
    return int(getattr(unit, skill, 0) or 0)


def skill_bonus(unit: UnitType, skill: str, conditions: Mapping[str, int],
                extra: tuple[Term, ...] = ()) -> Breakdown:
    """The itemised bonus of a `skill` check; `extra` adds situational terms (a charge's +2,
    a natural weapon's innate bonus), each naming its rule."""
    held = ranks(unit, skill)
    ability = KEY_ABILITY[skill]
    terms = [Term(held, f"{skill.replace('_', ' ').capitalize()} ranks", R10),
             Term(unit.mod(ability), ability.upper(), R10),
             Term(skill_size_mod(skill, unit.size), "size", R10)]
    terms += [Term(v, label.lower(), rule) for v, label, rule in cond.d20_modifiers(conditions)]
    if skill in PHYSICAL and "cramped" in cond.effective(conditions):
        terms.append(Term(-2, "cramped", cite(11)))
    terms += list(extra)
    return Breakdown(tuple(t for t in terms if t.value))


def win_chance(bonus: int, against: int, fortune: int = 0, against_fortune: int = 0,
               ties_win: bool = False) -> Fraction:
    """P(d20 + bonus beats d20 + against) for two opposed checks, each die kept by its own
    fortune (+1 Fortunate, -1 Unfortunate); `ties_win` when a tie goes to the first roller.
    It depends on the difference of the bonuses alone (remembered per difference)."""
    return _win_chance(bonus - against, fortune, against_fortune, ties_win)


@lru_cache(maxsize=1024)
def _win_chance(lead: int, fortune: int, against_fortune: int, ties_win: bool) -> Fraction:
    mine, theirs = d20_distribution(fortune), d20_distribution(against_fortune)
    total = Fraction(0)
    for a, pa in mine.items():
        for d, pd in theirs.items():
            if a + lead > d or (ties_win and a + lead == d):
                total += pa * pd
    return total


@lru_cache(maxsize=1024)
def beats_dc_chance(bonus: int, dc: int, fortune: int = 0) -> Fraction:
    """P(d20 + bonus >= dc)."""
    return sum((p for k, p in d20_distribution(fortune).items() if k + bonus >= dc),
               Fraction(0))


def opposed_wins(total: int, against: int, ties_win: bool = False) -> bool:
    """The opposed rule: the higher total wins; a tie goes to the resisting side unless
    `ties_win`."""
    return total > against or (ties_win and total == against)


__all__ = ["BODY_SKILLS", "KEY_ABILITY", "PHYSICAL", "SKILLS", "beats_dc_chance", "opposed_wins",
           "ranks", "skill_bonus", "skill_size_mod", "win_chance"]
