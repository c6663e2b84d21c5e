"""The one movement search with water, ledges and flight in its cost table (docs/rules/
21-terrain-and-falling.md): on random maps of cliffs, hills, deep water, walls with and without
a height and pits, the costs `reachable` finds for a walker, a swimmer, a climber and a flyer
equal a plain Dijkstra of the page's rules written over Hex sets, and the one-hex accelerator
equals the plain search over the step-cost function."""
from __future__ import annotations

import heapq
from dataclasses import replace
from itertools import product

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.data import load_units
from game.ecs.scenario import RUBBLE, WALL, make_view
from game.hexgrid import DIRECTIONS, Hex
from game.rules.locomotion import ASCENT_HEXES
from game.rules import movement
from game.rules.movement import reachable
from game.tiled.hexmap import Terrain, UnitPlacement

DB = load_units()
DB["gecko"] = replace(DB["goblin"], key="gecko", name="Gecko", climb_ft=30)   # a climber
# a harpy that turns freely: terrain costs alone (turning limits: test_flight_maneuverability)
DB["free_harpy"] = replace(DB["harpy"], key="free_harpy", flight_limits=False)
CLIFF = Terrain(elevation=2, climb_dc=15, name="cliff")
SHEER = Terrain(elevation=3, name="sheer rock")
HILL = Terrain(elevation=1, name="hill")
DEEP = Terrain(water="deep", name="deep water")
PALISADE = Terrain(impassable=True, obstacle="wall", elevation=2, name="palisade")
PIT = Terrain(impassable=True, name="pit")
TILES = [None] * 5 + [WALL, RUBBLE, CLIFF, CLIFF, SHEER, HILL, DEEP, DEEP, PALISADE, PIT]
MOVERS = ["fighter", "lizardfolk", "gecko", "free_harpy"]
W, H = 9, 7


@st.composite
def terrain_battles(draw):
    terrain = {c: t for c in product(range(W), range(H))
               if (t := draw(st.sampled_from(TILES))) is not None}
    key = draw(st.sampled_from(MOVERS))
    col, row = draw(st.integers(0, W - 1)), draw(st.integers(0, H - 1))
    terrain[(col, row)] = draw(st.sampled_from([CLIFF, HILL, RUBBLE, Terrain(name="grass")]))
    mover = UnitPlacement("U", key, "blue", col, row)
    return make_view(W, H, terrain, [mover], units_db=DB)


def ref_step(view, u, frm: Hex, to: Hex) -> int | None:
    """The page's rules for one step of a one-hex creature alone on the map."""
    m, unit = view.hexmap, u.unit
    if not m.contains(to):
        return None
    t, f = m.terrain_at(to), m.terrain_at(frm)
    if unit.fly_ft:            # rising over a ledge: the ascend rate (average: 2 per 5 ft)
        if t.impassable and t.obstacle == "wall" and not t.elevation:
            return None
        rise = t.elevation - f.elevation
        return 1 + (rise * ASCENT_HEXES[unit.fly_maneuver] if rise >= 2 else 0)
    if t.impassable:
        return None
    swim = (1 if unit.swim_ft >= unit.speed_ft else 2) if unit.swim_ft else 2
    cost = swim if t.water == "deep" else 2 if t.difficult or t.obstacle == "low" else 1
    rise = t.elevation - f.elevation
    rate = 1 if unit.climb_ft >= unit.speed_ft else 2
    if rise >= 2:
        if not unit.climb_ft and not t.climb_dc:
            return None
        cost += rise * rate
    elif rise <= -2 and unit.climb_ft:
        cost += -rise * rate
    return cost


def ref_costs(view, u, budget: int) -> dict:
    m, unit = view.hexmap, u.unit
    dist, heap = {u.anchor: 0}, [(0, 0, u.anchor)]
    n = 0
    while heap:
        c, _, h = heapq.heappop(heap)
        if c > dist[h]:
            continue
        for d in DIRECTIONS:
            to = Hex(h.q + d.q, h.r + d.r)
            w = ref_step(view, u, h, to)
            if w is not None and c + w <= budget and c + w < dist.get(to, 1 << 30):
                dist[to] = c + w
                n += 1
                heapq.heappush(heap, (c + w, n, to))

    def stands(h):
        t = m.terrain_at(h)
        return h == u.anchor or (not t.impassable and (
            t.water != "deep" or unit.swim_ft or unit.fly_ft))
    return {h: c for h, c in dist.items() if stands(h)}


PROPS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPS
@given(terrain_battles(), st.integers(0, 14))
def test_property_terrain_costs_match_a_plain_dijkstra_of_the_terrain_rules(v, budget):
    u = v.units[0]
    assert reachable(v, u, budget).cost == ref_costs(v, u, budget)


@PROPS
@given(terrain_battles(), st.one_of(st.none(), st.integers(0, 14)), st.booleans())
def test_property_the_one_hex_accelerator_equals_the_plain_search_over_ledges(v, budget, safe):
    u = v.units[0]
    fld = movement._field(v, u, budget)
    start = fld.start()
    fast = movement._search(fld, start, budget, safe=safe)
    plain = movement._search(fld, start, budget, safe=safe, plain=True)
    assert fast == plain
