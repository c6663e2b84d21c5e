"""Where the game finds its files: the shipped maps and assets, and the player's own folders.

Every module asks here instead of computing paths from `__file__`, so that an installed copy
(not only a checkout) finds its maps, and a player's saves and maps never land in the current
folder. `HEXSKIRMISH_HOME` overrides the per-user data folder (tests use a temporary one).
"""
from __future__ import annotations

import os
from pathlib import Path

import platformdirs

PACKAGE_DIR = Path(__file__).resolve().parent
REPO_DIR = PACKAGE_DIR.parent  # a checkout's root (tools and tests); not data for players
# An installed copy carries maps/, assets/ and docs/rules/ inside the package (setup.py); a
# checkout keeps them beside it. Either way their relative layout is the same, so a shipped
# map's "../assets/tilesets/..." resolves to the shipped tileset.
DATA_DIR = PACKAGE_DIR if (PACKAGE_DIR / "assets").is_dir() else PACKAGE_DIR.parent
DEFAULT_MAP_NAME = "skirmish"


def assets_dir() -> Path:
    """Tilesets, unit stat blocks, weapons, the UI theme and unit art."""
    return DATA_DIR / "assets"


def shipped_maps_dir() -> Path:
    """The maps that come with the game."""
    return DATA_DIR / "maps"


def rules_reference_dir() -> Path:
    """The players' rules reference: one Markdown page per area of the rules, and an index."""
    return DATA_DIR / "docs" / "rules"


def default_map() -> Path:
    return shipped_maps_dir() / f"{DEFAULT_MAP_NAME}.tmx"


def user_data_dir() -> Path:
    """The player's own folder (saves, maps, settings); created on first use by the writers."""
    override = os.environ.get("HEXSKIRMISH_HOME")
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir("hexskirmish", appauthor=False))


def user_saves_dir() -> Path:
    return user_data_dir() / "saves"


def user_maps_dir() -> Path:
    return user_data_dir() / "maps"


def shipped_map(name: str) -> Path | None:
    """The shipped map called `name` ("duel" or "duel.tmx"), or None."""
    stem = name[:-4] if name.endswith(".tmx") else name
    if not stem or "/" in stem or "\\" in stem or stem.startswith("."):
        return None
    path = shipped_maps_dir() / f"{stem}.tmx"
    return path if path.is_file() else None


def resolve_map(arg: str) -> Path:
    """A map named on the command line: an existing path, else a shipped map's name, else the
    path as given (the loader then says it is missing)."""
    path = Path(arg)
    if path.exists():
        return path
    return shipped_map(arg) or path
