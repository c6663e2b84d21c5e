"""The input mode every battle mode starts from: what a click, the hover, Tab and Enter do
when the mode adds nothing of its own (no pygame; the controller calls it with itself)."""
from __future__ import annotations

from game.engine import commands as C
from game.ui import light_play
from game.ui.presenters import own_bar

#: the mode a battle rests in: Esc leads back to it, a new turn starts in it
DEFAULT_MODE = "move"


class InputMode:
    """One input mode of the battle's window. Every answer about what is legal comes from
    the engine through the controller (its legality query and forecast); a mode only
    chooses which command a gesture means."""

    name = ""
    resting = False          # the mode Esc returns to (nothing for Esc to cancel in it)
    power_attack = False     # an attack in this mode is a Power Attack
    acts_on_allies = False   # a click on an ally is this mode's, not a look at it
    acts_on_self = False     # a click on the acting creature is this mode's
    prepares = False         # the Interrupt button prepares (rather than opens the mode)

    def start(self, ctl, again: bool) -> None:
        """The mode was chosen (`again`: it already was)."""

    def hint(self, ctl) -> str:
        """The line the HUD shows when the mode is chosen."""
        return ""

    # ---- the pointer ------------------------------------------------------------------------
    def on_hover(self, ctl, actor: str) -> bool:
        """The pointer moved with the acting creature selected: True when the mode drew
        its own preview (else the move or attack preview follows)."""
        return False

    def path(self, ctl, u, h):
        """The `MovePreview` of the mode's movement to hex `h`, None when it has none."""
        return None

    def why_not(self, u, cell) -> str:
        """Why a click on `cell` moves nowhere."""
        return f"{cell[0]},{cell[1]} is out of {u.name}'s reach this turn"

    def attack_command(self, ctl, u, target: str):
        """The command a click on the enemy `target` sends (None: none can be made)."""
        return C.Attack(u.name, target=target, weapon=ctl.default_weapon(u, target))

    def preview_attack(self, ctl, u, target: str) -> None:
        """The hover over an enemy the engine lets `u` attack: the odds of the attack."""
        ctl.model.attack = ctl.attack_odds(u, target)

    def on_click(self, ctl, actor, cell, who: str | None, shift: bool):
        """A left click on `cell` (`who` stands there) by the acting creature `actor`
        (`shift`: Shift was held, which takes a preview's safe path)."""
        if ctl.pending_at(cell):
            return ctl.take_safe() if shift else ctl.confirm()
        if own_bar(ctl.battle):
            return light_play.click_free(ctl, actor.name, cell, who)
        if who is not None and who != actor.name:
            if not ctl.hostile(actor.name, who):
                return self.on_ally(ctl, actor, who)
            cmd = self.attack_command(ctl, actor, who)
            if cmd is None:
                ctl._say(f"no Charge path to {who}: a Run of 2+ hexes in a straight line "
                         "must end with it in reach (rules: Movement)")
                return None
            return ctl.send(cmd)
        return self.on_ground(ctl, actor, cell, shift)

    def on_ally(self, ctl, actor, ally: str):
        """A click on an ally: a look at it."""
        ctl.select(ally)
        return None

    def on_ground(self, ctl, actor, cell, shift: bool):
        """A click on a hex with no other creature: the mode's movement there."""
        return ctl.click_move(actor, cell, shift)

    # ---- keys -----------------------------------------------------------------------------
    def on_tab(self, ctl, u) -> bool:
        """Tab: True when the mode cycled a choice of its own (else: the next weapon)."""
        return False

    def on_confirm(self, ctl):
        """Enter with no command waiting for confirmation."""
        return None

    def after_send(self, ctl) -> None:
        """A command went through: the mode's own state follows the battle."""


__all__ = ["DEFAULT_MODE", "InputMode"]
