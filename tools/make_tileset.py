"""Draw the hex terrain tilesets: assets/tilesets/hex-{pointy,flat}.{png,tsx}.

    python tools/make_tileset.py [--out assets/tilesets] [--preview /tmp/tiles_preview.png]

Both tilesets hold the same tiles in the same order (the local tile id is the index in
`TILES`), with the terrain as Tiled tile properties (see docs/mapping.md "Terrain: tile
properties"):

* hex-pointy: pointy-top tiles 56x64, for maps with staggeraxis="y", hexsidelength=32
* hex-flat:   flat-top tiles 64x56, for maps with staggeraxis="x", hexsidelength=32

Each tile fills exactly the hexagon Tiled's hexagonal renderer gives a cell (a pixel is opaque
when its centre lies inside it, everything else is fully transparent), so neighbouring tiles
share their edges without gaps or overlaps. The textures are periodic over the hex lattice of
the map, so two neighbouring tiles of the same terrain continue each other's texture.

The output is deterministic: pixels are computed in pure Python from seeded
`random.Random` generators (no smoothscale, no SIMD paths), and the PNG is written here with a
fixed filter choice, so the same script gives the same bytes on every run.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # headless; must precede the pygame import
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import argparse  # noqa: E402
import math  # noqa: E402
import random  # noqa: E402
import struct  # noqa: E402
import sys  # noqa: E402
import zlib  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402

HEX_SIDE = 32
COLUMNS = 6
TILED_VERSION = ("1.8", "1.8.2")

# name -> (axis, tile width, tile height)
ORIENTATIONS: dict[str, tuple[str, int, int]] = {
    "hex-pointy": ("y", 56, 64),
    "hex-flat": ("x", 64, 56),
}

_TERRAIN = [
    ("grass", {}),
    ("road", {}),
    ("forest", {"concealment": "partial"}),
    ("rubble", {"difficult": True}),
    ("water", {"difficult": True, "water": "shallow"}),
    ("low wall", {"obstacle": "low"}),
    ("stone wall", {"obstacle": "wall", "impassable": True}),
    ("fog", {"blocks_sight": True}),
    ("exit", {"exit": True}),
    ("hill", {"elevation": 1}),
    ("darkness", {"concealment": "total", "blocks_sight": True}),
    ("floor", {}),
    ("deep water", {"water": "deep"}),
    ("cliff", {"elevation": 2, "climb_dc": 15}),
    ("palisade", {"obstacle": "wall", "impassable": True, "elevation": 2, "hardness": 5,
                  "hp": 20, "break_dc": 23}),
    ("barricade", {"obstacle": "low", "hardness": 5, "hp": 10, "break_dc": 15}),
    ("door", {"door": "closed"}),
    ("open door", {"door": "open"}),
    ("locked door", {"door": "locked"}),
]

# (name, the tile's Tiled properties); the index is the local tile id.
TILES: list[tuple[str, dict[str, bool | int | str]]] = [
    (name, {"terrain": name, **props}) for name, props in _TERRAIN
]

PAD = 8  # canvas margin around a tile, so lighting and shadows see past the tile's border
LIGHT = (-0.45, -0.6, 0.66)  # towards the light: from the top left, fairly high
_ln = math.sqrt(sum(c * c for c in LIGHT))
LIGHT = (LIGHT[0] / _ln, LIGHT[1] / _ln, LIGHT[2] / _ln)
_lxy = math.hypot(LIGHT[0], LIGHT[1])
SHADOW_DIR = (LIGHT[0] / _lxy, LIGHT[1] / _lxy)  # walk this way to find what shades a pixel
SHADOW_TAN = LIGHT[2] / _lxy


# --------------------------------------------------------------------------- small helpers


def clamp(v: float, lo: float = 0.0, hi: float = 1.0) -> float:
    return lo if v < lo else hi if v > hi else v


def smoothstep(e0: float, e1: float, v: float) -> float:
    t = clamp((v - e0) / (e1 - e0))
    return t * t * (3 - 2 * t)


def mix(a, b, t: float):
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t)


def scale(c, f: float):
    return (c[0] * f, c[1] * f, c[2] * f)


def seg_dist(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    dx, dy = bx - ax, by - ay
    ll = dx * dx + dy * dy
    t = 0.0 if ll == 0 else clamp(((px - ax) * dx + (py - ay) * dy) / ll)
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


# --------------------------------------------------------------------------- geometry


class Geometry:
    """A tile's hexagon and the lattice of tile positions, exactly as Tiled lays them out."""

    def __init__(self, axis: str, tw: int, th: int, side: int = HEX_SIDE):
        self.axis, self.tw, self.th, self.side = axis, tw, th, side
        sx = side if axis == "x" else 0
        sy = side if axis == "y" else 0
        self.ox, self.oy = (tw - sx) // 2, (th - sy) // 2
        ox, oy = self.ox, self.oy
        self.colw, self.rowh = ox + sx, oy + sy
        pts = [(0, th - oy), (0, oy), (ox, 0), (tw - ox, 0), (tw, oy), (tw, th - oy),
               (tw - ox, th), (ox, th)]
        self.poly = [p for i, p in enumerate(pts) if p != pts[i - 1]]
        self.cx, self.cy = tw / 2, th / 2
        self.edges = []  # (ax, ay, inward unit normal)
        for i, (ax, ay) in enumerate(self.poly):
            bx, by = self.poly[(i + 1) % len(self.poly)]
            nx, ny = -(by - ay), bx - ax
            n = math.hypot(nx, ny)
            nx, ny = nx / n, ny / n
            if nx * (self.cx - ax) + ny * (self.cy - ay) < 0:
                nx, ny = -nx, -ny
            self.edges.append((ax, ay, nx, ny))
        # The lattice of tile origins is {m*(P,0) + n*(0,Q)} + {(0,0), V}.
        if axis == "y":
            self.period = (tw, 2 * self.rowh)
        else:
            self.period = (2 * self.colw, th)
        self.shift = (self.colw, self.rowh)

    def edge_distance(self, x: float, y: float) -> float:
        """Signed distance to the hexagon's boundary, positive inside."""
        return min(nx * (x - ax) + ny * (y - ay) for ax, ay, nx, ny in self.edges)

    def inside(self, px: int, py: int) -> bool:
        """Is pixel (px, py) part of the tile? (Its centre is inside; never on an edge.)"""
        return self.edge_distance(px + 0.5, py + 0.5) > 0

    def origin(self, col: int, row: int, stagger_index: str = "odd") -> tuple[int, int]:
        """Top-left of cell (col, row) in a Tiled hexagonal map (Tiled's integer layout, as
        `game.hexgrid.TiledLayout.tile_top_left` computes it)."""
        def staggered(i: int) -> bool:
            return (i % 2 == 1) != (stagger_index == "even")
        if self.axis == "y":
            return col * self.tw + (self.colw if staggered(row) else 0), row * self.rowh
        return col * self.colw, row * self.th + (self.rowh if staggered(col) else 0)


