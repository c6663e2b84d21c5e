"""The floating tooltip: why a disabled action button is refused (above the button), else
beside the pointer the hovered target's forecast, the attack preview of the hovered enemy
(docs/rules/10-attacks-and-damage.md: exact hit chance and every modifier), why it cannot be
attacked, or, once the pointer rests on a hex, its terrain. Beside the pointer it keeps to the
map's part of the window and off the board's own labels."""
from __future__ import annotations

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UITextBox

from game.ui import presenters as P
from game.ui.light_play import command_words
from game.ui.more_menu import forecast_html
from game.ui.panels.base import Panel
from game.ui.panels.layout import clamp
from game.ui.panels.text import DETAIL_COLOUR, MUTED, esc, why_not

TERRAIN_TIP_S = 0.5     # the pointer rests this long on a hex before its terrain shows


def attack_html(preview, defenses: dict | None = None, stray=(), provokes=()) -> str:
    """The attack preview's lines as html: the hit chance and the warnings stand out."""
    out = []
    for n, line in enumerate(P.attack_tooltip(preview, defenses, stray, provokes).split("\n")):
        text = esc(line)
        if n == 0:
            out.append(f"<b>{text}</b>")
        elif line.startswith("Hit "):
            out.append(f"<font color=#F0E442><b>{text}</b></font>")
        elif line.startswith((P.STRAY_HEAD, P.PROVOKES_HEAD, "Cannot")):
            out.append(f"<font color=#FF8C5A><b>{text}</b></font>")
        elif line.startswith("  "):
            out.append(f"<font color={DETAIL_COLOUR} pixel_size=13>&nbsp;&nbsp;"
                       f"{text.strip()}</font>")
        else:
            out.append(text)
    return "<br>".join(out)


def disabled_button_html(s) -> str:
    cost = f" ({esc(s.cost)})" if s.cost else ""
    return (f"<b>{esc(s.label)}</b> [{esc(s.hotkey)}]{cost}<br>"
            f"<font color=#F0E442>{esc(s.reason)}</font><br>{why_not(s)}"
            f"<font color={MUTED} pixel_size=13>{esc(s.description)}</font>")


