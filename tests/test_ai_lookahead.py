"""Hard's look-ahead (game/ai/lookahead.py): its best few plans played out on copies of the
battle with sampled dice. The same battle and budget give the same command; every command
is one the battle accepts; deciding changes nothing and draws nothing from the battle's
dice; the smallest budget and a spent time cap still answer; and in a position where the
planner's greedy choice is worse (a Trip of an orc one blow would bring down), the
look-ahead strikes instead, and the orc goes down more often when the turn is played out.

Budgets here are small (tests stay quick); the default's decision times are measured by
tools/bench.py (section `ai`), its strength by tools/ai_quality.py --pair.
"""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from ai_helpers import first_decision, judgement
from game.ai import lookahead
from game.ai.games import make_player
from game.ai.memo import Memo
from game.ai.player import AIPlayer, profile_of, rollout_player
from game.ai.simulate import parse_sides
from game.ai.specs import ControllerSpec, parse_controller
from game.engine import commands as C
from game.engine import turns
from game.engine.battle import Battle
from game.errors import InputError
from game.tiled.hexmap import UnitPlacement
from tests.helpers import loaded_map

REPO = Path(__file__).resolve().parent.parent
DUEL = REPO / "maps" / "duel.tmx"

# a fighter between two wounded orcs: the one in front has 3 hit points left
ORC_AT_3_HP = [
    dict(name="B", unit="fighter", team="blue", col=5, row=3, facing=0),
    dict(name="R0", unit="orc", team="red", col=6, row=3, facing=3, overrides={"hp": 3}),
    dict(name="R1", unit="orc", team="red", col=4, row=5, facing=3, overrides={"hp": 5})]


def _on_duel(units, first: str = "B", seed: int = 2) -> Battle:
    """A battle on the duel map's terrain with these creatures, brought to `first`'s turn."""
    hexmap = dataclasses.replace(loaded_map(DUEL), units=[UnitPlacement(**u) for u in units])
    b = Battle(hexmap, seed=seed)
    for _ in range(6):
        state = b.awaiting()
        if state == "turn" and b.active == first:
            return b
        if state == "choice" and first in turns.candidates(b):
            cmd = C.ChooseNext(b.chooser, first)
        else:
            cmd = C.EndTurn(b.active)
        assert b.apply(cmd).ok
    raise AssertionError(f"{first} never got its turn")


def _unhurried(player: AIPlayer) -> AIPlayer:
    """The player with a wall-clock cap no test machine reaches: its look-ahead makes every
    rollout of its budget (the cap is a safety that a loaded machine may reach)."""
    player.profile = dataclasses.replace(player.profile, seconds=600.0)
    return player


def test_hard_gives_the_same_command_for_the_same_battle_and_budget():
    """The budget is a count of rollouts and their dice are seeded from the battle: two
    players (even with different seeds of their own) decide alike."""
    first = first_decision(_on_duel(ORC_AT_3_HP),
                           _unhurried(AIPlayer("hard", seed=1, budget=3)).command)
    again = first_decision(_on_duel(ORC_AT_3_HP),
                           _unhurried(AIPlayer("hard", seed=9, budget=3)).command)
    assert first == again


def test_every_command_of_hard_is_accepted_and_deciding_changes_nothing():
    """Hard's commands go through the battle's legality query like everyone's; its rollouts
    play on copies with dice of their own, so the battle's state and dice are untouched."""
    b = Battle(loaded_map(DUEL), seed=5)
    player = AIPlayer("hard", seed=1, budget=2)
    searched = 0
    for _ in range(40):
        if b.awaiting() == "over":
            break
        before, rolls = b.state_hash(), b.dice.rolls
        cmd = player.command(b)
        assert b.state_hash() == before and b.dice.rolls == rolls
        assert b.check(cmd) == "", cmd
        assert b.apply(cmd).ok
        searched += "search" in player.decisions[-1].detail
    assert player.rejected == 0
    assert searched >= 3            # the look-ahead did decide some of them


