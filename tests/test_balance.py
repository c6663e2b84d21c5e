"""The balance report (docs/balance.md): one game's statistics from its events, the numbers
of many games, the verdict, and `python -m game balance` writing index.html, report.json and
its images, or nothing at all on bad input.
"""
from __future__ import annotations

import itertools
import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai.simulate import iter_games, play_game
from game.balance.aggregate import Tally, verdict
from game.balance.stats import game_stats, hit_chance, roster
from game.engine import events as E
from game.engine.battle import Battle
from game.tiled.loader import load_map

REPO = Path(__file__).resolve().parent.parent
DUEL = REPO / "maps" / "duel.tmx"
BASELINES = {"blue": "baseline", "red": "baseline"}


def _roll(natural, total, ac, d20=None):
    return E.AttackRolled("A", "B", "Axe", d20 or (natural,), natural, total, ac,
                          total >= ac, False, False, "")


def test_hit_chance_reads_the_roll_and_its_dice():
    assert hit_chance(_roll(12, 17, 15)) == pytest.approx(0.55)     # needs 10 on the die
    assert hit_chance(_roll(20, 21, 30)) == pytest.approx(0.05)     # only a natural 20
    assert hit_chance(_roll(1, 20, 5)) == pytest.approx(0.95)       # all but a natural 1
    fortunate = hit_chance(_roll(12, 17, 15, (12, 3)))
    unfortunate = hit_chance(_roll(3, 8, 15, (12, 3)))
    assert fortunate == pytest.approx(1 - 0.45 ** 2)
    assert unfortunate == pytest.approx(0.55 ** 2)


def test_one_games_statistics_agree_with_its_events_and_final_state():
    hexmap = load_map(DUEL)
    battle = Battle(hexmap, seed=3, controllers={"blue": "ai", "red": "ai"})
    start = roster(battle)
    from game.ai.baseline import BaselinePlayer
    player = BaselinePlayer()
    for _ in range(3000):
        if battle.awaiting() == "over":
            break
        assert battle.apply(player.command(battle)).ok
    try:
        stats = game_stats(battle, start)
        died = [e for e in battle.events if isinstance(e, E.Died)]
        down = {e.unit for e in battle.events if isinstance(e, E.ConditionAdded)
                and e.condition in ("dying", "unconscious")} | {e.unit for e in died}
        assert len(stats["fallen"]) == len(down) > 0         # each creature once, where it fell
        final = {u.name: u for u in battle.view().units}
        for name, u in stats["units"].items():
            alive = name in final and not final[name].dead
            assert u["standing"] == (alive and not {"dying", "unconscious"} &
                                     set(final[name].conditions)) or name in battle.left
            assert u["standing"] or name in down
        assert sum(u["kills"] for u in stats["units"].values()) == \
            sum(1 for e in died if e.by in start)
        assert sum(u["felled"] for u in stats["units"].values()) <= len(down)
        taken = sum(e.amount for e in battle.events if isinstance(e, E.Damaged))
        assert sum(u["taken"] for u in stats["units"].values()) == taken
        assert 0 < sum(u["dealt"] for u in stats["units"].values()) <= taken
        assert {u["kind"] for u in stats["units"].values()} == {p.unit for p in hexmap.units}
        winners = {u["team"] for u in stats["units"].values() if u["standing"]}
        assert winners == {battle.winner}
        counted = sum(n for side in stats["actions"].values() for k, n in side.items()
                      if not k.startswith(("Reaction: ", "Special: ")))
        assert counted == len(battle.log)
        reacted = sum(n for side in stats["actions"].values() for k, n in side.items()
                      if k.startswith("Reaction: "))
        assert reacted == sum(1 for e in battle.events if isinstance(e, E.TradedSpaces) or
                              isinstance(e, E.AttackRolled) and (e.kind == "aoo" or e.defense))
        for r in stats["rolls"]:
            assert r["target"] in down
            assert 0 < r["decisiveness"] <= 1 and 0.05 <= r["chance"] <= 1
    finally:
        battle.close()


