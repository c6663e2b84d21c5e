"""No command writes over an input or a file it did not create (docs/security.md "Files the
commands write"): `screenshot OUT --load SAVE` checks OUT against the files of the save's
map, and `balance --out DIR` replaces only files of an earlier balance report, never a map,
a tileset or its image. A refusal is one line naming the file, exit 2, nothing written."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.tiled.newmap import write_new_map
from tests.helpers import run_game_in_process

REPO = Path(__file__).resolve().parent.parent
PNG = b"\x89PNG\r\n\x1a\n"


def game(*args) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(REPO), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    env.pop("HEXSKIRMISH_DEBUG", None)
    return subprocess.run([sys.executable, "-m", "game", *map(str, args)], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=300,
                          stdin=subprocess.DEVNULL)


def refused(out: subprocess.CompletedProcess, path: Path) -> str:
    assert out.returncode == 2, (out.returncode, out.stderr)
    lines = out.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in out.stderr, out.stderr
    assert str(path) in lines[0], lines[0]
    return lines[0]


def map_with_backdrop(folder: Path) -> tuple[Path, Path]:
    """A map of `folder` with an image layer drawing folder/backdrop.png."""
    import pygame
    backdrop = folder / "backdrop.png"
    pygame.image.save(pygame.Surface((8, 8)), str(backdrop))
    tmx = write_new_map(folder / "field.tmx", "8x6", "pointy")
    text = tmx.read_text().replace(
        "</map>", ' <imagelayer id="9" name="Backdrop">\n'
        '  <image source="backdrop.png" width="8" height="8"/>\n </imagelayer>\n</map>')
    tmx.write_text(text)
    return tmx, backdrop


def test_screenshot_of_a_save_never_overwrites_the_saves_map_files(tmp_path):
    from game.engine.battle import Battle
    from game.engine.replay import save_battle
    from game.tiled.loader import load_map
    tmx, backdrop = map_with_backdrop(tmp_path)
    save = tmp_path / "battle.json"
    save_battle(Battle(load_map(tmx), seed=2), save)
    before = backdrop.read_bytes()
    line = refused(game("screenshot", "duel", backdrop, "--load", save), backdrop)
    assert "is a file the map uses" in line
    assert backdrop.read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if ".part" in p.name]
    out = game("screenshot", "duel", tmp_path / "shot.png", "--load", save)
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "shot.png").read_bytes()[:8] == PNG


def _balance(capsys, out: Path) -> subprocess.CompletedProcess:
    """One baseline game on the duel reported into `out`, through the command's entry point in
    this process (tests/test_balance.py runs it in a process of its own)."""
    return run_game_in_process(capsys, "balance", "duel", "--games", "1", "--sides",
                               "baseline,baseline", "--out", out)


@pytest.mark.parametrize("name, content", [
    ("report.json", '{"notes": "my own"}'),
    ("index.html", "<html>my home page</html>"),
    ("report.json", '{"type": "map", "layers": []}'),
])
def test_balance_refuses_to_replace_a_file_it_did_not_write(tmp_path, name, content, capsys):
    out = tmp_path / "mine"
    out.mkdir()
    (out / name).write_text(content)
    line = refused(_balance(capsys, out), out / name)
    assert "not a file of an earlier balance report" in line and "--out" in line
    assert (out / name).read_text() == content
    assert sorted(p.name for p in out.iterdir()) == [name]


def test_balance_refuses_a_link_in_place_of_the_report(tmp_path, capsys):
    out = tmp_path / "mine"
    out.mkdir()
    keep = tmp_path / "keep.txt"
    keep.write_text("keep me")
    (out / "report.json").symlink_to(keep)
    refused(_balance(capsys, out), out / "report.json")
    assert (out / "report.json").is_symlink() and keep.read_text() == "keep me"


def test_balance_never_writes_over_an_image_a_map_of_the_folder_uses(tmp_path, capsys):
    out = tmp_path / "maps"
    out.mkdir()
    first = _balance(capsys, out)
    assert first.returncode == 0, first.stderr
    tmx, backdrop = map_with_backdrop(out)
    os.replace(backdrop, out / "fallen.png")
    tmx.write_text(tmx.read_text().replace("backdrop.png", "fallen.png"))
    before = (out / "fallen.png").read_bytes()
    line = refused(_balance(capsys, out), out / "fallen.png")
    assert (out / "fallen.png").read_bytes() == before and "earlier balance report" in line


def test_balance_replaces_its_own_earlier_report(tmp_path, capsys):
    out = tmp_path / "report"
    assert _balance(capsys, out).returncode == 0
    (out / "report.json").write_text(json.dumps({**json.loads(
        (out / "report.json").read_text()), "games": 0}))
    again = _balance(capsys, out)
    assert again.returncode == 0, again.stderr
    assert json.loads((out / "report.json").read_text())["games"] == 1
