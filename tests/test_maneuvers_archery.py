"""Special attacks and archery (docs/rules/19-maneuvers-and-archery.md) through commands with
fixed dice: Knockout Strike, attacks on helpless targets, stray missiles (accuracy by volume),
volleys over walls, Lean Out / Take Cover, the off hand and two weapons, unarmed strikes and
natural weapons. Each test quotes the rulebook's sentence it pins down.

Every battle opens with one d20 of initiative per creature (INIT), in placement order; the
initiative ratings fix the order (FIRST acts first).
"""
from __future__ import annotations

from dataclasses import replace

import pytest

from game.data.loader import load_unit, load_weapons
from game.data.model import DataError
from game.ecs.scenario import WALL, make_hexmap
from game.ecs.components import Weapons
from game.engine import commands as C
from game.engine import events as E
from game.engine.battle import Battle
from game.tiled.hexmap import UnitPlacement

from test_engine_turns import DB, FIRST, SECOND, THIRD, arena, of, ok, refused

WEAPONS = load_weapons()


def fight(*units, dice=(), terrain=None, db=None) -> Battle:
    """arena() with fixed dice after one d20 of initiative per creature."""
    return arena(*units, terrain=terrain, db=db,
                 fixed_dice=[("d20", 10)] * len(units) + list(dice))


def attacks(events):
    return of(events, E.AttackRolled)


# ---- Knockout Strike -------------------------------------------------------------------------

def cleric_and_orc(dice, **orc):
    return fight(("C", "cleric", "blue", 3, 2, {"initiative": FIRST}),
                 ("O", "orc", "red", 4, 2, {"initiative": SECOND, "hp": 12, **orc}),
                 ("G", "goblin", "red", 0, 7, {"initiative": THIRD}), dice=dice)


def test_knockout_strike_leaves_an_injured_target_unconscious_yet_stable():
    """"Knockout Strike (Attack Action, No AOO): You can knockout a target using an attack
    that only deals bludgeoning damage. ... if the target is struck with enough damage to be
    Injured, they become unconscious yet stable (not bleeding out)." "The affected creature
    may make a FORT Save DC(Damage Dealt) to resist being knocked unconscious." """
    b = cleric_and_orc([("d20", 15), ("d8", 8), ("d20", 1)])
    forecast = b.forecast(C.KnockoutStrike("C", "O", "mace"))
    assert 0 < forecast.chance < 1 and any("Knockout" in line for line in forecast.lines)
    events = ok(b, C.KnockoutStrike("C", "O", "mace"))
    assert of(events, E.Damaged)[0].amount == 9 and b.unit("O").hp == 3     # 1d8 8 + STR 1
    save = of(events, E.SaveRolled)[0]
    assert (save.unit, save.save, save.dc, save.success) == ("O", "FORT", 9, False)
    o = b.unit("O")
    assert o.has("knocked_out") and o.has("prone") and not o.has("bleed") and not o.dead
    assert not of(events, E.Provoked)            # no attack of opportunity of its own
    assert b.winner is None and "G" in b.eids    # the goblin fights on


def test_a_knockout_strike_is_resisted_by_a_fort_save_against_the_damage_dealt():
    """"The affected creature may make a FORT Save DC(Damage Dealt) to resist being knocked
    unconscious." """
    b = cleric_and_orc([("d20", 15), ("d8", 8), ("d20", 20)])
    events = ok(b, C.KnockoutStrike("C", "O", "mace"))
    assert of(events, E.SaveRolled)[0].success
    assert not b.unit("O").has("knocked_out") and b.unit("O").hp == 3


def test_a_knockout_strike_that_leaves_the_target_unhurt_enough_calls_for_no_save():
    """"If you land a Critical Hit against an unaware target OR if the target is struck
    with enough damage to be Injured, they become unconscious" - otherwise not."""
    b = cleric_and_orc([("d20", 15), ("d8", 1)], hp=40)
    events = ok(b, C.KnockoutStrike("C", "O", "mace"))
    assert not of(events, E.SaveRolled) and not b.unit("O").has("knocked_out")


