"""Areas of effect on hexes (rules: Areas of effect; seeds 001 "Area of Effect", 002 "Area
attack", "Close attack"): the shapes against hand-checked figures, and who an area reaches.

Maps are pointy-top odd-r (`make_view`); shapes are built in axial hexes and placed on maps with
`cells` (Tiled col,row)."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game.ecs.scenario import LOW_WALL, WALL, make_view
from game.hexgrid import DIRECTIONS, Hex, hex_distance
from game.rules import areas
from game.rules import geometry as geo
from game.rules import sight
from tests.helpers import placement

O = Hex(0, 0)


def by_distance(origin, hexes, n):
    return [sum(1 for h in hexes if hex_distance(origin, h) == d) for d in range(1, n + 1)]


unit = placement


def cells(view, *hexes):
    return [view.hexmap.tile_of(h) for h in hexes]


# --- shapes ----------------------------------------------------------------------------------

def test_burst_is_every_hex_within_n_of_the_origin():
    """Burst N: "the area is every hex at distance <= N from it" - 1 + 3N(N+1) hexes."""
    for n in range(4):
        area = areas.burst(Hex(3, -2), n)
        assert len(area) == 1 + 3 * n * (n + 1)
        assert all(hex_distance(Hex(3, -2), h) <= n for h in area)


def test_close_burst_spreads_from_the_users_space_and_leaves_it_out():
    """Close burst N: every hex at distance <= N from any hex of the user's space, the user's
    space excluded unless the ability says otherwise (002 "Close attack")."""
    space = [O, Hex(1, 0), Hex(0, 1)]              # a large creature's three hexes
    area = areas.close_burst(space, 1)
    assert not area & set(space)
    assert len(area) == 9                          # the ring around a 3-hex triangle
    assert areas.close_burst(space, 1, include_user=True) == area | set(space)
    assert areas.close_burst([O], 2) == areas.burst(O, 2) - {O}


@pytest.mark.parametrize("aim", range(12))
def test_cone_all_twelve_aims_match_the_hand_checked_counts(aim):
    """Cone 4, checked by hand: "aimed at a neighbour, 1, 3, 3, 5 hexes at distances 1-4 (12 in
    all); aimed at a corner, 2, 3, 4, 5 (14)"; hexes on the 30-degree boundary count."""
    area = areas.cone(O, aim, 4)
    expected = [1, 3, 3, 5] if aim % 2 == 0 else [2, 3, 4, 5]
    assert by_distance(O, area, 4) == expected
    assert O not in area


