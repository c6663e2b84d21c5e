"""Rounds and turns of the light rules (docs/rules/light/turns.md).

- Initiative: d20 + Senses, rolled once at the start of the battle; the order holds for the
  whole battle (highest first; ties: higher Senses, then the map name). Wait moves a turn.
- A turn: one move action and one major action in any order, or two move actions
  (`LightTurn`).
- The start of a turn: a K.O.'d creature with a life left respawns first; Block ends;
  Tripped ends; Stunned ends, and the turn has no move actions; Burned and Poisoned deal
  their damage and count down; an Airborne creature falls: Grounded and 5 damage.
- The end of a turn: a Blinded or Invisible given by a power for some turns counts down.
- K.O. at 0 HP: the creature leaves the board and loses a life (`knock_out`). A side loses
  when every creature of it is out (K.O.'d with no life left).
"""
from __future__ import annotations

from game.ecs.components import ActionBudget, Footprint, Health
from game.ecs.light_components import LightPool, LightTurn
from game.engine import events as E
from game.engine.light.body import is_out, pool_of, sheet_of
from game.engine.light.respawn import respawn_place
from game.rules.conditions import advance
from game.rules.light.conditions import AIRBORNE_FALL_DAMAGE, TICKING

DRAW = "draw"


def in_battle(b, name: str) -> bool:
    """On the board, or K.O.'d with a life left (it will respawn)."""
    return name in b.eids and not is_out(b, name)


def start_battle(b) -> None:
    b.note(round=1)
    b.emit(E.RoundStarted(1))
    rolls = []
    for u in b.view().units:
        d20 = b.dice.d20()
        senses = sheet_of(b, u.name).senses
        rolls.append((-(d20 + senses), -senses, u.name))
        b.note_entry("initiative", u.name, d20 + senses)
        b.emit(E.InitiativeRolled(u.name, d20 + senses, f"d20 {d20} + Senses {senses}"))
    b.note(order=tuple(name for *_, name in sorted(rolls)))
    if not check_victory(b):
        proceed(b)


def next_actor(b) -> str | None:
    return next((n for n in b.order if in_battle(b, n) and not b.budget(n).acted), None)


def proceed(b) -> None:
    """The next creature in the order takes its turn; a new round when all have."""
    while not b.winner:
        name = next_actor(b)
        if name is None:
            new_round(b)
            continue
        if begin_turn(b, name):
            return
        finish_turn(b, name)
        check_victory(b)            # it fell at the start of its turn: was it the last one?


def new_round(b) -> None:
    for name in b.order:
        if name in b.eids:
            b.update(name, ActionBudget, acted=False)
    b.note(round=b.round + 1)
    b.emit(E.RoundStarted(b.round))


def begin_turn(b, name: str) -> bool:
    """Start `name`'s turn (module docstring); False when it ends at once (it fell). A
    creature that Waited this round goes on with the turn it began: nothing that happens at
    the start of a turn happens twice."""
    b.note(active=name, chooser=None, last_actor=name)
    for other in b.order:           # a new enemy turn: Opportunity Attacks come back
        if other in b.eids and b.component(other, LightTurn).opportunity_against:
            b.update(other, LightTurn, opportunity_against=())
    waited = b.component(name, LightTurn).began == b.round
    if b.health(name).dead and not waited:
        respawn(b, name)
    b.emit(E.TurnStarted(name, b.round))
    if not waited:
        b.update(name, LightTurn, moves=0, major=False, jumped=False, attacks=0,
                 no_moves=False, began=b.round)
        start_of_turn_conditions(b, name)
    return not b.health(name).dead


def start_of_turn_conditions(b, name: str) -> None:
    active = dict(b.conditions(name).active)
    for ending in ("blocking", "tripped"):
        if ending in active:
            b.remove_condition(name, ending)
    if "stunned" in active:
        b.update(name, LightTurn, no_moves=True)
        b.remove_condition(name, "stunned")
    for condition, (damage, _) in TICKING.items():
        if condition in active and not b.health(name).dead:
            left = active[condition] - 1
            if left > 0:
                b.set_condition(name, condition, left)
            else:
                b.remove_condition(name, condition)
            harm(b, name, damage, condition, by="")
    if "airborne" in active and not b.health(name).dead:
        b.remove_condition(name, "airborne")
        b.set_condition(name, "grounded", 1)
        harm(b, name, AIRBORNE_FALL_DAMAGE, "falling", by="")


def finish_turn(b, name: str) -> None:
    if name in b.eids:
        end_of_turn_conditions(b, name)
        b.update(name, ActionBudget, acted=True)
        b.update(name, LightTurn, jumped=False)
        b.emit(E.TurnEnded(name))
    b.note(active=None)


def end_of_turn_conditions(b, name: str) -> None:
    """A Blinded or Invisible a power gave for some of the creature's turns counts one down;
    it ends as the last of them ends (game.rules.light.conditions.LASTING)."""
    c = b.conditions(name)
    left, ended = advance(c.expires, b.eids[name], "end")
    if left != c.expires:
        b.set_conditions(name, c.active, left)
    for condition in ended:
        b.remove_condition(name, condition)


def harm(b, name: str, amount: int, breakdown: str, by: str, critical: bool = False) -> None:
    """`amount` damage; at 0 HP the creature is K.O.'d."""
    health = b.health(name)
    hp = max(0, health.hp - amount)
    b.update(name, Health, hp=hp)
    b.emit(E.Damaged(name, amount, hp, "", breakdown, critical))
    if hp == 0:
        knock_out(b, name, by)


def knock_out(b, name: str, by: str) -> None:
    """K.O. (docs/rules/light/turns.md): off the board, one life fewer."""
    at = b.cell(b.unit(name).anchor)
    lives = pool_of(b, name).lives - 1
    b.update(name, LightPool, lives=lives)
    b.update(name, Health, hp=0, dead=True)
    b.update(name, Footprint, hexes=())
    b.set_conditions(name, {"ko": 1})
    b.emit(E.KnockedOut(name, at, by, lives))


def respawn(b, name: str) -> None:
    """Back with full HP on a free respawn point of its side, else the nearest free hex."""
    state = respawn_place(b, name)
    b.update(name, Health, hp=b.health(name).max_hp, dead=False)
    b.set_conditions(name, {})
    b.place(name, state)
    b.emit(E.Respawned(name, b.cell(state[0]), pool_of(b, name).lives))


def check_victory(b) -> bool:
    if b.winner:
        return True
    teams = {b.teams_of[n] for n in b.eids if not is_out(b, n)}
    if len(teams) > 1:
        return False
    team = next(iter(teams), DRAW)
    b.note(winner=team, active=None)
    b.emit(E.BattleWon(team, b.round))
    return True


def after_action(b) -> None:
    """After a command: has a side won? Did the active creature fall in its own turn?"""
    if b.pending is not None or check_victory(b):
        return
    active = b.active
    if active is not None and b.health(active).dead:
        finish_turn(b, active)
        proceed(b)


__all__ = ["DRAW", "after_action", "begin_turn", "check_victory", "finish_turn", "harm",
           "in_battle", "knock_out", "next_actor", "proceed", "respawn", "start_battle"]
