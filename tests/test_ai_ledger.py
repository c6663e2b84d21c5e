"""The look-ahead's ledger (game/ai/ledger.py): a rollout's weapon blows count at their odds,
not at their dice. The same blow on copies of one battle with different dice is worth the
same, however the dice fell; a blow that no preview judges (a trip's touch attack) is not
counted as damage; and a whole rollout scored with the ledger values the same plan alike
under dice that fell differently more often than the rolled outcome does."""
from __future__ import annotations

from ai_helpers import first_decision
from game.ai import lookahead
from game.ai.ledger import Ledger
from game.ai.player import AIPlayer, rollout_player
from game.engine import commands as C
from test_ai_lookahead import ORC_AT_3_HP, _on_duel


def _ready():
    b = _on_duel(ORC_AT_3_HP)
    first_decision(b, AIPlayer("hard", seed=0, budget=0).command)   # its setup sent
    return b


def test_a_blow_counts_its_expected_damage_however_the_dice_fell():
    """Eight copies, eight dice: the fighter's blow on the orc with 3 hit points hits on
    some and misses on others, but the ledger counts the same damage and the same chance
    of bringing the orc down on every copy, both strictly between nothing and certainty."""
    b = _ready()
    rolled, counted = set(), set()
    for k in range(8):
        copy, ledger = b.rehearsal(f"blow:{k}"), Ledger()
        assert ledger.play(copy, C.Attack("B", "R0", "longsword", confirm=True))
        r0 = copy.view().unit("R0")
        went_down = r0.hp <= 0
        rolled.add(went_down)
        lost, down = ledger.lost("R0", 3 - r0.hp, 3, went_down)
        counted.add((round(lost, 6), round(down, 6)))
    assert rolled == {True, False}            # the dice did differ
    assert len(counted) == 1
    lost, down = counted.pop()
    assert 0.0 < lost <= 3.0 and 0.0 < down < 1.0


def test_a_trip_is_not_counted_as_a_blow():
    """A Trip rolls a touch attack, which deals no damage: the ledger notes nothing for it."""
    b = _ready()
    copy, ledger = b.rehearsal("trip"), Ledger()
    assert ledger.play(copy, C.Trip("B", "R0"))
    assert "R0" not in ledger.blows


def test_rollouts_scored_at_the_odds_spread_less_than_their_dice():
    """The fighter's blow on the orc, played out through the orcs' reply on ten copies: the
    scores with the ledger spread less than the same rollouts scored by their rolled
    outcome (what a handful of rollouts could not tell apart before)."""
    b = _ready()
    base = lookahead.Baseline(b, "B", AIPlayer("hard").profile.weights)
    cmd = C.Attack("B", "R0", "longsword", confirm=True)
    odds, dice = [], []
    for k in range(10):
        copy = b.rehearsal(f"spread:{k}")
        odds.append(lookahead.rollout(copy, cmd, "B", rollout_player(), base, scored="B"))
        dice.append(base.outcome_value(copy, "B", Ledger()))
    assert _spread(odds) < _spread(dice)


def _spread(xs) -> float:
    mean = sum(xs) / len(xs)
    return (sum((x - mean) ** 2 for x in xs) / len(xs)) ** 0.5
