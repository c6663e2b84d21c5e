"""Who is in the battle and may act, and the durations that run with a creature's turns
(docs/rules/09-turns-and-actions.md,
docs/rules/11-hit-points-and-conditions.md "How long effects last", docs/rules/12-winning.md;
docs/architecture.md "The engine").

Read by the turn order (`game.engine.turns`), the minions' groups (`game.engine.minions`) and
the interrupt turns (`game.engine.interrupts`) alike, so none of them needs another's module:
- `present`: alive and on the map; `able`: present and able to act (not unconscious, dying,
  stunned, helpless); `acted`: has taken its turn this round; `standing`: counts for its side
  (not dead, unconscious or gone).
- `advance_durations(b, name, "start" | "end")`: the conditions that end at that moment of
  the creature's turn end, with ConditionRemoved events.
"""
from __future__ import annotations

from game.engine import events as E
from game.rules import conditions as cond


def present(b, name: str) -> bool:
    """Alive and on the map."""
    return name in b.eids and not b.unit(name).dead


def able(b, name: str) -> bool:
    """Present and able to act (not unconscious, dying, stunned, helpless)."""
    return present(b, name) and cond.can_act(b.unit(name).conditions)


def acted(b, name: str) -> bool:
    return b.budget(name).acted


def standing(b, name: str) -> bool:
    """It counts for its side: not dead, not unconscious, not gone."""
    return present(b, name) and "unconscious" not in cond.effective(b.unit(name).conditions)


def advance_durations(b, name: str, event: str) -> None:
    """The conditions of `name` that end at this `event` ("start" or "end") of its turn end
    (game.rules.conditions.advance)."""
    if name not in b.eids:
        return
    c = b.conditions(name)
    left, ended = cond.advance(c.expires, b.eids[name], event)
    for condition in ended:
        if condition in c.active:
            b.emit(E.ConditionRemoved(name, condition))
    b.set_conditions(name, {k: v for k, v in c.active.items() if k not in ended}, left)


__all__ = ["able", "acted", "advance_durations", "present", "standing"]
