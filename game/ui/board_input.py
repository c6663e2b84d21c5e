"""The battle screen's pointer and keys as an input mode: a person playing (the pointer
previews, a click acts through the controller, the action bar's hotkeys) or the replay
viewer watching (the board shows the recorded command's preview; only the keys that look
change anything). `BattleScreen.input` holds one of them (docs/architecture.md "The
window")."""
from __future__ import annotations

import pygame

from game.ui.keys import BATTLE_KEYS, DEFENSE_KEYS, WATCH_BATTLE_KEYS, action_keys

#: the keys that answer a prompt put to a person: yes, no, and the active defenses
ANSWER_KEYS = {pygame.K_y: "yes", pygame.K_n: "no", **DEFENSE_KEYS}


def shift_held(ev) -> bool:
    mod = getattr(ev, "mod", None)
    if mod is None:
        mod = pygame.key.get_mods()
    return bool(mod & pygame.KMOD_SHIFT)


class PlayInput:
    """A person's battle: the pointer and the keys go to the controller."""

    def on_hover(self, screen, pos) -> None:
        cell = screen.cell_under(pos)
        who = screen.board.unit_under(screen.camera, pos, cell)
        if cell != screen.model.hover_cell or who != screen.model.pointed:
            screen.model.pointed = who
            screen.controller.hover_cell(cell)

    def on_zoom(self, screen, pos) -> None:
        screen.controller.hover_cell(screen.cell_under(pos))

    def on_click(self, screen, ev) -> None:
        cell = screen.cell_under(ev.pos)
        screen.model.pointed = screen.board.unit_under(screen.camera, ev.pos, cell)
        screen.controller.click_cell(cell, 1, shift=shift_held(ev))

    def on_cancel(self, screen) -> None:
        """A right click that did not drag the map."""
        screen.controller.cancel()

    def on_key(self, screen, ev):
        """A key (not a panning one): the prompt's answer, a hotkey of the action bar, or
        one of the battle's keys; returns the App's action, or None."""
        k, c = ev.key, screen.controller
        hotkeys = action_keys(screen.battle)        # the bar of the battle's rules
        prompt = c.prompt()
        if prompt is not None and prompt.on_key(c, ANSWER_KEYS.get(k)):
            return None
        if k == pygame.K_z and ev.mod & pygame.KMOD_CTRL or k in hotkeys:
            if k in hotkeys and (screen.hud is None or not screen.hud.hotkey(k)):
                c.do_action(hotkeys[k])
            elif k == pygame.K_z:
                return screen.battle_command("undo", ev)
        elif k in BATTLE_KEYS:
            return screen.battle_command(BATTLE_KEYS[k], ev)
        return None


class WatchInput(PlayInput):
    """The replay viewer's battle: the pointer changes nothing, the keys only look."""

    def on_hover(self, screen, pos) -> None:
        """The viewer shows the recorded command's preview, not the pointer's."""

    def on_zoom(self, screen, pos) -> None:
        pass

    def on_click(self, screen, ev) -> None:
        pass

    def on_cancel(self, screen) -> None:
        pass

    def on_key(self, screen, ev):
        what = BATTLE_KEYS.get(ev.key)
        return screen.battle_command(what, ev) if what in WATCH_BATTLE_KEYS else None


__all__ = ["ANSWER_KEYS", "PlayInput", "WatchInput", "shift_held"]
