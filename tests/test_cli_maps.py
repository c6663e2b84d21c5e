"""Every subcommand of the command line takes a shipped map by its name (`duel`), from any
folder, as well as a path; a name that is no map is one line naming the maps there are."""
from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import paths  # noqa: E402
from game.cli import main  # noqa: E402


@pytest.fixture
def elsewhere(tmp_path, monkeypatch):
    """A working folder with no maps/ in it."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HEXSKIRMISH_HOME", str(tmp_path / "home"))
    return tmp_path


def test_validate_by_name_and_by_path(elsewhere, capsys):
    duel = paths.shipped_map("duel")
    assert main(["validate", "duel", "skirmish.tmx", str(duel)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(": ok")[0] for line in out] == \
        [str(duel), str(paths.shipped_map("skirmish")), str(duel)]


def test_inspect_and_path_by_name(elsewhere, capsys):
    assert main(["inspect", "duel", "--json"]) == 0
    facts = json.loads(capsys.readouterr().out)
    name = facts["units"][0]["name"]
    col, row = facts["units"][0]["hexes"][0]
    assert main(["path", "duel", name, f"{col},{row}", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)


def test_render_and_screenshot_by_name(elsewhere):
    assert main(["render", "duel", "tiles.png"]) == 0
    assert main(["screenshot", "battle", "frame.png", "--size", "800x600"]) == 0
    assert pygame.image.load(str(elsewhere / "frame.png")).get_size() == (800, 600)
    assert pygame.image.load(str(elsewhere / "tiles.png")).get_width() > 100


def test_simulate_by_name(elsewhere, capsys):
    assert main(["simulate", "duel", "--sides", "baseline,baseline", "--games", "1",
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 1


@pytest.mark.parametrize("command", [["validate"], ["inspect"], ["render", "NAME", "o.png"],
                                     ["simulate", "NAME", "--sides", "ai,ai"]])
def test_an_unknown_name_is_one_line_naming_the_shipped_maps(elsewhere, capsys, command):
    args = [a if a != "NAME" else "nowhere" for a in command]
    if "nowhere" not in args:
        args.append("nowhere")
    assert main(args) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert "'nowhere'" in err and "duel" in err and "skirmish" in err
    assert not list(elsewhere.glob("*.png"))


def test_a_missing_path_is_left_to_the_loader(elsewhere, capsys):
    assert main(["validate", "maps/nowhere.tmx"]) == 2
    assert capsys.readouterr().err.startswith("maps/nowhere.tmx:1: map file not found")


def test_the_result_screens_command_names_a_shipped_map(elsewhere):
    from game.cli import build_parser
    from game.ui import setup_model as S
    sides = (S.Side("blue", "human"), S.Side("red", "ai", "normal"))
    line = S.Setup(paths.shipped_map("duel"), sides, None, None).command_line(7)
    assert line == "python -m game play duel --sides human,ai --seed 7"
    args = build_parser().parse_args(line.split()[3:])
    assert (args.map, args.sides, args.seed) == (str(paths.shipped_map("duel")), "human,ai", 7)
    own = elsewhere / "duel.tmx"
    own.write_bytes(paths.shipped_map("duel").read_bytes())
    assert S.Setup(own, sides, "top-down", None).command_line(3) == \
        "python -m game play duel.tmx --sides human,ai --seed 3 --initiative top-down"
