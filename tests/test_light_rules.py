"""The light rulebook on hexes, one test per rule (docs/rules/light/): every test is named after
the rule it pins, quotes the rulebook's own sentence, and plays it through commands on a real
light battle, with the dice fixed where a roll matters.

`arena(...)` builds a small open field. The first dice of a battle are its initiative d20s, one
per creature in the order they are listed; `arena` gives them 20, 15, 10, 5, 1, so that the
turn order is the listed order (no Senses is 5 more than another's). Refusals are read by their
stable code through the legality query (`Battle.refusal`, `Battle.can_start`), never by words.

Stat blocks used (assets/units/light/): fighter (Speed 5, Senses 4, Armor 2, POW 3, proficiency
3, longsword 7, shift 5 ft, walk 30 ft, run 45 ft), orc (Speed 5, Senses 4, Will 3, Armor 1, POW
4, greataxe 7), archer (Senses 6, SNS 4, shortbow 6, range 12), rogue (SNS 3, shortsword 6,
throwable dagger 3, shift 10 ft), goblin_minion (1 HP).
"""
from __future__ import annotations

import math
from dataclasses import replace

from game.data.light import LightPower, LightWeapon, load_light_units
from game.ecs.components import Weapons
from game.ecs.light_components import LightPool
from game.ecs.scenario import make_hexmap
from game.engine import events as E
from game.engine.battle import Battle
from game.engine.light import commands as L
from game.hexgrid import hex_neighbor
from game.tiled.hexmap import RespawnPoint, Terrain, UnitPlacement
from helpers import code, of, ok

DB = load_light_units()
INITIATIVE = (20, 15, 10, 5, 1)     # d20s that keep the listed order whatever the Senses


def arena(*units, dice=(), lives=None, respawns=(), db=None, width=12, height=8) -> Battle:
    """units: (name, kind, team, col, row[, conditions]) on open ground; `dice` the d20s
    rolled after initiative; respawns: (team, col, row)."""
    placements = [UnitPlacement(name, kind, team, col, row, 0, {}, tuple(rest[0]) if rest
                                else ()) for name, kind, team, col, row, *rest in units]
    hexmap = make_hexmap(width, height, None, placements)
    if lives is not None:
        hexmap.lives = lives
    hexmap.respawns = tuple(RespawnPoint(*r) for r in respawns)
    rolls = INITIATIVE[:len(units)] + tuple(dice)
    return Battle(hexmap, seed=0, rules="light", units_db=db or DB,
                  fixed_dice=[("d20", d) for d in rolls])


def attacks(events) -> list[tuple]:
    """(attacker, target, natural, total, needed, hit, critical, kind) of every roll."""
    return [(e.attacker, e.target, e.natural, e.total, e.ac, e.hit, e.critical, e.kind)
            for e in of(events, E.AttackRolled)]


def damage(events) -> list[int]:
    return [e.amount for e in of(events, E.Damaged)]


def next_to(b: Battle, cell, direction: int) -> tuple[int, int]:
    """The cell next to `cell` (col, row) in hex direction 0-5."""
    return b.cell(hex_neighbor(b.hexmap.hex_at(*cell), direction))


def pass_turns(b: Battle, until: str) -> list:
    """End the turn under way, then every turn before `until`'s next one; the events."""
    events = ok(b, L.EndTurn(b.active))
    while b.active != until:
        events += ok(b, L.EndTurn(b.active))
    return events


def sheet(kind: str, **changes):
    return replace(DB[kind], **changes)


def db_with(**sheets) -> dict:
    return {**DB, **sheets}


# ---- the turn ------------------------------------------------------------------------------

def test_initiative_is_d20_plus_senses_rolled_once():
    """"The order of turns (who goes after who) is determined by each participant rolling a
    d20 and adding their Senses." """
    hexmap = make_hexmap(12, 8, None, [
        UnitPlacement("F", "fighter", "blue", 1, 1), UnitPlacement("A", "archer", "red", 9, 1)])
    b = Battle(hexmap, rules="light", fixed_dice=[("d20", 12), ("d20", 11)])
    rolled = of(b.events, E.InitiativeRolled)
    assert [(e.unit, e.total) for e in rolled] == [("F", 12 + 4), ("A", 11 + 6)]
    assert b.order == ("A", "F")
    rolls = b.dice.rolls
    for _ in range(4):                   # two whole rounds: nobody rolls again
        ok(b, L.EndTurn(b.active))
    assert b.round == 3 and b.dice.rolls == rolls and b.order == ("A", "F")


def test_initiative_ties_go_to_the_higher_senses_then_the_name():
    """"...each participant rolling a d20 and adding their Senses." (a tie is the game's to
    break)"""
    hexmap = make_hexmap(12, 8, None, [
        UnitPlacement("Zed", "fighter", "blue", 1, 1), UnitPlacement("Ann", "orc", "red", 9, 1),
        UnitPlacement("Bo", "archer", "red", 9, 5)])
    b = Battle(hexmap, rules="light", fixed_dice=[("d20", 10), ("d20", 10), ("d20", 8)])
    assert b.order == ("Bo", "Ann", "Zed")         # 14, 14, 14: Senses 6 first, then names


def test_a_move_and_a_major_action_in_any_order():
    """"You can make one move action and one major action, in any order." """
    b = arena(("F", "fighter", "blue", 2, 2), ("O", "orc", "red", 3, 2), dice=[1, 1])
    ok(b, L.VolleyAttack("F", target="O"))
    ok(b, L.Shift("F", path=(next_to(b, (2, 2), 3),)))
    assert code(b, L.Jump("F")) == "no_move_action"
    ok(b, L.EndTurn("F"))
    ok(b, L.Shift("O", path=((2, 2),)))
    ok(b, L.VolleyAttack("O", target="F"))
    assert code(b, L.Block("O")) == "no_major_action"


def test_two_move_actions_leave_no_major_action():
    """"Alternatively, you can make two Move actions." """
    b = arena(("F", "fighter", "blue", 2, 2), ("O", "orc", "red", 5, 2))
    ok(b, L.Shift("F", path=((3, 2),)))
    ok(b, L.Shift("F", path=((4, 2),)))
    assert code(b, L.LightAttack("F", target="O")) == "no_major_action"
    assert b.can_start("F", "block").code == "no_major_action"
    assert b.can_start("F", "shift").code == "no_move_action"


def test_wait_moves_the_turn_next_to_an_ally():
    """"You can also Wait, which lets you move your turn to any spot in the initiative order,
    as long as it immediately follows or precedes an ally’s." """
    b = arena(("A", "fighter", "blue", 1, 1), ("O", "orc", "red", 9, 1),
              ("C", "archer", "blue", 1, 5))
    events = ok(b, L.Wait("A", ally="C", after=True))
    assert of(events, E.Waited) == [E.Waited("A", "C", True)]
    assert b.order == ("O", "C", "A") and b.active == "O"
    pass_turns(b, "A")
    ok(b, L.EndTurn("A"))                       # round 2 keeps the new order
    assert b.round == 2 and b.active == "O"
    ok(b, L.EndTurn("O"))
    ok(b, L.Wait("C", ally="A", after=True))
    assert b.order == ("O", "A", "C") and b.active == "A"


