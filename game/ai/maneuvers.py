"""The computer player's special attacks (docs/rules/19-maneuvers-and-archery.md): the
Knockout Strike, the off hand's follow-up, volleys over walls, Lean Out / Take Cover for
shooters behind a wall, and the stray missiles of its own shots.

Every command comes from the engine's option lists (`battle.options`) and every chance from
its forecasts (`battle.forecast`) or, for a position the creature has not reached yet, from
the same rule functions the forecasts call (`game.rules.volume` for stray missiles).

- A Knockout Strike is the same roll and damage as an attack with the same weapon plus a
  chance to knock the target out: that chance counts as bringing the target down when the
  blows are weighed (`knockout_value`, also against a Power Attack's bigger damage), and
  the attack is sent as a Knockout Strike when the engine's forecast gives the chance.
- The off hand's follow-up is free damage for the Reaction: taken when the forecast says
  it can hit.
- A volley is weighed like an attack (its forecast's chance and the weapon's mean damage)
  when nothing can be shot directly.
- Lean Out is worth the attacks it opens past the wall; Take Cover the ranged damage the
  enemies beyond the wall could no longer deal (`cover_gain`), also kept in the value of
  staying in cover.
- A ranged attack whose stray missile may strike an ally costs that ally's expected loss,
  and one that may strike another enemy gains it (`stray_value`); a shot whose expected
  harm to enemies does not clearly outweigh its expected harm to allies is not taken at all
  (`holds_fire`).
"""
from __future__ import annotations

from game.ai.options import Option
from game.engine import commands as C
from game.engine.stances import shut_out, with_stance
from game.rules.attack import plan_attack
from game.rules.knockout import knockout_chance, knockout_weapon
from game.rules.probability import exact_roll_hit
from game.rules.saving_throws import save_bonus
from game.rules.situation import Extras, situation
from game.rules.threat import footprint_distance
from game.rules.view_memo import per_view
from game.rules.volume import covering_creatures, stray_chance, stray_odds

REACTION_COST = 0.05        # share of the creature's value: a Reaction kept for an AOO
STRAY_ALLY_WEIGHT = 1.0
# "Clearly outweighs": at 3 a shot at 50% into a melee where the miss may strike one ally (at
# -4, about 40%) is held (enemy 0.5 against ally 0.5 * 0.4 of the damage, 2.5 times), and a
# shot at 70% is taken (5.8 times).
FRIENDLY_FIRE_MARGIN = 3.0


# ---- Knockout Strike -----------------------------------------------------------------------------

def knockout_or_attack(planner, target: str, weapon):
    """The command for an attack with `weapon` on `target`: a Knockout Strike when the
    engine offers one and forecasts a chance to knock the target out, else None."""
    b, me = planner.b, planner.me
    if not knockout_weapon(weapon):
        return None
    cmd = C.KnockoutStrike(me.name, target, weapon.id)
    why = b.refusal(cmd)
    if why is not None and why.code == "provokes":
        cmd = C.KnockoutStrike(me.name, target, weapon.id, confirm=True)
        why = b.refusal(cmd)
    if why is not None:
        return None
    f = b.forecast(cmd)
    return cmd if f is not None and f.chance and f.chance > 0 else None


def knockout_value(ctx, target, plan) -> float:
    """The worth of a planned blow's chance to knock `target` out when it is struck as a
    Knockout Strike (the forecast's rule, `game.rules.knockout`, for a position the creature
    may not have reached yet): as much as bringing it down."""
    sit = plan.situation
    if sit.power_attack or not knockout_weapon(sit.weapon):
        return 0.0
    t = target
    fort = save_bonus(t.unit, "FORT", t.conditions).total
    ko = float(knockout_chance(plan, t.hp, t.max_hp, False, fort))
    return ctx.weights.kill_rounds * ctx.value(t) * ko


# ---- the off hand ---------------------------------------------------------------------------------

