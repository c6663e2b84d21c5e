"""The HUD's small drawings: a team's badge (colour, shape and letter: colour is never the
only cue) and the HP bar."""
from __future__ import annotations

import math
from pathlib import Path

import pygame
import pygame_gui

from game.ui import presenters as P

_FONTS: dict[int, pygame.font.Font] = {}


def _font(size: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    if size not in _FONTS:
        path = Path(pygame_gui.__file__).parent / "data" / "NotoSans-Bold.ttf"
        try:
            _FONTS[size] = pygame.font.Font(str(path), size)
        except (OSError, FileNotFoundError):
            _FONTS[size] = pygame.font.Font(None, size)
    return _FONTS[size]


def _shape_points(shape: str, r: pygame.Rect) -> list[tuple[float, float]] | None:
    cx, cy, h = r.centerx, r.centery, r.width / 2
    if shape == "diamond":
        return [(cx, cy - h), (cx + h, cy), (cx, cy + h), (cx - h, cy)]
    if shape == "triangle":
        return [(cx, cy - h), (cx + h, cy + h * 0.8), (cx - h, cy + h * 0.8)]
    if shape == "hexagon":
        return [(cx + h * math.cos(math.radians(30 + 60 * k)),
                 cy + h * math.sin(math.radians(30 + 60 * k))) for k in range(6)]
    return None


def team_swatch(colour, shape: str, letter: str, size: int, dim: bool = False) -> pygame.Surface:
    """A team badge: its colour in its shape (circle, square, diamond, ...) with its letter."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(surf, (16, 23, 31, 255), surf.get_rect(), border_radius=max(3, size // 6))
    colour = tuple(int(c * (0.45 if dim else 1.0)) for c in colour[:3])
    inner = surf.get_rect().inflate(-max(4, size // 6), -max(4, size // 6))
    points = _shape_points(shape, inner)
    if shape == "square":
        pygame.draw.rect(surf, colour, inner.inflate(-2, -2), border_radius=2)
    elif shape == "cross":
        w = inner.width // 3
        pygame.draw.rect(surf, colour, (inner.centerx - w // 2, inner.top, w, inner.height))
        pygame.draw.rect(surf, colour, (inner.left, inner.centery - w // 2, inner.width, w))
    elif points:
        pygame.draw.polygon(surf, colour, points)
    else:
        pygame.draw.circle(surf, colour, inner.center, inner.width // 2)
    if letter:
        glyph = _font(max(9, int(size * 0.46))).render(letter, True, (10, 14, 20))
        surf.blit(glyph, glyph.get_rect(center=(inner.centerx, inner.centery + 1)))
    return surf


def battle_teams(b) -> list[str]:
    """The battle's sides: the map's order, then any other side of its creatures."""
    teams = list(getattr(b.hexmap, "teams", []) or [])
    for t in b.teams_of.values():
        if t not in teams:
            teams.append(t)
    return teams


def team_badge(b, team: str, size: int, dim: bool = False) -> pygame.Surface:
    """The badge of `team` in battle `b` (its colour and shape among the battle's sides)."""
    teams = battle_teams(b)
    return team_swatch(P.team_colour(team, teams), P.team_marker(team, teams),
                       team[:1].upper(), size, dim)


def hp_bar(width: int, height: int, hp: int, max_hp: int) -> pygame.Surface:
    """HP as a bar: blue when healthy, orange at half, vermillion when injured (<= 25%)."""
    surf = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
    pygame.draw.rect(surf, (39, 49, 60, 255), surf.get_rect(), border_radius=height // 2)
    frac = 0.0 if max_hp <= 0 else max(0.0, min(1.0, hp / max_hp))
    colour = (86, 180, 233) if frac > 0.5 else (230, 159, 0) if frac > 0.25 else (213, 94, 0)
    if frac > 0:
        pygame.draw.rect(surf, colour, (0, 0, max(height, int(width * frac)), height),
                         border_radius=height // 2)
    for k in range(1, 4):          # quarter ticks: the injured threshold is the first
        x = int(width * k / 4)
        pygame.draw.line(surf, (13, 19, 26, 255), (x, 1), (x, height - 2))
    return surf


__all__ = ["battle_teams", "hp_bar", "team_badge", "team_swatch"]
