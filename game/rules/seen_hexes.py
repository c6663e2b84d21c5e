"""Which hexes a creature sees (docs/rules/22-hiding-and-fog.md "What a side knows"), checked
only at the hexes that block sight.

A hex is seen when a one-hex creature standing there would be, by the lines of
docs/rules/05-line-of-sight.md: a line from the centre of one of the watcher's hexes to a
sample point of the hex, or from the centre of the hex to a sample point of one of the
watcher's hexes, is blocked neither by walls nor by sight-blocking hexes. Only the terrain
blocks sight (creatures give cover, docs/rules/06-cover.md, but hide nothing), and obstacles in
the watcher's hexes and in the hex looked at do not count.

A line is blocked when it passes through the interior of a blocking hex, or runs along the
seam between two of them. So only the blocking hexes a line may pass matter: those within 2
of its line drawing (its corridor, `geometry.corridor`), found in a map of the blocking hexes
near each hex. How the seven lines of an offset pass such a hex is what the line tables say
(`line_tables.passes_at`, the codes of `line_tables.fan`), worked out for that hex alone and
remembered per offset (`Passages`): most lines of a battle pass no blocking hex at all, and
none of their hexes is clipped.
"""
from __future__ import annotations

import threading
from functools import lru_cache

from game.hexgrid import DIRECTIONS
from game.rules import geometry as geo
from game.rules import line_tables as lt
from game.rules import view_memo
from game.rules.sight import terrain_index

ALL_BLOCKED = (1 << 7) - 1                 # one bit per line of an offset: all seven blocked
OFFSETS_KEPT = 1 << 15                     # offsets whose passages are remembered
EDGE_KEYS = tuple(lt.offset_key(d.q, d.r) for d in DIRECTIONS)


def pack(codes) -> int:
    """The seven codes of `line_tables.passes_at` as one number: bits 0-6, the lines (one bit
    per sample point, centre first) through the hex's interior; bits 7 + 7d to 13 + 7d, the
    lines along its edge toward DIRECTIONS[d]."""
    packed = 0
    for k, how in enumerate(codes):
        if how == lt.INTERIOR:
            packed |= 1 << k
        elif how != lt.NOT_PASSED:
            packed |= 1 << (7 + 7 * how + k)
    return packed


class Passages(dict):
    """{key offset of a hex: its passages packed (`pack`)} for the seven lines of one offset,
    filled as hexes are asked."""

    def __init__(self, dq: int, dr: int):
        super().__init__()
        self.dq, self.dr = dq, dr

    def work_out(self, key: int) -> int:
        """The packed passages of the hex at the key offset `key`, worked out and kept."""
        q, r = lt.offset_of_key(key)
        return self.setdefault(key, pack(lt.passes_at(self.dq, self.dr, q, r)))


_KEPT: dict = {}
_KEPT_LOCK = threading.Lock()


def passages(dq: int, dr: int) -> Passages:
    """The `Passages` of the offset (dq, dr), remembered (the oldest forgotten past
    OFFSETS_KEPT)."""
    found = _KEPT.get((dq, dr))
    if found is None:
        with _KEPT_LOCK:
            found = _KEPT.get((dq, dr))
            if found is None:
                if len(_KEPT) >= OFFSETS_KEPT:
                    del _KEPT[next(iter(_KEPT))]
                found = _KEPT[(dq, dr)] = Passages(dq, dr)
    return found


def forget_passages() -> None:
    """Forget the remembered passages (a cold start, for benchmarks)."""
    with _KEPT_LOCK:
        _KEPT.clear()


@lru_cache(maxsize=1 << 16)
def line_drawing_keys(dq: int, dr: int) -> tuple[int, ...]:
    """The key offsets of the hexes of the line drawing from Hex(0, 0) to Hex(dq, dr)."""
    return tuple(lt.offset_key(q, r) for q, r in geo.linedraw_offsets(dq, dr))


class Sightlines:
    """What the lines of a map need of its terrain: the keys (`line_tables.hex_key`) of the
    hexes that block sight (walls and sight-blocking hexes), for the key of every hex those
    within 2 of it (`near`), and the hexes that may be seen, with their keys: all but those
    in total concealment."""

    def __init__(self, hexmap, blocking):
        self.blocking = frozenset(lt.hex_key(h) for h in blocking)
        near: dict = {}
        for key in self.blocking:
            for dq, dr in geo.disc_offsets(2):
                near.setdefault(key - lt.offset_key(dq, dr), []).append(key)
        self.near = {k: tuple(v) for k, v in near.items()}
        self.lookable = tuple((h, lt.hex_key(h)) for h in hexmap.all_hexes()
                              if hexmap.terrain_at(h).concealment != "total")


def sightlines(hexmap) -> Sightlines:
    """The map's `Sightlines` (remembered on the map, with the terrain index they come from)."""
    index = terrain_index(hexmap)
    memo = view_memo.memo(hexmap, "sightlines")
    hit = memo.get("sightlines")
    if hit is None or hit[0] is not index:
        hit = memo["sightlines"] = (index, Sightlines(hexmap, index.walls
                                                      | index.sight_blockers))
    return hit[1]


def blocked_lines(base: int, dq: int, dr: int, terrain: Sightlines, skip) -> int:
    """The lines (bits, see `pack`) from the centre of the hex of key `base` to the sample
    points of the hex (dq, dr) away that a blocking hex stops; blocking hexes whose keys are
    in `skip` (the watcher's and the looked-at hex) do not count."""
    near = terrain.near
    candidates = set()
    for step in line_drawing_keys(dq, dr):
        keys = near.get(base + step)
        if keys:
            candidates.update(keys)
    if not candidates:
        return 0
    lines, table, blocking = 0, passages(dq, dr), terrain.blocking
    for key in candidates:
        if key in skip:
            continue
        packed = table.get(key - base)
        if packed is None:
            packed = table.work_out(key - base)
        lines |= packed & ALL_BLOCKED
        edges = packed >> 7
        for d in range(6) if edges else ():
            along = (edges >> 7 * d) & ALL_BLOCKED
            beside = key + EDGE_KEYS[d]
            if along and beside in blocking and beside not in skip:
                lines |= along
        if lines == ALL_BLOCKED:
            break
    return lines


def hexes_seen(view, watcher) -> frozenset:
    """The hexes `watcher` (a UnitView) sees: its own, and each hex not in total concealment
    (docs/rules/07-concealment.md) that a line of sight reaches, either way."""
    terrain = sightlines(view.hexmap)
    own = [(h.q, h.r, lt.hex_key(h)) for h in watcher.hexes]
    own_keys = frozenset(key for _, _, key in own)
    out = set(watcher.hexes)
    for h, key in terrain.lookable:
        if key in own_keys:
            continue
        skip = own_keys | {key}
        q, r = h
        if any(blocked_lines(base, q - oq, r - orr, terrain, skip) != ALL_BLOCKED
               for oq, orr, base in own) or \
                any(blocked_lines(key, oq - q, orr - r, terrain, skip) != ALL_BLOCKED
                    for oq, orr, _ in own):
            out.add(h)
    return frozenset(out)


__all__ = ["ALL_BLOCKED", "OFFSETS_KEPT", "Passages", "Sightlines", "blocked_lines",
           "forget_passages", "hexes_seen", "line_drawing_keys", "pack", "passages",
           "sightlines"]
