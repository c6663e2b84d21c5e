"""How a creature gets over the ground besides walking: swimming, climbing, jumping down a ledge
and flying (docs/rules/21-terrain-and-falling.md).

A creature's `Locomotion` (from its stat block's `swim_ft`, `climb_ft`, `fly_ft` and its
conditions) is what the movement cost table is built for (game.rules.movement): the table
prices each hex and each ledge for it. This module also says which steps of a path need a
roll (`step_hazard`): the engine rolls them as the creature walks.

The game's decisions where the rulebook leaves them to the game master (our copy lacks the
Swim, Climb and Jump skill chapters):
- A difference of 2+ elevation steps (10 ft) between neighbouring hexes is a ledge: it cannot
  be walked. Up, it is climbed: 2 hexes of movement per 5 ft (1 with a climb speed at least
  the walking speed), and a Climb check against the higher hex's `climb_dc` (no climb_dc: only
  a creature with a climb speed can). Down, it is jumped: the creature falls the height (see
  game.rules.falling) and its Jump check may shorten the fall; a creature with a climb speed
  climbs down instead, at its climbing cost.
- Deep water is swum. A creature with a swim speed swims it like open ground (a hex costs 2
  when its swim speed is below its walking speed); any other creature pays 2 hexes a hex,
  makes a Swim check (DC 10) when it first enters deep water in a movement (failing, it stays
  on the bank and its movement ends there) and may not end its movement in deep water.
- A flying creature (a fly speed, not prone nor helpless) moves at its fly speed and ignores
  the ground: difficult terrain, water, low obstacles and ledges cost it 1 hex. It passes
  over walls that have a height (`elevation` above 0) and over pits, but lands only where a
  walker could stand (or hovers over water). A wall without a height is taken to reach the
  ceiling or the sky, and a closed door blocks a flyer too.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.hexgrid import Hex, footprint
from game.rules.threat import conditions_of, is_helpless

LEDGE = 2            # elevation steps (10 ft) from which a height difference is a ledge
# Ascend rate by maneuverability, in hexes of movement per 5 ft of height gained (docs/rules/
# 21-terrain-and-falling.md "Flying": the rulebook's example, Poor 15 ft; the rest the game's)
ASCENT_HEXES = {"clumsy": 4, "poor": 3, "average": 2, "good": 1, "perfect": 1}
DIVE_DROP = LEDGE    # a Run that ends 10 ft lower than it began is a dive
SWIM_DC = 10         # calm water
GROUNDED = ("prone", "unconscious", "helpless", "grappled", "pinned")


@dataclass(frozen=True)
class Locomotion:
    """What the cost table is built for: `flies`; `swim` (hexes of movement a deep-water hex
    costs, 1 or 2) and `swims` (it has a swim speed: no check, may stay in water); `climb`
    (hexes of movement per 5 ft climbed) and `climbs` (a climb speed: any ledge, no check)."""
    flies: bool = False
    swims: bool = False
    swim: int = 2
    climbs: bool = False
    climb: int = 2
    ascent: int = 0      # a flyer: hexes of movement per 5 ft it rises over a ledge


WALKER = Locomotion()


def flies(u) -> bool:
    """A creature with a fly speed flies unless it is prone, helpless or held."""
    return getattr(u.unit, "fly_ft", 0) > 0 and not is_helpless(u) and \
        not any(c in conditions_of(u) for c in GROUNDED)


def _rate(mode_ft: int, walk_ft: int) -> int:
    return 1 if mode_ft >= walk_ft else 2


def locomotion(u) -> Locomotion:
    """The creature's way of moving now (the default rules: a swim or climb speed needs no
    check)."""
    if flies(u):
        return Locomotion(flies=True, swims=True, swim=1, climbs=True, climb=1,
                          ascent=ASCENT_HEXES[getattr(u.unit, "fly_maneuver", "average")])
    swim_ft, climb_ft = getattr(u.unit, "swim_ft", 0), getattr(u.unit, "climb_ft", 0)
    walk_ft = u.unit.speed_ft
    return Locomotion(swims=swim_ft > 0, swim=_rate(swim_ft, walk_ft),
                      climbs=climb_ft > 0, climb=_rate(climb_ft, walk_ft))


def base_speed_ft(u) -> int:
    """The speed a Move gives before conditions: the fly speed of a flying creature, else its
    walking speed (a faster swim or climb speed is not used: one Move covers the walking
    speed in hexes, and swimming or climbing costs as above)."""
    unit = u.unit
    return max(unit.speed_ft, unit.fly_ft) if flies(u) else u.speed_ft


def can_stand(t, loco: Locomotion) -> bool:
    """May a creature of `loco` end its movement on terrain `t`?"""
    if t.impassable:
        return False
    return t.water != "deep" or loco.swims


def over_wall(t) -> bool:
    """Can a flyer pass above this impassable hex (a wall with a height, or a pit)?"""
    return t.door in ("none", "broken") and (t.obstacle != "wall" or t.elevation > 0)


def is_dive(hexmap, u, start: Hex, end: Hex) -> bool:
    """A Run of flying creature `u` from `start` to `end` (its anchor) that came down 10 ft or
    more: the melee attack that ends it is a Dive Attack (docs/rules/21-terrain-and-falling.md
    "Flying")."""
    drop = hexmap.terrain_at(start).elevation - hexmap.terrain_at(end).elevation
    return flies(u) and drop >= DIVE_DROP


@dataclass(frozen=True)
class Hazard:
    """A step that needs a roll: "swim" (entering deep water), "climb" (up a ledge) or
    "jump" (down a ledge, a fall of `steps`); `dc` of the check (jump: the fall's)."""
    kind: str
    skill: str
    dc: int
    steps: int = 0


def height_change(hexmap, size: str, frm: tuple, to: tuple) -> tuple[int, int]:
    """(rise, drop) of a step in elevation steps: the most any hex of the footprint climbs and
    the most any falls (each hex moves from the hex it was in; a turn in place: (0, 0))."""
    (a, fa), (b, fb) = frm, to
    if a == b:
        return 0, 0
    delta = Hex(b.q - a.q, b.r - a.r)
    rise = drop = 0
    for h in footprint(size, b, fb):
        old = Hex(h.q - delta.q, h.r - delta.r)
        d = hexmap.terrain_at(h).elevation - hexmap.terrain_at(old).elevation
        rise, drop = max(rise, d), max(drop, -d)
    return rise, drop


def step_hazard(view, u, frm: tuple, to: tuple) -> Hazard | None:
    """The roll the step from state `frm` to `to` ((anchor, facing) each) needs, or None."""
    loco = locomotion(u)
    if loco.flies:
        return None
    hexmap = view.hexmap
    rise, drop = height_change(hexmap, u.size, frm, to)
    if rise >= LEDGE and not loco.climbs:
        dc = max(hexmap.terrain_at(h).climb_dc for h in footprint(u.size, *to))
        return Hazard("climb", "climb", dc, rise)
    if drop >= LEDGE and not loco.climbs:
        return Hazard("jump", "jump", 0, drop)
    new = set(footprint(u.size, *to)) - set(footprint(u.size, *frm))
    if not loco.swims and any(hexmap.terrain_at(h).water == "deep" for h in new) and \
            not any(hexmap.terrain_at(h).water == "deep" for h in footprint(u.size, *frm)):
        return Hazard("swim", "swim", SWIM_DC)
    return None


__all__ = ["ASCENT_HEXES", "DIVE_DROP", "is_dive", "GROUNDED", "Hazard", "LEDGE", "Locomotion", "SWIM_DC", "WALKER", "base_speed_ft",
           "can_stand", "flies", "height_change", "locomotion", "over_wall", "step_hazard"]
