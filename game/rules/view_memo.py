"""What the rules remember lives on the object it is about: a battle view (views are
immutable snapshots) or a map. No module keeps a table of views or maps, so a memo dies with
its view or its map, no battle's answers outlive it, and a thread that reads its own battle
(the computer player deciding on `Battle.detached`) never meets another thread's views.

- `memo(owner, name)`: the dict `name` attached to `owner`, made at first use. The sight
  indexes (`game.rules.sight`), the movement fields (`game.rules.movement`), flanking and
  the cover of every pair (`game.rules.cover`) keep their answers there.
- `per_view(view, key, compute)`: `compute()` remembered under `key` (all the answer depends
  on besides the view): rules asked the same question many times in one decision (the touch
  attack of a wrestling maneuver: by the legality query, the forecast and the computer
  player) use it.
- `per_pair(view, name, a, b, key, compute)`: the same for a question about two creatures
  (cover, concealment, sight between attacker and target), asked again by every action and
  target check of one legality query. The creatures are matched by identity, so a
  hypothetical creature (moved, not in the view) gets its own answer.
- `known_pair(view, name, a, b, key)`: what `per_pair` remembers, without computing it.
- `forget(owner)`: drop what is remembered about `owner` (a cold start, for benchmarks).

A map is shared by a battle and its detached copy, so memos are only read with `get` and
written with `setdefault` or one assignment (single steps under the interpreter lock): two
threads asking at once at worst compute the same answer twice.
"""
from __future__ import annotations

from typing import Callable, Hashable

_ATTR = "_memos"
_MISSING = object()


def memo(owner, name: str) -> dict:
    """The dict of memos `name` attached to `owner` (a BattleView, a HexMap)."""
    memos = owner.__dict__.get(_ATTR)
    if memos is None:
        memos = owner.__dict__.setdefault(_ATTR, {})
    table = memos.get(name)
    if table is None:
        table = memos.setdefault(name, {})
    return table


def per_view(view, key: Hashable, compute: Callable):
    """`compute()` for `view` and `key`, remembered as long as the view lives."""
    answers = memo(view, "per_view")
    found = answers.get(key, _MISSING)
    if found is _MISSING:
        found = answers.setdefault(key, compute())
    return found


def per_pair(view, name: str, a, b, key: Hashable, compute: Callable):
    """`compute()` for `view`, the creatures `a` and `b` (these very objects) and `key`."""
    answers = memo(view, name)
    slot = (id(a), id(b), key)
    found = answers.get(slot)
    if found is None or found[0] is not a or found[1] is not b:
        found = answers[slot] = (a, b, compute())
    return found[2]


def known_pair(view, name: str, a, b, key: Hashable):
    """What `per_pair` remembers for these arguments, or None when it has not been asked."""
    found = memo(view, name).get((id(a), id(b), key))
    if found is None or found[0] is not a or found[1] is not b:
        return None
    return found[2]


def forget(owner) -> None:
    """Forget everything remembered about `owner`."""
    owner.__dict__.pop(_ATTR, None)


def remembered(owner) -> int:
    """How many answers are remembered about `owner` (for tests of the memos' lifetime)."""
    return sum(len(table) for table in owner.__dict__.get(_ATTR, {}).values())


__all__ = ["forget", "known_pair", "memo", "per_pair", "per_view", "remembered"]
