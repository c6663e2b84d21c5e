"""Wrestling maneuvers through the engine's commands (rules: Wrestling, shoving and knockdown):
grab, trip, shove, pin, escape, their size limits, what a grapple does to flanking, to
movement and to the defences against creatures outside it, the shove's forced movement and
falls, and the weapons whose hit opens a maneuver. Each test quotes the rulebook's sentence
it pins down; the dice are fixed where the outcome matters.

The first d20s of each battle are the initiative rolls (the ratings fix the order). A grab,
trip or shove then rolls: the touch attack's d20, then the wrestler's and the defender's d20s.
"""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ecs.scenario import WALL, make_view
from game.engine import commands as C
from game.engine import events as E
from game.hexgrid import footprint
from game.rules import wrestling as W
from game.rules.flanking import flanking
from game.rules.situation import attack_preview
from game.tiled.hexmap import Terrain, UnitPlacement
from tests.helpers import refusal_code

from test_engine_turns import FIRST, LAST, SECOND, THIRD, arena, nb, of, ok

TRAINED = {"wrestling": 3}


def pair(dice=(), a=None, b=None, a_key="fighter", b_key="orc", at=(3, 3), b_at=(4, 3),
         **kw):
    """A (blue, first) next to B (red, second) on an open field."""
    return arena(("A", a_key, "blue", *at, {"initiative": FIRST, **(a or {})}),
                 ("B", b_key, "red", *b_at, {"initiative": SECOND, **(b or {})}),
                 fixed_dice=[("d20", 10)] * 2 + [("d20", v) if isinstance(v, int) else v
                                                 for v in dice],
                 initiative="top-down", **kw)


code = refusal_code


def next_round(b, *names):
    for n in names:
        ok(b, C.EndTurn(n))


# ---- grab -----------------------------------------------------------------------------------

def test_grab_won_after_a_touch_attack_grapples_both_creatures():
    """"Make an Unarmed Melee Touch Attack Roll against your target. If your Touch Attack hits,
    use an opposed Wrestling check to attempt to affect your foe." """
    b = pair([10, 10, 10], a=TRAINED)           # touch 15 vs 8; Wrestling 16 vs 13
    events = ok(b, C.Grab("A", target="B"))
    touch = of(events, E.AttackRolled)[0]
    assert touch.kind == "touch" and touch.hit and "touch AC" in touch.breakdown
    check = of(events, E.OpposedCheck)[0]
    assert (check.total, check.target_total, check.won, check.margin) == (16, 13, True, 3)
    assert b.unit("A").grappling == ("B",) and b.unit("B").grappling == ("A",)
    assert b.unit("A").has("grappled") and b.unit("B").has("grappled")
    assert b.budget("A").big == 1


def test_a_missed_touch_attack_rolls_no_check():
    """"If your Touch Attack hits, use an opposed Wrestling check": a miss ends it."""
    b = pair([1])
    events = ok(b, C.Grab("A", target="B"))
    assert not of(events, E.OpposedCheck) and not b.unit("B").grappling


def test_a_tie_goes_to_the_defender():
    """The opposed check is won by the higher total; the rules page gives ties to the
    defender (the creature resisting)."""
    b = pair([10, 7, 10], a=TRAINED)            # 13 vs 13
    events = ok(b, C.Grab("A", target="B"))
    assert not of(events, E.OpposedCheck)[0].won and not b.unit("A").grappling


def test_the_defender_resists_with_the_better_of_wrestling_and_acrobatics():
    """Shield Bash: "Your check is opposed by the Wrestling Check or Acrobatics Check of your
    target (target's choice)": the game lets every maneuver but a pin be resisted so."""
    b = pair([10, 10, 10], b_key="rogue")       # rogue: Wrestling +0, Acrobatics 2 + 3
    check = of(ok(b, C.Grab("A", target="B")), E.OpposedCheck)[0]
    assert check.target_skill == "acrobatics" and check.target_total == 15


def test_no_grapple_of_a_creature_three_sizes_larger():
    """"You cannot use the Wrestling Skill to grapple & restrain a creature 3+ size categories
    larger than you." """
    b = pair(b_key="giant", b={"size": "gargantuan"}, a_key="goblin")
    assert code(b, C.Grab("A", target="B")) == "too_large"
    assert code(b, C.Trip("A", target="B")) == "too_large"


# ---- what a grapple does --------------------------------------------------------------------

def grappled_pair(**kw):
    b = pair([10, 10, 10], a=TRAINED, **kw)
    ok(b, C.Grab("A", target="B"))
    return b


