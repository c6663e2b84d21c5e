"""Damage of a hit (docs/rules/10-attacks-and-damage.md "Critical hits" and "Damage"; Charge:
03-movement.md; high ground: 08-flanking.md; Power Attack: 09-turns-and-actions.md; Weakened:
11-hit-points-and-conditions.md).

Pure functions in two steps, so that previews and the log share them:
- `damage_formula(sit, critical)` -> `DamageFormula`: what to roll. Weapon dice (two sizes
  larger with Power Attack), + STR by attack kind (one-handed and thrown: STR mod; two-handed
  "heavy": floor(1.5 x STR mod); bows and crossbows: none; a negative STR mod is never
  applied), + enhancement, + charge 2, + high ground 1 (ranged at a target >= 10 ft lower).
  A critical multiplies all of that (weapon dice rolled `multiplier` times, flat bonuses
  multiplied: the rulebook's battleaxe 3 x (1d8+2) = 3d8+6), never the extra dice (flaming 1d6
  fire).
- `resolve_damage(formula, weapon_faces, extra_faces)` -> `DamageResult`: the arithmetic on
  rolled faces: Weakened attacker -10% per stage (rounded down), at least 1 before DR, DR X/Y
  on physical damage unless the attack has Y (a property like "magic"/"silver", or a damage
  type it deals), resistance by type, a critical deals at least 1 physical damage, then
  vulnerability by type (+X per strike of that type). A weapon with several damage types
  ([s/p] chosen, or [s+b] both) deals the type that does the most (the default rules).
- `roll_damage(formula, dice)`: draws the faces from the battle's Dice.
- `damage_distribution(formula)`, `expected_damage(formula)`: exact, with Fractions.

Power Attack die sizes: the default rules' chain of die sizes (game.data.dice.DIE_CHAIN:
1d2, 1d3, 1d4, 1d6, 1d8, 1d10, 2d6, 2d8, 3d6, 3d8, 3d10, 4d8, 4d10, 4d12); dice not on it
(1d12, 2d4) start from the entry of nearest average (1d12 -> 2d6), so 1d12 -> 3d6.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Mapping

from game.data.dice import Dice as DiceExpr
from game.data.model import PHYSICAL_TYPES, SIZES, DamageReduction, ExtraDamage
from game.rules import conditions as cond
from game.rules.hands import grips_with_both_hands, needs_a_hand
from game.rules.precision import precision_extra
from game.rules.attack import (R3, R8, R10, R11, R19, AttackSituation,
                               Breakdown, Term)

POWER_ATTACK_STEPS = 2           # docs/rules/09-turns-and-actions.md: damage die two sizes larger
DIVE_STEPS = 1                   # docs/rules/21-terrain-and-falling.md: a Dive Attack, one size
CHARGE_BONUS = 2                 # docs/rules/03-movement.md


@dataclass(frozen=True)
class DamageFormula:
    """What one hit deals before the dice are rolled."""
    weapon_name: str
    weapon_dice: DiceExpr            # dice to roll (count already x multiplier)
    flat: tuple[Term, ...]           # STR, enhancement, charge, high ground (x multiplier)
    types: tuple[str, ...]           # the weapon's damage types (one is dealt: the best)
    mode: str                        # "either" (written [s/p]) or "both" (written [s+b])
    properties: tuple[str, ...]      # for DR X/Y
    extra: tuple[ExtraDamage, ...]   # never multiplied
    multiplier: int = 1
    critical: bool = False
    weakened_pct: int = 0            # attacker's Weakened: -10% physical damage per stage
    dr: DamageReduction | None = None
    resist: Mapping[str, int] = field(default_factory=dict)
    vulnerable: Mapping[str, int] = field(default_factory=dict)
    killer_min: int = 0              # Killer Criticals: the least a critical deals (before DR)
    perfect: bool = False            # Perfect Critical: the weapon dice deal their maximum

    @property
    def physical(self) -> bool:
        return any(t in PHYSICAL_TYPES for t in self.types)

    @property
    def flat_total(self) -> int:
        return sum(t.value for t in self.flat) + self.weapon_dice.bonus

    def text(self) -> str:
        """The rulebook's notation: "3d8+6 [slashing+bludgeoning] + 1d6 [fire]"."""
        dice = DiceExpr(self.weapon_dice.count, self.weapon_dice.sides, self.flat_total)
        sep = "+" if self.mode == "both" else "/"
        out = f"{dice} [{sep.join(self.types)}]"
        for e in self.extra:
            out += f" + {e.dice} [{e.type}{' ' + e.label if e.label else ''}]"
        return out


