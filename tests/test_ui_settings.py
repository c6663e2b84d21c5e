"""The menu's settings (game.ui.settings): the attack-of-opportunity policy of the player's
creatures, sent to the engine as SetPolicy commands; the window size and full screen; both
kept in the player's settings file and read when the window opens. The real App on the
dummy video driver, real maps; the player's folder is the test's own (HEXSKIRMISH_HOME).
"""
from __future__ import annotations

import json
import os
import warnings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game import paths  # noqa: E402
from game.engine import commands as C  # noqa: E402
from game.ui import settings as prefs  # noqa: E402
from game.ui.app import play_app  # noqa: E402
from test_ui_app import click, key  # noqa: E402
from test_ui_controller import duel  # noqa: E402
from test_ui_menu_undo import press  # noqa: E402
from tests.helpers import shared_app  # noqa: E402

DUEL = paths.shipped_map("duel")


def policies(battle, team: str) -> dict:
    return {u.name: u.aoo_policy for u in battle.view().units
            if battle.teams_of[u.name] == team and not u.dead}


def test_the_aoo_setting_sends_set_policy_for_the_players_creatures(player_home):
    a = play_app(DUEL, sides="human,ai", seed=3, window=False, settings=prefs.load())
    assert set(policies(a.battle, "blue").values()) == {"ask"}      # a person's default
    computer = policies(a.battle, "red")
    key(a, pygame.K_ESCAPE)
    assert "ask" in a.view.policy_button.text
    press(a, a.view.policy_button)
    assert a.mode == "menu" and "always" in a.view.policy_button.text
    assert set(policies(a.battle, "blue").values()) == {"always"}
    assert policies(a.battle, "red") == computer                    # not the computer's
    sent = [c for c in a.battle.log if isinstance(c, C.SetPolicy)]
    assert {c.unit for c in sent} == set(policies(a.battle, "blue"))
    assert {c.policy for c in sent} == {"always"}
    assert {c.reaction for c in sent} == {"aoo", "interrupt", "defense"}
    saved = json.loads((player_home / "settings.json").read_text())
    assert saved["aoo_policy"] == "always"
    press(a, a.view.policy_button)
    assert set(policies(a.battle, "blue").values()) == {"never"}
    assert prefs.load().aoo_policy == "never"


def test_the_saved_aoo_setting_applies_when_the_next_battle_starts(player_home):
    prefs.save(prefs.Settings(aoo_policy="never"))
    a = play_app(DUEL, sides="human,ai", seed=4, window=False, settings=prefs.load())
    assert set(policies(a.battle, "blue").values()) == {"never"}
    assert all(isinstance(c, C.SetPolicy) for c in a.battle.log)
    assert len(a.battle.log) == 3 * len(policies(a.battle, "blue"))   # AOO, interrupt, defense


def test_undo_keeps_the_aoo_setting():
    a = shared_app(duel(), (1280, 800), animations=False,
                   settings=prefs.Settings(aoo_policy="always", end_warning=False))
    a.persist = False
    assert policies(a.battle, "blue") == {"Wulfric": "always", "Mayat": "always"}
    key(a, pygame.K_4)
    click(a, (2, 2))                                         # a 5-Foot Step
    key(a, pygame.K_z)
    assert "undone" in a.model.message
    assert a.battle.cell(a.battle.unit("Wulfric").anchor) == (2, 3)
    assert policies(a.battle, "blue") == {"Wulfric": "always", "Mayat": "always"}


def test_the_window_setting_resizes_at_once_and_is_kept(player_home):
    a = play_app(DUEL, sides="human,ai", seed=3, window=False, settings=prefs.load())
    assert a.screen.get_size() == (1280, 800)
    key(a, pygame.K_ESCAPE)
    press(a, a.view.window_button)
    assert a.settings.window == "1600x900" and a.screen.get_size() == (1600, 900)
    assert a.mode == "menu" and a.view.size == (1600, 900) and "1600x900" in \
        a.view.window_button.text
    assert a.hud.size == (1600, 900) and a.camera.viewport == (1600, 900)
    assert prefs.load().window == "1600x900"
    press(a, a.view.window_button)
    press(a, a.view.window_button)                           # 1920x1080, then full screen
    assert a.settings.fullscreen and prefs.load().fullscreen
    w, h = a.screen.get_size()
    assert w >= prefs.MIN_SIZE[0] and h >= prefs.MIN_SIZE[1]
    press(a, a.view.window_button)                           # round again: the smallest
    assert a.screen.get_size() == prefs.MIN_SIZE
    b = play_app(DUEL, sides="human,ai", seed=3, window=False, settings=prefs.load(),
                 size=prefs.load().size)
    assert b.screen.get_size() == prefs.MIN_SIZE


def test_the_window_never_gets_smaller_than_the_buttons_need(player_home):
    a = play_app(DUEL, sides="human,ai", seed=3, window=False, settings=prefs.load())
    a.handle_event(pygame.event.Event(pygame.VIDEORESIZE, size=(640, 400), w=640, h=400))
    assert a.screen.get_size() == prefs.MIN_SIZE
    with warnings.catch_warnings():
        warnings.simplefilter("error")                       # a label too small warns
        key(a, pygame.K_ESCAPE)
        a.draw()
    window = pygame.Rect((0, 0), prefs.MIN_SIZE)
    buttons = [a.view.resume_button, a.view.save_button, a.view.policy_button,
               a.view.window_button, a.view.quit_button, a.view.setup_button]
    assert all(window.contains(b.rect) and b.rect.height >= 30 for b in buttons)
    assert len({tuple(b.rect) for b in buttons}) == len(buttons)   # none on another


def test_a_damaged_settings_file_gives_the_defaults_and_one_line(player_home, capsys):
    for text in ("{not json", '{"aoo_policy": "sometimes"}', "[" * 70000):
        (player_home / "settings.json").write_text(text)
        assert prefs.load() == prefs.Settings()
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and "settings.json" in err
    (player_home / "settings.json").write_text('{"speed": 2, "window": "full screen"}')
    assert prefs.load() == prefs.Settings(speed=2, window="full screen")


def test_the_speed_and_warning_settings_are_kept(player_home):
    a = play_app(DUEL, sides="human,ai", seed=3, window=False, settings=prefs.load())
    assert a.controller.end_warning                          # the player's default: on
    key(a, pygame.K_ESCAPE)
    press(a, a.view.faster_button)
    press(a, a.view.warning_button)
    assert prefs.load() == prefs.Settings(speed=1.5, end_warning=False)
    b = play_app(DUEL, sides="human,ai", seed=3, window=False, settings=prefs.load())
    assert b.model.speed == 1.5 and not b.controller.end_warning
