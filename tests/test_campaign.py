"""Campaigns (docs/mapping.md "Campaigns"): the survivors of a battle carry their hit points,
injuries and experience into the next, level up between battles by the default rules' levels,
recruits join, the progress is saved and resumed in a new process, and a bad campaign file
is refused in one line. Real maps and battles, played through the engine's commands."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from game.ai.games import make_player
from game.data.loader import load_units
from game.engine.campaign_battle import campaign_battle
from game.engine.campaign_file import read_campaign
from game.engine.campaign_flow import after_battle, go_on, offered, stage_battle, \
    start_campaign
from game.engine.campaign_roster import WIN_XP, XP_PER_LEVEL, Veteran, between_battles, \
    hr_at
from game.engine.campaign_save import progress_path, read_progress, write_progress
from game.engine import events as E
from game.errors import InputError
from game.rules.health import injured_threshold
from game.tiled.loader import load_map
from scenario_maps import creature, scenario_map, thing

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "maps" / "campaigns" / "border_march" / "campaign.toml"

CAMPAIGN = """title = "Two fights"
player = "blue"
intro = "A test of the march."
[[battle]]
map = "one.tmx"
story = "First."
recruits = [{ name = "Wren", unit = "archer" }, { name = "Odo", unit = "cleric" }]
picks = PICKS
[[battle]]
map = "two.tmx"
story = "Second."
"""


def small_campaign(folder: Path, picks: int = 1, places_in_two: int = 3) -> Path:
    """Two battles on open grass: a knight and an archer against one goblin of 1 hit point,
    then `places_in_two` places of blue against a goblin."""
    scenario_map(folder, [creature(1, "Aldric", 1, 1, "knight"),
                          creature(2, "Sela", 1, 3, "archer"),
                          creature(3, "Snag", 2, 1, "goblin", "red", facing=3, hp=1)],
                 [thing(20, "story", text="First blood.")], name="one.tmx")
    places = [creature(1 + k, f"Place {k + 1}", 1, 1 + k) for k in range(places_in_two)]
    scenario_map(folder, places + [creature(9, "Rikk", 8, 2, "goblin", "red", facing=3)],
                 name="two.tmx")
    path = folder / "campaign.toml"
    path.write_text(CAMPAIGN.replace("PICKS", str(picks)))
    return path


def play_out(battle, seed: str = "t") -> None:
    """The computer plays every side until the battle is over."""
    players = {t: make_player("ai", f"{seed}:{t}") for t in set(battle.teams_of.values())}
    for _ in range(2000):
        if battle.awaiting() == "over":
            return
        _, who = battle.decider()
        battle.apply(players[battle.teams_of[who]].command(battle))
    raise AssertionError("the battle did not end")


@pytest.fixture(scope="module")
def first_won(tmp_path_factory):
    """The small campaign after its first battle, won."""
    folder = tmp_path_factory.mktemp("campaign")
    progress = start_campaign(read_campaign(small_campaign(folder)), seed=4)
    battle = stage_battle(progress)
    play_out(battle)
    assert battle.winner == "blue"
    return progress, battle, after_battle(progress, battle)


def test_survivors_keep_their_hit_points_and_lasting_injuries_into_the_next_battle(tmp_path):
    """The default rules: "All damage taken is cumulative and remains until you are healed or
    until you regain HP by resting." A veteran at 4 of 22 hit points with a broken arm starts
    the next battle at 4, Injured, the arm still broken."""
    hexmap = load_map(small_campaign(tmp_path) .parent / "two.tmx")
    veteran = Veteran("Aldric", "knight", 2, 4, 22, 2, injuries=("broken_arm",))
    battle = campaign_battle(hexmap, "blue", [veteran], seed=1)
    u = battle.view().unit("Aldric")
    assert (u.hp, u.max_hp) == (4, 22) and 4 <= injured_threshold(22)
    assert "injured" in u.conditions and "broken_arm" in u.conditions
    assert not battle.view().has_unit("Place 2")        # an unused place stays empty


def test_a_long_rest_between_battles_heals_a_hit_point_per_level_and_per_con_mod():
    """The default rules: "When you complete a Long Rest, you heal +1 HP per Level, and an
    additional +1 HP per CON Mod"."""
    units = load_units()
    knight = units["knight"]                           # CON 14: +2
    rested = between_battles([Veteran("Aldric", "knight", 2, 4, 22, 2)], units)[0]
    assert rested.hp == 4 + 2 + knight.mod("con")
    full = between_battles([Veteran("Aldric", "knight", 2, 21, 22, 2)], units)[0]
    assert full.hp == 22                               # never above the maximum


