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

from game.engine import commands as C
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
    refusal: str = ""        # why the aim the pointer asks for cannot be used (the engine's)

    @property
    def allies(self) -> tuple[str, ...]:
        """The user's own side that the ability would hurt (a heal's patients are not)."""
        return tuple(f.name for f in self.caught if f.harms_ally)

    @property
    def healed(self) -> tuple[str, ...]:
        """The creatures the ability heals or shields: its targets."""
        return tuple(f.name for f in self.caught if f.helps)


def _cone_miss(b, cmd, mouse: Hex) -> float:
    return _angle_off(b.hexmap.hex_at(*cmd.origin), cmd.aim, mouse)


def _angle_off(origin: Hex, aim: int, mouse: Hex) -> float:
    """The angle between a cone's aim and the ray from its origin to the pointer."""
    if mouse == origin:
        return math.pi
    vx, vy = areas.aim_vector(aim)
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


def pointed_cone(b, name: str, ability_id: str, mouse: Hex) -> C.UseAbility | None:
    """The cone the pointer asks for: from the creature's hex nearest the pointer, the aim of
    the twelve nearest the pointer's direction (None: the pointer is on the creature)."""
    me = b.unit(name)
    if mouse in me.hex_set:
        return None
    origin = min(me.hexes, key=lambda h: (hex_distance(h, mouse), h.q, h.r))
    aim = min(range(areas.AIMS), key=lambda k: (_angle_off(origin, k, mouse), k))
    return C.UseAbility(name, ability=ability_id, origin=b.cell(origin), aim=aim)


def _refused_cone(b, cmd) -> AimPreview:
    """A cone the pointer asks for that the rules refuse: its area, and why not."""
    size = b.unit(cmd.unit).unit.ability(cmd.ability).area.size
    area = areas.cone(b.hexmap.hex_at(*cmd.origin), cmd.aim, size)
    return AimPreview(cmd, (), frozenset(area), (), refusal=b.check(cmd))


def snap(b, name: str, ability_id: str, mouse: Hex) -> AimPreview | None:
    """The legal aim of `ability_id` nearest the hovered hex, with its forecast (None when the
    ability has no legal aim now). A cone points where the pointer is: when the rules refuse
    that aim, the preview shows it with the engine's reason instead of turning the cone
    toward another legal aim."""
    options = legal_aims(b, name, ability_id)
    if not options:
        return None
    me = b.unit(name)
    a = me.unit.ability(ability_id)
    pointed = pointed_cone(b, name, ability_id, mouse) if a.shape == "cone" else None
    if pointed is not None:
        options = [o for o in options if (o.command.origin, o.command.aim) ==
                   (pointed.origin, pointed.aim)]
        if not options:
            return _refused_cone(b, pointed)
    best = min(options, key=lambda o: (_miss(b, o.command, mouse), str(o.command)))
    target = aimed(b, me, a, best.command)
    view = b.view()
    inside = [u for u in view.units if not u.dead and u.hex_set & target.area]
    lines = tuple(r for r in (effect_lines(view, name, target.origin, u) for u in inside)
                  if r is not None)
    return AimPreview(best.command, best.provokes, target.area,
                      forecast(view, name, a, target), lines)


__all__ = ["AimPreview", "legal_aims", "pointed_cone", "snap"]
