"""What the window (`game.ui.app.App`) asks of the screen it shows, in the style of an
event-handler loop: the App holds one screen object, hands it every event and frame, and
swaps it for the screen its answer names (docs/architecture.md "The window")."""
from __future__ import annotations


class Shown:
    """A screen the App can show; the defaults are those of a screen with nothing to do."""

    name = ""                 # App.mode while it is shown
    transient = True          # closed when another screen is shown (a battle is kept)
    pauses = False            # its last frame stays, dimmed, under the menu and the help
    back_from: frozenset = frozenset()   # the screens opened over it whose Back returns here
    settings_shown = False    # it shows the settings: shown again when one changes
    over_battle = False       # a dialog over the paused battle: what opens from it keeps
                              # the battle's frame behind it

    @property
    def drawn_as(self) -> str:
        """What `App.drawn` says after a frame of it."""
        return self.name

    def on_event(self, ev):
        """One pygame event: an action tuple for the App, or None."""
        return None

    def on_update(self, dt: float):
        """Time passes: an action tuple for the App, or None."""
        return None

    def due(self):
        """An action that is due before the next frame is drawn (a handoff, the result)."""
        return None

    def present(self, surface, force: bool) -> bool:
        """Draw a frame on `surface` unless nothing changed (`force`: draw anyway)."""
        return False

    def asks_to_save_on_close(self) -> bool:
        """Does closing the window offer to save first (rather than close at once)?"""
        return False


class Nothing(Shown):
    """No screen: between two screens, or after the last one closed."""

    name = "closed"
    transient = False


__all__ = ["Nothing", "Shown"]
