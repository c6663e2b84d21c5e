"""The `light` rule profile assembled (docs/rules/light/index.md): nothing here is a rule."""
from __future__ import annotations

from game.data.light import load_light_units
from game.engine.light import legality, turns
from game.engine.light.body import light_components
from game.engine.light.commands import COMMAND_TYPES
from game.engine.light.forecast import forecast
from game.engine.light.handlers import handle
from game.engine.profile import RuleProfile
from game.rulebooks import SUMMARIES, TITLES

LIGHT = RuleProfile(
    name="light",
    title=TITLES["light"],
    summary=SUMMARIES["light"],
    docs="docs/rules/light/index.md",
    handle=handle,
    refusal=legality.refusal,
    actions=legality.actions,
    action=legality.action_option,
    can_start=legality.can_start,
    options=legality.options,
    forecast=forecast,
    start_battle=turns.start_battle,
    load_units=load_light_units,
    unit_components=light_components,
    action_ids=legality.ACTION_IDS,
    command_types=COMMAND_TYPES,
)

__all__ = ["LIGHT"]