def test_wait_needs_an_ally_still_to_act_and_comes_before_anything_else():
    """"...as long as it immediately follows or precedes an ally’s." """
    b = arena(("A", "fighter", "blue", 1, 1), ("C", "archer", "blue", 1, 5),
              ("O", "orc", "red", 9, 1), ("G", "goblin", "red", 9, 5))
    assert code(b, L.Wait("A", ally="O")) == "no_ally"
    assert code(b, L.Wait("A", ally="A")) == "no_ally"
    ok(b, L.EndTurn("A"))
    assert code(b, L.Wait("C", ally="A")) == "ally_acted"
    ok(b, L.Shift("C", path=((1, 4),)))
    assert code(b, L.Wait("C", ally="A")) == "already_acted"
    ok(b, L.EndTurn("C"))
    ok(b, L.Wait("O", ally="G", after=True))
    assert b.active == "G" and b.order == ("A", "C", "G", "O")


def test_a_creature_that_waits_does_not_start_its_turn_again():
    """"Stunned: Attacks against you get +5 to hit. On your turn, you can’t take any Move
    actions, and you are no longer Stunned." (once a turn, Wait or not)"""
    b = arena(("A", "fighter", "blue", 1, 1, ["stunned"]), ("C", "archer", "blue", 1, 5),
              ("O", "orc", "red", 9, 1))
    assert code(b, L.Shift("A", path=((2, 1),))) == "stunned"
    ok(b, L.Wait("A", ally="C", after=True))
    events = ok(b, L.EndTurn("C"))
    assert b.active == "A" and not of(events, E.ConditionRemoved)
    assert code(b, L.Shift("A", path=((2, 1),))) == "stunned"


# ---- move actions ----------------------------------------------------------------------------

def test_feet_are_hexes_of_five_feet():
    """"Shift: You move a number of feet equal to your shift score." (5 ft a hex)"""
    b = arena(("F", "fighter", "blue", 1, 1), ("R", "rogue", "red", 1, 5),
              ("O", "orc", "red", 10, 6))
    assert code(b, L.Shift("F", path=((2, 1), (3, 1)))) == "too_far"        # 5 ft: 1 hex
    run = tuple((c, 1) for c in range(2, 12))
    assert code(b, L.Run("F", path=run)) == "too_far"                        # 45 ft: 9
    ok(b, L.Run("F", path=run[:9]))
    ok(b, L.EndTurn("F"))
    ok(b, L.Shift("R", path=((2, 5), (3, 5))))                               # 10 ft: 2


def test_a_walk_goes_farther_than_a_shift_up_to_the_walk_score():
    """"Walk: You move a number of feet in between your shift and run scores." """
    b = arena(("F", "fighter", "blue", 1, 1), ("O", "orc", "red", 10, 6))
    walk = tuple((c, 1) for c in range(2, 9))
    assert code(b, L.Walk("F", path=walk[:1])) == "too_short"                # 1 hex: Shift
    assert code(b, L.Walk("F", path=walk)) == "too_far"                      # 30 ft: 6
    assert all(len(o.command.path) > 1 for o in b.options("F", "walk"))
    ok(b, L.Walk("F", path=walk[:6]))


def test_shift_never_provokes():
    """"Shift: You move a number of feet equal to your shift score. Cannot provoke opportunity
    attacks." """
    b = arena(("F", "fighter", "blue", 2, 2), ("O", "orc", "red", 3, 2))
    away = next_to(b, (2, 2), 3)
    assert code(b, L.Shift("F", path=(away,))) is None
    events = ok(b, L.Shift("F", path=(away,)))
    assert not of(events, E.AttackRolled) and b.unit("F").anchor == b.hexmap.hex_at(*away)


def test_walking_out_of_an_enemys_reach_provokes_an_opportunity_attack():
    """"Walk: You move a number of feet in between your shift and run scores. Provokes an
    opportunity attack when leaving a creature's attack range." """
    b = arena(("F", "fighter", "blue", 3, 2), ("O", "orc", "red", 4, 2), dice=[10])
    path = ((2, 2), (1, 2))
    refused = b.refusal(L.Walk("F", path=path))
    assert refused.code == "provokes" and refused.data["provokers"] == ["O"]
    events = ok(b, L.Walk("F", path=path, confirm=True))
    assert attacks(events) == [("O", "F", 10, 13, 10, True, False, "aoo")]
    moved = of(events, E.Moved)[0]
    assert events.index(of(events, E.AttackRolled)[0]) < events.index(moved)   # before it goes
    assert damage(events) == [7 + 4 - 2]


def test_running_out_of_an_enemys_reach_provokes_an_opportunity_attack():
    """"Run: You move a number of feet equal to your run score. Provokes an opportunity attack
    when leaving a creature's attack range." """
    b = arena(("F", "fighter", "blue", 3, 2), ("O", "orc", "red", 4, 2), dice=[2])
    events = ok(b, L.Run("F", path=((2, 2), (1, 2), (0, 2)), confirm=True))
    assert attacks(events) == [("O", "F", 2, 5, 10, False, False, "aoo")]
    assert b.cell(b.unit("F").anchor) == (0, 2)


def test_only_a_melee_weapon_in_hand_gives_an_attack_range():
    """"If an enemy leaves your attack range, you can make a Basic Attack against them as an
    Interruption." (an archer with its bow in hand strikes nobody who walks away)"""
    b = arena(("F", "fighter", "blue", 3, 2), ("A", "archer", "red", 4, 2))
    assert code(b, L.Walk("F", path=((2, 2), (1, 2)))) is None


def test_an_opportunity_attack_is_made_once_per_enemy_turn():
    """"If an enemy leaves your attack range, you can make a Basic Attack against them as an
    Interruption. This is called an Opportunity Attack." (once in each of the enemy's turns)"""
    b = arena(("F", "fighter", "blue", 3, 2), ("O", "orc", "red", 4, 2), dice=[1, 1])
    events = ok(b, L.Walk("F", path=((2, 2), (1, 2)), confirm=True))
    assert len(attacks(events)) == 1
    back_and_away = ((2, 2), (3, 2), (2, 2), (1, 2))
    assert code(b, L.Walk("F", path=back_and_away)) is None
    assert not attacks(ok(b, L.Walk("F", path=back_and_away)))
    ok(b, L.EndTurn("F"))
    ok(b, L.Walk("O", path=((3, 2), (2, 2))))
    ok(b, L.EndTurn("O"))
    assert code(b, L.Walk("F", path=((1, 1), (1, 0)))) == "provokes"    # a new enemy turn


