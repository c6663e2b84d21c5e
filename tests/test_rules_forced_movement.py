"""Forced movement (rules: Movement, "Forced movement"; seed 002 "Pull, Push, and Slide"):
where a push, a pull or a slide can take a creature, on real scenario maps."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game.ecs.scenario import HILL, RUBBLE, WALL, make_view
from game.hexgrid import Hex, footprint
from game.rules.forced_movement import forced_paths
from game.rules.sight import creature_distance
from tests.helpers import placement


unit = placement


def at(view, col, row):
    return view.hexmap.hex_at(col, row)


def test_push_each_hex_must_take_the_creature_farther_from_the_pusher():
    """002: "Push: When you push a creature, each square you [move it must move it farther
    away from you]" - every step of every push path increases the distance."""
    view = make_view(10, 9, units=[unit("Ogre", 3, 4, kind="fighter"),
                                   unit("Orc", 4, 4, kind="orc", team="red")])
    orc, pusher = view.unit("Orc"), view.unit("Ogre")
    paths = forced_paths(view, orc, pusher, "push", 2)
    assert paths and all(len(p.anchors) <= 2 for p in paths.values())
    for p in paths.values():
        dists = [creature_distance([h], pusher) for h in (orc.anchor,) + p.anchors]
        assert all(b > a for a, b in zip(dists, dists[1:]))
    assert max(creature_distance([h], pusher) for h in paths) == 3


def test_pull_each_hex_must_bring_it_nearer():
    """002: "Pull: When you pull a creature, each square you move it must bring it nearer to
    you." A pull from 3 hexes away can end beside the puller, never on it."""
    view = make_view(10, 9, units=[unit("Puller", 2, 4), unit("Orc", 5, 4, kind="orc", team="red")])
    orc, puller = view.unit("Orc"), view.unit("Puller")
    paths = forced_paths(view, orc, puller, "pull", 3)
    assert min(creature_distance([h], puller) for h in paths) == 1
    assert puller.anchor not in paths


def test_slide_goes_any_way_and_ignores_difficult_terrain():
    """002: "Slide: When you slide a creature, there's no restriction [on direction]"; a slide
    of 1 reaches all six neighbours, rubble included (forced movement pays no terrain cost)."""
    probe = make_view(10, 9)
    centre = at(probe, 5, 4)
    rubble = {probe.hexmap.tile_of(Hex(centre.q + 1, centre.r)): RUBBLE}
    view = make_view(10, 9, rubble, units=[unit("Orc", 5, 4, kind="orc", team="red")])
    paths = forced_paths(view, view.unit("Orc"), [Hex(0, 0)], "slide", 1)
    assert len(paths) == 6
    assert len(forced_paths(view, view.unit("Orc"), [Hex(0, 0)], "slide", 2)) == 18


def test_forced_movement_stops_at_walls_creatures_and_the_map_edge():
    """002 "Clear Path": forced movement cannot move a target through an obstacle or another
    creature; the map's edge stops it too."""
    walls = {(6, r): WALL for r in range(0, 9)}
    view = make_view(8, 9, walls, units=[unit("Pusher", 4, 4), unit("Orc", 5, 4, kind="orc", team="red"),
                                          unit("Wolf", 5, 3, kind="wolf", team="red")])
    orc = view.unit("Orc")
    paths = forced_paths(view, orc, view.unit("Pusher"), "push", 3)
    blocked = {at(view, 6, r) for r in range(9)} | set(view.unit("Wolf").hexes)
    assert not blocked & set(paths)
    assert all(not blocked & set(p.anchors) for p in paths.values())
    corner = make_view(3, 3, units=[unit("Pusher", 1, 1), unit("Orc", 2, 2, kind="orc", team="red")])
    pushed = forced_paths(corner, corner.unit("Orc"), corner.unit("Pusher"), "push", 3)
    assert all(corner.hexmap.contains(h) for h in pushed)


def test_forced_movement_needs_line_of_effect_to_each_place():
    """002: "You must have line of effect to any square you pull, push, or slide a creature
    into." Behind a wall from the origin, a slide may not end."""
    view = make_view(10, 9, {(5, r): WALL for r in range(0, 8)},
                     units=[unit("Caster", 2, 3), unit("Orc", 4, 7, kind="orc", team="red")])
    orc = view.unit("Orc")
    free = forced_paths(view, orc, [Hex(0, 0)], "slide", 3)
    seen = forced_paths(view, orc, [Hex(0, 0)], "slide", 3, effect_origin=at(view, 2, 3))
    # round the wall's end at row 8: the hexes behind it are out of the caster's line of effect
    assert set(free) - set(seen) == {at(view, 6, 7), at(view, 7, 8)}
    assert at(view, 6, 8) in seen


def test_a_push_off_high_ground_reports_the_drop():
    hills = {(c, r): HILL for c in range(0, 5) for r in range(9)}
    view = make_view(10, 9, hills, units=[unit("Pusher", 3, 4), unit("Orc", 4, 4, kind="orc", team="red")])
    paths = forced_paths(view, view.unit("Orc"), view.unit("Pusher"), "push", 1)
    drops = {view.hexmap.tile_of(h)[0]: p.drop for h, p in paths.items()}
    assert drops[5] == 1 and drops.get(4, 0) == 0     # off the hill (columns 0-4) or along it


def test_large_creatures_move_their_whole_space():
    view = make_view(12, 9, units=[unit("Knight", 3, 4), unit("Ogre", 5, 4, kind="ogre", team="red")])
    ogre = view.unit("Ogre")
    for anchor in forced_paths(view, ogre, view.unit("Knight"), "push", 2):
        space = footprint(ogre.size, anchor, ogre.facing)
        assert all(view.hexmap.contains(h) for h in space)
        assert not set(space) & set(view.unit("Knight").hexes)


def test_unknown_kind_is_refused():
    view = make_view(4, 4, units=[unit("Orc", 1, 1, kind="orc", team="red")])
    with pytest.raises(ValueError, match="push, pull, slide"):
        forced_paths(view, view.unit("Orc"), [Hex(0, 0)], "throw", 2)


cell = st.tuples(st.integers(0, 6), st.integers(0, 6))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sets(cell, max_size=12), cell, cell, st.lists(cell, max_size=3),
       st.sampled_from(["push", "pull", "slide"]), st.integers(1, 4))
def test_forced_movement_never_ends_inside_a_wall_or_another_creature(walls, me, by, others,
                                                                     kind, n):
    """Property: on random maps with walls and creatures, no forced path enters a wall, the
    space of another creature or a hex off the map."""
    places = [me, by] + [c for c in others if c not in (me, by)]
    if len(set(places)) != len(places):
        return
    walls -= set(places)
    units = [unit("Orc", *me, kind="orc", team="red"), unit("By", *by)]
    units += [unit(f"X{i}", *c, kind="goblin", team="red") for i, c in enumerate(places[2:])]
    view = make_view(7, 7, {c: WALL for c in walls}, units=units)
    orc = view.unit("Orc")
    taken = {h for u in view.units if u.name != "Orc" for h in u.hexes}
    wall_hexes = {view.hexmap.hex_at(*c) for c in walls}
    for p in forced_paths(view, orc, view.unit("By"), kind, n).values():
        assert len(p.anchors) <= n
        for h in p.anchors:
            assert view.hexmap.contains(h) and h not in wall_hexes and h not in taken
