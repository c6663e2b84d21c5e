"""Mounted combat in the default rules (docs/rules/03-movement.md "Riding a mount"): each test
is named after the rule, quotes the rulebook, and plays it through the engine's commands on a
battle built from a map, with fixed dice where a roll matters.
"""
from __future__ import annotations

import pytest

from game.data import load_units
from game.ecs.scenario import make_hexmap
from game.engine import commands as C
from game.engine import events as E
from game.engine.battle import Battle
from game.errors import InputError
from game.hexgrid import hex_distance
from game.tiled.hexmap import UnitPlacement
from game.tiled.loader import load_map
from game.tiled.plan import MapPlan, Unit, write_map
from tests.helpers import refusal_code
from helpers import of, ok

DB = load_units()
FIRST, SECOND, THIRD, LAST = 40, 17, -6, -10
INIT = [("d20", 10)] * 4          # every creature's initiative roll: the ratings decide


def field(*units, dice=()) -> Battle:
    """(name, unit key, team, col, row, overrides) on an open 14x9 field; an override
    `riding` seats the creature on the named mount, as the map property does."""
    placements = []
    for name, key, team, col, row, extra in units:
        extra = dict(extra)
        riding = extra.pop("riding", "")
        placements.append(UnitPlacement(name, key, team, col, row, 0, extra, (), riding=riding))
    hexmap = make_hexmap(14, 9, None, placements)
    return Battle(hexmap, seed=0, units_db=DB, fixed_dice=list(INIT[:len(units)]) + list(dice))


def knight_on_horse(*others, dice=(), horse=None):
    return field(("K", "mounted_knight", "blue", 2, 4, {"initiative": FIRST, "riding": "H"}),
                 ("H", "warhorse", "blue", 2, 4, {"initiative": LAST, **(horse or {})}),
                 *others, dice=dice)


# ---- mounting and dismounting ------------------------------------------------------------------

def test_mounting_or_dismounting_a_horse_provokes_attacks_of_opportunity():
    """The rulebook, among the actions that provoke: "Mounting or dismounting a horse (or other
    animal or vehicle)." A knight beside its horse and an orc: climbing on is refused until
    confirmed, then the orc strikes before the knight is in the saddle."""
    b = field(("K", "mounted_knight", "blue", 3, 4, {"initiative": FIRST}),
              ("H", "warhorse", "blue", 4, 4, {"initiative": SECOND}),
              ("O", "orc", "red", 3, 3, {"initiative": LAST}),
              dice=[("d20", 2)])                    # the orc's blow misses
    assert refusal_code(b, C.Mount("K", mount="H")) == "provokes"
    events = ok(b, C.Mount("K", mount="H", confirm=True))
    assert [(e.by, e.reason) for e in of(events, E.Provoked)] == [("O", "mounting")]
    assert of(events, E.AttackRolled)[0].attacker == "O"
    assert of(events, E.Mounted) == [E.Mounted("K", "H", (4, 4))]
    view = b.view()
    assert view.unit("K").mount == "H" and view.unit("H").rider == "K"


def test_dismounting_is_a_big_action_that_leaves_the_rider_beside_its_mount():
    """The rulebook: "Mounting or dismounting a horse (or other animal or vehicle)" provokes
    like any such action; the game makes it a Big Action (docs/rules/03-movement.md). The
    knight climbs down into a free hex beside the horse, at its own size and speed again."""
    b = knight_on_horse(("O", "orc", "red", 12, 7, {"initiative": SECOND}))
    assert b.view().unit("K").speed_ft == 50
    landing = b.options("K", "dismount")[0].command
    events = ok(b, landing)
    assert of(events, E.Dismounted)[0].thrown is False
    k, h = b.view().unit("K"), b.view().unit("H")
    assert k.mount == "" and h.rider == "" and not h.has("ridden")
    assert len(k.hexes) == 1 and k.size == "medium" and k.speed_ft == 20
    assert not set(k.hexes) & set(h.hexes)
    assert b.budget("K").big == 1


