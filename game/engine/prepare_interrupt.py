"""Prepare to Interrupt: the action that readies an interrupt turn (docs/rules/
09-turns-and-actions.md "Prepare to Interrupt"; docs/architecture.md "The engine").

A Big Action now, and one Big Action kept for the prepared action: the creature names a
trigger (`interrupts.TRIGGERS`: an enemy enters its reach, attacks, comes into its sight) and
one of the Big Actions it may prepare (`interrupts.PREPARABLE`), which must be possible now;
its turn ends. When the trigger fires, `game.engine.interrupts` gives it an interrupt turn
(Fortunate on the initiative check) in which it may take the prepared action only. A minion
has no turn of its own to prepare; an interrupt turn cannot prepare another.
"""
from __future__ import annotations

from game.engine import commands as C
from game.engine import events as E
from game.engine import guards, handlers, spending, turns
from game.engine.attacks import ready_weapon
from game.engine.interrupts import PREPARABLE, TRIGGERS
from game.engine.minions import not_for_minions
from game.engine.registry import COMMANDS
from game.engine.state import Prepared, Refused
from game.rules.situation import find_weapon

#: the check of each action that may be prepared (it must be possible when it is prepared)
GUARDS = {"attack": handlers.can_attack, "power_attack": handlers.can_power_attack,
          "move": handlers.can_move, "run": handlers.can_run, "aim": handlers.can_aim,
          "fight_defensively": handlers.can_fight_defensively,
          "stand_up": handlers.can_stand_up}


def can_prepare_interrupt(b, u) -> None:
    not_for_minions(b, u, "Prepare to Interrupt")
    guards.big_action(b, u, guards.big_cost(b, "prepare_interrupt"),
                      "Prepare to Interrupt (a Big Action now, one kept for the prepared action)")
    if b.turn.interrupting:
        raise Refused("interrupt_turn", f"{u.name} is taking an interrupt turn: it cannot "
                      "prepare another")


def _watched_weapon(b, u, cmd):
    """The weapon whose reach `enters_reach` watches (a named one, else the longest)."""
    if cmd.weapon is not None:
        weapon = find_weapon(u, cmd.weapon)
        if weapon is None:
            raise Refused("no_such_weapon", f"{u.name} has no weapon {cmd.weapon!r}")
        return weapon
    melee = [w for w in u.weapons if w.can_melee]
    if cmd.trigger == "enters_reach" or not u.weapons:
        return max(melee, key=lambda w: u.unit.reach_with(w), default=None)
    return ready_weapon(b, u)


@COMMANDS.handles(C.PrepareInterrupt)
def prepare_interrupt(b, cmd):
    """Prepare to Interrupt: a trigger and a Big Action; the turn ends."""
    u = guards.actor_of_turn(b, cmd)
    can_prepare_interrupt(b, u)
    if cmd.trigger not in TRIGGERS:
        raise Refused("bad_command", f"unknown trigger {cmd.trigger!r} (use {', '.join(TRIGGERS)})")
    if cmd.action not in PREPARABLE:
        raise Refused("not_preparable", f"{cmd.action!r} cannot be prepared: one Big Action "
                      f"is kept for it (prepare one of {', '.join(PREPARABLE)})")
    GUARDS[cmd.action](b, u)
    weapon = _watched_weapon(b, u, cmd)
    if cmd.trigger == "enters_reach" and (weapon is None or not weapon.can_melee):
        raise Refused("no_melee_weapon", f"{u.name} has no reach to watch: prepare for "
                      "'attacks' or 'comes_into_sight' instead")

    def perform():
        spending.spend(b, u.name, "Prepare to Interrupt", big=1)
        left = b.budget(u.name)
        b.note_entry("interrupts", u.name, Prepared(cmd.trigger, weapon.id if weapon else "",
                                                    b.round, cmd.action, left.big, left.little))
        b.emit(E.InterruptPrepared(u.name, cmd.trigger, weapon.name if weapon else "",
                                   cmd.action))
        turns.finish_turn(b, u.name)
        turns.proceed(b)
    return perform


__all__ = ["GUARDS", "can_prepare_interrupt", "prepare_interrupt"]
