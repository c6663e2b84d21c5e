"""The computer player's special abilities: where an area is worth a use.

Every aim comes from the engine's own list (`game.engine.abilities.candidates`, the commands
of the UseAbility action) and the creatures it catches from `aimed`; the chances from the
engine's forecast (`ability_effects.forecast`: saving throws' pass chances, cover from the
origin, the damage dice). An aim is worth the damage and conditions it is expected to deal
to enemies minus what it deals to the user's own side (the user included), each weighed by
the creature's value, like an attack's: a fraction of its hit points and the chance to bring
it down, and for a condition a part of its value for each round it lasts (three at most);
a heal is worth what `game.ai.healing.heal_worth` says to an ally (a loss on a foe).
The best aims are checked with the engine (`battle.refusal`), confirmed when they provoke,
and offered with what provoking costs.
"""
from __future__ import annotations

from dataclasses import replace

from game.ai.healing import heal_worth
from game.ai.options import Option
from game.engine.abilities import aimed, candidates
from game.engine.ability_effects import forecast
from game.engine.state import Refused

# part of a creature's value per round a condition lasts (the rest: no measurable effect)
CONDITION_WORTH = {"frightened": 0.1, "stunned": 0.35, "staggered": 0.2, "blinded": 0.15,
                   "prone": 0.1, "flat_footed": 0.05, "unfortunate": 0.1,
                   "ablaze": 0.15, "agony": 0.25, "asleep": 0.3, "paralyzed": 0.4,
                   "hindered": 0.15, "terrified": 0.25, "partially_blinded": 0.1,
                   "deaf": 0.02, "encumbered": 0.05, "heavily_encumbered": 0.1}
FORCED_WORTH = 0.05
KEEP = 3                   # aims checked with the engine and offered


def aim_value(ctx, a, shots) -> tuple[float, dict]:
    """The worth of one aim: enemies' expected losses minus the user's side's."""
    total, hit, spared = 0.0, [], []
    view = ctx.view
    for f in shots:
        t = view.unit(f.name)
        if f.helps:                 # a heal: worth its HP to an ally, a loss on a foe
            worth = heal_worth(ctx, f)
            total += worth if f.ally else -worth
            (spared if f.ally else hit).append(f.name)
            continue
        value = ctx.value(t)
        worth = value * (f.damage / max(1, t.hp) + ctx.weights.kill_rounds * f.downs)
        for c in a.conditions:
            if c.name not in t.conditions:
                worth += value * CONDITION_WORTH.get(c.name, 0.05) * min(c.rounds, 3) * f.fails
        if a.forced is not None:
            worth += value * FORCED_WORTH * f.fails
        if f.ally:
            total -= worth
            spared.append(f.name)
        else:
            total += worth
            hit.append(f.name)
    return total, {"caught": hit, "own_side": spared}


def _scored(battle, ctx, me) -> list:
    out = []
    for cmd in candidates(battle, me):
        a = me.unit.ability(cmd.ability)
        try:
            target = aimed(battle, me, a, cmd)
        except Refused:
            continue
        value, detail = aim_value(ctx, a, forecast(ctx.view, me.name, a, target))
        if value > 0:
            out.append((value, cmd, a, detail))
    out.sort(key=lambda x: -x[0])
    return out


def ability_options(planner, stay_value: float) -> list:
    """Options of using an ability from where the creature stands (then staying there)."""
    battle, ctx, me = planner.b, planner.ctx, planner.me
    if not me.unit.abilities or not planner.allowed("use_ability"):
        return []
    out = []
    for value, cmd, a, detail in _scored(battle, ctx, me)[:KEEP]:
        why = battle.refusal(cmd)
        aoo = 0.0
        if why is not None and why.code == "provokes":
            cmd = replace(cmd, confirm=True)
            aoo, down, names = ctx.aoo_cost(planner.here_threatened)
            value *= 1.0 - down
            why = battle.refusal(cmd)
        if why is not None:
            continue
        detail = {"ability": a.id, "value": round(value, 3), "aoo": -round(aoo, 3), **detail}
        out.append(Option("ability", value + stay_value - aoo, cmd, detail))
    return out


__all__ = ["CONDITION_WORTH", "ability_options", "aim_value"]
