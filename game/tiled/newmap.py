"""`python -m game new-map PATH --size WxH --orientation flat|pointy` (docs/mapping.md "A new map").

Writes a map that passes `validate` and opens in Tiled as the shipped maps do: grass on the
"Terrain" layer, an empty "Units" object layer but for one placeholder fighter per team (a tile
object showing its token, with the properties a unit needs), the shipped terrain and token
tilesets, and the map properties title, description, teams and initiative.
An existing file is never replaced.

A map written straight into the player's maps folder refers only to the player's data folder:
the Tiled kit is copied (or brought up to date) there first (game/tiled/userkit.py) and the map
uses its tilesets, as the templates there do. A map written anywhere else uses the game's own
tilesets (a checkout's maps/ folder, or a folder of a designer's own).
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from xml.sax.saxutils import quoteattr

from game import paths
from game.cliargs import program_name
from game.errors import InputError
from game.hexgrid import TiledLayout
from game.tiled.userkit import install_kit, kept_lines

MIN_SIDE, MAX_SIDE = 4, 200
TEAMS = ("blue", "red")
PLACEHOLDER = "fighter"
# Orientation -> (layout of the shipped tilesets, terrain tileset, token tileset, facings of
# the two placeholders so that they face each other).
ORIENTATIONS = {
    "pointy": (TiledLayout(56, 64, 32, "y", "odd"), "hex-pointy", "unit-tokens-pointy", (0, 3)),
    "flat": (TiledLayout(64, 56, 32, "x", "odd"), "hex-flat", "unit-tokens-flat", (1, 4)),
}
GRASS = 1  # local id 0 of the terrain tileset (tools/make_tileset.py TILES)


def parse_size(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"\s*(\d{1,4})\s*[xX]\s*(\d{1,4})\s*", text or "")
    if not match:
        raise InputError("new-map", "--size", f"{text!r} is not WIDTHxHEIGHT (e.g. 20x14)")
    width, height = int(match[1]), int(match[2])
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
        raise InputError("new-map", "--size", f"{width}x{height}: each side must be from "
                         f"{MIN_SIDE} to {MAX_SIDE} hexes")
    return width, height


def token_tile_id(key: str) -> int:
    """The local id of `key` in the token tilesets (sorted unit keys, tools/make_map_kit.py)."""
    keys = sorted(p.stem for p in (paths.assets_dir() / "units").glob("*.toml"))
    return keys.index(key)


def in_player_maps_folder(path: Path) -> bool:
    """Whether `path` is a file straight in the player's maps folder."""
    return path.parent.resolve() == paths.user_maps_dir().resolve()


def tilesets_folder(path: Path) -> Path:
    """The tilesets a new map at `path` uses: the kit's in the player's data folder for a map
    of the player's maps folder, else the game's own."""
    if in_player_maps_folder(path):
        return paths.user_data_dir().resolve() / "assets" / "tilesets"
    return paths.assets_dir() / "tilesets"


def map_text(path: Path, width: int, height: int, orientation: str) -> str:
    layout, terrain, tokens, facings = ORIENTATIONS[orientation]
    tilesets = tilesets_folder(path)
    rel = lambda name: Path(os.path.relpath(  # noqa: E731
        tilesets / f"{name}.tsx", path.parent.resolve())).as_posix()
    token_first = 1000  # well above the terrain tileset's ids, so either may grow
    rows = [",".join([str(GRASS)] * width) for _ in range(height)]
    objects = []
    for i, (team, facing) in enumerate(zip(TEAMS, facings)):
        col = 1 if i == 0 else width - 2
        x, y = layout.tile_center(col, height // 2)
        w, h = layout.tw, layout.th
        objects += [
            f'  <object id="{i + 1}" name="{team.title()} fighter" type="unit" '
            f'gid="{token_first + token_tile_id(PLACEHOLDER)}" x="{x:g}" y="{y:g}" '
            f'width="{w}" height="{h}">',
            '   <properties>',
            f'    <property name="facing" type="int" propertytype="Facing" value="{facing}"/>',
            f'    <property name="team" propertytype="Team" value="{team}"/>',
            f'    <property name="unit" propertytype="UnitKind" value="{PLACEHOLDER}"/>',
            '   </properties>',
            '  </object>']
    title = path.stem.replace("_", " ").replace("-", " ").strip().capitalize() or "New map"
    return "\n".join([
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.8" tiledversion="1.8.2" orientation="hexagonal" '
        f'renderorder="right-down" width="{width}" height="{height}" '
        f'tilewidth="{layout.tile_width}" tileheight="{layout.tile_height}" infinite="0" '
        f'hexsidelength="{layout.hexside}" staggeraxis="{layout.axis}" '
        f'staggerindex="{layout.index}" nextlayerid="3" nextobjectid="{len(TEAMS) + 1}">',
        ' <properties>',
        '  <property name="description" value="A new map: paint its terrain in Tiled."/>',
        '  <property name="initiative" propertytype="InitiativeMode" value="selective"/>',
        f'  <property name="teams" value="{",".join(TEAMS)}"/>',
        f'  <property name="title" value={quoteattr(title)}/>',
        ' </properties>',
        f' <tileset firstgid="1" source={quoteattr(rel(terrain))}/>',
        f' <tileset firstgid="{token_first}" source={quoteattr(rel(tokens))}/>',
        f' <layer id="1" name="Terrain" width="{width}" height="{height}">',
        '  <data encoding="csv">',
        ",\n".join(rows),
        '</data>',
        ' </layer>',
        ' <objectgroup id="2" name="Units">',
        *objects,
        ' </objectgroup>',
        '</map>', ""])


def write_new_map(path, size: str = "20x14", orientation: str = "pointy") -> Path:
    """Write the new map at `path` (a .tmx that does not exist yet) and return it."""
    path = Path(path)
    width, height = parse_size(size)
    if orientation not in ORIENTATIONS:
        raise InputError("new-map", "--orientation", f"{orientation!r}: use flat or pointy")
    if path.suffix.lower() != ".tmx":
        raise InputError(path, None, "a new map is a .tmx file: give a name ending in .tmx")
    if path.exists():
        raise InputError(path, None, "already exists; choose another name (new-map never "
                         "replaces a file)")
    if not path.parent.is_dir():
        raise InputError(path, None, f"the folder {path.parent} does not exist; create it first")
    if in_player_maps_folder(path):
        install_kit()
    text = map_text(path, width, height, orientation)
    try:
        with open(path, "x", encoding="utf-8") as out:  # "x": never replaces a file
            out.write(text)
    except FileExistsError:
        raise InputError(path, None, "already exists; choose another name") from None
    except OSError as err:
        raise InputError(path, None, f"cannot write the map ({err.strerror})") from None
    return path


def run_new_map(path, size: str, orientation: str) -> int:
    written = write_new_map(path, size, orientation)
    if not in_player_maps_folder(written):
        templates = paths.shipped_maps_dir() / "templates" / orientation
        print(f"{written}: new {size} {orientation}-top map; open it in Tiled, paint the "
              f"terrain, place units from {templates}{os.sep}, then: {program_name()} "
              f"validate {written}")
        return 0
    kit = install_kit()   # already up to date: this only says what was kept
    templates = kit.project.parent / "templates" / orientation
    print(f"{written}: new {size} {orientation}-top map; open {kit.project} in Tiled (File > "
          f"Open Project), then the map; paint the terrain, place units from {templates}"
          f"{os.sep}, then File > Commands > Validate this map")
    for line in kept_lines(kit):
        print(line)
    return 0
