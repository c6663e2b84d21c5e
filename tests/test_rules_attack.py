"""docs/rules/10-attacks-and-damage.md "Attack rolls and damage" (attack bonus, AC, criticals) with the situational
modifiers of docs/rules/03-movement.md, 6, 7, 8, 9, 11, and the battle's seeded dice (game.engine.dice).

The the rulebook worked examples: "Critical Hits" examples 1 (battleaxe) and 2 (flaming shortsword),
"Range Penalty" (shortbow at 200 ft: -6).
"""

import pytest

from game.rules.sections import TITLES, cite
from game.data.dice import parse_dice
from game.data.model import ExtraDamage, Weapon
from game.engine.dice import Dice
from game.rules.attack import (AttackSituation, Breakdown, Fighter, Term, attack_bonus,
                               consecutive_penalty, format_breakdown, gang_up_bonus,
                               judge_attack, plan_attack, range_increments, range_penalty,
                               roll_attack, roll_hits, target_ac)
from game.rules.damage import damage_formula, resolve_damage
from tests.helpers import unit_type


unit = unit_type


def weapon(wid="longsword", **kw) -> Weapon:
    dmg = kw.pop("damage", "1d8")
    kw.setdefault("name", wid.replace("_", " ").title())
    return Weapon(id=wid, damage=parse_dice(dmg), base_damage=parse_dice(dmg), **kw)


LONGSWORD = weapon("longsword", damage_type=("slashing",), threat=19)
BATTLEAXE = weapon("battleaxe", damage_type=("slashing", "bludgeoning"), damage_mode="both",
                   multiplier=3)
FLAMING_SHORTSWORD = weapon("flaming_shortsword", name="+1 Flaming Shortsword", hands="light",
                            damage="1d6", damage_type=("slashing", "piercing"), threat=19,
                            enhancement=1, properties=("magic",),
                            extra_damage=(ExtraDamage(parse_dice("1d6"), "fire"),))
SHORTBOW = weapon("shortbow", attack="ranged", kind="ranged", hands="two", damage="1d6",
                  damage_type=("piercing",), multiplier=3, range_increment_ft=60,
                  max_increments=10)
CROSSBOW = weapon("light_crossbow", attack="ranged", kind="ranged", hands="two",
                  damage="1d8", damage_type=("piercing",), range_increment_ft=80)
DAGGER = weapon("dagger", hands="light", damage="1d4", damage_type=("slashing", "piercing"),
                threat=19, range_increment_ft=10)
RAPIER = weapon("rapier", finesse=True, damage="1d6", damage_type=("piercing",), threat=18)

FIGHTER = unit(key="fighter", hr=3, str=14, dex=12)          # STR +2, DEX +1
TARGET = unit(key="target", dex=12, armor=4, armor_vs_crit=2, shield=2)   # AC 17, vs crit 15


def sit(attacker=FIGHTER, wpn=LONGSWORD, target=TARGET, a_cond=None, t_cond=None,
        a_difficult=False, t_difficult=False, **kw) -> AttackSituation:
    return AttackSituation(Fighter(attacker, a_cond or {}, a_difficult), wpn,
                           Fighter(target, t_cond or {}, t_difficult), **kw)


def bonus_of(s) -> int:
    return attack_bonus(s).total


def ac_of(s) -> int:
    return target_ac(s).total


# ---- the worked examples ------------------------------------------------------------------

def test_critical_hits_example_1_battleaxe_threat_confirm_and_3d8_plus_6():
    """The rulebook "Critical Hits" example 1: HR4, 14 STR, battleaxe +6 /20/x3/1d8+2 [s+b] vs AC 18,
    ACvsCrit 16: 20+6 = 26 threatens, confirmation 11+6 = 17 beats 16: 3 x (1d8+2) = 3d8+6."""
    attacker = unit(key="axeman", hr=4, str=14)
    target = unit(key="target", ac_override=18, ac_vs_crit_override=16)
    s = sit(attacker, BATTLEAXE, target)
    plan = plan_attack(s)
    assert plan.bonus.total == 6 and plan.ac.total == 18 and plan.ac_vs_crit.total == 16
    roll = judge_attack(plan, 20, confirm=11)
    assert roll.total == 26 and roll.threat and roll.confirm_total == 17
    assert roll.critical and roll.outcome == "critical"
    formula = damage_formula(s, critical=True)
    assert formula.text() == "3d8+6 [slashing+bludgeoning]"
    assert resolve_damage(formula, (8, 8, 8)).total == 30
    assert resolve_damage(formula, (1, 1, 1)).total == 9
    # Only a natural 20 threatens with a 20/x3 weapon: 19 + 6 = 25 hits but does not threaten.
    assert not judge_attack(plan, 19).threat


