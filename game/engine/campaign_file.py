"""Reading a campaign file: a TOML list of battles, each a Tiled map of the default rules
with its objectives, the story told before it and the recruits offered after it
(docs/mapping.md "Campaigns").

`read_campaign(path)` checks the fields and returns a `Campaign`; `campaign_problems(path)`
also loads every map and checks that the player's creatures fit each one, and lists every
problem found, each one line naming the file, the place and the fix (`python -m game validate
FILE.toml`). The carried-over creatures themselves are game.engine.campaign_roster.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from game.errors import InputError, printable
from game.files import FileRefused, read_text

MAX_CAMPAIGN_BYTES = 256 << 10
MAX_BATTLES = 50
MAX_TEXT = 4000
TOP_FIELDS = ("title", "player", "intro", "ending", "battle")
BATTLE_FIELDS = ("map", "title", "story", "recruits", "picks")


@dataclass(frozen=True)
class Recruit:
    """A creature offered between battles: its name and its stat block (a unit file)."""
    name: str
    unit: str


@dataclass(frozen=True)
class Stage:
    """One battle of the campaign: its map, the story before it, the recruits after it."""
    map: Path
    title: str = ""
    story: str = ""
    recruits: tuple[Recruit, ...] = ()
    picks: int = 0           # how many of `recruits` the player may take after this battle


@dataclass(frozen=True)
class Campaign:
    path: Path
    title: str
    player: str              # the side the player plays on every map
    intro: str
    ending: str
    stages: tuple[Stage, ...]


def read_campaign(path) -> Campaign:
    """The campaign file at `path`, its fields checked (not its maps: campaign_problems)."""
    path = Path(path)
    data = _parse(path)
    unknown = [k for k in data if k not in TOP_FIELDS]
    if unknown:
        raise InputError(path, unknown[0], f"unknown field {printable(unknown[0])!r} (a "
                         f"campaign has {', '.join(TOP_FIELDS)})")
    title = _text(path, data, "title", required=True)
    player = _text(path, data, "player", required=True)
    battles = data.get("battle")
    if not isinstance(battles, list) or not battles or len(battles) > MAX_BATTLES:
        raise InputError(path, "battle", "a campaign lists its battles as [[battle]] tables "
                         f"(1 to {MAX_BATTLES}), each with map = \"FILE.tmx\"")
    stages = tuple(_stage(path, n, raw) for n, raw in enumerate(battles, 1))
    return Campaign(path, title, player, _text(path, data, "intro"),
                    _text(path, data, "ending"), stages)


def _parse(path: Path) -> dict:
    try:
        text = read_text(path, MAX_CAMPAIGN_BYTES, "campaign file")
    except FileRefused as err:
        raise InputError(path, None, f"{err} (give the path of a campaign.toml)") from None
    except OSError as err:
        raise InputError(path, None, f"cannot read the campaign file: "
                         f"{err.strerror or err} (give the path of a campaign.toml)") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise InputError(path, None, f"not a TOML campaign file: {err} (fix the TOML "
                         "syntax: see docs/mapping.md \"Campaigns\")") from None


def _text(path: Path, table: dict, name: str, where: str = "", required=False) -> str:
    value = table.get(name, "")
    place = f"{where}.{name}" if where else name
    if not isinstance(value, str) or len(value) > MAX_TEXT or (required and not value):
        raise InputError(path, place, f"{name} must be a text of 1 to {MAX_TEXT} characters"
                         + ("" if required else " (or left out)"))
    return value


def _stage(path: Path, n: int, raw) -> Stage:
    where = f"battle {n}"
    if not isinstance(raw, dict):
        raise InputError(path, where, "a battle is a [[battle]] table with map = \"FILE.tmx\"")
    unknown = [k for k in raw if k not in BATTLE_FIELDS]
    if unknown:
        raise InputError(path, where, f"unknown field {printable(unknown[0])!r} (a battle "
                         f"has {', '.join(BATTLE_FIELDS)})")
    name = _text(path, raw, "map", where, required=True)
    map_path = (path.parent / name).resolve()
    if not map_path.is_file() or map_path.suffix not in (".tmx", ".tmj", ".json"):
        raise InputError(path, f"{where}.map", f"no map {printable(name)} beside the campaign "
                         "file: give the file name of a Tiled map in the campaign's folder")
    recruits = raw.get("recruits", [])
    if not isinstance(recruits, list):
        raise InputError(path, f"{where}.recruits", "recruits is a list of "
                         "{ name = \"Wren\", unit = \"archer\" } tables")
    offered = tuple(_recruit(path, f"{where}.recruits[{k}]", r)
                    for k, r in enumerate(recruits))
    picks = raw.get("picks", 1 if offered else 0)
    if type(picks) is not int or not 0 <= picks <= len(offered):
        raise InputError(path, f"{where}.picks", f"picks must be a whole number from 0 to "
                         f"the {len(offered)} recruits offered")
    return Stage(map_path, _text(path, raw, "title", where), _text(path, raw, "story", where),
                 offered, picks)


def _recruit(path: Path, where: str, raw) -> Recruit:
    if not isinstance(raw, dict) or set(raw) != {"name", "unit"}:
        raise InputError(path, where, "a recruit is { name = \"Wren\", unit = \"archer\" }")
    return Recruit(_text(path, raw, "name", where, True), _text(path, raw, "unit", where, True))
