"""Four sides on the shipped free-for-all map (maps/melee.tmx): two people at one machine and
two computer sides. The handoff passes the screen only between the people and names the side
to play, the initiative tracker lists all four, the computer plays both of its sides, and
the result screen has a row per side. Headless, through `App.handle_event`.
"""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.engine import events as E  # noqa: E402
from game.ui import setup_model as S  # noqa: E402
from game.ui.app import play_app  # noqa: E402
from game.ui.screens import ARM_S, ResultScreen  # noqa: E402
from test_ui_app import key  # noqa: E402

MELEE = os.path.join(os.path.dirname(os.path.dirname(__file__)), "maps", "melee.tmx")
TEAMS = ["blue", "red", "green", "gold"]


def test_the_free_for_all_map_has_four_sides_and_the_setup_says_so():
    info = next(m for m in S.list_maps(os.path.dirname(MELEE)) if m.name == "melee")
    assert list(info.teams) == TEAMS
    a = play_app(window=False)
    a.view.select_map("Four banners")
    assert "4 sides" in " ".join(a.view.texts())


def test_two_people_and_two_computers_play_round_one():
    a = play_app(MELEE, sides="human,ai,human,ai", seed=3, window=False)
    b = a.battle
    assert a.controller.human_teams == {"blue", "green"}
    assert {e.team for e in a.hud.entries} == set(TEAMS)
    handed, acted = [], set()
    for _ in range(400):
        if b.round > 1 or b.awaiting() == "over":
            break
        if a.mode == "handoff":
            handed.append(a.view.team)
            assert a.view.team == a.controller.team_of(a.controller.waiting_on())
            assert a.view.texts()[0] == f"{a.view.team.capitalize()} to play"
            a.update(ARM_S + 0.1)
            key(a, pygame.K_SPACE)
            continue
        if a.hold:                                   # an AOO result to look at
            key(a, pygame.K_SPACE)
            continue
        if a.controller.is_human_turn():
            aw = b.awaiting()
            if aw == "choice":
                a.controller.choose_next(a.model.choice_candidates[0])
            elif aw == "reaction":
                key(a, pygame.K_y)
            else:
                acted.add(b.active)
                key(a, pygame.K_e)
            continue
        a.update(0.5)
    assert b.round > 1 or b.awaiting() == "over"
    assert set(handed) <= {"blue", "green"} and handed
    movers = {b.teams_of[e.unit] for e in b.events if isinstance(e, E.TurnStarted)}
    assert {"red", "gold"} <= movers                  # the computer played both its sides
    assert {b.teams_of[n] for n in acted} == {"blue", "green"}


def test_the_result_screen_has_a_row_per_side():
    a = play_app(MELEE, sides="ai,ai,ai,ai", seed=5, window=False)
    summary = S.battle_summary(a.battle)
    screen = ResultScreen(a.ui, summary, a.setup, "Four banners", (1280, 800))
    words = screen.texts()
    for team in TEAMS:
        assert f"{team.capitalize()}" in words
    assert sum(1 for w in words if w.endswith("of 3")) == 4
