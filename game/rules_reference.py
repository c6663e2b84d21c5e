"""The players' rules reference (docs/rules/): its pages as sections an in-game help panel can
list, show and link to, and the names that tooltips and messages cite.

Each page is one area of the rules, numbered like them (`03-movement.md` is area 3, anchor
"movement"); its first line is its `# Title`. The index (index.md) gives the order. Another
rulebook the game plays has its pages in a folder of its own (`light/`: its index.md first,
then the pages it links to, `rulebook_sections("light")`). Pure: no pygame, reads only the
shipped Markdown files.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from game import paths
from game.errors import has_control, printable

DESIGN_CITATION = re.compile(r"RULES\.md(?:\s*§?\s*(\d+)(?:\s*-\s*\d+)?)?")
PAGE_NAME = re.compile(r"^(\d+)-([a-z0-9-]+)\.md$")
INDEX_LINK = re.compile(r"\]\((\d+-[a-z0-9-]+\.md)\)")
RULEBOOK_LINK = re.compile(r"\]\(([a-z0-9-]+\.md)\)")


@dataclass(frozen=True)
class Section:
    number: int      # the area of the rules it explains
    title: str       # what players see cited, e.g. "Movement"
    anchor: str      # a stable id, e.g. "movement"
    text: str        # the page's Markdown, without its title line
    path: Path

    @property
    def citation(self) -> str:
        """How a tooltip or a message names it: "Rules: Movement"."""
        return f"Rules: {self.title}"


def _read_page(path: Path) -> Section:
    number, anchor = PAGE_NAME.match(path.name).groups()
    first, _, rest = path.read_text(encoding="utf-8").partition("\n")
    if not first.startswith("# "):
        raise ValueError(f"{path}:1: a rules page starts with '# Title'")
    return Section(int(number), first[2:].strip(), anchor, rest.strip(), path)


@lru_cache(maxsize=4)
def _load(folder: Path) -> tuple[Section, ...]:
    pages = {p.name: p for p in folder.glob("*.md") if PAGE_NAME.match(p.name)}
    index = folder / "index.md"
    order = INDEX_LINK.findall(index.read_text(encoding="utf-8")) if index.is_file() else []
    names = [n for n in order if n in pages] + sorted(n for n in pages if n not in order)
    return tuple(_read_page(pages[n]) for n in names)


def sections(folder: Path | None = None) -> tuple[Section, ...]:
    """Every page of the reference, in the index's order."""
    return _load(Path(folder or paths.rules_reference_dir()))


def rulebooks(folder: Path | None = None) -> tuple[str, ...]:
    """The other rulebooks that have pages: the folders of the reference with an index.md."""
    root = Path(folder or paths.rules_reference_dir())
    return tuple(sorted(p.name for p in root.iterdir() if (p / "index.md").is_file()))


@lru_cache(maxsize=8)
def _load_rulebook(book: Path) -> tuple[Section, ...]:
    index = book / "index.md"
    order = RULEBOOK_LINK.findall(index.read_text(encoding="utf-8"))
    names = ["index.md"] + [n for n in dict.fromkeys(order) if n != "index.md"
                            and (book / n).is_file()]
    out = []
    for name in names:
        first, _, rest = (book / name).read_text(encoding="utf-8").partition("\n")
        if not first.startswith("# "):
            raise ValueError(f"{book / name}:1: a rules page starts with '# Title'")
        anchor = book.name if name == "index.md" else f"{book.name}-{name[:-3]}"
        out.append(Section(0, first[2:].strip(), anchor, rest.strip(), book / name))
    return tuple(out)


def rulebook_sections(name: str, folder: Path | None = None) -> tuple[Section, ...]:
    """The pages of another rulebook (e.g. "light"): its index, then the pages it links to in
    that order; anchors "light", "light-attacks", ...; number 0 (no area of the default
    rules)."""
    return _load_rulebook(Path(folder or paths.rules_reference_dir()) / name)


def section(key: str | int, folder: Path | None = None) -> Section:
    """A page by its anchor ("movement") or its area number (3); KeyError if there is none."""
    for s in sections(folder):
        if s.anchor == key or s.number == key:
            return s
    raise KeyError(f"no rules page {key!r}")


def citation(key: str | int) -> str:
    """"Rules: Movement" for area 3 or "movement": what tooltips and messages show."""
    return section(key).citation


