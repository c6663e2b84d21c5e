"""Write the map designer's kit for Tiled: the project file, unit tokens and unit templates.

    python tools/make_map_kit.py            (run it again whenever assets/units/ changes)

* maps/hexskirmish.tiled-project: the custom property types (docs/mapping.md "Properties"):
  the enums UnitKind (one value per assets/units/*.toml), Team, Obstacle, Concealment,
  InitiativeMode, Facing, CriticalRules (the map property `critical_rules`), Water, Door,
  Rules (the map property `rules`: the rule profile), the class `unit` with its members and
  their defaults, and the class `respawn` (its team); the commands "Validate this map",
  "Play this map" and "Balance report" (game/tiled/kit_commands.py). The game
  reads those defaults too (game/tiled/project.py), so a member Tiled leaves out of the file
  means what the designer saw. The class `terrain` lists the tile properties with the values
  the game assumes when a tile leaves one out.
* assets/tilesets/unit-tokens-{pointy,flat}.tsx + unit-tokens-{pointy,flat}/KEY.png: one token
  per unit kind, as the game draws it in a neutral colour; a creature of several hexes shows
  its footprint at facing 0, its anchor hex in the middle of the picture.
* maps/templates/{pointy,flat}/KEY.tx: a unit object template per kind and orientation; drag
  one onto the Units layer in Tiled, then set its team (and name, facing).
* maps/templates/{pointy,flat}/respawn.tx: a respawn point (a point object of class
  `respawn`), where a side's knocked-out creatures come back in the light rules.

Everything but the PNGs is plain text with a fixed order, so a test can check that the
committed kit matches the unit files.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from game import paths  # noqa: E402
from game.data.ruleset import CRITICAL_RULES  # noqa: E402
from game.hexgrid import ORIGIN, TiledLayout, footprint  # noqa: E402
from game.tiled.kit_commands import shipped_commands  # noqa: E402
from game.tiled.hexmap import (CONCEALMENT_LEVELS, DOOR_STATES, INITIATIVE_MODES,  # noqa: E402
                               OBSTACLE_LEVELS, RULE_PROFILES, WATER_LEVELS)
from game.tiled.scenario import JOINS, OBJECTIVE_KINDS, STORY_WHEN  # noqa: E402

PROJECT_NAME = "hexskirmish.tiled-project"
TILED_VERSION = ("1.8", "1.8.2")
# The shipped tilesets' geometry (tools/make_tileset.py): tile width, height, hex side.
ORIENTATIONS = {"pointy": TiledLayout(56, 64, 32, "y", "odd"),
                "flat": TiledLayout(64, 56, 32, "x", "odd")}
TEAMS = ("blue", "red", "green", "purple", "orange", "sky")
# Facing 0-5 (game.hexgrid.DIRECTIONS): the direction on pointy-top / flat-top maps.
FACINGS = ("0: east / south-east", "1: north-east / north-east", "2: north-west / north",
           "3: west / north-west", "4: south-west / south-west", "5: south-east / south")
NEUTRAL = (236, 228, 205)
# The tile class of the shipped terrain tiles (tools/make_tileset.py): every terrain property
# with the value the game assumes when a tile leaves it out (docs/mapping.md "Tile properties").
TERRAIN_MEMBERS = [
    {"name": "blocks_sight", "type": "bool", "value": False},
    {"name": "break_dc", "type": "int", "value": 0},
    {"name": "climb_dc", "type": "int", "value": 0},
    {"name": "concealment", "propertyType": "Concealment", "type": "string", "value": "none"},
    {"name": "difficult", "type": "bool", "value": False},
    {"name": "door", "propertyType": "Door", "type": "string", "value": "none"},
    {"name": "elevation", "type": "int", "value": 0},
    {"name": "exit", "type": "bool", "value": False},
    {"name": "hardness", "type": "int", "value": 0},
    {"name": "hp", "type": "int", "value": 0},
    {"name": "impassable", "type": "bool", "value": False},
    {"name": "obstacle", "propertyType": "Obstacle", "type": "string", "value": "none"},
    {"name": "terrain", "type": "string", "value": ""},
    {"name": "water", "propertyType": "Water", "type": "string", "value": "none"},
]

# The class of respawn points (game/tiled/profiles.py): the side that comes back there.
RESPAWN_MEMBERS = [
    {"name": "notes", "type": "string", "value": ""},
    {"name": "team", "propertyType": "Team", "type": "string", "value": TEAMS[0]},
]


# The classes of objectives and events (docs/mapping.md "Objectives and events").
OBJECTIVE_MEMBERS = [
    {"name": "count", "type": "int", "value": 1},
    {"name": "join", "propertyType": "ObjectiveJoin", "type": "string", "value": JOINS[0]},
    {"name": "kind", "propertyType": "ObjectiveKind", "type": "string",
     "value": OBJECTIVE_KINDS[0]},
    {"name": "rounds", "type": "int", "value": 0},
    {"name": "target", "type": "string", "value": ""},
    {"name": "team", "propertyType": "Team", "type": "string", "value": TEAMS[0]},
    {"name": "text", "type": "string", "value": ""},
]
STORY_MEMBERS = [
    {"name": "target", "type": "string", "value": ""},
    {"name": "text", "type": "string", "value": ""},
    {"name": "when", "propertyType": "StoryWhen", "type": "string", "value": STORY_WHEN[0]},
]
REINFORCEMENT_MEMBERS = [
    {"name": "arrives_on", "type": "string", "value": ""},
    {"name": "arrives_round", "type": "int", "value": 0},
]


def scenario_types(enum) -> list[dict]:
    """The enums and classes of objectives, regions, story text and reinforcements."""
    def cls(ident, name, color, members, use):
        return {"color": color, "drawFill": True, "id": ident, "members": members,
                "name": name, "type": "class", "useAs": [use]}
    return [
        enum(14, "ObjectiveKind", OBJECTIVE_KINDS),
        enum(15, "ObjectiveJoin", JOINS),
        enum(16, "StoryWhen", STORY_WHEN),
        cls(17, "objective", "#ffe69f00", OBJECTIVE_MEMBERS, "object"),
        cls(18, "region", "#ff56b4e9", [{"name": "notes", "type": "string", "value": ""}],
            "object"),
        cls(19, "story", "#ffcc79a7", STORY_MEMBERS, "object"),
        cls(20, "reinforcements", "#ff009e73", REINFORCEMENT_MEMBERS, "layer"),
    ]


def property_types(unit_keys: list[str]) -> list[dict]:
    """The project's custom types, in a fixed order with fixed ids."""
    def enum(ident, name, values, storage="string"):
        return {"id": ident, "name": name, "storageType": storage, "type": "enum",
                "values": list(values), "valuesAsFlags": False}
    members = [
        {"name": "aware", "type": "bool", "value": True},
        {"name": "facing", "propertyType": "Facing", "type": "int", "value": 0},
        {"name": "hidden", "type": "bool", "value": False},
        {"name": "leader", "type": "string", "value": ""},
        {"name": "notes", "type": "string", "value": ""},
        {"name": "team", "propertyType": "Team", "type": "string", "value": TEAMS[0]},
        {"name": "unit", "propertyType": "UnitKind", "type": "string", "value": unit_keys[0]},
    ]
    return [
        enum(1, "UnitKind", unit_keys),
        enum(2, "Team", TEAMS),
        enum(3, "Obstacle", OBSTACLE_LEVELS),
        enum(4, "Concealment", CONCEALMENT_LEVELS),
        enum(5, "InitiativeMode", INITIATIVE_MODES),
        enum(6, "Facing", FACINGS, storage="int"),
        {"color": "#ff0072b2", "drawFill": True, "id": 7, "members": members, "name": "unit",
         "type": "class", "useAs": ["object"]},
        {"color": "#ff4caf50", "drawFill": True, "id": 8, "members": TERRAIN_MEMBERS,
         "name": "terrain", "type": "class", "useAs": ["tile"]},
        enum(9, "CriticalRules", CRITICAL_RULES),
        enum(10, "Water", WATER_LEVELS),
        enum(11, "Door", DOOR_STATES),
        enum(12, "Rules", RULE_PROFILES),
        {"color": "#ffd55e00", "drawFill": True, "id": 13, "members": RESPAWN_MEMBERS,
         "name": "respawn", "type": "class", "useAs": ["object"]},
        *scenario_types(enum),
    ]