class PeriodicNoise:
    """Value noise that repeats over the hex lattice: f(p) == f(p + any tile offset)."""

    def __init__(self, geo: Geometry, seed: int, cell: float, smooth: bool = True):
        pw, ph = geo.period
        self.nx, self.ny = max(1, round(pw / cell)), max(1, round(ph / cell))
        self.cw, self.ch = pw / self.nx, ph / self.ny
        self.vx, self.vy = geo.shift
        self.smooth = smooth
        rng = random.Random(seed)
        self.grid = [[rng.random() for _ in range(self.nx)] for _ in range(self.ny)]

    def _raw(self, x: float, y: float) -> float:
        u, v = x / self.cw, y / self.ch
        i, j = math.floor(u), math.floor(v)
        g = self.grid
        if not self.smooth:
            return g[j % self.ny][i % self.nx]
        fx, fy = u - i, v - j
        fx = fx * fx * (3 - 2 * fx)
        fy = fy * fy * (3 - 2 * fy)
        i0, i1, j0, j1 = i % self.nx, (i + 1) % self.nx, j % self.ny, (j + 1) % self.ny
        a = g[j0][i0] + (g[j0][i1] - g[j0][i0]) * fx
        b = g[j1][i0] + (g[j1][i1] - g[j1][i0]) * fx
        return a + (b - a) * fy

    def __call__(self, x: float, y: float) -> float:
        """About -1..1, mean 0."""
        return self._raw(x, y) + self._raw(x + self.vx, y + self.vy) - 1.0


class Context:
    """What a painter needs to know about the orientation it paints for."""

    def __init__(self, geo: Geometry):
        self.geo = geo
        self.cx, self.cy = geo.cx, geo.cy
        self._noise: dict[tuple, PeriodicNoise] = {}

    def noise(self, seed: int, cell: float, smooth: bool = True) -> PeriodicNoise:
        key = (seed, cell, smooth)
        if key not in self._noise:
            self._noise[key] = PeriodicNoise(self.geo, seed, cell, smooth)
        return self._noise[key]

    def fbm(self, seed: int, x: float, y: float, cells=(16, 8, 4)) -> float:
        total, amp, norm = 0.0, 1.0, 0.0
        for k, c in enumerate(cells):
            total += amp * self.noise(seed * 31 + k, c)(x, y)
            norm += amp
            amp *= 0.5
        return total / norm

    def points(self, seed: int, count: int, margin: float = 12):
        """Scatter points that repeat over the lattice; each comes with its own Random."""
        pw, ph = self.geo.period
        vx, vy = self.geo.shift
        rng = random.Random(seed)
        base = [(rng.uniform(0, pw), rng.uniform(0, ph), rng.random()) for _ in range(count)]
        out = []
        x0, y0 = -PAD - margin, -PAD - margin
        x1, y1 = self.geo.tw + PAD + margin, self.geo.th + PAD + margin
        for px, py, r in base:
            for k in (0, 1):
                for m in range(-2, 3):
                    for n in range(-2, 3):
                        x, y = px + m * pw + k * vx, py + n * ph + k * vy
                        if x0 <= x <= x1 and y0 <= y <= y1:
                            out.append((x, y, random.Random(r)))
        out.sort(key=lambda p: (p[1], p[0]))
        return out

    def wave(self, m: int, n: int) -> tuple[float, float]:
        """A wave vector (cycles per pixel) that repeats over the lattice: m + n must be even."""
        assert (m + n) % 2 == 0
        return m / self.geo.period[0], n / self.geo.period[1]

    def scatter_inside(self, rng: random.Random, count: int, radii: tuple[float, float],
                       limit: float = 27.0, gap: float = 0.0, tries: int = 400):
        """Non-overlapping discs (x, y, r) well inside the hex (same layout for both shapes)."""
        placed: list[tuple[float, float, float]] = []
        for _ in range(tries):
            if len(placed) >= count:
                break
            r = rng.uniform(*radii)
            a = rng.uniform(0, 2 * math.pi)
            d = math.sqrt(rng.random()) * (limit - r)
            x, y = self.cx + d * math.cos(a), self.cy + d * math.sin(a)
            if all(math.hypot(x - px, y - py) >= (r + pr) * (1 - gap) for px, py, pr in placed):
                placed.append((x, y, r))
        return placed


# --------------------------------------------------------------------------- canvas


