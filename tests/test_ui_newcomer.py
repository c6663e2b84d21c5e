"""What a newcomer's first battle in a real window tripped over, one headless test per promise
(the real App, real battles, the dummy video driver)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.engine.defense import pending_odds  # noqa: E402
from test_ui_playtest_window import defense_prompted  # noqa: E402
from tests.helpers import shared_app  # noqa: E402


def test_the_defense_hint_names_a_key_only_for_a_defense_the_engine_allows():
    a = defense_prompted()
    _, usable, _ = pending_odds(a.battle)
    assert usable["parry"].possible and not usable["dodge"].possible
    hint = a.hud.hint()
    assert "P Active Parry" in hint
    assert "Dodge" not in hint and "V " not in hint
    assert "Y the better one" in hint and "N none" in hint


def test_a_trip_in_the_computers_summary_says_trip_not_a_second_hit():
    from game.engine import events as E
    from game.ui.turn_summary import summary
    from test_ui_controller import duel
    b = duel()
    touch = E.AttackRolled("Orc", "Wulfric", "unarmed", (15,), 15, 20, 12, True, False, False,
                           "", "touch")
    trip = [E.TurnStarted("Orc", 1), touch,
            E.OpposedCheck("Orc", "Wulfric", "trip", "STR", 19, "DEX", 13, True, 6, ""),
            E.AttackRolled("Orc", "Wulfric", "greataxe", (18,), 18, 24, 15, True, False, False,
                           ""),
            E.Damaged("Wulfric", 7, 5, "slashing", ""), E.TurnEnded("Orc")]
    assert summary(trip, "red", b.teams_of) == "Red: Orc tripped Wulfric and hit Wulfric for 7"
    failed = [E.TurnStarted("Orc", 1), touch,
              E.OpposedCheck("Orc", "Wulfric", "trip", "STR", 9, "DEX", 13, False, -4, ""),
              E.TurnEnded("Orc")]
    assert summary(failed, "red", b.teams_of) == "Red: Orc tried to trip Wulfric"


def test_each_result_screen_button_with_a_key_says_the_key_and_what_it_leads_to():
    from game.ui import setup_model as S
    duel_map = os.path.join(os.path.dirname(__file__), "..", "maps", "duel.tmx")
    setup = S.Setup(duel_map, (S.Side("blue"), S.Side("red", "ai")), None, 11)
    a = shared_app(S.start_battle(setup), (1280, 800), animations=False, setup=setup)
    a.show_result()
    assert a.mode == "result"
    for button, key_name in ((a.view.again_button, "Enter"), (a.view.watch_button, "W"),
                             (a.view.setup_button, "Esc")):
        key_part, _, what = button.tool_tip_text.partition(": ")
        assert key_part == key_name and len(what.split()) >= 3, button.tool_tip_text


def test_the_pick_hint_says_the_pick_marks_on_the_map_answer_too():
    import pygame as pg
    from test_ui_app import click, key
    from test_ui_controller import duel
    a = shared_app(duel(), (1280, 800), animations=False)
    for _ in range(40):
        if a.battle.awaiting() == "choice" and a.hud.human():
            break
        if a.battle.awaiting() == "turn" and a.controller.is_human_turn():
            key(a, pg.K_e)
            key(a, pg.K_RETURN)
        a.update(0.5)
    assert a.battle.awaiting() == "choice" and a.hud.human()
    hint = a.hud.hint()
    assert "'pick'" in hint and "map" in hint and "initiative list" in hint
    picked = sorted(a.model.choice_candidates)[-1]
    click(a, a.battle.cell(a.battle.unit(picked).anchor))      # its mark on the map
    assert a.battle.awaiting() != "choice" and a.battle.active == picked


def test_no_combat_log_line_leaves_a_blank_row_after_it_whatever_its_length():
    from game.ui import presenters as P
    from test_ui_controller import duel
    a = shared_app(duel(), (1280, 800), animations=False)
    log = a.hud.combat_log
    base = "Tamsin moves from 7,4 to 6,4 (1 hex"
    # lengths a pixel apart, so that some line ends right at the box's edge
    texts = [base + fill * n + ")" for n in range(30) for fill in ("l", "i.", "'")]
    log.entries = [P.LogEntry(t, "", (), "move", ()) for t in texts]
    log.box.set_text(log.html())
    log.box.update(0.0)
    rows = log.box.text_box_layout.layout_rows
    blank = [n for n, row in enumerate(rows)
             if [type(chunk).__name__ for chunk in row.items] == ["LineBreakLayoutRect"]]
    assert blank == []