def project_text(unit_keys: list[str]) -> str:
    project = {"automappingRulesFile": "", "commands": shipped_commands(),
               "extensionsPath": "extensions",
               "folders": ["."], "objectTypesFile": "",
               "propertyTypes": property_types(unit_keys)}
    return json.dumps(project, indent=4) + "\n"


def token_picture(unit, layout: TiledLayout):
    """The token of `unit` for Tiled: its footprint at facing 0 around the anchor hex, which
    sits in the middle of the picture (the loader places a unit on the hex under the centre
    of its object)."""
    import pygame

    from game.ui import sprites
    pygame.init()
    hexes = footprint(unit.size, ORIGIN, 0)
    cx, cy = layout.hex_to_pixel(ORIGIN)
    corners = [[(x - cx, y - cy) for x, y in layout.hex_corners(h)] for h in hexes]
    half_w = max(abs(x) for poly in corners for x, _ in poly)
    half_h = max(abs(y) for poly in corners for _, y in poly)
    w, h = 2 * int(half_w + 0.999), 2 * int(half_h + 0.999)
    radius = 0.36 * min(layout.tw, layout.th)
    if len(hexes) == 1:
        surf = sprites.token(unit.glyph, NEUTRAL, "circle", radius, None)
        out = pygame.Surface((layout.tw, layout.th), pygame.SRCALPHA)
        out.blit(surf, surf.get_rect(center=(layout.tw / 2, layout.th / 2)))
        return out
    polygons = [[(x + w / 2, y + h / 2) for x, y in poly] for poly in corners]
    return sprites.token(unit.glyph, NEUTRAL, "circle", radius, None, polygons=polygons,
                         anchor=(w / 2, h / 2), size=(w, h))


