"""The legality query answers, in the positions of seeded computer games on several maps and
with both rule profiles, exactly what it answered when tests/data/legality/actions.json was
recorded (tests/legality_states.py): making it faster changed no answer."""
import json

import pytest

from tests.legality_states import GAMES, GOLDEN, game_key, play_and_record

RECORDED = json.loads(GOLDEN.read_text())


def test_the_recording_covers_every_game_and_both_profiles():
    assert set(RECORDED) == {game_key(*g) for g in GAMES}
    assert {rules for _, rules, _ in GAMES} == {"lfg", "light"}
    assert all(len(states) >= 10 for states in RECORDED.values())


@pytest.mark.parametrize("game", GAMES, ids=[game_key(*g) for g in GAMES])
def test_actions_answer_as_recorded_in_every_position(game):
    recorded = RECORDED[game_key(*game)]
    played = play_and_record(*game)
    assert len(played) == len(recorded)
    for step, (now, then) in enumerate(zip(played, recorded)):
        assert now == then, f"{game_key(*game)}, turn decision {step} ({then['name']})"
