"""Draw a Tiled hexagonal map as Tiled's own `tmxrasterizer` does, headless (pygame only).

`game.hexgrid.TiledLayout` implements Tiled's integer hex layout (tile_top_left, map_pixel_size);
`python -m game render MAP OUT` draws a map with this module. What Tiled 1.8's tmxrasterizer does,
and so what this module reproduces (tests/test_render.py compares the two pixel for pixel):

* Canvas: `HexagonalRenderer::mapBoundingRect` (= `TiledLayout.map_pixel_size`) grown by the
  layer offset margins (`Map::computeLayerOffsetMargins`: for every layer that is not a group,
  hidden ones too, the ceiling of its total offset on each side). Tiles bigger than a cell and
  tileset tile offsets do not grow it: what sticks out is clipped.
* Layers in the order of the XML (pytmx reorders them), groups adding their offset and
  multiplying their opacity and tint; hidden layers (or in hidden groups) are not drawn.
* A cell's image is anchored bottom-left at the cell's top-left plus (0, th), th being the
  map's tile height rounded down to even, plus the tileset's <tileoffset> and the layer offset.
  Cells are drawn row of the screen by row of the screen (top y of the cell, then x): on a
  staggered-x map the unshifted columns of a row come before the shifted ones.
* Flags, as `CellRenderer::render` does for hexagonal cells: the anti-diagonal bit rotates the
  image by 60 degrees clockwise, bit 28 by 120 (they add up), the horizontal and vertical bits
  scale it by -1, all about the image's centre. Rotations of 0 and 180 degrees are exact pixel
  copies; 60 and 120 are resampled as Qt 5.15's raster engine does with smooth pixmap
  transforms, tmxrasterizer's default (`draw_image`: QRasterizer::rasterizeLine spans, 16-bit
  bilinear fetch).
* Object layers: tmxrasterizer draws tile objects (anchored by the tileset's object alignment,
  bottom-left by default, scaled to the object's size, rotated about its position), so
  `render_map` draws them too. Shapes (rectangles, points, ellipses, ...) are drawn by Tiled as
  outlines and are left out here. Image layers are drawn at their offset.
* Colours: tmxrasterizer paints on a QImage::Format_ARGB32 (not premultiplied), for which Qt
  composites in premultiplied 16 bits per channel and stores back rounded (`QtCanvas`).

The map is read once by `game.tiled.document` (the safe loader every command uses: file
references inside the map's folder, images opened and bounded, layer data decompressed with a
bound); pytmx cuts the tiles from the checked document (`game.tiled.for_pytmx`), never reading a
file by itself; layer order, group attributes and objects come from the document.

Known limits: Qt divides by alpha through the CPU's approximate reciprocal, so a
semi-transparent pixel whose colour is an exact rounding tie can come out one step apart
(see `_store_pixel`); Tiled draws shape objects (points, rectangles, ...) as outlines, this
does not; parallax, animations and object templates whose tileset the map does not list are
ignored. Rotated cells are resampled in
pure Python, some milliseconds each, so draw the static map once (`build_map_surface`) and
cache it.
"""
from __future__ import annotations

import bisect
import math
import os
from dataclasses import dataclass, field
from itertools import product
from pathlib import Path
from typing import Callable
from xml.etree.ElementTree import Element

import defusedxml.ElementTree as SafeET  # noqa: F401 - tests read .tsx files through it

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keep stdout clean for the CLI
import pygame  # noqa: E402
import pytmx  # noqa: E402

from game.errors import InputError  # noqa: E402
from game.outputs import check_png_output, write_png  # noqa: E402
from game.hexgrid import TiledLayout  # noqa: E402
from game.tiled.document import (  # noqa: E402
    FLIP_D, FLIP_H, FLIP_V, GID_MASK, Document, read_document, to_int,
)
from game.tiled.for_pytmx import check_all_for_pytmx, load_with_pytmx  # noqa: E402
from game.tiled.images import quiet_stderr  # noqa: E402
from game.tiled.xmlsafe import line_of  # noqa: E402

ROTATE_120 = 0x10000000  # hexagonal maps only: rotate 120 degrees clockwise (FLIP_D: 60)
MAX_CANVAS_SIDE = 32768
MAX_CANVAS_PIXELS = 1 << 26  # 256 MiB of RGBA


class MapRenderError(InputError):
    """A map that cannot be rendered (missing, unreadable, not hexagonal) or an unwritable
    output; one line for the user, exit status 2."""


# --- Qt's colour arithmetic ------------------------------------------------------------------

def _premultiply(c: int, a: int) -> int:
    """qPremultiply, one 8-bit channel."""
    t = c * a
    return (t + (t >> 8) + 0x80) >> 8


