"""Maps from strangers (docs/security.md "Maps"): hostile files generated here, run through
the real command line, must end in one line that names the file, exit status 2, and nothing
read or written where it must not be.

Every run of a map built to need gigabytes or to hang (a decompression bomb, an image needing
gigabytes, a hang over 10^12 tile rectangles, a huge map) is a new process under a memory limit
and a time limit (`bounded`); they are guards, not speed measurements. A map that is only
malformed goes through the `game` fixture: its first run a new bounded process, as a player
sees it, every other run the same entry point in the test's process.
"""
from __future__ import annotations

import base64
import gzip
import os
import re
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pygame
import pytest

from test_tiled_loader import center, grass, map_xml, object_layer, tile_layer, unit
from tests.helpers import run_game, run_game_in_turn

REPO = Path(__file__).resolve().parents[1]
BAD = Path(__file__).resolve().parent / "badmaps"
MEMORY_LIMIT = 1 << 30  # address space: the interpreter, pygame, SDL and the UI fit in it
TIME_LIMIT = 120  # seconds; a hang ends the test instead of the suite


def bounded(*args) -> subprocess.CompletedProcess:
    """`python -m game ARGS` in a new process under this module's memory and time limits."""
    return run_game(*args, timeout=TIME_LIMIT, memory=MEMORY_LIMIT)


@pytest.fixture
def game(cli):
    """`python -m game ARGS` of a malformed map: the test's first run (or, in a parametrized
    test, its first case's) a new process under this module's limits, later ones in this
    process (tests/conftest.py `cli`)."""
    def run(*args) -> subprocess.CompletedProcess:
        if cli.next_in_new_process:
            return cli(*args, timeout=TIME_LIMIT, memory=MEMORY_LIMIT)
        return cli(*args)
    return run


def refused(result, named) -> str:
    """The refusal, naming `named` (a path), with exit status 2: one line, or for `validate`
    one line per problem, each naming its file."""
    err = result.stderr
    assert result.returncode == 2, (result.returncode, err)
    assert result.stdout == ""
    assert err.endswith("\n") and "Traceback" not in err and "internal error" not in err, err
    lines = err.splitlines()
    in_new_process = result.args[:3] == [sys.executable, "-m", "game"]
    if result.args[3 if in_new_process else 0] == "validate":
        assert all(re.match(r"[^:]+:\d+: .+ — ", line) for line in lines), err
    else:
        assert len(lines) == 1, err
    assert str(named) in err, err
    return err.strip()


SIDES = object_layer("Units", [unit(90, *center(1, 1), "fighter", "blue", "Ann"),
                               unit(91, *center(4, 3), "orc", "red", "Grok")], layer_id=99)


def good_map(folder: Path, name="m.tmx", layers=None, **header) -> Path:
    """The test loader's 6x5 map with its terrain tileset (tests/badmaps) copied beside it,
    `layers` (default: grass) and a unit on each side."""
    for f in ("terrain.tsx", "hex.png"):
        (folder / f).write_bytes((BAD / f).read_bytes())
    text = map_xml((layers or tile_layer("ground", grass())) + SIDES)
    for key, value in header.items():
        text = _set_attr(text, "<map ", key, value)
    path = folder / name
    path.write_text(text)
    return path


def _set_attr(text: str, start: str, key: str, value: str) -> str:
    head, rest = text.split(start, 1)
    tag, tail = rest.split(">", 1)
    closed = "/" if tag.endswith("/") else ""
    attrs = [a for a in tag.rstrip("/").split(" ") if a and not a.startswith(f"{key}=")]
    return f'{head}{start}{" ".join(attrs)} {key}="{value}"{closed}>{tail}'


def with_tileset(folder: Path, tsx: str, name="m.tmx") -> Path:
    """A good map whose tileset is `tsx` (text of a .tsx, written beside it)."""
    path = good_map(folder, name)
    (folder / "evil.tsx").write_text(tsx)
    path.write_text(path.read_text().replace('source="terrain.tsx"', 'source="evil.tsx"'))
    return path


def tsx(image: str, width=64, height=64, tile=(64, 64), extra="") -> str:
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n{extra}<tileset version="1.8" name="t" '
            f'tilewidth="{tile[0]}" tileheight="{tile[1]}" tilecount="1" columns="1">\n'
            f'<image source="{image}" width="{width}" height="{height}"/>\n</tileset>\n')


