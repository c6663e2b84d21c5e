"""Unit sprites: a token per creature, sized by its footprint (1, 3, 7 or 10 hexes), in its
team's colour *and* shape, with the picture of its kind (assets/art/units/<unit key>.svg, the
glyph of its stat block when there is none), its facing, and its state (standing, prone,
unconscious, dead). The pictures are white silhouettes, coloured here to read on the token.

Team colours are the Okabe-Ito palette (safe for the common colour-vision deficiencies); each
team also has its own token shape (circle, square, diamond, triangle), so colour is never the
only cue. Sprites are drawn at twice their size and smoothed down, then cached by the board.
Also the small drawing primitives of the board: labels (`pill`), dashed lines, HP bars, badges.
"""
from __future__ import annotations

import math
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path

import pygame

from game import paths

# Okabe-Ito: blue, vermillion, bluish green, reddish purple, orange, sky blue.
PALETTE = ((0, 114, 178), (213, 94, 0), (0, 158, 115), (204, 121, 167), (230, 159, 0),
           (86, 180, 233))
NAMED = {"blue": 0, "red": 1, "green": 2, "purple": 3, "orange": 4, "yellow": 4, "sky": 5}
SHAPES = ("circle", "square", "diamond", "triangle", "hexagon", "cross")
INK = (20, 22, 28)
PAPER = (250, 250, 245)
SS = 2   # supersampling factor


def team_style(team: str, teams: list[str]) -> tuple[tuple[int, int, int], str]:
    """(colour, shape) of a team, the same as the HUD's (`game.ui.presenters`) when that
    module is there; else by its name when it names a palette colour, else by its place in
    the map's team list."""
    try:
        from game.ui import presenters
        return tuple(presenters.team_colour(team, teams)), presenters.team_marker(team, teams)
    except (ImportError, AttributeError):
        index = teams.index(team) if team in teams else len(teams)
        colour = PALETTE[NAMED.get(team.lower(), index) % len(PALETTE)]
        return colour, SHAPES[index % len(SHAPES)]


def shade(colour, k: float) -> tuple[int, int, int]:
    """Darker (k < 1) or lighter (k > 1) version of a colour."""
    if k <= 1:
        return tuple(int(c * k) for c in colour[:3])
    return tuple(int(c + (255 - c) * (k - 1)) for c in colour[:3])


def grey(colour, amount: float = 0.75) -> tuple[int, int, int]:
    g = sum(colour[:3]) // 3
    return tuple(int(c * (1 - amount) + g * amount) for c in colour[:3])


def ink_for(colour) -> tuple[int, int, int]:
    """Black or white text, whichever reads better on `colour`."""
    r, g, b = colour[:3]
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else PAPER


def _font_file(bold: bool):
    """pygame_gui's Noto Sans (the HUD's font), else pygame's default font."""
    try:
        import pygame_gui
    except ImportError:  # pragma: no cover - pygame_gui is a dependency
        return None
    path = Path(pygame_gui.__file__).parent / "data" / \
        ("NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf")
    return str(path) if path.is_file() else None


