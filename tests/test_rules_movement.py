"""Movement (docs/rules/03-movement.md "Movement"; the rulebook "Movement in Combat", "Special Combat Movement",
"Creature Size: Size, Space, Reach") on real battle stores built by make_view (pointy-top,
odd-r maps; hexes named by Tiled col,row).

The property tests at the end check the search against a slow reference written straight from
docs/rules/03-movement.md (plain Hex sets, networkx-free Dijkstra) on random small maps."""
import heapq
from dataclasses import replace
from itertools import product

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.data import load_units
from game.ecs.scenario import LOW_WALL, RUBBLE, WALL, make_view
from game.hexgrid import (DIRECTIONS, Hex, OffsetLayout, direction_between, footprint,
                          hex_distance, hex_to_offset, offset_to_hex)
from game.rules import movement
from game.rules.aoo import forecast, provokers
from game.rules.movement import (big_actions_for, charge_paths, cheapest_path,
                                 effective_speed_ft, five_foot_step_targets, reachable,
                                 retreat_targets, run_targets, safe_path, speed_hexes)
from game.rules.threat import conditions_of, footprint_distance, is_helpless, threatened_hexes

DB = load_units()
DB["pixie"] = replace(DB["goblin"], key="pixie", name="Pixie", size="tiny")   # reach 0


def unit(name, key, team, col, row, **extra):
    return dict(name=name, unit=key, team=team, col=col, row=row, **extra)


def battle(*units, width=16, height=12, terrain=None):
    return make_view(width, height, terrain or {}, list(units), units_db=DB)


def at(view, col, row) -> Hex:
    return view.hexmap.hex_at(col, row)


def tiles(view, hexes):
    return [view.hexmap.tile_of(h) for h in hexes]


def corridor(width=16, row=4):
    """A one-hex-wide east-west corridor along `row` (full walls on the rows beside it)."""
    return {(c, r): WALL for c in range(width) for r in (row - 1, row + 1)}


# ---- docs/rules/03-movement.md: costs ------------------------------------------------------------------------

def test_move_fighter_speed_30_reaches_6_hexes_on_open_ground():
    """The rulebook: "Most characters have Move Speed 30, which means they can move up to 30 feet
    (6 hexes) with a single Big Action." """
    v = battle(unit("Wulfric", "fighter", "blue", 10, 9), width=21, height=19)
    f = v.unit("Wulfric")
    r = reachable(v, f)
    assert speed_hexes(f) == 6 and r.budget == 6
    assert len(r) == 1 + 3 * 6 * 7                     # every hex within 6
    assert all(c == hex_distance(f.anchor, h) for h, c in r.cost.items())
    assert r[f.anchor] == 0 and r.facing[f.anchor] == f.facing


def test_move_difficult_terrain_doubles_cost_fighter_reaches_3_hexes_through_rubble():
    """The rulebook: "Entering a hex of Difficult Terrain costs 2 hexes (10 feet) of movement." """
    rubble = {(c, r): RUBBLE for c in range(21) for r in range(19)}
    v = battle(unit("Wulfric", "fighter", "blue", 10, 9), width=21, height=19, terrain=rubble)
    f = v.unit("Wulfric")
    r = reachable(v, f)
    assert len(r) == 1 + 3 * 3 * 4                     # every hex within 3
    assert all(c == 2 * hex_distance(f.anchor, h) for h, c in r.cost.items())


def test_move_cost_of_a_path_mixing_open_and_difficult_hexes():
    v = battle(unit("Wulfric", "fighter", "blue", 1, 4), terrain={**corridor(), (3, 4): RUBBLE})
    r = reachable(v, v.unit("Wulfric"))
    assert [r.get(at(v, c, 4)) for c in range(1, 8)] == [0, 1, 3, 4, 5, 6, None]


def test_move_walls_and_the_map_edge_are_never_entered():
    walls = {(c, r): WALL for c in range(4) for r in range(4) if (c, r) != (0, 0)}
    v = battle(unit("Wulfric", "fighter", "blue", 0, 0), terrain=walls)
    assert set(reachable(v, v.unit("Wulfric"))) == {at(v, 0, 0)}


def test_move_large_creature_cannot_pass_a_one_hex_gap_between_two_walls_but_medium_can():
    """docs/rules/02-size-and-reach.md-3: the 3-hex footprint must fit through every step; the gap is one hex."""
    walls = {(6, r): WALL for r in range(11) if r != 5}
    v = battle(unit("Wulfric", "fighter", "blue", 2, 5), unit("Ogre", "ogre", "red", 2, 8),
               width=14, height=11, terrain=walls)
    assert cheapest_path(v, v.unit("Wulfric"), at(v, 10, 5)).cost == 8
    ogre = v.unit("Ogre")
    assert cheapest_path(v, ogre, at(v, 10, 5)) is None
    r = reachable(v, ogre, 60)
    assert all(v.hexmap.tile_of(h)[0] < 6 for s in r.states for h in footprint("large", *s))


