"""The moves of the steller rules (docs/rules/steller/actions.md "Move actions"): walk, shift,
run and stand up, and the move of a charge.

The path search and the terrain costs are the shared ones (game.rules.movement); what provokes
is the steller rules': leaving a hex within an enemy's melee reach by any move but a shift.
Slowed: speed 2; immobilized or restrained: no move; prone: stand up first.
"""
from __future__ import annotations

from game.engine import events as E
from game.engine.guards import path_states
from game.engine.movement import check_path
from game.engine.state import Refused
from game.engine.steller import guards as G
from game.engine.steller.body import sheet_of
from game.engine.steller.strikes import can_strike_back, opportunity_attacks, threatening
from game.hexgrid import footprint, footprint_turns
from game.rules.movement import can_end_at
from game.rules.steller.conditions import speed_of

RUN_EXTRA = 2
#: the moves along a path, and whether leaving a threatened hex provokes
PATH_MOVES = {"walk": True, "shift": False, "run": True, "charge": True}


def move_hexes(b, u, kind: str) -> int:
    """Hexes a move of `kind` may cost: its speed (slowed 2, held 0); a shift 1; a run +2."""
    speed = speed_of(sheet_of(b, u.name).speed, u.conditions)
    if kind == "shift":
        return min(1, speed)
    return speed + RUN_EXTRA if kind == "run" and speed else speed


def path_fields(b, u, states) -> dict:
    fields = {"path": tuple(b.cell(h) for h, _ in states)}
    if footprint_turns(u.size):
        fields["facings"] = tuple(f for _, f in states)
    return fields


def check_move(b, u, path, kind: str, facings=()):
    """The states of a legal path of a move of `kind`, and its cost."""
    if "prone" in u.conditions:
        raise Refused("prone", f"{u.name} is prone: stand up first (a move action)")
    limit = move_hexes(b, u, kind)
    if limit <= 0:
        raise Refused("immobilized", f"{u.name} cannot leave its hex")
    states = path_states(b, u, path, facings)
    view = b.view()
    costs, why = check_path(view, u, states)
    if costs is None:
        raise Refused("illegal_path", f"{u.name} cannot take that path: {why}")
    if sum(costs) > limit:
        raise Refused("too_far", f"the path costs {sum(costs)} hexes of movement; a {kind} of "
                      f"{u.name} goes {limit}")
    if not can_end_at(view, u, *states[-1]):
        raise Refused("occupied", f"{u.name} cannot end its move on an occupied hex")
    return states, sum(costs)


def provokers(b, u, states) -> list[str]:
    """The enemies that would strike as `u` walks `states` (each once): those within whose
    reach a step starts (wherever on the path that hex is)."""
    found, here = [], u.hexes
    for anchor, facing in states:
        for name in threatening(b, u.name, here):
            if name not in found and can_strike_back(b, name, u.name, here):
                found.append(name)
        here = tuple(footprint(u.size, anchor, facing))
    return found


def walk(b, name: str, states, cost: int, kind: str):
    """Move `name` along `states` (a generator): before each step out of a threatened hex,
    those enemies' opportunity attacks. Returns False when it went down."""
    start = b.cell(b.unit(name).anchor)
    walked = []
    for state in states:
        if PATH_MOVES[kind]:
            here = b.unit(name).hexes
            if not (yield from opportunity_attacks(b, name, threatening(b, name, here))):
                break
        b.place(name, state)
        walked.append(b.cell(state[0]))
    if walked:
        b.emit(E.Moved(name, start, walked[-1], tuple(walked), cost, kind))
    return not b.health(name).dead and b.health(name).hp > 0


def path_move(kind: str):
    """The handler of Walk, Shift or Run."""
    def handler(b, cmd):
        u = G.actor(b, cmd)
        slot = G.can_act(b, u, "move", kind)
        states, cost = check_move(b, u, cmd.path, kind, cmd.facings)
        found = provokers(b, u, states) if PATH_MOVES[kind] else []
        G.confirm(cmd, found, f"the {kind} leaves a hex next to {', '.join(found)}: confirm, "
                  "or shift instead")

        def perform():
            G.spend(b, u.name, slot)
            if kind == "run":
                b.set_condition(u.name, "running", 1)
            yield from walk(b, u.name, states, cost, kind)
        return perform
    return handler


def stand_up(b, cmd):
    u = G.actor(b, cmd)
    if "prone" not in u.conditions:
        raise Refused("not_prone", f"{u.name} is not prone")
    slot = G.can_act(b, u, "move", "stand up")

    def perform():
        G.spend(b, u.name, slot)
        b.remove_condition(u.name, "prone")
    return perform


__all__ = ["PATH_MOVES", "RUN_EXTRA", "check_move", "move_hexes", "path_fields",
           "path_move", "path_states", "provokers", "stand_up", "walk"]
