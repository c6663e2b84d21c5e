"""Loading Tiled maps into a HexMap (docs/architecture.md "Maps (Tiled)"; docs/rules/01-hexes-and-distance.md-2).

The maps here are written into tmp_path with a small self-contained tileset (`write_tileset`:
a PNG made with zlib+struct and a .tsx with the terrain of docs/architecture.md's tile ids), so these
tests do not depend on assets/. Tiled's own reference maps are read from
../shared/reference-maps (skipped when absent), and Tiled itself (`tiled --export-map`)
proves that the test maps open in Tiled (skipped when `tiled` is absent).
"""
from __future__ import annotations

import struct
import zlib
from pathlib import Path
from types import SimpleNamespace

import pytest

from game.data import load_units
from game.hexgrid import TiledLayout, footprint
from game.tiled.hexmap import Terrain
from game.tiled.loader import ROT_120, MapError, load_map, read_map, split_gid
from tests.helpers import tiled_export

REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "reference-maps" / "tiled-examples"
if not REFERENCE.is_dir():
    REFERENCE = Path("/work/shared/reference-maps/tiled-examples")
needs_reference = pytest.mark.skipif(not REFERENCE.is_dir(), reason="no shared/reference-maps")

# A stand-in for game.data.load_units(): key -> object with .name and .size.
UNITS = {key: SimpleNamespace(name=name, size=size) for key, name, size in (
    ("fighter", "Fighter", "medium"), ("orc", "Orc", "medium"), ("ogre", "Ogre", "large"),
    ("rat", "Rat", "tiny"), ("troll", "Troll", "huge"))}

# docs/architecture.md's tile ids: 0 grass, 1 road, 2 forest, ... 11 floor, with their terrain properties.
TILES = [
    ("grass", ""), ("road", ""), ("forest", '<property name="concealment" value="partial"/>'),
    ("rubble", '<property name="difficult" type="bool" value="true"/>'),
    ("water", '<property name="difficult" type="bool" value="true"/>'),
    ("low wall", '<property name="obstacle" value="low"/>'),
    ("stone wall", '<property name="impassable" type="bool" value="true"/>'
                   '<property name="obstacle" value="wall"/>'),
    ("fog", '<property name="blocks_sight" type="bool" value="true"/>'),
    ("exit", '<property name="exit" type="bool" value="true"/>'),
    ("hill", '<property name="elevation" type="int" value="1"/>'),
    ("darkness", '<property name="blocks_sight" type="bool" value="true"/>'
                 '<property name="concealment" value="total"/>'),
    ("floor", ""),
]
GRASS, FOREST, RUBBLE, LOW_WALL, STONE_WALL, HILL = 1, 3, 4, 6, 7, 10  # GIDs at firstgid 1


def png_bytes(width: int, height: int, tile_w: int = 56, tile_h: int = 64) -> bytes:
    """A valid RGBA PNG, one colour per tile cell, without pygame."""
    rows = []
    for y in range(height):
        row = bytearray([0])
        for x in range(width):
            n = (x // tile_w) + 4 * (y // tile_h)
            row += bytes((40 + 17 * n % 200, 90 + 31 * n % 160, 60 + 53 * n % 190, 255))
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


def tileset_xml(image: str = "hex.png", name: str = "terrain", extra: str = "") -> str:
    tiles = "".join(f' <tile id="{i}">\n  <properties>\n   <property name="terrain" '
                    f'value="{n}"/>{p}\n  </properties>\n </tile>\n'
                    for i, (n, p) in enumerate(TILES))
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<tileset version="1.8" tiledversion="1.8.2" name="{name}" tilewidth="56" '
            'tileheight="64" tilecount="12" columns="4">\n'
            f' <image source="{image}" width="224" height="192"/>\n{tiles}{extra}</tileset>\n')