def test_only_a_larger_allied_mount_beside_the_rider_can_be_mounted():
    """The rulebook names "a horse (or other animal or vehicle)": the game lets a creature
    climb onto a free allied mount (a stat block marked rideable) at least one size larger
    than itself, next to it (docs/rules/03-movement.md)."""
    b = field(("K", "mounted_knight", "blue", 3, 4, {"initiative": FIRST}),
              ("W", "warg", "blue", 4, 4, {"initiative": SECOND}),      # medium: too small
              ("H", "warhorse", "blue", 8, 4, {"initiative": THIRD}),   # too far
              ("O", "orc", "red", 12, 7, {"initiative": LAST}))
    assert refusal_code(b, C.Mount("K", mount="W")) == "no_mount"
    assert refusal_code(b, C.Mount("K", mount="H")) == "no_mount"
    assert not b.options("K", "mount")
    assert refusal_code(b, C.Mount("O", mount="H")) == "not_your_turn"


# ---- one pair on the board -----------------------------------------------------------------------

def test_a_rider_and_its_mount_move_as_one_at_the_mounts_speed():
    """The rulebook lists mounting among the actions of a turn; the decided rules: "a rider and
    its mount move as one (the mount's space and speed)". The knight fills the horse's three
    hexes, moves 50 ft a Move action, both arrive together, and the horse takes no turn."""
    b = knight_on_horse(("O", "orc", "red", 12, 8, {"initiative": SECOND}))
    k = b.view().unit("K")
    assert k.hexes == b.view().unit("H").hexes and len(k.hexes) == 3
    assert k.speed_ft == 50
    start = k.anchor
    reach = {hex_distance(start, b.hexmap.hex_at(*o.command.path[-1])): o.command
             for o in b.options("K", "move")}
    far = reach[10]
    moved = of(ok(b, far), E.Moved)[0]
    assert moved.cost + b.budget("K").movement == 20  # two Moves of 50 ft: 20 hexes
    assert b.view().unit("K").hexes == b.view().unit("H").hexes
    assert b.view().unit("H").anchor == b.hexmap.hex_at(*far.path[-1])
    ok(b, C.EndTurn("K"))
    assert b.active == "O"                            # the horse's turn never comes
    assert b.refusal(C.EndTurn("H")) is not None


def test_a_rider_strikes_a_smaller_foe_on_foot_with_the_high_ground_bonus():
    """The rulebook: "If you are positioned above your opponent in a way which allows you a
    better chance of striking vital areas of your target in melee (usually the head & neck),
    you may gain a +1 Tactical Bonus on Attack Rolls." and "This Tactical Bonus applies to a
    human on horseback making melee attacks against standing medium-sized foes." """
    b = knight_on_horse(("O", "orc", "red", 4, 4, {"initiative": SECOND}),
                        dice=[("d20", 10), ("d8", 1)])
    rolled = of(ok(b, C.Attack("K", "O", "longsword")), E.AttackRolled)[0]
    assert "high ground 1" in rolled.breakdown
    assert rolled.total == 10 + 2 + 3 + 1                # d20, HR, STR, the saddle
    b = knight_on_horse(("G", "ogre", "red", 4, 4, {"initiative": SECOND}),
                        dice=[("d20", 10), ("d8", 1)])
    rolled = of(ok(b, C.Attack("K", "G", "longsword")), E.AttackRolled)[0]
    assert "high ground" not in rolled.breakdown          # the ogre is as large as the horse


def test_cavalry_count_as_the_size_of_the_mount_for_knockdown_when_charging():
    """The rulebook: "Cavalry count as the size of the Mount for Knockdown when using Heavy
    Attacks or Charge Attacks." The knight's charge on an orc knocks as a large creature; its
    plain longsword blow knocks as a medium one, the orc's own size, so none follows."""
    charge = knight_on_horse(("O", "orc", "red", 9, 4, {"initiative": SECOND}),
                             dice=[("d20", 15), ("d8", 5), ("d20", 2), ("d20", 15)])
    cmd = charge.options("K", "charge")[0].command
    events = ok(charge, cmd)
    checks = [e for e in of(events, E.CheckRolled) if "knockdown" in e.cause]
    assert checks and charge.view().unit("O").has("prone")
    plain = knight_on_horse(("O", "orc", "red", 4, 4, {"initiative": SECOND}),
                            dice=[("d20", 15), ("d8", 5)])
    events = ok(plain, C.Attack("K", "O", "longsword"))
    assert of(events, E.Damaged) and not of(events, E.CheckRolled)
    assert not plain.view().unit("O").has("prone")


# ---- a mount that falls ------------------------------------------------------------------------

