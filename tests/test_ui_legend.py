"""The map's legend (F2, game.ui.legend): every mark the board draws has an entry, drawn by
the board's own code on the battle's map, with its meaning; the badges and the map's terrain
follow. The real App on the dummy video driver, shipped maps."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import paths  # noqa: E402
from game.ui import legend as L  # noqa: E402
from game.ui.app import play_app  # noqa: E402
from game.ui.board import MARK_KINDS  # noqa: E402
from game.ui.legend_screen import LegendScreen  # noqa: E402
from game.ui.sprites import BADGES  # noqa: E402
from test_ui_app import key  # noqa: E402
from test_ui_menu_undo import press  # noqa: E402


@pytest.fixture(scope="module")
def app():
    a = play_app(paths.shipped_map("skirmish"), sides="human,ai", seed=3, window=False)
    yield a
    a.controller.listeners.clear()


def test_every_mark_the_board_draws_has_a_legend_entry_and_no_entry_is_stale():
    kinds = [e.kind for e in L.ENTRIES]
    assert sorted(kinds) == sorted(MARK_KINDS)
    assert len(kinds) == len(set(kinds))
    assert all(e.title and len(e.words) > 8 for e in L.ENTRIES)


def test_each_entry_is_drawn_by_the_board_on_the_battles_map(app):
    sample = L.Sample(app.board)
    plain = L.Entry("plain", "", "", lambda s, _surf: s.ground(s.camera()))
    ground = pygame.image.tobytes(L.swatch(app.board, plain, sample), "RGB")
    drawn = {}
    for entry in L.ENTRIES:
        surf = L.swatch(app.board, entry, sample)
        assert surf.get_size() == L.SWATCH
        drawn[entry.kind] = pygame.image.tobytes(surf, "RGB")
    blank = [k for k, pixels in drawn.items() if pixels == ground]
    assert not blank, f"legend entries that draw nothing: {blank}"
    assert len(set(drawn.values())) == len(drawn)       # no two marks look the same


def test_every_badge_is_listed_with_its_condition():
    rows = dict(L.badge_rows())
    assert set(rows) == set(BADGES.values())
    assert rows["FF"] == "Flat-Footed" and rows["Cr"] == "Cramped"


def test_f2_opens_the_legend_over_the_battle_and_esc_closes_it(app):
    key(app, pygame.K_F2)
    assert app.mode == "legend" and isinstance(app.view, LegendScreen)
    assert app.draw(force=True) and app.drawn == "legend"
    top = app.view.scroll
    key(app, pygame.K_PAGEDOWN)
    assert app.view.scroll > top
    key(app, pygame.K_ESCAPE)
    assert app.mode == "battle"


def test_the_menus_legend_button_opens_it_and_back_returns_to_the_menu(app):
    key(app, pygame.K_ESCAPE)
    assert app.mode == "menu"
    press(app, app.view.legend_button)
    assert app.mode == "legend"
    press(app, app.view.back_button)
    assert app.mode == "menu"
    key(app, pygame.K_ESCAPE)
    assert app.mode == "battle"


def test_a_light_battle_reads_its_marks_in_the_light_rules_words():
    from test_ui_light import light_battle
    b = light_battle()
    words = {e.kind: e.words for e in L.entries_for(b)}
    assert set(words) == set(MARK_KINDS)
    assert "Shift or a Walk" in words["reach_move"] and "Big Action" not in words["reach_move"]
    assert set(L.LIGHT_WORDS) <= set(MARK_KINDS)
