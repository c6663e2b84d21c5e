"""Scripted battles: saves with fixed dice and `replay --json` (docs/architecture.md "Command line";
seeds/004 "Death": 18 HP, CON 13, struck for 20 -> -2 HP, unconscious, Bleed 1; dies at -13).

tests/scenarios/bleeding_example.json replays that worked example on a tiny map with fixed
dice: a critical longsword hit for 2d8+6 = 20, a round of bleeding with a failed stabilisation
save, and a last blow to -13 HP.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine.battle import Battle
from game.engine import commands as C
from game.engine.replay import load_replay, save_battle
from game.errors import InputError
from game.tiled.loader import load_map

REPO = Path(__file__).resolve().parent.parent
SCENARIO = REPO / "tests" / "scenarios" / "bleeding_example.json"


def game_process(*args, cwd=REPO, **kw) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(REPO), SDL_VIDEODRIVER="dummy")
    env.pop("HEXSKIRMISH_DEBUG", None)
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120, **kw)


def scenario_copy(tmp_path) -> tuple[Path, dict]:
    for name in ("bleeding_example.json", "bleeding_example.tmx"):
        shutil.copy(SCENARIO.parent / name, tmp_path / name)
    text = (tmp_path / "bleeding_example.tmx").read_text()
    (tmp_path / "bleeding_example.tmx").write_text(
        text.replace("../../assets/", str(REPO / "assets") + "/"))
    save = tmp_path / "bleeding_example.json"
    return save, json.loads(save.read_text())


def test_the_worked_example_of_dying_replays_from_the_command_line():
    out = game_process("replay", str(SCENARIO), "--json", "--verify")
    assert out.returncode == 0, out.stderr
    events = [json.loads(line) for line in out.stdout.splitlines()]
    assert all(isinstance(e, dict) and "type" in e and "command" in e for e in events)
    start = [e for e in events if e["command"] is None]
    assert {e["type"] for e in start} >= {"RoundStarted", "InitiativeRolled", "TurnStarted"}
    assert [e["command"] for e in events if e["command"] is not None] == sorted(
        e["command"] for e in events if e["command"] is not None)

    struck = [e for e in events if e["type"] == "Damaged" and e["command"] == 0]
    assert [(e["unit"], e["amount"], e["hp"]) for e in struck] == [("Veteran", 20, -2)]
    added = {e["condition"]: e["value"] for e in events
             if e["type"] == "ConditionAdded" and e["unit"] == "Veteran" and e["command"] == 0}
    assert added["unconscious"] == 1 and added["bleed"] == 1 and "dying" in added

    bled = [e for e in events if e["type"] == "Damaged" and e["damage_type"] == "biological"]
    assert [(e["amount"], e["hp"]) for e in bled] == [(1, -3)]
    died = [e for e in events if e["type"] == "Died"]
    last_blow = [e for e in events if e["type"] == "Damaged" and e["command"] == 3]
    assert [e["unit"] for e in died] == ["Veteran"] and died[0]["command"] == 3
    assert last_blow[0]["hp"] == -13      # dies at -CON score (CON 13)
    assert not [e for e in events if e["type"] == "Died" and e["command"] != 3]


def test_the_example_map_gives_the_creature_18_hp_and_con_13():
    battle = load_replay(SCENARIO)
    veteran = next(p for p in battle.hexmap.units if p.name == "Veteran")
    assert veteran.overrides["hp"] == 18 and veteran.overrides["con"] == 13
    assert battle.dice.fixed_used == len(battle.dice.fixed)


def test_without_the_fixed_dice_the_same_commands_play_out_otherwise(tmp_path):
    save, data = scenario_copy(tmp_path)
    del data["dice"]
    save.write_text(json.dumps(data))
    try:
        battle = load_replay(save)
    except InputError as err:             # the seeded dice may make a command illegal
        assert "command" in err.line()
        return
    assert battle.state_hash() != data["state_hash"]


@pytest.mark.parametrize("index,roll,message", [
    (3, {"die": "d6", "value": 4}, "command 0: corrupt save: fixed roll 3 is a d6, but the "
                                   "rules roll a d20 here"),
    (5, {"die": "d8", "value": 9}, "command 0: corrupt save: fixed roll 5 shows 9 on a d8"),
    (9, {"die": "d8", "value": 0}, "command 3: corrupt save: fixed roll 9 shows 0 on a d8"),
    (0, {"die": "d12", "value": 3}, "battle start: corrupt save: fixed roll 0 is a d12"),
])
def test_a_fixed_roll_that_does_not_fit_names_the_file_and_the_command(tmp_path, index, roll,
                                                                         message, cli):
    """The first case in a new process, the others through the same entry point in this one
    (tests/conftest.py `cli`)."""
    save, data = scenario_copy(tmp_path)
    data["dice"][index] = roll
    save.write_text(json.dumps(data))
    out = cli("replay", save)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.splitlines() == [out.stderr.strip()]
    assert out.stderr.startswith(f"{save}:") and message in out.stderr


def test_fixed_dice_survive_a_save_and_load(tmp_path):
    save, data = scenario_copy(tmp_path)
    battle = load_replay(save)
    assert battle.apply(C.EndTurn("Raider")).ok
    again = tmp_path / "again.json"
    save_battle(battle, again)
    written = json.loads(again.read_text())
    assert written["dice"] == data["dice"]
    assert written["map"] == "bleeding_example.tmx"
    assert load_replay(again).state_hash() == battle.state_hash()


def test_fixed_rolls_still_to_come_are_part_of_the_state():
    hexmap = load_map(SCENARIO.with_suffix(".tmx"))
    rolls = [("d20", 18), ("d20", 5), ("d20", 3)]
    plain = Battle(hexmap, seed=5, fixed_dice=rolls)
    fixed = Battle(hexmap, seed=5, fixed_dice=rolls + [("d6", 6)])
    assert fixed.dice.fixed_used == plain.dice.fixed_used == 3
    assert fixed.state()["dice"][-1] == [["d6", 6]]
    assert plain.state_hash() != fixed.state_hash()