def test_jump_lets_a_creature_attack_an_airborne_target_until_the_end_of_its_turn():
    """"Jump: You are able to attack Airborne targets until the end of your turn." """
    b = arena(("F", "fighter", "blue", 2, 2), ("O", "orc", "red", 3, 2, ["airborne"]),
              dice=[10])
    assert code(b, L.LightAttack("F", target="O")) == "cannot_attack"
    ok(b, L.Jump("F"))
    events = ok(b, L.LightAttack("F", target="O"))
    assert attacks(events) == [("F", "O", 10, 18, 10, True, False, "light")]


def test_get_up_ends_grounded_and_a_grounded_creature_must_get_up():
    """"Get Up: You are no longer Grounded." "Grounded: You are lying on the ground." """
    b = arena(("F", "fighter", "blue", 2, 2, ["grounded"]), ("O", "orc", "red", 8, 2))
    for cmd in (L.Shift("F", path=((3, 2),)), L.Walk("F", path=((3, 2), (4, 2))),
                L.Run("F", path=((3, 2), (4, 2))), L.Jump("F")):
        assert code(b, cmd) == "grounded"
    events = ok(b, L.GetUp("F"))
    assert of(events, E.ConditionRemoved) == [E.ConditionRemoved("F", "grounded")]
    assert code(b, L.GetUp("F")) == "not_grounded"
    ok(b, L.Shift("F", path=((3, 2),)))                   # its second move action


def test_a_grounded_creature_cannot_dash():
    """"Grounded: You are lying on the ground." "Dash Attack: Make a basic ranged attack, and
    move twice your Shift score in any direction." (lying down, it must Get Up to move)"""
    b = arena(("A", "archer", "blue", 2, 2, ["grounded"]), ("O", "orc", "red", 8, 2),
              dice=[10])
    assert code(b, L.DashAttack("A", target="O", path=((3, 2), (4, 2)))) == "grounded"
    ok(b, L.DashAttack("A", target="O"))                  # the shot alone: it does not move


# ---- major actions ---------------------------------------------------------------------------

def test_a_light_attack_adds_5_to_hit():
    """"Light Attack: Make a basic melee attack, and add 5 to your hit roll." """
    b = arena(("F", "fighter", "blue", 2, 2), ("O", "orc", "red", 3, 2), dice=[2])
    events = ok(b, L.LightAttack("F", target="O"))
    assert attacks(events) == [("F", "O", 2, 2 + 3 + 5, 10, False, False, "light")]
    b = arena(("F", "fighter", "blue", 2, 2), ("O", "orc", "red", 3, 2), dice=[3])
    assert attacks(ok(b, L.LightAttack("F", target="O")))[0][5]


def test_a_light_attack_on_18_to_20_makes_a_basic_attack():
    """"If you roll an 18-20, make a Basic Attack." "Note: When you make a second attack in one
    turn, it’s called a chain." """
    for natural in (18, 19, 20):
        b = arena(("F", "fighter", "blue", 2, 2), ("O", "orc", "red", 3, 2),
                  dice=[natural, 5])
        rolled = attacks(ok(b, L.LightAttack("F", target="O")))
        assert rolled[1] == ("F", "O", 5, 5 + 3, 10, False, False, "chain")   # no +5: basic
        assert len(rolled) == 2
    b = arena(("F", "fighter", "blue", 2, 2), ("O", "orc", "red", 3, 2), dice=[17])
    assert len(attacks(ok(b, L.LightAttack("F", target="O")))) == 1


def test_a_heavy_attack_adds_5_to_damage():
    """"Heavy Attack: Make a basic melee attack, and add 5 to your damage total." """
    b = arena(("F", "fighter", "blue", 2, 2), ("O", "orc", "red", 3, 2), dice=[10])
    events = ok(b, L.HeavyAttack("F", target="O"))
    assert attacks(events) == [("F", "O", 10, 13, 10, True, False, "heavy")]
    assert damage(events) == [7 + 3 + 5 - 1]


def test_a_heavy_attack_on_19_or_20_stuns():
    """"If you roll an 19-20, your attack stuns the enemy." """
    for natural, stuns in ((18, False), (19, True), (20, True)):
        b = arena(("F", "fighter", "blue", 2, 2), ("O", "orc", "red", 3, 2),
                  dice=[natural])
        ok(b, L.HeavyAttack("F", target="O"))
        assert ("stunned" in b.conditions("O").active) is stuns, natural


def test_a_heavy_attack_on_19_that_misses_does_not_stun():
    """"If you roll an 19-20, your attack stuns the enemy." (an attack that misses stuns
    nobody)"""
    tough = sheet("orc", speed=12)             # 2 x 12 = 24: a natural 19 + 3 misses
    b = arena(("F", "fighter", "blue", 2, 2), ("O", "tough", "red", 3, 2), dice=[19],
              db=db_with(tough=tough))
    assert attacks(ok(b, L.HeavyAttack("F", target="O")))[0][5] is False
    assert "stunned" not in b.conditions("O").active


def test_a_volley_attack_on_a_stunned_target_is_a_critical():
    """"Volley Attack: If a target is stunned, and your attack against them hits, it's
    automatically a critical." """
    b = arena(("F", "fighter", "blue", 2, 2), ("O", "orc", "red", 3, 2, ["stunned"]),
              dice=[3])
    events = ok(b, L.VolleyAttack("F", target="O"))
    assert attacks(events) == [("F", "O", 3, 3 + 3 + 5, 10, True, True, "volley")]
    assert damage(events) == [7 + 3]                              # no Armor taken off
    b = arena(("F", "fighter", "blue", 2, 2), ("O", "orc", "red", 3, 2, ["stunned"]),
              dice=[2])
    assert attacks(ok(b, L.VolleyAttack("F", target="O")))[0][5:7] == (False, False)


def test_a_dash_attack_ending_within_two_hexes_makes_another_attack():
    """"Dash Attack: Make a basic ranged attack, and move twice your Shift score in any
    direction. If this movement puts you within 10 feet of your target, make a Basic
    Attack." """
    b = arena(("A", "archer", "blue", 2, 2), ("O", "orc", "red", 6, 2), dice=[10, 12])
    events = ok(b, L.DashAttack("A", target="O", path=((3, 2), (4, 2))))
    assert attacks(events) == [("A", "O", 10, 13, 8, True, False, "dash"),
                               ("A", "O", 12, 15, 8, True, False, "chain")]
    assert of(events, E.Moved)[0].kind == "dash" and damage(events) == [6 + 4 - 1] * 2
    b = arena(("A", "archer", "blue", 2, 2), ("O", "orc", "red", 7, 2), dice=[10])
    events = ok(b, L.DashAttack("A", target="O", path=((3, 2), (4, 2))))
    assert len(attacks(events)) == 1                               # 3 hexes away
    b = arena(("A", "archer", "blue", 2, 2), ("O", "orc", "red", 6, 2))
    assert code(b, L.DashAttack("A", target="O", path=((3, 2), (4, 2), (5, 2)))) == \
        "too_far"                                                  # 2 x 5 ft: 2 hexes


