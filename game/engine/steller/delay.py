"""Delaying a turn (docs/rules/steller/turns.md "Delay").

A creature may delay before it takes any action of its turn (not dazed, not unable to act): its
start of turn has happened, its end of turn waits. After any later turn of the round ends the
battle asks it whether it comes back now (a prompt answered by React); coming back, it takes
its turn there, and its place in the initiative order moves to just before the creature that
would have acted next. A creature still delaying when its own place in the order comes round
again has lost the delayed turn and takes its regular turn.
"""
from __future__ import annotations

from game.ecs.components import ActionBudget
from game.ecs.steller_components import StellerPool
from game.engine import events as E
from game.engine.combat import Ask
from game.engine.state import Refused
from game.engine.steller.body import is_down, pool_of, turn_of
from game.rules.steller.conditions import NO_ACTIONS

RETURN = "return"          # the prompt's kind


def check_delay(b, u) -> None:
    """May `u` delay now: its own turn, no action taken, able to act and not dazed."""
    held = next((c for c in NO_ACTIONS if c in u.conditions), None)
    if held or is_down(b, u.name):
        raise Refused("no_actions", f"{u.name} is {held or 'dying'}: it cannot delay")
    turn = turn_of(b, u.name)
    if turn.dazed:
        raise Refused("dazed", f"{u.name} is dazed: a dazed creature cannot delay")
    if turn.acted or turn.standard or turn.move or turn.minor or turn.charged:
        raise Refused("already_acted", f"{u.name} has acted this turn: a creature delays "
                      "its whole turn or not at all")
    if pool_of(b, u.name).delay_round == b.round:
        raise Refused("delayed_already", f"{u.name} has delayed once this round")


def set_aside(b, name: str) -> None:
    """`name` delays: no end of its turn now; it waits outside the order."""
    b.update(name, StellerPool, delaying=True, delay_round=b.round)
    b.update(name, ActionBudget, acted=True)
    b.emit(E.ActionSpent(name, "Delay: it will come back later this round", 0, 0))
    b.note(active=None)


def delaying(b, after: str) -> list[str]:
    """The creatures delaying now that may come back after `after`'s turn."""
    return [n for n in b.order if n in b.eids and n != after and pool_of(b, n).delaying
            and not is_down(b, n) and not any(c in b.conditions(n).active
                                              for c in NO_ACTIONS)]


def ask_returns(b, after: str):
    """After `after`'s turn each delaying creature is asked whether it comes back now (a
    generator): the name of the one that does, else None."""
    for name in delaying(b, after):
        if (yield Ask(name, after, b.cell(b.unit(name).anchor), RETURN)):
            return name
    return None


def reorder(b, name: str, before: str | None) -> None:
    """`name`'s place in the initiative order moves to just before `before` (None: the
    last)."""
    order = [n for n in b.order if n != name]
    at = order.index(before) if before in order else len(order)
    b.note(order=tuple(order[:at] + [name] + order[at:]))


def move_before(b, name: str, before: str | None) -> None:
    """`name` comes back: its place in the order moves to just before `before` (the
    creature that would act next; None: the last of the round)."""
    reorder(b, name, before)
    b.update(name, StellerPool, delaying=False)
    b.emit(E.ActionSpent(name, "comes back from its delay" + (
        f", before {before}" if before else ""), 0, 0))


def lose_delayed_turn(b, name: str) -> None:
    """Its place in the order came round while it was still delaying: the delayed turn is
    lost, its place stays."""
    if pool_of(b, name).delaying:
        b.update(name, StellerPool, delaying=False)
        b.emit(E.ActionSpent(name, "Delay: the delayed turn is lost", 0, 0))


__all__ = ["RETURN", "ask_returns", "check_delay", "delaying", "lose_delayed_turn",
           "move_before", "reorder", "set_aside"]
