"""What a light creature may do now, and why not: the light profile's legality query
(docs/architecture.md "Rule profiles"). Each action's availability is the first checks of its
handler; its options are the candidate commands its handler accepts. The HUD, the computer
player and the command line read this, as they read the default rules' query.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Iterator

from game.ecs.components import Weapons
from game.engine.action_table import ActionRow, ActionTable
from game.engine.legality import Option
from game.engine.light import commands as L
from game.engine.light import guards as G
from game.engine.light.attacking import STYLES, reach_of, usable
from game.engine.light.body import sheet_of, weapons_in_hand
from game.engine.light.handlers import check
from game.engine.light.moving import move_hexes, path_fields, path_rules
from game.engine.light.powers import check_usable
from game.engine.state import Refused
from game.hexgrid import hexes_within
from game.rules import areas
from game.rules import movement as rm
from game.rules.threat import footprint_distance


# ---- availability (before any target) ------------------------------------------------------

def _move(kind: str) -> Callable:
    def available(b, u) -> None:
        G.move_action(b, u, kind)
        if kind != "get up":
            G.not_grounded(u, kind)
    return available


def _major(what: str) -> Callable:
    def available(b, u) -> None:
        G.major_action(b, u, what)
    return available


def _attack(style: str) -> Callable:
    def available(b, u) -> None:
        G.major_action(b, u, STYLES[style][1])
        if not any(usable(w, style) for w in weapons_in_hand(b, u.name)):
            raise Refused("no_weapon", f"{u.name} holds no weapon for a {STYLES[style][1]}")
    return available


def _get_up(b, u) -> None:
    if not u.has("grounded"):
        raise Refused("not_grounded", f"{u.name} is not Grounded")
    G.move_action(b, u, "Get Up")


def _powers(b, u) -> None:
    if not any(p.action != "interruption" for p in sheet_of(b, u.name).powers):
        raise Refused("no_powers", f"{u.name} has no power it can use on its turn")
    errors = []
    for p in sheet_of(b, u.name).powers:
        if p.action == "interruption":
            continue
        try:
            check_usable(b, u, p)
            return
        except Refused as why:
            errors.append(why)
    raise errors[0]


def _nothing(b, u) -> None:
    return None


# ---- candidate commands ----------------------------------------------------------------------

def _paths(kind: str, command) -> Callable:
    def commands(b, u) -> Iterator:
        for option in _path_options(kind, command)(b, u):
            yield replace(option.command, confirm=False) if option.provokes else option.command
    return commands


def _path_options(kind: str, command) -> Callable:
    """The legal moves of `kind`: the shared search's paths within its score (each a legal
    path to a legal end), then the light rules' own check (`moving.path_rules`)."""
    def legal(b, u) -> Iterator[Option]:
        reach = rm.reachable(b.view(), u, move_hexes(sheet_of(b, u.name), kind))
        for h in reach:
            states = reach.states_to(h) if h != u.anchor else None
            if not states:
                continue
            try:
                found = path_rules(b, u, kind, states, reach[h])
            except Refused:
                continue
            fields = path_fields(b, u, states)
            if found:
                yield Option(command(u.name, confirm=True, **fields), tuple(found))
            else:
                yield Option(command(u.name, **fields))
    return legal


def _enemies(b, u):
    return [t for t in b.view().enemies_of(u)]


def _attacks(style: str, command) -> Callable:
    def commands(b, u) -> Iterator:
        for t in _enemies(b, u):
            for w in weapons_in_hand(b, u.name):
                if usable(w, style) and footprint_distance(u, t) <= reach_of(w, style):
                    yield command(u.name, target=t.name, weapon=w.id)
    return commands


def _dashes(b, u) -> Iterator:
    reach = rm.reachable(b.view(), u, move_hexes(sheet_of(b, u.name), "dash"))
    for t in _enemies(b, u):
        for w in weapons_in_hand(b, u.name):
            if not usable(w, "dash") or footprint_distance(u, t) > reach_of(w, "dash"):
                continue
            yield L.DashAttack(u.name, target=t.name, weapon=w.id)
            for h in reach:
                states = reach.states_to(h) if h != u.anchor else None
                if states:
                    yield L.DashAttack(u.name, target=t.name, weapon=w.id,
                                       **path_fields(b, u, states))