def test_move_allies_are_passable_at_no_extra_cost_but_not_an_end():
    """The rulebook: "You may move through a hex occupied by a friendly creature at no extra cost";
    "You cannot end your movement in a space occupied by either a friend or foe." """
    v = battle(unit("Wulfric", "fighter", "blue", 1, 4), unit("Ayla", "archer", "blue", 4, 4),
               terrain=corridor())
    f = v.unit("Wulfric")
    r = reachable(v, f)
    assert at(v, 4, 4) not in r
    assert r[at(v, 5, 4)] == 4 and r[at(v, 7, 4)] == 6
    p = cheapest_path(v, f, at(v, 6, 4))
    assert at(v, 4, 4) in p.hexes and p.cost == 5
    assert cheapest_path(v, f, at(v, 4, 4)) is None


def test_move_enemies_block():
    v = battle(unit("Wulfric", "fighter", "blue", 1, 4), unit("Orc", "orc", "red", 4, 4),
               terrain=corridor())
    f = v.unit("Wulfric")
    r = reachable(v, f, 12)
    assert at(v, 3, 4) in r and at(v, 4, 4) not in r and at(v, 5, 4) not in r
    assert cheapest_path(v, f, at(v, 8, 4)) is None


def test_move_giant_passes_over_a_goblin_three_sizes_smaller_but_not_over_an_orc():
    """docs/rules/03-movement.md: enemies block unless mover and enemy differ by 3+ size categories (huge vs
    small: 3; huge vs medium: 2). It may not end on the goblin, and entering its space
    provokes it (docs/rules/04-attacks-of-opportunity.md (b))."""
    walls = {(c, r): WALL for c in range(16) for r in (2, 6)}
    goblin = battle(unit("Giant", "giant", "red", 2, 4), unit("Gob", "goblin", "blue", 8, 4),
                    terrain=walls)
    orc = battle(unit("Giant", "giant", "red", 2, 4), unit("Orc", "orc", "blue", 8, 4),
                 terrain=walls)
    p = cheapest_path(goblin, goblin.unit("Giant"), at(goblin, 13, 4))
    assert p is not None and p.cost == 11
    assert [x.name for x in provokers(p.provocations)] == ["Gob"]
    assert cheapest_path(orc, orc.unit("Giant"), at(orc, 13, 4)) is None
    gob_hex = goblin.unit("Gob").anchor
    r = reachable(goblin, goblin.unit("Giant"), 20)
    assert all(gob_hex not in footprint("huge", *s) for s in r.states if s != r.start)


def test_move_goblin_slips_through_a_giants_space_three_sizes_larger():
    walls = {(c, r): WALL for c in range(16) for r in (2, 6)}
    v = battle(unit("Gob", "goblin", "blue", 3, 4), unit("Wulfric", "fighter", "blue", 3, 3),
               unit("Giant", "giant", "red", 8, 4), terrain=walls)
    assert cheapest_path(v, v.unit("Gob"), at(v, 13, 4)) is not None
    assert cheapest_path(v, v.unit("Wulfric"), at(v, 13, 4)) is None


def test_move_helpless_enemy_is_passable_but_not_an_end():
    v = battle(unit("Wulfric", "fighter", "blue", 1, 4),
               unit("Orc", "orc", "red", 4, 4, conditions=("helpless",)), terrain=corridor())
    r = reachable(v, v.unit("Wulfric"))
    assert at(v, 4, 4) not in r and r[at(v, 5, 4)] == 4


def test_move_unconscious_or_dead_creatures_make_their_hexes_difficult():
    """The rulebook: "Bodies of dead & unconscious Medium Size+ creatures cause Difficult Terrain". The
    unconscious orc still occupies its hex; the dead one no longer does."""
    v = battle(unit("Wulfric", "fighter", "blue", 1, 4),
               unit("Orc", "orc", "red", 4, 4, conditions=("unconscious",)), terrain=corridor())
    r = reachable(v, v.unit("Wulfric"))
    assert at(v, 4, 4) not in r and r[at(v, 5, 4)] == 5
    dead = v.replace(replace(v.unit("Orc"), dead=True, hp=-20))
    r = reachable(dead, dead.unit("Wulfric"))
    assert r[at(v, 4, 4)] == 4 and r[at(v, 5, 4)] == 5


def test_move_a_dead_small_creature_is_no_difficult_terrain():
    v = battle(unit("Wulfric", "fighter", "blue", 1, 4), unit("Gob", "goblin", "red", 4, 4),
               terrain=corridor())
    v = v.replace(replace(v.unit("Gob"), dead=True, hp=-20))
    assert reachable(v, v.unit("Wulfric"))[at(v, 5, 4)] == 4


def test_move_prone_ally_costs_as_difficult_terrain():
    v = battle(unit("Wulfric", "fighter", "blue", 1, 4),
               unit("Ayla", "archer", "blue", 4, 4, conditions=("prone",)), terrain=corridor())
    r = reachable(v, v.unit("Wulfric"))
    assert at(v, 4, 4) not in r and r[at(v, 5, 4)] == 5


