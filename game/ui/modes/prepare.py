"""Prepare to Interrupt: the trigger (U) and the Big Action kept for it (K), chosen among
the engine's options, then prepared (docs/rules/16-reactions.md)."""
from __future__ import annotations

from game.ui.modes.base import InputMode
from game.ui.presenters import TRIGGER_TEXT


class PrepareMode(InputMode):
    """The Interrupt button or Enter prepares what the hint line says."""

    name = "interrupt"
    prepares = True

    def hint(self, ctl) -> str:
        m = ctl.model
        return (f"Prepare to Interrupt: when {TRIGGER_TEXT.get(m.trigger, m.trigger)} (U), "
                f"{m.prepared.replace('_', ' ')} (K). I or Enter prepares it")

    def on_confirm(self, ctl):
        return ctl.do_action("prepare_interrupt")


__all__ = ["PrepareMode"]