def _unpremultiply(p: int, a: int) -> int:
    """qUnpremultiply, one 8-bit channel (a > 0)."""
    return (p * (0xFF0000 // a) + 0x8000) >> 16


def _div_65535(x: int) -> int:
    return (x + (x >> 16) + 0x8000) >> 16


def _div_257(x: int) -> int:
    x += 128
    return (x - (x >> 8)) >> 8


def _source64(r: int, g: int, b: int, a: int) -> tuple[int, int, int, int]:
    """A pixel of an image held by a pixmap (premultiplied in 8 bits) widened to 16 bits, as
    the 64-bit pipeline fetches it; (r, g, b, a) is the unpremultiplied colour we store."""
    return _premultiply(r, a) * 257, _premultiply(g, a) * 257, _premultiply(b, a) * 257, a * 257


def _to_rgba64_pm_vector(r: int, g: int, b: int, a: int) -> tuple[int, int, int, int]:
    """convertARGB32ToRGBA64PM_sse4 inside a block of four that is neither all transparent nor
    all opaque: 16-bit multiply keeping the high half, then 0..0xfffe mapped to 0..0xffff."""
    a16 = a * 257
    out = []
    for c in (r, g, b):
        v = (c * 257 * a16) >> 16
        out.append(v + (v >> 15))
    return out[0], out[1], out[2], a16


def _fetch_canvas(pixels: list) -> list[tuple[int, int, int, int]]:
    """A span of the ARGB32 canvas fetched for 64-bit blending, four pixels at a time from its
    start as convertARGB32ToRGBA64PM_sse4 does, the last len % 4 one by one."""
    out = []
    full = len(pixels) - len(pixels) % 4
    for i in range(0, full, 4):
        block = pixels[i:i + 4]
        if all(p[3] == 0 for p in block):
            out.extend([(0, 0, 0, 0)] * 4)
        elif all(p[3] == 255 for p in block):
            out.extend((p[0] * 257, p[1] * 257, p[2] * 257, 65535) for p in block)
        else:
            out.extend(_to_rgba64_pm_vector(*p) for p in block)
    out.extend(_to_rgba64_pm(*p) for p in pixels[full:])
    return out


def _to_rgba64_pm(r: int, g: int, b: int, a: int) -> tuple[int, int, int, int]:
    """A pixel of the ARGB32 canvas as Qt fetches it one by one (QRgba64::premultiplied)."""
    if a == 255:
        return r * 257, g * 257, b * 257, 65535
    if a == 0:
        return 0, 0, 0, 0
    a16 = a * 257
    return _div_65535(r * 257 * a16), _div_65535(g * 257 * a16), _div_65535(b * 257 * a16), a16


def _round_half_even(n: int, d: int) -> int:
    """n / d to the nearest integer, exact halves to even (d > 0), as _mm_cvtps_epi32."""
    q, r = divmod(2 * n + d, 2 * d)
    return q - 1 if r == 0 and q % 2 else q


def _store_pixel(p: tuple[int, int, int, int], block: str) -> tuple[int, int, int, int]:
    """A premultiplied 16-bit pixel back to ARGB32 as convertARGBFromRGBA64PM_sse4 does; the
    arithmetic depends on its block of four: 'opaque', 'mixed' or 'tail' (the last len % 4
    pixels of a span). Qt divides by alpha through the CPU's approximate reciprocal (rcpps,
    whose table differs between CPU makers) refined by one Newton step; this divides exactly,
    so where the quotient is a half or within about 1e-5 of one, the rounding may differ from
    Qt's by one (a semi-transparent pixel's colour channel; rare)."""
    r, g, b, a = p
    if a == 0:
        return 0, 0, 0, 0
    alpha = min(_div_257(a), 255)
    if a == 65535 or block == "opaque":
        return min(_div_257(r), 255), min(_div_257(g), 255), min(_div_257(b), 255), alpha
    if block == "mixed":
        return (min(_round_half_even(r * 255, a), 255), min(_round_half_even(g * 255, a), 255),
                min(_round_half_even(b * 255, a), 255), alpha)
    return (min(_div_257(min(_round_half_even(r * 65535, a), 65535)), 255),
            min(_div_257(min(_round_half_even(g * 65535, a), 65535)), 255),
            min(_div_257(min(_round_half_even(b * 65535, a), 65535)), 255), alpha)


def _store_span(pixels: list[tuple[int, int, int, int]]) -> list[tuple[int, int, int, int]]:
    """A span of premultiplied 16-bit pixels stored four by four from its start."""
    out = []
    full = len(pixels) - len(pixels) % 4
    for i in range(0, full, 4):
        block = pixels[i:i + 4]
        if all(p[3] == 0 for p in block):
            out.extend([(0, 0, 0, 0)] * 4)
        else:
            kind = "opaque" if all(p[3] == 65535 for p in block) else "mixed"
            out.extend(_store_pixel(p, kind) for p in block)
    out.extend(_store_pixel(p, "tail") for p in pixels[full:])
    return out


def _source_over(d: tuple[int, ...], s: tuple[int, ...], const_alpha: int) -> tuple[int, ...]:
    """comp_func_SourceOver_rgb64 for one pixel (16-bit premultiplied)."""
    if const_alpha == 255:
        if s[3] == 65535:
            return s
        if s[3] == 0:
            return d
    else:
        ca = const_alpha * 257
        s = tuple(_div_65535(c * ca) for c in s)
    inverse = 65535 - s[3]
    return tuple(sc + _div_65535(dc * inverse) for sc, dc in zip(s, d))


def _const_alpha(opacity: float) -> int:
    """The painter opacity as the raster engine applies it: (255 * int(opacity * 256)) >> 8."""
    return min(255, (255 * int(opacity * 256)) >> 8)


# --- images as Qt holds them -------------------------------------------------------------------

def _surface_to_rgba(surface: pygame.Surface) -> bytearray:
    return bytearray(pygame.image.tobytes(surface, "RGBA"))


def _rgba_to_surface(data: bytes | bytearray, size: tuple[int, int]) -> pygame.Surface:
    image = pygame.image.frombytes(bytes(data), size, "RGBA")
    if not image.get_flags() & pygame.SRCALPHA:  # pragma: no cover - depends on the pygame build
        out = pygame.Surface(size, pygame.SRCALPHA)
        out.fill((0, 0, 0, 0))
        out.blit(image, (0, 0))
        return out
    return image


def qt_pixels(surface: pygame.Surface, colorkey: tuple[int, int, int] | None = None) -> pygame.Surface:
    """A 32-bit RGBA copy of `surface` holding what Qt holds once it is a pixmap: fully
    transparent pixels are (0,0,0,0), semi-transparent colours are premultiplied and rounded
    back; `colorkey` (Tiled's `trans`) becomes transparent."""
    size = surface.get_size()
    if surface.get_flags() & pygame.SRCALPHA or surface.get_colorkey() is not None:
        base = pygame.Surface(size, pygame.SRCALPHA)
        base.fill((0, 0, 0, 0))
        base.blit(surface, (0, 0))
        data = _surface_to_rgba(base)
    else:
        data = _surface_to_rgba(surface)
    key = tuple(colorkey[:3]) if colorkey is not None else None
    for i in range(0, len(data), 4):
        a = data[i + 3]
        if key is not None and (data[i], data[i + 1], data[i + 2]) == key:
            a = 0
        if a == 0:
            data[i:i + 4] = b"\0\0\0\0"
        elif a != 255:
            for k in range(3):
                data[i + k] = _unpremultiply(_premultiply(data[i + k], a), a)
    return _rgba_to_surface(data, size)


def _div_255(x: int) -> int:
    return (x + (x >> 8) + 0x80) >> 8


def _tinted(image: pygame.Surface, tint: tuple[int, int, int, int] | None) -> pygame.Surface:
    """Tiled's tinted() (maprenderer.cpp), on the premultiplied pixmap with Qt's 8-bit
    composition: fill with the opaque tint in Multiply mode, DestinationIn the original
    image (its alpha), DestinationIn the tint colour (its alpha)."""
    if tint is None or tint == (255, 255, 255, 255):
        return image
    tr, tg, tb, ta = tint
    data = _surface_to_rgba(image)
    for i in range(0, len(data), 4):
        a = data[i + 3]
        for k, t in enumerate((tr, tg, tb)):
            d = _premultiply(data[i + k], a)
            c = _div_255(t * d + t * (255 - a))  # comp_func_solid_Multiply, source opaque
            data[i + k] = _premultiply(_premultiply(c, a), ta)  # BYTE_MUL twice
        data[i + 3] = _premultiply(a, ta)
        a = data[i + 3]
        if a == 0:
            data[i:i + 3] = b"\0\0\0"
        elif a != 255:
            for k in range(3):
                data[i + k] = min(_unpremultiply(data[i + k], a), 255)
    return _rgba_to_surface(data, image.get_size())


# --- the pytmx image loader ---------------------------------------------------------------------

class TileImage:
    """What our pytmx image loader gives for one (tileset image, rect, flags).

    `image` is the tile's subsurface without flags; calling the object returns the tile with
    its flags applied the way Tiled does on hexagonal maps (`flipped_diagonally` is the
    60-degree rotation there; pytmx cannot decode the 120-degree bit 28, see
    `TiledMapInfo.raw_gid`)."""

    def __init__(self, sheet: pygame.Surface, rect=None, flags=None):
        self.sheet = sheet
        self.rect = pygame.Rect(rect) if rect else sheet.get_rect()
        self.flags = flags
        self._image: pygame.Surface | None = None

    @property
    def image(self) -> pygame.Surface:
        if self._image is None:
            self._image = self.sheet.subsurface(self.rect)
        return self._image

    @property
    def size(self) -> tuple[int, int]:
        return self.rect.size

    def __call__(self) -> pygame.Surface:
        flags = self.flags or pytmx.TileFlags(False, False, False)
        raw = (FLIP_H if flags.flipped_horizontally else 0) | \
              (FLIP_V if flags.flipped_vertically else 0) | \
              (FLIP_D if flags.flipped_diagonally else 0)
        w, h = self.size
        return draw_image(self.image, cell_matrix(_QtMatrix(), w, h, w, h, raw), (w * 3, h * 3)).image


class TileImageLoader:
    """pytmx image_loader: loads each image file once with pygame.image.load (no display
    needed, no convert()) and hands out `TileImage`s for its tiles."""

    def __init__(self):
        self.sheets: dict[tuple[str, str | None], pygame.Surface] = {}
        self.tileset_sheets: dict[int, pygame.Surface] = {}  # firstgid -> its image

    def __call__(self, filename: str, colorkey=None, **kwargs) -> Callable[..., TileImage]:
        key = (str(Path(filename).resolve()), colorkey)
        sheet = self.sheets.get(key)
        if sheet is None:
            try:
                with quiet_stderr():  # libpng's warnings
                    raw = pygame.image.load(filename)
            except (OSError, pygame.error) as err:
                raise MapRenderError(filename, None, f"cannot load the image ({err}); "
                                     "fix the image path in the tileset or map") from None
            sheet = qt_pixels(raw, pygame.Color(f"#{colorkey.lstrip('#')}") if colorkey else None)
            self.sheets[key] = sheet
        tileset = kwargs.get("tileset")
        if tileset is not None:
            self.tileset_sheets[tileset.firstgid] = sheet

        def load(rect=None, flags=None) -> TileImage:
            return TileImage(sheet, rect, flags)

        return load


# --- drawing one image as Qt's raster engine does --------------------------------------------

_DEG2RAD = 0.017453292519943295769  # Qt's constant in QTransform::rotate


class _QtMatrix:
    """The affine part of a QTransform (x' = m11 x + m21 y + dx, y' = m12 x + m22 y + dy), with
    Qt's operation order so that the floating point comes out the same."""

    __slots__ = ("m11", "m12", "m21", "m22", "dx", "dy")

    def __init__(self, m11=1.0, m12=0.0, m21=0.0, m22=1.0, dx=0.0, dy=0.0):
        self.m11, self.m12, self.m21, self.m22, self.dx, self.dy = m11, m12, m21, m22, dx, dy

    def copy(self) -> _QtMatrix:
        return _QtMatrix(self.m11, self.m12, self.m21, self.m22, self.dx, self.dy)

    def translate(self, x: float, y: float) -> _QtMatrix:
        self.dx += x * self.m11 + y * self.m21
        self.dy += y * self.m22 + x * self.m12
        return self

    def rotate(self, degrees: float) -> _QtMatrix:
        if degrees == 0:
            return self
        exact = {90: (1.0, 0.0), 180: (0.0, -1.0), 270: (-1.0, 0.0)}
        if degrees in exact:
            sina, cosa = exact[degrees]
        else:
            sina, cosa = math.sin(degrees * _DEG2RAD), math.cos(degrees * _DEG2RAD)
        m11, m12, m21, m22 = self.m11, self.m12, self.m21, self.m22
        self.m11, self.m12 = cosa * m11 + sina * m21, cosa * m12 + sina * m22
        self.m21, self.m22 = -sina * m11 + cosa * m21, -sina * m12 + cosa * m22
        return self

    def scale(self, sx: float, sy: float) -> _QtMatrix:
        self.m11 *= sx
        self.m12 *= sx
        self.m21 *= sy
        self.m22 *= sy
        return self

    def map(self, x: float, y: float) -> tuple[float, float]:
        return self.m11 * x + self.m21 * y + self.dx, self.m12 * x + self.m22 * y + self.dy

    def inverted(self) -> _QtMatrix:
        det = self.m11 * self.m22 - self.m12 * self.m21
        dinv = 1.0 / det
        return _QtMatrix(self.m22 * dinv, -self.m12 * dinv, -self.m21 * dinv, self.m11 * dinv,
                         (self.m21 * self.dy - self.m22 * self.dx) * dinv,
                         (self.m12 * self.dx - self.m11 * self.dy) * dinv)

    @staticmethod
    def _null(v: float) -> bool:
        return abs(v) <= 1e-12

    @property
    def rotates(self) -> bool:
        return not (self._null(self.m12) and self._null(self.m21))

    @property
    def scales(self) -> bool:
        return not (self._null(self.m11 - 1) and self._null(self.m22 - 1))


def _q16(x: float) -> int:
    """qSafeFloatToQ16Dot16."""
    t = x * 65536.0
    if t > 2147483647:
        return 2147483647
    if t < -2147483648:
        return -2147483647
    return int(t)


def _snap26_6(p: tuple[float, float]) -> tuple[float, float]:
    return math.floor(p[0] * 64) * (1 / 64), math.floor(p[1] * 64) * (1 / 64)


def _safe_divide(x: float, y: float) -> float:
    if y == 0:
        return 1e20 if x > 0 else -1e20
    return x / y


def _rasterize_line(a: tuple[float, float], b: tuple[float, float], width: float,
                    clip: tuple[int, int, int, int]) -> list[tuple[int, int, int]]:
    """QRasterizer::rasterizeLine, aliased, without square caps: the spans (y, x, length) of
    the rectangle of thickness width * |b - a| around the segment a-b, which is how the raster
    engine covers a rotated image (QT_FAST_SPANS). `clip` is (left, top, right, bottom)."""
    if a == b or width <= 0:
        return []
    left_c, top_c, right_c, bottom_c = clip
    offs = (abs(b[1] - a[1]) * width * 0.5, abs(b[0] - a[0]) * width * 0.5)
    low = (left_c - offs[0], top_c - offs[1])
    high = (right_c + 1 + offs[0], bottom_c + 1 + offs[1])
    clipped = _clip_segment(a, b, low, high)
    if clipped is None:
        return []
    pa, pb = clipped
    w0 = (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2
    w1 = (pa[0] - pb[0]) ** 2 + (pa[1] - pb[1]) ** 2
    if w1 == 0:
        return []
    width *= math.sqrt(w0 / w1)
    if _same26_6(pa[1], pb[1]):  # horizontal: turn it into a vertical one
        x, dx, y = (pa[0] + pb[0]) * 0.5, abs(pb[0] - pa[0]) * 0.5, pa[1]
        dy = width * dx
        pa, pb, width = (x, y - dy), (x, y + dy), 1 / width
    if _same26_6(pa[0], pb[0]):
        return _vertical_spans(pa, pb, width, clip)
    return _slanted_spans(pa, pb, width, clip)


def _same26_6(p1: float, p2: float) -> bool:
    """Equal in Qt's 26.6 fixed point."""
    return int((p2 - p1) * 64.0) == 0


def _add_span(spans: list, x: int, length: int, y: int) -> None:
    if length > 0:
        spans.append((y, x, length))


def _clip_segment(pa, pb, low, high):
    """The part of segment pa-pb inside the box low-high (Liang-Barsky), None if none."""
    def contains(p):
        return low[0] <= p[0] <= high[0] and low[1] <= p[1] <= high[1]

    if contains(pa) and contains(pb):
        return pa, pb
    t1, t2 = 0.0, 1.0
    o = pa
    d = (pb[0] - pa[0], pb[1] - pa[1])
    for i in range(2):
        if d[i] == 0:
            if o[i] <= low[i] or o[i] >= high[i]:
                return None
            continue
        d_inv = 1 / d[i]
        t_low, t_high = (low[i] - o[i]) * d_inv, (high[i] - o[i]) * d_inv
        if t_low > t_high:
            t_low, t_high = t_high, t_low
        t1, t2 = max(t1, t_low), min(t2, t_high)
        if t1 >= t2:
            return None
    return (o[0] + d[0] * t1, o[1] + d[1] * t1), (o[0] + d[0] * t2, o[1] + d[1] * t2)


def _vertical_spans(pa, pb, width: float, clip) -> list[tuple[int, int, int]]:
    """A vertical segment's rectangle: axis-aligned spans."""
    left_c, top_c, right_c, bottom_c = clip
    spans: list[tuple[int, int, int]] = []
    if pa[1] > pb[1]:
        pa, pb = pb, pa
    half = 0.5 * width * (pb[1] - pa[1])
    left = min(max(pa[0] - half, left_c), right_c + 1)
    right = min(max(pa[0] + half, left_c), right_c + 1)
    ya = min(max(pa[1], top_c), bottom_c + 1)
    yb = min(max(pb[1], top_c), bottom_c + 1)
    if _same26_6(left, right) or _same26_6(ya, yb):
        return spans
    i_top = int(ya + 0.5)
    i_bottom = -1 if yb < 0.5 else int(yb - 0.5)
    i_left = int(left + 0.5)
    i_right = -1 if right < 0.5 else int(right - 0.5)
    for y in range(i_top, i_bottom + 1):
        _add_span(spans, i_left, i_right - i_left + 1, y)
    return spans


def _corners(pa, pb, width: float):
    """The rotated rectangle's corners (top, left, right, bottom), snapped to 26.6."""
    if pa[1] > pb[1]:
        pa, pb = pb, pa
    k = 0.5 * width
    delta = ((pb[0] - pa[0]) * k, (pb[1] - pa[1]) * k)
    perp = (delta[1], -delta[0])
    if pa[0] < pb[0]:
        top, left = (pa[0] + perp[0], pa[1] + perp[1]), (pa[0] - perp[0], pa[1] - perp[1])
        right, bottom = (pb[0] + perp[0], pb[1] + perp[1]), (pb[0] - perp[0], pb[1] - perp[1])
    else:
        top, left = (pa[0] - perp[0], pa[1] - perp[1]), (pb[0] - perp[0], pb[1] - perp[1])
        right, bottom = (pa[0] + perp[0], pa[1] + perp[1]), (pb[0] + perp[0], pb[1] + perp[1])
    return _snap26_6(top), _snap26_6(left), _snap26_6(right), _snap26_6(bottom)


def _slanted_spans(pa, pb, width: float, clip) -> list[tuple[int, int, int]]:
    """A slanted segment's rectangle, scanned between its left and right edges in 16.16."""
    left_c, top_c, right_c, bottom_c = clip
    spans: list[tuple[int, int, int]] = []
    top, left, right, bottom = _corners(pa, pb, width)
    tl_slope = _safe_divide(left[0] - top[0], left[1] - top[1])
    bl_slope = _safe_divide(bottom[0] - left[0], bottom[1] - left[1])
    tr_slope = _safe_divide(right[0] - top[0], right[1] - top[1])
    br_slope = _safe_divide(bottom[0] - right[0], bottom[1] - right[1])
    tl_fp, tr_fp, bl_fp, br_fp = _q16(tl_slope), _q16(tr_slope), _q16(bl_slope), _q16(br_slope)
    i_top = int(top[1] + 0.5)
    i_left = -1 if left[1] < 0.5 else int(left[1] - 0.5)
    i_right = -1 if right[1] < 0.5 else int(right[1] - 0.5)
    i_bottom = -1 if bottom[1] < 0.5 else int(bottom[1] - 0.5)
    i_middle = min(i_left, i_right)
    edges = {"la": _q16(top[0] + 0.5 + (i_top + 0.5 - top[1]) * tl_slope),
             "lb": _q16(left[0] + 0.5 + (i_left + 1.5 - left[1]) * bl_slope),
             "ra": _q16(top[0] - 0.5 + (i_top + 0.5 - top[1]) * tr_slope),
             "rb": _q16(right[0] - 0.5 + (i_right + 1.5 - right[1]) * br_slope)}
    y = i_top
    for end, li, ri, ls, rs in ((i_middle, "la", "ra", tl_fp, tr_fp),
                                (i_right, "lb", "ra", bl_fp, tr_fp),
                                (i_left, "la", "rb", tl_fp, br_fp),
                                (i_bottom, "lb", "rb", bl_fp, br_fp)):
        ny = min(end + 1, top_c)
        if y < ny:
            edges[li] += ls * (ny - y)
            edges[ri] += rs * (ny - y)
            y = ny
        end = min(end, bottom_c)
        while y <= end:
            x1 = max(edges[li] >> 16, left_c)
            x2 = min(edges[ri] >> 16, right_c)
            if x2 >= x1:
                _add_span(spans, x1, x2 - x1 + 1, y)
            edges[li] += ls
            edges[ri] += rs
            y += 1
    return spans


class _Texture:
    """A tile image as Qt's 64-bit bilinear fetch sees it: premultiplied 16-bit pixels,
    addressed in the coordinates of the whole tileset image, clamped to the tile's rect."""

    def __init__(self, image: pygame.Surface):
        self.w, self.h = image.get_size()
        self.x1, self.y1 = image.get_abs_offset()
        self.x2, self.y2 = self.x1 + self.w - 1, self.y1 + self.h - 1  # last pixel, inclusive
        data = _surface_to_rgba(image)
        self.pixels = [tuple(_premultiply(data[i + k], data[i + 3]) * 257 for k in range(3))
                       + (data[i + 3] * 257,) for i in range(0, len(data), 4)]

    def fetch(self, fx: int, fy: int) -> tuple[int, int, int, int]:
        """fetchTransformedBilinear64_uint32 for one pixel: clamped neighbours, 16-bit
        weights, interpolate_4_pixels_rgb64 (SSE2: top-bottom first, then left-right)."""
        x1 = fx >> 16
        y1 = fy >> 16
        if x1 < self.x1:
            x1 = x2 = self.x1
        elif x1 >= self.x2:
            x1 = x2 = self.x2
        else:
            x2 = x1 + 1
        if y1 < self.y1:
            y1 = y2 = self.y1
        elif y1 >= self.y2:
            y1 = y2 = self.y2
        else:
            y2 = y1 + 1
        row1 = (y1 - self.y1) * self.w - self.x1
        row2 = (y2 - self.y1) * self.w - self.x1
        left, right = self.pixels[row1 + x1], self.pixels[row1 + x2]
        disty = fy & 0xFFFF
        if disty:
            bottom_left, bottom_right = self.pixels[row2 + x1], self.pixels[row2 + x2]
            idisty = 65536 - disty
            left = tuple(((t * idisty) >> 16) + ((u * disty) >> 16) for t, u in zip(left, bottom_left))
            right = tuple(((t * idisty) >> 16) + ((u * disty) >> 16) for t, u in zip(right, bottom_right))
        distx = fx & 0xFFFF
        if not distx:
            return left
        idistx = 65536 - distx
        return tuple(((t * idistx) >> 16) + ((u * distx) >> 16) for t, u in zip(left, right))


@dataclass(frozen=True)
class Drawn:
    """One image drawn onto the canvas: `image` at (x, y) as it looks on an empty canvas; for
    resampled images also `spans`, Qt's spans (y, x, premultiplied 16-bit pixels), which
    `QtCanvas` composites exactly."""

    image: pygame.Surface
    x: int
    y: int
    spans: tuple | None = None
    nudged: bool = False  # a flipped whole-pixel copy: see QtCanvas._split


def _fill_spans(texture: _Texture, inv: _QtMatrix, spans) -> list[tuple]:
    """The bilinear samples of each span (y, x, length), 16.16 stepping from its start."""
    fdx, fdy = int(inv.m11 * 65536), int(inv.m12 * 65536)
    filled = []
    for y, x, length in spans:
        cx, cy = x + 0.5, y + 0.5
        fx = int((inv.m21 * cy + inv.m11 * cx + inv.dx) * 65536) - 32768
        fy = int((inv.m22 * cy + inv.m12 * cx + inv.dy) * 65536) - 32768
        pixels = []
        for _ in range(length):
            pixels.append(texture.fetch(fx, fy))
            fx += fdx
            fy += fdy
        filled.append((y, x, tuple(pixels)))
    return filled


def draw_image(image: pygame.Surface, matrix: _QtMatrix, canvas_size: tuple[int, int]) -> Drawn:
    """QPainter::drawPixmap(QRectF(-w/2, -h/2, w, h), pixmap, tile rect) with `matrix` the
    painter's transform, as QRasterPaintEngine::drawImage does it on tmxrasterizer's canvas:
    a plain or flipped copy at whole pixels (qRound) when the transform does not rotate, else
    the spans of QRasterizer::rasterizeLine filled with bilinear samples."""
    w, h = image.get_size()
    rect = (-w / 2, -h / 2, w, h)
    clip = (0, 0, canvas_size[0] - 1, canvas_size[1] - 1)
    if not matrix.rotates:
        (x1, y1), (x2, y2) = matrix.map(rect[0], rect[1]), matrix.map(rect[0] + w, rect[1] + h)
        flip_x, flip_y = x1 > x2, y1 > y2
        left, right = sorted((math.floor(x1 + 0.5), math.floor(x2 + 0.5)))
        top, bottom = sorted((math.floor(y1 + 0.5), math.floor(y2 + 0.5)))
        if right - left == w and bottom - top == h and abs(abs(matrix.m11) - 1) < 1e-12 \
                and abs(abs(matrix.m22) - 1) < 1e-12:
            if not (flip_x or flip_y):  # untransformed: a plain copy
                return Drawn(image, left, top)
            return Drawn(pygame.transform.flip(image, flip_x, flip_y), left, top, nudged=True)
        spans = [(y, max(left, clip[0]), min(right, clip[2] + 1) - max(left, clip[0]))
                 for y in range(max(top, clip[1]), min(bottom, clip[3] + 1))]
        spans = [span for span in spans if span[2] > 0]
    else:
        a = matrix.map((rect[0] + rect[0]) * 0.5, (rect[1] + (rect[1] + h)) * 0.5)
        b = matrix.map((rect[0] + w + rect[0] + w) * 0.5, (rect[1] + (rect[1] + h)) * 0.5)
        spans = _rasterize_line(a, b, h / w, clip)
    texture = _Texture(image)
    # The texture matrix: the painter's, moved to the target rect and the tile's place in the
    # tileset, after QSpanData::setupMatrix's 1/65536 nudge, inverted.
    copy = matrix.copy().translate(rect[0], rect[1]).translate(-texture.x1, -texture.y1)
    nudged = _QtMatrix(copy.m11, copy.m12, copy.m21, copy.m22,
                       (1 / 65536) * copy.m11 + (1 / 65536) * copy.m21 + copy.dx,
                       (1 / 65536) * copy.m12 + (1 / 65536) * copy.m22 + copy.dy)
    filled = _fill_spans(texture, nudged.inverted(), spans)
    if not filled:
        return Drawn(pygame.Surface((0, 0), pygame.SRCALPHA), 0, 0, ())
    x0 = min(x for _, x, _ in filled)
    y0 = min(y for y, _, _ in filled)
    out_w = max(x + len(p) for _, x, p in filled) - x0
    out_h = max(y for y, _, _ in filled) + 1 - y0
    out = bytearray(out_w * out_h * 4)
    for y, x, pixels in filled:
        pos = ((y - y0) * out_w + x - x0) * 4
        for pixel in _store_span(list(pixels)):
            out[pos:pos + 4] = bytes(pixel)
            pos += 4
    return Drawn(_rgba_to_surface(out, (out_w, out_h)), x0, y0, tuple(filled))


def _is_whole(v: float) -> bool:
    return abs(v - round(v)) < 1e-9


def decode_flags(raw_gid: int) -> tuple[bool, bool, int]:
    """(flip_h, flip_v, rotation in degrees) of a raw gid on a hexagonal map."""
    rotation = (60 if raw_gid & FLIP_D else 0) + (120 if raw_gid & ROTATE_120 else 0)
    return bool(raw_gid & FLIP_H), bool(raw_gid & FLIP_V), rotation


def cell_matrix(painter: _QtMatrix, x: float, y: float, w: int, h: int, raw_gid: int,
                scale: tuple[float, float] = (1.0, 1.0)) -> _QtMatrix:
    """CellRenderer::render for a hexagonal cell: the painter's transform moved to the image
    centre (x, y is where the unflipped image's top-left goes), rotated, flipped."""
    flip_h, flip_v, rotation = decode_flags(raw_gid)
    sx, sy = scale
    m = painter.copy().translate(x + w * sx / 2, y + h * sy / 2).rotate(rotation)
    if flip_h or flip_v or scale != (1.0, 1.0):
        m.scale(-sx if flip_h else sx, -sy if flip_v else sy)
    return m


# --- the map as the renderer needs it ----------------------------------------------------------

@dataclass(frozen=True)
class LayerNode:
    """One drawable layer in the XML's order, with its groups' attributes accumulated."""

    kind: str  # "tile", "object" or "image"
    name: str
    element: Element
    offset: tuple[float, float]
    opacity: float
    visible: bool
    tint: tuple[int, int, int, int] | None
    tile_index: int | None = None  # index among the map's tile layers (pytmx's order)


@dataclass
class TilesetInfo:
    firstgid: int
    offset: tuple[int, int]
    alignment: str
    source: Path | None  # the .tsx file, for templates
    tile_size: tuple[int, int] = (0, 0)  # the tileset's tilewidth, tileheight


@dataclass
class TiledMapInfo:
    """A hexagonal map loaded for drawing: pytmx's map plus what pytmx loses."""

    path: Path
    root: Element
    tmx: pytmx.TiledMap
    layout: TiledLayout
    width: int
    height: int
    layers: list[LayerNode]
    canvas_size: tuple[int, int]
    origin: tuple[int, int]  # canvas position of map pixel (0, 0): the left/top offset margins
    tilesets: list[TilesetInfo]
    tiles: dict[int, TileImage]  # real (flag-less) gid -> its unflipped image
    raw_gids: dict[int, int]  # pytmx gid -> raw Tiled gid with every flag bit
    document: Document | None = None
    _cache: dict = field(default_factory=dict, repr=False)

    def raw_gid(self, gid: int) -> int:
        """The Tiled gid with all its flag bits for a gid of pytmx's layer data. pytmx decodes
        only the H/V/D bits; bit 28 (120-degree rotation) stays in its 'tiled gid'."""
        return self.raw_gids.get(gid, 0)

    def tileset_for(self, real_gid: int) -> TilesetInfo | None:
        i = bisect.bisect_right([t.firstgid for t in self.tilesets], real_gid) - 1
        return self.tilesets[i] if i >= 0 else None

    def tile_layer_data(self, node: LayerNode) -> list[list[int]]:
        layers = [lay for lay in self.tmx.layers if isinstance(lay, pytmx.TiledTileLayer)]
        return layers[node.tile_index].data

    def tile_image(self, real_gid: int, tint) -> pygame.Surface | None:
        key = ("tile", real_gid, tint)
        if key not in self._cache:
            tile = self.tiles.get(real_gid)
            self._cache[key] = None if tile is None else _tinted(tile.image, tint)
        return self._cache[key]


def _layer_nodes(doc: Document) -> list[LayerNode]:
    """The drawable layers of the document (groups only pass on their attributes)."""
    return [LayerNode(la.kind, la.name, la.element, la.offset, la.opacity, la.visible, la.tint,
                      la.tile_index) for la in doc.layers if la.kind != "group"]


def _offset_margins(layers: list[LayerNode]) -> tuple[int, int, int, int]:
    """Map::computeLayerOffsetMargins: (left, top, right, bottom)."""
    left = top = right = bottom = 0
    for node in layers:
        ox, oy = node.offset
        left, top = max(left, math.ceil(-ox)), max(top, math.ceil(-oy))
        right, bottom = max(right, math.ceil(ox)), max(bottom, math.ceil(oy))
    return left, top, right, bottom


def read_checked(path) -> Document:
    """The map's document through the safe loader; any problem raises MapRenderError."""
    path = Path(path)
    if not path.is_file():
        raise MapRenderError(path, None, "map file not found (give the path of a .tmx file)")
    problems: list = []
    doc = read_document(path, problems)
    if doc is None:
        first = problems[0]
        raise MapRenderError(path, first.line, f"not a readable Tiled map: {first.message}")
    root = doc.root
    if root.tag != "map":
        raise MapRenderError(path, None, f"not a Tiled map (root element <{root.tag}>, expected <map>)")
    orientation = root.get("orientation", "")
    if orientation != "hexagonal":
        raise MapRenderError(path, None, f'not a hexagonal map (orientation="{orientation}"): '
                             "set Map > Map Properties > Orientation to Hexagonal in Tiled")
    if root.get("infinite", "0") == "1":
        raise MapRenderError(path, None, "infinite maps are not supported: untick "
                             "Map > Map Properties > Infinite in Tiled")
    check_all_for_pytmx(doc)
    if problems:
        raise MapRenderError(problems[0].path, problems[0].line, problems[0].message)
    return doc


def load_map_info(path) -> TiledMapInfo:
    """Load a hexagonal .tmx for drawing; bad input raises MapRenderError (one line)."""
    doc = read_checked(path)
    path, layout, width, height = doc.path, doc.layout, doc.width, doc.height
    layers = _layer_nodes(doc)
    margins = _offset_margins(layers)
    mw, mh = layout.map_pixel_size(width, height)
    canvas = (mw + margins[0] + margins[2], mh + margins[1] + margins[3])
    if max(canvas) > MAX_CANVAS_SIDE or canvas[0] * canvas[1] > MAX_CANVAS_PIXELS:
        raise MapRenderError(path, None, f"the map is {canvas[0]}x{canvas[1]} pixels, too large "
                             f"to draw (at most {MAX_CANVAS_PIXELS} pixels, {MAX_CANVAS_SIDE} on "
                             "a side): use fewer or smaller tiles, or smaller layer offsets")
    loader = TileImageLoader()
    try:
        tmx = load_with_pytmx(doc, loader)
    except MapRenderError:
        raise
    except InputError as err:
        raise MapRenderError(err.path, err.where, err.message) from None

    sources = {ref.firstgid: ref.source for ref in doc.tilesets}
    tilesets = []
    for ts in sorted(tmx.tilesets, key=lambda t: t.firstgid):
        ox, oy = ts.offset
        tilesets.append(TilesetInfo(ts.firstgid, (int(float(ox)), int(float(oy))),
                                    getattr(ts, "objectalignment", "unspecified"),
                                    sources.get(ts.firstgid),
                                    (int(ts.tilewidth), int(ts.tileheight))))
    tiles = _tileset_tiles(tmx, loader)
    raw_gids: dict[int, int] = {}
    for (tiled_gid, flags), value in tmx.imagemap.items():
        if not tiled_gid or not isinstance(value, tuple):
            continue  # pytmx's (0, 0) -> 0 entry for empty cells
        gid, raw = value[0], tiled_gid
        if flags:
            raw |= (FLIP_H if flags.flipped_horizontally else 0) | \
                   (FLIP_V if flags.flipped_vertically else 0) | \
                   (FLIP_D if flags.flipped_diagonally else 0)
        raw_gids[gid] = raw
        image = tmx.images[gid] if gid < len(tmx.images) else None
        if isinstance(image, TileImage):  # image collection tiles: one image per tile
            tiles.setdefault(tiled_gid & GID_MASK, TileImage(image.sheet, image.rect))
    return TiledMapInfo(path, doc.root, tmx, layout, width, height, layers, canvas,
                        (margins[0], margins[1]), tilesets, tiles, raw_gids, doc)


def _tileset_tiles(tmx, loader: TileImageLoader) -> dict[int, TileImage]:
    """Every tile of the image tilesets, cut as pytmx cuts them: pytmx itself only loads the
    (gid, flags) pairs the layers use, and not the flag-less tile under a bit-28 gid. (The
    document has bounded the number of tiles.)"""
    tiles: dict[int, TileImage] = {}
    for ts in tmx.tilesets:
        sheet = loader.tileset_sheets.get(ts.firstgid)
        if sheet is None:
            continue
        margin, spacing = int(ts.margin), int(ts.spacing)
        tw, th = int(ts.tilewidth), int(ts.tileheight)
        rects = product(range(margin, int(ts.height) + margin - th + 1, th + spacing),
                        range(margin, int(ts.width) + margin - tw + 1, tw + spacing))
        for real_gid, (y, x) in enumerate(rects, ts.firstgid):
            if sheet.get_rect().contains((x, y, tw, th)):
                tiles[real_gid] = TileImage(sheet, (x, y, tw, th))
    return tiles


# --- draw calls ----------------------------------------------------------------------------

@dataclass(frozen=True)
class TileDraw:
    """Draw `image` at (x, y) of the canvas with `opacity`: one cell, tile object or image
    layer, flags and tint applied. `spans` (resampled images only) lets `QtCanvas` composite
    the exact 16-bit samples."""

    image: pygame.Surface
    x: int
    y: int
    opacity: float = 1.0
    gid: int = 0  # raw Tiled gid, flags included (0 for image layers)
    col: int = -1  # the cell, for tile layers
    row: int = -1
    spans: tuple | None = None
    nudged: bool = False

    def blit(self, target: pygame.Surface, offset: tuple[int, int] = (0, 0)) -> None:
        """A plain pygame blit (fast; `QtCanvas.draw` is the exact one)."""
        image = self.image
        if self.opacity < 1:
            image = image.copy()
            image.set_alpha(round(self.opacity * 255))
        target.blit(image, (self.x + offset[0], self.y + offset[1]))


def _painter(info: TiledMapInfo, node: LayerNode) -> _QtMatrix:
    """tmxrasterizer's painter for a layer: translated by the margins, then the layer offset."""
    return _QtMatrix().translate(info.origin[0], info.origin[1]).translate(*node.offset)


def draw_start_column(info: TiledMapInfo, node: LayerNode) -> int:
    """The column at which Tiled's hexagonal renderer starts drawing a flat-top tile layer:
    the tile under the top-left of the layer's bounding rectangle grown by its draw margins
    (the largest tile of the tilesets it uses, their tile offsets), one further left or up
    when that corner is in the tile's left or upper part (HexagonalRenderer::drawTileLayer)."""
    layout = info.layout
    firstgids = {}
    for row in info.tile_layer_data(node):
        for g in row:
            ts = info.tileset_for(info.raw_gid(g) & GID_MASK) if g else None
            if ts is not None:
                firstgids[ts.firstgid] = ts
    used = list(firstgids.values())
    biggest = max((max(ts.tile_size) for ts in used), default=0)
    right = max([0] + [ts.offset[0] for ts in used]) + biggest - layout.tile_width
    bottom = max([0] + [ts.offset[1] for ts in used]) + layout.tile_height
    top = -layout.row_height if info.width > 1 and layout.staggered(0) else 0
    x, y = -right, top - bottom
    col, row = layout.pixel_to_tile(x, y)
    left_x, top_y = layout.tile_top_left(col, row)
    return col - 1 if x - left_x < layout.side_offset_x else col


def drawn_left(layout, col: int, start: int) -> int:
    """The x where Tiled draws column `col` of a flat-top layer whose drawing starts at column
    `start`. Tiled steps two columns at a time by tile width + side length, which is two
    column widths only when tile width - side length is even: otherwise a column lands up to
    half a pixel per column away from `tile_top_left` (Tiled's own coordinates for objects
    and picking). The columns of the other parity start one column left or right of `start`."""
    anchor = start
    if (col - start) % 2:
        anchor = start - 1 if layout.staggered(start) else start + 1
    return anchor * layout.column_width + (col - anchor) // 2 * (layout.tw + layout.side_x)


class TileLayerRender:
    """The draw calls of one tile layer, in Tiled's order, in canvas pixels."""

    def __init__(self, info: TiledMapInfo, node: LayerNode):
        if node.kind != "tile":
            raise ValueError(f"layer {node.name!r} is not a tile layer")
        self.info = info
        self.node = node

    def draw_calls(self) -> list[TileDraw]:
        info, node, layout = self.info, self.node, self.info.layout
        cells = []
        start = draw_start_column(info, node) if layout.axis == "x" else 0
        for row, gids in enumerate(info.tile_layer_data(node)):
            for col, gid in enumerate(gids):
                if gid:
                    x, y = layout.tile_top_left(col, row)
                    if layout.axis == "x":
                        x = drawn_left(layout, col, start)
                    cells.append((y, x, col, row, info.raw_gid(gid)))
        cells.sort(key=lambda cell: (cell[0], cell[1]))  # screen row by screen row
        painter = _painter(info, node)
        calls = []
        for y, x, col, row, raw in cells:
            real = raw & GID_MASK
            tileset = info.tileset_for(real)
            image = info.tile_image(real, node.tint)
            if image is None or tileset is None:
                continue
            w, h = image.get_size()
            left = x + tileset.offset[0]
            top = y + layout.th - h + tileset.offset[1]
            drawn = self._draw_cell(image, painter, left, top, raw)
            calls.append(TileDraw(drawn.image, drawn.x, drawn.y, node.opacity, raw, col, row,
                                  drawn.spans, drawn.nudged))
        return calls

    def _draw_cell(self, image: pygame.Surface, painter: _QtMatrix, left: int, top: int,
                   raw: int) -> Drawn:
        w, h = image.get_size()
        matrix = cell_matrix(painter, left, top, w, h, raw)
        (x1, y1), (x2, y2) = matrix.map(-w / 2, -h / 2), matrix.map(w / 2, h / 2)
        if matrix.rotates or not all(_is_whole(v) for v in (x1, y1, x2, y2)):
            # resampled: depends on the exact position, so not cached
            return draw_image(image, matrix, self.info.canvas_size)
        flip_x, flip_y = x1 > x2, y1 > y2
        key = ("flipped", id(image), flip_x, flip_y)
        cache = self.info._cache
        if key not in cache:  # one image object per variant, so QtCanvas caches its split
            flipped = pygame.transform.flip(image, flip_x, flip_y) if flip_x or flip_y else image
            cache[key] = (flipped, image)
        return Drawn(cache[key][0], round(min(x1, x2)), round(min(y1, y2)), nudged=flip_x or flip_y)

    def draw(self, target: pygame.Surface, offset: tuple[int, int] = (0, 0)) -> None:
        """Plain pygame blits of the draw calls onto `target` (fast, approximate blending)."""
        for call in self.draw_calls():
            call.blit(target, offset)


_ALIGNMENT = {"topleft": (0, 0), "top": (0.5, 0), "topright": (1, 0), "left": (0, 0.5),
              "center": (0.5, 0.5), "right": (1, 0.5), "bottomleft": (0, 1),
              "bottom": (0.5, 1), "bottomright": (1, 1)}


def _object_attributes(info: TiledMapInfo, el: Element) -> tuple[dict, int] | None:
    """An <object>'s attributes with its template's filled in, and its raw gid in the map's
    gid space (0: not a tile object). None when a template cannot be resolved or uses a
    tileset the map does not have."""
    attrs = dict(el.attrib)
    gid = int(attrs["gid"]) if "gid" in attrs else 0
    template = attrs.get("template")
    if template:
        if info.document is None:
            return None
        # read and checked with the map (game.tiled.templates), so this is a cache lookup
        tx = info.document.files.template(template, info.path, line_of(el))
        if tx is None:
            return None
        merged = dict(tx.obj.attrib)
        merged.update(attrs)
        attrs = merged
        if "gid" not in el.attrib and "gid" in tx.obj.attrib:
            tx_gid = to_int(tx.obj.get("gid")) or 0
            if tx.tileset is None:
                return None
            ts_path = Path(tx.tileset.path).resolve()
            mine = [t for t in info.tilesets if t.source == ts_path]
            if not mine:
                return None
            real = (tx_gid & GID_MASK) - tx.firstgid + mine[0].firstgid
            gid = (tx_gid & ~GID_MASK) | real
    return attrs, gid


def _tile_class(info: TiledMapInfo, raw_gid: int) -> str:
    """The class of a tile object's tile, which the object takes when it has none itself."""
    mapped = info.tmx.map_gid(raw_gid & GID_MASK) or []  # pytmx numbers tiles its own way
    props = (info.tmx.get_tile_properties_by_gid(mapped[0][0]) if mapped else None) or {}
    return str(props.get("class") or props.get("type") or "")


def object_draw_calls(info: TiledMapInfo, node: LayerNode,
                      skip_classes: frozenset[str] = frozenset()) -> list[TileDraw]:
    """The tile objects of an object layer as tmxrasterizer draws them (draw order top-down by
    y, or index order); objects whose class (or type) is in `skip_classes` are left out."""
    objects = []
    for el in node.element.findall("object"):
        found = _object_attributes(info, el)
        if found is None:
            continue
        attrs, gid = found
        if not gid or attrs.get("visible", "1") == "0":
            continue
        cls = attrs.get("class") or attrs.get("type") or _tile_class(info, gid)
        if cls in skip_classes:
            continue
        objects.append((float(attrs.get("y", 0)), attrs, gid))
    if node.element.get("draworder", "topdown") == "topdown":
        objects.sort(key=lambda o: o[0])
    calls = []
    for _, attrs, raw in objects:
        real = raw & GID_MASK
        image = info.tile_image(real, node.tint)
        tileset = info.tileset_for(real)
        if image is None or tileset is None:
            continue
        iw, ih = image.get_size()
        w, h = float(attrs.get("width", iw)), float(attrs.get("height", ih))
        x, y = float(attrs.get("x", 0)), float(attrs.get("y", 0))
        ax, ay = _ALIGNMENT.get(tileset.alignment, (0, 1))
        sx, sy = (w / iw if iw else 1.0), (h / ih if ih else 1.0)
        painter = _painter(info, node)
        rotation = float(attrs.get("rotation", 0))
        if rotation:
            painter.translate(x, y).rotate(rotation).translate(-x, -y)
        painter.translate(x - ax * w, y - ay * h)
        matrix = cell_matrix(painter, tileset.offset[0] * sx, tileset.offset[1] * sy, iw, ih,
                             raw, (sx, sy))
        drawn = draw_image(image, matrix, info.canvas_size)
        calls.append(TileDraw(drawn.image, drawn.x, drawn.y, node.opacity, raw, spans=drawn.spans,
                              nudged=drawn.nudged))
    return calls


def image_layer_draw(info: TiledMapInfo, node: LayerNode) -> list[TileDraw]:
    """An image layer: its image at its offset (repeatx/repeaty tile it over the canvas)."""
    image_el = node.element.find("image")
    if image_el is None or not image_el.get("source"):
        return []
    key = ("imagelayer", image_el.get("source"), image_el.get("trans"), node.tint)
    image = info._cache.get(key)
    if image is None:
        src = info.document.image_path(image_el) if info.document else None
        if src is None:
            return []
        try:
            with quiet_stderr():  # libpng's warnings
                raw = pygame.image.load(str(src))
        except (OSError, pygame.error) as err:
            raise MapRenderError(info.path, None, f"image layer {node.name!r}: cannot load "
                                 f"{src} ({err})") from None
        trans = image_el.get("trans")
        image = _tinted(qt_pixels(raw, pygame.Color(f"#{trans.lstrip('#')}") if trans else None),
                        node.tint)
        info._cache[key] = image
    x = math.floor(node.offset[0] + info.origin[0] + 0.5)
    y = math.floor(node.offset[1] + info.origin[1] + 0.5)
    w, h = image.get_size()
    cw, ch = info.canvas_size
    xs = range(x - ((x // w) + 1) * w, cw, w) if node.element.get("repeatx") == "1" and w else [x]
    ys = range(y - ((y // h) + 1) * h, ch, h) if node.element.get("repeaty") == "1" and h else [y]
    return [TileDraw(image, px, py, node.opacity) for py in ys for px in xs]


def layer_draw_calls(info: TiledMapInfo, node: LayerNode,
                     skip_classes: frozenset[str] = frozenset()) -> list[TileDraw]:
    if node.kind == "tile":
        return TileLayerRender(info, node).draw_calls()
    if node.kind == "object":
        return object_draw_calls(info, node, skip_classes)
    return image_layer_draw(info, node)


# --- compositing as Qt does on tmxrasterizer's ARGB32 image ----------------------------------

class QtCanvas:
    """A transparent canvas on which images are drawn SourceOver with the arithmetic of Qt's
    raster engine painting on a QImage::Format_ARGB32 (tmxrasterizer's image): 64-bit blending
    (blend_src_generic_rgb64), i.e. the canvas pixel is premultiplied in 16 bits, the source
    (times the painter opacity) blended over it, and the result stored back in 8 bits.

    Opaque and fully transparent source pixels come out the same with a pygame blit, so only
    the others (and every pixel under an opacity, and the spans of resampled images) are
    blended here pixel by pixel."""

    def __init__(self, size: tuple[int, int]):
        self.surface = pygame.Surface(size, pygame.SRCALPHA)
        self.surface.fill((0, 0, 0, 0))
        self._split_cache: dict = {}

    def _split(self, image: pygame.Surface, const_alpha: int, nudged: bool):
        """The pygame-blittable part of `image` and the pixels to blend: (x, y, rgba16).

        A flipped copy (`nudged`) is, to Qt, a bilinear fetch whose sample points sit 1/65536
        before the pixel centres (QSpanData::setupMatrix), so each nonzero 16-bit channel of
        its source comes out 2 lower (65535/65536 twice, floored); opaque pixels still store
        as the same 8-bit colour, so only the others need it."""
        key = (id(image), const_alpha, nudged)
        found = self._split_cache.get(key)
        if found is not None:
            return found[1], found[2]
        w, h = image.get_size()
        data = _surface_to_rgba(image)
        blended = []
        for i in range(0, len(data), 4):
            a = data[i + 3]
            if a == 0 or (a == 255 and const_alpha == 255):
                continue
            p = i // 4
            pixel = _source64(data[i], data[i + 1], data[i + 2], a)
            if nudged:
                pixel = tuple(c - 2 if c else 0 for c in pixel)
            blended.append((p % w, p // w, pixel))
            data[i + 3] = 0
        opaque = None
        if const_alpha == 255:
            opaque = image if not blended else _rgba_to_surface(data, (w, h))
        self._split_cache[key] = (image, opaque, blended)  # keeps `image` alive for its id
        return opaque, blended

    def _blend_pixel(self, x: int, y: int, s: tuple[int, ...], const_alpha: int,
                     span_start: int, span_length: int) -> None:
        """One pixel of a span [span_start, span_start + span_length) of row y: the canvas is
        fetched and stored four pixels at a time from the span's start, so the pixel's place
        in its block decides the rounding."""
        i = x - span_start
        tail_start = span_length - span_length % 4
        if i >= tail_start:
            d = _to_rgba64_pm(*self.surface.get_at((x, y)))
            kind = "tail"
        else:
            first = span_start + i - i % 4
            block = [self.surface.get_at((bx, y)) for bx in range(first, first + 4)]
            d = _fetch_canvas(block)[i % 4]
            kind = "mixed"  # the same as "opaque" for an opaque result
        self.surface.set_at((x, y), _store_pixel(_source_over(d, s, const_alpha), kind))

    def draw(self, image: pygame.Surface, x: int, y: int, opacity: float = 1.0,
             spans: tuple | None = None, nudged: bool = False) -> None:
        const_alpha = _const_alpha(opacity)
        if const_alpha <= 0:
            return
        if spans is not None:
            self._draw_spans(spans, const_alpha)
            return
        opaque, blended = self._split(image, const_alpha, nudged)
        if opaque is not None:
            self.surface.blit(opaque, (x, y))
        if not blended:
            return
        width, height = self.surface.get_size()
        # Qt fills the image's rectangle row by row, each row clipped to the canvas.
        span_start = max(x, 0)
        span_length = min(x + image.get_width(), width) - span_start
        for px, py, s in blended:
            cx, cy = x + px, y + py
            if 0 <= cy < height and span_start <= cx < span_start + span_length:
                self._blend_pixel(cx, cy, s, const_alpha, span_start, span_length)

    def _draw_spans(self, spans: tuple, const_alpha: int) -> None:
        """Resampled spans, fetched, blended and stored span by span as
        blend_src_generic_rgb64 does."""
        get_at, set_at = self.surface.get_at, self.surface.set_at
        for y, x, pixels in spans:
            dest = _fetch_canvas([get_at((px, y)) for px in range(x, x + len(pixels))])
            out = [_source_over(d, s, const_alpha) for d, s in zip(dest, pixels)]
            for px, pixel in zip(range(x, x + len(pixels)), _store_span(out)):
                set_at((px, y), pixel)

    def draw_call(self, call: TileDraw) -> None:
        self.draw(call.image, call.x, call.y, call.opacity, call.spans, call.nudged)


# --- the public entry points ------------------------------------------------------------------

def build_map_surface(tiled_map_info: TiledMapInfo | str | Path,
                      skip_object_classes: frozenset[str] | set[str] = frozenset({"unit", "respawn"})) -> pygame.Surface:
    """The static map for the game UI, drawn once (cache it): every visible layer as
    tmxrasterizer draws it, except tile objects whose class is in `skip_object_classes`
    (the game draws its units itself; respawn points are not drawn in play, even when a
    designer gave one a tile). The surface is `canvas_size`; map pixel (0, 0) is at
    `tiled_map_info.origin`."""
    info = tiled_map_info if isinstance(tiled_map_info, TiledMapInfo) else load_map_info(tiled_map_info)
    canvas = QtCanvas(info.canvas_size)
    skip = frozenset(skip_object_classes)
    for node in info.layers:
        if node.visible:
            for call in layer_draw_calls(info, node, skip):
                canvas.draw_call(call)
    return canvas.surface


def render_map(path) -> pygame.Surface:
    """The map exactly as `tmxrasterizer MAP OUT.png` draws it (SRCALPHA, same size)."""
    return build_map_surface(load_map_info(path), skip_object_classes=frozenset())


def map_files(path) -> list[Path]:
    """The files a map uses (itself, tilesets, templates, images); [path] when it has none
    or cannot be read."""
    doc = read_document(path)
    return doc.files_used() if doc is not None else [Path(path)]


def run_render(map_path, out_path) -> int:
    """`python -m game render MAP OUT.png`: write the PNG; bad input raises MapRenderError
    (or the output's InputError) before anything is written."""
    check_png_output(out_path, [map_path])
    info = load_map_info(map_path)
    out = check_png_output(out_path, info.document.files_used())
    write_png(build_map_surface(info, skip_object_classes=frozenset()), out)
    return 0
