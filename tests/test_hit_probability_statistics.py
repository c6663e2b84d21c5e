"""docs/rules/10-attacks-and-damage.md "Attack rolls and damage": "Previews show the exact hit probability (nat 1 /
nat 20, fortune, concealment included)" (game.rules.probability).

1. Exact values worked by hand.
2. Statistics: 20,000 attacks per set-up rolled with the battle's seeded dice
   (game.engine.dice.Dice through game.rules.attack.roll_attack) hit as often as the exact
   probability says, within 1 percentage point (fixed seeds: deterministic; about 0.1 s per
   set-up, 140,000 attacks in all; speed is never asserted here, docs/architecture.md "Quality").
3. Properties (hypothesis): a probability, monotone in AC, Fortunate >= plain >= Unfortunate.
"""
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from game.data.dice import parse_dice
from game.data.model import UnitType, Weapon
from game.engine.dice import Dice
from game.rules.attack import AttackSituation, Fighter, plan_attack, roll_attack
from game.rules.probability import (chances, crit_chance, d20_distribution, exact_critical,
                                    exact_hit, exact_roll_hit, expected_damage, hit_chance)

LONGSWORD = Weapon(id="longsword", name="Longsword", damage=parse_dice("1d8"),
                   damage_type=("slashing",), threat=19)
SHORTBOW = Weapon(id="shortbow", name="Shortbow", attack="ranged", kind="ranged", hands="two",
                  damage=parse_dice("1d6"), damage_type=("piercing",), multiplier=3,
                  range_increment_ft=60, max_increments=10)
FIGHTER = UnitType(key="fighter", name="Fighter", hr=3, str=14, dex=12)      # +5 melee
ARCHER = UnitType(key="archer", name="Archer", hr=2, dex=16)                 # +5 ranged
TARGET = UnitType(key="target", name="Target", dex=12, armor=4, shield=2, armor_vs_crit=2)


def situation(attacker=FIGHTER, weapon=LONGSWORD, a_cond=None, t_cond=None, **kw):
    return AttackSituation(Fighter(attacker, a_cond or {}), weapon,
                           Fighter(TARGET, t_cond or {}), **kw)


SETUPS = {
    "plain": (situation(), Fraction(9, 20)),                            # needs 12+ vs AC 17
    "flanked": (situation(flanked=True), Fraction(11, 20)),             # AC 15
    "good cover": (situation(ARCHER, SHORTBOW, distance_ft=30, cover="good"),
                   Fraction(5, 20)),                                    # AC 21: 16+
    "prone target in melee": (situation(t_cond={"prone": 1}), Fraction(13, 20)),   # AC 13
    "partial concealment": (situation(concealment="partial"), Fraction(9, 20) * Fraction(4, 5)),
    "fortunate": (situation(a_cond={"fortunate": 1}), 1 - Fraction(11, 20) ** 2),
    "unfortunate": (situation(a_cond={"unfortunate": 1}), Fraction(9, 20) ** 2),
}


# ---- exact values --------------------------------------------------------------------------

@pytest.mark.parametrize("name", list(SETUPS))
def test_attack_rolls_exact_hit_probability_of_each_setup(name):
    sit, expected = SETUPS[name]
    assert chances(sit).hit == expected
    assert hit_chance(sit) == float(expected)


def test_attack_rolls_natural_1_and_20_bound_the_hit_chance():
    assert exact_hit(100, 10) == Fraction(19, 20)          # natural 1 still misses
    assert exact_hit(-100, 50) == Fraction(1, 20)          # natural 20 still hits
    assert exact_hit(-100, 50, fortune=1) == 1 - Fraction(19, 20) ** 2
    assert exact_hit(100, 10, fortune=-1) == Fraction(19, 20) ** 2


def test_attack_rolls_fortune_d20_distributions_sum_to_1():
    for fortune in (-1, 0, 1):
        dist = d20_distribution(fortune)
        assert sum(dist.values()) == 1 and set(dist) == set(range(1, 21))
    assert d20_distribution(1)[20] == Fraction(39, 400)
    assert d20_distribution(-1)[1] == Fraction(39, 400)


def test_critical_hits_exact_chance_threat_times_confirmation():
    # longsword 19-20, +5 vs AC 17: threats on 19, 20 (2/20); confirm vs ACvsCrit 15 (10+: 11/20)
    sit, _ = SETUPS["plain"]
    assert chances(sit).critical == Fraction(2, 20) * Fraction(11, 20)
    assert crit_chance(sit) == pytest.approx(0.055)
    # a threat range the roll cannot reach: 18-20 with +0 vs AC 40 -> only natural 20 threatens
    assert exact_critical(0, 40, 40, threat=18) == Fraction(1, 20) * Fraction(1, 20)
    # concealment: the hit must survive the d10 before it can be confirmed
    assert exact_critical(5, 17, 15, 19, 0, 2) == Fraction(2, 20) * Fraction(8, 10) * Fraction(11, 20)


