"""The steller rulebook on hexes, one test per rule (docs/rules/steller/): every test is named
after the rule it pins, quotes the rulebook's own sentence, and plays it through commands on a
real steller battle, with the dice fixed where a roll matters.

`arena(...)` builds a small open field. The first dice of a battle are its initiative d20s, one
per creature in the order they are listed; `arena` gives them 20, 15, 10, 5, 1, so that the
turn order is the listed order. Then come the dice of `dice`: ("d20", n) for attacks and saving
throws, ("d8", n) and the like for damage. Refusals are read by their stable code.

Stat blocks used (assets/units/steller/): fighter (AC 18, 40 HP, 2 surges, longsword +7 vs AC
1d8+4, javelin ranged 10, leg sweep close burst 1 +5 vs Reflex 1d6+3 and prone), orc (AC 15,
Reflex 15, 56 HP, greataxe +8 1d12+4, savage cleave close burst 1 +8 vs AC, half on a miss),
archer (longbow ranged 20 +7 1d10+3), goblin_minion (1 HP, AC 15), goblin (dirty trick: dazed
until the end of its next turn), giant_spider (bite +9 1d8+4, ongoing 5), wizard (hold: ranged
10 +6 vs Will 1d6+4, immobilized, save ends).
"""
from __future__ import annotations

import json
from dataclasses import replace

from game.data.steller import load_steller_units
from game.ecs.components import Health
from game.ecs.scenario import make_hexmap
from game.engine import events as E
from game.engine.battle import Battle
from game.engine.steller import commands as S
from game.hexgrid import hex_neighbor
from game.tiled.hexmap import UnitPlacement
from helpers import code, of, ok

INITIATIVE = (20, 15, 10, 5, 1)
DB = load_steller_units()


def arena(*units, dice=(), db=None, width=12, height=8) -> Battle:
    """units: (name, kind, team, col, row[, conditions]) on open ground."""
    placements = [UnitPlacement(name, kind, team, col, row, 0, {}, tuple(rest[0]) if rest
                                else ()) for name, kind, team, col, row, *rest in units]
    hexmap = make_hexmap(width, height, None, placements)
    rolls = [("d20", d) for d in INITIATIVE[:len(units)]] + list(dice)
    return Battle(hexmap, seed=0, rules="steller", fixed_dice=rolls, units_db=db)


def rolls(events) -> list[tuple]:
    """(attacker, target, natural, total, defense, hit, critical, kind) of every roll."""
    return [(e.attacker, e.target, e.natural, e.total, e.ac, e.hit, e.critical, e.kind)
            for e in of(events, E.AttackRolled)]


def damage(events) -> list[int]:
    return [e.amount for e in of(events, E.Damaged)]


def next_to(b: Battle, cell, direction: int) -> tuple[int, int]:
    return b.cell(hex_neighbor(b.hexmap.hex_at(*cell), direction))


def pass_turns(b: Battle, until: str) -> list:
    events = ok(b, S.EndTurn(b.active))
    while b.active != until:
        events += ok(b, S.EndTurn(b.active))
    return events


def duel(*extra, dice=()):
    """Fighter F (blue) at 3,3 next to orc O (red) at 4,3, F first."""
    return arena(("F", "fighter", "blue", 3, 3), ("O", "orc", "red", 4, 3), *extra, dice=dice)


# ---- the turn ---------------------------------------------------------------------------------

def test_initiative_is_d20_plus_the_initiative_bonus_rolled_once():
    """"Roll 1d20 and add the following: One-half your level, Your Dexterity modifier" and
    "You roll initiative only at the beginning of a combat encounter"."""
    b = arena(("F", "fighter", "blue", 3, 3), ("A", "archer", "red", 8, 3))
    rolled = {e.unit: e.total for e in b.events if isinstance(e, E.InitiativeRolled)}
    assert rolled == {"F": 20 + 2, "A": 15 + 3}
    assert b.order == ("F", "A") and b.active == "F"
    pass_turns(b, "A")
    pass_turns(b, "F")
    assert len(of(b.events, E.InitiativeRolled)) == 2 and b.order == ("F", "A")


