"""The lines tabled by offset (game/rules/line_tables.py) give the answers the lines clipped
one by one give (docs/rules/05-line-of-sight.md, 06-cover.md): the same passages for every
line, the same cover for every ordered pair of creatures, on every shipped map and on seeded
random maps with walls, doors, low walls, fog, foliage and creatures of every size (some
standing on walls, some dead, some prone), in both map layouts."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.data import load_units
from game.ecs.scenario import FOG, FOREST, LOW_WALL, WALL, make_view
from game.ecs.view import snapshot
from game.ecs.world import build_store
from game.rules import geometry as geo
from game.rules import line_tables as lt
from game.rules import sight
from game.rules.cover import all_pairs_cover
from game.tiled.hexmap import Terrain
from game.tiled.loader import load_map

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted((ROOT / "maps").glob("*.tmx"))
CLOSED_DOOR = Terrain(door="closed", name="closed door")
OPEN_DOOR = Terrain(door="open", name="open door")
KINDS = ["fighter", "goblin", "archer", "orc", "wolf", "rogue", "troll", "ogre", "giant"]


def random_view(seed: int, axis: str):
    """A seeded 16 x 14 map: walls, closed and open doors, low walls, fog and foliage, and
    ten creatures of every size placed anywhere (on walls too: the rules must not care)."""
    rng = random.Random(seed)
    width, height = 16, 14
    kinds = (WALL, WALL, CLOSED_DOOR, OPEN_DOOR, LOW_WALL, LOW_WALL, FOG, FOREST)
    terrain = {(c, r): rng.choice(kinds) for c in range(width) for r in range(height)
               if rng.random() < 0.3}
    units = []
    for k in range(10):
        conditions = ("prone",) if rng.random() < 0.2 else ()
        units.append(dict(name=f"U{k}", unit=rng.choice(KINDS), team=rng.choice(["a", "b"]),
                          col=rng.randrange(1, width - 2), row=rng.randrange(1, height - 2),
                          facing=rng.randrange(6), conditions=conditions))
    return make_view(width, height, terrain, units, axis=axis, units_db=load_units())


def shipped_view(path: Path):
    hexmap = load_map(path)
    return snapshot(build_store(hexmap, load_units()), hexmap)


def passages(raws) -> list:
    """What each line passes. A line stopped by two walls at once, running along their seam,
    names either one as the hex it stopped in (both are as near: the clipped lines take the
    one a set lists first); every rule reads such a seam as both hexes."""
    out = []
    for r in raws:
        passed = dict(r.passed)
        if not r.complete:
            h, p = passed.popitem()
            passed["stopped at"] = frozenset((h, p.neighbor)) if p is not geo.INTERIOR else h
        out.append((r.start, r.end, r.origin, r.target_hex, passed, r.complete))
    return out


def assert_same_lines(view):
    index = sight.view_index(view)
    living = [u for u in view.units if not u.dead]
    for a in living:
        for t in living:
            if a.eid == t.eid:
                continue
            for origin in a.hexes:
                for stop in (True, False):
                    tabled = sight.raw_lines(view, a, t, origin, index, stop_at_wall=stop)
                    clipped = sight.raw_lines(view, a, t, origin, index, stop_at_wall=stop,
                                              tables=False)
                    assert passages(tabled) == passages(clipped), (a.name, t.name, origin)


def assert_same_cover(view):
    for ranged in (True, False):
        tabled = all_pairs_cover(view, ranged=ranged, use_cache=False)
        clipped = all_pairs_cover(view, ranged=ranged, tables=False, use_cache=False)
        assert tabled.keys() == clipped.keys()
        for pair, answer in clipped.items():
            assert tabled[pair] == answer, pair


@pytest.mark.parametrize("path", SHIPPED, ids=[p.name for p in SHIPPED])
def test_tabled_lines_and_cover_equal_the_clipped_ones_on_every_shipped_map(path):
    view = shipped_view(path)
    assert len(view.units) >= 2
    assert_same_lines(view)
    assert_same_cover(view)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("axis", ["y", "x"])
def test_tabled_lines_and_cover_equal_the_clipped_ones_on_random_maps(seed, axis):
    view = random_view(seed, axis)
    assert_same_lines(view)
    assert_same_cover(view)


def test_random_maps_have_every_kind_of_cover_and_size():
    levels, sizes = set(), set()
    for seed in range(6):
        view = random_view(seed, "y")
        sizes |= {u.size for u in view.units}
        levels |= {r.level for r in all_pairs_cover(view, ranged=True).values()}
    assert {"none", "partial", "good", "superior", "total"} <= levels
    assert {"small", "medium", "large", "huge"} <= sizes


def test_a_line_moved_by_a_hex_passes_the_same_hexes_moved_by_it():
    from game.hexgrid import Hex
    h, offset = Hex(3, -2), lt.offset_key(5, 7)
    assert lt.hex_key(Hex(h.q + 5, h.r + 7)) == lt.hex_key(h) + offset
    steps = list(lt.fan(4, -1).walk())
    assert steps[0][0] == lt.offset_key(0, 0)            # the origin hex, nearest
    assert all(len(passes) == 7 for _, passes in steps)
    assert any(passes[0] != lt.NOT_PASSED for key, passes in steps
               if key == lt.offset_key(4, -1))
    assert list(lt.fan(4, -1).walk()) == steps           # read again: the same, remembered


def test_the_corridor_is_found_nearest_first_as_a_whole_sort_gives_it():
    import random
    from game.hexgrid import Hex
    rng = random.Random(5)
    offsets = [(q, r) for q in range(-4, 5) for r in range(-4, 5)]
    offsets += [(rng.randint(-70, 70), rng.randint(-70, 70)) for _ in range(60)]
    for dq, dr in offsets:
        found = [qr for stretch in lt.corridor_in_order(dq, dr) for qr in stretch]
        assert found == sorted(geo.corridor_offsets(Hex(0, 0), Hex(dq, dr)),
                               key=lt.distance_key)