def test_the_smallest_budget_still_answers_with_a_legal_command():
    """Anytime: one rollout in all (fewer than the candidates: each still gets one), and a
    time cap already spent (one rollout at most, in its grace), both answer with a command
    the battle accepts."""
    b = _on_duel(ORC_AT_3_HP)
    cmd = first_decision(b, AIPlayer("hard", seed=0, budget=1).command)
    assert b.check(cmd) == ""
    options = AIPlayer("hard", seed=0, budget=0)._turn(b, Memo(b.hexmap))
    policy = AIPlayer("hard", budget=0, noise=0.0)
    chosen, detail = lookahead.search(b, options, policy,
                                      lookahead.Budget(rollouts=50, seconds=0.0))
    assert detail["rollouts"] <= 1 and b.check(chosen.command) == ""


def test_hard_strikes_the_orc_a_blow_brings_down_where_the_greedy_plan_trips_it():
    """The planner alone trips the orc with 3 hit points (its estimate of trip-then-strike is
    the higher); played out with the blows counted at their odds, a blow (after a step to
    its flank, or straight away) is worth more, and the look-ahead strikes. Both commands
    are played out on 30 copies of the battle with dice the search never used: the orc goes
    down more often after Hard's command."""
    greedy = first_decision(_on_duel(ORC_AT_3_HP), AIPlayer("hard", seed=0, budget=0).command)
    hard = first_decision(_on_duel(ORC_AT_3_HP), _unhurried(
        AIPlayer("hard", seed=0, budget=lookahead.DEFAULT_ROLLOUTS)).command)
    assert isinstance(greedy, C.Trip) and greedy.target == "R0"
    assert _strikes_the_orc(hard), hard
    downs = {}
    for label, cmd in (("greedy", greedy), ("hard", hard)):
        b = _on_duel(ORC_AT_3_HP)
        first_decision(b, AIPlayer("hard", seed=0, budget=0).command)   # its setup sent
        policy = AIPlayer("hard", budget=0, noise=0.0)
        downs[label] = 0
        for k in range(30):
            copy = b.rehearsal(f"check:{k}")
            assert copy.apply(cmd).ok
            while copy.awaiting() == "reaction" or (copy.awaiting() == "turn"
                                                   and copy.active == "B"):
                assert copy.apply(policy.command(copy)).ok
            r0 = copy.view().unit("R0")
            downs[label] += r0.hp <= 0
    assert downs["hard"] > downs["greedy"], downs


def test_a_rehearsal_rolls_its_own_dice_and_leaves_the_battle_alone():
    """A copy to try commands on: it takes commands, the battle does not change, and the
    same dice seed plays the same way twice."""
    b = _on_duel(ORC_AT_3_HP)
    first_decision(b, AIPlayer("hard", seed=0, budget=0).command)
    before = b.state_hash()
    hashes = []
    for _ in range(2):
        copy = b.rehearsal("same dice")
        assert copy.apply(C.Attack("B", "R0", "longsword", confirm=True)).ok
        hashes.append(copy.state_hash())
    assert hashes[0] == hashes[1] != before and b.state_hash() == before


@pytest.mark.parametrize("text, spec", [
    ("ai:hard@4", ControllerSpec("hard", 4, None)),
    ("ai:normal~0.05", ControllerSpec("normal", None, 0.05)),
    ("ai:hard@0~0.1", ControllerSpec("hard", 0, 0.1)),
    ("ai", ControllerSpec("normal", None, None)),
    ("ai:hard+danger=1.0+approach=0.3",
     ControllerSpec("hard", None, None, (("danger", 1.0), ("approach", 0.3)))),
    ("ai:normal@0~0.05+focus=0.5",
     ControllerSpec("normal", 0, 0.05, (("focus", 0.5),)))])
def test_a_controller_spec_names_the_level_its_rollouts_its_noise_and_its_weights(text, spec):
    """`ai:hard@N` sets Hard's rollouts per decision, `ai:normal~0.05` Normal's noise,
    `+danger=1.0` one of its weights; the player made from it plays by them and keeps the
    level's other weights."""
    assert parse_controller(text) == spec
    player = make_player(text, 0)
    if spec.budget is not None:
        assert player.profile.rollouts == spec.budget
    if spec.noise is not None:
        assert player.profile.noise == spec.noise
        assert player.light_player().noise == player.steller_player().noise == spec.noise
    level = profile_of(spec.level).weights
    for name in ("danger", "approach", "focus", "support"):
        want = dict(spec.weights).get(name, getattr(level, name))
        assert getattr(player.profile.weights, name) == want


