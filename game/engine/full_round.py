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


def _target_of(b, name: str) -> str | None:
    eid = b.conditions(name).active.get(PENDING)
    return next((n for n, e in b.eids.items() if e == eid), None) if eid else None


def complete(b, name: str) -> None:
    """At the start of `name`'s turn: its Coup de Grace lands, or is interrupted."""
    if name not in b.eids or PENDING not in b.conditions(name).active:
        return
    target = _target_of(b, name)
    b.remove_condition(name, PENDING)
    if not able(b, name):
        why = f"{name} cannot act"
    elif target is None:
        why = "its target has left"
    else:
        why = coup_problem(b.unit(name), b.unit(target))[1]
    if why:
        b.emit(E.FullRoundInterrupted(name, ACTION, target or "", why))
        return
    b.update(target, Health, dead=True)
    b.emit(E.Died(target, b.cell(b.unit(target).anchor), name, "coup de grace"))


def moved(b, name: str) -> None:
    """`name` was moved off its hex: a Coup de Grace under way is interrupted."""
    if PENDING not in b.conditions(name).active:
        return
    target = _target_of(b, name)
    b.remove_condition(name, PENDING)
    b.emit(E.FullRoundInterrupted(name, ACTION, target or "", f"{name} was moved"))


__all__ = ["ACTION", "PENDING", "begin", "complete", "coup_problem", "moved"]
