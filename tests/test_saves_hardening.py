"""Save files from strangers (docs/security.md "Saves"): every hostile save is made here, in the
test, and must give one line naming the file (and the command's index where there is one),
exit status 2, no traceback, bounded memory and time; saving is atomic.
"""
from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import paths
from game.cli import main
from game.engine import commands as C
from game.engine.battle import Battle
from game.engine.replay import load_replay, save_battle
from game.errors import InputError
from game.tiled.loader import load_map
from tests.helpers import assert_one_error_line, run_game, run_game_in_process

REPO = Path(__file__).resolve().parent.parent
MEMORY_LIMIT = 2 << 30


def replay_cli(*args, timeout=60, env=None) -> subprocess.CompletedProcess:
    return run_game("replay", *args, timeout=timeout, env=env, memory=MEMORY_LIMIT)


def assert_one_line(out: subprocess.CompletedProcess, *parts: str) -> None:
    assert_one_error_line(out, *parts, quiet_stdout=True)


def good_save(folder: Path, steps: int = 3) -> Path:
    battle = Battle(load_map(paths.shipped_map("duel")), seed=3)
    for _ in range(steps):
        if battle.active:
            assert battle.apply(C.EndTurn(battle.active)).ok
    path = folder / "game.json"
    save_battle(battle, path)
    return path


def edited(folder: Path, change) -> Path:
    path = good_save(folder)
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return path


def _set(key, value):
    return lambda d: d.__setitem__(key, value)


def _command(raw):
    return lambda d: d["commands"].__setitem__(0, raw)


