"""Wrestling maneuvers and the shield bash: who may try which on whom, the touch attack that
opens them, the opposed checks and where a shove leaves its target (rules: Wrestling, shoving
and knockdown; the skill checks of rules: Attack rolls and damage).

A maneuver (grab, trip, shove) starts with an unarmed melee touch attack: the attack rules
(`game.rules.situation`) with an unarmed blow against the target's touch AC (its AC without
armor, shield and natural armor). A hit leads to an opposed check: the wrestler's Wrestling
against the defender's Wrestling or Acrobatics, whichever is better for it (the defender's
choice). Pin and Escape happen inside a grapple and need no touch attack. Ties go to the
defender. The game's choices where the rulebook's wrestling chapter is missing are listed on
the rules page (docs/rules/18-wrestling-and-knockdown.md) and in the constants below.

Pure functions of a `BattleView` and the creatures' views: nothing here rolls.
"""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from game.data.dice import Dice
from game.data.model import SIZES, Weapon
from game.hexgrid import DIRECTIONS, Hex, footprint
from game.rules import conditions as cond
from game.rules.attack import AttackPlan, Breakdown, Term, plan_attack
from game.rules.forced_movement import ForcedPath, forced_paths, path_drop
from game.rules.sections import cite
from game.rules.sight import creature_distance
from game.rules.skills import skill_bonus, win_chance

R18 = cite(18)
MANEUVERS = ("grab", "trip", "shove", "pin", "escape", "shield_bash")
TRAITS = ("grab", "trip", "shove")       # weapon properties: the maneuver rides on a hit
TRAINED_RANKS = 3          # Wrestling ranks from which a maneuver no longer provokes
MAX_GRAB_GAP = 3           # no grab, trip or shove of a creature 3+ sizes larger
MAX_PIN_GAP = 2            # no pin of a creature 2+ sizes larger
SHOVE_STEP = 5             # +1 hex of shove per 5 points by which the check is won
NAT20_BASH = 5             # a natural 20 on a shield bash's touch attack: +5 on the check
DEFENDER_SKILLS = ("wrestling", "acrobatics")

UNARMED = Weapon("unarmed_touch", "Unarmed touch", attack="melee", hands="light",
                 damage=Dice(0, 0, 1), damage_type=("bludgeoning",), threat=21,
                 description="the touch attack that opens a wrestling maneuver")


def size_gap(a, t) -> int:
    """How many size categories `t` is larger than `a` (negative: smaller)."""
    return SIZES.index(t.size) - SIZES.index(a.size)


def size_refusal(maneuver: str, a, t) -> str:
    """Why `a` cannot try `maneuver` on `t` for their sizes ("" when it can)."""
    gap = size_gap(a, t)
    if maneuver == "pin" and gap >= MAX_PIN_GAP:
        return f"{t.name} is {gap} sizes larger than {a.name}: no pin of a creature 2+ " \
               "sizes larger"
    if maneuver in ("grab", "trip", "shove") and gap >= MAX_GRAB_GAP:
        return f"{t.name} is {gap} sizes larger than {a.name}: no wrestling a creature 3+ " \
               "sizes larger"
    return ""


def trait_weapons(u, maneuver: str) -> tuple:
    """The creature's weapons whose data gives `maneuver` on a hit (the grab, trip or shove
    trait: docs/rules/18-wrestling-and-knockdown.md "Maneuvers")."""
    return tuple(w for w in u.weapons if maneuver in w.properties)


def trained(u) -> bool:
    """A trained wrestler: Wrestling ranks >= TRAINED_RANKS, or a natural weapon made for
    wrestling (a grab, trip or shove trait)."""
    ranks = int(getattr(u.unit, "wrestling", 0) or 0)
    return ranks >= TRAINED_RANKS or any(set(TRAITS) & set(w.properties) for w in u.weapons)


def provokes(u, maneuver: str) -> bool:
    """Grab, trip and shove provoke attacks of opportunity unless the wrestler is trained;
    pin, escape and the shield bash never do."""
    return maneuver in ("grab", "trip", "shove") and not trained(u)


# ---- the touch attack ---------------------------------------------------------------------------

def touch_unit(unit):
    """The stat block as a touch attack sees it: no armor, shield nor natural armor."""
    override = unit.touch_ac if unit.ac_override is not None else None
    return replace(unit, armor=0, shield=0, natural_armor=0, armor_vs_crit=None,
                   ac_override=override, ac_vs_crit_override=None)


