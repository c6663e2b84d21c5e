"""The `steller` rule profile assembled (docs/rules/steller/index.md): nothing here is a rule."""
from __future__ import annotations

from game.data.steller import load_steller_units
from game.engine.profile import RuleProfile
from game.engine.steller import legality, turns
from game.engine.steller.body import steller_components
from game.engine.steller.commands import COMMAND_TYPES
from game.engine.steller.forecast import forecast
from game.engine.steller.handlers import handle
from game.rulebooks import SUMMARIES, TITLES

STELLER = RuleProfile(
    name="steller",
    title=TITLES["steller"],
    summary=SUMMARIES["steller"],
    docs="docs/rules/steller/index.md",
    handle=handle,
    refusal=legality.refusal,
    actions=legality.actions,
    action=legality.action_option,
    can_start=legality.can_start,
    options=legality.options,
    forecast=forecast,
    start_battle=turns.start_battle,
    load_units=load_steller_units,
    unit_components=steller_components,
    action_ids=legality.ACTION_IDS,
    command_types=COMMAND_TYPES,
    join_order=turns.join_order,
)

__all__ = ["STELLER"]