def test_a_dash_attack_moves_without_provoking():
    """"Dash Attack: Make a basic ranged attack, and move twice your Shift score in any
    direction." (the move is no Walk or Run)"""
    b = arena(("A", "archer", "blue", 2, 2), ("O", "orc", "red", 3, 2),
              ("G", "goblin", "red", 9, 6), dice=[1])
    events = ok(b, L.DashAttack("A", target="G", path=((1, 2), (0, 2))))
    assert attacks(events) == [("A", "G", 1, 4, 10, False, False, "dash")]


def test_a_scope_attack_gives_every_adjacent_enemy_an_opportunity_attack():
    """"Scope Attack: Make a basic ranged attack, and add 5 to your hit roll. If you are within
    any enemies’ attacking ranges, they get an Opportunity Attack." """
    b = arena(("A", "archer", "blue", 2, 2), ("O", "orc", "red", 3, 2),
              ("G", "goblin", "red", 2, 3), ("X", "orc", "red", 9, 2), dice=[1, 1, 4])
    refused = b.refusal(L.ScopeAttack("A", target="X"))
    assert refused.code == "provokes" and sorted(refused.data["provokers"]) == ["G", "O"]
    events = ok(b, L.ScopeAttack("A", target="X", confirm=True))
    assert sorted(attacks(events)[:2]) == [("G", "A", 1, 4, 10, False, False, "aoo"),
                                           ("O", "A", 1, 4, 10, False, False, "aoo")]
    assert attacks(events)[2] == ("A", "X", 4, 4 + 3 + 5, 8, True, False, "scope")


def test_a_scope_attack_out_of_every_reach_provokes_nothing():
    """"If you are within any enemies’ attacking ranges, they get an Opportunity Attack." """
    b = arena(("A", "archer", "blue", 2, 2), ("X", "orc", "red", 9, 2), dice=[4])
    assert code(b, L.ScopeAttack("A", target="X")) is None


def test_a_thrown_weapon_lies_in_the_targets_hex():
    """"Throw Weapon: Make a basic ranged attack with your weapon. The range of this attack is
    10. You get -5 to hit. You obviously have to get your weapon." """
    b = arena(("R", "rogue", "blue", 2, 2), ("O", "orc", "red", 5, 2), dice=[15])
    assert b.can_start("R", "throw_weapon").code == "no_weapon"     # the dagger is put away
    ok(b, L.HandleEquipment("R", weapon="dagger"))
    pass_turns(b, "R")
    assert code(b, L.ThrowWeapon("R", target="O")) == "out_of_range"   # 3 hexes
    ok(b, L.Shift("R", path=((3, 2),)))
    events = ok(b, L.ThrowWeapon("R", target="O"))
    assert attacks(events) == [("R", "O", 15, 15 + 3 - 5, 8, True, False, "throw")]
    assert b.component("R", Weapons).ground == (("dagger", b.unit("O").anchor),)
    assert "dagger" not in {w.id for w in b.unit("R").weapons}
    pass_turns(b, "R")
    ok(b, L.Shift("R", path=((4, 2),)))
    ok(b, L.HandleEquipment("R", weapon="dagger"))        # picked up next to it: free
    assert "dagger" in {w.id for w in b.unit("R").weapons}
    assert code(b, L.Block("R")) is None


def test_a_thrown_weapon_is_a_ranged_attack():
    """"Throw Weapon: Make a basic ranged attack with your weapon." (against twice Senses,
    damage + SNS)"""
    b = arena(("R", "rogue", "blue", 3, 2), ("O", "orc", "red", 5, 2), dice=[11])
    ok(b, L.HandleEquipment("R", weapon="dagger"))
    pass_turns(b, "R")
    events = ok(b, L.ThrowWeapon("R", target="O"))
    assert attacks(events) == [("R", "O", 11, 9, 2 * 4, True, False, "throw")]
    assert damage(events) == [3 + 3 - 1]


def test_block_adds_5_to_defense_but_not_against_guns():
    """"Block: You prepare yourself for an attack and gain +5 to defense until your next turn.
    This does not apply if the enemy attacks with a gun." """
    gunner = sheet("archer", name="Gunner",
                   weapons=(LightWeapon("pistol", "Pistol", "gun", 5, 0, 6),))
    b = arena(("O", "orc", "red", 3, 2), ("F", "fighter", "blue", 2, 2),
              ("G", "gunner", "blue", 2, 4), dice=[12, 6], db=db_with(gunner=gunner))
    ok(b, L.Block("O"))
    assert b.conditions("O").active == {"blocking": 1}
    ok(b, L.EndTurn("O"))
    assert attacks(ok(b, L.VolleyAttack("F", target="O"))) == [
        ("F", "O", 12, 15, 10 + 5, False, False, "volley")]
    pass_turns(b, "G")
    assert attacks(ok(b, L.VolleyAttack("G", target="O"))) == [
        ("G", "O", 6, 9, 8, True, False, "volley")]


def test_block_lasts_until_the_creatures_next_turn():
    """"Block: You prepare yourself for an attack and gain +5 to defense until your next
    turn." """
    b = arena(("O", "orc", "red", 3, 2), ("F", "fighter", "blue", 2, 2))
    ok(b, L.Block("O"))
    ok(b, L.EndTurn("O"))
    assert "blocking" in b.conditions("O").active
    events = ok(b, L.EndTurn("F"))
    assert E.ConditionRemoved("O", "blocking") in events
    assert "blocking" not in b.conditions("O").active


def test_handle_equipment_draws_a_weapon_as_the_major_action():
    """"Handle Equipment: You draw or sheath a weapon or pull out or put back an item from your
    pack." """
    b = arena(("R", "rogue", "blue", 2, 2), ("O", "orc", "red", 8, 2))
    ok(b, L.HandleEquipment("R", weapon="dagger"))
    assert [w.id for w in b.unit("R").weapons] == ["dagger"]
    assert b.component("R", Weapons).sheathed == ("shortsword",)
    assert code(b, L.HandleEquipment("R", weapon="shortsword")) == "no_major_action"
    assert code(b, L.HandleEquipment("R", weapon="axe")) == "no_such_weapon"


def test_consume_substance_drinks_a_healing_draught():
    """"Consume Substance: You drink or swallow something." """
    b = arena(("O", "orc", "red", 3, 2), ("F", "fighter", "blue", 2, 2), dice=[10])
    assert code(b, L.ConsumeSubstance("O")) == "unhurt"
    ok(b, L.VolleyAttack("O", target="F"))                     # 7 + 4 - 2 = 9
    ok(b, L.EndTurn("O"))
    events = ok(b, L.ConsumeSubstance("F"))
    assert [(e.unit, e.amount, e.hp) for e in of(events, E.Healed)] == [("F", 9, 28)]
    assert b.component("F", LightPool).draughts == 0
    pass_turns(b, "F")
    assert code(b, L.ConsumeSubstance("F")) == "nothing_to_drink"


