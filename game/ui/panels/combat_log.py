"""The combat log (right, under the card): a line per event; a click on a line expands its
itemised breakdown (docs/rules/10-attacks-and-damage.md), hovering a line highlights its
creatures on the board. It follows the newest line unless the player is reading it."""
from __future__ import annotations

import time

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UITextBox

from game.ui import presenters as P
from game.ui.panels.base import Panel
from game.ui.panels.text import DETAIL_COLOUR, MUTED, esc, html_lines, set_fitting
from game.ui.fog_view import masked
from game.ui.turn_summary import with_summaries

LOG_HIDDEN_KINDS = frozenset({"turn_end"})
LOG_MAX_LINES = 150
LOG_SLACK_LINES = 100   # lines added under the others before the text is set again, cut
LOG_HOLD_S = 6.0        # the log stays where the player scrolled it for this long, then follows

# log line markers by kind (the words of the line say the same: colour is never the only cue)
KIND_COLOURS = {
    "attack": "#E69F00", "critical": "#F0E442", "miss": "#8DA0B3", "damage": "#E69F00",
    "move": "#56B4E9", "provoke": "#CC79A7", "reaction": "#CC79A7", "condition": "#CC79A7",
    "death": "#FF8C5A", "turn": "#9FD3F5", "round": "#FFFFFF", "choice": "#F0E442",
    "initiative": "#97A6B6", "action": "#97A6B6", "save": "#3CCFA5", "interrupt": "#CC79A7",
    "victory": "#F0E442", "info": "#97A6B6", "heal": "#3CCFA5", "summary": "#FFFFFF",
}


def _line_html(n: int, e, expanded: bool) -> str:
    if e.kind == "round":
        return f"<b><font color=#FFFFFF>— {esc(e.text)} —</font></b>"
    colour = KIND_COLOURS.get(e.kind, MUTED)
    marker = ("–" if expanded else "+") if e.detail else "•"
    # a no-break space glued to the last word: pygame_gui gives a line break that no longer
    # fits beside a line's end a row of its own (a blank line); this wraps that word instead
    text = esc(e.text) + "\u00a0"
    if e.kind in ("critical", "victory", "death", "summary"):
        text = f"<b>{text}</b>"
    line = f"<font color={colour}><b>{marker}</b></font> <a href='log:{n}'>{text}</a>"
    if expanded and e.detail:
        line += f"<br><font color={DETAIL_COLOUR} pixel_size=13>{html_lines(e.detail)}</font>"
    return line