def test_tally_of_real_games_adds_up():
    pairings = [BASELINES, {"blue": "baseline", "red": "ai:easy"}]
    tally = Tally("duel.tmx", ["blue", "red"], pairings, seed=1)
    results = []
    for p, controllers in enumerate(pairings):
        for seed in (1, 2):
            r = play_game(DUEL, controllers, seed)
            results.append(r)
            tally.add(p, r)
    doc = json.loads(json.dumps(tally.report()))            # plain JSON all the way down
    assert doc["games"] == 4 and [p["games"] for p in doc["pairings"]] == [2, 2]
    for p, rows in zip(doc["pairings"], (results[:2], results[2:])):
        assert p["draws"] + sum(t["wins"] for t in p["teams"].values()) == 2
        assert p["teams"]["blue"]["wins"] == sum(r["winner"] == "blue" for r in rows)
        commands = {side: sum(n for k, n in p["actions"][side].items()
                              if not k.startswith("Reaction: ")) for side in ("blue", "red")}
        assert commands["blue"] + commands["red"] == sum(r["commands"] for r in rows)
    creatures = sum(k["creatures"] for k in doc["unit_kinds"])
    assert creatures == 4 * len(load_map(DUEL).units)
    falls = sum(len(r["stats"]["fallen"]) for r in results)
    assert sum(d["count"] for d in doc["fallen"]) == falls
    standing = sum(u["standing"] for r in results for u in r["stats"]["units"].values())
    assert sum(k["survival"] * k["creatures"] for k in doc["unit_kinds"]) == \
        pytest.approx(standing, abs=0.01)
    assert sum(doc["length"]["rounds_histogram"].values()) == 4
    assert doc["verdict"]["based_on"] == "mirror" and doc["verdict"]["games"] == 2
    assert all("favoured" in p["verdict"] for p in doc["pairings"])
    scores = [r["decisiveness"] for r in doc["decisive_rolls"]]
    assert scores == sorted(scores, reverse=True)


def test_the_map_of_falls_marks_each_sides_starts_in_its_colour_in_the_game(tmp_path):
    """Four sides on the free-for-all map: each side's starting hexes are drawn in the
    colour the game gives the side (and its shape), exact in the 256-colour image, so red and
    gold, or blue and the grey of the walls, are not confused."""
    from PIL import Image

    from game.balance import plots
    from game.ui.presenters import team_colour
    melee = REPO / "maps" / "melee.tmx"
    teams = list(load_map(melee).teams)
    assert len(teams) == 4
    tally = Tally("melee.tmx", teams, [{t: "baseline" for t in teams}], seed=1)
    tally.add(0, play_game(melee, {t: "baseline" for t in teams}, 1, 2))
    plots.fallen(json.loads(json.dumps(tally.report())), melee, tmp_path / "fallen.png")
    image = Image.open(tmp_path / "fallen.png").convert("RGB")
    seen = {rgb for _, rgb in image.getcolors(maxcolors=1 << 16)}
    assert {team_colour(t, teams) for t in teams} <= seen
    assert len({team_colour(t, teams) for t in teams}) == 4


def _pairing(sides, wins, games):
    return {"sides": sides, "games": games, "teams": {t: {"wins": w} for t, w in wins.items()}}


def test_verdict_points_and_margin():
    fair = {"blue": "ai", "red": "ai"}
    v = verdict([_pairing(fair, {"blue": 60, "red": 40}, 100)], ["blue", "red"])
    assert v["favoured"] == "blue" and v["points"] == pytest.approx(20.0)
    assert 15 < v["margin"] < 21 and v["text"].startswith("blue favoured by 20 +/- ")
    even = verdict([_pairing(fair, {"blue": 52, "red": 48}, 100)], ["blue", "red"])
    assert even["favoured"] is None and even["text"].startswith("no team clearly favoured")
    sweep = verdict([_pairing(fair, {"blue": 0, "red": 10}, 10)], ["blue", "red"])
    assert sweep["favoured"] == "red" and sweep["margin"] > 10      # 10 of 10 is not certain
    mixed = verdict([_pairing({"blue": "ai", "red": "baseline"}, {"blue": 10, "red": 0}, 10),
                     _pairing(fair, {"blue": 5, "red": 5}, 10),
                     _pairing({"blue": "baseline", "red": "baseline"}, {"blue": 9, "red": 1}, 10)],
                    ["blue", "red"])
    assert mixed["games"] == 10 and mixed["favoured"] is None      # the first mirror pairing
    assert mixed["sides"] == fair and mixed["based_on"] == "mirror"
    swapped = verdict([_pairing({"blue": "ai", "red": "baseline"}, {"blue": 9, "red": 1}, 10),
                       _pairing({"blue": "baseline", "red": "ai"}, {"blue": 1, "red": 9}, 10)],
                      ["blue", "red"])
    assert swapped["based_on"] == "all" and swapped["games"] == 20 and swapped["points"] == 0


