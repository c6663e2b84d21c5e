"""The code explains itself with what the repository holds: a comment or docstring under game/
cites the players' rules reference (docs/rules/NN-*.md), the mapping guide (docs/mapping.md),
docs/security.md or docs/architecture.md, never a document a reader of the repository does not
have (the old design notes RULES.md, DESIGN.md and STYLE.md, the rulebook excerpts they were
written from, or the hex-native rulebook by its nickname), and every page it cites exists.
"""
from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
GAME = REPO / "game"
RULES_PAGES = REPO / "docs" / "rules"

ABSENT_DOCUMENTS = re.compile(
    r"RULES\.md|DESIGN\.md|STYLE\.md"
    r"|\b00[0-4]_[0-9a-f]{8,}"      # a rulebook excerpt's file name (`1_000_000` is a number)
    r"|\bseeds?[ /]00\d"            # "seed 002", "seeds/000"
    r"|\bLFG\b")
# Folders allowed to cite them: none since the engine and the store cite the repository's pages.
KNOWN_EXCEPTIONS: set[str] = set()
# Pages cited before they are written: docs/architecture.md is being written.
PAGES_BEING_WRITTEN: set[str] = set()

# "docs/rules/09-turns-and-actions.md", or a rules page by its file name after another one
# ("docs/rules/02-size-and-reach.md, 04-attacks-of-opportunity.md"); a section name may follow
# in quotes: docs/rules/03-movement.md "Run".
CITED_PAGE = re.compile(r'(docs/[\w./-]+\.md|(?<![/\w-])\d\d-[a-z0-9-]+\.md)(?: "([^"\n]+)")?')


def _modules():
    return sorted(GAME.rglob("*.py"))


def _name(path: Path) -> str:
    return path.relative_to(REPO).as_posix()


def _excepted(name: str) -> bool:
    return any(name == folder or name.startswith(folder + "/") for folder in KNOWN_EXCEPTIONS)


def _citations():
    """(file:line, path as cited, the page, the quoted section or None) of every citation."""
    for module in _modules():
        for number, line in enumerate(module.read_text(encoding="utf-8").splitlines(), 1):
            for match in CITED_PAGE.finditer(line):
                cited, section = match.groups()
                page = REPO / cited if cited.startswith("docs/") else RULES_PAGES / cited
                yield f"{_name(module)}:{number}", cited, page, section


def _headings(page: Path) -> set[str]:
    return {line.lstrip("#").strip().lower()
            for line in page.read_text(encoding="utf-8").splitlines() if line.startswith("#")}


def test_no_module_cites_documents_outside_the_repository():
    found = []
    for module in _modules():
        name = _name(module)
        if _excepted(name):
            continue
        for number, line in enumerate(module.read_text(encoding="utf-8").splitlines(), 1):
            if ABSENT_DOCUMENTS.search(line):
                found.append(f"{name}:{number}: {line.strip()}")
    assert not found, ("cite docs/rules/NN-*.md, docs/mapping.md, docs/security.md or "
                       "docs/architecture.md instead:\n" + "\n".join(found))


def test_every_cited_docs_page_exists():
    missing = [f"{where}: {cited}" for where, cited, page, _ in _citations()
               if not page.is_file() and page.relative_to(REPO).as_posix()
               not in PAGES_BEING_WRITTEN]
    assert not missing, "cited pages that do not exist:\n" + "\n".join(missing)


def test_a_section_cited_in_quotes_after_a_page_is_a_heading_of_that_page():
    wrong = [f"{where}: {cited} \"{section}\"" for where, cited, page, section in _citations()
             if section and page.is_file() and section.lower() not in _headings(page)]
    assert not wrong, "no such heading on the cited page:\n" + "\n".join(wrong)


def test_the_patterns_find_what_they_are_meant_to():
    assert ABSENT_DOCUMENTS.search("see RULES.md 9") and ABSENT_DOCUMENTS.search("(LFG)")
    assert ABSENT_DOCUMENTS.search("seeds/004_8d1d7816ee944f3b.txt")
    assert ABSENT_DOCUMENTS.search("seed 002 \"Pull, Push, and Slide\"")
    assert not ABSENT_DOCUMENTS.search("MAX_CELLS = 1_000_000  # width x height of a map")
    assert not ABSENT_DOCUMENTS.search("lfg: str  # what the default rules say, in short")
    assert [m.groups() for m in CITED_PAGE.finditer(
        'x (docs/rules/02-size-and-reach.md, 04-attacks-of-opportunity.md "Reactions")')] == [
        ("docs/rules/02-size-and-reach.md", None), ("04-attacks-of-opportunity.md", "Reactions")]