@lru_cache(maxsize=64)
def font(size: int, bold: bool = True) -> pygame.font.Font:
    """Noto Sans of `size` pixels, like the HUD (the default font is about 30% smaller)."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = _font_file(bold)
    if path is None:
        f = pygame.font.Font(None, max(6, int(size * 1.35)))
        f.set_bold(bold)
        return f
    return pygame.font.Font(path, max(6, int(size)))


@lru_cache(maxsize=2048)
def text(s: str, size: int, colour=PAPER, bold: bool = True, outline=None) -> pygame.Surface:
    """A rendered label (cached); `outline` draws a 1-pixel halo for reading on the map."""
    f = font(size, bold)
    fg = f.render(s, True, colour)
    if outline is None:
        return fg
    out = pygame.Surface((fg.get_width() + 2, fg.get_height() + 2), pygame.SRCALPHA)
    halo = f.render(s, True, outline)
    for dx, dy in ((0, 1), (1, 0), (2, 1), (1, 2), (0, 0), (2, 2), (0, 2), (2, 0)):
        out.blit(halo, (dx, dy))
    out.blit(fg, (1, 1))
    return out


def art_path(unit_key: str) -> Path | None:
    """The picture of a unit kind (assets/art/units/<key>.svg), or None."""
    if not unit_key or not unit_key.replace("_", "").isalnum():
        return None
    path = paths.assets_dir() / "art" / "units" / f"{unit_key}.svg"
    return path if path.is_file() else None


@lru_cache(maxsize=512)
def art(unit_key: str, side: int, colour) -> pygame.Surface | None:
    """The picture of a unit kind, `side` pixels square, in `colour`; None if it has none."""
    path = art_path(unit_key)
    if path is None or side < 4:
        return None
    image = pygame.image.load_sized_svg(str(path), (side, side))
    image.fill((*colour[:3], 255), special_flags=pygame.BLEND_RGBA_MULT)
    return image


def _picture(surf, unit_key: str, glyph: str, centre, r: float, colour) -> None:
    """The creature's picture inside a token of radius r, else its glyph."""
    image = art(unit_key, int(r * 1.8), tuple(colour)) if unit_key else None
    if image is None:
        _glyph(surf, glyph, centre, r * (1.05 if len(glyph) < 2 else 0.8), colour)
        return
    surf.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))


def portrait(unit_key: str, glyph: str, colour, shape: str, size: int) -> pygame.Surface:
    """A creature's token for lists and thumbnails: its picture in its team's colour and
    shape, `size` pixels square, no facing."""
    return token(glyph, colour, shape, size / 2 - 10, None, art_key=unit_key)


def shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """Polygon of a team shape of 'radius' r (the circle is approximated for outlines)."""
    if shape == "square":
        k = r * 0.86
        return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    if shape == "diamond":
        k = r * 1.12
        return [(cx, cy - k), (cx + k, cy), (cx, cy + k), (cx - k, cy)]
    if shape == "hexagon":
        k = r * 1.05
        return [(cx + k * math.cos(a * math.pi / 3), cy + k * math.sin(a * math.pi / 3))
                for a in range(6)]
    if shape == "cross":
        k, t = r * 1.0, r * 0.42
        return [(cx - t, cy - k), (cx + t, cy - k), (cx + t, cy - t), (cx + k, cy - t),
                (cx + k, cy + t), (cx + t, cy + t), (cx + t, cy + k), (cx - t, cy + k),
                (cx - t, cy + t), (cx - k, cy + t), (cx - k, cy - t), (cx - t, cy - t)]
    if shape == "triangle":
        k = r * 1.2
        return [(cx + k * math.cos(a), cy + k * math.sin(a) + r * 0.15)
                for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)]
    return [(cx + r * math.cos(a * math.pi / 16), cy + r * math.sin(a * math.pi / 16))
            for a in range(32)]


def draw_shape(surf, shape: str, centre, r: float, fill, edge, width: int) -> None:
    cx, cy = centre
    if shape == "circle":
        pygame.draw.circle(surf, fill, (cx, cy), r)
        if width:
            pygame.draw.circle(surf, edge, (cx, cy), r, width)
        return
    pts = shape_points(shape, cx, cy, r)
    pygame.draw.polygon(surf, fill, pts)
    if width:
        pygame.draw.polygon(surf, edge, pts, width)


def _facing_notch(surf, centre, r: float, facing_vec, colour) -> None:
    fx, fy = facing_vec
    cx, cy = centre
    tip = (cx + fx * (r + 7 * SS), cy + fy * (r + 7 * SS))
    px, py = -fy, fx
    base = (cx + fx * (r - 2 * SS), cy + fy * (r - 2 * SS))
    w = 5 * SS
    pts = [tip, (base[0] + px * w, base[1] + py * w), (base[0] - px * w, base[1] - py * w)]
    pygame.draw.polygon(surf, colour, pts)
    pygame.draw.polygon(surf, INK, pts, SS)


