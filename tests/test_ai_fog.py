"""The computer player under fog of war decides from what its side knows
(docs/rules/22-hiding-and-fog.md "Fog of war"; game/ai/fogged.py): real battles, real players.
"""
from __future__ import annotations

from pathlib import Path

from game.ai.player import AIPlayer
from game.ai.baseline import BaselinePlayer
from game.ecs.scenario import FOG
from game.engine import commands as C
from game.engine.belief import believed
from game.engine.sightings import known_by

from test_engine_turns import FIRST, SECOND, THIRD, arena

REPO = Path(__file__).resolve().parent.parent
FOG_BANK = {(5, r): FOG for r in range(8)}          # blocks sight, not movement
UNSEEN_PLACES = ((6, 3), (7, 1), (9, 6), (6, 5))     # beyond the bank: blue never sees them


def battle(hidden_at, fog=True):
    """Blue's archer A acts first; red's fighter G stands beyond the fog bank at `hidden_at`."""
    return arena(("A", "archer", "blue", 2, 3, {"initiative": FIRST}),
                 ("K", "fighter", "blue", 1, 5, {"initiative": THIRD}),
                 ("F", "fighter", "red", 3, 6, {"initiative": SECOND}),
                 ("G", "fighter", "red", *hidden_at, {"initiative": -10}),
                 terrain=FOG_BANK, fog=fog, initiative="top-down",
                 controllers={"blue": "ai", "red": "ai"})


def first_action(b, player):
    """The player's first command that is not a reaction policy (those it sets at once)."""
    for _ in range(5):
        command = player.command(b)
        if not isinstance(command, C.SetPolicy):
            return command
        assert b.apply(command).ok
    raise AssertionError("no action chosen")


def test_an_enemy_the_side_does_not_see_changes_nothing_it_decides():
    decisions = set()
    for place in UNSEEN_PLACES:
        b = battle(place)
        assert "G" not in known_by(b, "blue").seen and known_by(b, "blue").sighting("G") is None
        decisions.add(first_action(b, AIPlayer("normal", seed=0)))
    assert len(decisions) == 1


def test_without_fog_the_same_enemy_does_change_its_decision():
    """The control of the test above: the computer does read where G stands when it may."""
    decisions = {first_action(battle(place, fog=False), AIPlayer("normal", seed=0))
                 for place in UNSEEN_PLACES}
    assert len(decisions) > 1


def test_the_baseline_does_not_see_through_the_fog_either():
    decisions = {first_action(battle(place), BaselinePlayer()) for place in UNSEEN_PLACES}
    assert len(decisions) == 1


def test_the_believed_battle_has_unseen_enemies_where_last_seen_or_nowhere():
    b = battle((6, 3))
    seen = believed(b, "blue")
    assert not seen.view().has_unit("G") and seen.view().has_unit("F")
    assert b.view().has_unit("G")                       # the battle itself is untouched
    red = believed(b, "red")                            # red sees everything of blue
    assert {u.name for u in red.view().units} == {u.name for u in b.view().units}


def test_the_computer_hides_and_spots_on_the_mill_and_simulate_counts_it():
    """Two rounds of the ruined mill under fog (its map's default), the computer on both
    sides: each side hides, a side looks, and the game's counts (what `simulate --json` reports
    under `actions`) say so."""
    from game.ai.games import play_game
    result = play_game(REPO / "maps" / "skirmish.tmx", {"blue": "ai:normal", "red": "ai:normal"},
                       2, round_cap=2)
    counts = result["stats"]["actions"]
    assert counts["blue"].get("Hide", 0) > 0 and counts["red"].get("Hide", 0) > 0
    assert counts["blue"].get("Spot", 0) + counts["red"].get("Spot", 0) > 0
    assert result["refusals"] == 0