# --- render reads only what the safe loader allows --------------------------------------------

@pytest.mark.parametrize("where", ["absolute", "dotdot", "symlink"])
def test_render_reads_no_image_outside_the_maps_folder(tmp_path, where, game):
    outside = tmp_path / "outside"
    outside.mkdir()
    pygame.image.save(pygame.Surface((64, 64)), str(outside / "secret.png"))
    folder = tmp_path / "map"
    folder.mkdir()
    source = {"absolute": str(outside / "secret.png"), "dotdot": "../outside/secret.png",
              "symlink": "link.png"}[where]
    if where == "symlink":
        (folder / "link.png").symlink_to(outside / "secret.png")
    tmx = with_tileset(folder, tsx(source))
    out = tmp_path / "out.png"
    err = refused(game("render", tmx, out), folder / "evil.tsx")
    assert "is outside the map's folder" in err
    assert not out.exists()


def test_render_refuses_an_image_layer_outside_the_maps_folder(tmp_path, game):
    pygame.image.save(pygame.Surface((8, 8)), str(tmp_path / "secret.png"))
    folder = tmp_path / "map"
    folder.mkdir()
    layer = ('<imagelayer id="9" name="sky"><image source="../secret.png" width="8" '
             'height="8"/></imagelayer>')
    tmx = good_map(folder, layers=tile_layer("ground", grass()) + layer)
    err = refused(game("render", tmx, tmp_path / "out.png"), tmx)
    assert "image '../secret.png' is outside the map's folder" in err
    assert not (tmp_path / "out.png").exists()


def test_render_refuses_entities_in_a_tileset(tmp_path, game):
    entity = '<!DOCTYPE tileset [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>\n'
    tmx = with_tileset(tmp_path, tsx("hex.png", extra=entity))
    err = refused(game("render", tmx, tmp_path / "out.png"), tmp_path / "evil.tsx")
    assert "entity" in err


@pytest.mark.parametrize("attrs,what", [
    ({"width": "100000", "height": "100000"}, "map too large (100000x100000)"),
    ({"tilewidth": "50000", "tileheight": "40000"}, "map attribute tilewidth='50000'"),
    ({"tilewidth": "1", "tileheight": "1"}, "map attribute tilewidth='1'"),
    ({"width": "1e309"}, "map attribute width='1e309'"),
    ({"hexsidelength": "nan"}, "map attribute hexsidelength='nan'"),
])
def test_map_sizes_out_of_bounds(tmp_path, attrs, what):
    """render, validate and inspect each refuse the map, one after the other in one new
    process under this module's limits: a blow-up or a hang of any of them fails."""
    tmx = good_map(tmp_path, **attrs)
    runs = run_game_in_turn(("render", tmx, tmp_path / "out.png"), ("validate", tmx),
                            ("inspect", tmx), timeout=TIME_LIMIT, memory=MEMORY_LIMIT)
    assert [out.args[0] for out in runs] == ["render", "validate", "inspect"]
    for out in runs:
        assert what in refused(out, tmx)
    assert not (tmp_path / "out.png").exists()


def test_a_drawing_too_large_is_refused_before_any_pixel(tmp_path):
    tmx = good_map(tmp_path, width="1000", height="1000", tilewidth="4000", tileheight="4000")
    tmx.write_text(tmx.read_text().replace(tile_layer("ground", grass()),
                                           tile_layer("ground", [[0] * 1000] * 1000)))
    tmx.write_text(tmx.read_text().replace('width="6" height="5"', 'width="1000" '
                                           'height="1000"'))
    err = refused(bounded("render", tmx, tmp_path / "out.png"), tmx)
    assert "too large to draw" in err


