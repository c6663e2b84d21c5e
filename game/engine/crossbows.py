"""Crossbows: shot with a Little Action, loaded with a Big one (docs/rules/09-turns-and-
actions.md "Crossbows").

A crossbow is loaded when the battle begins. Shooting it is an attack paid with the Little
Action (or a Big Action spent as one) instead of a Big one; it still counts among the attacks
the creature's level allows a turn (level 0-4: one). The shot leaves it unloaded
(`Weapons.unloaded`, written by `game.engine.inventory`) until its wielder spends a Big Action
on Load Crossbow, which provokes like a ranged attack made while threatened. An unloaded crossbow cannot shoot and
threatens no one (`game.rules.situation`, `game.rules.threat`).
"""
from __future__ import annotations

from game.ecs.components import Weapons
from game.engine import commands as C
from game.engine import events as E
from game.engine.combat import opportunity_attacks, stopped
from game.engine.attacks import attack_left, begin_attack
from game.engine.guards import actor_of_turn, big_action, confirm_action
from game.engine.registry import COMMANDS
from game.engine.spending import non_attack_action, spend
from game.engine.state import Refused
from game.rules.attack import is_crossbow, is_crossbow_shot

SHOT = "Shoot a loaded crossbow"


def loaded_crossbows(u) -> list:
    return [w for w in u.weapons if is_crossbow(w) and w.id not in u.unloaded]


def may_shoot_with_little(b, u) -> bool:
    """Has `u` a loaded crossbow in hand, an attack left this turn and the Little Action (or
    a Big one) to shoot it?"""
    if not loaded_crossbows(u):
        return False
    try:
        attack_left(b, u, little=True)
    except Refused:
        return False
    return True


def begin_shot(b, u) -> None:
    """The shot is counted among the turn's attacks and spends the Little Action (or a Big
    Action spent as one)."""
    begin_attack(b, u, SHOT, little=True)


def can_load_crossbow(b, u) -> None:
    big_action(b, u, 1, "loading a crossbow")
    if not any(is_crossbow(w) and w.id in u.unloaded for w in u.weapons):
        raise Refused("nothing_to_load", f"{u.name} holds no crossbow waiting to be loaded")


def _to_load(u, name):
    for w in u.weapons:
        if is_crossbow(w) and w.id in u.unloaded and (
                name is None or name.strip().lower() in (w.id.lower(), w.name.lower())):
            return w
    raise Refused("nothing_to_load", f"{u.name} holds no unloaded crossbow {name!r}")


@COMMANDS.handles(C.LoadCrossbow)
def load_crossbow(b, cmd):
    """LoadCrossbow: a Big Action that provokes; afterwards the crossbow may shoot again."""
    u = actor_of_turn(b, cmd)
    can_load_crossbow(b, u)
    weapon = _to_load(u, cmd.weapon)
    provokers = confirm_action(cmd, b.view(), u, f"loading {weapon.name}")

    def perform():
        spend(b, u.name, "Load Crossbow", big=1)
        non_attack_action(b)
        yield from opportunity_attacks(b, u.name, b.cell(u.anchor), provokers,
                                       "loading a crossbow", stop_if_prone=False)
        if u.name in b.eids and not stopped(b, u.name, by_prone=False):
            w = b.component(u.name, Weapons)
            b.update(u.name, Weapons, unloaded=tuple(i for i in w.unloaded if i != weapon.id))
            b.emit(E.WeaponMoved(u.name, weapon.name, "loaded"))
    return perform


def candidates(b, u):
    for w in u.weapons:
        if is_crossbow(w) and w.id in u.unloaded:
            yield C.LoadCrossbow(u.name, weapon=w.id)


__all__ = ["SHOT", "begin_shot", "can_load_crossbow", "candidates", "is_crossbow_shot",
           "load_crossbow", "loaded_crossbows", "may_shoot_with_little"]
