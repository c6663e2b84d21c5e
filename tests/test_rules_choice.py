"""A battle's rulebook can be chosen wherever a battle is chosen (docs/mapping.md "Rule
profiles"; the light rules: docs/rules/light/index.md; the steller rules:
docs/rules/steller/index.md): `--rules {lfg,light,steller}` on every subcommand that makes a
battle, the save's `rules` field, the setup model. The default is the map's `rules` property,
else lfg.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game import paths, saves  # noqa: E402
from game.cli import build_parser, main  # noqa: E402
from game import rulebooks  # noqa: E402
from game.engine.battle import Battle  # noqa: E402
from game.engine.commands import EndTurn  # noqa: E402
from game.engine.light import commands as L  # noqa: E402
from game.engine.profiles import PROFILES  # noqa: E402
from game.engine.replay import load_replay, save_battle  # noqa: E402
from game.engine.savefile import read_save  # noqa: E402
from game.errors import InputError  # noqa: E402
from game.tiled.loader import load_map  # noqa: E402
from game.ui import setup_model as S  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
DUEL = REPO / "maps" / "duel.tmx"
SUBCOMMANDS = {          # each subcommand that makes a battle, with the arguments it needs
    "play": ["duel"],
    "simulate": ["duel", "--sides", "baseline,baseline"],
    "balance": ["duel", "--out", "report"],
    "actions": ["duel", "Aldric"],
    "inspect": ["duel"],
    "path": ["duel", "Aldric", "3,8"],
    "screenshot": ["duel", "out.png"],
}
LIGHT_ACTIONS = {"shift", "walk", "run", "jump", "light_attack", "heavy_attack",
                 "volley_attack", "use_power", "block", "end_turn"}


def game_cli(*args, timeout=180) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(REPO), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    env.pop("HEXSKIRMISH_DEBUG", None)
    return subprocess.run([sys.executable, "-m", "game", *map(str, args)], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=timeout,
                          stdin=subprocess.DEVNULL)


def one_line(out: subprocess.CompletedProcess, *parts: str) -> str:
    assert out.returncode == 2, (out.returncode, out.stderr)
    lines = out.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in out.stderr, out.stderr
    for part in parts:
        assert part in lines[0], lines[0]
    return lines[0]


def light_battle(seed: int = 3) -> Battle:
    """The duel under the light rules after a few turns: a Run, then Walks and End Turns."""
    battle = Battle(load_map(DUEL), seed=seed, rules="light")
    for n in range(5):
        kind = "run" if n == 0 else "walk"
        option = battle.options(battle.active, kind)[-1]
        assert battle.apply(option.command).ok
        assert battle.apply(EndTurn(battle.active)).ok
    assert any(isinstance(c, L.Run) for c in battle.log)
    return battle


# ---- the names ------------------------------------------------------------------------------

def test_the_rulebook_names_are_the_profiles_and_their_words():
    assert rulebooks.PLAYABLE == tuple(PROFILES) == ("lfg", "light", "steller")
    for name, profile in PROFILES.items():
        assert profile.title == rulebooks.TITLES[name]
        assert profile.summary == rulebooks.SUMMARIES[name]
    assert "steller" in rulebooks.RULES_NAMES and rulebooks.refusal("steller") is None
    assert not rulebooks.PLANNED
    assert rulebooks.refusal(None) is None and rulebooks.refusal("light") is None


# ---- the command line -----------------------------------------------------------------------

@pytest.mark.parametrize("command", sorted(SUBCOMMANDS))
def test_every_battle_subcommand_has_rules_with_each_rulebook_described(command):
    sub = build_parser()._subparsers._group_actions[0].choices[command]
    rules = next(a for a in sub._actions if "--rules" in a.option_strings)
    assert rules.default is None                   # the map's own
    assert sub.parse_args([*SUBCOMMANDS[command], "--rules", "light"]).rules == "light"
    text = " ".join(sub.format_help().split())
    assert "{lfg,light,steller}" in text and "the map's `rules` property, else lfg" in text
    for name in rulebooks.PLAYABLE:
        assert " ".join(rulebooks.SUMMARIES[name].split()) in text


@pytest.mark.parametrize("command", sorted(SUBCOMMANDS))
@pytest.mark.parametrize("bad, fix", [("chess", "unknown rules 'chess': use one of lfg, light, "
                                                "steller"),
                                      ("", "name a rulebook: lfg or light or steller")])
def test_a_bad_rules_argument_is_one_line_naming_it_and_the_fix(command, bad, fix, capsys):
    assert main([command, *SUBCOMMANDS[command], "--rules", bad]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "argument --rules" in err and fix in err, err


def test_rules_steller_in_a_new_process_plays_the_steller_stat_blocks():
    out = game_cli("inspect", "duel", "--rules", "steller")
    assert out.returncode == 0, out.stderr
    assert "Aldric" in out.stdout and " 40 " in out.stdout     # the steller fighter's 40 HP


def test_actions_json_with_the_light_rules_lists_the_light_actions():
    out = game_cli("actions", "duel", "Aldric", "--json", "--rules", "light")
    assert out.returncode == 0, out.stderr
    rows = json.loads(out.stdout)
    assert LIGHT_ACTIONS <= {r["action"] for r in rows}
    assert "attack" not in {r["action"] for r in rows}        # the default rules' own


def test_inspect_and_path_under_the_light_rules(capsys):
    assert main(["inspect", "duel", "--rules", "light", "--json"]) == 0
    facts = json.loads(capsys.readouterr().out)
    assert facts["rules"] == "light" and len(facts["units"]) == 8
    assert all(u["ac"] is None and u["hp"] > 0 for u in facts["units"])
    assert all(p["hit_chance"] is None or 0 <= p["hit_chance"] <= 1 for p in facts["pairs"])
    assert main(["path", "duel", "Aldric", "5,5", "--rules", "light", "--json"]) == 0
    path = json.loads(capsys.readouterr().out)
    assert path["rules"] == "light" and path["cost"] > 0 and path["path"][-1] == [5, 5]
    assert path["provokes"] is None and path["big_actions"] is None
    assert main(["inspect", "duel", "--rules", "light"]) == 0     # the table, with its '-'
    assert "the light rules" in capsys.readouterr().out


def test_screenshot_of_a_light_battle(tmp_path):
    out = tmp_path / "light.png"
    assert main(["screenshot", "duel", str(out), "--rules", "light", "--size", "1024x700"]) == 0
    assert out.stat().st_size > 10_000


def test_play_with_rules_light_starts_a_light_battle(monkeypatch):
    import pygame
    from game.ui.app import App
    seen = []
    monkeypatch.setattr(App, "run", lambda self: seen.append(self) or 0)
    monkeypatch.setattr(pygame, "quit", lambda: None)
    assert main(["play", "duel", "--sides", "human,ai", "--seed", "3", "--rules", "light"]) == 0
    app, = seen
    assert app.battle.profile.name == "light" and app.setup.rules == "light"
    assert "--rules light" in app.setup.command_line(3)


def test_simulate_and_balance_hand_the_rules_to_every_game(monkeypatch, tmp_path):
    """The games themselves run elsewhere (a process pool or Ray): every task names the
    rules, and each backend hands them to play_game."""
    import game.ai.simulate as simulate
    played = []
    monkeypatch.setattr(simulate, "play_game",
                        lambda *a, **k: played.append(k.get("rules")) or {"stop": True})
    assert simulate._play_task((str(DUEL), {"blue": "baseline"}, 1, 60, "light")) == \
        {"stop": True}
    simulate._play_task((str(DUEL), {"blue": "baseline"}, 1, 60))     # four fields: the map's
    assert played == ["light", None]
    import game.balance.command as balance
    tasks = []

    def stop(given, *rest):
        tasks.extend(given)
        raise RuntimeError("enough")
    monkeypatch.setattr(balance, "iter_games", stop)
    with pytest.raises(RuntimeError, match="enough"):
        balance.run_balance(str(DUEL), tmp_path / "report", games=2, rules="light")
    assert [t[4] for t in tasks] == ["light", "light"]


def test_simulate_duel_with_the_light_rules(capsys):
    assert main(["simulate", "duel", "--rules", "light", "--games", "2",
                 "--sides", "baseline,baseline", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["rules"] == "light" and doc["games"] == 2
    assert doc["refusals"] == 0 and doc["stalls"] == 0
    used = {kind for side in doc["actions"].values() for kind in side}
    assert used - {"EndTurn"}, used               # the players act, not only end turns


# ---- saves and replays ----------------------------------------------------------------------

def test_a_light_save_names_its_rules_and_replays_in_a_new_process(tmp_path):
    battle = light_battle()
    save = tmp_path / "light.json"
    save_battle(battle, save)
    data = json.loads(save.read_text())
    assert data["rules"] == "light" and data["map"] == "duel"
    assert any(c["type"] == "Run" for c in data["commands"])
    read = read_save(save)
    assert any(isinstance(c, L.Run) for c in read["commands"])     # the light Run
    out = game_cli("replay", save, "--verify")
    assert out.returncode == 0, out.stderr
    assert "Light rules" in out.stdout and "state hash verified" in out.stdout
    events = game_cli("replay", save, "--json")
    assert events.returncode == 0, events.stderr
    assert json.loads(events.stdout.splitlines()[0])["command"] is None
    assert main(["actions", str(save), battle.active, "--json"]) == 0
    again = load_replay(save)
    assert again.profile.name == "light" and again.state_hash() == battle.state_hash()
    battle.close()
    again.close()


def test_an_lfg_save_has_no_rules_field_and_loads_as_lfg(tmp_path):
    battle = Battle(load_map(DUEL), seed=1)
    save = tmp_path / "lfg.json"
    save_battle(battle, save)
    assert "rules" not in json.loads(save.read_text())
    assert load_replay(save).profile.name == "lfg"
    battle.close()


@pytest.mark.parametrize("rules", ["chess", 5, None, ["light"]])
def test_a_save_with_unknown_rules_is_one_line(tmp_path, rules, capsys):
    battle = Battle(load_map(DUEL), seed=1)
    save = tmp_path / "odd.json"
    save_battle(battle, save)
    data = json.loads(save.read_text())
    data["rules"] = rules
    save.write_text(json.dumps(data))
    assert main(["replay", str(save)]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and ":rules: unknown rules" in err, err
    battle.close()


def test_rules_against_a_save_of_other_rules_is_refused(tmp_path, capsys):
    battle = light_battle()
    save = tmp_path / "light.json"
    save_battle(battle, save)
    assert main(["actions", str(save), battle.active, "--rules", "lfg"]) == 2
    err = capsys.readouterr().err
    assert "the save plays the light rules, not lfg: leave out --rules" in err
    assert main(["actions", str(save), battle.active, "--rules", "light"]) == 0
    battle.close()


def test_the_load_screen_names_the_rules_of_a_light_save(tmp_path, monkeypatch):
    monkeypatch.setattr(paths, "user_saves_dir", lambda: tmp_path)
    light, lfg = light_battle(), Battle(load_map(DUEL), seed=1)
    saves.save_slot(light, "light one")
    saves.save_slot(lfg, "lfg one")
    labels = {i.name: i.label for i in saves.list_saves()}
    assert "Light rules" in labels["light one"] and "rules" not in labels["lfg one"]
    assert saves.load(tmp_path / "light one.json").profile.name == "light"
    light.close()
    lfg.close()


# ---- the setup model -----------------------------------------------------------------------

def test_the_setup_carries_the_rules_into_the_battle():
    info = S.map_info(load_map(DUEL))
    assert info.rules == "lfg" and info.playable_rules == "lfg"
    setup = S.setup_for(info, "human,ai", seed=5, rules="light")
    battle = S.start_battle(setup)
    assert battle.profile.name == "light" and setup.rules == "light"
    assert setup.command_line(5).endswith("--rules light")
    battle.close()
    default = S.start_battle(S.setup_for(info, "human,ai", seed=5))
    assert default.profile.name == "lfg"
    default.close()
    steller = S.start_battle(S.setup_for(info, "human,ai", seed=5, rules="steller"))
    assert steller.profile.name == "steller"
    steller.close()


def test_a_map_whose_creature_has_no_stat_block_in_the_rules_is_one_line():
    with pytest.raises(InputError) as err:
        Battle(load_map(DUEL), rules="light", units_db={})
    assert "duel.tmx:" in err.value.line() and "no stat block in the light rules" in \
        err.value.line()