def write_tileset(folder: Path, name: str = "terrain.tsx", extra: str = "") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "hex.png").write_bytes(png_bytes(224, 192))
    path = folder / name
    path.write_text(tileset_xml(extra=extra))
    return path


def csv(rows) -> str:
    return "\n" + ",\n".join(",".join(str(g) for g in row) for row in rows) + "\n"


def tile_layer(name: str, rows, layer_id: int = 1, attrs: str = "") -> str:
    return (f' <layer id="{layer_id}" name="{name}" width="{len(rows[0])}" height="{len(rows)}"'
            f'{attrs}>\n  <data encoding="csv">{csv(rows)}</data>\n </layer>\n')


def object_layer(name: str, objects: list[str], layer_id: int = 9, attrs: str = "") -> str:
    body = "".join(f"  {o}\n" for o in objects)
    return f' <objectgroup id="{layer_id}" name="{name}"{attrs}>\n{body} </objectgroup>\n'


def map_xml(body: str, width: int = 6, height: int = 5, props: str = "",
            tileset: str = ' <tileset firstgid="1" source="terrain.tsx"/>\n',
            stagger: tuple[str, str] = ("y", "odd")) -> str:
    properties = f" <properties>\n{props} </properties>\n" if props else ""
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<map version="1.8" tiledversion="1.8.2" orientation="hexagonal" '
            f'renderorder="right-down" width="{width}" height="{height}" tilewidth="56" '
            f'tileheight="64" infinite="0" hexsidelength="32" staggeraxis="{stagger[0]}" '
            f'staggerindex="{stagger[1]}" nextlayerid="20" nextobjectid="100">\n'
            f'{properties}{tileset}{body}</map>\n')


def unit(oid: int, x: float, y: float, unit_key: str = "fighter", team: str = "blue",
         name: str = "", cls: str = 'type="unit"', props: str = "", shape: str = "<point/>",
         size: str = "") -> str:
    inner = (f'<property name="team" value="{team}"/><property name="unit" value="{unit_key}"/>'
             f'{props}')
    return (f'<object id="{oid}" name="{name}" {cls} x="{x}" y="{y}"{size}>'
            f'<properties>{inner}</properties>{shape}</object>')


def grass(width: int = 6, height: int = 5):
    return [[GRASS] * width for _ in range(height)]


def center(col: int, row: int) -> tuple[int, int]:
    """Pixel center of col,row on the 56x64 (side 32) odd-r test maps."""
    return col * 56 + (28 if row % 2 else 0) + 28, row * 48 + 32


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    write_tileset(tmp_path)
    return tmp_path


def write(folder: Path, text: str, name: str = "map.tmx") -> Path:
    path = folder / name
    path.write_text(text)
    return path


def load(path: Path):
    return load_map(path, UNITS, require_sides=False)


# --- Tiled's reference maps ------------------------------------------------------------------

@needs_reference
def test_reference_pointy_map_size_layout_and_gids():
    m = load(REFERENCE / "hexagonal-mini.tmx")
    assert (m.width, m.height) == (20, 20)
    assert m.layout == TiledLayout(14, 12, 6, "y", "odd")
    assert [la.name for la in m.layers] == ["Ground"]
    assert len(m.layers[0].gids) == 400 and m.layers[0].gids[:4] == (15, 15, 15, 5)
    assert len(m.terrain) == 400 and m.units == [] and m.teams == []
    assert m.initiative == "selective"


@needs_reference
def test_reference_hex_rotation_flag_bit_28_resolves_to_the_real_tile():
    import pytmx
    path = REFERENCE / "test_hexagonal_tile_60x60x30.tmx"
    m = load(path)
    assert m.layout == TiledLayout(60, 60, 30, "x", "odd")
    gids = m.layers[0].gids
    row0, row3 = gids[0:7], gids[60:67]
    assert row0 == (1, 536870913, 268435457, 3221225473, 3758096385, 3489660929, 1)
    assert any(g & ROT_120 for g in row0 + row3)
    # every orientation of the one arrow tile: all four flag bits masked -> tile 1
    assert {split_gid(g)[0] for g in row0 + row3} == {1}
    assert split_gid(268435457) == (1, ROT_120)
    # pytmx masks only the three flip flags: bit 28 stays in its "tiled gid"
    tmx = pytmx.TiledMap(str(path))
    assert 268435457 in tmx.tiledgidmap.values()