class CombatLog(Panel):
    key = "log"

    def __init__(self, hud):
        super().__init__(hud)
        self.entries: list[P.LogEntry] = []
        self.expanded: set[int] = set()        # log entries shown with their breakdown
        self.box: UITextBox | None = None
        self.events_seen = -1
        self.highlight: set | None = None
        self.hover_index: int | None = None
        self.read_at: float | None = None   # when the player last scrolled or clicked it
        self.clock = time.monotonic
        self.lines_shown = None
        self.in_box = 0             # the lines the text box holds

    def build(self) -> None:
        log = self.make_panel()
        lw = self.rect.width
        self.label(pygame.Rect(8, 4, 110, 24), "Combat log", log, "@title", "#log_title")
        set_fitting(self.label(pygame.Rect(116, 6, lw - 122, 20), "", log, "@hint",
                               "#log_hint"), "click a line for its rolls", "click: rolls")
        self.box = self.add(UITextBox("", pygame.Rect(2, 30, lw - 8, self.rect.height - 36),
                                      manager=self.manager, container=log,
                                      object_id=ObjectID(object_id="#log_text")))
        self.lines_shown = None

    def kill(self) -> None:
        super().kill()
        self.box = None

    def new_battle(self) -> None:
        self.expanded.clear()
        self.events_seen = -1
        self.lines_shown = None         # (another battle's log may have as many lines)

    def refresh(self, b) -> None:
        unknown = self._unknown()
        if (len(b.events), unknown) != self.events_seen:
            entries = with_summaries(b, self._computer_teams(b))
            self.entries = [masked(e, unknown) for e in entries] if unknown else entries
            self.events_seen = (len(b.events), unknown)
        lines = (len(self.entries), frozenset(self.expanded), unknown)
        if lines == self.lines_shown:       # (kept over a forced refresh: rebuilt only here)
            return
        offset = self._offset()     # None: at the bottom, following the newest line
        if not self._append_new_lines(lines):
            self.box.set_text(self.html())
            self.in_box = min(LOG_MAX_LINES,
                              sum(e.kind not in LOG_HIDDEN_KINDS for e in self.entries))
        self.lines_shown = lines
        bar = self.box.scroll_bar
        if bar is not None:
            layout = self.box.text_box_layout
            height = layout.layout_rect.height if layout is not None else 0
            start = 1.0 if offset is None or not height else min(1.0, offset / height)
            bar.set_scroll_from_start_percentage(start)
            self.box.update(0.0)

    def _append_new_lines(self, lines) -> bool:
        """Only new lines since the last refresh, none expanded or collapsed: they are added
        under the others (pygame_gui parses only them; parsing the whole log on every event
        made each computer turn slower as the log grew). False when the whole text must be
        set again: a line opened or closed, the creatures named "something" changed, or
        LOG_SLACK_LINES added since the last time."""
        if self.lines_shown is None or lines[1:] != self.lines_shown[1:] or \
                lines[0] < self.lines_shown[0]:
            return False
        new = [(n, e) for n, e in enumerate(self.entries[self.lines_shown[0]:],
                                            self.lines_shown[0])
               if e.kind not in LOG_HIDDEN_KINDS]
        if self.in_box + len(new) > LOG_MAX_LINES + LOG_SLACK_LINES:
            return False
        if new:
            html = "<br>".join(_line_html(n, e, n in self.expanded) for n, e in new)
            self.box.append_html_text(("<br>" if self.in_box else "") + html)
            self.in_box += len(new)
        return True

    def shown_html(self) -> str:
        """Everything the text box holds (its text and the lines added since)."""
        return self.box.html_text + self.box.appended_text if self.box is not None else ""

    def _unknown(self) -> frozenset:
        """Under fog of war, the creatures the shown side does not see: named "something"."""
        unknown = getattr(self.controller, "unknown_enemies", None)
        return unknown() if unknown is not None else frozenset()

    def _computer_teams(self, b) -> frozenset:
        """The sides the computer plays: their runs of turns end with a summary line."""
        humans = getattr(self.controller, "human_teams", None)
        if humans is None:
            return frozenset()
        return frozenset(t for t in b.teams_of.values() if t not in humans)

    def _offset(self) -> float | None:
        """How far down (pixels) the player scrolled the log; None at its bottom or when the
        player last touched it over LOG_HOLD_S ago (the log then follows new lines; otherwise
        it stays where the player is reading)."""
        bar, layout = self.box.scroll_bar, self.box.text_box_layout
        if bar is None or layout is None or self.read_at is None or \
                self.clock() - self.read_at > LOG_HOLD_S or \
                bar.start_percentage + bar.visible_percentage >= 0.99:
            return None
        return bar.start_percentage * layout.layout_rect.height

    def reading(self, pos) -> None:
        """A wheel turn or a press on the log (its scroll bar too): the player reads it."""
        if self.box is not None and self.box.rect.collidepoint(pos):
            self.read_at = self.clock()

    def html(self) -> str:
        """The combat log as the text box shows it (last LOG_MAX_LINES lines)."""
        shown = [(n, e) for n, e in enumerate(self.entries) if e.kind not in LOG_HIDDEN_KINDS]
        return "<br>".join(_line_html(n, e, n in self.expanded)
                           for n, e in shown[-LOG_MAX_LINES:])

    def toggle(self, index: int) -> None:
        if index in self.expanded:
            self.expanded.discard(index)
        elif 0 <= index < len(self.entries) and self.entries[index].detail:
            self.expanded.add(index)
        self.refresh(self.battle)

    def link_clicked(self, event) -> bool:
        """A click on a line's link: its breakdown opens or closes."""
        if getattr(event, "ui_element", None) is not self.box:
            return False
        target = str(getattr(event, "link_target", ""))
        if not target.startswith("log:"):
            return False
        try:
            self.toggle(int(target[4:]))
        except ValueError:
            return False
        return True

    def href_at(self, pos) -> str | None:
        box = self.box
        if box is None or not box.visible or not box.rect.collidepoint(pos):
            return None
        chunks = getattr(box, "link_hover_chunks", None) or []
        try:
            adjust = 0
            if box.scroll_bar is not None and box.text_box_layout is not None:
                adjust = box.scroll_bar.start_percentage * box.text_box_layout.layout_rect.height
            base_x = int(box.rect[0] + box.padding[0] + box.border_width["left"]
                         + box.shadow_width + box.rounded_corner_width_offsets[0])
            base_y = int(box.rect[1] + box.padding[1] + box.border_width["top"]
                         + box.shadow_width + box.rounded_corner_height_offsets[0] - adjust)
            for chunk in chunks:
                if pygame.Rect((base_x + chunk.x, base_y + chunk.y), chunk.size).collidepoint(pos):
                    return chunk.href
            return None
        except (AttributeError, TypeError, KeyError, IndexError):
            hovered = [c for c in chunks if getattr(c, "is_hovered", False)]
            return hovered[0].href if hovered else None

    def _index_at(self, pos) -> int | None:
        href = self.href_at(pos) if pos is not None else None
        if not (href and href.startswith("log:")):
            return None
        try:
            return int(href[4:])
        except ValueError:
            return None

    def hover(self, pos) -> None:
        """The pointer at `pos`: the creatures of the line under it are highlighted."""
        index, model = self._index_at(pos), self.model
        if index is not None and 0 <= index < len(self.entries):
            units = set(self.entries[index].units)
            if index != self.hover_index or self.highlight != units:
                model.highlighted = set(units)
                self.highlight = set(units)
                self.hud.bump()
            self.hover_index = index
        elif self.highlight is not None:
            if getattr(model, "highlighted", None) == self.highlight:
                model.highlighted = set()
                self.hud.bump()
            self.highlight = None
            self.hover_index = None


__all__ = ["CombatLog", "KIND_COLOURS", "LOG_HOLD_S", "LOG_MAX_LINES"]