def test_a_knockout_strike_needs_a_weapon_that_deals_only_bludgeoning_damage():
    """"You can knockout a target using an attack that only deals bludgeoning damage." """
    b = fight(("F", "fighter", "blue", 3, 2, {"initiative": FIRST}),
              ("O", "orc", "red", 4, 2, {"initiative": SECOND}))
    assert b.action("F", "knockout_strike").code == "no_bludgeoning_weapon"
    refused(b, C.KnockoutStrike("F", "O"))


def test_a_critical_knockout_strike_on_an_unaware_target_knocks_it_out():
    """"If you land a Critical Hit against an unaware target ... they become unconscious yet
    stable (not bleeding out)." """
    placements = [UnitPlacement("C", "cleric", "blue", 3, 2, 0, {"initiative": FIRST}, (),
                                hidden=True),
                  UnitPlacement("O", "orc", "red", 4, 2, 0,
                                {"initiative": SECOND, "hp": 40, "fort": -10}, ()),
                  UnitPlacement("G", "goblin", "red", 0, 7, 0, {"initiative": THIRD}, ())]
    b = Battle(make_hexmap(12, 8, None, placements), seed=0, units_db=DB,
               fixed_dice=[("d20", 10)] * 3 + [("d20", 20), ("d20", 15), ("d8", 1),
                                               ("d8", 1), ("d20", 1)])
    events = ok(b, C.KnockoutStrike("C", "O", "mace"))
    assert attacks(events)[0].critical and b.unit("O").hp == 36     # 2 x (1 + STR 1)
    assert of(events, E.SaveRolled)[0].dc == 4 and b.unit("O").has("knocked_out")


# ---- helpless targets ------------------------------------------------------------------------

def test_an_adjacent_helpless_target_is_struck_automatically_with_a_critical_hit():
    """"If within 5 feet, an attacker may use a Big Action to automatically strike a Helpless
    target with a physical attack that lands as a Critical Hit." """
    b = fight(("F", "fighter", "blue", 3, 2, {"initiative": FIRST}),
              ("O", "orc", "red", 4, 2, {"initiative": SECOND, "hp": 30,
                                         "conditions": ("unconscious",)}),
              ("G", "goblin", "red", 0, 7, {"initiative": THIRD}),
              dice=[("d8", 2), ("d8", 2)])
    assert b.forecast(C.Attack("F", "O", "longsword")).chance == 1.0
    events = ok(b, C.Attack("F", "O", "longsword"))
    roll = attacks(events)[0]
    assert roll.hit and roll.critical and roll.d20 == ()          # no d20 is rolled
    assert "automatic critical hit" in roll.breakdown
    assert of(events, E.Damaged)[0].amount == 10                  # 2d8 [2, 2] + 2 x STR 3


def test_coup_de_grace_still_slays_a_helpless_foe():
    """"Coup de Grace / Killing Blow (Full-Round Action, Provokes AOO) Slay a helpless foe." """
    b = fight(("F", "fighter", "blue", 3, 2, {"initiative": FIRST}),
              ("O", "orc", "red", 4, 2, {"initiative": SECOND, "conditions": ("unconscious",)}),
              ("G", "goblin", "red", 0, 7, {"initiative": THIRD}))
    ok(b, C.CoupDeGrace("F", "O"))
    assert b.unit("F").has("coup_de_grace")         # it lands when F's next turn starts


# ---- stray missiles (accuracy by volume) -----------------------------------------------------

def shooting_past(dice, target="orc", blocker=(4, 3), **kw):
    """A (archer, blue) at 1,3 shoots T at 6,3; X (red orc) stands at `blocker`."""
    return fight(("A", "archer", "blue", 1, 3, {"initiative": FIRST}),
                 ("T", target, "red", 6, 3, {"initiative": SECOND, "hp": 40}),
                 ("X", "orc", "red", *blocker, {"initiative": THIRD, "hp": 40}),
                 dice=dice, **kw)


