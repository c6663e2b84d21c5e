"""The rules in the help panel (F1, game.ui.menus.HelpScreen, game.ui.help_pages): an index of
the pages of the battle's rulebook with their headings, each page, and a search box that finds
the parts of the pages mentioning a word."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pygame_gui  # noqa: E402

from game import rules_reference as R  # noqa: E402
from game.engine.battle import Battle  # noqa: E402
from game.ui.app import App  # noqa: E402
from test_ui_app import key  # noqa: E402
from test_ui_controller import duel  # noqa: E402
from tests.helpers import shared_app  # noqa: E402


def help_of(battle) -> App:
    a = shared_app(battle, (1280, 800), animations=False)
    key(a, pygame.K_F1)
    assert a.mode == "help"
    return a


def choose(a, item: str) -> None:
    a.handle_event(pygame.event.Event(pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
                                      ui_element=a.view.list, text=item))


def type_in(a, words: str) -> None:
    a.view.search.set_text(words)
    a.handle_event(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED,
                                      ui_element=a.view.search, text=words))


def test_searching_flank_finds_the_flanking_page_first():
    a = help_of(duel())
    type_in(a, "flank")
    text = a.view.text.html_text
    flanking = R.section("flanking")
    assert text.index(flanking.title) < text.index("Turns, actions and initiative")
    assert "<b>flank</b>" in text.lower()
    assert [f.page for f in R.search_parts("flank", R.book_pages("lfg"))][0] is flanking
    type_in(a, "")
    assert "Keys and mouse" in a.view.text.html_text       # the page shown before


def test_a_word_found_nowhere_says_so():
    a = help_of(duel())
    type_in(a, "xylophone")
    assert "Nothing in the rules mentions xylophone" in a.view.text.html_text


def test_the_index_lists_every_page_of_the_default_rules_with_its_headings():
    a = help_of(duel())
    choose(a, "Rules index")
    text = a.view.text.html_text
    pages = R.sections()
    assert len(pages) == len(list((R.paths.rules_reference_dir()).glob("[0-9]*.md")))
    assert all(p.title in text and all(h in text for h in R.headings(p)) for p in pages)
    assert "(light rules)" not in text


def test_a_link_of_the_index_and_the_list_open_a_page():
    a = help_of(duel())
    choose(a, "Rules index")
    n = next(i for i, p in enumerate(a.view.pages) if p.anchor == "cover")
    a.handle_event(pygame.event.Event(pygame_gui.UI_TEXT_BOX_LINK_CLICKED,
                                      ui_element=a.view.text, link_target=f"page:{n}"))
    assert a.view.text.html_text.startswith("<b>Cover</b>")
    choose(a, "Movement")
    assert a.view.text.html_text.startswith("<b>Movement</b>")


def test_a_light_battle_lists_the_light_rulebooks_pages():
    from test_ui_light import light_battle
    b = light_battle()
    assert isinstance(b, Battle) and b.profile.name == "light"
    a = help_of(b)
    choose(a, "Rules index")
    text = a.view.text.html_text
    light = R.rulebook_sections("light")
    assert all(p.title in text for p in light)
    assert "Hexes and distance" not in text
    type_in(a, "respawn")
    assert "(light rules)" in a.view.text.html_text
