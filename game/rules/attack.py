"""Attack rolls: the itemised attack bonus and target AC, and judging a roll
(docs/rules/10-attacks-and-damage.md; the situational modifiers come from the pages on
movement, cover, concealment, flanking, turns and conditions).

Pure functions. Input: an `AttackSituation` of plain values (the attacker and target as
`Fighter`s: stat block + conditions; the weapon; distance, cover, concealment, flanking,
gang-up, elevation, action options), which the combat engine and the UI preview both build.

- `attack_bonus(sit)` -> `Breakdown`: HR, STR (DEX with light/finesse weapons; DEX for ranged
  and thrown), enhancement, size mod, range penalty, consecutive attacks, gang-up, high
  ground, aim, power attack, difficult terrain, the attacker's conditions and effects.
- `target_ac(sit, vs_crit=False)` -> `Breakdown`: 10 + DEX + armor (vs crit) + natural armor +
  shield + size mod + cover + dodge, then flanked, prone, difficult terrain, conditions.
- `plan_attack(sit)` -> `AttackPlan`: both breakdowns, ACvsCrit, threat range, net fortune,
  concealment miss chance, and whether the attack is possible at all (range, reach, total
  cover). `game.rules.probability` turns a plan into exact chances.
- `judge_attack(plan, natural, ...)` -> `AttackRoll`: the outcome of rolled faces.
  `roll_attack(plan, dice)` draws those faces from the battle's `game.engine.dice.Dice`
  (in this order: attack d20(s), concealment d10 if it hit, confirmation d20(s) if a threat).
- `Term`, `Breakdown`, `format_breakdown(x)`: every roll is itemised; each term names the page
  of the rules reference (docs/rules/) it comes from, e.g. `d20 14 + HR 3 (rules: Attack rolls and
  damage) + STR 2 = 19 vs AC 17 [...]: hit`.

Interpretations (where the default rules are unclear) are documented at each function.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from math import ceil
from types import MappingProxyType
from typing import Mapping

from game.data.model import SIZES, UnitType, Weapon
from game.rules import conditions as cond
from game.rules.sections import cite
from game.rules.hands import wields_two_weapons
from game.data.ruleset import DEFAULT as DEFAULT_RULES
from game.data.ruleset import Modifiers, Ruleset

R2, R3, R6, R7, R8, R9, R10, R11, R19 = (cite(n) for n in (2, 3, 6, 7, 8, 9, 10, 11, 19))
INDIRECT_PENALTY = 10           # rules: Special attacks and archery, Volley shots
INDIRECT_NAT20_BONUS = 10
STRAY_PENALTY = 4               # rules: Special attacks and archery, Unintended targets

# The numbers live in the ruleset (game.data.ruleset); these names keep the default's.
COVER_BONUS = DEFAULT_RULES.modifiers.cover_bonus
COVER_LEVELS = ("none", "partial", "good", "superior", "total")
# After a hit roll a d10: partial concealment misses on 1-2, total on 1-5
# (docs/rules/07-concealment.md).
CONCEALMENT_MISS_ON = DEFAULT_RULES.modifiers.concealment_miss_on
CONCEALMENT_LEVELS = ("none", "partial", "total")
DEFAULT_MAX_INCREMENTS = DEFAULT_RULES.modifiers.max_increments
HIGH_GROUND_DAMAGE_STEPS = DEFAULT_RULES.modifiers.high_ground_damage_steps


# ---- itemised sums ----------------------------------------------------------------------

@dataclass(frozen=True)
class Term:
    """One item of a roll: `value` with what it is (`label`) and its rule ("rules: Attack rolls
    and damage", a page of docs/rules/)."""
    value: int
    label: str
    rule: str = R10


@dataclass(frozen=True)
class Breakdown:
    """A sum of terms (an attack bonus, an AC, a damage total)."""
    terms: tuple[Term, ...] = ()

    @property
    def total(self) -> int:
        return sum(t.value for t in self.terms)

    def __iter__(self):
        return iter(self.terms)

    def __len__(self) -> int:
        return len(self.terms)

    def labels(self) -> list[str]:
        return [t.label for t in self.terms]

    def value_of(self, label_start: str) -> int:
        """Sum of the terms whose label starts with `label_start` (handy in tests)."""
        return sum(t.value for t in self.terms if t.label.startswith(label_start))

    def text(self, first_sign: bool = False, prev_rule: str | None = None) -> str:
        """"10 + DEX 1 + armor 4 (rules: Attack rolls and damage) - flanked 2 (rules: Flanking and
        ganging up)": a rule is shown on the first term of each run of terms that cite it."""
        parts = []
        for n, t in enumerate(self.terms):
            sign = "-" if t.value < 0 else "+"
            value = abs(t.value)
            body = f"{t.label} {value}" if t.label else str(value)
            if n == 0 and not first_sign:
                body = f"{t.label} {t.value}" if t.label else str(t.value)
                piece = body
            else:
                piece = f"{sign} {body}"
            if t.rule and t.rule != prev_rule:
                piece += f" ({t.rule})"
            prev_rule = t.rule
            parts.append(piece)
        return " ".join(parts)


def _bd(terms) -> Breakdown:
    return Breakdown(tuple(t for t in terms if t is not None))


def format_breakdown(item) -> str:
    """The one-line text of any roll result (`AttackRoll`, damage, initiative, save) or of a
    `Breakdown`, for the combat log."""
    if isinstance(item, Breakdown):
        return f"{item.text()} = {item.total}"
    describe = getattr(item, "describe", None)
    if describe is None:
        raise TypeError(f"cannot format {type(item).__name__}")
    return describe()


# ---- inputs -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Fighter:
    """A creature as the attack rules see it: stat block, conditions, terrain underfoot, and
    the weapons in its hands (`game.rules.hands`; empty for a hand-made one: both hands free)."""
    unit: UnitType
    conditions: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    on_difficult: bool = False          # docs/rules/03-movement.md: -2 attack rolls and -2 AC
    name: str = ""
    two_weapons: bool = False           # a weapon in each hand (game.rules.hands)
    weapons: tuple = ()

    @classmethod
    def of(cls, view, on_difficult: bool = False) -> Fighter:
        """From a `game.ecs.view.UnitView` (or anything with .unit, .conditions, .name)."""
        two = hasattr(view, "weapons") and wields_two_weapons(view)
        return cls(view.unit, MappingProxyType(dict(view.conditions)), on_difficult,
                   getattr(view, "name", ""), two, tuple(getattr(view, "weapons", ())))

    @property
    def label(self) -> str:
        return self.name or self.unit.name

    def has(self, condition: str) -> bool:
        return condition in cond.effective(self.conditions)


@dataclass(frozen=True)
class AttackSituation:
    """Everything one attack roll depends on (plain values; the engine and the UI preview
    build it from the battle view and the other rules: cover, flanking, distance...).

    mode: "melee", "ranged" or "thrown"; None = the weapon's own (`weapon.attack`).
    cover: "none" | "partial" | "good" | "superior" | "total" (docs/rules/06-cover.md, from the
    rules).
    concealment: "none" | "partial" | "total" (docs/rules/07-concealment.md; blinded attacker
    and invisible target make it total here).
    gang_up: how many OTHER creatures already attacked the target since its last turn
    (docs/rules/08-flanking.md: the 3rd attacker gets +1, the 4th +2, ... max +5).
    elevation: attacker's elevation minus the target's, in 5-ft steps (docs/rules/08-flanking.md
    "High ground").
    previous_attacks: attacks the attacker already made this turn (or AOOs this round):
    -2 each, -1 each when alternating weapons (docs/rules/09-turns-and-actions.md).
    aim / power_attack / charge: Aim (+1 ranged), Power Attack (-2 attack, die two sizes larger,
    -2 AC after): docs/rules/09-turns-and-actions.md; Charge (+2 damage): 03-movement.md.
    fortune: extra situational fortune for this roll (+1 Fortunate, -1 Unfortunate).
    """
    attacker: Fighter
    weapon: Weapon
    target: Fighter
    distance_ft: int = 5
    mode: str | None = None
    cover: str = "none"
    concealment: str = "none"
    flanked: bool = False
    gang_up: int = 0
    elevation: int = 0
    previous_attacks: int = 0
    alternating: bool = False
    aim: bool = False
    power_attack: bool = False
    charge: bool = False
    dive: bool = False                   # a flyer's Dive Attack (rules: Climbing ... flying)
    fortune: int = 0
    run_ac: int = 0                      # a running target vs ranged, -2 / +2 (rules: Movement)
    straight_run: bool = False           # a thrown charge straight at the target (rules: Movement)
    rules: Ruleset = DEFAULT_RULES       # the modifier tables (game.data.ruleset)
    indirect: bool = False               # a volley over the obstacles (rules: Special attacks)
    stray: bool = False                  # the roll against an unintended target

    @property
    def attack_mode(self) -> str:
        return self.mode or self.weapon.attack

    @property
    def melee(self) -> bool:
        return self.attack_mode == "melee"

    @property
    def ranged(self) -> bool:
        """Ranged attack roll: bows, crossbows, slings and thrown weapons."""
        return not self.melee


def is_crossbow(weapon: Weapon) -> bool:
    """Prone: crossbows (and firearms) take no penalty when used prone
    (docs/rules/11-hit-points-and-conditions.md "Conditions"). The weapon data
    has no flag for it yet: the id or name says "crossbow"."""
    text = f"{weapon.id} {weapon.name}".lower()
    return "crossbow" in text or "firearm" in text


def is_crossbow_shot(weapon: Weapon, mode: str | None) -> bool:
    """Is an attack with `weapon` in `mode` a crossbow's shot (a Little Action that unloads
    it, docs/rules/09-turns-and-actions.md "Crossbows")?"""
    return is_crossbow(weapon) and (mode or weapon.attack) == "ranged"


# ---- range and reach --------------------------------------------------------------------

def range_increments(distance_ft: int, increment_ft: int) -> int:
    """How many range increments out the target is: 1 up to one increment, 2 up to two...
    (ceil; a target at exactly one increment is within the first)."""
    return max(1, ceil(distance_ft / increment_ft))


def range_penalty(weapon: Weapon, distance_ft: int, mode: str,
                  mods: Modifiers = DEFAULT_RULES.modifiers) -> tuple[int, str]:
    """docs/rules/10-attacks-and-damage.md: -2 per full range increment beyond the first, i.e. -2 x
    (increments - 1) with `range_increments` (the hex-native rules' example: shortbow, increment 60
    ft, target at 200 ft: -6). Max 10 increments, thrown 5 (or the weapon's `max_increments`);
    beyond: impossible. Returns (penalty, reason it is impossible or "")."""
    if mode == "melee":
        return 0, ""
    inc = weapon.range_increment_ft
    if not inc:
        return 0, f"{weapon.name} has no range increment: it cannot make a {mode} attack"
    max_inc = weapon.max_increments or mods.max_increments[mode]
    n = range_increments(distance_ft, inc)
    if n > max_inc:
        return 0, (f"out of range: {distance_ft} ft is beyond {max_inc} range increments of "
                   f"{inc} ft ({max_inc * inc} ft, {R10})")
    return -mods.range_penalty_per_increment * (n - 1), ""


def reach_problem(weapon: Weapon, mode: str, unit: UnitType, distance_ft: int,
                  power_attack: bool, mods: Modifiers) -> str:
    """Why the weapon cannot reach the target in `mode` from `distance_ft` (its mode, reach
    or range), "" when it can: the first reasons `plan_attack` gives, known before the
    lines between the two creatures are traced."""
    return (mode_problem(weapon, mode, unit, distance_ft, power_attack)
            or range_penalty(weapon, distance_ft, mode, mods)[1])


def mode_problem(w: Weapon, mode: str, unit: UnitType, distance_ft: int,
                 power_attack: bool) -> str:
    if mode == "melee" and not w.can_melee:
        return f"{w.name} is not a melee weapon"
    if mode == "thrown" and not w.can_throw:
        return f"{w.name} cannot be thrown"
    if mode == "ranged" and not w.is_projectile:
        return f"{w.name} is not a bow, crossbow or sling"
    if mode not in ("melee", "ranged", "thrown"):
        return f"unknown attack mode {mode!r}"
    if mode == "melee":
        reach = unit.reach_with(w)
        if reach is not None and distance_ft // 5 > reach:
            return (f"out of reach: {distance_ft} ft is beyond {reach * 5} ft of reach "
                    f"with {w.name} ({R2})")
    if power_attack and mode != "melee":
        return f"Power Attack is a melee attack ({R9})"
    return ""


# ---- the attack bonus -------------------------------------------------------------------

def ability_term(sit: AttackSituation) -> Term:
    """docs/rules/10-attacks-and-damage.md: melee STR mod, or DEX mod with a light or finesse
    weapon when it is higher (the hex-native rules: "may choose"); ranged and thrown attack rolls
    DEX mod."""
    u = sit.attacker.unit
    if sit.melee:
        if sit.weapon.allows_dex and u.dex_mod > u.str_mod:
            return Term(u.dex_mod, "DEX", R10)
        return Term(u.str_mod, "STR", R10)
    return Term(u.dex_mod, "DEX", R10)


def consecutive_penalty(previous_attacks: int, alternating: bool = False,
                        mods: Modifiers = DEFAULT_RULES.modifiers) -> int:
    """docs/rules/09-turns-and-actions.md: each consecutive attack -2 (-1 when alternating two
    weapons)."""
    step = mods.alternating_weapons_penalty if alternating else mods.consecutive_attack_penalty
    return -step * max(0, previous_attacks)


def gang_up_bonus(prior_attackers: int, attacker_size: str, target_size: str,
                  target_conditions: Mapping[str, int] = MappingProxyType({}),
                  mods: Modifiers = DEFAULT_RULES.modifiers) -> int:
    """docs/rules/08-flanking.md: the 3rd, 4th, ... creature to attack the target gets +1, +2, ...
    (max +5); only within two size categories of the target; not against helpless targets (the
    hex-native rules)."""
    if abs(SIZES.index(attacker_size) - SIZES.index(target_size)) > 2:
        return 0
    if "helpless" in cond.effective(target_conditions):
        return 0
    return max(0, min(mods.gang_up_max, prior_attackers - 1))


def high_ground_bonus(sit: AttackSituation) -> int:
    """docs/rules/08-flanking.md: melee attacker one step or more above the target +1, below -1."""
    if not sit.melee or sit.elevation == 0:
        return 0
    return 1 if sit.elevation > 0 else -1


def off_hand_penalty(unit: UnitType, weapon: Weapon) -> int:
    """Rules: Special attacks and archery, "The off hand": an attack with the weapon the
    stat block holds in its off hand takes -2 (a light weapon; none with Two-Weapon Fighting)
    or -4 (a one-handed weapon); an ambidextrous creature, or one that names no off-hand
    weapon, takes none. Natural weapons need no hand."""
    if unit.off_hand != weapon.id or unit.ambidextrous or weapon.natural:
        return 0
    if weapon.hands == "light":
        return 0 if unit.two_weapon_fighting else -2
    return -4


def attack_bonus(sit: AttackSituation) -> Breakdown:
    """Everything added to the d20 (docs/rules/10-attacks-and-damage.md and the situational rules
    it points to)."""
    a, w = sit.attacker, sit.weapon
    u = a.unit
    mods = sit.rules.modifiers
    pen, _ = range_penalty(w, sit.distance_ft, sit.attack_mode, mods)
    terms = [
        Term(u.hr, "HR", R10),
        ability_term(sit),
        Term(w.enhancement, "enhancement", R10) if w.enhancement else None,
        Term(u.size_mod, f"size ({u.size})", R2) if u.size_mod else None,
        Term(pen, "range", R10) if pen else None,
    ]
    cap = consecutive_penalty(sit.previous_attacks, sit.alternating, mods)
    if cap:
        terms.append(Term(cap, "consecutive attacks", R9))
    gang = gang_up_bonus(sit.gang_up, u.size, sit.target.unit.size, sit.target.conditions, mods)
    if gang:
        terms.append(Term(gang, "gang up", R8))
    high = high_ground_bonus(sit)
    if high:
        terms.append(Term(high, "high ground" if high > 0 else "low ground", R8))
    if sit.aim and sit.ranged:
        terms.append(Term(1, "aim", R9))
    if sit.power_attack:
        terms.append(Term(-2, "power attack", R9))
    off = off_hand_penalty(u, w)
    if off:
        terms.append(Term(off, "off hand", R19))
    if sit.indirect:
        terms.append(Term(-INDIRECT_PENALTY, "indirect fire", R19))
    if sit.stray:
        terms.append(Term(-STRAY_PENALTY, "unintended target", R19))
    if a.on_difficult:
        terms.append(Term(-2, "difficult terrain", R3))
    for value, label, rule in cond.attack_modifiers(a.conditions, ranged=sit.ranged,
                                                    crossbow=is_crossbow(w),
                                                    straight_run=sit.straight_run):
        terms.append(Term(value, label.lower(), rule))
    return _bd(terms)


# ---- the target's AC --------------------------------------------------------------------

def effective_cover(sit: AttackSituation) -> str:
    """docs/rules/06-cover.md: the given cover, at least Partial for a prone target against ranged
    attacks from 15 ft (3 hexes) or more (Prone: docs/rules/11-hit-points-and-conditions.md). Cover
    does not stack: the best applies."""
    level = sit.cover if sit.cover in COVER_LEVELS else "none"
    if sit.ranged and sit.distance_ft >= 15 and sit.target.has("prone"):
        if COVER_LEVELS.index(level) < COVER_LEVELS.index("partial"):
            level = "partial"
    return level


def effective_concealment(sit: AttackSituation) -> str:
    """docs/rules/07-concealment.md: the given concealment; total when the attacker is blinded or
    the target invisible. The highest applies."""
    level = sit.concealment if sit.concealment in CONCEALMENT_LEVELS else "none"
    if sit.attacker.has("blinded") or sit.target.has("invisible"):
        level = "total"
    elif sit.attacker.has("partially_blinded") and level == "none":
        level = "partial"       # docs/rules/11-hit-points-and-conditions.md "Conditions"
    return level


def target_defenceless(sit: AttackSituation) -> str | None:
    """"helpless", "flat_footed" or None for this attack: an invisible attacker's target is
    flat-footed against it (Invisible: docs/rules/11-hit-points-and-conditions.md)."""
    state = cond.defenceless(sit.target.conditions)
    if state is None and sit.attacker.has("invisible"):
        state = "flat_footed"
    return state


def target_ac(sit: AttackSituation, vs_crit: bool = False) -> Breakdown:
    """docs/rules/10-attacks-and-damage.md: AC = 10 + DEX mod + armor + natural armor + shield +
    size mod + cover + dodge - penalties; ACvsCrit (`vs_crit`) uses the armor's rating vs crit,
    every other bonus and penalty applies to both (the default rules).

    Flat-Footed: -2 or the DEX mod, whichever is worse, and no shield or dodge. Helpless: DEX
    mod counts as -5, no shield or dodge; it replaces Flat-Footed (it is worse).
    A stat block with an `ac` override shows as one term, then the same adjustments.
    """
    t = sit.target
    u = t.unit
    state = target_defenceless(sit)
    terms: list[Term | None] = []
    override = u.ac_vs_crit_override if vs_crit else u.ac_override
    if vs_crit and override is None and u.ac_override is not None:
        override = u.ac_vs_crit    # derived from the AC override
    if override is not None:
        terms.append(Term(override, "ACvsCrit (stat block)" if vs_crit else "AC (stat block)",
                          R10))
        if state is not None and u.shield:
            terms.append(Term(-u.shield, f"no shield ({state.replace('_', '-')})", R11))
        if state == "helpless":
            terms.append(Term(-5 - u.dex_mod, "helpless (DEX -5)", R11))
        elif state == "flat_footed":
            terms.append(Term(-max(2, u.dex_mod), "flat-footed", R11))
    else:
        armor = u.armor
        if vs_crit and u.armor_vs_crit is not None:
            armor = u.armor_vs_crit
        terms.append(Term(10, "", R10))
        if state == "helpless":
            terms.append(Term(-5, "DEX (helpless)", R11))
        else:
            terms.append(Term(u.dex_mod, "DEX", R10) if u.dex_mod else None)
        terms += [
            Term(armor, "armor vs crit" if vs_crit and u.armor_vs_crit is not None
                 else "armor", R10) if armor else None,
            Term(u.natural_armor, "natural armor", R10) if u.natural_armor else None,
            Term(u.shield, "shield", R10) if u.shield and state is None else None,
            Term(u.size_mod, f"size ({u.size})", R2) if u.size_mod else None,
        ]
        if state == "flat_footed":
            terms.append(Term(-max(2, u.dex_mod), "flat-footed", R11))
    if state is None and t.two_weapons and "fighting_defensively" in t.conditions:
        terms.append(Term(1, "shield (two weapons)", R19))   # +1 to the shield rating
    cover = effective_cover(sit)
    bonus = sit.rules.modifiers.cover_bonus.get(cover)
    if bonus:
        terms.append(Term(bonus, f"{cover} cover", R6))
    target_conditions = dict(t.conditions)
    if state == "flat_footed":
        target_conditions.setdefault("flat_footed", 1)      # drops the dodge bonus
    for value, label, rule in cond.ac_modifiers(target_conditions, melee=sit.melee,
                                                distance_ft=sit.distance_ft,
                                                flanked=sit.flanked):
        terms.append(Term(value, label.lower(), rule))
    terms += _footing_terms(sit)
    return _bd(terms)


def _footing_terms(sit: AttackSituation) -> list[Term]:
    """Difficult terrain underfoot, and running against a ranged attack
    (docs/rules/03-movement.md)."""
    terms = []
    if sit.target.on_difficult:
        terms.append(Term(-2, "difficult terrain", R3))
    if sit.ranged and sit.run_ac:
        terms.append(Term(sit.run_ac, "running toward the shooter" if sit.run_ac < 0
                          else "running (indirect angle)", R3))
    return terms


def attack_fortune(sit: AttackSituation) -> tuple[int, tuple[Term, ...]]:
    """docs/rules/10-attacks-and-damage.md: the attacker's net fortune (+1 / 0 / -1) and its
    sources as terms. Sources: Fortunate, Unfortunate, Frightened, Retreating, `sit.fortune`."""
    reasons = []
    for name, present in sit.attacker.conditions.items():
        rule = cond.ALL_RULES.get(name)
        if rule is None or not present:
            continue
        value = rule.fortune or rule.attack_fortune or cond.fortune({name: 1})
        if value:
            reasons.append(Term(value, rule.title, rule.rule))
    if sit.fortune:
        reasons.append(Term(1 if sit.fortune > 0 else -1, "situation", R10))
    against = cond.melee_fortune_against(sit.target.conditions) if not sit.ranged else 0
    if against:     # Terrified: melee attacks against it are Fortunate
        reasons.append(Term(1, "target terrified", R11))
    net = cond.fortune(sit.attacker.conditions, attack=True, extra=(sit.fortune, against))
    return net, tuple(reasons)


# ---- the plan and the roll --------------------------------------------------------------

@dataclass(frozen=True)
class AttackPlan:
    """An attack before the roll: what the preview shows and what the roll is judged by."""
    situation: AttackSituation
    possible: bool
    reason: str                 # why it is impossible ("" when possible)
    bonus: Breakdown
    ac: Breakdown
    ac_vs_crit: Breakdown
    threat: int                 # lowest natural d20 that threatens a critical
    multiplier: int
    fortune: int                # +1 Fortunate, -1 Unfortunate, 0
    fortune_reasons: tuple[Term, ...]
    concealment: str
    miss_on: int                # concealment d10 result at or below which a hit misses
    automatic: bool = False     # a helpless target within reach: a critical hit, no roll
    indirect: bool = False      # a volley: natural 20 adds 10 instead of hitting; no critical

    def describe(self) -> str:
        if not self.possible:
            return f"impossible: {self.reason}"
        if self.automatic:
            text = f"automatic critical hit x{self.multiplier}: the target is helpless ({R19})"
            if self.miss_on:
                text += f", {self.concealment} concealment {self.miss_on * 10}% miss ({R7})"
            return text
        fortune = {1: " Fortunate", -1: " Unfortunate"}.get(self.fortune, "")
        text = f"d20{fortune} {self.bonus.text(first_sign=True)} = {self.bonus.total:+d}"
        text += f" vs AC {self.ac.total} [{self.ac.text()}]"
        if self.miss_on:
            text += f", {self.concealment} concealment {self.miss_on * 10}% miss ({R7})"
        return text


def automatic_critical(sit: AttackSituation) -> bool:
    """Rules: Special attacks and archery, "Helpless targets": an attack on a helpless
    target within the attacker's melee reach (or within 5 ft) lands as a critical hit without
    a roll; not a volley, nor a stray missile."""
    if sit.indirect or sit.stray or target_defenceless(sit) != "helpless":
        return False
    return sit.melee or sit.distance_ft <= 5


def plan_attack(sit: AttackSituation) -> AttackPlan:
    """Everything about `sit` that is known before the dice are rolled."""
    reason = reach_problem(sit.weapon, sit.attack_mode, sit.attacker.unit, sit.distance_ft,
                           sit.power_attack, sit.rules.modifiers)
    if not reason and sit.cover == "total" and not sit.indirect:
        reason = f"no line of effect: total cover ({R6})"
    fortune, reasons = attack_fortune(sit)
    concealment = effective_concealment(sit)
    return AttackPlan(
        situation=sit, possible=not reason, reason=reason, bonus=attack_bonus(sit),
        ac=target_ac(sit), ac_vs_crit=target_ac(sit, vs_crit=True),
        threat=21 if sit.indirect else sit.weapon.threat,
        multiplier=sit.weapon.multiplier, fortune=fortune, fortune_reasons=reasons,
        concealment=concealment, miss_on=sit.rules.modifiers.concealment_miss_on[concealment],
        automatic=automatic_critical(sit), indirect=sit.indirect)


def roll_hits(natural: int, bonus: int, ac: int, indirect: bool = False) -> bool:
    """docs/rules/10-attacks-and-damage.md: natural 20 always hits, natural 1 always misses, else
    total >= AC. A volley (`indirect`): a natural 20 does not hit by itself but adds 10 (rules:
    Special attacks and archery)."""
    if natural == 1:
        return False
    if natural == 20:
        return not indirect or natural + bonus + INDIRECT_NAT20_BONUS >= ac
    return natural + bonus >= ac


@dataclass(frozen=True)
class AttackRoll:
    """A judged attack roll with everything the combat log shows."""
    plan: AttackPlan
    natural: int
    faces: tuple[int, ...]
    total: int
    roll_hit: bool                      # the d20 beat the AC (before concealment)
    concealment_d10: int | None = None
    concealed_miss: bool = False
    threat: bool = False
    confirm: int | None = None
    confirm_faces: tuple[int, ...] = ()
    confirm_total: int | None = None
    critical: bool = False

    @property
    def hit(self) -> bool:
        return self.plan.possible and self.roll_hit and not self.concealed_miss

    @property
    def outcome(self) -> str:
        if not self.plan.possible:
            return "impossible"
        if not self.hit:
            return "miss"
        return "critical" if self.critical else "hit"

    def describe(self) -> str:
        p = self.plan
        w = p.situation.weapon
        if not p.possible:
            return f"{w.name}: impossible: {p.reason}"
        if p.automatic:
            return self._describe_automatic()
        die = f"d20 {self.natural}"
        if len(self.faces) > 1:
            kind = "Fortunate" if p.fortune > 0 else "Unfortunate"
            die += f" ({kind}: {', '.join(map(str, self.faces))})"
        if self.natural in (1, 20):
            die += f" natural {self.natural}"
        if p.indirect and self.natural == 20:
            die += f" + {INDIRECT_NAT20_BONUS} (natural 20 on a volley, {R19})"
        text = (f"{w.name}: {die} {_signed_bd(p.bonus)} = {self.total} vs AC {p.ac.total} "
                f"[{p.ac.text()}]: {'hit' if self.roll_hit else 'miss'}")
        if self.concealment_d10 is not None:
            verdict = "miss" if self.concealed_miss else "hit"
            text += (f"; {p.concealment} concealment d10 {self.concealment_d10} "
                     f"(misses on 1-{p.miss_on}, {R7}): {verdict}")
        if self.threat:
            text += (f"; critical threat ({w.crit_range}): confirm d20 {self.confirm}"
                     + (f" ({', '.join(map(str, self.confirm_faces))})"
                        if len(self.confirm_faces) > 1 else "")
                     + f" {'-' if p.bonus.total < 0 else '+'} {abs(p.bonus.total)}"
                     + f" = {self.confirm_total} vs ACvsCrit "
                     f"{p.ac_vs_crit.total}: "
                     + (f"critical hit x{p.multiplier}" if self.critical else "not confirmed")
                     + f" ({R10})")
        return text


    def _describe_automatic(self) -> str:
        p = self.plan
        text = (f"{p.situation.weapon.name}: automatic critical hit x{p.multiplier} on a "
                f"helpless target ({R19})")
        if self.concealment_d10 is not None:
            verdict = "miss" if self.concealed_miss else "hit"
            text += (f"; {p.concealment} concealment d10 {self.concealment_d10} "
                     f"(misses on 1-{p.miss_on}, {R7}): {verdict}")
        return text


def _signed_bd(bd: Breakdown) -> str:
    return bd.text(first_sign=True)


def judge_attack(plan: AttackPlan, natural: int, faces: tuple[int, ...] = (),
                 concealment_d10: int | None = None, confirm: int | None = None,
                 confirm_faces: tuple[int, ...] = ()) -> AttackRoll:
    """The outcome of rolled faces (pure). `natural` is the kept d20 (Fortunate/Unfortunate
    already applied). A hit against a concealed target needs `concealment_d10`; a critical
    threat that survives concealment needs `confirm` (docs/rules/10-attacks-and-damage.md: a roll
    in the threat range that hits; the confirmation is an attack roll with the same bonus against
    ACvsCrit, in which natural 20 succeeds and natural 1 fails)."""
    faces = faces or (natural,)
    bonus = plan.bonus.total
    total = natural + bonus + (INDIRECT_NAT20_BONUS if plan.indirect and natural == 20 else 0)
    if not plan.possible:
        return AttackRoll(plan, natural, faces, total, False)
    if plan.automatic:
        return _automatic(plan, concealment_d10)
    hit = roll_hits(natural, bonus, plan.ac.total, plan.indirect)
    concealed_miss = False
    if hit and plan.miss_on:
        if concealment_d10 is None:
            raise ValueError("a hit on a concealed target needs the concealment d10")
        concealed_miss = concealment_d10 <= plan.miss_on
    threat = hit and not concealed_miss and natural >= plan.threat
    critical = False
    confirm_total = None
    if threat:
        if confirm is None:
            raise ValueError("a critical threat needs the confirmation d20")
        confirm_total = confirm + bonus
        critical = roll_hits(confirm, bonus, plan.ac_vs_crit.total)
    return AttackRoll(plan, natural, faces, total, hit,
                      concealment_d10 if hit and plan.miss_on else None, concealed_miss,
                      threat, confirm if threat else None,
                      (confirm_faces or (confirm,)) if threat else (), confirm_total, critical)


def _automatic(plan: AttackPlan, concealment_d10: int | None) -> AttackRoll:
    """A helpless target's automatic critical hit: no d20; concealment still rolls."""
    if plan.miss_on and concealment_d10 is None:
        raise ValueError("a hit on a concealed target needs the concealment d10")
    missed = bool(plan.miss_on) and concealment_d10 <= plan.miss_on
    return AttackRoll(plan, 0, (), 0, True, concealment_d10 if plan.miss_on else None,
                      missed, critical=not missed)


def roll_attack(plan: AttackPlan | AttackSituation, dice) -> AttackRoll:
    """Roll `plan` with the battle's dice (a `game.engine.dice.Dice`, or anything with
    `fortune_d20(fortune)` and `d10()`): attack d20(s); concealment d10 only after a hit;
    confirmation d20(s) only on a threat that survived concealment."""
    if isinstance(plan, AttackSituation):
        plan = plan_attack(plan)
    if not plan.possible:
        return judge_attack(plan, 1)
    if plan.automatic:
        return _automatic(plan, dice.d10() if plan.miss_on else None)
    natural, faces = dice.fortune_d20(plan.fortune)
    d10 = None
    hit = roll_hits(natural, plan.bonus.total, plan.ac.total, plan.indirect)
    if plan.miss_on and hit:
        d10 = dice.d10()
    confirm, confirm_faces = None, ()
    if hit and natural >= plan.threat and not (d10 is not None and d10 <= plan.miss_on):
        confirm, confirm_faces = dice.fortune_d20(plan.fortune)
    return judge_attack(plan, natural, faces, d10, confirm, confirm_faces)


def with_options(sit: AttackSituation, **changes) -> AttackSituation:
    """A copy of `sit` with some fields changed (what-if previews)."""
    return replace(sit, **changes)
