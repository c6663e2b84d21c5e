"""Forced movement (docs/rules/03-movement.md "Forced movement"): where a push, a pull or a
slide of N hexes can take a creature.

Each hex of a push must take the creature farther from the one pushing it, each hex of a pull
nearer to it; a slide goes any way. The creature keeps its facing, pays nothing for difficult
terrain and provokes no attack of opportunity. It can never be moved into or through a wall,
the map's edge or another creature's space: the movement stops short of them. `drop` tells how
many elevation steps the creature goes down on the way (falls are resolved by the engine).
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from game.hexgrid import DIRECTIONS, Hex, footprint
from game.rules.areas import Spot, effect_from
from game.rules.movement import can_end_at
from game.rules.sight import creature_distance

KINDS = ("push", "pull", "slide")


@dataclass(frozen=True)
class ForcedPath:
    """One way a forced movement can go: the anchors after each hex moved (the start left out)
    and the largest single drop in elevation steps between two of its places."""
    anchors: tuple[Hex, ...]
    drop: int = 0

    @property
    def end(self) -> Hex | None:
        return self.anchors[-1] if self.anchors else None


def _keeps_direction(kind: str, before: int, after: int) -> bool:
    if kind == "push":
        return after > before
    if kind == "pull":
        return after < before
    return True


def _elevation(view, size: str, anchor: Hex, facing: int) -> int:
    return min(view.hexmap.terrain_at(h).elevation for h in footprint(size, anchor, facing))


def _step_drop(view, u, frm: Hex, to: Hex) -> int:
    return max(0, _elevation(view, u.size, frm, u.facing) - _elevation(view, u.size, to, u.facing))


def path_drop(view, u, anchors: tuple[Hex, ...]) -> int:
    """The largest single drop in elevation steps as `u` is moved through `anchors` from its
    place."""
    way = (u.anchor,) + tuple(anchors)
    return max((_step_drop(view, u, a, b) for a, b in zip(way, way[1:])), default=0)


def _reached(view, u, origin: Hex, anchor: Hex) -> bool:
    space = tuple(footprint(u.size, anchor, u.facing))
    return origin in space or effect_from(view, origin, Spot(space, name=u.name))


def forced_paths(view, u, source, kind: str, n: int,
                 effect_origin: Hex | None = None) -> dict[Hex, ForcedPath]:
    """Every anchor a `kind` movement of up to `n` hexes can leave `u` on, with a shortest way
    there. `source` is the space (hexes, or a creature) the push or pull is measured from.
    With `effect_origin`, only places a line of effect from that hex reaches are kept (the
    4e-style rules: "You must have line of effect to any square you pull, push, or slide a
    creature into")."""
    if kind not in KINDS:
        raise ValueError(f"unknown forced movement {kind!r}: one of {', '.join(KINDS)}")
    source_hexes = tuple(getattr(source, "hexes", source))
    start = u.anchor

    def distance(anchor: Hex) -> int:
        return creature_distance(footprint(u.size, anchor, u.facing), source_hexes)

    found: dict[Hex, ForcedPath] = {}
    frontier = deque([(start, ())])
    seen = {start}
    while frontier:
        at, path = frontier.popleft()
        if len(path) >= n:
            continue
        for d in DIRECTIONS:
            nxt = Hex(at.q + d.q, at.r + d.r)
            if nxt in seen or not _keeps_direction(kind, distance(at), distance(nxt)):
                continue
            if not can_end_at(view, u, nxt, u.facing):
                continue
            if effect_origin is not None and not _reached(view, u, effect_origin, nxt):
                continue
            seen.add(nxt)
            way = path + (nxt,)
            drops = [_step_drop(view, u, a, b) for a, b in zip((start,) + way, way)]
            found[nxt] = ForcedPath(way, max(drops))
            frontier.append((nxt, way))
    return found


__all__ = ["KINDS", "ForcedPath", "forced_paths", "path_drop"]