# --- terrain ----------------------------------------------------------------------------------

def test_terrain_comes_from_tile_properties(folder):
    rows = grass()
    rows[0][1], rows[1][2], rows[2][3], rows[3][4] = FOREST, RUBBLE, STONE_WALL, HILL
    m = load(write(folder, map_xml(tile_layer("ground", rows))))
    at = lambda c, r: m.terrain[r * m.width + c]  # noqa: E731
    assert at(0, 0) == Terrain(name="grass")
    assert at(1, 0).concealment == "partial" and at(1, 0).name == "forest"
    assert at(2, 1).difficult and not at(2, 1).impassable
    assert at(3, 2).impassable and at(3, 2).obstacle == "wall"
    assert at(4, 3).elevation == 1
    assert m.terrain_at(m.hex_at(3, 2)).name == "stone wall"


def test_terrain_combines_every_tile_layer(folder):
    top = [[0] * 6 for _ in range(5)]
    top[0][0], top[0][1] = LOW_WALL, FOREST
    third = [[0] * 6 for _ in range(5)]
    third[0][0], third[0][1] = STONE_WALL, HILL
    body = (tile_layer("ground", grass(), 1) + tile_layer("walls", top, 2)
            + tile_layer("more", third, 3))
    m = load(write(folder, map_xml(body)))
    a, b = m.terrain[0], m.terrain[1]
    assert a.obstacle == "wall" and a.impassable  # enum: most severe; bool: OR
    assert a.name == "grass+low wall+stone wall"  # names joined in layer order
    assert b.concealment == "partial" and b.elevation == 1  # number: max


def test_flipped_and_rotated_tiles_keep_their_terrain(folder):
    rows = grass()
    rows[0][0] = STONE_WALL | 0x80000000
    rows[0][1] = STONE_WALL | ROT_120
    rows[0][2] = RUBBLE | 0xE0000000 | ROT_120
    m = load(write(folder, map_xml(tile_layer("ground", rows))))
    assert m.terrain[0].impassable and m.terrain[1].impassable and m.terrain[2].difficult
    assert split_gid(m.layers[0].gids[2]) == (RUBBLE, 0xF0000000)


def typo_tileset(folder, name="dificult"):
    extra = (f' <tile id="12">\n  <properties>\n   <property name="{name}" type="bool" '
             'value="true"/>\n  </properties>\n </tile>\n')
    (folder / "typo.tsx").write_text(tileset_xml(extra=extra).replace('tilecount="12"',
                                                                      'tilecount="13"'))
    return map_xml(tile_layer("ground", grass()),
                   tileset=' <tileset firstgid="1" source="typo.tsx"/>\n')


def test_unknown_tile_property_is_an_error_with_did_you_mean(folder):
    """A misspelt `impassible` would make walls walkable: refused, not a warning."""
    _, problems = read_map(write(folder, typo_tileset(folder, "impassible")), UNITS,
                           require_sides=False)
    assert len(problems) == 1
    tsx_lines = (folder / "typo.tsx").read_text().splitlines()
    line = next(i for i, t in enumerate(tsx_lines, 1) if 'name="impassible"' in t)
    assert problems[0].path == str(folder / "typo.tsx") and problems[0].line == line
    assert "unknown tile property 'impassible' (did you mean 'impassable'?)" in str(problems[0])


