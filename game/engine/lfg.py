"""The default rule profile, `lfg`: the hex-native rules of docs/rules/01-21 (selective
initiative; 2 Big + 1 Little Action and a Reaction a turn; attacks of opportunity on leaving
threatened hexes; d20 against AC; criticals, bleeding and dying).

This module only assembles the profile from the modules that implement it; nothing here is a
rule (docs/architecture.md "Rule profiles").
"""
from __future__ import annotations

from game.data import load_units
from game.ecs.world import create_unit
from game.engine import commands as C
from game.engine import forecast, handlers, legality, turns
from game.engine import lfg_handlers  # noqa: F401  (completes the command and forecast tables)
from game.engine.profile import RuleProfile

LFG = RuleProfile(
    name="lfg",
    title="Hex-native rules",
    summary="Crunchy d20 tactics: 2 Big + 1 Little Action a turn, reactions, selective "
            "initiative, facing-free flanking, cover by lines, bleeding and dying.",
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
    create_unit=create_unit,
    action_ids=legality.ACTION_IDS,
    command_types=C.COMMAND_TYPES,
)

__all__ = ["LFG"]
