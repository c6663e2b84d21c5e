"""Rounds, turns and initiative (docs/rules/09-turns-and-actions.md;
docs/rules/04-attacks-of-opportunity.md reactions; docs/rules/11-hit-points-and-conditions.md
bleeding, stabilisation and durations; docs/rules/12-winning.md "Winning").

- `start_battle(b)`: round 1; everyone rolls initiative (`game.rules.initiative`); in top-down and
  round-by-round initiative every creature is Flat-Footed until its first turn starts
  (docs/rules/09-turns-and-actions.md "Initiative"); the highest check that can act opens the
  round.
- `start_turn(b, name)`: the Reaction comes back (and the AOO count of the round restarts);
  "until your next turn" effects end and `conditions.advance(..., "start")` runs; the gang-up
  count against it ends; an unused prepared interrupt lapses; Bleed X takes X HP; a Dying
  creature rolls its DC 20 FORT save (once per round: it has one turn per round); the budget
  is 2 Big + 1 Little (fewer when Staggered, Weakened 5; none when it cannot act).
  A deferred creature picked again goes on with the turn it began (`game.engine.selective`);
  an interrupt turn gives no Reaction back (`game.engine.interrupts`); the foes it ignored are
  no longer ignored; it looks for hidden enemies with its passive Spot
  (`game.engine.spotting`).
- `finish_turn(b, name)`: `advance(..., "end")`, unused movement is lost; a creature hidden by
  the map is seen (`game.engine.awareness`; one that hid stays hidden, `game.engine.spotting`).
- `proceed(b)`: after an interrupt turn, the paused turn goes on; else who acts next, by mode:
  * selective (default): the creature that ended its turn (`b.chooser`) picks among the
    creatures of any side that have not acted this round (a `ChooseNext` command; a single
    candidate is picked automatically). When all that can act have acted, the last of them
    picks who opens the next round, itself allowed.
  * top-down: initiative order, highest first, every round.
  * round-by-round: everyone rolls before each round (the last actor of the previous round
    +5); the highest opens; then the actors pick as in selective.
- Round 1 may be a surprise round, round 2 ends it (`game.engine.awareness`).
- Minions roll no initiative and take no turn: they follow their leader in the order and act
  in its turn; their group's turn starts and ends with it (`game.engine.minions`).
- `check_victory(b)`: docs/rules/12-winning.md.

Decisions where the rules reference is silent:
- Creatures that cannot act (unconscious, dying, stunned) are never offered as a choice. Each
  one still gets its turn once per round, automatically (bleeding, the stabilisation save and
  durations happen in it): in selective and round-by-round initiative after every creature
  that can act has acted, in initiative order, before the next round opens; in top-down at its
  place in the order. They never pick who acts next: the last creature that took a real turn
  picks. Dead creatures and those that left the map get no turn.
- Bleeding first, then the stabilisation save (the save reduces the bleeding to come).
- The creature that ended its turn picks even when it was knocked out during that turn (its
  controller picks for it); a creature that falls at the start of its own turn (bleeding)
  ends that turn at once and picks too.
- Nobody standing on any side: a draw (`b.winner == "draw"`); nobody able to act while two
  sides still stand (every creature stunned for ever): a draw too.
"""
from __future__ import annotations

from game.ecs.components import ActionBudget, Reactions
from game.engine import events as E
from game.engine import (afflictions, awareness, digestion, fatigue, full_round, minions,
                         objectives, saddle, spotting)
from game.engine.combat import reveal
from game.engine.falling import stall_if_slow
from game.engine.grapples import settle
from game.engine.health import bleed_and_stabilise
from game.engine.spending import spend
from game.engine.roster import able, acted, advance_durations, present, standing
from game.engine.interrupts import Pause
from game.engine.state import PendingReaction, Prepared, TurnState
from game.rules import conditions as cond
from game.rules.initiative import initiative_order, roll_initiative

DRAW = "draw"


# ---- initiative ---------------------------------------------------------------------------

