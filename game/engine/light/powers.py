"""Powers of the light rules (docs/rules/light/powers.md): "X Action • # MP • #x Daily".

A power is a major or a move action of its user (an Interruption power is its Opportunity
Attack: game.engine.light.strikes). It costs its MP and one of its uses. An attack power
rolls d20 + proficiency + its hit bonus against twice the defense it names, and on a hit
deals its damage + POW (melee) or SNS (otherwise) - Armor and adds its conditions; a heal
power restores its HP to the user or an ally in range. An area attack rolls against every
creature in the area but the user (allies too); an area heal restores the user's allies in it.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.engine import events as E
from game.engine.light import guards as G
from game.engine.light.body import pool_of, sheet_of
from game.engine.light.strikes import (
    add_effects, attack_plan, power_strike, spend_power, strike,
)
from game.engine.state import Refused
from game.ecs.components import Health
from game.rules import areas
from game.rules.sight import line_of_effect
from game.rules.threat import footprint_distance


@dataclass(frozen=True)
class Aimed:
    """Who a power reaches: the creatures it rolls against (or heals), and its hexes."""
    targets: tuple[str, ...]
    hexes: frozenset = frozenset()


def power_of(b, u, power_id):
    power = next((p for p in sheet_of(b, u.name).powers if p.id == power_id), None)
    if power is None:
        names = ", ".join(p.id for p in sheet_of(b, u.name).powers) or "none"
        raise Refused("no_such_power", f"{u.name} has no power {power_id!r} (powers: {names})")
    return power


def check_usable(b, u, power) -> None:
    if power.action == "interruption":
        raise Refused("interruption_power", f"{power.name} is an Interruption: {u.name} uses "
                      "it as its Opportunity Attack, outside its turn")
    (G.major_action if power.action == "major" else G.move_action)(b, u, power.name)
    pool = pool_of(b, u.name)
    if power.mp > pool.mp:
        raise Refused("no_mp", f"{power.name} costs {power.mp} MP; {u.name} has {pool.mp}")
    if pool.uses.get(power.id, 1) <= 0:
        raise Refused("no_uses", f"{u.name} has used {power.name} as often as it may")


def single(b, u, power, target) -> Aimed:
    if power.heal:
        if not isinstance(target, str) or target not in b.eids or \
                b.teams_of[target] != u.team or b.health(target).dead:
            raise Refused("no_target", f"{power.name} heals {u.name} or an ally on the board")
        t = b.unit(target)
    else:
        t = G.enemy(b, u, target)
        plan = attack_plan(b, u.name, t.name, power_strike(power), "power")
        if not plan.possible:
            raise Refused("cannot_attack", f"{u.name} cannot attack {t.name}: {plan.reason}")
    if footprint_distance(u, t) > power.range:
        raise Refused("out_of_range", f"{t.name} is beyond {power.name}'s range "
                      f"({power.range} hexes)")
    if t.eid != u.eid and not line_of_effect(b.view(), u, t):
        raise Refused("no_line_of_effect", f"{u.name} has no line of effect to {t.name}")
    return Aimed((t.name,), frozenset(t.hexes))


def area_hexes(b, u, power, cmd) -> frozenset:
    shape, size = power.area.shape, power.area.size
    if shape == "close_burst":
        return areas.close_burst(u.hexes, size)
    origin = G.cell(b, cmd.at, "the area's hex (at)")
    if shape == "burst":
        if footprint_distance(u, (origin,)) > power.range:
            raise Refused("out_of_range", f"the burst's centre is beyond {power.name}'s "
                          f"range ({power.range} hexes)")
        return areas.burst(origin, size)
    if shape == "cone":
        if origin not in u.hexes or not isinstance(cmd.aim, int) or not 0 <= cmd.aim < areas.AIMS:
            raise Refused("bad_aim", f"a cone starts on one of {u.name}'s hexes (at) and "
                          f"names its aim 0-{areas.AIMS - 1}")
        return areas.cone(origin, cmd.aim, size)
    raise Refused("bad_area", f"{power.name}'s area ({shape}) cannot be aimed yet")


def reaches(b, u, power, t) -> bool:
    """Does an area power take in creature `t`: a heal the user's allies only, an attack not
    one it cannot attack (an Airborne one, unless the power reaches the air)?"""
    if power.heal:
        return t.team == u.team
    return attack_plan(b, u.name, t.name, power_strike(power), "power").possible


def in_area(b, u, power, cmd) -> Aimed:
    hexes = area_hexes(b, u, power, cmd)
    origin = u.anchor if cmd.at is None else b.hexmap.hex_at(*cmd.at)
    view = b.view()
    reached = areas.reached(view, origin, hexes)
    caught = tuple(t.name for t in view.living() if t.eid != u.eid and
                   not reached.isdisjoint(t.hexes) and reaches(b, u, power, t))
    if not caught:
        raise Refused("nobody_caught", f"{power.name} there would catch no creature")
    return Aimed(caught, hexes)


def aimed(b, u, power, cmd) -> Aimed:
    return single(b, u, power, cmd.target) if power.area is None else in_area(b, u, power, cmd)


def use_power(b, cmd):
    u = G.actor(b, cmd)
    power = power_of(b, u, cmd.power)
    check_usable(b, u, power)
    target = aimed(b, u, power, cmd)

    def perform():
        (G.spend_major if power.action == "major" else G.spend_move)(b, u.name)
        spend_power(b, u.name, power)
        for name in target.targets:
            if power.heal:
                heal(b, name, power.heal, power.name, u.name)
            elif not b.health(name).dead:
                hit, _ = strike(b, u.name, name, power_strike(power), "power")
                if hit:
                    add_effects(b, name, power.effects)
    return perform


def heal(b, name: str, amount: int, source: str, by: str) -> None:
    health = b.health(name)
    hp = min(health.max_hp, health.hp + amount)
    b.update(name, Health, hp=hp)
    b.emit(E.Healed(name, hp - health.hp, hp, by, source, f"+{amount} {source}"))


__all__ = ["Aimed", "aimed", "check_usable", "heal", "power_of", "use_power"]