def test_a_level_brings_the_class_hit_points_plus_con_and_the_levels_hit_rating():
    """The default rules: "You gain a set number of HP each character level as indicated by
    your character class. Each level, you also gain an amount of HP equal to your CONMod."
    and "High HR = [0.74xlvl], round down, +1". A fighter (8 HP a level, CON 14) with the
    experience for level 3 gains 10 hit points and HR 3, and plays level 3 in the engine."""
    units = load_units()
    ready = Veteran("Aldric", "fighter", 2, 22, 22, 2, xp=XP_PER_LEVEL * 2)
    grown = between_battles([ready], units)[0]
    assert (grown.level, grown.max_hp, grown.hp, grown.hr, grown.xp) == (3, 32, 32, 3, 0)
    assert hr_at(3, "high") == 3 and hr_at(3, "medium") == 1 and hr_at(3, "low") == 1
    battle = campaign_battle(load_map(ROOT / "maps" / "campaigns" / "border_march"
                                      / "2_the_burning_shrine.tmx"), "blue", [grown], seed=2)
    u = battle.view().unit("Aldric")
    assert (u.level, u.max_hp, u.unit.hr) == (3, 32, 3)


def test_kills_and_a_victory_give_experience_to_the_survivors(first_won):
    """A kill is worth the fallen enemy's level to the creature that dealt the blow, a won
    battle WIN_XP to every survivor (docs/mapping.md "Campaigns")."""
    _, battle, after = first_won
    killers = {e.by for e in battle.events if isinstance(e, E.Died)}
    for v in after.roster:
        assert v.xp == WIN_XP + (1 if v.name in killers else 0)     # a goblin is level 1
        assert v.kills == (1 if v.name in killers else 0)
    assert after.phase == "between" and after.stage == 1


def test_the_survivors_hit_points_are_those_the_battle_left_them_after_the_rest(first_won):
    before, battle, after = first_won
    units = load_units()
    for v in after.roster:
        u = battle.view().unit(v.name)
        gain = max(1, u.level + units[v.unit].mod("con"))
        assert v.hp == min(u.max_hp, max(1, u.hp) + gain)


def test_recruits_join_and_take_a_place_in_the_next_battle(first_won):
    _, _, after = first_won
    recruits, picks = offered(after)
    assert [r.name for r in recruits] == ["Wren", "Odo"] and picks == 1
    with pytest.raises(InputError, match="at most 1 recruits"):
        go_on(after, ["Wren", "Odo"], seed=5)
    nxt = go_on(after, ["Odo"], seed=5)
    assert [v.name for v in nxt.roster][-1] == "Odo" and nxt.phase == "battle"
    battle = stage_battle(nxt)
    names = {u.name for u in battle.view().units if u.team == "blue"}
    assert names == {"Aldric", "Sela", "Odo"}
    odo = battle.view().unit("Odo")
    assert (odo.hp, odo.level) == (load_units()["cleric"].hp, 2)


def test_a_lost_battle_is_fought_again_with_the_creatures_that_went_into_it(tmp_path):
    path = small_campaign(tmp_path)
    scenario_map(tmp_path, [creature(1, "Aldric", 1, 1, "goblin", hp=1),
                            creature(2, "Sela", 1, 3, "goblin", hp=1),
                            creature(3, "Grul", 3, 2, "ogre", "red", facing=3)],
                 name="one.tmx")
    progress = start_campaign(read_campaign(path), seed=4)
    battle = stage_battle(progress)
    play_out(battle)
    assert battle.winner == "red"
    lost = after_battle(progress, battle)
    assert lost.phase == "lost" and lost.roster == progress.roster and lost.stage == 0
    again = go_on(lost, ["Wren"], seed=9)                # no recruits after a defeat
    assert [v.name for v in again.roster] == ["Aldric", "Sela"]


RESUME = """
import json, sys
from game.engine.campaign_save import read_progress
from game.engine.campaign_flow import stage_battle
path = sys.argv[1]
battle = stage_battle(read_progress(path), path)
print(json.dumps({"units": {u.name: [u.hp, u.max_hp, u.level, sorted(u.conditions)]
                            for u in battle.view().units if u.team == "blue"},
                  "commands": len(battle.log), "hash": battle.state_hash()}))
"""


