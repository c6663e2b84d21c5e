"""The other actions of a light turn (docs/rules/light/actions.md): Block, Handle Equipment,
Consume Substance, Wait and End Turn, and the answers outside a turn (React to an
Opportunity Attack prompt, a reaction policy)."""
from __future__ import annotations

from game.ecs.components import Weapons
from game.engine import events as E
from game.engine import one_reaction
from game.engine.light import guards as G
from game.engine.light.body import pool_of, turn_of
from game.engine.light.powers import heal
from game.engine.light.turns import finish_turn, proceed
from game.engine.state import Refused
from game.ecs.light_components import LightPool

DRAUGHT_HP = 15          # a healing draught restores what a short rest does


def block(b, cmd):
    u = G.actor(b, cmd)
    G.major_action(b, u, "Block")

    def perform():
        G.spend_major(b, u.name)
        b.set_condition(u.name, "blocking", 1)
    return perform


def handle_equipment(b, cmd):
    """Draw a weapon it carries (a major action; the one in hand is put away), or pick up
    one lying in or next to its hexes (a free action)."""
    u = G.actor(b, cmd)
    carried = b.component(u.name, Weapons)
    lying = [(w, h) for w, h in carried.ground if w == cmd.weapon]
    near = [h for _, h in lying if any(h == x or _adjacent(h, x) for x in u.hexes)]
    if lying and not near:
        raise Refused("too_far", f"{u.name}'s {cmd.weapon} lies out of reach: move next to it")
    if not near:
        if cmd.weapon not in carried.sheathed:
            raise Refused("no_such_weapon", f"{u.name} carries no put-away weapon "
                          f"{cmd.weapon!r}")
        G.major_action(b, u, "Handle Equipment")

    def perform():
        if near:
            ground = tuple(g for g in carried.ground if g != (cmd.weapon, near[0]))
            b.update(u.name, Weapons, ground=ground)
            return
        G.spend_major(b, u.name)
        others = tuple(w.id for w in carried.items if w.id != cmd.weapon and
                       w.id not in {g for g, _ in carried.ground})
        b.update(u.name, Weapons, sheathed=others)
    return perform


def _adjacent(a, b) -> bool:
    return (abs(a.q - b.q) + abs(a.r - b.r) + abs(a.q + a.r - b.q - b.r)) // 2 == 1


def consume_substance(b, cmd):
    u = G.actor(b, cmd)
    G.major_action(b, u, "Consume Substance")
    if pool_of(b, u.name).draughts <= 0:
        raise Refused("nothing_to_drink", f"{u.name} has no healing draught left")
    if u.hp >= u.max_hp:
        raise Refused("unhurt", f"{u.name} is unhurt")

    def perform():
        G.spend_major(b, u.name)
        b.update(u.name, LightPool, draughts=pool_of(b, u.name).draughts - 1)
        heal(b, u.name, DRAUGHT_HP, "healing draught", u.name)
    return perform


def wait(b, cmd):
    """Wait: move its turn to just before or after an ally yet to act this round."""
    u = G.actor(b, cmd)
    turn = turn_of(b, u.name)
    if turn.moves or turn.major:
        raise Refused("already_acted", f"{u.name} has acted this turn: too late to Wait")
    if not isinstance(cmd.ally, str) or cmd.ally not in b.eids or \
            b.teams_of[cmd.ally] != u.team or cmd.ally == u.name:
        raise Refused("no_ally", f"name an ally of {u.name} to wait for")
    if b.budget(cmd.ally).acted or b.health(cmd.ally).dead:
        raise Refused("ally_acted", f"{cmd.ally} has no turn left this round to wait for")

    def perform():
        order = [n for n in b.order if n != u.name]
        at = order.index(cmd.ally) + (1 if cmd.after else 0)
        b.note(order=tuple(order[:at] + [u.name] + order[at:]), active=None)
        b.emit(E.Waited(u.name, cmd.ally, bool(cmd.after)))
        proceed(b)
    return perform


def end_turn(b, cmd):
    u = G.actor(b, cmd)

    def perform():
        finish_turn(b, u.name)
        proceed(b)
    return perform


def react(b, cmd):
    return one_reaction.react(b, cmd, G.ATTACK)


def set_policy(b, cmd):
    return one_reaction.set_policy(b, cmd, "the light rules", G.ATTACK)


__all__ = ["DRAUGHT_HP", "block", "consume_substance", "end_turn", "handle_equipment", "react",
           "set_policy", "wait"]
