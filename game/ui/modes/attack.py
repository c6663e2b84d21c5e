"""The attack modes: Attack, Power Attack, Charge and Ignore an Enemy (a click on an enemy is
the mode's command), and the ally modes Protect and Trade Spaces (a click on an ally is)
(docs/rules/10-attacks-and-damage.md, 03-movement.md, 16-reactions.md)."""
from __future__ import annotations

from game.engine import commands as C
from game.ui.modes.base import InputMode
from game.ui.modes.move import walk_path


class AttackMode(InputMode):
    """A click on an enemy attacks it with the chosen (or the best) weapon; the hover over
    a hex still shows where a Move would go."""

    name = "attack"
    ground_hint = "click an enemy to attack it"

    def path(self, ctl, u, h):
        return walk_path(ctl, u, h)

    def on_ground(self, ctl, actor, cell, shift: bool):
        ctl._say(self.ground_hint)
        return None


class PowerMode(AttackMode):
    """A Power Attack with the melee weapon (its extras counted in the preview)."""

    name = "power"
    power_attack = True

    def attack_command(self, ctl, u, target: str):
        return C.PowerAttack(u.name, target=target, weapon=ctl.melee_weapon(u))


class ChargeMode(AttackMode):
    """A Charge: the run the engine finds to the enemy, then the attack from its end."""

    name = "charge"
    ground_hint = "click an enemy to charge it"

    def path(self, ctl, u, h):
        return None

    def attack_command(self, ctl, u, target: str):
        p = ctl.charge_preview(u, target)
        if p is None:
            return None
        return C.Charge(u.name, to=p.end, target=target, weapon=ctl.melee_weapon(u))

    def preview_attack(self, ctl, u, target: str) -> None:
        m = ctl.model
        m.preview = ctl.charge_preview(u, target)
        m.attack = ctl.charge_attack_preview(u, target, m.preview)


class IgnoreMode(AttackMode):
    """Ignore an Enemy: the enemies clicked are ignored until the next turn."""

    name = "ignore"
    ground_hint = "click an enemy to ignore it"

    def hint(self, ctl) -> str:
        return ("Ignore an enemy: click the enemies to ignore until your next turn (one "
                "Little Action for all)")

    def path(self, ctl, u, h):
        return None

    def attack_command(self, ctl, u, target: str):
        return C.IgnoreEnemy(u.name, target=target)


class AllyMode(InputMode):
    """Protect or Trade Spaces: a click on an ally sends the mode's command with it."""

    acts_on_allies = True
    _COMMANDS = {"protect": C.Protect, "trade": C.TradeSpaces}

    def __init__(self, name: str):
        self.name = name
        self._command = self._COMMANDS[name]

    def on_ally(self, ctl, actor, ally: str):
        return ctl.send(self._command(actor.name, ally=ally))


__all__ = ["AllyMode", "AttackMode", "ChargeMode", "IgnoreMode", "PowerMode"]
