"""More steller rules statement by statement (docs/rules/steller/), beside
tests/test_steller_statements.py, whose way of staging battles these tests share: long range,
extra critical dice, temporary hit points, cover against melee attacks and from an area
burst's centre, typed ongoing damage, and failed death saving throws that healing does not
clear.

The first dice are the initiative d20s, one per creature in the order listed (20, 15, 10, 5, 1),
so the turn order is the listed order; then the dice of the commands.
"""
from __future__ import annotations

from dataclasses import replace

import pytest

from game.data import DataError
from game.data.dice import parse_dice
from game.data.steller import load_steller_unit
from game.ecs.components import Health
from game.ecs.scenario import LOW_WALL, make_hexmap
from game.engine import events as E
from game.engine.battle import Battle
from game.engine.steller import commands as S
from game.tiled.hexmap import UnitPlacement
from tests.test_data_steller import GOOD
from tests.test_steller_statements import (
    DB, INITIATIVE, arena, code, damage, of, ok, pass_turns, with_power,
)


def field(*units, width: int, dice=()) -> Battle:
    """units: (name, kind, team, col, row) on an open field `width` hexes wide."""
    placements = [UnitPlacement(name, kind, team, col, row, 0, {}, ())
                  for name, kind, team, col, row in units]
    rolls = [("d20", d) for d in INITIATIVE[:len(units)]] + list(dice)
    return Battle(make_hexmap(width, 6, None, placements), seed=0, rules="steller",
                  fixed_dice=rolls, units_db=DB)


def temp(b: Battle, name: str) -> int:
    return b.view().unit(name).temp_hp


def roll_of(events) -> E.AttackRolled:
    return of(events, E.AttackRolled)[0]


# ---- range -------------------------------------------------------------------------------------

def test_a_ranged_weapon_takes_2_off_beyond_its_range_out_to_its_long_range():
    """"Long Range: If you use a ranged weapon and" the target lies beyond its normal range,
    out to its long range, the attack takes -2; none within the normal range, and none is
    made beyond the long range. The fighter's javelin (ranged 10, long range 20, +7) at an
    orc (AC 15) 10 hexes away (a natural 10: 17), 11 (a natural 9: 14, a miss) and 21 (no
    attack); the preview names the -2."""
    b = field(("F", "fighter", "blue", 0, 2), ("O", "orc", "red", 10, 2), width=24,
              dice=[("d20", 10), ("d6", 1)])
    events = ok(b, S.UsePower("F", power="javelin", target="O"))
    assert roll_of(events).total == 10 + 7 and "long range" not in roll_of(events).breakdown
    b = field(("F", "fighter", "blue", 0, 2), ("O", "orc", "red", 11, 2), width=24,
              dice=[("d20", 9)])
    shot = S.UsePower("F", power="javelin", target="O")
    assert any("-2 long range" in line for line in b.forecast(shot).lines)
    roll = roll_of(ok(b, shot))
    assert roll.total == 9 + 7 - 2 and not roll.hit and "-2 long range" in roll.breakdown
    b = field(("F", "fighter", "blue", 0, 2), ("O", "orc", "red", 21, 2), width=24)
    assert code(b, S.UsePower("F", power="javelin", target="O")) == "out_of_range"
    b = field(("F", "fighter", "blue", 0, 2), ("O", "orc", "red", 20, 2), width=24)
    assert code(b, S.UsePower("F", power="javelin", target="O")) is None


# ---- critical hits -------------------------------------------------------------------------------

def test_a_critical_hit_deals_maximum_damage_plus_the_extra_critical_dice():
    """"Natural 20: If you roll a 20 on the die when making an attack roll, you score a
    critical hit"; "Extra Damage: Magic weapons and implements, as" well as high-critical
    weapons, add dice on a critical. The twin-blade's scimitar (1d8+7, critical +1d8): a
    natural 20 deals 8 + 7 and a d8 of 3; a natural 15 rolls no extra die."""
    b = arena(("T", "twinblade", "blue", 3, 3), ("O", "orc", "red", 4, 3),
              dice=[("d20", 20), ("d8", 3)])
    cut = S.UsePower("T", power="scimitar", target="O")
    assert any("a natural 20 15 + 1d8" in line for line in b.forecast(cut).lines)
    events = ok(b, cut)
    assert damage(events) == [8 + 7 + 3]
    assert "critical: maximum + 1d8 3" in of(events, E.Damaged)[0].breakdown
    b = arena(("T", "twinblade", "blue", 3, 3), ("O", "orc", "red", 4, 3),
              dice=[("d20", 15), ("d8", 2)])
    assert damage(ok(b, S.UsePower("T", power="scimitar", target="O"))) == [2 + 7]
    assert b.dice.fixed_used == len(b.dice.fixed)


