"""Conditions as data, and durations (docs/rules/11-hit-points-and-conditions.md "Conditions"
and "How long effects last").

A creature's conditions are a mapping `name -> value` (the `Conditions.active` component):
the value is the stage of Weakened (1-5), the X of Bleed X, and 1 for the others. Keys are the
lower-case names of `CONDITIONS` and `EFFECTS`, the catalogue in `game.data.conditions` (data,
so that the unit files and the maps can name conditions; imported here for the helpers'
callers). Every number comes from the default rules' list of conditions (summed up in
`ConditionRule.lfg`); docs/rules/11-hit-points-and-conditions.md lists which conditions the game
has. Flanked is derived (docs/rules/08-flanking.md) and never stored: callers pass
`flanked=True`.

`EFFECTS` are the short-lived states that actions leave on a creature until its next turn
(Run and Retreat: docs/rules/03-movement.md; Fight Defensively and Power Attack:
09-turns-and-actions.md); they live in the same mapping so that one set of helpers answers "what
modifies this roll".

Helpers (pure): `effective()` adds implied conditions (Dying -> Unconscious -> Helpless, Prone;
Stunned / Blinded -> Flat-Footed; Frightened -> Unfortunate); `d20_penalty`, `attack_penalty`,
`ac_penalty` and their itemised `*_modifiers`; `fortune`; `can_act`, `can_react`,
`big_actions`, `speed_ft`, `threatens`. Modifiers are `(value, label, rule)` tuples; the attack
rules turn them into `game.rules.attack.Term`s.

Durations (docs/rules/11-hit-points-and-conditions.md "How long effects last"): an expiry is
`(entity, event, turns)` as stored in `Conditions.expires`: the condition ends at the `turns`-th
`event` ("start" or "end") of `entity`'s turns. "Lasts N turns" = `lasting_turns(source, N)` =
(source, "end", N): the turn it is applied on counts as the first when it is the source's own turn,
and it ends at the end of the source's N-th turn (applied outside the source's turn, the source's
next turn is the first). "Until your next turn" = `until_next_turn(creature)` = (creature, "start",
1): it ends when that turn starts. The engine calls `advance(expires, entity, "start"|"end")` at
each turn start and end and removes the names it returns.
"""
from __future__ import annotations

from typing import Mapping

from game.data.conditions import (  # noqa: F401  (read as cond.CONDITIONS, cond.FLANKED, ...)
    ALL_RULES, CONDITIONS, EFFECTS, FLANKED, MAX_WEAKENED, R11, SPECIAL, STANCES,
    WEAKENED_STAGES, ConditionRule, WeakenedStage)

Modifier = tuple[int, str, str]        # (value, label, rule): becomes an attack.Term

def weakened_stage(conditions: Mapping[str, int]) -> WeakenedStage | None:
    stage = min(int(conditions.get("weakened", 0) or 0), MAX_WEAKENED)
    return WEAKENED_STAGES[stage] if stage > 0 else None


# ---- implied conditions ---------------------------------------------------------------

def effective(conditions: Mapping[str, int], *, flanked: bool = False) -> dict[str, int]:
    """The conditions with everything they imply (Dying -> Unconscious -> Helpless + Prone,
    Stunned / Blinded -> Flat-Footed, Frightened -> Unfortunate), plus derived Flanked."""
    out = {k: v for k, v in conditions.items() if v}
    todo = list(out)
    while todo:
        rule = ALL_RULES.get(todo.pop())
        for implied in (rule.implies if rule else ()):
            if implied not in out:
                out[implied] = 1
                todo.append(implied)
    if flanked:
        out["flanked"] = 1
    return out


def _rules(conditions: Mapping[str, int], flanked: bool = False):
    eff = effective(conditions, flanked=flanked)
    return eff, [ALL_RULES[name] for name in eff if name in ALL_RULES]


# ---- roll modifiers -------------------------------------------------------------------

def d20_modifiers(conditions: Mapping[str, int]) -> list[Modifier]:
    """Penalties on ALL d20 rolls (attack, saves, initiative): Injured, Stunned, Staggered,
    Weakened N."""
    eff, rules = _rules(conditions)
    out = [(r.d20, r.title, r.rule) for r in rules if r.d20]
    stage = weakened_stage(eff)
    if stage:
        out.append((stage.d20, f"Weakened {stage.stage}", R11))
    return out


def d20_penalty(conditions: Mapping[str, int]) -> int:
    return sum(v for v, _, _ in d20_modifiers(conditions))


def attack_modifiers(conditions: Mapping[str, int], *, ranged: bool = False,
                     crossbow: bool = False, straight_run: bool = False) -> list[Modifier]:
    """Everything the attacker's conditions and effects add to an attack roll: the d20
    penalties, Prone -4 (crossbows exempt), Cramped -2, Fighting defensively -4,
    Running -2 on ranged attacks (not on a thrown one at the target it ran straight at:
    `straight_run`, docs/rules/03-movement.md "Charge")."""
    eff, rules = _rules(conditions)
    out = d20_modifiers(conditions)
    for r in rules:
        if r.name == "prone" and ranged and crossbow:
            continue
        if r.attack:
            out.append((r.attack, r.title, r.rule))
        if r.ranged_attack and ranged and not (straight_run and r.name == "running"):
            out.append((r.ranged_attack, r.title, r.rule))
    return out


