"""Running fatigue (docs/rules/03-movement.md "Running fatigue").

A creature may run (Run or Charge) for as many rounds in a row as its CON score. At the end of
each further turn in which it ran it makes a Perseverance check (d20 + Perseverance ranks + CON
mod + the d20 penalties of its conditions) against DC 15, +1 for every earlier check of this
stretch; failing, it gains a Weakened stage (at most 5) and the DC goes back to 15. A turn
without running is a round of rest: the count starts again.

The count lives in the bookkeeping (`Bookkeeping.running`: name -> (rounds run in a row, the
next check's DC)); `after_turn` is called by `game.engine.turns.finish_turn`.
"""
from __future__ import annotations

from game.data.conditions import MAX_WEAKENED
from game.engine import events as E
from game.rules import conditions as cond
from game.rules.sections import cite
from game.rules.skills import skill_bonus

R3 = cite(3)
FIRST_DC = 15


def ran_this_turn(conditions) -> bool:
    """The Run (or Charge) of this turn leaves the `running` effect until the next one."""
    return "running" in conditions


def after_turn(b, name: str) -> None:
    """The end of `name`'s turn: count a round of running or of rest; past its CON score, the
    Perseverance check."""
    if name not in b.eids or b.unit(name).dead:
        return
    u = b.unit(name)
    if not ran_this_turn(u.conditions):
        if name in b.running:
            b.note_entry("running", name, None)
        return
    rounds, dc = b.running.get(name, (0, FIRST_DC))
    rounds += 1
    if rounds > u.unit.con:
        dc = FIRST_DC if _tires(b, name, dc) else dc + 1
    b.note_entry("running", name, (rounds, dc))


def _tires(b, name: str, dc: int) -> bool:
    """The Perseverance check against `dc`; failed, a Weakened stage. True when it failed."""
    u = b.unit(name)
    bonus = skill_bonus(u.unit, "perseverance", u.conditions)
    natural, _ = b.dice.fortune_d20(cond.fortune(u.conditions))
    total = natural + bonus.total
    passed = total >= dc
    b.emit(E.CheckRolled(name, "perseverance", natural, total, dc, passed,
                         f"Perseverance d20 {natural} {bonus.text(first_sign=True)} = {total} "
                         f"vs DC {dc} ({R3})", "running fatigue"))
    if passed:
        return False
    stage = int(u.conditions.get("weakened", 0) or 0)
    if stage < MAX_WEAKENED:
        b.set_condition(name, "weakened", stage + 1)
    return True


__all__ = ["FIRST_DC", "after_turn", "ran_this_turn"]
