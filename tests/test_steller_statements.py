"""The steller rules statement by statement (docs/rules/steller/), beside the rules of
tests/test_steller_rules.py: the substitutions of actions, free actions, initiative ties,
provocation by area attacks and reach, cover and concealment in the steller numbers,
resistance and vulnerability, every condition the engine gives an effect, the four durations,
saving throws, bloodied, healing surges, healing the dying and daily powers.

Every test plays commands on a real steller battle, with fixed dice where a roll matters: the
first dice are the initiative d20s, one per creature in the order listed (20, 15, 10, 5, 1
unless a test gives its own), so that the turn order is the listed order; then the dice of
the commands. Stat blocks: assets/units/steller/ (the numbers used are recalled in each test).
A few tests give a creature a power changed for the test (`with_power`), built from the same
stat block data the files load.
"""
from __future__ import annotations

from dataclasses import replace

import pytest

from game.data.steller import StellerEffect, load_steller_units
from game.ecs.components import Health
from game.ecs.scenario import LOW_WALL, WALL, FOREST, make_hexmap
from game.engine import events as E
from game.engine.battle import Battle
from game.engine.steller import commands as S
from game.tiled.hexmap import Terrain, UnitPlacement
from helpers import code, of, ok

INITIATIVE = (20, 15, 10, 5, 1)
DB = load_steller_units()
DARKNESS = Terrain(concealment="total", name="darkness")


def arena(*units, dice=(), db=None, terrain=None, initiative=INITIATIVE) -> Battle:
    """units: (name, kind, team, col, row[, conditions]) on a 12 x 8 open field."""
    placements = [UnitPlacement(name, kind, team, col, row, 0, {}, tuple(rest[0]) if rest
                                else ()) for name, kind, team, col, row, *rest in units]
    hexmap = make_hexmap(12, 8, terrain, placements)
    rolls = [("d20", d) for d in initiative[:len(units)]] + list(dice)
    return Battle(hexmap, seed=0, rules="steller", fixed_dice=rolls, units_db=db or DB)


def with_power(kind: str, power_id: str, **changes) -> dict:
    """The stat blocks, with power `power_id` of `kind` changed as `changes` say."""
    sheet = DB[kind]
    powers = tuple(replace(p, **changes) if p.id == power_id else p for p in sheet.powers)
    return dict(DB, **{kind: replace(sheet, powers=powers)})


def totals(events) -> list[tuple]:
    """(attacker, target, natural, total, defense, hit) of every attack roll."""
    return [(e.attacker, e.target, e.natural, e.total, e.ac, e.hit)
            for e in of(events, E.AttackRolled)]


def damage(events) -> list[int]:
    return [e.amount for e in of(events, E.Damaged)]


def pass_turns(b: Battle, until: str) -> list:
    events = ok(b, S.EndTurn(b.active))
    while b.active != until:
        events += ok(b, S.EndTurn(b.active))
    return events


def duel(*extra, fighter=(), orc=(), dice=(), db=None):
    """Fighter F (blue; longsword +7 vs AC 1d8+4) at 3,3 next to orc O (red; AC 15) at 4,3."""
    return arena(("F", "fighter", "blue", 3, 3, fighter), ("O", "orc", "red", 4, 3, orc),
                 *extra, dice=dice, db=db)


# ---- the turn ---------------------------------------------------------------------------------

def test_initiative_ties_go_to_the_higher_bonus_then_a_roll():
    """"When combatants have the same initiative, the combatant with the higher initiative
    bonus ... goes before the other. If their bonuses are the same, they can roll a die or flip
    a coin to break the tie." Fighter +2 and archer +3 both at 18: the archer first; two
    fighters both at 22: a d20 each, the higher first."""
    b = arena(("F", "fighter", "blue", 3, 3), ("A", "archer", "red", 8, 3), initiative=(16, 15))
    assert b.order == ("A", "F")
    b = arena(("F", "fighter", "blue", 3, 3), ("G", "fighter", "red", 8, 3),
              initiative=(20, 20), dice=[("d20", 3), ("d20", 12)])
    assert [e.total for e in of(b.events, E.InitiativeRolled)] == [22, 22]
    assert b.order == ("G", "F") and b.dice.fixed_used == 4


