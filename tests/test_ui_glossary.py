"""The glossary (F1, game.ui.glossary): every word the HUD shows as an action's name, a
condition's name, a badge or a tag of the log has an entry; the players' wording has one
filter."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from game import rules_reference  # noqa: E402
from game.data.conditions import ALL_RULES  # noqa: E402
from game.engine import legality  # noqa: E402
from game.engine.light import legality as light_legality  # noqa: E402
from game.rules.light.conditions import CONDITIONS as LIGHT_CONDITIONS  # noqa: E402
from game.ui import presenters as P  # noqa: E402
from game.ui import words  # noqa: E402
from game.ui.glossary import condition_title, glossary, lookup  # noqa: E402
from game.ui.light_presenters import ATTACK_TAGS  # noqa: E402
from game.ui.sprites import BADGES  # noqa: E402


def _hud_label(engine_id: str, table: P.BarTable) -> str:
    """The name the HUD shows for an engine action: its button, its More actions row, or the
    id in words (the menu's fallback)."""
    for row in table.actions:
        if row[0] == engine_id:
            return row[1]
    more = next((label for a, label, _ in P.MORE_ACTIONS if a == engine_id), None)
    return more or engine_id.replace("_", " ").capitalize()


def test_every_action_of_the_engine_has_a_glossary_entry_under_its_hud_name():
    missing = [(a, _hud_label(a, P.BAR_TABLES[rules]))
               for rules, ids in (("lfg", legality.ACTION_IDS),
                                  ("light", light_legality.ACTION_IDS))
               for a in ids if lookup(_hud_label(a, P.BAR_TABLES[rules])) is None]
    assert not missing, f"actions without a glossary entry: {missing}"


def test_every_button_and_more_action_label_has_an_entry():
    labels = [row[1] for t in P.BAR_TABLES.values() for row in t.actions]
    labels += [label for _, label, _ in P.MORE_ACTIONS]
    assert [w for w in labels if lookup(w) is None] == []


def test_every_condition_of_the_catalogues_has_an_entry():
    names = list(ALL_RULES) + list(LIGHT_CONDITIONS)
    assert [n for n in names if lookup(condition_title(n)) is None] == []


def test_every_badge_abbreviation_says_which_condition_it_is():
    for condition, label in BADGES.items():
        meaning = lookup(f"{label} (badge)")
        assert meaning is not None, label
    assert lookup("FF (badge)") == "Flat-Footed"
    assert "Prone" in lookup("P (badge)")


def test_the_log_tags_and_the_turn_words_have_entries():
    tags = [t for t in ATTACK_TAGS.values() if t and t[0].isupper()]
    tags += list(P.DEFENSE_TITLES.values())
    words_met = ["Cramped", "Off-balance", "Interrupt Turn", "Reaction", "Weakened", "gang up",
                 "Defer", "Attack of opportunity", "Big Action", "Little Action", "Flanking"]
    assert [w for w in tags + words_met if lookup(w) is None] == []


def test_the_glossary_is_sorted_and_each_word_is_there_once():
    words_listed = [w.lower() for w, _ in glossary()]
    assert words_listed == sorted(words_listed)
    assert len(words_listed) == len(set(words_listed))
    assert len(words_listed) > 100


def test_one_filter_for_the_players_wording():
    assert words.for_players is rules_reference.player_wording
    assert words.for_players("no Run there (RULES.md 3)") == "no Run there (rules: Movement)"
    assert words.for_players("red\x1b[2J") == "red\\x1b[2J"