HOSTILE = {
    "version true": (_set("version", True), "version: unsupported save version true"),
    "version text": (_set("version", "1"), "version: unsupported save version '1'"),
    "command type a list": (_command({"type": ["EndTurn"], "unit": "Wren"}),
                            "command 0: unknown command"),
    "unknown command": (_command({"type": "Teleport", "unit": "Wren"}),
                        "command 0: unknown command"),
    "command not an object": (_command("EndTurn"), "command 0: unknown command"),
    "impossible field": (_command({"type": "Move", "unit": "Wren", "path": [[1, "a"]]}),
                         "command 0: Move.path must be a list of ([col, row])"),
    "5000-digit coordinate": (_command({"type": "Step", "unit": "Wren", "to": [1, 10 ** 50]}),
                              "command 0: Step.to must be [col, row]"),
    "unknown field": (_command({"type": "EndTurn", "unit": "Wren", "speed": 9}),
                      "command 0: EndTurn has no field 'speed'"),
    "unknown unit": (_command({"type": "EndTurn", "unit": "Nobody"}),
                     "command 0: corrupt save: the engine refuses EndTurn for 'Nobody'"),
    "rules unknown": (_set("rules", "chess"), "rules: unknown rules 'chess'"),
    "rules not text": (_set("rules", ["light"]), "rules: unknown rules [\"light\"]"),
    "light command in an lfg save": (_command({"type": "Shift", "unit": "Wren",
                                               "path": [[1, 1]]}),
                                     "command 0: unknown command"),
    "unknown controller": (_set("controllers", {"blue": "cheater"}),
                           "controllers: team 'blue': unknown controller 'cheater'"),
    "missing map": (_set("map", "nowhere.tmx"), "map: unknown map nowhere.tmx"),
    "map outside": (_set("map", "/etc/passwd"), "map: the map /etc/passwd is outside"),
    "map climbing out": (_set("map", "../../../../../../../../etc/passwd"), "is outside"),
    "seed 5000 digits": (lambda d: None, "not a save file"),
    "seed too long": (_set("seed", "7" * 500), "seed: seed has 500 characters"),
    "dice not rolls": (_set("dice", [{"die": "d20", "value": True}]), "dice[0]: a fixed roll"),
    "not json": (lambda d: None, "not a JSON save file"),
    "too many commands": (lambda d: d["commands"].extend([{}] * 100_001),
                          "(a save holds at most 100000)"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_save_is_one_line_naming_the_file_and_place(tmp_path, capsys, case):
    change, message = HOSTILE[case]
    path = edited(tmp_path, change)
    if case == "seed 5000 digits":
        path.write_text(path.read_text().replace('"seed": 3', '"seed": ' + "9" * 5000))
    if case == "not json":
        path.write_text(path.read_text()[:-10])
    status = main(["replay", str(path)])          # in-process: the same entry point, faster
    out = capsys.readouterr()
    assert_one_line(subprocess.CompletedProcess([], status, out.out, out.err),
                    f"{path}:", message)


def test_200000_levels_of_nested_json(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text('{"version": 1, "commands": ' + "[" * 200_000 + "]" * 200_000 + "}")
    assert_one_line(replay_cli(path), f"{path}:", "nested too deeply")


def test_dev_zero_is_refused_without_reading_it():
    assert_one_line(replay_cli("/dev/zero", timeout=30), "/dev/zero", "is a device")


def test_a_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "save.json"
    os.mkfifo(fifo)
    assert_one_line(replay_cli(fifo, timeout=30), str(fifo), "is a pipe")


def test_a_folder_is_refused(tmp_path):
    assert_one_line(replay_cli(tmp_path), str(tmp_path), "is a folder")


def test_a_save_larger_than_the_cap_is_not_read(tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as f:          # sparse: no megabytes on the disk
        f.truncate(9 << 20)
    assert_one_line(replay_cli(path), str(path), "larger than 8 MiB")


def test_maps_from_the_allowed_places_load(tmp_path, monkeypatch, capsys):
    """The first replay in a new process, the others through the same entry point in this
    one, each with the same player's folder."""
    home = tmp_path / "home"
    (home / "maps").mkdir(parents=True)
    shipped = paths.shipped_map("duel")
    (home / "maps" / "mine.tmx").write_text(shipped.read_text().replace(
        "../assets/", str(paths.assets_dir()) + "/"))
    saves = tmp_path / "saves"
    saves.mkdir()
    path = good_save(saves)
    assert json.loads(path.read_text())["map"] == "duel"          # a shipped map by name
    monkeypatch.setenv("HEXSKIRMISH_HOME", str(home))
    names = (str(home / "maps" / "mine.tmx"), "../home/maps/mine.tmx", str(shipped))
    for name in names:
        data = json.loads(path.read_text())
        data["map"] = name
        path.write_text(json.dumps(data))
        out = (replay_cli(path, "--verify", env={"HEXSKIRMISH_HOME": str(home)})
               if name == names[0] else run_game_in_process(capsys, "replay", path, "--verify"))
        assert out.returncode == 0, (name, out.stderr)


def test_a_real_map_outside_the_allowed_places_is_not_opened(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    os.mkfifo(elsewhere / "trap.tmx")       # opening it would block the replay
    saves = tmp_path / "saves"
    saves.mkdir()
    path = edited(saves, _set("map", str(elsewhere / "trap.tmx")))
    assert_one_line(replay_cli(path, timeout=30), f"{path}:map:", "is outside")


def test_control_characters_in_a_save_name_cannot_split_the_line(tmp_path):
    path = edited(tmp_path, _set("version", 7))
    hostile = tmp_path / "a\nFAKE: all good\x1b[2J.json"
    path.rename(hostile)
    out = replay_cli(hostile)
    assert_one_line(out, "a\\nFAKE: all good\\x1b[2J.json:")
    assert "\x1b" not in out.stderr


# ---- atomic saves -----------------------------------------------------------------------------

def test_a_write_failing_halfway_leaves_the_previous_save(tmp_path, monkeypatch):
    path = good_save(tmp_path)
    before = path.read_bytes()
    battle = load_replay(path)
    if battle.active:
        assert battle.apply(C.EndTurn(battle.active)).ok
    real_write = os.write

    def half_then_full_disk(fd, data):
        if len(data) > 1:
            return real_write(fd, bytes(data[:len(data) // 2]))
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "write", half_then_full_disk)
    with pytest.raises(InputError) as err:
        save_battle(battle, path)
    monkeypatch.undo()
    assert "No space left on device" in err.value.line() and str(path) in err.value.line()
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]   # no temporary file
    assert load_replay(path).state_hash() == json.loads(before)["state_hash"]


CHILD = """
import sys
from game import paths
from game.cli import main
from game.engine import commands as C
from game.engine.battle import Battle
from game.engine.replay import save_battle
from game.tiled.loader import load_map
battle = Battle(load_map(paths.shipped_map("duel")), seed=3)
for n in range(6000):      # a long log: a save of several hundred kilobytes
    battle.apply(C.SetPolicy("Aldric", ("never", "always")[n % 2]))
print("saving", flush=True)
while True:
    save_battle(battle, sys.argv[1])
"""


def test_a_process_killed_while_saving_leaves_a_whole_save(tmp_path):
    path = good_save(tmp_path)
    before = path.read_bytes()
    env = dict(os.environ, PYTHONPATH=str(REPO))
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(path)], cwd=REPO, env=env,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "saving"
        deadline = time.monotonic() + 60
        while not list(tmp_path.glob(".game.json.*.tmp")):   # a save is being written
            assert child.poll() is None and time.monotonic() < deadline
        child.send_signal(signal.SIGKILL)
    finally:
        child.kill()
        child.wait()
    after = path.read_bytes()
    data = json.loads(after)                  # whole JSON: the old save or a complete new one
    if after == before:
        assert load_replay(path).state_hash() == data["state_hash"]
    else:
        assert len(data["commands"]) == 6000
        assert load_replay(path).state_hash() == data["state_hash"]