def off_hand_options(planner, others) -> list:
    b, me, ctx = planner.b, planner.me, planner.ctx
    if not planner.allowed("off_hand_attack"):
        return []
    out = []
    base = max((o.score for o in others), default=0.0)
    for option in b.options(me.name, "off_hand_attack"):
        f = b.forecast(option.command)
        t = b.view().unit(option.command.target)
        if f is None or not f.chance:
            continue
        value = ctx.value(t) * f.chance * 0.5 - REACTION_COST * ctx.value(me)
        if value > 0:
            out.append(Option("off hand", base + value, option.command,
                                 {"target": t.name, "hit": round(f.chance, 3)}))
    return out


# ---- volleys ---------------------------------------------------------------------------------------

def volley_options(planner, stay_value: float) -> list:
    """A volley at an enemy out of line of effect, when nothing can be shot directly."""
    b, me, ctx = planner.b, planner.me, planner.ctx
    if planner.targets_from(me) or not planner.allowed("volley"):
        return []
    best = None
    for option in b.options(me.name, "volley"):
        if option.command.at is not None:
            continue                        # a hex: weighed as the creature beside it
        f = b.forecast(option.command)
        if f is None or not f.chance:
            continue
        t = b.view().unit(option.command.target)
        w = next(x for x in me.weapons if x.id == option.command.weapon)
        mean = w.damage.average + max(0, me.unit.str_mod if not w.is_projectile else 0)
        value = ctx.value(t) * f.chance * mean / max(1, t.hp)
        if best is None or value > best[0]:
            best = (value, option, t)
    if best is None:
        return []
    value, option, t = best
    return [Option("volley", stay_value + value, option.command,
                      {"target": t.name, "hit": round(b.forecast(option.command).chance, 3)})]


# ---- Lean Out / Take Cover -------------------------------------------------------------------------

def cover_gain(planner, names) -> float:
    """What hiding from the enemies `names` saves: their ranged damage on me, weighed."""
    ctx, view, me = planner.ctx, planner.view, planner.me
    saved = 0.0
    for e in ctx.enemies:
        if e.name not in names:
            continue
        est, n, kind = ctx.incoming(view, me, e, exact=True)
        if est is not None and kind not in ("melee", "melee_move", "melee_far"):
            saved += ctx._share(me, e, kind) * n * est.mean
    return ctx.weights.danger * ctx.value(me) * saved / max(1, me.hp)


def cover_options(planner, stay_value: float) -> list:
    b, me = planner.b, planner.me
    out = []
    if planner.allowed("lean_out"):
        out += _lean_out(planner, stay_value)
    if planner.allowed("take_cover") and not planner.attacks_possible(planner.budget.big):
        for option in b.options(me.name, "take_cover"):
            names = b.forecast(option.command).caught
            gain = cover_gain(planner, names)
            if gain > 0:
                out.append(Option("take cover", stay_value + gain, option.command,
                                     {"shut out": list(names), "gain": round(gain, 3)}))
    return out


def _lean_out(planner, stay_value: float) -> list:
    me = planner.me
    leaning = with_stance(me, "leaning_out", me.conditions.get("taking_cover", 0))
    view = planner.view.replace(leaning)
    n = planner.attacks_possible(planner.budget.big - (0 if planner.budget.little else 1))
    best = (0.0, [])
    for name in shut_out(planner.view, me, me.conditions["taking_cover"], "leaning_out"):
        got = planner.attack_sequence(view, view.unit(me.name), n,
                                      first_target=view.unit(name))
        if got[1] and got[0] > best[0]:
            best = got
    value, chosen = best
    if not chosen:
        return []
    back = 0.0          # a Big Action left after the shot: it takes cover again
    if planner.budget.big >= 2 or (planner.budget.big >= 1 and planner.b.turn.attacks_left):
        back = cover_gain(planner, shut_out(planner.view, me, me.conditions["taking_cover"],
                                            "taking_cover"))
    return [Option("lean out", stay_value + value + back, C.LeanOut(me.name),
                      {"target": chosen[0][0].name, "attack": round(value, 3),
                       "cover again": round(back, 3)})]