def test_a_standard_action_may_be_taken_as_a_minor_action_and_a_move_as_a_minor():
    """"You can take a move action or a minor action instead of a standard action, and you can
    take a minor action instead of a move action": three minor actions in one turn, then none."""
    db = with_power("cleric", "sacred_flame", action="minor")
    b = arena(("C", "cleric", "blue", 3, 3), ("O", "orc", "red", 6, 3), db=db,
              dice=[("d20", 2)] * 3)
    for _ in range(3):
        ok(b, S.UsePower("C", power="sacred_flame", target="O"))
    assert code(b, S.UsePower("C", power="sacred_flame", target="O")) == "no_minor_action"
    assert code(b, S.Walk("C", path=((2, 3),))) == "no_move_action"


def test_a_minor_action_leaves_the_standard_and_move_actions():
    """"On your turn, you take actions: a standard action, a move action, a minor action":
    a minor action first spends the minor one, not the standard action."""
    db = with_power("cleric", "sacred_flame", action="minor")
    b = arena(("C", "cleric", "blue", 3, 3), ("O", "orc", "red", 6, 3), db=db,
              dice=[("d20", 2), ("d20", 2)])
    ok(b, S.UsePower("C", power="sacred_flame", target="O"))
    ok(b, S.Walk("C", path=((2, 3),)))
    assert code(b, S.UsePower("C", power="mace", target="O")) == "out_of_range"
    assert code(b, S.TotalDefense("C")) is None


def test_free_actions_are_taken_at_will():
    """"Free Actions: You can take any number of free actions on your turn": a free power used
    three times, after the turn's standard, move and minor actions are spent."""
    db = with_power("cleric", "sacred_flame", action="free")
    b = arena(("C", "cleric", "blue", 3, 3), ("O", "orc", "red", 9, 3), db=db,
              dice=[("d20", 2)] * 3)
    ok(b, S.TotalDefense("C"))
    ok(b, S.Walk("C", path=((4, 3),)))
    assert code(b, S.Walk("C", path=((5, 3),))) == "no_move_action"
    for _ in range(3):
        ok(b, S.UsePower("C", power="sacred_flame", target="O"))
    assert len(of(b.events, E.AttackRolled)) == 3


# ---- opportunity attacks ------------------------------------------------------------------------

def test_a_run_out_of_an_enemys_reach_provokes_as_a_walk():
    """"RUN ... ✦ Provoke Opportunity Attacks: If you leave a square adjacent to an enemy, that
    enemy can make an opportunity attack against you"."""
    b = duel(dice=[("d20", 2)])
    assert code(b, S.Run("F", path=((2, 3), (1, 3)))) == "provokes"
    events = ok(b, S.Run("F", path=((2, 3), (1, 3)), confirm=True))
    assert [(e.attacker, e.kind) for e in of(events, E.AttackRolled)] == [("O", "aoo")]


def test_an_area_attack_next_to_an_enemy_provokes_an_opportunity_attack():
    """"Ranged and Area Powers Provoke: If an enemy adjacent to you uses a ranged power or an
    area power, you can make an opportunity attack against it": a goblin shaman's fear burst
    (area burst 1 within 10) aimed far from the fighter next to it."""
    b = arena(("S", "goblin_shaman", "red", 3, 3), ("F", "fighter", "blue", 4, 3),
              ("A", "archer", "blue", 9, 3), dice=[("d20", 2), ("d6", 1), ("d20", 2)])
    burst = S.UsePower("S", power="fear_burst", at=(9, 3))
    assert code(b, burst) == "provokes"
    events = ok(b, replace(burst, confirm=True))
    assert [(e.attacker, e.kind) for e in of(events, E.AttackRolled)] == [
        ("F", "aoo"), ("S", "attack")]


def test_a_close_attack_next_to_an_enemy_provokes_nothing():
    """Only "a ranged power or an area power" provokes: a close burst is neither (the fighter's
    leg sweep, close burst 1)."""
    b = duel(dice=[("d6", 1), ("d20", 2)])
    assert code(b, S.UsePower("F", power="leg_sweep")) is None
    events = ok(b, S.UsePower("F", power="leg_sweep"))
    assert [e.kind for e in of(events, E.AttackRolled)] == ["attack"]


