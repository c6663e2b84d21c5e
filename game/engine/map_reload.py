"""Reloading the map of a running battle after it was saved in Tiled (docs/mapping.md
"Hot reload").

- a broken save: the validation lines, and the battle goes on with the last good map;
- terrain changes apply at once; the creatures stay where they are, but a creature that would
  stand on a hex that became impassable refuses the whole change (and says who and where);
- a change of the map's size, layout or units cannot apply to a running battle: the result
  offers to restart the battle on the new map.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.obstacles import current_map
from game.tiled.hexmap import HexMap

MAX_LINES = 5


@dataclass
class Reload:
    kind: str  # "unchanged", "applied", "refused", "broken" or "restart"
    lines: list[str] = field(default_factory=list)
    hexmap: HexMap | None = None  # the new map (restart: start the new battle on it)

    @property
    def message(self) -> str:
        return "; ".join(self.lines[:MAX_LINES])


def _placements(hexmap: HexMap) -> list:
    return [(u.name, u.unit, u.team, u.col, u.row, u.facing, sorted(u.overrides.items()),
             u.conditions) for u in hexmap.units]


def _same_grid(a: HexMap, b: HexMap) -> bool:
    return (a.width, a.height, a.layout) == (b.width, b.height, b.layout)


def reload_map(battle, units_db=None) -> Reload:
    """Read the battle's map file again and apply what can be applied (see the module)."""
    from game.tiled.loader import read_map  # pytmx, which may import pygame: only when used
    old: HexMap = battle.base_map
    new, problems = read_map(old.path, units_db)
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        return Reload("broken", [f"the saved map has problems, the battle goes on with the "
                                 f"last good one{more}"] + [str(p) for p in problems])
    if not _same_grid(old, new) or _placements(old) != _placements(new):
        return Reload("restart", ["the map's units or size changed: restart this battle on "
                                  "the new map to use them"], new)
    if new.terrain == old.terrain and new.layers == old.layers:
        return Reload("unchanged")
    changed = current_map(new, battle.terrain)
    standing = [(u.name, h) for u in battle.view().units if not u.dead for h in u.hexes
                if changed.contains(h) and changed.terrain_at(h).impassable]
    if standing:
        lines = [f"{name} would stand in a new wall at {','.join(map(str, new.tile_of(h)))}"
                 for name, h in standing]
        return Reload("refused", ["map change refused, the battle keeps the last map: "
                                  + lines[0]] + lines[1:])
    new.units = old.units  # the battle's own starting placements
    battle.change_map(new)
    return Reload("applied", ["the map was reloaded: terrain changes apply now"], new)
