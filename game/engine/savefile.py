"""Reading a save file from anyone without trusting it (docs/security.md "Saves":
`python -m game replay`, `play --load`).

A save is JSON `{"version": 1, "map", "seed", "initiative", "criticals" (the optional critical
rules, default "standard"), "fog" (fog of war, a bool; a save without it has none), "rules" (the rulebook, game.rulebooks; written only when
not the default, lfg, so a save without it is an lfg battle), "controllers", "commands": [...],
"state_hash"}` plus an optional `"dice": [{"die": "d20", "value": 17}, ...]` (rolls fixed in
advance, game/engine/dice.py). `read_save(path)` checks every field and bound before anything
is built from it, and raises one `InputError` line naming the file and the place ("command 3",
"dice[2]", "seed"): a regular file of at most `MAX_SAVE_BYTES` only, JSON not nested
deeper than the interpreter's recursion limit, integers of sane size, at most `MAX_COMMANDS`
commands of the save's rulebook (`RuleProfile.command_types`) whose every field has the type
the command declares. `locate_map(path, name)`
allows only a shipped map (by name or path), a map inside the save's folder or one inside the
player's maps folder (game/paths.py).
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

from game import paths
from game.data.ruleset import CRITICAL_RULES
from game.engine.command_fields import MAX_INT, MAX_ITEMS, field_refusal, short
from game.engine.commands import Command, command_from_dict
from game.engine.profiles import profile_named
from game.rulebooks import DEFAULT, PLANNED, PLAYABLE
from game.errors import InputError
from game.files import FileRefused, path_problem, read_text, resolved
from game.tiled.hexmap import INITIATIVE_MODES

VERSION = 1
FIELDS = ("version", "map", "seed", "commands", "state_hash")
CONTROLLER_KINDS = ("human", "ai", "ai:easy", "ai:normal", "ai:hard", "baseline")
MAX_SAVE_BYTES = 8 << 20          # a long battle's log is well under 1 MiB
MAX_COMMANDS = 100_000            # a long battle has a few thousand
MAX_SEED_DIGITS = 40
_DIE = re.compile(r"^d([1-9][0-9]{0,3})$")


def read_save(path: Path) -> dict:
    """The checked content of the save file `path` (see the module docstring)."""
    data = _parse(path)
    if not isinstance(data, dict):
        raise InputError(path, None, "a save file is a JSON object with the fields "
                         + ", ".join(FIELDS))
    missing = [f for f in FIELDS if f not in data]
    if missing:
        raise InputError(path, None, f"missing field(s) {', '.join(missing)} (a save has "
                         + ", ".join(FIELDS) + ")")
    version = data["version"]
    if type(version) is not int or version != VERSION:
        raise InputError(path, "version", f"unsupported save version {short(version)} "
                         f"(this game reads version {VERSION})")
    for name, kind in {"map": str, "commands": list, "state_hash": str}.items():
        if not isinstance(data[name], kind):
            raise InputError(path, name, f"{name} must be a {kind.__name__}, "
                             f"got {short(data[name])}")
    _check_seed(path, data["seed"])
    _check_options(path, data)
    data["dice"] = _fixed_dice(path, data.get("dice", []))
    if len(data["commands"]) > MAX_COMMANDS:
        raise InputError(path, "commands", f"{len(data['commands'])} commands (a save holds at "
                         f"most {MAX_COMMANDS})")
    types = _rules(path, data).command_types
    data["commands"] = [parse_command(path, n, raw, types)
                        for n, raw in enumerate(data["commands"])]
    return data


def _rules(path: Path, data: dict):
    """The save's rule profile (no `rules`: the default); `data["rules"]` becomes its name."""
    given = data.get("rules", DEFAULT)
    if given in PLANNED:
        raise InputError(path, "rules", f"the save plays the {given} rules, which this game "
                         f"cannot play yet (it plays {' and '.join(PLAYABLE)}): open it with a "
                         f"version of the game that plays {given}")
    if not isinstance(given, str) or given not in PLAYABLE:
        raise InputError(path, "rules", f"unknown rules {short(given)}: a save's rules is "
                         f"{' or '.join(PLAYABLE)} (none: {DEFAULT})")
    data["rules"] = given
    return profile_named(given, path)


def _parse(path: Path):
    try:
        text = read_text(path, MAX_SAVE_BYTES, "save file")
    except FileRefused as err:
        raise InputError(path, None, str(err)) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise InputError(path, err.lineno, f"not a JSON save file: {err.msg}") from None
    except RecursionError:
        raise InputError(path, None, "not a save file: JSON nested too deeply (a save nests "
                         "5 levels)") from None
    except ValueError as err:              # an integer of more than 4300 digits
        raise InputError(path, None, f"not a save file: {err}") from None


