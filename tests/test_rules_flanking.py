"""Flanking, ganging up and high ground (docs/rules/08-flanking.md "Flanking and ganging up"; the rulebook "Flanking",
"Multiple Opponents", "High Ground / Low Ground").

The the rulebook figure (allies 1 to 9 around a medium and a large enemy) is an image missing from the
seed; its text is reproduced here on maps built so that every sentence holds. Maps are
pointy-top odd-r, coordinates are Tiled col,row. Ring positions around the large enemy are
counted counter-clockwise from the east (see `LARGE_RING`).
"""
from itertools import combinations

import pytest

from game.ecs.scenario import HILL, make_view
from game.rules import geometry as geo
from game.rules.flanking import (
    FLANKED_AC_PENALTY, flank_angle, flanking, flanks, gang_up_bonus, high_ground,
    in_flanking_position, is_flanked,
)
from game.tiled.hexmap import Terrain

ENEMY = (5, 4)
# The 6 neighbours of a 1-hex creature at 5,4, counter-clockwise from the east.
MEDIUM_RING = [(6, 4), (5, 3), (4, 3), (4, 4), (4, 5), (5, 5)]
# A large creature with anchor 5,4 facing 0 covers 5,4 6,4 5,3 (a triangle pointing up);
# its 9 neighbours counter-clockwise from the east-north-east.
LARGE_FOOTPRINT = {(5, 4), (6, 4), (5, 3)}
LARGE_RING = [(6, 3), (6, 2), (5, 2), (4, 3), (4, 4), (4, 5), (5, 5), (6, 5), (7, 4)]
# Facing 1 (the other triangle orientation): 5,4 4,3 5,3 (pointing down).
LARGE_RING_F1 = [(6, 3), (6, 2), (5, 2), (4, 2), (3, 3), (4, 4), (4, 5), (5, 5), (6, 4)]


def battle(enemy_unit="orc", facing=0, allies=(), enemy_conditions=(), terrain=None,
           ally_unit="fighter"):
    units = [dict(name="Enemy", unit=enemy_unit, team="red", col=ENEMY[0], row=ENEMY[1],
                  facing=facing, conditions=tuple(enemy_conditions))]
    for name, (col, row), *rest in allies:
        units.append(dict(name=name, unit=rest[0] if rest else ally_unit, team="blue",
                          col=col, row=row))
    return make_view(12, 10, terrain or {}, units=units)


def ring_gap(i: int, j: int, n: int) -> int:
    """Hexes of the ring strictly between positions i and j, the short way round."""
    d = abs(i - j) % n
    return min(d, n - d) - 1


# --- the the rulebook figure ----------------------------------------------------------------------


def test_flanking_lfg_figure_allies_1_2_3_around_medium_enemy():
    # Ally 1 east, Ally 2 west (opposite), Ally 3 north-east (next to Ally 1):
    #      . 3 .
    #     2 E 1
    view = battle(allies=[("Ally 1", (6, 4)), ("Ally 2", (4, 4)), ("Ally 3", (5, 3))])
    # "Ally 1 and Ally 2 are flanking the Enemy."
    assert flanks(view, "Ally 1", "Ally 2", "Enemy")
    # "Ally 3 is also Flanking with Ally 2."
    assert flanks(view, "Ally 3", "Ally 2", "Enemy")
    # "Ally 1 and Ally 3 are not in a flanking position."
    assert not in_flanking_position(view, "Enemy", "Ally 1", "Ally 3")
    # "In both, the enemy suffers a -2 penalty to AC for being flanked."
    result = flanking(view, "Enemy")
    assert result.flanked and result.ac_penalty == FLANKED_AC_PENALTY == -2
    assert set(result.pairs) == {("Ally 1", "Ally 2"), ("Ally 2", "Ally 3")}
    assert result.pair == ("Ally 1", "Ally 2")          # the widest angle: 180 degrees
    assert result.angle == pytest.approx(180.0)


