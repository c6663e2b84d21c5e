"""The tutorial's lessons list (docs/mapping.md "Tutorial lessons"): one button per lesson,
opened from the setup screen's Tutorial button, and on the game's very first start as an
offer (`first`: a welcome line and "Not now"). Its actions: ("lesson", index) and ("setup",).
"""
from __future__ import annotations

import pygame
import pygame_gui

from game.ui.screens import Screen, draw_backdrop
from game.ui.panels.text import esc

WELCOME = ("Welcome to hexskirmish. New to the game? These short lessons teach moving, "
           "attacking, attacks of opportunity, reactions, cover, flanking and abilities, one "
           "step at a time. You can open them again from the setup screen's Tutorial button.")
ABOUT = ("Each lesson is a small battle. A box over the board says what to do next and moves "
         "on when you have done it.")


class TutorialScreen(Screen):
    name = "tutorial"
    drawn_as = "tutorial"

    def __init__(self, manager, lessons, size=(1280, 800), first: bool = False,
                 message: str = ""):
        super().__init__(manager, size)
        self.lessons = list(lessons)
        self.first = first
        self.message = message
        self.lesson_buttons: list = []
        self.build()

    def build(self) -> None:
        w, h = self.size
        m = 14
        self.header(m, "Tutorial: learn the game in a few short lessons")
        cw = min(720, w - 2 * m)
        x = (w - cw) // 2
        top = m + 64 + 2 * m
        intro = (WELCOME if self.first else ABOUT) + (f"<br><br>{esc(self.message)}"
                                                      if self.message else "")
        self.textbox((x, top, cw, 110), intro, oid="#result_text")
        y = top + 110 + m
        self.lesson_buttons = []
        for n, lesson in enumerate(self.lessons, 1):
            self.lesson_buttons.append(self.button((x, y, cw, 48), f"{n}. {lesson.title}",
                                                   cls="@primary" if n == 1 else "@secondary",
                                                   tip=lesson.intro[:120]))
            y += 48 + 8
        self.back_button = self.button((x, min(h - m - 48, y + m), 220, 44),
                                       "Not now" if self.first else "Back to setup")

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return ("setup",)
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return None
        element = getattr(event, "ui_element", None)
        if element is self.back_button:
            return ("setup",)
        for n, b in enumerate(self.lesson_buttons):
            if element is b:
                return ("lesson", n)
        return None

    def draw_background(self, surface) -> None:
        draw_backdrop(surface, self.size)


__all__ = ["TutorialScreen"]