class Canvas:
    """Albedo + height field for one tile (with a margin); lit, then cropped and masked."""

    def __init__(self, geo: Geometry):
        self.geo = geo
        self.w, self.h = geo.tw + 2 * PAD, geo.th + 2 * PAD
        n = self.w * self.h
        self.r, self.g, self.b = [0.0] * n, [0.0] * n, [0.0] * n
        self.z = [0.0] * n

    def pixels(self, x0=None, y0=None, x1=None, y1=None):
        """(index, x, y) of pixel centres in tile coordinates, optionally within a box."""
        i0 = 0 if x0 is None else max(0, math.floor(x0) + PAD)
        j0 = 0 if y0 is None else max(0, math.floor(y0) + PAD)
        i1 = self.w if x1 is None else min(self.w, math.ceil(x1) + PAD + 1)
        j1 = self.h if y1 is None else min(self.h, math.ceil(y1) + PAD + 1)
        for j in range(j0, j1):
            y = j - PAD + 0.5
            base = j * self.w
            for i in range(i0, i1):
                yield base + i, i - PAD + 0.5, y

    def fill(self, fn) -> None:
        """fn(x, y) -> (colour, height) for every pixel."""
        r, g, b, z = self.r, self.g, self.b, self.z
        for k, x, y in self.pixels():
            c, h = fn(x, y)
            r[k], g[k], b[k] = c
            z[k] = h

    def blend(self, k: int, c, a: float) -> None:
        self.r[k] += (c[0] - self.r[k]) * a
        self.g[k] += (c[1] - self.g[k]) * a
        self.b[k] += (c[2] - self.b[k]) * a

    def color(self, k: int):
        return self.r[k], self.g[k], self.b[k]

    def stamp(self, box, fn, ztest: bool = True) -> None:
        """fn(x, y) -> None or (coverage, colour, height or None); height None paints only."""
        for k, x, y in self.pixels(*box):
            res = fn(x, y)
            if res is None:
                continue
            cov, c, h = res
            if cov <= 0:
                continue
            if h is not None:
                if ztest and h < self.z[k]:
                    continue
                self.z[k] += (h - self.z[k]) * cov
            self.blend(k, c, cov)

    def line(self, pts, width: float, c, alpha: float = 1.0, height=None) -> None:
        """An anti-aliased polyline."""
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        hw = width / 2
        box = (min(xs) - hw - 1, min(ys) - hw - 1, max(xs) + hw + 1, max(ys) + hw + 1)
        segs = list(zip(pts, pts[1:]))

        def fn(x, y):
            d = min(seg_dist(x, y, a[0], a[1], b[0], b[1]) for a, b in segs)
            cov = clamp(hw - d + 0.5) * alpha
            return (cov, c, height) if cov > 0 else None

        self.stamp(box, fn, ztest=False)

    def polygon(self, pts, c, alpha: float = 1.0) -> None:
        """An anti-aliased convex polygon (paint only); c is a colour or fn(x, y) -> colour."""
        n = len(pts)
        edges = []
        cx = sum(p[0] for p in pts) / n
        cy = sum(p[1] for p in pts) / n
        for i in range(n):
            ax, ay = pts[i]
            bx, by = pts[(i + 1) % n]
            nx, ny = -(by - ay), bx - ax
            ln = math.hypot(nx, ny)
            nx, ny = nx / ln, ny / ln
            if nx * (cx - ax) + ny * (cy - ay) < 0:
                nx, ny = -nx, -ny
            edges.append((ax, ay, nx, ny))
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]

        def fn(x, y):
            d = min(nx * (x - ax) + ny * (y - ay) for ax, ay, nx, ny in edges)
            cov = clamp(d + 0.5) * alpha
            if cov <= 0:
                return None
            return cov, (c(x, y) if callable(c) else c), None

        self.stamp((min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1), fn)

    def _z_at(self, x: float, y: float) -> float:
        """Bilinear height at a point (tile coordinates), clamped to the canvas."""
        u = clamp(x + PAD - 0.5, 0, self.w - 1.001)
        v = clamp(y + PAD - 0.5, 0, self.h - 1.001)
        i, j = int(u), int(v)
        fx, fy = u - i, v - j
        z, w = self.z, self.w
        k = j * w + i
        a = z[k] + (z[k + 1] - z[k]) * fx
        b = z[k + w] + (z[k + w + 1] - z[k + w]) * fx
        return a + (b - a) * fy

    def light(self, strength: float = 1.0, shadows: float = 0.45, ambient: float = 0.3) -> None:
        """Shade the albedo by the height field: lambert from the top left plus cast shadows."""
        w, h, z = self.w, self.h, self.z
        lx, ly, lz = LIGHT
        sdx, sdy = SHADOW_DIR
        zmax = max(z)
        out = []
        for k, x, y in self.pixels():
            i, j = k % w, k // w
            zl = z[k - 1] if i > 0 else z[k]
            zr = z[k + 1] if i < w - 1 else z[k]
            zu = z[k - w] if j > 0 else z[k]
            zd = z[k + w] if j < h - 1 else z[k]
            nx, ny = -(zr - zl) * 0.5 * strength, -(zd - zu) * 0.5 * strength
            nl = math.sqrt(nx * nx + ny * ny + 1)
            lam = (nx * lx + ny * ly + lz) / nl / lz  # 1.0 on flat ground
            f = ambient + (1 - ambient) * clamp(lam, 0, 1.8)
            if shadows:
                here = z[k]
                occ = 0.0
                for t in (1, 2, 3, 4, 5, 6, 8, 10, 12):
                    if here + t * SHADOW_TAN >= zmax:
                        break  # nothing can be that high
                    ex = self._z_at(x + sdx * t, y + sdy * t) - here - t * SHADOW_TAN
                    if ex > occ:
                        occ = ex
                f *= 1 - shadows * clamp(occ / 1.5)
            out.append((k, f))
        r, g, b = self.r, self.g, self.b
        for k, f in out:
            r[k] *= f
            g[k] *= f
            b[k] *= f

    def to_surface(self, outline: float = 0.28) -> pygame.Surface:
        """Crop to the tile, keep the hexagon, darken a 1px grid line inside its edge."""
        geo = self.geo
        data = bytearray(geo.tw * geo.th * 4)
        o = 0
        for py in range(geo.th):
            for px in range(geo.tw):
                d = geo.edge_distance(px + 0.5, py + 0.5)
                if d > 0:
                    k = (py + PAD) * self.w + px + PAD
                    f = 1.0
                    if d < 1.0:
                        f = 1 - outline
                    elif d < 2.0:
                        f = 1 - outline * 0.3
                    data[o] = int(clamp(self.r[k] * f, 0, 255) + 0.5)
                    data[o + 1] = int(clamp(self.g[k] * f, 0, 255) + 0.5)
                    data[o + 2] = int(clamp(self.b[k] * f, 0, 255) + 0.5)
                    data[o + 3] = 255
                o += 4
        return pygame.image.frombytes(bytes(data), (geo.tw, geo.th), "RGBA")


# --------------------------------------------------------------------------- painters

GRASS_DARK = (64, 112, 48)
GRASS_LIGHT = (118, 158, 70)
GRASS_DRY = (150, 160, 84)


def grass_colour(ctx: Context, x: float, y: float, tint=None):
    n1 = ctx.fbm(11, x, y, (24, 12, 6))
    n2 = ctx.noise(12, 3)(x, y)
    grain = ctx.noise(13, 1, smooth=False)(x, y)
    t = clamp(0.5 + 0.75 * n1 + 0.15 * n2)
    c = mix(GRASS_DARK, GRASS_LIGHT, t)
    dry = smoothstep(0.25, 0.6, ctx.fbm(14, x, y, (20, 10)))
    c = mix(c, GRASS_DRY, 0.35 * dry)
    if tint is not None:
        c = mix(c, tint[0], tint[1])
    c = scale(c, 1 + 0.07 * grain)
    return c, 0.35 * n2 + 0.25 * grain


def grass_blades(cv: Canvas, ctx: Context, seed: int = 15, count: int = 26) -> None:
    for x, y, rng in ctx.points(seed, count, margin=6):
        light = rng.random() < 0.55
        c = (150, 182, 86) if light else (46, 86, 38)
        for _ in range(3):
            a = -math.pi / 2 + rng.uniform(-0.7, 0.7)
            ln = rng.uniform(2.0, 3.6)
            bx, by = x + rng.uniform(-1.5, 1.5), y + rng.uniform(-1, 1)
            cv.line([(bx, by), (bx + ln * math.cos(a), by + ln * math.sin(a))], 0.9, c, 0.75)


def paint_grass_base(cv: Canvas, ctx: Context, tint=None) -> None:
    cv.fill(lambda x, y: grass_colour(ctx, x, y, tint))
    grass_blades(cv, ctx)


def paint_grass(cv: Canvas, ctx: Context) -> None:
    paint_grass_base(cv, ctx)
    cv.light()


