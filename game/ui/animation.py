"""Short animations of what happened: moves, attacks, misses, hits, criticals, deaths.

They only *show* events the battle has already applied (the model never waits for them: the
tests run with animations off). `Animator.feed(events)` queues one clip per event; clips play
one after another at `speed` (the UI model's setting); `skip()` (Space, a click) drops them.
While a creature's move is queued or playing, `position(name)` says where to draw it.
"""
from __future__ import annotations

import math

import pygame

from game.engine import events as E
from game.ui import sprites as sp

STEP_S = 0.11      # seconds per hex of a move
STRIKE_S = 0.32    # the swing or the missile
TEXT_S = 0.75      # a floating result ("miss", "-7", "CRITICAL")
BANNER_S = 0.9     # "Round 3" across the map


class Clip:
    """One queued animation: `duration` seconds; `t` goes from 0 to 1 while it plays."""

    def __init__(self, duration: float):
        self.duration, self.elapsed = max(0.01, duration), 0.0

    @property
    def t(self) -> float:
        return min(1.0, self.elapsed / self.duration)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration


class MoveClip(Clip):
    def __init__(self, unit: str, cells: list):
        super().__init__(STEP_S * max(1, len(cells) - 1))
        self.unit, self.cells = unit, cells


class StrikeClip(Clip):
    def __init__(self, attacker: str, target: str, result: str):
        super().__init__(STRIKE_S)
        self.attacker, self.target, self.result = attacker, target, result


class TextClip(Clip):
    def __init__(self, unit: str, text: str, colour, duration: float = TEXT_S):
        super().__init__(duration)
        self.unit, self.text, self.colour = unit, text, colour


class BannerClip(Clip):
    """A line across the middle of the map (a new round)."""
    def __init__(self, text: str, duration: float = BANNER_S):
        super().__init__(duration)
        self.text = text


RESULT_COLOUR = {"miss": (210, 210, 210), "hit": (255, 255, 255),
                 "critical": (240, 228, 66), "concealed": (160, 200, 255)}


def clips_for(event, against: str = "AC") -> list[Clip]:
    """The clips of one event (none for bookkeeping events); `against` names what an attack
    roll is compared with ("AC"; the light rules: "" , twice a defense)."""
    if isinstance(event, E.Moved) and event.path:
        return [MoveClip(event.unit, [event.start, *event.path])]
    if isinstance(event, E.AttackRolled):
        result = ("concealed" if event.concealed_miss else "critical" if event.critical
                  else "hit" if event.hit else "miss")
        label = {"miss": "miss", "hit": "hit", "critical": "CRITICAL!",
                 "concealed": "miss (concealed)"}[result]
        text = f"{label}  {event.total} vs {against + ' ' if against else ''}{event.ac}"
        return [StrikeClip(event.attacker, event.target, result),
                TextClip(event.target, text, RESULT_COLOUR[result], 0.45)]
    if isinstance(event, E.Damaged):
        return [TextClip(event.unit, f"-{event.amount}", (255, 120, 90) if not event.critical
                         else (240, 228, 66))]
    if isinstance(event, E.Died):
        return [TextClip(event.unit, "dies", (200, 200, 200), 0.5)]
    if isinstance(event, E.KnockedOut):
        return [TextClip(event.unit, "K.O.!", (200, 200, 200), 0.5)]
    if isinstance(event, E.Respawned):
        return [TextClip(event.unit, "respawns", (0, 200, 140), 0.5)]
    if isinstance(event, E.RoundStarted) and event.round > 1:
        return [BannerClip(f"Round {event.round}")]
    if isinstance(event, E.Provoked):
        return [TextClip(event.by, "attack of opportunity!", (213, 94, 0), 0.4)]
    return []


