"""docs/rules/10-attacks-and-damage.md "Attack rolls and damage" (damage) and docs/rules/11-hit-points-and-conditions.md "Hit points and
conditions": damage by attack kind, criticals, DR, resistances; HP, injury, unconsciousness,
bleeding, death; the conditions' numbers (the rulebook "Conditions") and durations (seeds/000).

the rulebook worked examples: "Hit Points" (18 HP, CON 13, struck for 20 -> -2 HP, unconscious,
Bleed 1, dies at -13), "Basic / Heavy Attack" (dagger +1 STR 1d4+1, pollaxe +3 STR 1d8+4),
"DR" examples (DR 10/mithryl, DR 2/- vs 5, 8, 2, 4).
"""
from fractions import Fraction

import pytest

from game.data.dice import parse_dice
from game.data.model import DamageReduction, ExtraDamage, Weapon
from game.rules import conditions as cond
from game.rules.attack import AttackSituation, Fighter
from game.rules.damage import (damage_distribution, damage_formula, expected_damage,
                               resolve_damage, roll_damage)
from game.rules.health import (apply_changes, bleed_tick, heal, injured_threshold, is_dead,
                               is_injured, stabilize, take_damage)
from game.engine.dice import Dice
from tests.helpers import unit_type


unit = unit_type


def weapon(wid, dmg="1d8", **kw) -> Weapon:
    kw.setdefault("name", wid.title())
    return Weapon(id=wid, damage=parse_dice(dmg), base_damage=parse_dice(dmg), **kw)


DAGGER = weapon("dagger", "1d4", hands="light", damage_type=("slashing", "piercing"),
                threat=19, range_increment_ft=10)
POLLAXE = weapon("pollaxe", "1d8", hands="two", kind="heavy",
                 damage_type=("bludgeoning", "piercing"))
SPEAR = weapon("spear", "1d8", hands="two", kind="heavy", damage_type=("piercing",),
               multiplier=3, range_increment_ft=20)
LONGBOW = weapon("longbow", "1d8", attack="ranged", kind="ranged", hands="two",
                 damage_type=("piercing",), multiplier=3, range_increment_ft=100)
BATTLEAXE = weapon("battleaxe", "1d8", damage_type=("slashing", "bludgeoning"),
                   damage_mode="both", multiplier=3)
SCIMITAR = weapon("scimitar", "1d6", damage_type=("slashing",), threat=18)
LONGSWORD = weapon("longsword", "1d8", damage_type=("slashing",), threat=19)
GREATAXE = weapon("greataxe", "1d12", hands="two", kind="heavy", damage_type=("slashing",),
                  multiplier=3)
FLAMING = weapon("flaming", "1d6", hands="light", damage_type=("slashing",), enhancement=1,
                 properties=("magic",), extra_damage=(ExtraDamage(parse_dice("1d6"), "fire"),))


def situation(attacker, wpn, target=None, a_cond=None, **kw) -> AttackSituation:
    return AttackSituation(Fighter(attacker, a_cond or {}), wpn,
                           Fighter(target or unit(key="target")), **kw)


def formula_text(attacker, wpn, target=None, critical=False, **kw) -> str:
    return damage_formula(situation(attacker, wpn, target, **kw), critical).text()


# ---- damage by attack kind (docs/rules/10-attacks-and-damage.md) -----------------------------------------------------

def test_attack_rolls_and_damage_basic_one_handed_weapon_plus_str():
    """The rulebook: a dagger wielded with +1 STR mod deals 1d4+1."""
    assert formula_text(unit(str=12), DAGGER) == "1d4+1 [slashing/piercing]"


def test_attack_rolls_and_damage_heavy_two_handed_plus_floor_1_5_str():
    """The rulebook: a pollaxe wielded with +3 STR mod deals 1d8+4."""
    assert formula_text(unit(str=16), POLLAXE) == "1d8+4 [bludgeoning/piercing]"
    assert formula_text(unit(str=14), POLLAXE) == "1d8+3 [bludgeoning/piercing]"
    assert formula_text(unit(str=12), POLLAXE) == "1d8+1 [bludgeoning/piercing]"


