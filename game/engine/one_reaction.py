"""What the rulebooks with a single reaction, the opportunity attack, share (the light and
steller profiles: docs/architecture.md "Rule profiles"): the checks every command makes first
(the battle goes on, no answer is awaited, it is this creature's turn), how a command is
carried out when an action may pause for that reaction, and the two commands about it, React
and SetPolicy. `attack` is the reaction's name in the rulebook's
words, as the refusals say it.
"""
from __future__ import annotations

from game.data.model import AOO_POLICIES
from game.ecs.components import Controller
from game.engine import events as E
from game.engine.combat import Ask
from game.engine.commands import React
from game.engine.state import PendingReaction, Refused


def ready(b, attack: str) -> None:
    if b.winner:
        raise Refused("battle_over", "the battle is over: " + (
            "a draw" if b.winner == "draw" else f"{b.winner} won"))
    if b.pending:
        what = "immediate action offered by" if b.pending.kind == "immediate" else \
            f"{attack} on"
        raise Refused("awaiting_reaction", f"the battle waits for {b.pending.reactor}'s "
                      f"answer to the {what} {b.pending.mover} (React)")


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


def set_policy(b, cmd, rulebook: str, attack: str, fields=None):
    """`ask`, `always` or `never` for the creature's one reaction (`rulebook`: "the light
    rules" and the like), or for each reaction `fields` names (reaction -> the Controller
    field that keeps its policy; by default only "aoo")."""
    fields = fields or {"aoo": "aoo_policy"}
    if not isinstance(cmd.unit, str) or cmd.unit not in b.eids:
        b.entity(cmd.unit)
    if cmd.reaction not in fields:
        if len(fields) == 1:
            raise Refused("bad_command", f"{rulebook} have one reaction: aoo (the {attack})")
        raise Refused("bad_command", f"{rulebook} have the reactions {', '.join(fields)}, "
                      f"not {cmd.reaction!r}")
    if cmd.policy not in AOO_POLICIES:
        raise Refused("bad_command", f"unknown policy {cmd.policy!r} (use "
                      f"{', '.join(AOO_POLICIES)})")

    def perform():
        b.update(cmd.unit, Controller, **{fields[cmd.reaction]: cmd.policy})
        b.emit(E.PolicySet(cmd.unit, cmd.policy, cmd.reaction))
    return perform


def handle(b, cmd, check, after_action) -> list:
    """Carry out `cmd`: `check` it (a `Refused` changes nothing), perform it; an action that
    pauses for an `ask` creature's reaction waits for its React, which resumes it.
    `after_action(b)` runs once the action has ended. The events it gave."""
    perform = check(b, cmd)
    if isinstance(cmd, React):
        process = b.pending.resume
        b.wait_for(None)
        _drive(b, process, after_action, perform(), started=True)
    else:
        _drive(b, perform(), after_action)
    return list(b._out)


def _drive(b, process, after_action, answer=None, started: bool = False) -> None:
    """Run a performed action until it ends or asks a reaction."""
    if not hasattr(process, "send"):
        after_action(b)
        return
    try:
        ask = process.send(answer) if started else next(process)
    except StopIteration:
        after_action(b)
        return
    assert isinstance(ask, Ask)
    b.wait_for(PendingReaction(ask.reactor, ask.mover, ask.at, process, ask.kind,
                                ask.attack))
    b.emit(E.ReactionAsked(ask.reactor, ask.mover, ask.at, ask.kind))


__all__ = ["actor", "handle", "react", "ready", "set_policy"]
