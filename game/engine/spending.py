"""Spending the actions of a turn, once a command is checked and performs
(docs/rules/09-turns-and-actions.md "Actions"; docs/architecture.md "The engine").

`spend` takes Big and Little Actions from the creature's budget and says so (ActionSpent);
`spend_little` pays a Little Action with a Big one when the Little is gone; every action but
an attack ends the turn's attack run (`non_attack_action`: Aim, a Charge's chance and a
double attack are lost); `until_next_turn` leaves an effect that ends when the creature's
next turn starts (Run, Retreat, Fight Defensively, a full-round action).
"""
from __future__ import annotations

from game.ecs.components import ActionBudget
from game.engine import events as E
from game.rules import conditions as cond


def spend(b, name: str, action: str, big: int = 0, little: int = 0) -> None:
    """`name` spends `big` Big and `little` Little Actions on `action`."""
    budget = b.budget(name)
    b.update(name, ActionBudget, big=budget.big - big, little=budget.little - little)
    b.note_turn(picked_by="")           # it has begun its turn: too late to defer
    b.emit(E.ActionSpent(name, action, budget.big - big, budget.little - little))


def spend_little(b, name: str, action: str) -> None:
    """The Little Action, or a Big Action spent as one when the Little one is gone."""
    if b.budget(name).little > 0:
        spend(b, name, action, little=1)
    else:
        spend(b, name, action + " (a Big Action spent as a Little one)", big=1)


def non_attack_action(b) -> None:
    """Any action but an attack ends Aim, a Charge's chance and a double attack."""
    b.note_turn(aim=False, ran=0, attacks_left=0)


def until_next_turn(b, name: str, effect: str) -> None:
    """`effect` on `name` until its next turn starts."""
    b.set_condition(name, effect, 1, cond.until_next_turn(b.eids[name]))


__all__ = ["non_attack_action", "spend", "spend_little", "until_next_turn"]
