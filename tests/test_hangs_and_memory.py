"""No hostile map or argument hangs a command or fills its memory (docs/security.md "Time and
memory"). Each case is made here, at the size that used to hang or run out of memory, and run
through the real command line in a new process under a time limit and a 2 GiB address-space
limit (`run_game`; several commands of one test may share that process, `run_game_in_turn`):
a hang fails on the timeout, a blow-up on the memory limit."""
from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from game.tiled.newmap import write_new_map
from tests.helpers import run_game, run_game_in_turn

PROBLEM_LINE = re.compile(r"[^:]+:\d+: .+ — .+")


def game(tmp_path: Path, *args, timeout: float = 60) -> subprocess.CompletedProcess:
    return run_game(*args, home=tmp_path / "home", timeout=timeout)


def one_line(out: subprocess.CompletedProcess, named: Path | str) -> str:
    """The refusal: exit status 2, one line on stderr naming `named`, nothing else."""
    assert out.returncode == 2, (out.returncode, out.stderr[-2000:])
    lines = out.stderr.splitlines()
    assert len(lines) == 1 and str(named) in lines[0], out.stderr[-2000:]
    assert out.stdout == ""
    return lines[0]


def new_map(folder: Path, size: str = "10x8") -> tuple[Path, str]:
    """A valid flat-top map in `folder` and its text."""
    folder.mkdir(parents=True, exist_ok=True)
    path = write_new_map(folder / "m.tmx", size, "flat")
    return path, path.read_text()


def with_units(folder: Path, count: int, team_of, unit_of, size: str) -> Path:
    """A map with `count` more point objects of class unit, two hexes apart, row by row."""
    path, text = new_map(folder, size)
    per_row = (int(size.split("x")[0]) - 4) // 2
    objects = "\n".join(
        f'  <object id="{100 + i}" name="u{i}" type="unit" x="{64 + 96 * (i % per_row)}" '
        f'y="{60 + 112 * (i // per_row)}"><properties><property name="unit" '
        f'value="{unit_of(i)}"/><property name="team" value="{team_of(i)}"/></properties>'
        f'<point/></object>' for i in range(count))
    path.write_text(text.replace(" </objectgroup>", objects + "\n </objectgroup>"))
    return path


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs (POSIX)")
def test_a_fifo_or_dev_zero_as_the_project_file_is_refused_without_reading_it(tmp_path):
    cases = []
    for kind in ("fifo", "zero"):
        tmx, _ = new_map(tmp_path / kind)
        project = tmp_path / kind / "kit.tiled-project"
        os.mkfifo(project) if kind == "fifo" else project.symlink_to("/dev/zero")
        what = "is a pipe" if kind == "fifo" else "is a device"
        cases += [(project, what, args) for args in (
            ("validate", tmx), ("inspect", tmx), ("play", tmx),
            ("screenshot", tmx, tmp_path / "out.png"))]
    first, *others = [args for _, _, args in cases]
    answers = [game(tmp_path, *first, timeout=30)]
    answers += run_game_in_turn(*others, home=tmp_path / "home", timeout=90)
    for (project, what, _), out in zip(cases, answers, strict=True):
        line = one_line(out, project)
        assert what in line and PROBLEM_LINE.fullmatch(line), line
    assert not (tmp_path / "out.png").exists()


def test_validate_collects_20000_problems_in_linear_time_and_prints_a_page(tmp_path):
    teams, text = new_map(tmp_path / "teams")
    names = ",".join(["blue", "red"] + [f"t{i}" for i in range(20_000)])
    teams.write_text(text.replace('value="blue,red"', f'value="{names}"'))
    units = with_units(tmp_path / "units", 20_000, lambda i: "blue",
                       lambda i: f"nosuch{i}", "200x200")
    out = game(tmp_path, "validate", teams, units)
    assert out.returncode == 2 and out.stdout == ""
    lines = out.stderr.splitlines()
    assert all(PROBLEM_LINE.fullmatch(s) for s in lines[:100] + lines[101:]), out.stderr
    assert all(s.startswith(f"{teams}:6: team 't") for s in lines[:100])
    assert lines[100] == (f"{teams}: and 19900 more problems not shown — fix the first 100 "
                          "and run validate again")
    # the units past the cap of 100 per map are not read: 98 unknown ones, then the cap
    assert len(lines) == 101 + 99, len(lines)
    assert all("unknown unit 'nosuch" in s for s in lines[101:-1])
    assert "more than 100 units" in lines[-1]


def test_a_map_of_20000_tile_layers_is_refused_naming_the_cap(tmp_path):
    tmx, text = new_map(tmp_path / "layers")
    terrain = re.search(r' <layer id="1".*?</layer>\n', text, re.S).group(0)
    copies = "".join(terrain.replace('id="1" name="Terrain"', f'id="{10 + i}" name="L{i}"')
                     for i in range(20_000))
    tmx.write_text(text.replace(terrain, terrain + copies))
    line = one_line(game(tmp_path, "screenshot", tmx, tmp_path / "out.png"), tmx)
    assert "more than 128 layers" in line and PROBLEM_LINE.fullmatch(line), line


def test_a_map_of_2000_units_is_refused_naming_the_cap(tmp_path):
    tmx = with_units(tmp_path / "crowd", 2000, lambda i: ("blue", "red")[i % 2],
                     lambda i: "goblin", "200x200")
    line = one_line(game(tmp_path, "inspect", tmx), tmx)
    assert "more than 100 units" in line and PROBLEM_LINE.fullmatch(line), line


def test_a_tileset_of_300_huge_images_is_refused_before_decoding_them(tmp_path):
    tmx, text = new_map(tmp_path / "images")
    folder = tmx.parent
    Image.new("RGB", (4096, 4096), (40, 120, 40)).save(folder / "big0.png")
    png = (folder / "big0.png").read_bytes()
    tiles = []
    for i in range(300):
        (folder / f"big{i}.png").write_bytes(png)
        tiles.append(f'<tile id="{i}"><image width="4096" height="4096" source="big{i}.png"/>'
                     '</tile>')
    tsx = folder / "big.tsx"
    tsx.write_text('<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.8" name="big" '
                   'tilewidth="4096" tileheight="4096" tilecount="300" columns="0">\n'
                   '<grid orientation="orthogonal" width="1" height="1"/>\n'
                   + "\n".join(tiles) + "\n</tileset>\n")
    tmx.write_text(text.replace(' <layer id="1"',
                                ' <tileset firstgid="5000" source="big.tsx"/>\n <layer id="1"'))
    line = one_line(game(tmp_path, "screenshot", tmx, tmp_path / "out.png"), tsx)
    assert "more than 67,108,864 pixels" in line and PROBLEM_LINE.fullmatch(line), line


def test_screenshot_sizes_are_those_that_draw_in_bounded_memory(tmp_path):
    out = tmp_path / "out.png"
    refused, drawn = run_game_in_turn(
        ("screenshot", "duel", out, "--size", "8192x8192"),
        ("screenshot", "duel", out, "--size", "4096x3072"), home=tmp_path / "home", timeout=180)
    line = one_line(refused, "'8192x8192'")
    assert "each side 200-4096 and at most 12,582,912 pixels" in line, line
    assert drawn.returncode == 0, drawn.stderr[-2000:]
    with Image.open(out) as image:
        assert image.size == (4096, 3072)