# ---- temporary hit points -------------------------------------------------------------------------

def test_temporary_hit_points_are_lost_first_and_the_battle_ends_them():
    """"Lose Temporary Hit Points First", "Last until You Rest" (a battle holds no rest, so
    they end with it): the hobgoblin captain's Hold the Line (close burst 2) gives the two
    hobgoblins in it 5 each, nobody else (the captain, the enemy fighter in the burst, the
    goblin beyond it); the fighter's 7 takes the 5, then 2 hit points; when the battle is
    won, the other hobgoblin's 5 are gone."""
    b = arena(("H", "hobgoblin_captain", "red", 3, 3), ("G", "hobgoblin", "red", 4, 3),
              ("F", "fighter", "blue", 5, 3), ("K", "goblin", "red", 9, 3),
              ("J", "hobgoblin", "red", 2, 3),
              dice=[("d20", 19), ("d8", 3), ("d20", 19), ("d8", 8)])
    ok(b, S.UsePower("H", power="hold_the_line"))
    assert {n: temp(b, n) for n in "HGFKJ"} == {"H": 0, "G": 5, "F": 0, "K": 0, "J": 5}
    assert b.health("G").hp == 40
    pass_turns(b, "F")
    hurt = of(ok(b, S.UsePower("F", power="longsword", target="G")), E.Damaged)[0]
    assert (hurt.amount, hurt.absorbed) == (3 + 4, 5)
    assert temp(b, "G") == 0 and b.health("G").hp == 40 - 2
    b.update("F", Health, hp=1)
    pass_turns(b, "G")
    assert temp(b, "J") == 5
    ok(b, S.UsePower("G", power="spear", target="F"))
    assert b.winner == "red" and temp(b, "J") == 0


def test_temporary_hit_points_do_not_add_together_the_higher_stays():
    """"Don't Add Together: If you get temporary hit points" while you have some, you keep the
    higher amount. The fighter's 2 damage takes 2 of the 5 a captain's Hold the Line gave the
    hobgoblin; a second captain's gives it 5, not 8; a third's leaves it at 5, not 10."""
    db = with_power("fighter", "longsword", damage=parse_dice("2"))
    b = arena(("H", "hobgoblin_captain", "red", 3, 3), ("F", "fighter", "blue", 5, 3),
              ("G", "hobgoblin", "red", 4, 3), ("J", "hobgoblin_captain", "red", 3, 5),
              ("L", "hobgoblin_captain", "red", 2, 3), db=db, dice=[("d20", 19)])
    ok(b, S.UsePower("H", power="hold_the_line"))
    ok(b, S.EndTurn("H"))
    ok(b, S.UsePower("F", power="longsword", target="G"))
    assert temp(b, "G") == 5 - 2 and b.health("G").hp == 40
    pass_turns(b, "J")
    ok(b, S.UsePower("J", power="hold_the_line"))
    assert temp(b, "G") == 5
    ok(b, S.EndTurn("J"))
    ok(b, S.UsePower("L", power="hold_the_line"))
    assert temp(b, "G") == 5


# ---- cover ----------------------------------------------------------------------------------------

def test_cover_applies_to_melee_attacks_too():
    """"Cover (–2 Penalty to Attack Rolls): The target is around a corner or protected by
    terrain ... behind a low wall": a melee attack is no exception. A fighter whose longsword
    reaches 2 hexes strikes an orc behind a low wall: every line crosses it, superior cover,
    -5 (+7, a natural 10: 12)."""
    db = with_power("fighter", "longsword", range=2)
    b = arena(("F", "fighter", "blue", 3, 3), ("O", "orc", "red", 5, 3), db=db,
              terrain={(4, 3): LOW_WALL}, dice=[("d20", 10)])
    roll = roll_of(ok(b, S.UsePower("F", power="longsword", target="O")))
    assert roll.total == 10 + 7 - 5 and "-5 superior cover" in roll.breakdown
    b = arena(("F", "fighter", "blue", 3, 3), ("O", "orc", "red", 5, 3), db=db,
              dice=[("d20", 10)])
    assert roll_of(ok(b, S.UsePower("F", power="longsword", target="O"))).total == 10 + 7


