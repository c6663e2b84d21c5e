"""Doors and breaking things: four commands, one check each
(docs/rules/21-terrain-and-falling.md "Doors and breaking things"; the numbers are in
game.rules.obstacles).

- OpenDoor / CloseDoor: an unlocked door next to the creature. The rulebook calls opening a
  door a Swift Action in one place and a Little Action in another: in the game it is a Little
  Action of the Swift kind (it never provokes). A door closes only when no creature, living
  or dead, lies in the doorway.
- Smash: a melee weapon strikes a closed door or a breakable obstacle within its reach. It is
  an attack (it uses the turn's attack allowance) that always hits ("a big, stationary
  target"): the weapon's damage less the object's Hardness comes off its hit points, and at
  0 it breaks. No critical hits against objects.
- ForceOpen: a Big Action next to the door (or an obstacle with a Break DC): d20 + STR mod
  against its Break DC; success breaks it open, and "if you fail, you cannot try again".
Every change is battle state (`Battle.change_terrain`): saves replay it, the state hash holds
it, and the map the rules read is rebuilt with it.
"""
from __future__ import annotations

from game.data.dice import Dice as DiceExpr
from game.engine import commands as C
from game.engine import events as E
from game.engine import attacks, guards, spending
from game.engine.state import Refused
from game.engine.falling import terrain_check
from game.engine.forecast import Forecast
from game.engine.registry import COMMANDS, FORECASTS
from game.hexgrid import hexes_within
from game.rules import obstacles
from game.rules.sections import cite
from game.rules.skills import beats_dc_chance
from game.rules.threat import footprint_distance

R21 = cite(21)


def _near(b, u, reach: int):
    """The map hexes within `reach` of the creature's space, but not in it: (hex, terrain)."""
    seen, own = set(), set(u.hexes)
    for a in u.hexes:
        for h in hexes_within(a, reach):
            if h not in seen and h not in own and b.hexmap.contains(h):
                seen.add(h)
                yield h, b.hexmap.terrain_at(h)


def _melee_reach(u, weapon) -> int:
    return max(1, u.unit.reach_with(weapon) or 0)


def _object_at(b, u, to, reach: int, what: str):
    """The hex `to`, its terrain, after checking it lies within `reach` of the creature."""
    h = guards.cell(b, to)
    t = b.hexmap.terrain_at(h)
    if footprint_distance(u.hexes, (h,)) > reach or h in u.hexes:
        raise Refused("out_of_reach", f"{to[0]},{to[1]} is not {what} {u.name} ({R21})")
    return h, t


# ---- open and close -------------------------------------------------------------------------

def can_open_door(b, u) -> None:
    guards.little_action(b, u, "opening a door")


def can_close_door(b, u) -> None:
    guards.little_action(b, u, "closing a door")


def _door(b, u, to, want: str):
    h, t = _object_at(b, u, to, 1, "next to")
    if t.door == want:
        return h
    if t.door == "none":
        raise Refused("no_door", f"there is no door at {to[0]},{to[1]}")
    if t.door == "locked" and want == "closed":
        raise Refused("locked", f"the door at {to[0]},{to[1]} is locked: break it (Smash) or "
                      f"force it open (Force Open) ({R21})")
    raise Refused(f"door_{t.door}", f"the door at {to[0]},{to[1]} is {t.door}")


def _swing(b, u, cmd, state: str, label: str):
    def perform():
        spending.spend_little(b, u.name, label)
        spending.non_attack_action(b)
        b.change_terrain(cmd.to, state)
        b.emit(E.DoorChanged(u.name, tuple(cmd.to), state))
    return perform


@COMMANDS.handles(C.OpenDoor)
def open_door(b, cmd):
    """OpenDoor: an unlocked closed door next to the creature opens (Swift, no AOO)."""
    u = guards.actor_of_turn(b, cmd)
    can_open_door(b, u)
    _door(b, u, cmd.to, "closed")
    return _swing(b, u, cmd, "open", "Open Door")


@COMMANDS.handles(C.CloseDoor)
def close_door(b, cmd):
    """CloseDoor: an open door next to the creature closes, if the doorway is empty."""
    u = guards.actor_of_turn(b, cmd)
    can_close_door(b, u)
    h = _door(b, u, cmd.to, "open")
    lying = b.view().occupants(h)
    if lying:
        raise Refused("doorway_blocked", f"{lying[0].name} is in the doorway at "
                      f"{cmd.to[0]},{cmd.to[1]}: the door cannot close")
    return _swing(b, u, cmd, "closed", "Close Door")


# ---- breaking -------------------------------------------------------------------------------

def _breakable(t, to, force: bool = False):
    s = obstacles.stats(t)
    blocking = t.door in ("closed", "locked") or (t.door == "none" and s is not None)
    if s is None or not blocking:
        raise Refused("nothing_to_break", f"nothing at {to[0]},{to[1]} is in the way to be "
                      f"broken ({R21})")
    if force and not s.break_dc:
        raise Refused("cannot_force", f"what is at {to[0]},{to[1]} cannot be forced: smash it")
    return s


def can_smash(b, u) -> None:
    attacks.attack_left(b, u)
    if not any(w.can_melee for w in u.weapons):
        raise Refused("no_melee_weapon", f"{u.name} has no melee weapon to smash with")


