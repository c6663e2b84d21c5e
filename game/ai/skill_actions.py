"""The computer player's skill actions, waking and passing through a foe (docs/rules/19-
maneuvers-and-archery.md "Skill actions", 11-hit-points-and-conditions.md "Asleep",
03-movement.md "Through an enemy's hex").

Every command comes from the engine's option lists (`battle.options`) and every chance from
its forecasts. Each option is scored on the planner's scale, as staying here plus what it
adds, minus the attacks of opportunity it provokes:

- Demoralize, Insult and Dirty Trick weaken a foe for a while: the chance the check is won x
  a share of the foe's value x the rounds it lasts. They are weighed only when no attack is
  left this turn (a creature of level 1-4 that has struck still has a Big Action), so they
  never replace a blow; never by a creature its side must protect (docs/rules/12-winning.md
  "Objectives"): it keeps that action to get out of reach.
- Combat Feint: the chance x a share of the value of the next attack on that foe (the best
  single attack from here, `attack_sequence`), also only with no attack left now: the feint
  serves the next turn's blow.
- Wake Up: a sleeping ally back in the fight is worth three quarters of bringing a foe down,
  less when its sleep is about to end anyway (nothing, one turn before it ends); waking a
  sleeper (one Big Action) leaves a blow from here.
- Tumble and Overpower: the chance x the value of the hex beyond the foe, plus the rest x
  staying here, when that beats staying by the attacks of opportunity it costs.
"""
from __future__ import annotations

from game.ai.options import Option

SHARE = {"demoralize": 0.10 * 2.5, "insult": 0.10, "dirty_trick": 0.35, "combat_feint": 0.3}
SKILL_ACTIONS = ("demoralize", "insult", "dirty_trick", "combat_feint")
WAKE_WEIGHT = 0.75         # a sleeper back in the fight, of the worth of bringing a foe down
SLEEP_TURNS = 3            # turns of sleep left from which waking wins the sleeper back whole
PASSES = ("tumble", "overpower")


def _aoo(planner, option) -> tuple[float, float, list]:
    if not option.provokes:
        return 0.0, 0.0, []
    return planner.ctx.aoo_cost(planner.here_threatened)


def _feint_worth(planner, target) -> float:
    value, chosen = planner.attack_sequence(planner.view, planner.me, 1, first_target=target)
    return value if chosen and chosen[0][0].name == target.name else 0.0


def skill_options(planner, stay_value: float) -> list:
    """Demoralize, Insult, Dirty Trick and Combat Feint, when no attack is left this turn."""
    b, ctx, me = planner.b, planner.ctx, planner.me
    if planner.attacks_possible(planner.budget.big) and planner.allowed("attack"):
        return []
    if ctx.aims.caution > 1:
        return []       # the creature its side must protect keeps its action to get away
    out = []
    for action in SKILL_ACTIONS:
        if not planner.allowed(action):
            continue
        for option in b.options(me.name, action):
            t = ctx.view.unit(option.command.target)
            chance = b.forecast(option.command).chance or 0.0
            base = _feint_worth(planner, t) if action == "combat_feint" else ctx.value(t)
            gain = chance * SHARE[action] * base
            aoo, down, names = _aoo(planner, option)
            if gain <= aoo:
                continue
            out.append(Option(action.replace("_", " "), stay_value + gain * (1 - down) - aoo,
                              option.command, {"target": t.name, "chance": round(chance, 3),
                                               "gain": round(gain, 3), "aoo": -round(aoo, 3),
                                               "provokes": names}))
    return out


def _sleep_left(b, ally) -> float:
    """The share of a sleeper's value that waking it wins back: all of it when nothing ends
    its sleep (a knockout, a sleep with no end), else the turns of sleep left, two at most,
    as a share of two (one more turn of a sleep about to end is hardly worth a Big Action)."""
    if "asleep" not in ally.conditions:
        return 1.0
    expiry = b.conditions(ally.name).expires.get("asleep")
    if not expiry:
        return 1.0
    return max(0, min(expiry[2], SLEEP_TURNS) - 1) / (SLEEP_TURNS - 1)


def wake_options(planner, stay_value: float) -> list:
    """Wake a sleeping or knocked-out ally next to me; a sleeper (one Big Action) leaves the
    other Big Action for a blow from here."""
    b, ctx, me = planner.b, planner.ctx, planner.me
    if not planner.allowed("wake_up"):
        return []
    out = []
    for option in b.options(me.name, "wake_up"):
        a = ctx.view.unit(option.command.ally)
        if a.team != me.team:
            continue
        gain = WAKE_WEIGHT * ctx.weights.kill_rounds * ctx.value(a) * _sleep_left(b, a)
        if gain <= 0:
            continue
        then = _blow_left(planner) if "asleep" in a.conditions else 0.0
        out.append(Option("wake", stay_value + gain + then, option.command,
                          {"ally": a.name, "gain": round(gain, 3), "then_attack": round(then, 3)}))
    return out


def _blow_left(planner) -> float:
    """The attack still possible from here with the Big Action that waking leaves."""
    if not planner.allowed("attack"):
        return 0.0
    n = planner.attacks_possible(planner.budget.big - 1)
    return planner.attack_sequence(planner.view, planner.me, n)[0] if n > 0 else 0.0


def pass_options(planner, stay_value: float) -> list:
    """Tumble or Overpower through an adjacent foe when the hex beyond is worth the risk."""
    b, ctx, me = planner.b, planner.ctx, planner.me
    out = []
    for action in PASSES:
        if not planner.allowed(action):
            continue
        for option in b.options(me.name, action):
            forecast = b.forecast(option.command)
            chance = forecast.chance or 0.0
            beyond, detail = ctx.position(b.hexmap.hex_at(*option.command.to), exact=True)
            cost, down, names = ctx.aoo_cost([ctx.view.unit(n) for n in forecast.caught])
            value = chance * beyond + (1 - chance) * stay_value
            if value * (1 - down) - cost <= stay_value:
                continue
            out.append(Option(action, value * (1 - down) - cost, option.command,
                              {"target": option.command.target, "chance": round(chance, 3),
                               "aoo": -round(cost, 3), "provokes": names, **detail}))
    return out


def skill_and_pass_options(planner, stay_value: float) -> list:
    """Every option of this module for the active creature now."""
    return (skill_options(planner, stay_value) + wake_options(planner, stay_value)
            + pass_options(planner, stay_value))


__all__ = ["pass_options", "skill_and_pass_options", "skill_options", "wake_options"]