def _glyph(surf, glyph: str, centre, size: float, colour) -> None:
    label = text(glyph or "?", int(size), colour)
    surf.blit(label, label.get_rect(center=(round(centre[0]), round(centre[1] + size * 0.04))))


def token(glyph: str, colour, shape: str, radius: float, facing_vec, state: str = "up",
          polygons=None, anchor=(0.0, 0.0), size: tuple[int, int] | None = None,
          art_key: str = "") -> pygame.Surface:
    """A creature's sprite. One hex: a team-shaped token of `radius` around (0, 0) of the
    returned surface's centre. Several hexes (`polygons`: its hexes' corners, in pixels
    relative to the sprite's top-left, `size` the sprite size, `anchor` the anchor hex's
    centre there): the footprint filled in the team colour with the token on its centroid.

    state: "up", "prone", "unconscious" or "dead". art_key: the unit kind whose picture
    it shows (assets/art/units), else the glyph."""
    pad = 10
    if polygons is None:
        side = int(2 * (radius + pad))
        size, anchor = (side, side), (side / 2, side / 2)
    w, h = size
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    fill = colour if state == "up" or state == "prone" else grey(colour, 0.8)
    if state == "dead":
        fill = (70, 70, 70)
    edge = shade(fill, 0.45)
    r = radius * SS
    if polygons:
        centre = _footprint(big, polygons, fill, edge, state)
        # a large creature's token and picture fill most of its footprint
        r = max(r, 0.85 * _room(polygons, (centre[0] / SS, centre[1] / SS)) * SS)
    else:
        centre = (anchor[0] * SS, anchor[1] * SS)
    if state == "dead":
        _dead_mark(big, centre, r, art_key)
    else:
        pygame.draw.circle(big, (0, 0, 0, 70), (centre[0] + 2 * SS, centre[1] + 3 * SS), r)
        draw_shape(big, shape, centre, r, fill, edge, 2 * SS)
        draw_shape(big, shape, centre, r * 0.8, shade(fill, 1.12), shade(fill, 1.35), SS)
        draw_shape(big, shape, centre, r * 0.72, fill, fill, 0)
        if state == "up" and facing_vec is not None:
            _facing_notch(big, centre, r, facing_vec, PAPER)
        _picture(big, art_key, glyph, centre, r, ink_for(fill))
    out = pygame.transform.smoothscale(big, (w, h))
    if state in ("prone", "unconscious") and not polygons:
        out = _lying(out)
    return out


def _footprint(big, polygons, fill, edge, state: str) -> tuple[float, float]:
    """Fill a creature's hexes in its team colour; their centroid (supersampled pixels)."""
    body = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    for poly in polygons:
        pygame.draw.polygon(body, (*fill, 150 if state == "up" else 90),
                            [(x * SS, y * SS) for x, y in poly])
    big.blit(body, (0, 0))
    for poly in polygons:
        pygame.draw.polygon(big, (*edge, 220), [(x * SS, y * SS) for x, y in poly], SS)
    cx = sum(x for p in polygons for x, _ in p) / sum(len(p) for p in polygons)
    cy = sum(y for p in polygons for _, y in p) / sum(len(p) for p in polygons)
    return cx * SS, cy * SS


def _room(polygons, centre) -> float:
    """How far `centre` is from the outline of the hexes (edges not shared by two hexes)."""
    count: dict = {}
    for poly in polygons:
        for a, b in zip(poly, poly[1:] + poly[:1]):
            key = frozenset(((round(a[0]), round(a[1])), (round(b[0]), round(b[1]))))
            count[key] = count.get(key, 0) + 1
    outline = [tuple(edge) for edge, n in count.items() if n == 1 and len(edge) == 2]
    return min((_distance_to_segment(centre, a, b) for a, b in outline), default=0.0)


def _distance_to_segment(p, a, b) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if not length2 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy)
                                                 / length2))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def _lying(surf: pygame.Surface) -> pygame.Surface:
    """Prone and unconscious creatures lie flat: squashed to 60% height, same footprint."""
    w, h = surf.get_size()
    flat = pygame.transform.smoothscale(surf, (w, int(h * 0.6)))
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    out.blit(flat, (0, int(h * 0.25)))
    return out