def test_flanking_lfg_figure_allies_1_2_3_around_large_enemy():
    # The bottom portion of the figure: the same three allies around a large enemy.
    # Ring positions 0 (Ally 1), 4 (Ally 2), 1 (Ally 3).
    view = battle("troll", allies=[("Ally 1", LARGE_RING[0]), ("Ally 2", LARGE_RING[4]),
                                   ("Ally 3", LARGE_RING[1])])
    assert set(view.unit("Enemy").hexes) == {view.hexmap.hex_at(*c) for c in LARGE_FOOTPRINT}
    # "Ally 1 and Ally 2 are flanking the Enemy" (3 hexes between them).
    assert flanks(view, "Ally 1", "Ally 2", "Enemy")
    # "Ally 3 is also Flanking with Ally 2" (exactly 2 hexes between: exactly 120 degrees).
    assert flanks(view, "Ally 3", "Ally 2", "Enemy")
    assert flank_angle(view, "Enemy", "Ally 3", "Ally 2") == pytest.approx(120.0)
    # "Ally 1 and Ally 3 are not in a flanking position."
    assert not in_flanking_position(view, "Enemy", "Ally 1", "Ally 3")
    # "In both, the enemy suffers a -2 penalty to AC for being flanked."
    assert flanking(view, "Enemy").ac_penalty == -2


def test_flanking_lfg_figure_allies_4_5_6_around_medium_enemy():
    # Ally 4 east; Ally 5 north-east and Ally 6 south-east, each next to Ally 4:
    #      5
    #   E  4
    #      6
    view = battle(allies=[("Ally 4", (6, 4)), ("Ally 5", (5, 3)), ("Ally 6", (5, 5))])
    # "Ally 4 and 5 are not flanking, nor are Ally 4 and 6."
    assert not flanks(view, "Ally 4", "Ally 5", "Enemy")
    assert not flanks(view, "Ally 4", "Ally 6", "Enemy")
    # "However, since 5 and 6 are in a flanking position, the enemy is flanked."
    # (Ally 4 stands in the one hex of space between them: docs/rules/08-flanking.md counts ring hexes.)
    assert flanks(view, "Ally 5", "Ally 6", "Enemy")
    result = flanking(view, "Enemy")
    assert result.flanked and result.pair == ("Ally 5", "Ally 6")
    assert result.pairs == (("Ally 5", "Ally 6"),)


def test_flanking_lfg_figure_allies_7_8_9_around_large_enemy():
    # Ally 8 at ring position 4, Ally 7 at 6, Ally 9 at 8: 7 between the other two.
    view = battle("troll", allies=[("Ally 7", LARGE_RING[6]), ("Ally 8", LARGE_RING[4]),
                                   ("Ally 9", LARGE_RING[8])])
    # "Ally 7 and 8 are not flanking independently, nor are Ally 7 and 9."
    assert not flanks(view, "Ally 7", "Ally 8", "Enemy")
    assert not flanks(view, "Ally 7", "Ally 9", "Enemy")
    # "However, since Ally 8 and 9 are in a flanking position, the large enemy is flanked."
    assert flanks(view, "Ally 8", "Ally 9", "Enemy")
    result = flanking(view, "Enemy")
    assert result.flanked and result.pairs == (("Ally 8", "Ally 9"),)


# --- "at least 1 hex" / "at least 2 hexes" of space, every pair --------------------------


def test_flanking_medium_target_needs_one_hex_between():
    """docs/rules/08-flanking.md / the rulebook: "To Flank a Small or Medium creature, there must be at least 1 hex of
    space between threatening enemies" - checked for every pair of adjacent positions."""
    for i, j in combinations(range(6), 2):
        view = battle(allies=[("A", MEDIUM_RING[i]), ("B", MEDIUM_RING[j])])
        assert flanks(view, "A", "B", "Enemy") == (ring_gap(i, j, 6) >= 1), (i, j)


@pytest.mark.parametrize("facing, ring", [(0, LARGE_RING), (1, LARGE_RING_F1)])
def test_flanking_large_target_needs_two_hex_gap(facing, ring):
    """The rulebook: "To Flank a Large creature, there must be at least 2 hexes of space between the
    threatening enemies" - every pair of the 9 neighbours, both triangle orientations."""
    for i, j in combinations(range(9), 2):
        view = battle("troll", facing, allies=[("A", ring[i]), ("B", ring[j])])
        assert flanks(view, "A", "B", "Enemy") == (ring_gap(i, j, 9) >= 2), (facing, i, j)


