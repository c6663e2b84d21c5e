"""The checks every steller action makes before it changes anything (docs/rules/steller/turns.md):
whose turn it is, what the turn has left, and what a target must be. Each raises
`Refused(code, reason)`.

A turn holds a standard, a move and a minor action; a standard may be taken as a move or a
minor, a move as a minor. A dazed creature takes one action in all; a stunned, unconscious or
dying one none; after a charge, none.
"""
from __future__ import annotations

from game.ecs.steller_components import StellerTurn
from game.engine import guards as core
from game.engine import one_reaction
from game.engine.state import Refused
from game.engine.steller.body import is_down, turn_of
from game.rules.steller.conditions import NO_ACTIONS

#: the action slots an action of each type may use, in the order they are spent
SLOTS = {"standard": ("standard",), "move": ("move", "standard"),
         "minor": ("minor", "move", "standard")}


ATTACK = "opportunity attack"       # the reaction's name in the refusals


def ready(b) -> None:
    one_reaction.ready(b, ATTACK)


def actor(b, cmd):
    """The active creature named by `cmd.unit` (its UnitView)."""
    return one_reaction.actor(b, cmd, ATTACK)


def slot_for(b, name: str, action: str) -> str | None:
    """The slot an action of type `action` would spend now (None: none left)."""
    turn = turn_of(b, name)
    if turn.charged or ((turn.dazed or turn.surprise) and turn.acted):
        return None
    if action == "free":
        return "free"
    return next((s for s in SLOTS[action] if not getattr(turn, s)), None)


def can_act(b, u, action: str, what: str) -> str:
    """The slot `what` (an action of type `action`) spends, or Refused."""
    held = next((c for c in NO_ACTIONS if c in u.conditions), None)
    if held or is_down(b, u.name):
        raise Refused("no_actions", f"{u.name} is {held or 'dying'}: it takes no actions")
    slot = slot_for(b, u.name, action)
    if slot is None:
        turn = turn_of(b, u.name)
        why = ("it charged: no further actions" if turn.charged else
               "it is dazed: one action a turn" if turn.dazed and turn.acted else
               "the surprise round: one action" if turn.surprise and turn.acted else
               f"no {action} action left this turn")
        raise Refused(f"no_{action}_action", f"{u.name} cannot {what}: {why}")
    return slot


def spend(b, name: str, slot: str) -> None:
    if slot == "free":
        return
    turn = turn_of(b, name)
    b.update(name, StellerTurn, **{slot: True}, acted=turn.acted + 1)


cell = core.cell             # the map hex a command names (docs/architecture.md)


def creature(b, u, name, enemy: bool = True):
    """A creature on the board named `name`: an enemy (or an ally or itself: enemy False)."""
    if not isinstance(name, str) or not name:
        raise Refused("no_target", f"name a target for {u.name}")
    if name not in b.eids:
        b.entity(name)
    if enemy and b.teams_of[name] == u.team:
        raise Refused("own_side", f"{name} is on {u.name}'s side")
    if not enemy and b.teams_of[name] != u.team:
        raise Refused("not_an_ally", f"{name} is not on {u.name}'s side")
    if b.health(name).dead:
        raise Refused("target_down", f"{name} is dead")
    return b.unit(name)


def confirm(cmd, names, reason: str) -> None:
    """The one refusal of an unconfirmed command that provokes."""
    if names and not getattr(cmd, "confirm", False):
        raise Refused("provokes", reason, provokers=list(names),
                      confirmable=hasattr(cmd, "confirm"))


__all__ = ["SLOTS", "actor", "can_act", "cell", "confirm", "creature", "ready", "slot_for",
           "spend"]
