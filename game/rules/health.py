"""Hit points, injury, unconsciousness, bleeding and death
(docs/rules/11-hit-points-and-conditions.md "Hit points").

Pure functions: each takes the creature's stat block, current and maximum HP and conditions,
and returns a `HealthChange`: the new HP, whether it died, and the list of condition changes
for the engine to apply (`apply_changes` does it on a plain dict).

- Injured at HP <= 25% of max (creatures with 3 or fewer max HP have no injured threshold).
- Struck to 0 HP or less: Unconscious (helpless, and it falls Prone) and +1 Weakened stage
  (at stage 5 it stays 5 and takes 1d6 biological damage instead: `HealthChange.overflow`).
  Struck again while at 0 or less: another Weakened stage each blow that deals damage.
- Struck to 0 or less by slashing or piercing damage: Bleed 1 and Dying; each further
  slashing or piercing blow that deals damage adds 1 (the hex-native rules: "Multiple Bleed X
  conditions stack"), up to the creature's level.
- Bleed X: X biological damage at the start of each of its turns (`bleed_tick`); once per
  round a DC 20 FORT save reduces it by 1 (`stabilize`); at Bleed 0 the creature is stable.
  After 10 rounds of bleeding the wound clots: Bleed X drops by 1 a round (`clot`).
- Death at -CON score (the rulebook's example: 18 HP, CON 13, struck for 20 -> -2 HP,
  unconscious, Bleed 1; dies at -13); goons die at -level (`UnitType.dies_at`).

Interpretations: unconsciousness comes once per fall (HP from above 0 to 0 or less); a
Weakened stage comes with the fall (whatever the damage) and with every later blow at 0 or
less that deals damage (an attack or an ability; bleeding is no blow); the blow that kills
adds neither a stage nor bleeding; Bleed X is at most the creature's level (the default rules),
and at least 1. "Dying" is stored while the creature is at 0 HP or less AND bleeding; stable =
unconscious without Bleed. The rounds of bleeding count from the first round the creature bleeds
until the bleeding stops (a new wound does not restart the count): at the start of its 11th round
of bleeding and every round after, Bleed X is 1 lower before it bleeds.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from game.data.dice import Dice as DiceExpr
from game.data.model import UnitType
from game.rules import conditions as cond
from game.rules.attack import R11, Breakdown
from game.rules.saving_throws import save_bonus

STABILIZE_DC = 20
BLEEDING_TYPES = ("slashing", "piercing")
WEAKENED_OVERFLOW = DiceExpr(1, 6)          # a Weakened stage past 5: 1d6 biological


@dataclass(frozen=True)
class ConditionChange:
    """`op` "add" (or raise to `value`), "set" (to `value`) or "remove" `name`."""
    op: str
    name: str
    value: int = 1
    rule: str = R11

    def describe(self) -> str:
        title = cond.describe({self.name: self.value or 1})
        title = title[0] if title else self.name
        return f"-{title}" if self.op == "remove" else f"+{title}"


def apply_changes(conditions: Mapping[str, int],
                  changes: tuple[ConditionChange, ...]) -> dict[str, int]:
    out = dict(conditions)
    for c in changes:
        if c.op == "remove":
            out.pop(c.name, None)
        elif c.op == "set":
            if c.value:
                out[c.name] = c.value
            else:
                out.pop(c.name, None)
        else:
            out[c.name] = max(out.get(c.name, 0), c.value)
    return out


@dataclass(frozen=True)
class HealthChange:
    hp: int
    dead: bool
    changes: tuple[ConditionChange, ...] = ()
    overflow: DiceExpr | None = None      # Weakened 5+: roll and apply as biological damage
    note: str = ""

    def conditions_after(self, conditions: Mapping[str, int]) -> dict[str, int]:
        return apply_changes(conditions, self.changes)

    def describe(self) -> str:
        parts = [f"HP {self.hp}"]
        parts += [c.describe() for c in self.changes]
        if self.dead:
            parts.append(f"dead ({R11})")
        if self.overflow:
            parts.append(f"Weakened 5+: {self.overflow} biological")
        if self.note:
            parts.append(self.note)
        return ", ".join(parts)


# ---- thresholds ------------------------------------------------------------------------

def injured_threshold(max_hp: int) -> int | None:
    """docs/rules/11-hit-points-and-conditions.md: Injured at HP <= 25% of max HP (the largest such
    integer); None for creatures with 3 or fewer max HP (the default rules: they have no injured
    threshold)."""
    if max_hp <= 3:
        return None
    return max_hp // 4


def is_injured(hp: int, max_hp: int) -> bool:
    threshold = injured_threshold(max_hp)
    return threshold is not None and hp <= threshold


def death_threshold(unit: UnitType) -> int:
    """docs/rules/11-hit-points-and-conditions.md: dead at -CON score; goons at -level."""
    return unit.dies_at


def is_dead(hp: int, unit: UnitType) -> bool:
    return hp <= death_threshold(unit)


def max_bleed(unit: UnitType) -> int:
    """Bleed X: X is at most the creature's level (at least 1 here;
    docs/rules/11-hit-points-and-conditions.md "Bleeding and clotting")."""
    return max(1, unit.level)


def _injury_changes(hp: int, max_hp: int, conditions: Mapping[str, int]) -> list:
    injured = is_injured(hp, max_hp)
    if injured and not conditions.get("injured"):
        return [ConditionChange("add", "injured")]
    if not injured and conditions.get("injured"):
        return [ConditionChange("remove", "injured")]
    return []


# ---- damage, bleeding, healing ----------------------------------------------------------

def take_damage(unit: UnitType, hp: int, max_hp: int, conditions: Mapping[str, int],
                amount: int, damage_types: tuple[str, ...] = (),
                struck: bool = True) -> HealthChange:
    """Lose `amount` HP. `damage_types` are the types dealt (Bleed starts only for slashing or
    piercing); `struck` is False for bleeding and other damage that is not a blow."""
    amount = max(0, amount)
    new_hp = hp - amount
    dead = is_dead(new_hp, unit)
    changes = _injury_changes(new_hp, max_hp, conditions)
    overflow = None
    if new_hp <= 0:
        blow = struck and amount > 0
        if hp > 0:
            changes += [ConditionChange("add", "unconscious"), ConditionChange("add", "prone")]
        if hp > 0 or (blow and not dead):
            stage = int(conditions.get("weakened", 0) or 0)
            if stage >= cond.MAX_WEAKENED:
                overflow = WEAKENED_OVERFLOW
            else:
                changes.append(ConditionChange("set", "weakened", stage + 1))
        bleeding = int(conditions.get("bleed", 0) or 0)
        if blow and not dead and any(t in BLEEDING_TYPES for t in damage_types):
            more = min(bleeding + 1, max(bleeding, max_bleed(unit)))
            if more != bleeding:
                changes.append(ConditionChange("set", "bleed", more))
                bleeding = more
        if bleeding and not conditions.get("dying"):
            changes.append(ConditionChange("add", "dying"))
    return HealthChange(new_hp, dead, tuple(changes), overflow)


CLOT_AFTER_ROUNDS = 10


def clots(rounds_bled: int) -> bool:
    """Bleed X (the hex-native rules): "After 10 rounds of bleeding, the wound begins to clot,
    and the Bleed X amount is reduced by 1 per round": True from the 11th round of bleeding on."""
    return rounds_bled >= CLOT_AFTER_ROUNDS


