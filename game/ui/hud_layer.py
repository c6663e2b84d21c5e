"""The battle's HUD drawn once and reused (`HudLayer`): pygame_gui draws every visible sprite
each frame; this layer renders it again only when one of its sprites changed and composes it
with the board's view layer (`game.ui.battle_board.HeatBoard.veneer`).
"""
from __future__ import annotations

import pygame
import pygame_gui


def covering_rects(rects, bounds) -> list[pygame.Rect]:
    """Disjoint rectangles covering `rects` clipped to `bounds`: a rectangle inside another
    is dropped, overlapping ones are merged into their bounding box."""
    out: list[pygame.Rect] = []
    for r in sorted((pygame.Rect(r).clip(bounds) for r in rects), key=lambda r: -r.w * r.h):
        if r.w > 0 and r.h > 0 and not any(o.contains(r) for o in out):
            out.append(r)
    merged = True
    while merged:
        merged = False
        for i, a in enumerate(out):
            j = next((j for j in range(i + 1, len(out)) if a.colliderect(out[j])), None)
            if j is not None:
                out[i] = a.union(out.pop(j))
                merged = True
                break
    return out


class HudLayer:
    """The pygame_gui HUD drawn into a window-sized layer only when something in it changed,
    and composed over the board every frame (pygame_gui has no dirty rectangles: its
    `draw_ui` blits every visible sprite, semi-transparent panels included, each frame).

    - `render` draws `manager.draw_ui` into `layer`, a transparent SRCALPHA surface, which
      makes it premultiplied (pygame_gui's note on `draw_ui`): it is blended with
      BLEND_PREMULTIPLIED, the same pixels as drawing the HUD over the board (+-2 of
      rounding). `rects` are disjoint rectangles covering every visible sprite. Only the
      rectangles holding a sprite that changed are drawn again (`draw_ui` clipped to them),
      unless the rectangles themselves changed or `invalidate()` was called.
    - `stale()` says a render is due: every change of a pygame_gui element replaces its image
      (`UIElement._set_image` copies) or moves its rect, and shows in `signature()` (the
      manager's visible blit list: image objects, positions, areas, flags), so a button
      hover or press, a tooltip appearing, a new log line, a scrolled text box, a text
      effect, a panel shown or hidden all re-render; `invalidate()` forces a whole render (a
      resize, a new battle, a click or key the HUD consumed). A plain hover over the board
      changes none of them: no render.
    - `over_view(view, key)` is the board's view layer (`Board.view_layer`) with the HUD
      already blended over `rects`, cached per view key and updated where the HUD was
      rendered again: the board blits it in place of the view layer, so a frame costs about
      the board alone. The parts of `rects` the board may paint over this frame (`holes`,
      `cut` from `HeatBoard.dynamic_rect`) keep the plain view there and get the HUD blended
      over the finished board by `finish`: overlays under a panel show through it as before.
    `renders` and `composes` count the renders and the views composed whole (tests, bench)."""

    def __init__(self, manager: pygame_gui.UIManager):
        self.manager = manager
        self.layer: pygame.Surface | None = None
        self.rects: list[pygame.Rect] = []
        self.holes: list[pygame.Rect] = []
        self.renders = 0
        self.composes = 0
        self.rendered: list[pygame.Rect] = []    # what the last render drew again
        self._sig = None
        self._stale = True
        self._view: pygame.Surface | None = None
        self._view_key = None
        self._pending: list[pygame.Rect] | None = None   # to update in the view; None: all
        self._punched: list[pygame.Rect] = []

    def signature(self) -> list:
        return [(b[0], tuple(b[1]), None if b[2] is None else tuple(b[2]), b[3])
                for b in self.manager.ui_group.visible]

    @staticmethod
    def _box(entry) -> pygame.Rect:
        image, rect, area, _ = entry
        w, h = area[2:] if area is not None else image.get_size()
        return pygame.Rect(rect[0], rect[1], w, h)

    def invalidate(self) -> None:
        self._stale = True

    def stale(self) -> bool:
        return self._stale or self.layer is None or self.signature() != self._sig

    def render(self, size) -> None:
        """Draw the HUD into the layer again where it changed (everywhere when the window
        size, the rectangles or only the order of the sprites changed, or after
        `invalidate`)."""
        size = tuple(size)
        sig = self.signature()
        bounds = pygame.Rect((0, 0), size)
        rects = covering_rects([self._box(e) for e in sig], bounds)
        dirty = None
        if self.layer is not None and self.layer.get_size() == size and not self._stale \
                and self._sig is not None and rects == self.rects:
            def key(e):
                return id(e[0]), e[1], e[2], e[3]
            old = {key(e): e for e in self._sig}
            new = {key(e): e for e in sig}
            changed = [old[k] for k in old.keys() - new.keys()] + \
                [new[k] for k in new.keys() - old.keys()]
            if changed:
                boxes = [self._box(e) for e in changed]
                dirty = [r for r in rects if r.collidelist(boxes) >= 0]
        if self.layer is None or self.layer.get_size() != size:
            self.layer = pygame.Surface(size, pygame.SRCALPHA)
        elif dirty is None:
            for r in self.rects:
                self.layer.fill((0, 0, 0, 0), r)
        if dirty is None:
            self.manager.draw_ui(self.layer)
            self._pending = None
        else:
            for r in dirty:
                self.layer.set_clip(r)                # (fill keeps to the clip too)
                self.layer.fill((0, 0, 0, 0), r)
                self.manager.draw_ui(self.layer)
            self.layer.set_clip(None)
            if self._pending is not None:
                self._pending += dirty
        self.rects, self.rendered = rects, list(rects if dirty is None else dirty)
        self._sig, self._stale = sig, False
        self.renders += 1

    def cut(self, busy: pygame.Rect) -> None:
        """The parts of the HUD the board may paint under this frame (`busy`)."""
        self.holes = [r.clip(busy) for r in self.rects if r.colliderect(busy)]

    def _blend(self, surf, rects) -> None:
        surf.blits([(self.layer, r.topleft, r, pygame.BLEND_PREMULTIPLIED) for r in rects],
                   doreturn=False)

    def over_view(self, view: pygame.Surface, key) -> pygame.Surface:
        """`view` with the HUD blended over `rects` except over `holes` (cached)."""
        key = (key, view.get_size())
        out = self._view
        if out is None or out.get_size() != view.get_size():
            out = self._view = view.copy()
            self._view_key = None
        if key != self._view_key or self._pending is None:
            out.blit(view, (0, 0))                  # a new view, or the whole HUD again
            self._blend(out, self.rects)            # (one full copy beats many narrow ones)
            self._view_key, self._punched = key, []
            self.composes += 1
        elif self._pending:                         # parts of the HUD again
            self._blend(out, self._punched)         # (the HUD back over the old holes)
            out.blits([(view, r.topleft, r) for r in self._pending], doreturn=False)
            self._blend(out, self._pending)
            self._punched = []
        self._pending = []
        if self._punched != self.holes:
            self._blend(out, self._punched)
            out.blits([(view, r.topleft, r) for r in self.holes], doreturn=False)
            self._punched = list(self.holes)
        return out

    def finish(self, surf: pygame.Surface) -> None:
        """Blend the HUD over the holes of the finished frame."""
        self._blend(surf, self.holes)




__all__ = ["HudLayer", "covering_rects"]