def test_a_mount_that_falls_throws_its_rider_a_fall_of_the_mounts_height():
    """The rulebook on falls: "A fall deals bludgeoning damage equal to 10% of the victim's
    maximum HP per 10 feet of the fall to a medium or large sized creature" and "If you take
    damage, you land prone". The game throws a rider whose mount goes down from its back, a
    fall of the mount's height (10 ft for a horse; docs/rules/03-movement.md)."""
    b = field(("K", "mounted_knight", "blue", 2, 4, {"initiative": SECOND, "riding": "H"}),
              ("H", "warhorse", "blue", 2, 4, {"initiative": LAST, "hp": 1}),
              ("O", "orc", "red", 3, 4, {"initiative": FIRST}),
              dice=[("d20", 18), ("d12", 5), ("d20", 5), ("d20", 15)])
    events = ok(b, C.Attack("O", "H"))
    thrown = of(events, E.Dismounted)
    assert thrown and thrown[0].thrown and thrown[0].unit == "K"
    fell = of(events, E.Fell)[0]
    assert fell.unit == "K" and fell.feet == 10 and fell.damage == 2    # 10% of 22 HP
    k, h = b.view().unit("K"), b.view().unit("H")
    assert k.has("prone") and k.hp == 20 and k.mount == "" and k.size == "medium"
    assert not set(k.hexes) & set(h.hexes) and h.rider == ""


def test_a_pair_knocked_down_as_one_throws_the_rider_from_the_fallen_mount():
    """The rulebook: "Knockdown activates upon striking your target or their shield." A blow
    that knocks the pair down fells the mount, which throws its rider prone beside it."""
    b = field(("W", "warg", "red", 2, 4, {"initiative": LAST}),
              ("R", "goblin_rider", "red", 2, 4, {"initiative": LAST, "riding": "W", "hp": 40}),
              ("G", "ogre", "blue", 3, 4, {"initiative": FIRST}),
              dice=[("d20", 15), ("d6", 1), ("d6", 1), ("d20", 1), ("d20", 15), ("d20", 10)])
    events = ok(b, C.Attack("G", "R"))
    assert of(events, E.Dismounted) and of(events, E.Dismounted)[0].thrown
    assert b.view().unit("W").has("prone") and b.view().unit("R").has("prone")
    assert b.view().unit("R").mount == ""


# ---- the map ------------------------------------------------------------------------------------

def test_a_map_seats_a_rider_on_the_mount_its_riding_property_names():
    """docs/mapping.md "Riders": the shipped ford starts its knights and wolf riders in the
    saddle."""
    b = Battle(load_map("maps/ford.tmx"), seed=1)
    view = b.view()
    riders = {u.name: u.mount for u in view.units if u.mount}
    assert riders == {"Sir Edric": "Destrier", "Dame Isolde": "Charger",
                      "Skritch": "Gnash", "Snikt": "Howl"}
    assert view.unit("Sir Edric").hexes == view.unit("Destrier").hexes


@pytest.mark.parametrize("riding, words", [
    ("Nobody", "names no unit"),
    ("Wolfie", "cannot carry it"),
])
def test_a_map_whose_rider_names_no_fitting_mount_is_refused(tmp_path, riding, words):
    """docs/mapping.md "Riders": one clear line naming the unit and the fix."""
    plan = MapPlan("bad.tmx", "Bad", "A rider with no mount.", "y", "blue,red",
                   "......\n......\n......\n......",
                   [Unit("Sir", "mounted_knight", "blue", 1, 1, 0, {"riding": riding}),
                    Unit("Wolfie", "wolf", "blue", 2, 1, 0),
                    Unit("Grik", "orc", "red", 4, 2, 3)])
    path = write_map(plan, tmp_path / "bad.tmx")
    with pytest.raises(InputError) as err:
        load_map(path)
    assert words in str(err.value) and "Sir" in str(err.value)


def test_the_legality_query_offers_mount_and_dismount_exactly_when_the_engine_accepts_them():
    """The rulebook: "Mounting or dismounting a horse (or other animal or vehicle)" is an action
    like the others: the legality query lists it, enabled exactly when one of its commands is
    accepted, for a rider in the saddle and for one beside its mount."""
    from test_engine_legality import check_state
    b = Battle(load_map("maps/ford.tmx"), seed=1)
    rider = b.active
    assert b.view().unit(rider).mount
    check_state(b, rider)
    enabled = {a.action for a in b.actions(rider) if a.enabled}
    assert "dismount" in enabled and "mount" not in enabled
    ok(b, b.options(rider, "dismount")[0].command)
    check_state(b, rider)
    assert {a.action: a.code for a in b.actions(rider)}["mount"] == "no_big_action" or \
        "mount" in {a.action for a in b.actions(rider) if a.enabled}
