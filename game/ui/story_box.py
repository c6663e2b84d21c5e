"""The map's story text in a message box over the board (docs/mapping.md "Objectives and
events"): shown when the engine tells it (a StoryTold event), at the start or later, and
closed with its button or Enter. The same text is in the combat log."""
from __future__ import annotations

import pygame
from pygame_gui.windows import UIMessageWindow

from game.engine import events as E
from game.ui.panels.text import esc


def story_texts(events) -> list[str]:
    return [e.text for e in events if isinstance(e, E.StoryTold)]


class StoryBox:
    """At most one message box; new text while it is open joins it."""

    def __init__(self, manager):
        self.manager = manager
        self.window: UIMessageWindow | None = None
        self.texts: list[str] = []

    @property
    def visible(self) -> bool:
        return self.window is not None and self.window.alive()

    def show(self, texts, area: pygame.Rect) -> None:
        """Show `texts` (joined to what is still open) centred over `area`."""
        if not texts:
            return
        self.texts = (self.texts if self.visible else []) + list(texts)
        self.close()
        w = min(460, max(260, area.width - 40))
        h = min(area.height - 20, 100 + 24 * sum(1 + len(t) // 44 for t in self.texts))
        rect = pygame.Rect(area.centerx - w // 2, area.top + 30, w, max(150, h))
        html = "<br><br>".join(esc(t).replace("\n", "<br>") for t in self.texts)
        self.window = UIMessageWindow(rect, html, self.manager, window_title="Story",
                                      object_id="#story_window", always_on_top=True)

    def close(self) -> bool:
        """Close the box (True when one was open)."""
        was = self.visible
        if self.window is not None:
            self.window.kill()
        self.window = None
        return was


__all__ = ["StoryBox", "story_texts"]