def test_a_campaign_save_resumes_in_a_new_process_with_the_carried_over_creatures(
        player_home):
    campaign = read_campaign(SHIPPED)
    progress = start_campaign(campaign, seed=11)
    veterans = [Veteran("Aldric", "fighter", 3, 9, 32, 3, xp=1, injuries=("broken_arm",)),
                Veteran("Wren", "archer", 2, 20, 20, 2)]
    progress = replace(progress, stage=1, roster=veterans)
    battle = stage_battle(progress)
    players = {t: make_player("ai", f"r:{t}") for t in set(battle.teams_of.values())}
    for _ in range(12):
        _, who = battle.decider()
        battle.apply(players[battle.teams_of[who]].command(battle))
    path = write_progress(progress, battle)
    assert path == progress_path(campaign) and path.is_relative_to(player_home)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", RESUME, str(path)], capture_output=True,
                         text=True, env=env, cwd=ROOT, timeout=120, check=True)
    seen = json.loads(out.stdout)
    assert seen["commands"] == len(battle.log) and seen["hash"] == battle.state_hash()
    here = {u.name: [u.hp, u.max_hp, u.level, sorted(u.conditions)]
            for u in battle.view().units if u.team == "blue"}
    assert seen["units"] == here and seen["units"]["Aldric"][1:3] == [32, 3]
    assert read_progress(path).roster == veterans


def validate(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", "validate", *map(str, args)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))


def test_validate_passes_the_shipped_campaign_of_five_battles():
    out = validate(SHIPPED)
    assert out.returncode == 0, out.stderr
    assert "5 battles" in out.stdout and len(read_campaign(SHIPPED).stages) >= 5


@pytest.mark.parametrize("change, expect", [
    (lambda t: t.replace('"two.tmx"', '"three.tmx"'),
     "battle 2.map: no map three.tmx beside the campaign file: give the file name"),
    (lambda t: t.replace("picks = 1", "picks = 2"),
     "battle 2: the map two.tmx has 3 place(s) for blue but up to 4 creature(s) may carry "
     "over: add units of team blue"),
    (lambda t: t.replace('player = "blue"', "player = "),
     "not a TOML campaign file"),
    (lambda t: t.replace('story = "First."', 'storey = "First."'),
     "battle 1: unknown field 'storey'"),
    (lambda t: t.replace('unit = "cleric"', 'unit = "clerk"'),
     "battle 1.recruits[1]: unknown unit 'clerk'"),
    (lambda t: t.replace('name = "Wren"', 'name = "Sela"'),
     "the name 'Sela' is taken: give the recruit another name"),
])
def test_a_bad_campaign_file_is_refused_in_one_line_naming_the_file_and_the_fix(
        tmp_path, change, expect, cli):
    """The first case in a new process, as a player sees it; the others through the same entry
    point in this process (tests/conftest.py `cli`)."""
    path = small_campaign(tmp_path)
    path.write_text(change(path.read_text()))
    out = cli("validate", path)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(str(path)) and expect in lines[0]


def test_a_carried_over_creature_with_no_place_on_the_map_is_refused(tmp_path):
    hexmap = load_map(small_campaign(tmp_path).parent / "two.tmx")
    roster = [Veteran(f"V{k}", "fighter", 2, 22, 22, 2) for k in range(4)]
    with pytest.raises(InputError, match="4 creatures of blue carry over but the map has "
                                         "places for 3: add units of team blue"):
        campaign_battle(hexmap, "blue", roster, seed=1)


def test_an_objective_naming_a_place_of_the_players_side_is_refused(tmp_path):
    path = small_campaign(tmp_path)
    scenario_map(tmp_path, [creature(1, "Place 1", 1, 1), creature(2, "Place 2", 1, 2),
                            creature(3, "Place 3", 1, 3),
                            creature(9, "Rikk", 8, 2, "goblin", "red", facing=3)],
                 [thing(20, "objective", team="red", kind="defeat_leader", target="Place 1")],
                 name="two.tmx")
    out = validate(path)
    assert out.returncode == 2
    assert out.stderr.strip().splitlines() == [
        f"{tmp_path / 'two.tmx'}: battle 2 names 'Place 1', which may be a creature of the "
        "player's side: rename it (the carried-over creatures take the places of blue)"]


def test_the_campaign_command_refuses_a_bad_campaign_before_any_window(tmp_path):
    path = small_campaign(tmp_path)
    path.write_text(path.read_text().replace('"one.tmx"', '"gone.tmx"'))
    out = subprocess.run([sys.executable, "-m", "game", "campaign", str(path)],
                         capture_output=True, text=True, cwd=ROOT, timeout=120,
                         env=dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy"))
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1
    assert "battle 1.map: no map gone.tmx beside the campaign file" in out.stderr


def test_every_battle_of_the_shipped_campaign_has_objectives_story_and_room_for_its_company():
    campaign = read_campaign(SHIPPED)
    most = 0
    for n, stage in enumerate(campaign.stages):
        hexmap = load_map(stage.map)
        assert hexmap.scenario.objectives and hexmap.scenario.stories, stage.map.name
        assert stage.story and hexmap.rules == "lfg"
        most = len([p for p in hexmap.units if p.team == "blue"]) if n == 0 else \
            most + campaign.stages[n - 1].picks
        assert len([p for p in hexmap.units if p.team == "blue" and not p.arrives]) >= most