def test_move_big_creature_ignores_difficult_terrain_when_less_than_half_of_it_stands_on_it():
    """The rulebook: "A creature that takes up 3 or more hexes may ignore Difficult Terrain if less
    than half of the creature occupies the Difficult Terrain." The ogre (facing 0) stands on
    two hexes of row 5 and one of row 4; it steps east once."""
    def step_cost(rubble_rows, key="ogre", col=3, row=5):
        terrain = {(c, r): RUBBLE for c in range(16) for r in rubble_rows}
        v = battle(unit("Big", key, "red", col, row), terrain=terrain)
        u = v.unit("Big")
        east = Hex(u.anchor.q + 1, u.anchor.r)
        return reachable(v, u, 4).states[(east, u.facing)]

    assert step_cost([4]) == 1        # 1 of 3 hexes on rubble after the step: ignored
    assert step_cost([5]) == 2        # 2 of 3: difficult
    assert step_cost([4], key="giant", row=4) == 1        # 3 of 7
    assert step_cost([4, 5], key="giant", row=4) == 2     # 5 of 7
    assert step_cost([5], key="fighter") == 2             # one hex: no such rule


def test_move_large_creature_turns_60_degrees_for_1_hex_of_movement():
    """docs/rules/02-size-and-reach.md: a large creature may turn as part of movement, each turn costs 1."""
    v = battle(unit("Ogre", "ogre", "red", 6, 5))
    ogre = v.unit("Ogre")
    states = reachable(v, ogre, 3).states
    a = ogre.anchor
    assert states[(a, 0)] == 0
    assert states[(a, 1)] == 1 and states[(a, 5)] == 1
    assert states[(a, 2)] == 2 and states[(a, 4)] == 2
    p = cheapest_path(v, ogre, a, facing=2)
    assert p.cost == 2 and p.hexes == () and [f for _, f in p.states] == [1, 2]


def test_move_a_turn_needs_its_new_hexes_to_be_enterable():
    v = battle(unit("Ogre", "ogre", "red", 6, 5))
    ogre = v.unit("Ogre")
    a = ogre.anchor
    new_hex = (set(footprint("large", a, 1)) - set(ogre.hexes)).pop()
    v = battle(unit("Ogre", "ogre", "red", 6, 5), terrain={v.hexmap.tile_of(new_hex): WALL})
    assert (a, 1) not in reachable(v, v.unit("Ogre"), 1).states


def test_move_tiny_creature_may_share_occupied_hexes():
    v = battle(unit("Pixie", "goblin", "blue", 1, 4, overrides={"size": "tiny"}),
               unit("Orc", "orc", "red", 3, 4), unit("Wulfric", "fighter", "blue", 4, 4),
               terrain=corridor())
    r = reachable(v, v.unit("Pixie"))
    assert r[at(v, 3, 4)] == 2 and r[at(v, 4, 4)] == 3 and r[at(v, 6, 4)] == 5
    f = battle(unit("Wulfric", "fighter", "blue", 1, 4),
               unit("Pixie", "goblin", "red", 3, 4, overrides={"size": "tiny"}),
               terrain=corridor())
    assert reachable(f, f.unit("Wulfric"))[at(f, 3, 4)] == 2


# ---- speed and actions (docs/rules/03-movement.md Move, docs/rules/11-hit-points-and-conditions.md Injured) --------------------------------

def test_move_big_actions_needed_for_a_cost():
    f = battle(unit("Wulfric", "fighter", "blue", 1, 1)).unit("Wulfric")
    assert [big_actions_for(f, c) for c in (0, 6, 7, 12, 13)] == [1, 1, 2, 2, None]


def test_move_spends_left_over_movement_first_then_a_big_action_per_speed_begun():
    spend = movement.move_spend
    assert spend(4, 0, 6) == movement.MoveSpend(big=1, left=2)
    assert spend(4, 2, 6) == movement.MoveSpend(big=1, left=4)
    assert spend(2, 3, 6) == movement.MoveSpend(big=0, left=1)
    assert spend(12, 0, 6) == movement.MoveSpend(big=2, left=0)
    assert spend(13, 0, 6).big == 3 and movement.move_big_actions(13, 0, 6) == 3
    assert spend(1, 0, 0) is None and spend(0, 0, 0) == movement.MoveSpend(0, 0)


@given(st.integers(0, 40), st.integers(0, 12), st.integers(0, 12), st.integers(0, 2))
def test_property_move_spend_is_the_fewest_big_actions_and_keeps_the_rest(cost, speed, left, big):
    spend = movement.move_spend(cost, left, speed)
    affordable = spend is not None and spend.big <= big
    assert affordable == (cost <= movement.movement_budget(left, big, speed))
    if spend is not None:
        assert spend.big >= 0 and spend.left >= 0
        assert left + spend.big * speed - cost == spend.left
        assert spend.big == 0 or left + (spend.big - 1) * speed < cost
        assert movement.move_big_actions(cost, left, speed) == spend.big


def test_run_and_retreat_distances_follow_speed_and_prone():
    v = battle(unit("Wulfric", "fighter", "blue", 1, 1),
               unit("Mayat", "fighter", "blue", 3, 3, conditions=("prone",)))
    assert movement.run_hexes(v.unit("Wulfric")) == 12
    assert movement.retreat_hexes(v.unit("Wulfric")) == 6
    assert movement.retreat_hexes(v.unit("Mayat")) == 3