def in_cover_value(planner) -> float:
    """Staying in cover keeps the gain Take Cover was worth."""
    me, b = planner.me, planner.b
    if not me.conditions.get("taking_cover"):
        return 0.0
    return cover_gain(planner, shut_out(planner.view, me, me.conditions["taking_cover"],
                                        "taking_cover")) if b else 0.0


# ---- stray missiles --------------------------------------------------------------------------------

def stray_rows(ctx, view, me, target, plan, cover_result) -> tuple:
    """(name, chance its stray missile strikes that creature) of a ranged attack. From where
    the creature stands the engine's own odds (`stray_odds`, what the forecast shows); from a
    place it only considers moving to, a cheap estimate (`_rough_rows`)."""
    if plan is None or not plan.possible or not plan.situation.ranged:
        return ()
    near = [u for u in view.units if not u.dead and u.eid not in (me.eid, target.eid)
            and _close(u, target)]
    if not near and not covering_creatures(cover_result):
        return ()
    if me.anchor != ctx.me.anchor:
        return _rough_rows(me, target, plan, near)
    key = ("stray", me.name, me.anchor, me.facing, target.name, plan.situation.weapon.id,
           plan.bonus.total, plan.ac.total, plan.fortune, plan.indirect, plan.miss_on)
    return per_view(view, key, lambda: _exact_rows(view, me, target, plan, cover_result))


def stray_value(ctx, view, me, rows, plan) -> float:
    """What a ranged attack's stray missile (`rows`) is worth: + on enemies, - on allies."""
    total = 0.0
    mean = plan.situation.weapon.damage.average
    for name, p in rows:
        u = view.unit(name)
        worth = ctx.values.get(name, 1.0) * p * mean / max(1, u.hp)
        total += -STRAY_ALLY_WEIGHT * worth if u.team == me.team else worth
    return total


def holds_fire(view, me, rows, plan, expected_on_target: float) -> bool:
    """Friendly fire only when it clearly pays (docs/rules/19-maneuvers-and-archery.md
    "Unintended targets"): the damage the shot may do to enemies (the target's expected
    damage and the stray missile's on enemies) must be FRIENDLY_FIRE_MARGIN times what
    the stray missile may do to allies; otherwise the archer holds this shot."""
    mean = plan.situation.weapon.damage.average
    ally = sum(p * mean for name, p in rows if view.unit(name).team == me.team)
    if ally <= 0.0:
        return False
    enemy = expected_on_target + sum(p * mean for name, p in rows
                                     if view.unit(name).team != me.team)
    return enemy < FRIENDLY_FIRE_MARGIN * ally


def _rough_rows(me, target, plan, near) -> tuple:
    """The stray missile from another place: shared among the creatures next to the target,
    each struck about as often as the target would be at -4 (lines and cover left out)."""
    beside = [u for u in near if footprint_distance(u, target) <= 1]
    if not beside:
        return ()
    on = float(stray_chance(plan)) / len(beside)
    hit = float(exact_roll_hit(plan.bonus.total - 4, plan.ac.total, plan.fortune))
    return tuple((u.name, on * hit) for u in beside)


def _exact_rows(view, me, target, plan, cover_result) -> tuple:

    def stray_plan(name):
        s = situation(view, me, name, plan.situation.weapon,
                      Extras(mode=plan.situation.attack_mode, stray=True,
                             indirect=plan.indirect))
        return plan_attack(s.situation) if s.situation is not None else None
    return tuple((name, float(p)) for name, p in
                 stray_odds(view, me, target, plan, cover_result, stray_plan))


def _close(u, target) -> bool:
    return footprint_distance(u, target) <= 2


def maneuver_options(planner, others, stay_value: float) -> list:
    """Every special-attack option of the active creature now (see the module docstring)."""
    return (off_hand_options(planner, others) + volley_options(planner, stay_value)
            + cover_options(planner, stay_value))


__all__ = ["FRIENDLY_FIRE_MARGIN", "cover_gain", "holds_fire", "in_cover_value",
           "knockout_or_attack", "knockout_value", "maneuver_options", "stray_rows",
           "stray_value"]
