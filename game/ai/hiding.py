"""When the computer player hides and looks for hidden enemies (docs/rules/22-hiding-and-fog.md).

- **Hide** is worth what the enemies' attacks on the creature would cost it (a hidden creature
  cannot be targeted), times the chance that its Hide check beats the best passive Spot among
  them (10 + Spot), plus a little when it can still attack afterwards (its target is then
  flat-footed). Only with the Little Action, never a Big one spent as one.
- **Spot** is worth the danger of the hidden enemies in sight (as the side believes it: under
  fog, where it last saw them), times the chance its check meets a middling Hide (10 + their
  Hide bonus). Only with the Little Action.

Both are offered only when the engine's legality query enables them; every number is the
rules' (`game.rules.hiding`, `game.rules.skills`).
"""
from __future__ import annotations

from game.ai.options import Option
from game.rules import hiding
from game.rules.skills import beats_dc_chance

AMBUSH_BONUS = 0.1      # of the attack value still to come: its target will be flat-footed


def danger_from(planner, names) -> float:
    """What the enemies `names` could do to the active creature on their next turns, weighed
    as the position score weighs danger."""
    ctx, view, me = planner.ctx, planner.view, planner.me
    total = 0.0
    for e in ctx.enemies:
        if e.name not in names:
            continue
        est, n, kind = ctx.incoming(view, me, e, exact=True)
        if est is not None:
            total += ctx._share(me, e, kind) * n * est.mean
    return ctx.weights.danger * ctx.value(me) * total / max(1, me.hp)


def hide_options(planner, stay_value: float) -> list:
    b, me = planner.b, planner.me
    if b.budget(me.name).little <= 0 or not planner.allowed("hide"):
        return []
    enemies = [e for e in planner.ctx.enemies if not e.dead]
    if not enemies:
        return []
    best_spot = max(hiding.passive_spot(e) for e in enemies)
    unseen = float(beats_dc_chance(hiding.hide_bonus(me).total, best_spot + 1))
    gain = danger_from(planner, {e.name for e in enemies}) * unseen
    if planner.attacks_possible(planner.budget.big):
        gain += AMBUSH_BONUS * abs(stay_value) * unseen
    if gain <= 0:
        return []
    return [Option("hide", stay_value + gain, option.command,
                   {"unseen": round(unseen, 3), "gain": round(gain, 3)})
            for option in b.options(me.name, "hide")]


def spot_options(planner, stay_value: float) -> list:
    b, me, view = planner.b, planner.me, planner.view
    if b.budget(me.name).little <= 0 or not planner.allowed("spot"):
        return []
    hidden = [view.unit(n) for n in view.hidden if view.has_unit(n)
              and view.unit(n).team != me.team and hiding.could_spot(view, me, view.unit(n))]
    if not hidden:
        return []
    bonus = hiding.spot_bonus(me).total
    find = sum(float(beats_dc_chance(bonus, 10 + hiding.hide_bonus(h).total)) for h in hidden)
    gain = danger_from(planner, {h.name for h in hidden}) * min(1.0, find / len(hidden))
    gain = max(gain, 0.01)
    return [Option("spot", stay_value + gain, option.command, {"find": round(find, 3)})
            for option in b.options(me.name, "spot")]


def hiding_options(planner, stay_value: float) -> list:
    """Hide and Spot of the active creature now, when they help."""
    return hide_options(planner, stay_value) + spot_options(planner, stay_value)


__all__ = ["danger_from", "hiding_options", "hide_options", "spot_options"]
