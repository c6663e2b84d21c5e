"""Selective initiative's options for the creature whose turn it is
(docs/rules/09-turns-and-actions.md "Deferring", "Ignoring an enemy"; 08-flanking.md).

- **Defer** (`can_defer`, `defer`): a creature picked by an ally may, before it does anything,
  let that ally pick another creature and take its turn later this round; not when it is the
  last that may act, not when an enemy picked it, not in an interrupt turn. Its turn is kept
  as it started (nothing of the start of a turn happens twice): when it is picked again it
  goes on with it (`turns.resume_deferred`).
- **Ignore an enemy** (`can_ignore_enemy`, `ignore_enemy`): a Little Action (one pays for every
  foe named in the same turn); until the start of its next turn the creature is flat-footed
  against each ignored foe, which is Fortunate on its attacks against it, cannot flank it and
  does not count for ganging up on it (the attack code reads `Battle.ignoring`).
"""
from __future__ import annotations

from game.engine import commands as C
from game.engine import events as E
from game.engine import guards, spending
from game.engine.turns import candidates, offer_choice
from game.engine.registry import COMMANDS
from game.engine.state import Refused, TurnState


def can_defer(b, u) -> None:
    if b.turn.interrupting:
        raise Refused("interrupt_turn", f"{u.name} is taking an interrupt turn: it acts now")
    if not b.turn.picked_by:
        raise Refused("not_picked_by_ally", f"only a creature picked by an ally, before it "
                      f"does anything, may defer: {u.name} must take its turn")
    if not [n for n in candidates(b) if n != u.name]:
        raise Refused("last_to_act", f"{u.name} is the last creature that may act this round: "
                      "it cannot defer")


@COMMANDS.handles(C.Defer)
def defer(b, cmd):
    """Defer: the ally that picked the creature picks another; it acts later this round."""
    u = guards.actor_of_turn(b, cmd)
    can_defer(b, u)

    def perform():
        chooser = b.turn.picked_by
        b.note(deferred=(*b.deferred, u.name), active=None, turn=TurnState())
        if b.first_of_round == u.name:
            b.note(first_of_round=None)     # the first to act opens the round
        b.emit(E.Deferred(u.name, chooser))
        offer_choice(b, chooser, [n for n in candidates(b) if n != u.name])
    return perform


def can_ignore_enemy(b, u) -> None:
    if not b.turn.ignore_paid:
        guards.little_action(b, u, "Ignore an Enemy")


@COMMANDS.handles(C.IgnoreEnemy)
def ignore_enemy(b, cmd):
    u = guards.actor_of_turn(b, cmd)
    can_ignore_enemy(b, u)
    t = guards.enemy_target(b, u, cmd.target)
    ignored = tuple(b.ignoring.get(u.name, ()))
    if t.name in ignored:
        raise Refused("already_ignored", f"{u.name} already ignores {t.name} until its next turn")

    def perform():
        if not b.turn.ignore_paid:
            spending.spend_little(b, u.name, "Ignore an Enemy")
            b.note_turn(ignore_paid=True)
        b.note_entry("ignoring", u.name, (*ignored, t.name))
        b.emit(E.EnemyIgnored(u.name, t.name))
    return perform


__all__ = ["can_defer", "can_ignore_enemy", "defer", "ignore_enemy"]