def test_a_missed_arrow_strikes_the_creature_that_gave_the_target_cover():
    """"If your Ranged Attack misses the intended target and does not strike their shield:
    If your intended target was granted Cover by a creature in front of it, that creature
    now becomes your Unintended Target." "Roll a new Attack Roll against your Unintended
    Target with a -4 Penalty. If this attack succeeds, you strike and deal damage
    normally." """
    b = shooting_past([("d20", 3), ("d20", 19), ("d6", 4)])
    forecast = b.forecast(C.Attack("A", "T", "shortbow"))
    assert forecast.caught == ("X",) and any("Stray missile: X (enemy)" in line
                                             for line in forecast.lines)
    events = ok(b, C.Attack("A", "T", "shortbow"))
    first, stray = attacks(events)
    assert (first.target, first.hit) == ("T", False)
    assert (stray.target, stray.kind, stray.hit) == ("X", "stray", True)
    assert "unintended target 4" in stray.breakdown
    assert b.unit("X").hp == 36 and b.unit("T").hp == 40


def test_a_stray_missile_is_the_same_arrow_and_spends_one_shot():
    """"If your Ranged Attack misses the intended target ... that creature now becomes your
    Unintended Target": the arrow that flies on is the one already shot, so the quiver loses
    one arrow for the shot and its stray, not two."""
    b = shooting_past([("d20", 3), ("d20", 19), ("d6", 4)])
    before = dict(b.component("A", Weapons).ammo)
    events = ok(b, C.Attack("A", "T", "shortbow"))
    assert [a.kind for a in attacks(events)][-1] == "stray"
    shots = [e for e in events if isinstance(e, E.WeaponMoved) and e.action == "shot"]
    after = b.component("A", Weapons).ammo
    assert len(shots) == 1
    assert sum(before.values()) - sum(after.values()) == 1


def test_a_missed_arrow_may_strike_an_ally_fighting_next_to_the_target():
    """"If your target did not have cover, your Unintended Target becomes the closest
    creature within Line of Effect and either directly adjacent to or within 10 feet behind
    your intended target." (firing into melee)"""
    b = fight(("A", "archer", "blue", 1, 3, {"initiative": FIRST}),
              ("T", "orc", "red", 6, 3, {"initiative": SECOND, "hp": 40}),
              ("F", "fighter", "blue", 7, 3, {"initiative": THIRD, "hp": 40}),
              dice=[("d20", 3), ("d20", 20), ("d20", 2), ("d6", 5)])
    forecast = b.forecast(C.Attack("A", "T", "shortbow"))
    assert forecast.caught == ("F",) and any("F (ally)" in line for line in forecast.lines)
    events = ok(b, C.Attack("A", "T", "shortbow"))
    assert [(a.target, a.hit) for a in attacks(events)] == [("T", False), ("F", True)]
    assert b.unit("F").hp == 35


def test_a_natural_1_misses_everything():
    """"If your first Attack Roll was a Nat1, nothing else happens; you missed
    everything." """
    b = shooting_past([("d20", 1)])
    events = ok(b, C.Attack("A", "T", "shortbow"))
    assert [a.target for a in attacks(events)] == ["T"]


def test_a_miss_that_strikes_the_shield_goes_nowhere_else():
    """"If your Ranged Attack misses the intended target and does not strike their shield"
    - an arrow the shield stopped (the roll would have hit without it) flies no further."""
    b = fight(("A", "archer", "blue", 1, 3, {"initiative": FIRST}),
              ("T", "fighter", "red", 6, 3, {"initiative": SECOND}),
              ("Y", "goblin", "red", 7, 3, {"initiative": THIRD}),
              dice=[("d20", 10)])                       # 10 + 5 = 15: AC 17, shield 2
    events = ok(b, C.Attack("A", "T", "shortbow"))
    assert [a.target for a in attacks(events)] == ["T"]
    b = fight(("A", "archer", "blue", 1, 3, {"initiative": FIRST}),
              ("T", "fighter", "red", 6, 3, {"initiative": SECOND}),
              ("Y", "goblin", "red", 7, 3, {"initiative": THIRD}),
              dice=[("d20", 8), ("d20", 2)])            # 13: under the shield, it flies on
    events = ok(b, C.Attack("A", "T", "shortbow"))
    assert [a.target for a in attacks(events)] == ["T", "Y"]


