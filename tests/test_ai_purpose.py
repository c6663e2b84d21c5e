"""The computer player moves with a purpose (game/ai/purpose.py, docs/architecture.md
"Computer players"): no creature re-enters a hex of its turn nor ends a movement where it
stood, every movement it chooses names its reason in the `game.ai` debug log, an archer
holds a shot into a melee that would hurt its friend more than its foe, and no creature walks
alone into an enemy pack for its thrown weapon. Everything is played through real battles,
the engine's commands and its forecasts; `simulate --json` counts each side's conduct."""
from __future__ import annotations

import json
import logging
import re
from pathlib import Path

import pytest

from ai_helpers import judgement
from game.ai.conduct import conduct, ratios, summed, threatened_fetch
from game.ai.evaluate import Context
from game.ai.games import battle_map, make_player, play_game
from game.ai.memo import Memo
from game.ai.player import Planner, profile_of
from game.ai.purpose import REASONS
from game.ai.simulate import run_simulate
from game.engine import commands as C
from game.engine import events as E
from game.engine.battle import Battle
from game.rules import movement as rm

from test_engine_turns import FIRST, LAST, SECOND, THIRD, arena, ok

DUEL = Path(__file__).resolve().parent.parent / "maps" / "duel.tmx"
LEVELS = ("easy", "normal", "hard")
MOVING = (C.Move, C.Step, C.Run, C.Retreat, C.Charge)


def play_until(b: Battle, players: dict, done, limit: int = 600) -> None:
    """Each side's computer player sends the battle's next command until `done(b)`."""
    for _ in range(limit):
        if done(b) or b.awaiting() == "over":
            return
        state, who = b.decider()
        cmd = players[b.teams_of[who]].command(b)
        assert b.apply(cmd).ok, cmd
    raise AssertionError("the battle did not get there")


def turn_cells(b: Battle, name: str) -> list[list]:
    """Per turn of `name`: the cells it stood in, in order (its start first)."""
    turns, cells = [], None
    for e in b.events:
        if isinstance(e, E.TurnStarted):
            cells = None
            if e.unit == name:
                cells = []
                turns.append(cells)
        elif cells is not None and isinstance(e, E.Moved) and e.unit == name \
                and e.kind not in ("fall back", "trade_spaces"):
            if not cells:
                cells.append(tuple(e.start))
            cells += [tuple(c) for c in e.path if tuple(c) != cells[-1]]
    return turns


@pytest.mark.parametrize("level", LEVELS)
def test_the_duels_creatures_never_revisit_a_hex_in_a_turn(level, caplog):
    """The play-test's duel: Fang, at 11,1, once moved 11,1 -> 6,0 -> 9,0 -> 9,3 -> 8,1 ->
    9,3 -> 9,4 in one turn. Over the first two rounds, at every level and two dice seeds, no
    creature of either side enters a hex twice in a turn or ends a movement where it stood,
    and each movement the player chose names its reason in the debug log."""
    hexmap = battle_map(DUEL)
    assert hexmap.units and any(p.name == "Fang" and (p.col, p.row) == (11, 1)
                                for p in hexmap.units)
    caplog.set_level(logging.DEBUG, logger="game.ai")
    for seed in (2, 5):
        b = Battle(hexmap, seed=seed, controllers={t: "ai" for t in hexmap.teams})
        players = {t: make_player(f"ai:{level}", f"{seed}:{t}") for t in hexmap.teams}
        play_until(b, players, lambda b: b.round > 2)
        moved = 0
        for u in b.view().units:
            for cells in turn_cells(b, u.name):
                moved += len(cells) > 1
                assert len(cells) == len(set(cells)), f"{u.name} wandered: {cells}"
        assert moved >= 3, "too few creatures moved for the test to mean anything"
        assert conduct(b)["red"]["revisits"] == conduct(b)["blue"]["revisits"] == 0
        b.close()
    chosen_moves = [r.getMessage() for r in caplog.records
                    if re.search(r"\]: (move|step|retreat|fetch|move\+attack|step\+attack|"
                                 r"charge) (Move|Step|Retreat|Charge) ", r.getMessage())]
    assert chosen_moves
    for line in chosen_moves:
        assert re.search(r"\{reason=(" + "|".join(REASONS) + r")\b", line), line


def into_melee(friend_ac: int) -> Battle:
    """A (archer, posted) shoots at T (orc), the only enemy in its line; its friend F
    (fighter, wounded) fights T from the far side, where a missed arrow flies on."""
    return arena(("A", "archer", "blue", 1, 3, {"initiative": FIRST, "speed_ft": 0}),
                 ("T", "orc", "red", 6, 2, {"initiative": SECOND, "hp": 13, "ac": 20}),
                 ("F", "fighter", "blue", 7, 2, {"initiative": THIRD, "hp": 4,
                                                 "ac": friend_ac}))


def shots_at(b: Battle, name: str, level: str = "hard") -> list:
    """The attacks (and Aims) the computer sends for `name` over its turn."""
    decide = judgement(level)
    sent = []
    for _ in range(8):
        if b.active != name:
            break
        cmd = decide(b)
        ok(b, cmd)
        sent.append(cmd)
        if isinstance(cmd, C.EndTurn):
            break
    return [c for c in sent if isinstance(c, (C.Attack, C.Aim, C.Volley, C.PowerAttack))]