def _check_seed(path: Path, seed) -> None:
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise InputError(path, "seed", f"seed must be an integer, got {short(seed)}")
    if len(str(seed)) > MAX_SEED_DIGITS:
        raise InputError(path, "seed", f"seed has {len(str(seed))} characters "
                         f"(at most {MAX_SEED_DIGITS})")


def _check_options(path: Path, data: dict) -> None:
    initiative = data.get("initiative")
    if initiative is not None and initiative not in INITIATIVE_MODES:
        raise InputError(path, "initiative", f"unknown initiative {short(initiative)} "
                         f"(use one of {', '.join(INITIATIVE_MODES)})")
    criticals = data.get("criticals", "standard")
    if criticals not in CRITICAL_RULES:
        raise InputError(path, "criticals", f"unknown critical rules {short(criticals)} "
                         f"(use one of {', '.join(CRITICAL_RULES)})")
    if not isinstance(data.get("fog", False), bool):
        raise InputError(path, "fog", f"fog must be true or false, got {short(data['fog'])}")
    controllers = data.get("controllers") or {}
    if not isinstance(controllers, dict):
        raise InputError(path, "controllers", "controllers must map teams to "
                         + ", ".join(CONTROLLER_KINDS))
    for team, kind in controllers.items():
        if not isinstance(kind, str) or kind not in CONTROLLER_KINDS:
            raise InputError(path, "controllers", f"team {short(team)}: unknown controller "
                             f"{short(kind)} (use one of {', '.join(CONTROLLER_KINDS)})")


def _fixed_dice(path: Path, rolls) -> list[tuple[str, int]]:
    example = '[{"die": "d20", "value": 17}, ...]'
    if not isinstance(rolls, list) or len(rolls) > MAX_ITEMS:
        raise InputError(path, "dice", f"dice must be a list of at most {MAX_ITEMS} rolls "
                         f"like {example}")
    out = []
    for n, roll in enumerate(rolls):
        die = roll.get("die") if isinstance(roll, dict) else None
        value = roll.get("value") if isinstance(roll, dict) else None
        if (not isinstance(roll, dict) or set(roll) != {"die", "value"}
                or not isinstance(die, str) or not _DIE.match(die)
                or type(value) is not int or abs(value) > MAX_INT):
            raise InputError(path, f"dice[{n}]", f"a fixed roll is {{\"die\": \"d20\", "
                             f"\"value\": 17}}, got {short(roll)}")
        out.append((die, value))
    return out


def parse_command(path: Path, n: int, raw, types=None) -> Command:
    """Command `n` of the save, one of `types` (by name; default: the default rules'
    commands), every field checked against the command's declared type by the engine's own
    check (game/engine/command_fields.py), the one `Battle.apply` makes."""
    where = f"command {n}"
    types = profile_named(None).command_types if types is None else types
    kind = raw.get("type") if isinstance(raw, dict) else None
    if not isinstance(kind, str) or kind not in types:
        raise InputError(path, where, f"unknown command {short(raw)} (a command is an object "
                         f"whose type is one of {', '.join(types)})")
    try:
        command = command_from_dict(raw, where=where, types=types)
    except InputError as err:
        raise InputError(path, where, err.message) from None
    refused = field_refusal(command)
    if refused is not None:
        raise InputError(path, where, refused.reason)
    return command


def locate_map(path: Path, name: str) -> Path:
    """The map a save names: a path inside the save's folder or the player's maps folder, or
    a shipped map (by its name, e.g. "duel", or its path); anything else is refused."""
    unusable = path_problem(name)
    if unusable:
        raise InputError(path, "map", f"the map's name {unusable}: a save names a shipped "
                         "map (e.g. duel) or a .tmx file beside it")
    save_dir = path.resolve().parent
    given = Path(name)
    candidate = given if given.is_absolute() else save_dir / given
    if not candidate.exists():
        candidate = paths.shipped_map(name) or candidate
    roots = (save_dir, paths.user_maps_dir().resolve(), paths.shipped_maps_dir().resolve())
    try:
        real = resolved(candidate)
    except FileRefused as err:
        raise InputError(path, "map", f"the map {name} {err}") from None
    if not any(real.is_relative_to(root) for root in roots):
        raise InputError(path, "map", f"the map {name} is outside the save's folder, the "
                         f"player's maps folder ({roots[1]}) and the shipped maps: a save names "
                         "a shipped map (e.g. duel) or a map in one of those folders")
    if not real.is_file():
        raise InputError(path, "map", f"unknown map {name} (no such file in the save's folder "
                         "or among the shipped maps)")
    return real


def map_reference(map_path: Path, save_path: Path) -> str:
    """How a save names its map: a shipped map by name, else its path relative to the save's
    folder (or absolute where there is no relative path, e.g. another drive)."""
    real = map_path.resolve()
    if real.parent == paths.shipped_maps_dir().resolve() and paths.shipped_map(real.name):
        return real.stem
    try:
        return Path(os.path.relpath(real, save_path.resolve().parent)).as_posix()
    except ValueError:
        return real.as_posix()