def test_flanking_huge_target_angle_rule_needs_three_hexes_between():
    """docs/rules/08-flanking.md checked the angle rule for 7-hex footprints: around a huge creature (12
    neighbours) two adjacent attackers flank when 3+ hexes lie between them."""
    view0 = battle("giant")
    giant = view0.unit("Enemy")
    ring = sorted({n for h in giant.hexes for n in _neighbors(h)} - giant.hex_set,
                  key=lambda h: _angle(giant.hexes, h))
    assert len(ring) == 12
    for j in range(1, 12):
        cols = [view0.hexmap.tile_of(ring[0]), view0.hexmap.tile_of(ring[j])]
        view = battle("giant", allies=[("A", cols[0]), ("B", cols[1])])
        assert flanks(view, "A", "B", "Enemy") == (ring_gap(0, j, 12) >= 3), j


def _neighbors(h):
    from game.hexgrid import hex_neighbors
    return hex_neighbors(h)


def _angle(hexes, h):
    import math
    c = geo.centroid(hexes)
    p = geo.hex_center(h)
    x, y = geo.to_xy((p[0] - c[0], p[1] - c[1]))
    return math.atan2(-y, x) % (2 * math.pi)


def test_flanking_exactly_120_degrees_counts_without_epsilon():
    # Allies two ring steps apart around a medium enemy are exactly 120 degrees apart.
    view = battle(allies=[("A", MEDIUM_RING[0]), ("B", MEDIUM_RING[2])])
    assert flank_angle(view, "Enemy", "A", "B") == pytest.approx(120.0)
    o = geo.centroid(view.unit("Enemy").hexes)
    a, b = geo.centroid(view.unit("A").hexes), geo.centroid(view.unit("B").hexes)
    assert geo.angle_at_least(o, a, b, 120)
    assert not geo.angle_at_least(o, a, b, 121)
    assert is_flanked(view, "Enemy")


# --- who can flank, who can be flanked ---------------------------------------------------


def test_flanking_creatures_that_do_not_threaten_cannot_flank():
    # The rulebook: "Creatures who do not threaten cannot cause a creature to be flanked." A prone
    # fighter does not threaten (docs/rules/02-size-and-reach.md).
    units = [dict(name="Enemy", unit="orc", team="red", col=5, row=4),
             dict(name="A", unit="fighter", team="blue", col=6, row=4),
             dict(name="B", unit="fighter", team="blue", col=4, row=4, conditions=("prone",))]
    view = make_view(12, 10, units=units)
    result = flanking(view, "Enemy")
    assert not result.flanked and result.threatening == ("A",)
    assert in_flanking_position(view, "Enemy", "A", "B")   # the geometry alone would flank


def test_flanking_needs_two_hostile_creatures():
    # Two creatures of the enemy's own side opposite each other do not flank it.
    units = [dict(name="Enemy", unit="orc", team="red", col=5, row=4),
             dict(name="A", unit="orc", team="red", col=6, row=4),
             dict(name="B", unit="fighter", team="blue", col=4, row=4)]
    view = make_view(12, 10, units=units)
    assert not flanking(view, "Enemy").flanked
    assert not flanks(view, "A", "B", "Enemy")


@pytest.mark.parametrize("condition", ["grappled", "pinned", "Pinned"])
def test_flanking_grappled_and_pinned_creatures_cannot_be_flanked(condition):
    view = battle(allies=[("A", (6, 4)), ("B", (4, 4))], enemy_conditions=(condition,))
    result = flanking(view, "Enemy")
    assert not result.flanked and result.pair is None and result.ac_penalty == 0
    assert "cannot be flanked" in result.reasons[0]


def test_flanking_reach_attacker_two_hexes_away_flanks_by_angle():
    # An ogre (large, reach 2) two hexes east of the enemy and a fighter adjacent on the west:
    # both threaten, and the centroids are 180 degrees apart around the enemy's hex.
    units = [dict(name="Enemy", unit="orc", team="red", col=4, row=4),
             dict(name="Ogre", unit="ogre", team="blue", col=6, row=4, facing=0),
             dict(name="Fighter", unit="fighter", team="blue", col=3, row=4)]
    view = make_view(12, 10, units=units)
    assert flanks(view, "Ogre", "Fighter", "Enemy")
    # A fighter two hexes away (no reach) does not threaten, so it cannot flank.
    units[2] = dict(name="Fighter", unit="fighter", team="blue", col=2, row=4)
    view = make_view(12, 10, units=units)
    assert not flanking(view, "Enemy").flanked


