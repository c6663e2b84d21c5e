"""The camera: which part of the map (world pixels, the canvas of `build_map_surface`) the
window shows, at which zoom. Screen = (world - offset) * zoom.

Zoom moves through fixed steps so that the board can cache the scaled map per step; zooming
with the wheel keeps the world point under the cursor still.
"""
from __future__ import annotations

ZOOM_STEPS = (0.25, 0.33, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.15, 1.3, 1.5, 1.75, 2.0, 2.5)


class Camera:
    def __init__(self, viewport: tuple[int, int], world: tuple[int, int]):
        self.viewport = (int(viewport[0]), int(viewport[1]))
        self.world = (int(world[0]), int(world[1]))
        self.zoom = 1.0
        self.x = self.y = 0.0   # world point at the screen's top-left corner
        self.focus = None       # (x, y, w, h) of the screen the HUD leaves free, None: all

    # ---- conversions --------------------------------------------------------------------------
    def to_screen(self, wx: float, wy: float) -> tuple[float, float]:
        return (wx - self.x) * self.zoom, (wy - self.y) * self.zoom

    def to_world(self, sx: float, sy: float) -> tuple[float, float]:
        return sx / self.zoom + self.x, sy / self.zoom + self.y

    def offset_px(self) -> tuple[int, int]:
        """Where the top-left of the scaled world lands on the screen, in whole pixels."""
        return round(-self.x * self.zoom), round(-self.y * self.zoom)

    # ---- moves ----------------------------------------------------------------------------------
    def resize(self, viewport: tuple[int, int], focus=None) -> None:
        ax, ay, aw, ah = self.area()
        cx, cy = self.to_world(ax + aw / 2, ay + ah / 2)
        self.viewport = (max(1, int(viewport[0])), max(1, int(viewport[1])))
        self.focus = tuple(focus) if focus is not None else None
        self.centre_on(cx, cy)

    def pan(self, dx_screen: float, dy_screen: float) -> None:
        """Move the view by screen pixels (dragging the map moves it the other way)."""
        self.x += dx_screen / self.zoom
        self.y += dy_screen / self.zoom
        self.clamp()

    def area(self) -> tuple[float, float, float, float]:
        """The part of the screen where the map shows best (the HUD's free middle)."""
        return self.focus or (0, 0, self.viewport[0], self.viewport[1])

    def centre_on(self, wx: float, wy: float) -> None:
        """Put a world point in the middle of `area()`."""
        ax, ay, aw, ah = self.area()
        self.x = wx - (ax + aw / 2) / self.zoom
        self.y = wy - (ay + ah / 2) / self.zoom
        self.clamp()

    def set_zoom(self, zoom: float, anchor: tuple[float, float] | None = None) -> None:
        """Zoom to the nearest step, keeping the world point under `anchor` (screen) still."""
        zoom = min(ZOOM_STEPS, key=lambda z: abs(z - zoom))
        ax, ay = anchor if anchor is not None else (self.viewport[0] / 2, self.viewport[1] / 2)
        wx, wy = self.to_world(ax, ay)
        self.zoom = zoom
        self.x, self.y = wx - ax / zoom, wy - ay / zoom
        self.clamp()

    def zoom_by(self, steps: int, anchor: tuple[float, float] | None = None) -> None:
        """Zoom in (+) or out (-) by steps, never further out than the whole map."""
        i = min(range(len(ZOOM_STEPS)), key=lambda k: abs(ZOOM_STEPS[k] - self.zoom))
        i = max(0, min(len(ZOOM_STEPS) - 1, i + steps))
        zoom = ZOOM_STEPS[i]
        if steps < 0:
            zoom = max(zoom, min(self.whole_map_zoom(), self.zoom))
        self.set_zoom(zoom, anchor)

    def whole_map_zoom(self) -> float:
        """The largest zoom step that shows the whole map in `area()` (zoom-out stops
        there: further out the map would only shrink into a corner)."""
        _, _, aw, ah = self.area()
        ww, wh = max(1, self.world[0]), max(1, self.world[1])
        fitting = [z for z in ZOOM_STEPS if ww * z <= aw and wh * z <= ah]
        return fitting[-1] if fitting else ZOOM_STEPS[0]

    def fit(self, margin: int = 16, max_zoom: float = 1.5, min_zoom: float = 0.0) -> None:
        """The largest zoom step (at least `min_zoom`) that shows the whole map in `area()`,
        centred there."""
        self.frame([(0, 0), self.world], margin, max_zoom, min_zoom)

    def frame(self, points, margin: int = 16, max_zoom: float = 1.5,
              min_zoom: float = 0.0) -> None:
        """Zoom and centre so that the box around world `points` shows in `area()`."""
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        _, _, aw, ah = self.area()
        vw, vh = aw - 2 * margin, ah - 2 * margin
        ww, wh = max(1, max(xs) - min(xs)), max(1, max(ys) - min(ys))
        steps = [z for z in ZOOM_STEPS if z <= max_zoom]
        fitting = [z for z in steps if ww * z <= vw and wh * z <= vh and z >= min_zoom]
        self.zoom = fitting[-1] if fitting else min([z for z in steps if z >= min_zoom]
                                                    or [steps[-1]])
        self.centre_on((max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2)

    def clamp(self, pad: float = 30) -> None:
        """Keep the map over `area()`: a map larger than it may not show more than `pad`
        screen pixels of void at an edge; a smaller one stays inside it."""
        ax, ay, aw, ah = self.area()
        z = self.zoom
        self.x = _clamp_axis(self.x, ax / z, aw / z, self.world[0], pad / z)
        self.y = _clamp_axis(self.y, ay / z, ah / z, self.world[1], pad / z)


def _clamp_axis(x: float, a: float, span: float, world: float, pad: float) -> float:
    """One axis of `Camera.clamp`, in world units (`a` = the area's offset on screen)."""
    if world <= span:
        return min(max(x, world - a - span), -a)
    return min(max(x, -pad - a), world + pad - a - span)


__all__ = ["Camera", "ZOOM_STEPS"]