def test_attack_rolls_and_damage_bows_weapon_only_thrown_is_basic():
    assert formula_text(unit(str=18), LONGBOW, distance_ft=50) == "1d8 [piercing]"
    # a thrown two-handed spear deals basic damage: + STR, not 1.5 x STR
    assert formula_text(unit(str=16), SPEAR, mode="thrown", distance_ft=20) == "1d8+3 [piercing]"
    assert formula_text(unit(str=16), SPEAR) == "1d8+4 [piercing]"


def test_attack_rolls_and_damage_negative_str_not_applied_and_at_least_1():
    weak = unit(str=6)
    assert formula_text(weak, DAGGER) == "1d4 [slashing/piercing]"
    stub = weapon("stub", "1d4-3", damage_type=("bludgeoning",))
    result = resolve_damage(damage_formula(situation(weak, stub)), (1,))
    assert result.total == 1 and "minimum 1" in [t.label for t in result.terms]


def test_critical_hits_multiply_weapon_damage_and_str_never_extra_dice():
    f = damage_formula(situation(unit(str=12), FLAMING), critical=True)
    assert f.text() == "2d6+4 [slashing] + 1d6 [fire]"
    assert f.weapon_dice.count == 2 and f.extra[0].dice.count == 1


def test_critical_hits_charge_and_high_ground_bonuses_are_flat_and_multiplied():
    assert formula_text(unit(str=12), LONGSWORD, charge=True) == "1d8+3 [slashing]"
    assert formula_text(unit(str=12), LONGSWORD, charge=True, critical=True) == \
        "2d8+6 [slashing]"
    assert formula_text(unit(), LONGBOW, distance_ft=30, elevation=2) == "1d8+1 [piercing]"
    assert formula_text(unit(), LONGBOW, distance_ft=30, elevation=1) == "1d8 [piercing]"


@pytest.mark.parametrize("dice, bigger", [("1d4", "1d8"), ("1d6", "1d10"), ("1d8", "2d6"),
                                          ("1d10", "2d8"), ("2d6", "3d6"), ("1d12", "3d6")])
def test_turns_actions_power_attack_damage_die_two_sizes_larger(dice, bigger):
    """docs/rules/09-turns-and-actions.md Power Attack on the rulebook's "Damage Die Size" chain 1d2 1d3 1d4 1d6 1d8 1d10 2d6
    2d8 3d6 3d8 3d10 4d8 ... (1d12, not on it, counts as 2d6, its nearest average)."""
    w = weapon("w", dice, damage_type=("slashing",))
    assert formula_text(unit(), w, power_attack=True) == f"{bigger} [slashing]"


def test_attack_rolls_and_damage_weakened_attacker_deals_10_percent_less_per_stage():
    f = damage_formula(situation(unit(), weapon("w", "1d10", damage_type=("slashing",)),
                                 a_cond={"weakened": 2}))
    assert resolve_damage(f, (10,)).total == 8
    assert resolve_damage(f, (1,)).total == 1


# ---- DR, resistance, vulnerability -----------------------------------------------------------

def test_dr_reduces_physical_damage_each_strike_lfg_example_dr_2():
    """The rulebook DR example 2: DR 2/- struck for 5, 8, 2 and 4 takes 3, 6, 0 and 2."""
    target = unit(key="t", dr=DamageReduction(2, "-"))
    arrow = weapon("arrow", "1d10", attack="ranged", kind="ranged", hands="two",
                   damage_type=("piercing",), range_increment_ft=60)
    f = damage_formula(situation(unit(), arrow, target, distance_ft=30))
    assert [resolve_damage(f, (n,)).total for n in (5, 8, 2, 4)] == [3, 6, 0, 2]


def test_dr_bypassed_by_the_named_material_or_damage_type():
    """The rulebook DR example 1: DR 10/mithryl; DR 3/bludgeoning vs a [s+b] battleaxe is bypassed."""
    demon = unit(key="demon", dr=DamageReduction(10, "mithryl"))
    steel = weapon("longsword", "1d8", damage_type=("slashing",))
    mithryl = weapon("dagger", "1d4", damage_type=("piercing",), properties=("mithryl",))
    assert resolve_damage(damage_formula(situation(unit(str=10), steel, demon)), (8,)).total == 0
    big = weapon("big", "3d6", damage_type=("slashing",))
    assert resolve_damage(damage_formula(situation(unit(), big, demon)), (4, 4, 3)).total == 1
    assert resolve_damage(damage_formula(situation(unit(), mithryl, demon)), (3,)).total == 3
    skeleton = unit(key="skeleton", dr=DamageReduction(3, "bludgeoning"))
    axe = resolve_damage(damage_formula(situation(unit(), BATTLEAXE, skeleton)), (5,))
    assert axe.total == 5 and axe.damage_type == "bludgeoning"
    assert resolve_damage(damage_formula(situation(unit(), SCIMITAR, skeleton)), (5,)).total == 2


