"""What a steller creature may do now, and why not: the steller profile's legality query
(docs/architecture.md "Rule profiles"). Each action's availability is the first checks of its
handler; its options are the candidate commands its handler accepts. The HUD, the computer
player and the command line read this, as they read the default rules' query.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Iterator

from game.engine.action_table import ActionRow, ActionTable
from game.engine.legality import Option
from game.engine.state import Refused
from game.engine.steller import commands as S
from game.engine.steller import guards as G
from game.engine.steller.aid import AIDS
from game.engine.steller.body import pool_of, sheet_of
from game.engine.steller.delay import check_delay
from game.engine.steller.readied import TRIGGERS
from game.engine.steller.handlers import check
from game.engine.steller.maneuvers import grabber_of
from game.engine.steller.moving import (
    check_posture, move_hexes, mover, path_fields, provokers,
)
from game.engine.steller.powers import check_usable
from game.engine.steller.special_actions import EXTRA_ACTIONS
from game.engine.steller.shapes import AUTOFIRE_AIMS
from game.hexgrid import DIRECTIONS, Hex, hex_neighbors, hexes_within
from game.rules import areas
from game.rules import movement as rm
from game.rules.steller.maneuvers import SKILLS
from game.rules.threat import footprint_distance


def _slot(action: str, what: str) -> Callable:
    def available(b, u) -> None:
        G.can_act(b, u, action, what)
    return available


def _move(kind: str) -> Callable:
    def available(b, u) -> None:
        G.can_act(b, u, "move", kind)
        check_posture(mover(b, u, kind), kind)
        if move_hexes(b, u, kind) <= 0:
            raise Refused("immobilized", f"{u.name} cannot leave its hex")
    return available


def _stand(b, u) -> None:
    if "prone" not in u.conditions:
        raise Refused("not_prone", f"{u.name} is not prone")
    G.can_act(b, u, "move", "stand up")


def _powers(basic: bool, grenade: bool = False) -> Callable:
    def available(b, u) -> None:
        errors = []
        for p in sheet_of(b, u.name).powers:
            if p.basic == basic and p.grenade == grenade and not p.immediate:
                try:
                    check_usable(b, u, p, grenade)
                    return
                except Refused as why:
                    errors.append(why)
        raise errors[0] if errors else Refused("no_powers", f"{u.name} has no such power")
    return available


def _path_options(kind: str, command) -> Callable:
    def legal(b, u) -> Iterator[Option]:
        u = mover(b, u, kind)
        reach = rm.reachable(b.view(), u, move_hexes(b, u, kind))
        for h in reach:
            states = reach.states_to(h) if h != u.anchor else None
            if not states:
                continue
            fields = path_fields(b, u, states)
            found = provokers(b, u, states) if kind != "shift" else []
            if found:
                yield Option(command(u.name, confirm=True, **fields), tuple(found))
            else:
                yield Option(command(u.name, **fields))
    return legal


def _paths(kind: str, command) -> Callable:
    def commands(b, u) -> Iterator:
        for option in _path_options(kind, command)(b, u):
            yield replace(option.command, confirm=False) if option.provokes else option.command
    return commands


def _charges(b, u) -> Iterator:
    basic = sheet_of(b, u.name).basic("melee")
    reach = rm.reachable(b.view(), u, move_hexes(b, u, "charge"))
    for t in b.view().enemies_of(u):
        for h in reach:
            states = reach.states_to(h) if h != u.anchor else None
            if states and len(states) >= 2 and footprint_distance(
                    (h,), t) <= basic.range and footprint_distance(u, t) > len(states) - 1:
                yield S.Charge(u.name, target=t.name, **path_fields(b, u, states))


def _power_commands(basic: bool, grenade: bool = False) -> Callable:
    command = S.ThrowGrenade if grenade else S.UsePower

    def commands(b, u) -> Iterator:
        for p in sheet_of(b, u.name).powers:
            if p.basic == basic and p.grenade == grenade and not p.immediate:
                for fields in AIMS.get(p.shape, _area_aims)(b, u, p):
                    yield command(u.name, power=p.id, **fields)
    return commands


def _single_aims(b, u, p) -> Iterator[dict]:
    view = b.view()
    pool = view.living() if p.boon else view.enemies_of(u)
    for t in pool:
        if (not p.boon or t.team == u.team) and footprint_distance(u, t) <= p.farthest:
            yield {"target": t.name}


def _blast_aims(b, u, p) -> Iterator[dict]:
    for aim in range(areas.AIMS):
        yield {"at": b.cell(u.anchor), "aim": aim}


def _near_enemies(b, u, p, reach: int) -> Iterator:
    """The hexes within the power's range that lie within `reach` of an enemy."""
    foes = b.view().enemies_of(u)
    for h in sorted({x for s in u.hexes for x in hexes_within(s, p.range)}):
        if b.hexmap.contains(h) and any(footprint_distance((h,), t) <= reach for t in foes):
            yield h


def _area_aims(b, u, p) -> Iterator[dict]:
    for h in _near_enemies(b, u, p, p.size):
        yield {"at": b.cell(h)}


def _autofire_aims(b, u, p) -> Iterator[dict]:
    for h in _near_enemies(b, u, p, 1):
        for aim in range(AUTOFIRE_AIMS):
            yield {"at": b.cell(h), "aim": aim}


def _line_aims(b, u, p) -> Iterator[dict]:
    """Toward each hex p.size away (every line of that length)."""
    for h in sorted(hexes_within(u.anchor, p.size)):
        if footprint_distance((u.anchor,), (h,)) == p.size and b.hexmap.contains(h):
            yield {"at": b.cell(h)}