def str_damage(sit: AttackSituation) -> Term | None:
    """docs/rules/10-attacks-and-damage.md: basic (one-handed, thrown) + STR mod; heavy
    (two-handed) + floor(1.5 x STR mod); ranged (bows, crossbows) none; a negative STR mod is not
    applied. A thrown weapon always deals basic damage (the default rules), even a two-handed
    spear; so does a two-handed weapon whose wielder has something else in hand or a shield on
    its arm (`game.rules.hands`)."""
    mod = sit.attacker.unit.str_mod
    if mod <= 0:
        return None
    if sit.weapon.unarmed:           # the basic unarmed attack: half the STR mod
        return Term(mod // 2, "half STR", R19) if mod // 2 else None
    mode = sit.attack_mode
    kind = "basic" if mode == "thrown" else sit.weapon.kind
    if kind == "heavy" and needs_a_hand(sit.weapon) and not grips_with_both_hands(
            sit.attacker, sit.weapon):
        kind = "basic"               # a two-handed weapon swung with one hand free
    if mode == "ranged" or kind == "ranged":
        return None
    if kind == "heavy":
        return Term(mod * 3 // 2, "STR x1.5", R10)
    return Term(mod, "STR", R10)


def killer_minimum(sit: AttackSituation) -> int:
    """Killer Criticals (an optional rule of the battle, docs/rules/19-maneuvers-and-
    archery.md): a critical hit deals at least 10% of the target's maximum HP (rounded down)
    per step of the weapon's multiplier, on a foe at most one size larger than the attacker."""
    if not sit.rules.killer_criticals:
        return 0
    a, t = sit.attacker.unit, sit.target.unit
    if SIZES.index(t.size) > SIZES.index(a.size) + 1:
        return 0
    return t.hp // 10 * sit.weapon.multiplier


def damage_formula(sit: AttackSituation, critical: bool = False,
                   perfect: bool = False) -> DamageFormula:
    """What a hit (or a critical hit) of `sit` deals; see the module docstring. `perfect`:
    a Perfect Critical (the optional rule): the weapon dice deal their maximum."""
    w = sit.weapon
    mult = w.multiplier if critical else 1
    dice = w.damage
    if sit.power_attack:
        dice = dice.step(POWER_ATTACK_STEPS)
    if sit.dive and sit.attack_mode == "melee":
        dice = dice.step(DIVE_STEPS)
    flat = [str_damage(sit)]
    if w.enhancement:
        flat.append(Term(w.enhancement, "enhancement", R10))
    if sit.charge and sit.attack_mode in ("melee", "thrown"):
        flat.append(Term(CHARGE_BONUS, "charge", R3))
    if sit.ranged and sit.elevation >= sit.rules.modifiers.high_ground_damage_steps:
        flat.append(Term(1, "high ground", R8))
    flat = tuple(Term(t.value * mult, f"{t.label} (x{mult})" if mult > 1 else t.label, t.rule)
                 for t in flat if t is not None)
    stage = cond.weakened_stage(sit.attacker.conditions)
    t = sit.target.unit
    return DamageFormula(
        weapon_name=w.name + (" (power attack)" if sit.power_attack else "")
        + (" (dive)" if sit.dive and sit.attack_mode == "melee" else ""),
        weapon_dice=DiceExpr(dice.count * mult, dice.sides, dice.bonus * mult),
        flat=flat, types=tuple(w.damage_type), mode=w.damage_mode, properties=tuple(w.properties),
        extra=tuple(w.extra_damage) + _precision(sit), multiplier=mult, critical=critical,
        weakened_pct=stage.physical_damage_pct if stage else 0,
        dr=t.dr, resist=dict(t.resist), vulnerable=dict(t.vulnerable),
        killer_min=killer_minimum(sit) if critical else 0, perfect=perfect and critical)


def _precision(sit: AttackSituation) -> tuple[ExtraDamage, ...]:
    """Sneak Attack's precision dice (docs/rules/10-attacks-and-damage.md "Precision damage")."""
    extra = precision_extra(sit)
    return (extra,) if extra is not None else ()


def dr_applies(dr: DamageReduction | None, damage_type: str, properties: tuple[str, ...]) -> bool:
    """DR X/Y (docs/rules/10-attacks-and-damage.md "Damage"): reduces physical damage unless the
    attack has Y ("-": nothing bypasses)."""
    if dr is None or damage_type not in PHYSICAL_TYPES:
        return False
    return dr.bypass == "-" or (dr.bypass != damage_type and dr.bypass not in properties)


@dataclass(frozen=True)
class DamageResult:
    """Damage dealt by one hit, itemised; `terms` add up to `total`."""
    formula: DamageFormula
    total: int
    physical: int                    # weapon part after every reduction
    damage_type: str                 # the weapon type dealt (the best one for the attacker)
    by_type: tuple[tuple[str, int], ...]
    terms: tuple[Term, ...]

    @property
    def types_dealt(self) -> tuple[str, ...]:
        return tuple(t for t, n in self.by_type if n > 0)

    def describe(self) -> str:
        crit = f" critical x{self.formula.multiplier}" if self.formula.critical else ""
        bd = Breakdown(self.terms)
        return (f"{self.formula.weapon_name}{crit} damage {self.formula.text()}: {bd.text()} "
                f"= {self.total} ({', '.join(f'{n} {t}' for t, n in self.by_type) or '0'})")


def _physical_after(formula: DamageFormula, raw: int, dtype: str) -> list[Term]:
    """The reductions of the weapon part for one damage type, as terms (raw excluded)."""
    terms: list[Term] = []
    amount = raw
    if formula.weakened_pct and formula.physical and amount > 0:
        cut = amount - amount * (100 + formula.weakened_pct) // 100
        if cut:
            terms.append(Term(-cut, f"weakened {formula.weakened_pct}%", R11))
            amount -= cut
    if amount < 1:
        terms.append(Term(1 - amount, "minimum 1", R10))
        amount = 1
    if dr_applies(formula.dr, dtype, formula.properties):
        cut = min(formula.dr.amount, amount)
        if cut:
            terms.append(Term(-cut, str(formula.dr), R10))
            amount -= cut
    resist = formula.resist.get(dtype, 0)
    if resist and amount > 0:
        cut = min(resist, amount)
        terms.append(Term(-cut, f"resist {dtype} {resist}", R10))
        amount -= cut
    if formula.critical and dtype in PHYSICAL_TYPES and amount < 1:
        terms.append(Term(1 - amount, "critical minimum 1", R10))
        amount = 1
    vuln = formula.vulnerable.get(dtype, 0)
    if vuln:
        terms.append(Term(vuln, f"vulnerable {dtype} {vuln}", R10))
    return terms


def _best_type(formula: DamageFormula, raw: int) -> tuple[str, list[Term]]:
    best = None
    for dtype in formula.types:
        terms = _physical_after(formula, raw, dtype)
        value = sum(t.value for t in terms)
        if best is None or value > best[0]:
            best = (value, dtype, terms)
    return best[1], best[2]


def _extra_after(extra: ExtraDamage, raw: int, formula: DamageFormula) -> list[Term]:
    terms = []
    resist = formula.resist.get(extra.type, 0)
    if resist and raw > 0:
        terms.append(Term(-min(resist, raw), f"resist {extra.type} {resist}", R10))
    vuln = formula.vulnerable.get(extra.type, 0)
    if vuln:
        terms.append(Term(vuln, f"vulnerable {extra.type} {vuln}", R10))
    return terms


def resolve_damage(formula: DamageFormula, weapon_faces: tuple[int, ...],
                   extra_faces: tuple[tuple[int, ...], ...] = ()) -> DamageResult:
    """The damage of rolled faces (pure); `extra_faces[i]` are the faces of `formula.extra[i]`."""
    if len(weapon_faces) != formula.weapon_dice.count:
        raise ValueError(f"expected {formula.weapon_dice.count} weapon dice, "
                         f"got {len(weapon_faces)}")
    wd = formula.weapon_dice
    dice_text = DiceExpr(wd.count, wd.sides, wd.bonus) if wd.count else DiceExpr(0, 0, wd.bonus)
    faces = f" [{', '.join(map(str, weapon_faces))}]" if weapon_faces else ""
    label = f"{dice_text}{faces}" + (" (Perfect Critical: the most)" if formula.perfect else "")
    terms = [Term(sum(weapon_faces) + wd.bonus, label, R19 if formula.perfect else R10)]
    terms += list(formula.flat)
    raw = sum(t.value for t in terms)
    if raw < formula.killer_min:
        terms.append(Term(formula.killer_min - raw, "killer critical minimum", R19))
        raw = formula.killer_min
    dtype, reductions = _best_type(formula, raw)
    terms += reductions
    physical = sum(t.value for t in terms)
    by_type = [(dtype, physical)]
    for n, extra in enumerate(formula.extra):
        got = extra_faces[n] if n < len(extra_faces) else ()
        if len(got) != extra.dice.count:
            raise ValueError(f"expected {extra.dice.count} dice for {extra.dice} {extra.type}")
        raw_extra = sum(got) + extra.dice.bonus
        shown = f" [{', '.join(map(str, got))}]" if got else ""
        named = f"{extra.label} {extra.type}" if extra.label else extra.type
        extra_terms = [Term(raw_extra, f"{named} {extra.dice}{shown}", R10)]
        extra_terms += _extra_after(extra, raw_extra, formula)
        by_type.append((extra.type, sum(t.value for t in extra_terms)))
        terms += extra_terms
    total = sum(t.value for t in terms)
    return DamageResult(formula, total, physical, dtype, tuple(by_type), tuple(terms))


def roll_damage(formula: DamageFormula, dice) -> DamageResult:
    """Roll `formula` with the battle's Dice: weapon dice first, then each extra in order."""
    wd = formula.weapon_dice
    if formula.perfect:                 # no die is rolled: each shows its most
        weapon_faces = (wd.sides,) * wd.count
    else:
        _, weapon_faces = dice.roll(DiceExpr(wd.count, wd.sides) if wd.count
                                    else DiceExpr(0, 0, 0))
    extra_faces = tuple(dice.roll(DiceExpr(e.dice.count, e.dice.sides)
                                  if e.dice.count else DiceExpr(0, 0, 0))[1]
                        for e in formula.extra)
    return resolve_damage(formula, weapon_faces, extra_faces)


# ---- exact distributions ----------------------------------------------------------------

def dice_distribution(count: int, sides: int, bonus: int = 0) -> dict[int, Fraction]:
    """Exact distribution of the sum of `count` d`sides` + bonus."""
    dist = {bonus: Fraction(1)}
    for _ in range(count):
        step: dict[int, Fraction] = {}
        p = Fraction(1, sides)
        for total, q in dist.items():
            for face in range(1, sides + 1):
                step[total + face] = step.get(total + face, 0) + q * p
        dist = step
    return dist


def damage_distribution(formula: DamageFormula) -> dict[int, Fraction]:
    """Exact distribution of `resolve_damage(formula, ...).total`."""
    wd = formula.weapon_dice
    flat = sum(t.value for t in formula.flat)
    physical: dict[int, Fraction] = {}
    dice = dice_distribution(wd.count, wd.sides, wd.bonus + flat) if not formula.perfect \
        else {wd.count * wd.sides + wd.bonus + flat: Fraction(1)}
    for raw, p in dice.items():
        raw = max(raw, formula.killer_min)
        _, terms = _best_type(formula, raw)
        value = raw + sum(t.value for t in terms)
        physical[value] = physical.get(value, 0) + p
    dist = physical
    for extra in formula.extra:
        part: dict[int, Fraction] = {}
        for raw, p in dice_distribution(extra.dice.count, extra.dice.sides,
                                        extra.dice.bonus).items():
            value = raw + sum(t.value for t in _extra_after(extra, raw, formula))
            part[value] = part.get(value, 0) + p
        combined: dict[int, Fraction] = {}
        for a, pa in dist.items():
            for b, pb in part.items():
                combined[a + b] = combined.get(a + b, 0) + pa * pb
        dist = combined
    return dist


def expected_damage(formula: DamageFormula) -> Fraction:
    return sum((v * p for v, p in damage_distribution(formula).items()), Fraction(0))


__all__ = ["CHARGE_BONUS", "POWER_ATTACK_STEPS", "DamageFormula", "DamageResult",
           "damage_distribution", "damage_formula", "dice_distribution", "dr_applies",
           "expected_damage", "resolve_damage", "roll_damage", "str_damage"]
