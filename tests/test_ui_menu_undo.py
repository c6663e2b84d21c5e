"""The in-game menu, saves in the player's folder, Continue and Load, undo, the help panel,
the next-creature key and the hex coordinates: the real App on the dummy video driver,
driven by synthetic events; the saves folder is the test's own (HEXSKIRMISH_HOME).
"""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from dataclasses import replace  # noqa: E402

import pygame  # noqa: E402
import pygame_gui  # noqa: E402

from game.engine import events as E  # noqa: E402
from game.ui.app import play_app  # noqa: E402
from game.ui.menus import HelpScreen, LoadScreen, MenuScreen  # noqa: E402
from test_ui_app import at, click, key, move_to, point  # noqa: E402
from test_ui_controller import duel  # noqa: E402
from tests.helpers import shared_app  # noqa: E402

DUEL = os.path.join(os.path.dirname(os.path.dirname(__file__)), "maps", "duel.tmx")


def press(app, button) -> None:
    """A pygame_gui button press, as the manager posts it."""
    app.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button,
                                        ui_object_id=button.most_specific_combined_id))
    app.update(0.0)


def test_esc_opens_the_menu_which_pauses_saves_and_resumes(player_home):
    a = play_app(DUEL, sides="human,ai", seed=5, window=False)
    key(a, pygame.K_ESCAPE)
    assert a.mode == "menu" and isinstance(a.view, MenuScreen)
    version = a.battle.version
    a.update(5.0)
    assert a.battle.version == version                       # paused
    a.view.name_entry.set_text("before the ford")
    press(a, a.view.save_button)
    assert (player_home / "saves" / "before the ford.json").is_file()
    assert "Saved" in a.view.message_label.text
    assert a.draw() and a.drawn == "menu"
    key(a, pygame.K_ESCAPE)
    assert a.mode == "battle"


def test_closing_the_window_offers_to_save(player_home):
    a = play_app(DUEL, sides="human,ai", seed=5, window=False)
    a.handle_event(pygame.event.Event(pygame.QUIT))
    assert a.running and a.mode == "menu" and a.view.quitting
    press(a, a.view.quit_button)                             # Save and quit
    assert not a.running and any((player_home / "saves").glob("*.json"))


def test_continue_and_load_on_the_setup_screen(player_home):
    a = play_app(DUEL, sides="human,ai", seed=6, window=False)
    click(a, (3, 5)) if a.battle.hexmap.in_bounds(3, 5) else None
    key(a, pygame.K_F5)
    saved = a.battle.state_hash()
    a.show_setup(a.setup)
    assert a.mode == "setup" and a.view.continue_button.is_enabled
    press(a, a.view.continue_button)
    assert a.mode == "battle" and a.battle.state_hash() == saved
    a.show_setup(a.setup)
    press(a, a.view.load_button)
    assert a.mode == "load" and isinstance(a.view, LoadScreen)
    assert a.view.saves and a.view.saves[0].kind == "quick"
    assert a.draw() and a.drawn == "load"
    press(a, a.view.load_button)
    assert a.mode == "battle" and a.battle.state_hash() == saved


def test_undo_takes_back_a_move_but_not_an_attack():
    a = shared_app(duel(), (1280, 800), animations=False)
    b = a.battle
    start = b.state_hash()
    key(a, pygame.K_4)
    click(a, (2, 2))                                         # a step: no dice, no AOO
    assert a.battle.cell(a.battle.unit("Wulfric").anchor) == (2, 2)
    key(a, pygame.K_z)
    assert a.battle is not b and a.battle.state_hash() == start
    assert a.battle.cell(a.battle.unit("Wulfric").anchor) == (2, 3)
    assert a.model.selected == "Wulfric" and "undone" in a.model.message
    key(a, pygame.K_5)
    click(a, (3, 3))                                         # an attack rolls dice
    assert any(isinstance(e, E.AttackRolled) for e in a.battle.events)
    after = a.battle.state_hash()
    key(a, pygame.K_z)
    assert a.battle.state_hash() == after and "nothing to undo" in a.model.message


def test_undo_stops_at_the_other_sides_turn():
    a = shared_app(duel(), (1280, 800), animations=False)
    key(a, pygame.K_4)
    click(a, (2, 2))                                         # a 5-Foot Step
    key(a, pygame.K_e)
    a.controller.choose_next("Orc")
    for _ in range(30):
        if a.controller.is_human_turn():
            break
        a.update(0.5)
    before = a.battle.state_hash()
    key(a, pygame.K_z)
    assert a.battle.state_hash() == before


def test_the_help_panel_lists_every_key():
    from game.ui.keys import HELP
    a = shared_app(duel(), (1280, 800), animations=False)
    key(a, pygame.K_F1)
    assert a.mode == "help" and isinstance(a.view, HelpScreen)
    text = a.view.text.html_text
    assert all(k in text for k, _ in HELP) and "RULES.md" not in text
    a.handle_event(pygame.event.Event(pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
                                      ui_element=a.view.list, text="Words of the game"))
    assert "Big Action" in a.view.text.html_text and "Cramped" in a.view.text.html_text
    assert a.draw() and a.drawn == "help"
    key(a, pygame.K_ESCAPE)
    assert a.mode == "battle"


