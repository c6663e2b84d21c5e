"""Powers of the steller rules (docs/rules/steller/powers.md), basic attacks among them, and
the charge.

A power names its usage (at-will; encounter and daily: once a battle), its action, its kind
(melee N, ranged N, close burst N, close blast N, area burst N within M), the defense it
targets and what a hit and a miss do. A close or area attack rolls against each creature it
catches (enemies, unless the power says creatures) with one damage roll for all. A ranged
power may reach beyond its range out to its long range (-2 to the attack). A ranged or area
attack made within an enemy's reach provokes. A healing power has an ally in range spend a
healing surge; a power granting temporary hit points gives them to the ally it names, or to
each ally in its burst, with no attack.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.engine.state import Refused
from game.engine.steller import guards as G
from game.engine.steller import immediate, zones
from game.engine.steller.shapes import SHAPES
from game.engine.steller.body import pool_of, sheet_of
from game.engine.steller.health import gain_temp, spend_surge
from game.engine.steller.moving import check_move, provokers, walk
from game.engine.steller.readied import readied_actions
from game.engine.steller.strikes import (
    can_strike_back, opportunity_attacks, roll_damage, spend_power, strike, threatening,
)
from game.ecs.steller_components import StellerTurn
from game.hexgrid import footprint
from game.rules import areas
from game.rules.sight import line_of_effect
from game.rules.threat import footprint_distance

CHARGE_MIN = 2           # hexes a charge moves at least


@dataclass(frozen=True)
class Aimed:
    """Who a power reaches: the creatures it rolls against (or heals), its hexes, its origin."""
    targets: tuple[str, ...]
    hexes: frozenset = frozenset()
    origin: object = None


def power_of(b, u, power_id):
    power = sheet_of(b, u.name).power(power_id) if isinstance(power_id, str) else None
    if power is None:
        names = ", ".join(p.id for p in sheet_of(b, u.name).powers)
        raise Refused("no_such_power", f"{u.name} has no power {power_id!r} (powers: {names})")
    return power


def check_usable(b, u, power, grenade: bool = False) -> str:
    """The action slot `power` spends now, or Refused (`grenade`: thrown by Throw Grenade,
    the only way a grenade is used; a dominated creature uses only its at-will powers)."""
    if power.immediate:
        raise Refused("immediate_power", f"{power.name} is an immediate action: not on "
                      f"{u.name}'s own turn (its trigger offers it)")
    if "dominated" in u.conditions and power.usage != "at-will":
        raise Refused("dominated", f"{u.name} is dominated: it can be made to use only "
                      f"at-will powers, not {power.name} ({power.usage})")
    if power.grenade != grenade:
        raise Refused("grenade" if power.grenade else "not_a_grenade",
                      f"{power.name} is {'' if power.grenade else 'not '}a grenade: "
                      f"{'throw it (Throw Grenade)' if power.grenade else 'use it as a power'}")
    if immediate.used_up(b, u.name, power):
        times = "once" if power.times == 1 else f"{power.times} times"
        raise Refused("power_spent", f"{u.name} has used {power.name} ({power.usage}: "
                      f"{times} a battle)")
    return G.can_act(b, u, power.action, power.name)


def single(b, u, power, target) -> Aimed:
    t = G.creature(b, u, target, enemy=not power.boon)
    if power.heal and sheet_of(b, t.name).minion:
        raise Refused("no_surges", f"{t.name} is a minion: it has no healing surges")
    if power.heal and pool_of(b, t.name).surges <= 0:
        raise Refused("no_surges", f"{t.name} has no healing surge left")
    if footprint_distance(u, t) > power.farthest:
        raise Refused("out_of_range", f"{t.name} is beyond {power.name}'s "
                      f"{'reach' if power.shape == 'melee' else 'range'} "
                      f"({power.farthest} hexes)")
    if t.eid != u.eid and not line_of_effect(b.view(), u, t):
        raise Refused("no_line_of_effect", f"{u.name} has no line of effect to {t.name}")
    return Aimed((t.name,), frozenset(t.hexes), u.anchor)


def area_hexes(b, u, power, cmd):
    """(the area's hexes, its origin hex)."""
    if power.shape in SHAPES:
        return SHAPES[power.shape](b, u, power, cmd)
    if power.shape == "close_burst":
        return areas.close_burst(u.hexes, power.size), u.anchor
    origin = G.cell(b, cmd.at, "the area's hex (at)")
    if power.shape == "close_blast":
        if origin not in u.hexes or not isinstance(cmd.aim, int) or isinstance(
                cmd.aim, bool) or not 0 <= cmd.aim < areas.AIMS:
            raise Refused("bad_aim", f"a blast starts on one of {u.name}'s hexes (at) and "
                          f"names its aim 0-{areas.AIMS - 1}")
        return areas.cone(origin, cmd.aim, power.size), origin
    if footprint_distance(u, (origin,)) > power.range:
        raise Refused("out_of_range", f"the burst's centre is beyond {power.name}'s range "
                      f"({power.range} hexes)")
    if not areas.effect_from(b.view(), u.anchor, areas.Spot((origin,), name="hex")) and \
            origin not in u.hexes:
        raise Refused("no_line_of_effect", f"{u.name} has no line of effect to that hex")
    return areas.burst(origin, power.size), origin


def in_area(b, u, power, cmd) -> Aimed:
    hexes, origin = area_hexes(b, u, power, cmd)
    spare = u.team if power.targets == "enemies" else None
    caught = tuple(t.name for t in areas.creatures_caught(b.view(), origin, hexes, spare)
                   if t.eid != u.eid and (power.targets != "allies" or t.team == u.team))
    if not caught and power.shape != "wall":
        raise Refused("nobody_caught", f"{power.name} there would catch no creature")
    return Aimed(caught, frozenset(hexes), origin)


def aimed(b, u, power, cmd) -> Aimed:
    return in_area(b, u, power, cmd) if power.area else single(b, u, power, cmd.target)


def attack_provokers(b, u, power) -> list[str]:
    """A ranged or area attack within an enemy's reach gives it an opportunity attack."""
    if not power.provokes:
        return []
    return [n for n in threatening(b, u.name, u.hexes) if can_strike_back(b, n, u.name)]


def use_power(b, cmd, grenade: bool = False):
    """Use Power (and Throw Grenade, `grenade`): one attack roll against each creature it
    catches, after the opportunity attacks it provokes and the interrupts it sets off."""
    u = G.actor(b, cmd)
    power = power_of(b, u, cmd.power)
    slot = check_usable(b, u, power, grenade)
    target = aimed(b, u, power, cmd)
    found = attack_provokers(b, u, power)
    G.confirm(cmd, found, f"a {power.shape.replace('_', ' ')} attack next to "
              f"{', '.join(found)} provokes: confirm, or shift away first")

    def perform():
        G.spend(b, u.name, slot)
        spend_power(b, u.name, power)
        if power.boon:
            boon(b, u.name, power, target.targets)
            return
        if not (yield from opportunity_attacks(b, u.name, found)):
            return
        zones.make_zone(b, u.name, power, target.hexes)
        rolled = roll_damage(b, power) if power.area else None
        origin = target.origin if power.shape == "area_burst" else None
        yield from immediate.attacks(b, u.name, power, target.targets, lambda name: strike(
            b, u.name, name, power, rolled=rolled, caught=target.targets, origin=origin))
        yield from readied_actions(b, u.name, "attacks")
    return perform


def boon(b, user: str, power, names) -> None:
    """A power that makes no attack: a healing surge spent, or temporary hit points."""
    if power.heal:
        spend_surge(b, names[0], user, power.name)
        return
    for name in names:
        gain_temp(b, name, power.temp_hp, user, power.name)


def charge(b, cmd):
    """Move at least 2 hexes, each step closer to the target, ending within reach; then a
    melee basic attack at +1. No further action this turn."""
    u = G.actor(b, cmd)
    slot = G.can_act(b, u, "standard", "charge")
    t = G.creature(b, u, cmd.target)
    basic = sheet_of(b, u.name).basic("melee")
    states, cost = check_move(b, u, cmd.path, "charge", cmd.facings)
    if len(states) < CHARGE_MIN:
        raise Refused("too_short", f"a charge moves at least {CHARGE_MIN} hexes")
    last = footprint_distance(u, t)
    for anchor, facing in states:
        now = footprint_distance(tuple(footprint(u.size, anchor, facing)), t)
        if now >= last:
            raise Refused("not_straight", f"each hex of a charge brings {u.name} closer to "
                          f"{t.name}")
        last = now
    if last > basic.range:
        raise Refused("out_of_reach", f"the charge ends out of {u.name}'s reach of {t.name}")
    found = provokers(b, u, states)
    G.confirm(cmd, found, f"the charge leaves a hex next to {', '.join(found)}: confirm")

    def perform():
        G.spend(b, u.name, slot)
        b.update(u.name, StellerTurn, charged=True)
        if not (yield from walk(b, u.name, states, cost, "charge")):
            return
        if not b.health(t.name).dead:
            yield from immediate.attacks(b, u.name, basic, (t.name,), lambda name: strike(
                b, u.name, name, basic, kind="charge", charge=True))
        yield from readied_actions(b, u.name, "attacks")
    return perform


def throw_grenade(b, cmd):
    """Throw Grenade: a grenade of the stat block, an area burst within its range."""
    return use_power(b, cmd, grenade=True)


__all__ = ["Aimed", "CHARGE_MIN", "aimed", "attack_provokers", "boon", "charge", "check_usable",
           "power_of", "throw_grenade", "use_power"]
