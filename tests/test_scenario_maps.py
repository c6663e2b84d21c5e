"""Objectives, regions, story text and reinforcements as map data (docs/mapping.md "Objectives
and events"): what the loader reads, and every mistake `validate` names at once, each on one
line naming the file, the object and the fix, with exit status 2."""
from __future__ import annotations

import json
import re

from game import paths
from game.tiled.loader import load_map, read_map
from tests.helpers import assert_refused
from scenario_maps import creature, prop, region, reinforcement_layer, scenario_map, thing

SIDES = [creature(1, "Wulfric", 1, 1), creature(2, "Maud", 1, 3),
         creature(3, "Grak", 7, 2, "orc", "red")]


def test_objectives_regions_and_stories_are_read_from_the_map(tmp_path):
    path = scenario_map(tmp_path, SIDES, [
        region(20, "Ford", [(4, 2), (5, 2)]),
        thing(21, "objective", team="blue", kind="hold", target="Ford", rounds=2),
        thing(22, "objective", team="blue", kind="protect", target="Maud"),
        thing(23, "objective", team="red", kind="defeat_leader", target="Wulfric"),
        thing(24, "story", text="The ford must hold.", when="start")],
        props=prop("round_limit", 6) + "\n" + prop("round_limit_winner", "blue"))
    scenario = load_map(path).scenario
    assert scenario.regions["Ford"].cells == frozenset({(4, 2), (5, 2)})
    assert [(o.team, o.kind, o.target) for o in scenario.objectives] == [
        ("blue", "hold", "Ford"), ("blue", "protect", "Maud"),
        ("red", "defeat_leader", "Wulfric")]
    assert scenario.objectives[0].describe() == "Hold Ford for 2 rounds"
    assert [s.text for s in scenario.stories] == ["The ford must hold."]
    assert (scenario.round_limit, scenario.round_limit_winner) == (6, "blue")


def test_a_polygon_region_covers_the_hexes_whose_centre_is_inside(tmp_path):
    shape = ('<object id="20" name="Camp" type="region" x="100" y="40">'
             '<polygon points="0,0 120,0 120,60 0,60"/></object>')
    scenario = load_map(scenario_map(tmp_path, SIDES, [shape])).scenario
    assert scenario.regions["Camp"].cells == frozenset({(1, 1), (2, 1)})


def test_reinforcements_wait_on_their_layer_and_are_not_on_the_battlefield(tmp_path):
    late = [creature(30, "Orla", 8, 4, "orc", "red")]
    hexmap = load_map(scenario_map(tmp_path, SIDES, layers=reinforcement_layer(late, 3)))
    assert "Orla" not in [u.name for u in hexmap.units]
    group, = hexmap.scenario.reinforcements
    assert (group.round, [u.name for u in group.units]) == (3, ["Orla"])


def test_a_map_without_scenario_objects_has_an_empty_scenario(tmp_path):
    assert not load_map(scenario_map(tmp_path, SIDES)).scenario


def test_validate_names_every_scenario_mistake_at_once(tmp_path, cli):
    """The bad inputs of the objectives: a missing creature or region, a region off the map, a
    round limit of 0, reinforcements onto a wall or an occupied hex."""
    late = [creature(30, "Orla", 7, 2, "orc", "red"), creature(31, "Bran", -3, 2, "orc", "red")]
    path = scenario_map(tmp_path, SIDES, [
        region(20, "Nowhere", [(40, 40)]),
        thing(21, "objective", team="blue", kind="defeat_leader", target="Gruk"),
        thing(22, "objective", team="red", kind="hold", target="Hill", rounds=2),
        thing(23, "story", text="Too late!", when="falls", target="Nobody")],
        layers=reinforcement_layer(late, 3), props=prop("round_limit", 0))
    err = assert_refused(cli("validate", path), "scenario.tmx", lines=None)
    lines = err.splitlines()
    for fragment in ("round_limit is 0", "region 'Nowhere' covers no hex of the map",
                     "names creature 'Gruk', which is not on the map",
                     "names region 'Hill', which the map does not have",
                     "waits for creature 'Nobody' to fall",
                     "reinforcement 'Orla' would arrive on Grak's hex at 7,2",
                     "reinforcement 'Bran' arrives outside the map"):
        assert sum(fragment in line for line in lines) == 1, (fragment, err)
    assert all(re.match(r".+scenario\.tmx:\d+: .+ — .+", line) for line in lines), err


def test_a_reinforcement_onto_a_wall_is_refused(tmp_path):
    from test_tiled_loader import STONE_WALL, grass
    from test_tiled_loader import map_xml, object_layer, tile_layer, write_tileset
    write_tileset(tmp_path)
    rows = grass(10, 6)
    rows[4][8] = STONE_WALL
    body = (tile_layer("ground", rows) + object_layer("Units", SIDES)
            + reinforcement_layer([creature(30, "Orla", 8, 4, "orc", "red")], 2))
    path = tmp_path / "wall.tmx"
    path.write_text(map_xml(body, 10, 6))
    assert [p.message.split(" — ")[0] for p in read_map(path)[1]] == [
        "reinforcement 'Orla' would arrive on a wall at 8,4"]


