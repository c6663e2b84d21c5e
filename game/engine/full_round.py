"""Full-round actions that complete at the start of the actor's next turn
(docs/rules/09-turns-and-actions.md "Full-round actions").

A Coup de Grace spends both Big Actions when it starts, provokes then, and leaves the actor
"in a full-round action" (no other action, no reaction) until its next turn. The blow itself
lands only when that turn starts, so the others may react in between:

- `begin(b, name, target)`: the action starts: the `coup_de_grace` effect on the actor holds
  the target's entity id, and a FullRoundStarted event says so.
- `complete(b, name)`: at the start of the actor's turn (`game.engine.turns.start_turn`), the
  blow lands if `coup_problem` finds nothing in the way: the target dies. Otherwise a
  FullRoundInterrupted event names what stopped it: the actor cannot act (unconscious,
  stunned, helpless, dead), the target is no longer helpless, has died or left, or is out of
  reach.
- Moving the actor (a shove, a push) interrupts it at once (`Battle.place` calls
  `moved(b, name)`).

`coup_problem(u, t)` is the one check of a Coup de Grace's target, asked when the command is
given and again when it completes.
"""
from __future__ import annotations

from game.ecs.components import Health
from game.engine import events as E
from game.engine.roster import able
from game.rules import conditions as cond
from game.rules.threat import footprint_distance

PENDING = "coup_de_grace"      # the effect of an actor whose Coup de Grace is under way
ACTION = "Coup de Grace"


def coup_problem(u, t) -> tuple[str, str]:
    """(code, reason) of what stops `u`'s Coup de Grace on `t` now; ("", "") when nothing."""
    if t.dead:
        return "target_dead", f"{t.name} is already dead"
    if "helpless" not in cond.effective(t.conditions):
        return "not_helpless", f"{t.name} is not helpless: a Coup de Grace needs a helpless target"
    distance = footprint_distance(u, t)
    if not any(w.can_melee and (u.unit.reach_with(w) or 0) >= distance for w in u.weapons):
        return "out_of_reach", (f"{t.name} is not within {u.name}'s melee reach "
                                f"({distance} hexes away)")
    return "", ""


def begin(b, name: str, target: str) -> None:
    """The Coup de Grace of `name` on `target` is under way until `name`'s next turn."""
    b.set_condition(name, PENDING, b.eids[target])
    b.emit(E.FullRoundStarted(name, ACTION, target))


def _target_of(b, name: str, pending: str = PENDING) -> str | None:
    eid = b.conditions(name).active.get(pending)
    return next((n for n, e in b.eids.items() if e == eid), None) if eid else None


def _due(b, name: str, pending: str, action: str, problem, gone: str) -> str | None:
    """At the start of `name`'s turn, its full-round action `pending` ends: the target's name
    when it lands, else None after a FullRoundInterrupted naming what stopped it (the actor
    cannot act, the target has left, or `problem(actor, target)` finds something)."""
    if name not in b.eids or pending not in b.conditions(name).active:
        return None
    target = _target_of(b, name, pending)
    b.remove_condition(name, pending)
    if not able(b, name):
        why = f"{name} cannot act"
    elif target is None:
        why = gone
    else:
        why = problem(b.unit(name), b.unit(target))[1]
    if why:
        b.emit(E.FullRoundInterrupted(name, action, target or "", why))
        return None
    return target


def complete(b, name: str) -> None:
    """At the start of `name`'s turn: its Coup de Grace lands, or is interrupted."""
    target = _due(b, name, PENDING, ACTION, coup_problem, "its target has left")
    if target is not None:
        b.update(target, Health, dead=True)
        b.emit(E.Died(target, b.cell(b.unit(target).anchor), name, "coup de grace"))


def moved(b, name: str) -> None:
    """`name` was moved off its hex: a Coup de Grace (or a waking) under way is interrupted."""
    for pending, action in ((PENDING, ACTION), (WAKING, WAKE_ACTION)):
        if pending not in b.conditions(name).active:
            continue
        target = _target_of(b, name, pending)
        b.remove_condition(name, pending)
        b.emit(E.FullRoundInterrupted(name, action, target or "", f"{name} was moved"))


# ---- waking a knocked-out creature (docs/rules/11-hit-points-and-conditions.md "Asleep") -----

WAKING = "waking"          # the effect of an actor shaking a knocked-out creature awake
WAKE_ACTION = "Wake Up"


def wake_problem(u, t) -> tuple[str, str]:
    """(code, reason) of what stops `u` waking the knocked-out `t` now; ("", "") when
    nothing."""
    if t.dead:
        return "target_dead", f"{t.name} is dead"
    if "knocked_out" not in t.conditions:
        return "not_asleep", f"{t.name} is not knocked out any more"
    if footprint_distance(u, t) != 1:
        return "not_adjacent", f"{t.name} is not adjacent to {u.name}"
    return "", ""


def begin_waking(b, name: str, target: str) -> None:
    """`name` spends its turn waking `target`, who wakes when `name`'s next turn starts."""
    b.set_condition(name, WAKING, b.eids[target])
    b.emit(E.FullRoundStarted(name, WAKE_ACTION, target))


def complete_waking(b, name: str) -> None:
    """At the start of `name`'s turn: the knocked-out creature it shook wakes, prone, or the
    waking is interrupted."""
    target = _due(b, name, WAKING, WAKE_ACTION, wake_problem, "the sleeper has left")
    if target is not None:
        b.remove_condition(target, "knocked_out")
        b.set_condition(target, "prone", 1)


__all__ = ["ACTION", "PENDING", "WAKE_ACTION", "WAKING", "begin", "begin_waking", "complete",
           "complete_waking", "coup_problem", "moved", "wake_problem"]
