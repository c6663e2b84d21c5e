"""game.ui.map_renderer against Tiled's own tmxrasterizer, pixel for pixel (docs/architecture.md "Maps").

How two images are compared (`assert_matches_tmxrasterizer`):
* same size, then per pixel in premultiplied 8-bit RGBA: the colour a pixel contributes when
  it is composited. Two fully transparent pixels are equal whatever their colour bytes, and
  the unpremultiplied channels of a nearly transparent pixel are ill-conditioned (alpha 3
  turns a premultiplied step of 1 into a step of 85).
* every pixel within 1 per premultiplied channel (no pixel may differ by more, anywhere),
  and at least 99.99% of the pixels exactly equal.
Why not demand 100%: Qt stores a semi-transparent pixel by dividing by its alpha through the
CPU's approximate reciprocal (rcpps, whose table differs between Intel and AMD) refined by
one Newton step; the renderer divides exactly, so a quotient that is a half, or within about
1e-5 of one, may round the other way. Everything else, rotated tiles included, is
reproduced exactly (Qt 5.15's rasterizer spans and 16-bit bilinear fetch), so the 60 and
120 degree cases get the same strict thresholds. Measured on the development machine: every
case below is identical except test_hexagonal_tile_60x60x30.tmx, where one pixel of
1,125,450 differs, by 1.
"""
from __future__ import annotations

import base64
import gzip
import os
import random
import struct
import subprocess
import sys
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pygame  # noqa: E402

from game.cli import main as cli_main  # noqa: E402
from game.errors import InputError  # noqa: E402
from game.hexgrid import TiledLayout  # noqa: E402
from game.ui import map_renderer  # noqa: E402
from game.ui.map_renderer import (  # noqa: E402
    ROTATE_120, MapRenderError, TileImage, TileLayerRender, build_map_surface, load_map_info,
    render_map, run_render,
)

from tests.helpers import require_tiled_program  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
REFERENCE_MAPS = Path("/work/shared/reference-maps/tiled-examples")
GAME_TILESETS = REPO / "assets" / "tilesets"

MIN_EXACT_SHARE = 0.9999
MAX_CHANNEL_DIFF = 1


# --- comparing with tmxrasterizer -------------------------------------------------------------

def _premultiplied(data: bytes) -> list[tuple[int, int, int, int]]:
    out = []
    for i in range(0, len(data), 4):
        a = data[i + 3]
        if a == 255:
            out.append((data[i], data[i + 1], data[i + 2], 255))
        else:
            out.append(tuple(map_renderer._premultiply(c, a) for c in data[i:i + 3]) + (a,))
    return out


def compare_images(mine: pygame.Surface, reference: pygame.Surface) -> dict:
    """Pixel statistics in premultiplied RGBA; rows that are byte-identical are skipped fast."""
    assert mine.get_size() == reference.get_size(), \
        f"size {mine.get_size()} != tmxrasterizer's {reference.get_size()}"
    w, h = mine.get_size()
    a, b = pygame.image.tobytes(mine, "RGBA"), pygame.image.tobytes(reference, "RGBA")
    differing, worst, worst_at = 0, 0, None
    stride = w * 4
    for y in range(h):
        row_a, row_b = a[y * stride:(y + 1) * stride], b[y * stride:(y + 1) * stride]
        if row_a == row_b:
            continue
        for x, (pa, pb) in enumerate(zip(_premultiplied(row_a), _premultiplied(row_b))):
            if pa != pb:
                differing += 1
                d = max(abs(p - q) for p, q in zip(pa, pb))
                if d > worst:
                    worst, worst_at = d, (x, y, pa, pb)
    return {"pixels": w * h, "differing": differing, "worst": worst, "worst_at": worst_at}


def rasterize(tmx: Path, out: Path) -> pygame.Surface:
    exe = require_tiled_program("tmxrasterizer")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    subprocess.run([exe, str(tmx), str(out)], check=True, capture_output=True, env=env, timeout=120)
    return pygame.image.load(str(out))


def assert_matches_tmxrasterizer(tmx: Path, tmp_path: Path) -> dict:
    reference = rasterize(tmx, tmp_path / (tmx.stem + ".tmxrasterizer.png"))
    mine = render_map(tmx)
    assert mine.get_flags() & pygame.SRCALPHA
    stats = compare_images(mine, reference)
    exact_share = 1 - stats["differing"] / stats["pixels"]
    if stats["worst"] > MAX_CHANNEL_DIFF or exact_share < MIN_EXACT_SHARE:
        pygame.image.save(mine, str(tmp_path / (tmx.stem + ".mine.png")))
        pytest.fail(f"{tmx.name}: {stats['differing']} of {stats['pixels']} pixels differ, worst "
                    f"by {stats['worst']} at {stats['worst_at']} (x, y, mine, tmxrasterizer); "
                    f"images in {tmp_path}")
    return stats


