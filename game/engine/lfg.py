"""The default rule profile, `lfg`: the hex-native rules of docs/rules/01-21 (selective
initiative; 2 Big + 1 Little Action and a Reaction a turn; attacks of opportunity on leaving
threatened hexes; d20 against AC; criticals, bleeding and dying).

This module only assembles the profile from the modules that implement it; nothing here is a
rule (docs/architecture.md "Rule profiles").
"""
from __future__ import annotations

from game.data import load_units
from game.ecs.world import unit_components
from game.engine import commands as C
from game.engine import forecast, handlers, legality, turns
from game.engine import lfg_handlers  # noqa: F401  (completes the command and forecast tables)
from game.engine.profile import RuleProfile
from game.rulebooks import SUMMARIES, TITLES

HEX_NATIVE_RULES = RuleProfile(
    name="lfg",
    title=TITLES["lfg"],
    summary=SUMMARIES["lfg"],
    docs="docs/rules/index.md",
    handle=handlers.handle,
    refusal=legality.refusal,
    actions=legality.actions,
    action=legality.action_option,
    can_start=legality.can_start,
    options=legality.options,
    forecast=forecast.forecast,
    start_battle=turns.start_battle,
    load_units=load_units,
    unit_components=unit_components,
    action_ids=legality.ACTION_IDS,
    command_types=C.COMMAND_TYPES,
)

__all__ = ["HEX_NATIVE_RULES"]