def _smash_weapon(b, u, name):
    melee = [w for w in u.weapons if w.can_melee]
    if name is None:
        return max(melee, key=lambda w: w.damage.average + obstacles.blow_bonus(u, w))
    w = next((w for w in melee if name.strip().lower() in (w.id, w.name.lower())), None) \
        if isinstance(name, str) else None
    if w is None:
        raise Refused("no_melee_weapon", f"{u.name} holds no melee weapon {name!r}")
    return w


@COMMANDS.handles(C.Smash)
def smash(b, cmd):
    """Smash: one blow at a door or obstacle within the weapon's reach (an attack)."""
    u = guards.actor_of_turn(b, cmd)
    can_smash(b, u)
    w = _smash_weapon(b, u, cmd.weapon)
    _, t = _object_at(b, u, cmd.to, _melee_reach(u, w), f"within {w.name}'s reach of")
    s = _breakable(t, cmd.to)

    def perform():
        attacks.begin_attack(b, u, "Smash")
        bonus = obstacles.blow_bonus(u, w)
        rolled, faces = b.dice.roll(DiceExpr(w.damage.count, w.damage.sides, w.damage.bonus))
        raw = max(1, rolled + bonus)
        dealt = obstacles.damage_dealt(raw, s.hardness)
        done = b.terrain_change(cmd.to)[1] + dealt
        broken = done >= s.hp
        b.change_terrain(cmd.to, "broken" if broken else None, done)
        b.emit(E.ObjectStruck(u.name, tuple(cmd.to), dealt, max(0, s.hp - done), broken,
                              f"{w.name} {w.damage} [{', '.join(map(str, faces))}] {bonus:+d} "
                              f"= {raw} - Hardness {s.hardness} = {dealt} ({R21})"))
        if broken and t.door != "none":
            b.emit(E.DoorChanged(u.name, tuple(cmd.to), "broken"))
    return perform


def can_force_open(b, u) -> None:
    guards.big_action(b, u, 1, "Force Open")


@COMMANDS.handles(C.ForceOpen)
def force_open(b, cmd):
    """ForceOpen: a Strength check against the Break DC of a door or obstacle next to it."""
    u = guards.actor_of_turn(b, cmd)
    can_force_open(b, u)
    _, t = _object_at(b, u, cmd.to, 1, "next to")
    s = _breakable(t, cmd.to, force=True)
    if u.name in b.terrain_change(cmd.to)[2]:
        raise Refused("tried_already", f"{u.name} failed to force {cmd.to[0]},{cmd.to[1]} "
                      f"already and cannot try again ({R21})")

    def perform():
        spending.spend(b, u.name, "Force Open", big=1)
        spending.non_attack_action(b)
        if terrain_check(b, u.name, "str", s.break_dc, "forcing it open"):
            b.change_terrain(cmd.to, "broken")
            b.emit(E.DoorChanged(u.name, tuple(cmd.to), "broken"))
        else:
            b.change_terrain(cmd.to, failed=u.name)
    return perform


# ---- what the legality query offers ---------------------------------------------------------

def door_candidates(state: str, kind):
    def commands(b, u):
        for h, t in _near(b, u, 1):
            if t.door == state:
                yield kind(u.name, to=b.cell(h))
    return commands


def smash_candidates(b, u):
    for w in u.weapons:
        if w.can_melee:
            for h, t in _near(b, u, _melee_reach(u, w)):
                if obstacles.stats(t) is not None and t.door not in ("open",):
                    yield C.Smash(u.name, to=b.cell(h), weapon=w.id)


def force_candidates(b, u):
    for h, t in _near(b, u, 1):
        s = obstacles.stats(t)
        if s is not None and s.break_dc and t.door != "open":
            yield C.ForceOpen(u.name, to=b.cell(h))


# ---- forecasts ------------------------------------------------------------------------------

@FORECASTS.handles(C.Smash)
def smash_forecast(b, cmd) -> Forecast:
    """The chance one blow breaks it, from the damage a blow is expected to deal."""
    u = b.unit(cmd.unit)
    w = _smash_weapon(b, u, cmd.weapon)
    t = b.hexmap.terrain_at(b.hexmap.hex_at(*cmd.to))
    done = b.terrain_change(cmd.to)[1]
    breaks, mean = obstacles.blows_to_break(u, w, t, done)
    s = obstacles.stats(t)
    return Forecast(float(breaks), (
        f"{w.name} at Hardness {s.hardness}: {float(mean):.1f} damage a blow expected, "
        f"{s.hp - done} HP left; breaks it {float(breaks):.0%} ({R21})",))


@FORECASTS.handles(C.ForceOpen)
def force_forecast(b, cmd) -> Forecast:
    """The chance of the Strength check against the Break DC."""
    u = b.unit(cmd.unit)
    s = obstacles.stats(b.hexmap.terrain_at(b.hexmap.hex_at(*cmd.to)))
    chance = float(beats_dc_chance(u.unit.str_mod, s.break_dc))
    return Forecast(chance, (f"Strength check {u.unit.str_mod:+d} vs Break DC "
                             f"{s.break_dc}: {chance:.0%}; no second try ({R21})",))


__all__ = ["can_close_door", "can_force_open", "can_open_door", "can_smash", "close_door",
           "door_candidates", "force_candidates", "force_forecast", "force_open", "open_door",
           "smash", "smash_candidates", "smash_forecast"]
