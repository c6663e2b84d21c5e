"""The More actions mode (J, or an entry of the More menu): the engine's legal commands of
one action, aimed at their targets (game.ui.more_mode)."""
from __future__ import annotations

from game.ui import light_play, more_mode
from game.ui.modes.base import InputMode
from game.ui.presenters import MORE_ACTIONS, own_bar


class MoreMode(InputMode):
    """A click on a highlighted target (an ally, the actor itself, a hex) sends its chosen
    command; Tab: the target's next variant; J again: the next action."""

    name = "more"
    acts_on_allies = True
    acts_on_self = True

    def start(self, ctl, again: bool) -> None:
        more_mode.start(ctl, cycle=again)

    def hint(self, ctl) -> str:
        more = ctl.model.more
        if own_bar(ctl.battle):
            return light_play.hint(ctl.battle, more.action, more.power)
        if more.action is None:
            return "More actions: none can be taken now"
        label = next((lbl for a, lbl, _ in MORE_ACTIONS if a == more.action), more.action)
        return f"{label}: click a highlighted target (J: the next action)"

    def on_hover(self, ctl, actor: str) -> bool:
        more_mode.refresh(ctl, actor)
        return True

    def on_click(self, ctl, actor, cell, who, shift: bool):
        return more_mode.click(ctl, actor.name)

    def on_tab(self, ctl, u) -> bool:
        more_mode.cycle_variant(ctl)
        return True

    def on_confirm(self, ctl):
        if ctl.model.more.hovered is not None:
            return more_mode.click(ctl, ctl.actor())
        return None

    def after_send(self, ctl) -> None:
        more_mode.after_send(ctl)


__all__ = ["MoreMode"]
