"""What the map's objectives ask of one creature of the computer's side (docs/rules/12-winning.md
"Objectives"): the regions its side should stand in, the enemies whose fall wins the battle,
and whether it is the creature its side must keep standing. `game.ai.evaluate.Context` reads
an `Aims` for each decision and adds them to its scores:

- a region to hold, or to reach while the creature has not yet been counted there: a bonus
  for ending in it, and a pull toward it from afar (`region_pull`); a region the enemies must
  hold pulls half as much (standing in it denies it to them);
- a leader its side must defeat, or an enemy its foes must protect: attacks on it count
  `PRIORITY` times more (and so does moving toward it);
- the creature its side must protect weighs the danger where it ends `CAUTION` times more,
  and its allies get a bonus for standing near it (`guard_bonus`);
- a side that wins by lasting (its own `survive` objective, or the round limit names it the
  winner) weighs every creature's danger `CAUTION` times more and the pull toward the enemy
  `ADVANCE` times: time fights for it, so it lets the enemy come and strikes what arrives.
  Not while an enemy side must hold or reach a region: waiting would hand it the region.

Nothing here decides whether an objective is met: that is the engine's (`Battle.objectives`);
this only reads what the map asks and what the battle has counted.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.hexgrid import hex_distance
from game.rules import objectives as rules

PRIORITY = 3.0      # attacks on an enemy whose fall wins count this many times more
CAUTION = 3.0       # the protected creature's danger counts this many times more
PULL_RANGE = 30     # hexes over which a region pulls a creature toward it
CONTEST = 0.5       # the pull of a region the enemies must hold, against one's own
ADVANCE = 0.1       # the pull toward the enemy of a side that wins by lasting


@dataclass(frozen=True)
class Aims:
    regions: tuple = ()             # (frozenset of Hex to stand in, its weight) pairs
    priority: frozenset = frozenset()   # enemies whose fall wins
    guarded: frozenset = frozenset()    # allies (and maybe itself) to keep standing
    caution: float = 1.0
    advance: float = 1.0            # how much the pull toward the enemy counts

    def __bool__(self) -> bool:
        return bool(self.regions or self.priority or self.guarded)


NO_AIMS = Aims()


def aims_of(battle, me) -> Aims:
    """The aims of creature `me` (a UnitView) in `battle` from the map's objectives."""
    scenario = battle.hexmap.scenario
    if not scenario.objectives and not scenario.round_limit:
        return NO_AIMS
    regions, priority, guarded = [], set(), set()
    for o in scenario.objectives:
        mine = o.team == me.team
        wanted = 1.0 if mine else CONTEST
        if o.kind == "hold" or mine and o.kind == "reach" and me.name not in \
                battle.reached.get(rules.key(scenario, o), ()):
            cells = scenario.regions[o.target].cells
            regions.append((frozenset(battle.hexmap.hex_at(c, r) for c, r in cells), wanted))
        elif mine and o.kind == "defeat_leader" or not mine and o.kind == "protect":
            priority.add(o.target)
        elif mine and o.kind == "protect":
            guarded.add(o.target)
    lasting = wins_by_lasting(scenario, me.team)
    return Aims(tuple(regions), frozenset(priority), frozenset(guarded),
                CAUTION if me.name in guarded or lasting else 1.0,
                ADVANCE if lasting else 1.0)


def wins_by_lasting(scenario, team: str) -> bool:
    """`team` has a `survive` objective, or the map's round limit names it the winner, and
    no enemy side must hold or reach a region."""
    if any(o.team != team and o.kind in ("hold", "reach") for o in scenario.objectives):
        return False
    return (any(o.team == team and o.kind == "survive" for o in scenario.objectives)
            or bool(scenario.round_limit) and scenario.round_limit_winner == team)


def region_pull(aims: Aims, hexes) -> float:
    """A region's weight for a footprint in it, less the farther the region is (0 from
    PULL_RANGE hexes on); the best over the regions, 0 without any."""
    best = 0.0
    for region, weight in aims.regions:
        if any(h in region for h in hexes):
            best = max(best, weight)
            continue
        d = min(hex_distance(h, r) for h in hexes for r in region)
        best = max(best, weight * 0.5 * max(0.0, 1.0 - d / PULL_RANGE))
    return best


def guard_bonus(aims: Aims, me, view) -> float:
    """1 when `me` stands within 2 hexes of an ally it must protect, else 0."""
    for name in aims.guarded:
        if name != me.name and view.has_unit(name):
            ally = view.unit(name)
            if min(hex_distance(a, b) for a in me.hexes for b in ally.hexes) <= 2:
                return 1.0
    return 0.0


__all__ = ["ADVANCE", "Aims", "CAUTION", "CONTEST", "NO_AIMS", "PRIORITY", "aims_of", "guard_bonus",
           "region_pull", "wins_by_lasting"]