def test_verdict_of_four_sides_names_those_that_fall_behind_a_fair_share():
    """Two sides level at the top of a free-for-all say nothing of the two that never win."""
    four = ["blue", "red", "green", "gold"]
    wins = {"blue": 18, "red": 0, "green": 22, "gold": 0}
    v = verdict([_pairing({t: "ai" for t in four}, wins, 40)], four)
    assert v["favoured"] is None and v["behind"] == ["red", "gold"]
    assert v["text"].endswith("over blue; red and gold behind (below a fair share of 25%)")
    level = verdict([_pairing({t: "ai" for t in four}, dict.fromkeys(four, 10), 40)], four)
    assert level["behind"] == [] and "behind" not in level["text"]


def test_games_are_made_as_they_are_needed():
    """An endless stream of tasks: results come in task order while only a few tasks
    beyond the ones read have been made."""
    made = []

    def tasks():
        for seed in itertools.count(1):
            made.append(seed)
            yield (str(DUEL), BASELINES, seed, 1)

    for jobs in (1, 2):
        made.clear()
        got = list(itertools.islice(iter_games(tasks(), jobs=jobs), 5))
        assert [r["seed"] for r in got] == [1, 2, 3, 4, 5]
        assert len(made) <= 5 + 4 * jobs


def _balance(*args, env_code=""):
    code = f"import sys; {env_code}from game.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run([sys.executable, "-c", code, "balance", *args], cwd=REPO,
                          capture_output=True, text=True)


def test_balance_command_writes_the_report(tmp_path):
    out = tmp_path / "report"
    r = _balance("duel", "--games", "1", "--sides", "baseline,baseline", "baseline,ai:easy",
                 "--out", str(out))
    assert r.returncode == 0, r.stderr
    doc = json.loads((out / "report.json").read_text())
    assert doc["games"] == 2 and len(doc["pairings"]) == 2
    assert doc["verdict"]["text"] in r.stdout
    page = (out / "index.html").read_text()
    assert doc["verdict"]["text"] in page and "baseline" in page
    for name in ("win_rates.png", "game_length.png", "unit_kinds.png", "actions.png",
                 "fallen.png"):
        assert (out / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert f'src="{name}"' in page
    assert r.stderr == ""                               # no progress bar without a terminal
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_balance_bad_input_is_one_line_and_writes_nothing(tmp_path):
    blocker = tmp_path / "a_file"
    blocker.write_text("keep me")
    r = _balance("duel", "--games", "1", "--out", str(blocker))
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1
    assert "is a file" in r.stderr and blocker.read_text() == "keep me"
    r = _balance("duel", "--sides", "ai", "--out", str(tmp_path / "x"))
    assert r.returncode == 2 and "2 team(s)" in r.stderr and not (tmp_path / "x").exists()
    r = _balance("nowhere", "--out", str(tmp_path / "y"))
    assert r.returncode == 2 and "nowhere" in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_balance_without_matplotlib_says_how_to_install_it(tmp_path):
    r = _balance("duel", "--games", "1", "--out", str(tmp_path / "r"),
                 env_code="sys.modules['matplotlib'] = None; ")
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1
    assert "pip install 'hexskirmish[report]'" in r.stderr
    assert not (tmp_path / "r").exists()