def test_a_standard_action_may_be_taken_as_a_move_action():
    """"Substitute Actions: You can take a move action or a minor action instead of a standard
    action": two walks in a turn leave no standard action for an attack."""
    b = arena(("F", "fighter", "blue", 1, 3), ("O", "orc", "red", 10, 3))
    ok(b, S.Walk("F", path=((2, 3),)))
    ok(b, S.Walk("F", path=((3, 3),)))
    assert code(b, S.Walk("F", path=((4, 3),))) == "no_move_action"
    assert code(b, S.TotalDefense("F")) == "no_standard_action"


def test_shift_moves_one_hex_and_provokes_nothing():
    """"SHIFT: MOVE ACTION ✦ Movement: Move 1 square. ✦ No Opportunity Attacks"."""
    b = duel()
    assert code(b, S.Shift("F", path=((2, 3), (1, 3)))) == "too_far"
    events = ok(b, S.Shift("F", path=((2, 3),)))
    assert not of(events, E.AttackRolled) and b.unit("F").anchor == b.hexmap.hex_at(2, 3)


def test_leaving_a_hex_next_to_an_enemy_by_a_walk_provokes_an_opportunity_attack():
    """"Moving Provokes: If an enemy leaves a square adjacent to you, you can make an
    opportunity attack against it" (a melee basic attack)."""
    b = duel(dice=[("d20", 2)])
    assert code(b, S.Walk("F", path=((2, 3),))) == "provokes"
    events = ok(b, S.Walk("F", path=((2, 3),), confirm=True))
    assert rolls(events) == [("O", "F", 2, 2 + 8, 18, False, False, "aoo")]


def test_a_ranged_attack_next_to_an_enemy_provokes_an_opportunity_attack():
    """"Ranged and Area Powers Provoke: If an enemy adjacent to you uses a ranged power or an
    area power, you can make an opportunity attack against it"."""
    b = duel(dice=[("d20", 3), ("d20", 2)])
    throw = S.UsePower("F", power="javelin", target="O")
    assert code(b, throw) == "provokes"
    events = ok(b, S.UsePower("F", power="javelin", target="O", confirm=True))
    assert [r[-1] for r in rolls(events)] == ["aoo", "attack"]


def test_an_opportunity_attack_is_made_once_per_creatures_turn():
    """"One per Combatant's Turn: You can take only one opportunity action during each
    combatant's turn"."""
    b = duel(dice=[("d20", 2)])
    ok(b, S.Walk("F", path=((3, 4),), confirm=True))     # still next to the orc
    events = ok(b, S.Walk("F", path=((2, 4),)))
    assert not of(events, E.AttackRolled)


def test_run_goes_speed_plus_2_with_5_off_attacks_and_grants_combat_advantage():
    """"RUN: MOVE ACTION ✦ Speed + 2: Move up to your speed + 2 ... ✦ –5 Penalty to Attack
    Rolls ... ✦ Grant Combat Advantage"."""
    b = arena(("F", "fighter", "blue", 0, 3), ("O", "orc", "red", 11, 3), dice=[("d20", 10)])
    far = tuple((c, 3) for c in range(1, 10))
    assert code(b, S.Run("F", path=far)) == "too_far"
    ok(b, S.Run("F", path=far[:8]))
    assert "running" in b.conditions("F").active
    ok(b, S.EndTurn("F"))
    forecast = b.forecast(S.UsePower("O", power="javelin", target="F", confirm=True))
    assert "+2 combat advantage (target running)" in forecast.lines[1]