@pytest.mark.parametrize("where,attr,value", [
    ("layer", "offsetx", "nan"), ("layer", "offsety", "inf"), ("layer", "opacity", "nan"),
    ("layer", "offsetx", "1e309"), ("object", "x", "nan"), ("object", "y", "inf"),
    ("object", "width", "1e309"), ("object", "rotation", "nan"),
])
@pytest.mark.parametrize("command", ["render", "validate"])
def test_numbers_that_are_not_finite(tmp_path, where, attr, value, command, game):
    obj = ('<objectgroup id="3" name="things"><object id="1" name="rock" x="10" y="10" '
           'width="8" height="8"/></objectgroup>')
    tmx = good_map(tmp_path, layers=tile_layer("ground", grass()) + obj)
    start = '<layer ' if where == "layer" else '<object '
    tmx.write_text(_set_attr(tmx.read_text(), start, attr, value))
    args = (command, tmx, tmp_path / "out.png") if command == "render" else (command, tmx)
    assert f"attribute {attr}='{value}' is not a number" in refused(game(*args), tmx)


def test_a_bad_transparent_colour(tmp_path, game):
    layer = ('<imagelayer id="9" name="sky"><image source="hex.png" trans="zzzzzz" '
             'width="224" height="192"/></imagelayer>')
    tmx = good_map(tmp_path, layers=tile_layer("ground", grass()) + layer)
    for args in (("validate", tmx), ("render", tmx, tmp_path / "out.png")):
        assert "trans='zzzzzz' is not a colour" in refused(game(*args), tmx)


def test_thousands_of_nested_groups(tmp_path):
    depth = 3000
    groups = "".join(f'<group id="{i + 10}" name="g{i}">' for i in range(depth))
    tmx = good_map(tmp_path, layers=tile_layer("ground", grass()) + groups + "</group>" * depth)
    for args in (("validate", tmx), ("render", tmx, tmp_path / "out.png")):
        assert "nested more than" in refused(bounded(*args), tmx)


def test_a_bogus_xml_encoding(tmp_path, game):
    tmx = good_map(tmp_path)
    tmx.write_text(tmx.read_text().replace('encoding="UTF-8"', 'encoding="bogus-8"'))
    for args in (("validate", tmx), ("render", tmx, tmp_path / "out.png")):
        assert "unknown encoding" in refused(game(*args), tmx)


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0,
                    reason="root reads files whatever their mode")
def test_an_unreadable_tileset(tmp_path, game):
    tmx = good_map(tmp_path)
    (tmp_path / "terrain.tsx").chmod(0)
    for args in (("validate", tmx), ("render", tmx, tmp_path / "out.png")):
        assert "cannot read the file" in refused(game(*args), tmp_path / "terrain.tsx")


@pytest.mark.skipif(not Path("/proc/self/mem").exists(), reason="needs Linux's /proc")
def test_a_map_that_cannot_be_read(tmp_path, game):
    """/proc/self/mem is a file that no one can read whole (even root): an I/O error."""
    for args in (("validate", "/proc/self/mem"), ("render", "/proc/self/mem", tmp_path / "o.png"),
                 ("inspect", "/proc/self/mem")):
        assert "cannot read the file" in refused(game(*args), "/proc/self/mem")
    assert not (tmp_path / "o.png").exists()


# --- outputs ---------------------------------------------------------------------------------

