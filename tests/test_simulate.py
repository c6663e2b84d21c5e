"""`python -m game simulate` (docs/architecture.md "Command line"): computer players against each other,
headless; the JSON contract; results that do not depend on --jobs; one-line errors.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai.simulate import (ARENA, parse_sides, play_game, run_simulate, summarize,
                              wilson)
from game.errors import InputError

REPO = Path(__file__).resolve().parent.parent
DUEL = REPO / "maps" / "duel.tmx"


def test_json_document_has_the_contract_keys(capsys):
    assert run_simulate(str(DUEL), "ai,baseline", games=2, seed=11, as_json=True) == 0
    out, err = capsys.readouterr()
    doc = json.loads(out)                       # stdout is exactly the JSON document
    assert doc["games"] == 2
    assert doc["sides"] == [
        {"team": "blue", "controller": "ai", "wins": doc["sides"][0]["wins"]},
        {"team": "red", "controller": "baseline", "wins": doc["sides"][1]["wins"]}]
    assert doc["draws"] + sum(s["wins"] for s in doc["sides"]) == 2
    assert [r["seed"] for r in doc["results"]] == [11, 12]       # game i uses seed S+i
    for r in doc["results"]:
        assert set(r) == {"seed", "winner", "rounds", "state_hash"}
        assert r["winner"] in ("blue", "red", "draw") and r["rounds"] >= 1
        assert len(r["state_hash"]) == 64
    assert doc["refusals"] == 0 and doc["stalls"] == 0
    assert {"win_rates", "average_rounds", "first_mover"} <= set(doc)
    assert set(doc["actions"]) == {"blue", "red"}            # command uses per side
    assert all(n > 0 for side in doc["actions"].values() for n in side.values())
    assert all("EndTurn" in side and "Attack" in side for side in doc["actions"].values())
    assert len(err.strip().splitlines()) == 2     # progress: one line per game (no tty)


@pytest.mark.slow
def test_jobs_do_not_change_the_results(capsys):
    """Each game is seeded by its index and each AI's noise by the game's seed and its team:
    2 processes ('spawn'), a game each, give the same per-game results as 1 process playing
    both games in turn."""
    run_simulate(ARENA, "ai,ai:easy", games=2, seed=5, jobs=1, as_json=True)
    one = json.loads(capsys.readouterr().out)
    run_simulate(ARENA, "ai,ai:easy", games=2, seed=5, jobs=2, as_json=True)
    two = json.loads(capsys.readouterr().out)
    assert one == two                       # the whole document: no timings in it


def _simulate_json(*args):
    r = subprocess.run([sys.executable, "-m", "game", "simulate", str(DUEL), "--sides",
                        "baseline,ai:easy", "--games", "2", "--seed", "21", "--json", *args],
                       cwd=REPO, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return r.stdout


@pytest.mark.slow
def test_ray_backend_gives_the_json_of_the_process_pool():
    """The same games as Ray tasks on a local Ray with 2 CPUs: the same document, byte for
    byte, as 2 local processes."""
    pytest.importorskip("ray")
    ray_out = _simulate_json("--backend", "ray", "--jobs", "2")
    local_out = _simulate_json("--jobs", "2")
    assert json.loads(local_out)["games"] == 2
    assert ray_out == local_out


def test_every_backend_hands_the_rules_to_the_game(monkeypatch):
    """A task names its rulebook (a task of four fields plays the map's own): the process
    pool's task runner and the Ray runner both give it to play_game."""
    import game.ai.simulate as simulate
    from game.ai.cluster import RayRunner
    played = []
    monkeypatch.setattr(simulate, "play_game", lambda *a, **k: played.append(k["rules"]))
    task = (str(DUEL), {"blue": "baseline", "red": "baseline"}, 4, 9)
    simulate._play_task(task + ("light",))
    simulate._play_task(task)
    assert played == ["light", None]
    sent = []
    runner = RayRunner(None)
    runner._remote = type("Remote", (), {"remote": lambda self, *a: sent.append(a)})()
    runner._maps[str(DUEL)] = "the map in the object store"
    runner.submit(task + ("light",))
    runner.submit(task)
    runner.submit(task + (None, True))          # fog of war asked for
    assert [a[4:] for a in sent] == [("light", None), (None, None), (None, True)]
    assert sent[0][:4] == ("the map in the object store", task[1], 4, 9)


def test_rules_name_the_rulebook_of_the_games():
    from game.ai.simulate import rules_of
    from game.errors import InputError
    from game.tiled.loader import load_map
    hexmap = load_map(DUEL)
    assert rules_of(hexmap, None) == "lfg" and rules_of(hexmap, "light") == "light"
    assert rules_of(hexmap, "steller") == "steller"
    hexmap.rules = "steller"
    assert rules_of(hexmap, None) == "steller"
    with pytest.raises(InputError, match="--rules: unknown rules 'chess'"):
        rules_of(hexmap, "chess")


def test_ray_backend_missing_says_how_to_install_it():
    code = ("import sys; sys.modules['ray'] = None; from game.cli import main; "
            "sys.exit(main(sys.argv[1:]))")
    r = subprocess.run([sys.executable, "-c", code, "simulate", str(DUEL), "--sides",
                        "baseline,baseline", "--games", "1", "--backend", "ray", "--json"],
                       cwd=REPO, capture_output=True, text=True)
    assert r.returncode == 2 and "pip install 'hexskirmish[cluster]'" in r.stderr
    assert r.stdout == "" and len(r.stderr.strip().splitlines()) == 1


def test_text_report_has_rates_intervals_rounds_and_first_mover(capsys):
    run_simulate(str(DUEL), "baseline,baseline", games=2, seed=1)
    out = capsys.readouterr().out
    assert "95% CI" in out and "average rounds" in out and "first mover" in out


@pytest.mark.parametrize("sides,message", [
    ("ai", "2 team(s)"),
    ("ai,ai,ai", "2 team(s)"),
    ("ai,wizard", "unknown controller 'wizard'"),
    ("ai:impossible,ai", "unknown controller"),
    ("", "one controller per team"),
])
def test_bad_sides_are_one_line_input_errors(sides, message):
    with pytest.raises(InputError) as err:
        parse_sides(sides, ["blue", "red"])
    assert message in err.value.line() and "\n" not in err.value.line()


def test_cli_bad_sides_exit_2_with_one_line():
    r = subprocess.run([sys.executable, "-m", "game", "simulate", str(DUEL), "--sides", "ai"],
                       cwd=REPO, capture_output=True, text=True)
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1
    assert "team" in r.stderr and r.stdout == ""


def test_round_cap_is_a_draw():
    r = play_game(DUEL, {"blue": "baseline", "red": "baseline"}, 1, round_cap=1)
    assert r["winner"] == "draw" and r["rounds"] == 2 and not r["stalled"]


def test_a_stall_is_detected_by_the_command_cap():
    r = play_game(DUEL, {"blue": "baseline", "red": "baseline"}, 1, command_cap=5)
    assert r["stalled"] and r["winner"] == "draw"


def test_first_mover_and_wilson():
    lo, hi = wilson(31, 40)
    assert lo == pytest.approx(0.6250, abs=1e-3) and hi == pytest.approx(0.8768, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)
    results = [{"seed": 1, "winner": "blue", "rounds": 3, "state_hash": "x", "first": "blue",
                "refusals": 0, "stalled": False},
               {"seed": 2, "winner": "draw", "rounds": 60, "state_hash": "y", "first": "red",
                "refusals": 0, "stalled": False}]
    doc = summarize(results, ["blue", "red"], ["ai", "baseline"])
    assert doc["draws"] == 1 and doc["first_mover"]["wins"] == 1
    assert doc["sides"][0]["wins"] == 1 and doc["average_rounds"] == 31.5


@pytest.mark.slow
def test_a_battle_plays_the_same_after_other_battles_in_the_process():
    """The computer player's caches outlive a battle (a worker plays many): duel seed 104
    played after seeds 100-103 once ended another way, because an enemy's remembered zone
    did not say which weapons it held. A battle's course depends on its seed alone."""
    from game.ai.evaluate import clear_caches
    sides = {"blue": "ai", "red": "ai"}
    for seed in (100, 101, 102, 103):
        play_game(str(DUEL), sides, seed, 40)
    after_others = play_game(str(DUEL), sides, 104, 40)["state_hash"]
    clear_caches()
    assert play_game(str(DUEL), sides, 104, 40)["state_hash"] == after_others


def test_an_enemy_zone_follows_the_weapons_in_its_hands():
    """An enemy that threw its only melee weapon threatens nothing, wherever it stands: the
    zone remembered from when it held the weapon is not handed back."""
    import dataclasses

    from game.ai.evaluate import zone_of
    from game.engine.battle import Battle
    from game.tiled.loader import load_map
    b = Battle(load_map(DUEL), seed=1)
    view = b.view()
    armed = next(u for u in view.units if any(w.can_melee for w in u.weapons))
    assert zone_of(view, armed).now
    empty = dataclasses.replace(armed, weapons=())
    bare = dataclasses.replace(view, units=tuple(empty if u.eid == armed.eid else u
                                                 for u in view.units))
    assert not zone_of(bare, empty).now
    b.close()