def dome(cv: Canvas, ctx: Context, x0: float, y0: float, r: float, colour, rng: random.Random,
         height: float, base: float = 0.6, harmonics=((2, 0.12), (3, 0.08), (5, 0.04)),
         flat: float = 0.5, texture_seed: int = 0, texture: float = 0.15,
         rim_dark: float = 0.25) -> None:
    """A rounded, irregular lump (stone, tree crown, bush) on the height field."""
    phases = [(k, a, rng.uniform(0, 2 * math.pi)) for k, a in harmonics]
    tex = ctx.noise(texture_seed, 2.0) if texture else None
    rmax = r * (1 + sum(a for _, a in harmonics))

    def fn(x, y):
        dx, dy = x - x0, y - y0
        d = math.hypot(dx, dy)
        if d > rmax + 1:
            return None
        th = math.atan2(dy, dx)
        rr = r * (1 + sum(a * math.sin(k * th + p) for k, a, p in phases))
        if d > rr + 0.5:
            return None
        cov = clamp(rr - d + 0.5)
        q = min(d / rr, 1.0)
        prof = math.sqrt(max(0.0, 1 - q * q)) ** flat
        t = tex(x, y) if tex else 0.0
        c = scale(colour, (1 - rim_dark) + rim_dark * prof + texture * t)
        return cov, c, base + height * prof + texture * 2 * t * prof

    cv.stamp((x0 - rmax - 1, y0 - rmax - 1, x0 + rmax + 1, y0 + rmax + 1), fn)


ROAD = (188, 160, 114)
ROAD_DARK = (140, 112, 78)


def paint_road(cv: Canvas, ctx: Context) -> None:
    grain = ctx.noise(23, 1, smooth=False)

    def ground(x, y):
        n = ctx.fbm(21, x, y, (20, 10, 5))
        c = mix(ROAD, ROAD_DARK, clamp(0.45 - 0.9 * n))
        g = grain(x, y)
        c = scale(c, 1 + 0.06 * g)
        return c, 0.3 * ctx.noise(22, 3)(x, y) + 0.2 * g

    cv.fill(ground)
    # packed-earth wheel ruts: two soft darker bands, repeating over the lattice
    kx, ky = ctx.wave(0, 6) if ctx.geo.axis == "y" else ctx.wave(0, 4)
    for k, x, y in cv.pixels():
        warp = 0.8 * ctx.noise(24, 16)(x, y)
        s = math.sin(2 * math.pi * (kx * x + ky * y) + warp)
        rut = smoothstep(0.55, 0.95, s) * (0.55 + 0.45 * ctx.noise(25, 8)(x, y))
        cv.blend(k, ROAD_DARK, 0.35 * rut)
        cv.z[k] -= 0.5 * rut
    for x, y, rng in ctx.points(26, 34, margin=4):
        r = rng.uniform(0.8, 1.8)
        shade = rng.uniform(0.75, 1.15)
        c = scale((170, 160, 146) if rng.random() < 0.6 else (150, 124, 94), shade)
        dome(cv, ctx, x, y, r, c, rng, height=r * 0.8, base=0.4, texture=0, rim_dark=0.2)
    cv.light()


FOREST_FLOOR = (58, 92, 44)
CROWNS = [(58, 116, 52), (46, 104, 60), (84, 124, 46), (40, 96, 48)]


def paint_forest(cv: Canvas, ctx: Context) -> None:
    def ground(x, y):
        c, h = grass_colour(ctx, x, y, tint=(FOREST_FLOOR, 0.55))
        leaves = ctx.noise(31, 2)(x, y)
        c = mix(c, (96, 84, 48), 0.3 * smoothstep(0.3, 0.8, leaves))
        return c, h

    cv.fill(ground)
    rng = random.Random(3001)
    crowns = ctx.scatter_inside(rng, 7, (7.0, 10.5), limit=27.0, gap=0.45)
    crowns.sort(key=lambda t: t[1])
    for n, (x, y, r) in enumerate(crowns):
        c = CROWNS[n % len(CROWNS)]
        if n % 3 == 2:  # a conifer: spiky star of branches
            dome(cv, ctx, x, y, r * 0.85, scale(c, 0.85), rng, height=r * 1.0, base=1.0 + n * 0.2,
                 harmonics=((9, 0.18), (4, 0.05)), flat=0.8, texture_seed=33, texture=0.12,
                 rim_dark=0.45)
        else:
            dome(cv, ctx, x, y, r, c, rng, height=r * 0.8, base=1.0 + n * 0.2,
                 harmonics=((6, 0.09), (11, 0.05), (3, 0.06)), flat=0.6, texture_seed=32,
                 texture=0.22, rim_dark=0.35)
    cv.light(shadows=0.55)


DIRT = (118, 98, 76)


def paint_rubble(cv: Canvas, ctx: Context) -> None:
    grain = ctx.noise(43, 1, smooth=False)

    def ground(x, y):
        n = ctx.fbm(41, x, y, (16, 8, 4))
        c = mix(DIRT, (92, 76, 60), clamp(0.5 - n))
        return scale(c, 1 + 0.08 * grain(x, y)), 0.3 * n

    cv.fill(ground)
    # gravel everywhere (periodic), then the big broken stones
    for x, y, rng in ctx.points(44, 40, margin=4):
        r = rng.uniform(0.8, 1.6)
        c = scale((150, 144, 134), rng.uniform(0.7, 1.1))
        dome(cv, ctx, x, y, r, c, rng, height=r * 0.7, base=0.3, texture=0, rim_dark=0.2)
    rng = random.Random(4001)
    stones = ctx.scatter_inside(rng, 9, (3.0, 7.5), limit=26.0, gap=0.25)
    stones.sort(key=lambda t: t[1])
    for n, (x, y, r) in enumerate(stones):
        tone = rng.uniform(0.8, 1.1)
        c = scale((158, 154, 146) if n % 3 else (168, 150, 128), tone)
        dome(cv, ctx, x, y, r, c, rng, height=r * 0.7, base=0.5 + 0.1 * n,
             harmonics=((2, 0.16), (3, 0.1), (5, 0.05)), flat=0.35, texture_seed=45,
             texture=0.12, rim_dark=0.2)
    cv.light(strength=1.2, shadows=0.55)


WATER_DEEP = (40, 88, 150)
WATER = (62, 120, 180)
WATER_HI = (168, 214, 236)


