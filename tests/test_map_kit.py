"""The map designer's kit (docs/mapping.md): the Tiled project file and its property types,
unit templates with tokens, class defaults of Tiled 1.9+, editor-only unit properties, and
`python -m game new-map`. Maps that prove a point about Tiled are written by Tiled itself."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path


from game import paths
from game.cli import main
from game.hexgrid import TiledLayout
from game.tiled.loader import load_map, read_map
from game.tiled.newmap import write_new_map
from tests.helpers import tiled_export

REPO = paths.REPO_DIR
sys.path.insert(0, str(REPO / "tools"))
import make_map_kit  # noqa: E402

POINTY = TiledLayout(56, 64, 32, "y", "odd")


def test_committed_kit_matches_the_unit_files():
    """Run tools/make_map_kit.py after changing assets/units: this fails until then."""
    from game.data import load_units
    units = load_units()
    files = make_map_kit.text_files(units, make_map_kit.token_sizes(units, False, REPO))
    for rel, text in files.items():
        assert (REPO / rel).read_text(encoding="utf-8") == text, f"{rel} is out of date"
    project = json.loads((REPO / "maps" / "hexskirmish.tiled-project").read_text())
    kinds = next(t for t in project["propertyTypes"] if t["name"] == "UnitKind")
    assert kinds["values"] == sorted(p.stem for p in (REPO / "assets" / "units").glob("*.toml"))
    for orientation in ("pointy", "flat"):
        for key in units:
            token = REPO / "assets/tilesets" / f"unit-tokens-{orientation}" / f"{key}.png"
            assert token.is_file()


def copy_template(folder: Path, orientation: str, key: str) -> str:
    """The shipped template of `key`, next to a test map, its tileset path still pointing to
    the shipped token tileset."""
    src = REPO / "maps" / "templates" / orientation / f"{key}.tx"
    tsx = REPO / "assets" / "tilesets" / f"unit-tokens-{orientation}.tsx"
    (folder / "templates").mkdir(exist_ok=True)
    text = src.read_text().replace(
        f"../../../assets/tilesets/unit-tokens-{orientation}.tsx",
        Path(os.path.relpath(tsx, folder / "templates")).as_posix())
    (folder / "templates" / f"{key}.tx").write_text(text)
    return f"templates/{key}.tx"


def test_units_placed_from_templates_survive_tiled_and_stand_where_dropped(tmp_path):
    new = write_new_map(tmp_path / "base.tmx", "12x10", "pointy")
    text = new.read_text()
    ogre, knight = copy_template(tmp_path, "pointy", "ogre"), copy_template(tmp_path, "pointy",
                                                                           "knight")
    ox, oy = POINTY.tile_center(5, 4)
    kx, ky = POINTY.tile_center(8, 7)
    instances = (
        f'  <object id="10" name="Grok" template="{ogre}" x="{ox}" y="{oy}">\n'
        '   <properties><property name="team" propertytype="Team" value="red"/></properties>\n'
        '  </object>\n'
        f'  <object id="11" name="Sir Kay" template="{knight}" x="{kx}" y="{ky}"/>\n')
    (tmp_path / "drawn.tmx").write_text(text.replace(" </objectgroup>", instances +
                                                     " </objectgroup>"))
    saved = tiled_export(tmp_path / "drawn.tmx", tmp_path / "saved.tmx")
    assert 'template="templates/ogre.tx"' in saved.read_text()
    units = {u.name: u for u in load_map(saved).units}
    assert (units["Grok"].unit, units["Grok"].team, units["Grok"].col, units["Grok"].row) == \
        ("ogre", "red", 5, 4)
    assert (units["Sir Kay"].unit, units["Sir Kay"].team, units["Sir Kay"].col,
            units["Sir Kay"].row) == ("knight", "blue", 8, 7)


def class_object(extra_props: str) -> str:
    x, y = POINTY.tile_center(3, 3)
    return (f'  <object id="7" name="Scout" class="unit" x="{x}" y="{y}">\n   <properties>\n'
            f'    <property name="unit" propertytype="UnitKind" value="rogue"/>\n{extra_props}'
            '   </properties>\n   <point/>\n  </object>\n')


def tiled19_map(folder: Path, extra_props: str = "") -> Path:
    """A map as Tiled 1.9+ saves it: `class="unit"`, members at their default left out."""
    base = folder / "base.tmx"
    text = (base if base.exists() else write_new_map(base, "8x8", "pointy")).read_text()
    text = text.replace(" </objectgroup>", class_object(extra_props) + " </objectgroup>")
    path = folder / "m19.tmx"
    path.write_text(text.replace('version="1.8" tiledversion="1.8.2"',
                                 'version="1.10" tiledversion="1.10.2"'))
    return path


def test_members_left_at_their_default_come_from_the_project_file(tmp_path):
    (tmp_path / "kit.tiled-project").write_text(
        (REPO / "maps" / "hexskirmish.tiled-project").read_text())
    scout = next(u for u in load_map(tiled19_map(tmp_path)).units if u.name == "Scout")
    assert (scout.unit, scout.team, scout.facing, scout.col, scout.row) == \
        ("rogue", "blue", 0, 3, 3)
    project = json.loads((tmp_path / "kit.tiled-project").read_text())
    unit_class = next(t for t in project["propertyTypes"] if t["name"] == "unit")
    team = next(m for m in unit_class["members"] if m["name"] == "team")
    team["value"] = "red"
    (tmp_path / "kit.tiled-project").write_text(json.dumps(project))
    scout = next(u for u in load_map(tmp_path / "m19.tmx").units if u.name == "Scout")
    assert scout.team == "red"


def test_without_the_project_file_a_missing_team_is_reported(tmp_path):
    _, problems = read_map(tiled19_map(tmp_path))
    assert [p.message.split(" — ")[0] for p in problems] == [
        "unit 'Scout' has no 'team' property"]


def test_editor_only_unit_properties_are_allowed_others_refused(tmp_path):
    (tmp_path / "kit.tiled-project").write_text(
        (REPO / "maps" / "hexskirmish.tiled-project").read_text())
    ok = ('    <property name="notes" value="waits by the bridge"/>\n'
          '    <property name="editor_colour" value="green"/>\n')
    assert load_map(tiled19_map(tmp_path, ok)).units
    bad = tiled19_map(tmp_path, ok + '    <property name="mood" value="grim"/>\n')
    _, problems = read_map(bad)
    assert len(problems) == 1 and "'mood'" in problems[0].message


def test_new_map_passes_validate_and_tiled_opens_it(tmp_path, capsys):
    for orientation in ("pointy", "flat"):
        path = tmp_path / f"{orientation}.tmx"
        assert main(["new-map", str(path), "--size", "20x14", "--orientation", orientation]) == 0
        assert main(["validate", str(path)]) == 0
        hexmap = load_map(path)
        assert (hexmap.width, hexmap.height) == (20, 14) and hexmap.teams == ["blue", "red"]
        assert {u.team for u in hexmap.units} == {"blue", "red"}
        assert all(t.name == "grass" for t in hexmap.terrain)
        again = load_map(tiled_export(path, tmp_path / f"{orientation}-saved.tmx"))
        assert [(u.name, u.col, u.row) for u in again.units] == \
            [(u.name, u.col, u.row) for u in hexmap.units]


def test_new_map_refuses_bad_input_without_writing(tmp_path, capsys):
    path = tmp_path / "m.tmx"
    path.write_text("mine")
    assert main(["new-map", str(path)]) == 2
    assert path.read_text() == "mine"
    assert main(["new-map", str(tmp_path / "n.tmx"), "--size", "3x900"]) == 2
    assert main(["new-map", str(tmp_path / "n.tmx"), "--size", "big"]) == 2
    assert main(["new-map", str(tmp_path / "nowhere" / "n.tmx")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 4 and "already exists" in err[0] and "from 4 to 200" in err[1]
    assert not (tmp_path / "n.tmx").exists()


def test_terrain_class_of_the_project_matches_what_the_game_assumes():
    """Tiled 1.9+ shows the members of the tile class `terrain` and saves only the changed
    ones; their defaults must be what the loader assumes for a property left out."""
    from dataclasses import asdict

    from game.tiled.hexmap import OPEN_GROUND
    from game.tiled.loader import TERRAIN_PROPS
    project = json.loads((REPO / "maps" / "hexskirmish.tiled-project").read_text())
    terrain = next(t for t in project["propertyTypes"] if t["name"] == "terrain")
    defaults = {m["name"]: m["value"] for m in terrain["members"]}
    assert set(defaults) == set(TERRAIN_PROPS)
    game_defaults = {("terrain" if k == "name" else k): v for k, v in asdict(OPEN_GROUND).items()}
    assert defaults == game_defaults


def test_terrain_brush_paints_the_tile_of_each_terrain():
    from game.tiled.xmlsafe import parse_file
    for name in ("hex-pointy", "hex-flat"):
        root = parse_file(REPO / "assets" / "tilesets" / f"{name}.tsx")
        terrain_of = {int(t.get("id")): t.find("properties/property[@name='terrain']").get("value")
                      for t in root.findall("tile")}
        assert {t.get("type") for t in root.findall("tile")} == {"terrain"}
        wangset = root.find("wangsets/wangset")
        colours = wangset.findall("wangcolor")
        assert [c.get("name") for c in colours] == [terrain_of[i] for i in sorted(terrain_of)]
        for tile in wangset.findall("wangtile"):
            colour = colours[int(tile.get("wangid").split(",")[0]) - 1]
            assert set(tile.get("wangid").split(",")) == {tile.get("wangid").split(",")[0]}
            assert terrain_of[int(tile.get("tileid"))] == colour.get("name")


def test_the_mapping_guide_names_every_property_and_its_pictures_exist():
    import re

    from game.tiled.loader import TERRAIN_PROPS, UNIT_OVERRIDES
    guide = (REPO / "docs" / "mapping.md").read_text()
    for name in [*TERRAIN_PROPS, *UNIT_OVERRIDES, "unit", "team", "facing", "conditions",
                 "notes", "title", "description", "teams", "initiative", "rules", "lives",
                 "respawn"]:
        assert f"`{name}`" in guide, f"docs/mapping.md does not explain `{name}`"
    pictures = re.findall(r"\]\((mapping/[^)]+\.png)\)", guide)
    assert len(pictures) >= 5
    for picture in pictures:
        assert (REPO / "docs" / picture).is_file(), picture


def test_the_map_made_with_the_guide_places_every_unit_from_a_template():
    path = REPO / "maps" / "bridge.tmx"
    hexmap = load_map(path)
    assert hexmap.title == "The old bridge" and hexmap.teams == ["blue", "red"]
    assert {u.team for u in hexmap.units} == {"blue", "red"}
    objects = [line for line in path.read_text().splitlines() if "<object " in line]
    assert len(objects) == len(hexmap.units)
    assert all('template="templates/pointy/' in line for line in objects)