def test_critical_hits_always_deal_at_least_1_through_dr():
    wall = unit(key="wall", dr=DamageReduction(20, "-"))
    assert resolve_damage(damage_formula(situation(unit(), DAGGER, wall)), (4,)).total == 0
    crit = damage_formula(situation(unit(), DAGGER, wall), critical=True)
    assert resolve_damage(crit, (4, 4)).total == 1


def test_attack_rolls_and_damage_resistance_and_vulnerability_by_type():
    troll = unit(key="troll", vulnerable=(("fire", 2),), resist=(("slashing", 3),))
    f = damage_formula(situation(unit(str=10), FLAMING, troll))
    result = resolve_damage(f, (4,), ((3,),))
    assert dict(result.by_type) == {"slashing": 4 + 1 - 3, "fire": 3 + 2}
    fire_proof = unit(key="salamander", resist=(("fire", 5),))
    result = resolve_damage(damage_formula(situation(unit(), FLAMING, fire_proof)), (4,), ((3,),))
    assert dict(result.by_type)["fire"] == 0 and result.total == 5


def test_damage_breakdown_terms_add_up_and_name_their_rules():
    f = damage_formula(situation(unit(str=14), BATTLEAXE,
                                 unit(key="s", dr=DamageReduction(3, "silver"))), True)
    result = resolve_damage(f, (2, 7, 5))
    assert sum(t.value for t in result.terms) == result.total == 14 + 6 - 3
    assert all(t.rule.startswith("rules: ") for t in result.terms)
    assert "DR 3/silver" in result.describe()


def test_damage_expected_value_is_exact_and_matches_the_dice():
    f = damage_formula(situation(unit(str=14), LONGSWORD))
    assert expected_damage(f) == Fraction(13, 2)
    dist = damage_distribution(f)
    assert sum(dist.values()) == 1 and min(dist) == 3 and max(dist) == 10
    d = Dice(9)
    mean = sum(roll_damage(f, d).total for _ in range(4000)) / 4000
    assert abs(mean - 6.5) < 0.15


# ---- hit points (docs/rules/11-hit-points-and-conditions.md) ------------------------------------------------------------

HERO = unit(key="hero", hp=18, con=13, level=3)


def test_hit_points_lfg_example_18hp_con13_struck_for_20_unconscious_bleed_1_dies_at_minus_13():
    r = take_damage(HERO, 18, 18, {}, 20, ("slashing",))
    assert r.hp == -2 and not r.dead
    after = r.conditions_after({})
    assert after["unconscious"] and after["prone"] and after["dying"]
    assert after["bleed"] == 1 and after["weakened"] == 1 and after["injured"]
    assert not cond.can_act(after) and "helpless" in cond.effective(after)
    hp, conditions, ticks = r.hp, after, 0
    while True:
        tick = bleed_tick(HERO, hp, 18, conditions)
        hp, conditions, ticks = tick.hp, tick.conditions_after(conditions), ticks + 1
        if tick.dead:
            break
        assert hp > -13
    assert hp == -13 and ticks == 11


def test_hit_points_bludgeoning_knocks_out_without_bleeding():
    r = take_damage(HERO, 5, 18, {"injured": 1}, 9, ("bludgeoning",))
    after = r.conditions_after({"injured": 1})
    assert r.hp == -4 and after.get("unconscious") and "bleed" not in after
    assert "dying" not in after


def test_hit_points_goons_die_at_minus_level():
    goon = unit(key="goblin", hp=6, con=10, level=1, goon=True)
    assert not take_damage(goon, 6, 6, {}, 6).dead
    assert take_damage(goon, 6, 6, {}, 7).dead
    assert is_dead(-13, HERO) and not is_dead(-12, HERO)


