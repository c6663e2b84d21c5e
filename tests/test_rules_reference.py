"""The players' rules reference (docs/rules/, game/rules_reference.py): one page per area of
the rules, an index that lists them all, written in the game's own words (no long passage of
the design notes or of the source rulebooks), and sections the help panel can show and cite.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from game import paths
from game import rules_reference as R

REPO = Path(__file__).resolve().parent.parent
SHARED = next((p for p in (REPO.parent / "shared", Path("/work/shared")) if p.is_dir()), None)
RULE_AREAS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16, 17, 18, 19, 20, 21, 22)   # 13: later
SHINGLE = 8   # words in a row that would count as copied


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def shingles(text: str) -> set[tuple[str, ...]]:
    w = words(text)
    return {tuple(w[i:i + SHINGLE]) for i in range(len(w) - SHINGLE + 1)}


def test_one_page_per_area_of_the_rules_in_the_index_order():
    found = R.sections()
    assert [s.number for s in found] == list(RULE_AREAS)
    assert len({s.anchor for s in found}) == len(found)
    assert all(s.title and len(words(s.text)) > 40 for s in found)
    index = (paths.rules_reference_dir() / "index.md").read_text(encoding="utf-8")
    linked = [link for link in re.findall(r"\]\(([^)]+)\)", index) if "/" not in link]
    assert linked == [s.path.name for s in found]


def test_a_section_by_anchor_or_number_and_its_citation():
    movement = R.section("movement")
    assert movement is R.section(3)
    assert R.citation(3) == "Rules: Movement" == movement.citation
    assert "Run" in R.headings(movement) and "5-Foot Step" in R.headings(movement)
    with pytest.raises(KeyError):
        R.section("no-such-page")


def test_design_citations_become_section_names():
    assert R.player_wording("Orc has no Big Action left for Run (RULES.md 9)") == \
        "Orc has no Big Action left for Run (rules: Turns, actions and initiative)"
    assert R.player_wording("cannot take Swift actions (Weakened 4+, RULES.md 11)") == \
        "cannot take Swift actions (Weakened 4+, rules: Hit points and conditions)"
    assert R.player_wording("what is shown: RULES.md 2-8") == \
        "what is shown: rules: Size, space and reach"
    assert R.player_wording("RULES.md 13 and RULES.md") == "the rules and the rules"
    assert R.player_wording("no citation here") == "no citation here"


def test_search_finds_the_pages_that_explain_a_term():
    assert [s.anchor for s in R.search("flanked")][:1] == ["flanking"]
    assert "concealment" in [s.anchor for s in R.search("d10")] or \
        "concealment" in [s.anchor for s in R.search("ten-sided")]
    assert R.search("no such words anywhere") == []


def all_pages():
    """The default rules' pages and those of every other rulebook."""
    return R.sections() + tuple(s for book in R.rulebooks() for s in R.rulebook_sections(book))


def test_the_other_rulebooks_have_their_pages_in_their_index_order():
    assert R.rulebooks() == ("light", "steller")
    steller = R.rulebook_sections("steller")
    assert [s.anchor for s in steller] == [
        "steller", "steller-turns", "steller-actions", "steller-attacks", "steller-powers",
        "steller-hit-points", "steller-conditions", "steller-stat-blocks"]
    assert all(s.number == 0 and s.title and len(words(s.text)) > 100 for s in steller)
    light = R.rulebook_sections("light")
    assert [s.anchor for s in light] == ["light", "light-turns", "light-actions", "light-attacks",
                                         "light-conditions", "light-powers", "light-stat-blocks"]
    assert all(s.number == 0 and s.title and len(words(s.text)) > 100 for s in light)
    index = (paths.rules_reference_dir() / "index.md").read_text(encoding="utf-8")
    assert [link for link in re.findall(r"\]\(([^)]+)\)", index) if "/" in link] == \
        [f"light/{s.path.name}" for s in light] + [f"steller/{s.path.name}" for s in steller]
    for s in light + steller:           # every link of a page leads to a page
        for link in re.findall(r"\]\(([^)#]+)\)", s.text):
            assert (s.path.parent / link).is_file(), (s.path.name, link)


def test_pages_speak_to_players_not_to_developers():
    for s in all_pages():
        text = s.text + s.title
        for banned in ("RULES.md", "LFG", "seeds/", "DESIGN.md", "TODO"):
            assert banned not in text, (s.path.name, banned)


def test_html_for_the_help_panel():
    page = R.as_html(R.section("concealment"))
    assert page.startswith("<b>Concealment</b>")
    assert "<b>partial</b>" in page and "**" not in page and "|" not in page
    assert "partial · 1-2 · 20%" in page                  # a table row as one line
    movement = R.as_html(R.section("movement"))
    assert "• An ordinary hex costs 1" in movement
    assert "costs 2, and walls and other impassable hexes cannot be entered" in movement
    assert "<b>Run</b>" in movement


@pytest.mark.skipif(SHARED is None, reason="the design notes beside the repository are absent")
def test_written_in_our_own_words():
    sources = [SHARED / "RULES.md", *sorted((SHARED / "seeds").glob("*.txt"))]
    copied = set().union(*(shingles(p.read_text(encoding="utf-8", errors="replace"))
                           for p in sources))
    for s in all_pages():
        shared = shingles(s.text) & copied
        assert not shared, (s.path.name, [" ".join(x) for x in sorted(shared)[:3]])


def test_sections_come_from_the_folder_asked_for(tmp_path):
    (tmp_path / "02-b.md").write_text("# Second\n\nText two.\n", encoding="utf-8")
    (tmp_path / "01-a.md").write_text("# First\n\nText one.\n", encoding="utf-8")
    (tmp_path / "index.md").write_text("[Second](02-b.md) then [First](01-a.md)\n",
                                       encoding="utf-8")
    (tmp_path / "notes.md").write_text("# not a page\n", encoding="utf-8")
    found = R.sections(tmp_path)
    assert [(s.number, s.anchor, s.title, s.text) for s in found] == \
        [(2, "b", "Second", "Text two."), (1, "a", "First", "Text one.")]


def test_another_rulebook_reads_its_folder(tmp_path):
    book = tmp_path / "quick"
    book.mkdir()
    (book / "index.md").write_text("# Quick rules\n\n[B](b.md), [A](a.md), [up](../x.md)\n",
                                   encoding="utf-8")
    (book / "a.md").write_text("# Page A\n\nText a.\n", encoding="utf-8")
    (book / "b.md").write_text("# Page B\n\nText b.\n", encoding="utf-8")
    (tmp_path / "elsewhere").mkdir()
    assert R.rulebooks(tmp_path) == ("quick",)
    assert [(s.anchor, s.title, s.text) for s in R.rulebook_sections("quick", tmp_path)] == [
        ("quick", "Quick rules", "[B](b.md), [A](a.md), [up](../x.md)"),
        ("quick-b", "Page B", "Text b."), ("quick-a", "Page A", "Text a.")]
