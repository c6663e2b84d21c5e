"""What the map's tiles cannot show, drawn over them (docs/rules/21-terrain-and-falling.md):
the ledges (a drawn edge where neighbouring hexes differ by 10 ft or more: climbed or jumped
down, never walked), and the doors and obstacles the battle has changed since the map was
drawn (a door opened, shut or broken, an obstacle smashed to rubble). The tiles show how the
map starts: water, cliffs, palisades and doors in their first state.
"""
from __future__ import annotations

import pygame

from game.rules.locomotion import LEDGE

LEDGE_COLOUR = (38, 30, 24)
FLOOR = (178, 172, 160)
WOOD = (132, 92, 52)
WOOD_DARK = (54, 36, 20)
RUBBLE = (120, 108, 94)
LOCK = (230, 186, 50)


def ledge_edges(board) -> list[tuple]:
    """(corner a, corner b) in world pixels of every edge that is a ledge; cached per board."""
    cached = getattr(board, "_ledges", None)
    if cached is not None:
        return cached
    m = board.battle.base_map
    out = []
    for row in range(m.height):
        for col in range(m.width):
            e = m.terrain[row * m.width + col].elevation
            for a, b, other in board.edges((col, row)):
                if m.in_bounds(*other) and \
                        e - m.terrain[other[1] * m.width + other[0]].elevation >= LEDGE:
                    out.append((a, b))
    board._ledges = out
    return out


def _door_bar(surf, poly, zoom: float, closed: bool, locked: bool) -> None:
    """A doorway between two posts, its door across it (closed) or swung into the hex."""
    xs, ys = [x for x, _ in poly], [y for _, y in poly]
    cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
    half = (max(xs) - min(xs)) * 0.38
    width = max(4, round(9 * zoom))
    post = max(3, round(5 * zoom))
    if closed:
        a, b = (cx - half, cy), (cx + half, cy)
    else:
        a, b = (cx - half, cy), (cx - half * 0.25, cy + half * 0.85)
    pygame.draw.line(surf, WOOD_DARK, a, b, width + 3)
    pygame.draw.line(surf, WOOD, a, b, width)
    for x in (cx - half, cx + half):
        pygame.draw.rect(surf, (70, 68, 72), pygame.Rect(x - post, cy - post, 2 * post, 2 * post))
    if locked:
        r = max(2, round(3 * zoom))
        pygame.draw.rect(surf, LOCK, pygame.Rect(cx - r, cy - r, 2 * r, 2 * r))


def rubble_mark(surf, poly, zoom: float) -> None:
    """An obstacle smashed: a hex of rubble."""
    pygame.draw.polygon(surf, RUBBLE, poly)
    cx, cy = sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly)
    for k, (x, y) in enumerate(poly):
        pygame.draw.circle(surf, (90, 80, 70), ((x + 2 * cx) / 3, (y + 2 * cy) / 3),
                           max(2, round((2 + k % 2) * zoom)))


def door_mark(surf, poly, zoom: float, state: str) -> None:
    """A doorway's floor and its door: "closed", "locked", "open" or "broken" (no door)."""
    pygame.draw.polygon(surf, FLOOR, poly)
    if state != "broken":
        _door_bar(surf, poly, zoom, state in ("closed", "locked"), state == "locked")


def ledge_mark(surf, a, b, zoom: float) -> None:
    """One ledge: the edge from world corner `a` to `b`, at `zoom`."""
    pygame.draw.line(surf, LEDGE_COLOUR, (a[0] * zoom, a[1] * zoom), (b[0] * zoom, b[1] * zoom),
                     max(2, round(3 * zoom)))


def _changed_cell(board, surf, cell, state: str, zoom: float) -> None:
    poly = [(x * zoom, y * zoom) for x, y in board.polygon(cell)]
    before = board.battle.base_map.terrain_at(board.battle.base_map.hex_at(*cell))
    if state == before.door or not state:
        return
    if before.door == "none":                     # an obstacle smashed: rubble
        rubble_mark(surf, poly, zoom)
    else:
        door_mark(surf, poly, zoom, state)


def draw_terrain_marks(board, surf, zoom: float) -> None:
    """The ledges and the battle's changed doors and obstacles, at `zoom`."""
    for a, b in ledge_edges(board):
        ledge_mark(surf, a, b, zoom)
    for key, change in board.battle.terrain.items():
        cell = tuple(int(v) for v in key.split(","))
        _changed_cell(board, surf, cell, change[0], zoom)
