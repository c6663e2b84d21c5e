"""The move actions of the light rules (docs/rules/light/actions.md "Move actions"): Shift,
Walk, Run, Jump and Get Up, and the walk along a path that Dash Attack shares.

Feet are hexes of 5 ft, rounded down, at least 1. The path search and the terrain costs are
the shared ones (game.rules.movement); what provokes is the light rules': leaving an enemy's
attack range (the reach of a melee weapon in its hand) by a Walk or a Run.
"""
from __future__ import annotations

from game.ecs.light_components import LightTurn
from game.engine import events as E
from game.engine.light import guards as G
from game.engine.light.body import sheet_of
from game.engine.light.strikes import can_strike_back, leaving_range, opportunity_attacks
from game.engine.guards import path_states
from game.engine.movement import check_path
from game.engine.state import Refused
from game.hexgrid import footprint, footprint_turns
from game.rules.movement import can_end_at

#: the move actions that go along a path, and whether leaving an attack range provokes
PATH_MOVES = {"shift": False, "walk": True, "run": True}


def hexes_of(feet: int) -> int:
    return max(1, feet // 5)


def move_hexes(sheet, kind: str) -> int:
    """Hexes a move action of `kind` may cost: the shift, walk or run score."""
    return hexes_of({"shift": sheet.shift_ft, "walk": sheet.walk_ft, "run": sheet.run_ft,
                     "dash": 2 * sheet.shift_ft}[kind])


def path_fields(b, u, states) -> dict:
    """The `path` (and, for a creature whose facing turns, `facings`) of a command along
    `states`."""
    fields = {"path": tuple(b.cell(h) for h, _ in states)}
    if footprint_turns(u.size):
        fields["facings"] = tuple(f for _, f in states)
    return fields


def check_move(b, u, path, limit: int, what: str, facings=()):
    """The states of a legal path of at most `limit` hexes of movement, and its cost."""
    states = path_states(b, u, path, facings)
    view = b.view()
    costs, why = check_path(view, u, states)
    if costs is None:
        raise Refused("illegal_path", f"{u.name} cannot take that path: {why}")
    if sum(costs) > limit:
        raise Refused("too_far", f"the path costs {sum(costs)} hexes of movement; a {what} "
                      f"of {u.name} goes {limit}")
    if not can_end_at(view, u, *states[-1]):
        raise Refused("occupied", f"{u.name} cannot end its move on an occupied hex")
    return states, sum(costs)


def provokers(b, u, states) -> list[str]:
    """The enemies that would strike as `u` walks `states` (each once)."""
    found, here = [], u.hexes
    for anchor, facing in states:
        there = tuple(footprint(u.size, anchor, facing))
        for name in leaving_range(b, u.name, here, there):
            if name not in found and can_strike_back(b, name, u.name):
                found.append(name)
        here = there
    return found


def walk(b, name: str, states, cost: int, kind: str, provoking: bool):
    """Move `name` along `states` (a generator): before each step that leaves an enemy's
    attack range, that enemy's Opportunity Attack. Returns False when it was K.O.'d."""
    start = b.cell(b.unit(name).anchor)
    walked = []
    for state in states:
        u = b.unit(name)
        if provoking:
            leaving = leaving_range(b, name, u.hexes, footprint(u.size, *state))
            if not (yield from opportunity_attacks(b, name, leaving)):
                break
        b.place(name, state)
        walked.append(b.cell(state[0]))
    if walked:
        b.emit(E.Moved(name, start, walked[-1], tuple(walked), cost, kind))
    return not b.health(name).dead


def path_rules(b, u, kind: str, states, cost: int) -> list[str]:
    """What the light rules ask of a legal path of a move action of `kind` (a Walk goes
    farther than a Shift); returns the enemies it provokes (Walk and Run)."""
    shift = move_hexes(sheet_of(b, u.name), "shift")
    if kind == "walk" and cost <= shift:
        raise Refused("too_short", f"a Walk goes farther than {u.name}'s shift ({shift} "
                      f"hex{'es' if shift > 1 else ''}): Shift instead")
    return provokers(b, u, states) if PATH_MOVES[kind] else []


def path_move(kind: str):
    """The handler of Shift, Walk or Run."""
    def handler(b, cmd):
        u = G.actor(b, cmd)
        G.move_action(b, u, kind.title())
        G.not_grounded(u, kind)
        states, cost = check_move(b, u, cmd.path, move_hexes(sheet_of(b, u.name), kind),
                                  kind.title(), cmd.facings)
        found = path_rules(b, u, kind, states, cost)
        G.confirm(cmd, found, f"the {kind.title()} leaves the attack range of "
                  f"{', '.join(found)}: confirm, or Shift instead")

        def perform():
            G.spend_move(b, u.name)
            yield from walk(b, u.name, states, cost, kind, PATH_MOVES[kind])
        return perform
    return handler


def jump(b, cmd):
    u = G.actor(b, cmd)
    G.move_action(b, u, "Jump")
    G.not_grounded(u, "jump")

    def perform():
        G.spend_move(b, u.name)
        b.update(u.name, LightTurn, jumped=True)
        b.emit(E.ConditionAdded(u.name, "jumped", 1))
    return perform


def get_up(b, cmd):
    u = G.actor(b, cmd)
    if not u.has("grounded"):
        raise Refused("not_grounded", f"{u.name} is not Grounded")
    G.move_action(b, u, "Get Up")

    def perform():
        G.spend_move(b, u.name)
        b.remove_condition(u.name, "grounded")
    return perform


__all__ = ["PATH_MOVES", "check_move", "path_fields", "path_rules", "get_up", "hexes_of", "jump", "move_hexes",
           "path_move", "provokers", "walk"]