# ---- attacks ---------------------------------------------------------------------------------

def test_an_attack_hits_only_when_the_total_exceeds_twice_the_defense():
    """"This is compared to the enemy's Speed (vs. melee attacks), Senses (vs. ranged attacks)
    or Will (vs. psychic attacks) score multiplied by 2. If your hit score exceeds your
    target's Speed, your attack hits." """
    b = arena(("F", "fighter", "blue", 2, 2), ("O", "orc", "red", 3, 2), dice=[7, 8])
    assert attacks(ok(b, L.VolleyAttack("F", target="O"))) == [
        ("F", "O", 7, 10, 10, False, False, "volley")]             # equal: a miss
    pass_turns(b, "F")
    assert attacks(ok(b, L.VolleyAttack("F", target="O"))) == [
        ("F", "O", 8, 11, 10, True, False, "volley")]


def test_a_ranged_attack_is_against_twice_senses_and_a_psychic_one_against_twice_will():
    """"This is compared to the enemy's Speed (vs. melee attacks), Senses (vs. ranged attacks)
    or Will (vs. psychic attacks) score multiplied by 2." """
    b = arena(("A", "archer", "blue", 2, 2), ("O", "orc", "red", 8, 2), dice=[5, 6])
    assert attacks(ok(b, L.VolleyAttack("A", target="O")))[0][3:6] == (8, 2 * 4, False)
    pass_turns(b, "A")
    assert attacks(ok(b, L.VolleyAttack("A", target="O")))[0][3:6] == (9, 2 * 4, True)
    b = arena(("C", "cleric", "blue", 2, 2), ("O", "orc", "red", 6, 2), dice=[1, 10])
    events = ok(b, L.UsePower("C", power="sacred_flame", target="O"))
    assert attacks(events) == [("C", "O", 1, 1 + 3 + 2, 2 * 3, False, False, "power")]


def test_a_natural_20_is_a_critical_and_ignores_armor():
    """"If you roll a 20 on the die, your attack is a critical, which means that you do not
    subtract anything from the damage." """
    wall = sheet("orc", speed=15)                  # 2 x 15 = 30: only a natural 20 hits
    b = arena(("F", "fighter", "blue", 2, 2), ("O", "wall", "red", 3, 2), dice=[20],
              db=db_with(wall=wall))
    events = ok(b, L.VolleyAttack("F", target="O"))
    assert attacks(events) == [("F", "O", 20, 23, 30, True, True, "volley")]
    assert damage(events) == [7 + 3] and of(events, E.Damaged)[0].critical


def test_damage_is_weapon_plus_pow_or_sns_less_armor_at_least_0():
    """"To determine damage, add your weapon’s damage and your relevant stat (POW for melee,
    SNS for ranged) and subtract your enemy’s Armor score." """
    b = arena(("F", "fighter", "blue", 2, 2), ("O", "orc", "red", 3, 2), dice=[15])
    assert damage(ok(b, L.VolleyAttack("F", target="O"))) == [7 + 3 - 1]
    b = arena(("A", "archer", "blue", 2, 2), ("O", "orc", "red", 6, 2), dice=[15])
    assert damage(ok(b, L.VolleyAttack("A", target="O"))) == [6 + 4 - 1]
    plated = sheet("orc", armor=30)
    b = arena(("F", "fighter", "blue", 2, 2), ("O", "plated", "red", 3, 2), dice=[15],
              db=db_with(plated=plated))
    events = ok(b, L.VolleyAttack("F", target="O"))
    assert damage(events) == [0] and b.health("O").hp == plated.hp


def test_flanking_gives_2_to_hit():
    """"If you are flanking an enemy with an ally, you get a +2 bonus to hit." """
    b = arena(("F", "fighter", "blue", 4, 4), ("C", "fighter", "blue", 6, 4),
              ("O", "orc", "red", 5, 4), dice=[6, 6])
    assert attacks(ok(b, L.VolleyAttack("F", target="O"))) == [
        ("F", "O", 6, 6 + 3 + 2, 10, True, False, "volley")]
    ok(b, L.EndTurn("F"))
    assert attacks(ok(b, L.VolleyAttack("C", target="O")))[0][3] == 6 + 3 + 2


def test_only_the_flanking_pair_gets_the_flanking_bonus():
    """"If you are flanking an enemy with an ally, you get a +2 bonus to hit." (a third
    attacker beside one of them is not flanking)"""
    b = arena(("D", "fighter", "blue", 5, 3), ("A", "fighter", "blue", 6, 4),
              ("C", "fighter", "blue", 4, 3), ("O", "orc", "red", 5, 4), dice=[6, 6])
    assert attacks(ok(b, L.VolleyAttack("D", target="O")))[0][3] == 6 + 3
    ok(b, L.EndTurn("D"))
    assert attacks(ok(b, L.VolleyAttack("A", target="O")))[0][3] == 6 + 3 + 2


def test_a_ranged_attack_gets_no_flanking_bonus():
    """"If you are flanking an enemy with an ally, you get a +2 bonus to hit." (flanking is
    standing in melee on both sides)"""
    b = arena(("A", "archer", "blue", 4, 4), ("C", "fighter", "blue", 6, 4),
              ("O", "orc", "red", 5, 4), dice=[6])
    assert attacks(ok(b, L.VolleyAttack("A", target="O")))[0][3] == 6 + 3


def test_an_opportunity_attack_of_an_ask_creature_waits_for_its_answer():
    """"If an enemy leaves your attack range, you can make a Basic Attack against them as an
    Interruption." (you can: a creature whose policy is "ask" is asked)"""
    b = arena(("F", "fighter", "blue", 3, 2), ("O", "orc", "red", 4, 2),
              ("P", "orc", "red", 3, 3), dice=[10])
    ok(b, L.SetPolicy("O", policy="ask"))
    ok(b, L.SetPolicy("P", policy="ask"))
    events = ok(b, L.Walk("F", path=((2, 2), (1, 2)), confirm=True))
    assert of(events, E.ReactionAsked)[0].by in ("O", "P") and b.awaiting() == "reaction"
    first = b.pending.reactor
    assert code(b, L.Shift("F", path=((2, 1),))) == "awaiting_reaction"
    events = ok(b, L.React(first, accept=False))
    second = b.pending.reactor
    assert second != first and not attacks(events)
    events = ok(b, L.React(second, accept=True))
    assert attacks(events) == [(second, "F", 10, 13, 10, True, False, "aoo")]
    assert b.awaiting() == "turn" and b.cell(b.unit("F").anchor) == (1, 2)