# ---- volleys ---------------------------------------------------------------------------------

WALLED = {(4, r): WALL for r in range(8)}


def test_a_volley_arcs_over_a_wall_at_minus_10_and_a_natural_20_adds_10():
    """"Volley Shots & Indirect Fire: You can launch arrows and spears over objects and
    barriers by attacking in a massive arc." "Making an Indirect Fire Attack causes a -10
    Penalty on the Attack Roll." "A Nat20 Indirect Attack does not automatically strike, but
    grants your Attack Roll a +10 Innate Bonus." "If you cannot see your target, you also
    suffer the normal 50% Miss Chance." "These attacks ... cannot deal Precision Damage or
    Critical Hits." """
    b = fight(("A", "archer", "blue", 1, 3, {"initiative": FIRST}),
              ("T", "orc", "red", 7, 3, {"initiative": SECOND, "hp": 40}),
              ("G", "goblin", "red", 9, 7, {"initiative": THIRD}),
              terrain=WALLED, dice=[("d20", 20), ("d10", 6), ("d6", 3)])
    assert refused(b, C.Attack("A", "T", "shortbow"))
    assert b.action("A", "volley").enabled
    events = ok(b, C.Volley("A", "T", "shortbow"))
    roll = attacks(events)[0]
    assert roll.hit and not roll.critical and roll.kind == "volley"
    assert "indirect fire 10" in roll.breakdown and "natural 20 on a volley" in roll.breakdown
    assert "total concealment" in roll.breakdown and b.unit("T").hp == 37


# ---- Lean Out / Take Cover -------------------------------------------------------------------

def behind_a_wall(**kw):
    """A (archer, blue) at 3,3 next to a wall at 4,3; E (archer, red) beyond it at 8,1."""
    return fight(("A", "archer", "blue", 3, 3, {"initiative": FIRST}),
                 ("E", "archer", "red", 8, 1, {"initiative": SECOND}),
                 ("G", "goblin", "red", 0, 7, {"initiative": THIRD}),
                 terrain={(4, 3): WALL}, **kw)


def test_taking_cover_behind_a_wall_gives_total_cover_and_leaning_out_good_cover():
    """"Lean Out from Cover / Take Cover (Swift Action): You remain in your current hex, but
    lean out from behind (or take cover behind) an adjacent object ... that provides Total
    Cover. While leaning out, you have Good Cover (+4 Cover Bonus to AC)." """
    b = behind_a_wall()
    assert b.refusal(C.Attack("A", "E", "shortbow")) is None
    forecast = b.forecast(C.TakeCover("A", (4, 3)))
    assert "E" in forecast.caught
    ok(b, C.TakeCover("A", (4, 3)))
    assert b.budget("A").little == 0 and b.unit("A").has("taking_cover")
    assert b.refusal(C.Attack("A", "E", "shortbow")).code == "cannot_attack"
    ok(b, C.LeanOut("A"))                       # a Big Action spent as the Little one
    assert b.budget("A").big == 1 and b.unit("A").has("leaning_out")
    from game.rules.situation import attack_preview
    p = attack_preview(b.view(), "E", "A", "shortbow")
    assert p.possible and p.plan.situation.cover in ("good", "superior")
    assert b.refusal(C.Attack("A", "E", "shortbow")) is None


def test_a_creature_in_cover_cannot_be_shot_from_beyond_its_wall_and_moving_ends_it():
    """"...take cover behind an adjacent object ... that provides Total Cover" - until it
    leaves the hex ("You remain in your current hex")."""
    b = behind_a_wall()
    ok(b, C.TakeCover("A", (4, 3)))
    ok(b, C.EndTurn("A"))
    ok(b, C.ChooseNext("A", "E"))
    assert b.refusal(C.Attack("E", "A", "shortbow")).code == "cannot_attack"
    ok(b, C.EndTurn("E"))
    ok(b, C.EndTurn("G"))                       # the last of the round picks who opens the next
    ok(b, C.ChooseNext("G", "A"))
    assert b.unit("A").has("taking_cover")      # it lasts across turns
    ok(b, C.Step("A", (2, 3)))
    assert not b.unit("A").has("taking_cover")


