"""The map's objectives and story in the window (docs/mapping.md "Objectives and events"):
the objectives panel lists each side's objectives and progress, the opening story shows in a
message box (Enter closes it) and in the log, and the result screen says which objective
decided the battle. Headless (dummy video driver), through the App."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.engine import commands as C  # noqa: E402
from game.ui.app import play_app  # noqa: E402
from scenario_maps import creature, region, scenario_map, thing  # noqa: E402
from test_ui_app import key  # noqa: E402

UNITS = [creature(1, "Wulfric", 1, 1), creature(2, "Maud", 1, 4),
         creature(3, "Grak", 13, 2, "orc", "red")]
SCENARIO = [region(20, "Ford", [(3, 1)]),
            thing(21, "objective", team="blue", kind="hold", target="Ford", rounds=1),
            thing(22, "objective", team="red", kind="survive", rounds=3),
            thing(23, "story", text="Hold the ford before the raiders cross.")]


def app_on(tmp_path):
    path = scenario_map(tmp_path, UNITS, SCENARIO, width=15)
    return play_app(str(path), sides="human,human", seed=3, initiative="top-down",
                    window=False)


def test_the_objectives_panel_lists_each_sides_objectives_and_progress(tmp_path):
    a = app_on(tmp_path)
    text = a.hud.objectives.text()
    assert "Blue" in text and "Hold Ford for 1 round" in text and "0 of 1 held" in text
    assert "Red" in text and "Survive 3 rounds" in text and "0 of 3 rounds" in text
    assert a.hud.rects["objectives"].top > a.hud.rects["initiative"].bottom


def test_a_map_without_objectives_has_no_objectives_panel(tmp_path):
    path = scenario_map(tmp_path, UNITS, [], width=15)
    a = play_app(str(path), sides="human,human", seed=3, window=False)
    assert "objectives" not in a.hud.rects and "objectives" not in a.hud.panels


def test_the_opening_story_shows_in_a_message_box_and_the_log(tmp_path):
    a = app_on(tmp_path)
    story = a.battle_screen.story
    assert story.visible and story.texts == ["Hold the ford before the raiders cross."]
    assert "Hold the ford before the raiders cross." in a.hud.log_html()
    key(a, pygame.K_RETURN)
    assert not story.visible


def test_the_computer_waits_while_the_story_is_read(tmp_path):
    path = scenario_map(tmp_path, UNITS, SCENARIO, width=15)
    a = play_app(str(path), sides="ai,ai", seed=3, initiative="top-down", window=False)
    assert a.battle_screen.story.visible
    for _ in range(10):
        a.update(0.5)
    assert not a.battle.log, "the computer played while its story was still open"
    key(a, pygame.K_RETURN)
    for _ in range(10):
        a.update(0.5)
    assert a.battle.log


def test_the_result_screen_says_which_objective_was_met(tmp_path):
    a = app_on(tmp_path)
    key(a, pygame.K_RETURN)
    b = a.battle
    while b.active != "Wulfric":
        a.controller.send(C.EndTurn(b.active))
    a.controller.send(C.Move("Wulfric", ((2, 1), (3, 1))))
    while not b.winner:
        a.controller.send(C.EndTurn(b.active))
    assert b.winner == "blue"
    for _ in range(50):
        a.update(0.5)
        if a.mode == "result":
            break
    assert a.mode == "result"
    assert a.summary.decided_by == "Objective met: Hold Ford for 1 round"
    assert "Objective met: Hold Ford for 1 round" in a.shown.sub_label.text