def test_an_area_bursts_cover_is_found_from_its_origin_hex():
    """"When you make an area attack, you need line of effect to the attack's origin square";
    cover too is determined from the origin square. The goblin shaman's fear burst (made a
    burst 2, +5 vs Will 14) on a fighter: a low wall between the burst's centre and the
    fighter gives superior cover (-5) though none stands between shaman and fighter; a low
    wall between shaman and fighter gives none from a centre on the fighter's side."""
    db = with_power("goblin_shaman", "fear_burst", size=2)

    def burst(wall, at):
        b = arena(("S", "goblin_shaman", "red", 2, 3), ("F", "fighter", "blue", 6, 3), db=db,
                  terrain={wall: LOW_WALL}, dice=[("d6", 1), ("d20", 10)])
        return roll_of(ok(b, S.UsePower("S", power="fear_burst", at=at)))
    behind = burst((7, 3), (8, 3))
    assert behind.total == 10 + 5 - 5 and "-5 superior cover" in behind.breakdown
    open_side = burst((4, 3), (6, 4))
    assert open_side.total == 10 + 5 and "cover" not in open_side.breakdown


# ---- ongoing damage --------------------------------------------------------------------------------

def test_ongoing_damage_keeps_its_type_for_resistance_and_vulnerability():
    """"If you're taking ongoing 5 fire damage, you take 5 points of fire damage at the start of
    your turn": its type goes with it. The giant spider's bite (ongoing 5 poison) on a fighter
    with resist 3 poison: 2 at the start of its turn; with vulnerable 2 poison: 7."""
    for change, taken in (({"resist": (("poison", 3),)}, 5 - 3),
                          ({"vulnerable": (("poison", 2),)}, 5 + 2)):
        db = dict(DB, fighter=replace(DB["fighter"], **change))
        b = arena(("S", "giant_spider", "red", 3, 3), ("F", "fighter", "blue", 5, 3), db=db,
                  dice=[("d20", 15), ("d8", 1)])
        ok(b, S.UsePower("S", power="bite", target="F"))
        hp = b.health("F").hp
        hurt = of(ok(b, S.EndTurn("S")), E.Damaged)[0]
        assert (hurt.amount, hurt.damage_type) == (taken, "poison")
        assert b.health("F").hp == hp - taken


def test_ongoing_damage_of_one_type_takes_the_highest_and_of_two_types_both():
    """"The Same Type of Ongoing Damage: If effects deal" the same type, only the highest is
    taken; "Different Types of Ongoing Damage: If effects" deal different types, each is. The
    spider's bite (ongoing 5 poison) and the rogue's blade made ongoing 3: poison, 5 at the
    start of the fighter's turn; fire, 5 poison and 3 fire (its badge: 8)."""
    for kind, taken in (("poison", [5]), ("fire", [3, 5])):
        db = dict(with_power("rogue", "poisoned_blade", ongoing=3, damage_type=kind),
                  giant_spider=DB["giant_spider"])
        b = arena(("S", "giant_spider", "red", 3, 3), ("R", "rogue", "red", 5, 4),
                  ("F", "fighter", "blue", 4, 3), db=db,
                  dice=[("d20", 15), ("d8", 1), ("d20", 15), ("d6", 1)])
        ok(b, S.UsePower("S", power="bite", target="F"))
        ok(b, S.EndTurn("S"))
        ok(b, S.UsePower("R", power="poisoned_blade", target="F"))
        assert b.conditions("F").active["ongoing"] == sum(taken)
        hurt = of(ok(b, S.EndTurn("R")), E.Damaged)
        assert sorted(e.amount for e in hurt) == taken


# ---- dying ------------------------------------------------------------------------------------------