def paint_water(cv: Canvas, ctx: Context) -> None:
    kx, ky = ctx.wave(0, 6) if ctx.geo.axis == "y" else ctx.wave(0, 4)
    kx2, ky2 = ctx.wave(1, 7) if ctx.geo.axis == "y" else ctx.wave(1, 5)
    wn = ctx.noise(52, 16)
    bn = ctx.noise(53, 8)

    def water(x, y):
        n = ctx.fbm(51, x, y, (24, 12))
        c = mix(WATER_DEEP, WATER, clamp(0.55 + n))
        ph = 2 * math.pi * (kx * x + ky * y) + 2.2 * wn(x, y)
        s = math.sin(ph)
        s2 = math.sin(2 * math.pi * (kx2 * x + ky2 * y) + 1.5 * bn(x, y))
        return c, 0.45 * s + 0.25 * s2

    cv.fill(water)
    cv.light(strength=1.0, shadows=0.0, ambient=0.55)
    # crests: short bright ripple strokes where the wave peaks, broken up by noise
    bk = ctx.noise(54, 7)
    for k, x, y in cv.pixels():
        ph = 2 * math.pi * (kx * x + ky * y) + 2.2 * wn(x, y)
        crest = smoothstep(0.8, 0.97, math.sin(ph)) * smoothstep(0.05, 0.45, bk(x, y))
        trough = smoothstep(0.75, 1.0, -math.sin(ph)) * 0.18
        cv.blend(k, WATER_HI, 0.75 * crest)
        cv.blend(k, WATER_DEEP, trough)
    for x, y, rng in ctx.points(55, 10, margin=2):
        cv.line([(x - 1.2, y), (x + 1.2, y)], 0.8, (232, 246, 252), 0.8)


WALL_STONE = (152, 142, 126)


def paint_low_wall(cv: Canvas, ctx: Context) -> None:
    paint_grass_base(cv, ctx)
    geo = ctx.geo
    # A dry-stone wall across the hex through two opposite edge midpoints, so a line of
    # low-wall tiles joins up: left-right for pointy-top, top-bottom for flat-top. The
    # stones repeat with the tile period along the wall, so neighbours continue it.
    along_x = geo.axis == "y"
    length = geo.tw if along_x else geo.th
    rng = random.Random(5001)
    cuts = [0.0]
    while True:
        step = rng.uniform(6.5, 10.0)
        if cuts[-1] + step > length - 5.0:
            break
        cuts.append(cuts[-1] + step)
    cuts.append(float(length))
    stones = []  # (start, end, tone, phase, offset across, half width)
    for a, b in zip(cuts, cuts[1:]):
        stones.append((a, b, rng.uniform(0.82, 1.12), rng.uniform(0, 2 * math.pi),
                       rng.uniform(-1.0, 1.0), rng.uniform(5.0, 6.4)))
    tex = ctx.noise(56, 2)

    def stone_at(u):
        u %= length
        for st in stones:
            if st[0] <= u < st[1]:
                return st, u
        return stones[-1], u

    def fn(x, y):
        u, v = (x, y - geo.cy) if along_x else (y, x - geo.cx)
        if abs(v) > 8:
            return None
        (a, b, tone, ph, off, hw), uu = stone_at(u)
        mid, half = (a + b) / 2, (b - a) / 2
        su = (uu - mid) / (half + 0.2)
        sv = (v - off) / hw
        wob = 0.1 * math.sin(ph + 3 * su) + 0.08 * tex(x, y)
        q = (abs(su) ** 3 + abs(sv) ** 3) ** (1 / 3) - wob
        cov = clamp((1 - q) * min(half, hw) + 0.5)
        if cov <= 0:
            return None
        prof = math.sqrt(clamp(1 - q * q)) ** 0.6
        c = scale(WALL_STONE, tone * (0.72 + 0.28 * prof) + 0.12 * tex(x * 1.3, y * 1.3))
        c = mix(c, (104, 122, 70), 0.35 * smoothstep(0.5, 0.9, ctx.noise(57, 4)(x, y)) * prof)
        return cov, c, 1.0 + 4.0 * prof

    box = (-PAD, geo.cy - 9, geo.tw + PAD, geo.cy + 9) if along_x else \
        (geo.cx - 9, -PAD, geo.cx + 9, geo.th + PAD)
    # a dark footing (gaps between the stones, earth at the foot of the wall)
    for k, x, y in cv.pixels(*box):
        v = y - geo.cy if along_x else x - geo.cx
        cv.blend(k, (52, 58, 36), 0.8 * clamp(5.8 - abs(v) + 0.6 * tex(x, y)))
    cv.stamp(box, fn, ztest=False)
    cv.light(strength=1.0, shadows=0.55)


MASONRY = (132, 132, 138)
MORTAR = (72, 70, 74)


def paint_stone_wall(cv: Canvas, ctx: Context) -> None:
    geo = ctx.geo
    bw, bh = (14, 8) if geo.axis == "y" else (16, 7)  # running bond that repeats on the lattice
    tone = ctx.noise(61, 10)
    grain = ctx.noise(62, 1, smooth=False)
    chip = ctx.noise(63, 2)

    def wall(x, y):
        j = math.floor(y / bh)
        off = (bw / 2) * (j % 2)
        i = math.floor((x + off) / bw)
        lu = x + off - i * bw
        lv = y - j * bh
        e = min(lu, bw - lu, lv, bh - lv) - 0.6 + 0.6 * chip(x, y)
        mortar = 1 - smoothstep(-0.3, 0.6, e)
        bx, by = i * bw - off + bw / 2, j * bh + bh / 2
        t = tone(bx, by)
        c = scale(MASONRY, 1 + 0.18 * t + 0.07 * grain(x, y))
        c = mix(c, (118, 124, 112), 0.25 * smoothstep(0.4, 0.9, ctx.noise(64, 6)(x, y)))
        c = mix(c, MORTAR, mortar)
        h = 8.0 + 1.3 * smoothstep(0.0, 2.0, e) + 0.25 * chip(x, y)
        return c, h

    cv.fill(wall)
    cv.light(strength=1.1, shadows=0.4)


FOG = (214, 220, 226)


def mist_bands(ctx: Context, seed: int, x: float, y: float) -> float:
    """Soft, wavy, broken horizontal streaks (the usual fog symbol), 0..1, lattice-periodic."""
    kx, ky = ctx.wave(0, 8) if ctx.geo.axis == "y" else ctx.wave(0, 4)
    warp = ctx.noise(seed, 18)
    wave = math.sin(2 * math.pi * (kx * x + ky * y) + 2.6 * warp(x, y))
    band = smoothstep(0.35, 0.95, wave)
    broken = smoothstep(-0.35, 0.25, ctx.fbm(seed + 1, x, y, (20, 10)))
    return band * broken


def paint_fog(cv: Canvas, ctx: Context) -> None:
    paint_grass_base(cv, ctx)
    cv.light()
    for k, x, y in cv.pixels():
        veil = clamp(0.5 + 0.35 * ctx.fbm(71, x, y, (24, 12, 6)))
        cv.blend(k, FOG, veil)
        cv.blend(k, (250, 251, 252), 0.8 * mist_bands(ctx, 72, x, y))


def paint_darkness(cv: Canvas, ctx: Context) -> None:
    def dark(x, y):
        n = ctx.fbm(81, x, y, (24, 12, 6))
        c = mix((12, 11, 22), (34, 32, 54), clamp(0.5 + 0.8 * n))
        c = mix(c, (58, 56, 88), 0.6 * mist_bands(ctx, 82, x, y))
        return c, 0.0

    cv.fill(dark)
    for x, y, rng in ctx.points(84, 5, margin=2):  # a few faint motes
        cv.line([(x, y), (x + 0.01, y)], 1.3, (128, 126, 170), 0.45)