@pytest.mark.parametrize("command", ["render", "screenshot"])
def test_never_overwrites_an_input(tmp_path, command, game):
    tmx = good_map(tmp_path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    for target in (tmx, tmp_path / "hex.png", tmp_path / "terrain.tsx"):
        refused(game(command, tmx, target), target)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


@pytest.mark.parametrize("command", ["render", "screenshot"])
@pytest.mark.parametrize("out", ["out.jpg", "out", "/proc/self/comm.png", "/dev/null"])
def test_refuses_outputs_other_than_a_png_file(tmp_path, command, out, game):
    tmx = good_map(tmp_path)
    target = out if out.startswith("/") else tmp_path / out
    refused(game(command, tmx, target), target)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hex.png", "m.tmx", "terrain.tsx"]


# --- layer data: decompression with a bound ----------------------------------------------------

def _bomb(compression: str, size: int) -> str:
    """`size` bytes of zeros (a whole number of MiB) as valid zlib or gzip data, base64: one
    fully flushed deflate block of a MiB repeated, wrapped with the right checksums."""
    chunk, count = bytes(1 << 20), size >> 20
    packer = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
    block = packer.compress(chunk) + packer.flush(zlib.Z_FULL_FLUSH)
    body = block * count + packer.flush()
    if compression == "zlib":
        adler = 1
        for _ in range(count):
            adler = zlib.adler32(chunk, adler)
        data = b"\x78\xda" + body + struct.pack(">I", adler)
    else:
        crc = 0
        for _ in range(count):
            crc = zlib.crc32(chunk, crc)
        data = b"\x1f\x8b\x08\0\0\0\0\0\x02\xff" + body + \
            struct.pack("<II", crc, size & 0xFFFFFFFF)
    return base64.b64encode(data).decode()


@pytest.mark.parametrize("compression", ["zlib", "gzip"])
def test_compressed_layer_data_is_inflated_with_a_bound(tmp_path, compression):
    """1 GiB of zeros in 1.4 MB: refused without inflating it (more than the memory limit)."""
    text = _bomb(compression, 1 << 30)
    layer = (f'<layer id="1" name="ground" width="6" height="5"><data encoding="base64" '
             f'compression="{compression}">{text}</data></layer>')
    tmx = good_map(tmp_path, layers=layer)
    for args in (("validate", tmx), ("render", tmx, tmp_path / "out.png")):
        assert "decompression bomb" in refused(bounded(*args), tmx)


def test_inflate_keeps_exact_data():
    from game.tiled.document import DataError, inflate
    raw = struct.pack("<6I", 1, 2, 3, 0x80000004, 5, 6)
    assert inflate(zlib.compress(raw), "zlib", 24) == raw
    assert inflate(gzip.compress(raw), "gzip", 24) == raw
    with pytest.raises(DataError):
        inflate(zlib.compress(raw), "zlib", 20)


# --- tileset geometry and images ---------------------------------------------------------------

def test_a_huge_declared_tileset_image_does_not_hang(tmp_path):
    """10^12 one-pixel tiles declared on a 64x64 image: refused before pytmx walks them."""
    tmx = with_tileset(tmp_path, tsx("hex.png", 1000000, 1000000, tile=(1, 1)))
    for args in (("validate", tmx), ("render", tmx, tmp_path / "out.png"), ("inspect", tmx)):
        refused(bounded(*args), tmp_path / "evil.tsx")


def test_a_tileset_image_of_another_size_than_declared(tmp_path, game):
    tmx = with_tileset(tmp_path, tsx("hex.png", 128, 64))
    err = refused(game("validate", tmx), tmp_path / "evil.tsx")
    assert "the file says 128x64" in err


def _png_header(width: int, height: int) -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + \
            struct.pack(">I", zlib.crc32(kind + body))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)


@pytest.mark.parametrize("kind", ["truncated", "text", "tsx", "huge"])
def test_validate_opens_images_as_the_game_will(tmp_path, kind, game):
    """validate says ok only when the game can draw the map: each image is opened."""
    pygame.image.save(pygame.Surface((64, 64)), str(tmp_path / "good.png"))
    whole = (tmp_path / "good.png").read_bytes()
    image = {"truncated": "cut.png", "text": "notes.png", "tsx": "evil.tsx",
             "huge": "huge.png"}[kind]
    if kind == "truncated":
        (tmp_path / image).write_bytes(whole[:len(whole) // 2])
    elif kind == "text":
        (tmp_path / image).write_text("not an image\n")
    elif kind == "huge":  # 20000 x 20000: 1.6 GB once decoded; only its header is written
        (tmp_path / image).write_bytes(_png_header(20000, 20000))
    size = (20000, 20000) if kind == "huge" else (64, 64)
    tmx = with_tileset(tmp_path, tsx(image, *size, tile=(200, 200) if kind == "huge" else (64, 64)))
    run = bounded if kind == "huge" else game      # 1.6 GB if it were decoded
    for args in (("validate", tmx), ("render", tmx, tmp_path / "out.png")):
        err = refused(run(*args), tmp_path / "evil.tsx")
        assert f"image '{image}'" in err
    assert not (tmp_path / "out.png").exists()


# --- slow inputs -------------------------------------------------------------------------------

def test_a_map_with_a_60_mb_comment_is_parsed_once(tmp_path):
    """expat re-parses a huge token on every chunk fed to it; the map is fed in one piece."""
    tmx = good_map(tmp_path)
    text = tmx.read_text()
    head, tail = text.split("\n", 1)
    tmx.write_text(f"{head}\n<!-- {'x' * (60 << 20)} -->\n{tail}")
    result = bounded("validate", tmx)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"{tmx}: ok (6 x 5, 2 units)")
