"""The battle's sounds (game.ui.sound): chosen from the engine's events by one table, made by
the game, played at the settings' volume; muted, nothing plays; silent and never failing
without a sound device (SDL_AUDIODRIVER=dummy)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import events as E  # noqa: E402
from game.ui import settings as prefs  # noqa: E402
from game.ui.sound import RATE, SOUND_NAMES, SOUND_OF_EVENT, WAVES, pcm, sounds_of  # noqa: E402
from test_ui_app import key  # noqa: E402
from test_ui_controller import duel  # noqa: E402
from test_ui_menu_undo import press  # noqa: E402
from tests.helpers import shared_app  # noqa: E402

COMPUTERS = {"blue": "ai", "red": "ai"}


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXSKIRMISH_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def watch(a, steps: int = 400) -> None:
    """The computer plays both sides until the battle ends (or `steps` frames)."""
    for _ in range(steps):
        if a.battle.awaiting() == "over":
            return
        a.update(0.5)


def test_a_battle_played_headless_sounds_its_steps_strikes_and_end():
    a = shared_app(duel(controllers=COMPUTERS), (1280, 800), animations=False,
                   settings=prefs.Settings(end_warning=False))
    watch(a)
    played = a.sound.played
    assert a.battle.awaiting() == "over"
    assert played == sounds_of(a.battle.events)
    assert "step" in played and {"strike", "miss"} & set(played)
    assert played[-1] == "victory"              # nobody at the window: the winner's tune
    downed = sum(isinstance(e, (E.Died, E.KnockedOut)) or
                 (isinstance(e, E.ConditionAdded) and e.condition in ("dying", "unconscious"))
                 for e in a.battle.events)
    assert played.count("fall") >= downed > 0   # a battle ends when one side is down


def test_muted_nothing_plays():
    a = shared_app(duel(controllers=COMPUTERS), (1280, 800), animations=False,
                   settings=prefs.Settings(end_warning=False, muted=True))
    watch(a, 40)
    assert any(isinstance(e, E.Moved) for e in a.battle.events)
    assert a.sound.played == []


def test_defeat_when_the_person_loses_and_victory_when_the_person_wins():
    won = E.BattleWon("red", 3)
    assert sounds_of([won], frozenset({"red"})) == ["victory"]
    assert sounds_of([won], frozenset({"blue"})) == ["defeat"]


def test_every_sound_the_table_names_is_made_by_the_game():
    named = set()
    for sound in SOUND_OF_EVENT.values():
        named |= {sound} if isinstance(sound, str) else set()
    assert named <= set(SOUND_NAMES) == set(WAVES)
    for name in SOUND_NAMES:
        data = pcm(name, 2)
        assert 0.05 * RATE * 4 < len(data) < 1.0 * RATE * 4     # stereo, 16 bit, < 1 s
        assert max(data) > 0


def test_the_volume_and_mute_are_settings_kept_with_the_others(home):
    a = shared_app(duel(), (1280, 800), animations=False, settings=prefs.load())
    key(a, pygame.K_ESCAPE)
    press(a, a.view.quieter_button)
    press(a, a.view.mute_button)
    assert prefs.load() == prefs.Settings(volume=0.6, muted=True)
    assert a.sound.muted and a.sound.volume == 0.6
    press(a, a.view.follow_button)
    assert not prefs.load().follow and not a.battle_screen.follow
    assert "muted" in a.view.volume_label.text


def test_without_a_sound_device_the_sounds_are_asked_for_and_nothing_fails():
    import subprocess
    import sys
    env = dict(os.environ, SDL_AUDIODRIVER="no-such-device", SDL_VIDEODRIVER="dummy")
    code = ("from game.ui.sound import SoundPlayer\n"
            "p = SoundPlayer()\n"
            "p.play('step'); p.play('victory')\n"
            "print(p.played, p.available)\n")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, timeout=120, cwd=os.path.dirname(os.path.dirname(
                             os.path.abspath(__file__))))
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "['step', 'victory'] False"


def test_a_mixer_opened_at_another_rate_plays_the_sounds_at_their_length():
    a = pcm("fall", 2, 44100)
    b = pcm("fall", 1)
    assert len(a) // 4 == 2 * len(b) // 2                # twice the samples, two channels