def test_an_opportunity_attack_may_use_an_interruption_power():
    """"Some powers use the Interruption action. This means that it can be performed even if
    it isn’t your turn." """
    riposte = LightPower("riposte", "Riposte", action="interruption", mp=3, uses=2, hit=1,
                         kind="melee", vs="speed", range=1, damage=12)
    duelist = sheet("orc", powers=(riposte,))
    b = arena(("F", "fighter", "blue", 3, 2), ("O", "duelist", "red", 4, 2), dice=[10],
              db=db_with(duelist=duelist))
    events = ok(b, L.Walk("F", path=((2, 2), (1, 2)), confirm=True))
    assert of(events, E.PowerUsed) == [E.PowerUsed("O", "Riposte", duelist.mp - 3)]
    assert attacks(events) == [("O", "F", 10, 10 + 3 + 1, 10, True, False, "aoo")]
    assert damage(events) == [12 + 4 - 2]
    assert b.component("O", LightPool).uses == {"riposte": 1}
    pass_turns(b, "O")
    assert code(b, L.UsePower("O", power="riposte", target="F")) == "interruption_power"


# ---- conditions ------------------------------------------------------------------------------

def test_blinded_takes_10_off_its_attack_rolls():
    """"Blinded: You cannot see. You take a -10 penalty to all attack rolls." """
    b = arena(("F", "fighter", "blue", 2, 2, ["blinded"]), ("O", "orc", "red", 3, 2),
              dice=[17])
    assert attacks(ok(b, L.VolleyAttack("F", target="O"))) == [
        ("F", "O", 17, 17 + 3 - 10, 10, False, False, "volley")]


def test_blinded_by_a_power_lasts_the_turns_it_says_and_by_the_map_stays():
    """"Blinded: You cannot see. You take a -10 penalty to all attack rolls." (the rulebook
    gives no end: a power says how many of the creature's turns, the map's stays)"""
    assert DB["goblin"].power("dirty_trick").effects[0].turns == 1
    b = arena(("G", "goblin", "red", 2, 2), ("F", "fighter", "blue", 3, 2), dice=[15, 17])
    ok(b, L.UsePower("G", power="dirty_trick", target="F"))
    ok(b, L.EndTurn("G"))
    assert attacks(ok(b, L.VolleyAttack("F", target="G")))[0][3] == 17 + 3 - 10
    events = ok(b, L.EndTurn("F"))
    assert events.index(E.ConditionRemoved("F", "blinded")) < events.index(E.TurnEnded("F"))
    b = arena(("F", "fighter", "blue", 2, 2, ["blinded"]), ("O", "orc", "red", 8, 2))
    pass_turns(b, "F")
    pass_turns(b, "F")
    assert "blinded" in b.conditions("F").active


def test_invisible_gets_5_to_hit_and_enemies_10_off_and_no_opportunity_attacks():
    """"Invisible: You cannot be seen. Enemies can't make opportunity attacks against you. You
    get a +5 bonus to all hit rolls, and enemies take a -10 penalty to hit you." """
    b = arena(("F", "fighter", "blue", 3, 2, ["invisible"]), ("O", "orc", "red", 4, 2),
              dice=[2, 17])
    assert attacks(ok(b, L.VolleyAttack("F", target="O")))[0][3] == 2 + 3 + 5
    assert code(b, L.Walk("F", path=((2, 2), (1, 2)))) is None
    assert not attacks(ok(b, L.Walk("F", path=((2, 2), (1, 2)))))
    ok(b, L.EndTurn("F"))
    ok(b, L.Shift("O", path=((3, 2),)))
    ok(b, L.Shift("O", path=((2, 2),)))
    b = arena(("F", "fighter", "blue", 3, 2), ("O", "orc", "red", 4, 2, ["invisible"]),
              dice=[17])
    assert attacks(ok(b, L.VolleyAttack("F", target="O")))[0][3] == 17 + 3 - 10


def test_stunned_gives_5_to_hit_it_and_no_move_actions_on_its_turn_then_ends():
    """"Stunned: Attacks against you get +5 to hit. On your turn, you can’t take any Move
    actions, and you are no longer Stunned." """
    b = arena(("F", "fighter", "blue", 2, 2), ("O", "orc", "red", 3, 2, ["stunned"]),
              dice=[2])
    assert attacks(ok(b, L.VolleyAttack("F", target="O")))[0][3] == 2 + 3 + 5
    events = ok(b, L.EndTurn("F"))
    assert E.ConditionRemoved("O", "stunned") in events
    assert code(b, L.Shift("O", path=((4, 2),))) == "stunned"
    assert b.can_start("O", "jump").code == "stunned"
    assert code(b, L.Block("O")) is None                        # its major action is left
    pass_turns(b, "O")
    assert code(b, L.Shift("O", path=((4, 2),))) is None


def test_tripped_gives_2_to_hit_it_and_ends_on_its_turn():
    """"Tripped: You stumble a bit. Attacks against you get +2 to hit. On your turn you are no
    longer Tripped." """
    b = arena(("F", "fighter", "blue", 2, 2), ("O", "orc", "red", 3, 2, ["tripped"]),
              dice=[6])
    assert attacks(ok(b, L.VolleyAttack("F", target="O"))) == [
        ("F", "O", 6, 6 + 3 + 2, 10, True, False, "volley")]
    events = ok(b, L.EndTurn("F"))
    assert E.ConditionRemoved("O", "tripped") in events
    assert code(b, L.Shift("O", path=((4, 2),))) is None


def ticks(b: Battle, name: str, turns: int) -> list[int]:
    """The damage `name` takes at the start of each of its next `turns` turns."""
    taken = []
    for _ in range(turns):
        events = pass_turns(b, name)
        taken.append(sum(e.amount for e in of(events, E.Damaged) if e.unit == name))
        ok(b, L.EndTurn(name))
    return taken


def test_burned_deals_5_a_turn_for_d20_over_5_turns_rounded_up():
    """"Burned: Take 5 damage for 1d20/5 turns." """
    for duration_die in (11, 15):
        b = arena(("C", "cleric", "blue", 2, 2), ("O", "orc", "red", 6, 2),
                  dice=[10, duration_die])
        ok(b, L.UsePower("C", power="sacred_flame", target="O"))
        turns = math.ceil(duration_die / 5)
        assert b.conditions("O").active["burned"] == turns
        assert ticks(b, "O", turns + 1) == [5] * turns + [0]
        assert "burned" not in b.conditions("O").active


def test_poisoned_deals_3_a_turn_for_d20_over_3_turns_rounded_up():
    """"Poisoned: Take 3 damage every turn for 1d20/3 turns." """
    b = arena(("R", "rogue", "blue", 2, 2), ("O", "orc", "red", 3, 2), dice=[10, 7])
    ok(b, L.UsePower("R", power="poisoned_blade", target="O"))
    assert b.conditions("O").active["poisoned"] == 3                  # 7 / 3: 3 turns
    assert ticks(b, "O", 4) == [3, 3, 3, 0]


