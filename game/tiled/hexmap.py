"""The battle map as the rules see it: size, Tiled layout, terrain per hex, unit placements.

Terrain comes from tile properties (docs/mapping.md "Terrain: tile properties"): per hex, over
every tile layer, booleans OR, numbers take the maximum, enums the most severe.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from game.hexgrid import Hex, TiledLayout
from game.tiled.scenario import NO_SCENARIO, Scenario

OBSTACLE_LEVELS = ("none", "low", "wall")
CONCEALMENT_LEVELS = ("none", "partial", "total")
INITIATIVE_MODES = ("selective", "top-down", "round-by-round")
WATER_LEVELS = ("none", "shallow", "deep")
DOOR_STATES = ("none", "open", "closed", "locked")     # what a map author may paint
DOOR_LEVELS = ("none", "broken", "open", "closed", "locked")   # and what a battle makes of it
# The map property `rules`: which rulebook the battle plays (docs/mapping.md "Rule profiles").
RULE_PROFILES = ("lfg", "steller", "light")
DEFAULT_RULES = "lfg"
DEFAULT_LIVES = 3       # the map property `lives`: lives of each creature (docs/rules/light/)
MAX_LIVES = 99


@dataclass(frozen=True)
class Terrain:
    """What one hex is made of, combined over all tile layers (docs/mapping.md "Terrain: tile
    properties"; docs/rules/21-terrain-and-falling.md).

    Besides the properties that movement, sight, concealment and high ground read
    (docs/rules/03-movement.md, 05-line-of-sight.md, 07-concealment.md, 08-flanking.md):
    `water` (shallow water is difficult terrain, deep water is swum), `climb_dc` (the Climb check
    that scales the ledge up to this hex; 0: it cannot be climbed without a climb speed), `door` (a
    closed or locked door blocks movement, sight and effect like a wall; an open or broken one
    blocks nothing) and `hardness` / `hp` / `break_dc` of an obstacle that can be broken
    (docs/rules/21-terrain-and-falling.md "Doors and breaking things"). The effects are settled
    here, once, so every rule reads `difficult`, `impassable` and `obstacle` as before.
    """

    difficult: bool = False
    impassable: bool = False
    obstacle: str = "none"
    blocks_sight: bool = False
    concealment: str = "none"
    elevation: int = 0
    exit: bool = False
    name: str = ""
    water: str = "none"
    climb_dc: int = 0
    door: str = "none"
    hardness: int = 0
    hp: int = 0
    break_dc: int = 0

    def __post_init__(self):
        if self.water == "shallow" and not self.difficult:
            object.__setattr__(self, "difficult", True)
        if self.door in ("closed", "locked"):
            object.__setattr__(self, "impassable", True)
            object.__setattr__(self, "obstacle", "wall")

    @property
    def breakable(self) -> bool:
        """An obstacle or door that can be broken (it has hit points:
        docs/rules/21-terrain-and-falling.md "Doors and breaking things")."""
        return self.hp > 0

    def combine(self, other: Terrain) -> Terrain:
        def worst(a: str, b: str, levels: tuple[str, ...]) -> str:
            return a if levels.index(a) >= levels.index(b) else b

        names = [n for n in (self.name, other.name) if n]
        return Terrain(
            difficult=self.difficult or other.difficult,
            impassable=self.impassable or other.impassable,
            obstacle=worst(self.obstacle, other.obstacle, OBSTACLE_LEVELS),
            blocks_sight=self.blocks_sight or other.blocks_sight,
            concealment=worst(self.concealment, other.concealment, CONCEALMENT_LEVELS),
            elevation=max(self.elevation, other.elevation),
            exit=self.exit or other.exit,
            name="+".join(dict.fromkeys("+".join(names).split("+"))) if names else "",
            water=worst(self.water, other.water, WATER_LEVELS),
            climb_dc=max(self.climb_dc, other.climb_dc),
            door=worst(self.door, other.door, DOOR_LEVELS),
            hardness=max(self.hardness, other.hardness),
            hp=max(self.hp, other.hp),
            break_dc=max(self.break_dc, other.break_dc),
        )


OPEN_GROUND = Terrain()


@dataclass
class UnitPlacement:
    """A unit object of the map: which stat block, which side, where, and its overrides."""

    name: str
    unit: str
    team: str
    col: int
    row: int
    facing: int = 0
    overrides: dict = field(default_factory=dict)  # size, reach, speed, hp, ac, level, ...
    conditions: tuple[str, ...] = ()
    line: int = 0
    object_id: int = 0
    # docs/rules/09-turns-and-actions.md "Awareness and surprise":
    aware: bool = True      # false: surprised, no turn in the surprise round
    hidden: bool = False    # true: unseen by its enemies until it acts
    arrives: str = ""       # the reinforcements layer it arrives with ("": there at the start)
    riding: str = ""        # the name of the mount it starts on (docs/mapping.md "Riders")
    wounds: int = 0         # hit points below its maximum at the start (a campaign's veteran)


@dataclass(frozen=True)
class RespawnPoint:
    """An object of class `respawn`: a hex where a creature of `team` that was knocked out may
    come back (docs/rules/light/: at the start of its next turn, on a free respawn point of
    its side, else the nearest free hex). Two points are equal by team and hex."""

    team: str
    col: int
    row: int
    name: str = field(default="", compare=False)
    line: int = field(default=0, compare=False)
    object_id: int = field(default=0, compare=False)


@dataclass(frozen=True)
class MapLayer:
    """One layer in the XML's draw order (the order Tiled draws them in; pytmx reorders them)."""

    name: str
    kind: str  # "tile", "object", "image" or "group"
    visible: bool = True  # False if it or a group around it is hidden
    offset: tuple[float, float] = (0.0, 0.0)  # summed over the groups around it
    groups: tuple[str, ...] = ()  # names of the groups around it, outermost first
    gids: tuple[int, ...] = ()  # tile layers: Tiled GIDs with their flag bits, row*width+col
    line: int = 0


@dataclass
class HexMap:
    path: Path
    width: int
    height: int
    layout: TiledLayout
    terrain: list[Terrain]  # index row * width + col
    units: list[UnitPlacement] = field(default_factory=list)
    title: str = ""
    description: str = ""
    teams: list[str] = field(default_factory=list)
    initiative: str = "selective"
    critical_rules: str = "standard"     # game.data.ruleset.CRITICAL_RULES
    fog: bool = False                    # fog of war: each side is shown what it knows
    rules: str = DEFAULT_RULES           # RULE_PROFILES: the rulebook the battle plays
    lives: int = DEFAULT_LIVES           # lives of each creature (the light rules' K.O.)
    respawns: tuple[RespawnPoint, ...] = ()   # in the map's object order
    properties: dict = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    layers: list[MapLayer] = field(default_factory=list)  # XML order: bottom to top
    scenario: Scenario = NO_SCENARIO     # objectives, regions, story, reinforcements

    def in_bounds(self, col: int, row: int) -> bool:
        return 0 <= col < self.width and 0 <= row < self.height

    def contains(self, h: Hex) -> bool:
        return self.in_bounds(*self.layout.hex_to_tile(h))

    def hex_at(self, col: int, row: int) -> Hex:
        return self.layout.tile_to_hex(col, row)

    def tile_of(self, h: Hex) -> tuple[int, int]:
        return self.layout.hex_to_tile(h)

    def terrain_at(self, h: Hex) -> Terrain:
        """Terrain of a hex; hexes off the map are impassable walls."""
        col, row = self.layout.hex_to_tile(h)
        if not self.in_bounds(col, row):
            return OFF_MAP
        return self.terrain[row * self.width + col]

    def all_hexes(self) -> Iterator[Hex]:
        for row in range(self.height):
            for col in range(self.width):
                yield self.layout.tile_to_hex(col, row)


OFF_MAP = Terrain(impassable=True, obstacle="wall", name="off-map")
