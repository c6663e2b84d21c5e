"""Aiming a special ability with the mouse (no drawing here): the legal aim nearest the
hovered hex and what it would do.

The aims are the engine's own (`battle.options(name, "use_ability")`): the template snaps to
the legal command whose origin (a burst's, a wall's first hex), aim (a cone's twelve
directions) or target (a line's hex, a single target's creature) lies nearest the mouse, and
`AimPreview` carries the area and, for each creature caught, its chance to fail the save (or
be hit) and its expected damage, with the user's own side flagged for a warning colour;
a healing ability's patients are its targets, with the hit points they regain.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from game.engine.abilities import aimed
from game.engine.ability_effects import Forecast, effect_lines, forecast
from game.hexgrid import Hex, hex_distance
from game.rules import areas
from game.rules import geometry as geo


@dataclass(frozen=True)
class AimPreview:
    """The snapped command, its area (hexes) and the forecast for each creature caught."""
    command: object
    provokes: tuple[str, ...]
    area: frozenset
    caught: tuple[Forecast, ...]
    lines: tuple = ()        # the lines of effect from the origin to each creature in the area

    @property
    def allies(self) -> tuple[str, ...]:
        """The user's own side that the ability would hurt (a heal's patients are not)."""
        return tuple(f.name for f in self.caught if f.harms_ally)

    @property
    def healed(self) -> tuple[str, ...]:
        """The creatures the ability heals or shields: its targets."""
        return tuple(f.name for f in self.caught if f.helps)


def _cone_miss(b, cmd, mouse: Hex) -> float:
    origin = b.hexmap.hex_at(*cmd.origin)
    if mouse == origin:
        return math.pi
    vx, vy = areas.aim_vector(cmd.aim)
    (ox, oy), (mx, my) = geo.hex_center(origin), geo.hex_center(mouse)
    # the lattice's metric: x counts sqrt(3)/2, y 1/2 (see game.rules.areas)
    a = math.atan2(vy / 2, vx * math.sqrt(3) / 2)
    m = math.atan2((my - oy) / 2, (mx - ox) * math.sqrt(3) / 2)
    return abs((a - m + math.pi) % (2 * math.pi) - math.pi)


def _miss(b, cmd, mouse: Hex) -> float:
    """How far a legal command is from what the mouse points at (smaller is nearer)."""
    if cmd.aim is not None:
        return _cone_miss(b, cmd, mouse)
    if cmd.target:
        return min(hex_distance(h, mouse) for h in b.unit(cmd.target).hexes)
    cell = cmd.origin or cmd.toward or (cmd.wall[0] if cmd.wall else None)
    if cell is None:
        return 0.0                  # a close burst: one way to use it
    return hex_distance(b.hexmap.hex_at(*cell), mouse)


_CACHE: dict = {}


def legal_aims(b, name: str, ability_id: str) -> list:
    """The legal commands of one ability now, asked once per state of the battle (the mouse
    moves far more often than the battle changes)."""
    key = (id(b), b.version, name, ability_id)
    if key not in _CACHE:
        _CACHE.clear()
        _CACHE[key] = [o for o in b.options(name, "use_ability")
                       if o.command.ability == ability_id]
    return _CACHE[key]


def snap(b, name: str, ability_id: str, mouse: Hex) -> AimPreview | None:
    """The legal aim of `ability_id` nearest the hovered hex, with its forecast (None when the
    ability has no legal aim now)."""
    options = legal_aims(b, name, ability_id)
    if not options:
        return None
    best = min(options, key=lambda o: (_miss(b, o.command, mouse), str(o.command)))
    me = b.unit(name)
    a = me.unit.ability(ability_id)
    target = aimed(b, me, a, best.command)
    view = b.view()
    inside = [u for u in view.units if not u.dead and u.hex_set & target.area]
    lines = tuple(r for r in (effect_lines(view, name, target.origin, u) for u in inside)
                  if r is not None)
    return AimPreview(best.command, best.provokes, target.area,
                      forecast(view, name, a, target), lines)


__all__ = ["AimPreview", "legal_aims", "snap"]