def test_a_reach_weapon_threatens_as_far_as_its_reach():
    """"Threatening Reach: Some creatures have an ability ..." — reach weapons threaten as their
    reach says: an orc with a reach-2 greataxe strikes a fighter leaving a hex 2 away, and
    not one leaving a hex 3 away."""
    db = with_power("orc", "greataxe", range=2)
    b = arena(("F", "fighter", "blue", 3, 3), ("O", "orc", "red", 5, 3), db=db,
              dice=[("d20", 2)])
    assert code(b, S.Walk("F", path=((2, 3),))) == "provokes"
    events = ok(b, S.Walk("F", path=((2, 3),), confirm=True))
    assert [(e.attacker, e.kind) for e in of(events, E.AttackRolled)] == [("O", "aoo")]
    b = arena(("F", "fighter", "blue", 2, 3), ("O", "orc", "red", 5, 3), db=db)
    assert code(b, S.Walk("F", path=((1, 3),))) is None


def test_a_walk_into_a_reach_and_out_again_provokes():
    """"Moving Provokes: If an enemy leaves a square adjacent to you" — with a reach-2 weapon,
    a square within its reach: a walk that passes through the orc's reach and leaves it again
    provokes, though it starts and ends beyond the reach (the forecast asks to confirm)."""
    db = with_power("orc", "greataxe", range=2)
    b = arena(("F", "fighter", "blue", 2, 1), ("O", "orc", "red", 5, 3), db=db,
              dice=[("d20", 2)])
    walk = S.Walk("F", path=((3, 2), (3, 3), (2, 3), (2, 4)))
    assert code(b, walk) == "provokes"
    events = ok(b, S.Walk("F", path=walk.path, confirm=True))
    assert [(e.attacker, e.kind) for e in of(events, E.AttackRolled)] == [("O", "aoo")]


def test_a_dazed_creature_makes_no_opportunity_attack():
    """"DAZED ... You can't take immediate actions or opportunity actions": the fighter walks
    away from a dazed orc unchallenged."""
    b = duel(orc=("dazed",))
    assert code(b, S.Walk("F", path=((2, 3),))) is None
    assert not of(ok(b, S.Walk("F", path=((2, 3),))), E.AttackRolled)


# ---- combat advantage ---------------------------------------------------------------------------

@pytest.mark.parametrize("condition", ["stunned", "dazed", "helpless", "blinded", "surprised",
                                       "restrained"])
def test_combat_advantage_against_a_target_that_grants_it(condition):
    """"You grant combat advantage" (STUNNED, DAZED, HELPLESS, BLINDED, SURPRISED, RESTRAINED):
    +2 to the attack roll. A natural 6 (+7 = 13) misses the orc's AC 15, and hits it (+2) when
    the orc is {condition}."""
    b = duel(dice=[("d20", 6), ("d8", 1)])
    assert totals(ok(b, S.UsePower("F", power="longsword", target="O"))) == [
        ("F", "O", 6, 13, 15, False)]
    b = duel(orc=(condition,), dice=[("d20", 6), ("d8", 1)])
    events = ok(b, S.UsePower("F", power="longsword", target="O"))
    assert totals(events) == [("F", "O", 6, 15, 15, True)]
    assert f"combat advantage (target {condition})" in of(events, E.AttackRolled)[0].breakdown


def test_a_prone_target_grants_combat_advantage_to_melee_attacks_only():
    """"PRONE ✦ You grant combat advantage to enemies making melee attacks against you": a
    javelin thrown at it gets none."""
    b = arena(("F", "fighter", "blue", 3, 3), ("O", "orc", "red", 8, 3, ("prone",)),
              dice=[("d20", 10)])
    roll = of(ok(b, S.UsePower("F", power="javelin", target="O")), E.AttackRolled)[0]
    assert "combat advantage" not in roll.breakdown and roll.total == 10 + 7 - 2


@pytest.mark.parametrize("condition", ["stunned", "dazed", "blinded", "surprised",
                                       "unconscious"])
