"""The catalogue of conditions: every condition a creature can have, its name and the default
rules' numbers for it (docs/rules/11-hit-points-and-conditions.md; docs/architecture.md "Layers").

Data, below the map loader and the stat blocks: the unit files' abilities and the maps'
creatures name conditions by the keys of `CONDITIONS`, and `game.rules.conditions` turns
these numbers into modifiers, durations and what a creature can do.

- `CONDITIONS`: the stored conditions (a creature's `Conditions.active` keys); `EFFECTS`: the
  states an action leaves until the creature's next turn; `SPECIAL`: those of the special
  attacks (a Knockout Strike, the optional Perfect Critical's broken bones); `STANCES`: Take
  Cover and Lean Out; `FLANKED`: derived, never stored; `ALL_RULES`: all of them by name.
- `WEAKENED_STAGES`: the five stages of Weakened.
"""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

R11 = "rules: Hit points and conditions"


@dataclass(frozen=True)
class ConditionRule:
    """The numbers of one condition (docs/rules/11-hit-points-and-conditions.md "Conditions"). 0 /
    True = no effect."""
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
    ref_save: int = 0             # on REF saves only
    speed_pct: int = 100          # speed cut to this share (75: Encumbered), rounded to 5 ft
    can_step: bool = True         # may take a 5-Foot Step
    melee_fortune_against: int = 0  # +1: melee attacks against it are Fortunate


def _rule(name, title, lfg, **kw) -> ConditionRule:
    return ConditionRule(name=name, title=title, lfg=lfg, **kw)


# The conditions of the first version (docs/rules/11-hit-points-and-conditions.md), with
# the default rules' numbers.
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
    _rule("ablaze", "Ablaze",
          "on fire: 1d6 fire damage when it catches and at the start of each of its turns, "
          "until the fire burns out or is put out (a full-round Stop, Drop and Roll, or deep "
          "water)"),
    _rule("agony", "Agony",
          "extreme pain (a worse Distressed): -2 on all d20 rolls, -2 AC, half speed; loses "
          "a Big Action to the pain at the start of each of its turns", d20=-2, ac=-2,
          half_speed=True),
    _rule("deaf", "Deaf", "cannot hear: -1 AC; fails Listen checks", ac=-1),
    _rule("distracted", "Distracted",
          "its attention is elsewhere: Unfortunate on Listen and Spot checks"),
    _rule("encumbered", "Encumbered",
          "a medium load: 75% speed, -1 attack rolls, -1 AC, -1 REF saves", attack=-1, ac=-1,
          ref_save=-1, speed_pct=75),
    _rule("heavily_encumbered", "Heavily Encumbered",
          "a heavy load: half speed, -2 attack rolls, -2 AC, -2 REF saves; open to precision "
          "damage", attack=-2, ac=-2, ref_save=-2, half_speed=True),
    _rule("hindered", "Hindered",
          "hard to move: half speed, no Run and no 5-Foot Step; -2 AC, -2 REF saves, -2 on "
          "physical actions (attack rolls)", attack=-2, ac=-2, ref_save=-2, half_speed=True,
          can_run=False, can_step=False),
    _rule("paralyzed", "Paralyzed",
          "cannot move its body: helpless; falls prone and drops what it holds",
          implies=("helpless", "prone"),
          can_act=False, can_react=False, big_actions=0, threatens=False),
    _rule("partially_blinded", "Partially Blinded",
          "impaired sight: everything has partial concealment (20% miss) relative to it"),
    _rule("terrified", "Terrified",
          "a worse Frightened: Unfortunate; melee attacks against it are Fortunate; cannot "
          "attack the source of its fear within 50 ft and flees from it",
          implies=("unfortunate",), melee_fortune_against=1),
    _rule("weakened", "Weakened 1-5",
          "stage N: -N on all d20 rolls, -N AC, -N x 10% physical damage; see "
          "WEAKENED_STAGES", valued="stage"),
    _rule("asleep", "Asleep",
          "helpless (fails REF saves); wakes when it takes any HP damage or when an adjacent "
          "creature spends a Big Action to wake it (Wake Up)", implies=("helpless",), can_act=False,
          can_react=False, big_actions=0, threatens=False),
)})