@pytest.mark.parametrize("max_hp, threshold", [(18, 4), (20, 5), (4, 1), (3, None), (1, None)])
def test_hit_points_injured_threshold_is_25_percent_of_max(max_hp, threshold):
    assert injured_threshold(max_hp) == threshold
    if threshold is not None:
        assert is_injured(threshold, max_hp) and not is_injured(threshold + 1, max_hp)


def test_hit_points_injured_condition_comes_and_goes_with_hp():
    r = take_damage(HERO, 18, 18, {}, 14)
    assert r.hp == 4 and r.conditions_after({}) == {"injured": 1}
    healed = heal(HERO, 4, 18, {"injured": 1}, 1)
    assert healed.hp == 5 and healed.conditions_after({"injured": 1}) == {}


def test_hit_points_struck_again_at_0_or_less_gains_another_weakened_stage_5_overflows():
    """The rulebook: "If you are struck to 0 Hit Points or less, you fall unconscious and gain +1
    Weakened Stage." Every blow at 0 or less strikes again; bleeding is no blow."""
    down = {"unconscious": 1, "prone": 1, "weakened": 1, "injured": 1}
    again = take_damage(HERO, -1, 18, down, 3, ("bludgeoning",))
    assert again.conditions_after(down)["weakened"] == 2
    assert "unconscious" not in [c.name for c in again.changes]
    bled = take_damage(HERO, -1, 18, down, 1, ("biological",), struck=False)
    assert bled.conditions_after(down)["weakened"] == 1
    worn = take_damage(HERO, 2, 18, {"weakened": 5}, 3)
    assert worn.conditions_after({"weakened": 5})["weakened"] == 5
    assert str(worn.overflow) == "1d6"


def test_hit_points_stabilize_dc_20_fort_reduces_bleed_by_1():
    hero = unit(key="hero", hp=18, con=14, fort=3, level=3)      # FORT +3 +2 CON
    dying = {"unconscious": 1, "dying": 1, "bleed": 1, "weakened": 1, "injured": 1}
    # -2 injured, -1 weakened: bonus +2; 17 + 2 = 19 fails, 18 + 2 = 20 succeeds
    assert not stabilize(hero, dying, 17).success
    saved = stabilize(hero, dying, 18)
    assert saved.success and saved.total == 20
    stable = apply_changes(dying, saved.changes)
    assert "bleed" not in stable and "dying" not in stable and stable["unconscious"]
    assert bleed_tick(hero, -3, 18, stable).hp == -3


def test_hit_points_healing_above_0_wakes_and_reduces_bleeding():
    dying = {"unconscious": 1, "dying": 1, "bleed": 2, "prone": 1, "injured": 1}
    r = heal(HERO, -1, 18, dying, 3)
    after = r.conditions_after(dying)
    assert r.hp == 2 and "unconscious" not in after and "dying" not in after
    assert "bleed" not in after and after["prone"] and after["injured"]


# ---- conditions (docs/rules/11-hit-points-and-conditions.md, the rulebook "Conditions") --------------------------------------------

def test_hit_points_and_conditions_every_condition_of_the_first_version_has_data():
    names = {"prone", "flat_footed", "stunned", "staggered", "blinded", "invisible", "injured",
             "unconscious", "dying", "bleed", "helpless", "fortunate", "unfortunate",
             "frightened", "cramped", "weakened"}
    wrestling = {"grappled", "pinned", "confounded"}    # rules: Wrestling, shoving and knockdown
    later = {"ablaze", "agony", "asleep", "deaf", "distracted", "encumbered",  # rules: Hit
             "heavily_encumbered", "hindered", "paralyzed", "partially_blinded",  # points and
             "terrified"}                                                 # conditions
    assert names | wrestling | later == set(cond.CONDITIONS)
    assert cond.FLANKED.ac == -2 and "flanked" not in cond.CONDITIONS
    for rule in cond.ALL_RULES.values():
        assert rule.rule.startswith("rules: ") and rule.lfg