def test_next_creature_and_coordinates():
    a = shared_app(duel(), (1280, 800), animations=False)
    click(a, (1, 6))
    assert a.model.selected == "Mayat"
    key(a, pygame.K_n)
    assert a.model.selected == "Wulfric"
    builds = a.board.static_builds
    key(a, pygame.K_g)
    a.draw()
    assert a.board.coordinates and a.board.static_builds == builds + 1


def test_the_end_turn_warning_asks_once_more():
    a = shared_app(duel(), (1280, 800), animations=False)
    a.controller.end_warning = True
    key(a, pygame.K_e)
    assert a.battle.active == "Wulfric" and "end the turn anyway" in a.model.message
    key(a, pygame.K_e)
    assert a.battle.awaiting() == "choice"
    move_to(a, (1, 1))


# ---- help on the map: terrain tooltip, badges, round banner ---------------------------------

def test_the_terrain_tooltip_shows_once_the_pointer_rests_on_a_hex():
    from game.ui.presenters import terrain_lines
    a = shared_app(duel(), (1280, 800), animations=False)
    point(a, at(a, (6, 1)))
    a.update(0.1)
    assert a.hud.tip is None
    a.update(0.5)
    assert a.hud.tip is not None
    lines = terrain_lines(a.battle, (6, 1))
    assert "6,1" in lines[0] and "6,1" in a.hud.tip.html_text
    assert "Move: 1 hex" in a.hud.tip.html_text
    point(a, at(a, (3, 3)))                               # an enemy: the hit chance instead
    assert "Hit " in a.hud.tip.html_text


def test_condition_badges_show_three_then_a_count():
    from game.ui.sprites import badge_labels
    many = {"prone": 1, "bleed": 2, "frightened": 1, "aiming": 1, "dying": 1}
    labels = badge_labels(many)
    assert len(labels) == 4 and labels[-1] == "+2" and labels[0] == "Dy"
    assert badge_labels({"prone": 1}) == ["P"]


def test_a_new_round_gets_a_banner():
    from game.ui.animation import BannerClip
    a = shared_app(duel(controllers={"blue": "ai", "red": "ai"}), (1280, 800),
                   animations=True)
    for _ in range(400):
        if any(isinstance(c, BannerClip) for c in a.animator.queue):
            break
        a.update(0.05)
    banner = next(c for c in a.animator.queue if isinstance(c, BannerClip))
    assert banner.text == f"Round {a.battle.round}"
    assert a.draw()


def test_the_computer_thinks_off_the_main_thread_with_a_mark():
    a = shared_app(duel(), (1280, 800), animations=False)
    a.threaded_ai = True
    key(a, pygame.K_e)
    a.controller.choose_next("Orc")
    assert not a.controller.is_human_turn()
    before = len(a.battle.log)
    a.update(0.5)
    assert a.controller.thinking == "Orc" and len(a.battle.log) == before
    assert a.draw()                                    # the window goes on drawing
    a.controller._thought[3].result()                  # the thought is ready
    a.update(0.5)
    assert len(a.battle.log) == before + 1 and a.controller.thinking is None


def test_the_player_never_reads_the_rules_file_name():
    from game.ui.words import for_players
    assert for_players("no Run there (RULES.md 3)") == "no Run there (rules: Movement)"
    a = shared_app(duel(controllers={"blue": "human", "red": "ai"}), (1280, 800),
                   animations=False)
    key(a, pygame.K_5)
    click(a, (3, 3))                                  # an attack: its breakdown in the log
    key(a, pygame.K_3)
    click(a, (8, 6))                                  # a refused Charge: the engine's reason
    for n, entry in enumerate(a.hud.log):
        if entry.detail:
            a.hud.toggle_log(n)
    a.update(0.0)
    shown = [a.hud.combat_log.shown_html(), a.hud.message_label.text, a.hud.card_box.html_text]
    assert any("rules:" in text for text in shown)
    assert not any("RULES.md" in text for text in shown)


def _play_to_the_end(a) -> None:
    """Both sides' commands by the simple player, sent through the window as a person's."""
    from game.ai.baseline import BaselinePlayer
    player = BaselinePlayer()
    for _ in range(3000):
        if a.battle.awaiting() == "over":
            return
        cmd = player.command(a.battle)
        assert a.controller.send(replace(cmd, confirm=True) if hasattr(cmd, "confirm")
                                 else cmd).ok
    raise AssertionError("the battle did not end")


def test_continue_never_plays_on_a_battle_that_has_ended(player_home):
    from game import saves
    a = play_app(DUEL, sides="human,ai", seed=6, window=False)
    saves.autosave(a.battle)                                 # an autosave mid-battle
    _play_to_the_end(a)
    winner, ended = a.battle.winner, a.battle.state_hash()
    assert winner
    latest = saves.latest()
    assert latest.kind == "auto" and latest.ended
    a.show_setup(a.setup)
    press(a, a.view.continue_button)
    assert a.mode == "result"                                # its result, not a battle
    assert a.battle.winner == winner and a.battle.state_hash() == ended
    a.load_save(latest.path)                                 # Load: the end, and no more
    version = a.battle.version
    for _ in range(10):
        a.update(0.5)
    assert a.battle.version == version and a.battle.awaiting() == "over"