def test_cone_aimed_at_a_neighbour_holds_it_and_its_straight_line():
    for aim in range(0, 12, 2):
        d = DIRECTIONS[aim // 2]
        area = areas.cone(O, aim, 4)
        assert {Hex(k * d.q, k * d.r) for k in range(1, 5)} <= area


def test_cone_aimed_at_a_corner_holds_the_two_neighbours_beside_the_corner():
    for aim in range(1, 12, 2):
        a, b = DIRECTIONS[(aim - 1) // 2], DIRECTIONS[((aim + 1) // 2) % 6]
        assert areas.cone(O, aim, 1) == {a, b}


def test_cones_are_translation_and_rotation_invariant():
    base = areas.cone(O, 0, 5)
    moved = areas.cone(Hex(4, -7), 0, 5)
    assert moved == {Hex(h.q + 4, h.r - 7) for h in base}
    sizes = {len(areas.cone(O, aim, 5)) for aim in range(0, 12, 2)}
    assert len(sizes) == 1


def test_line_stops_before_a_wall():
    """Line N: "the first N hexes (origin excluded) ...; it stops before a wall hex"."""
    walls = {Hex(3, 0)}
    got = areas.line(O, Hex(5, 0), 5, lambda h: h in walls)
    assert got == (Hex(1, 0), Hex(2, 0))


def test_line_past_a_corner_follows_the_hex_line_and_a_corner_wall_stops_it():
    """A line aimed along the seam between two hexes (toward Hex(1,1)) takes the hex line of
    the rules, which the nudge rounds to one side of each seam: Hex(1,0) first, never Hex(0,1).
    A wall at that corner hex stops the line at once, one on the other side does not."""
    clear = areas.line(O, Hex(1, 1), 4, lambda h: False)
    assert clear == (Hex(1, 0), Hex(1, 1), Hex(2, 1), Hex(2, 2))
    assert areas.line(O, Hex(1, 1), 4, lambda h: h == Hex(1, 0)) == ()
    assert areas.line(O, Hex(1, 1), 4, lambda h: h == Hex(0, 1)) == clear


def test_line_aimed_at_a_near_hex_goes_on_past_it():
    got = areas.line(O, Hex(1, 0), 4, lambda h: False)
    assert got == tuple(Hex(k, 0) for k in range(1, 5))


def test_wall_chain_must_be_contiguous_distinct_and_allowed():
    chain = [O, Hex(1, 0), Hex(1, 1)]
    assert areas.wall_chain_ok(chain, 3, lambda h: True)
    assert not areas.wall_chain_ok([O, Hex(2, 0), Hex(3, 0)], 3, lambda h: True)   # a gap
    assert not areas.wall_chain_ok([O, Hex(1, 0), O], 3, lambda h: True)          # repeats
    assert not areas.wall_chain_ok(chain, 4, lambda h: True)                        # too short
    assert not areas.wall_chain_ok(chain, 3, lambda h: h != Hex(1, 1))              # not allowed


# --- who an area reaches ---------------------------------------------------------------------

def wall_view(units=()):
    """A 10x9 map whose wall runs down column 5 from row 2 to row 6."""
    return make_view(10, 9, {(5, r): WALL for r in range(2, 7)}, units=units)


def test_burst_touching_a_wall_does_not_reach_behind_it():
    """002: "To hit a target with the attack, there must be line of effect from the origin
    square to the target." A burst 2 centred beside a wall reaches no hex straight behind it."""
    view = wall_view()
    origin = view.hexmap.hex_at(4, 4)
    area = areas.burst(origin, 2)
    reached = areas.reached(view, origin, area)
    wall_hex = view.hexmap.hex_at(5, 4)
    behind = view.hexmap.hex_at(6, 4)
    assert behind in area and behind not in reached
    assert wall_hex in area
    assert view.hexmap.hex_at(3, 4) in reached and origin in reached


def test_creatures_partly_inside_are_caught_allies_too_unless_enemies_only():
    """A creature is in an area when any hex of its space is; areas affect allies too unless
    the ability says enemies only."""
    probe = make_view(10, 9)
    origin, friend, far = Hex(3, 4), Hex(3, 3), Hex(6, 7)
    (fc, fr), (xc, xr) = cells(probe, friend, far)
    view = make_view(10, 9, units=[unit("Caster", 0, 0), unit("Friend", fc, fr),
                                   unit("Ogre", 6, 4, kind="ogre", team="red"),
                                   unit("Far", xc, xr, kind="orc", team="red")])
    ogre = view.unit("Ogre")
    area = areas.burst(origin, 1)
    assert len(set(ogre.hexes) & area) >= 1 and not set(ogre.hexes) <= area
    caught = {u.name for u in areas.creatures_caught(view, origin, area)}
    assert caught == {"Friend", "Ogre"}
    spared = {u.name for u in areas.creatures_caught(view, origin, area, enemies_of="blue")}
    assert spared == {"Ogre"}


def test_a_low_wall_does_not_stop_an_area():
    view = make_view(10, 9, {(5, r): LOW_WALL for r in range(2, 7)})
    origin = view.hexmap.hex_at(4, 4)
    assert view.hexmap.hex_at(6, 4) in areas.reached(view, origin, areas.burst(origin, 2))


def _clear_by_every_hex(view, origin, h) -> bool:
    """The peer: every line from the origin's centre to h's sample points, tested against every
    wall hex of the map (no corridor pruning)."""
    spot = areas.Spot((origin,))
    target = areas.Spot((h,), name="hex")
    index = sight.view_index(view)
    walls = sight.Excluding(index.terrain.walls, frozenset({origin, h}))
    raws = sight.raw_lines(view, spot, target, origin, index, prune=False, stop_at_wall=False)
    return any(not raw.hits(walls) for raw in raws)


wall_cells = st.sets(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=14)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(wall_cells, st.tuples(st.integers(0, 7), st.integers(0, 7)), st.integers(0, 11),
       st.integers(1, 4))
def test_an_area_never_reaches_a_hex_without_line_of_effect_from_its_origin(walls, at, aim, n):
    """Property: every hex `reached` keeps has a line of effect from the origin (checked by a
    search over every wall of the map), and every hex it drops has none."""
    walls.discard(at)
    view = make_view(8, 8, {c: WALL for c in walls})
    origin = view.hexmap.hex_at(*at)
    for shape in (areas.burst(origin, n), areas.cone(origin, aim, n)):
        reached = areas.reached(view, origin, shape)
        for h in shape:
            if h != origin:
                assert (h in reached) == _clear_by_every_hex(view, origin, h)


def test_cone_angles_are_exact_on_the_boundary():
    """The hexes two steps out beside the aimed neighbour lie exactly 30 degrees off it: in."""
    v = areas.aim_vector(0)
    side = geo.hex_center(Hex(1, 1))     # neighbour 0 plus neighbour 5: 30 degrees off aim 0
    assert areas._within_30_degrees(side, v)
    assert Hex(1, 1) in areas.cone(O, 0, 2)