def test_move_injured_creature_loses_5_ft_of_speed_but_not_below_5_ft():
    v = battle(unit("Wulfric", "fighter", "blue", 10, 6))
    f = v.unit("Wulfric")
    hurt = replace(f, hp=f.max_hp // 4)
    assert effective_speed_ft(f) == 30 and effective_speed_ft(hurt) == 25
    v2 = v.replace(hurt)
    assert max(reachable(v2, v2.unit("Wulfric")).cost.values()) == 5
    slow = replace(hurt, unit=replace(f.unit, speed_ft=5))
    assert effective_speed_ft(slow) == 5
    assert effective_speed_ft(replace(f, hp=f.max_hp // 4 + 1)) == 30


def test_move_path_lists_the_anchor_hexes_first_step_to_destination():
    """docs/architecture.md "path --json": `path` lists the hexes the anchor enters, start excluded."""
    v = battle(unit("Wulfric", "fighter", "blue", 2, 5))
    p = cheapest_path(v, v.unit("Wulfric"), at(v, 6, 5))
    assert tiles(v, p.hexes) == [(3, 5), (4, 5), (5, 5), (6, 5)]
    assert p.cost == 4 and p.end == at(v, 6, 5) and p.provocations == ()
    assert big_actions_for(v.unit("Wulfric"), p.cost) == 1


def test_move_cheapest_path_ties_go_to_the_fewest_creatures_provoked():
    """docs/architecture.md "path --json" (ties: fewer provocations) with docs/rules/04-attacks-of-opportunity.md (once per creature):
    around a wall, the north way leaves several hexes threatened by the ogre (1 creature), the
    equally long south way one hex of each of two goblins (2 creatures)."""
    terrain = {(c, 4): WALL for c in range(3, 12)}
    units = [unit("Wulfric", "fighter", "blue", 1, 4), unit("Ogre", "ogre", "red", 7, 2),
             unit("Gob 1", "goblin", "red", 5, 6), unit("Gob 2", "goblin", "red", 9, 6)]
    v = battle(*units, width=15, height=9, terrain=terrain)
    p = cheapest_path(v, v.unit("Wulfric"), at(v, 13, 4))
    assert [x.name for x in provokers(p.provocations)] == ["Ogre"]
    ogre_area = threatened_hexes(v, v.unit("Ogre"))
    assert sum(h in ogre_area for h in p.hexes[:-1]) >= 3
    north_walled = {**terrain, **{(c, r): WALL for c in range(3, 12) for r in range(4)}}
    v2 = battle(units[0], *units[2:], width=15, height=9, terrain=north_walled)
    south = cheapest_path(v2, v2.unit("Wulfric"), at(v2, 13, 4))
    assert south.cost == p.cost
    assert [x.name for x in provokers(south.provocations)] == ["Gob 1", "Gob 2"]


def test_move_safe_path_provokes_no_one_or_is_none():
    v = battle(unit("Wulfric", "fighter", "blue", 2, 5), unit("Orc", "orc", "red", 6, 5))
    f = v.unit("Wulfric")
    cheap, safe = cheapest_path(v, f, at(v, 9, 5)), safe_path(v, f, at(v, 9, 5))
    assert cheap.cost == 8 and len(cheap.provocations) == 1     # brushes past the orc
    assert safe.cost == 9 and safe.provocations == ()            # keeps 2 hexes away
    orc = v.unit("Orc")
    assert all(footprint_distance([h], orc.hexes) >= 2 for h in safe.hexes[:-1])
    v = battle(unit("Wulfric", "fighter", "blue", 5, 5), unit("Orc", "orc", "red", 6, 5))
    assert safe_path(v, v.unit("Wulfric"), at(v, 2, 5)) is None      # leaving provokes
    assert safe_path(v, v.unit("Wulfric"), at(v, 5, 5)).cost == 0      # staying does not


def test_move_step_costs_of_a_chosen_path_for_the_engine():
    """step_cost / path_step_costs / can_end_at check a path someone chose (docs/rules/03-movement.md)."""
    v = battle(unit("Wulfric", "fighter", "blue", 1, 4), unit("Ayla", "archer", "blue", 3, 4),
               unit("Orc", "orc", "red", 6, 4), terrain={**corridor(), (4, 4): RUBBLE})
    f = v.unit("Wulfric")
    hexes = [at(v, c, 4) for c in (2, 3, 4, 5)]
    assert movement.path_step_costs(v, f, hexes) == [1, 1, 2, 1]
    assert movement.path_step_costs(v, f, hexes + [at(v, 6, 4)]) is None     # the orc blocks
    assert movement.step_cost(v, f, (f.anchor, 0), (at(v, 3, 4), 0)) is None  # not adjacent
    assert not movement.can_end_at(v, f, at(v, 3, 4)) and movement.can_end_at(v, f, f.anchor)
    vo = battle(unit("Ogre", "ogre", "red", 6, 5))
    ogre = vo.unit("Ogre")
    assert movement.step_cost(vo, ogre, (ogre.anchor, 0), (ogre.anchor, 1)) == 1   # a turn
    assert movement.step_cost(vo, ogre, (ogre.anchor, 0), (ogre.anchor, 2)) is None


# ---- special movement (docs/rules/03-movement.md) ------------------------------------------------------------

def test_five_foot_step_one_hex_never_into_difficult_terrain_never_after_moving():
    v = battle(unit("Wulfric", "fighter", "blue", 5, 5), unit("Ayla", "archer", "blue", 6, 5),
               terrain={(4, 5): RUBBLE})
    f = v.unit("Wulfric")
    steps = five_foot_step_targets(v, f)
    neighbours = {Hex(f.anchor.q + d.q, f.anchor.r + d.r) for d in DIRECTIONS}
    assert set(steps) == neighbours - {at(v, 4, 5), at(v, 6, 5)}
    assert all(p.cost == 1 and p.kind == "step" and len(p) == 1 for p in steps.values())
    assert five_foot_step_targets(v, f, moved=True) == {}


def test_five_foot_step_not_when_speed_is_5_ft_or_less():
    """The rulebook: "You cannot take a 5-Foot Step action if your Move Speed is reduced to 5' or less." """
    v = battle(unit("Slug", "fighter", "blue", 5, 5, overrides={"speed_ft": 5}))
    assert five_foot_step_targets(v, v.unit("Slug")) == {}


def test_run_straight_lines_up_to_twice_speed():
    """docs/rules/03-movement.md Run: up to 2 x speed in a straight line (one of the six hex directions)."""
    v = battle(unit("Wulfric", "fighter", "blue", 13, 13), width=27, height=27)
    f = v.unit("Wulfric")
    runs = run_targets(v, f)
    assert len(runs) == 6 * 12
    for h, p in runs.items():
        assert direction_between(f.anchor, h) is not None
        assert p.cost == hex_distance(f.anchor, h) == len(p) <= 12 and p.kind == "run"
        assert len({direction_between(f.anchor, s) for s, _ in p.states}) == 1


def test_run_not_through_enemies_or_more_than_one_ally():
    """docs/rules/03-movement.md Run; the rulebook: "You may Run through a single ally's occupied space without
    hindrance, but additional allies prevent your running movement." """
    v = battle(unit("Wulfric", "fighter", "blue", 10, 8), unit("Orc", "orc", "red", 13, 8),
               unit("Ayla", "archer", "blue", 8, 8), unit("Rogue", "rogue", "blue", 6, 8),
               width=22, height=17)
    runs = run_targets(v, v.unit("Wulfric"))
    row8 = sorted(c for c, r in tiles(v, runs) if r == 8)
    assert row8 == [7, 9, 11, 12]           # past one ally, not onto it, not past the second


def test_run_stops_before_difficult_terrain():
    v = battle(unit("Wulfric", "fighter", "blue", 2, 5), width=20, terrain={(5, 5): RUBBLE})
    east = [h for h in run_targets(v, v.unit("Wulfric")) if v.hexmap.tile_of(h)[1] == 5
            and v.hexmap.tile_of(h)[0] > 2]
    assert sorted(tiles(v, east)) == [(3, 5), (4, 5)]


def test_charge_needs_a_run_of_at_least_2_hexes_ending_with_the_target_in_reach():
    v = battle(unit("Wulfric", "fighter", "blue", 2, 5), unit("Orc", "orc", "red", 8, 5))
    f, orc = v.unit("Wulfric"), v.unit("Orc")
    charges = charge_paths(v, f, "Orc")
    assert charges and all(len(p) >= 2 and p.kind == "charge" for p in charges)
    assert all(footprint_distance([p.end], orc.hexes) <= 1 for p in charges)
    assert tiles(v, [charges[0].end]) == [(7, 5)]
    near = battle(unit("Wulfric", "fighter", "blue", 5, 5), unit("Orc", "orc", "red", 7, 5))
    assert charge_paths(near, near.unit("Wulfric"), near.unit("Orc")) == []


def test_charge_with_reach_2_stops_two_hexes_away():
    v = battle(unit("Ogre", "ogre", "red", 1, 5), unit("Wulfric", "fighter", "blue", 10, 5),
               width=16)
    charges = charge_paths(v, v.unit("Ogre"), "Wulfric")
    gap = [footprint_distance(footprint("large", p.end, p.facing), v.unit("Wulfric").hexes)
           for p in charges]
    assert charges and max(gap) == 2 and gap[0] == 2         # the shortest charge stops short


def test_retreat_never_brings_it_closer_to_a_threatening_enemy_and_does_not_provoke_it():
    """docs/rules/03-movement.md Retreat: up to speed; no step may bring it closer to an enemy that threatens
    its current hex; leaving that enemy's threatened hexes away from it does not provoke it
    (a first step that keeps the distance is not "away": it provokes)."""
    v = battle(unit("Wulfric", "fighter", "blue", 4, 5), unit("Ogre", "ogre", "red", 1, 5))
    f, ogre = v.unit("Wulfric"), v.unit("Ogre")
    assert footprint_distance(f.hexes, ogre.hexes) == 2
    rt = retreat_targets(v, f)
    assert rt.kind == "retreat" and max(rt.cost.values()) == 6
    assert at(v, 10, 5) in rt and at(v, 3, 5) not in rt
    assert all(footprint_distance([h], ogre.hexes) >= 2 for h in rt)
    for h in rt:
        p = rt.path(h)
        dists = [footprint_distance([s], ogre.hexes) for s in (f.anchor,) + p.hexes]
        assert dists == sorted(dists), (h, dists)
        if all(y > x for x, y in zip(dists, dists[1:])):
            assert p.provocations == ()
        else:
            assert {x.name for q in p.provocations for x in q.by} <= {"Ogre"}
    assert forecast(v, f, rt.path(at(v, 8, 5)))       # the same path as a Move provokes


def test_retreat_toward_a_new_enemy_provokes_it():
    v = battle(unit("Wulfric", "fighter", "blue", 5, 5), unit("Orc", "orc", "red", 4, 5),
               unit("Ogre", "ogre", "red", 10, 5))
    rt = retreat_targets(v, v.unit("Wulfric"))
    p = rt.path(at(v, 9, 5))                 # next to the ogre: it must close in on it
    assert p is not None and [x.name for x in provokers(p.provocations)] == ["Ogre"]


def test_retreat_cannot_pass_through_enemy_spaces():
    """The rulebook Retreat: "You cannot move through occupied enemy spaces." (even a helpless one)"""
    v = battle(unit("Wulfric", "fighter", "blue", 1, 4),
               unit("Orc", "orc", "red", 3, 4, conditions=("helpless",)), terrain=corridor())
    assert at(v, 4, 4) in reachable(v, v.unit("Wulfric"))
    assert at(v, 4, 4) not in retreat_targets(v, v.unit("Wulfric"))


# ---- properties on random small maps --------------------------------------------------------

KINDS = ["fighter", "goblin", "orc", "wolf", "ogre", "troll", "giant", "pixie"]
CONDITIONS = [(), (), (), ("prone",), ("unconscious",), ("helpless",)]
W, H = 8, 7


def _placed(draw, k: int, key: str, cell, size, layout, terrain: dict, taken: set):
    """Creature number `k` of kind `key` anchored at `cell` with a drawn facing, team and
    (but for the mover, k == 0) condition; its footprint must lie on the map and on no other
    creature, and clears the walls under it."""
    (col, row), (width, height) = cell, size
    facing = draw(st.integers(0, 5))
    cells = [hex_to_offset(h, layout) for h in
             footprint(DB[key].size, offset_to_hex(col, row, layout), facing)]
    assume(all(0 <= c < width and 0 <= r < height for c, r in cells))
    assume(not taken & set(cells))
    taken |= set(cells)
    for c in cells:
        if terrain.get(c) is WALL:
            del terrain[c]
    return unit(f"U{k}", key, draw(st.sampled_from(["blue", "red"])), col, row, facing=facing,
                conditions=() if k == 0 else draw(st.sampled_from(CONDITIONS)))


@st.composite
def battles(draw):
    """A random W x H map (walls, rubble) with 1-4 creatures of any size that fit on it; the
    first is the mover, the others may be prone, unconscious or helpless."""
    layout = OffsetLayout("y", "odd")
    terrain = {}
    for cell in product(range(W), range(H)):
        t = draw(st.sampled_from([None] * 6 + [WALL, RUBBLE, RUBBLE]))
        if t is not None:
            terrain[cell] = t
    units, taken = [], set()
    for k in range(draw(st.integers(1, 4))):
        key, col, row = draw(st.sampled_from(KINDS)), draw(st.integers(0, W - 1)), \
            draw(st.integers(0, H - 1))
        units.append(_placed(draw, k, key, (col, row), (W, H), layout, terrain, taken))
    return make_view(W, H, terrain, units, units_db=DB)


def ref_rules(view, mover):
    """docs/rules/03-movement.md written plainly over Hex sets, independent of the index box."""
    rank = ["tiny", "small", "medium", "large", "huge", "gargantuan"].index
    others = [o for o in view.units if o.eid != mover.eid]

    def blocked(h):
        t = view.hexmap.terrain_at(h)
        if not view.hexmap.contains(h) or t.impassable:
            return True
        return mover.size != "tiny" and any(
            not o.dead and o.size != "tiny" and o.team != mover.team and not is_helpless(o)
            and abs(rank(o.size) - rank(mover.size)) < 3 and h in o.hexes for o in others)

    def difficult(h):
        if view.hexmap.terrain_at(h).difficult:
            return True
        for o in others:
            if h in o.hexes:
                if (o.dead or "unconscious" in conditions_of(o)) and rank(o.size) >= 2:
                    return True
                if (not o.dead and o.team == mover.team and "prone" in conditions_of(o)
                        and mover.size != "tiny" and o.size != "tiny"):
                    return True
        return False

    def can_end(state):
        if mover.size == "tiny":
            return True
        return not any(not o.dead and o.size != "tiny" and set(o.hexes) & set(footprint(
            mover.size, *state)) for o in others)

    def step_cost(s, t):
        old, new = set(footprint(mover.size, *s)), footprint(mover.size, *t)
        entered = [h for h in new if h not in old]
        if any(blocked(h) for h in entered):
            return None
        if s[0] == t[0]:
            return 1                                        # a turn
        cost = max(2 if difficult(h) else 1 for h in entered)
        if cost == 2 and len(new) >= 3 and 2 * sum(map(difficult, new)) < len(new):
            cost = 1
        return cost

    def successors(s):
        a, f = s
        out = [(Hex(a.q + d.q, a.r + d.r), f) for d in DIRECTIONS]
        if mover.size in ("large", "gargantuan"):
            out += [(a, (f + 1) % 6), (a, (f - 1) % 6)]
        for t in out:
            c = step_cost(s, t)
            if c is not None:
                yield t, c

    return successors, can_end, step_cost


def ref_costs(view, mover, budget):
    successors, can_end, _ = ref_rules(view, mover)
    start = (mover.anchor, mover.facing)
    dist, heap = {start: 0}, [(0, 0, start)]
    n = 0
    while heap:
        c, _, s = heapq.heappop(heap)
        if c > dist[s]:
            continue
        for t, w in successors(s):
            if c + w <= budget and c + w < dist.get(t, 1 << 30):
                dist[t] = c + w
                n += 1
                heapq.heappush(heap, (c + w, n, t))
    return {s: c for s, c in dist.items() if s == start or can_end(s)}


def check_path(view, mover, path):
    """Every step goes to an adjacent (or turned) state that can be entered; the costs add up;
    the path does not end on an occupied hex."""
    _, can_end, step_cost = ref_rules(view, mover)
    total, s = 0, (mover.anchor, mover.facing)
    for t in path.states:
        assert hex_distance(s[0], t[0]) + (s[1] != t[1]) == 1
        c = step_cost(s, t)
        assert c is not None, (s, t)
        total, s = total + c, t
    assert total == path.cost
    assert can_end(s) or not path.states


PROPS = settings(max_examples=60, deadline=None,
                 suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])


@PROPS
@given(battles(), st.integers(1, 7))
def test_property_reachable_costs_match_a_plain_dijkstra_of_rules_3(v, budget):
    mover = v.units[0]
    r = reachable(v, mover, budget)
    assert r.states == ref_costs(v, mover, budget)


@PROPS
@given(battles(), st.integers(1, 7))
def test_property_cheapest_path_cost_equals_the_reachable_cost_at_its_end(v, budget):
    mover = v.units[0]
    r = reachable(v, mover, budget)
    for h in list(r)[:12]:
        p = cheapest_path(v, mover, h, r.facing[h])
        assert p is not None and p.cost == r[h] and p.end == h
        assert r.path(h).cost == r[h]
        check_path(v, mover, p)
        assert list(p.provocations) == forecast(v, mover, p)


@PROPS
@given(battles(), st.integers(0, W - 1), st.integers(0, H - 1))
def test_property_no_path_ends_on_an_occupied_hex_and_every_step_is_legal(v, col, row):
    mover = v.units[0]
    p = cheapest_path(v, mover, v.hexmap.hex_at(col, row))
    if p is not None:
        check_path(v, mover, p)
        end = set(footprint(mover.size, p.end, p.facing))
        if p.states and mover.size != "tiny":
            assert not any(not o.dead and o.size != "tiny" and end & set(o.hexes)
                           for o in v.units if o.eid != mover.eid)


@PROPS
@given(battles(), st.integers(0, W - 1), st.integers(0, H - 1))
def test_property_safe_path_when_not_none_provokes_no_one(v, col, row):
    mover = v.units[0]
    to = v.hexmap.hex_at(col, row)
    safe = safe_path(v, mover, to)
    cheap = cheapest_path(v, mover, to)
    if safe is not None:
        assert forecast(v, mover, safe) == [] and safe.provocations == ()
        check_path(v, mover, safe)
        assert cheap is not None and safe.cost >= cheap.cost
        if not cheap.provocations:
            assert safe.cost == cheap.cost
    if cheap is None:
        assert safe is None


# ---- the accelerators against the plain search over the step-cost function -----------------

ONE_HEX = ["fighter", "goblin", "orc", "wolf", "pixie"]


@st.composite
def any_battles(draw):
    """A random map of random size (walls, rubble, low walls) with 1-6 creatures that fit on
    it, any team, facing or condition, some dead; the mover (the first) is a one-hex creature,
    the others of any size."""
    width, height = draw(st.integers(3, 12)), draw(st.integers(3, 10))
    layout = OffsetLayout("y", "odd")
    terrain = {}
    for cell in product(range(width), range(height)):
        t = draw(st.sampled_from([None] * 5 + [WALL, RUBBLE, RUBBLE, LOW_WALL]))
        if t is not None:
            terrain[cell] = t
    units, taken = [], set()
    for k in range(draw(st.integers(1, 6))):
        key = draw(st.sampled_from(ONE_HEX if k == 0 else KINDS))
        col, row = draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1))
        units.append(_placed(draw, k, key, (col, row), (width, height), layout, terrain,
                             taken))
    v = make_view(width, height, terrain, units, units_db=DB)
    for u in v.units[1:]:
        if draw(st.integers(0, 3)) == 0:
            v = v.replace(replace(u, dead=True, hp=-20))
    return v


