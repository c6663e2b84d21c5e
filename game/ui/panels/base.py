"""What every HUD panel shares: the container it belongs to (the `Hud`, which knows the
battle, the UI model, the controller and the window's layout), its rectangle, its widgets and
the memory of what it last showed (so a refresh changes a widget only where something did)."""
from __future__ import annotations

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UILabel, UIPanel


class Panel:
    """One panel of the HUD: `build` makes its widgets in its rectangle, `refresh` keeps them
    in step with the battle, `handle` takes a press of one of its buttons (True: its own)."""

    key = ""        # its rectangle in `compute_layout` and its UIPanel in `hud.panels`

    def __init__(self, hud):
        self.hud = hud
        self.widgets: list = []
        self.shown: dict[str, object] = {}

    # ---- what it reads ------------------------------------------------------------------
    @property
    def manager(self):
        return self.hud.manager

    @property
    def battle(self):
        return self.hud.battle

    @property
    def model(self):
        return self.hud.model

    @property
    def controller(self):
        return self.hud.controller

    @property
    def rect(self) -> pygame.Rect:
        return self.hud.rects[self.key]

    def m(self, attr, default=None):
        """An attribute of the UI model (`default` when the model has none)."""
        return getattr(self.hud.model, attr, default)

    def changed(self, key: str, value) -> bool:
        """Does `value` differ from what the panel last showed under `key` (then remember it)?"""
        if self.shown.get(key, object()) == value:
            return False
        self.shown[key] = value
        return True

    def forget(self) -> None:
        """Show everything afresh at the next refresh."""
        self.shown = {}

    # ---- its widgets --------------------------------------------------------------------
    def add(self, widget):
        self.widgets.append(widget)
        return widget

    def make_panel(self, height: int = 1) -> UIPanel:
        """The panel's background in its rectangle, known to the HUD as `hud.panels[key]`."""
        panel = self.add(UIPanel(self.rect, starting_height=height, manager=self.manager,
                                 object_id=ObjectID(class_id="@hud_panel",
                                                    object_id=f"#{self.key}_panel")))
        self.hud.panels[self.key] = panel
        return panel

    def label(self, rect, text, container, cls=None, oid=None) -> UILabel:
        object_id = ObjectID(class_id=cls, object_id=oid) if (cls or oid) else None
        return self.add(UILabel(rect, text, manager=self.manager, container=container,
                                object_id=object_id))

    def kill(self) -> None:
        for widget in self.widgets:
            widget.kill()
        self.widgets = []
        self.hud.panels.pop(self.key, None)

    def build(self) -> None:
        """Make the widgets for the current layout (`hud.rects`)."""

    def refresh(self, b) -> None:
        """Show what battle `b` and the UI model say now."""

    def handle(self, element) -> bool:
        """A pygame_gui button was pressed: True when it was this panel's."""
        return False


__all__ = ["Panel"]
