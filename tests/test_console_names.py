"""No output line can be forged (docs/security.md "Names on the console"): a team name, a map
title, a save's seed or hash may hold a newline, ESC, BEL, CR or a right-to-left override;
`inspect`, `path`, `simulate` and `replay` (with `--verify`) print them escaped
(game.errors.printable), never raw. Unit names holding them are refused, in one escaped line."""
from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.helpers import tiled_json_map, tiled_json_unit

REPO = Path(__file__).resolve().parent.parent
BAD = "\n\x1b[2J\x07\r\u202e"
RAW = ("\x1b", "\x07", "\r", "\u202e")
BLUE = f"blue{BAD}x"


@pytest.fixture
def game(cli):
    """`python -m game ARGS`: a test's first run in a new process, as a player's console sees
    it, the others through the same entry point in the test's process (tests/conftest.py
    `cli`)."""
    return cli


def hostile_map(folder: Path, blue_unit: str = "Blue fighter") -> Path:
    """A Tiled JSON map (XML cannot hold ESC or BEL) whose team and title hold BAD."""
    doc = tiled_json_map(folder, [tiled_json_unit(1, blue_unit, BLUE, 112, facing=0),
                                  tiled_json_unit(2, "Red fighter", "red", 392, facing=3)],
                         [{"name": "teams", "type": "string", "value": f"{BLUE},red"},
                          {"name": "title", "type": "string", "value": f"Title{BAD}"}])
    path = folder / "forged.tmj"
    path.write_text(json.dumps(doc))
    return path


def assert_no_raw(out: subprocess.CompletedProcess) -> None:
    text = out.stdout + out.stderr
    assert "Traceback" not in text, text
    assert not any(c in text for c in RAW), repr(text)


def test_inspect_path_and_simulate_escape_team_names_and_titles(tmp_path, game):
    tmj = hostile_map(tmp_path)
    out = game("inspect", tmj)
    assert out.returncode == 0 and "blue\\n\\x1b[2J\\x07\\r\\u202ex" in out.stdout, out.stderr
    assert_no_raw(out)
    assert all(len(line) < 200 for line in out.stdout.splitlines())
    out = game("path", tmj, "Blue fighter", "2,3")
    assert out.returncode == 0, out.stderr
    assert_no_raw(out)
    out = game("simulate", tmj, "--sides", "ai,ai", "--games", "1")
    assert out.returncode == 0, out.stderr
    assert "blue\\n\\x1b[2J" in out.stdout
    assert_no_raw(out)
    assert not any(line.strip().startswith("[2J") for line in out.stdout.splitlines())


def test_a_unit_name_with_control_characters_is_refused_in_one_escaped_line(tmp_path, game):
    tmj = hostile_map(tmp_path, blue_unit=f"Blue{BAD}one")
    for args in (("inspect", tmj), ("simulate", tmj, "--sides", "ai,ai", "--games", "1"),
                 ("validate", tmj)):
        out = game(*args)
        assert out.returncode == 2 and "Blue\\n\\x1b[2J" in out.stderr, out.stderr
        assert_no_raw(out)


def test_replay_and_verify_escape_the_save_and_its_map(tmp_path, game):
    from game.engine.battle import Battle
    from game.engine.replay import save_battle
    from game.tiled.loader import load_map
    battle = Battle(load_map(hostile_map(tmp_path)), seed=4)
    save = tmp_path / "forged.json"
    save_battle(battle, save)
    data = json.loads(save.read_text())
    data["state_hash"] = f"{BAD}fake{BAD}"
    save.write_text(json.dumps(data))
    for args in (("replay", save), ("replay", save, "--verify")):
        out = game(*args)
        assert_no_raw(out)
        assert len(out.stdout.splitlines()) <= 1 and len(out.stderr.splitlines()) <= 1, out
    assert out.returncode == 2 and "the save says \\n\\x1b[2J" in out.stderr
    data["seed"] = f"1{BAD}"[:12]
    save.write_text(json.dumps(data))
    out = game("replay", save)
    assert_no_raw(out)
    assert len((out.stdout + out.stderr).splitlines()) == 1, out


def test_the_setup_screen_lists_the_title_escaped(tmp_path):
    from game.ui.setup_model import list_maps
    hostile_map(tmp_path)
    (info,) = list_maps(tmp_path)
    assert info.error == "" and info.title == "Title\\n\\x1b[2J\\x07\\r\\u202e"


def test_the_window_shows_control_characters_escaped_but_keeps_line_breaks():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.ui.screens import team_name
    from game.ui.words import for_players
    assert for_players(f"one{BAD}\ttwo\nthree") == "one\n\\x1b[2J\\x07\\r\\u202e\ttwo\nthree"
    assert team_name(BLUE) == "Blue\\n\\x1b[2J\\x07\\r\\u202ex"