def test_objectives_must_name_the_right_side_and_agree_on_join(tmp_path):
    path = scenario_map(tmp_path, SIDES, [
        thing(21, "objective", team="blue", kind="defeat_leader", target="Maud"),
        thing(22, "objective", team="blue", kind="protect", target="Grak"),
        thing(23, "objective", team="red", kind="survive", rounds=3, join="all"),
        thing(24, "objective", team="red", kind="defeat_all")])
    messages = [p.message for p in read_map(path)[1]]
    assert len(messages) == 3, messages
    assert "'Maud' is on team blue, its own side" in messages[0]
    assert "'Grak' is on team red, not blue" in messages[1]
    assert "objectives disagree" in messages[2]


def test_the_tiled_project_declares_the_scenario_classes_and_enums():
    project = json.loads((paths.REPO_DIR / "maps" / "hexskirmish.tiled-project").read_text())
    types = {t["name"]: t for t in project["propertyTypes"]}
    assert types["ObjectiveKind"]["values"] == ["defeat_all", "defeat_leader", "hold", "reach",
                                                "protect", "survive"]
    assert {m["name"] for m in types["objective"]["members"]} >= {
        "team", "kind", "target", "rounds", "count", "join"}
    assert types["reinforcements"]["useAs"] == ["layer"]
    assert types["region"]["useAs"] == ["object"] and types["story"]["useAs"] == ["object"]


def test_the_shipped_scenario_map_validates_with_its_objectives_and_second_wave(cli):
    path = paths.REPO_DIR / "maps" / "bridge_hold.tmx"
    out = cli("validate", path)
    assert out.returncode == 0, out.stderr
    assert "3 objectives, 1 reinforcement layer, round limit 8" in out.stdout
    scenario = load_map(path).scenario
    assert {o.kind for o in scenario.objectives} == {"hold", "defeat_leader"}
    assert scenario.round_limit == 8 and scenario.round_limit_winner == "red"
    assert {s.when for s in scenario.stories} == {"start", "enter", "falls"}
    wave, = scenario.reinforcements
    assert wave.round == 2 and len(wave.units) == 3


def test_the_light_rules_do_not_play_objectives_yet(tmp_path):
    path = scenario_map(tmp_path, SIDES, [thing(21, "objective", team="blue", kind="survive",
                                                 rounds=2)],
                        props=prop("rules", "light"))
    messages = [p.message for p in read_map(path)[1]]
    assert any("the light rules do not play objectives" in m for m in messages), messages


def test_a_minion_cannot_arrive_later(tmp_path):
    late = [creature(30, "Orla", 8, 4, "orc", "red"),
            creature(31, "Gob", 8, 2, "goblin", "red").replace(
                "</properties>", prop("leader", "Orla") + "</properties>")]
    messages = [p.message for p in read_map(scenario_map(
        tmp_path, SIDES, layers=reinforcement_layer(late, 2)))[1]]
    assert len(messages) == 1 and "reinforcement 'Gob' follows a leader" in messages[0]


def test_tiled_keeps_the_scenario_objects_in_its_json_format(tmp_path):
    """Tiled itself saves the map as .tmj: the same regions, objectives and reinforcements."""
    from tests.helpers import tiled_export
    late = [creature(30, "Orla", 8, 4, "orc", "red")]
    source = scenario_map(tmp_path, SIDES, [
        region(20, "Ford", [(4, 2), (5, 2)]),
        thing(21, "objective", team="blue", kind="hold", target="Ford", rounds=2)],
        layers=reinforcement_layer(late, 3))
    exported = tiled_export(source, tmp_path / "scenario.tmj")
    a, b = load_map(source).scenario, load_map(exported).scenario
    assert b.regions["Ford"].cells == a.regions["Ford"].cells == frozenset({(4, 2), (5, 2)})
    assert [o.kind for o in b.objectives] == ["hold"]
    assert [(g.round, [u.name for u in g.units]) for g in b.reinforcements] == [(3, ["Orla"])]


def test_a_scenario_map_played_with_the_light_rules_is_one_clear_line(cli):
    """`--rules light` on a map with objectives: refused in one line naming the map and the
    fix, exit status 2 (the light rules do not play objectives yet)."""
    out = cli("simulate", "bridge_hold", "--rules", "light", "--sides", "ai,ai", "--games", "1")
    line = assert_refused(out, "bridge_hold.tmx", "do not play the map's objectives",
                          "--rules lfg")
    assert "Traceback" not in line


def test_a_region_with_broken_numbers_is_one_line_not_a_crash(tmp_path):
    shapes = ['<object id="20" name="Bad" type="region" x="10" y="10">'
              '<polygon points="0,0 5 8,8"/></object>',
              '<object id="21" name="Huge" type="region" x="1e308" y="0" width="1e308" '
              'height="1e308" rotation="45"/>',
              '<object id="22" name="Spot" type="region" x="10" y="10"><point/></object>']
    messages = [p.message.split(" — ")[0] for p in read_map(scenario_map(tmp_path, SIDES,
                                                                           shapes))[1]]
    assert "<polygon> point '5' is not two numbers from -1e+06 to 1e+06" in messages
    assert any("height='1e308' is not a number" in m for m in messages)
    assert "region 'Spot' is a point, which has no area" in messages