class Tooltip(Panel):
    """Not a panel of the layout: a text box that follows the pointer, in `tip_area`."""

    key = "tip"

    def __init__(self, hud):
        super().__init__(hud)
        self.tip: UITextBox | None = None
        self.keep_clear: list[pygame.Rect] = []     # the board's texts a pointer tip avoids
        self.pointer_tips = True    # tips beside the pointer (a replay watched: none)
        self.hover_key, self.still = None, 0.0     # the hex under the pointer, how long
        self.shown_tip = None

    def build(self) -> None:
        self.shown_tip = None

    def kill(self) -> None:
        if self.tip is not None:
            self.tip.kill()
            self.tip = None

    @property
    def rect(self) -> pygame.Rect:
        return self.tip.rect if self.tip is not None else pygame.Rect(0, 0, 0, 0)

    def refresh(self, b) -> None:
        self.follow(self.manager.get_mouse_position())

    def _button_tip(self, pos) -> tuple[str, tuple[int, int], str] | None:
        bar = self.hud.action_bar
        panel = self.hud.panels.get(bar.key)
        for s in bar.states if panel is not None and panel.visible else ():
            button = bar.buttons.get(s.action)
            if button is not None and not s.enabled and button.rect.collidepoint(pos):
                return disabled_button_html(s), (button.rect.left, button.rect.top), "above"
        return None

    def _board_tip(self) -> str | None:
        """The html of the tip beside the pointer over the board, if any."""
        more, preview = self.m("more"), self.m("attack")
        if more is not None and more.hovered is not None and (
                self.m("mode") == "more" or P.own_bar(self.battle)):
            return self.forecast_tip(more)
        if preview is not None:
            return attack_html(preview, self.m("attack_defenses") or {},
                               self.m("attack_stray") or (), self.m("attack_provokes") or ())
        refusal, cell = self.m("refusal"), self.m("hover_cell")
        if refusal:
            return f"<font color=#FF8C5A><b>Cannot attack</b></font><br>{esc(refusal)}"
        if cell is not None and not self.m("hover_unit") and cell == self.hover_key \
                and self.still >= TERRAIN_TIP_S:
            lines = P.terrain_lines(self.battle, cell)
            body = "<br>".join(f"<font color={MUTED} pixel_size=13>{esc(x)}</font>"
                               for x in lines[1:])
            return f"<b>{esc(lines[0])}</b><br>{body}"
        return None

    def content(self, pos) -> tuple[str, tuple[int, int], str] | None:
        """(html, anchor, where) of the floating tooltip: the reason of a disabled action under
        the pointer, else what the board shows beside it."""
        if pos is None:
            return None
        button = self._button_tip(pos)
        if button is not None:
            return button
        if self.hud.contains(pos) or not self.pointer_tips:
            return None
        text = self._board_tip()
        return None if text is None else (text, (pos[0], pos[1]), "pointer")

    def forecast_tip(self, more) -> str:
        """The hovered target's forecast (the targeting mode's; a light click's too), with
        the chosen variant in words in a light battle."""
        hovered = more.hovered
        label = P.action_label(self.battle, hovered.action or more.action)
        words = ""
        if P.own_bar(self.battle) and hovered.option is not None:
            words = command_words(self.battle, hovered.option.command)
        return forecast_html(label, hovered, words)

    def tick(self, dt: float) -> None:
        """Time passes: the terrain tooltip shows once the pointer rests on a hex."""
        key = self.m("hover_cell")
        if key != self.hover_key:
            self.hover_key, self.still = key, 0.0
            return
        before, self.still = self.still, self.still + dt
        if before < TERRAIN_TIP_S <= self.still:
            self.follow(self.manager.get_mouse_position())

    def follow(self, pos) -> None:
        """The tip for the pointer at `pos`: made anew when its text changes, then moved."""
        content = self.content(pos)
        key = None if content is None else (content[0], content[2], self.area().size)
        if key != self.shown_tip:
            self.shown_tip = key
            self.kill()
            if content is None:
                return
            self.tip = self._made(content[0], content[1], content[2])
        if self.tip is None or content is None:
            return
        x, y = self.position(content[1], content[2], self.tip.rect.size)
        if (x, y) != tuple(self.tip.rect.topleft):
            self.tip.set_position((x, y))

    def _made(self, html_text: str, anchor, where: str) -> UITextBox:
        """The tip's box; beside the pointer, widened while it is taller than the map's part of
        the window (so that it can keep off the warning) and still fits beside the pointer."""
        area, x = self.area(), anchor[0]
        tip = self._box(html_text, 330 if where == "pointer" else 300)
        for width in ((450, 570) if where == "pointer" else ()):
            room = max(x - 20 - area.left, area.right - x - 20)
            if tip.rect.height <= area.height - 8 or width > room:
                break
            wider = self._box(html_text, width)
            tip.kill()
            tip = wider
        return tip

    def _box(self, html_text: str, width: int) -> UITextBox:
        return UITextBox(html_text, pygame.Rect(0, 0, width, -1), manager=self.manager,
                         starting_height=40, object_id=ObjectID(object_id="#hud_tip"))

    def area(self) -> pygame.Rect:
        """Where a tooltip beside the pointer may lie: the map's part of the window, left of
        the unit card and the combat log and above the message line (a tip there would hide
        the log's lines or the message)."""
        w, h = self.hud.size
        rects = self.hud.rects
        if not rects:
            return pygame.Rect(0, 0, w, h)
        bottom = rects["message"].top
        box = self.hud.status.message_box          # a long warning grows up over the map
        if box is not None:
            bottom = min(bottom, box.rect.top)
        return pygame.Rect(0, 0, max(0, rects["card"].left), max(0, bottom))

    def position(self, anchor, where: str, size) -> tuple[int, int]:
        """The tip's top left: above a button, else below right of the pointer (left of it
        near the log, raised near the message line), kept inside the window and, beside the
        pointer, inside `area` where it fits."""
        w, h = self.hud.size
        tw, th = size
        x, y = anchor
        if where == "above":
            y = y - th - 6
        else:
            area = self.area()
            x, y = x + 20, y + 20
            if x + tw > area.right - 2:
                x = anchor[0] - tw - 20          # left of the pointer, not over the log
            w = area.right
            if y + th > area.bottom - 2:
                y = area.bottom - th - 2 if th <= area.bottom - 6 else anchor[1] - th - 12
            x, y = self._clear_of_board_texts((x, y), anchor, size, area)
        return clamp(x, 4, max(4, w - tw - 2)), clamp(y, 4, max(4, h - th - 4))

    def _clear_of_board_texts(self, spot, anchor, size, area) -> tuple[int, int]:
        """A pointer tip's top left off the board's labels (`keep_clear`: the path's, the
        hit chance's, the creatures' names): beside the pointer on the side where it covers
        none, else in a corner of the board's free middle away from the pointer (not over the
        top bar or the initiative list); never over the pointer itself where it fits."""
        tw, th = size
        ax, ay = anchor
        middle = self.hud.rects.get("board", area).clip(area) if self.hud.rects else area
        if middle.width < tw + 8 or middle.height < th + 8:
            middle = area
        left, right = middle.left + 4, middle.right - tw - 4
        top, low = middle.top + 4, middle.bottom - th - 4
        corners = [(left, top), (right, top), (left, low), (right, low)]
        corners.sort(key=lambda c: -abs(c[0] + tw / 2 - ax))   # the far side from the pointer
        spots = [spot, (ax + 20, ay + 20), (ax - tw - 20, ay + 20), (ax + 20, ay - th - 20),
                 (ax - tw - 20, ay - th - 20), *corners]
        rects = [pygame.Rect(x, y, tw, th) for x, y in spots]
        free = [r for r in rects if area.contains(r) and not r.collidepoint(anchor)]
        clear = [r for r in free if r.collidelist(self.keep_clear) < 0]
        return (clear or free or rects)[0].topleft


__all__ = ["TERRAIN_TIP_S", "Tooltip", "attack_html"]