@pytest.mark.parametrize("level", LEVELS)
def test_an_archer_holds_a_shot_into_melee_that_would_hurt_its_friend_more(level):
    b = into_melee(friend_ac=6)
    f = b.forecast(C.Attack("A", "T", "shortbow"))
    assert "F" in f.caught             # the engine's forecast: a miss may strike the friend
    assert shots_at(b, "A", level) == []
    assert b.unit("F").hp == 4


@pytest.mark.parametrize("level", LEVELS)
def test_an_archer_still_shoots_into_melee_when_its_friend_is_hardly_at_risk(level):
    b = into_melee(friend_ac=40)       # a stray arrow at -4 strikes it on a natural 20 only
    assert "F" in b.forecast(C.Attack("A", "T", "shortbow")).caught
    shots = shots_at(b, "A", level)
    assert shots and all(getattr(c, "target", "T") == "T" for c in shots)


def thrown_into_a_pack(pack: bool) -> Battle:
    """A (fighter) throws its javelin at B (orc) and misses with a natural 1: the javelin
    lands at 3,2, next to B. With `pack`, C and D stand close by too; without it B is
    unconscious and the others far away."""
    near = {} if pack else {"conditions": ("unconscious",)}
    b = arena(("A", "fighter", "blue", 1, 2, {"initiative": FIRST, "hp": 40}),
              ("B", "orc", "red", 4, 2, {"initiative": SECOND, "hp": 200, **near}),
              ("C", "orc", "red", 6, 1 if pack else 7, {"initiative": THIRD, "hp": 200}),
              ("D", "orc", "red", 6 if pack else 11, 3 if pack else 7,
               {"initiative": LAST, "hp": 200}),
              fixed_dice=[("d20", 10)] * 4 + [("d20", 1), ("d6", 4)])
    ok(b, C.Attack("A", "B", "javelin"))
    assert [(w.id, b.cell(h)) for w, h in b.unit("A").dropped] == [("javelin", (3, 2))]
    return b


@pytest.mark.parametrize("level", LEVELS)
def test_a_creature_does_not_walk_alone_into_an_enemy_pack_for_its_thrown_weapon(level):
    b = thrown_into_a_pack(pack=True)
    view, weapon_at = b.view(), b.hexmap.hex_at(3, 2)
    assert threatened_fetch(view, view.unit("A"), weapon_at)
    assert rm.safe_path(view, view.unit("A"), weapon_at, budget_hexes=6) is not None
    player = make_player(f"ai:{level}", "pack")
    play_until(b, {"blue": player, "red": player}, lambda b: b.active != "A")
    assert all((3, 2) not in cells for cells in turn_cells(b, "A"))
    assert b.unit("A").dropped            # still lying there


def test_with_no_enemy_near_it_the_weapon_is_worth_fetching():
    b = thrown_into_a_pack(pack=False)
    view = b.view()
    me = view.unit("A")
    assert not threatened_fetch(view, me, b.hexmap.hex_at(3, 2))
    profile = profile_of("hard")
    ctx = Context(b, view, me, weights=profile.weights, exact_danger=True, memo=Memo(b.hexmap))
    fetches = [o for o in Planner(b, ctx, profile).options() if o.kind == "fetch"]
    assert [o.command.path[-1] for o in fetches] == [(3, 2)]
    assert fetches[0].detail["reason"] == "objective"


# Measured on these three seeded Normal-vs-Normal duels: 2.27 moves per attack (150 moves,
# 66 attacks, 38 hexes revisited) before the plans had a purpose, 1.29 after (121 moves, 94
# attacks, none revisited). The bound sits between them, 40% above the measured figure: a
# return of the wandering fails it, a small change of the noise's draws does not.
MOVES_PER_ATTACK_BOUND = 1.8


@pytest.mark.slow
def test_normal_walks_fewer_moves_per_attack_on_the_duel():
    rows = []
    for seed in (1, 2, 3):
        result = play_game(DUEL, {"blue": "ai:normal", "red": "ai:normal"}, seed)
        assert result["refusals"] == 0 and not result["stalled"]
        rows += list(result["conduct"].values())
    total = summed(rows)
    assert total["attacks"] >= 20
    assert ratios(total)["moves_per_attack"] < MOVES_PER_ATTACK_BOUND


def test_simulate_json_counts_each_sides_conduct(capsys):
    assert run_simulate(str(DUEL), "ai,baseline", games=1, seed=3, as_json=True) == 0
    doc = json.loads(capsys.readouterr().out)
    for team in ("blue", "red"):
        c = doc["conduct"][team]
        assert c["attacks"] > 0 and c["creature_turns"] > 0
        assert c["moves"] == sum(doc["actions"][team].get(k, 0)
                                 for k in ("Move", "Step", "Run", "Retreat"))
        assert c["revisits_per_creature_turn"] == round(c["revisits"] / c["creature_turns"], 4)