def paint_exit(cv: Canvas, ctx: Context) -> None:
    paint_grass_base(cv, ctx)
    cv.light()
    geo = ctx.geo
    gold = (255, 226, 92)  # light, so it stands out by brightness too, not only by hue
    # dashed marker inside the hex border
    pts = geo.poly
    cx, cy = geo.cx, geo.cy
    inset = [(cx + (px - cx) * 0.8, cy + (py - cy) * 0.8) for px, py in pts]
    for i in range(len(inset)):
        ax, ay = inset[i]
        bx, by = inset[(i + 1) % len(inset)]
        for t0, t1 in ((0.0, 0.22), (0.39, 0.61), (0.78, 1.0)):
            seg = [(ax + (bx - ax) * t, ay + (by - ay) * t) for t in (t0, t1)]
            cv.line(seg, 3.6, (24, 30, 12), 0.75)
            cv.line(seg, 2.0, gold)
    # a pennant on a pole, with its shadow on the grass
    px, top, foot = cx - 5, cy - 14, cy + 11
    flag = [(px, top), (px + 17, top + 6), (px, top + 12)]

    def shadow(p):  # where a point of the (upright) flag falls on the ground
        return p[0] + (foot - p[1]) * 0.55, foot + (foot - p[1]) * 0.12

    cv.line([shadow((px, top)), (px, foot)], 2.2, (20, 34, 12), 0.4)
    cv.polygon([shadow(p) for p in flag], (20, 34, 12), 0.35)
    dome(cv, ctx, px, foot, 3.6, (150, 140, 124), random.Random(8001), height=1.5, base=5,
         texture=0, rim_dark=0.35)
    for k, x, y in cv.pixels(px - 5, foot - 5, px + 5, foot + 5):
        d = math.hypot(x - px, y - foot)
        if d < 4.2:
            lit_side = clamp((x - px + y - foot) / 4 + 0.2, 0, 0.5)
            cv.blend(k, (110, 100, 90), clamp(4.2 - d) * lit_side)
    cv.line([(px, top - 1), (px, foot)], 2.0, (78, 56, 34))
    cv.line([(px - 0.4, top - 1), (px - 0.4, foot - 1)], 0.7, (150, 116, 76), 0.8)
    cv.polygon(flag, (60, 40, 12))
    inner = [(px + 0.8, top + 1.4), (px + 14.6, top + 6), (px + 0.8, top + 10.6)]
    cv.polygon(inner, lambda x, y: scale(gold, 0.9 + 0.12 * math.sin((x - px) * 0.6 + 1)))
    cv.line([(px - 0.4, top - 2), (px + 0.4, top - 2)], 2.6, (210, 170, 60))


HILL_TINT = ((150, 168, 82), 0.25)


def paint_hill(cv: Canvas, ctx: Context) -> None:
    geo = ctx.geo
    warp = ctx.noise(91, 12)
    rng = random.Random(9001)
    ph = [rng.uniform(0, 2 * math.pi) for _ in range(3)]

    def height(x, y):
        dx, dy = x - geo.cx + 1.5, y - geo.cy + 1.0
        th = math.atan2(dy, dx)
        lobes = 1 + 0.07 * math.sin(3 * th + ph[0]) + 0.05 * math.sin(2 * th + ph[1])
        d = math.hypot(dx, dy) * lobes
        q = clamp(d / 31.0)
        return 10.0 * (1 - q * q) ** 2 + 0.4 * warp(x, y)

    def ground(x, y):
        c, h = grass_colour(ctx, x, y, tint=HILL_TINT)
        hh = height(x, y)
        return mix(c, (172, 178, 96), 0.12 * hh / 10), h + hh

    cv.fill(ground)
    grass_blades(cv, ctx)
    cv.light(strength=1.6, shadows=0.3)
    # contour lines every 2.5 height units
    for k, x, y in cv.pixels():
        hh = height(x, y)
        e = 0.05
        gx = (height(x + e, y) - height(x - e, y)) / (2 * e)
        gy = (height(x, y + e) - height(x, y - e)) / (2 * e)
        grad = math.hypot(gx, gy) + 1e-6
        for level in (2.0, 4.5, 7.0, 9.5):
            dist = abs(hh - level) / grad  # in pixels
            cov = clamp(0.9 - dist)
            if cov > 0:
                cv.blend(k, (62, 70, 34), 0.7 * cov)


FLOOR = (178, 172, 160)
GROUT = (112, 106, 98)


def paint_floor(cv: Canvas, ctx: Context) -> None:
    geo = ctx.geo
    fw, fh = (14, 16) if geo.axis == "y" else (16, 14)  # flagstones that repeat on the lattice
    tone = ctx.noise(101, 7)
    grain = ctx.noise(102, 1, smooth=False)
    wear = ctx.noise(103, 3)

    def floor(x, y):
        i, j = math.floor(x / fw), math.floor(y / fh)
        lu, lv = x - i * fw, y - j * fh
        e = min(lu, fw - lu, lv, fh - lv) - 0.5
        grout = 1 - smoothstep(-0.2, 0.7, e)
        t = tone(i * fw + fw / 2, j * fh + fh / 2)
        c = scale(FLOOR, 1 + 0.1 * t + 0.05 * grain(x, y) + 0.04 * wear(x, y))
        c = mix(c, (188, 176, 150), 0.3 * clamp(0.5 + t))
        c = mix(c, GROUT, grout)
        return c, 0.9 * smoothstep(0.0, 1.6, e) + 0.15 * wear(x, y)

    cv.fill(floor)
    cv.light(strength=1.0, shadows=0.3)


def paint_deep_water(cv: Canvas, ctx: Context) -> None:
    """Water too deep to wade: darker, with fewer crests than the shallows."""
    wn = ctx.noise(121, 12)

    def water(x, y):
        n = ctx.fbm(122, x, y, (24, 12))
        return mix((18, 46, 96), (34, 78, 140), clamp(0.5 + n)), 0.6 * wn(x, y)

    cv.fill(water)
    cv.light(strength=1.0, shadows=0.0, ambient=0.6)
    for x, y, rng in ctx.points(123, 5, margin=3):
        cv.line([(x - 2.0, y), (x + 2.0, y)], 0.8, (120, 170, 214), 0.7)


ROCK = (128, 118, 104)


