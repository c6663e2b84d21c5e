"""The camera follows the creature that acts in the computer's turns and in replays
(game.ui.camera_follow, the `follow` setting, on by default): the map scrolls to it when it is
out of view; with the setting off the view stays where the player left it."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import events as E  # noqa: E402
from game.ui import settings as prefs  # noqa: E402
from test_ui_app import key  # noqa: E402
from test_ui_controller import battle_on  # noqa: E402
from tests.helpers import shared_app  # noqa: E402

COMPUTERS = {"blue": "ai", "red": "ai"}


def far_apart(controllers):
    return battle_on([dict(name="Wulfric", unit="fighter", team="blue", col=1, row=1),
                      dict(name="Orc", unit="orc", team="red", col=38, row=28, facing=3)],
                     width=40, height=30, controllers=controllers)


def on_screen(a, name: str) -> bool:
    x, y = a.camera.to_screen(*a.board.unit_centre(a.battle.unit(name)))
    ax, ay, w, h = a.camera.area()
    return ax <= x <= ax + w and ay <= y <= ay + h


@pytest.mark.parametrize("follow", [True, False])
def test_the_camera_follows_the_computers_creature_out_of_view(follow):
    a = shared_app(far_apart({"blue": "human", "red": "ai"}), (1024, 700),
                   animations=False, settings=prefs.Settings(end_warning=False, follow=follow))
    a.camera.set_zoom(1.5)
    a.camera.centre_on(*a.board.unit_centre(a.battle.unit("Wulfric")))
    key(a, pygame.K_e)                               # Wulfric ends its turn; the Orc plays
    a.camera.centre_on(*a.board.unit_centre(a.battle.unit("Wulfric")))
    assert not on_screen(a, "Orc")
    for _ in range(10):
        if any(isinstance(e, E.Moved) and e.unit == "Orc" for e in a.battle.events):
            break
        a.update(0.5)
    assert a.battle.active == "Orc" and not a.controller.is_human_turn()
    assert on_screen(a, "Orc") == follow


@pytest.mark.parametrize("follow", [True, False])
def test_the_replay_follows_the_creature_that_acts(follow):
    a = shared_app(far_apart(COMPUTERS), (1024, 700), animations=False,
                   settings=prefs.Settings(end_warning=False, follow=follow))
    for _ in range(20):
        if any(isinstance(e, E.Moved) and e.unit == "Orc" for e in a.battle.events):
            break
        a.update(0.5)
    a.watch_replay(back="quit")
    viewer = a.replay
    orc_moves = next(n for n, cmd in enumerate(viewer.commands)
                     if getattr(cmd, "unit", None) == "Orc" and getattr(cmd, "path", ()))
    viewer.go_to(orc_moves)
    screen = viewer.screen
    screen.camera.set_zoom(1.5)
    screen.camera.centre_on(*screen.board.unit_centre(screen.battle.unit("Wulfric")))
    assert not on_screen(screen, "Orc")
    assert viewer.forward()
    assert on_screen(screen, "Orc") == follow
