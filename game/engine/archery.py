"""Stray missiles and volleys (docs/rules/19-maneuvers-and-archery.md "Unintended targets",
"Volley shots and indirect fire"; the rulebook's "Accuracy by Volume").

- After a ranged attack that missed, the missile may strike an unintended target
  (`game.engine.combat.stray_missile`): the dice pick one when several fit, and a new attack
  roll at -4 decides. It never strays again.
- `Volley` (an attack action): a bow, a javelin or a spear launched in a high arc at a
  creature the attacker has no line of effect to but that is within range: -10 on the roll,
  a natural 20 adds 10 instead of hitting, no critical hit, an unseen target's 50% miss;
  a miss may strike any creature within 10 ft of the target. Provokes like a ranged attack.
- Who a stray missile may strike, with what chance, for a preview: `game.engine.forecast.
  stray_forecast`.

Decisions where the rulebook is silent: the maps have open sky (the 50 ft of clearance a bow
needs is always there); a volley names a creature, not an empty hex; slings and crossbows
cannot volley (the rulebook names bows, javelins, spears and grenade-like items).
"""
from __future__ import annotations

from dataclasses import replace

from game.engine import attacks, guards
from game.engine.state import Refused
from game.engine.combat import own_extras
from game.engine.commands import Volley
from game.engine.forecast import Forecast, attack_lines
from game.engine.registry import COMMANDS, FORECASTS
from game.rules.sections import cite
from game.rules.situation import attack_check, direct_line, preview_weapon

R19 = cite(19)


# ---- Volley --------------------------------------------------------------------------------

def can_volley_with(w) -> bool:
    """Bows (not crossbows), javelins and spears (rules: Volley shots and indirect fire)."""
    text = f"{w.id} {w.name}".lower()
    if w.is_projectile:
        return "bow" in text and "crossbow" not in text
    return w.can_throw and ("javelin" in text or "spear" in text)


def can_volley(b, u) -> None:
    attacks.attack_left(b, u)
    if not any(can_volley_with(w) for w in u.weapons):
        raise Refused("no_volley_weapon", f"{u.name} holds no bow, javelin or spear to "
                      "launch a volley")


def _volley_weapon(u, name):
    for w in u.weapons:
        if can_volley_with(w) and (name is None or name.strip().lower() in
                                   (w.id.lower(), w.name.lower())):
            return w
    raise Refused("no_volley_weapon", f"{u.name} holds no {name or 'bow, javelin or spear'} "
                  "it can launch a volley with")


def volley_mode(w) -> str:
    return "ranged" if w.is_projectile else "thrown"


@COMMANDS.handles(Volley)
def volley(b, cmd):
    """Volley: an indirect ranged attack on a creature out of line of effect but in range."""
    u = guards.actor_of_turn(b, cmd)
    can_volley(b, u)
    t = guards.enemy_target(b, u, cmd.target)
    w = _volley_weapon(u, cmd.weapon if isinstance(cmd.weapon, str) else None)
    view = b.view()
    if direct_line(view, u, t, w):
        raise Refused("has_line_of_effect", f"{u.name} can shoot {t.name} directly: a volley "
                      f"is for a target out of line of effect ({R19})")
    extras = replace(own_extras(b, u.name, t.name, w), mode=volley_mode(w), indirect=True)
    p = attack_check(view, u, t, w, extras)
    if not p.possible:
        raise Refused("cannot_attack", f"{u.name} cannot launch a volley at {t.name}: "
                      f"{p.reason}")
    provokers = guards.confirm_action(cmd, view, u, "a volley")

    def perform():
        extra = dict(mode=volley_mode(w), indirect=True)
        if not (yield from attacks.still_possible(b, u.name, t.name, w, extra)):
            return
        attacks.begin_attack(b, u, "Volley")
        yield from attacks.attack_action(b, u.name, t.name, w, provokers=provokers,
                                         extra=extra, kind="volley")
    return perform


@FORECASTS.handles(Volley)
def volley_forecast(b, cmd) -> Forecast:
    """A volley's odds (-10, natural 20 adds 10, no critical) and its stray missile."""
    view = b.view()
    u, t = view.unit(cmd.unit), view.unit(cmd.target)
    w = _volley_weapon(u, cmd.weapon if isinstance(cmd.weapon, str) else None)
    extras = replace(own_extras(b, u.name, t.name, w), mode=volley_mode(w), indirect=True)
    return attack_lines(b, preview_weapon(view, u, t, w, extras), extras)


__all__ = ["can_volley", "can_volley_with", "volley",
           "volley_forecast", "volley_mode"]