class Animator:
    """The queue of clips and their drawing."""

    def __init__(self, enabled: bool = True, speed: float = 1.0):
        self.enabled, self.speed = enabled, speed
        self.queue: list[Clip] = []
        self.against = "AC"         # what an attack roll is compared with (clips_for)

    @property
    def busy(self) -> bool:
        return bool(self.queue)

    def feed(self, events) -> None:
        if not self.enabled:
            return
        for event in events:
            self.queue.extend(clips_for(event, self.against))

    def skip(self) -> None:
        self.queue.clear()

    def update(self, dt: float) -> None:
        dt *= max(0.1, self.speed)
        while self.queue and dt > 0:
            clip = self.queue[0]
            use = min(dt, clip.duration - clip.elapsed)
            clip.elapsed += use
            dt -= use
            if clip.done:
                self.queue.pop(0)
            else:
                break

    def position(self, name: str, board=None):
        """World position of `name`'s anchor while its move is queued or playing, else None."""
        for clip in self.queue:
            if isinstance(clip, MoveClip) and clip.unit == name:
                return self._along(clip, board) if board is not None else None
        return None

    def _along(self, clip: MoveClip, board):
        pts = [board.centre(c) for c in clip.cells]
        if clip is not self.queue[0]:
            return pts[0]
        x = clip.t * (len(pts) - 1)
        i = min(int(x), len(pts) - 2)
        f = x - i
        (ax, ay), (bx, by) = pts[i], pts[i + 1]
        return ax + (bx - ax) * f, ay + (by - ay) * f

    def draw(self, surf, camera, board) -> None:
        if not self.queue:
            return
        clip = self.queue[0]
        if isinstance(clip, StrikeClip):
            self._strike(surf, camera, board, clip)
        elif isinstance(clip, TextClip):
            self._text(surf, camera, board, clip)
        elif isinstance(clip, BannerClip):
            self._banner(surf, camera, clip)

    @staticmethod
    def _banner(surf, camera, clip: BannerClip) -> None:
        ax, ay, w, h = camera.area()
        label = sp.text(clip.text, 40, (255, 255, 255), True, sp.INK).copy()
        label.set_alpha(int(255 * (1 - max(0.0, clip.t - 0.7) / 0.3)))
        band = pygame.Surface((w, label.get_height() + 24), pygame.SRCALPHA)
        band.fill((10, 14, 20, 150))
        y = ay + h * 0.4
        surf.blit(band, (ax, round(y - band.get_height() / 2)))
        surf.blit(label, label.get_rect(center=(round(ax + w / 2), round(y))))

    def _where(self, board, name):
        """Where `name` is drawn now: its queued or playing move decides, else the battle."""
        if name not in board.battle.eids:
            return None
        u = board.battle.unit(name)
        known = getattr(board, "known", None)
        if known is not None and not known.knows(u):
            return None         # fog of war: nothing shows where an unseen creature is
        centre = board.unit_centre(u)
        pos = self.position(name, board)
        if pos is None:
            return centre
        ax, ay = board.hex_centre(u.anchor)
        return pos[0] + centre[0] - ax, pos[1] + centre[1] - ay

    def _strike(self, surf, camera, board, clip: StrikeClip) -> None:
        a, b = self._where(board, clip.attacker), self._where(board, clip.target)
        if a is None or b is None:
            return
        a, b = camera.to_screen(*a), camera.to_screen(*b)
        t = clip.t
        colour = RESULT_COLOUR[clip.result]
        x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        ranged = math.hypot(b[0] - a[0], b[1] - a[1]) > 1.7 * board.layout.tw * camera.zoom
        if ranged:
            pygame.draw.line(surf, colour, (x - (b[0] - a[0]) * 0.08, y - (b[1] - a[1]) * 0.08),
                             (x, y), 3)
        else:
            pygame.draw.line(surf, sp.INK, a, (x, y), 6)
            pygame.draw.line(surf, colour, a, (x, y), 3)
        if t > 0.85 and clip.result != "miss":
            r = 10 + 18 * (t - 0.85) / 0.15
            pygame.draw.circle(surf, colour, b, r, 3)

    def _text(self, surf, camera, board, clip: TextClip) -> None:
        at = self._where(board, clip.unit)
        if at is None:
            return
        x, y = camera.to_screen(*at)
        label = sp.text(clip.text, 22, clip.colour, True, sp.INK).copy()
        rise = 30 * math.sqrt(clip.t)
        label.set_alpha(int(255 * (1 - max(0.0, clip.t - 0.6) / 0.4)))
        surf.blit(label, label.get_rect(center=(round(x), round(y - 30 - rise))))


__all__ = ["Animator", "BannerClip", "Clip", "MoveClip", "StrikeClip", "TextClip", "clips_for"]