# Derived, never stored (docs/rules/08-flanking.md): game.rules.conditions' helpers take
# `flanked=True`.
FLANKED = _rule("flanked", "Flanked", "-2 AC (two threatening foes 120 degrees apart)",
                rule="rules: Flanking and ganging up", ac=-2)

# Action effects until the creature's next turn (docs/rules/03-movement.md,
# docs/rules/09-turns-and-actions.md).
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
    _rule("coup_de_grace", "Delivering a Coup de Grace",
          "a full-round action under way: the helpless target dies when its next turn starts, "
          "unless it is stopped first", rule="rules: Turns, actions and initiative"),
    _rule("protecting", "Protecting", "until its next turn: gives the adjacent ally it "
          "protects Good or Superior cover; Cramped", rule="rules: Reactions"),
    _rule("shield_bash", "Shield bashing", "until its next turn: its shield does not count "
          "against enemies other than the one it bashed",
          rule="rules: Wrestling, shoving and knockdown"),
    _rule("protected", "Protected", "while its protector stays adjacent: Good or Superior "
          "cover; -2 attack rolls", rule="rules: Reactions", attack=-2),
    _rule("waking", "Waking a sleeper",
          "a full-round action under way: the knocked-out creature it shakes wakes when its "
          "next turn starts, unless it is stopped first", rule="rules: Hit points and conditions"),
    _rule("feinted", "Feinted", "fooled by a Combat Feint: flat-footed against the next "
          "attack of the creature that feinted, until the end of that creature's next turn",
          rule="rules: Special attacks and archery"),
    _rule("insulted", "Insulted", "stung by an Insult: Unfortunate on all d20 rolls until "
          "the end of the insulter's next turn", rule="rules: Special attacks and archery",
          fortune=-1),
    _rule("smothering_flames", "Stop, Drop and Roll",
          "a full-round action under way: prone; its flames are out when its next turn starts"),
)})

# Conditions of the special attacks (rules: Special attacks and archery): a Knockout Strike's,
# and the broken bones of the optional Perfect Critical.
SPECIAL: Mapping[str, ConditionRule] = MappingProxyType({c.name: c for c in (
    _rule("ridden", "Ridden",
          "carries its rider: moves only with it and takes no action or reaction of its own",
          rule="rules: Movement", can_act=False, can_react=False),
    _rule("knocked_out", "Knocked out",
          "unconscious but stable (no bleeding) after a Knockout Strike; wakes in 1d10 "
          "minutes, after the battle, unless an adjacent ally spends a full-round action to "
          "wake it", rule="rules: Special attacks and archery", implies=("unconscious",),
          can_act=False, can_react=False, big_actions=0, threatens=False),
    _rule("broken_arm", "Broken arm",
          "a Perfect Critical: -1 AC; the arm holds nothing (the weapon in it falls)",
          rule="rules: Special attacks and archery", ac=-1),
    _rule("broken_leg", "Broken leg",
          "a Perfect Critical: falls prone; -2 attack rolls, -2 AC and REF saves, half speed, "
          "no Run and no 5-Foot Step", rule="rules: Special attacks and archery", attack=-2,
          ac=-2, ref_save=-2, half_speed=True, can_run=False),
    _rule("swallowed", "Swallowed",
          "inside the creature that swallowed it: grappled; 1d4 bludgeoning + 1d4 acid at the "
          "start of each of its turns; nothing outside can strike it; it can only Cut Free",
          rule="rules: Special abilities", implies=("grappled",), threatens=False),
    _rule("holding_in_mouth", "Prey in its mouth",
          "began its turn holding a creature 2+ sizes smaller: it may try to Swallow it",
          rule="rules: Special abilities"),
    _rule("cut_free", "Cutting free", "the damage it has cut from inside so far; at a tenth of "
          "the swallower's hit points it is spat out", rule="rules: Special abilities",
          valued="amount"),
    _rule("spat_out", "Spat out", "will not be swallowed by the same creature again",
          rule="rules: Special abilities"),
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


__all__ = ["ALL_RULES", "CONDITIONS", "EFFECTS", "FLANKED", "MAX_WEAKENED", "R11", "SPECIAL",
           "STANCES", "WEAKENED_STAGES", "ConditionRule", "WeakenedStage"]