def rounds_to_clot(rounds_bled: int) -> int:
    """Rounds of bleeding left before the wound starts to clot (0: it clots now)."""
    return max(0, CLOT_AFTER_ROUNDS - rounds_bled)


def clot(conditions: Mapping[str, int], rounds_bled: int) -> tuple[ConditionChange, ...]:
    """The clotting of a bleeding creature at the start of its turn: Bleed X - 1 once it has
    bled 10 rounds; at 0 it is stable (no longer Dying)."""
    bleed = int(conditions.get("bleed", 0) or 0)
    if bleed <= 0 or not clots(rounds_bled):
        return ()
    changes = [ConditionChange("set", "bleed", bleed - 1)]
    if bleed - 1 <= 0 and conditions.get("dying"):
        changes.append(ConditionChange("remove", "dying"))
    return tuple(changes)


def bleed_amount(unit: UnitType, conditions: Mapping[str, int]) -> int:
    """The X of Bleed X that the creature loses now (at most its level)."""
    return max(0, min(int(conditions.get("bleed", 0) or 0), max_bleed(unit)))


def bleed_tick(unit: UnitType, hp: int, max_hp: int,
               conditions: Mapping[str, int]) -> HealthChange:
    """Start of the creature's turn: Bleed X takes X HP (biological, ignores DR)."""
    x = bleed_amount(unit, conditions)
    if x <= 0:
        return HealthChange(hp, is_dead(hp, unit))
    result = take_damage(unit, hp, max_hp, conditions, x, ("biological",), struck=False)
    return HealthChange(result.hp, result.dead, result.changes, result.overflow,
                        f"bleed {x} ({R11})")