def touch_plan(view, a, t, extras=None) -> AttackPlan | None:
    """The unarmed melee touch attack of `a` on `t` (None: no situation, e.g. dead);
    remembered per view (the legality query, the forecast and the computer ask it often)."""
    from game.rules.view_memo import per_view
    key = ("touch", a.name, a.anchor, a.facing, tuple(sorted(a.conditions.items())), t.name,
           t.anchor, tuple(sorted(t.conditions.items())), extras)
    return per_view(view, key, lambda: _touch_plan(view, a, t, extras))


def _touch_plan(view, a, t, extras) -> AttackPlan | None:
    from game.rules.situation import situation
    touched = view.replace(replace(t, unit=touch_unit(t.unit)), version=view.version)
    s = situation(touched, a.name, t.name, UNARMED, extras)
    return plan_attack(s.situation) if s.situation is not None else None


# ---- the opposed checks -------------------------------------------------------------------------

def wrestling_bonus(u, extra: tuple[Term, ...] = ()) -> Breakdown:
    """The wrestler's Wrestling bonus, itemised."""
    return skill_bonus(u.unit, "wrestling", u.conditions, extra)


def best_skill(u, skills=DEFENDER_SKILLS, extra: tuple[Term, ...] = ()) -> tuple[str, Breakdown]:
    """The defender's choice: the better of `skills` (ties: the first)."""
    best = None
    for skill in skills:
        bonus = skill_bonus(u.unit, skill, u.conditions, extra)
        if best is None or bonus.total > best[1].total:
            best = (skill, bonus)
    return best


def check_fortune(u, escaping: bool = False) -> int:
    """The fortune of a creature's check: its conditions, and a pinned creature trying to get
    free is Unfortunate."""
    return cond.fortune(u.conditions, extra=(-1,) if escaping and "pinned" in u.conditions
                        else ())


def opposed_odds(bonus: int, against: int, fortune: int = 0, against_fortune: int = 0) -> float:
    """The chance the first side wins (ties: the second, the defender)."""
    return float(win_chance(bonus, against, fortune, against_fortune))


def margin_odds(bonus: int, against: int, margin: int, fortune: int = 0,
                against_fortune: int = 0) -> float:
    """The chance the first side wins by `margin` or more."""
    return float(win_chance(bonus - margin + 1, against, fortune, against_fortune))


def shove_hexes(margin: int) -> int:
    """A won shove moves its target 1 hex, +1 per SHOVE_STEP points of the margin."""
    return 1 + max(0, margin) // SHOVE_STEP


def expected_hexes(bonus: int, against: int, fortune: int = 0, against_fortune: int = 0,
                   most: int = 4) -> Fraction:
    """The mean shove distance (0 when the check is lost)."""
    return sum((win_chance(bonus - SHOVE_STEP * k + 1, against, fortune, against_fortune)
                for k in range(most)), Fraction(0))


# ---- where a shove goes -------------------------------------------------------------------------

def away_directions(t, pusher_hexes) -> tuple[int, ...]:
    """The directions 0-5 in which one hex takes `t` farther from the pusher."""
    here = creature_distance(t.hexes, pusher_hexes)
    out = []
    for n, d in enumerate(DIRECTIONS):
        anchor = Hex(t.anchor.q + d.q, t.anchor.r + d.r)
        if creature_distance(tuple(footprint(t.size, anchor, t.facing)), pusher_hexes) > here:
            out.append(n)
    return tuple(out)


def shove_path(view, t, pusher_hexes, direction: int, hexes: int) -> ForcedPath:
    """A shove of up to `hexes` hexes in one straight `direction`: it stops short of walls,
    creatures and the map's edge (rules: Movement, "Forced movement"). The pushes open to `t`
    are remembered per view: a forecast asks for each direction and distance."""
    from game.rules.view_memo import per_view
    pusher = tuple(pusher_hexes)
    legal = per_view(view, ("push", t.name, t.anchor, t.facing, pusher, hexes),
                     lambda: forced_paths(view, t, pusher, "push", hexes))
    d = DIRECTIONS[direction]
    anchors, at = [], t.anchor
    for _ in range(hexes):
        at = Hex(at.q + d.q, at.r + d.r)
        if at not in legal or len(legal[at].anchors) != len(anchors) + 1:
            break
        anchors.append(at)
    return ForcedPath(tuple(anchors), path_drop(view, t, tuple(anchors)))


__all__ = ["DEFENDER_SKILLS", "MANEUVERS", "MAX_GRAB_GAP", "MAX_PIN_GAP", "NAT20_BASH",
           "SHOVE_STEP", "TRAINED_RANKS", "TRAITS", "UNARMED", "away_directions",
           "best_skill", "check_fortune", "expected_hexes", "margin_odds", "opposed_odds",
           "provokes", "shove_hexes", "shove_path", "size_gap", "size_refusal", "touch_plan",
           "touch_unit", "trait_weapons", "trained", "wrestling_bonus"]
