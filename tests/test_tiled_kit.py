"""Tiled "one click" (docs/mapping.md "Tiled commands and extension", "Your maps folder"):
the project's commands run the game as Tiled runs them, from whatever folder Tiled was
started in; a map `new-map` writes into the player's maps folder refers only to the player's
data folder, where the kit is copied and kept up to date without overwriting the player's
own changes; the extension the kit carries is set to this game."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import build_parser
from game.tiled.kit_commands import COMMANDS
from game.tiled.userkit import MANIFEST_NAME, digest, install_kit
from tests.helpers import run_game

REPO = Path(__file__).resolve().parents[1]
SHIPPED_PROJECT = REPO / "maps" / "hexskirmish.tiled-project"


# ---- Tiled's way of running a command (src/tiled/command.cpp of Tiled 1.8) ----------------

def split_command(line: str) -> list[str]:
    """QProcess::splitCommand of Qt 5.15: blanks split outside double quotes; a single quote
    character toggles quoting, two are nothing, three in a row are one literal quote."""
    args, token, quotes, quoted = [], "", 0, False
    for char in line:
        if char == '"':
            quotes += 1
            if quotes == 3:
                token, quotes = token + char, 0
            continue
        if quotes:
            quoted = not quoted if quotes == 1 else quoted
            quotes = 0
        if not quoted and char.isspace():
            if token:
                args.append(token)
            token = ""
        else:
            token += char
    return args + ([token] if token else [])


def as_tiled_runs_it(command: dict, map_file: Path, project: Path) -> tuple[list[str], str]:
    """(argv, working folder) of a project command for the map `map_file`: the executable
    quoted, each variable's value put in double quotes in the command line and left bare in
    the working directory."""
    values = {"%mapfile": str(map_file), "%mappath": str(map_file.parent),
              "%projectpath": str(project.parent)}
    line = f'"{command["command"]}" {command["arguments"]}'
    folder = command["workingDirectory"]
    for name, value in values.items():
        line = line.replace(name, f'"{value}"')
        folder = folder.replace(name, value)
    return split_command(line), folder


def commands_of(project: Path) -> dict[str, dict]:
    return {c["name"]: c for c in json.loads(project.read_text())["commands"]}


def run_as_tiled(argv: list[str], folder: str) -> subprocess.CompletedProcess:
    """The command in a new process, with Tiled's environment: no PYTHONPATH pointing at the
    game, whatever folder Tiled itself was started from."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "HEXSKIRMISH_DEBUG")}
    return subprocess.run(argv, cwd=folder, env=env, capture_output=True, text=True,
                          timeout=180, stdin=subprocess.DEVNULL)


def broken_copy(folder: Path, source: Path) -> Path:
    """A copy of a map beside `source`'s kit, with a misspelt creature."""
    path = folder / "broken map.tmx"
    text = source.read_text().replace('value="fighter"', 'value="fightr"', 1)
    assert text != source.read_text()
    path.write_text(text)
    return path


def test_split_command_reads_a_line_as_qt_does():
    assert split_command('"/usr/bin/py 3" -m game validate "/a b/c.tmx"') == [
        "/usr/bin/py 3", "-m", "game", "validate", "/a b/c.tmx"]
    assert split_command('x --out "/a b/c.tmx"-balance') == ["x", "--out", "/a b/c.tmx-balance"]


def test_the_project_names_validate_play_and_balance_with_arguments_the_game_accepts(tmp_path):
    commands = commands_of(SHIPPED_PROJECT)
    assert list(commands) == ["Validate this map", "Play this map", "Balance report"]
    map_file = tmp_path / "my field.tmx"
    for name, command in commands.items():
        assert command["saveBeforeExecute"] and command["showOutput"] and command["enabled"]
        argv, folder = as_tiled_runs_it(command, map_file, SHIPPED_PROJECT)
        assert argv[1:3] == ["-m", "game"] and folder == str(REPO / "maps" / "..")
        args = build_parser().parse_args(argv[3:])
        assert Path(args.map if name != "Validate this map" else args.maps[0]) == map_file
    balance = build_parser().parse_args(as_tiled_runs_it(
        commands["Balance report"], map_file, SHIPPED_PROJECT)[0][3:])
    assert Path(balance.out) == tmp_path / "my field.tmx-balance"