def fort_save_bonus(unit: UnitType, conditions: Mapping[str, int]) -> Breakdown:
    """FORT save = d20 + FORT rating + CON mod, with the penalties on all d20 rolls
    (docs/rules/11-hit-points-and-conditions.md "Saving throws")."""
    return save_bonus(unit, "FORT", conditions)


class CheckAgainstDC:
    """A d20 check against a DC: the die (`natural`) plus its `bonus` reaches `dc` or not.
    Mixed into the frozen dataclasses that record such checks."""
    natural: int
    bonus: Breakdown
    dc: int

    @property
    def total(self) -> int:
        return self.natural + self.bonus.total

    @property
    def success(self) -> bool:
        return self.total >= self.dc


@dataclass(frozen=True)
class SaveRoll(CheckAgainstDC):
    """A saving throw against a DC (natural 20 / 1 are not automatic for saves:
    docs/rules/11-hit-points-and-conditions.md "Saving throws")."""
    name: str
    natural: int
    faces: tuple[int, ...]
    bonus: Breakdown
    dc: int
    changes: tuple[ConditionChange, ...] = ()

    def describe(self) -> str:
        die = f"d20 {self.natural}"
        if len(self.faces) > 1:
            die += f" ({', '.join(map(str, self.faces))})"
        verdict = "success" if self.success else "failure"
        tail = "".join(f", {c.describe()}" for c in self.changes)
        return (f"{self.name}: {die} {self.bonus.text(first_sign=True)} = {self.total} "
                f"vs DC {self.dc}: {verdict}{tail}")


def stabilize(unit: UnitType, conditions: Mapping[str, int], natural: int,
              faces: tuple[int, ...] = ()) -> SaveRoll:
    """docs/rules/11-hit-points-and-conditions.md: once per round a dying creature may roll a DC 20
    FORT save; success reduces its bleeding by 1, and at 0 it is stable (no longer Dying, still
    unconscious). Roll the d20 with `cond.fortune(conditions)`; the engine calls this for Dying
    creatures, at most once per round."""
    bonus = fort_save_bonus(unit, conditions)
    roll = SaveRoll("stabilize (FORT)", natural, faces or (natural,), bonus, STABILIZE_DC)
    bleed = int(conditions.get("bleed", 0) or 0)
    if not roll.success or bleed <= 0:
        return roll
    changes = [ConditionChange("set", "bleed", bleed - 1)]
    if bleed - 1 <= 0 and conditions.get("dying"):
        changes.append(ConditionChange("remove", "dying"))
    return SaveRoll(roll.name, natural, roll.faces, bonus, STABILIZE_DC, tuple(changes))


def heal(unit: UnitType, hp: int, max_hp: int, conditions: Mapping[str, int], amount: int,
         reduces_bleed: bool = True) -> HealthChange:
    """Regain `amount` HP (never above max). Above 0 HP the creature wakes (no longer
    Unconscious or Dying; it stays Prone). Magical healing and the Heal skill reduce Bleed by
    the HP healed (the hex-native rules: "Bleed 3 and you are healed +2HP, you are now
    suffering only Bleed 1"), `reduces_bleed`; the HP healed are those regained (none above the
    maximum)."""
    new_hp = max(hp, min(max_hp, hp + max(0, amount)))
    changes = _injury_changes(new_hp, max_hp, conditions)
    bleed = int(conditions.get("bleed", 0) or 0)
    if reduces_bleed and bleed and new_hp > hp:
        bleed = max(0, bleed - (new_hp - hp))
        changes.append(ConditionChange("set", "bleed", bleed))
    if new_hp > 0:
        for name in ("unconscious", "dying"):
            if conditions.get(name):
                changes.append(ConditionChange("remove", name))
    elif not bleed and conditions.get("dying"):
        changes.append(ConditionChange("remove", "dying"))
    return HealthChange(new_hp, is_dead(new_hp, unit), tuple(changes))


__all__ = ["BLEEDING_TYPES", "CLOT_AFTER_ROUNDS", "STABILIZE_DC", "ConditionChange",
           "HealthChange", "SaveRoll", "apply_changes", "bleed_amount", "bleed_tick", "clot", "clots",
           "death_threshold", "fort_save_bonus", "heal", "rounds_to_clot",
           "injured_threshold", "is_dead", "is_injured", "max_bleed", "stabilize",
           "take_damage"]
