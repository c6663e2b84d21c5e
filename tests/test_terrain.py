"""Climbing, swimming, flying, falling, doors and breaking things (docs/rules/
21-terrain-and-falling.md), driven through commands with fixed dice on the shipped map
maps/keep.tmx. Each test quotes the rulebook's sentence it pins down.

The keep's landmarks (col,row): the cliff (elevation 2, climb DC 15) at 11-14,0-1 and 11-13,2
over the grass of row 3; the river of deep water at 5-6,3; the palisade (a wall 10 ft high)
at 10,4; the keep's closed door at 13,4, its open door at 13,6, its locked door at 13,7, a
barricade at 16,4 inside it; stone walls without a height around it.
"""
from __future__ import annotations

from dataclasses import replace

from game import paths
from game.engine import commands as C
from game.engine import events as E
from game.engine.battle import Battle
from game.engine.falling import knock_down_flyer
from game.rules import falling
from game.rules.sight import line_of_effect, line_of_sight
from game.tiled.hexmap import UnitPlacement
from game.tiled.loader import load_map
from game.ui.undo import replayed

from test_engine_turns import DB, ok, of

KEEP = load_map(paths.resolve_map("keep"))
FAR = ("Far", "orc", "red", 0, 11)          # an enemy far away, so that the battle goes on


def keep(*units, dice=()):
    """The keep with these creatures only: (name, key, team, col, row, overrides?). The first
    acts first; its initiative check and the others' come first among the fixed dice."""
    placements = []
    for n, (name, key, team, col, row, *more) in enumerate(units + (FAR,)):
        over = {"initiative": 40 if n == 0 else 0, **(more[0] if more else {})}
        placements.append(UnitPlacement(name, key, team, col, row, 0, over))
    openings = [("d20", 20)] + [("d20", 1)] * len(units)
    hexmap = replace(KEEP, units=placements)
    return Battle(hexmap, seed=0, units_db=DB, controllers={"blue": "ai", "red": "ai"},
                  fixed_dice=openings + list(dice))


def refused(b, cmd) -> str:
    """The stable code of a refused command (which changed nothing)."""
    before = b.state_hash()
    out = b.apply(cmd)
    assert not out.ok and b.state_hash() == before and not out.events, cmd
    return out.code


def at(b, name):
    return b.cell(b.unit(name).anchor)


# ---- doors ------------------------------------------------------------------------------------

def test_an_unlocked_door_is_opened_as_a_swift_action_and_then_lets_creatures_through():
    """"An unlocked door or a door with an easily accesses latch may be opened as a Swift
    Action." (A Little Action of the Swift kind: it provokes nothing.)"""
    b = keep(("Aldric", "fighter", "blue", 12, 4))
    assert refused(b, C.Move("Aldric", path=((13, 4), (14, 4)))) == "illegal_path"
    events = ok(b, C.OpenDoor("Aldric", to=(13, 4)))
    assert E.DoorChanged("Aldric", (13, 4), "open") in events
    assert b.budget("Aldric").little == 0 and b.budget("Aldric").big == 2
    ok(b, C.Move("Aldric", path=((13, 4), (14, 4))))
    assert at(b, "Aldric") == (14, 4)


def test_a_closed_door_blocks_sight_and_effect_and_cannot_close_on_a_creature():
    """"Total Cover blocks Line of Sight and Line of Effect." A closed door is a wall until it
    is opened; the game closes a door only over an empty doorway."""
    b = keep(("Aldric", "fighter", "blue", 12, 4), ("Grik", "orc", "red", 15, 4))
    view = b.view()
    assert not line_of_sight(view, view.unit("Aldric"), view.unit("Grik"))
    assert not line_of_effect(view, view.unit("Aldric"), view.unit("Grik"))
    ok(b, C.OpenDoor("Aldric", to=(13, 4)))
    view = b.view()
    assert line_of_sight(view, view.unit("Aldric"), view.unit("Grik"))
    ok(b, C.Move("Aldric", path=((13, 4),)))
    assert refused(b, C.CloseDoor("Aldric", to=(13, 4))) in ("out_of_reach", "no_little_action")


def test_closing_an_open_door_blocks_the_way_again():
    """"Unlocking a lock with a key & opening the door uses a Big Action"; an unlocked door
    opens and closes as a Swift Action, and a closed one blocks like a wall."""
    b = keep(("Aldric", "fighter", "blue", 12, 6))
    ok(b, C.CloseDoor("Aldric", to=(13, 6)))
    assert b.hexmap.terrain_at(b.hexmap.hex_at(13, 6)).impassable
    assert refused(b, C.Move("Aldric", path=((13, 6),))) == "illegal_path"
    ok(b, C.OpenDoor("Aldric", to=(13, 6)))              # a Big Action spent as a Little one
    assert b.budget("Aldric").big == 1 and not b.hexmap.terrain_at(
        b.hexmap.hex_at(13, 6)).impassable