def test_a_creature_that_cannot_flank_gives_no_flanking(condition):
    """"You can't flank an enemy" (STUNNED, DAZED, BLINDED, SURPRISED, UNCONSCIOUS): the knight
    on the far side of the orc gives the fighter no flanking while it is {condition}."""
    b = duel(("K", "knight", "blue", 5, 3))
    assert "flanking" in b.forecast(S.UsePower("F", power="longsword", target="O")).lines[1]
    b = duel(("K", "knight", "blue", 5, 3, (condition,)))
    assert "flanking" not in b.forecast(S.UsePower("F", power="longsword", target="O")).lines[1]


# ---- cover, concealment, range ------------------------------------------------------------------

def test_cover_takes_2_and_superior_cover_5_off_the_attack_roll():
    """"Cover (–2 Penalty to Attack Rolls)", "Superior Cover (–5 Penalty to Attack Rolls)":
    the archer's longbow (+7) at an orc in a low wall's hex beside a wall (partial cover), and
    at an orc behind a low wall (superior cover), a natural 10 each."""
    b = arena(("A", "archer", "blue", 3, 3), ("O", "orc", "red", 7, 3), dice=[("d20", 10)],
              terrain={(7, 2): WALL, (7, 3): LOW_WALL})
    roll = of(ok(b, S.UsePower("A", power="longbow", target="O")), E.AttackRolled)[0]
    assert roll.total == 10 + 7 - 2 and "-2 cover" in roll.breakdown
    b = arena(("A", "archer", "blue", 3, 3), ("O", "orc", "red", 7, 3), dice=[("d20", 10)],
              terrain={(5, 3): LOW_WALL})
    roll = of(ok(b, S.UsePower("A", power="longbow", target="O")), E.AttackRolled)[0]
    assert roll.total == 10 + 7 - 5 and "-5 superior cover" in roll.breakdown


def test_creatures_in_the_way_give_cover_against_ranged_attacks_only():
    """"Creatures and Cover: When you make a ranged attack against an enemy and other enemies
    are in the way, your target has cover"; a close attack's cover comes from obstructions
    only: the wizard's magic missile at an orc behind a drake takes -2, its burning hands
    (close blast 3) on both none."""
    def battle(*dice):
        return arena(("W", "wizard", "blue", 2, 3), ("D", "drake", "red", 4, 3),
                     ("O", "orc", "red", 5, 3), dice=dice)
    b = battle(("d20", 10), ("d4", 1), ("d4", 1))
    missile = S.UsePower("W", power="magic_missile", target="O")
    roll = of(ok(b, missile), E.AttackRolled)[-1]
    assert roll.total == 10 + 6 - 2 and "-2 cover" in roll.breakdown
    b = battle(("d6", 1), ("d6", 1), ("d20", 10), ("d20", 10))
    blast = next(o.command for o in b.options("W", "use_power")
                 if o.command.power == "burning_hands"
                 and set(b.forecast(o.command).caught) == {"D", "O"})
    rolls = {e.target: e.total for e in of(ok(b, blast), E.AttackRolled)}
    assert rolls == {"D": 10 + 6, "O": 10 + 6}


def test_total_cover_leaves_no_line_of_effect():
    """"If every imaginary line you trace to a target passes through or touches a solid
    obstacle, you don't have line of effect to the target": a wall between them."""
    b = arena(("A", "archer", "blue", 3, 3), ("O", "orc", "red", 7, 3), terrain={(5, 3): WALL})
    assert code(b, S.UsePower("A", power="longbow", target="O")) == "no_line_of_effect"


def test_concealment_takes_2_and_total_concealment_5_off_the_attack_roll():
    """"Concealment (–2 Penalty to Attack Rolls): The target is in a lightly obscured square",
    "Total Concealment (–5 Penalty to Attack Rolls): ... in a totally obscured square"."""
    for terrain, penalty in ((FOREST, -2), (DARKNESS, -5)):
        b = arena(("A", "archer", "blue", 3, 3), ("O", "orc", "red", 7, 3),
                  dice=[("d20", 10)], terrain={(7, 3): terrain})
        roll = of(ok(b, S.UsePower("A", power="longbow", target="O")), E.AttackRolled)[0]
        assert roll.total == 10 + 7 + penalty


