"""What a map says about how its battle is won and what happens during it (docs/mapping.md
"Objectives and events"): regions, objectives, story text and reinforcements, as plain data.

Reading them from the map's objects is `game.tiled.scenario_reader`; deciding a battle from
them is the engine's (game/engine/objectives.py, docs/rules/12-winning.md).
"""
from __future__ import annotations

from dataclasses import dataclass, field

OBJECTIVE_CLASS, REGION_CLASS, STORY_CLASS = "objective", "region", "story"
REINFORCEMENTS_CLASS = "reinforcements"     # an object layer's class (Tiled 1.9+)
SCENARIO_CLASSES = (OBJECTIVE_CLASS, REGION_CLASS, STORY_CLASS)

# What a side must do. `protect` is a condition, not a way to win: its side loses when the
# creature falls.
OBJECTIVE_KINDS = ("defeat_all", "defeat_leader", "hold", "reach", "protect", "survive")
CREATURE_KINDS = ("defeat_leader", "protect")     # their target names a creature
REGION_KINDS = ("hold", "reach")                  # their target names a region
ROUND_KINDS = ("hold", "survive")                 # they need `rounds`
JOINS = ("any", "all")           # a side wins on any of its objectives, or needs all of them
STORY_WHEN = ("start", "enter", "falls")          # battle start, a region entered, one falls


@dataclass(frozen=True)
class Region:
    """A named area of hexes (an object of class `region`: a rectangle, ellipse or polygon);
    `cells` are the Tiled col,row whose centre lies inside the shape."""

    name: str
    cells: frozenset
    line: int = 0


@dataclass(frozen=True)
class Objective:
    """One objective of a side (an object of class `objective`)."""

    team: str
    kind: str
    target: str = ""        # a creature (defeat_leader, protect) or a region (hold, reach)
    rounds: int = 0         # hold: rounds in a row; survive: the rounds to last
    count: int = 1          # reach: how many creatures of the side must get there
    join: str = "any"
    text: str = ""          # the words the map gives it ("" : the game's own)
    line: int = 0

    def describe(self) -> str:
        """What the objective asks, in a line for players."""
        if self.text:
            return self.text
        return {
            "defeat_all": "Defeat every enemy",
            "defeat_leader": f"Defeat {self.target}",
            "hold": f"Hold {self.target} for {self.rounds} round{_s(self.rounds)}",
            "reach": f"Get {self.count} creature{_s(self.count)} to {self.target}",
            "protect": f"Keep {self.target} standing",
            "survive": f"Survive {self.rounds} round{_s(self.rounds)}",
        }[self.kind]


@dataclass(frozen=True)
class Story:
    """Text shown at the start, when a creature enters a region or when a creature falls."""

    text: str
    when: str = "start"
    target: str = ""
    line: int = 0


@dataclass(frozen=True)
class Reinforcements:
    """An object layer of units that are not on the battlefield at the start: they arrive at
    the start of round `round`, or once any creature stands in the region `region`."""

    layer: str
    units: tuple = ()           # UnitPlacement
    round: int = 0
    region: str = ""
    line: int = 0


@dataclass(frozen=True)
class Scenario:
    """Everything the map adds to "last side standing"; empty for most maps."""

    regions: dict = field(default_factory=dict)         # name -> Region
    objectives: tuple = ()
    stories: tuple = ()
    reinforcements: tuple = ()
    round_limit: int = 0        # 0: none
    round_limit_winner: str = ""    # who wins when it runs out ("": a draw)

    def __bool__(self) -> bool:
        return bool(self.objectives or self.stories or self.reinforcements or self.round_limit)

    def of_team(self, team: str) -> tuple:
        return tuple(o for o in self.objectives if o.team == team)


def _s(n: int) -> str:
    return "" if n == 1 else "s"


NO_SCENARIO = Scenario()
