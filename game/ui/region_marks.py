"""The map's regions on the board (docs/mapping.md "Objectives and events"): a dashed outline
around the hexes of each region an objective or event names, and its name, so a player sees
where to hold, where to go and what brings reinforcements."""
from __future__ import annotations

import pygame

from game.ui import sprites as sp

REGION_COLOUR = (240, 228, 66)


def region_edges(board) -> list[tuple[str, list]]:
    """(name, [(corner a, corner b)]) of each region: the sides of its hexes that border a
    hex outside it; cached per board."""
    cached = getattr(board, "_region_edges", None)
    if cached is not None:
        return cached
    out = []
    for name, region in board.battle.hexmap.scenario.regions.items():
        sides = [(a, b) for cell in sorted(region.cells)
                 for a, b, other in board.edges(cell) if other not in region.cells]
        out.append((name, sides))
    board._region_edges = out
    return out


def draw_regions(board, surf, zoom: float) -> None:
    """Every region's outline (dashed) and its name over its top hex, at `zoom`."""
    width = max(2, round(3 * zoom))
    for name, sides in region_edges(board):
        for a, b in sides:
            for k in range(4):          # four dashes along a side, with gaps
                t0, t1 = k / 4, k / 4 + 0.15
                pa = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
                pb = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
                pygame.draw.line(surf, REGION_COLOUR, (pa[0] * zoom, pa[1] * zoom),
                                 (pb[0] * zoom, pb[1] * zoom), width)
        cells = sorted(board.battle.hexmap.scenario.regions[name].cells, key=lambda c: c[::-1])
        if cells:
            x, y = board.centre(cells[0])
            label = sp.text(name, max(10, round(13 * min(zoom, 1.4))), REGION_COLOUR, True,
                            sp.INK)
            surf.blit(label, label.get_rect(center=(x * zoom, (y - 20) * zoom)))


__all__ = ["REGION_COLOUR", "draw_regions", "region_edges"]