def test_an_airborne_creature_cannot_be_attacked_unless_by_a_jumper_or_a_power_that_says_so():
    """"Airborne: You are in the air. You cannot be attacked unless a power states it or the
    attacker is jumping." """
    b = arena(("H", "harpy", "red", 2, 2), ("F", "fighter", "blue", 3, 2, ["airborne"]),
              dice=[10])
    for cmd in (L.LightAttack("H", target="F"), L.VolleyAttack("H", target="F")):
        assert code(b, cmd) == "cannot_attack"
    assert b.action("H", "light_attack").enabled is False
    events = ok(b, L.UsePower("H", power="snatch", target="F"))       # "target_airborne"
    assert attacks(events)[0][5] is True


def test_an_airborne_creature_falls_on_its_turn_grounded_and_takes_5():
    """"Airborne: ... On your turn you fall and become Grounded, taking 5 falling damage." """
    b = arena(("H", "harpy", "red", 2, 2), ("O", "orc", "red", 2, 3),
              ("F", "fighter", "blue", 3, 2), dice=[10, 10])
    events = ok(b, L.UsePower("H", power="snatch", target="F"))
    assert E.ConditionAdded("F", "airborne", 1) in events
    ok(b, L.EndTurn("H"))
    ok(b, L.Jump("O"))
    ok(b, L.LightAttack("O", target="F"))
    hp = b.health("F").hp
    events = ok(b, L.EndTurn("O"))
    fell = [e for e in events if getattr(e, "unit", "") == "F"][1:]
    assert fell[:3] == [E.ConditionRemoved("F", "airborne"), E.ConditionAdded("F", "grounded"),
                        E.Damaged("F", 5, hp - 5, "", "falling")]
    assert code(b, L.Shift("F", path=((4, 2),))) == "grounded"


def test_an_area_power_passes_over_an_airborne_creature():
    """"Airborne: You are in the air. You cannot be attacked unless a power states it or the
    attacker is jumping." """
    b = arena(("G", "giant", "blue", 2, 2), ("O", "orc", "red", 4, 2, ["airborne"]),
              ("W", "goblin", "red", 2, 4), dice=[10])
    events = ok(b, L.UsePower("G", power="earthshaker"))
    assert [a[1] for a in attacks(events)] == ["W"]
    assert b.conditions("O").active == {"airborne": 1}
    b = arena(("G", "giant", "blue", 2, 2), ("O", "orc", "red", 4, 2, ["airborne"]))
    assert code(b, L.UsePower("G", power="earthshaker")) == "nobody_caught"


# ---- K.O., lives and winning -----------------------------------------------------------------

def test_at_0_hp_a_creature_is_ko_leaves_the_board_and_loses_a_life():
    """"K.O.’d: You are at 0 HP. Once you have been K.O.’d you disappear from the battlefield,
    respawn in your designated respawn point, and lose a life." """
    b = arena(("O", "orc", "blue", 2, 2), ("P", "fighter", "blue", 2, 3),
              ("M", "goblin_minion", "red", 3, 2), dice=[10])
    events = ok(b, L.VolleyAttack("O", target="M"))
    assert of(events, E.KnockedOut) == [E.KnockedOut("M", (3, 2), "O", 2)]
    m = b.unit("M")
    assert m.hexes == () and m.dead and b.conditions("M").active == {"ko": 1}
    assert b.component("M", LightPool).lives == 2
    ok(b, L.Shift("O", path=((3, 2),)))                   # its hex is free
    ok(b, L.EndTurn("O"))
    assert code(b, L.VolleyAttack("P", target="M")) == "target_down"
    assert code(b, L.Walk("P", path=((1, 3), (0, 3)))) is None    # it strikes nobody


def test_a_ko_creature_respawns_at_the_start_of_its_next_turn_on_a_respawn_point_of_its_side():
    """"Once you have been K.O.’d you disappear from the battlefield, respawn in your designated
    respawn point, and lose a life." """
    b = arena(("O", "orc", "blue", 2, 2), ("M", "goblin_minion", "red", 3, 2),
              dice=[10], respawns=[("red", 10, 6), ("blue", 3, 3), ("red", 9, 1)])
    ok(b, L.VolleyAttack("O", target="M"))
    events = ok(b, L.EndTurn("O"))
    assert of(events, E.Respawned) == [E.Respawned("M", (9, 1), 2)]     # the nearer one
    assert events.index(of(events, E.Respawned)[0]) < events.index(E.TurnStarted("M", 1))
    m = b.unit("M")
    assert b.cell(m.anchor) == (9, 1) and m.hp == m.max_hp and not m.dead
    assert b.conditions("M").active == {}


def test_a_taken_respawn_point_sends_it_to_the_next_one_or_else_the_nearest_free_hex():
    """"Once you have been K.O.’d you disappear from the battlefield, respawn in your designated
    respawn point, and lose a life." (a point another creature stands on is not free)"""
    b = arena(("O", "orc", "blue", 2, 2), ("M", "goblin_minion", "red", 3, 2),
              ("G", "goblin", "red", 9, 1), dice=[10],
              respawns=[("red", 10, 6), ("red", 9, 1)])
    ok(b, L.VolleyAttack("O", target="M"))
    events = ok(b, L.EndTurn("O"))
    assert of(events, E.Respawned)[0].at == (10, 6)
    b = arena(("O", "orc", "blue", 2, 2), ("M", "goblin_minion", "red", 3, 2),
              ("G", "goblin", "red", 9, 1), dice=[10], respawns=[("red", 9, 1)])
    ok(b, L.VolleyAttack("O", target="M"))
    ok(b, L.Shift("O", path=((3, 2),)))                   # it stands where M fell
    events = ok(b, L.EndTurn("O"))
    at = of(events, E.Respawned)[0].at
    assert b.hexmap.hex_at(*at) in [hex_neighbor(b.hexmap.hex_at(3, 2), d) for d in range(6)]


def test_a_creature_with_no_lives_left_is_out():
    """"If you have 0 lives and lose a life, you get a Game Over." (lives are the map's: a
    creature K.O.'d with its last life is out)"""
    b = arena(("O", "orc", "blue", 2, 2), ("M", "goblin_minion", "red", 3, 2),
              ("G", "goblin", "red", 9, 6), dice=[10], lives=1)
    events = ok(b, L.VolleyAttack("O", target="M"))
    assert of(events, E.KnockedOut)[0].lives == 0
    events = ok(b, L.EndTurn("O"))
    assert not of(events, E.Respawned) and b.active == "G"
    pass_turns(b, "O")
    assert [e.unit for e in of(b.events, E.TurnStarted)].count("M") == 0


def test_lives_are_the_maps_three_by_default():
    """"If you have 0 lives and lose a life, you get a Game Over." """
    b = arena(("O", "orc", "blue", 2, 2), ("M", "goblin_minion", "red", 3, 2))
    assert b.component("M", LightPool).lives == 3