def test_critical_hits_example_2_flaming_shortsword_fire_not_multiplied():
    """The rulebook "Critical Hits" example 2: HR5, 14 DEX, 12 STR, +1 flaming shortsword
    +8 /19-20/x2/1d6+2+(1d6 fire) vs AC 19, ACvsCrit 19: 19+8 = 27 threatens, 11+8 = 19
    confirms: 2 x (1d6+2) = 2d6+4 [s/p] + 1d6 [fire], the fire not multiplied."""
    attacker = unit(key="duelist", hr=5, dex=14, str=12)
    target = unit(key="target", ac_override=19, ac_vs_crit_override=19)
    s = sit(attacker, FLAMING_SHORTSWORD, target)
    plan = plan_attack(s)
    assert plan.bonus.total == 8
    assert plan.bonus.value_of("DEX") == 2 and plan.bonus.value_of("enhancement") == 1
    roll = judge_attack(plan, 19, confirm=11)
    assert roll.total == 27 and roll.threat and roll.confirm_total == 19 and roll.critical
    normal = damage_formula(s)
    assert normal.text() == "1d6+2 [slashing/piercing] + 1d6 [fire]"
    crit = damage_formula(s, critical=True)
    assert crit.text() == "2d6+4 [slashing/piercing] + 1d6 [fire]"
    result = resolve_damage(crit, (6, 6), ((6,),))
    assert result.total == 22 and dict(result.by_type) == {"slashing": 16, "fire": 6}


def test_attack_rolls_range_penalty_shortbow_200ft_is_minus_6():
    """The rulebook "Range Penalty": shortbow, increment 60 ft, target 200 ft away: -6; max range
    10 x 60 = 600 ft."""
    assert range_penalty(SHORTBOW, 200, "ranged") == (-6, "")
    archer = unit(key="archer", hr=2, dex=16)
    s = sit(archer, SHORTBOW, distance_ft=200)
    assert attack_bonus(s).value_of("range") == -6
    assert bonus_of(s) == 2 + 3 - 6


@pytest.mark.parametrize("feet, penalty", [(5, 0), (60, 0), (65, -2), (120, -2), (121, -4),
                                           (200, -6), (600, -18)])
