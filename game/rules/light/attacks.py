"""Attack rolls and damage of the light rules (docs/rules/light/attacks.md).

An attack hits when d20 + proficiency + bonuses EXCEEDS twice the target's defense: Speed
against melee, Senses against ranged, Will against psychic attacks. A natural 20 is a
critical: it hits, and the target's Armor is not subtracted. Damage is the weapon's (or the
power's) damage + POW (melee) or SNS (ranged and psychic) - Armor, never below 0.

`plan_attack` itemises every term, each naming its rule, so that the preview, the engine and
the computer player read the same numbers (as the default rules' attack plan does).
"""
from __future__ import annotations

from dataclasses import dataclass

#: the attack styles of the major actions and what each adds (docs/rules/light/attacks.md)
STYLE_HIT = {"light": 5, "scope": 5, "throw": -5}
STYLE_DAMAGE = {"heavy": 5}
DEFENSE_OF_KIND = {"melee": "speed", "ranged": "senses", "gun": "senses", "psychic": "will"}
THROW_RANGE = 2          # hexes (10 ft)
FLANKING_BONUS = 2
BLOCK_BONUS = 5


@dataclass(frozen=True)
class Strike:
    """What is attacking: a weapon or a power, reduced to the numbers an attack needs."""
    name: str
    kind: str                 # melee | ranged | psychic | gun
    damage: int
    hit: int = 0              # a power's hit bonus
    vs: str = ""              # a power's "vs." defense ("" : by kind)
    reaches_airborne: bool = False
    harmless: bool = False    # a power without damage: a hit deals none (only its effects)


@dataclass(frozen=True)
class Side:
    """One creature of the attack: its sheet (a LightUnit) and its conditions now."""
    sheet: object
    conditions: frozenset = frozenset()


@dataclass(frozen=True)
class AttackPlan:
    possible: bool
    reason: str = ""
    terms: tuple[tuple[str, int], ...] = ()      # (label naming the rule, value) added to d20
    defense: str = ""                            # speed | senses | will
    target_number: int = 0                       # the total must exceed this
    damage: int = 0                              # on a hit
    critical_damage: int = 0                     # on a natural 20 (no Armor)
    auto_critical: bool = False                  # Volley Attack on a stunned target
    damage_terms: tuple[tuple[str, int], ...] = ()

    @property
    def bonus(self) -> int:
        return sum(v for _, v in self.terms)

    @property
    def chance(self) -> float:
        """Chance to hit: naturals 1-19 hit when natural + bonus > target; 20 always hits."""
        if not self.possible:
            return 0.0
        hits = sum(1 for n in range(1, 20) if n + self.bonus > self.target_number) + 1
        return hits / 20

    @property
    def critical_chance(self) -> float:
        return self.chance if self.auto_critical else (0.05 if self.possible else 0.0)

    def expected_damage(self) -> float:
        if not self.possible:
            return 0.0
        crit = self.critical_chance
        return crit * self.critical_damage + (self.chance - crit) * self.damage

    def describe(self) -> str:
        terms = " ".join(f"{v:+d} {label}" for label, v in self.terms)
        return f"d20 {terms} vs {self.target_number} (2 x {self.defense}, must exceed)"


def hits(natural: int, total: int, target_number: int) -> bool:
    return natural == 20 or total > target_number


def _hit_terms(attacker: Side, target: Side, strike: Strike, style: str,
               flanking: bool) -> list[tuple[str, int]]:
    terms = [("proficiency", attacker.sheet.proficiency)]
    if strike.hit:
        terms.append((f"{strike.name}", strike.hit))
    if STYLE_HIT.get(style):
        terms.append((f"{style} attack", STYLE_HIT[style]))
    if flanking:
        terms.append(("flanking", FLANKING_BONUS))
    for cond, value, who in (("blinded", -10, attacker), ("invisible", 5, attacker),
                             ("invisible", -10, target), ("stunned", 5, target),
                             ("tripped", 2, target)):
        if cond in who.conditions:
            mine = who is attacker
            terms.append((f"{'' if mine else 'target '}{cond}", value))
    return terms


def defense_of(strike: Strike) -> str:
    return strike.vs or DEFENSE_OF_KIND.get(strike.kind, "speed")


def target_number(target: Side, strike: Strike) -> int:
    """Twice the defense, +5 while the target Blocks (not against guns)."""
    value = 2 * getattr(target.sheet, defense_of(strike))
    if "blocking" in target.conditions and strike.kind != "gun":
        value += BLOCK_BONUS
    return value


def damage_terms(attacker: Side, strike: Strike, style: str) -> list[tuple[str, int]]:
    stat = ("POW", attacker.sheet.pow) if strike.kind == "melee" else ("SNS", attacker.sheet.sns)
    terms = [(strike.name, strike.damage), stat]
    if STYLE_DAMAGE.get(style):
        terms.append((f"{style} attack", STYLE_DAMAGE[style]))
    return terms


def plan_attack(attacker: Side, target: Side, strike: Strike, style: str = "basic",
                flanking: bool = False, jumped: bool = False) -> AttackPlan:
    """The attack of `attacker` on `target` with `strike` in `style` (basic, light, heavy,
    volley, dash, scope, throw, power)."""
    if "airborne" in target.conditions and not (jumped or strike.reaches_airborne):
        return AttackPlan(False, "the target is Airborne: Jump first, or use a power that "
                          "reaches the air")
    dterms = damage_terms(attacker, strike, style) if not strike.harmless else []
    raw = sum(v for _, v in dterms)
    armor = target.sheet.armor if not strike.harmless else 0
    return AttackPlan(
        True, terms=tuple(_hit_terms(attacker, target, strike, style, flanking)),
        defense=defense_of(strike), target_number=target_number(target, strike),
        damage=max(0, raw - armor), critical_damage=max(0, raw),
        auto_critical=style == "volley" and "stunned" in target.conditions,
        damage_terms=tuple(dterms) + (("target Armor", -armor),))


__all__ = ["AttackPlan", "BLOCK_BONUS", "FLANKING_BONUS", "STYLE_DAMAGE", "STYLE_HIT", "Side",
           "Strike", "THROW_RANGE", "defense_of", "hits", "plan_attack", "target_number"]