def test_a_grappled_creature_cannot_move_from_its_hex():
    """Grappled: "You cannot move from your hex without succeeding an opposed Wrestling
    check." """
    b = grappled_pair()
    assert code(b, C.Step("A", to=(2, 3))) == "grappled"
    assert code(b, C.Move("A", path=((2, 3),))) == "grappled"
    assert b.action("A", "move").code == "grappled"
    next_round(b, "A")
    assert code(b, C.Step("B", to=(5, 3))) == "grappled"


def test_escape_won_frees_the_creature_and_lets_it_move():
    """Grappled: "You cannot move from your hex without succeeding an opposed Wrestling
    check." The escaper uses its better skill against the holder's Wrestling."""
    b = pair([10, 10, 10, 15, 5], a=TRAINED)
    ok(b, C.Grab("A", target="B"))
    ok(b, C.EndTurn("A"))
    check = of(ok(b, C.Escape("B")), E.OpposedCheck)[0]
    assert check.maneuver == "escape" and check.won
    assert not b.unit("B").grappling and not b.unit("A").grappling
    assert not b.unit("A").has("grappled") and not b.unit("B").has("grappled")
    ok(b, C.Step("B", to=(5, 3)))


def test_a_grappled_creature_is_flat_footed_against_creatures_outside_the_grapple():
    """Grappled: "You are Flat-Footed against creatures not in the grapple." """
    b = arena(("A", "fighter", "blue", 3, 3, {"initiative": FIRST, **TRAINED}),
              ("B", "orc", "red", 4, 3, {"initiative": SECOND}),
              ("C", "fighter", "blue", 4, 4, {"initiative": THIRD}),
              fixed_dice=[("d20", 10)] * 3 + [("d20", 10)] * 3, initiative="top-down")
    next_round(b, "A", "B", "C")                  # nobody is flat-footed from surprise now
    view = b.view()
    before = attack_preview(view, "C", "B").plan.ac.total
    ok(b, C.Grab("A", target="B"))
    view = b.view()
    outsider = attack_preview(view, "C", "B").plan.ac
    partner = attack_preview(view, "A", "B").plan.ac
    assert outsider.total == before - 2 and "flat-footed" in outsider.labels()
    assert partner.total == before


def test_grappled_and_pinned_creatures_cannot_be_flanked():
    """Grappled: "You do not Threaten the area around you. You cannot be flanked." (rules:
    Flanking and ganging up: grappled and pinned creatures cannot be flanked)."""
    b = arena(("A", "fighter", "blue", 3, 3, {"initiative": FIRST, **TRAINED}),
              ("B", "orc", "red", 4, 3, {"initiative": SECOND}),
              ("C", "fighter", "blue", 5, 3, {"initiative": THIRD}),
              fixed_dice=[("d20", 10)] * 3 + [("d20", 10)] * 3, initiative="top-down")
    assert flanking(b.view(), "B").flanked            # A and C on either side
    ok(b, C.Grab("A", target="B"))
    result = flanking(b.view(), "B")
    assert not result.flanked and "grappled" in result.reasons[0]


def test_pin_makes_the_held_creature_helpless_against_others():
    """Pinned: "You are Unfortunate on all Wrestling checks and are Helpless against creatures
    not in the grapple." """
    b = arena(("A", "fighter", "blue", 3, 3, {"initiative": FIRST, **TRAINED}),
              ("B", "orc", "red", 4, 3, {"initiative": SECOND}),
              ("C", "fighter", "blue", 5, 3, {"initiative": THIRD}),
              fixed_dice=[("d20", 10)] * 3 + [("d20", 10)] * 3 + [("d20", 10), ("d20", 5)]
              + [("d20", 18), ("d20", 2), ("d20", 10)], initiative="top-down")
    ok(b, C.Grab("A", target="B"))
    check = of(ok(b, C.Pin("A", target="B")), E.OpposedCheck)[0]
    assert check.maneuver == "pin" and check.target_skill == "wrestling" and check.won
    assert b.unit("B").has("pinned")
    ac = attack_preview(b.view(), "C", "B").plan.ac
    assert "DEX (helpless)" in ac.labels()
    assert "DEX (helpless)" not in attack_preview(b.view(), "A", "B").plan.ac.labels()
    ok(b, C.EndTurn("A"))
    check = of(ok(b, C.Escape("B")), E.OpposedCheck)[0]    # B keeps the worse of 18 and 2
    assert "of 18, 2" in check.breakdown and not check.won


