"""Bull rush, grab, sustaining a grab and escaping one (docs/rules/steller/actions.md "Bull
rush", "Grab and escape"); the numbers are game.rules.steller.maneuvers'.

- Bull rush (a standard action): a Strength attack against the Fortitude of an adjacent enemy
  at most one size larger; a hit pushes it 1 hex and the attacker may shift into the hex it
  left. No damage.
- Grab (a standard action): a Strength attack against the Reflex of such an enemy within its
  natural reach; a hit leaves it grabbed (immobilized). The grabber sustains the grab with a
  minor action each turn (the turn of the grab counts); the grab ends at the end of a turn it
  was not sustained, when the two are no longer within that reach, when the grabber can take no
  opportunity action (dazed, stunned, dying ...), or when the grabbed creature escapes.
- Escape (a move action): Acrobatics against the grabber's Reflex or Athletics against its
  Fortitude; success ends the grab, and the escaper may shift 1 hex as part of it.
"""
from __future__ import annotations

from game.data.model import natural_reach
from game.data.steller import StellerPower
from game.ecs.steller_components import StellerPool, StellerTurn
from game.engine import events as E
from game.engine.guards import path_states
from game.engine.movement import check_path
from game.engine.state import Refused
from game.engine.steller import guards as G
from game.engine.steller.body import is_down, pool_of, sheet_of, turn_of
from game.engine.steller.readied import readied_actions
from game.engine.steller.strikes import strike
from game.rules.movement import can_end_at
from game.rules.steller.conditions import NO_ACTIONS
from game.rules.steller.maneuvers import (
    ESCAPE_DEFENSE, SKILLS, may_handle, skill_bonus, strength_attack,
)
from game.rules.threat import footprint_distance

GRABBED = "grabbed"


def maneuver(b, name: str, which: str) -> StellerPower:
    """A bull rush or a grab as an attack: a Strength attack with no damage."""
    bonus = strength_attack(sheet_of(b, name))
    if which == "bull_rush":
        return StellerPower("bull_rush", "Bull Rush", attack=bonus, vs="fortitude",
                            forced=("push", 1))
    return StellerPower("grab", "Grab", attack=bonus, vs="reflex")


def _target(b, u, name: str, reach: int, what: str):
    t = G.creature(b, u, name)
    if not may_handle(sheet_of(b, u.name).size, sheet_of(b, t.name).size):
        raise Refused("too_big", f"{t.name} is more than one size larger than {u.name}: it "
                      f"cannot {what} it")
    if footprint_distance(u, t) > reach:
        raise Refused("not_adjacent", f"{t.name} is out of {u.name}'s reach to {what} it")
    return t


def bull_rush(b, cmd):
    u = G.actor(b, cmd)
    slot = G.can_act(b, u, "standard", "bull rush")
    t = _target(b, u, cmd.target, 1, "bull rush")

    def perform():
        G.spend(b, u.name, slot)
        left = b.unit(t.name).anchor
        if strike(b, u.name, t.name, maneuver(b, u.name, "bull_rush"), kind="bull rush") \
                and cmd.follow and b.unit(t.name).anchor != left:
            _follow(b, u.name, left)
        yield from readied_actions(b, u.name, "attacks")
    return perform


def _follow(b, name: str, into) -> None:
    """The bull rusher shifts into the hex its target left, where it fits."""
    u = b.unit(name)
    if can_end_at(b.view(), u, into, u.facing):
        start = b.cell(u.anchor)
        b.place(name, (into, u.facing))
        b.emit(E.Moved(name, start, b.cell(into), (b.cell(into),), 1, "shift"))


def grab(b, cmd):
    u = G.actor(b, cmd)
    slot = G.can_act(b, u, "standard", "grab")
    t = _target(b, u, cmd.target, natural_reach(sheet_of(b, u.name).size), "grab")

    def perform():
        G.spend(b, u.name, slot)
        if strike(b, u.name, t.name, maneuver(b, u.name, "grab"), kind="grab"):
            release(b, u.name)
            b.update(u.name, StellerPool, grabbing=t.name)
            b.update(u.name, StellerTurn, sustained=True)
            b.set_condition(t.name, GRABBED, 1)
        yield from readied_actions(b, u.name, "attacks")
    return perform