def test_failed_death_saving_throws_stay_counted_when_the_creature_is_healed():
    """"Lower than 10: You slip one step closer to death", and the steps are taken back only
    by a rest ("The encounter ends when the other side then takes a short rest"), not by
    healing: the fighter fails one death save, the cleric heals it, it drops again, and its
    next two failures kill it."""
    b = arena(("O", "orc", "red", 4, 3), ("F", "fighter", "blue", 3, 3),
              ("C", "cleric", "blue", 3, 5),
              dice=[("d20", 20), ("d20", 5), ("d20", 20), ("d20", 5), ("d20", 5)])
    b.update("F", Health, hp=10)
    ok(b, S.UsePower("O", power="greataxe", target="F"))
    saves = of(ok(b, S.EndTurn("O")), E.SaveRolled)
    assert [s.natural for s in saves] == [5] and "failures 1 of 3" in saves[0].breakdown
    ok(b, S.UsePower("C", power="healing_word", target="F"))
    assert b.health("F").hp == 10 and "dying" not in b.conditions("F").active
    ok(b, S.EndTurn("C"))
    ok(b, S.UsePower("O", power="greataxe", target="F"))
    saves = of(ok(b, S.EndTurn("O")), E.SaveRolled)
    assert "failures 2 of 3" in saves[0].breakdown and not b.health("F").dead
    ok(b, S.EndTurn("C"))
    ok(b, S.EndTurn("O"))
    assert b.health("F").dead


# ---- conditions ----------------------------------------------------------------------------------

def test_a_dominated_creature_can_be_made_to_use_only_at_will_powers():
    """"DOMINATED ✦ You're dazed. ✦ The dominating creature chooses your action. The only
    powers it can make you use are at-will powers": the dominated fighter's leg sweep
    (encounter) is refused, its longsword (at-will) is not."""
    b = arena(("F", "fighter", "blue", 3, 3, ("dominated",)), ("O", "orc", "red", 4, 3))
    assert code(b, S.UsePower("F", power="leg_sweep")) == "dominated"
    assert code(b, S.UsePower("F", power="longsword", target="O")) is None
    assert all(o.command.power != "leg_sweep" for o in b.options("F", "use_power"))
    b = arena(("F", "fighter", "blue", 3, 3), ("O", "orc", "red", 4, 3))
    assert code(b, S.UsePower("F", power="leg_sweep")) is None


# ---- the stat block fields these rules read ---------------------------------------------------

# The raider of tests/test_data_steller.py: its axe gains extra critical dice, and a spear.
_HEAD, _AXE = GOOD.split("[[powers]]")[:2]
LONG_SPEAR = _HEAD + "[[powers]]" + _AXE.rstrip("\n") + '\ncrit = "1d10"\n\n' + '''\
[[powers]]
id = "spear"
name = "Spear"
usage = "at-will"
action = "standard"
kind = "ranged 10"
long_range = 20
attack = 7
vs = "ac"
damage = "1d8+3"
'''


def test_long_range_critical_dice_and_temporary_hit_points_are_stat_block_data(tmp_path):
    """A ranged power's long range, a power's extra critical dice and the temporary hit points
    a power grants are fields of its stat block; a long range shorter than the range, on a
    power that is not ranged, or an attack that also grants temporary hit points is one line
    naming the file, the creature, the field and the fix."""
    path = tmp_path / "raider.toml"
    path.write_text(LONG_SPEAR)
    unit = load_steller_unit(path)
    spear, axe = unit.power("spear"), unit.power("axe")
    assert (spear.range, spear.long_range, spear.kind_text()) == (10, 20, "ranged 10/20")
    assert str(axe.crit) == "1d10" and axe.long_range == 0
    captain = DB["hobgoblin_captain"].power("hold_the_line")
    assert (captain.temp_hp, captain.targets, captain.boon) == (5, "allies", True)
    for old, new, field_name in (
            ("long_range = 20", "long_range = 5", "powers[1].long_range"),
            ('kind = "melee 1"', 'kind = "melee 1"\nlong_range = 3', "powers[0].long_range"),
            ('crit = "1d10"', 'crit = "1d10"\ntemp_hp = 5', "powers[0].temp_hp")):
        path.write_text(LONG_SPEAR.replace(old, new, 1))
        with pytest.raises(DataError) as info:
            load_steller_unit(path)
        line = str(info.value)
        assert "\n" not in line and line.startswith(f"{path}:") and "[raider]" in line
        assert field_name in line and line.endswith(")"), line