def attack_penalty(conditions: Mapping[str, int], *, ranged: bool = False,
                   crossbow: bool = False) -> int:
    return sum(v for v, _, _ in attack_modifiers(conditions, ranged=ranged, crossbow=crossbow))


def ac_modifiers(conditions: Mapping[str, int], *, melee: bool = True, distance_ft: int = 5,
                 flanked: bool = False) -> list[Modifier]:
    """The target's condition modifiers to AC against one attack: Injured -2, Staggered -2,
    Cramped -2, Weakened -N, Flanked -2, Off-balance -2, Running -2 vs melee, Prone -4 vs
    melee (and ranged within 5 ft), Fighting defensively +2 Dodge (lost when flat-footed or
    helpless). Flat-Footed's "-2 or no DEX" and Helpless' DEX -5 depend on the stat block:
    `game.rules.attack.target_ac` applies them (see `defenceless`)."""
    eff, rules = _rules(conditions, flanked)
    close = melee or distance_ft <= 5
    no_dodge = defenceless(eff) is not None
    out = []
    for r in rules:
        if r.ac:
            out.append((r.ac, r.title, r.rule))
        if r.ac_vs_melee and (melee or (r.name == "prone" and close)):
            label = r.title + (" vs melee" if melee else " within 5 ft")
            out.append((r.ac_vs_melee, label, r.rule))
        if r.dodge_ac and not no_dodge:
            out.append((r.dodge_ac, f"{r.title} (dodge)", r.rule))
    stage = weakened_stage(eff)
    if stage:
        out.append((stage.ac, f"Weakened {stage.stage}", R11))
    return out


def ac_penalty(conditions: Mapping[str, int], *, melee: bool = True, distance_ft: int = 5,
               flanked: bool = False) -> int:
    """Net condition modifier to AC (see `ac_modifiers`; Flat-Footed / Helpless excluded)."""
    return sum(v for v, _, _ in ac_modifiers(conditions, melee=melee, distance_ft=distance_ft,
                                             flanked=flanked))


def defenceless(conditions: Mapping[str, int]) -> str | None:
    """"helpless" (DEX mod -5, no dodge, no shield), "flat_footed" (-2 AC or no DEX, the
    worse; no dodge, no shield) or None. Helpless is the worse and replaces Flat-Footed."""
    eff = effective(conditions)
    if "helpless" in eff:
        return "helpless"
    if "flat_footed" in eff:
        return "flat_footed"
    return None


def fortune(conditions: Mapping[str, int], *, attack: bool = False,
            extra: tuple[int, ...] = ()) -> int:
    """docs/rules/10-attacks-and-damage.md "Fortunate and Unfortunate": +1, -1 or 0. Sources do not
    stack and the two cancel: any Fortunate source and any Unfortunate source give 0. `attack=True`
    adds the attack-only sources (Retreating); `extra` adds situational ones (+1 / -1)."""
    eff, rules = _rules(conditions)
    values = [r.fortune for r in rules if r.fortune]
    if attack:
        values += [r.attack_fortune for r in rules if r.attack_fortune]
    values += [v for v in extra if v]
    return int(any(v > 0 for v in values)) - int(any(v < 0 for v in values))


# ---- what the creature can do ---------------------------------------------------------

def can_act(conditions: Mapping[str, int]) -> bool:
    """False when Unconscious, Dying, Stunned or Helpless (the conditions that cannot act)."""
    _, rules = _rules(conditions)
    return all(r.can_act for r in rules)


def can_react(conditions: Mapping[str, int]) -> bool:
    """False when Flat-Footed, Stunned, Staggered, Helpless, Unconscious or Weakened 4+
    (docs/rules/04-attacks-of-opportunity.md "Reactions")."""
    eff, rules = _rules(conditions)
    stage = weakened_stage(eff)
    return all(r.can_react for r in rules) and (stage is None or stage.can_react)


def big_actions(conditions: Mapping[str, int]) -> int:
    """Big Actions per turn: 2 (docs/rules/09-turns-and-actions.md); Staggered / Weakened 5: 1;
    cannot act: 0."""
    eff, rules = _rules(conditions)
    limits = [r.big_actions for r in rules if r.big_actions is not None]
    stage = weakened_stage(eff)
    if stage and stage.big_actions is not None:
        limits.append(stage.big_actions)
    return min([2] + limits)


def can_run(conditions: Mapping[str, int]) -> bool:
    eff, rules = _rules(conditions)
    stage = weakened_stage(eff)
    return all(r.can_run for r in rules) and (stage is None or stage.can_run) and can_act(eff)


def can_use_swift(conditions: Mapping[str, int]) -> bool:
    stage = weakened_stage(effective(conditions))
    return (stage is None or stage.swift_actions) and can_act(conditions)


