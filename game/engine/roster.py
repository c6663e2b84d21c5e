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
    """The conditions that end at this `event` ("start" or "end") of `name`'s turn end, on
    every creature: an effect is counted in its source's turns, whoever carries it
    (docs/rules/11-hit-points-and-conditions.md "How long effects last"). At the end of its
    own turn a creature takes over the count of the effects whose source has died or left:
    from then on its own turns count them."""
    if name not in b.eids:
        return
    eid = b.eids[name]
    gone = _gone_sources(b) if event == "end" else frozenset()
    for carrier in list(b.eids):
        c = b.conditions(carrier)
        expires = c.expires
        if carrier == name and gone:
            expires = {k: (eid if who in gone else who, when, turns)
                       for k, (who, when, turns) in expires.items()}
        if not any(who == eid for who, _, _ in expires.values()):
            continue
        left, ended = cond.advance(expires, eid, event)
        _remove_ended(b, carrier, left, ended)


def _gone_sources(b) -> frozenset:
    """The entities that gave effects but take no more turns: dead or off the map."""
    here = {eid for n, eid in b.eids.items() if not b.unit(n).dead}
    sources = {who for n in b.eids for who, _, _ in b.conditions(n).expires.values()}
    return frozenset(sources - here)


def _remove_ended(b, name: str, left: dict, ended) -> None:
    c = b.conditions(name)
    for condition in ended:
        if condition in c.active:
            b.emit(E.ConditionRemoved(name, condition))
    b.set_conditions(name, {k: v for k, v in c.active.items() if k not in ended}, left)


__all__ = ["able", "acted", "advance_durations", "present", "standing"]
