"""The areas of the steller rules beyond bursts and blasts (docs/rules/steller/powers.md
"Walls, lines and autofire"), each the hexes a command names, checked:

- a wall N within M: the command's `wall`, N different hexes, each next to the one before,
  every one within M hexes of the user and in its line of effect;
- a line N: from the user's hex toward the command's hex `at`, the first N hexes of the hex
  line (it stops before a wall hex of the map);
- autofire within M: the hex `at` within M hexes and in line of effect, and its two
  neighbours in directions `aim` and `aim` + 1 (0-5): three hexes that each touch the other
  two, as every square of the rulebook's two-by-two block touches the others.
"""
from __future__ import annotations

from game.engine.state import Refused
from game.engine.steller import guards as G
from game.hexgrid import hex_neighbor
from game.rules import areas
from game.rules.threat import footprint_distance

AUTOFIRE_AIMS = 6


def _sees(b, u, h) -> bool:
    return h in u.hexes or areas.effect_from(b.view(), u.anchor, areas.Spot((h,), name="hex"))


def wall_hexes(b, u, power, cmd):
    """(the wall's hexes, its first hex)."""
    chain = cmd.wall if isinstance(cmd.wall, (tuple, list)) else ()
    if not chain:
        raise Refused("bad_wall", f"{power.name} needs its {power.size} hexes in order (wall)")
    hexes = [G.cell(b, c, f"hex {n + 1} of the wall") for n, c in enumerate(chain)]
    if not areas.wall_chain_ok(hexes, power.size, lambda h: footprint_distance(
            u, (h,)) <= power.range and _sees(b, u, h)):
        raise Refused("bad_wall", f"a wall is {power.size} different hexes, each next to the "
                      f"one before, all within {power.range} hexes and in {u.name}'s line of "
                      "effect")
    return frozenset(hexes), hexes[0]


def line_hexes(b, u, power, cmd):
    """(the line's hexes, the user's hex it starts from)."""
    toward = G.cell(b, cmd.at, "the hex the line is aimed at (at)")
    if toward in u.hexes:
        raise Refused("bad_aim", f"a line is aimed at a hex other than {u.name}'s own")
    line = areas.line(u.anchor, toward, power.size,
                      lambda h: b.hexmap.terrain_at(h).obstacle == "wall")
    return frozenset(line) - frozenset(u.hexes), u.anchor


def autofire_hexes(b, u, power, cmd):
    """(the three hexes sprayed, the hex aimed at)."""
    origin = G.cell(b, cmd.at, "the hex aimed at (at)")
    aim = cmd.aim
    if not isinstance(aim, int) or isinstance(aim, bool) or not 0 <= aim < AUTOFIRE_AIMS:
        raise Refused("bad_aim", f"autofire names the hex it sprays (at) and a direction "
                      f"0-{AUTOFIRE_AIMS - 1} (aim) for the two hexes beside it")
    if footprint_distance(u, (origin,)) > power.range:
        raise Refused("out_of_range", f"that hex is beyond {power.name}'s range "
                      f"({power.range} hexes)")
    if not _sees(b, u, origin):
        raise Refused("no_line_of_effect", f"{u.name} has no line of effect to that hex")
    return autofire_area(origin, aim), origin


def autofire_area(origin, aim: int) -> frozenset:
    return frozenset((origin, hex_neighbor(origin, aim), hex_neighbor(origin, aim + 1)))


SHAPES = {"wall": wall_hexes, "line": line_hexes, "autofire": autofire_hexes}

__all__ = ["AUTOFIRE_AIMS", "SHAPES", "autofire_area", "autofire_hexes", "line_hexes",
           "wall_hexes"]