def plain_reachable(v, mover, budget):
    """`reachable` by the plain Dijkstra over the step-cost function (no accelerator)."""
    fld = movement._field(v, mover, budget)
    start = fld.start()
    dist, _ = movement._search(fld, start, budget, plain=True)
    return movement.Reachable.from_dist(fld, start, budget, dist)


@PROPS
@given(any_battles(), st.integers(0, 14))
def test_property_the_bitboard_accelerator_equals_the_plain_search(v, budget):
    mover = v.units[0]
    fast, plain = reachable(v, mover, budget), plain_reachable(v, mover, budget)
    assert fast._layered and not plain._layered
    assert fast.cost == plain.cost and dict(fast.facing) == plain.facing
    assert fast.states == plain.states and fast.threatened == plain.threatened
    for h in list(plain.cost)[:10]:
        a, b = fast.path(h), plain.path(h)
        assert (a.states, a.cost, a.provocations) == (b.states, b.cost, b.provocations)


@PROPS
@given(any_battles(), st.one_of(st.none(), st.integers(0, 14)), st.booleans(),
       st.integers(0, 11), st.integers(0, 9))
def test_property_the_one_hex_search_accelerator_equals_the_plain_search(v, budget, safe,
                                                                         col, row):
    mover = v.units[0]
    fld = movement._field(v, mover, budget)
    start, goal = fld.start(), fld.state_id(v.hexmap.hex_at(col, row), mover.facing)
    for targets in (None, {goal} if goal >= 0 else None):
        fast = movement._search(fld, start, budget, safe=safe, targets=targets)
        plain = movement._search(fld, start, budget, safe=safe, targets=targets, plain=True)
        assert fast == plain