def test_flanking_result_explains_itself():
    view = battle(allies=[("A", (6, 4)), ("B", (4, 4))])
    result = flanking(view, "Enemy")
    assert "A and B both threaten Enemy" in result.reasons[0]
    lonely = battle(allies=[("A", (6, 4))])
    assert "fewer than two" in flanking(lonely, "Enemy").reasons[0]


# --- gang up -------------------------------------------------------------------------------


def test_gang_up_third_attacker_gets_plus_one_up_to_five():
    # The rulebook "Strength in Numbers": Rock & Crysta attack; Sokaris (third) +1, Wulfric (4th) +2.
    view = battle(allies=[("Sokaris", (6, 4)), ("Wulfric", (4, 4))])
    sok, wulf, orc = view.unit("Sokaris"), view.unit("Wulfric"), view.unit("Enemy")
    assert gang_up_bonus(0, sok, orc).bonus == 0
    assert gang_up_bonus(1, sok, orc).bonus == 0
    assert gang_up_bonus(["Rock", "Crysta"], sok, orc).bonus == 1
    assert gang_up_bonus(["Rock", "Crysta", "Sokaris"], wulf, orc).bonus == 2
    assert gang_up_bonus(["Rock", "Crysta", "Wulfric"], wulf, orc).bonus == 1  # self not counted
    assert gang_up_bonus(20, sok, orc).bonus == 5
    assert gang_up_bonus(2, sok, orc).position == 3


def test_gang_up_attackers_must_be_within_two_size_categories():
    view = make_view(12, 10, units=[
        dict(name="Giant", unit="giant", team="red", col=5, row=4),
        dict(name="Goblin", unit="goblin", team="blue", col=1, row=1),
        dict(name="Fighter", unit="fighter", team="blue", col=1, row=8)])
    giant = view.unit("Giant")
    assert gang_up_bonus(2, view.unit("Goblin"), giant).bonus == 0    # small vs huge: 3 apart
    assert gang_up_bonus(2, view.unit("Fighter"), giant).bonus == 1   # medium vs huge: 2


def test_gang_up_does_not_work_against_helpless_targets():
    view = battle(allies=[("A", (6, 4))], enemy_conditions=("unconscious",))
    assert gang_up_bonus(3, view.unit("A"), view.unit("Enemy")).bonus == 0


# --- high ground -----------------------------------------------------------------------------


def test_high_ground_melee_one_step_above_plus_one_below_minus_one():
    hill = {(6, 4): HILL}
    view = battle(allies=[("A", (6, 4))], terrain=hill)
    up = high_ground(view, "A", "Enemy")
    assert (up.attack_bonus, up.attacker_elevation, up.target_elevation) == (1, 1, 0)
    down = high_ground(view, "Enemy", "A")
    assert down.attack_bonus == -1 and down.damage_bonus == 0
    flat = high_ground(battle(allies=[("A", (6, 4))]), "A", "Enemy")
    assert flat.attack_bonus == 0


def test_high_ground_ranged_needs_ten_feet_lower_for_plus_one_damage():
    cliff = {(9, 4): Terrain(elevation=2, name="cliff"), (8, 4): HILL}
    view = battle(allies=[("High", (9, 4), "archer"), ("Mid", (8, 4), "archer")],
                  terrain=cliff)
    assert high_ground(view, "High", "Enemy", ranged=True).damage_bonus == 1
    assert high_ground(view, "High", "Enemy", ranged=True).attack_bonus == 0
    assert high_ground(view, "Mid", "Enemy", ranged=True).damage_bonus == 0   # 5 ft only


def test_high_ground_multi_hex_creature_stands_on_its_highest_hex():
    view = battle("troll", allies=[("A", (7, 4))], terrain={(6, 4): HILL})
    assert high_ground(view, "Enemy", "A").attack_bonus == 1