def _power_commands(b, u) -> Iterator:
    view = b.view()
    for p in sheet_of(b, u.name).powers:
        if p.action == "interruption":
            continue
        if p.area is None:
            pool = view.living() if p.heal else _enemies(b, u)
            for t in pool:
                if not p.heal or t.team == u.team:
                    yield L.UsePower(u.name, power=p.id, target=t.name)
        elif p.area.shape == "close_burst":
            yield L.UsePower(u.name, power=p.id)
        elif p.area.shape == "burst":
            for h in {x for s in u.hexes for x in hexes_within(s, p.range)}:
                if b.hexmap.contains(h):
                    yield L.UsePower(u.name, power=p.id, at=b.cell(h))
        elif p.area.shape == "cone":
            for aim in range(areas.AIMS):
                yield L.UsePower(u.name, power=p.id, at=b.cell(u.anchor), aim=aim)


def _draws(b, u) -> Iterator:
    carried = b.component(u.name, Weapons)
    for w in carried.sheathed:
        yield L.HandleEquipment(u.name, weapon=w)
    for w, _ in carried.ground:
        yield L.HandleEquipment(u.name, weapon=w)


def _waits(b, u) -> Iterator:
    for ally in b.view().allies_of(u):
        for after in (False, True):
            yield L.Wait(u.name, ally=ally.name, after=after)


def _single(command) -> Callable:
    def commands(b, u) -> Iterator:
        yield command(u.name)
    return commands


ACTIONS = (
    ActionRow("shift", "1 move action", _move("shift"), _paths("shift", L.Shift),
                _path_options("shift", L.Shift)),
    ActionRow("walk", "1 move action", _move("walk"), _paths("walk", L.Walk),
                _path_options("walk", L.Walk)),
    ActionRow("run", "1 move action", _move("run"), _paths("run", L.Run),
                _path_options("run", L.Run)),
    ActionRow("jump", "1 move action", _move("jump"), _single(L.Jump)),
    ActionRow("get_up", "1 move action", _get_up, _single(L.GetUp)),
    ActionRow("light_attack", "the major action", _attack("light"),
                _attacks("light", L.LightAttack)),
    ActionRow("heavy_attack", "the major action", _attack("heavy"),
                _attacks("heavy", L.HeavyAttack)),
    ActionRow("volley_attack", "the major action", _attack("volley"),
                _attacks("volley", L.VolleyAttack)),
    ActionRow("dash_attack", "the major action", _attack("dash"), _dashes),
    ActionRow("scope_attack", "the major action", _attack("scope"),
                _attacks("scope", L.ScopeAttack)),
    ActionRow("throw_weapon", "the major action", _attack("throw"),
                _attacks("throw", L.ThrowWeapon)),
    ActionRow("use_power", "the power's action, its MP and a use", _powers,
                _power_commands),
    ActionRow("block", "the major action", _major("Block"), _single(L.Block)),
    ActionRow("handle_equipment", "the major action (picking up: free)", _nothing, _draws),
    ActionRow("consume_substance", "the major action", _major("Consume Substance"),
                _single(L.ConsumeSubstance)),
    ActionRow("wait", "its place in the order", _nothing, _waits),
    ActionRow("end_turn", "nothing", _nothing, _single(L.EndTurn)),
)

TABLE = ActionTable("light rules", ACTIONS, check, L.EndTurn, G.actor)
KINDS, ACTION_IDS = TABLE.kinds, TABLE.ids
refusal, can_start, options = TABLE.refusal, TABLE.can_start, TABLE.options
action_option, actions = TABLE.action_option, TABLE.actions
_legal = TABLE.legal


__all__ = ["ACTIONS", "ACTION_IDS", "KINDS", "action_option", "actions", "can_start",
           "options", "refusal"]
