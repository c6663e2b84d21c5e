"""What a map says for the rule profiles: the map properties `rules` and `lives`, and objects
of class `respawn` (game/tiled/profiles.py; docs/mapping.md "Rule profiles").

The maps are written into tmp_path with the self-contained tileset of test_tiled_loader;
where a test is about Tiled, Tiled itself (`tiled --export-map`) saves the map first.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game import paths
from game.cli import main
from game.tiled.hexmap import DEFAULT_LIVES, RespawnPoint
from game.tiled.loader import load_map, read_map
from test_tiled_loader import (STONE_WALL, UNITS, center, grass, map_xml, object_layer,
                               tile_layer, unit, write_tileset)
from tests.helpers import tiled_export

REPO = paths.REPO_DIR
BAD = Path(__file__).resolve().parent / "badmaps"
SIDES = [unit(1, *center(1, 1), name="Wulfric"), unit(2, *center(4, 3), "orc", "red")]
# The bad maps of the corpus about rule profiles: (line, fragment of the message).
CORPUS = {
    "rules_unknown.tmx": (5, "property 'rules' must be one of lfg|steller|light"),
    "lives_zero.tmx": (5, "property 'lives' must be from 1 to 99, not 0"),
    "respawn_without_team.tmx": (17, "respawn point 'Well' has no 'team' property"),
    "respawn_team_without_units.tmx": (17, "is for team 'green', which has no unit on this"),
    "respawn_outside.tmx": (17, "respawn point 'Cliff' is outside the map (at 9,1"),
    "respawn_on_wall.tmx": (17, "respawn point 'Tower' is on a wall at 2,2 (stone wall)"),
}


def respawn(oid: int, col: int, row: int, team: str | None = "blue", name: str = "",
            cls: str = 'type="respawn"', props: str = "", attrs: str = "") -> str:
    x, y = center(col, row)
    inner = (f'<property name="team" value="{team}"/>' if team is not None else "") + props
    body = f"<properties>{inner}</properties>" if inner else ""
    return f'<object id="{oid}" name="{name}" {cls} x="{x}" y="{y}"{attrs}>{body}<point/></object>'


def write_map(folder: Path, objects=(), props: str = "", rows=None, name="m.tmx") -> Path:
    write_tileset(folder)
    body = tile_layer("ground", rows or grass()) + object_layer("units", SIDES + list(objects))
    path = folder / name
    path.write_text(map_xml(body, props=props))
    return path


def problems(path, db=UNITS) -> list[str]:
    return [str(p) for p in read_map(path, db)[1]]


# ---- rules and lives --------------------------------------------------------------------

def test_a_map_without_them_plays_lfg_with_three_lives_and_no_respawn_points(tmp_path):
    """`rules` absent = lfg; `lives` default 3; K.O. without a free respawn point of its side:
    the nearest free hex."""
    hexmap = load_map(write_map(tmp_path), UNITS)
    assert (hexmap.rules, hexmap.lives, hexmap.respawns) == ("lfg", DEFAULT_LIVES, ())
    assert DEFAULT_LIVES == 3


@pytest.mark.parametrize("rules", ["lfg", "steller", "light"])
def test_every_rule_profile_is_a_map_property(tmp_path, rules):
    """Map property `rules`: lfg | steller | light. The map loader accepts steller: refusing a
    profile a battle cannot play yet is the engine's business."""
    prop = f'  <property name="rules" propertytype="Rules" value="{rules}"/>\n'
    assert load_map(write_map(tmp_path, props=prop)).rules == rules


def test_lives_is_a_whole_number_of_one_or_more(tmp_path):
    """Lives per creature come from the map property `lives` (default 3)."""
    for value, kind in (("1", "int"), ("5", "int"), ("2", "string"), ("4.0", "float")):
        prop = f'  <property name="lives" type="{kind}" value="{value}"/>\n'
        assert load_map(write_map(tmp_path, props=prop), UNITS).lives == int(float(value))


@pytest.mark.parametrize("value,kind,said", [
    ("0", "int", "must be from 1 to 99, not 0"), ("-2", "int", "must be from 1 to 99, not -2"),
    ("100", "int", "must be from 1 to 99, not 100"), ("many", "string", "must be a whole "
                                                                       "number"),
    ("2.5", "float", "must be a whole number"), ("true", "bool", "must be a whole number"),
    ("9" * 40, "int", "must be a whole number of at most 15 digits, not one of 40"),
    ("9" * 5000, "string", "must be a whole number of at most 15 digits, not one of 5000"),
], ids=lambda v: v[:12] if isinstance(v, str) else v)
def test_bad_lives(tmp_path, value, kind, said):
    prop = f'  <property name="lives" type="{kind}" value="{value}"/>\n'
    [line] = problems(write_map(tmp_path, props=prop))
    assert f"m.tmx:4: map: property 'lives' {said}" in line and " — " in line, line