def test_concealment_reduces_melee_and_ranged_attacks_only():
    """"Melee Attacks and Ranged Attacks Only: Attack penalties from concealment apply only to
    the targets of melee or ranged attacks": the fighter's leg sweep (close burst 1) at an orc
    in a wood rolls with no penalty."""
    b = arena(("F", "fighter", "blue", 3, 3), ("O", "orc", "red", 4, 3),
              dice=[("d6", 1), ("d20", 10)], terrain={(4, 3): FOREST})
    roll = of(ok(b, S.UsePower("F", power="leg_sweep")), E.AttackRolled)[0]
    assert roll.total == 10 + 5 and "concealment" not in roll.breakdown


def test_a_ranged_attack_beyond_its_range_is_refused():
    """A ranged power with no long range reaches as far as its range (the cleric's sacred
    flame: ranged 5)."""
    b = arena(("C", "cleric", "blue", 0, 3), ("O", "orc", "red", 6, 3))
    assert code(b, S.UsePower("C", power="sacred_flame", target="O")) == "out_of_range"
    b = arena(("C", "cleric", "blue", 1, 3), ("O", "orc", "red", 6, 3))
    assert code(b, S.UsePower("C", power="sacred_flame", target="O")) is None


# ---- damage ----------------------------------------------------------------------------------

def test_vulnerability_adds_damage_of_its_type_only():
    """"If you have vulnerable 5 fire, then any time you take fire damage, you take an
    additional 5 fire damage": a skeleton (vulnerable 5 radiant) takes 5 more from the
    cleric's radiant sacred flame (1d6+3), none more from its mace (1d8+3)."""
    b = arena(("C", "cleric", "blue", 3, 3), ("K", "skeleton", "red", 5, 3),
              dice=[("d20", 19), ("d6", 2)])
    assert damage(ok(b, S.UsePower("C", power="sacred_flame", target="K"))) == [2 + 3 + 5]
    b = arena(("C", "cleric", "blue", 3, 3), ("K", "skeleton", "red", 4, 3),
              dice=[("d20", 19), ("d8", 2)])
    assert damage(ok(b, S.UsePower("C", power="mace", target="K"))) == [2 + 3]


def test_resistance_reduces_damage_of_its_type():
    """"If you have resist 5 fire, then any time you take fire damage, you reduce that damage
    by 5": the wizard's burning hands (close blast 3, 2d6+4 fire) on a drake (resist 5 fire)
    and an orc, one damage roll of 6."""
    b = arena(("W", "wizard", "blue", 3, 3), ("D", "drake", "red", 4, 3),
              ("O", "orc", "red", 5, 3), dice=[("d6", 3), ("d6", 3), ("d20", 19), ("d20", 19)])
    blast = next(o.command for o in b.options("W", "use_power")
                 if o.command.power == "burning_hands"
                 and set(b.forecast(o.command).caught) == {"D", "O"})
    events = ok(b, blast)
    assert {e.unit: e.amount for e in of(events, E.Damaged)} == {"D": 6 + 4 - 5, "O": 6 + 4}


