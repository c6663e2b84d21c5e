"""The window under fog of war (docs/rules/22-hiding-and-fog.md "Fog of war";
game/ui/fog_view.py, game/ui/fog_layer.py): a side's screen never draws an enemy it does not
know, shows where it last saw it, and names an unseen actor "something". Headless, through
the screenshot app on a shipped map, by what the board is asked to draw and by its pixels.
"""
from __future__ import annotations

import os
from pathlib import Path

import pygame

from game.engine import commands as C
from game.ui.app import screenshot_app
from game.ui.fog_view import masked, masked_text, shown_side
from game.ui.lines import LogEntry

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
REPO = Path(__file__).resolve().parent.parent
MILL = REPO / "maps" / "skirmish.tmx"
MOVES = {"Mayat": (9, 10), "Wulfric": (7, 9), "Sokaris": (6, 10)}   # seed 3: Mayat first


def hidden_archer(side, *more):
    """Mayat, blue's archer, hides in the wood of the ruined mill; drawn as `side` knows it."""
    app = screenshot_app(MILL, None, None, "1280x800", moves=MOVES, seed=3, fog=True, side=side,
                         commands=[C.Hide("Mayat"), *more])
    app.draw(force=True)
    return app


def test_the_enemy_side_is_never_asked_to_draw_a_creature_it_does_not_know():
    red = hidden_archer("red")
    board = red.battle_screen.board
    assert "Mayat" not in board.drawn_units and "Mayat" in board.drawn_ghosts
    assert {"Wulfric", "Sokaris"} <= set(board.drawn_units)
    assert red.controller.unit_at((9, 10)) is None          # pointing at her hex: nothing
    blue = hidden_archer("blue")
    assert "Mayat" in blue.battle_screen.board.drawn_units   # her own side sees her
    assert not blue.battle_screen.board.drawn_ghosts


def board_pixels(app) -> bytes:
    """The board's pixels of the frame just drawn (copied: the apps share one screen)."""
    area = app.battle_screen.board.area(app.battle_screen.camera, app.screen.get_size())
    return pygame.image.tobytes(app.screen.subsurface(area), "RGB")


def test_the_pixels_of_the_enemy_screen_do_not_change_where_the_hider_went():
    """She steps on through the wood, still hidden: red's board is the same picture as if
    she had stood still (only her ghost, where red last saw her); blue's is not."""
    still = board_pixels(hidden_archer("red"))
    moved_app = hidden_archer("red", C.Step("Mayat", to=(8, 10)))
    assert "Mayat" not in moved_app.battle_screen.board.drawn_units
    assert board_pixels(moved_app) == still
    blue_still = board_pixels(hidden_archer("blue"))
    assert board_pixels(hidden_archer("blue", C.Step("Mayat", to=(8, 10)))) != blue_still


def test_the_combat_log_names_an_unseen_actor_something():
    red = hidden_archer("red", C.Step("Mayat", to=(8, 10)))
    texts = [e.text for e in red.battle_screen.hud.combat_log.entries]
    assert not any("Mayat" in t for t in texts)
    assert "Something hides" in texts and "Something moves" in texts
    entry = LogEntry("Orc 1 hits Orc 10", "d20 ...", ("Orc 1", "Orc 10"), "attack")
    assert masked(entry, {"Orc 1"}).text == "Something hits Orc 10"
    # the hotseat handoff's "meanwhile" lines too
    assert masked_text("Red: Grik moved 3 hexes and hit Fang for 7", {"Grik"}) == \
        "Red: something moved 3 hexes and hit Fang for 7"


def test_whose_knowledge_the_window_shows():
    class Fogged:
        fog = True
    assert shown_side(Fogged(), {"blue"}, None, "red") == "blue"        # against the computer
    assert shown_side(Fogged(), {"blue", "red"}, None, "red") == "red"  # hotseat: who plays
    assert shown_side(Fogged(), {"blue", "red"}, None, "gold", "blue") == "blue"
    assert shown_side(Fogged(), set(), None, "red") is None             # computers only
    assert shown_side(object(), {"blue"}, None, "red") is None          # no fog: everything
    assert shown_side(object(), {"blue"}, "red", "red") == "red"        # chosen outright


def test_the_replay_viewer_shows_everything_or_what_one_side_knew():
    from game.ui.replay_viewer import ReplayScreen
    battle = hidden_archer("blue", C.Step("Mayat", to=(8, 10))).battle
    replay = ReplayScreen(battle, (1280, 800), animations=False)
    replay.go_to(len(replay.commands))
    seen = []
    for _ in range(3):                       # everything, then blue, then red
        replay.screen.draw(pygame.Surface((1280, 800)), force=True)
        board = replay.screen.board
        seen.append((replay.side, "Mayat" in board.drawn_units, "Mayat" in board.drawn_ghosts))
        replay.act("side")
    assert seen == [("", True, False), ("blue", True, False), ("red", False, True)]
    assert replay.side == "" and "everything" in replay.status()


def test_a_move_that_brings_an_enemy_into_sight_cannot_be_taken_back():
    """Undo takes back what revealed nothing: under fog, seeing a new enemy is something."""
    from game.ecs.scenario import FOG
    from game.ui.controller import GameController
    from test_engine_turns import FIRST, SECOND, arena
    b = arena(("A", "fighter", "blue", 2, 3, {"initiative": FIRST}),
              ("G", "fighter", "red", 8, 3, {"initiative": SECOND}),
              terrain={(5, r): FOG for r in range(8)}, fog=True, initiative="top-down",
              controllers={"blue": "human", "red": "ai"})
    ctl = GameController(b)
    assert ctl.unknown_enemies() == {"G"}
    near = next(o.command for o in b.options("A", "move") if o.command.path[-1] == (3, 3))
    assert ctl.send(near).ok and ctl.history.can_undo and ctl.unknown_enemies() == {"G"}
    beyond = next(o.command for o in b.options("A", "move") if o.command.path[-1][0] >= 6)
    assert ctl.send(beyond).ok and ctl.unknown_enemies() == frozenset()
    assert not ctl.history.can_undo
