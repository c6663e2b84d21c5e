"""Accuracy by volume: who a missed ranged attack may strike instead (docs/rules/
19-maneuvers-and-archery.md "Unintended targets"; the rulebook's "Accuracy by Volume").

Pure functions of a `BattleView` and an `AttackPlan`; the engine rolls (`game.engine.archery`),
the forecasts and the computer player read the same answers.

- `unintended_targets(view, attacker, target, cover_result, indirect)`: the creatures a
  stray missile may strike. A creature that gave the target cover against this attack (its
  footprint obstructs a line of the cover rule) is the unintended target; when no creature
  did, the closest creatures to the target among those the attacker has line of effect to
  that stand next to the target or within 10 ft behind it (farther from the attacker than
  the target). A volley's stray missile may strike any creature within 10 ft of the target,
  the closest first. Several equally placed creatures: the dice pick one.
- `near_hex(view, attacker, h)`: the creatures a volley aimed at the empty hex `h` may strike:
  the closest within 10 ft of it (the attacker excepted).
- `stray_chance(plan)`: the chance the attack misses in a way that sends the missile on: not
  a natural 1 (it misses everything), not a miss that the target's shield stopped (the roll
  would have hit without the shield's rating); a miss in the concealment flies on.
- `stray_odds(view, attacker, target, plan, situation_of)`: each unintended target with the
  chance the stray missile strikes it (picked, then a new roll at -4).

Decisions where the rulebook is silent: "closest" is measured from the intended target;
dead creatures are never struck; the stray roll is an ordinary attack roll at -4 against the
new target (its cover and conditions count), no critical hit on a volley's stray missile.
"""
from __future__ import annotations

from fractions import Fraction

from game.rules.attack import AttackPlan, roll_hits
from game.rules.cover import cover
from game.rules.probability import chances, d20_distribution
from game.rules.sight import creature_distance, unit_of

STRAY_RANGE = 2          # hexes: "within 10 feet"


def covering_creatures(cover_result) -> list[str]:
    """The creatures whose footprints obstruct lines of `cover_result` (in line order)."""
    names: dict[str, None] = {}
    if cover_result is None:
        return []
    for line in cover_result.lines:
        for kind, what in line.obstructed_by:
            if kind == "creature":
                names.setdefault(what, None)
    return list(names)


def _has_effect(view, a, c) -> bool:
    return cover(view, a, c, ranged=True).line_of_effect


def unintended_targets(view, attacker, target, cover_result=None,
                       indirect: bool = False) -> tuple[str, ...]:
    """The creatures a stray missile of `attacker` aimed at `target` may strike (see the
    module docstring); empty when there is none."""
    a, t = unit_of(view, attacker), unit_of(view, target)
    others = [u for u in view.units if not u.dead and u.eid not in (a.eid, t.eid)]
    if not indirect:
        covering = [n for n in covering_creatures(cover_result)
                    if view.has_unit(n) and not view.unit(n).dead]
        if covering:
            return tuple(covering)
    near = []
    to_target = creature_distance(a, t)
    for c in others:
        d = creature_distance(c, t)
        if indirect:
            fits = d <= STRAY_RANGE
        else:
            fits = d == 1 or (d <= STRAY_RANGE and creature_distance(a, c) > to_target)
        if fits and (indirect or _has_effect(view, a, c)):
            near.append((d, c.name))
    if not near:
        return ()
    closest = min(d for d, _ in near)
    return tuple(n for d, n in near if d == closest)


def near_hex(view, attacker, h) -> tuple[str, ...]:
    """The creatures a volley's missile falling on the empty hex `h` may strike: the living
    ones closest to `h` within 10 ft of it, the attacker excepted (nobody stands there to be
    hit, so the missile is a miss that flies on)."""
    a = unit_of(view, attacker)
    near = [(creature_distance(c, (h,)), c.name) for c in view.units
            if not c.dead and c.eid != a.eid]
    near = [(d, n) for d, n in near if d <= STRAY_RANGE]
    if not near:
        return ()
    closest = min(d for d, _ in near)
    return tuple(n for d, n in near if d == closest)


def shield_rating(plan: AttackPlan) -> int:
    """The target's shield as it counts in the AC of this attack (0 when it does not)."""
    return sum(t.value for t in plan.ac.terms if t.label.startswith("shield"))


def strays(plan: AttackPlan, natural: int, roll_hit: bool, concealed_miss: bool,
           total: int, defended: bool = False) -> bool:
    """Does this rolled miss send the missile on (see the module docstring)?"""
    if natural == 1 or plan.automatic:
        return False
    if roll_hit:
        return concealed_miss
    shield = shield_rating(plan)
    return defended or not shield or total < plan.ac.total - shield


def stray_chance(plan: AttackPlan) -> Fraction:
    """P(the attack sends its missile on to an unintended target)."""
    if not plan.possible or plan.automatic:
        return Fraction(0)
    bonus, ac = plan.bonus.total, plan.ac.total
    kept_miss = Fraction(plan.miss_on, 10)
    out = Fraction(0)
    for k, p in d20_distribution(plan.fortune).items():
        hit = roll_hits(k, bonus, ac, plan.indirect)
        total = k + bonus + (10 if plan.indirect and k == 20 else 0)
        if hit and k != 1:
            out += p * kept_miss
        elif strays(plan, k, False, False, total):
            out += p
    return out


def stray_odds(view, attacker, target, plan: AttackPlan, cover_result,
               stray_plan) -> tuple[tuple[str, float], ...]:
    """(name, chance the stray missile strikes it) for each unintended target;
    `stray_plan(name)` is the AttackPlan of the -4 roll against that creature (or None)."""
    if plan is None or not plan.possible or not plan.situation.ranged:
        return ()
    names = unintended_targets(view, attacker, target, cover_result, plan.indirect)
    if not names:
        return ()
    on = stray_chance(plan) / len(names)
    out = []
    for n in names:
        p2 = stray_plan(n)
        hit = chances(p2).hit if p2 is not None and p2.possible else Fraction(0)
        out.append((n, float(on * hit)))
    return tuple(out)


__all__ = ["STRAY_RANGE", "covering_creatures", "near_hex", "shield_rating", "stray_chance", "stray_odds",
           "strays", "unintended_targets"]