def test_the_cost_table_prices_terrain_by_terrain_cost_alone():
    v = battle(unit("Wulfric", "fighter", "blue", 1, 4),
               terrain={(2, 4): RUBBLE, (3, 4): LOW_WALL, (4, 4): WALL})
    fld = movement._field(v, v.unit("Wulfric"))
    for cell in ((2, 4), (3, 4), (4, 4), (5, 4)):
        h = at(v, *cell)
        assert fld.cost[fld.grid.index(h)] == movement.terrain_cost(v.hexmap.terrain_at(h))
    assert [movement.terrain_cost(t) for t in (RUBBLE, LOW_WALL, WALL)] == \
        [movement.DIFFICULT, movement.DIFFICULT, movement.NEVER]


def all_cheapest_paths(v, mover, goal_states, cost, limit=3000):
    """Every cheapest path to the goal states, by brute force over the reference rules."""
    successors, _, _ = ref_rules(v, mover)
    start = (mover.anchor, mover.facing)
    full, heap, n = {start: 0}, [(0, 0, start)], 0     # costs, ends allowed or not
    while heap:
        c, _, s = heapq.heappop(heap)
        if c > full[s]:
            continue
        for t, w in successors(s):
            if c + w <= cost and c + w < full.get(t, 1 << 30):
                full[t] = c + w
                n += 1
                heapq.heappush(heap, (c + w, n, t))
    out, stack = [], [(start, [])]
    while stack and len(out) < limit:
        s, path = stack.pop()
        if s in goal_states and full[s] == cost:
            out.append(path)
            continue
        for t, w in successors(s):
            if full.get(t) == full[s] + w:
                stack.append((t, path + [t]))
    assume(len(out) < limit)
    return out


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(battles(), st.integers(0, W - 1), st.integers(0, H - 1))
def test_property_cheapest_path_provokes_the_fewest_creatures_among_cheapest_paths(v, col, row):
    mover = v.units[0]
    p = cheapest_path(v, mover, v.hexmap.hex_at(col, row), budget_hexes=8)
    assume(p is not None and p.states)
    goals = {(p.end, f) for f in range(6)} if mover.size in ("large", "gargantuan") \
        else {(p.end, mover.facing)}
    goals = {g for g in goals if ref_rules(v, mover)[1](g)}
    fewest = min(len(provokers(forecast(v, mover, path)))
                 for path in all_cheapest_paths(v, mover, goals, p.cost))
    assert len(provokers(p.provocations)) == fewest


