"""The legend's screen (F2 in a battle or a replay, the menu's Legend button): over the paused
battle, every mark of the board drawn by the board (`game.ui.legend`), the badges and the
terrain of this map, each with what it means. The wheel, the arrows and Page Up / Page Down
scroll it; Esc, F2 or Back close it (the action ("back",)).
"""
from __future__ import annotations

import pygame
import pygame_gui

from game.ui import legend as L
from game.ui import sprites as sp
from game.ui.presenters import terrain_lines
from game.ui.screens import Screen
from game.ui.words import for_players

TITLE, TEXT, MUTED = (255, 255, 255), (222, 228, 234), (151, 166, 182)
CELL_W = 400                 # one entry: its swatch and its words
ROW_H = L.SWATCH[1] + 10
SCROLL_KEYS = {pygame.K_UP: -60, pygame.K_DOWN: 60, pygame.K_PAGEUP: -400,
               pygame.K_PAGEDOWN: 400, pygame.K_HOME: -10 ** 6, pygame.K_END: 10 ** 6}


def wrapped(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """`text` cut into lines no wider than `width` pixels."""
    font, lines, line = sp.font(size, bold), [], ""
    for word in for_players(text).split():
        attempt = f"{line} {word}".strip()
        if line and font.size(attempt)[0] > width:
            lines.append(line)
            line = word
        else:
            line = attempt
    return lines + ([line] if line else [])


def _words(surf, x: int, y: int, title: str, words: str, width: int) -> None:
    surf.blit(sp.text(for_players(title), 15, TITLE), (x, y))
    for n, line in enumerate(wrapped(words, 13, width)[:4]):
        surf.blit(sp.text(line, 13, TEXT, False), (x, y + 21 + 16 * n))


def _heading(surf, y: int, text: str) -> int:
    surf.blit(sp.text(text, 18, (159, 211, 245)), (4, y))
    return y + 30


def _terrain_samples(board) -> list[tuple[pygame.Surface, str, str]]:
    """One hex of each terrain of this map (the one nearest the middle), cut from the map as
    it is drawn, and its words (the terrain tooltip's)."""
    b, m = board.battle, board.battle.hexmap
    mid = (m.width / 2, m.height / 2)
    nearest: dict = {}
    for row in range(m.height):
        for col in range(m.width):
            t = m.terrain[row * m.width + col]
            d = (col - mid[0]) ** 2 + (row - mid[1]) ** 2
            if t not in nearest or d < nearest[t][0]:
                nearest[t] = (d, (col, row))
    out = []
    for _, cell in sorted(nearest.values(), key=lambda v: (v[1][1], v[1][0]))[:24]:
        s = L.Sample(board)
        s.cell, s.surface = cell, pygame.Surface(L.SWATCH)
        s.ground(s.camera())
        lines = terrain_lines(b, cell)
        out.append((s.surface, lines[0].split(" · ")[0], "; ".join(lines[1:])))
    return out


def legend_picture(board, width: int) -> pygame.Surface:
    """The whole legend, `width` pixels wide."""
    cols = max(1, width // CELL_W)
    sample = L.Sample(board)
    badges = L.badge_rows()
    terrain = _terrain_samples(board)
    entries = L.entries_for(board.battle)
    rows = -(-len(entries) // cols) + -(-len(terrain) // cols)
    badge_cols = max(1, width // 190)
    height = 110 + rows * ROW_H + -(-len(badges) // badge_cols) * 28 + 60
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    y = _heading(surf, 0, "Marks on the map")
    for n, entry in enumerate(entries):
        x, top = (n % cols) * CELL_W, y + (n // cols) * ROW_H
        surf.blit(L.swatch(board, entry, sample), (x, top))
        _words(surf, x + L.SWATCH[0] + 10, top + 2, entry.title, entry.words,
               CELL_W - L.SWATCH[0] - 24)
    y += -(-len(entries) // cols) * ROW_H + 8
    y = _heading(surf, y, "Badges over the tokens")
    for n, (label, meaning) in enumerate(badges):
        x, top = (n % badge_cols) * 190, y + (n // badge_cols) * 28
        tag = sp.badge(label, 15)
        surf.blit(tag, (x, top))
        surf.blit(sp.text(meaning, 13, TEXT, False), (x + tag.get_width() + 8, top + 2))
    y += -(-len(badges) // badge_cols) * 28 + 8
    y = _heading(surf, y, "The terrain of this map")
    for n, (swatch, title, words) in enumerate(terrain):
        x, top = (n % cols) * CELL_W, y + (n // cols) * ROW_H
        surf.blit(swatch, (x, top))
        _words(surf, x + L.SWATCH[0] + 10, top + 2, title, words, CELL_W - L.SWATCH[0] - 24)
    return surf


class LegendScreen(Screen):
    """The legend over the paused battle (`backdrop`: its last frame, dimmed)."""

    name = "legend"

    def __init__(self, manager, size, board, backdrop=None):
        super().__init__(manager, size)
        self.board, self.scroll = board, 0
        self.backdrop = None
        if backdrop is not None:
            self.backdrop = backdrop.copy()
            shade = pygame.Surface(backdrop.get_size(), pygame.SRCALPHA)
            shade.fill((10, 14, 20, 246))
            self.backdrop.blit(shade, (0, 0))
        self.build()

    def content_rect(self) -> pygame.Rect:
        w, h = self.size
        return pygame.Rect(30, 64, w - 60, h - 64 - 76)

    def build(self) -> None:
        w, h = self.size
        self.picture = legend_picture(self.board, self.content_rect().width)
        self.label((30, 12, w - 60, 44), "Legend: what the map shows", None, "@big_label")
        self.back_button = self.button((w - 230, h - 64, 200, 48), "Back (Esc)", None,
                                       "@primary")
        self.hint = self.label((30, h - 58, w - 280, 36), "Wheel, arrows, Page Up / Down: "
                               "scroll · F1: the words of the game", None, "@small_hint")
        self.scroll_by(0)

    def scroll_by(self, dy: int) -> None:
        room = max(0, self.picture.get_height() - self.content_rect().height)
        self.scroll = max(0, min(room, self.scroll + dy))

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F2):
            return ("back",)
        if event.type == pygame.KEYDOWN and event.key in SCROLL_KEYS:
            self.scroll_by(SCROLL_KEYS[event.key])
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-60 * event.y)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and \
                getattr(event, "ui_element", None) is self.back_button:
            return ("back",)
        return None

    def draw_background(self, surface) -> None:
        if self.backdrop is not None and self.backdrop.get_size() == surface.get_size():
            surface.blit(self.backdrop, (0, 0))
        else:
            surface.fill(self.background)
        area = self.content_rect()
        surface.set_clip(area)
        surface.blit(self.picture, (area.x, area.y - self.scroll))
        surface.set_clip(None)


__all__ = ["LegendScreen", "legend_picture"]