@pytest.mark.parametrize("value", ["dnd", "Light", "", "lfg,light"])
def test_unknown_rules_name_the_allowed_ones(tmp_path, value):
    prop = f'  <property name="rules" value="{value}"/>\n'
    [line] = problems(write_map(tmp_path, props=prop))
    assert "m.tmx:4: map: property 'rules' must be one of lfg|steller|light" in line
    assert line.endswith("to one of: lfg, steller, light")


# ---- respawn points ---------------------------------------------------------------------

def test_respawn_points_on_any_object_layer_are_kept_with_their_hex(tmp_path):
    """Objects of class `respawn` with a property `team`: where a knocked-out creature of that
    side comes back. Their hex is found as for units (the hex under the point)."""
    write_tileset(tmp_path)
    other = object_layer("markers", [respawn(11, 4, 1, "red", name="Red camp")], 12)
    grouped = (' <group id="13" name="more" offsetx="56">\n'
               + object_layer("inner", [respawn(12, 0, 4, "blue")], 14) + " </group>\n")
    body = (tile_layer("ground", grass()) + object_layer("units", SIDES + [
        respawn(10, 0, 0, "blue", name="Blue camp")]) + other + grouped)
    (tmp_path / "m.tmx").write_text(map_xml(body))
    hexmap = load_map(tmp_path / "m.tmx", UNITS)
    assert hexmap.respawns == (RespawnPoint("blue", 0, 0), RespawnPoint("red", 4, 1),
                               RespawnPoint("blue", 1, 4))
    assert [(r.name, r.object_id) for r in hexmap.respawns] == \
        [("Blue camp", 10), ("Red camp", 11), ("", 12)]
    assert len(hexmap.units) == 2                     # a respawn point is not a unit


def test_respawn_point_may_share_a_hex_with_a_starting_unit(tmp_path):
    """A respawn point is chosen when it is free at the time: a unit may start on it."""
    hexmap = load_map(write_map(tmp_path, [respawn(10, 1, 1, "blue")]), UNITS)
    assert hexmap.respawns == (RespawnPoint("blue", 1, 1),)


@pytest.mark.parametrize("obj,said", [
    (respawn(10, 0, 0, None, name="Well"), "m.tmx:16: respawn point 'Well' has no 'team' "
     "property — add a string property team"),
    (respawn(10, 0, 0, " ", name="Well"), "respawn point 'Well' has no 'team' property"),
    (respawn(10, 0, 0, "green", name="Grove"), "m.tmx:16: respawn point 'Grove' is for team "
     "'green', which has no unit on this map — set team to the side of some units: blue, red"),
    (respawn(10, 0, 0, "rde"), "respawn object 10 is for team 'rde', which has no unit on this "
     "map — did you mean 'red'?"),
    (respawn(10, 9, 1, "red", name="Cliff"), "m.tmx:16: respawn point 'Cliff' is outside the "
     "map (at 9,1; the map is 6x5) — move it onto the map"),
    (respawn(10, 0, 7, "red", name="Pit"), "respawn point 'Pit' is outside the map (at 0,7"),
    (respawn(10, 2, 2, "red", name="Tower"), "m.tmx:16: respawn point 'Tower' is on a wall at "
     "2,2 (stone wall): nobody could come back there — move it to a free, passable hex"),
    (respawn(10, 0, 0, "red", props='<property name="unit" value="orc"/>'),
     "respawn object 10: unknown property 'unit' — a respawn point has only team"),
    (respawn(10, 0, 0, "red", cls='type="Respawn"', name="Camp"),
     "'Camp' has the class 'Respawn', not 'respawn' — write the class"),
    (respawn(10, 0, 0, "red", name="Camp", attrs=' visible="0"'),
     "respawn point 'Camp' is hidden in Tiled but would bring creatures back"),
    (respawn(10, 0, 0, "red", cls="", name="Camp"),
     "'Camp' has a team but no class, so it would be left out — set its class (Type in Tiled "
     "1.8) to unit (a creature) or respawn"),
])
def test_bad_respawn_points_are_one_line_each(tmp_path, obj, said):
    rows = grass()
    rows[2][2] = STONE_WALL
    [line] = problems(write_map(tmp_path, [obj], rows=rows))
    assert said in line, line