def _dead_mark(surf, centre, r: float, art_key: str = "") -> None:
    cx, cy = centre
    k = r * 0.55
    pygame.draw.circle(surf, (40, 40, 40, 150), (cx, cy), r * 0.75)
    image = art(art_key, int(r * 1.2), (150, 150, 150)) if art_key else None
    if image is not None:  # what lies here, under the cross
        surf.blit(image, image.get_rect(center=(round(cx), round(cy))))
    for a, b in (((cx - k, cy - k), (cx + k, cy + k)), ((cx - k, cy + k), (cx + k, cy - k))):
        pygame.draw.line(surf, (235, 235, 235, 230), a, b, int(3 * SS))


def hp_bar(surf, rect: pygame.Rect, frac: float) -> None:
    """Health bar: length is the fraction; colour and ticks help without colour vision."""
    frac = max(0.0, min(1.0, frac))
    pygame.draw.rect(surf, INK, rect.inflate(2, 2))
    pygame.draw.rect(surf, (70, 70, 70), rect)
    colour = (0, 158, 115) if frac > 0.5 else (240, 228, 66) if frac > 0.25 else (213, 94, 0)
    fill = rect.copy()
    fill.width = max(1 if frac > 0 else 0, round(rect.width * frac))
    pygame.draw.rect(surf, colour, fill)
    for k in (0.25, 0.5, 0.75):
        x = rect.left + round(rect.width * k)
        pygame.draw.line(surf, INK, (x, rect.top), (x, rect.bottom - 1))


BADGES = {"prone": "P", "flat_footed": "FF", "stunned": "St", "staggered": "Sg",
          "blinded": "Bl", "invisible": "Iv", "injured": "Inj", "unconscious": "KO",
          "dying": "Dy", "bleed": "B", "helpless": "H", "fortunate": "F+",
          "unfortunate": "F-", "frightened": "Fr", "cramped": "Cr", "weakened": "W",
          "running": "Run", "retreating": "Ret", "off_balance": "OB",
          "fighting_defensively": "Def", "defensive": "Def", "aiming": "Aim",
          # the light rules' (docs/rules/light/conditions.md); burned and poisoned count turns
          "tripped": "Tr", "burned": "Bu", "poisoned": "Po", "airborne": "Air",
          "grounded": "Gr", "blocking": "Blk",
          # the conditions that act on their own (docs/rules/11-hit-points-and-conditions.md)
          "ablaze": "Fire", "agony": "Ag", "asleep": "Zz", "deaf": "Df", "distracted": "Ds",
          "encumbered": "Enc", "heavily_encumbered": "HEn", "hindered": "Hi",
          "paralyzed": "Par", "partially_blinded": "PBl", "terrified": "Ter",
          "smothering_flames": "Roll",
          # the steller rules' (docs/rules/steller/conditions.md); ongoing shows its damage
          "bloodied": "Bld", "ongoing": "On", "dazed": "Dz", "immobilized": "Imm",
          "marked": "Mk", "restrained": "Res", "slowed": "Sl", "total_defense": "TD",
          "second_wind": "2W"}
#: conditions whose badge shows their number (stages, turns left, ongoing damage)
COUNTED_BADGES = ("bleed", "weakened", "burned", "poisoned", "ongoing")


#: after the badge of a condition a saving throw ends (the steller rules' "save ends")
SAVE_ENDS_MARK = "·save"


def badge_text(condition: str, value: int, save_ends: bool = False) -> str:
    label = BADGES.get(condition, condition[:2].title())
    if condition == "ko":
        return ""                   # off the board: the creature has no token to mark
    label = f"{label}{value}" if condition in COUNTED_BADGES else label
    return label + SAVE_ENDS_MARK if save_ends else label


