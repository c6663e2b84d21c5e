"""The battle's input modes as objects, in the style of an event-handler loop: each mode
answers the pointer (`on_hover`, `on_click`), its keys (`on_tab`, `on_confirm`), and says
its hint line; `GameController` asks the mode named by `UIModel.mode` and never compares
mode names itself (docs/architecture.md "The window").

The name stays in the model because the HUD lights the button of the mode it names and the
board reads it for its reach tiers; `mode_named` turns it into the mode object. Prompts (a
person's creature may react, a side chooses who acts next) are not modes a player picks:
`prompt_for` finds the one the battle waits on.
"""
from __future__ import annotations

from game.ui.modes.aim import AimMode
from game.ui.modes.attack import AllyMode, AttackMode, ChargeMode, IgnoreMode, PowerMode
from game.ui.modes.base import DEFAULT_MODE, InputMode
from game.ui.modes.more import MoreMode
from game.ui.modes.move import MoveMode
from game.ui.modes.prepare import PrepareMode
from game.ui.modes.prompt import ChoicePrompt, ReactionPrompt, prompt_for

_MODES: dict[str, InputMode] = {m.name: m for m in (
    MoveMode("move"), MoveMode("step"), MoveMode("run"), MoveMode("retreat"),
    AttackMode(), PowerMode(), ChargeMode(), IgnoreMode(),
    AllyMode("protect"), AllyMode("trade"), AimMode(), MoreMode(), PrepareMode())}


def mode_named(name: str) -> InputMode:
    """The mode object of a `UIModel.mode` name (ValueError for an unknown one)."""
    try:
        return _MODES[name]
    except KeyError:
        raise ValueError(f"unknown mode {name!r} (use one of {', '.join(_MODES)})") from None


__all__ = ["AimMode", "AllyMode", "AttackMode", "ChargeMode", "ChoicePrompt", "DEFAULT_MODE",
           "IgnoreMode", "InputMode", "MoreMode", "MoveMode", "PowerMode", "PrepareMode",
           "ReactionPrompt", "mode_named", "prompt_for"]