def test_respawn_on_impassable_ground_that_is_no_wall(tmp_path):
    """Nobody may enter or stand on an impassable hex: no creature can come back there."""
    write_tileset(tmp_path, extra=' <tile id="11">\n  <properties>\n   <property name='
                  '"impassable" type="bool" value="true"/>\n  </properties>\n </tile>\n')
    rows = grass()
    rows[0][3] = 12
    body = tile_layer("ground", rows) + object_layer("units", SIDES + [respawn(10, 3, 0)])
    (tmp_path / "m.tmx").write_text(map_xml(body))
    [line] = problems(tmp_path / "m.tmx")
    assert "respawn object 10 is on impassable terrain at 3,0" in line


def test_notes_and_editor_properties_are_allowed_on_respawn_points(tmp_path):
    extra = '<property name="notes" value="by the well"/><property name="editor_x" value="1"/>'
    path = write_map(tmp_path, [respawn(10, 0, 0, props=extra)])
    assert load_map(path, UNITS).respawns == (RespawnPoint("blue", 0, 0),)


def test_respawn_team_default_comes_from_the_project_file(tmp_path):
    """Tiled 1.9+ leaves a class member at its default out of the map: the project's
    `respawn` class says team = blue."""
    shutil.copy(REPO / "maps" / "hexskirmish.tiled-project", tmp_path / "kit.tiled-project")
    path = write_map(tmp_path, [respawn(10, 0, 0, None, cls='class="respawn"')])
    assert load_map(path, UNITS).respawns == (RespawnPoint("blue", 0, 0),)


# ---- the light rules on a map -----------------------------------------------------------

def test_a_light_map_needs_a_light_stat_block_for_each_kind(tmp_path, monkeypatch):
    """Every creature on a light map plays with its light stat block
    (assets/units/light/<kind>.toml)."""
    from game.data import light
    prop = '  <property name="rules" value="light"/>\n'
    assert load_map(write_map(tmp_path, props=prop)).rules == "light"   # the shipped data
    folder = tmp_path / "light"
    folder.mkdir()
    shutil.copy(light.light_units_dir() / "fighter.toml", folder / "fighter.toml")
    monkeypatch.setattr(light, "light_units_dir", lambda: folder)
    [line] = problems(write_map(tmp_path, props=prop))
    assert "unit 'Orc 1': creature kind 'orc' has no light stat block" in line
    assert line.endswith("add assets/units/light/orc.toml, or use a kind that has one")
    (folder / "orc.toml").write_text(
        "name = \"Orc\"\nhp = true\nsize = \"medium\"\n[[weapons]]\n")
    [line] = problems(write_map(tmp_path, props=prop))      # one line, not one per unit
    assert line.startswith(f"{folder / 'orc.toml'}:2: cannot load the light stat blocks: "
                           "[orc].hp: must be a whole number, got True — write e.g. hp = 1")
    (folder / "orc.toml").write_text("name = \"Orc\"\n")
    [line] = problems(write_map(tmp_path, props=prop))
    assert line.startswith(f"{folder / 'orc.toml'}:1: cannot load the light stat blocks: "
                           "[orc].weapons: missing required field 'weapons'")


def test_a_steller_map_needs_a_steller_stat_block_for_each_kind(tmp_path, monkeypatch, capsys):
    """Every creature on a steller map plays with its steller stat block
    (assets/units/steller/<kind>.toml); a kind without one is one line naming the map, the
    unit and the fix, through `validate` too (exit 2)."""
    from game.data import steller
    prop = '  <property name="rules" value="steller"/>\n'
    assert load_map(write_map(tmp_path, props=prop)).rules == "steller"   # the shipped data
    folder = tmp_path / "steller"
    folder.mkdir()
    shutil.copy(steller.steller_units_dir() / "fighter.toml", folder / "fighter.toml")
    monkeypatch.setattr(steller, "steller_units_dir", lambda: folder)
    path = write_map(tmp_path, props=prop)
    [line] = problems(path)
    assert "unit 'Orc 1': creature kind 'orc' has no steller stat block" in line
    assert line.endswith("add assets/units/steller/orc.toml, or use a kind that has one")
    assert main(["validate", str(path)]) == 2
    [shown] = capsys.readouterr().err.splitlines()
    assert shown.startswith(f"{path}:") and "'orc' has no steller stat block" in shown
    (folder / "orc.toml").write_text("name = \"Orc\"\n")
    [line] = problems(write_map(tmp_path, props=prop))      # one line, not one per unit
    assert f"{folder / 'orc.toml'}" in line and "cannot load the steller stat blocks" in line


# ---- through the command line -----------------------------------------------------------

