"""A small memo per battle for what the window asks every frame (reachable hexes, threat
areas), emptied whenever the battle's version changes; the overlays of every rule profile
share it (docs/architecture.md "The store, the computer's snapshot, and where caches live")."""
from __future__ import annotations

import weakref

_CACHE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_CACHE_LIMIT = 64


def cached(battle, key, compute):
    """A small memo per battle, emptied whenever the battle's version changes."""
    version, memo = _CACHE.get(battle, (None, None))
    if version != battle.version:
        memo = {}
        _CACHE[battle] = (battle.version, memo)
    if key not in memo:
        if len(memo) >= _CACHE_LIMIT:
            memo.pop(next(iter(memo)))
        memo[key] = compute()
    return memo[key]


__all__ = ["cached"]