def paint_cliff(cv: Canvas, ctx: Context) -> None:
    """High rock, 10 ft above the grass: cracked stone with a few tufts."""
    geo = ctx.geo
    crack = ctx.noise(131, 5)
    tone = ctx.noise(132, 9)

    def rock(x, y):
        c = scale(ROCK, 1 + 0.16 * tone(x, y) + 0.06 * ctx.fbm(133, x, y, (6, 3)))
        edge = smoothstep(2.0, 9.0, geo.edge_distance(x, y))
        fissure = smoothstep(0.0, 0.08, abs(crack(x, y)))
        c = mix(scale(c, 0.55), c, fissure)
        return c, 6.0 + 10.0 * edge - 1.5 * (1 - fissure)

    cv.fill(rock)
    for x, y, rng in ctx.points(134, 4, margin=10):
        cv.line([(x - 1.5, y + 1), (x, y - 1.5), (x + 1.5, y + 1)], 1.0, (96, 128, 60), 0.9,
                height=17.0)
    cv.light(strength=1.4, shadows=0.5)


WOOD = (132, 92, 52)


def _planks(cv: Canvas, ctx: Context, across: bool, half: float, height: float,
            seed: int) -> None:
    """Wooden planks (or stakes) in a band through the hex's centre, `half` wide."""
    geo = ctx.geo
    grain = ctx.noise(seed, 2)
    along_x = (geo.axis == "y") == (not across)

    def fn(x, y):
        u, v = (x, y - geo.cy) if along_x else (y, x - geo.cx)
        if abs(v) > half:
            return None
        seam = smoothstep(0.0, 1.0, abs((u % 7.0) - 3.5) - 2.6)
        c = scale(WOOD, 0.9 + 0.15 * grain(x, y) - 0.35 * seam)
        return clamp(half - abs(v) + 0.5), c, height - 2.0 * seam

    box = (-PAD, geo.cy - half - 1, geo.tw + PAD, geo.cy + half + 1) if along_x else \
        (geo.cx - half - 1, -PAD, geo.cx + half + 1, geo.th + PAD)
    cv.stamp(box, fn, ztest=False)


def paint_palisade(cv: Canvas, ctx: Context) -> None:
    """A line of sharpened stakes, 10 ft high: a flyer can pass over it; an axe breaks it."""
    paint_grass_base(cv, ctx)
    _planks(cv, ctx, False, 11.0, 14.0, 141)
    cv.light(strength=1.2, shadows=0.6)


def paint_barricade(cv: Canvas, ctx: Context) -> None:
    """Crates and planks piled across a floor: cover, and it can be broken."""
    paint_floor(cv, ctx)
    _planks(cv, ctx, False, 7.0, 5.0, 151)
    geo = ctx.geo
    for dx, dy in ((-11, -3), (9, 3)):
        x, y = geo.cx + dx, geo.cy + dy
        cv.stamp((x - 8, y - 8, x + 8, y + 8), lambda px, py, x=x, y=y: (
            clamp(7.0 - max(abs(px - x), abs(py - y))),
            scale(WOOD, 1.2 if (abs(px - x) < 6 and abs(py - y) < 6) else 0.6), 9.0),
            ztest=False)
    cv.light(strength=1.0, shadows=0.5)


def _door_posts(cv: Canvas, ctx: Context) -> list[tuple[float, float]]:
    """Two stone door posts on the line a wall would run along (left-right on pointy-top
    maps, top-bottom on flat-top ones)."""
    geo = ctx.geo
    if geo.axis == "y":
        posts = [(geo.cx - 21, geo.cy), (geo.cx + 21, geo.cy)]
    else:
        posts = [(geo.cx, geo.cy - 21), (geo.cx, geo.cy + 21)]
    for x, y in posts:
        cv.stamp((x - 6, y - 6, x + 6, y + 6), lambda px, py, x=x, y=y: (
            clamp(5.5 - max(abs(px - x), abs(py - y))), scale(MASONRY, 0.8), 12.0),
            ztest=False)
    return posts


def _leaf(cv: Canvas, a, b, locked: bool = False) -> None:
    cv.line([a, b], 9.0, (54, 36, 20), height=10.0)
    cv.line([a, b], 6.5, WOOD, height=10.5)
    if locked:
        (ax, ay), (bx, by) = a, b
        for t in (0.25, 0.75):
            x, y = ax + (bx - ax) * t, ay + (by - ay) * t
            nx, ny = (by - ay) * 0.12, (ax - bx) * 0.12
            cv.line([(x - nx, y - ny), (x + nx, y + ny)], 2.0, (50, 50, 58), height=11.0)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        cv.polygon([(mx - 3.5, my - 3.5), (mx + 3.5, my - 3.5), (mx + 3.5, my + 3.5),
                    (mx - 3.5, my + 3.5)], (230, 186, 50))


def paint_door(cv: Canvas, ctx: Context, locked: bool = False) -> None:
    """A closed wooden door between two stone posts, on a floor."""
    paint_floor(cv, ctx)
    a, b = _door_posts(cv, ctx)
    _leaf(cv, a, b, locked)
    cv.light(strength=1.0, shadows=0.6)


def paint_locked_door(cv: Canvas, ctx: Context) -> None:
    """A closed door with iron bands and a lock: it must be broken or forced."""
    paint_door(cv, ctx, locked=True)


def paint_open_door(cv: Canvas, ctx: Context) -> None:
    """The same door swung open on its post: the doorway is free."""
    paint_floor(cv, ctx)
    (ax, ay), (bx, by) = _door_posts(cv, ctx)
    ux, uy = (bx - ax) / 42, (by - ay) / 42
    _leaf(cv, (ax + 3 * ux, ay + 3 * uy), (ax + 3 * ux - 17 * uy, ay + 3 * uy + 17 * ux))
    cv.light(strength=1.0, shadows=0.6)


PAINTERS = [paint_grass, paint_road, paint_forest, paint_rubble, paint_water, paint_low_wall,
            paint_stone_wall, paint_fog, paint_exit, paint_hill, paint_darkness, paint_floor,
            paint_deep_water, paint_cliff, paint_palisade, paint_barricade, paint_door,
            paint_open_door, paint_locked_door]
assert len(PAINTERS) == len(TILES)


# --------------------------------------------------------------------------- output


def render_tiles(axis: str, tw: int, th: int) -> list[pygame.Surface]:
    geo = Geometry(axis, tw, th)
    ctx = Context(geo)
    tiles = []
    for paint in PAINTERS:
        cv = Canvas(geo)
        paint(cv, ctx)
        tiles.append(cv.to_surface())
    return tiles