def test_tile_property_declared_by_the_project_file_is_accepted(folder):
    import json
    text = typo_tileset(folder, "sound")
    (folder / "my.tiled-project").write_text(json.dumps({"propertyTypes": [
        {"id": 1, "name": "ambience", "type": "class", "useAs": ["tile"],
         "members": [{"name": "sound", "type": "bool", "value": False}]}]}))
    m = load(write(folder, text))
    assert m.warnings == [] and len(m.terrain) == 6 * 5


def test_large_generated_map_loads(folder):
    rows = [[GRASS + (c * r) % 12 for c in range(200)] for r in range(200)]
    m = load(write(folder, map_xml(tile_layer("ground", rows), 200, 200)))
    assert (m.width, m.height) == (200, 200) and len(m.terrain) == 40000
    assert m.terrain[199 * 200 + 199].name == TILES[(199 * 199) % 12][0]


# --- layer order --------------------------------------------------------------------------

def test_layer_order_comes_from_the_xml_not_from_pytmx(folder):
    import pytmx
    group = (' <group id="5" name="decor">\n'
             + tile_layer("decor tiles", grass(), 6).replace("\n ", "\n  ")
             + object_layer("labels", [], 7).replace('name="labels"', 'name="labels" offsetx="4"')
             + ' </group>\n')
    body = (tile_layer("ground", grass(), 1) + object_layer("units", [], 2)
            + group + tile_layer("roof", grass(), 3))
    path = write(folder, map_xml(body))
    m = load(path)
    ours = [(la.name, la.kind) for la in m.layers]
    assert ours == [("ground", "tile"), ("units", "object"), ("decor", "group"),
                    ("decor tiles", "tile"), ("labels", "object"), ("roof", "tile")]
    assert m.layers[3].groups == ("decor",) and m.layers[4].offset == (4.0, 0.0)
    theirs = [la.name for la in pytmx.TiledMap(str(path)).layers]
    assert theirs != [name for name, _ in ours]


def test_collision_shapes_of_an_embedded_tileset_are_not_layers_nor_units(folder):
    import pytmx
    tileset = (' <tileset firstgid="1" name="inline" tilewidth="56" tileheight="64" '
               'tilecount="12" columns="4">\n  <image source="hex.png" width="224" height="192"/>'
               '\n  <tile id="0">\n   <objectgroup draworder="index">\n    <object id="1" '
               'type="unit" x="0" y="0" width="8" height="8"/>\n   </objectgroup>\n  </tile>\n'
               ' </tileset>\n')
    path = write(folder, map_xml(tile_layer("ground", grass()), tileset=tileset))
    m = load(path)
    assert [la.name for la in m.layers] == ["ground"] and m.units == []
    assert len(pytmx.TiledMap(str(path)).layers) == 2  # pytmx adds the collision group


# --- units ------------------------------------------------------------------------------------

def test_units_from_type_and_from_class(folder):
    objs = [unit(1, *center(1, 1), name="Wulfric", props='<property name="facing" type="int" '
                 'value="3"/><property name="conditions" value="prone, Frightened"/>'),
            unit(2, *center(4, 3), "orc", "red", cls='class="unit"'),
            unit(3, *center(2, 3), "orc", "red", cls='type="unit"'),
            '<object id="4" name="tree" type="decor" x="10" y="10"><point/></object>']
    m = load(write(folder, map_xml(tile_layer("ground", grass()) + object_layer("units", objs))))
    assert [(u.name, u.unit, u.team, u.col, u.row) for u in m.units] == [
        ("Wulfric", "fighter", "blue", 1, 1), ("Orc 1", "orc", "red", 4, 3),
        ("Orc 2", "orc", "red", 2, 3)]
    w = m.units[0]
    assert w.facing == 3 and w.conditions == ("prone", "frightened") and w.object_id == 1
    assert m.teams == ["blue", "red"]  # order of first appearance


