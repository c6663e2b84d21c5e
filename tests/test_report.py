"""`inspect` and `path` (docs/architecture.md "Command line"): the JSON contract and one-line errors."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.report import run_inspect, run_path
from game.tiled.plan import MapPlan, Unit, write_map

REPO = Path(__file__).resolve().parent.parent
OPEN_FIELD = """
........
........
........
........
........
"""


@pytest.fixture
def orc_field(tmp_path):
    plan = MapPlan("field.tmx", "Field", "", "y", "blue,red", OPEN_FIELD,
                   [Unit("Hero", "fighter", "blue", 1, 2), Unit("Orc", "orc", "red", 4, 2)])
    return write_map(plan, tmp_path / "field.tmx")


def run_json(fn, *args, capsys):
    assert fn(*args, as_json=True) == 0
    return json.loads(capsys.readouterr().out)


def test_path_json_marks_the_hex_whose_exit_provokes_rules_4(orc_field, capsys):
    facts = run_json(run_path, orc_field, "Hero", "6,2", capsys=capsys)
    assert set(facts) == {"unit", "to", "reachable", "cost", "path", "provokes", "big_actions",
                          "safe_path", "safe_cost"}
    assert facts["unit"] == "Hero" and facts["to"] == [6, 2] and facts["reachable"]
    assert facts["path"][-1] == [6, 2] and len(facts["path"]) == facts["cost"]
    assert facts["provokes"] == [{"hex": facts["provokes"][0]["hex"], "by": ["Orc"]}]
    assert facts["big_actions"] == 1
    # the safe path goes around the orc's reach and costs more
    assert facts["safe_path"][-1] == [6, 2] and facts["safe_cost"] > facts["cost"]


def test_path_without_provocation_has_equal_safe_path(orc_field, capsys):
    facts = run_json(run_path, orc_field, "Hero", "0,0", capsys=capsys)
    assert facts["provokes"] == [] and facts["safe_path"] == facts["path"]


def test_inspect_json_shape_and_pairs_rules_1_2(orc_field, capsys):
    facts = run_json(run_inspect, orc_field, capsys=capsys)
    assert facts["map"] == {"width": 8, "height": 5, "stagger_axis": "y", "stagger_index": "odd"}
    hero, orc = facts["units"]
    assert hero["name"] == "Hero" and hero["hexes"] == [[1, 2]] and hero["reach"] == 1
    assert len(hero["threatens"]) == 6 and [1, 2] not in hero["threatens"]
    assert {p["attacker"] + ">" + p["target"] for p in facts["pairs"]} == {"Hero>Orc", "Orc>Hero"}
    pair = facts["pairs"][0]
    assert pair["distance"] == 3 and pair["line_of_effect"] and pair["cover"] == "none"
    assert pair["in_reach"] is False
    # a fighter can throw its javelin at 15 ft: a real hit chance, not null
    assert 0 < pair["hit_chance"] < 1


def test_inspect_under_the_light_rules_nulls_the_default_rules_facts(tmp_path, capsys):
    """Under --rules light the shared facts stay, the default rules' numbers are null, and a
    pair's hit chance is the light forecast of an attack the attacker could make now: the
    orc beside the hero has one, the archer's bow none against a neighbour's ally."""
    plan = MapPlan("near.tmx", "Near", "", "y", "blue,red", OPEN_FIELD,
                   [Unit("Hero", "fighter", "blue", 1, 2), Unit("Orc", "orc", "red", 2, 2),
                    Unit("Bow", "archer", "red", 6, 2)])
    near = write_map(plan, tmp_path / "near.tmx")
    assert run_inspect(near, as_json=True, rules="light") == 0
    facts = json.loads(capsys.readouterr().out)
    assert facts["rules"] == "light"
    hero = facts["units"][0]
    assert hero["hexes"] == [[1, 2]] and hero["hp"] > 0 and hero["in_hand"]
    assert [hero[k] for k in ("ac", "reach", "speed", "threatens", "flanked")] == [None] * 5
    pairs = {(p["attacker"], p["target"]): p for p in facts["pairs"]}
    close = pairs["Orc", "Hero"]
    assert close["distance"] == 1 and close["line_of_effect"] and close["cover"] == "none"
    assert close["in_reach"] is None and close["concealment"] is None
    assert 0 < close["hit_chance"] <= 1
    assert pairs["Orc", "Bow"]["hit_chance"] is None          # an ally: no attack on it
    assert run_path(near, "Hero", "0,0", as_json=True, rules="light") == 0
    path = json.loads(capsys.readouterr().out)
    assert path["cost"] >= 1 and path["path"][-1] == [0, 0]
    assert path["reachable"] is None and path["safe_path"] is None


def test_inspect_shipped_maps_human_form(cli):
    """The first map in a new process, the second through the same entry point in this one
    (tests/conftest.py `cli`)."""
    for name in ("duel", "skirmish"):
        out = cli("inspect", REPO / "maps" / f"{name}.tmx")
        assert out.returncode == 0, out.stderr
        assert "attacker" in out.stdout and "Traceback" not in out.stderr


@pytest.mark.parametrize("args, fragment", [
    (["Nobody", "1,1"], "no unit named 'Nobody'"),
    (["Hero", "99,1"], "outside the map"),
    (["Hero", "one,two"], "write it as COL,ROW"),
])
def test_path_bad_input_is_one_line_exit_2(orc_field, args, fragment, cli):
    out = cli("path", orc_field, *args)
    assert out.returncode == 2
    assert fragment in out.stderr and len(out.stderr.strip().splitlines()) == 1
    assert "Traceback" not in out.stderr


def test_inspect_missing_map_is_one_line_exit_2(tmp_path):
    out = subprocess.run([sys.executable, "-m", "game", "inspect", str(tmp_path / "nope.tmx")],
                         cwd=REPO, capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1
