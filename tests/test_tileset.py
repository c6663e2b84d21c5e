"""The generated hex tilesets (tools/make_tileset.py) and the committed assets/tilesets files."""

from __future__ import annotations

import importlib.util
import os
import shutil
import struct
import sys
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets" / "tilesets"
SIDE = 32
# name -> (staggeraxis, tilewidth, tileheight)
SHAPES = {"hex-pointy": ("y", 56, 64), "hex-flat": ("x", 64, 56)}

EXPECTED = [
    {"terrain": "grass"},
    {"terrain": "road"},
    {"terrain": "forest", "concealment": "partial"},
    {"terrain": "rubble", "difficult": True},
    {"terrain": "water", "difficult": True, "water": "shallow"},
    {"terrain": "low wall", "obstacle": "low"},
    {"terrain": "stone wall", "obstacle": "wall", "impassable": True},
    {"terrain": "fog", "blocks_sight": True},
    {"terrain": "exit", "exit": True},
    {"terrain": "hill", "elevation": 1},
    {"terrain": "darkness", "concealment": "total", "blocks_sight": True},
    {"terrain": "floor"},
    {"terrain": "deep water", "water": "deep"},
    {"terrain": "cliff", "elevation": 2, "climb_dc": 15},
    {"terrain": "palisade", "obstacle": "wall", "impassable": True, "elevation": 2,
     "hardness": 5, "hp": 20, "break_dc": 23},
    {"terrain": "barricade", "obstacle": "low", "hardness": 5, "hp": 10, "break_dc": 15},
    {"terrain": "door", "door": "closed"},
    {"terrain": "open door", "door": "open"},
    {"terrain": "locked door", "door": "locked"},
]


def _load_tool():
    path = ROOT / "tools" / "make_tileset.py"
    spec = importlib.util.spec_from_file_location("make_tileset", path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("make_tileset", mod)
    spec.loader.exec_module(mod)
    return mod


make_tileset = _load_tool()


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("tilesets")
    make_tileset.build(out)
    return out


def _chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, out = 8, []
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos:pos + 4])
        tag, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        (crc,) = struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])
        assert crc == zlib.crc32(tag + body), tag
        out.append((tag, body))
        pos += 12 + n
    return out


def _hex_inside(axis: str, tw: int, th: int, px: int, py: int) -> bool:
    """Tiled's hexagon for a cell (its 8 points), tested at the pixel's centre."""
    sx, sy = (SIDE, 0) if axis == "x" else (0, SIDE)
    ox, oy = (tw - sx) // 2, (th - sy) // 2
    pts = [(0, th - oy), (0, oy), (ox, 0), (tw - ox, 0), (tw, oy), (tw, th - oy),
           (tw - ox, th), (ox, th)]
    poly = [p for i, p in enumerate(pts) if p != pts[i - 1]]
    x, y = px + 0.5, py + 0.5
    sign = None
    for (ax, ay), (bx, by) in zip(poly, poly[1:] + poly[:1]):
        cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
        assert cross != 0  # a pixel centre never lies on an edge
        if sign is None:
            sign = cross > 0
        elif (cross > 0) != sign:
            return False
    return True