def test_unit_overrides_and_map_properties(folder):
    props = ('  <property name="title" value="Bridge"/>\n'
             '  <property name="description" value="Hold it."/>\n'
             '  <property name="teams" value="red, blue"/>\n'
             '  <property name="initiative" value="top-down"/>\n'
             '  <property name="turns" type="int" value="12"/>\n')
    over = ''.join(f'<property name="{k}" type="int" value="{v}"/>'
                   for k, v in (("hp", 30), ("level", 3), ("reach", 2), ("speed", 20), ("ac", 17)))
    over += '<property name="size" value="large"/><property name="aoo_policy" value="never"/>'
    objs = [unit(1, *center(2, 2), name="Boss", props=over)]
    m = load(write(folder, map_xml(tile_layer("ground", grass()) + object_layer("u", objs),
                                   props=props)))
    assert (m.title, m.description, m.teams, m.initiative) == ("Bridge", "Hold it.",
                                                               ["red", "blue"], "top-down")
    assert m.properties["turns"] == 12
    assert m.units[0].overrides == {"hp": 30, "level": 3, "reach": 2, "speed": 20, "ac": 17,
                                    "size": "large", "aoo_policy": "never"}


SPRITES = (' <tileset firstgid="101" name="sprites" tilewidth="56" tileheight="64" '
           'tilecount="12" columns="4">\n  <image source="hex.png" width="224" height="192"/>\n'
           ' </tileset>\n')


def test_unit_hex_is_the_center_of_the_object_bounds(folder):
    cx, cy = center(3, 2)
    objs = [unit(1, cx - 18, cy - 20, "rat", name="rect", shape="",  # tiny: may share a hex
                 size=' width="36" height="40"'),
            unit(2, cx - 28, cy + 32, "rat", name="tile", shape="", size=' width="56" height="64"')
            .replace('type="unit"', 'type="unit" gid="101"'),
            unit(3, *center(1, 3), "rat", name="point"),
            unit(4, cx - 200, cy - 100, "rat", name="shifted")]
    layers = object_layer("u", objs[:3]) + object_layer("shifted", objs[3:], 10,
                                                        ' offsetx="200" offsety="100"')
    tilesets = ' <tileset firstgid="1" source="terrain.tsx"/>\n' + SPRITES
    m = load(write(folder, map_xml(tile_layer("ground", grass()) + layers, tileset=tilesets)))
    # a tile object is anchored bottom-left: its bounds are (x, y - h, w, h)
    assert {u.name: (u.col, u.row) for u in m.units} == {
        "rect": (3, 2), "tile": (3, 2), "point": (1, 3), "shifted": (3, 2)}


def test_unit_hex_follows_tiled_picking_near_a_hex_edge(folder):
    # 1 pixel either side of the vertical edge between 1,0 and 2,0 (x = 112)
    objs = [unit(1, 111.5, 32, name="left"), unit(2, 112.5, 32, name="right")]
    m = load(write(folder, map_xml(tile_layer("ground", grass()) + object_layer("u", objs))))
    assert [(u.col, u.row) for u in m.units] == [(1, 0), (2, 0)]


def test_unit_from_a_template(folder):
    # the template's gid counts in its own tileset (sprites.tsx, which the map does not use)
    (folder / "sprites.tsx").write_text(tileset_xml(name="sprites").split(" <tile ")[0]
                                        + "</tileset>\n")
    (folder / "orc.tx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<template>\n'
        ' <tileset firstgid="7" source="sprites.tsx"/>\n'
        ' <object name="" type="unit" gid="8" width="56" height="64">\n'
        '  <properties>\n   <property name="team" value="red"/>\n'
        '   <property name="unit" value="orc"/>\n   <property name="hp" type="int" value="9"/>\n'
        '  </properties>\n </object>\n</template>\n')
    cx, cy = center(2, 2)
    objs = [f'<object id="1" template="orc.tx" x="{cx - 28}" y="{cy + 32}"/>',
            f'<object id="2" template="orc.tx" name="Grok" x="{cx + 28}" y="{cy + 32}">'
            '<properties><property name="hp" type="int" value="20"/></properties></object>']
    m = load(write(folder, map_xml(tile_layer("ground", grass()) + object_layer("u", objs))))
    assert [(u.name, u.unit, u.team, u.col, u.row, u.overrides) for u in m.units] == [
        ("Orc 1", "orc", "red", 2, 2, {"hp": 9}), ("Grok", "orc", "red", 3, 2, {"hp": 20})]