def tileset_text(name: str, keys: list[str], sizes: dict[str, tuple[int, int]]) -> str:
    width = max(w for w, _ in sizes.values())
    height = max(h for _, h in sizes.values())
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<tileset version="{TILED_VERSION[0]}" tiledversion="{TILED_VERSION[1]}" '
             f'name="{name}" tilewidth="{width}" tileheight="{height}" '
             f'tilecount="{len(keys)}" columns="0" objectalignment="center">',
             ' <grid orientation="orthogonal" width="1" height="1"/>']
    for i, key in enumerate(keys):
        w, h = sizes[key]
        lines += [f' <tile id="{i}" type="unit">', '  <properties>',
                  f'   <property name="unit" propertytype="UnitKind" value="{key}"/>',
                  '  </properties>',
                  f'  <image width="{w}" height="{h}" source="{name}/{key}.png"/>', ' </tile>']
    return "\n".join(lines + ["</tileset>", ""])


def template_text(key: str, tile_id: int, tileset_ref: str, size: tuple[int, int]) -> str:
    """A Tiled 1.8 object template: a tile object of class `unit` with its members set."""
    w, h = size
    return "\n".join([
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<template>',
        f' <tileset firstgid="1" source={quoteattr(tileset_ref)}/>',
        f' <object type="unit" gid="{tile_id + 1}" width="{w}" height="{h}">',
        '  <properties>',
        '   <property name="facing" type="int" propertytype="Facing" value="0"/>',
        f'   <property name="team" propertytype="Team" value="{TEAMS[0]}"/>',
        f'   <property name="unit" propertytype="UnitKind" value="{key}"/>',
        '  </properties>',
        ' </object>',
        '</template>', ""])


def respawn_template_text() -> str:
    """A Tiled 1.8 object template: a point object of class `respawn` (no token: the game
    does not draw respawn points)."""
    return "\n".join([
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<template>',
        ' <object type="respawn">',
        '  <properties>',
        f'   <property name="team" propertytype="Team" value="{TEAMS[0]}"/>',
        '  </properties>',
        '  <point/>',
        ' </object>',
        '</template>', ""])


def text_files(units: dict, sizes: dict[str, dict[str, tuple[int, int]]]) -> dict[Path, str]:
    """Every text file of the kit: {path relative to the repository: content}."""
    keys = sorted(units)
    maps_dir, tiles_dir = Path("maps"), Path("assets/tilesets")
    files = {maps_dir / PROJECT_NAME: project_text(keys)}
    for orientation in ORIENTATIONS:
        name = f"unit-tokens-{orientation}"
        files[tiles_dir / f"{name}.tsx"] = tileset_text(name, keys, sizes[orientation])
        ref = Path(os.path.relpath(tiles_dir / f"{name}.tsx", maps_dir / "templates" / orientation))
        for i, key in enumerate(keys):
            files[maps_dir / "templates" / orientation / f"{key}.tx"] = template_text(
                key, i, ref.as_posix(), sizes[orientation][key])
        files[maps_dir / "templates" / orientation / "respawn.tx"] = respawn_template_text()
    return files


def token_sizes(units: dict, draw: bool, out: Path) -> dict[str, dict[str, tuple[int, int]]]:
    """{orientation: {key: (w, h)}}; with `draw`, also writes the token PNGs under `out`."""
    import pygame
    sizes: dict = {}
    for orientation, layout in ORIENTATIONS.items():
        sizes[orientation] = {}
        folder = out / "assets" / "tilesets" / f"unit-tokens-{orientation}"
        for key in sorted(units):
            picture = token_picture(units[key], layout)
            sizes[orientation][key] = picture.get_size()
            if draw:
                folder.mkdir(parents=True, exist_ok=True)
                pygame.image.save(picture, str(folder / f"{key}.png"))
    return sizes


def build(out: Path = REPO, draw: bool = True) -> list[Path]:
    from game.data import load_units
    units = load_units()
    files = text_files(units, token_sizes(units, draw, out))
    for rel, content in files.items():
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).write_text(content, encoding="utf-8")
    return [out / rel for rel in files]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=REPO, help="repository root to write into")
    args = parser.parse_args(argv)
    written = build(args.out)
    print(f"wrote {len(written)} files and the tokens; assets from {paths.assets_dir()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
