"""Active Parry and Active Dodge: a Reaction that replaces the defender's AC against one
attack by an opposed roll (docs/rules/16-reactions.md "Active defense").

Pure functions of a `BattleView` and an `AttackPlan`: nothing here rolls or changes a battle.

- `parry(view, defender, attacker, plan)`: the Active Parry Roll bonus (the defender's best
  melee attack bonus against the attacker, Fighting defensively's -4 ignored, + shield,
  + the weapon's Parry trait, -2 flanked, - the attacker's Knockdown / Anti-Shield traits),
  or why it cannot be used (not melee, no melee weapon, no threat, attacker 2+ sizes larger).
- `dodge(view, defender, attacker, plan)`: the Acrobatics check (ranks + DEX mod + the d20
  penalties of the defender's conditions, -2 flanked; Unfortunate against bows and
  crossbows), or why not (no rank in Acrobatics; neither fighting defensively nor the Active
  Dodger feat).
- `struck(attack_natural, attack_total, defense_natural, defense_total)`: the opposed rule
  with its natural 20 / natural 1 exceptions.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType

from game.data.model import SIZES
from game.rules import conditions as cond
from game.rules.attack import (AttackPlan, AttackRoll, AttackSituation, Breakdown, Term,
                               attack_bonus, roll_hits)
from game.rules.sections import cite
from game.rules.threat import can_threaten, threatening_weapons

R13 = cite(16)
KINDS = ("parry", "dodge")
AGAINST_PARRY = {"knockdown": 2, "anti_shield": 1}


@dataclass(frozen=True)
class Defense:
    """One active defense against one planned attack: its roll bonus and fortune, or why
    it cannot be used (`possible` False, `code` and `reason`)."""
    kind: str
    possible: bool
    bonus: Breakdown = Breakdown()
    fortune: int = 0
    code: str = ""
    reason: str = ""
    weapon: str = ""           # the parrying weapon's name

    @property
    def title(self) -> str:
        return {"parry": "Active Parry", "dodge": "Active Dodge"}[self.kind]


def _no(kind: str, code: str, reason: str) -> Defense:
    return Defense(kind, False, code=code, reason=reason)


def is_bow(weapon) -> bool:
    """Bows and crossbows (an Active Dodge against them is Unfortunate: docs/rules/16-reactions.md
    "Active Dodge")."""
    return weapon.attack == "ranged" and "bow" in f"{weapon.id} {weapon.name}".lower()


def _size_gap(attacker, defender) -> int:
    return SIZES.index(attacker.size) - SIZES.index(defender.size)


def parry_weapons(defender) -> tuple:
    """The defender's melee or natural weapons it could parry with."""
    return tuple(w for w in threatening_weapons(defender) if w.attack == "melee" or w.natural)


def _parry_terms(plan: AttackPlan, defender, weapon) -> Breakdown:
    """The defender's attack bonus with `weapon` against the attacker as a melee attack,
    without Fighting defensively's -4 (docs/rules/16-reactions.md "Active Parry") and without
    the situational bonuses of an attack on its own turn (gang up, high ground, consecutive
    attacks)."""
    own = {k: v for k, v in defender.conditions.items() if k != "fighting_defensively"}
    me = replace(plan.situation.target, conditions=MappingProxyType(own))
    sit = AttackSituation(attacker=me, weapon=weapon, target=plan.situation.attacker,
                          distance_ft=5, mode="melee", rules=plan.situation.rules)
    return attack_bonus(sit)


def parry(view, defender, attacker, plan: AttackPlan) -> Defense:
    """Active Parry against the planned attack of `attacker` on `defender`."""
    if not plan.possible or not plan.situation.melee:
        return _no("parry", "not_melee", "Active Parry works against melee attacks only")
    weapons = parry_weapons(defender)
    if not weapons or not can_threaten(defender):
        return _no("parry", "no_threat", f"{defender.name} does not threaten its area with a "
                   "melee weapon")
    if _size_gap(attacker, defender) >= 2:
        return _no("parry", "too_large", f"{attacker.name} is 2+ size categories larger than "
                   f"{defender.name}: no Active Parry")
    best = max(weapons, key=lambda w: (_parry_terms(plan, defender, w).total, -weapons.index(w)))
    terms = list(_parry_terms(plan, defender, best))
    if defender.unit.shield:
        terms.append(Term(defender.unit.shield, "shield", R13))
    parrier = max(weapons, key=lambda w: w.parry)
    if parrier.parry:               # "only the highest Gear Bonus applies"
        terms.append(Term(parrier.parry, f"{parrier.name} Parry+{parrier.parry}", R13))
    terms += _common_terms(plan)
    for trait, value in AGAINST_PARRY.items():
        if trait in plan.situation.weapon.properties:
            terms.append(Term(-value, f"against a {trait.replace('_', '-')} weapon", R13))
    fortune = cond.fortune(defender.conditions, attack=True)
    return Defense("parry", True, Breakdown(tuple(terms)), fortune, weapon=best.name)


def _common_terms(plan: AttackPlan) -> list[Term]:
    return [Term(-2, "flanked", R13)] if plan.situation.flanked else []