def test_tile_object_inherits_the_tile_class_and_properties(folder):
    extra = (' <tile id="12" type="unit">\n  <properties>\n   <property name="unit" '
             'value="ogre"/>\n   <property name="team" value="green"/>\n  </properties>\n'
             ' </tile>\n')
    (folder / "units.tsx").write_text(tileset_xml(name="units", extra=extra)
                                      .replace('tilecount="12"', 'tilecount="13"'))
    tilesets = (' <tileset firstgid="1" source="terrain.tsx"/>\n'
                ' <tileset firstgid="101" source="units.tsx"/>\n')
    cx, cy = center(1, 1)
    objs = [f'<object id="1" gid="113" x="{cx - 28}" y="{cy + 32}" width="56" height="64"/>']
    m = load(write(folder, map_xml(tile_layer("ground", grass()) + object_layer("u", objs),
                                   tileset=tilesets)))
    assert [(u.name, u.unit, u.team, u.col, u.row) for u in m.units] == [
        ("Ogre 1", "ogre", "green", 1, 1)]


def test_load_map_raises_map_error_with_every_problem(folder):
    objs = [unit(1, *center(1, 1), "nobody"), unit(2, -999, -999)]
    path = write(folder, map_xml(tile_layer("ground", grass()) + object_layer("u", objs)))
    with pytest.raises(MapError) as info:
        load(path)
    assert len(info.value.problems) == 2
    assert "(and 1 more: python -m game validate" in info.value.line()
    hexmap, problems = read_map(path, UNITS)
    assert hexmap is None and len(problems) == 2


def test_overlap_uses_the_footprint_of_the_unit_database_size(folder):
    # docs/rules/02-size-and-reach.md: a large ogre facing 0 at 2,2 covers T(1) = 2,2 3,2 2,1
    layout = TiledLayout(56, 64, 32, "y", "odd")
    covered = {layout.hex_to_tile(h) for h in footprint("large", layout.tile_to_hex(2, 2), 0)}
    assert covered == {(2, 2), (3, 2), (2, 1)}
    objs = [unit(1, *center(2, 2), "ogre", name="Ogre"),
            unit(2, *center(3, 2), "fighter", name="Next door"),
            unit(3, *center(1, 2), "fighter", name="Beside"),
            unit(4, *center(2, 1), "rat", name="Tiny")]  # tiny may share any hex
    _, problems = read_map(write(folder, map_xml(tile_layer("g", grass())
                                                 + object_layer("u", objs))), UNITS,
                           require_sides=False)
    assert [p.message.split(" — ")[0] for p in problems] == [
        "unit 'Next door' overlaps unit 'Ogre' at 3,2"]


def test_the_shipped_unit_database_names_and_checks_the_map_units(folder):
    db = load_units()
    key = sorted(db)[0]
    objs = [unit(1, *center(1, 1), key)]
    m = load_map(write(folder, map_xml(tile_layer("g", grass()) + object_layer("u", objs))),
                 require_sides=False)
    assert m.units[0].unit == key and m.units[0].name == f"{db[key].name} 1"
    # overrides are checked by the unit data itself (game.data.loader.apply_overrides)
    objs = [unit(1, *center(1, 1), key, props='<property name="colour" value="red"/>')]
    _, problems = read_map(write(folder, map_xml(tile_layer("g", grass())
                                                 + object_layer("u", objs)), "o.tmx"),
                           require_sides=False)
    assert len(problems) == 1 and "property 'colour'" in problems[0].message


