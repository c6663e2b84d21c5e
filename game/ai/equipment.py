"""The computer player's weapons in hand (docs/rules/09-turns-and-actions.md "Weapons in hand"):
draw a melee weapon when only a bow is in hand and an enemy is close enough to stab, pick up a
thrown weapon lying in its own space, and walk onto one when that provokes no one and no
enemy pack waits there (unless the weapon is worth more than the harm it risks); load a
crossbow it shot.

Each option is scored on the planner's own scale: a Draw or a PickUp paid with the Little
Action leaves the rest of the turn to plan, so it is worth the best plan of the turn plus what
the weapon adds, minus the attacks of opportunity it provokes; paid with a Big Action it is
worth staying here plus that gain.
"""
from __future__ import annotations

from dataclasses import replace

from game.ai.conduct import threatened_fetch
from game.ai.options import Option
from game.engine import commands as C
from game.rules import movement as rm

PICK_UP_GAIN = 0.1        # a weapon back in hand, as a share of the creature's own value
LOAD_GAIN = 0.25          # a crossbow ready for the next shot, as a share of the same


def _paid_with_little(planner) -> bool:
    return planner.budget.little > 0


def _base(planner, others, stay_value: float) -> float:
    if _paid_with_little(planner) and others:
        return max(o.score for o in others)
    return stay_value


def draw_options(planner, others, stay_value: float) -> list:
    """Draw the best sheathed melee weapon when nothing in hand can strike in melee."""
    me = planner.me
    if any(w.can_melee and not w.unarmed for w in me.weapons) or \
            not planner.allowed("draw_weapon"):
        return []
    n = max(1, planner.attacks_possible(planner.budget.big - (0 if _paid_with_little(planner)
                                                              else 1)))
    best = None
    for w in me.sheathed:
        if not w.can_melee:
            continue
        armed = replace(me, weapons=me.weapons + (w,),
                        sheathed=tuple(x for x in me.sheathed if x.id != w.id))
        value, chosen = planner.attack_sequence(planner.view.replace(armed), armed, n,
                                                melee_only=True)
        if chosen and (best is None or value > best[0]):
            best = (value, w)
    if best is None:
        return []
    value, w = best
    cost, down, names = planner.ctx.aoo_cost(planner.here_threatened)
    score = stay_value + value * (1.0 - down) - cost
    return [Option("draw", score, C.DrawWeapon(me.name, w.id, confirm=True),
                   {"weapon": w.id, "attack": round(value, 3), "aoo": -round(cost, 3),
                    "provokes": names})]


def pick_up_options(planner, others, stay_value: float) -> list:
    """Pick up a weapon of mine lying in my space."""
    me = planner.me
    if not planner.allowed("pick_up"):
        return []
    here = [w for w, h in me.dropped if h in me.hexes]
    cost, _, names = planner.ctx.aoo_cost(planner.here_threatened)
    gain = PICK_UP_GAIN * planner.ctx.value(me)
    score = _base(planner, others, stay_value) + gain - cost
    return [Option("pick up", score, C.PickUp(me.name, here[0].id, confirm=True),
                   {"weapon": here[0].id, "gain": round(gain, 3), "aoo": -round(cost, 3),
                    "provokes": names})]


def load_options(planner, stay_value: float) -> list:
    """Load a crossbow I shot (a Big Action): worth staying here plus the next shot, minus the
    attacks of opportunity it provokes."""
    if not planner.allowed("load_crossbow"):
        return []
    commands = [o.command for o in planner.b.options(planner.me.name, "load_crossbow")]
    if not commands:
        return []
    cost, _, names = planner.ctx.aoo_cost(planner.here_threatened)
    gain = LOAD_GAIN * planner.ctx.value(planner.me)
    cmd = commands[0]       # the legality query's own command (confirmed when it provokes)
    return [Option("load", stay_value + gain - cost, cmd,
                   {"weapon": cmd.weapon, "gain": round(gain, 3), "aoo": -round(cost, 3),
                    "provokes": names})]


def fetch_options(planner) -> list:
    """Walk onto a weapon of mine lying within this turn's movement, by a path that provokes
    no one (one-hex creatures: the anchor is the hex the weapon lies in)."""
    me = planner.me
    if len(me.hexes) != 1 or not me.dropped or not planner.can_move:
        return []
    budget = rm.movement_budget(planner.budget.movement, planner.budget.big, planner.speed)
    out = []
    for w, h in me.dropped:
        if h == me.anchor or any(o.eid != me.eid and not o.dead
                                 for o in planner.view.occupants(h)):
            continue
        path = rm.safe_path(planner.view, me, h, budget_hexes=budget)
        if path is None or not path.states:
            continue
        value, detail = planner.ctx.position(h, exact=True)
        gain = PICK_UP_GAIN * planner.ctx.value(me)
        threat = fetch_threat(planner, h)
        if threat >= gain:
            continue
        out.append(Option("fetch", value + gain, planner.move_command(path),
                          {"weapon": w.id, "gain": round(gain, 3), "risk": round(threat, 3),
                           **detail}))
    return out


def fetch_threat(planner, h) -> float:
    """What walking onto the weapon at `h` risks: nothing when no enemy strikes there without
    moving and at most one after a Move (`game.ai.conduct.threatened_fetch`); else the whole
    expected harm there (the danger of `Context.danger` before its weight: the creature walks
    in to pick a weapon up, not to fight)."""
    ctx = planner.ctx
    if not threatened_fetch(planner.view, planner.me, h):
        return 0.0
    danger, _ = ctx.danger(h, exact=True)
    return danger / ctx.weights.danger if ctx.weights.danger else danger


def equipment_options(planner, others, stay_value: float) -> list:
    """Every weapon-handling option of the active creature now."""
    return (draw_options(planner, others, stay_value)
            + pick_up_options(planner, others, stay_value)
            + load_options(planner, stay_value) + fetch_options(planner))


__all__ = ["equipment_options"]
