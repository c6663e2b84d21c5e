"""Save files and replays (docs/architecture.md "State and flow"; on the command line:
`python -m game replay FILE [--verify] [--json]`).

A save is the seed and the command log, not the component store (the format and its checks are in
game/engine/savefile.py). A shipped map is written by its name; another map by its path
relative to the save's folder.

- `save_battle(battle, path)`: write the save atomically (game/files.py): a crash or a full
  disk while saving leaves the previous save whole.
- `load_replay(path, on_events=None, rules=None) -> Battle`: rebuild the battle, with the
  save's rules (`"rules"`, written for a battle of other rules than lfg), by applying every
  command again; `on_events(index, events)` sees the events of the battle's start (index None) and
  of each command. A command the engine refuses, or a fixed roll that does not fit the die
  rolled, means a corrupt save (one-line `InputError` naming the file and the command index).
- `event_lines(index, events)`: the events as `replay --json` prints them (the command line's
  `replay` itself is `game.report.run_replay`).
"""
from __future__ import annotations

import json
from pathlib import Path

from game.engine.battle import Battle
from game.engine.dice import FixedRollError
from game.rulebooks import DEFAULT
from game.engine.savefile import VERSION, locate_map, map_reference, read_save
from game.errors import InputError, printable
from game.files import write_atomically


def save_battle(battle: Battle, path) -> None:
    """Write `battle`'s seed and command log as a save file (see the module docstring)."""
    path = Path(path)
    map_path = Path(battle.hexmap.path)
    if not map_path.is_file():
        raise InputError(path, None, f"the battle's map {map_path} is not a file: only "
                         "battles on .tmx maps can be saved")
    rules = {"rules": battle.profile.name} if battle.profile.name != DEFAULT else {}
    if battle.winner:               # an ended battle: Continue shows its result, never plays on
        rules["winner"] = battle.winner
    data = {"version": VERSION, "map": map_reference(map_path, path), "seed": battle.seed,
            **rules,                        # an lfg battle's save reads as it always did
            "initiative": battle.initiative_mode, "criticals": battle.ruleset.criticals,
            "fog": battle.fog, "controllers": battle.controllers,
            "commands": [c.to_dict() for c in battle.log], "state_hash": battle.state_hash()}
    if battle.dice.fixed:
        data["dice"] = [{"die": die, "value": value} for die, value in battle.dice.fixed]
    try:
        write_atomically(path, (json.dumps(data, indent=1) + "\n").encode("utf-8"))
    except OSError as err:
        raise InputError(path, None, f"cannot write the save: {err.strerror or err} "
                         "(the previous save, if any, is unchanged)") from None


def load_replay(path, on_events=None, rules: str | None = None,
                fog: bool | None = None) -> Battle:
    """The battle of a save file, replayed command by command with the save's rules (see the
    module docstring); `rules` (`--rules`), when given, must be the save's."""
    # Lazy for start-up only (no cycle): the map loader brings pytmx, which importing this
    # module (saves, the command line) should not pay for until a save is read.
    from game.tiled.loader import load_map
    path = Path(path)
    data = read_save(path)
    if rules is not None and rules != data["rules"]:
        raise InputError(path, "rules", f"the save plays the {data['rules']} rules, not "
                         f"{printable(rules)}: leave out --rules (a save is replayed with the "
                         "rules it was played with)")
    hexmap = load_map(locate_map(path, data["map"]))
    try:
        battle = Battle(hexmap, seed=data["seed"], initiative=data.get("initiative"),
                        controllers=data.get("controllers") or {}, fixed_dice=data["dice"],
                        criticals=data.get("criticals", "standard"), rules=data["rules"],
                        fog=bool(data.get("fog", False)) if fog is None else fog)
    except InputError as err:
        if err.path:                  # the map's own problem (a creature without stat block)
            raise
        raise InputError(path, "initiative", err.message) from None
    except FixedRollError as err:
        raise InputError(path, "battle start", f"corrupt save: {err}") from None
    if on_events:
        on_events(None, list(battle.events))
    for n, cmd in enumerate(data["commands"]):
        where = f"command {n}"
        try:
            outcome = battle.apply(cmd)
        except FixedRollError as err:
            raise InputError(path, where, f"corrupt save: {err}") from None
        if not outcome.ok:
            code = f" [{outcome.code}]" if getattr(outcome, "code", "") else ""
            raise InputError(path, where, f"corrupt save: the engine refuses "
                             f"{type(cmd).__name__} for {cmd.unit!r}: {outcome.reason}{code}")
        if on_events:
            on_events(n, outcome.events)
    battle.saved_hash = data["state_hash"]
    return battle


def event_lines(index, events) -> list[str]:
    """One JSON object per event: its "type", its fields and "command" (null at the start)."""
    return [json.dumps({**e.to_dict(), "command": index}) for e in events]


__all__ = ["VERSION", "event_lines", "load_replay", "save_battle"]