def roll_all(b) -> None:
    """Everyone present rolls initiative (docs/rules/09-turns-and-actions.md); sets `b.order` and
    `b.initiative`. Round-by-round: the last actor of the previous round gets +5."""
    view = b.view()
    checks = []
    for u in view.units:
        if u.dead or u.name not in b.eids or u.name in b.unaware or \
                not minions.takes_turns(b, u.name):
            continue
        last = b.initiative_mode == "round-by-round" and u.name == b.last_actor
        check = roll_initiative(u.name, u.unit, b.dice, u.conditions, last_actor=last)
        checks.append(check)
        b.note_entry("initiative", u.name, check.total)
        b.emit(E.InitiativeRolled(u.name, check.total, check.describe()))
    b.note(order=minions.arrange(b, initiative_order(checks, b.dice.coin)))


def start_battle(b) -> None:
    """Round 1 (docs/rules/09-turns-and-actions.md)."""
    b.note(round=1)
    b.emit(E.RoundStarted(1))
    objectives.started(b)
    awareness.start(b)
    saddle.start(b)
    minions.start(b)
    roll_all(b)
    if b.initiative_mode == "top-down":      # round 1 flat-footedness: top-down only
        for name in b.order:
            if not b.unit(name).has("flat_footed"):
                b.set_condition(name, "flat_footed", 1, cond.until_next_turn(b.eids[name]))
    if check_victory(b):
        return
    first = next((n for n in b.order if able(b, n) and minions.takes_turns(b, n)), None)
    if first is None or not _begin(b, first):
        proceed(b)


# ---- a turn ---------------------------------------------------------------------------------

def start_turn(b, name: str, restore_reaction: bool = True) -> None:
    """The start-of-turn hooks (module docstring). `proceed` and `after_action` end the turn
    at once when the creature cannot act in it. A deferred creature goes on with the turn it
    began; an interrupt turn does not give the spent Reaction back."""
    if resume_deferred(b, name):
        return
    if b.first_of_round is None and able(b, name):
        b.note(first_of_round=name)     # the hex-native rules: it cannot be interrupted
    b.note(active=name, chooser=None, turn=TurnState())
    b.emit(E.TurnStarted(name, b.round))
    if restore_reaction:
        b.update(name, Reactions, available=1, aoo_this_round=0)
    advance_durations(b, name, "start")
    b.note_entry("gang_up", name, None)
    b.note_entry("ignoring", name, None)
    if name in b.interrupts:
        b.note_entry("interrupts", name, None)
        b.emit(E.InterruptLapsed(name))
    bleed_and_stabilise(b, name)
    afflictions.turn_start(b, name)
    digestion.turn_start(b, name)
    if name not in b.eids:
        return
    full_round.complete(b, name)
    full_round.complete_waking(b, name)
    if present(b, name) and cond.can_act(b.unit(name).conditions):
        spotting.passive_spot(b, name)      # docs/rules/22-hiding-and-fog.md "Spot"
    conditions = b.unit(name).conditions if present(b, name) else {}
    can = present(b, name) and cond.can_act(conditions)
    economy = b.ruleset.economy
    big = min(economy.big_per_turn, cond.big_actions(conditions))
    b.update(name, ActionBudget, big=big if can else 0,
             little=economy.little_per_turn if can else 0, movement=0, moved=False,
             stepped=False, attacks=0)
    if can:
        afflictions.lose_to_pain(b, name, spend)
        digestion.spit_out(b, name)
    minions.start_group_turn(b, name)


def finish_turn(b, name: str, real: bool = True) -> None:
    """End of turn: durations advance, unused movement is lost (docs/rules/03-movement.md,
    11-hit-points-and-conditions.md)."""
    if name in b.eids:
        if real:
            stall_if_slow(b, name)      # docs/rules/21-terrain-and-falling.md "Flying"
        fatigue.after_turn(b, name)
        advance_durations(b, name, "end")
        b.update(name, ActionBudget, movement=0, acted=True)
    minions.end_group_turn(b, name)
    if name in b.hidden and name not in b.hide_values:
        reveal(b, name)         # an ambush the map set ends with the first turn; a Hide lasts
    b.note(turn=TurnState(), active=None)
    if real:
        b.note(last_actor=name)
    b.emit(E.TurnEnded(name))


