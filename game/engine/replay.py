"""Save files and replays (DESIGN.md "State and flow", "Command line": `python -m game replay
FILE [--verify]`).

A save is the seed and the command log, not the world: JSON
`{"version": 1, "map": path, "seed", "initiative", "controllers", "commands": [...],
"state_hash"}`. The map path is written relative to the save file's folder when it can be;
a relative path is looked up there first, then from the current folder.

- `save_battle(battle, path)`: write the save.
- `load_replay(path) -> Battle`: rebuild the battle by applying every command again; a command
  the engine refuses means a corrupt save (one-line `InputError` naming the file and the
  command's index).
- `run_replay(file, verify=False) -> int`: a short summary on stdout; with `verify`, exit
  status 0 when the final state hash equals the saved one, else one line on stderr and 2. Bad
  files (not JSON, wrong fields, unknown map) raise `InputError` (the CLI prints one line and
  exits 2, never a traceback).
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from game.engine.battle import Battle
from game.engine.commands import command_from_dict
from game.errors import InputError

VERSION = 1
FIELDS = ("version", "map", "seed", "commands", "state_hash")


def save_battle(battle: Battle, path) -> None:
    """Write `battle`'s seed and command log as a save file (see the module docstring)."""
    path = Path(path)
    map_path = Path(battle.hexmap.path)
    if not map_path.is_file():
        raise InputError(path, None, f"the battle's map {map_path} is not a file: only "
                         "battles on .tmx maps can be saved")
    try:
        shown = os.path.relpath(map_path.resolve(), path.resolve().parent)
    except ValueError:                       # another drive (Windows)
        shown = str(map_path.resolve())
    data = {"version": VERSION, "map": Path(shown).as_posix(), "seed": battle.seed,
            "initiative": battle.initiative_mode, "controllers": battle.controllers,
            "commands": [c.to_dict() for c in battle.log], "state_hash": battle.state_hash()}
    try:
        path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    except OSError as err:
        raise InputError(path, None, f"cannot write the save: {err.strerror}") from None


def _read(path: Path) -> dict:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise InputError(path, None, f"cannot read the save: {err.strerror or err}") from None
    except UnicodeDecodeError:
        raise InputError(path, None, "not a JSON save file (not UTF-8 text)") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise InputError(path, err.lineno, f"not a JSON save file: {err.msg}") from None
    if not isinstance(data, dict):
        raise InputError(path, None, "a save file is a JSON object with the fields "
                         + ", ".join(FIELDS))
    missing = [f for f in FIELDS if f not in data]
    if missing:
        raise InputError(path, None, f"missing field(s) {', '.join(missing)} (a save has "
                         + ", ".join(FIELDS) + ")")
    if data["version"] != VERSION:
        raise InputError(path, "version", f"unsupported save version {data['version']!r} "
                         f"(this game reads version {VERSION})")
    checks = {"map": str, "commands": list, "state_hash": str}
    for name, kind in checks.items():
        if not isinstance(data[name], kind):
            raise InputError(path, name, f"{name} must be a {kind.__name__}")
    if not isinstance(data["seed"], (int, str)) or isinstance(data["seed"], bool):
        raise InputError(path, "seed", "seed must be an integer")
    if not isinstance(data.get("controllers") or {}, dict):
        raise InputError(path, "controllers", "controllers must map teams to human or ai")
    return data


def _map_path(path: Path, name: str) -> Path:
    given = Path(name)
    if given.is_absolute():
        return given
    beside = path.resolve().parent / given
    return beside if beside.exists() else given


def load_replay(path) -> Battle:
    """The battle of a save file, replayed command by command."""
    from game.tiled.loader import load_map
    path = Path(path)
    data = _read(path)
    map_path = _map_path(path, data["map"])
    if not map_path.is_file():
        raise InputError(path, "map", f"unknown map {data['map']} (no such file next to the "
                         "save or in the current folder)")
    hexmap = load_map(map_path)
    try:
        battle = Battle(hexmap, seed=data["seed"], initiative=data.get("initiative"),
                        controllers=data.get("controllers") or {})
    except InputError as err:
        raise InputError(path, "initiative", err.message) from None
    for n, raw in enumerate(data["commands"]):
        where = f"command {n}"
        try:
            cmd = command_from_dict(raw, where=where)
        except InputError as err:
            raise InputError(path, where, err.message) from None
        outcome = battle.apply(cmd)
        if not outcome.ok:
            raise InputError(path, where, f"corrupt save: the engine refuses "
                             f"{type(cmd).__name__} for {cmd.unit!r}: {outcome.reason}")
    battle.saved_hash = data["state_hash"]
    return battle


def run_replay(file, verify: bool = False) -> int:
    """`python -m game replay FILE [--verify]` (see the module docstring)."""
    path = Path(file)
    battle = load_replay(path)
    state = battle.awaiting()
    where = (f"won by {battle.winner}" if state == "over" else
             f"waiting for {battle.pending.reactor}'s reaction" if state == "reaction" else
             f"{battle.chooser} chooses who acts next" if state == "choice" else
             f"{battle.active}'s turn")
    print(f"{path}: {len(battle.log)} commands replayed on {Path(battle.hexmap.path).name} "
          f"(seed {battle.seed}): round {battle.round}, {where}")
    if verify:
        if battle.state_hash() != battle.saved_hash:
            print(f"{path}: state hash mismatch: the replay ends in {battle.state_hash()[:12]}, "
                  f"the save says {battle.saved_hash[:12]}", file=sys.stderr)
            return 2
        print(f"{path}: state hash verified ({battle.state_hash()[:12]})")
    return 0


__all__ = ["VERSION", "load_replay", "run_replay", "save_battle"]
