"""The Ability mode: an area aimed at the pointer, snapped to the engine's legal aims
(game.ui.ability_mode, game.ui.ability_aim)."""
from __future__ import annotations

from game.ui import ability_mode
from game.ui.modes.base import InputMode


class AimMode(InputMode):
    """The chosen ability's template follows the pointer; a click uses it; Tab: the next
    ability; Esc: back to moving."""

    name = "ability"

    def start(self, ctl, again: bool) -> None:
        actor = ctl.actor()
        if actor in ctl.battle.eids:
            ctl.model.ability = ability_mode.first_usable(ctl.battle, actor)

    def on_hover(self, ctl, actor: str) -> bool:
        ability_mode.refresh(ctl, actor)
        return True

    def on_click(self, ctl, actor, cell, who, shift: bool):
        return ability_mode.click(ctl, actor.name)

    def on_tab(self, ctl, u) -> bool:
        ctl.model.ability = ability_mode.next_ability(ctl.battle, u.name, ctl.model.ability)
        ctl._refresh_hover()
        return True


__all__ = ["AimMode"]
