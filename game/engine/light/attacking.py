"""The attack actions of the light rules (docs/rules/light/actions.md "Major actions"):
Light, Heavy, Volley, Dash and Scope Attacks and Throw Weapon. Each is a major action and
one attack (a second attack in a turn is a chain); Light and Heavy Attacks are melee, Dash
and Scope ranged, Volley either, Throw throws a weapon of its hand 2 hexes at -5."""
from __future__ import annotations

from dataclasses import replace

from game.ecs.components import Weapons
from game.engine.light import guards as G
from game.engine.light.body import melee_reach, sheet_of, turn_of, weapons_in_hand
from game.engine.light.moving import check_move, move_hexes, walk
from game.engine.light.strikes import (
    attack_plan, can_strike_back, in_range, opportunity_attacks, strike, weapon_strike,
)
from game.engine.state import Refused
from game.rules.light.attacks import THROW_RANGE
from game.rules.sight import line_of_effect
from game.rules.threat import footprint_distance

#: style -> (weapon kinds it may use, what it is called)
STYLES = {"light": (("melee",), "Light Attack"), "heavy": (("melee",), "Heavy Attack"),
          "volley": (("melee", "ranged", "gun", "psychic"), "Volley Attack"),
          "dash": (("ranged", "gun", "psychic"), "Dash Attack"),
          "scope": (("ranged", "gun", "psychic"), "Scope Attack"),
          "throw": (("melee",), "Throw Weapon")}
DASH_FOLLOW_UP = 2       # hexes: ending this close to the target makes another attack


def reach_of(weapon, style: str) -> int:
    if style == "throw":
        return THROW_RANGE
    return weapon.reach if weapon.kind == "melee" else weapon.range


def style_strike(weapon, style: str):
    """The Strike of `weapon` in an attack of `style`: a thrown weapon makes a ranged attack
    (against twice Senses, damage + SNS), whatever kind of weapon it is."""
    strike_ = weapon_strike(weapon)
    return replace(strike_, kind="ranged") if style == "throw" else strike_


def usable(weapon, style: str) -> bool:
    kinds, _ = STYLES[style]
    return weapon.kind in kinds and (style != "throw" or weapon.throwable)


def choose_weapon(b, u, t, style: str, weapon_id):
    """The named weapon in hand, or the one in hand that expects the most damage."""
    held = [w for w in weapons_in_hand(b, u.name) if usable(w, style)]
    if weapon_id is not None:
        named = [w for w in held if w.id == weapon_id]
        if not named:
            raise Refused("no_such_weapon", f"{u.name} holds no weapon {weapon_id!r} for a "
                          f"{STYLES[style][1]}")
        return named[0]
    if not held:
        raise Refused("no_weapon", f"{u.name} holds no weapon for a {STYLES[style][1]} "
                      f"({' or '.join(STYLES[style][0])})")
    ranked = sorted(held, key=lambda w: (in_range(b, u.name, t.name, reach_of(w, style)),
                                         attack_plan(b, u.name, t.name, style_strike(w, style),
                                                     style).expected_damage()), reverse=True)
    return ranked[0]


def check_attack(b, cmd, style: str):
    """The attacker, target and weapon of a legal attack action of `style`."""
    u = G.actor(b, cmd)
    G.major_action(b, u, STYLES[style][1])
    t = G.enemy(b, u, cmd.target)
    weapon = choose_weapon(b, u, t, style, cmd.weapon)
    if not in_range(b, u.name, t.name, reach_of(weapon, style)):
        raise Refused("out_of_range", f"{t.name} is out of {weapon.name}'s "
                      f"{'reach' if weapon.kind == 'melee' and style != 'throw' else 'range'}"
                      f" ({footprint_distance(u, t)} hexes; {reach_of(weapon, style)})")
    if not line_of_effect(b.view(), u, t):
        raise Refused("no_line_of_effect", f"{u.name} has no line of effect to {t.name}: "
                      "a wall stands between them")
    plan = attack_plan(b, u.name, t.name, style_strike(weapon, style), style)
    if not plan.possible:
        raise Refused("cannot_attack", f"{u.name} cannot attack {t.name}: {plan.reason}")
    return u, t, weapon


def kind_of(b, name: str, style: str) -> str:
    return "chain" if turn_of(b, name).attacks else style


def styled_attack(style: str):
    """The handler of Light, Heavy and Volley Attack."""
    def handler(b, cmd):
        u, t, weapon = check_attack(b, cmd, style)

        def perform():
            G.spend_major(b, u.name)
            hit, natural = strike(b, u.name, t.name, weapon_strike(weapon), style)
            up = not b.health(t.name).dead
            if style == "light" and natural in (18, 19, 20) and up:
                strike(b, u.name, t.name, weapon_strike(weapon), "basic", kind="chain")
            if style == "heavy" and hit and natural in (19, 20) and up:
                b.set_condition(t.name, "stunned", 1)
        return perform
    return handler


def dash_attack(b, cmd):
    u, t, weapon = check_attack(b, cmd, "dash")
    if cmd.path:
        G.not_grounded(u, "dash")
    states, cost = check_move(b, u, cmd.path, move_hexes(sheet_of(b, u.name), "dash"),
                              "Dash", cmd.facings) if cmd.path else ([], 0)

    def perform():
        G.spend_major(b, u.name)
        strike(b, u.name, t.name, weapon_strike(weapon), "dash")
        if states and not (yield from walk(b, u.name, states, cost, "dash", False)):
            return
        if not b.health(t.name).dead and footprint_distance(
                b.unit(u.name), b.unit(t.name)) <= DASH_FOLLOW_UP:
            strike(b, u.name, t.name, weapon_strike(weapon), "basic", kind="chain")
    return perform


def scope_attack(b, cmd):
    u, t, weapon = check_attack(b, cmd, "scope")
    found = scope_provokers(b, u)
    G.confirm(cmd, found, f"a Scope Attack within the attack range of {', '.join(found)} "
              "gives them Opportunity Attacks: confirm, or step away first")

    def perform():
        G.spend_major(b, u.name)
        if not (yield from opportunity_attacks(b, u.name, found)):
            return
        if not b.health(t.name).dead:
            strike(b, u.name, t.name, weapon_strike(weapon), kind_of(b, u.name, "scope"))
    return perform


def scope_provokers(b, u) -> list[str]:
    return [e.name for e in b.view().enemies_of(u)
            if 0 < melee_reach(b, e.name) >= footprint_distance(u, e)
            and can_strike_back(b, e.name, u.name)]


def throw_weapon(b, cmd):
    u, t, weapon = check_attack(b, cmd, "throw")

    def perform():
        G.spend_major(b, u.name)
        carried = b.component(u.name, Weapons)
        b.update(u.name, Weapons, ground=carried.ground + ((weapon.id, t.anchor),))
        strike(b, u.name, t.name, style_strike(weapon, "throw"), "throw",
               kind_of(b, u.name, "throw"))
    return perform


__all__ = ["DASH_FOLLOW_UP", "STYLES", "check_attack", "dash_attack", "reach_of",
           "scope_attack", "scope_provokers", "style_strike", "styled_attack", "throw_weapon",
           "usable"]
