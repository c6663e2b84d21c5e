"""Grab, Trip, Shove, Pin and Escape: the commands' checks and what performs them (rules:
Wrestling, shoving and knockdown). The mechanics they share (the touch attack, the opposed
check, the shove) are in `game.engine.wrestling`; `can_*` are the guards the legality query
and the handlers both use.
"""
from __future__ import annotations

from game.ecs.components import ActionBudget
from game.engine import commands as C
from game.engine import grapples
from game.engine import wrestling as WR
from game.engine import attacks, guards, spending
from game.engine.rake import rake
from game.engine.registry import COMMANDS
from game.engine.state import Refused
from game.engine.combat import opportunity_attacks, own_extras, stopped
from game.engine.defense import defended_strike
from game.rules import wrestling as W
from game.hexgrid import DIRECTIONS, Hex
from game.rules.situation import find_weapon, preview_weapon
from game.rules.threat import footprint_distance

KIND = {C.Grab: "grab", C.Trip: "trip", C.Shove: "shove"}


# ---- guards --------------------------------------------------------------------------------

def _opening(b, u, maneuver: str) -> None:
    """A maneuver opens with a Big Action, or with an attack of a weapon that has its trait."""
    guards.not_in_full_round(u, WR.MANEUVER_TITLE[maneuver])
    if W.trait_weapons(u, maneuver):
        try:
            attacks.attack_left(b, u)
            return
        except Refused:
            pass
    guards.big_action(b, u, guards.big_cost(b, maneuver), WR.MANEUVER_TITLE[maneuver])


def can_grab(b, u) -> None:
    _opening(b, u, "grab")


def can_trip(b, u) -> None:
    _opening(b, u, "trip")


def can_shove(b, u) -> None:
    _opening(b, u, "shove")


def can_pin(b, u) -> None:
    guards.big_action(b, u, guards.big_cost(b, "pin"), "Pin")
    if not u.grappling:
        raise Refused("not_grappling", f"{u.name} grapples nobody: Grab first")


def can_escape(b, u) -> None:
    guards.big_action(b, u, guards.big_cost(b, "escape"), "Escape")
    if not u.grappling:
        raise Refused("not_grappled", f"{u.name} is not in a grapple")
    if u.has("swallowed") or not u.has("grappled"):     # Swallow Whole: no wrestling out
        raise Refused("swallowed", f"{u.name} cannot wrestle free of a belly: Cut Free")


# ---- checking one command -------------------------------------------------------------------

def _trait_weapon(b, u, t, maneuver: str, name):
    """The named weapon with the maneuver's trait, in reach of `t`, its slot free."""
    w = find_weapon(u, name)
    if w is None or maneuver not in w.properties:
        raise Refused("no_trait", f"{u.name} has no weapon {name!r} with the {maneuver} trait")
    attacks.attack_left(b, u)
    p = preview_weapon(b.view(), u, t, w, own_extras(b, u.name, t.name, w))
    if not p.possible or p.mode != "melee":
        raise Refused("out_of_reach", f"{u.name} cannot strike {t.name} with {w.name}: "
                      f"{p.reason or 'not in melee reach'}")
    return w


def _touchable(b, u, t) -> None:
    plan = W.touch_plan(b.view(), u, t, WR.touch_extras(b, u.name, t.name))
    if plan is None or not plan.possible:
        why = plan.reason if plan is not None else "no touch attack possible"
        raise Refused("out_of_reach", f"{u.name} cannot touch {t.name}: {why}")


def check_maneuver(b, cmd, maneuver: str):
    """The checks every grab, trip and shove passes: (actor, target, weapon or None,
    provokers)."""
    u = guards.actor_of_turn(b, cmd)
    _opening(b, u, maneuver)
    t = guards.enemy_target(b, u, cmd.target)
    why = W.size_refusal(maneuver, u, t)
    if why:
        raise Refused("too_large", why)
    if maneuver == "grab" and t.name in u.grappling:
        raise Refused("already_grappling", f"{u.name} already grapples {t.name}")
    if maneuver == "trip" and t.has("prone"):
        raise Refused("already_prone", f"{t.name} is already prone")
    if cmd.weapon is not None:
        return u, t, _trait_weapon(b, u, t, maneuver, cmd.weapon), []
    guards.big_action(b, u, guards.big_cost(b, maneuver), WR.MANEUVER_TITLE[maneuver])
    _touchable(b, u, t)
    provokers = []
    if W.provokes(u, maneuver):
        provokers = guards.confirm_action(cmd, b.view(), u, f"a {maneuver} without training")
    return u, t, None, provokers


def _direction(b, cmd, u, t):
    if not isinstance(cmd, C.Shove):
        return None
    if cmd.to is not None:
        guards.cell(b, cmd.to, "the hex to shove into")
    d = WR.shove_direction(b, t, u.hexes, cmd.to)
    if d is None and cmd.to is not None:
        raise Refused("bad_direction", f"{cmd.to[0]},{cmd.to[1]} is not a hex next to {t.name} "
                      f"that takes it away from {u.name}")
    return d


# ---- performing ----------------------------------------------------------------------------