def _wall_aims(b, u, p) -> Iterator[dict]:
    """Straight walls, in three directions from each first hex, that touch an enemy."""
    for start in _near_enemies(b, u, p, p.size):
        for d in DIRECTIONS[:3]:
            chain = [Hex(start.q + k * d.q, start.r + k * d.r) for k in range(p.size)]
            if all(b.hexmap.contains(h) for h in chain):
                yield {"wall": tuple(b.cell(h) for h in chain)}


AIMS = {"melee": _single_aims, "ranged": _single_aims, "close_burst": lambda b, u, p: [{}],
        "close_blast": _blast_aims, "autofire": _autofire_aims, "line": _line_aims,
        "wall": _wall_aims}


def _coups(b, u) -> Iterator:
    for t in b.view().enemies_of(u):
        if not b.health(t.name).dead:
            yield S.CoupDeGrace(u.name, target=t.name)


def _action_points(b, u) -> Iterator:
    for action in EXTRA_ACTIONS:
        yield S.ActionPoint(u.name, action=action)


def _single(command) -> Callable:
    def commands(b, u) -> Iterator:
        yield command(u.name)
    return commands


def _aids(b, u) -> Iterator:
    view = b.view()
    for t in view.enemies_of(u):
        for ally in view.allies_of(u):
            if ally.name != u.name:
                for aid in AIDS:
                    yield S.AidAnother(u.name, target=t.name, ally=ally.name, aid=aid)


def _at_enemies(command) -> Callable:
    def commands(b, u) -> Iterator:
        for t in b.view().enemies_of(u):
            yield command(u.name, target=t.name)
    return commands


def _sustain(b, u) -> None:
    if not pool_of(b, u.name).grabbing:
        raise Refused("not_grabbing", f"{u.name} holds nobody in a grab")
    G.can_act(b, u, "minor", "sustain its grab")


def _escape(b, u) -> None:
    if grabber_of(b, u.name) is None:
        raise Refused("not_grabbed", f"{u.name} is not grabbed")
    G.can_act(b, u, "move", "escape")


def _escapes(b, u) -> Iterator:
    for skill in SKILLS:
        yield S.Escape(u.name, skill=skill)
        for h in hex_neighbors(u.anchor):
            if b.hexmap.contains(h):
                yield S.Escape(u.name, skill=skill, path=(b.cell(h),))


def _readies(b, u) -> Iterator:
    for p in sheet_of(b, u.name).powers:
        for trigger in TRIGGERS:
            yield S.Ready(u.name, power=p.id, trigger=trigger)


def _delay(b, u) -> None:
    check_delay(b, u)


def _nothing(b, u) -> None:
    return None


ACTIONS = (
    ActionRow("basic_attack", "a standard action", _powers(True), _power_commands(True)),
    ActionRow("use_power", "the power's action", _powers(False), _power_commands(False)),
    ActionRow("throw_grenade", "a standard action", _powers(False, grenade=True),
              _power_commands(False, grenade=True)),
    ActionRow("walk", "a move action", _move("walk"), _paths("walk", S.Walk),
                  _path_options("walk", S.Walk)),
    ActionRow("shift", "a move action", _move("shift"), _paths("shift", S.Shift),
                  _path_options("shift", S.Shift)),
    ActionRow("run", "a move action", _move("run"), _paths("run", S.Run),
                  _path_options("run", S.Run)),
    ActionRow("crawl", "a move action", _move("crawl"), _paths("crawl", S.Crawl),
                  _path_options("crawl", S.Crawl)),
    ActionRow("squeeze", "a move action", _move("squeeze"), _paths("squeeze", S.Squeeze),
                  _path_options("squeeze", S.Squeeze)),
    ActionRow("charge", "a standard action (then no more)", _move("charge"), _charges),
    ActionRow("stand_up", "a move action", _stand, _single(S.StandUp)),
    ActionRow("second_wind", "a standard action, once a battle",
                  _slot("standard", "catch its second wind"), _single(S.SecondWind)),
    ActionRow("total_defense", "a standard action",
                  _slot("standard", "take total defense"), _single(S.TotalDefense)),
    ActionRow("coup_de_grace", "a standard action",
                  _slot("standard", "deliver a coup de grace"), _coups),
    ActionRow("action_point", "a free action, once a battle", _nothing, _action_points),
    ActionRow("aid_another", "a standard action", _slot("standard", "aid another"), _aids),
    ActionRow("bull_rush", "a standard action", _slot("standard", "bull rush"),
                  _at_enemies(S.BullRush)),
    ActionRow("grab", "a standard action", _slot("standard", "grab"), _at_enemies(S.Grab)),
    ActionRow("sustain_grab", "a minor action", _sustain, _single(S.SustainGrab)),
    ActionRow("escape", "a move action", _escape, _escapes),
    ActionRow("ready", "a standard action", _slot("standard", "ready an action"), _readies),
    ActionRow("delay", "no action: the whole turn waits", _delay, _single(S.Delay)),
    ActionRow("end_turn", "nothing", _nothing, _single(S.EndTurn)),
)

TABLE = ActionTable("steller rules", ACTIONS, check, S.EndTurn, G.actor)
KINDS, ACTION_IDS = TABLE.kinds, TABLE.ids
refusal, can_start, options = TABLE.refusal, TABLE.can_start, TABLE.options
action_option, actions = TABLE.action_option, TABLE.actions
_legal = TABLE.legal


__all__ = ["ACTIONS", "ACTION_IDS", "KINDS", "action_option", "actions", "can_start",
           "options", "refusal"]