def test_no_pin_of_a_creature_two_sizes_larger():
    """"You cannot Pin a creature 2+ Size categories larger than you." """
    b = pair([20, 20, 1], a_key="goblin", a={"wrestling": 20}, b_key="ogre")
    ok(b, C.Grab("A", target="B"))
    assert b.unit("A").grappling == ("B",)              # two sizes larger: a grab is allowed
    assert code(b, C.Pin("A", target="B")) == "too_large"


def test_a_grapple_ends_when_a_partner_falls():
    """The rules page: a grapple ends when one of the two is dead or unconscious."""
    b = pair([10, 10, 10, 18, ("d8", 5)], a=TRAINED, b={"hp": 1})
    ok(b, C.Grab("A", target="B"))
    ok(b, C.Attack("A", target="B", weapon="longsword"))
    assert b.unit("B").hp <= 0
    assert not b.unit("A").grappling and not b.unit("A").has("grappled")


# ---- trip -----------------------------------------------------------------------------------

def test_trip_won_knocks_the_target_prone():
    """Wrestling maneuvers: a trip knocks the foe to the ground (Prone)."""
    b = pair([10, 10, 10], a=TRAINED)
    ok(b, C.Trip("A", target="B"))
    assert b.unit("B").has("prone")
    assert code(b, C.Trip("A", target="B")) == "already_prone"


def test_a_trip_right_after_a_run_is_a_charge_with_plus_two():
    """Charge Attack: "A Charge Attack grants a +2 Innate Bonus to melee & thrown weapon
    damage & any Wrestling check made to knock an opponent over." """
    b = pair([10, 10, 10], a=TRAINED, at=(1, 3), b_at=(5, 3))
    ok(b, C.Run("A", to=(4, 3)))
    assert "Wrestling +8" in b.forecast(C.Trip("A", target="B")).lines[1]      # 6 + 2
    check = of(ok(b, C.Trip("A", target="B")), E.OpposedCheck)[0]
    assert "charge 2" in check.breakdown and check.total == 18


# ---- shove ----------------------------------------------------------------------------------

def test_shove_pushes_one_hex_and_one_more_per_five_of_the_margin():
    """Forced movement: "When you push a creature, each square you move it must move it
    farther away from you." The game's shove: 1 hex, +1 per 5 by which the check is won."""
    b = pair([10, 19, 10], a=TRAINED)           # 25 vs 13: won by 12 -> 3 hexes
    events = ok(b, C.Shove("A", target="B", to=(5, 3)))
    moved = of(events, E.ForcedMoved)[0]
    assert moved.kind == "push" and moved.end == (7, 3) and moved.path == ((5, 3), (6, 3), (7, 3))
    assert b.cell(b.unit("B").anchor) == (7, 3)
    assert not of(events, E.Provoked)


def test_a_shove_stops_short_of_walls_and_creatures():
    """Forced movement: "Clear Path: Forced movement can't move a target into a space it
    couldn't enter by walking." """
    b = pair([10, 19, 10], a=TRAINED, terrain={(6, 3): WALL})
    ok(b, C.Shove("A", target="B", to=(5, 3)))
    assert b.cell(b.unit("B").anchor) == (5, 3)


def test_a_shove_stops_where_a_big_creature_would_hang_over_the_map_edge():
    """Forced movement "can't move a target into a space it couldn't enter by walking": a
    Large ogre whose body already touches the map's east edge is not pushed east at all, even
    though the hex its anchor would move to is on the map (its other hexes would not be)."""
    b = pair([10, 19, 10], a=TRAINED, b_key="ogre", b={"hp": 80}, at=(5, 3), b_at=(6, 3),
             width=8)
    before = sorted(b.cell(h) for h in b.unit("B").hexes)
    events = ok(b, C.Shove("A", target="B", to=(7, 3)))
    assert of(events, E.OpposedCheck) and not of(events, E.ForcedMoved)
    after = sorted(b.cell(h) for h in b.unit("B").hexes)
    assert after == before and all(c < 8 for c, _ in after)


def test_a_shove_never_provokes_the_shoved_creature_leaves_reach_freely():
    """"No Opportunity Attacks: Forced movement does not provoke opportunity attacks." """
    b = arena(("A", "fighter", "blue", 3, 3, {"initiative": FIRST, **TRAINED}),
              ("B", "orc", "red", 4, 3, {"initiative": SECOND}),
              ("C", "fighter", "blue", 4, 4, {"initiative": THIRD}),
              fixed_dice=[("d20", 10)] * 3 + [("d20", 10), ("d20", 10), ("d20", 10)],
              initiative="top-down")
    next_round(b, "A", "B", "C")
    events = ok(b, C.Shove("A", target="B", to=(5, 3), confirm=True))
    assert not [e for e in of(events, E.AttackRolled) if e.kind == "aoo" and e.target == "B"]