# ---- who acts next --------------------------------------------------------------------------

def candidates(b) -> list[str]:
    """Creatures that may be picked to act next: present, able, not acted this round (and
    not a minion: it acts in its leader's turn)."""
    return [n for n in b.order if able(b, n) and not acted(b, n) and minions.takes_turns(b, n)]


def proceed(b) -> None:
    """After a turn: start the next one or wait for ChooseNext (module docstring)."""
    for _ in range(10_000):
        if check_victory(b):
            return
        if b.suspended:
            resume_paused(b)
            return
        if b.initiative_mode == "top-down":
            nxt = next((n for n in b.order if present(b, n) and not acted(b, n)
                        and minions.takes_turns(b, n)), None)
            if nxt is None:
                if _stalemate(b):
                    return
                new_round(b)
                continue
            if _begin(b, nxt, real=able(b, nxt)):
                return
            continue
        waiting = candidates(b)
        if waiting:
            if offer_choice(b, b.last_actor, waiting):
                return
            continue
        unable = [n for n in b.order if present(b, n) and not acted(b, n)
                  and minions.takes_turns(b, n)]
        if unable:
            for n in unable:
                _begin(b, n, real=False)
            continue
        if _stalemate(b):
            return
        new_round(b)
        if b.winner:
            return
        if b.initiative_mode == "round-by-round":
            if _begin(b, next(n for n in b.order if able(b, n) and minions.takes_turns(b, n))):
                return
            continue
        if offer_choice(b, b.last_actor, [n for n in b.order if able(b, n)
                                          and minions.takes_turns(b, n)]):
            return
    raise RuntimeError("turn order did not settle")  # pragma: no cover


def _begin(b, name: str, real: bool = True) -> bool:
    """Start `name`'s turn; True when it can act in it (else its turn is over at once, e.g.
    it bled into unconsciousness)."""
    start_turn(b, name)
    if able(b, name):
        return True
    finish_turn(b, name, real=real)
    return False


def offer_choice(b, chooser: str | None, options: list[str]) -> bool:
    """Selective initiative: `chooser` picks among `options` (True: the battle waits for the
    choice, or a turn began); a single option is taken at once."""
    chooser = chooser or options[0]
    if len(options) == 1:
        b.emit(E.NextChosen(chooser, options[0]))
        began = _begin(b, options[0])
        if _ally_picked(b, chooser, options[0]):
            b.note_turn(picked_by_ally=True)    # its side may not interrupt it
        return began
    b.note(active=None, chooser=chooser)
    b.emit(E.ChoiceNeeded(chooser, tuple(options)))
    return True


def _ally_picked(b, chooser: str, chosen: str) -> bool:
    """Did another creature of its side pick `chosen`, whose turn has begun?"""
    return chooser != chosen and b.teams_of.get(chooser) == b.teams_of.get(chosen) and \
        b.active == chosen


def choose(b, chooser: str, chosen: str) -> None:
    b.emit(E.NextChosen(chooser, chosen))
    start_turn(b, chosen)
    if _ally_picked(b, chooser, chosen):
        # it may defer (game.engine.selective); its side may not interrupt it
        # (game.engine.interrupts)
        b.note_turn(picked_by=chooser, picked_by_ally=True)


def new_round(b) -> None:
    """The round is over (the map's objectives may end the battle here) and the next one
    starts."""
    winner = objectives.round_over(b)
    if winner:
        _win(b, winner)
        return
    b.note(round=b.round + 1, first_of_round=None, deferred=())
    for n in b.eids:
        b.update(n, ActionBudget, acted=False)
    b.emit(E.RoundStarted(b.round))
    if b.unaware:
        awareness.end_surprise(b)
    if b.initiative_mode == "round-by-round":
        roll_all(b)
    minions.new_round(b)
    objectives.new_round_started(b)


def _stalemate(b) -> bool:
    if any(able(b, n) and minions.takes_turns(b, n) for n in b.eids):
        return False
    _win(b, DRAW)
    return True


# ---- winning (docs/rules/12-winning.md) ---------------------------------------------------------

