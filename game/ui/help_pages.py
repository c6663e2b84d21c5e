"""What the help panel (F1) shows, as the small HTML of pygame_gui's text boxes: the keys and
the words of the game (`keys_html`, `glossary_html`), the index of the rules of the battle's rulebook (its
pages with their headings, each a link: `index_html`), one page (`page_html`) and the parts of
the pages that a search matched (`search_html`). The pages are `game.rules_reference`'s."""
from __future__ import annotations

import html
import re

from game import rules_reference as R
from game.ui.glossary import glossary
from game.ui.keys import HELP, REPLAY_HELP
from game.ui.words import for_players

MUTED = "#97A6B6"
ACCENT = "#9FD3F5"
EXCERPT = 220            # characters of a matched part shown under its heading


def esc(text) -> str:
    return html.escape(for_players(str(text)), quote=False)


def keys_html() -> str:
    """Every key, and the replay viewer's keys."""
    keys = "<br>".join(f"<b>{esc(k)}</b>  <font color={MUTED}>{esc(v)}</font>"
                       for k, v in HELP)
    replay = "<br>".join(f"<b>{esc(k)}</b>  <font color={MUTED}>{esc(v)}</font>"
                         for k, v in REPLAY_HELP)
    return (f"<b>Keys and mouse</b><br>{keys}<br><br><b>Watching a replay</b> (the result "
            f"screen's Watch the replay)<br>{replay}")


def glossary_html() -> str:
    """Every word of the game, A to Z (`game.ui.glossary`)."""
    terms = "<br>".join(f"<b>{esc(k)}</b>: {esc(v)}" for k, v in glossary())
    return (f"<b>Words of the game</b><br><font color={MUTED}>Every action, condition, "
            f"badge and word of the log, A to Z</font><br><br>{terms}")


def index_html(pages) -> str:
    """The rulebook's pages, each a link, with its headings under it."""
    out = ["<b>Rules index</b>", f"<font color={MUTED}>Click a page, or type a word in the "
           "search box</font>"]
    for n, page in enumerate(pages):
        heads = " · ".join(esc(h) for h in R.headings(page))
        out.append(f"<a href='page:{n}'><b>{esc(page.title)}</b></a>"
                   + (f"<br><font color={MUTED}>{heads}</font>" if heads else ""))
    return "<br><br>".join(out)


def page_html(page) -> str:
    return R.as_html(page)


def _excerpt(text: str, terms: list[str]) -> str:
    """The part's text around the first term, plain, the terms in bold."""
    flat = re.sub(r"[*`#|]", "", " ".join(text.split()))
    at = min((flat.lower().find(t) for t in terms if t in flat.lower()), default=0)
    start = max(0, at - EXCERPT // 3)
    if start:                                   # from the start of a word
        start = flat.find(" ", start) + 1 or start
    end = flat.rfind(" ", start, start + EXCERPT) if start + EXCERPT < len(flat) else -1
    end = end if end > start else len(flat)
    cut = ("..." if start else "") + flat[start:end] + ("..." if end < len(flat) else "")
    shown = esc(cut)
    for t in terms:
        shown = re.sub(f"({re.escape(html.escape(t, quote=False))})", r"<b>\1</b>", shown,
                       flags=re.IGNORECASE)
    return shown


def search_html(words: str, pages) -> str:
    """The parts of the pages that mention every word, each a link to its page."""
    found = R.search_parts(words, pages)
    terms = words.lower().split()
    if not found:
        return f"<b>Search: {esc(words)}</b><br><br>Nothing in the rules mentions " \
               f"{esc(words)}. Try a shorter word (flank, cover, prone...)."
    index = {id(p): n for n, p in enumerate(pages)}
    out = [f"<b>Search: {esc(words)}</b> <font color={MUTED}>({len(found)} "
           f"part{'s' if len(found) != 1 else ''} of the rules)</font>"]
    for f in found[:40]:
        where = esc(f.page.title) + (f" — {esc(f.heading)}" if f.heading else "")
        out.append(f"<a href='page:{index[id(f.page)]}'><b>{where}</b></a><br>"
                   f"<font color={ACCENT}>{_excerpt(f.text, terms)}</font>")
    return "<br><br>".join(out)


__all__ = ["glossary_html", "index_html", "keys_html", "page_html", "search_html"]