#: the conditions that matter most first (what a badge row shows before "+N")
BADGE_ORDER = ("dying", "unconscious", "paralyzed", "asleep", "ablaze", "helpless", "stunned",
               "dazed", "immobilized", "restrained", "ongoing", "agony", "terrified", "prone", "blinded", "bleed",
               "weakened", "frightened", "staggered", "flat_footed", "fighting_defensively",
               "defensive", "aiming", "running", "retreating",
               "airborne", "grounded", "tripped", "burned", "poisoned", "blocking")
MAX_BADGES = 3


def badge_labels(conditions, limit: int = MAX_BADGES, save_ends=()) -> list[str]:
    """At most `limit` badges, the weightiest conditions first, then "+N" for the rest
    (the unit card lists them all); those of `save_ends` marked so."""
    shown = [(n, v) for n, v in conditions.items() if v and n != "ko"]
    rank = {n: i for i, n in enumerate(BADGE_ORDER)}
    shown.sort(key=lambda nv: (rank.get(nv[0], len(rank)), nv[0]))
    labels = [badge_text(n, v, n in save_ends) for n, v in shown]
    if len(labels) <= limit:
        return labels
    return labels[:limit] + [f"+{len(labels) - limit}"]


def badge(label: str, size: int) -> pygame.Surface:
    """A small rounded badge with a condition's short name."""
    return _badge(label, size)


@lru_cache(maxsize=256)
def _badge(label: str, size: int) -> pygame.Surface:
    t = text(label, size, PAPER)
    w, h = t.get_width() + 6, t.get_height() + 2
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(out, (30, 30, 38, 225), out.get_rect(), border_radius=4)
    pygame.draw.rect(out, (240, 228, 66), out.get_rect(), 1, border_radius=4)
    out.blit(t, (3, 1))
    return out


def dashed_line(surf, colour, a, b, width: int = 2, dash: float = 9, gap: float = 6) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    t = 0.0
    while t < length:
        e = min(t + dash, length)
        pygame.draw.line(surf, colour, (a[0] + ux * t, a[1] + uy * t),
                         (a[0] + ux * e, a[1] + uy * e), width)
        t = e + gap


_PILLS: OrderedDict = OrderedDict()


def pill_surface(lines, size: int, border) -> pygame.Surface:
    """The rendered label of `pill` (cached: labels repeat from frame to frame)."""
    key = (tuple(lines), size, tuple(border))
    if key in _PILLS:
        _PILLS.move_to_end(key)
        return _PILLS[key]
    labels = [text(t, size if i == 0 else max(10, size * 3 // 4), c)
              for i, (t, c) in enumerate(lines)]
    w = max(label.get_width() for label in labels) + 12
    h = sum(label.get_height() for label in labels) + 6
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(out, (18, 20, 26, 215), out.get_rect(), border_radius=6)
    pygame.draw.rect(out, border, out.get_rect(), 1, border_radius=6)
    y = 3
    for label in labels:
        out.blit(label, (w // 2 - label.get_width() // 2, y))
        y += label.get_height()
    _PILLS[key] = out
    while len(_PILLS) > 64:
        _PILLS.popitem(last=False)
    return out


def pill(surf, lines, centre, size: int = 16, border=(240, 240, 240), above: bool = False,
         inside=None) -> pygame.Rect:
    """A dark rounded label of one or more lines ((text, colour) pairs) centred at `centre`
    (with `above`, its bottom centre there), kept inside the rectangle `inside`."""
    image = pill_surface(lines, size, border)
    rect = image.get_rect()
    if above:
        rect.midbottom = (round(centre[0]), round(centre[1]))
    else:
        rect.center = (round(centre[0]), round(centre[1]))
    if inside is not None:
        rect.clamp_ip(pygame.Rect(inside))
    surf.blit(image, rect)
    return rect


__all__ = ["PALETTE", "SHAPES", "art", "art_path", "badge", "badge_text", "draw_shape", "font", "grey",
           "dashed_line", "hp_bar", "ink_for", "pill", "pill_surface", "portrait", "shade", "shape_points",
           "team_style", "text", "token"]