def dodge(view, defender, attacker, plan: AttackPlan) -> Defense:
    """Active Dodge (an Acrobatics check) against the planned attack."""
    if not plan.possible:
        return _no("dodge", "not_possible", "the attack is not possible")
    u = defender.unit
    if getattr(u, "acrobatics", 0) < 1:
        return _no("dodge", "no_acrobatics", f"{defender.name} has no rank in Acrobatics")
    if not (getattr(u, "active_dodger", False)
            or "fighting_defensively" in defender.conditions):
        return _no("dodge", "not_defending", f"{defender.name} must be fighting defensively "
                   "(or have the Active Dodger feat) to dodge")
    terms = [Term(u.acrobatics, "Acrobatics ranks", R13), Term(u.dex_mod, "DEX", R13)]
    terms += [Term(v, label.lower(), rule) for v, label, rule in
              cond.d20_modifiers(defender.conditions)]
    terms += _common_terms(plan)
    fortune = cond.fortune(defender.conditions)
    if is_bow(plan.situation.weapon):
        fortune = max(-1, min(1, fortune - 1))
    return Defense("dodge", True, Breakdown(tuple(t for t in terms if t.value)), fortune)


def defenses(view, defender, attacker, plan: AttackPlan,
             touch: bool = False) -> dict[str, Defense]:
    """Both active defenses against the planned attack, possible or not. `touch`: a touch
    attack, which Active Parry cannot answer (Active Dodge replaces touch AC too)."""
    refused = _no("parry", "touch", "Active Parry cannot answer a touch attack")
    return {"parry": refused if touch else parry(view, defender, attacker, plan),
            "dodge": dodge(view, defender, attacker, plan)}


def struck(attack_natural: int, attack_total: int, defense_natural: int,
           defense_total: int) -> bool:
    """docs/rules/16-reactions.md "Active defense": the defender is struck when its roll is at
    most the attack roll. A natural 20 deflects unless the attacker also rolled one, a natural 1
    fails unless the attacker also rolled one (and the same for the attacker's naturals); equal
    naturals tally normally."""
    if attack_natural != defense_natural:
        if attack_natural == 20 or defense_natural == 1:
            return True
        if defense_natural == 20 or attack_natural == 1:
            return False
    return defense_total <= attack_total


@dataclass(frozen=True)
class DefendedRoll:
    """An attack answered by an active defense: the attack as judged against the defense
    roll (`attack.roll_hit` = struck), and the defense's own die."""
    attack: AttackRoll
    defense: Defense
    natural: int
    faces: tuple[int, ...]

    @property
    def total(self) -> int:
        return self.natural + self.defense.bonus.total

    @property
    def hit(self) -> bool:
        return self.attack.hit

    def describe(self) -> str:
        a, p = self.attack, self.attack.plan
        die = f"d20 {self.natural}" + (f" ({', '.join(map(str, self.faces))})"
                                        if len(self.faces) > 1 else "")
        text = (f"{p.situation.weapon.name}: d20 {a.natural} {p.bonus.text(first_sign=True)} = "
                f"{a.total} vs {self.defense.title} {die} "
                f"{self.defense.bonus.text(first_sign=True)} = {self.total}: "
                + ("struck" if a.roll_hit else "deflected" if self.defense.kind == "parry"
                   else "dodged"))
        if a.concealment_d10 is not None:
            text += (f"; {p.concealment} concealment d10 {a.concealment_d10}: "
                     + ("miss" if a.concealed_miss else "hit"))
        if a.threat:
            text += (f"; critical threat: confirm d20 {a.confirm} = {a.confirm_total} vs "
                     f"ACvsCrit {p.ac_vs_crit.total}: "
                     + (f"critical hit x{p.multiplier}" if a.critical else "not confirmed"))
        return text


def roll_defended(plan: AttackPlan, defense: Defense, dice) -> DefendedRoll:
    """Roll the attack, then the defense (the defender chose before the attack roll was
    known); the concealment d10 only when struck, the confirmation only on a threat."""
    natural, faces = dice.fortune_d20(plan.fortune)
    d_natural, d_faces = dice.fortune_d20(defense.fortune)
    bonus = plan.bonus.total
    hit = struck(natural, natural + bonus, d_natural, d_natural + defense.bonus.total)
    d10 = dice.d10() if hit and plan.miss_on else None
    concealed = d10 is not None and d10 <= plan.miss_on
    threat = hit and not concealed and natural >= plan.threat
    confirm, confirm_faces, confirm_total, critical = None, (), None, False
    if threat:
        confirm, confirm_faces = dice.fortune_d20(plan.fortune)
        confirm_total = confirm + bonus
        critical = roll_hits(confirm, bonus, plan.ac_vs_crit.total)
    roll = AttackRoll(plan, natural, tuple(faces), natural + bonus, hit, d10, concealed,
                      threat, confirm, tuple(confirm_faces), confirm_total, critical)
    return DefendedRoll(roll, defense, d_natural, tuple(d_faces))


__all__ = ["AGAINST_PARRY", "DefendedRoll", "Defense", "KINDS", "R13", "defenses",
           "dodge", "is_bow", "parry", "parry_weapons", "roll_defended", "struck"]