def test_attack_rolls_impossible_attacks_have_zero_chance():
    assert hit_chance(situation(cover="total")) == 0.0
    assert hit_chance(situation(ARCHER, SHORTBOW, distance_ft=700)) == 0.0
    assert expected_damage(situation(cover="total")) == 0.0


def test_attack_rolls_expected_damage_combines_hits_and_criticals():
    sit, _ = SETUPS["plain"]
    c = chances(sit)
    # 1d8+2: 6.5; critical 2d8+4: 13
    assert expected_damage(sit) == pytest.approx(float(c.plain_hit * Fraction(13, 2)
                                                       + c.critical * 13))


# ---- statistics ------------------------------------------------------------------------------

N = 20_000


@pytest.mark.parametrize("seed, name", list(enumerate(SETUPS, start=101)))
def test_attack_rolls_observed_hit_rate_matches_exact_probability(seed, name):
    """20,000 seeded attacks hit within 1 percentage point of the exact probability, and
    critical hits within 1 point of theirs."""
    sit, _ = SETUPS[name]
    plan = plan_attack(sit)
    dice = Dice(seed)
    hits = crits = 0
    for _ in range(N):
        roll = roll_attack(plan, dice)
        hits += roll.hit
        crits += roll.critical
    exact = chances(plan)
    assert abs(hits / N - float(exact.hit)) < 0.01, (name, hits / N, float(exact.hit))
    assert abs(crits / N - float(exact.critical)) < 0.01, (name, crits / N)


# ---- properties ------------------------------------------------------------------------------

bonuses = st.integers(min_value=-25, max_value=45)
acs = st.integers(min_value=-5, max_value=60)
fortunes = st.sampled_from((-1, 0, 1))
miss = st.sampled_from((0, 2, 5))
threats = st.integers(min_value=2, max_value=20)


@settings(max_examples=300, deadline=None)
@given(bonuses, acs, fortunes, miss, threats, acs)
def test_attack_rolls_hit_and_critical_chances_are_probabilities(b, ac, fortune, miss_on,
                                                                  threat, crit_ac):
    hit = exact_hit(b, ac, fortune, miss_on)
    crit = exact_critical(b, ac, crit_ac, threat, fortune, miss_on)
    assert 0 <= crit <= hit <= 1
    assert Fraction(1, 400) * Fraction(10 - miss_on, 10) <= hit    # a natural 20 can happen
    assert exact_roll_hit(b, ac, fortune) <= 1 - Fraction(1, 400)  # so can a natural 1


@settings(max_examples=300, deadline=None)
@given(bonuses, acs, fortunes, miss)
def test_attack_rolls_hit_chance_is_monotone_in_ac_and_bonus(b, ac, fortune, miss_on):
    assert exact_hit(b, ac + 1, fortune, miss_on) <= exact_hit(b, ac, fortune, miss_on)
    assert exact_hit(b + 1, ac, fortune, miss_on) >= exact_hit(b, ac, fortune, miss_on)


@settings(max_examples=300, deadline=None)
@given(bonuses, acs, miss, threats, acs)
def test_attack_rolls_fortunate_beats_plain_beats_unfortunate(b, ac, miss_on, threat, crit_ac):
    assert exact_hit(b, ac, 1, miss_on) >= exact_hit(b, ac, 0, miss_on) >= \
        exact_hit(b, ac, -1, miss_on)
    assert exact_critical(b, ac, crit_ac, threat, 1, miss_on) >= \
        exact_critical(b, ac, crit_ac, threat, 0, miss_on) >= \
        exact_critical(b, ac, crit_ac, threat, -1, miss_on)


conditions = st.dictionaries(
    st.sampled_from(("prone", "flat_footed", "injured", "staggered", "fortunate", "unfortunate",
                     "cramped", "running", "fighting_defensively", "helpless", "invisible")),
    st.just(1), max_size=4)


@settings(max_examples=150, deadline=None)
@given(a=conditions, t=conditions, cover=st.sampled_from(("none", "partial", "good",
                                                          "superior", "total")),
       concealment=st.sampled_from(("none", "partial", "total")), flanked=st.booleans(),
       ranged=st.booleans(), feet=st.integers(min_value=5, max_value=700),
       gang=st.integers(min_value=0, max_value=8))
def test_attack_rolls_preview_of_any_situation_is_a_probability(a, t, cover, concealment,
                                                                flanked, ranged, feet, gang):
    sit = situation(ARCHER if ranged else FIGHTER, SHORTBOW if ranged else LONGSWORD, a, t,
                    distance_ft=feet if ranged else 5, cover=cover, concealment=concealment,
                    flanked=flanked, gang_up=gang)
    c = chances(sit)
    assert 0 <= c.critical <= c.hit <= 1
    worse = situation(ARCHER if ranged else FIGHTER, SHORTBOW if ranged else LONGSWORD, a,
                      {**t, "fighting_defensively": 1}, distance_ft=feet if ranged else 5,
                      cover=cover, concealment=concealment, flanked=flanked, gang_up=gang)
    assert chances(worse).hit <= c.hit                # +2 dodge AC never helps the attacker