@pytest.mark.parametrize("stage, pct", [(1, -10), (2, -20), (3, -30), (4, -40), (5, -50)])
def test_hit_points_and_conditions_weakened_stages(stage, pct):
    s = cond.WEAKENED_STAGES[stage]
    assert (s.d20, s.ac, s.physical_damage_pct) == (-stage, -stage, pct)
    c = {"weakened": stage}
    assert cond.d20_penalty(c) == -stage and cond.ac_penalty(c) == -stage
    assert cond.can_react(c) == (stage < 4)
    assert cond.big_actions(c) == (1 if stage == 5 else 2)
    assert cond.can_run(c) == (stage < 4)
    assert cond.speed_ft(30, c) == {1: 30, 2: 25, 3: 15, 4: 15, 5: 15}[stage]


def test_hit_points_and_conditions_penalty_helpers():
    assert cond.attack_penalty({"injured": 1, "cramped": 1}) == -4
    assert cond.attack_penalty({"stunned": 1}) == -2
    assert cond.attack_penalty({"prone": 1}, ranged=True, crossbow=True) == 0
    assert cond.ac_penalty({"staggered": 1, "injured": 1}) == -4
    assert cond.ac_penalty({"prone": 1}, melee=False, distance_ft=30) == 0
    assert cond.ac_penalty({}, flanked=True) == -2
    assert cond.d20_penalty({"staggered": 1, "weakened": 2}) == -4


def test_hit_points_and_conditions_what_a_creature_can_do():
    assert cond.can_act({}) and cond.can_react({}) and cond.big_actions({}) == 2
    assert not cond.can_act({"stunned": 1}) and cond.big_actions({"stunned": 1}) == 0
    assert cond.can_act({"staggered": 1}) and cond.big_actions({"staggered": 1}) == 1
    for name in ("flat_footed", "stunned", "staggered", "helpless", "unconscious", "blinded"):
        assert not cond.can_react({name: 1}), name
    assert not cond.can_act({"dying": 1, "bleed": 1})
    assert not cond.threatens({"prone": 1}) and cond.threatens({"injured": 1})
    assert cond.speed_ft(30, {"injured": 1}) == 25
    assert cond.speed_ft(5, {"injured": 1}) == 5
    assert cond.speed_ft(30, {"cramped": 1, "blinded": 1}) == 15


def test_hit_points_and_conditions_fortunate_and_unfortunate_cancel():
    assert cond.fortune({"fortunate": 1}) == 1
    assert cond.fortune({"unfortunate": 1}) == -1 and cond.fortune({"frightened": 1}) == -1
    assert cond.fortune({"fortunate": 1, "frightened": 1}) == 0
    assert cond.fortune({"retreating": 1}) == 0
    assert cond.fortune({"retreating": 1}, attack=True) == -1
    assert cond.fortune({}, extra=(1, 1)) == 1


def test_hit_points_and_conditions_implied_conditions():
    assert set(cond.effective({"dying": 1})) == {"dying", "unconscious", "helpless", "prone"}
    assert "flat_footed" in cond.effective({"stunned": 1})
    assert "flat_footed" in cond.effective({"blinded": 1})
    assert cond.describe({"bleed": 2, "weakened": 3, "prone": 1}) == \
        ["Bleed 2", "Weakened 3", "Prone"]


def test_hit_points_and_conditions_durations_n_turns_end_at_the_end_of_the_sources_nth_turn():
    """seeds/000: a 3-turn effect starts on the turn it is applied, is active a second turn,
    and ends at the end of the source's third turn."""
    expires = {"fortunate": cond.lasting_turns(7, 3)}
    ended = []
    for turn in range(1, 4):
        expires, gone = cond.turn_start(expires, 7)
        assert not gone
        expires, gone = cond.turn_start(expires, 8)          # another creature's turns
        expires, gone2 = cond.turn_end(expires, 8)
        assert not gone and not gone2
        expires, gone = cond.turn_end(expires, 7)
        ended.append(gone)
    assert ended == [(), (), ("fortunate",)] and expires == {}


def test_hit_points_and_conditions_until_your_next_turn_ends_when_that_turn_starts():
    expires = {"running": cond.until_next_turn(4), "fortunate": cond.lasting_turns(4, 2)}
    expires, gone = cond.turn_end(expires, 4)
    assert gone == ()
    expires, gone = cond.turn_start(expires, 5)
    assert gone == ()
    expires, gone = cond.turn_start(expires, 4)
    assert gone == ("running",) and set(expires) == {"fortunate"}
    with pytest.raises(ValueError):
        cond.lasting_turns(4, 0)