def test_a_locked_door_does_not_open_and_a_failed_strength_check_cannot_be_tried_again():
    """"Force it Open / Break it off the Hinges: Make a Strength Check against the Break DC
    of the door." "If you fail, you cannot try again." """
    b = keep(("Aldric", "fighter", "blue", 12, 7), dice=[("d20", 2)])
    assert refused(b, C.OpenDoor("Aldric", to=(13, 7))) == "locked"
    events = ok(b, C.ForceOpen("Aldric", to=(13, 7)))
    check = of(events, E.SkillChecked)[0]
    assert (check.total, check.dc, check.success) == (5, 18, False)     # 2 + STR 3
    assert refused(b, C.ForceOpen("Aldric", to=(13, 7))) == "tried_already"


def test_a_strength_check_that_meets_the_break_dc_breaks_the_door_open():
    """"If the STR Check meets or exceeds the Break DC of the door, you force the door open or
    break it off its hinges." """
    b = keep(("Aldric", "fighter", "blue", 12, 7), dice=[("d20", 15)])
    forecast = b.forecast(C.ForceOpen("Aldric", to=(13, 7)))
    assert forecast.chance == 0.3                                   # 15+ on the d20
    events = ok(b, C.ForceOpen("Aldric", to=(13, 7)))
    assert E.DoorChanged("Aldric", (13, 7), "broken") in events
    ok(b, C.Move("Aldric", path=((13, 7), (14, 7))))
    assert refused(b, C.CloseDoor("Aldric", to=(13, 7))) in ("no_door", "door_broken")


def test_hardness_is_negated_before_the_hit_points_of_a_door():
    """"Hardness X indicates that X amount of damage of any type is negated before the HP is
    affected." "A door is a big, stationary target (Automatic hit within 10 feet)." """
    b = keep(("Grik", "orc", "blue", 12, 4), dice=[("d12", 10)])
    events = ok(b, C.Smash("Grik", to=(13, 4), weapon="greataxe"))
    struck = of(events, E.ObjectStruck)[0]
    assert (struck.damage, struck.hp_left, struck.broken) == (9, 6, False)   # 10 + 4 - 5
    assert b.terrain_change((13, 4))[1] == 9
    assert b.hexmap.terrain_at(b.hexmap.hex_at(13, 4)).impassable
    assert refused(b, C.Smash("Grik", to=(13, 4))) == "no_attack_left"     # level 2: one


def test_a_breakable_obstacle_at_zero_hit_points_breaks_into_rubble():
    """"Objects have a set amount of Hit Points. If reduced to zero HP, the object is
    destroyed." """
    b = keep(("Grik", "orc", "blue", 15, 4), dice=[("d12", 12)])
    ok(b, C.Smash("Grik", to=(16, 4), weapon="greataxe"))
    t = b.hexmap.terrain_at(b.hexmap.hex_at(16, 4))
    assert t.obstacle == "none" and t.difficult and not t.breakable


def test_door_changes_are_battle_state_that_replays_and_hashes():
    """The map a battle is fought on changes with its doors: a save (the command log) replays
    them, and the state hash tells an open door from a closed one."""
    b = keep(("Aldric", "fighter", "blue", 12, 4))
    before = b.state_hash()
    ok(b, C.OpenDoor("Aldric", to=(13, 4)))
    assert b.state_hash() != before
    again = replayed(b, b.log)
    assert again.state_hash() == b.state_hash()
    assert again.hexmap.terrain_at(again.hexmap.hex_at(13, 4)).door == "open"
    assert again.base_map is b.base_map


# ---- ledges, jumping down and falling -----------------------------------------------------------

def test_fall_damage_is_ten_percent_of_max_hp_per_ten_feet():
    """"Ex: Rock the Barbarian is knocked off a 30-foot cliff. He rolls a Jump&Sprint check and
    scores a 27, reducing the effective fall distance by 20 feet (30-20 = 10 feet). His MaxHP
    is 142, so he takes 10% of that as bludgeoning damage (14 damage)." """
    rock = falling.fall(142, "medium", 6, check_total=27)
    assert (rock.effective, rock.percent, rock.damage, rock.prone) == (10, 10, 14, True)
    assert falling.fall(142, "medium", 6, check_total=3).damage == 42
    assert falling.fall(142, "medium", 2, check_total=15).damage == 0      # lands standing
    assert falling.fall(142, "small", 4).effective == 10                    # 10 ft lower


def test_jumping_down_a_ledge_is_a_fall_that_a_jump_check_may_shorten():
    """"A DC15 Acrobatics or Jump&Sprint check reduces the effective distance of any fall by 10
    feet." "If you do not take damage from a fall, you land standing and unharmed." """
    b = keep(("Aldric", "fighter", "blue", 12, 2), dice=[("d20", 14)])
    forecast = b.forecast(C.Move("Aldric", path=((12, 3), (12, 4))))
    assert forecast is not None and "jump down 10 ft" in forecast.lines[0]
    events = ok(b, C.Move("Aldric", path=((12, 3), (12, 4))))
    fell = of(events, E.Fell)[0]
    assert (fell.feet, fell.effective, fell.damage) == (10, 0, 0)
    assert at(b, "Aldric") == (12, 4) and not b.unit("Aldric").has("prone")