def _weapon_opening(b, name: str, target: str, weapon, maneuver: str):
    """The weapon's attack that opens the maneuver (a generator): True on a hit."""
    if not (yield from attacks.still_possible(b, name, target, weapon)):
        return False
    attacks.begin_attack(b, b.unit(name), f"{WR.MANEUVER_TITLE[maneuver]} ({weapon.name})")
    roll = yield from defended_strike(b, name, target, weapon,
                                      own_extras(b, name, target, weapon), "attack")
    if roll is not None:
        b.update(name, ActionBudget, attacks=b.budget(name).attacks + 1)
        b.note_turn(last_weapon=weapon.id)
    b.note_turn(aim=False, ran=0)
    return roll is not None and roll.hit


def _touch_opening(b, name: str, target: str, maneuver: str, provokers):
    """Spend the Big Action, take the provoked attacks, roll the touch attack."""
    spending.spend(b, name, WR.MANEUVER_TITLE[maneuver], big=guards.big_cost(b, maneuver))
    spending.non_attack_action(b)
    if provokers:
        yield from opportunity_attacks(b, name, b.cell(b.unit(name).anchor), provokers,
                                       "wrestling", stop_if_prone=False)
        if stopped(b, name, by_prone=False):
            return False
    if target not in b.eids or b.unit(target).dead:
        return False
    roll = yield from WR.touch(b, name, target)
    return roll is not None and roll.hit


@COMMANDS.handles(C.Grab, C.Trip, C.Shove)
def maneuver(b, cmd):
    """Grab, Trip or Shove (see the module docstring of game.engine.wrestling)."""
    kind = KIND[type(cmd)]
    u, t, weapon, provokers = check_maneuver(b, cmd, kind)
    direction = _direction(b, cmd, u, t)
    extra = WR.charge_bonus(b, u.name) if kind == "trip" else ()

    def perform():
        if weapon is not None:
            hit = yield from _weapon_opening(b, u.name, t.name, weapon, kind)
        else:
            hit = yield from _touch_opening(b, u.name, t.name, kind, provokers)
        if not hit or stopped(b, u.name, by_prone=False) or t.name not in b.eids \
                or b.unit(t.name).dead:
            return
        margin = WR.contest(b, u.name, t.name, kind, extra)
        if margin > 0:
            WR.succeed(b, u.name, t.name, kind, margin, direction)
    return perform


@COMMANDS.handles(C.Pin)
def pin(b, cmd):
    """Pin a creature the actor grapples: opposed Wrestling checks."""
    u = guards.actor_of_turn(b, cmd)
    can_pin(b, u)
    t = guards.enemy_target(b, u, cmd.target)
    if t.name not in u.grappling:
        raise Refused("not_grappling", f"{u.name} does not grapple {t.name}: Grab it first")
    if t.has("pinned"):
        raise Refused("already_pinned", f"{t.name} is already pinned")
    why = W.size_refusal("pin", u, t)
    if why:
        raise Refused("too_large", why)

    def perform():
        spending.spend(b, u.name, "Pin", big=guards.big_cost(b, "pin"))
        spending.non_attack_action(b)
        if WR.contest(b, u.name, t.name, "pin") > 0:
            WR.succeed(b, u.name, t.name, "pin", 1, None)
            rake(b, u.name, t.name)
    return perform


def strongest_hold(view, u) -> str:
    """The partner whose Wrestling is best (ties: the first named)."""
    return max(u.grappling, key=lambda n: W.wrestling_bonus(view.unit(n)).total)


@COMMANDS.handles(C.Escape)
def escape(b, cmd):
    """Escape a grapple: an opposed check against the strongest hold; won, free of all."""
    u = guards.actor_of_turn(b, cmd)
    can_escape(b, u)

    def perform():
        spending.spend(b, u.name, "Escape", big=guards.big_cost(b, "escape"))
        spending.non_attack_action(b)
        holder = strongest_hold(b.view(), b.unit(u.name))
        if WR.contest(b, u.name, holder, "escape") > 0:
            grapples.free(b, u.name)
    return perform


# ---- candidates of the legality query ------------------------------------------------------

def _enemies(b, u):
    return list(b.view().enemies_of(u))


def candidates(kind):
    """The commands of one maneuver: each enemy, bare-handed or with each trait weapon; a
    shove in each direction that takes the enemy away."""
    def commands(b, u):
        weapons = (None,) + tuple(w.id for w in W.trait_weapons(u, KIND[kind]))
        for t in _enemies(b, u):
            if footprint_distance_ok(u, t):
                for w in weapons:
                    yield from _variants(b, kind, u, t, w)
    return commands


def footprint_distance_ok(u, t) -> bool:
    """Cheap: `t` within the longest melee reach of `u` (the engine checks the rest)."""
    reach = max([u.unit.reach] + [u.unit.reach_with(w) or 0 for w in u.weapons])
    return footprint_distance(u, t) <= max(reach, 1)


def _variants(b, kind, u, t, weapon):
    if kind is not C.Shove:
        yield kind(u.name, target=t.name, weapon=weapon)
        return
    for d in W.away_directions(t, u.hexes):
        step = DIRECTIONS[d]
        cell = b.cell(Hex(t.anchor.q + step.q, t.anchor.r + step.r))
        if b.hexmap.in_bounds(*cell):
            yield C.Shove(u.name, target=t.name, to=cell, weapon=weapon)


def pin_candidates(b, u):
    for name in u.grappling:
        yield C.Pin(u.name, target=name)


__all__ = ["can_escape", "can_grab", "can_pin", "can_shove", "can_trip", "candidates",
           "check_maneuver", "escape", "maneuver", "pin", "pin_candidates", "strongest_hold"]
