"""Rounds and turns of the steller rules (docs/rules/steller/turns.md).

- Initiative: d20 + the initiative bonus, rolled once at the start of the battle; the order
  holds for the whole battle (highest first; ties: the higher bonus, then a d20 each).
- The start of a turn: ongoing damage; effects that last until the start of its next turn end,
  and so do running, total defense and second wind.
- The end of a turn: a grab it did not sustain ends, its unused aids given earlier are lost;
  effects that last until the end of its next turn end; a saving throw against each "save
  ends" effect; a dying creature makes a death saving throw.
- A creature that can take no action (stunned, unconscious, dying) has its turn pass at once.
- A side loses when every creature of it is dying or dead; the map's objectives may decide
  the battle first (docs/rules/12-winning.md "Objectives"; game.engine.objectives): a side
  that lost its protected creature is out of the running, one with reinforcements sure to
  come is not beaten yet, and the end of a round counts held regions and the round limit.
- Reinforcements roll initiative as they arrive and take their place in the order after
  every creature with a higher or equal total (`join_order`).
- The surprise round (docs/rules/steller/turns.md "The surprise round"): when some creatures
  are unaware (a map's `aware` false, docs/mapping.md) and some are not, round 1 is a surprise
  round: the surprised take no turn in it and grant combat advantage until it ends; the others
  take one action each (a standard, a move or a minor), and spend no action point.
"""
from __future__ import annotations

from game.ecs.components import ActionBudget
from game.ecs.steller_components import StellerPool, StellerTurn
from game.engine import events as E
from game.engine import objectives
from game.engine.steller.aided import expire_aid
from game.engine.steller import zones
from game.engine.steller.body import is_down, pool_of, sheet_of
from game.engine.steller.delay import lose_delayed_turn
from game.engine.steller.effects import count_down, ongoing_damage, saving_throws
from game.engine.steller.health import die, harm, lose_all_temp, spend_surge
from game.engine.steller.maneuvers import check_grabs, unsustained
from game.engine.steller.squeeze import end_squeeze_if_room
from game.rules.steller.attacks import damage_taken
from game.rules.steller.conditions import NO_ACTIONS
from game.rules.steller.health import DEATH_FAILURES, SAVE_NEEDS, death_save

DRAW = "draw"
UNTIL_NEXT_TURN = ("running", "total_defense", "second_wind")


def start_battle(b) -> None:
    b.note(round=1)
    b.emit(E.RoundStarted(1))
    objectives.started(b)
    rolls = []
    for u in b.view().units:
        d20 = b.dice.d20()
        bonus = sheet_of(b, u.name).initiative
        rolls.append([-(d20 + bonus), -bonus, 0, u.name])
        b.note_entry("initiative", u.name, d20 + bonus)
        b.emit(E.InitiativeRolled(u.name, d20 + bonus, f"d20 {d20} + initiative {bonus}"))
    keys = [tuple(r[:2]) for r in rolls]
    for r in rolls:                 # ties of total and bonus: a d20 each
        if keys.count(tuple(r[:2])) > 1:
            r[2] = -b.dice.d20()
    b.note(order=tuple(r[3] for r in sorted(rolls)))
    start_surprise(b)
    if not check_victory(b):
        proceed(b)


def start_surprise(b) -> None:
    """Round 1 is the surprise round when some creatures are unaware and some are not."""
    placed = [p for p in b.hexmap.units if p.name in b.eids]
    unaware = tuple(p.name for p in placed if not p.aware)
    if not unaware or len(unaware) == len(placed):
        return
    b.note(unaware=unaware)
    for name in unaware:
        b.set_condition(name, "surprised", 1)
        b.update(name, ActionBudget, acted=True)        # no turn in the surprise round
    b.emit(E.SurpriseRound(unaware))


def end_surprise(b) -> None:
    """The first regular round begins: nobody is surprised any more."""
    for name in b.unaware:
        if name in b.eids and "surprised" in b.conditions(name).active:
            b.remove_condition(name, "surprised")
    b.note(unaware=())


def next_actor(b) -> str | None:
    return next((n for n in b.order if n in b.eids and not b.health(n).dead
                 and not b.budget(n).acted), None)


def proceed(b) -> None:
    """The next creature in the order takes its turn; a new round when all have. A creature
    that can take no action has its turn pass (its end-of-turn throws are made)."""
    while not b.winner:
        name = next_actor(b)
        if name is None:
            new_round(b)
            continue
        begin_turn(b, name)
        if not check_victory(b) and not b.health(name).dead and not helpless(b, name):
            return
        finish_turn(b, name)
        check_victory(b)


def helpless(b, name: str) -> bool:
    return is_down(b, name) or any(c in b.conditions(name).active for c in NO_ACTIONS)


