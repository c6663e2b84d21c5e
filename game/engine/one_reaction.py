"""What the rulebooks with a single reaction, the opportunity attack, share (the light and
steller profiles: docs/architecture.md "Rule profiles"): the checks every command makes first
(the battle goes on, no answer is awaited, it is this creature's turn) and the two commands
about that reaction, React and SetPolicy. `attack` is the reaction's name in the rulebook's
words, as the refusals say it.
"""
from __future__ import annotations

from game.data.model import AOO_POLICIES
from game.ecs.components import Controller
from game.engine import events as E
from game.engine.state import Refused


def ready(b, attack: str) -> None:
    if b.winner:
        raise Refused("battle_over", "the battle is over: " + (
            "a draw" if b.winner == "draw" else f"{b.winner} won"))
    if b.pending:
        raise Refused("awaiting_reaction", f"the battle waits for {b.pending.reactor}'s "
                      f"answer to the {attack} on {b.pending.mover} (React)")


def actor(b, cmd, attack: str):
    """The active creature named by `cmd.unit` (its UnitView)."""
    ready(b, attack)
    name = cmd.unit
    if not isinstance(name, str):
        raise Refused("bad_command", f"a command names its unit, got {name!r}")
    if name != b.active:
        b.entity(name)
        raise Refused("not_your_turn", f"it is {b.active}'s turn, not {name}'s")
    return b.unit(name)


def react(b, cmd, attack: str):
    """The answer of an `ask` creature to its prompt."""
    if b.pending is None:
        ready(b, attack)
        raise Refused("no_reaction_awaited", "no reaction is awaited")
    if cmd.unit != b.pending.reactor:
        raise Refused("not_reactor", f"the battle waits for {b.pending.reactor}'s reaction, "
                      f"not {cmd.unit}'s")
    if not isinstance(cmd.accept, bool):
        raise Refused("bad_command", "React.accept is true or false")
    return lambda: cmd.accept


def set_policy(b, cmd, rulebook: str, attack: str):
    """`ask`, `always` or `never` for the creature's one reaction (`rulebook`: "the light
    rules" and the like)."""
    if not isinstance(cmd.unit, str) or cmd.unit not in b.eids:
        b.entity(cmd.unit)
    if cmd.reaction != "aoo":
        raise Refused("bad_command", f"{rulebook} have one reaction: aoo (the {attack})")
    if cmd.policy not in AOO_POLICIES:
        raise Refused("bad_command", f"unknown policy {cmd.policy!r} (use "
                      f"{', '.join(AOO_POLICIES)})")

    def perform():
        b.update(cmd.unit, Controller, aoo_policy=cmd.policy)
        b.emit(E.PolicySet(cmd.unit, cmd.policy, cmd.reaction))
    return perform


__all__ = ["actor", "react", "ready", "set_policy"]
