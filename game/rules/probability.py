"""Exact chances of an attack before the roll (docs/rules/10-attacks-and-damage.md "What the
game shows": the exact chance to hit, natural 1 and 20, fortune and concealment included;
concealment: docs/rules/07-concealment.md).

All arithmetic is in `fractions.Fraction`; the public functions return floats, the `exact_*`
ones Fractions.

- The kept d20: plain 1/20 each; Fortunate (2d20 keep the better) P(k) = (2k-1)/400;
  Unfortunate (keep the worse) P(k) = (41-2k)/400 (`d20_distribution`).
- Hit: natural 20 hits, natural 1 misses, otherwise natural + bonus >= AC; then a concealed
  target turns a hit into a miss with probability miss_on/10 (d10 <= miss_on).
- Critical: the kept natural is in the threat range and hits, the hit survives concealment,
  and the confirmation roll (same bonus, same fortune; natural 20 succeeds, natural 1 fails)
  reaches ACvsCrit.
- Expected damage: P(plain hit) x E[damage] + P(critical) x E[critical damage], the damage
  distributions exact (game.rules.damage).
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from game.rules.attack import AttackPlan, AttackSituation, plan_attack

ONE = Fraction(1)


@lru_cache(maxsize=None)
def _d20(fortune: int) -> tuple[Fraction, ...]:
    if fortune > 0:
        return tuple(Fraction(2 * k - 1, 400) for k in range(1, 21))
    if fortune < 0:
        return tuple(Fraction(41 - 2 * k, 400) for k in range(1, 21))
    return tuple(Fraction(1, 20) for _ in range(20))


def d20_distribution(fortune: int = 0) -> dict[int, Fraction]:
    """P(kept natural = k) for k in 1..20."""
    return {k: p for k, p in zip(range(1, 21), _d20(fortune))}


def _roll_hits(natural: int, bonus: int, ac: int, indirect: bool = False) -> bool:
    from game.rules.attack import roll_hits
    return roll_hits(natural, bonus, ac, indirect)


@lru_cache(maxsize=8192)
def exact_roll_hit(bonus: int, ac: int, fortune: int = 0, indirect: bool = False) -> Fraction:
    """P(the d20 roll hits AC), before concealment (`indirect`: a volley's natural 20 adds
    10 instead of hitting)."""
    return sum((p for k, p in zip(range(1, 21), _d20(fortune))
                if _roll_hits(k, bonus, ac, indirect)), Fraction(0))


def exact_hit(bonus: int, ac: int, fortune: int = 0, miss_on: int = 0,
              indirect: bool = False) -> Fraction:
    """P(hit) including concealment (d10 <= miss_on misses after a hit)."""
    return exact_roll_hit(bonus, ac, fortune, indirect) * Fraction(10 - miss_on, 10)


@lru_cache(maxsize=8192)
def exact_threat(bonus: int, ac: int, threat: int = 20, fortune: int = 0) -> Fraction:
    """P(the roll hits with a natural in the threat range), before concealment."""
    return sum((p for k, p in zip(range(1, 21), _d20(fortune))
                if k >= threat and _roll_hits(k, bonus, ac)), Fraction(0))


def exact_critical(bonus: int, ac: int, ac_vs_crit: int, threat: int = 20, fortune: int = 0,
                   miss_on: int = 0) -> Fraction:
    """P(critical hit): threat, concealment survived, confirmation vs ACvsCrit."""
    return (exact_threat(bonus, ac, threat, fortune) * Fraction(10 - miss_on, 10)
            * exact_roll_hit(bonus, ac_vs_crit, fortune))


@dataclass(frozen=True)
class Chances:
    """Exact chances of one planned attack (Fractions) and their floats."""
    hit: Fraction           # any hit, criticals included, after concealment
    critical: Fraction
    threat: Fraction        # critical threats (before concealment and confirmation)
    roll_hit: Fraction      # the d20 beats AC (before concealment)

    @property
    def miss(self) -> Fraction:
        return ONE - self.hit

    @property
    def plain_hit(self) -> Fraction:
        return self.hit - self.critical

    def as_floats(self) -> dict[str, float]:
        return {"hit": float(self.hit), "critical": float(self.critical),
                "threat": float(self.threat), "roll_hit": float(self.roll_hit),
                "miss": float(self.miss)}


def _plan(x: AttackPlan | AttackSituation) -> AttackPlan:
    return plan_attack(x) if isinstance(x, AttackSituation) else x


def chances(x: AttackPlan | AttackSituation) -> Chances:
    plan = _plan(x)
    if not plan.possible:
        zero = Fraction(0)
        return Chances(zero, zero, zero, zero)
    b, ac, crit_ac = plan.bonus.total, plan.ac.total, plan.ac_vs_crit.total
    if plan.automatic:          # a helpless target: a critical hit unless concealment saves it
        kept = Fraction(10 - plan.miss_on, 10)
        return Chances(hit=kept, critical=kept, threat=ONE, roll_hit=ONE)
    if plan.indirect:           # a volley: no critical hit
        zero = Fraction(0)
        return Chances(hit=exact_hit(b, ac, plan.fortune, plan.miss_on, True), critical=zero,
                       threat=zero, roll_hit=exact_roll_hit(b, ac, plan.fortune, True))
    return Chances(
        hit=exact_hit(b, ac, plan.fortune, plan.miss_on),
        critical=exact_critical(b, ac, crit_ac, plan.threat, plan.fortune, plan.miss_on),
        threat=exact_threat(b, ac, plan.threat, plan.fortune),
        roll_hit=exact_roll_hit(b, ac, plan.fortune))


@lru_cache(maxsize=4096)
def _defended(bonus: int, fortune: int, defense: int, defense_fortune: int,
              threat: int) -> tuple[Fraction, Fraction]:
    """P(struck) and P(struck with a natural in the threat range) of an opposed roll."""
    from game.rules.defense import struck
    hit = in_threat = Fraction(0)
    for a, pa in zip(range(1, 21), _d20(fortune)):
        for d, pd in zip(range(1, 21), _d20(defense_fortune)):
            if struck(a, a + bonus, d, d + defense):
                hit += pa * pd
                if a >= threat:
                    in_threat += pa * pd
    return hit, in_threat


def defended_chances(x: AttackPlan | AttackSituation, defense) -> Chances:
    """The chances of the planned attack when the target answers it with an active
    defense (a `game.rules.defense.Defense`): the opposed roll replaces the AC; a struck
    defender still gets its concealment miss chance, and a critical threat is confirmed
    against ACvsCrit as usual."""
    plan = _plan(x)
    if not plan.possible or not defense.possible:
        return chances(plan)
    roll_hit, threat = _defended(plan.bonus.total, plan.fortune, defense.bonus.total,
                                 defense.fortune, plan.threat)
    kept = Fraction(10 - plan.miss_on, 10)
    confirm = exact_roll_hit(plan.bonus.total, plan.ac_vs_crit.total, plan.fortune)
    return Chances(hit=roll_hit * kept, critical=threat * kept * confirm, threat=threat,
                   roll_hit=roll_hit)


def hit_chance(x: AttackPlan | AttackSituation) -> float:
    """The preview's hit probability (0.0 when the attack is impossible)."""
    return float(chances(x).hit)


def crit_chance(x: AttackPlan | AttackSituation) -> float:
    return float(chances(x).critical)


def exact_expected_damage(x: AttackPlan | AttackSituation) -> Fraction:
    """Expected damage of one attack (misses count 0)."""
    from game.rules.damage import damage_formula, expected_damage
    plan = _plan(x)
    c = chances(plan)
    if not c.hit:
        return Fraction(0)
    sit = plan.situation
    total = c.plain_hit * expected_damage(damage_formula(sit, critical=False))
    if c.critical:
        total += c.critical * expected_damage(damage_formula(sit, critical=True))
    return total


def expected_damage(x: AttackPlan | AttackSituation) -> float:
    return float(exact_expected_damage(x))