def atlas(tiles: list[pygame.Surface], tw: int, th: int) -> pygame.Surface:
    rows = -(-len(tiles) // COLUMNS)
    sheet = pygame.Surface((COLUMNS * tw, rows * th), pygame.SRCALPHA)
    sheet.fill((0, 0, 0, 0))
    for i, t in enumerate(tiles):
        # adding onto the cleared sheet copies RGBA exactly (no alpha blending)
        sheet.blit(t, ((i % COLUMNS) * tw, (i // COLUMNS) * th),
                   special_flags=pygame.BLEND_RGBA_ADD)
    return sheet


def png_bytes(surface: pygame.Surface) -> bytes:
    """Encode RGBA8 PNG with a fixed, deterministic filter choice and no metadata."""
    w, h = surface.get_size()
    raw = pygame.image.tobytes(surface, "RGBA")
    stride = w * 4
    out = bytearray()
    prev = bytes(stride)
    for y in range(h):
        row = raw[y * stride:(y + 1) * stride]
        cands = []
        sub = bytes((row[i] - (row[i - 4] if i >= 4 else 0)) & 255 for i in range(stride))
        up = bytes((row[i] - prev[i]) & 255 for i in range(stride))
        avg = bytes((row[i] - (((row[i - 4] if i >= 4 else 0) + prev[i]) >> 1)) & 255
                    for i in range(stride))
        cands = [(0, row), (1, sub), (2, up), (3, avg)]
        best = min(cands, key=lambda c: (sum(b if b < 128 else 256 - b for b in c[1]), c[0]))
        out.append(best[0])
        out += best[1]
        prev = row

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    ihdr = struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
            + chunk(b"IDAT", zlib.compress(bytes(out), 9)) + chunk(b"IEND", b""))


def _xml_attr(v: str) -> str:
    return (v.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")
            .replace(">", "&gt;"))


# Tiled's terrain brush: one colour per terrain in the Wang set "Terrain" (the tile id + 1).
WANG_COLOURS = ("#4caf50", "#b08d57", "#1b5e20", "#8d6e63", "#2196f3", "#9e9e9e", "#424242",
                "#cfd8dc", "#ffeb3b", "#a1887f", "#000000", "#d7ccc8", "#0d47a1", "#6d4c41",
                "#795548", "#bcaaa4", "#5d4037", "#efebe9", "#3e2723")
# Enum properties carry the project's type (maps/hexskirmish.tiled-project) so that Tiled
# offers their values in a list.
PROPERTY_TYPES = {"obstacle": "Obstacle", "concealment": "Concealment", "water": "Water",
                  "door": "Door"}
TILE_CLASS = "terrain"


def _property_line(key: str, v) -> str:
    if isinstance(v, bool):
        typ, text = ' type="bool"', "true" if v else "false"
    elif isinstance(v, int):
        typ, text = ' type="int"', str(v)
    else:
        typ, text = "", str(v)
    if key in PROPERTY_TYPES:
        typ += f' propertytype="{PROPERTY_TYPES[key]}"'
    return f'   <property name="{_xml_attr(key)}"{typ} value="{_xml_attr(text)}"/>'


def wangset_lines() -> list[str]:
    """A mixed Wang set whose colour i is tile i-1 on all eight sides and corners, so the
    terrain brush paints whole hexes of one terrain."""
    lines = [' <wangsets>', '  <wangset name="Terrain" type="mixed" tile="0">']
    for tid, (name, _) in enumerate(TILES):
        lines.append(f'   <wangcolor name="{_xml_attr(name)}" color="{WANG_COLOURS[tid]}" '
                     f'tile="{tid}" probability="1"/>')
    for tid in range(len(TILES)):
        lines.append(f'   <wangtile tileid="{tid}" wangid="{",".join([str(tid + 1)] * 8)}"/>')
    return lines + ['  </wangset>', ' </wangsets>']


def tsx_text(name: str, tw: int, th: int, image_w: int, image_h: int) -> str:
    version, tiled_version = TILED_VERSION
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="{version}" tiledversion="{tiled_version}" name="{name}" '
        f'tilewidth="{tw}" tileheight="{th}" tilecount="{len(TILES)}" columns="{COLUMNS}">',
        f' <image source="{name}.png" width="{image_w}" height="{image_h}"/>',
    ]
    for tid, (_, props) in enumerate(TILES):
        lines.append(f' <tile id="{tid}" type="{TILE_CLASS}">')
        lines.append('  <properties>')
        # Tiled writes properties sorted by name
        lines.extend(_property_line(key, props[key]) for key in sorted(props))
        lines.append('  </properties>')
        lines.append(' </tile>')
    lines.extend(wangset_lines())
    lines.append('</tileset>')
    return "\n".join(lines) + "\n"


def build(out_dir: str | os.PathLike = "assets/tilesets") -> list[Path]:
    """Write hex-pointy.{png,tsx} and hex-flat.{png,tsx} into out_dir; returns the paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (axis, tw, th) in ORIENTATIONS.items():
        sheet = atlas(render_tiles(axis, tw, th), tw, th)
        png = out / f"{name}.png"
        png.write_bytes(png_bytes(sheet))
        tsx = out / f"{name}.tsx"
        tsx.write_bytes(tsx_text(name, tw, th, *sheet.get_size()).encode("utf-8"))
        written += [png, tsx]
    return written


# --------------------------------------------------------------------------- preview

PREVIEW_MAP = [
    "00229911",
    "02229910",
    "55554441",
    "08344411",
    "66713000",
    "6ab1bbbb",
    "cccdd9ee",
    "ccdddbfb",
    "4cb0gbhb",
]


def preview(path: str | os.PathLike, zoom: int = 2) -> None:
    """A patch of 8x6 mixed terrain for both orientations, laid out as Tiled does."""
    parts = []
    for name, (axis, tw, th) in ORIENTATIONS.items():
        geo = Geometry(axis, tw, th)
        tiles = render_tiles(axis, tw, th)
        rows, cols = len(PREVIEW_MAP), len(PREVIEW_MAP[0])
        w = max(geo.origin(c, r)[0] + tw for c in range(cols) for r in range(rows))
        h = max(geo.origin(c, r)[1] + th for c in range(cols) for r in range(rows))
        surf = pygame.Surface((w + 16, h + 16), pygame.SRCALPHA)
        surf.fill((255, 0, 255, 255))  # magenta shows any gap
        for r in range(rows):
            for c in range(cols):
                x, y = geo.origin(c, r)
                surf.blit(tiles[int(PREVIEW_MAP[r][c], 36)], (x + 8, y + 8))
        parts.append(surf)
    W = sum(p.get_width() for p in parts) + 8 * (len(parts) - 1)
    H = max(p.get_height() for p in parts)
    out = pygame.Surface((W, H))
    out.fill((30, 30, 30))
    x = 0
    for p in parts:
        out.blit(p, (x, 0))
        x += p.get_width() + 8
    out = pygame.transform.scale(out, (W * zoom, H * zoom))
    pygame.image.save(out, str(path))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default_out = Path(__file__).resolve().parent.parent / "assets" / "tilesets"
    ap.add_argument("--out", default=str(default_out),
                    help="output folder (default: assets/tilesets of this checkout)")
    ap.add_argument("--preview", metavar="PNG", help="also write a preview of mixed terrain")
    args = ap.parse_args(argv)
    for p in build(args.out):
        print(p)
    if args.preview:
        preview(args.preview)
        print(args.preview)
    return 0


if __name__ == "__main__":
    sys.exit(main())
