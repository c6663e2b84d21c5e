"""The computer player directs its minions (docs/rules/15-minions.md).

In the turn of a leader (or of the minion that holds a fallen leader's group), before the
creature's own plan, the player:
- spends **Direct Minions** (a Little Action) when one of its minions can act;
- then spends the group's collective actions, one command at a time, greedily by value per
  action: a minion that can strike an enemy from where it stands attacks (1 action, the
  engine's attack forecast and the evaluation's attack value); one that can reach an enemy
  with one Move and still strike moves there first (2 actions), by a path that provokes no one;
- when no minion can strike, it walks minions toward the nearest enemy but never spends the
  last action: an unused action is kept as the group's Reaction (an attack of opportunity);
- then the creature plans its own turn as any other.
Only legal commands are offered (`battle.refusal`); a minion never provokes on its way.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.ai.evaluate import Context, quick, standing
from game.engine import commands as C
from game.engine.minions import group, pool_of
from game.hexgrid import footprint
from game.rules import movement as rm
from game.rules.threat import footprint_distance

MAX_GROUP_COMMANDS = 12     # a stall guard for one turn of the group
ADVANCE = 0.02              # walking closer is worth little, but more than standing idle


@dataclass
class Plan:
    kind: str
    score: float            # per collective action it costs
    command: C.Command
    detail: dict


def minion_options(battle, name: str, profile, memo, option) -> list:
    """The next command for the group `name` holds in its turn (empty: the group is done and
    the creature plays its own turn). `option` builds the player's Option."""
    held = pool_of(battle, name)
    if held is None:
        return []
    leader, pool = held
    if leader == name and not pool.directed:
        direct = C.DirectMinions(name)
        if battle.refusal(direct) is None:
            return [option("direct minions", 1.0, direct, {"minions": len(group(battle, name))})]
        return []
    if not pool.directed or pool.holder != name or pool.actions <= 0 or \
            _group_commands(battle, leader) >= MAX_GROUP_COMMANDS:
        return []
    plans = []
    for m in group(battle, leader):
        if m != name and standing(battle.unit(m)):
            plans.extend(_plans(battle, m, pool.actions, profile, memo))
    if not plans:
        return []
    best = max(plans, key=lambda p: p.score)
    return [option(best.kind, best.score, best.command, {**best.detail, "pool": pool.actions})]


def _group_commands(battle, leader: str) -> int:
    n = 0
    for cmd in reversed(battle.log):
        if isinstance(cmd, (C.EndTurn, C.ChooseNext, C.PrepareInterrupt)):
            break
        n += battle.leader_of.get(cmd.unit) == leader and not isinstance(cmd, C.React)
    return n


def _legal(battle, cmd) -> bool:
    return battle.refusal(cmd) is None


def _plans(battle, name: str, actions: int, profile, memo) -> list[Plan]:
    view = battle.view()
    me = view.unit(name)
    ctx = Context(battle, view, me, weights=profile.weights, sees_cover=profile.sees_cover,
                  memo=memo)
    if not ctx.enemies:
        return []
    can_strike = battle.can_start(name, "attack") is None
    strikes = _strikes(battle, ctx, me) if can_strike else []
    if strikes:
        return strikes
    plans = []
    if actions >= 2 and battle.can_start(name, "move") is None:
        reach = _reach(battle, me)
        if can_strike:
            plans += _close_in(battle, ctx, me, reach)
        if not plans:
            plans += _advance(battle, ctx, me, reach)
    return plans


def _strikes(battle, ctx, me) -> list[Plan]:
    """Attacks from where the minion stands (one collective action each)."""
    out = []
    for e in ctx.enemies:
        ests = ctx.attack_options(ctx.view, me, e, previous=0, aim=False, moved=True,
                                  power=False)
        if not ests:
            continue
        value, down = ctx.attack_value(e, [max(ests, key=lambda x: x.mean)])
        cmd = C.Attack(me.name, e.name)
        if value > 0 and _legal(battle, cmd):
            out.append(Plan("minion attack", value, cmd,
                            {"minion": me.name, "target": e.name, "down": round(down, 3)}))
    return out


def _reach(battle, me):
    budget = battle.budget(me.name)
    return rm.reachable(battle.view(), me, rm.movement_budget(budget.movement, 1,
                                                              rm.speed_hexes(me)))


def _move(battle, me, reach, h):
    path = reach.path(h, reach.facing[h])
    if path is None or not path.states:
        return None
    cmd = C.Move(me.name, tuple(battle.cell(s[0]) for s in path.states),
                 tuple(s[1] for s in path.states))
    return cmd if _legal(battle, cmd) else None      # unconfirmed: it provokes no one


def _close_in(battle, ctx, me, reach) -> list[Plan]:
    """A Move to the cheapest hex from which the minion strikes an enemy, then the attack
    (two collective actions: the score is per action)."""
    melee = rm.melee_reach(me)
    if melee is None:
        return []
    spots = []
    for h, cost in reach.cost.items():
        if h == me.anchor:
            continue
        fp = footprint(me.size, h, reach.facing[h])
        for e in ctx.enemies:
            if footprint_distance(fp, e.hexes) <= melee:
                spots.append((cost, tuple(h), h, e))
    out = []
    for cost, _, h, e in sorted(spots, key=lambda s: s[:2])[:8]:
        cmd = _move(battle, me, reach, h)
        if cmd is None:
            continue
        est = _melee_estimate(me, e)
        if est is None:
            continue
        value, down = ctx.attack_value(e, [est])
        out.append(Plan("minion close in", value / 2 - 0.01 * cost, cmd,
                        {"minion": me.name, "target": e.name, "down": round(down, 3)}))
        break
    return out


def _melee_estimate(me, e):
    ests = [quick(me, w, e, "melee") for w in me.weapons if w.can_melee]
    ests = [x for x in ests if x is not None]
    return max(ests, key=lambda x: x.mean) if ests else None


def _advance(battle, ctx, me, reach) -> list[Plan]:
    """Toward the nearest enemy, by a path that provokes no one."""
    here = min(footprint_distance(me, e) for e in ctx.enemies)
    best = None
    for h, cost in reach.cost.items():
        fp = footprint(me.size, h, reach.facing[h])
        d = min(footprint_distance(fp, e.hexes) for e in ctx.enemies)
        if d < here and (best is None or (d, cost, tuple(h)) < best[0]):
            best = ((d, cost, tuple(h)), h)
    cmd = _move(battle, me, reach, best[1]) if best is not None else None
    if cmd is None:
        return []
    return [Plan("minion advance", ADVANCE, cmd, {"minion": me.name, "to": best[0][0]})]


__all__ = ["MAX_GROUP_COMMANDS", "minion_options"]
