"""The tutorial's instruction box over the board (docs/mapping.md "Tutorial lessons"): the
lesson's title, the step the player is on and what is already done. It changes only when the
battle's events show the step's action (`game.engine.lesson_progress`)."""
from __future__ import annotations

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UITextBox

from game.ui.panels.text import esc

HEIGHT = 150
RESERVED = HEIGHT + 14      # the strip of the board's area the box takes


class LessonBox:
    """One text box in the battle's GUI manager; `text()` is what it says (for tests)."""

    def __init__(self, manager, progress, number: int, count: int):
        self.manager = manager
        self.progress = progress
        self.number, self.count = number, count
        self.box: UITextBox | None = None

    def html(self) -> str:
        lesson, p = self.progress.lesson, self.progress
        head = f"<b>Lesson {self.number} of {self.count}: {esc(lesson.title)}</b><br>"
        if p.done:
            more = "Press F7 for the next lesson." if self.number < self.count else \
                "Press F7 for the lessons list."
            return head + f"<b>Lesson complete.</b> {esc(lesson.done)}<br>{esc(more)}"
        intro = f"{esc(lesson.intro)}<br>" if p.at == 0 and lesson.intro else ""
        return (head + intro + f"<b>Step {p.at + 1} of {len(lesson.steps)}:</b> "
                f"{esc(p.step.text)}")

    def text(self) -> str:
        return self.html().replace("<br>", "\n").replace("<b>", "").replace("</b>", "")

    def show(self, area: pygame.Rect) -> None:
        """(Re)draw the box across the bottom of `area`, the board's part of the window (the
        camera shows the map above it; the questions of reactions open at the top)."""
        self.close()
        rect = pygame.Rect(area.left + 10, area.bottom - HEIGHT - 8, area.width - 20, HEIGHT)
        self.box = UITextBox(self.html(), rect, manager=self.manager,
                             object_id=ObjectID(object_id="#lesson_box"))

    def close(self) -> None:
        if self.box is not None:
            self.box.kill()
        self.box = None


__all__ = ["LessonBox"]