def test_attack_rolls_range_penalty_minus_2_per_increment_beyond_the_first(feet, penalty):
    assert range_penalty(SHORTBOW, feet, "ranged") == (penalty, "")
    assert range_increments(feet, 60) == max(1, -(-feet // 60))


def test_attack_rolls_beyond_10_increments_or_5_thrown_is_impossible():
    assert not plan_attack(sit(wpn=SHORTBOW, distance_ft=605)).possible
    assert "out of range" in plan_attack(sit(wpn=SHORTBOW, distance_ft=605)).reason
    assert plan_attack(sit(wpn=DAGGER, mode="thrown", distance_ft=50)).possible
    assert not plan_attack(sit(wpn=DAGGER, mode="thrown", distance_ft=55)).possible


def test_attack_rolls_melee_out_of_reach_and_total_cover_are_impossible():
    assert not plan_attack(sit(distance_ft=10)).possible
    assert plan_attack(sit(distance_ft=5)).possible
    assert "total cover" in plan_attack(sit(cover="total")).reason
    assert not plan_attack(sit(wpn=LONGSWORD, mode="thrown")).possible


# ---- the attack bonus ---------------------------------------------------------------------

def test_attack_rolls_melee_uses_str_light_or_finesse_may_use_dex_ranged_uses_dex():
    nimble = unit(key="nimble", hr=1, str=10, dex=16)
    assert attack_bonus(sit(nimble, LONGSWORD)).labels()[:2] == ["HR", "STR"]
    assert bonus_of(sit(nimble, LONGSWORD)) == 1
    assert bonus_of(sit(nimble, RAPIER)) == 1 + 3            # finesse
    assert bonus_of(sit(nimble, DAGGER)) == 1 + 3            # light
    strong = unit(key="strong", hr=1, str=18, dex=12)
    assert bonus_of(sit(strong, DAGGER)) == 1 + 4            # STR is better: keeps STR
    assert bonus_of(sit(strong, SHORTBOW, distance_ft=30)) == 1 + 1   # ranged: DEX
    assert bonus_of(sit(strong, DAGGER, mode="thrown", distance_ft=10)) == 1 + 1


@pytest.mark.parametrize("size, mod", [("tiny", 2), ("small", 1), ("medium", 0),
                                       ("large", -1), ("huge", -2), ("gargantuan", -4)])
def test_attack_rolls_size_mod_to_attack_and_ac(size, mod):
    creature = unit(key="c", size=size, hr=0, reach_override=5)
    assert bonus_of(sit(creature, LONGSWORD, unit(key="t"))) == mod
    assert ac_of(sit(FIGHTER, LONGSWORD, creature)) == 10 + mod


def test_attack_rolls_natural_20_always_hits_natural_1_always_misses():
    assert roll_hits(20, -10, 40) and not roll_hits(1, 30, 5)
    assert roll_hits(10, 5, 15) and not roll_hits(10, 4, 15)


def test_turns_actions_consecutive_attacks_minus_2_each_minus_1_alternating():
    assert [consecutive_penalty(n) for n in range(4)] == [0, -2, -4, -6]
    assert consecutive_penalty(2, alternating=True) == -2
    assert attack_bonus(sit(previous_attacks=1)).value_of("consecutive") == -2


def test_flanking_and_ganging_up_gang_up_third_attacker_plus_1_max_5():
    assert [gang_up_bonus(n, "medium", "medium") for n in range(9)] == \
        [0, 0, 1, 2, 3, 4, 5, 5, 5]
    assert gang_up_bonus(3, "tiny", "large") == 0                 # 3 size categories apart
    assert gang_up_bonus(3, "small", "large") == 2
    assert gang_up_bonus(3, "medium", "medium", {"unconscious": 1}) == 0   # helpless
    assert attack_bonus(sit(gang_up=2)).value_of("gang up") == 1


def test_flanking_and_ganging_up_high_ground_melee_plus_1_low_ground_minus_1():
    assert attack_bonus(sit(elevation=1)).value_of("high ground") == 1
    assert attack_bonus(sit(elevation=-2)).value_of("low ground") == -1
    assert bonus_of(sit(wpn=SHORTBOW, distance_ft=30, elevation=3)) == \
        bonus_of(sit(wpn=SHORTBOW, distance_ft=30))


def test_movement_difficult_terrain_minus_2_attack_and_minus_2_ac():
    assert bonus_of(sit(a_difficult=True)) == bonus_of(sit()) - 2
    assert ac_of(sit(t_difficult=True)) == ac_of(sit()) - 2


def test_movement_run_minus_2_ac_vs_melee_and_minus_2_on_ranged_attacks():
    running = {"running": 1}
    assert ac_of(sit(t_cond=running)) == ac_of(sit()) - 2
    ranged = dict(wpn=SHORTBOW, distance_ft=30)
    assert ac_of(sit(t_cond=running, **ranged)) == ac_of(sit(**ranged))
    assert bonus_of(sit(a_cond=running, **ranged)) == bonus_of(sit(**ranged)) - 2
    assert bonus_of(sit(a_cond=running)) == bonus_of(sit())


def test_turns_actions_fight_defensively_power_attack_aim():
    defensive = {"fighting_defensively": 1}
    assert bonus_of(sit(a_cond=defensive)) == bonus_of(sit()) - 4
    assert ac_of(sit(t_cond=defensive)) == ac_of(sit()) + 2
    assert bonus_of(sit(power_attack=True)) == bonus_of(sit()) - 2
    assert ac_of(sit(t_cond={"off_balance": 1})) == ac_of(sit()) - 2
    assert not plan_attack(sit(wpn=SHORTBOW, distance_ft=30, power_attack=True)).possible
    ranged = dict(wpn=SHORTBOW, distance_ft=30)
    assert bonus_of(sit(aim=True, **ranged)) == bonus_of(sit(**ranged)) + 1
    assert bonus_of(sit(aim=True)) == bonus_of(sit())               # melee: no aim


def test_hit_points_and_conditions_injured_minus_2_attack_and_ac():
    assert bonus_of(sit(a_cond={"injured": 1})) == bonus_of(sit()) - 2
    assert ac_of(sit(t_cond={"injured": 1})) == ac_of(sit()) - 2


@pytest.mark.parametrize("stage", [1, 2, 3, 4, 5])
def test_hit_points_and_conditions_weakened_stage_n_minus_n_attack_and_ac(stage):
    weak = {"weakened": stage}
    assert bonus_of(sit(a_cond=weak)) == bonus_of(sit()) - stage
    assert ac_of(sit(t_cond=weak)) == ac_of(sit()) - stage


# ---- the AC ---------------------------------------------------------------------------------

def test_attack_rolls_ac_is_10_dex_armor_natural_shield_size_and_acvscrit_uses_armor_vs_crit():
    bd = target_ac(sit())
    assert bd.total == 10 + 1 + 4 + 2 == 17
    assert target_ac(sit(), vs_crit=True).total == 15
    ogre = unit(key="ogre", size="large", dex=8, natural_armor=5, armor=3)
    assert ac_of(sit(target=ogre)) == 10 - 1 + 3 + 5 - 1


def test_flanking_flanked_target_minus_2_ac():
    assert ac_of(sit(flanked=True)) == ac_of(sit()) - 2
    assert target_ac(sit(flanked=True)).value_of("flanked") == -2


@pytest.mark.parametrize("cover, bonus", [("none", 0), ("partial", 2), ("good", 4),
                                          ("superior", 6)])
def test_cover_bonus_to_ac_and_acvscrit(cover, bonus):
    s = sit(wpn=SHORTBOW, distance_ft=30, cover=cover)
    assert ac_of(s) == 17 + bonus
    assert target_ac(s, vs_crit=True).total == 15 + bonus


def test_hit_points_and_conditions_prone_attacker_minus_4_crossbow_exempt():
    prone = {"prone": 1}
    assert bonus_of(sit(a_cond=prone)) == bonus_of(sit()) - 4
    bow = dict(wpn=SHORTBOW, distance_ft=30)
    assert bonus_of(sit(a_cond=prone, **bow)) == bonus_of(sit(**bow)) - 4
    xbow = dict(wpn=CROSSBOW, distance_ft=30)
    assert bonus_of(sit(a_cond=prone, **xbow)) == bonus_of(sit(**xbow))


def test_hit_points_and_conditions_prone_target_minus_4_melee_partial_cover_ranged_15ft():
    """The rulebook Prone: -4 AC vs melee and ranged within 5 ft; partial cover (+2) vs ranged from
    15+ ft; docs/rules/06-cover.md: cover does not stack, the best applies."""
    prone = {"prone": 1}
    assert ac_of(sit(t_cond=prone)) == 17 - 4
    assert ac_of(sit(t_cond=prone, wpn=SHORTBOW, distance_ft=5)) == 17 - 4
    assert ac_of(sit(t_cond=prone, wpn=SHORTBOW, distance_ft=10)) == 17
    assert ac_of(sit(t_cond=prone, wpn=SHORTBOW, distance_ft=15)) == 17 + 2
    assert ac_of(sit(t_cond=prone, wpn=SHORTBOW, distance_ft=15, cover="good")) == 17 + 4


def test_hit_points_and_conditions_flat_footed_worse_of_minus_2_or_no_dex_no_shield():
    ff = {"flat_footed": 1}
    assert ac_of(sit(t_cond=ff)) == 17 - 2 - 2                 # DEX +1: -2; shield lost
    quick = unit(key="quick", dex=18, armor=2)                 # DEX +4: loses DEX
    assert ac_of(sit(target=quick, t_cond=ff)) == 10 + 2
    assert ac_of(sit(target=quick, t_cond={"stunned": 1})) == 10 + 2 - 0
    defensive = {"flat_footed": 1, "fighting_defensively": 1}
    assert ac_of(sit(t_cond=defensive)) == ac_of(sit(t_cond=ff))    # no dodge when FF


def test_hit_points_and_conditions_helpless_dex_minus_5_no_shield_no_dodge():
    assert ac_of(sit(t_cond={"helpless": 1})) == 10 - 5 + 4
    # unconscious: helpless and prone: -4 more in melee
    assert ac_of(sit(t_cond={"unconscious": 1})) == 10 - 5 + 4 - 4


def test_concealment_blinded_attacker_or_invisible_target_is_total():
    assert plan_attack(sit(concealment="partial")).miss_on == 2
    assert plan_attack(sit(a_cond={"blinded": 1})).miss_on == 5
    assert plan_attack(sit(t_cond={"invisible": 1})).concealment == "total"
    # an invisible attacker's target is flat-footed against it
    assert ac_of(sit(a_cond={"invisible": 1})) == ac_of(sit(t_cond={"flat_footed": 1}))


def test_attack_rolls_fortune_sources_cancel():
    assert plan_attack(sit(a_cond={"fortunate": 1})).fortune == 1
    assert plan_attack(sit(a_cond={"frightened": 1})).fortune == -1
    assert plan_attack(sit(a_cond={"retreating": 1})).fortune == -1
    assert plan_attack(sit(a_cond={"fortunate": 1, "frightened": 1})).fortune == 0
    assert plan_attack(sit(fortune=1, a_cond={"unfortunate": 1})).fortune == 0


def test_attack_rolls_concealment_d10_turns_a_hit_into_a_miss():
    plan = plan_attack(sit(concealment="partial"))
    assert not judge_attack(plan, 15, concealment_d10=2).hit
    assert judge_attack(plan, 15, concealment_d10=3).hit
    with pytest.raises(ValueError):
        judge_attack(plan, 15)
    # a critical threat lost to concealment needs no confirmation
    assert not judge_attack(plan, 20, concealment_d10=1).threat


# ---- the breakdown ----------------------------------------------------------------------

def test_attack_rolls_every_roll_is_itemised_with_its_rules_section():
    s = sit(flanked=True, gang_up=2, a_cond={"injured": 1})
    plan = plan_attack(s)
    for term in list(plan.bonus) + list(plan.ac):
        assert term.rule in {cite(n) for n in TITLES}, term      # a page of docs/rules
    line = format_breakdown(judge_attack(plan, 14))
    assert line.startswith("Longsword: d20 14 + HR 3 (rules: Attack rolls and damage) + STR 2 + gang up 1 "
                           "(rules: Flanking and ganging up) - injured 2 (rules: Hit points and conditions) = 18 vs AC 15 [")
    assert "flanked 2 (rules: Flanking and ganging up)" in line and line.endswith(": hit")
    assert format_breakdown(Breakdown((Term(3, "HR"), Term(-2, "range")))) == \
        "HR 3 (rules: Attack rolls and damage) - range 2 = 1"


def test_attack_rolls_breakdown_names_fortune_dice_and_confirmation():
    plan = plan_attack(sit(a_cond={"fortunate": 1}))
    line = format_breakdown(judge_attack(plan, 19, (3, 19), confirm=2, confirm_faces=(2, 1)))
    assert "d20 19 (Fortunate: 3, 19)" in line
    assert "critical threat (19-20): confirm d20 2 (2, 1)" in line
    assert "vs ACvsCrit 15: not confirmed" in line


# ---- the dice ---------------------------------------------------------------------------

def test_dice_seeded_generator_repeats_and_state_restores():
    a, b = Dice(7), Dice(7)
    assert [a.d20() for _ in range(50)] == [b.d20() for _ in range(50)]
    saved = a.state()
    first = [a.roll("3d6+2") for _ in range(5)]
    a.set_state(saved)
    assert [a.roll("3d6+2") for _ in range(5)] == first
    import json
    c = Dice.from_state(json.loads(json.dumps(saved)))
    assert [c.roll("3d6+2") for _ in range(5)] == first


def test_dice_roll_expression_and_fortune_pair():
    d = Dice(3)
    total, faces = d.roll("2d6+3")
    assert len(faces) == 2 and total == sum(faces) + 3 and all(1 <= f <= 6 for f in faces)
    assert d.roll(parse_dice("4")) == (4, ())
    for _ in range(200):
        kept, pair = d.fortune_d20(1)
        assert len(pair) == 2 and kept == max(pair)
        kept, pair = d.fortune_d20(-1)
        assert kept == min(pair)
        kept, pair = d.fortune_d20(0)
        assert pair == (kept,) and 1 <= kept <= 20
    assert {d.coin() for _ in range(64)} == {True, False}


def test_attack_rolls_roll_attack_draws_from_the_battle_dice_reproducibly():
    plan = plan_attack(sit(concealment="partial"))
    one = [roll_attack(plan, Dice(11)).outcome for _ in range(1)]
    d1, d2 = Dice(5), Dice(5)
    seq1 = [roll_attack(plan, d1).outcome for _ in range(200)]
    seq2 = [roll_attack(plan, d2).outcome for _ in range(200)]
    assert seq1 == seq2 and one
    assert {"hit", "miss"} <= set(seq1)
