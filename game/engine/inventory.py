"""Where a creature's weapons are, written through the battle
(docs/rules/09-turns-and-actions.md "Weapons in hand": draw, sheathe and pick up are Little
Actions; docs/rules/10-attacks-and-damage.md).

- `spend_after_attack`: an attack with a weapon that counts its ammunition spends one shot; a
  thrown weapon leaves the thrower's hands and lands in the target's hex on a hit, on a miss in
  a hex next to it picked with the battle's dice (d6: the six directions; a hex that cannot
  hold it, off the map or impassable, sends it to the target's hex); a crossbow's shot leaves
  it unloaded (Load Crossbow: `game.engine.crossbows`).
- `spend_on_hex`: the same for a volley at an empty hex (the thrown weapon lies there).
- `draw`, `sheathe`, `pick_up`: move one weapon between hand, sheath and ground.
"""
from __future__ import annotations

from game.ecs.components import Weapons
from game.engine import events as E
from game.hexgrid import hex_neighbor
from game.rules.attack import is_crossbow_shot
from game.rules.hands import HANDS, hands_holding



def carried(b, name: str) -> Weapons:
    return b.component(name, Weapons)


def hands_used(view_unit) -> int:
    """Hands holding a weapon (`game.rules.hands`)."""
    return hands_holding(view_unit)


def _landing(b, target: str, hit: bool):
    where = b.unit(target).anchor
    if hit:
        return where
    near = hex_neighbor(where, b.dice.d(6) - 1)
    if not b.hexmap.contains(near) or b.hexmap.terrain_at(near).impassable:
        return where
    return near


def spend_after_attack(b, name: str, weapon, mode: str, target: str, hit: bool) -> None:
    """After an attack roll of `name` with `weapon` in `mode` at `target`."""
    w = carried(b, name)
    if weapon.id in w.ammo:
        left = max(0, w.ammo[weapon.id] - 1)
        b.update(name, Weapons, ammo={**w.ammo, weapon.id: left})
        b.emit(E.WeaponMoved(name, weapon.name, "shot", left=left))
    if is_crossbow_shot(weapon, mode) and weapon.id not in w.unloaded:
        b.update(name, Weapons, unloaded=carried(b, name).unloaded + (weapon.id,))
    if mode == "thrown" and not weapon.natural and target in b.eids:
        where = _landing(b, target, hit)
        b.update(name, Weapons, ground=carried(b, name).ground + ((weapon.id, where),))
        b.emit(E.WeaponMoved(name, weapon.name, "thrown", b.cell(where)))


def spend_on_hex(b, name: str, weapon, mode: str, where) -> None:
    """After a volley of `name` at the empty hex `where`: one shot spent, or the thrown weapon
    lies in that hex."""
    w = carried(b, name)
    if weapon.id in w.ammo:
        left = max(0, w.ammo[weapon.id] - 1)
        b.update(name, Weapons, ammo={**w.ammo, weapon.id: left})
        b.emit(E.WeaponMoved(name, weapon.name, "shot", left=left))
    if mode == "thrown" and not weapon.natural:
        b.update(name, Weapons, ground=carried(b, name).ground + ((weapon.id, where),))
        b.emit(E.WeaponMoved(name, weapon.name, "thrown", b.cell(where)))


def draw(b, name: str, weapon) -> None:
    w = carried(b, name)
    b.update(name, Weapons, sheathed=tuple(i for i in w.sheathed if i != weapon.id))
    b.emit(E.WeaponMoved(name, weapon.name, "drawn"))


def sheathe(b, name: str, weapon) -> None:
    w = carried(b, name)
    b.update(name, Weapons, sheathed=w.sheathed + (weapon.id,))
    b.emit(E.WeaponMoved(name, weapon.name, "sheathed"))


def pick_up(b, name: str, weapon, where) -> None:
    w = carried(b, name)
    ground = list(w.ground)
    ground.remove((weapon.id, where))
    b.update(name, Weapons, ground=tuple(ground))
    b.emit(E.WeaponMoved(name, weapon.name, "picked up", b.cell(where)))


__all__ = ["HANDS", "carried", "draw", "hands_used", "pick_up", "sheathe", "spend_on_hex",
           "spend_after_attack"]