# --- Tiled itself ---------------------------------------------------------------------------

def test_tiled_round_trip_keeps_terrain_layers_and_units(folder):
    rows = grass()
    rows[1][1], rows[2][2] = STONE_WALL | ROT_120, FOREST | 0x80000000
    (folder / "orc.tx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<template>\n'
        ' <object type="unit">\n  <properties>\n   <property name="team" value="red"/>\n'
        '   <property name="unit" value="orc"/>\n  </properties>\n  <point/>\n </object>\n'
        '</template>\n')
    (folder / "sprites.tsx").write_text(tileset_xml(name="sprites").split(" <tile ")[0]
                                        + "</tileset>\n")
    (folder / "ogre.tx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<template>\n'
        ' <tileset firstgid="1" source="sprites.tsx"/>\n'
        ' <object type="unit" gid="3" width="56" height="64">\n  <properties>\n'
        '   <property name="team" value="red"/>\n   <property name="unit" value="ogre"/>\n'
        '  </properties>\n </object>\n</template>\n')
    cx, cy = center(1, 3)
    objs = [unit(1, *center(3, 3), name="Wulfric", props='<property name="facing" type="int" '
                 'value="2"/>'),
            '<object id="2" template="orc.tx" x="%s" y="%s"/>' % center(4, 1),
            f'<object id="3" template="ogre.tx" name="Big" x="{cx - 28}" y="{cy + 32}"/>']
    body = (tile_layer("ground", rows, 1) + object_layer("units", objs, 2)
            + tile_layer("top", grass(), 3))
    src = write(folder, map_xml(body, props='  <property name="teams" value="blue,red"/>\n'))
    before = load(src)
    for flags in ((), ("--detach-templates",)):
        out = folder / f"export{len(flags)}.tmx"
        tiled_export(src, out, *flags)
        after = load(out)
        assert after.terrain == before.terrain
        assert [(la.name, la.kind, la.gids) for la in after.layers] == \
               [(la.name, la.kind, la.gids) for la in before.layers]
        assert [(u.name, u.unit, u.team, u.col, u.row, u.facing) for u in after.units] == \
               [(u.name, u.unit, u.team, u.col, u.row, u.facing) for u in before.units]
        assert after.teams == ["blue", "red"]
        assert [(u.name, u.col, u.row) for u in after.units][-1] == ("Big", 1, 3)


# --- awareness: the surprise round's unit properties (docs/rules/09-turns-and-actions.md) -----------------------------

def test_unit_awareness_properties_aware_and_hidden(folder):
    """"The GM determines awareness and the position of all the combatants." The map says it:
    `aware` (default true) and `hidden` (default false), booleans, never stat overrides."""
    objs = [unit(1, *center(1, 1), name="Sleeper", props='<property name="aware" type="bool" '
                 'value="false"/>'),
            unit(2, *center(3, 2), name="Lurker", team="red",
                 props='<property name="hidden" type="bool" value="true"/>'),
            unit(3, *center(4, 3), name="Plain", team="red")]
    m = load(write(folder, map_xml(tile_layer("ground", grass()) + object_layer("u", objs))))
    got = {u.name: (u.aware, u.hidden, u.overrides) for u in m.units}
    assert got == {"Sleeper": (False, False, {}), "Lurker": (True, True, {}),
                   "Plain": (True, False, {})}


def test_unit_awareness_property_that_is_not_a_bool_is_one_clear_error(folder):
    objs = [unit(1, *center(1, 1), name="Sleeper",
                 props='<property name="aware" value="maybe"/>')]
    path = write(folder, map_xml(tile_layer("ground", grass()) + object_layer("u", objs)))
    with pytest.raises(MapError) as info:
        load(path)
    line = info.value.line()
    assert "map.tmx" in line and "Sleeper" in line and "'aware' must be a bool" in line
