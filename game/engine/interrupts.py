"""Interrupt turns (RULES.md 9 "Turns, actions, initiative"; the players' page "Turns, actions
and initiative": Interrupt Turn, Prepare to Interrupt).

An enemy's action has moments where it may be interrupted (`moment`, a generator the actions
run): before an attack roll ("attacks"), after a step that brings the mover within a
creature's reach ("enters_reach") or into its sight ("comes_into_sight"). At such a moment
two kinds of creature may try:

- a creature that spends its Reaction (an **Interrupt Turn**): it has not acted this round,
  can react, sees the mover, the mover is not the first actor of the round and the mode is not
  top-down; its owner answers by its interrupt policy (`always`, `never`, `ask`: the battle
  pauses with a PendingReaction of kind "interrupt" until a React command answers);
- a creature whose **prepared** trigger is this moment (no Reaction needed, Fortunate).

All who try roll initiative against the mover; only the highest succeeds (the mover keeping
the highest check means all fail). The winner's turn starts at once (`Pause`, handled by
`handlers.drive`): the mover's action stays paused where it is (`Battle.suspend`) until the
interrupt turn ends, then it goes on (`resume_paused`, from `turns.proceed`) if it still can.
A prepared interrupt turn has the Big Actions its creature kept and may spend them on the
prepared action only (`prepared_only`).

Decisions where the rules leave it open: only enemies' actions are offered (an ally's turn is
shared by picking it); an interrupt turn cannot itself be interrupted; a creature is asked at
most once per turn of the mover; a 5-Foot Step, a Little Action or a reaction is never
interrupted.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from game.engine import commands as C
from game.engine import events as E
from game.engine.registry import COMMANDS
from game.engine.state import Prepared, Refused, TurnState
from game.engine.combat import Ask
from game.ecs.components import ActionBudget, Reactions
from game.rules.initiative import initiative_order, roll_initiative
from game.rules.situation import find_weapon, preview_weapon
from game.rules.sight import line_of_sight
from game.rules.threat import can_react, footprint_distance, threatening_weapons, \
    weapon_threat_reach

TRIGGERS = ("enters_reach", "attacks", "comes_into_sight")
#: the Big Actions a creature may prepare (one Big Action pays for each)
PREPARABLE = ("attack", "power_attack", "move", "run", "aim", "fight_defensively", "stand_up")
#: what a prepared interrupt turn may do besides its prepared action
ALWAYS_ALLOWED = ("step", "drop_prone", "ignore_enemy", "end_turn", "leave_map")


def action_of(cmd) -> str | None:
    """The action a command takes on its creature's turn, as the legality table names it
    (each command is its action's name in CamelCase), None for the other commands. Derived,
    not listed: a hand-written table missed the newer actions, so a prepared interrupt turn
    refused them with another reason than the menu gave."""
    return _action_of_type(type(cmd))


@lru_cache(maxsize=None)
def _action_of_type(kind: type) -> str | None:
    from game.engine.legality import KINDS
    action = re.sub(r"(?<!^)(?=[A-Z])", "_", kind.__name__).lower()
    found = KINDS.get(action)
    return action if found is not None and not found.reaction else None


class Pause(NamedTuple):
    """The mover's action pauses: `winner` takes its interrupt turn now."""
    winner: str
    actor: str
    prepared: Prepared | None


# ---- who may try ----------------------------------------------------------------------------

def _reach(u, weapon_id: str | None = None) -> int:
    if weapon_id:
        w = find_weapon(u, weapon_id)
        return (u.unit.reach_with(w) or 0) if w is not None and w.can_melee else -1
    return max((weapon_threat_reach(u, w) for w in threatening_weapons(u)), default=-1)


def _fires(b, who, actor, trigger: str, before, weapon_id=None) -> bool:
    view = b.view()
    me, them = view.unit(who), view.unit(actor)
    if trigger == "attacks":
        return before is None and line_of_sight(view, me, them)
    if before is None or not before.has_unit(actor) or not before.has_unit(who):
        return False
    old = before.unit(actor)
    if trigger == "enters_reach":
        reach = _reach(me, weapon_id)
        return footprint_distance(me, them) <= reach < footprint_distance(me, old)
    return line_of_sight(view, me, them) and not line_of_sight(before, before.unit(who), old)


def _prepared_possible(b, who, actor, prep: Prepared) -> bool:
    """A prepared attack waits until it can reach the enemy that set the trigger off."""
    if prep.action not in ("attack", "power_attack"):
        return True
    view = b.view()
    me = view.unit(who)
    weapons = [w for w in me.weapons if prep.action == "attack" or w.can_melee]
    return any(preview_weapon(view, me, view.unit(actor), w).possible for w in weapons)


def _hostile_present(b, who, actor) -> bool:
    from game.engine.turns import able
    return who != actor and able(b, who) and b.teams_of[who] != b.teams_of[actor] \
        and who not in b.unaware


def _may_spend_reaction(b, who) -> bool:
    if b.initiative_mode == "top-down" or b.budget(who).acted or who in b.leader_of:
        return False        # a minion has no turn of its own to take now
    return b.reactions(who).available > 0 and can_react(b.unit(who))


def candidates(b, actor: str, triggers, before=None) -> list[tuple]:
    """Who may try to interrupt `actor` now, in initiative order: (name, its Prepared or
    None for an Interrupt Turn by Reaction, the trigger that fired)."""
    if actor == b.first_of_round or b.turn.interrupting or actor in b.hidden:
        return []
    out = []
    for who in b.order:
        if who not in b.eids or not _hostile_present(b, who, actor):
            continue
        prep = b.interrupts.get(who)
        if prep is not None and prep.trigger in triggers:
            if _fires(b, who, actor, prep.trigger, before, prep.weapon) and \
                    _prepared_possible(b, who, actor, prep):
                out.append((who, prep, prep.trigger))
                continue
        if who not in b.turn.asked and _may_spend_reaction(b, who):
            fired = next((t for t in triggers if _fires(b, who, actor, t, before)), None)
            if fired is not None:
                out.append((who, None, fired))
    return out


# ---- the moment -----------------------------------------------------------------------------

def moment(b, actor: str, triggers, before=None):
    """A generator run by an action of `actor`: offer the interrupt, roll, pause for the
    winner's turn. Returns True when an interrupt turn was taken. A creature is offered an
    Interrupt Turn once per turn of `actor` (LFG: not the same creature multiple times)."""
    takers, fired = [], {}
    for who, prep, trigger in candidates(b, actor, triggers, before):
        if prep is None:
            if who in b.turn.asked:
                continue
            b.note_turn(asked=(*b.turn.asked, who))
            policy = b.controller(who).interrupt_policy
            if policy == "never":
                continue
            if policy == "ask":
                accept = yield Ask(who, actor, b.cell(b.unit(actor).anchor), "interrupt")
                if not accept:
                    b.emit(E.ReactionDeclined(who, actor))
                    continue
                if who not in b.eids or not _may_spend_reaction(b, who):
                    continue
        takers.append((who, prep))
        fired[who] = trigger
    if not takers:
        return False
    winner = contest(b, actor, takers, fired)
    if winner is None:
        return False
    b.emit(E.TurnPaused(actor, winner[0]))
    yield Pause(winner[0], actor, winner[1])
    return True


def contest(b, actor: str, takers, fired: dict):
    """Reactions and prepared actions are spent; the opposed initiative check (the prepared
    Fortunate; top-down: a prepared creature needs no roll). The winner, or None."""
    for who, prep in takers:
        if prep is None:
            b.update(who, Reactions, available=b.reactions(who).available - 1)
        else:
            b.note_entry("interrupts", who, None)
    at = b.cell(b.unit(actor).anchor)
    if b.initiative_mode == "top-down":
        who, prep = takers[0]
        b.emit(E.InterruptTriggered(who, actor, True, "top-down initiative: the prepared "
                                    "action needs no roll", fired[who], at))
        return takers[0]
    view = b.view()
    checks = {who: roll_initiative(who, view.unit(who).unit, b.dice, view.unit(who).conditions,
                                   fortune=1 if prep else 0) for who, prep in takers}
    mover = roll_initiative(actor, view.unit(actor).unit, b.dice, view.unit(actor).conditions)
    first = initiative_order([*checks.values(), mover], b.dice.coin)[0]
    for who, prep in takers:
        note = " (Fortunate: prepared)" if prep else " (Reaction)"
        text = (f"{checks[who].describe()}{note} vs {mover.describe()}: {first} acts first "
                "(rules: Turns, actions and initiative)")
        b.emit(E.InterruptTriggered(who, actor, who == first, text, fired[who], at,
                                    prep is not None))
    return next((t for t in takers if t[0] == first), None)


# ---- the interrupt turn ---------------------------------------------------------------------

def begin(b, pause: Pause, process) -> None:
    """The mover's turn pauses with its action; the winner's turn begins."""
    from game.engine import turns
    b.suspend(pause.actor, process)
    prep = pause.prepared
    if prep is None:
        turns.start_turn(b, pause.winner, restore_reaction=False)
        b.note_turn(interrupting=True)
    else:
        b.note(active=pause.winner, chooser=None,
               turn=TurnState(prepared=prep.action, interrupting=True))
        b.update(pause.winner, ActionBudget, big=prep.big, little=prep.little, movement=0,
                 moved=False, stepped=False, attacks=0)
        b.emit(E.TurnResumed(pause.winner))
    if not turns.able(b, pause.winner):
        turns.finish_turn(b, pause.winner)
        turns.proceed(b)


def resume_paused(b) -> None:
    """The interrupt turn is over: the paused turn and its action go on."""
    from game.engine.handlers import drive
    process = b.resume()
    b.emit(E.TurnResumed(b.active))
    drive(b, process, None, started=True)


def prepared_only(b, action: str) -> None:
    """In a prepared interrupt turn the Big Actions go to the prepared action only."""
    prepared = b.turn.prepared
    if prepared and action != prepared and action not in ALWAYS_ALLOWED:
        raise Refused("prepared_action_only", f"{b.active} prepared to {prepared.replace('_', ' ')}: "
                      "this interrupt turn is for that action (or a Little Action, or End Turn)")


def check_command(b, cmd) -> None:
    action = action_of(cmd)
    if action is not None:
        prepared_only(b, action)


# ---- Prepare to Interrupt -------------------------------------------------------------------

def can_prepare_interrupt(b, u) -> None:
    from game.engine import guards
    from game.engine.minions import not_for_minions
    not_for_minions(b, u, "Prepare to Interrupt")
    guards.big_action(b, u, guards.big_cost(b, "prepare_interrupt"),
                      "Prepare to Interrupt (a Big Action now, one kept for the prepared action)")
    if b.turn.interrupting:
        raise Refused("interrupt_turn", f"{u.name} is taking an interrupt turn: it cannot "
                      "prepare another")


def _guard(action: str):
    from game.engine import handlers as H
    return {"attack": H.can_attack, "power_attack": H.can_power_attack, "move": H.can_move,
            "run": H.can_run, "aim": H.can_aim, "fight_defensively": H.can_fight_defensively,
            "stand_up": H.can_stand_up}[action]


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
    from game.engine.attacks import ready_weapon
    return ready_weapon(b, u)


@COMMANDS.handles(C.PrepareInterrupt)
def prepare_interrupt(b, cmd):
    """Prepare to Interrupt (RULES.md 9): a trigger and a Big Action; the turn ends."""
    from game.engine import guards, spending, turns
    u = guards.actor_of_turn(b, cmd)
    can_prepare_interrupt(b, u)
    if cmd.trigger not in TRIGGERS:
        raise Refused("bad_command", f"unknown trigger {cmd.trigger!r} (use {', '.join(TRIGGERS)})")
    if cmd.action not in PREPARABLE:
        raise Refused("not_preparable", f"{cmd.action!r} cannot be prepared: one Big Action "
                      f"is kept for it (prepare one of {', '.join(PREPARABLE)})")
    _guard(cmd.action)(b, u)
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


__all__ = ["action_of", "can_prepare_interrupt", "prepare_interrupt", "PREPARABLE", "Pause", "TRIGGERS", "begin", "candidates",
           "check_command", "contest", "moment", "prepared_only", "resume_paused"]
