"""The computer player directs minions (game/ai/minions.py; the players' page "Minions"): a
leader spends Direct Minions, then the group's actions on the minions that can strike, and
keeps one action as the group's Reaction when none can; the baseline plays a leader too."""
from __future__ import annotations

from ai_helpers import first_decision
from game.ai.baseline import baseline
from game.ai.player import AIPlayer, choose_command
from game.engine import commands as C
from game.engine import events as E

from test_engine_turns import ok
from test_minions import band, nb


def _leader_turn(b, decide, limit=20):
    """Apply `decide` until Cap's turn ends; the commands sent."""
    sent = []
    while b.active == "Cap" and len(sent) < limit:
        cmd = first_decision(b, decide)
        sent.append(cmd)
        ok(b, cmd)
    return sent


def test_the_leader_directs_its_minions_first():
    b = band()
    assert first_decision(b, choose_command) == C.DirectMinions("Cap")


def test_a_minion_that_can_strike_attacks_before_the_leaders_own_plan():
    b0 = band()
    beside = nb(b0, (4, 2), 0)
    b0.close()
    b = band(f=(4, 2), minions=(beside, (8, 4), (9, 3)), dice=[("d20", 2)] * 8)
    ok(b, first_decision(b, choose_command))                 # Direct Minions
    cmd = first_decision(b, choose_command)
    assert cmd == C.Attack("G1", "F")


def test_when_no_minion_can_strike_one_action_is_kept_as_the_reaction():
    b = band(f=(0, 7))
    player = AIPlayer("normal", seed=1)
    sent = _leader_turn(b, player.command)
    minion_moves = [c for c in sent if c.unit in ("G1", "G2", "G3")]
    assert sent[0] == C.DirectMinions("Cap") and minion_moves
    assert all(isinstance(c, C.Move) for c in minion_moves)
    assert any(isinstance(e, E.MinionReactionKept) for e in b.events)
    assert b.reactions("G1").available == 1


def test_the_baseline_directs_and_plays_each_minion():
    b0 = band()
    beside = nb(b0, (4, 2), 0)
    b0.close()
    b = band(f=(4, 2), minions=(beside, (8, 4), (9, 3)))
    sent = _leader_turn(b, baseline)
    assert sent[0] == C.DirectMinions("Cap") and C.Attack("G1", "F", "shortsword",
                                                         confirm=True) in sent
    assert b.minions["Cap"].actions == 0
