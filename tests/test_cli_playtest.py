"""The play-test's command-line bugs: a saved game named where the help says a save may be,
creature names in any case, help for every screenshot option, and commands an installed
player can run (docs/security.md "Command line": bad input is one line, exit status 2)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import paths, saves
from game.cli import build_parser, main as cli_main
from game.cliargs import program_name
from game.engine.battle import Battle
from game.tiled.loader import load_map


@pytest.fixture
def home(tmp_path, monkeypatch):
    """An empty player folder with one saved game, "my save", of the duel."""
    monkeypatch.setenv("HEXSKIRMISH_HOME", str(tmp_path / "home"))
    battle = Battle(load_map(paths.resolve_map("duel")), seed=1)
    saves.save_slot(battle, "my save")
    return tmp_path


def run(capsys, *argv) -> tuple[int, str, str]:
    rc = cli_main([str(a) for a in argv])
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_actions_takes_a_saved_game_by_the_name_the_load_screen_shows(home, capsys):
    rc, out, err = run(capsys, "actions", "my save", "Aldric", "--json")
    assert rc == 0, err
    assert {row["action"] for row in json.loads(out)} >= {"move", "attack", "end_turn"}


def test_a_battle_that_is_neither_a_file_a_saved_game_nor_a_shipped_map_is_one_clear_line(
        home, capsys):
    rc, out, err = run(capsys, "actions", "my sav", "Aldric")
    assert rc == 2 and out == "" and err.count("\n") == 1
    assert "'my sav'" in err and "saved games: my save" in err and "duel" in err
    rc, out, err = run(capsys, "actions", home / "gone.json", "Aldric")
    assert rc == 2 and err.count("\n") == 1 and "gone.json" in err


def test_a_saved_game_name_is_a_save_for_screenshot_load_too(home, capsys):
    out_png = home / "shot.png"
    rc, _, err = run(capsys, "screenshot", "duel", out_png, "--load", "my save",
                     "--size", "1024x700")
    assert rc == 0, err
    assert out_png.stat().st_size > 0
    rc, _, err = run(capsys, "screenshot", "duel", home / "x.png", "--load", "nope")
    assert rc == 2 and "no save file or saved game called 'nope'" in err
    assert not (home / "x.png").exists()


@pytest.mark.parametrize("argv", [
    ["actions", "duel", "aldric", "--json"],
    ["path", "duel", "ALDRIC", "3,3", "--json"],
])
def test_creature_names_on_the_command_line_are_taken_in_any_case(home, capsys, argv):
    rc, out, err = run(capsys, *argv)
    assert rc == 0, err
    assert json.loads(out)


def test_screenshot_select_takes_a_name_in_any_case(home, capsys):
    rc, _, err = run(capsys, "screenshot", "duel", home / "sel.png", "--select", "aldric",
                     "--size", "1024x700")
    assert rc == 0, err


def test_a_name_two_creatures_share_in_another_case_asks_for_the_exact_case():
    from game.cliargs import creature_name
    from game.errors import InputError
    assert creature_name("orc", ["Orc", "Goblin"]) == "Orc"
    with pytest.raises(InputError, match="could be ORC or Orc"):
        creature_name("orc", ["Orc", "ORC"])


@pytest.mark.parametrize("option, words", [
    ("--select", "select this creature"), ("--hover", "the pointer rests on this hex"),
    ("--size", "the window's size"), ("--load", "draw the battle of a save")])
def test_every_screenshot_option_says_what_it_does(capsys, option, words):
    with pytest.raises(SystemExit):
        build_parser().parse_args(["screenshot", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert f"{option} " in text and words in text


def test_new_map_names_templates_and_a_command_an_installed_player_has(tmp_path, capsys):
    rc, out, err = run(capsys, "new-map", tmp_path / "mine.tmx", "--orientation", "flat")
    assert rc == 0, err
    templates = out.split("place units from ")[1].split(", then:")[0]
    assert Path(templates).is_absolute() and Path(templates).is_dir()
    assert any(Path(templates).glob("*.tx"))
    assert f"then: {program_name()} validate " in out


def test_the_readme_installs_and_tests_in_a_virtual_environment():
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    blocks = readme.split("```\n")[1::2]
    install = next(b for b in blocks if "hexskirmish" in b and "pip install ." in b)
    tests = next(b for b in blocks if "pytest" in b)
    for command in (install, tests):
        assert command.count("\n") == 1, "one command each"
        assert command.startswith("python3 -m venv .venv && .venv/bin/pip install ")
    assert ".venv/bin/hexskirmish" in install and ".venv/bin/pytest" in tests
