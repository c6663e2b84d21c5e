"""A ruleset: what a turn holds, what each action costs, and the modifier tables of attacks.

The engine's handlers and turn flow read the action economy from `battle.ruleset.economy`;
the attack code reads its tables from `AttackSituation.rules.modifiers` (the battle view
carries the battle's ruleset to the rules functions that build situations). A ruleset drawn from
another rulebook (the 4e-style or light ones among the sources) is a new `Ruleset` value, not a
change to each handler. `HEX_NATIVE` is the default: the hex-native rulebook's numbers, as the
players' rules reference gives them (docs/rules: "Turns, actions and initiative", "Attack rolls
and damage", "Cover", "Concealment", "Flanking and ganging up").
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping


@dataclass(frozen=True)
class ActionCost:
    """What an action spends: Big and Little Actions (a Big one may pay for a Little one)."""
    big: int = 0
    little: int = 0

    def describe(self) -> str:
        parts = []
        if self.big:
            parts.append(f"{self.big} Big Action{'s' if self.big > 1 else ''}")
        if self.little:
            parts.append(f"{self.little} Little Action{'s' if self.little > 1 else ''}")
        return " + ".join(parts) or "no action"


def _costs(**costs: tuple[int, int]) -> Mapping[str, ActionCost]:
    return MappingProxyType({name: ActionCost(*c) for name, c in costs.items()})


@dataclass(frozen=True)
class Economy:
    """What a turn holds and what each action (by the engine's action id) costs."""
    big_per_turn: int = 2
    little_per_turn: int = 1
    minion_actions: int = 3       # a leader's minions share these each turn (docs/rules/15)
    costs: Mapping[str, ActionCost] = field(default_factory=lambda: _costs(
        move=(1, 0), run=(1, 0), charge=(2, 0), step=(0, 1), attack=(1, 0),
        power_attack=(1, 0), aim=(1, 0), fight_defensively=(1, 0), stand_up=(1, 0),
        drop_prone=(0, 1), retreat=(2, 0), coup_de_grace=(2, 0), prepare_interrupt=(2, 0),
        leave_map=(0, 0), end_turn=(0, 0), first_aid=(1, 0), grab=(1, 0), trip=(1, 0),
        shove=(1, 0), pin=(1, 0), escape=(1, 0), shield_bash=(1, 0), crushing_advance=(1, 0),
        direct_minions=(0, 1), demoralize=(1, 0), dirty_trick=(1, 0), combat_feint=(1, 0),
        insult=(1, 0), wake_up=(1, 0)))

    def cost(self, action: str) -> ActionCost:
        return self.costs[action]


@dataclass(frozen=True)
class Modifiers:
    """The numbers the attack code adds up."""
    cover_bonus: Mapping[str, int] = field(default_factory=lambda: MappingProxyType(
        {"none": 0, "partial": 2, "good": 4, "superior": 6}))
    # after a hit, a d10: partial concealment misses on 1-2, total on 1-5
    concealment_miss_on: Mapping[str, int] = field(default_factory=lambda: MappingProxyType(
        {"none": 0, "partial": 2, "total": 5}))
    max_increments: Mapping[str, int] = field(default_factory=lambda: MappingProxyType(
        {"ranged": 10, "thrown": 5}))
    high_ground_damage_steps: int = 2     # ranged at a target 10 ft (2 steps) lower or more
    range_penalty_per_increment: int = 2
    consecutive_attack_penalty: int = 2
    alternating_weapons_penalty: int = 1
    gang_up_max: int = 5


# The optional critical-hit rules a battle may choose (docs/rules/19-maneuvers-and-archery.md):
# "standard", "killer" (Killer Criticals), "perfect" (Perfect Critical) or "both".
CRITICAL_RULES = ("standard", "killer", "perfect", "both")


@dataclass(frozen=True)
class Ruleset:
    name: str
    economy: Economy = field(default_factory=Economy)
    modifiers: Modifiers = field(default_factory=Modifiers)
    criticals: str = "standard"           # one of CRITICAL_RULES

    @property
    def killer_criticals(self) -> bool:
        return self.criticals in ("killer", "both")

    @property
    def perfect_critical(self) -> bool:
        return self.criticals in ("perfect", "both")


HEX_NATIVE = Ruleset("hex-native")
DEFAULT = HEX_NATIVE

__all__ = ["ActionCost", "CRITICAL_RULES", "DEFAULT", "Economy", "HEX_NATIVE", "Modifiers", "Ruleset"]