def test_a_charge_adds_1_to_the_melee_basic_attack_and_ends_the_turns_actions():
    """"CHARGE: STANDARD ACTION ✦ Move and Attack ... ✦ +1 Bonus to the Attack Roll ...
    ✦ Movement Requirements: You must move at least 2 squares ... ✦ No Further Actions"."""
    b = arena(("F", "fighter", "blue", 1, 3), ("O", "orc", "red", 5, 3),
              dice=[("d20", 7), ("d8", 1)])
    assert code(b, S.Charge("F", target="O", path=((2, 3),))) == "too_short"
    events = ok(b, S.Charge("F", target="O", path=((2, 3), (3, 3), (4, 3))))
    assert rolls(events) == [("F", "O", 7, 7 + 7 + 1, 15, True, False, "charge")]
    assert code(b, S.Shift("F", path=((4, 4),))) == "no_move_action"


# ---- attacks ------------------------------------------------------------------------------------

def test_an_attack_hits_when_the_total_equals_or_exceeds_the_defense():
    """"Compare your attack roll to the target's defense ... Hit: If your attack roll equals
    or exceeds the defense, you hit"."""
    b = duel(dice=[("d20", 8), ("d8", 3)])
    events = ok(b, S.UsePower("F", power="longsword", target="O"))
    assert rolls(events) == [("F", "O", 8, 15, 15, True, False, "attack")]
    assert damage(events) == [3 + 4]
    b = duel(dice=[("d20", 7)])
    assert rolls(ok(b, S.UsePower("F", power="longsword", target="O")))[0][5] is False


def test_a_natural_20_is_a_critical_dealing_maximum_damage():
    """"Critical Hit: If you roll a natural 20 ... you score a critical hit": maximum damage,
    no damage dice rolled."""
    b = duel(dice=[("d20", 20)])
    events = ok(b, S.UsePower("F", power="longsword", target="O"))
    assert rolls(events)[0][6] is True and damage(events) == [8 + 4]


def test_a_natural_1_always_misses():
    """"Automatic Miss: If you roll a natural 1 (the die shows 1), your attack automatically
    misses"."""
    db = dict(DB, goblin_minion=replace(DB["goblin_minion"], ac=5))
    b = arena(("F", "fighter", "blue", 3, 3), ("M", "goblin_minion", "red", 4, 3),
              dice=[("d20", 1)], db=db)
    events = ok(b, S.UsePower("F", power="longsword", target="M"))
    assert rolls(events)[0][3] >= 5 and rolls(events)[0][5] is False


def test_combat_advantage_gives_2_to_melee_attacks_on_a_prone_target():
    """"Combat advantage ... gives the attacker +2"; a prone target grants it to melee attacks
    (and takes -2 from ranged attacks instead)."""
    b = duel(("A", "archer", "blue", 2, 3))
    b.set_condition("O", "prone")
    melee = b.forecast(S.UsePower("F", power="longsword", target="O"))
    assert "+2 combat advantage (target prone)" in melee.lines[1]
    assert melee.chance == 15 / 20          # 6-19 with +9 reach AC 15, and a natural 20


def test_flanking_gives_combat_advantage():
    """"Flanking ... the target grants combat advantage": an ally on the opposite side."""
    b = arena(("F", "fighter", "blue", 3, 3), ("O", "orc", "red", 4, 3),
              ("K", "knight", "blue", 5, 3))
    forecast = b.forecast(S.UsePower("F", power="longsword", target="O"))
    assert "combat advantage (flanking)" in forecast.lines[1]


# ---- powers ---------------------------------------------------------------------------------------

def test_a_close_burst_rolls_against_each_enemy_with_one_damage_roll():
    """"Multiple Attack Rolls but One Damage Roll": the damage is rolled once for every
    target of a close or area attack."""
    b = arena(("O", "orc", "red", 4, 3), ("F", "fighter", "blue", 3, 3),
              ("K", "knight", "blue", 5, 3), dice=[("d12", 6), ("d20", 15), ("d20", 15)])
    events = ok(b, S.UsePower("O", power="savage_cleave"))
    assert [r[1] for r in rolls(events)] == ["F", "K"]
    assert damage(events) == [6 + 4, 6 + 4]