def can_step(conditions: Mapping[str, int]) -> bool:
    """No 5-Foot Step while Hindered (docs/rules/11-hit-points-and-conditions.md)."""
    _, rules = _rules(conditions)
    return all(r.can_step for r in rules)


def ref_save_modifiers(conditions: Mapping[str, int]) -> list[Modifier]:
    """The penalties on REF saves only (Encumbered -1, Heavily Encumbered and Hindered -2)."""
    _, rules = _rules(conditions)
    return [(r.ref_save, r.title, r.rule) for r in rules if r.ref_save]


def melee_fortune_against(conditions: Mapping[str, int]) -> int:
    """+1 when melee attacks against the creature are Fortunate (Terrified)."""
    _, rules = _rules(conditions)
    return int(any(r.melee_fortune_against > 0 for r in rules))


def fear_source(conditions: Mapping[str, int]) -> int | None:
    """The entity a Terrified creature fears (its value is 2 + that entity; 1: unknown), else
    None."""
    value = int(conditions.get("terrified", 0) or 0)
    return value - 2 if value >= 2 else None


def fear_value(source: int) -> int:
    """The stored value of Terrified caused by entity `source` (see `fear_source`)."""
    return source + 2


def threatens(conditions: Mapping[str, int]) -> bool:
    """docs/rules/02-size-and-reach.md: no threat while prone, blinded, helpless, unconscious or
    stunned."""
    _, rules = _rules(conditions)
    return all(r.threatens for r in rules)


def speed_ft(base_ft: int, conditions: Mapping[str, int]) -> int:
    """Speed after conditions: halved once (Blinded, Cramped, Hindered, Agony, Weakened 3+;
    rounded down to 5 ft), else cut to 75% (Encumbered, rounded down to 5 ft), then the flat cuts (Injured -5 ft; Weakened 2: -5 ft, -10 ft from 50 ft up); never
    below 5 ft when the base speed is 5 ft or more (Injured:
    docs/rules/11-hit-points-and-conditions.md "Hit points")."""
    eff, rules = _rules(conditions)
    stage = weakened_stage(eff)
    speed = base_ft
    if any(r.half_speed for r in rules) or (stage and stage.half_speed):
        speed = speed // 2 // 5 * 5
    share = min([r.speed_pct for r in rules] + [100])
    if share < 100 and speed == base_ft:     # halved already: the worse cut applies alone
        speed = speed * share // 100 // 5 * 5
    speed += sum(r.speed_delta_ft for r in rules)
    if stage and stage.stage == 2:
        speed -= 10 if base_ft >= 50 else 5
    return max(speed, 5) if base_ft >= 5 else max(speed, 0)


# ---- durations (docs/rules/11-hit-points-and-conditions.md "How long effects last") ---

Expiry = tuple[int, str, int]      # (entity whose turns count, "start" | "end", turns left)

UNTIL_NEXT_TURN = frozenset(EFFECTS)   # every action effect ends when its owner's turn starts


def lasting_turns(source: int, turns: int) -> Expiry:
    """An effect that lasts `turns` turns (docs/rules/11-hit-points-and-conditions.md): ends at
    the end of the source's `turns`-th turn, the turn it is applied on counting as the first (when
    it is the source's own turn)."""
    if turns < 1:
        raise ValueError(f"an effect lasts at least 1 turn, got {turns}")
    return (source, "end", turns)


def until_next_turn(creature: int) -> Expiry:
    """"Until your next turn": ends when `creature`'s next turn starts."""
    return (creature, "start", 1)


def advance(expires: Mapping[str, Expiry], entity: int,
            event: str) -> tuple[dict[str, Expiry], tuple[str, ...]]:
    """One turn event ("start" or "end" of `entity`'s turn): returns the new expiry table
    and the names of the conditions that end now (the engine removes them)."""
    if event not in ("start", "end"):
        raise ValueError(f"event must be 'start' or 'end', got {event!r}")
    left: dict[str, Expiry] = {}
    ended = []
    for name, (who, when, turns) in expires.items():
        if who == entity and when == event:
            if turns <= 1:
                ended.append(name)
                continue
            turns -= 1
        left[name] = (who, when, turns)
    return left, tuple(ended)


def turn_start(expires: Mapping[str, Expiry], entity: int):
    return advance(expires, entity, "start")


def turn_end(expires: Mapping[str, Expiry], entity: int):
    return advance(expires, entity, "end")


def describe(conditions: Mapping[str, int]) -> list[str]:
    """Display names with values, e.g. ["Prone", "Bleed 2", "Weakened 3"]."""
    out = []
    for name, value in conditions.items():
        rule = ALL_RULES.get(name)
        if rule is None or not value:
            continue
        if rule.valued == "amount":
            out.append(f"{rule.title.removesuffix(' X')} {value}")
        elif rule.valued == "stage":
            out.append(f"Weakened {value}")
        else:
            out.append(rule.title)
    return out