# ---- the off hand and two weapons --------------------------------------------------------------

def twin_vs(dice, flat=True, db=None, **orc):
    cond = ("flat_footed",) if flat else ()
    return fight(("R", "twinblade", "blue", 3, 2, {"initiative": FIRST}),
                 ("O", "orc", "red", 4, 2, {"initiative": SECOND, "hp": 40,
                                            "conditions": cond, **orc}),
                 ("G", "goblin", "red", 0, 7, {"initiative": THIRD}), dice=dice, db=db)


def test_a_main_hand_hit_on_a_flat_footed_foe_lets_the_off_hand_strike_as_a_reaction():
    """"Once per turn, if you strike a Flat-Footed enemy with your Main-Hand melee weapon, you
    may use a Reaction to make a single attack with your Off-Hand Weapon against the same
    foe (counts as an AOO)." """
    b = twin_vs([("d20", 15), ("d6", 3), ("d20", 10), ("d4", 2)])
    assert b.action("R", "off_hand_attack").code == "no_follow_up"
    ok(b, C.Attack("R", "O", "shortsword"))
    options = b.options("R", "off_hand_attack")
    assert [o.command for o in options] == [C.OffHandAttack("R", "O", "dagger")]
    events = ok(b, C.OffHandAttack("R", "O", "dagger"))
    roll = attacks(events)[0]
    assert roll.kind == "off hand" and roll.hit and "off hand" not in roll.breakdown
    assert b.reactions("R").available == 0 and b.unit("O").hp == 35
    assert b.action("R", "off_hand_attack").code == "no_follow_up"     # once per turn


def test_no_off_hand_attack_after_a_hit_on_a_foe_that_is_not_flat_footed():
    """"if you strike a Flat-Footed enemy with your Main-Hand melee weapon" - only then."""
    b = twin_vs([("d20", 18), ("d6", 3)], flat=False)
    ok(b, C.Attack("R", "O", "shortsword"))
    assert b.options("R", "off_hand_attack") == []


def test_alternating_blades_take_only_a_minus_1_consecutive_attack_penalty():
    """"If wielding two weapons and alternating strikes between each of your weapons, you
    suffer only a cumulative -1 Consecutive Attack Penalty for multiple attacks made on your
    turn." (a level 5 rogue attacks with both Big Actions)"""
    b = twin_vs([("d20", 2), ("d20", 2)], flat=False)
    ok(b, C.Attack("R", "O", "shortsword"))
    events = ok(b, C.Attack("R", "O", "dagger"))
    assert "consecutive attacks 1" in attacks(events)[0].breakdown


def test_off_hand_attacks_take_minus_2_or_minus_4_with_a_one_handed_weapon():
    """"Any attacks made with only your Off-Hand suffer a -2 penalty. (Wielding a 1-Handed
    weapon in your Off-hand increases this penalty to -4)" - and the Two-Weapon Fighting Feat
    "removes the -2 Penalty for attacks made with a light weapon in your Off-Hand"."""
    from game.rules.situation import attack_preview
    untrained = dict(DB, twinblade=replace(DB["twinblade"], two_weapon_fighting=False))
    b = twin_vs([], flat=False, db=untrained)
    assert attack_preview(b.view(), "R", "O", "dagger").plan.bonus.value_of("off hand") == -2
    assert attack_preview(b.view(), "R", "O", "shortsword").plan.bonus.value_of("off hand") == 0
    heavy = dict(DB, twinblade=replace(DB["twinblade"], weapons=(
        WEAPONS["shortsword"], WEAPONS["longsword"]), in_hand=("shortsword", "longsword"),
        off_hand="longsword"))
    b = twin_vs([], flat=False, db=heavy)
    assert attack_preview(b.view(), "R", "O", "longsword").plan.bonus.value_of("off hand") == -4