def player_wording(text: str) -> str:
    """What the player reads, from any sentence of the game (an engine refusal included): every
    citation of the developers' old design notes (that file's name and a section number, "9";
    players do not have it) turned into the name of this reference's page ("rules: Turns,
    actions and initiative"; no page: "the rules"), and a control character or a
    bidirectional override from a map or a save (a team named "red\\x1b[2J\\u202e") shown as
    its escape (`game.errors.printable`), keeping only line breaks and tabs, which the window
    lays out. The one filter of the players' wording: the window's `for_players` is this."""
    if has_control(text):
        text = "".join(c if c in "\n\t" else printable(c) for c in text)

    def named(match: re.Match) -> str:
        number = match.group(1)
        try:
            return f"rules: {section(int(number)).title}" if number else "the rules"
        except KeyError:
            return "the rules"
    return DESIGN_CITATION.sub(named, text)


def headings(s: Section) -> list[str]:
    """The page's own sub-headings (## ...), for a table of contents."""
    return [line[3:].strip() for line in s.text.splitlines() if line.startswith("## ")]


def search(words: str, folder: Path | None = None) -> list[Section]:
    """Pages mentioning every one of `words` (case does not matter), titles first."""
    terms = words.lower().split()
    found = [s for s in sections(folder)
             if all(t in (s.title + "\n" + s.text).lower() for t in terms)]
    return sorted(found, key=lambda s: not all(t in s.title.lower() for t in terms))


@dataclass(frozen=True)
class Found:
    """A part of a page that a search matched: its page, its heading ("" for the page's
    opening lines) and its text."""
    page: Section
    heading: str
    text: str


def book_pages(rules: str, folder: Path | None = None) -> tuple[Section, ...]:
    """The pages of a rule profile's rulebook: the default rules' ("lfg") or another's
    folder (`rulebook_sections`); the default pages for a profile without a folder."""
    root = Path(folder or paths.rules_reference_dir())
    if rules != "lfg" and (root / rules / "index.md").is_file():
        return rulebook_sections(rules, folder)
    return sections(folder)


def parts(s: Section) -> list[tuple[str, str]]:
    """(heading, text) of each part of a page, cut at its ## headings."""
    out, heading, lines = [], "", []
    for line in s.text.splitlines():
        if line.startswith("## "):
            out.append((heading, "\n".join(lines).strip()))
            heading, lines = line[3:].strip(), []
        else:
            lines.append(line)
    out.append((heading, "\n".join(lines).strip()))
    return [(h, t) for h, t in out if h or t]


def search_parts(words: str, pages) -> list[Found]:
    """The parts of `pages` mentioning every one of `words` (any case), those whose page
    title or heading names them first."""
    terms = words.lower().split()
    if not terms:
        return []
    found = [Found(p, h, t) for p in pages for h, t in parts(p)
             if all(w in f"{p.title}\n{h}\n{t}".lower() for w in terms)]
    return sorted(found, key=lambda f: not all(w in f"{f.page.title} {f.heading}".lower()
                                               for w in terms))


def as_html(s: Section) -> str:
    """The page in the small HTML that pygame_gui text boxes show: bold headings and terms,
    bullets, table rows as lines, paragraphs."""
    out = [f"<b>{html.escape(s.title)}</b>"]
    for block in re.split(r"\n\s*\n", s.text):
        lines = [_line_html(_inline(line)) for line in _logical_lines(block)]
        if lines:
            out.append("<br>".join(lines))
    return "<br><br>".join(out)


def _logical_lines(block: str) -> list[str]:
    """The block's lines, joined back where the Markdown source wrapped a sentence or item."""
    lines: list[str] = []
    for raw in block.splitlines():
        if not raw.strip() or re.fullmatch(r"\|[\s|:-]+\|", raw.strip()):
            continue
        new_item = raw.startswith(("- ", "## ", "|")) or re.match(r"\d+\. ", raw)
        if lines and not new_item and not lines[-1].startswith(("## ", "|")):
            lines[-1] += " " + raw.strip()
        else:
            lines.append(raw.strip())
    return lines


def _inline(line: str) -> str:
    text = html.escape(line, quote=False)
    text = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", text)
    text = re.sub(r"(?<!\*)\*([^*]+)\*(?!\*)", r"<i>\1</i>", text)
    text = re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", text)
    return re.sub(r"`([^`]+)`", r"\1", text)


def _line_html(line: str) -> str:
    if line.startswith("## "):
        return f"<b>{line[3:].strip()}</b>"
    if line.startswith("- "):
        return "• " + line[2:]
    if line.startswith("|"):
        return " · ".join(cell.strip() for cell in line.strip("|").split("|"))
    return line