def _ford(seed_terrain=True):
    """An ogre among walls, rubble, allies and enemies: every movement rule matters."""
    terrain = {(6, r): WALL for r in range(2, 9) if r != 5}
    terrain.update({(c, 3): RUBBLE for c in range(2, 6)})
    return battle(unit("Ogre", "ogre", "red", 2, 5), unit("Orc", "orc", "red", 3, 7),
                  unit("Wulfric", "fighter", "blue", 8, 5), unit("Mayat", "archer", "blue", 4, 1),
                  width=14, height=11, terrain=terrain)


def test_move_reachable_cut_to_a_smaller_budget_equals_a_new_search():
    """Reachable.within: the computer player cuts small budgets from its widest search; the
    answer must be the one a bounded search gives (costs, facings, AOO marks and paths)."""
    v = _ford()
    ogre = v.unit("Ogre")
    wide = reachable(v, ogre, 16)
    for budget in (1, 4, 7, 12):
        cut, fresh = wide.within(budget), reachable(v, ogre, budget)
        assert (cut.cost, cut.facing, cut.states, cut.threatened) == \
            (fresh.cost, fresh.facing, fresh.states, fresh.threatened)
        for h in fresh.cost:
            a, b = cut.path(h), fresh.path(h)
            assert (a.states, a.cost) == (b.states, b.cost)
    assert len(wide.within(4).cost) < len(wide.cost)
    assert wide.within(17) is None                      # never more than was searched
    assert reachable(v, v.unit("Wulfric"), 8).within(4) is None   # one hex: layered search


def test_safe_paths_from_one_search_equal_safe_path_to_each_hex():
    v = _ford()
    for name in ("Ogre", "Wulfric"):
        mover = v.unit(name)
        many = movement.safe_paths(v, mover, 10)
        for h in reachable(v, mover, 10).cost:
            one = movement.safe_path(v, mover, h, budget_hexes=10)
            got = many.path(h)
            assert (one is None) == (got is None)
            if one is not None:
                assert (one.states, one.cost) == (got.states, got.cost)
                assert not one.provocations
