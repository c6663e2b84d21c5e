"""What a newcomer's first battle in a real window tripped over, one headless test per promise
(the real App, real battles, the dummy video driver)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine.defense import pending_odds  # noqa: E402
from test_ui_playtest_window import defense_prompted  # noqa: E402


@pytest.fixture(autouse=True, scope="module")
def _no_display_left_behind():
    yield
    pygame.display.quit()


def test_the_defense_hint_names_a_key_only_for_a_defense_the_engine_allows():
    a = defense_prompted()
    _, usable, _ = pending_odds(a.battle)
    assert usable["parry"].possible and not usable["dodge"].possible
    hint = a.hud.hint()
    assert "P Active Parry" in hint
    assert "Dodge" not in hint and "V " not in hint
    assert "Y the better one" in hint and "N none" in hint