def test_the_off_hand_weapon_must_be_one_of_the_units_light_or_one_handed_weapons(tmp_path):
    """Unit data names the off-hand weapon; a two-handed one is refused with one clear line."""
    bad = tmp_path / "twin.toml"
    text = (DB["twinblade"].source).read_text().replace('off_hand = "dagger"',
                                                         'off_hand = "greataxe"')
    bad.write_text(text.replace('weapons = ["shortsword", "dagger"]',
                                'weapons = ["shortsword", "greataxe"]')
                   .replace('in_hand = ["shortsword", "dagger"]',
                            'in_hand = ["shortsword", "greataxe"]'))
    with pytest.raises(DataError, match="off_hand.*two-handed"):
        load_unit(bad, WEAPONS)


# ---- unarmed strikes and natural weapons -------------------------------------------------------

def unarmed_fighter(dice=()):
    bare = dict(DB, fighter=replace(DB["fighter"], weapons=(), in_hand=()))
    return fight(("F", "fighter", "blue", 3, 2, {"initiative": FIRST}),
                 ("O", "orc", "red", 4, 2, {"initiative": SECOND, "hp": 40}),
                 ("G", "goblin", "red", 0, 7, {"initiative": THIRD}), dice=dice, db=bare)


def test_an_unarmed_strike_deals_1_plus_half_the_str_mod_and_provokes():
    """"A basic unarmed attack deals 1 [b] damage, plus half your STRMod (minimum 1 dmg)."
    "Any basic unarmed attack may use your STRMod or DEXMod." (and striking an armed foe
    bare-handed lowers one's guard: it provokes)"""
    b = unarmed_fighter([("d20", 5), ("d20", 18)])        # the orc's AOO misses, the punch hits
    assert [w.id for w in b.unit("F").weapons] == ["unarmed"]
    assert b.refusal(C.Attack("F", "O", "unarmed")).code == "provokes"
    events = ok(b, C.Attack("F", "O", "unarmed", confirm=True))
    kinds = [(a.attacker, a.kind) for a in attacks(events)]
    assert kinds == [("O", "aoo"), ("F", "attack")]
    assert of(events, E.Damaged)[0].amount == 2            # 1 + half of STR 3
    assert b.unit("O").hp == 38


def test_basic_unarmed_attacks_do_not_threaten():
    """"You do not Threaten AOO with Basic Unarmed Attacks." """
    b = unarmed_fighter()
    ok(b, C.EndTurn("F"))
    ok(b, C.ChooseNext("F", "O"))
    events = ok(b, C.Move("O", ((5, 2), (6, 2))))
    assert not of(events, E.Provoked)


def test_a_second_natural_weapon_follows_a_primary_hit_on_a_flat_footed_foe():
    """"If you have 2+ Natural Weapons ... Once per turn, if you strike a Flat-Footed enemy
    with your primary weapon, you may use a Reaction to make a single attack with your
    second natural weapon against the same foe (counts as an AOO)." """
    b = fight(("T", "troll", "red", 3, 2, {"initiative": FIRST}),
              ("O", "fighter", "blue", 4, 2, {"initiative": SECOND, "hp": 60,
                                              "conditions": ("flat_footed",)}),
              ("G", "goblin", "blue", 0, 7, {"initiative": THIRD}),
              dice=[("d20", 15), ("d6", 2), ("d20", 20), ("d20", 15), ("d8", 3),
                    ("d20", 20)])   # large: 1d6, 1d8; the fighter stands each knockdown
    ok(b, C.Attack("T", "O", "claw"))
    events = ok(b, C.OffHandAttack("T", "O", "bite"))
    assert attacks(events)[0].weapon == "Bite" and attacks(events)[0].hit


