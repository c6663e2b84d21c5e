"""The action bar (bottom): a button per action of the battle's rule profile, named by the
engine's action id (presenters.bar_table), its hotkey on it; whether each is enabled, and why
not (its tooltip), is the engine's legality query (presenters.action_states)."""
from __future__ import annotations

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.ui import presenters as P
from game.ui.keys import action_keys
from game.ui.panels.base import Panel
from game.ui.panels.layout import action_rows
from game.ui.panels.text import disabled_action_html, esc, set_fitting


def bar_rows(battle) -> tuple:
    """The rows of the battle's bar (the default rules' before a battle is loaded)."""
    return P.bar_table(battle).actions if battle is not None else P.ACTIONS


def _sync(button: UIButton, s: P.ActionState) -> None:
    """The button shows the state: its tooltip, enabled or not, selected or not."""
    tip = f"<b>{esc(s.label)}</b> [{esc(s.hotkey)}]<br>{esc(s.description)}"
    button.set_tooltip(tip if s.enabled else disabled_action_html(s))
    if s.enabled != button.is_enabled:
        button.enable() if s.enabled else button.disable()
    if s.selected != button.is_selected:
        button.select() if s.selected else button.unselect()


class ActionBar(Panel):
    key = "actions"

    def __init__(self, hud):
        super().__init__(hud)
        self.buttons: dict[str, UIButton] = {}
        self.states: list[P.ActionState] = []

    def build(self) -> None:
        """Two or three rows (`action_rows`); End Turn takes the slot or slots left at the
        end of the last."""
        bar = self.make_panel()
        bw, bh = self.rect.width, self.rect.height
        gap, pad = 6, 6
        table = bar_rows(self.battle)
        rows = action_rows(bw, len(table))
        btn_h = (bh - 4 - (rows + 1) * gap) // rows
        per_row = -(-len(table) // rows)          # End Turn takes what the last row leaves
        slot_w = (bw - 2 * pad - 4 - (per_row - 1) * gap) // per_row
        last = table[-1][0]
        self.buttons = {}
        for n, (action, label, short, key, _text) in enumerate(table):
            row, col = divmod(n, per_row)
            x, y = pad + col * (slot_w + gap), gap + row * (btn_h + gap)
            width = slot_w if action != last else bw - 4 - pad - x
            text = f"{key} · {label if slot_w >= 170 or action == last else short}"
            button = self.add(UIButton(
                pygame.Rect(x, y, width, btn_h), text, manager=self.manager, container=bar,
                tool_tip_text=f"<b>{esc(label)}</b> [{key}]",
                object_id=ObjectID(class_id="@action", object_id=f"#action_{action}")))
            set_fitting(button, text, f"{key} · {short}", f"{key}·{short}",
                        f"{key}·{short.split()[0]}")
            self.buttons[action] = button

    def kill(self) -> None:
        super().kill()
        self.buttons = {}

    def refresh(self, b) -> None:
        more, human = self.m("more"), self.hud.human()
        sig = (b.version, len(b.events), b.awaiting(), b.active, self.m("mode"),
               self.m("weapon"), human, P.acting(b, self.model),    # (a directed minion)
               getattr(more, "action", None))      # (the light bar's chosen action)
        if not self.changed("states", sig):
            return
        self.states = P.action_states(b, self.model, human)
        for s in self.states:
            if s.action in self.buttons:
                _sync(self.buttons[s.action], s)

    def state_of(self, action: str) -> P.ActionState | None:
        return next((s for s in self.states if s.action == action), None)

    def press(self, action: str) -> bool:
        """Press a button by its action id (also what hotkeys do): False when disabled."""
        state = self.state_of(action)
        if state is not None and not state.enabled:
            self.hud.say(f"{state.label}: {state.reason}")
            self.hud.refresh()
            return False
        self.hud.outcome(self.controller.do_action(action))
        self.hud.refresh()
        return True

    def hotkey(self, key: int) -> bool:
        """A key of the bar of the battle's rules: its button pressed (True: the bar's key)."""
        hotkeys = action_keys(self.battle)
        if key in hotkeys:
            return self.press(hotkeys[key]) or True
        return False

    def handle(self, element) -> bool:
        action = next((a for a, button in self.buttons.items() if element is button), None)
        if action is None:
            return False
        self.press(action)
        return True


__all__ = ["ActionBar", "bar_rows"]