def _tiles(name: str) -> list[pygame.Surface]:
    axis, tw, th = SHAPES[name]
    sheet = pygame.image.load(str(ASSETS / f"{name}.png"))
    cols = sheet.get_width() // tw
    return [sheet.subsurface(pygame.Rect((i % cols) * tw, (i // cols) * th, tw, th))
            for i in range(len(EXPECTED))]


def _properties(tile: ET.Element) -> dict:
    props = {}
    for p in tile.iter("property"):
        typ, value = p.get("type", "string"), p.get("value")
        if typ == "bool":
            assert value in ("true", "false")
            props[p.get("name")] = value == "true"
        elif typ == "int":
            props[p.get("name")] = int(value)
        else:
            assert typ == "string", typ
            props[p.get("name")] = value
    return props


@pytest.mark.parametrize("name", SHAPES)
def test_committed_files_match_the_generator(built: Path, name: str) -> None:
    tsx = f"{name}.tsx"
    assert (built / tsx).read_bytes() == (ASSETS / tsx).read_bytes(), \
        f"{tsx} drifted from tools/make_tileset.py: rerun it"
    new = (built / f"{name}.png").read_bytes()
    old = (ASSETS / f"{name}.png").read_bytes()
    if new == old:
        return
    # Same bytes except perhaps the deflate stream (another zlib build, e.g. zlib-ng, may
    # compress differently): every chunk and the filtered scanlines must still be identical.
    c_new, c_old = _chunks(new), _chunks(old)
    assert [t for t, _ in c_new] == [t for t, _ in c_old]
    for (tag, a), (_, b) in zip(c_new, c_old):
        if tag == b"IDAT":
            a, b = zlib.decompress(a), zlib.decompress(b)
        assert a == b, f"{name}.png drifted from tools/make_tileset.py ({tag!r}): rerun it"


def test_generator_exposes_the_tiles() -> None:
    assert [props for _, props in make_tileset.TILES] == EXPECTED
    assert [name for name, _ in make_tileset.TILES] == [p["terrain"] for p in EXPECTED]


@pytest.mark.parametrize("name", SHAPES)
def test_tsx_declares_the_image(name: str) -> None:
    axis, tw, th = SHAPES[name]
    root = ET.parse(ASSETS / f"{name}.tsx").getroot()
    assert root.tag == "tileset"
    assert root.get("version") == "1.8" and root.get("tiledversion") == "1.8.2"
    assert root.get("name") == name
    assert (int(root.get("tilewidth")), int(root.get("tileheight"))) == (tw, th)
    assert int(root.get("spacing", "0")) == 0 and int(root.get("margin", "0")) == 0
    count, columns = int(root.get("tilecount")), int(root.get("columns"))
    assert (count, columns) == (len(EXPECTED), 6)
    image = root.find("image")
    assert image.get("source") == f"{name}.png"
    sheet = pygame.image.load(str(ASSETS / image.get("source")))
    w, h = sheet.get_size()
    assert (int(image.get("width")), int(image.get("height"))) == (w, h)
    assert w == columns * tw and h == -(-count // columns) * th


@pytest.mark.parametrize("name", SHAPES)
def test_tsx_properties(name: str) -> None:
    root = ET.parse(ASSETS / f"{name}.tsx").getroot()
    tiles = {int(t.get("id")): _properties(t) for t in root.findall("tile")}
    assert tiles == dict(enumerate(EXPECTED))


@pytest.mark.parametrize("name", SHAPES)
def test_each_tile_fills_exactly_its_hexagon(name: str) -> None:
    axis, tw, th = SHAPES[name]
    for tid, tile in enumerate(_tiles(name)):
        assert tile.get_at((tw // 2, th // 2)).a == 255, tid
        for corner in ((0, 0), (tw - 1, 0), (0, th - 1), (tw - 1, th - 1)):
            assert tile.get_at(corner).a == 0, (tid, corner)
        for py in range(th):
            for px in range(tw):
                want = 255 if _hex_inside(axis, tw, th, px, py) else 0
                assert tile.get_at((px, py)).a == want, (tid, px, py)


@pytest.mark.parametrize("name", SHAPES)
def test_tiles_laid_out_like_tiled_cover_the_plane_once(name: str) -> None:
    """Tiled's layout (docs/architecture.md) with these tiles leaves no gap and no overlap."""
    axis, tw, th = SHAPES[name]
    geo = make_tileset.Geometry(axis, tw, th, SIDE)
    tile = _tiles(name)[0]
    mask = [(px, py) for py in range(th) for px in range(tw) if tile.get_at((px, py)).a]
    for index in ("odd", "even"):
        cover: dict[tuple[int, int], int] = {}
        for row in range(6):
            for col in range(6):
                x, y = geo.origin(col, row, index)
                for px, py in mask:
                    key = (x + px, y + py)
                    cover[key] = cover.get(key, 0) + 1
        assert max(cover.values()) == 1, "tiles overlap"
        # a window well inside the patch is covered completely
        x0, y0 = geo.origin(2, 2, index)
        for y in range(y0, y0 + 2 * th):
            for x in range(x0, x0 + 2 * tw):
                assert cover.get((x, y)) == 1, ("gap", index, x, y)


@pytest.mark.parametrize("name", SHAPES)
def test_pytmx_reads_the_tileset(tmp_path: Path, name: str) -> None:
    import pytmx

    axis, tw, th = SHAPES[name]
    for ext in ("png", "tsx"):
        shutil.copy(ASSETS / f"{name}.{ext}", tmp_path / f"{name}.{ext}")
    data = ",".join(str(1 + i) for i in range(len(EXPECTED)))
    (tmp_path / "m.tmx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.8" tiledversion="1.8.2" orientation="hexagonal" renderorder="right-down"'
        f' width="{len(EXPECTED)}" height="1" tilewidth="{tw}" tileheight="{th}" infinite="0"'
        f' hexsidelength="{SIDE}" staggeraxis="{axis}" staggerindex="odd" nextlayerid="2"'
        ' nextobjectid="1">\n'
        f' <tileset firstgid="1" source="{name}.tsx"/>\n'
        f' <layer id="1" name="terrain" width="{len(EXPECTED)}" height="1">\n'
        f'  <data encoding="csv">{data}</data>\n'
        ' </layer>\n'
        '</map>\n')
    tmx = pytmx.TiledMap(str(tmp_path / "m.tmx"))
    for tid, want in enumerate(EXPECTED):
        got = tmx.get_tile_properties(tid, 0, 0)
        assert {k: got[k] for k in want} == want
        for k, v in want.items():
            assert type(got[k]) is type(v), (tid, k)
