"""What a steller creature may do now, and why not: the steller profile's legality query
(docs/architecture.md "Rule profiles"). Each action's availability is the first checks of its
handler; its options are the candidate commands its handler accepts. The HUD, the computer
player and the command line read this, as they read the default rules' query.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Iterator

from game.engine.legality import ActionOption, Option, legal_option
from game.engine.state import Refused
from game.engine.steller import commands as S
from game.engine.steller import guards as G
from game.engine.steller.body import sheet_of
from game.engine.steller.handlers import check
from game.engine.steller.moving import move_hexes, path_fields, provokers
from game.engine.steller.powers import check_usable
from game.engine.steller.special_actions import EXTRA_ACTIONS
from game.hexgrid import hexes_within
from game.rules import areas
from game.rules import movement as rm
from game.rules.threat import footprint_distance


@dataclass(frozen=True)
class StellerAction:
    action: str
    cost: str
    available: Callable          # (battle, unit view) -> None or Refused
    commands: Callable           # (battle, unit view) -> candidate commands
    legal: Callable | None = None   # (battle, unit view) -> its Options, already checked


def _slot(action: str, what: str) -> Callable:
    def available(b, u) -> None:
        G.can_act(b, u, action, what)
    return available


def _move(kind: str) -> Callable:
    def available(b, u) -> None:
        G.can_act(b, u, "move", kind)
        if "prone" in u.conditions:
            raise Refused("prone", f"{u.name} is prone: stand up first")
        if move_hexes(b, u, kind) <= 0:
            raise Refused("immobilized", f"{u.name} cannot leave its hex")
    return available


def _stand(b, u) -> None:
    if "prone" not in u.conditions:
        raise Refused("not_prone", f"{u.name} is not prone")
    G.can_act(b, u, "move", "stand up")


def _powers(basic: bool) -> Callable:
    def available(b, u) -> None:
        errors = []
        for p in sheet_of(b, u.name).powers:
            if p.basic == basic:
                try:
                    check_usable(b, u, p)
                    return
                except Refused as why:
                    errors.append(why)
        raise errors[0] if errors else Refused("no_powers", f"{u.name} has no such power")
    return available


def _path_options(kind: str, command) -> Callable:
    def legal(b, u) -> Iterator[Option]:
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


def _power_commands(basic: bool) -> Callable:
    def commands(b, u) -> Iterator:
        view = b.view()
        for p in sheet_of(b, u.name).powers:
            if p.basic != basic or p.action.startswith("immediate"):
                continue
            if p.shape in ("melee", "ranged"):
                pool = view.living() if p.heal else view.enemies_of(u)
                for t in pool:
                    if (not p.heal or t.team == u.team) and footprint_distance(u, t) <= p.range:
                        yield S.UsePower(u.name, power=p.id, target=t.name)
            elif p.shape == "close_burst":
                yield S.UsePower(u.name, power=p.id)
            elif p.shape == "close_blast":
                for aim in range(areas.AIMS):
                    yield S.UsePower(u.name, power=p.id, at=b.cell(u.anchor), aim=aim)
            else:
                for h in {x for s in u.hexes for x in hexes_within(s, p.range)}:
                    if b.hexmap.contains(h) and any(footprint_distance((h,), t) <= p.size
                                                    for t in view.enemies_of(u)):
                        yield S.UsePower(u.name, power=p.id, at=b.cell(h))
    return commands


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


def _nothing(b, u) -> None:
    return None


ACTIONS = (
    StellerAction("basic_attack", "a standard action", _powers(True), _power_commands(True)),
    StellerAction("use_power", "the power's action", _powers(False), _power_commands(False)),
    StellerAction("walk", "a move action", _move("walk"), _paths("walk", S.Walk),
                  _path_options("walk", S.Walk)),
    StellerAction("shift", "a move action", _move("shift"), _paths("shift", S.Shift),
                  _path_options("shift", S.Shift)),
    StellerAction("run", "a move action", _move("run"), _paths("run", S.Run),
                  _path_options("run", S.Run)),
    StellerAction("charge", "a standard action (then no more)", _move("charge"), _charges),
    StellerAction("stand_up", "a move action", _stand, _single(S.StandUp)),
    StellerAction("second_wind", "a standard action, once a battle",
                  _slot("standard", "catch its second wind"), _single(S.SecondWind)),
    StellerAction("total_defense", "a standard action",
                  _slot("standard", "take total defense"), _single(S.TotalDefense)),
    StellerAction("coup_de_grace", "a standard action",
                  _slot("standard", "deliver a coup de grace"), _coups),
    StellerAction("action_point", "a free action, once a battle", _nothing, _action_points),
    StellerAction("end_turn", "nothing", _nothing, _single(S.EndTurn)),
)
KINDS = {a.action: a for a in ACTIONS}
ACTION_IDS = tuple(KINDS)


def refusal(b, command) -> Refused | None:
    try:
        check(b, command)
    except Refused as refused:
        return refused
    return None


def _legal(b, command) -> Option | None:
    return legal_option(b, command, refusal)


def _start(b, name: str, kind: StellerAction | None, action: str = ""):
    try:
        if kind is None:
            raise Refused("no_such_action", f"the steller rules have no {action!r} action "
                          f"(they have {', '.join(ACTION_IDS)})")
        u = G.actor(b, S.EndTurn(name))
        kind.available(b, u)
    except Refused as refused:
        return None, refused
    return u, None


def can_start(b, name: str, action: str) -> Refused | None:
    return _start(b, name, KINDS.get(action), action)[1]


def options(b, name: str, action: str) -> list[Option]:
    kind = KINDS.get(action)
    u, why = _start(b, name, kind, action)
    if why is not None:
        return []
    if kind.legal is not None:
        return list(kind.legal(b, u))
    found = (_legal(b, cmd) for cmd in kind.commands(b, u))
    return [o for o in found if o is not None]


def action_option(b, name: str, action: str) -> ActionOption:
    kind = KINDS.get(action)
    u, why = _start(b, name, kind, action)
    if why is None and kind.legal is not None:
        if next(iter(kind.legal(b, u)), None) is not None:
            return ActionOption(action, True, cost=kind.cost)
        why = Refused("no_target", "no hex to move to")
    if why is None:
        first = None
        for cmd in kind.commands(b, u):
            if _legal(b, cmd) is not None:
                return ActionOption(action, True, cost=kind.cost)
            first = first or refusal(b, cmd)
        why = Refused("no_target", "no target or place for it now" +
                      (f" ({first.reason})" if first is not None else ""))
    return ActionOption(action, False, why.code, why.reason, kind.cost if kind else "")


def actions(b, name: str) -> list[ActionOption]:
    return [action_option(b, name, a) for a in ACTION_IDS]


__all__ = ["ACTIONS", "ACTION_IDS", "KINDS", "action_option", "actions", "can_start",
           "options", "refusal"]
