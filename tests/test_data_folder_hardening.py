"""The player's data folder (HEXSKIRMISH_HOME here) may hold anything: a save that is not one,
a link to /dev/zero, a pipe named like a save, a map or a Tiled project file. The game still
starts: the setup screen lists the bad file with its problem in one line, nothing blocks and
memory stays bounded (docs/security.md "The player's data folder"). Every check runs in a new
process under a time and memory limit, so a hang fails the test instead of the suite."""
from __future__ import annotations

import json
import os
import subprocess
import textwrap
from pathlib import Path

import pytest

from game.tiled.newmap import write_new_map
from tests.helpers import run_game

REPO = Path(__file__).resolve().parent.parent
MEMORY_LIMIT = 2 << 30
TIMEOUT = 60

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs (POSIX)")


def run(home: Path, *args: str) -> subprocess.CompletedProcess:
    """`python ARGS` with `home` as the player's data folder, bounded in memory and time."""
    return run_game(home=home, timeout=TIMEOUT, memory=MEMORY_LIMIT, python=args)


def hostile_home(home: Path) -> Path:
    """A data folder with every kind of bad save and map beside a good map."""
    saves, maps = home / "saves", home / "maps"
    saves.mkdir(parents=True)
    maps.mkdir(parents=True)
    (saves / "nested.json").write_text("[" * 200_000 + "]" * 200_000)
    (saves / "digits.json").write_text('{"map": "duel", "seed": ' + "9" * 5000 + "}")
    os.mkfifo(saves / "pipe.json")
    (saves / "zero.json").symlink_to("/dev/zero")
    (saves / "gone.json").symlink_to(home / "nowhere.json")
    write_new_map(maps / "field.tmx", "10x8", "flat")
    (maps / "dangling.tmx").symlink_to(home / "nowhere.tmx")
    os.mkfifo(maps / "pipe.tmx")
    return home


BAD_SAVES = {"nested": "nested too deeply", "digits": "not a save",
             "pipe": "is a pipe, not a save", "zero": "is a device, not a save",
             "gone": "dangling"}

LIST = textwrap.dedent("""
    import json
    from game import saves
    from game.ui import setup_model as S
    for s in saves.list_saves():
        print(json.dumps(["save", s.path.stem, s.label, s.error]))
    print(json.dumps(["latest", str(saves.latest())]))
    for m in S.list_maps(S.map_folders()):
        print(json.dumps(["map", m.path.name, m.title, m.error]))
""")


def listed(out: subprocess.CompletedProcess) -> dict:
    assert out.returncode == 0, out.stderr
    rows = {}
    for line in out.stdout.splitlines():
        kind, *rest = json.loads(line)
        if kind == "latest":
            rows[kind] = rest[0]
        else:
            rows[(kind, rest[0])] = tuple(rest[1:])
    return rows


def test_bad_saves_and_maps_are_listed_with_their_problem_and_nothing_blocks(tmp_path):
    rows = listed(run(hostile_home(tmp_path / "home"), "-c", LIST))
    for stem, problem in BAD_SAVES.items():
        label, error = rows[("save", stem)]
        assert problem in error, (stem, error)
        assert "\n" not in label and error in label
    assert rows["latest"] == "None"      # Continue never opens a broken save
    assert rows[("map", "field.tmx")][1] == ""
    assert "dangling" in rows[("map", "dangling.tmx")][1]
    assert "is a pipe, not a map" in rows[("map", "pipe.tmx")][1]


def test_a_fifo_project_file_in_the_maps_folder_does_not_block(tmp_path):
    home = hostile_home(tmp_path / "home")
    os.mkfifo(home / "maps" / "kit.tiled-project")
    rows = listed(run(home, "-c", LIST))
    assert "kit.tiled-project" in rows[("map", "field.tmx")][1]
    assert "is a pipe" in rows[("map", "field.tmx")][1]
    out = run(home, "-m", "game", "validate", str(home / "maps" / "field.tmx"))
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "kit.tiled-project" in out.stderr and "is a pipe" in out.stderr


def test_validate_refuses_a_pipe_or_a_dangling_link_named_like_a_map(tmp_path):
    home = hostile_home(tmp_path / "home")
    for name in ("pipe.tmx", "dangling.tmx"):
        out = run(home, "-m", "game", "validate", str(home / "maps" / name))
        assert out.returncode == 2 and "Traceback" not in out.stderr, out.stderr
        assert len(out.stderr.splitlines()) == 1 and name in out.stderr, out.stderr


def test_the_setup_screen_starts_and_its_load_screen_lists_the_bad_saves(tmp_path):
    script = textwrap.dedent("""
        from game.ui.app import App
        app = App(None, (1280, 800), window=False, animations=False)
        titles = [i["text"] for i in app.view.map_list.item_list]
        print("maps", sorted(t for t in titles if "broken" in t))
        app.continue_latest()
        app.show_load()
        print("mode", app.mode)
        for s in app.view.saves:
            print("row", s.label)
        app.update(0.05)
        print("drawn", bool(app.draw()))
    """)
    out = run(hostile_home(tmp_path / "home"), "-c", script)
    assert out.returncode == 0, out.stderr
    assert "maps ['dangling (broken) · dangling.tmx', 'pipe (broken) · pipe.tmx']" in out.stdout
    assert "mode load" in out.stdout and "drawn True" in out.stdout
    rows = [line for line in out.stdout.splitlines() if line.startswith("row ")]
    assert len(rows) == len(BAD_SAVES)
    assert all(any(p in r for r in rows) for p in BAD_SAVES.values())