def test_an_encounter_power_is_used_once_per_battle():
    """"Encounter (once per battle)": a second use is refused."""
    b = duel(dice=[("d12", 1), ("d20", 1)])
    ok(b, S.EndTurn("F"))
    ok(b, S.UsePower("O", power="savage_cleave"))
    pass_turns(b, "O")
    assert code(b, S.UsePower("O", power="savage_cleave")) == "power_spent"


def test_a_miss_deals_half_damage_when_the_power_says_so():
    """"Miss: Half damage" on a power that says it."""
    b = duel(dice=[("d12", 8), ("d20", 2)])
    ok(b, S.EndTurn("F"))
    events = ok(b, S.UsePower("O", power="savage_cleave"))
    assert rolls(events)[0][5] is False and damage(events) == [(8 + 4) // 2]


def test_a_save_ends_effect_ends_on_a_saving_throw_of_10_or_more():
    """"Lower than 10: Failure. The effect continues. 10 or higher: Success. The effect
    ends." A saving throw at the end of the creature's turn for each "save ends" effect."""
    b = arena(("W", "wizard", "blue", 3, 3), ("O", "orc", "red", 8, 3),
              dice=[("d20", 15), ("d6", 2), ("d20", 9), ("d20", 10)])
    ok(b, S.UsePower("W", power="hold", target="O"))
    assert "immobilized" in b.conditions("O").active
    assert code(b, S.EndTurn("W")) is None
    ok(b, S.EndTurn("W"))
    assert code(b, S.Walk("O", path=((7, 3),))) == "immobilized"
    events = ok(b, S.EndTurn("O"))
    assert [(e.save, e.natural, e.success) for e in of(events, E.SaveRolled)] == [
        ("immobilized", 9, False)]
    events = pass_turns(b, "W")
    events += ok(b, S.EndTurn("W")) + ok(b, S.EndTurn("O"))
    assert [(e.natural, e.success) for e in of(events, E.SaveRolled)] == [(10, True)]
    assert "immobilized" not in b.conditions("O").active


def test_until_the_end_of_your_next_turn_counts_the_users_turns():
    """"End of Your Next Turn: The effect ends when your next turn ends." """
    b = arena(("G", "goblin", "red", 3, 3), ("F", "fighter", "blue", 4, 3),
              dice=[("d20", 18), ("d6", 1)])
    ok(b, S.UsePower("G", power="dirty_trick", target="F"))
    ok(b, S.EndTurn("G"))
    assert "dazed" in b.conditions("F").active
    ok(b, S.EndTurn("F"))
    assert "dazed" in b.conditions("F").active
    ok(b, S.EndTurn("G"))
    assert "dazed" not in b.conditions("F").active


def test_a_dazed_creature_takes_one_action_a_turn():
    """"Dazed: ... can take either a standard action, a move action, or a minor action on
    your turn"."""
    b = arena(("F", "fighter", "blue", 3, 3, ("dazed",)), ("O", "orc", "red", 8, 3))
    b2 = b
    ok(b2, S.Walk("F", path=((2, 3),)))
    assert code(b2, S.TotalDefense("F")) == "no_standard_action"


def test_ongoing_damage_at_the_start_of_the_creatures_turn():
    """"Ongoing Damage: If you're suffering ongoing damage, you take the damage now" (the start
    of your turn), until a save ends it."""
    b = arena(("S", "giant_spider", "red", 3, 3), ("F", "fighter", "blue", 5, 3),
              dice=[("d20", 15), ("d8", 1), ("d20", 4)])
    ok(b, S.UsePower("S", power="bite", target="F"))
    assert b.conditions("F").active.get("ongoing") == 5
    events = ok(b, S.EndTurn("S"))
    assert of(events, E.Damaged)[0].breakdown == "ongoing 5 poison"
    assert b.health("F").hp == 40 - 5 - 5


# ---- hit points --------------------------------------------------------------------------------

def test_second_wind_spends_a_surge_and_adds_2_to_defenses_once_per_battle():
    """"SECOND WIND: STANDARD ACTION ✦ Spend a Healing Surge ... ✦ +2 Bonus to All Defenses
    ... ✦ Once per Encounter"."""
    b = duel(dice=[("d20", 20)])
    ok(b, S.EndTurn("F"))
    ok(b, S.UsePower("O", power="greataxe", target="F"))      # 16 on a critical
    ok(b, S.EndTurn("O"))
    events = ok(b, S.SecondWind("F"))
    assert of(events, E.Healed)[0].amount == 40 // 4 and b.health("F").hp == 40 - 16 + 10
    pass_turns(b, "O")
    forecast = b.forecast(S.UsePower("O", power="greataxe", target="F"))
    assert "AC 20" in forecast.lines[1]
    pass_turns(b, "F")
    assert code(b, S.SecondWind("F")) == "second_wind_used"


def test_at_0_hit_points_a_creature_is_dying_and_three_failed_death_saves_kill_it():
    """"Dying: When your wounds drop to 0 or fewer, you fall unconscious and are dying"; a
    death saving throw at the end of each of its turns, "Lower than 10: You slip one step
    closer to death", three of them."""
    b = arena(("O", "orc", "red", 4, 3), ("F", "fighter", "blue", 3, 3),
              ("A", "archer", "blue", 11, 7), dice=[("d20", 20)] + [("d20", 5)] * 3)
    b.update("F", Health, hp=10)
    ok(b, S.UsePower("O", power="greataxe", target="F"))
    assert b.health("F").hp == 10 - 16 and {"dying", "unconscious"} <= set(
        b.conditions("F").active)
    events = ok(b, S.EndTurn("O"))          # F's turn passes: it can take no action
    assert [e.natural for e in of(events, E.SaveRolled)] == [5] and b.active == "A"
    assert not b.health("F").dead
    for _ in range(2):
        ok(b, S.EndTurn("A"))
        events += ok(b, S.EndTurn("O"))
    assert b.health("F").dead and of(events, E.Died)


def test_a_death_save_of_20_spends_a_surge_and_wakes_the_creature():
    """"20 or higher: Spend a healing surge": the creature regains hit points from 0 and is
    conscious again."""
    b = arena(("O", "orc", "red", 4, 3), ("F", "fighter", "blue", 3, 3),
              ("A", "archer", "blue", 11, 7), dice=[("d20", 20), ("d20", 20)])
    b.update("F", Health, hp=10)
    ok(b, S.UsePower("O", power="greataxe", target="F"))
    events = ok(b, S.EndTurn("O"))
    assert [e.natural for e in of(events, E.SaveRolled)] == [20]
    assert b.health("F").hp == 40 // 4 and "dying" not in b.conditions("F").active


def test_a_creature_dies_at_minus_its_bloodied_value():
    """Dead at minus the bloodied value (half its maximum hit points)."""
    b = arena(("O", "orc", "red", 4, 3), ("F", "fighter", "blue", 3, 3), dice=[("d20", 20)])
    b.update("F", Health, hp=-4)
    b.set_condition("F", "dying")
    events = ok(b, S.UsePower("O", power="greataxe", target="F"))
    assert b.health("F").dead and of(events, E.Died)


def test_a_minion_dies_at_0_and_a_miss_never_damages_it():
    """Minions: "a missed attack never damages a minion", and 1 hit point."""
    b = arena(("O", "orc", "red", 4, 3), ("M", "goblin_minion", "blue", 3, 3),
              ("K", "knight", "blue", 5, 3), dice=[("d12", 6), ("d20", 2), ("d20", 2)])
    events = ok(b, S.UsePower("O", power="savage_cleave"))
    assert damage(events) == [(6 + 4) // 2] and not b.health("M").dead
    b = arena(("O", "orc", "red", 4, 3), ("M", "goblin_minion", "blue", 3, 3),
              dice=[("d20", 15), ("d12", 1)])
    ok(b, S.UsePower("O", power="greataxe", target="M"))
    assert b.health("M").dead


def test_a_battle_is_won_when_every_enemy_is_dying_or_dead():
    """The encounter ends when "the combatants on one side are captured, fleeing, unconscious,
    or dead"."""
    b = arena(("O", "orc", "red", 4, 3), ("F", "fighter", "blue", 3, 3), dice=[("d20", 20)])
    b.update("F", Health, hp=5)
    ok(b, S.UsePower("O", power="greataxe", target="F"))
    assert b.winner == "red"


def test_a_steller_save_records_its_rules_and_replays(tmp_path):
    """Saves record the profile: a steller battle saved replays to the same state."""
    from game.ai.steller import StellerPlayer
    from game.engine.replay import load_replay, save_battle
    from game.paths import shipped_maps_dir
    from game.tiled.loader import load_map
    b = Battle(load_map(shipped_maps_dir() / "duel.tmx"), seed=3, rules="steller")
    player = StellerPlayer("normal", seed=3)
    for _ in range(40):
        ok(b, player.command(b))
    path = tmp_path / "steller.json"
    save_battle(b, path)
    assert json.loads(path.read_text())["rules"] == "steller"
    again = load_replay(path)
    assert again.profile.name == "steller" and again.state_hash() == b.state_hash()


# ---- action point and coup de grace -----------------------------------------------------------

def test_an_action_point_gives_one_extra_action_once_per_battle():
    """"SPEND AN ACTION POINT: FREE ACTION ✦ During Your Turn ... ✦ Gain an Extra Action: You
    gain an extra action this turn. You decide if the action is a standard action, a move
    action, or a minor action. ✦ Once per Encounter"."""
    b = duel(dice=[("d20", 15), ("d8", 4), ("d20", 15), ("d8", 4)])
    assert code(b, S.ActionPoint("F", action="standard")) == "action_unspent"
    ok(b, S.UsePower("F", power="longsword", target="O"))
    assert code(b, S.UsePower("F", power="longsword", target="O")) == "no_standard_action"
    assert any(o.command == S.ActionPoint("F", action="standard")
               for o in b.options("F", "action_point"))
    ok(b, S.ActionPoint("F", action="standard"))
    events = ok(b, S.UsePower("F", power="longsword", target="O"))
    assert damage(events) == [4 + 4]
    assert code(b, S.ActionPoint("F", action="standard")) == "action_point_used"
    pass_turns(b, "F")
    ok(b, S.UsePower("F", power="longsword", target="O"))
    assert code(b, S.ActionPoint("F", action="standard")) == "action_point_used"
    assert b.options("F", "action_point") == []


def test_a_coup_de_grace_on_a_helpless_adjacent_enemy_is_a_critical_hit():
    """"COUP DE GRACE: STANDARD ACTION ✦ Helpless Target: You can deliver a coup de grace
    against a helpless enemy adjacent to you ... ✦ Hit: You score a critical hit."."""
    b = arena(("F", "fighter", "blue", 3, 3), ("O", "orc", "red", 4, 3),
              ("G", "goblin", "red", 6, 3), dice=[("d20", 12)])
    assert code(b, S.CoupDeGrace("F", target="O")) == "not_helpless"
    b.set_condition("O", "unconscious")
    b.set_condition("G", "unconscious")
    assert code(b, S.CoupDeGrace("F", target="G")) == "not_adjacent"
    assert [o.command.target for o in b.options("F", "coup_de_grace")] == ["O"]
    hp = b.health("O").hp
    events = ok(b, S.CoupDeGrace("F", target="O"))
    assert [r[5:7] for r in rolls(events)] == [(True, True)]       # a 12 hits, as a critical
    assert b.health("O").hp == hp - (8 + 4)                          # 1d8+4 at its maximum
    assert code(b, S.CoupDeGrace("F", target="O")) == "no_standard_action"