def sustain_grab(b, cmd):
    u = G.actor(b, cmd)
    if not pool_of(b, u.name).grabbing:
        raise Refused("not_grabbing", f"{u.name} holds nobody in a grab")
    if turn_of(b, u.name).sustained:
        raise Refused("sustained", f"{u.name} has already sustained its grab this turn")
    slot = G.can_act(b, u, "minor", "sustain its grab")

    def perform():
        G.spend(b, u.name, slot)
        b.update(u.name, StellerTurn, sustained=True)
        b.emit(E.ActionSpent(u.name, f"sustains its grab on {pool_of(b, u.name).grabbing}",
                             0, 0))
    return perform


def grabber_of(b, name: str) -> str | None:
    return next((n for n in b.order if n in b.eids and pool_of(b, n).grabbing == name), None)


def escape(b, cmd):
    u = G.actor(b, cmd)
    slot = G.can_act(b, u, "move", "escape")
    holder = grabber_of(b, u.name)
    if holder is None:
        raise Refused("not_grabbed", f"{u.name} is not grabbed")
    if cmd.skill not in SKILLS:
        raise Refused("bad_command", f"escape with {' or '.join(SKILLS)}, not {cmd.skill!r}")
    states = _escape_shift(b, u, cmd.path)

    def perform():
        G.spend(b, u.name, slot)
        if _escape_check(b, u.name, holder, cmd.skill):
            release(b, holder)
            if states:
                _follow(b, u.name, states[0][0])
    return perform


def _escape_shift(b, u, path):
    """The hex an escaper shifts to (none, or one next to it), or Refused."""
    if not path:
        return ()
    states = path_states(b, u, path, ())
    costs, why = check_path(b.view(), u, states)
    if len(states) != 1 or costs is None or not can_end_at(b.view(), u, *states[0]):
        raise Refused("illegal_path", f"an escape shifts {u.name} 1 hex to a free hex next to "
                      f"it{': ' + why if why else ''}")
    return states


def escape_odds(b, name: str, skill: str) -> tuple[float, int, str, int]:
    """(chance, bonus, defense, number) of `name`'s escape check by `skill` from the
    creature that grabs it: d20 + bonus reaching the grabber's defense succeeds."""
    holder = grabber_of(b, name)
    bonus = skill_bonus(sheet_of(b, name), skill)
    defense = ESCAPE_DEFENSE[skill]
    number = sheet_of(b, holder).defense(defense)
    return max(0, min(20, 21 - (number - bonus))) / 20, bonus, defense, number


def _escape_check(b, name: str, holder: str, skill: str) -> bool:
    _, bonus, defense, number = escape_odds(b, name, skill)
    natural = b.dice.d20()
    success = natural + bonus >= number
    b.emit(E.AttackRolled(name, holder, f"Escape ({skill.title()})", (natural,), natural,
                          natural + bonus, number, success, False, False,
                          f"d20 {bonus:+d} {skill.title()} vs {defense.title()} {number}",
                          kind="escape"))
    return success


def release(b, holder: str) -> None:
    """`holder`'s grab ends (if it holds one)."""
    held = pool_of(b, holder).grabbing
    if not held:
        return
    b.update(holder, StellerPool, grabbing="")
    if held in b.eids and GRABBED in b.conditions(held).active:
        b.remove_condition(held, GRABBED)


def check_grabs(b) -> None:
    """End every grab whose grabber can no longer hold on (after each command)."""
    for name in [n for n in b.order if n in b.eids and pool_of(b, n).grabbing]:
        held = pool_of(b, name).grabbing
        gone = held not in b.eids or b.health(held).dead
        active = b.conditions(name).active
        if gone or is_down(b, name) or any(c in active for c in NO_ACTIONS + ("dazed",)) or \
                footprint_distance(b.unit(name), b.unit(held)) > natural_reach(
                    sheet_of(b, name).size):
            release(b, name)


def unsustained(b, name: str) -> None:
    """At the end of the grabber's turn: a grab it did not sustain ends."""
    if pool_of(b, name).grabbing and not turn_of(b, name).sustained:
        release(b, name)


__all__ = ["GRABBED", "bull_rush", "check_grabs", "escape", "escape_odds", "grab", "grabber_of",
           "maneuver", "release", "sustain_grab", "unsustained"]
