"""The moves of the steller rules (docs/rules/steller/actions.md "Move actions"): walk, shift,
run, crawl, squeeze and stand up, and the move of a charge.

The path search and the terrain costs are the shared ones (game.rules.movement); what provokes
is the steller rules': leaving a hex within an enemy's melee reach by any move but a shift.
Slowed: speed 2; immobilized or restrained: no move; prone: stand up first, or crawl (half
speed); squeezing (game.engine.steller.squeeze): half speed in a smaller space.
"""
from __future__ import annotations

from game.engine import events as E
from game.engine.guards import path_states
from game.engine.movement import check_path
from game.engine.state import Refused
from game.engine.steller import guards as G
from game.engine.steller import immediate, zones
from game.engine.steller.body import sheet_of
from game.engine.steller.readied import readied_actions
from game.engine.steller.squeeze import SQUEEZING, squeezed, start_squeeze
from game.engine.steller.strikes import can_strike_back, opportunity_attacks, threatening
from game.hexgrid import footprint, footprint_turns
from game.rules.movement import can_end_at
from game.rules.steller.conditions import speed_of

RUN_EXTRA = 2
#: the moves along a path, and whether leaving a threatened hex provokes
PATH_MOVES = {"walk": True, "shift": False, "run": True, "charge": True, "crawl": True,
              "squeeze": True}
#: the moves at half speed
HALF_SPEED = ("crawl", "squeeze")


def move_hexes(b, u, kind: str) -> int:
    """Hexes a move of `kind` may cost: its speed (slowed 2, held 0); a shift 1; a run +2."""
    speed = speed_of(sheet_of(b, u.name).speed, u.conditions)
    if kind == "shift":
        return min(1, speed)
    if kind in HALF_SPEED:
        return speed // 2
    return speed + RUN_EXTRA if kind == "run" and speed else speed


def path_fields(b, u, states) -> dict:
    fields = {"path": tuple(b.cell(h) for h, _ in states)}
    if footprint_turns(u.size):
        fields["facings"] = tuple(f for _, f in states)
    return fields


def check_move(b, u, path, kind: str, facings=()):
    """The states of a legal path of a move of `kind`, and its cost."""
    check_posture(u, kind)
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


def check_posture(u, kind: str) -> None:
    """Prone, it crawls (or stands up first); squeezing, it squeezes or shifts."""
    prone = "prone" in u.conditions
    if kind == "crawl" and not prone:
        raise Refused("not_prone", f"{u.name} is not prone: only a prone creature crawls")
    if prone and kind != "crawl":
        raise Refused("prone", f"{u.name} is prone: stand up first (a move action), or crawl")
    if SQUEEZING in u.conditions and kind not in ("squeeze", "shift"):
        raise Refused("squeezing", f"{u.name} is squeezing: it squeezes or shifts until it "
                      "has room again")


def mover(b, u, kind: str):
    """The body that makes a move of `kind`: a squeeze moves the squeezed one."""
    return squeezed(b, u) if kind == "squeeze" else u


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
        here = b.unit(name).hexes
        if PATH_MOVES[kind]:
            if not (yield from opportunity_attacks(b, name, threatening(b, name, here))):
                break
        if not (yield from step(b, name, state)):
            break
        walked.append(b.cell(state[0]))
        if not (yield from readied_actions(b, name, "enters", here)) or stopped(b, name, kind):
            break
    if walked:
        b.emit(E.Moved(name, start, walked[-1], tuple(walked), cost, kind))
    return not b.health(name).dead and b.health(name).hp > 0


def stopped(b, name: str, kind: str) -> bool:
    """Did an attack on the way leave it unable to go on (held, or prone unless crawling)?"""
    active = b.conditions(name).active
    return ("prone" in active and kind != "crawl") or speed_of(
        sheet_of(b, name).speed, active) <= 0


def step(b, name: str, state):
    """One step of a move (a generator): the interrupts of the enemies it would come next
    to, the step unless one of them stopped it, then their reactions. Returns whether the
    creature stepped and is still standing."""
    anchor, facing = state
    near = immediate.newly_adjacent(b, name, tuple(footprint(b.unit(name).size, anchor, facing)))
    if near:
        yield from immediate.window(b, immediate.ENTERS, name, near, True)
        if immediate.stopped(b, name) or move_hexes(b, b.unit(name), "walk") <= 0:
            return False
    before = b.unit(name).hexes
    b.place(name, state)
    zones.burn(b, name, b.unit(name).hexes, before)
    if near:
        yield from immediate.window(b, immediate.ENTERS, name, near, False)
    return not immediate.stopped(b, name)


def path_move(kind: str):
    """The handler of Walk, Shift, Run, Crawl or Squeeze."""
    def handler(b, cmd):
        u = G.actor(b, cmd)
        slot = G.can_act(b, u, "move", kind)
        body = mover(b, u, kind)
        states, cost = check_move(b, body, cmd.path, kind, cmd.facings)
        found = provokers(b, body, states) if PATH_MOVES[kind] else []
        G.confirm(cmd, found, f"the {kind} leaves a hex next to {', '.join(found)}: confirm, "
                  "or shift instead")

        def perform():
            G.spend(b, u.name, slot)
            if kind == "run":
                b.set_condition(u.name, "running", 1)
            if kind == "squeeze":
                start_squeeze(b, u.name)
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


__all__ = ["HALF_SPEED", "PATH_MOVES", "RUN_EXTRA", "check_move", "check_posture", "move_hexes",
           "mover", "path_fields", "path_move", "path_states", "provokers", "stand_up", "stopped",
           "walk"]
