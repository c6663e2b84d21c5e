"""Flight maneuverability: turning and minimum flight speed (docs/rules/21-terrain-and-falling.md
"Turning and minimum flight speed"), through engine commands. Each test quotes the rulebook
sentence it pins down. The harpy flies 60 ft (12 hexes a Move) with average maneuverability;
a placement may give it another rating.
"""
from __future__ import annotations

from game.ai.player import choose_command
from game.ecs.scenario import WALL
from game.tiled.hexmap import Terrain
from game.engine import commands as C
from game.engine import events as E
from game.engine.light import commands as L
from game.rules import movement as rm

from test_engine_turns import FIRST, SECOND, arena, nb, of, ok, refused
from test_light_rules import arena as light_arena

E_, NE, NW, W, SW, SE = range(6)
START = (2, 3)
LAKE = Terrain(water="deep", name="lake")


def sky(maneuver="average", terrain=None, foe_at=(25, 10), dice=()):
    harpy = {"initiative": FIRST, "fly_maneuver": maneuver}
    return arena(("H", "harpy", "red", *START, harpy),
                 ("F", "fighter", "blue", *foe_at, {"initiative": SECOND}),
                 width=30, height=14, terrain=terrain, initiative="top-down",
                 fixed_dice=[("d20", 10)] * 2 + list(dice))


def course(b, *directions, start=START):
    """The cells of a path taking `directions` one hex each from `start`."""
    out, here = [], start
    for d in directions:
        here = nb(b, here, d)
        out.append(here)
    return tuple(out)


def test_flight_turning_up_to_90_degrees_is_one_hex_side():
    """"During a single Normal Move (Big Action), the creature may make the indicated number of
    direction changes, turning up to 90 degrees each time." A turn of 120 degrees (east, then
    north-west) or a turn back is more than one direction change allows."""
    b = sky()
    assert "60 degrees" in refused(b, C.Move("H", path=course(b, E_, NW)))
    assert "60 degrees" in refused(b, C.Move("H", path=course(b, E_, W)))
    ok(b, C.Move("H", path=course(b, E_, NE)))


def test_flight_turning_counts_direction_changes_per_move():
    """"During a single Normal Move (Big Action), the creature may make the indicated number of
    direction changes." A poor flyer makes 2 in a Move, an average one 3; a Move of two Big
    Actions makes twice as many."""
    zigzag = (E_, NE, E_, NE, E_)                     # four changes
    b = sky("poor")
    assert "2 direction changes" in refused(b, C.Move("H", path=course(b, *zigzag[:4])))
    ok(b, C.Move("H", path=course(b, *zigzag[:3])))
    b = sky("average")
    ok(b, C.Move("H", path=course(b, *zigzag[:4])))
    b = sky("average")
    assert "3 direction changes" in refused(b, C.Move("H", path=course(b, *zigzag)))
    b = sky("poor")
    long_way = (E_,) * 5 + (NE,) + (E_,) * 5 + (NE,) + (E_,) * 3   # 15 hexes, 4 changes
    ok(b, C.Move("H", path=course(b, *long_way)))
    assert b.budget("H").big == 0


def test_flight_turning_search_offers_only_legal_paths():
    """"You must move at least 5 feet in the same direction between turns." A wall stands 2
    hexes east of the harpy; the hex 3 east of it takes a path that bends twice (north-east,
    east, east, south-east). A clumsy flyer (1 change a Move) cannot fly it; an average one
    can, and the movement search offers exactly that."""
    probe = sky()
    wall_at = course(probe, E_, E_)[-1]
    target = course(probe, E_, E_, E_)[-1]
    around = course(probe, NE, E_, E_, SE)
    assert around[-1] == target
    clumsy = sky("clumsy", terrain={wall_at: WALL})
    reach = rm.reachable(clumsy.view(), clumsy.unit("H"), 12)
    assert clumsy.hexmap.hex_at(*target) not in reach
    assert "1 direction change" in refused(clumsy, C.Move("H", path=around))
    nimble = sky("average", terrain={wall_at: WALL})
    reach = rm.reachable(nimble.view(), nimble.unit("H"), 12)
    assert reach[nimble.hexmap.hex_at(*target)] == 4
    for o in nimble.options("H", "move"):
        assert nimble.refusal(o.command) is None
    ok(nimble, C.Move("H", path=around))


def test_minimum_flight_speed_a_flyer_that_moves_less_begins_to_fall():
    """"Minimum Flight Speed: You must move at least this many hexes forward to maintain lift.
    A creature that moves less than this amount in a single round while airborne begins to
    fall." The average harpy (2 hexes) flies 1, over a lake, and ends its turn: it comes down,
    prone."""
    b = sky(terrain={(3, 3): LAKE}, dice=[("d20", 10)])
    ok(b, C.Move("H", path=course(b, E_)))
    events = ok(b, C.EndTurn("H"))
    fell = of(events, E.Fell)
    assert [f.cause for f in fell] == ["stall"] and b.unit("H").has("prone")


def test_minimum_flight_speed_a_flyer_over_firm_ground_lands():
    """"For simplicity, taking off & landing requires no additional effort, movement, or
    actions. As long as you can reach the ground using your Fly movement, you can land
    safely." The harpy flies 1 hex over grass and ends its turn: it has landed, not fallen,
    and flies on next turn."""
    b = sky()
    ok(b, C.Move("H", path=course(b, E_)))
    assert not of(ok(b, C.EndTurn("H")), E.Fell) and not b.unit("H").has("prone")


def test_minimum_flight_speed_met_keeps_the_flyer_aloft():
    """"Minimum Flight Speed: You must move at least this many hexes forward to maintain
    lift." Two hexes are enough for the average harpy."""
    b = sky()
    ok(b, C.Move("H", path=course(b, E_, E_)))
    assert not of(ok(b, C.EndTurn("H")), E.Fell) and not b.unit("H").has("prone")


def test_perfect_maneuverability_hovers():
    """"Perfect Maneuverability: You can move freely in all directions while flying. You are
    able to hover and do not have to maintain a minimum flight speed. While flying, you can
    turn as often as you like." A perfect flyer turns back and stays put without falling."""
    b = sky("perfect")
    ok(b, C.Move("H", path=course(b, E_, W, E_, W)))
    assert not of(ok(b, C.EndTurn("H")), E.Fell)


def test_minimum_flight_speed_computer_flyer_keeps_flying():
    """"A creature that moves less than this amount in a single round while airborne begins to
    fall." The computer's harpy, with a fighter close by, plays its turn and does not stall."""
    b = sky(foe_at=(6, 3))
    events = []
    for _ in range(12):
        if b.active != "H":
            break
        out = b.apply(choose_command(b))
        assert out.ok, out.reason
        events += out.events
    assert not [f for f in of(events, E.Fell) if f.cause == "stall"]


def test_light_rules_flyers_turn_freely():
    """The light rules: "Winged flyer (fly 60 ft)" with no maneuverability: the turning limits
    of the default rules do not apply. The light harpy walks east and straight back, which a
    flyer of the default rules may not."""
    b = light_arena(("H", "harpy", "red", 2, 2), ("F", "fighter", "blue", 9, 6))
    assert b.active == "H"
    there_and_back = course(b, E_, W, start=(2, 2))
    ok(b, L.Walk("H", path=there_and_back))
    assert b.cell(b.unit("H").anchor) == (2, 2)