def test_a_side_loses_when_all_its_creatures_are_out():
    """"If you have 0 lives and lose a life, you get a Game Over." (a side is beaten when
    every one of its creatures is)"""
    b = arena(("O", "orc", "blue", 2, 2), ("M", "goblin_minion", "red", 3, 2),
              ("N", "goblin_minion", "red", 2, 3), dice=[10, 10], lives=1)
    ok(b, L.VolleyAttack("O", target="M"))
    assert b.winner is None
    ok(b, L.Shift("O", path=((3, 2),)))
    pass_turns(b, "O")
    events = ok(b, L.HeavyAttack("O", target="N"))
    assert of(events, E.BattleWon) == [E.BattleWon("blue", 2)]
    assert b.winner == "blue" and b.awaiting() == "over"


def test_a_side_loses_at_once_when_its_last_creature_burns_out():
    """"Burned: Take 5 damage for 1d20/5 turns." (the battle ends as the last one falls)"""
    b = arena(("O", "orc", "blue", 2, 2), ("M", "goblin_minion", "red", 8, 2, ["burned"]),
              lives=1)
    events = ok(b, L.EndTurn("O"))
    assert of(events, E.BattleWon) == [E.BattleWon("blue", 1)]
    assert not of(events, E.RoundStarted) and b.winner == "blue"


# ---- powers ----------------------------------------------------------------------------------

def test_a_power_costs_its_mp():
    """"⁶The MP cost of the power" """
    b = arena(("F", "fighter", "blue", 2, 2), ("O", "orc", "red", 3, 2), dice=[1, 1, 1])
    for mp_left in (5, 2):
        events = ok(b, L.UsePower("F", power="leg_sweep", target="O"))
        assert of(events, E.PowerUsed) == [E.PowerUsed("F", "Leg Sweep", mp_left)]
        pass_turns(b, "F")
    assert code(b, L.UsePower("F", power="leg_sweep", target="O")) == "no_mp"


def test_a_daily_power_is_used_once():
    """"⁷How many times you can use this power per day. If it just says “Daily”, you can only
    use it once per day." """
    song = DB["harpy"].power("captivating_song")
    assert song.daily and song.uses == 1 and song.header() == "Major Action • 5 MP • 1x Daily"
    singer = sheet("harpy", mp=30)                 # MP enough for two songs
    b = arena(("H", "singer", "red", 2, 2), ("F", "fighter", "blue", 5, 2), dice=[1],
              db=db_with(singer=singer))
    ok(b, L.UsePower("H", power="captivating_song", at=(5, 2)))
    assert b.component("H", LightPool).uses["captivating_song"] == 0
    pass_turns(b, "H")
    assert code(b, L.UsePower("H", power="captivating_song", at=(5, 2))) == "no_uses"


def test_a_power_adds_its_hit_and_defends_as_it_says():
    """"⁸Okay, pay attention. This tells you what to add to your normal d20 roll. ... Your enemy
    should defend against the attack as they would any other attack, unless it says “vs.”, in
    which case you should substitute that for the normal defense." """
    pinning = DB["archer"].power("pinning_shot")
    assert (pinning.kind, pinning.vs, pinning.hit) == ("ranged", "speed", 2)
    b = arena(("A", "archer", "blue", 2, 2), ("O", "orc", "red", 6, 2), dice=[5, 6])
    events = ok(b, L.UsePower("A", power="pinning_shot", target="O"))
    assert attacks(events) == [("A", "O", 5, 5 + 3 + 2, 2 * 5, False, False, "power")]
    pass_turns(b, "A")
    assert attacks(ok(b, L.UsePower("A", power="pinning_shot", target="O")))[0][5]


def test_a_powers_effect_happens_only_on_a_hit():
    """"¹¹Anything else you need to know about the power. If the power requires a hit roll,
    assume the listed effect only happens if you hit." """
    b = arena(("A", "archer", "blue", 2, 2), ("O", "orc", "red", 6, 2), dice=[5, 6])
    ok(b, L.UsePower("A", power="pinning_shot", target="O"))
    assert "tripped" not in b.conditions("O").active
    pass_turns(b, "A")
    events = ok(b, L.UsePower("A", power="pinning_shot", target="O"))
    assert E.ConditionAdded("O", "tripped", 1) in events
    assert damage(events) == [2 + 4 - 1]


def test_a_power_without_damage_deals_none():
    """"¹⁰How much damage the attack deals" (a power with no damage deals none: its effects
    are all it does)"""
    assert DB["goblin_shaman"].power("fear_burst").damage == 0
    b = arena(("S", "goblin_shaman", "red", 2, 2), ("F", "fighter", "blue", 5, 2), dice=[15])
    assert "no damage" in b.forecast(L.UsePower("S", power="fear_burst", at=(5, 2))).lines[0]
    events = ok(b, L.UsePower("S", power="fear_burst", at=(5, 2)))
    assert attacks(events)[0][5] is True and not of(events, E.Damaged)
    assert E.ConditionAdded("F", "stunned", 1) in events and b.health("F").hp == 28


def test_an_area_heal_restores_only_allies():
    """"¹¹Anything else you need to know about the power." (Words of Vigor: "Every ally within
    2 hexes regains 6 HP.")"""
    b = arena(("O", "orc", "red", 3, 3), ("C", "cleric", "blue", 2, 2),
              ("F", "fighter", "blue", 3, 2), dice=[15])
    ok(b, L.VolleyAttack("O", target="F"))
    ok(b, L.EndTurn("O"))
    assert b.forecast(L.UsePower("C", power="words_of_vigor")).caught == ("F",)
    events = ok(b, L.UsePower("C", power="words_of_vigor"))
    assert [e.unit for e in of(events, E.Healed)] == ["F"]


def test_a_wall_between_blocks_an_attack_and_a_power():
    """Line of sight and effect are shared by every rulebook on hexes: "To make an attack,
    first determine if your target is within the range of your weapon or ability" -- and a
    wall between the two hides the target from any range."""
    wall = Terrain(impassable=True, obstacle="wall", name="stone wall")
    placements = [UnitPlacement("Ash", "archer", "blue", 1, 3, 0, {}, ()),
                  UnitPlacement("Orc", "orc", "red", 5, 3, 0, {}, ())]
    hexmap = make_hexmap(8, 7, {(3, row): wall for row in range(7)}, placements)
    b = Battle(hexmap, seed=0, rules="light", units_db=DB,
               fixed_dice=[("d20", 20), ("d20", 1)])
    assert b.active == "Ash"
    assert code(b, L.VolleyAttack("Ash", target="Orc", weapon="shortbow")) == \
        "no_line_of_effect"
    assert code(b, L.UsePower("Ash", power="aimed_shot", target="Orc")) == "no_line_of_effect"
    assert not b.options("Ash", "volley_attack")