def test_a_shove_off_a_ledge_is_a_fall():
    """"Whether falling into pits, getting shoved off castle walls ... A fall deals
    bludgeoning damage equal to 10% of the victim's maximum HP per 10 feet of the fall." The
    shove is the touch attack and the two checks; the orc's check against the fall (d20 1)
    shortens nothing."""
    high = Terrain(elevation=2, name="tower")
    terrain = {(3, 3): high, (4, 3): high}
    b = pair([10, 10, 10, 1], a=TRAINED, b={"hp": 40}, terrain=terrain)
    events = ok(b, C.Shove("A", target="B", to=(5, 3)))
    hurt = of(events, E.Damaged)[0]
    assert hurt.unit == "B" and hurt.amount == 4 and "fall of 10 ft" in hurt.breakdown
    assert of(events, E.Fell)[0].cause == "shove"
    assert b.unit("B").has("prone")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(walls=st.sets(st.tuples(st.integers(0, 6), st.integers(0, 6)), max_size=12),
       others=st.sets(st.tuples(st.integers(0, 6), st.integers(0, 6)), max_size=5),
       direction=st.integers(0, 5), hexes=st.integers(1, 5))
def test_a_shove_never_ends_in_a_wall_a_creature_or_off_the_map(walls, others, direction,
                                                                 hexes):
    """Forced movement "can't move a target into a space it couldn't enter by walking": a
    shove's every hex is on the map, free of walls and of other creatures."""
    busy = {(2, 3), (3, 3)}
    walls, others = set(walls) - busy, set(others) - busy - set(walls)
    units = [UnitPlacement("A", "fighter", "blue", 2, 3, 0),
             UnitPlacement("B", "orc", "red", 3, 3, 0)]
    units += [UnitPlacement(f"X{n}", "goblin", "red", c, r, 0) for n, (c, r) in
              enumerate(sorted(others))]
    view = make_view(7, 7, {cell: WALL for cell in walls}, units)
    a, t = view.unit("A"), view.unit("B")
    path = W.shove_path(view, t, a.hexes, direction, hexes)
    for anchor in path.anchors:
        cells = [view.hexmap.tile_of(h) for h in footprint(t.size, anchor, t.facing)]
        assert all(view.hexmap.in_bounds(*c) and tuple(c) not in walls for c in cells)
        assert all(o.name == "B" for h in footprint(t.size, anchor, t.facing)
                   for o in view.occupants(h))


# ---- provoking and natural weapons ------------------------------------------------------------

def test_an_untrained_wrestler_provokes_a_trained_one_does_not():
    """"Wrestling Skill - Maneuvers & More (Big Action, AOO)": the game lets a trained wrestler
    (3+ ranks, or a weapon made for it) try without provoking."""
    b = arena(("A", "fighter", "blue", 3, 3, {"initiative": FIRST, "wrestling": 0}),
              ("T", "fighter", "blue", 3, 5, {"initiative": THIRD, **TRAINED}),
              ("B", "orc", "red", 4, 3, {"initiative": SECOND}),
              ("D", "orc", "red", 4, 5, {"initiative": LAST}),
              fixed_dice=[("d20", 10)] * 4, initiative="top-down")
    next_round(b, "A", "B", "T", "D")
    refusal = b.refusal(C.Grab("A", target="B"))
    assert refusal.code == "provokes" and refusal.data["provokers"] == ["B"]
    ok(b, C.EndTurn("A"))
    ok(b, C.EndTurn("B"))
    assert b.refusal(C.Grab("T", target="D")) is None


def test_a_weapon_with_the_grab_trait_grabs_on_its_hit():
    """"Grab/Trip/Shove (Attack): The listed attack allows an attempted Grab/Trip/Shove
    Wrestling maneuver on successful hit." """
    b = pair([15, ("d8", 4), 15, 10, 10], a_key="ogre", at=(3, 3), b_at=(5, 3))
    ogre = b.unit("A")
    slam = next(w for w in ogre.weapons if "grab" in w.properties)
    events = ok(b, C.Grab("A", target="B", weapon=slam.id))
    rolled = of(events, E.AttackRolled)
    assert [r.kind for r in rolled] == ["attack"] and rolled[0].weapon == slam.name
    assert of(events, E.Damaged)[0].unit == "B"
    assert of(events, E.OpposedCheck)[0].maneuver == "grab"
    assert b.budget("A").attacks == 1
