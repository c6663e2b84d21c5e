"""The test suite's own promise of bounded memory: what a test's windows hold is freed after the
test once the process holds over 512 MB, and after each module in any case (tests/conftest.py
`pygame_windows_freed_after_test`, `pygame_display_closed_after_module`), not kept until the
process ends."""
from __future__ import annotations

import weakref

import pygame
from pygame_gui.core.utility import get_default_manager

from game import paths
from game.engine.battle import Battle
from game.ui.app import App
from test_ui_app import key
from tests.helpers import free_closed_windows, loaded_map


def test_a_window_no_longer_shown_frees_its_ui_managers():
    """Each UIManager holds the fonts and surfaces of its widgets (about 100 MB a window)."""
    battle = Battle(loaded_map(paths.shipped_map("duel")), seed=1,
                    controllers={"blue": "human", "red": "human"})
    app = App(battle, (1280, 800), window=False, animations=False)
    key(app, pygame.K_F1)                   # the help panel: a second manager, its widgets
    app.draw()
    # pygame_gui keeps the first manager of the process as its default, for good
    managers = [weakref.ref(m) for m in (app.manager, app.ui) if m is not get_default_manager()]
    assert managers
    del app, battle
    free_closed_windows(give_back=True)
    assert [ref() for ref in managers] == [None] * len(managers)