def new_round(b) -> None:
    """The round is over (the map's objectives may end the battle here) and the next one
    starts (reinforcements of that round arrive)."""
    winner = objectives.round_over(b)
    if winner:
        win(b, winner)
        return
    for name in b.order:
        if name in b.eids:
            b.update(name, ActionBudget, acted=False)
    end_surprise(b)
    b.note(round=b.round + 1)
    b.emit(E.RoundStarted(b.round))
    objectives.new_round_started(b)


def join_order(b, name: str) -> None:
    """A reinforcement's initiative (d20 + its bonus), and its place in the order: after
    every creature with a higher or equal total."""
    d20 = b.dice.d20()
    bonus = sheet_of(b, name).initiative
    b.note_entry("initiative", name, d20 + bonus)
    b.emit(E.InitiativeRolled(name, d20 + bonus, f"d20 {d20} + initiative {bonus}"))
    order = list(b.order)
    at = next((i for i, n in enumerate(order) if b.initiative.get(n, 0) < d20 + bonus),
              len(order))
    b.note(order=tuple(order[:at] + [name] + order[at:]))


def open_turn(b, name: str) -> None:
    """`name` is the active creature, its standard, move and minor actions fresh."""
    b.note(active=name, chooser=None, last_actor=name)
    b.emit(E.TurnStarted(name, b.round))
    b.update(name, StellerTurn, standard=False, move=False, minor=False, charged=False,
             sustained=False, dazed="dazed" in b.conditions(name).active or
             "dominated" in b.conditions(name).active, acted=0, surprise=bool(b.unaware))


def begin_turn(b, name: str) -> None:
    lose_delayed_turn(b, name)
    open_turn(b, name)
    if pool_of(b, name).readied:            # a readied action lapses
        b.update(name, StellerPool, readied=())
    end_squeeze_if_room(b, name)
    b.update(name, StellerPool, immediate_round=0)      # its immediate action is back
    zones.burn(b, name, b.unit(name).hexes)
    for condition in UNTIL_NEXT_TURN:
        if condition in b.conditions(name).active:
            b.remove_condition(name, condition)
    count_down(b, name, "start")
    for damage_type, amount in ongoing_damage(b, name):
        if b.health(name).dead:
            break
        taken = damage_taken(amount, sheet_of(b, name), damage_type, b.conditions(name).active)
        harm(b, name, taken, f"ongoing {amount}{' ' + damage_type if damage_type else ''}"
             + (f" ({taken} after resistance and vulnerability)" if taken != amount else ""),
             by="", damage_type=damage_type)


def finish_turn(b, name: str) -> None:
    if name in b.eids and not b.health(name).dead:
        unsustained(b, name)
        expire_aid(b, name)
        count_down(b, name, "end")
        zones.count_down(b, name)
        saving_throws(b, name)
        if "dying" in b.conditions(name).active:
            death_saving_throw(b, name)
    if name in b.eids:
        b.update(name, ActionBudget, acted=True)
        b.emit(E.TurnEnded(name))
    b.note(active=None)


def death_saving_throw(b, name: str) -> None:
    """Under 10 a failure (the third kills); 20 spends a healing surge and wakes it."""
    natural = b.dice.d20()
    outcome = death_save(natural)
    failures = pool_of(b, name).death_failures + (outcome == "failure")
    b.emit(E.SaveRolled(name, "death", natural, natural, SAVE_NEEDS, outcome != "failure",
                        f"death saving throw: d20 {natural} ({outcome}; failures "
                        f"{failures} of {DEATH_FAILURES})"))
    b.update(name, StellerPool, death_failures=failures)
    if failures >= DEATH_FAILURES:
        die(b, name, "", "death saving throws")
    elif outcome == "wake":
        spend_surge(b, name, name, "death saving throw of 20")


def check_victory(b) -> bool:
    """A side wins when every other is dying or dead, or by the map's objectives (module
    docstring)."""
    if b.winner:
        return True
    by_objectives = objectives.decide(b)
    if by_objectives:
        win(b, by_objectives)
        return True
    teams = ({b.teams_of[n] for n in b.eids if not is_down(b, n)}
             | objectives.still_coming(b)) - objectives.out_of_the_running(b)
    if len(teams) > 1:
        return False
    win(b, next(iter(teams), DRAW))
    return True


def win(b, team: str) -> None:
    lose_all_temp(b)
    b.note(winner=team, active=None)
    b.emit(E.BattleWon(team, b.round))


def after_action(b) -> None:
    """After a command: regions reached (stories, reinforcements); has a side won? Can the
    active creature still act?"""
    if b.pending is None:
        objectives.after_action(b)
    if b.pending is not None:
        return
    check_grabs(b)
    if check_victory(b):
        return
    active = b.active
    if active is not None and (b.health(active).dead or helpless(b, active)):
        finish_turn(b, active)
        proceed(b)


__all__ = ["DRAW", "after_action", "begin_turn", "check_victory", "death_saving_throw",
           "end_surprise", "finish_turn", "helpless", "join_order", "next_actor", "open_turn",
           "proceed", "start_battle", "start_surprise", "win"]