def check_victory(b) -> bool:
    """A side wins when every creature of every other side is dead, unconscious or gone, or
    by the map's objectives (game.engine.objectives): a side that lost its protected creature
    is out of the running, one with reinforcements sure to come is not beaten yet."""
    if b.winner:
        return True
    all_teams = {t for t in b.teams_of.values()}
    if len(all_teams) < 2:
        return False
    by_objectives = objectives.decide(b)
    if by_objectives:
        _win(b, by_objectives)
        return True
    up = ({b.teams_of[n] for n in b.eids if standing(b, n)} | objectives.still_coming(b)) \
        - objectives.out_of_the_running(b)
    if len(up) == 1:
        _win(b, next(iter(up)))
        return True
    if not up:
        _win(b, DRAW)
        return True
    return False


def _win(b, team: str) -> None:
    b.note(winner=team, active=None, chooser=None)
    b.wait_for(None)
    b.emit(E.BattleWon(team, b.round))


def after_action(b) -> None:
    """After every command: the battle may be won; an active creature that can no longer act
    (knocked out during its own action) ends its turn; grapples that no longer hold end."""
    settle(b)
    saddle.settle(b)            # a mount that went down throws its rider
    minions.hand_back(b)        # a minion's action is over: its leader's turn goes on
    objectives.after_action(b)
    if check_victory(b):
        return
    if b.active is not None and not able(b, b.active):
        finish_turn(b, b.active)
        proceed(b)


# ---- the flow of an action: pauses for reactions and interrupt turns -----------------------------

def drive(b, process, answer=None, started: bool = False) -> None:
    """Run a performed action until it ends (then `after_action`), asks a reaction (then the
    battle waits: `b.pending`, a ReactionAsked event) or pauses for an interrupt turn
    (`begin_interrupt_turn`)."""
    if not hasattr(process, "send"):
        if b.pending is None:
            after_action(b)
        return
    try:
        ask = process.send(answer) if started else next(process)
    except StopIteration:
        after_action(b)
        return
    if isinstance(ask, Pause):
        begin_interrupt_turn(b, ask, process)
        return
    b.wait_for(PendingReaction(ask.reactor, ask.mover, ask.at, process, ask.kind, ask.attack))
    b.emit(E.ReactionAsked(ask.reactor, ask.mover, ask.at, ask.kind))


def begin_interrupt_turn(b, pause: Pause, process) -> None:
    """The mover's turn pauses with its action; the winner's interrupt turn begins
    (game.engine.interrupts)."""
    b.suspend(pause.actor, process)
    prep = pause.prepared
    if prep is None:
        start_turn(b, pause.winner, restore_reaction=False)
        b.note_turn(interrupting=True)
    else:
        b.note(active=pause.winner, chooser=None,
               turn=TurnState(prepared=prep.action, interrupting=True))
        b.update(pause.winner, ActionBudget, big=prep.big, little=prep.little, movement=0,
                 moved=False, stepped=False, attacks=0)
        b.emit(E.TurnResumed(pause.winner))
    if not able(b, pause.winner):
        finish_turn(b, pause.winner)
        proceed(b)


def resume_paused(b) -> None:
    """The interrupt turn is over: the paused turn and its action go on."""
    process = b.resume()
    b.emit(E.TurnResumed(b.active))
    drive(b, process, None, started=True)


def resume_deferred(b, name: str) -> bool:
    """A deferred creature picked again goes on with its turn (True), nothing restarts
    (game.engine.selective)."""
    if name not in b.deferred:
        return False
    b.note(deferred=tuple(n for n in b.deferred if n != name), active=name, chooser=None,
           turn=TurnState())
    if b.first_of_round is None:
        b.note(first_of_round=name)
    b.emit(E.TurnResumed(name))
    return True


__all__ = ["DRAW", "Prepared", "TurnState", "able", "acted", "after_action",
           "begin_interrupt_turn", "candidates", "check_victory", "choose", "drive",
           "finish_turn", "new_round", "offer_choice", "present", "proceed", "resume_deferred",
           "resume_paused", "roll_all", "standing", "start_battle", "start_turn"]
