"""The checks every light action makes before it changes anything (docs/rules/light/turns.md):
whose turn it is, what the turn has left, and what a target or a hex must be. Each raises
`Refused(code, reason)`."""
from __future__ import annotations

from game.ecs.light_components import LightTurn
from game.engine.light.body import turn_of
from game.engine import guards as core
from game.engine import one_reaction
from game.engine.state import Refused


ATTACK = "Opportunity Attack"       # the reaction's name in the refusals


def ready(b) -> None:
    one_reaction.ready(b, ATTACK)


def actor(b, cmd):
    """The active creature named by `cmd.unit` (its UnitView)."""
    return one_reaction.actor(b, cmd, ATTACK)


def move_action(b, u, what: str) -> None:
    """One move action left: none used, or one with the major action unused."""
    turn = turn_of(b, u.name)
    if turn.no_moves:
        raise Refused("stunned", f"{u.name} was Stunned: no move actions this turn")
    if turn.moves >= 2 or (turn.moves == 1 and turn.major):
        raise Refused("no_move_action", f"{u.name} has no move action left for {what}")


def major_action(b, u, what: str) -> None:
    turn = turn_of(b, u.name)
    if turn.major:
        raise Refused("no_major_action", f"{u.name} has used its major action this turn")
    if turn.moves >= 2:
        raise Refused("no_major_action", f"{u.name} took two move actions: no major action "
                      f"left for {what}")


def spend_move(b, name: str) -> None:
    b.update(name, LightTurn, moves=turn_of(b, name).moves + 1)


def spend_major(b, name: str) -> None:
    b.update(name, LightTurn, major=True)


def not_grounded(u, what: str) -> None:
    if u.has("grounded"):
        raise Refused("grounded", f"{u.name} is Grounded: Get Up first (a move action) "
                      f"before it can {what}")


cell = core.cell             # the map hex a command names (docs/architecture.md)


def enemy(b, u, name):
    """A living enemy on the board named `name`."""
    if not isinstance(name, str) or not name:
        raise Refused("no_target", f"name a target for {u.name}")
    if name not in b.eids:
        b.entity(name)
    if b.teams_of[name] == u.team:
        raise Refused("own_side", f"{name} is on {u.name}'s side")
    if b.health(name).dead:
        raise Refused("target_down", f"{name} is K.O.'d and off the board")
    return b.unit(name)


def confirm(cmd, names, reason: str) -> None:
    """The one refusal of an unconfirmed command that provokes."""
    if names and not getattr(cmd, "confirm", False):
        raise Refused("provokes", reason, provokers=list(names),
                      confirmable=hasattr(cmd, "confirm"))


__all__ = ["actor", "cell", "confirm", "enemy", "major_action", "move_action",
           "not_grounded", "ready", "spend_major", "spend_move"]