@pytest.mark.skipif(shutil.which("python3") is None, reason="no python3 on the PATH")
def test_the_shipped_validate_command_runs_from_the_checkout_whatever_folder_tiled_is_in(
        tmp_path):
    maps = tmp_path / "maps"
    shutil.copytree(REPO / "maps", maps)
    shutil.copytree(REPO / "assets" / "tilesets", tmp_path / "assets" / "tilesets")
    broken = broken_copy(maps, maps / "duel.tmx")
    command = commands_of(SHIPPED_PROJECT)["Validate this map"]
    argv, folder = as_tiled_runs_it(command, broken, SHIPPED_PROJECT)
    done = run_as_tiled(argv, folder)      # %projectpath/..: the checkout's root
    assert done.returncode == 2, done.stderr
    assert re.match(rf"{re.escape(str(broken))}:\d+: unit '\w+': unknown unit 'fightr'",
                    done.stderr)


def test_the_players_project_runs_this_interpreter_and_game_from_any_folder(player_home,
                                                                          tmp_path):
    done = run_game("new-map", player_home / "maps" / "field.tmx", home=player_home,
                    cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    project = player_home / "maps" / "hexskirmish.tiled-project"
    assert f"open {project} in Tiled" in done.stdout
    commands = commands_of(project)
    assert [c["command"] for c in commands.values()] == [sys.executable] * len(COMMANDS)
    good = player_home / "maps" / "field.tmx"
    broken = broken_copy(player_home / "maps", good)
    validate = commands["Validate this map"]
    for map_file, status, stream in ((good, 0, "stdout"), (broken, 2, "stderr")):
        argv, folder = as_tiled_runs_it(validate, map_file, project)
        done = run_as_tiled(argv, folder)
        assert done.returncode == status, done.stderr
        assert getattr(done, stream).startswith(f"{map_file}:"), (stream, done)
    assert "unknown unit 'fightr'" in done.stderr


def references(path: Path) -> list[Path]:
    """Every tileset, template and image file a Tiled file names, resolved."""
    text = path.read_text()
    names = re.findall(r'(?:source|template)="([^"]+)"', text)
    return [Path(os.path.normpath(path.parent / name)) for name in names]


def every_file_used(start: Path) -> set[Path]:
    seen, todo = set(), [start]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        if path.suffix in (".tmx", ".tsx", ".tx"):
            todo.extend(references(path))
    return seen


def test_a_new_map_in_the_players_maps_folder_uses_only_the_players_data_folder(player_home,
                                                                               tmp_path):
    maps = player_home / "maps"
    assert run_game("new-map", maps / "field.tmx", "--orientation", "flat",
                    home=player_home, cwd=tmp_path).returncode == 0
    placed = (maps / "field.tmx").read_text().replace(" </objectgroup>", (
        '  <object id="9" name="Grunt" template="templates/flat/orc.tx" x="600" y="300">\n'
        '   <properties><property name="team" value="red"/></properties>\n'
        "  </object>\n </objectgroup>"))
    (maps / "army.tmx").write_text(placed)
    used = every_file_used(maps / "army.tmx")
    assert len(used) > 5 and all(p.is_file() for p in used)
    assert all(p.resolve().is_relative_to(player_home.resolve()) for p in used), used
    assert maps / "templates" / "flat" / "orc.tx" in used
    done = run_game("inspect", maps / "army.tmx", "--json", home=player_home)
    assert done.returncode == 0, done.stderr
    assert "Grunt" in [u["name"] for u in json.loads(done.stdout)["units"]]


def test_a_shipped_map_copied_into_the_players_maps_folder_finds_the_kit(player_home):
    install_kit(player_home)
    shutil.copy(REPO / "maps" / "duel.tmx", player_home / "maps" / "duel.tmx")
    used = every_file_used(player_home / "maps" / "duel.tmx")
    assert all(p.resolve().is_relative_to(player_home.resolve()) for p in used)
    done = run_game("validate", player_home / "maps" / "duel.tmx", home=player_home)
    assert done.returncode == 0 and done.stdout.endswith("ok (12 x 10, 8 units, 2 respawn "
                                                         "points)\n"), done


def test_the_kit_is_brought_up_to_date_but_what_the_player_changed_is_kept(player_home):
    first = install_kit(player_home)
    assert "maps/templates/pointy/orc.tx" in first.written and first.kept == []
    assert install_kit(player_home).written == []           # nothing new: nothing written
    mine = player_home / "maps" / "templates" / "pointy" / "orc.tx"
    mine.write_text(mine.read_text().replace('value="blue"', 'value="red"'))
    older = player_home / "maps" / "templates" / "pointy" / "fighter.tx"
    older.write_text("<template/>\n")         # what an older game wrote, and recorded:
    manifest = player_home / MANIFEST_NAME
    files = json.loads(manifest.read_text())["files"]
    files["maps/templates/pointy/fighter.tx"] = digest(b"<template/>\n")
    manifest.write_text(json.dumps({"files": files}))
    (player_home / "assets" / "tilesets" / "hex-flat.tsx").unlink()   # deleted by the player
    again = install_kit(player_home)
    assert sorted(again.written) == ["assets/tilesets/hex-flat.tsx",
                                     "maps/templates/pointy/fighter.tx"]
    assert again.kept == ["maps/templates/pointy/orc.tx"]
    assert older.read_bytes() == (REPO / "maps/templates/pointy/fighter.tx").read_bytes()
    assert 'value="red"' in mine.read_text()


def test_the_kit_never_writes_through_a_link_out_of_the_data_folder(player_home, tmp_path):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (player_home / "maps" / "templates").symlink_to(outside, target_is_directory=True)
    report = install_kit(player_home)
    assert list(outside.iterdir()) == []
    assert "maps/templates/pointy/orc.tx" in report.kept


def test_the_players_extension_runs_this_game(player_home):
    install_kit(player_home)
    shipped = (REPO / "maps" / "extensions" / "hexskirmish.js").read_text()
    assert 'const PYTHON = "python3";' in shipped and 'const GAME_FOLDER = "";' in shipped
    copy = (player_home / "maps" / "extensions" / "hexskirmish.js").read_text()
    assert f"const PYTHON = {json.dumps(sys.executable)};" in copy
    assert f"const GAME_FOLDER = {json.dumps(str(REPO))};" in copy
    project = json.loads((player_home / "maps" / "hexskirmish.tiled-project").read_text())
    shipped_project = json.loads(SHIPPED_PROJECT.read_text())
    assert project["extensionsPath"] == "extensions"
    assert project["propertyTypes"] == shipped_project["propertyTypes"]
    session = json.loads((player_home / "maps" / "hexskirmish.tiled-session").read_text())
    assert session == {"project": "hexskirmish.tiled-project"}


def test_tiled_kit_copies_the_kit_once_and_then_finds_it_up_to_date(player_home, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    first = run_game("tiled-kit", home=player_home, cwd=elsewhere)
    project = player_home / "maps" / "hexskirmish.tiled-project"
    assert first.returncode == 0 and first.stderr == "", first.stderr
    assert first.stdout.startswith(f"{project}: the Tiled kit of your maps folder, ")
    assert "files written" in first.stdout and project.is_file()
    again = run_game("tiled-kit", home=player_home, cwd=elsewhere)
    assert "already up to date" in again.stdout and list(elsewhere.iterdir()) == []