@pytest.mark.parametrize("name", sorted(CORPUS))
def test_bad_map_through_validate_is_one_line_and_exit_2(name, capsys):
    """`python -m game validate`: exit 2, one line naming the file, the line and the fix."""
    line, fragment = CORPUS[name]
    assert main(["validate", str(BAD / name)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    [shown] = err.splitlines()
    assert shown.startswith(f"{BAD / name}:{line}: ") and fragment in shown
    assert " — " in shown


def test_validate_in_a_fresh_process():
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("HEXSKIRMISH_DEBUG", None)
    result = subprocess.run([sys.executable, "-m", "game", "validate",
                             "tests/badmaps/respawn_on_wall.tmx", "tests/badmaps/lives_zero.tmx"],
                            cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 2 and result.stdout == ""
    assert "Traceback" not in result.stderr
    assert [x.split(":")[0] for x in result.stderr.splitlines()] == \
        ["tests/badmaps/respawn_on_wall.tmx", "tests/badmaps/lives_zero.tmx"]


# ---- the kit and Tiled ------------------------------------------------------------------

def test_the_project_declares_rules_and_the_respawn_class():
    project = json.loads((REPO / "maps" / "hexskirmish.tiled-project").read_text())
    types = {t["name"]: t for t in project["propertyTypes"]}
    assert types["Rules"]["values"] == ["lfg", "steller", "light"]
    assert types["Rules"]["storageType"] == "string"
    members = {m["name"]: m for m in types["respawn"]["members"]}
    assert members["team"]["propertyType"] == "Team" and types["respawn"]["useAs"] == ["object"]
    for orientation in ("pointy", "flat"):
        assert 'type="respawn"' in (REPO / "maps" / "templates" / orientation /
                                    "respawn.tx").read_text()


def test_a_map_saved_by_tiled_keeps_rules_lives_and_respawn_points(tmp_path):
    """Tiled itself saves a map whose designer set `rules` (the project's Rules enum) and
    `lives`, and dropped the shipped respawn template twice: the game reads back what Tiled
    wrote."""
    templates = tmp_path / "templates"
    templates.mkdir()
    shutil.copy(REPO / "maps" / "templates" / "pointy" / "respawn.tx", templates / "respawn.tx")
    (tmp_path / "a.tiled-project").write_text(
        (REPO / "maps" / "hexskirmish.tiled-project").read_text())
    camp = ('<object id="20" name="Red camp" template="templates/respawn.tx" x="{}" y="{}">'
            '<properties><property name="team" propertytype="Team" value="red"/></properties>'
            '</object>').format(*center(5, 4))
    well = '<object id="21" template="templates/respawn.tx" x="{}" y="{}"/>'.format(
        *center(0, 0))
    props = ('  <property name="lives" type="int" value="2"/>\n'
             '  <property name="rules" propertytype="Rules" value="light"/>\n')
    drawn = write_map(tmp_path, [camp, well], props=props, name="drawn.tmx")
    saved = tiled_export(drawn, tmp_path / "saved.tmx")
    text = saved.read_text()
    assert 'template="templates/respawn.tx"' in text and 'name="rules"' in text
    hexmap = load_map(saved)
    assert (hexmap.rules, hexmap.lives) == ("light", 2)
    assert hexmap.respawns == (RespawnPoint("red", 5, 4), RespawnPoint("blue", 0, 0))


def test_shipped_maps_have_a_respawn_point_per_team_near_its_start():
    """duel, skirmish and battle: one or two respawn points per team, on free hexes on that
    team's side of the field."""
    from game.hexgrid import hex_distance
    for name in ("duel", "skirmish", "battle"):
        hexmap = load_map(REPO / "maps" / f"{name}.tmx")
        assert {r.team for r in hexmap.respawns} == set(hexmap.teams), name
        for r in hexmap.respawns:
            here = hexmap.hex_at(r.col, r.row)
            own = min(hex_distance(here, hexmap.hex_at(u.col, u.row))
                      for u in hexmap.units if u.team == r.team)
            foe = min(hex_distance(here, hexmap.hex_at(u.col, u.row))
                      for u in hexmap.units if u.team != r.team)
            assert own < foe and own <= 4, (name, r)


def test_validate_ok_line_names_what_the_map_sets(tmp_path, capsys):
    props = ('  <property name="rules" value="light"/>\n'
             '  <property name="lives" type="int" value="1"/>\n')
    plain = write_map(tmp_path, name="plain.tmx")
    light = write_map(tmp_path, [respawn(10, 0, 0)], props=props, name="light.tmx")
    assert main(["validate", str(plain), str(light)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"{plain}: ok (6 x 5, 2 units)",
        f"{light}: ok (6 x 5, 2 units, light rules, 1 life, 1 respawn point)"]
