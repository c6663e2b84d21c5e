"""The window's screens and the battle's input modes are objects (docs/architecture.md "The
window"): the App and the controller hand every event to the object shown or chosen and
never compare mode names; each mode object answers its own clicks and keys, driven here
through the real App, headless."""
from __future__ import annotations

import ast
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import paths  # noqa: E402
from game.engine import commands as C  # noqa: E402
from game.engine.battle import Battle  # noqa: E402
from game.tiled.loader import load_map  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.board_input import PlayInput, WatchInput  # noqa: E402
from game.ui.modes import AimMode, MoreMode, MoveMode, ReactionPrompt  # noqa: E402
from test_abilities import shaman_field  # noqa: E402
from test_ui_app import click, key, move_to  # noqa: E402
from test_ui_controller import battle_on, duel  # noqa: E402
from test_ui_interrupts import caught  # noqa: E402
from test_ui_more_actions import helpless_orc  # noqa: E402
from tests.helpers import shared_app  # noqa: E402

UI = Path(__file__).resolve().parents[1] / "game" / "ui"


def new_app(battle, **kw) -> App:
    return shared_app(battle, (1280, 800), animations=False, **kw)


def _is_mode(node) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "mode"


def _is_words(node) -> bool:
    """A string constant, or a tuple, list or set of them."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_is_words(e) for e in node.elts)
    return False


def mode_name_comparisons(path: Path) -> list[int]:
    """The lines of `path` that compare an attribute named `mode` with a string."""
    lines = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(map(_is_mode, operands)) and any(map(_is_words, operands)):
                lines.append(node.lineno)
    return lines


@pytest.mark.parametrize("module", ["app.py", "controller.py"])
def test_the_app_and_the_controller_compare_no_mode_name_with_a_string(module):
    assert mode_name_comparisons(UI / module) == []


def test_the_mode_check_finds_a_comparison_of_a_mode_with_a_string(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("if self.model.mode == 'more':\n    pass\n"
                      "if app.mode in ('menu', 'setup'):\n    pass\n")
    assert mode_name_comparisons(sample) == [1, 3]


# ---- the battle's input modes ----------------------------------------------------------------

def test_esc_in_the_aim_mode_returns_to_the_move_mode_and_a_second_esc_opens_the_menu():
    a = new_app(shaman_field(), human_teams={"red"})
    key(a, pygame.K_m)
    assert a.model.mode == "ability" and isinstance(a.controller.input_mode, AimMode)
    move_to(a, (6, 3))
    assert a.model.aim is not None and a.model.highlighted == {"A", "B"}
    key(a, pygame.K_ESCAPE)
    assert a.model.mode == "move" and isinstance(a.controller.input_mode, MoveMode)
    assert a.model.aim is None and a.mode == "battle"
    key(a, pygame.K_ESCAPE)
    assert a.mode == "menu"


def test_a_click_in_the_aim_mode_uses_the_ability_where_it_is_aimed():
    b = shaman_field()
    a = new_app(b, human_teams={"red"})
    key(a, pygame.K_m)
    click(a, (6, 3))
    assert b.unit("S").uses["fear_burst"] == 2


def test_a_key_in_the_more_actions_mode_picks_the_entry_and_enter_takes_it():
    b = helpless_orc()
    a = new_app(b)
    key(a, pygame.K_j)
    assert isinstance(a.controller.input_mode, MoreMode)
    assert a.model.more.action == "coup_de_grace" and set(a.model.more.targets) == {(3, 3)}
    move_to(a, (3, 3))
    assert isinstance(a.model.more.hovered.option.command, C.CoupDeGrace)
    key(a, pygame.K_RETURN)
    if a.model.pending is not None:         # it provokes: Enter again confirms it
        key(a, pygame.K_RETURN)
    assert b.unit("Wulfric").has("coup_de_grace")   # the blow lands at its next turn


def test_a_click_off_the_more_actions_targets_sends_nothing_and_says_where_to_click():
    b = helpless_orc()
    a = new_app(b)
    key(a, pygame.K_j)
    version = b.version
    click(a, (0, 0))
    assert b.version == version and "highlighted" in a.model.message


def test_the_run_mode_refuses_a_bent_run_in_its_own_words_and_esc_leaves_it():
    b = duel()
    a = new_app(b)
    key(a, pygame.K_2)
    assert a.model.mode == "run" and a.controller.cancellable()
    version = b.version
    click(a, (5, 4))            # off the six straight lines from Wulfric at 2,3
    assert b.version == version and a.model.message.startswith("no Run to 5,4")
    key(a, pygame.K_ESCAPE)
    assert a.model.mode == "move" and a.mode == "battle"


def test_a_click_on_an_empty_hex_in_the_attack_mode_asks_for_an_enemy():
    b = duel()
    a = new_app(b)
    key(a, pygame.K_5)
    version = b.version
    click(a, (1, 1))
    assert b.version == version and a.model.message == "click an enemy to attack it"


def test_a_click_in_the_reaction_prompt_says_what_is_asked_and_y_answers_it():
    b = caught()
    a = new_app(b)
    assert isinstance(a.controller.prompt(), ReactionPrompt)
    version = b.version
    click(a, (6, 3))
    assert b.version == version and "answer yes or no first" in a.model.message
    key(a, pygame.K_y)
    assert any(isinstance(c, C.React) and c.accept for c in b.log)


def test_a_click_on_a_candidate_in_the_choice_prompt_chooses_who_acts_next():
    b = battle_on([dict(name="Opener", unit="archer", team="blue", col=0, row=7),
                   dict(name="Wulfric", unit="fighter", team="blue", col=6, row=3),
                   dict(name="Orc", unit="orc", team="red", col=2, row=3, facing=0)])
    assert b.apply(C.EndTurn("Opener")).ok and b.awaiting() == "choice"
    a = new_app(b)
    assert "Orc" in a.model.choice_candidates
    click(a, (2, 3))
    assert C.ChooseNext("Opener", next="Orc") in b.log


# ---- the window's screens --------------------------------------------------------------------

def test_the_screen_shown_names_the_mode_and_back_returns_where_the_help_was_opened():
    a = new_app(duel())
    assert a.mode == "battle" and a.shown is a.battle_screen and a.view is None
    a.show_help()
    assert a.mode == "help" and a.view is a.shown
    a.back()
    assert a.mode == "battle" and a.shown is a.battle_screen
    a.show_menu()
    a.show_help()
    a.back()
    assert a.mode == "menu"
    a.resume()
    assert a.mode == "battle" and a.shown is a.battle_screen


def test_closing_the_window_in_a_battle_offers_the_menu_and_on_the_setup_screen_closes():
    a = new_app(Battle(load_map(paths.default_map()), seed=1))
    a.handle_event(pygame.event.Event(pygame.QUIT))
    assert a.mode == "menu" and a.running
    a.show_setup()
    assert a.mode == "setup" and a.battle is None
    a.handle_event(pygame.event.Event(pygame.QUIT))
    assert not a.running


def test_each_frame_draws_the_screen_shown_and_says_which():
    a = new_app(duel())
    assert a.draw(force=True) and a.drawn == "board"
    a.show_menu()
    assert a.draw() and a.drawn == "menu"
    a.show_load()
    assert a.draw() and a.drawn == "load"
    a.back()
    assert a.mode == "menu"
    a.resume()
    assert a.draw() and a.drawn == "board"


def test_the_replay_viewers_board_takes_no_click_or_hover_and_its_keys_step_the_replay():
    b = duel()
    assert b.apply(C.EndTurn("Wulfric")).ok
    a = new_app(b)
    a.watch_replay()
    r = a.replay
    assert isinstance(r.screen.input, WatchInput) and isinstance(a.battle_screen.input,
                                                                 PlayInput)
    pos = tuple(round(v) for v in r.screen.camera.to_screen(*r.screen.board.centre((1, 3))))
    version = r.screen.battle.version
    a.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                      buttons=(0, 0, 0)))
    a.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, mod=0))
    a.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    assert r.screen.model.hover_cell is None and r.screen.battle.version == version
    key(a, pygame.K_RIGHT)
    assert r.position == 1 and a.mode == "replay"
