"""The hexes a creature sees under fog of war (docs/rules/22-hiding-and-fog.md "What a side
knows"), checked only at the hexes that block sight (game/rules/seen_hexes.py), are the hexes
the general line tracer of docs/rules/05-line-of-sight.md finds, hex by hex
(tests/sight_reference.py): for watchers of one hex, of three (large) and of seven (huge)
standing anywhere, on every shipped map and on seeded random maps with walls, closed doors,
sight-blocking fog, foliage and darkness, in both map layouts.

The plain run compares a sample of places on each map, `-m slow` a larger one, and
HEXSKIRMISH_SIGHT_EVERY_PLACE=1 every place (it passed on every shipped map and eight random
maps when the new computation was written)."""
from __future__ import annotations

import dataclasses
import os
import random
from pathlib import Path

import pytest

from game.data import load_units
from game.ecs.scenario import FOG, FOREST, LOW_WALL, WALL, make_view
from game.ecs.view import snapshot
from game.ecs.world import build_store
from game.hexgrid import Hex, footprint
from game.rules import knowledge, seen_hexes
from game.tiled.hexmap import Terrain
from game.tiled.loader import load_map
from tests.sight_reference import traced_hexes_seen

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted((ROOT / "maps").glob("*.tmx"))
CLOSED_DOOR = Terrain(door="closed", name="closed door")
DARKNESS = Terrain(concealment="total", name="magical darkness")
SAMPLED = 12, 4                    # places of one hex and of several per map, plain run
LONG = 200, 30                     # the same, in the run marked slow (CI)
# Every place of every map takes most of an hour of CPU: HEXSKIRMISH_SIGHT_EVERY_PLACE=1 runs it.
EVERY_PLACE = os.environ.get("HEXSKIRMISH_SIGHT_EVERY_PLACE") == "1"


def shipped_view(path: Path):
    hexmap = load_map(path)
    return snapshot(build_store(hexmap, load_units()), hexmap)


def random_view(seed: int, axis: str):
    """A seeded 16 x 14 map, about a third of it walls, closed doors, fog that blocks sight,
    foliage, darkness and low walls, with one creature on it (the watchers are placed)."""
    rng = random.Random(seed)
    width, height = 16, 14
    kinds = (WALL, WALL, CLOSED_DOOR, FOG, FOG, FOREST, DARKNESS, LOW_WALL)
    terrain = {(c, r): rng.choice(kinds) for c in range(width) for r in range(height)
               if rng.random() < 0.35}
    units = [dict(name="Watcher", unit="fighter", team="a", col=0, row=0)]
    return make_view(width, height, terrain, units, axis=axis, units_db=load_units())


def watcher_places(view) -> list[tuple]:
    """Every place a watcher may stand on the map: each hex alone, and the footprints of a
    large creature (every facing) and of a huge one anchored on each hex, kept when all of
    their hexes are on the map. Creatures stand on walls here too: the rules must not care."""
    hexmap = view.hexmap
    on_map = set(hexmap.all_hexes())
    places = []
    for h in sorted(on_map):
        places.append((h,))
        for size, facings in (("large", range(6)), ("huge", (0,))):
            for facing in facings:
                hexes = tuple(footprint(size, h, facing))
                if on_map.issuperset(hexes):
                    places.append(hexes)
    return places


def sampled(places: list, counts: tuple, seed: int) -> list:
    """`counts` places of one hex and of several, drawn with `seed`."""
    rng = random.Random(seed)
    out = []
    for count, group in zip(counts, ([p for p in places if len(p) == 1],
                                     [p for p in places if len(p) > 1])):
        out += group if len(group) <= count else rng.sample(group, count)
    return out


def assert_same_hexes_seen(view, places):
    someone = view.units[0]
    for hexes in places:
        watcher = dataclasses.replace(someone, hexes=hexes, anchor=hexes[0])
        assert seen_hexes.hexes_seen(view, watcher) == traced_hexes_seen(view, watcher), \
            [view.hexmap.tile_of(h) for h in hexes]


