"""Where a K.O.'d light creature comes back (docs/rules/light/turns.md "K.O. and lives"): on a
free respawn point of its side (a Tiled object of class `respawn` with its `team`), the
nearest to where it fell first; with none free, on the free hex nearest to where it fell."""
from __future__ import annotations

from game.hexgrid import hex_distance, hex_spiral
from game.rules.movement import can_end_at


def respawn_place(b, name: str):
    """(anchor, facing) where `name` respawns now."""
    view = b.view()
    u = view.unit(name)
    points = sorted((hex_distance(b.hexmap.hex_at(p.col, p.row), u.anchor), p.col, p.row)
                    for p in b.hexmap.respawns if p.team == u.team)
    for _, col, row in points:
        h = b.hexmap.hex_at(col, row)
        if can_end_at(view, u, h, here_is_free=False):
            return h, u.facing
    radius = max(b.hexmap.width, b.hexmap.height) * 2
    for h in hex_spiral(u.anchor, radius):
        if b.hexmap.contains(h) and can_end_at(view, u, h, here_is_free=False):
            return h, u.facing
    return u.anchor, u.facing


__all__ = ["respawn_place"]