def test_the_common_natural_weapons_are_in_the_weapon_list_at_20_x2():
    """"Natural Weapons score Critical Hits on 20/x2" - bite, strong bite, claw, strong claws,
    smack, bash/slam, ram, gore and sting."""
    for wid in ("bite", "strong_bite", "claw", "strong_claws", "smack", "slam", "ram", "gore",
                "sting"):
        w = WEAPONS[wid]
        assert w.natural and w.threat == 20 and w.multiplier == 2 and w.threatens, wid


# ---- the optional critical rules ---------------------------------------------------------------

def fighter_vs_orc(dice, criticals):
    return arena(("F", "fighter", "blue", 3, 2, {"initiative": FIRST}),
                 ("O", "orc", "red", 4, 2, {"initiative": SECOND, "hp": 60}),
                 ("G", "goblin", "red", 0, 7, {"initiative": THIRD}),
                 fixed_dice=[("d20", 10)] * 3 + list(dice), criticals=criticals)


def test_killer_criticals_deal_at_least_10_percent_of_max_hp_per_multiplier_step():
    """"Killer Criticals: A Critical Hit always deals a minimum amount of damage to your
    target based on your Critical Multiplier and a percentage of your target's Maximum
    Health." "A strike with x2 Critical Multiplier deals at least 20% Maximum HP damage to
    your target." """
    crit = [("d20", 20), ("d20", 15), ("d8", 1), ("d8", 1)]    # 2d8 [1, 1] + 2 x STR 3 = 8
    b = fighter_vs_orc(crit, "killer")
    events = ok(b, C.Attack("F", "O", "longsword"))
    hurt = of(events, E.Damaged)[0]
    assert hurt.amount == 12 and "killer critical minimum" in hurt.breakdown   # 20% of 60
    b = fighter_vs_orc(crit, "standard")
    assert of(ok(b, C.Attack("F", "O", "longsword")), E.Damaged)[0].amount == 8


def test_a_perfect_critical_deals_maximum_damage_and_breaks_a_bone():
    """"If you roll a Nat20 when confirming a Critical Threat, you score a Perfect Critical.
    Your strike deals maximum Physical Damage!" "If you deal at least as much damage as your
    target's Injured Threshold, you also cause the following: ... Broken Leg: Fall Prone." """
    b = fighter_vs_orc([("d20", 20), ("d20", 20), ("d6", 3)], "perfect")
    events = ok(b, C.Attack("F", "O", "longsword"))
    assert of(events, E.Damaged)[0].amount == 22                     # 2d8 at 16 + 6
    assert of(events, E.Maimed) == [E.Maimed("O", "severed leg")]    # a slashing blow
    o = b.unit("O")
    assert o.has("broken_leg") and o.has("prone") and o.hp == 38


def test_the_critical_rules_are_a_map_property_and_travel_in_the_save(tmp_path):
    """The optional rules are the battle's choice: the map names them (`critical_rules`), the
    setup may change them, and a save keeps them so that its replay is exact."""
    from game.engine.replay import load_replay, save_battle
    from game.tiled.loader import MapError, load_map
    from game.paths import shipped_map
    text = shipped_map("duel").read_text().replace(
        '<property name="initiative" value="selective"/>',
        '<property name="initiative" value="selective"/>\n'
        '  <property name="critical_rules" value="killer"/>').replace(
        "../assets/", str(shipped_map("duel").parent.parent / "assets") + "/")
    (tmp_path / "duel.tmx").write_text(text)
    hexmap = load_map(tmp_path / "duel.tmx")
    assert hexmap.critical_rules == "killer"
    b = Battle(hexmap, seed=3)
    assert b.ruleset.criticals == "killer" and b.view().rules.killer_criticals
    assert Battle(hexmap, seed=3, criticals="standard").ruleset.criticals == "standard"
    save_battle(b, tmp_path / "save.json")
    assert load_replay(tmp_path / "save.json").ruleset.criticals == "killer"
    (tmp_path / "bad.tmx").write_text(text.replace('value="killer"', 'value="brutal"'))
    with pytest.raises(MapError, match="critical_rules|brutal"):
        load_map(tmp_path / "bad.tmx")
