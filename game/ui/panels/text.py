"""The HUD's words on its widgets: escaped for pygame_gui's html, the players' wording
(`words.for_players`), fitted to a widget's width, wrapped, and the colours of its text."""
from __future__ import annotations

import html

from game.ui.words import for_players

DETAIL_COLOUR = "#A9B7C6"
MUTED = "#97A6B6"


def esc(text: str) -> str:
    """`text` in the players' words, escaped for the html of a text box."""
    return html.escape(for_players(str(text)), quote=False)


def html_lines(text: str) -> str:
    return "<br>".join(esc(line) for line in str(text).split("\n"))


def fitting(widget, *texts: str) -> str:
    """The first of `texts` that fits the widget's width, else the last cut at a word
    with an ellipsis (a label never shows half a word)."""
    font = getattr(widget, "font", None)
    room = widget.rect.width - 10
    if font is None:
        return texts[0]
    for text in texts:
        if font.size(text)[0] <= room:
            return text
    words = texts[-1].split(" ")
    while len(words) > 1 and font.size(" ".join(words) + "…")[0] > room:
        words.pop()
    return " ".join(words).rstrip(" ·,:;—-") + "…"


def set_fitting(widget, *texts: str) -> None:
    text = fitting(widget, *(for_players(t) for t in texts))
    if widget.text != text:
        widget.set_text(text)


def wrapped(font, text: str, width: int) -> list[str]:
    """`text` in lines of at most `width` pixels in `font`, broken between words."""
    lines, line = [], ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if line and font.size(candidate)[0] > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    return lines + [line] if line else lines


def why_not(state) -> str:
    """The engine's own reason a disabled action is refused, when the button's few words
    leave it out (what limits a level-2 creature to one attack), as a tooltip line."""
    detail = (state.detail or "").strip()
    if not detail or detail.rstrip(".").lower() == state.reason.rstrip(".").lower():
        return ""
    return f"{esc(detail[:1].upper() + detail[1:])}<br>"


def disabled_action_html(s) -> str:
    """A disabled action's tooltip: its name and key, why not in a few words and in the
    engine's, and what it does."""
    return (f"<b>{esc(s.label)}</b> [{esc(s.hotkey)}]<br>"
            f"<font color=#F0E442>{esc(s.reason)}</font><br>{why_not(s)}"
            f"<font color={MUTED}>{esc(s.description)}</font>")


__all__ = ["DETAIL_COLOUR", "MUTED", "disabled_action_html", "esc", "fitting", "html_lines",
           "set_fitting", "why_not", "wrapped"]
