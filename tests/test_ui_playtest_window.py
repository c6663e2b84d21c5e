"""The second play-test's window bugs, one headless test per promise (the real App, real
battles, the dummy video driver; synthetic events through `App.handle_event`)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui.app import App  # noqa: E402
from test_ui_app import at, key, move_to  # noqa: E402
from test_ui_controller import battle_on, duel  # noqa: E402


@pytest.fixture(autouse=True, scope="module")
def _no_display_left_behind():
    yield
    pygame.display.quit()


def new_app(battle=None, size=(1280, 800)) -> App:
    return App(battle or duel(), size, window=False, animations=False)


def motion(app, pos) -> None:
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                        buttons=(0, 0, 0)))


# ---- the map behind the menu and the Load screen after a resize ---------------------------

def resize_event(kind, size):
    if kind == "videoresize":
        return pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    return pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])


@pytest.mark.parametrize("kind", ["videoresize", "windowsizechanged"])
@pytest.mark.parametrize("screen", ["menu", "load"])
def test_after_a_resize_the_map_is_drawn_again_behind_the_menu_and_the_load_screen(kind, screen):
    a = new_app()
    key(a, pygame.K_ESCAPE)
    assert a.mode == "menu"
    if screen == "load":
        a.show_load()
    a.handle_event(resize_event(kind, (1600, 900)))
    assert a.screen.get_size() == (1600, 900)
    assert a.draw(force=True)
    assert a.view.backdrop is not None and a.view.backdrop.get_size() == (1600, 900)
    orc = at(a, (3, 3))                         # the Orc, dimmed behind the dialog's left
    corner = (5, a.screen.get_height() - 5)
    assert a.screen.get_at(corner) == a.view.backdrop.get_at(corner)
    assert a.view.backdrop.get_at(orc) != a.view.backdrop.get_at(corner)
