"""Conditions as data, and durations (docs/rules/11-hit-points-and-conditions.md "Conditions"
and "How long effects last").

A creature's conditions are a mapping `name -> value` (the `Conditions.active` component):
the value is the stage of Weakened (1-5), the X of Bleed X, and 1 for the others. Keys are the
lower-case names of `CONDITIONS` and `EFFECTS` below. Every number comes from the default
rules' list of conditions (summed up in `ConditionRule.lfg`);
docs/rules/11-hit-points-and-conditions.md lists which conditions the game has. Flanked is derived
(docs/rules/08-flanking.md) and never stored: callers pass `flanked=True`.

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

from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

R11 = "rules: Hit points and conditions"

Modifier = tuple[int, str, str]        # (value, label, rule): becomes an attack.Term


@dataclass(frozen=True)
class ConditionRule:
    """The numbers of one condition in the default rules. 0 / True = no effect."""
    name: str
    title: str
    lfg: str                      # what the default rules say, in short
    rule: str = R11
    d20: int = 0                  # on all d20 rolls (attacks, saves, initiative, checks)
    attack: int = 0               # on attack rolls only
    ranged_attack: int = 0        # on ranged attack rolls only
    ac: int = 0                   # to AC against every attack
    ac_vs_melee: int = 0          # to AC against melee (and ranged within 5 ft when prone)
    dodge_ac: int = 0             # Dodge bonus to AC (lost when flat-footed or helpless)
    fortune: int = 0              # +1 Fortunate / -1 Unfortunate on all d20 rolls
    attack_fortune: int = 0       # ... on attack rolls only
    flat_footed: bool = False     # AC -2 or no DEX (the worse), no dodge, no shield
    helpless: bool = False        # DEX mod -5 against attacks, no dodge, no shield
    implies: tuple[str, ...] = ()
    can_act: bool = True
    can_react: bool = True
    big_actions: int | None = None  # Big Actions per turn when limited
    half_speed: bool = False
    speed_delta_ft: int = 0
    can_run: bool = True
    threatens: bool = True
    valued: str = ""              # "stage" (Weakened), "amount" (Bleed X), "" plain


def _rule(name, title, lfg, **kw) -> ConditionRule:
    return ConditionRule(name=name, title=title, lfg=lfg, **kw)


# docs/rules/11-hit-points-and-conditions.md: the conditions of the first version, with the
# numbers of the default rules.
CONDITIONS: Mapping[str, ConditionRule] = MappingProxyType({c.name: c for c in (
    _rule("prone", "Prone",
          "-4 attack rolls (not crossbows); -4 AC vs melee and ranged within 5 ft; partial "
          "cover (+2 AC) vs ranged from 15+ ft; does not threaten",
          attack=-4, ac_vs_melee=-4, threatens=False),
    _rule("flat_footed", "Flat-Footed",
          "-2 AC or lose DEX mod to AC, whichever is worse; lose Dodge bonuses and shield; "
          "no reactions", flat_footed=True, can_react=False),
    _rule("stunned", "Stunned",
          "no actions, no reactions; flat-footed; -2 on all d20 rolls",
          d20=-2, implies=("flat_footed",), can_act=False, can_react=False, big_actions=0,
          threatens=False),
    _rule("staggered", "Staggered",
          "only 1 Big Action per turn; no reactions; -2 on all d20 rolls; -2 AC",
          d20=-2, ac=-2, can_react=False, big_actions=1),
    _rule("blinded", "Blinded",
          "flat-footed; half speed; does not threaten; everything has total concealment "
          "(50% miss) relative to it", implies=("flat_footed",), half_speed=True,
          threatens=False),
    _rule("invisible", "Invisible",
          "attacks against it have total concealment (50% miss); its opponents are "
          "flat-footed against it"),
    _rule("injured", "Injured",
          "HP <= 25% of max: -2 AC, -2 on all d20 rolls, speed -5 ft (not below 5 ft)",
          d20=-2, ac=-2, speed_delta_ft=-5),
    _rule("unconscious", "Unconscious",
          "helpless, falls prone, drops held objects, cannot act",
          implies=("helpless", "prone"), can_act=False, can_react=False, big_actions=0,
          threatens=False),
    _rule("dying", "Dying",
          "at 0 HP or less and bleeding: unconscious; a DC 20 FORT save once per round "
          "reduces the bleeding by 1", implies=("unconscious",), can_act=False,
          can_react=False, big_actions=0, threatens=False),
    _rule("bleed", "Bleed X",
          "loses X HP (biological) at the start of each of its turns; Bleed stacks; X is at "
          "most the creature's level", valued="amount"),
    _rule("helpless", "Helpless",
          "effective DEX 0 (-5 DEX mod) against attacks; loses Dodge bonuses and shield; no "
          "reactions; fails REF saves", helpless=True, can_act=False, can_react=False,
          big_actions=0, threatens=False),
    _rule("fortunate", "Fortunate",
          "all d20 rolls: roll 2d20, keep the better; cancels Unfortunate", fortune=1),
    _rule("unfortunate", "Unfortunate",
          "all d20 rolls: roll 2d20, keep the worse; cancels Fortunate", fortune=-1),
    _rule("frightened", "Frightened", "a fear effect: Unfortunate", implies=("unfortunate",)),
    _rule("cramped", "Cramped",
          "half speed, -2 AC, -2 attack rolls, -2 REF saves, -2 physical skills",
          attack=-2, ac=-2, half_speed=True),
    _rule("grappled", "Grappled",
          "in a wrestling match: cannot leave its hex without winning an opposed check "
          "(Escape); flat-footed against creatures not in the grapple; does not threaten; "
          "cannot be flanked", rule="rules: Wrestling, shoving and knockdown",
          threatens=False),
    _rule("pinned", "Pinned",
          "held nearly motionless (a worse Grappled): Unfortunate on its checks to escape; "
          "helpless against creatures not in the grapple; does not threaten; cannot be "
          "flanked", rule="rules: Wrestling, shoving and knockdown", implies=("grappled",),
          threatens=False),
    _rule("confounded", "Confounded",
          "mental faculties seriously hampered: Unfortunate (all d20 rolls)",
          rule="rules: Wrestling, shoving and knockdown", fortune=-1),
    _rule("weakened", "Weakened 1-5",
          "stage N: -N on all d20 rolls, -N AC, -N x 10% physical damage; see "
          "WEAKENED_STAGES", valued="stage"),
)})

# Derived, never stored (docs/rules/08-flanking.md): pass `flanked=True` to the helpers.
FLANKED = _rule("flanked", "Flanked", "-2 AC (two threatening foes 120 degrees apart)",
                rule="rules: Flanking and ganging up", ac=-2)

# Action effects until the creature's next turn (docs/rules/03-movement.md,
# 09-turns-and-actions.md).
EFFECTS: Mapping[str, ConditionRule] = MappingProxyType({c.name: c for c in (
    _rule("running", "Running", "until its next turn: -2 AC vs melee, -2 ranged attack rolls",
          rule="rules: Movement", ac_vs_melee=-2, ranged_attack=-2),
    _rule("fighting_defensively", "Fighting defensively",
          "until its next turn: -4 attack rolls, +2 Dodge AC", rule="rules: Turns, actions and initiative", attack=-4,
          dodge_ac=2),
    _rule("off_balance", "Off-balance (Power Attack)", "until its next turn: -2 AC",
          rule="rules: Turns, actions and initiative", ac=-2),
    _rule("retreating", "Retreating", "until its next turn: Unfortunate on attack rolls",
          rule="rules: Movement", attack_fortune=-1),
    _rule("full_round", "In a full-round action",
          "until its next turn: no other action and no reaction (attacks of opportunity "
          "included)", rule="rules: Turns, actions and initiative", can_react=False),
    _rule("protecting", "Protecting", "until its next turn: gives the adjacent ally it "
          "protects Good or Superior cover; Cramped", rule="rules: Reactions"),
    _rule("shield_bash", "Shield bashing", "until its next turn: its shield does not count "
          "against enemies other than the one it bashed",
          rule="rules: Wrestling, shoving and knockdown"),
    _rule("protected", "Protected", "while its protector stays adjacent: Good or Superior "
          "cover; -2 attack rolls", rule="rules: Reactions", attack=-2),
)})

# Conditions of the special attacks (rules: Special attacks and archery): a Knockout Strike's,
# and the broken bones of the optional Perfect Critical.
SPECIAL: Mapping[str, ConditionRule] = MappingProxyType({c.name: c for c in (
    _rule("knocked_out", "Knocked out",
          "unconscious but stable (no bleeding) after a Knockout Strike; wakes in 1d10 "
          "minutes, after the battle, unless an adjacent ally spends a full-round action to "
          "wake it", rule="rules: Special attacks and archery", implies=("unconscious",),
          can_act=False, can_react=False, big_actions=0, threatens=False),
    _rule("broken_arm", "Broken arm",
          "a Perfect Critical: -1 AC; the arm holds nothing (the weapon in it falls)",
          rule="rules: Special attacks and archery", ac=-1),
    _rule("broken_leg", "Broken leg",
          "a Perfect Critical: falls prone; -2 attack rolls, -2 AC, half speed, no Run and no "
          "5-Foot Step", rule="rules: Special attacks and archery", attack=-2, ac=-2,
          half_speed=True, can_run=False),
    _rule("distressed", "Distressed",
          "in pain (broken ribs): -2 on all d20 rolls, -2 AC, half speed",
          rule="rules: Special attacks and archery", d20=-2, ac=-2, half_speed=True),

)})

# States that last until the creature changes them or moves (rules: Special attacks and
# archery, Lean Out / Take Cover): the value is 1 + the direction of the wall.
STANCES: Mapping[str, ConditionRule] = MappingProxyType({c.name: c for c in (
    _rule("taking_cover", "Taking cover",
          "behind the adjacent wall: Total cover from beyond it, and cannot attack past it",
          rule="rules: Special attacks and archery"),
    _rule("leaning_out", "Leaning out",
          "from behind the adjacent wall: Good cover from beyond it while it attacks",
          rule="rules: Special attacks and archery"),
)})

ALL_RULES: Mapping[str, ConditionRule] = MappingProxyType(
    {**CONDITIONS, **SPECIAL, **EFFECTS, **STANCES, FLANKED.name: FLANKED})


@dataclass(frozen=True)
class WeakenedStage:
    """One stage of Weakened (docs/rules/11-hit-points-and-conditions.md "Weakened stages")."""
    stage: int
    d20: int
    ac: int
    physical_damage_pct: int      # damage the weakened creature deals, -N x 10%
    half_speed: bool = False
    can_run: bool = True
    can_react: bool = True
    swift_actions: bool = True
    big_actions: int | None = None
    lfg: str = ""


WEAKENED_STAGES: Mapping[int, WeakenedStage] = MappingProxyType({s.stage: s for s in (
    WeakenedStage(1, -1, -1, -10, lfg="-1 all d20 rolls, -1 AC, -10% physical damage"),
    WeakenedStage(2, -2, -2, -20, lfg="-2 all d20 rolls, -2 AC, -20% physical damage; speed "
                  "-5 ft (-10 ft if 50 ft or more)"),
    WeakenedStage(3, -3, -3, -30, half_speed=True,
                  lfg="-3 all d20 rolls, -3 AC, -30% physical damage; half speed"),
    WeakenedStage(4, -4, -4, -40, half_speed=True, can_run=False, can_react=False,
                  swift_actions=False,
                  lfg="-4 all d20 rolls, -4 AC, -40% physical damage; half speed, no run, "
                      "no reactions, no swift actions"),
    WeakenedStage(5, -5, -5, -50, half_speed=True, can_run=False, can_react=False,
                  swift_actions=False, big_actions=1,
                  lfg="-5 all d20 rolls, -5 AC, -50% physical damage; only 1 Big Action; "
                      "half speed, no run, no reactions, no swift actions; a further stage "
                      "deals 1d6 biological damage instead"),
)})
MAX_WEAKENED = 5


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


def threatens(conditions: Mapping[str, int]) -> bool:
    """docs/rules/02-size-and-reach.md: no threat while prone, blinded, helpless, unconscious or
    stunned."""
    _, rules = _rules(conditions)
    return all(r.threatens for r in rules)


def speed_ft(base_ft: int, conditions: Mapping[str, int]) -> int:
    """Speed after conditions: halved once (Blinded, Cramped, Weakened 3+; rounded down to
    5 ft), then the flat cuts (Injured -5 ft; Weakened 2: -5 ft, -10 ft from 50 ft up); never
    below 5 ft when the base speed is 5 ft or more (Injured:
    docs/rules/11-hit-points-and-conditions.md "Hit points")."""
    eff, rules = _rules(conditions)
    stage = weakened_stage(eff)
    speed = base_ft
    if any(r.half_speed for r in rules) or (stage and stage.half_speed):
        speed = speed // 2 // 5 * 5
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
            out.append(f"Bleed {value}")
        elif rule.valued == "stage":
            out.append(f"Weakened {value}")
        else:
            out.append(rule.title)
    return out
