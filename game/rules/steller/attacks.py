"""Attack rolls and damage of the steller rules (docs/rules/steller/attacks.md).

An attack rolls d20 + its attack bonus + modifiers against the defense its power names (AC,
Fortitude, Reflex or Will) and hits when the total equals or exceeds it. A natural 20 always
hits and is a critical (maximum damage, plus the power's extra critical dice); a natural 1
always misses. Combat advantage gives +2, an ally's aid another +2 (or +2 to the aided
target's defense); cover takes 2 (superior: 5) off, concealment 2 (total: 5); a ranged attack
beyond its range, out to its long range, 2; a running or squeezing attacker takes -5, a
charging one +1, autofire -4 (not for an expert). Damage is the power's dice, less
resistance, plus vulnerability (ongoing damage too, by its type); a weakened attacker deals
half.

`plan_attack` itemises every term, each naming its rule, so that the preview, the engine and
the computer player read the same numbers.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.rules.steller.conditions import ATTACKER_PENALTY, MARKED_PENALTY
from game.rules.steller.maneuvers import AID_BONUS

COMBAT_ADVANTAGE = 2
COVER = {"none": 0, "partial": -2, "good": -2, "superior": -5}
CONCEALMENT = {"none": 0, "partial": -2, "total": -5}
RUNNING_PENALTY = -5
#: a ranged attack beyond the power's range, out to its long range
LONG_RANGE = -2
CHARGE_BONUS = 1
#: a prone target's defenses against ranged attacks from enemies not next to it
PRONE_RANGED = -2
AUTOFIRE_PENALTY = -4          # unless the power is an expert's (keyword "expert")
#: a target with one of these grants combat advantage to every attacker (prone: melee only)
GRANTS_ADVANTAGE = ("stunned", "dazed", "helpless", "blinded", "unconscious", "surprised",
                    "running", "restrained", "dominated", "petrified", "dying", "squeezing")
DEFENSE_BONUS = {"total_defense": 2, "second_wind": 2, "unconscious": -5}
#: a petrified creature resists this much of every damage
PETRIFIED_RESIST = 20


@dataclass(frozen=True)
class Attack:
    """What the attack is: the numbers of its power, and the situation of the roll."""
    name: str
    bonus: int
    vs: str
    dice: object                      # game.data.dice.Dice or None (no damage)
    damage_type: str = ""
    melee: bool = True
    miss_half: bool = False
    charge: bool = False
    crit: object = None               # extra dice of a critical hit, or None
    autofire: bool = False            # autofire without the firearms expert's training


@dataclass(frozen=True)
class Situation:
    """Who stands how: the conditions of each side, flanking, cover and concealment."""
    attacker: frozenset = frozenset()
    target: frozenset = frozenset()
    flanked: bool = False
    cover: str = "none"
    concealment: str = "none"
    marked_by_other: bool = False     # marked by a creature the attack does not include
    adjacent: bool = False            # the attacker stands next to the target
    aided: bool = False               # an ally's aid another: +2 to this attack
    aided_defense: bool = False       # an ally's aid another: +2 to the target's defenses
    long_range: bool = False          # a ranged attack beyond its range (out to its long range)


@dataclass(frozen=True)
class AttackPlan:
    terms: tuple[tuple[str, int], ...]
    defense: str
    target_number: int
    dice: object
    damage_bonus: int            # vulnerability less resistance, on every damage
    halved: bool                 # a weakened attacker deals half damage
    miss_half: bool
    minion: bool
    crit: object = None          # extra dice of a critical hit

    @property
    def bonus(self) -> int:
        return sum(v for _, v in self.terms)

    @property
    def chance(self) -> float:
        """Naturals 2-19 hit when natural + bonus >= the defense; 20 always, 1 never."""
        hits = sum(1 for n in range(2, 20) if n + self.bonus >= self.target_number) + 1
        return hits / 20

    def damage(self, rolled: int, critical: bool = False, extra: int = 0) -> int:
        """The damage of a hit: `rolled` on the dice, or on a critical their maximum plus
        `extra` (the roll of the extra critical dice)."""
        if self.dice is None:
            return 0
        raw = self.dice.max + extra if critical else rolled
        amount = max(0, raw + self.damage_bonus)
        return amount // 2 if self.halved else amount

    def miss_damage(self, rolled: int) -> int:
        """Half damage on a miss when the power says so; a minion takes none."""
        return self.damage(rolled) // 2 if self.miss_half and not self.minion else 0

    def expected_damage(self, hp: int | None = None) -> float:
        if self.dice is None:
            return 0.0
        average = self.damage(round(self.dice.average))
        top = self.damage(0, critical=True, extra=round(self.crit.average) if self.crit else 0)
        hit = (self.chance - 0.05) * average + 0.05 * top
        miss = (1 - self.chance) * self.miss_damage(round(self.dice.average))
        if hp is not None and self.minion:
            return self.chance * hp
        return hit + miss

    def critical_text(self) -> str:
        """A natural 20's damage: "12", or "12 + 1d6" with extra critical dice."""
        top = self.damage(0, critical=True)
        return f"{top} + {self.crit}" if self.crit is not None and self.dice else str(top)

    def describe(self) -> str:
        terms = " ".join(f"{v:+d} {label}" for label, v in self.terms)
        return f"d20 {terms} vs {defense_name(self.defense)} {self.target_number}"