# --- generated maps ------------------------------------------------------------------------------

COLOURS = [(196, 64, 52), (70, 150, 60), (52, 96, 196), (222, 196, 64), (150, 70, 170), (60, 180, 180)]
FLAG_BITS = (0x80000000, 0x40000000, 0x20000000, ROTATE_120)


def hex_outline(w: int, h: int, axis: str) -> list[tuple[float, float]]:
    if axis == "y":  # pointy top
        return [(w / 2, 0), (w - 1, h / 4), (w - 1, 3 * h / 4), (w / 2, h - 1), (0, 3 * h / 4), (0, h / 4)]
    return [(0, h / 2), (w / 4, 0), (3 * w / 4, 0), (w - 1, h / 2), (3 * w / 4, h - 1), (w / 4, h - 1)]


def make_tileset_png(path: Path, w: int, h: int, axis: str, count: int = 6) -> None:
    """`count` coloured hexes in a row, each with an asymmetric mark (so flips and rotations
    show), a translucent disc and an anti-aliased line (so semi-transparency is exercised)."""
    sheet = pygame.Surface((w * count, h), pygame.SRCALPHA)
    sheet.fill((0, 0, 0, 0))
    for i in range(count):
        tile = pygame.Surface((w, h), pygame.SRCALPHA)
        tile.fill((0, 0, 0, 0))
        pygame.draw.polygon(tile, COLOURS[i % 6] + (255,), hex_outline(w, h, axis))
        pygame.draw.polygon(tile, (255, 255, 255, 255), hex_outline(w, h, axis), 1)
        pygame.draw.rect(tile, (250, 250, 250, 255), (w // 4, h // 3, w // 5, h // 6))
        pygame.draw.line(tile, (20, 20, 20, 255), (w // 2, h // 2), (w - w // 4, h - h // 4), 2)
        pygame.draw.circle(tile, (255, 255, 255, 110), (int(w * 0.62), int(h * 0.35)), max(2, w // 7))
        pygame.draw.aaline(tile, (0, 0, 0), (2, h - 3), (w - 3, 2))
        sheet.blit(tile, (i * w, 0))
    pygame.image.save(sheet, str(path))


def tileset_xml(image: str, w: int, h: int, count: int = 6, offset=(0, 0), firstgid: int = 1) -> str:
    tile_offset = f'<tileoffset x="{offset[0]}" y="{offset[1]}"/>' if offset != (0, 0) else ""
    return (f'<tileset firstgid="{firstgid}" name="{Path(image).stem}" tilewidth="{w}" tileheight="{h}" '
            f'tilecount="{count}" columns="{count}">{tile_offset}'
            f'<image source="{image}" width="{w * count}" height="{h}"/></tileset>')


def random_gids(rng: random.Random, cols: int, rows: int, first: int = 1, count: int = 6,
                density: float = 1.0, flags: bool = False) -> list[list[int]]:
    grid = []
    for _ in range(rows):
        row = []
        for _ in range(cols):
            gid = 0
            if rng.random() < density:
                gid = first + rng.randrange(count)
                if flags:
                    for bit in FLAG_BITS:
                        if rng.random() < 0.3:
                            gid |= bit
            row.append(gid)
        grid.append(row)
    return grid


def tile_layer(layer_id: int, name: str, grid: list[list[int]], attributes: str = "") -> str:
    csv = ",\n".join(",".join(str(g) for g in row) for row in grid)
    return (f'<layer id="{layer_id}" name="{name}" width="{len(grid[0])}" height="{len(grid)}"{attributes}>'
            f'<data encoding="csv">\n{csv}\n</data></layer>')


def write_map(path: Path, cols: int, rows: int, tile_w: int, tile_h: int, side: int, axis: str,
              index: str, tilesets: str, layers: str, orientation: str = "hexagonal") -> Path:
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.8" tiledversion="1.8.2" orientation="{orientation}" renderorder="right-down" '
        f'width="{cols}" height="{rows}" tilewidth="{tile_w}" tileheight="{tile_h}" '
        f'hexsidelength="{side}" staggeraxis="{axis}" staggerindex="{index}" infinite="0" '
        f'nextlayerid="20" nextobjectid="20">\n{tilesets}\n{layers}\n</map>\n')
    return path


# Cells (w, h, hexsidelength) and tile images 4 px taller than the cell, offset 2 px down, so
# that neighbouring tiles overlap and the draw order shows.
CELLS = {"y": (28, 32, 16), "x": (32, 28, 16)}


def stagger_map(tmp_path: Path, axis: str, index: str, cols: int, rows: int) -> Path:
    tw, th, side = CELLS[axis]
    make_tileset_png(tmp_path / f"hex-{axis}.png", tw, th + 4, axis)
    rng = random.Random(f"{axis}-{index}-{cols}x{rows}")
    layers = (tile_layer(1, "ground", random_gids(rng, cols, rows))
              + tile_layer(2, "flipped and rotated", random_gids(rng, cols, rows, density=0.5, flags=True)))
    return write_map(tmp_path / f"{axis}-{index}-{cols}x{rows}.tmx", cols, rows, tw, th, side, axis, index,
                     tileset_xml(f"hex-{axis}.png", tw, th + 4, offset=(0, 2)), layers)


def features_map(tmp_path: Path) -> Path:
    """Everything else tmxrasterizer does with a hexagonal map: an odd tile height, an external
    tileset with a tile offset, an image collection tileset, layer offsets (the negative ones
    grow the canvas), groups with offset and opacity, hidden layers and groups, a tint, layer
    opacity, tile objects (plain, flipped, rotated, scaled, hidden), an image layer and
    gzip-compressed layer data."""
    cols, rows = 6, 5
    make_tileset_png(tmp_path / "hex-y.png", 28, 36, "y")
    make_tileset_png(tmp_path / "big-y.png", 30, 40, "y", count=4)
    (tmp_path / "ext.tsx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.8" tiledversion="1.8.2" name="ext" '
        'tilewidth="30" tileheight="40" tilecount="4" columns="4"><tileoffset x="-1" y="3"/>'
        '<image source="big-y.png" width="120" height="40"/></tileset>\n')
    for i, colour in enumerate([(255, 0, 0, 160), (0, 0, 255, 255)]):
        single = pygame.Surface((20 + 6 * i, 24), pygame.SRCALPHA)
        single.fill(colour)
        pygame.image.save(single, str(tmp_path / f"single{i}.png"))
    tilesets = (tileset_xml("hex-y.png", 28, 36, offset=(0, 2)) + '\n<tileset firstgid="7" source="ext.tsx"/>\n'
                '<tileset firstgid="20" name="collection" tilewidth="26" tileheight="24" tilecount="2" '
                'columns="0"><grid orientation="orthogonal" width="1" height="1"/>'
                '<tile id="0"><image width="20" height="24" source="single0.png"/></tile>'
                '<tile id="1"><image width="26" height="24" source="single1.png"/></tile></tileset>')
    rng = random.Random(5)
    ground = random_gids(rng, cols, rows)
    packed = b"".join(struct.pack("<I", gid) for row in ground for gid in row)
    layers = (
        f'<layer id="1" name="ground" width="{cols}" height="{rows}"><data encoding="base64" '
        f'compression="gzip">{base64.b64encode(gzip.compress(packed)).decode()}</data></layer>'
        + tile_layer(2, "shifted", random_gids(rng, cols, rows, 7, 4, 0.4, True), ' offsetx="-5" offsety="7"')
        + tile_layer(3, "hidden", random_gids(rng, cols, rows), ' visible="0" offsetx="9"')
        + '<group id="4" name="group" offsetx="3" offsety="-4" opacity="0.6">'
        + tile_layer(5, "in group", random_gids(rng, cols, rows, density=0.5, flags=True))
        + tile_layer(6, "tinted", random_gids(rng, cols, rows, density=0.4), ' tintcolor="#c080ff80" opacity="0.8"')
        + '</group>'
        + '<group id="7" name="hidden group" visible="0">' + tile_layer(8, "x", random_gids(rng, cols, rows)) + '</group>'
        + tile_layer(9, "collection", random_gids(rng, cols, rows, 20, 2, 0.4))
        + '<objectgroup id="10" name="objects">'
        '<object id="1" gid="2" x="20" y="60" width="28" height="36"/>'
        '<object id="2" gid="8" x="70" y="50" width="30" height="40" rotation="30"/>'
        '<object id="3" gid="2147483651" x="100" y="90" width="28" height="36"/>'
        '<object id="4" gid="4" x="120" y="120" width="42" height="54"/>'
        '<object id="5" gid="5" x="10" y="140" width="28" height="36" visible="0"/>'
        '</objectgroup>'
        + '<imagelayer id="11" name="image" offsetx="10" offsety="5" opacity="0.7">'
        '<image source="single0.png" width="20" height="24"/></imagelayer>')
    return write_map(tmp_path / "features.tmx", cols, rows, 28, 31, 16, "y", "odd", tilesets, layers)


# --- tmxrasterizer comparisons -----------------------------------------------------------------

@pytest.mark.parametrize("name", ["hexagonal-mini.tmx", "test_hexagonal_tile_60x60x30.tmx"])
def test_tiled_example_maps(name, tmp_path):
    """Tiled's own examples: tile offset (0,1) with zlib data; flips and 120-degree rotations."""
    tmx = REFERENCE_MAPS / name
    if not tmx.is_file():
        pytest.skip(f"{tmx} is not here")
    assert_matches_tmxrasterizer(tmx, tmp_path)


@pytest.mark.parametrize("cols,rows", [(7, 5), (8, 6)])
@pytest.mark.parametrize("index", ["odd", "even"])
@pytest.mark.parametrize("axis", ["y", "x"])
def test_stagger_variants(axis, index, cols, rows, tmp_path):
    assert_matches_tmxrasterizer(stagger_map(tmp_path, axis, index, cols, rows), tmp_path)


def test_layer_features(tmp_path):
    stats = assert_matches_tmxrasterizer(features_map(tmp_path), tmp_path)
    # Layer offsets grow the canvas: "shifted" (-5, 7) on the left and bottom, the group's
    # (3, -4) on top, the image layer's (10, 5) on the right.
    w, h = TiledLayout(28, 31, 16, "y", "odd").map_pixel_size(6, 5)
    assert stats["pixels"] == (5 + w + 10) * (4 + h + 7)


@pytest.mark.parametrize("tsx,axis,index,size", [("hex-pointy.tsx", "y", "odd", (7, 5)),
                                                 ("hex-flat.tsx", "x", "even", (8, 6))])
def test_game_tilesets(tsx, axis, index, size, tmp_path):
    """The game's own tilesets (assets/tilesets), referenced by absolute path."""
    source = GAME_TILESETS / tsx
    assert source.is_file(), f"{source}: a shipped tileset is missing"
    tileset = map_renderer.SafeET.parse(str(source)).getroot()
    tw, th = int(tileset.get("tilewidth")), int(tileset.get("tileheight"))
    count = int(tileset.get("tilecount"))
    cols, rows = size
    rng = random.Random(tsx)
    layers = (tile_layer(1, "terrain", random_gids(rng, cols, rows, count=count))
              + tile_layer(2, "flags", random_gids(rng, cols, rows, count=count, density=0.3, flags=True)))
    tmx = write_map(tmp_path / f"game-{axis}.tmx", cols, rows, tw, th, 32, axis, index,
                    f'<tileset firstgid="1" source="{source}"/>', layers)
    assert_matches_tmxrasterizer(tmx, tmp_path)


# --- the command line --------------------------------------------------------------------------

def test_render_command_end_to_end(tmp_path):
    tmx = stagger_map(tmp_path, "x", "odd", 7, 5)
    out = tmp_path / "out.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYTHONPATH=str(REPO))
    result = subprocess.run([sys.executable, "-m", "game", "render", str(tmx), str(out)], cwd=REPO,
                            env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    written = pygame.image.load(str(out))
    assert compare_images(written, render_map(tmx))["differing"] == 0


def _cli_error(capsys, *args) -> str:
    assert cli_main(["render", *map(str, args)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "Traceback" not in err
    return err


def test_render_command_bad_input(tmp_path, capsys):
    tmx = stagger_map(tmp_path, "y", "odd", 7, 5)
    assert "map file not found" in _cli_error(capsys, tmp_path / "missing.tmx", tmp_path / "o.png")
    ortho = write_map(tmp_path / "ortho.tmx", 3, 3, 32, 32, 0, "y", "odd", "",
                      tile_layer(1, "t", [[0] * 3] * 3), orientation="orthogonal")
    err = _cli_error(capsys, ortho, tmp_path / "o.png")
    assert err.startswith(f"{ortho}: not a hexagonal map (orientation=\"orthogonal\")")
    assert "does not exist" in _cli_error(capsys, tmx, tmp_path / "no" / "such" / "dir" / "o.png")
    assert "is a folder" in _cli_error(capsys, tmx, tmp_path)
    infinite = tmp_path / "infinite.tmx"
    infinite.write_text(tmx.read_text().replace('infinite="0"', 'infinite="1"'))
    assert "infinite maps are not supported" in _cli_error(capsys, infinite, tmp_path / "o.png")
    broken = tmp_path / "broken.tmx"
    broken.write_text("<map orientation=")
    assert "not a readable Tiled map" in _cli_error(capsys, broken, tmp_path / "o.png")
    assert not (tmp_path / "o.png").exists()


def test_errors_are_input_errors(tmp_path):
    with pytest.raises(MapRenderError) as caught:
        run_render(tmp_path / "missing.tmx", tmp_path / "out.png")
    assert isinstance(caught.value, InputError)


# --- the API the game UI uses --------------------------------------------------------------------

def test_headless_without_a_display_mode(tmp_path):
    pygame.display.quit()          # a window an earlier test left open is not this one's
    render_map(stagger_map(tmp_path, "y", "even", 7, 5))
    assert pygame.display.get_surface() is None


def test_draw_calls_follow_tiled_layout(tmp_path):
    info = load_map_info(stagger_map(tmp_path, "x", "even", 8, 6))
    layout = TiledLayout(*CELLS["x"], "x", "even")
    ground = next(node for node in info.layers if node.name == "ground")
    calls = TileLayerRender(info, ground).draw_calls()
    assert len(calls) == 8 * 6
    for call in calls:  # unflipped images: bottom-left at the cell's (x, y + th), offset (0, 2)
        x, y = layout.tile_top_left(call.col, call.row)
        assert (call.x, call.y) == (x, y + layout.th - call.image.get_height() + 2)
    tops = [layout.tile_top_left(c.col, c.row)[::-1] for c in calls]
    assert tops == sorted(tops)  # screen row by screen row: top y, then x
    assert info.canvas_size == layout.map_pixel_size(8, 6)


def test_plain_blits_are_close_to_the_exact_canvas(tmp_path):
    """TileLayerRender.draw (plain pygame blits, for the UI) against the exact QtCanvas:
    pygame blends unpremultiplied colours with its own rounding: off by one where a
    translucent pixel lands on an opaque one, further off only where the result stays
    translucent."""
    info = load_map_info(stagger_map(tmp_path, "y", "odd", 7, 5))
    for node in info.layers:
        quick = pygame.Surface(info.canvas_size, pygame.SRCALPHA)
        quick.fill((0, 0, 0, 0))
        TileLayerRender(info, node).draw(quick)
        exact = map_renderer.QtCanvas(info.canvas_size)
        for call in TileLayerRender(info, node).draw_calls():
            exact.draw_call(call)
        stats = compare_images(quick, exact.surface)
        assert stats["differing"] < 0.01 * stats["pixels"]
        w, h = info.canvas_size
        for y in range(h):
            for x in range(w):
                fast, right = quick.get_at((x, y)), exact.surface.get_at((x, y))
                if right.a == 255:
                    assert max(abs(p - q) for p, q in zip(fast, right)) <= 1, (x, y)


def test_bit_28_rotation_survives_pytmx(tmp_path):
    info = load_map_info(stagger_map(tmp_path, "y", "odd", 8, 6))
    raw = [info.raw_gid(g) for layer in info.tmx.layers if hasattr(layer, "data")
           for row in layer.data for g in row if g]
    assert any(r & ROTATE_120 for r in raw)
    assert all((r & map_renderer.GID_MASK) in info.tiles for r in raw)


def test_image_loader_gives_callables(tmp_path):
    info = load_map_info(stagger_map(tmp_path, "x", "odd", 7, 5))
    images = [image for image in info.tmx.images if isinstance(image, TileImage)]
    assert images
    for image in images:
        surface = image()
        assert isinstance(surface, pygame.Surface) and surface.get_flags() & pygame.SRCALPHA


def test_build_map_surface_leaves_units_to_the_game(tmp_path):
    tmx = features_map(tmp_path)
    text = tmx.read_text().replace('<object id="1" gid="2"', '<object id="1" type="unit" gid="2"')
    tmx.write_text(text)
    with_units = render_map(tmx)
    without_units = build_map_surface(load_map_info(tmx))
    assert with_units.get_size() == without_units.get_size()
    assert compare_images(with_units, without_units)["differing"] > 0
    assert compare_images(without_units, build_map_surface(tmx))["differing"] == 0