def test_a_weakened_creature_deals_half_damage():
    """"WEAKENED ✦ Your attacks deal half damage": the fighter's longsword, 1d8+4 on a 5."""
    b = duel(fighter=("weakened",), dice=[("d20", 15), ("d8", 5)])
    assert damage(ok(b, S.UsePower("F", power="longsword", target="O"))) == [(5 + 4) // 2]


# ---- conditions ---------------------------------------------------------------------------------

def test_a_blinded_attacker_gives_its_targets_total_concealment():
    """"BLINDED ✦ You can't see any target (your targets have total concealment)": -5 to the
    blinded fighter's attack."""
    b = duel(fighter=("blinded",), dice=[("d20", 12)])
    roll = of(ok(b, S.UsePower("F", power="longsword", target="O")), E.AttackRolled)[0]
    assert roll.total == 12 + 7 - 5 and "total concealment" in roll.breakdown


def test_a_dominated_creature_is_dazed_one_action_a_turn():
    """"DOMINATED ✦ You're dazed": one action on its turn, and it grants combat advantage."""
    b = duel(fighter=("dominated",))
    ok(b, S.Shift("F", path=((2, 3),)))
    assert code(b, S.TotalDefense("F")) == "no_standard_action"
    ok(b, S.EndTurn("F"))
    forecast = b.forecast(S.UsePower("O", power="javelin", target="F", confirm=True))
    assert "combat advantage (target dominated)" in forecast.lines[-1]


def test_an_immobilized_creature_cannot_move_but_is_pushed():
    """"IMMOBILIZED ✦ You can't move from your space, although you can ... be forced to move by
    a pull, a push, or a slide": the shieldbearer's shield bash (push 1) moves it."""
    b = arena(("H", "shieldbearer", "blue", 3, 3), ("O", "orc", "red", 4, 3, ("immobilized",)),
              dice=[("d20", 19), ("d6", 1)])
    ok(b, S.UsePower("H", power="shield_bash", target="O"))
    assert b.cell(b.unit("O").anchor) == (5, 3)
    ok(b, S.EndTurn("H"))
    assert code(b, S.Shift("O", path=((6, 3),))) == "immobilized"
    assert code(b, S.Walk("O", path=((6, 3),))) == "immobilized"


def test_a_restrained_creature_cannot_be_pushed_and_takes_2_off_its_attacks():
    """"RESTRAINED ✦ You grant combat advantage. ✦ You're immobilized. ✦ You can't be forced to
    move by a pull, a push, or a slide. ✦ You take a –2 penalty to attack rolls." """
    b = arena(("H", "shieldbearer", "blue", 3, 3), ("O", "orc", "red", 4, 3, ("restrained",)),
              dice=[("d20", 19), ("d6", 1), ("d20", 10)])
    ok(b, S.UsePower("H", power="shield_bash", target="O"))
    assert b.cell(b.unit("O").anchor) == (4, 3)
    ok(b, S.EndTurn("H"))
    assert code(b, S.Walk("O", path=((5, 3),), confirm=True)) == "immobilized"
    roll = of(ok(b, S.UsePower("O", power="greataxe", target="H")), E.AttackRolled)[0]
    assert roll.total == 10 + 8 - 2


def test_a_marked_creature_takes_2_off_attacks_that_leave_out_its_marker():
    """"MARKED ✦ You take a –2 penalty to attack rolls for any attack that doesn't target the
    creature that marked you": the knight's defender's strike marks the orc, which then
    strikes the fighter at -2, and the knight at no penalty."""
    b = arena(("K", "knight", "blue", 3, 3), ("O", "orc", "red", 4, 3),
              ("F", "fighter", "blue", 4, 4), dice=[("d20", 19), ("d8", 1), ("d20", 10),
                                                    ("d20", 10)])
    ok(b, S.UsePower("K", power="defenders_strike", target="O"))
    ok(b, S.EndTurn("K"))
    roll = of(ok(b, S.UsePower("O", power="greataxe", target="F")), E.AttackRolled)[0]
    assert roll.total == 10 + 8 - 2 and "marked by another" in roll.breakdown
    ok(b, S.ActionPoint("O", action="standard"))
    roll = of(ok(b, S.UsePower("O", power="greataxe", target="K")), E.AttackRolled)[0]
    assert roll.total == 10 + 8


def test_a_petrified_creature_takes_no_actions_and_resists_20_damage():
    """"PETRIFIED ✦ You can't take actions. ✦ You gain resist 20 to all damage": its turn
    passes, and a critical longsword (12) does it no harm."""
    b = arena(("O", "orc", "red", 4, 3, ("petrified",)), ("F", "fighter", "blue", 3, 3),
              dice=[("d20", 20)])
    assert b.active == "F"
    ok(b, S.UsePower("F", power="longsword", target="O"))
    assert b.health("O").hp == b.health("O").max_hp


def test_a_prone_creature_takes_2_off_its_attacks_and_stands_up_with_a_move_action():
    """"PRONE ✦ You take a –2 penalty to attack rolls"; "STAND UP: MOVE ACTION"."""
    b = duel(fighter=("prone",), dice=[("d20", 10)])
    assert code(b, S.Walk("F", path=((2, 3),))) == "prone"
    roll = of(ok(b, S.UsePower("F", power="longsword", target="O")), E.AttackRolled)[0]
    assert roll.total == 10 + 7 - 2
    ok(b, S.StandUp("F"))
    assert "prone" not in b.conditions("F").active
    assert code(b, S.StandUp("F")) == "not_prone"


def test_a_prone_creature_gets_2_against_ranged_attacks_from_nonadjacent_enemies_only():
    """"PRONE ✦ You get a +2 bonus to all defenses against ranged attacks from nonadjacent
    enemies": a javelin from the next hex takes no penalty, one from 2 or 5 hexes away -2 (and
    no cover besides)."""
    for col, penalty in ((4, 0), (5, -2), (8, -2)):
        opportunity = [("d20", 2)] if col == 4 else []      # the orc's, which misses
        b = arena(("F", "fighter", "blue", 3, 3), ("O", "orc", "red", col, 3, ("prone",)),
                  dice=opportunity + [("d20", 10)])
        cmd = S.UsePower("F", power="javelin", target="O", confirm=True)
        roll = of(ok(b, cmd), E.AttackRolled)[-1]
        assert roll.total == 10 + 7 + penalty, (col, roll.breakdown)


def test_a_slowed_creature_moves_2_hexes():
    """"SLOWED ✦ Your speed becomes 2": a walk of 3 hexes is too far, of 2 goes."""
    b = arena(("F", "fighter", "blue", 3, 3, ("slowed",)), ("O", "orc", "red", 9, 3))
    assert code(b, S.Walk("F", path=((4, 3), (5, 3), (6, 3)))) == "too_far"
    ok(b, S.Walk("F", path=((4, 3), (5, 3))))


@pytest.mark.parametrize("condition", ["stunned", "surprised", "unconscious"])
def test_a_creature_that_can_take_no_actions_has_its_turn_pass(condition):
    """"You can't take actions" (STUNNED, SURPRISED, UNCONSCIOUS): the battle passes over the
    {condition} fighter's turn to the orc's."""
    b = arena(("F", "fighter", "blue", 3, 3, (condition,)), ("O", "orc", "red", 4, 3))
    assert b.active == "O"
    assert of(b.events, E.TurnEnded)[0].unit == "F"


def test_an_unconscious_creature_takes_5_off_all_defenses():
    """"UNCONSCIOUS ✦ You're helpless. ✦ You take a –5 penalty to all defenses": the orc's
    AC 15 is 10, and it grants combat advantage; a natural 2 (+7 +2 = 11) hits."""
    b = duel(orc=("unconscious",), dice=[("d20", 2), ("d8", 1)])
    roll = of(ok(b, S.UsePower("F", power="longsword", target="O")), E.AttackRolled)[0]
    assert (roll.total, roll.ac, roll.hit) == (2 + 7 + 2, 15 - 5, True)


# ---- durations and saving throws ----------------------------------------------------------------

def test_until_the_start_of_your_next_turn_ends_when_the_users_turn_starts():
    """"Until the Start of Your Next Turn: The effect ends when your next turn starts": a
    goblin's dirty trick dazes the fighter through the fighter's turn, until the goblin's."""
    effect = (StellerEffect("dazed", "start of next turn"),)
    db = with_power("goblin", "dirty_trick", effects=effect)
    b = arena(("G", "goblin", "red", 3, 3), ("F", "fighter", "blue", 4, 3), db=db,
              dice=[("d20", 19), ("d6", 1)])
    ok(b, S.UsePower("G", power="dirty_trick", target="F"))
    ok(b, S.EndTurn("G"))
    assert "dazed" in b.conditions("F").active
    events = ok(b, S.EndTurn("F"))
    assert "dazed" not in b.conditions("F").active
    assert events.index(E.ConditionRemoved("F", "dazed")) > events.index(
        E.TurnStarted("G", 2))


def test_until_the_end_of_the_battle_lasts_with_no_saving_throw():
    """"Until the End of the Encounter": the dirty trick's daze, so given, is still on three
    rounds later, and no saving throw is rolled against it."""
    effect = (StellerEffect("dazed", "end of battle"),)
    db = with_power("goblin", "dirty_trick", effects=effect)
    b = arena(("G", "goblin", "red", 3, 3), ("F", "fighter", "blue", 4, 3), db=db,
              dice=[("d20", 19), ("d6", 1)])
    ok(b, S.UsePower("G", power="dirty_trick", target="F"))
    for _ in range(3):
        pass_turns(b, "G")
    assert "dazed" in b.conditions("F").active and not of(b.events, E.SaveRolled)


def test_one_saving_throw_against_each_save_ends_effect():
    """"At the end of your turn, you make a saving throw against each effect on you that a save
    can end": the wizard's hold (immobilized, save ends) and the rogue's poisoned blade
    (ongoing 5, save ends) on the orc, two throws at the end of its turn, each ending its own
    effect."""
    b = arena(("W", "wizard", "blue", 3, 3), ("R", "rogue", "blue", 5, 4),
              ("O", "orc", "red", 5, 3),
              dice=[("d20", 19), ("d6", 1), ("d20", 19), ("d6", 1), ("d20", 9), ("d20", 10)])
    ok(b, S.UsePower("W", power="hold", target="O"))
    ok(b, S.EndTurn("W"))
    ok(b, S.UsePower("R", power="poisoned_blade", target="O"))
    events = ok(b, S.EndTurn("R"))          # the orc's turn: ongoing 5 at its start
    events += ok(b, S.EndTurn("O"))
    assert [(e.save, e.natural, e.success) for e in of(events, E.SaveRolled)] == [
        ("immobilized", 9, False), ("ongoing", 10, True)]
    assert "immobilized" in b.conditions("O").active
    assert "ongoing" not in b.conditions("O").active


# ---- hit points ---------------------------------------------------------------------------------

def test_a_creature_is_bloodied_at_half_its_hit_points_or_fewer():
    """"Bloodied Value: You are bloodied when your current hit points drop to one-half your
    maximum hit points or lower": the fighter (40) is bloodied at 20, not at 21."""
    for start, after, bloodied in ((29, 21, False), (28, 20, True)):
        b = arena(("O", "orc", "red", 4, 3), ("F", "fighter", "blue", 3, 3),
                  dice=[("d20", 19), ("d12", 4)])
        b.update("F", Health, hp=start)
        ok(b, S.UsePower("O", power="greataxe", target="F"))
        assert b.health("F").hp == after
        assert ("bloodied" in b.conditions("F").active) is bloodied


def test_a_healing_surge_heals_a_quarter_of_the_maximum():
    """"Healing Surge Value: When you spend a healing surge, you regain hit points equal to
    one-quarter of your maximum hit points": the cleric's healing word on the fighter (40)
    gives 10 and spends one of its 2 surges."""
    b = arena(("C", "cleric", "blue", 3, 3), ("F", "fighter", "blue", 5, 3),
              ("O", "orc", "red", 9, 3))
    b.update("F", Health, hp=12)
    ok(b, S.UsePower("C", power="healing_word", target="F"))
    assert b.health("F").hp == 12 + 40 // 4


def test_healing_a_dying_creature_starts_from_0_hit_points():
    """"When you are dying, any healing restores you to at least 1 wound": the dying fighter at
    -2 healed by a surge (10) stands at 10, conscious, no longer dying."""
    b = arena(("C", "cleric", "blue", 3, 3), ("F", "fighter", "blue", 5, 3),
              ("O", "orc", "red", 4, 3), dice=[("d20", 19), ("d12", 2)])
    b.update("F", Health, hp=4)
    ok(b, S.EndTurn("C"))
    pass_turns(b, "O")
    ok(b, S.UsePower("O", power="greataxe", target="F", confirm=True))
    assert b.health("F").hp == 4 - 6 and "dying" in b.conditions("F").active
    pass_turns(b, "C")
    ok(b, S.UsePower("C", power="healing_word", target="F", confirm=True))
    assert b.health("F").hp == 10
    assert not {"dying", "unconscious"} & set(b.conditions("F").active)


def test_a_daily_power_is_used_once_per_battle():
    """Daily powers: "once per battle in a skirmish": the wizard's hold a second time is
    refused."""
    b = arena(("W", "wizard", "blue", 3, 3), ("O", "orc", "red", 9, 3), dice=[("d20", 2)])
    ok(b, S.UsePower("W", power="hold", target="O"))
    pass_turns(b, "W")
    assert code(b, S.UsePower("W", power="hold", target="O")) == "power_spent"