def defense_name(vs: str) -> str:
    return "AC" if vs == "ac" else vs.title()


def combat_advantage(attack: Attack, s: Situation) -> str:
    """Why the attacker has combat advantage ("" : it has not)."""
    if s.flanked and attack.melee:
        return "flanking"
    if attack.melee and "prone" in s.target:
        return "target prone"
    found = next((c for c in GRANTS_ADVANTAGE if c in s.target), "")
    return f"target {found}" if found else ""


def hit_terms(attack: Attack, s: Situation) -> list[tuple[str, int]]:
    terms = [(attack.name, attack.bonus)]
    why = combat_advantage(attack, s)
    if why:
        terms.append((f"combat advantage ({why})", COMBAT_ADVANTAGE))
    if attack.charge:
        terms.append(("charge", CHARGE_BONUS))
    if s.long_range:
        terms.append(("long range", LONG_RANGE))
    if attack.autofire:
        terms.append(("autofire", AUTOFIRE_PENALTY))
    if "running" in s.attacker:
        terms.append(("running", RUNNING_PENALTY))
    if COVER.get(s.cover):
        terms.append((f"{'superior ' if s.cover == 'superior' else ''}cover", COVER[s.cover]))
    if CONCEALMENT.get(s.concealment):
        terms.append((f"{'total ' if s.concealment == 'total' else ''}concealment",
                      CONCEALMENT[s.concealment]))
    for condition, value in ATTACKER_PENALTY.items():
        if condition in s.attacker:
            terms.append((f"attacker {condition}", value))
    if s.marked_by_other:
        terms.append(("marked by another", MARKED_PENALTY))
    if not attack.melee and "prone" in s.target and not s.adjacent:
        terms.append(("target prone (ranged)", PRONE_RANGED))
    if s.aided:
        terms.append(("aid another", AID_BONUS))
    return terms


def defense_value(target_sheet, vs: str, conditions) -> int:
    value = target_sheet.defense(vs)
    return value + sum(v for c, v in DEFENSE_BONUS.items() if c in conditions)


def type_adjustment(target_sheet, damage_type: str, conditions) -> int:
    """Vulnerability less resistance to `damage_type` (a petrified target resists 20 of all)."""
    resist = dict(target_sheet.resist).get(damage_type, 0)
    if "petrified" in conditions:
        resist = max(resist, PETRIFIED_RESIST)
    return dict(target_sheet.vulnerable).get(damage_type, 0) - resist


def damage_taken(amount: int, target_sheet, damage_type: str, conditions) -> int:
    """`amount` damage of `damage_type` after resistance and vulnerability (never below 0)."""
    return max(0, amount + type_adjustment(target_sheet, damage_type, conditions))


def plan_attack(attacker_sheet, target_sheet, attack: Attack, s: Situation) -> AttackPlan:
    defense = defense_value(target_sheet, attack.vs, s.target) + (
        AID_BONUS if s.aided_defense else 0)
    return AttackPlan(tuple(hit_terms(attack, s)), attack.vs, defense, attack.dice,
                      type_adjustment(target_sheet, attack.damage_type, s.target),
                      "weakened" in s.attacker, attack.miss_half, target_sheet.minion,
                      attack.crit)


def hits(natural: int, total: int, defense: int) -> bool:
    """A natural 20 hits, a natural 1 misses, else the total must equal or exceed it."""
    return natural == 20 or (natural != 1 and total >= defense)


__all__ = ["Attack", "AttackPlan", "CHARGE_BONUS", "COMBAT_ADVANTAGE", "CONCEALMENT", "COVER",
           "DEFENSE_BONUS", "GRANTS_ADVANTAGE", "LONG_RANGE", "PETRIFIED_RESIST", "PRONE_RANGED",
           "RUNNING_PENALTY", "Situation", "combat_advantage", "damage_taken", "defense_name",
           "defense_value", "hits", "plan_attack", "type_adjustment"]