@pytest.mark.parametrize("path", SHIPPED, ids=[p.name for p in SHIPPED])
def test_the_hexes_seen_are_the_traced_ones_from_a_sample_of_places_on_every_shipped_map(path):
    view = shipped_view(path)
    places = sampled(watcher_places(view), SAMPLED, seed=len(path.name))
    places += [u.hexes for u in view.units if u.hexes]
    assert_same_hexes_seen(view, places)


@pytest.mark.slow
@pytest.mark.parametrize("path", SHIPPED, ids=[p.name for p in SHIPPED])
def test_the_hexes_seen_are_the_traced_ones_from_many_places_on_every_shipped_map(path):
    view = shipped_view(path)
    places = watcher_places(view)
    assert_same_hexes_seen(view, places if EVERY_PLACE else sampled(places, LONG, seed=7))


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("axis", ["y", "x"])
def test_the_hexes_seen_are_the_traced_ones_on_random_maps_with_walls_and_fog(seed, axis):
    view = random_view(seed, axis)
    assert_same_hexes_seen(view, sampled(watcher_places(view), (8, 2), seed))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3, 5))
@pytest.mark.parametrize("axis", ["y", "x"])
def test_the_hexes_seen_are_the_traced_ones_from_many_places_on_random_maps(seed, axis):
    view = random_view(seed, axis)
    places = watcher_places(view)
    assert_same_hexes_seen(view, places if EVERY_PLACE else sampled(places, LONG, seed))


def test_the_random_maps_hide_hexes_behind_walls_fog_and_darkness():
    """The comparison means something: on the random maps some hexes are seen and some are
    not, among them hexes beyond a sight-blocking hex and hexes in darkness."""
    view = random_view(0, "y")
    watcher = dataclasses.replace(view.units[0], hexes=(Hex(6, 6),), anchor=Hex(6, 6))
    seen = seen_hexes.hexes_seen(view, watcher)
    hexmap = view.hexmap
    unseen = set(hexmap.all_hexes()) - seen
    assert len(seen) > 20 and len(unseen) > 20
    assert any(hexmap.terrain_at(h).concealment == "total" for h in unseen)
    assert any(hexmap.terrain_at(h).blocks_sight and not hexmap.terrain_at(h).impassable
               for h in seen)


def test_two_wall_hexes_side_by_side_hide_what_is_behind_their_seam():
    """docs/rules/05-line-of-sight.md: "a line that follows the border where two wall hexes
    meet is blocked, but one that only grazes the outside corner or edge of a wall is not"."""
    view = make_view(9, 7, {(4, 3): WALL, (4, 2): WALL}, [
        dict(name="Watcher", unit="fighter", team="a", col=1, row=3)], units_db=load_units())
    watcher = view.unit("Watcher")
    alone = make_view(9, 7, {(4, 3): WALL}, [
        dict(name="Watcher", unit="fighter", team="a", col=1, row=3)], units_db=load_units())
    both = seen_hexes.hexes_seen(view, watcher)
    one = seen_hexes.hexes_seen(alone, alone.unit("Watcher"))
    assert both == traced_hexes_seen(view, watcher)
    assert one == traced_hexes_seen(alone, alone.unit("Watcher"))
    assert both < one                                # the second wall hides more


def test_a_side_sees_what_its_creatures_see_and_the_answer_is_remembered_per_place():
    view = shipped_view(ROOT / "maps" / "battle.tmx")
    side = view.units[0].team
    eyes = knowledge.watchers(view, side)
    expected = frozenset().union(*(traced_hexes_seen(view, w) for w in eyes))
    assert knowledge.hexes_in_sight(view, side) == expected
    first = eyes[0]
    assert knowledge.hexes_seen_by(view, first) is knowledge.hexes_seen_by(view, first)