def test_a_fall_that_hurts_lands_the_creature_prone_and_ends_its_move():
    """"If you take damage, you land prone." A fall deals "10% of the victim's maximum HP per
    10 feet of the fall"."""
    b = keep(("Aldric", "fighter", "blue", 12, 2), dice=[("d20", 3)])
    events = ok(b, C.Move("Aldric", path=((12, 3), (12, 4))))
    fell = of(events, E.Fell)[0]
    assert (fell.effective, fell.damage) == (10, 2)                          # 10% of 22
    assert at(b, "Aldric") == (12, 3) and b.unit("Aldric").has("prone")
    assert b.unit("Aldric").hp == 20


def test_climbing_a_ledge_needs_a_climb_check_and_costs_double_movement():
    """"Jump/Climb/Swim a short distance" is movement: a ledge 10 ft high is climbed at half
    speed with a Climb check against its DC; failing, the climber stays below."""
    b = keep(("Aldric", "fighter", "blue", 12, 3), dice=[("d20", 5)])
    events = ok(b, C.Move("Aldric", path=((12, 2),)))
    check = of(events, E.SkillChecked)[0]
    assert (check.skill, check.dc, check.success) == ("climb", 15, False)
    assert at(b, "Aldric") == (12, 3) and b.budget("Aldric").movement == 0
    b = keep(("Aldric", "fighter", "blue", 12, 3), dice=[("d20", 15)])
    ok(b, C.Move("Aldric", path=((12, 2),)))
    assert at(b, "Aldric") == (12, 2) and b.budget("Aldric").movement == 1   # 6 - (1 + 2 x 2)


def test_a_flying_creature_knocked_down_drops_and_falls_prone():
    """"A flying creature affected by a Knockdown drops 10 feet. If they reach the ground,
    they fall prone." """
    b = keep(("Shriek", "harpy", "red", 9, 4), dice=[("d20", 10)])
    fell = knock_down_flyer(b, "Shriek")
    assert fell is not None and b.unit("Shriek").has("prone")
    assert falling.knockdown_drop_steps("poor") == 4 and falling.knockdown_drop_steps("good") == 2
    assert knock_down_flyer(b, "Shriek") is None            # prone: it no longer flies


# ---- water ------------------------------------------------------------------------------------

def test_a_creature_without_a_swim_speed_makes_a_swim_check_to_enter_deep_water():
    """"You do not have to make Swim checks to move, attack, or cast spells underwater" is
    the gift of a Swim speed: anyone else checks, and failing stays on the bank."""
    b = keep(("Aldric", "fighter", "blue", 4, 3), dice=[("d20", 2)])
    path = ((5, 3), (6, 3), (7, 3))
    assert refused(b, C.Move("Aldric", path=((5, 3),))) == "illegal_path"   # no stop in it
    events = ok(b, C.Move("Aldric", path=path))
    assert of(events, E.SkillChecked)[0].skill == "swim"
    assert at(b, "Aldric") == (4, 3)
    b = keep(("Aldric", "fighter", "blue", 4, 3), dice=[("d20", 12)])
    ok(b, C.Move("Aldric", path=path))
    assert at(b, "Aldric") == (7, 3) and b.budget("Aldric").movement == 1   # 6 - (2 + 2 + 1)


def test_a_swimmer_moves_through_deep_water_without_checks_and_may_stay_in_it():
    """"Swim - Creatures with a "Swim Speed"": "You can move normally in all 3-dimensions
    while swimming, and suffer no penalties"."""
    b = keep(("Ssark", "lizardfolk", "blue", 4, 3))
    events = ok(b, C.Move("Ssark", path=((5, 3),)))
    assert not of(events, E.SkillChecked) and at(b, "Ssark") == (5, 3)
    assert b.budget("Ssark").movement == 5


# ---- flying -------------------------------------------------------------------------------------

def test_a_flyer_passes_over_a_palisade_but_not_a_wall_without_a_height():
    """"Flight is the ability to move through the air in 3-Dimensions." The game lets a flyer
    over a wall whose tiles give it a height, never through a closed door or a wall that
    reaches the ceiling."""
    b = keep(("Shriek", "harpy", "red", 9, 4))
    ok(b, C.Move("Shriek", path=((10, 4), (11, 4))))
    assert at(b, "Shriek") == (11, 4)
    b = keep(("Shriek", "harpy", "red", 14, 2))
    assert refused(b, C.Move("Shriek", path=((14, 3), (14, 4)))) == "illegal_path"
    b = keep(("Aldric", "fighter", "blue", 9, 4))
    assert refused(b, C.Move("Aldric", path=((10, 4), (11, 4)))) == "illegal_path"


def test_a_flyer_ignores_difficult_ground_and_water_and_cannot_take_a_five_foot_step():
    """"You cannot take a 5-Foot Step while Flying. (unless you have Perfect
    maneuverability)" """
    b = keep(("Shriek", "harpy", "red", 4, 2))
    assert refused(b, C.Step("Shriek", to=(5, 2))) == "flying"
    ok(b, C.Move("Shriek", path=((5, 2), (6, 2), (7, 2))))        # the ford: 1 hex each
    assert b.budget("Shriek").movement == 9                         # fly 60 ft = 12 hexes
