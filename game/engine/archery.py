"""Stray missiles and volleys (docs/rules/19-maneuvers-and-archery.md "Unintended targets",
"Volley shots and indirect fire"; the rulebook's "Accuracy by Volume").

- After a ranged attack that missed, the missile may strike an unintended target
  (`game.engine.combat.stray_missile`): the dice pick one when several fit, and a new attack
  roll at -4 decides. It never strays again.
- `Volley` (an attack action): a bow, a javelin or a spear launched in a high arc at a hex
  within range, seen or not: the creature in it is the target (-10 on the roll, a natural 20
  adds 10 instead of hitting, no critical hit, an unseen target's 50% miss; a miss may strike
  any creature within 10 ft of the target). Aimed at a hex with nobody in it, the missile
  falls there and may strike the creature closest to it within 10 ft, as a stray missile
  does. Provokes like a ranged attack.
- Who a stray missile may strike, with what chance, for a preview: `game.engine.forecast.
  stray_forecast`.

Decisions where the rulebook is silent: the maps have open sky (the 50 ft of clearance a bow
needs is always there); a volley at a creature in plain sight is allowed (it is only worse
than a plain shot); slings and crossbows cannot volley (the rulebook names bows, javelins, spears and grenade-like items).
"""
from __future__ import annotations

from dataclasses import replace

from game.engine import attacks, guards, interrupts
from game.engine import events as E
from game.engine.state import Refused
from game.engine.combat import opportunity_attacks, own_extras, stopped, strike
from game.engine.inventory import spend_on_hex
from game.engine.commands import Volley
from game.engine.forecast import Forecast, attack_lines
from game.engine.registry import COMMANDS, FORECASTS
from game.rules.attack import range_penalty
from game.rules.sections import cite
from game.rules.sight import creature_distance
from game.rules.situation import Extras, attack_check, preview_weapon
from game.rules.volume import near_hex

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


def aimed_hex(b, cmd):
    """The hex a volley names with `at` (None when it names a creature), and the creature
    standing in it ("" when nobody does)."""
    if cmd.at is None:
        return None, ""
    h = guards.cell(b, cmd.at, "the hex a volley aims at")
    there = [u.name for u in b.view().units if h in u.hexes and not u.dead]
    if cmd.target and cmd.target not in there:
        raise Refused("bad_command", f"a volley names a creature or a hex: {cmd.target} is not "
                      f"at {cmd.at[0]},{cmd.at[1]}")
    return h, (there[0] if there else "")


def _hex_in_range(u, w, h, cell) -> None:
    """The hex lies within the weapon's range, and the weapon has a shot left."""
    problem = range_penalty(w, 5 * creature_distance(u, (h,)), volley_mode(w))[1]
    if u.ammo.get(w.id) == 0:
        problem = f"{u.name} has no ammunition left for {w.name}"
    if problem:
        raise Refused("cannot_attack", f"{u.name} cannot launch a volley at {cell[0]},{cell[1]}:"
                      f" {problem}")


@COMMANDS.handles(Volley)
def volley(b, cmd):
    """Volley: an indirect ranged attack at a creature or a hex within range."""
    u = guards.actor_of_turn(b, cmd)
    can_volley(b, u)
    w = _volley_weapon(u, cmd.weapon if isinstance(cmd.weapon, str) else None)
    h, there = aimed_hex(b, cmd)
    if h is not None and not there:
        return _volley_at_hex(b, cmd, u, w, h)
    t = guards.enemy_target(b, u, there or cmd.target)
    view = b.view()
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


def _volley_at_hex(b, cmd, u, w, h):
    """A volley at a hex with nobody in it: the missile falls there and may strike the
    creature closest to it within 10 ft (a stray missile's roll)."""
    _hex_in_range(u, w, h, cmd.at)
    provokers = guards.confirm_action(cmd, b.view(), u, "a volley")

    def perform():
        if (yield from interrupts.moment(b, u.name, ("attacks",))) and \
                stopped(b, u.name, by_prone=False):
            return
        attacks.begin_attack(b, u, "Volley")
        if provokers:
            here = b.cell(b.unit(u.name).anchor)
            yield from opportunity_attacks(b, u.name, here, provokers, "ranged attack",
                                           stop_if_prone=False)
        if stopped(b, u.name, by_prone=False):
            return
        b.emit(E.VolleyLanded(u.name, w.name, b.cell(h)))
        spend_on_hex(b, u.name, w, volley_mode(w), h)
        names = near_hex(b.view(), u.name, h)
        if names:
            name = names[b.dice.d(len(names)) - 1] if len(names) > 1 else names[0]
            strike(b, u.name, name, w, Extras(mode=volley_mode(w), stray=True, indirect=True),
                   "stray")
        b.note_turn(aim=False, ran=0)
    return perform


@FORECASTS.handles(Volley)
def volley_forecast(b, cmd) -> Forecast:
    """A volley's odds (-10, natural 20 adds 10, no critical) and its stray missile; at an
    empty hex, who the falling missile may strike and the chance of it."""
    view = b.view()
    u = view.unit(cmd.unit)
    w = _volley_weapon(u, cmd.weapon if isinstance(cmd.weapon, str) else None)
    h, there = aimed_hex(b, cmd)
    if h is None or there:
        t = view.unit(there or cmd.target)
        extras = replace(own_extras(b, u.name, t.name, w), mode=volley_mode(w), indirect=True)
        return attack_lines(b, preview_weapon(view, u, t, w, extras), extras)
    names = near_hex(view, u.name, h)
    stray = Extras(mode=volley_mode(w), stray=True, indirect=True)
    odds = [(n, preview_weapon(view, u, view.unit(n), w, stray).hit_chance / len(names))
            for n in names]
    lines = tuple(f"the missile falls at {cmd.at[0]},{cmd.at[1]}: it strikes {n} "
                  f"{p * 100:.0f}% ({R19})" for n, p in odds) or (
        f"the missile falls at {cmd.at[0]},{cmd.at[1]}: nobody within 10 ft ({R19})",)
    return Forecast(sum(p for _, p in odds), lines, caught=tuple(names))


__all__ = ["aimed_hex", "can_volley", "can_volley_with", "volley",
           "volley_forecast", "volley_mode"]
