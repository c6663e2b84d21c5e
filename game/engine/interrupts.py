"""Interrupt turns (docs/rules/09-turns-and-actions.md "Interrupt Turn", "Prepare to Interrupt").

An enemy's action has moments where it may be interrupted (`moment`, a generator the actions
run): before an attack roll ("attacks"), after a step that brings the mover within a
creature's reach ("enters_reach") or into its sight ("comes_into_sight"). At such a moment
two kinds of creature may try:

- a creature that spends its Reaction (an **Interrupt Turn**): it has not acted this round,
  can react, sees the mover, the mover is not the first actor of the round and the mode is not
  top-down; the mover is an enemy, or an ally that was not picked by another creature of its
  side (`TurnState.picked_by_ally`); its owner answers by its interrupt policy (`always`,
  `never`, `ask`: the battle pauses with a PendingReaction of kind "interrupt" until a React
  command answers);
- a creature whose **prepared** trigger is this moment, set off by an enemy (no Reaction
  needed, Fortunate).

All who try roll initiative against the mover; only the highest succeeds (the mover keeping
the highest check means all fail). The winner's turn starts at once (`Pause`, handled by
`turns.drive`): the mover's action stays paused where it is (`Battle.suspend`) until the
interrupt turn ends, then it goes on (`turns.resume_paused`, from `turns.proceed`) if it
still can.
A prepared interrupt turn has the Big Actions its creature kept and may spend them on the
prepared action only (`prepared_only`; the action that prepares one is
`game.engine.prepare_interrupt`); in top-down initiative it is a single prepared Big Action,
with no Little Action before or after it.

Decisions where the rules leave it open: a prepared trigger watches enemies only; an
interrupt turn cannot itself be interrupted; a creature is asked at
most once per turn of the mover; a 5-Foot Step, a Little Action or a reaction is never
interrupted.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from game.engine import events as E
from game.engine import roster
from game.engine.state import Prepared, Refused
from game.engine.combat import Ask
from game.ecs.components import Reactions
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
#: ... in top-down initiative, where it is "a single prepared Big Action"
TOP_DOWN_ALLOWED = ("end_turn",)


@lru_cache(maxsize=None)
def action_name(kind: type) -> str:
    """The action a command class names, as the legality table names actions: each command
    is its action's name in CamelCase ("KnockoutStrike": "knockout_strike"). Derived, not
    listed: a hand-written table missed the newer actions, so a prepared interrupt turn
    refused them with another reason than the menu gave."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", kind.__name__).lower()


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
    if trigger in ("attacks", "casts"):     # "casts": a spell (game.engine.spells)
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


def _present(b, who, actor) -> bool:
    return who != actor and roster.able(b, who) and who not in b.unaware


def _hostile(b, who, actor) -> bool:
    return b.teams_of[who] != b.teams_of[actor]


def _ally_interruptible(b, actor: str) -> bool:
    """May `actor`'s own side interrupt it? Only in a turn of its own (not a minion acting in
    its leader's turn) that no other creature of its side picked."""
    return actor == b.active and actor not in b.leader_of and not b.turn.picked_by_ally


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
        if who not in b.eids or not _present(b, who, actor):
            continue
        hostile = _hostile(b, who, actor)
        if not hostile and not _ally_interruptible(b, actor):
            continue
        prep = b.interrupts.get(who) if hostile else None
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
    """A generator run by an action of `actor`: offer the interrupt, roll, pause for the winner's
    turn. Returns True when an interrupt turn was taken. A creature is offered an Interrupt Turn
    once per turn of `actor` (docs/rules/09-turns-and-actions.md "Interrupt Turn")."""
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
                    b.emit(E.ReactionDeclined(who, actor, "interrupt"))
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

def prepared_only(b, action: str) -> None:
    """In a prepared interrupt turn the Big Actions go to the prepared action only; in
    top-down initiative the turn is that single Big Action and nothing else."""
    prepared = b.turn.prepared
    top_down = b.initiative_mode == "top-down"
    allowed = TOP_DOWN_ALLOWED if top_down else ALWAYS_ALLOWED
    if prepared and action != prepared and action not in allowed:
        also = "End Turn" if top_down else "a Little Action, or End Turn"
        raise Refused("prepared_action_only", f"{b.active} prepared to {prepared.replace('_', ' ')}: "
                      f"this interrupt turn is for that action (or {also})")


def check_command(b, cmd) -> None:
    """`prepared_only` for the action of `cmd`, when it is an action of the battle's rules
    (`Battle.profile.action_ids`, the legality table's ids). `guards.actor_of_turn` runs it,
    so it sees only the commands of a creature's turn, never a reaction's."""
    action = action_name(type(cmd))
    if action in b.profile.action_ids:
        prepared_only(b, action)


__all__ = ["ALWAYS_ALLOWED", "PREPARABLE", "Pause", "TOP_DOWN_ALLOWED", "TRIGGERS",
           "action_name", "candidates",
           "check_command", "contest", "moment", "prepared_only"]
