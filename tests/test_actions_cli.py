"""`python -m game actions MAP_OR_SAVE NAME --json` (docs/architecture.md "Command line"): what a creature
may do now, straight from the engine's legality query (game/engine/legality.py)."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from tests.helpers import run_game, run_game_in_process

REPO = Path(__file__).resolve().parent.parent
SCENARIO = REPO / "tests" / "scenarios" / "bleeding_example.json"
ACTION_IDS = {"move", "run", "charge", "step", "attack", "power_attack", "aim",
              "fight_defensively", "stand_up", "drop_prone", "retreat", "coup_de_grace",
              "prepare_interrupt", "ignore_enemy", "defer", "leave_map", "end_turn",
              "draw_weapon", "sheathe_weapon", "pick_up", "protect", "trade_spaces",
              "active_parry", "active_dodge", "use_ability", "knockout_strike", "volley",
              "off_hand_attack", "take_cover", "lean_out", "first_aid", "grab", "trip",
              "shove", "pin", "escape", "shield_bash", "crushing_advance", "open_door",
              "close_door", "smash", "force_open", "direct_minions", "load_crossbow", "hide",
              "spot", "demoralize", "dirty_trick", "combat_feint", "insult", "wake_up",
              "tumble", "overpower", "mount", "dismount",
              "stop_drop_roll", "swallow", "cut_free"}


def actions(*args) -> subprocess.CompletedProcess:
    """`python -m game actions ARGS` in a process of its own."""
    return run_game("actions", *args)


def actions_here(capsys, *args) -> subprocess.CompletedProcess:
    """The same command through the same entry point, in this process."""
    return run_game_in_process(capsys, "actions", *args)


def as_options(out) -> dict[str, dict]:
    assert out.returncode == 0, out.stderr
    rows = json.loads(out.stdout)
    assert all(set(r) == {"action", "enabled", "code", "reason"} for r in rows)
    assert {r["action"] for r in rows} <= ACTION_IDS
    for r in rows:
        assert isinstance(r["enabled"], bool)
        if not r["enabled"]:
            assert r["code"] and r["reason"], r
    return {r["action"]: r for r in rows}


def start_of_scenario(tmp_path) -> Path:
    """The worked example's save with its commands taken away: Raider's first turn."""
    for name in ("bleeding_example.json", "bleeding_example.tmx"):
        shutil.copy(SCENARIO.parent / name, tmp_path / name)
    tmx = tmp_path / "bleeding_example.tmx"
    tmx.write_text(tmx.read_text().replace("../../assets/", f"{REPO / 'assets'}/"))
    save = tmp_path / "bleeding_example.json"
    data = json.loads(save.read_text())
    data["commands"] = []
    save.write_text(json.dumps(data))
    return save


def test_an_unknown_creature_is_one_line_naming_the_map(capsys):
    out = actions_here(capsys, "duel", "Nobody", "--json")
    assert out.returncode == 2 and out.stdout == ""
    assert len(out.stderr.splitlines()) == 1 and "duel.tmx" in out.stderr
    assert "'Nobody'" in out.stderr and "Aldric" in out.stderr


def test_the_creature_whose_turn_it_is_may_attack_its_neighbour(tmp_path, capsys):
    save = start_of_scenario(tmp_path)
    raider = as_options(actions_here(capsys, save, "Raider", "--json"))
    assert raider["attack"]["enabled"] and raider["end_turn"]["enabled"]
    assert raider["move"]["enabled"]
    scout = as_options(actions_here(capsys, save, "Scout", "--json"))
    assert not any(r["enabled"] for r in scout.values())
    assert scout["end_turn"]["code"] == "not_your_turn"


def test_after_its_attack_the_saved_battle_refuses_a_second_one(capsys):
    raider = as_options(actions_here(capsys, SCENARIO, "Raider", "--json"))
    assert not raider["attack"]["enabled"] and raider["end_turn"]["enabled"]


def test_a_shipped_map_by_name_and_the_readable_form():
    options = as_options(actions("duel", "Aldric", "--json"))
    assert "end_turn" in options
    out = actions("duel", "Aldric")
    assert out.returncode == 0 and out.stdout.startswith("Aldric:")
    assert len(out.stdout.splitlines()) == len(options) + 1