def test_a_misspelt_controller_is_one_clear_line():
    with pytest.raises(InputError, match=r"unknown controller 'ai:hard@x'.*ai:hard@6"):
        parse_sides("ai:hard@x,ai", ["blue", "red"])
    with pytest.raises(InputError, match=r"unknown weight 'dangr' in 'ai:hard\+dangr=1'"
                                         r".*danger, approach"):
        parse_sides("ai:hard+dangr=1,ai", ["blue", "red"])
    assert parse_sides("ai:hard@6,ai:normal~0.05", ["blue", "red"]) == ["ai:hard@6",
                                                                       "ai:normal~0.05"]


def test_hard_with_its_look_ahead_strikes_where_normal_trips_the_orc():
    """Hard with the look-ahead's usual budget (DEFAULT_ROLLOUTS) and Normal without its
    noise face the orc with 3 hit points: Normal trips it, as the planner judges; Hard
    strikes it, straight away or after a step to its flank."""
    normal = first_decision(_on_duel(ORC_AT_3_HP), judgement("normal"))
    hard = first_decision(_on_duel(ORC_AT_3_HP), _unhurried(
        AIPlayer("hard", seed=0, budget=lookahead.DEFAULT_ROLLOUTS)).command)
    assert isinstance(normal, C.Trip) and normal.target == "R0"
    assert _strikes_the_orc(hard), hard


def _strikes_the_orc(cmd) -> bool:
    """A blow at the orc R0, or the 5-Foot Step of a step-then-strike plan."""
    return (isinstance(cmd, C.Attack) and cmd.target == "R0") or isinstance(cmd, C.Step)


def test_a_rollout_plays_the_enemies_reply_and_stops_at_the_next_turn():
    """A plan is played out through the enemies' answer: after the fighter ends its turn
    between the two orcs, the orc picked next takes its turn on the copy (with the copy's
    own dice), and the rollout stops when the turn after it begins."""
    b = _on_duel(ORC_AT_3_HP)
    first_decision(b, AIPlayer("hard", seed=0, budget=0).command)    # its setup sent
    weights = AIPlayer("hard").profile.weights
    copy = b.rehearsal("reply")
    start = len(copy.log)
    lookahead.rollout(copy, C.EndTurn("B"), "B", rollout_player(),
                      lookahead.Baseline(b, "B", weights))
    played = copy.log[start:]
    ended = [c.unit for c in played if isinstance(c, C.EndTurn)]
    assert ended[0] == "B" and len(ended) == 2 and ended[1] in ("R0", "R1"), played
    assert copy.awaiting() == "over" or copy.decider()[1] != ended[1]


def _a_pick_among_two_of_ours() -> Battle:
    """The duel played by Hard without look-ahead until a side picks who acts next and the
    planner would let one of its own act, with two of its own to pick from."""
    b = Battle(loaded_map(DUEL), seed=4)
    plain = AIPlayer("hard", seed=0, budget=0)
    for _ in range(400):
        state, who = b.decider()
        if state == "choice":
            team = b.teams_of[who]
            ours = [n for n in turns.candidates(b) if b.teams_of.get(n) == team]
            if len(ours) >= 2:
                return b
        assert b.apply(plain.command(b)).ok
    raise AssertionError("no pick among two creatures of one side")


def test_hard_searches_which_of_its_creatures_acts_next():
    """Selective initiative: Hard plays out letting each of its best creatures act next,
    through the enemies' reply; two players decide alike, and the pick is accepted."""
    picks = []
    for seed in (1, 9):
        b = _a_pick_among_two_of_ours()
        player = _unhurried(AIPlayer("hard", seed=seed, budget=4))
        cmd = player.command(b)
        assert isinstance(cmd, C.ChooseNext) and b.check(cmd) == ""
        assert player.decisions[-1].detail.get("search", {}).get("rollouts", 0) >= 2
        picks.append(cmd)
    assert picks[0] == picks[1]
