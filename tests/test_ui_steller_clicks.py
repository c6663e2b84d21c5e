"""Clicks on the board in a steller battle with no action chosen (docs/rules/steller/actions.md),
through the App as a person plays: a click on a free hex walks there, a click on an enemy makes
the basic attack when it is in reach or range, and the pointer shows the walk's path or the
attack's chance from the engine's forecast.

The first d20s of a battle are the initiative rolls, one per creature in the listed order (20,
then 1: the first listed acts first), then the attack and damage dice.
"""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.engine import events as E  # noqa: E402
from game.engine.steller import commands as S  # noqa: E402
from game.engine.steller.body import turn_of  # noqa: E402
from test_ui_app import click, move_to  # noqa: E402
from test_ui_steller import steller_battle  # noqa: E402


@pytest.fixture
def make_app(blue_player_app):
    """The window on a steller battle of `units` (test_ui_steller `steller_battle`)."""
    return lambda *units, **kw: blue_player_app(steller_battle(*units, **kw))


def events_of(b, kind) -> list:
    return [e for e in b.events if isinstance(e, kind)]


def test_a_click_on_a_free_hex_walks_there_with_the_move_action(make_app):
    app = make_app(("Aldric", "fighter", "blue", 2, 3), ("Grok", "orc", "red", 8, 3))
    b, m = app.battle, app.model
    move_to(app, (2, 1))
    assert m.preview.kind == "walk" and m.preview.words == "1 move action"
    click(app, (2, 1))
    assert b.cell(b.unit("Aldric").anchor) == (2, 1)
    assert events_of(b, E.Moved)[-1].kind == "walk"
    turn = turn_of(b, "Aldric")
    assert turn.move and not turn.standard


def test_the_hover_on_an_enemy_shows_the_basic_attacks_chance_and_a_click_makes_it(make_app):
    app = make_app(("Aldric", "fighter", "blue", 2, 3), ("Grok", "orc", "red", 3, 3),
                   dice=[("d20", 15), ("d8", 4)])
    b, m = app.battle, app.model
    move_to(app, (3, 3))
    hovered = m.more.hovered
    assert hovered is not None and hovered.action == "basic_attack"
    sword = b.forecast(S.UsePower("Aldric", power="longsword", target="Grok"))
    assert hovered.option.command.power == "longsword" and hovered.forecast == sword
    assert 0 < hovered.forecast.chance < 1
    click(app, (3, 3))
    rolled = events_of(b, E.AttackRolled)
    assert [(e.attacker, e.target, e.hit) for e in rolled] == [("Aldric", "Grok", True)]
    assert b.health("Grok").hp == b.health("Grok").max_hp - (4 + 4)


def test_an_enemy_out_of_melee_reach_gets_the_ranged_basic_attack(make_app):
    app = make_app(("Aldric", "fighter", "blue", 2, 3), ("Grok", "orc", "red", 7, 3),
                   dice=[("d20", 2)])
    b, m = app.battle, app.model
    move_to(app, (7, 3))
    assert m.more.hovered.option.command.power == "javelin"
    click(app, (7, 3))
    assert [e.weapon for e in events_of(b, E.AttackRolled)] == ["Javelin"]


def test_an_enemy_out_of_range_says_why_in_the_engines_words(make_app):
    app = make_app(("Aldric", "fighter", "blue", 0, 0), ("Grok", "orc", "red", 23, 9),
                   width=24, height=10)
    b, m = app.battle, app.model
    app.battle_screen.point_at((23, 9))
    move_to(app, (23, 9))
    assert m.more.hovered is None
    assert m.refusal == b.refusal(S.UsePower("Aldric", power="longsword", target="Grok")).reason
    version = b.version
    click(app, (23, 9))
    assert b.version == version and m.message


def test_a_provoking_walk_waits_for_a_second_click(make_app):
    app = make_app(("Aldric", "fighter", "blue", 2, 3), ("Grok", "orc", "red", 3, 3),
                   dice=[("d20", 3)])
    b, m = app.battle, app.model
    move_to(app, (0, 3))
    assert m.preview.provokes and m.preview.provokes[0][1] == ["Grok"]
    version = b.version
    click(app, (0, 3))
    assert b.version == version and isinstance(m.pending, S.Walk)
    assert "provokes Grok" in m.message
    click(app, (0, 3))
    assert b.cell(b.unit("Aldric").anchor) == (0, 3)
    assert [e.kind for e in events_of(b, E.AttackRolled)] == ["aoo"]


def test_an_opportunity_attack_prompt_shows_the_steller_numbers(make_app):
    """An enemy whose policy is to ask is asked before its opportunity attack: the prompt
    gives its melee basic attack's chance against the defense the steller engine reads (the
    engine's forecast lines), not the default rules' odds."""
    from game.engine.steller.forecast import plan_lines
    from game.engine.steller.strikes import attack_plan
    from game.engine.steller.body import sheet_of
    app = make_app(("Aldric", "fighter", "blue", 2, 3), ("Grok", "orc", "red", 3, 3))
    b = app.battle
    app.controller.human_teams = {"blue", "red"}     # red's player answers at this screen
    assert b.apply(S.SetPolicy("Grok", policy="ask")).ok
    click(app, (0, 3))
    click(app, (0, 3))                        # confirmed: Grok is asked
    assert b.awaiting() == "reaction"
    title, body, buttons = app.battle_screen.hud.prompt.content(b)
    plan = attack_plan(b, "Grok", "Aldric", sheet_of(b, "Grok").basic("melee"))
    assert title == "Opportunity attack: Grok" and buttons
    assert plan_lines(plan, "Aldric")[0].split(" (")[0] in body
    assert "vs AC 18" in body and "Greataxe" in body and "critical" not in body


def test_tab_chooses_the_basic_attack_a_click_makes(make_app):
    """Tab turns to the next basic attack: next to the orc, the javelin instead of the
    longsword."""
    import pygame
    from test_ui_app import key
    app = make_app(("Aldric", "fighter", "blue", 2, 3), ("Grok", "orc", "red", 3, 3))
    m = app.model
    move_to(app, (3, 3))
    assert m.more.hovered.option.command.power == "longsword"
    key(app, pygame.K_TAB)
    move_to(app, (3, 3))
    assert m.weapon == "javelin" and m.more.hovered.option.command.power == "javelin"


def test_ending_a_turn_with_the_standard_action_unused_asks_again(make_app):
    """With the warning on, End Turn with the standard action unused waits for a second
    End Turn, which ends it."""
    app = make_app(("Aldric", "fighter", "blue", 2, 3), ("Grok", "orc", "red", 3, 3),
                   ("Wren", "archer", "blue", 8, 7), dice=[("d20", 2)])
    ctl, b = app.controller, app.battle
    ctl.end_warning = True
    ctl.do_action("end_turn")
    assert b.active == "Aldric" and "standard action" in app.model.message
    ctl.do_action("end_turn")
    assert b.active != "Aldric"
