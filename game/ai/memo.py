"""What the computer player remembers, and for how long (docs/architecture.md "Layers").

- Within one decision: a `Memo`, created when the player starts deciding and dropped after.
  It holds what depends on the battle as it is now: the map's walls and the hex lines
  tested against them. The scoring context (`game.ai.evaluate.Context`) keeps its own
  per-decision tables (danger of a hex, approach values, hypothetical views) beside it.
- Across decisions: only pure functions, each behind a bounded `functools.lru_cache` (the
  chances of an attack, damage distributions, a creature's value, an enemy's zone, the
  terrain cover between two hexes). `ByKey` lets such a function take an argument that is
  not hashable (a view, a damage formula with its dicts) under a key that says what the
  result depends on.
"""
from __future__ import annotations

from functools import lru_cache

from game.hexgrid import Hex
from game.rules.geometry import linedraw_offsets
from game.rules.sight import terrain_index


class ByKey:
    """An argument for an lru-cached pure function: `value` is what the function reads,
    `key` all it depends on (equal keys must give equal results). While the cache holds
    the entry, the objects named by id() in the key stay alive in `value`, so an id cannot
    be reused by another object meanwhile."""
    __slots__ = ("key", "value", "_hash")

    def __init__(self, key, value):
        self.key = key
        self.value = value
        self._hash = hash(key)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other) -> bool:
        return isinstance(other, ByKey) and self.key == other.key


class Memo:
    """What one decision remembers about the map: its walls, and which hex lines they cut
    (lines tested in earlier decisions are remembered by the pure `wall_on_line`)."""

    def __init__(self, hexmap):
        self.hexmap = hexmap
        walls = terrain_index(hexmap).walls
        self._walls = ByKey(id(walls), walls) if walls else None
        self._lines: dict = {}

    def walls_block(self, a: Hex, b: Hex) -> bool:
        """A cheap test of line of effect: a `wall` hex on the hex line between a and b
        (`hex_linedraw` from a, as the rules' geometry draws it: `linedraw_offsets`; the
        rules' exact test is `game.rules.sight`, this one only ranks candidates)."""
        if self._walls is None:
            return False
        key = (a, b)
        got = self._lines.get(key)
        if got is None:
            got = self._lines[key] = wall_on_line(self._walls, a, b)
        return got


@lru_cache(maxsize=200_000)
def wall_on_line(walls: ByKey, a: Hex, b: Hex) -> bool:
    """Whether a wall hex of `walls` lies strictly between hexes `a` and `b` (cached)."""
    aq, ar = a
    return any((aq + q, ar + r) in walls.value       # Hexes: a (q, r) tuple finds them
               for q, r in linedraw_offsets(b[0] - aq, b[1] - ar)[1:-1])


__all__ = ["ByKey", "Memo", "wall_on_line"]
