"""Drawing, sheathing and picking up weapons: three commands, one check each
(docs/rules/09-turns-and-actions.md "Weapons in hand": Draw Weapon, Sheathe Weapon and Pick
Up are Little Actions, and a Little Action that is not Swift provokes).

Switching between weapons already in hand is free and never provokes (an Attack names the
weapon). A creature holds at most two weapons (natural weapons need no hand; grips are not
tracked: changing a grip is free in the rulebook). A weapon lies on the ground after it was
thrown (`game.engine.inventory`); its thrower picks it up from its own space, into a free hand.
Decisions where the rulebook is silent: only the thrower picks up its weapon (weapons are
sized for their wielder), and only from a hex of its own space (step onto it first).
"""
from __future__ import annotations

from game.engine import commands as C
from game.engine import inventory
from game.engine import guards, spending
from game.engine.registry import COMMANDS
from game.engine.state import Refused
from game.engine.combat import opportunity_attacks, stopped


def _named(u, pool, name):
    """The weapon of `pool` whose id or name is `name` (None: the first of the pool)."""
    for w in pool:
        if name is None or (isinstance(name, str) and name.strip().lower() in (
                w.id.lower(), w.name.lower())):
            return w
    return None


def _hands_free(u, what: str) -> None:
    if inventory.hands_used(u) >= inventory.HANDS:
        held = ", ".join(w.name for w in u.weapons if not w.natural)
        raise Refused("hands_full", f"{u.name}'s hands are full ({held}): sheathe a weapon "
                      f"before {what}")


def can_draw_weapon(b, u) -> None:
    guards.little_action(b, u, "drawing a weapon", swift=False)
    if not u.sheathed:
        raise Refused("nothing_sheathed", f"{u.name} has no sheathed weapon to draw")
    _hands_free(u, "drawing another")


def can_sheathe_weapon(b, u) -> None:
    guards.little_action(b, u, "sheathing a weapon", swift=False)
    if not any(not w.natural and not w.unarmed for w in u.weapons):
        raise Refused("nothing_in_hand", f"{u.name} holds no weapon to sheathe")


def _lying_here(u) -> list:
    here = set(u.hexes)
    return [(w, h) for w, h in u.dropped if h in here]


def can_pick_up(b, u) -> None:
    guards.little_action(b, u, "picking up a weapon", swift=False)
    if not _lying_here(u):
        where = ", ".join(f"{w.name} at {b.cell(h)[0]},{b.cell(h)[1]}" for w, h in u.dropped)
        raise Refused("nothing_here", f"none of {u.name}'s weapons lies in its space"
                      + (f" ({where}: move onto it first)" if where else ""))
    _hands_free(u, "picking one up")


def _provoking(b, cmd, u, weapon, action: str, place):
    """The command's perform(): a Little Action that provokes, then `place` moves the weapon."""
    provokers = guards.confirm_action(cmd, b.view(), u, f"{action} {weapon.name}")

    def perform():
        spending.spend_little(b, u.name, action.capitalize() + " a weapon")
        spending.non_attack_action(b)
        yield from opportunity_attacks(b, u.name, b.cell(u.anchor), provokers,
                                       f"{action} a weapon", stop_if_prone=False)
        if not stopped(b, u.name, by_prone=False):
            place()
    return perform


@COMMANDS.handles(C.DrawWeapon)
def draw_weapon(b, cmd):
    """DrawWeapon: a sheathed weapon comes into a free hand (Little Action, provokes)."""
    u = guards.actor_of_turn(b, cmd)
    can_draw_weapon(b, u)
    w = _named(u, u.sheathed, cmd.weapon)
    if w is None:
        raise Refused("not_sheathed", f"{u.name} has no sheathed weapon {cmd.weapon!r} (sheathed: "
                      f"{', '.join(x.id for x in u.sheathed)})")
    return _provoking(b, cmd, u, w, "drawing", lambda: inventory.draw(b, u.name, w))


@COMMANDS.handles(C.SheatheWeapon)
def sheathe_weapon(b, cmd):
    """SheatheWeapon: a weapon in hand goes back to its sheath (Little Action, provokes)."""
    u = guards.actor_of_turn(b, cmd)
    can_sheathe_weapon(b, u)
    w = _named(u, [x for x in u.weapons if not x.natural and not x.unarmed], cmd.weapon)
    if w is None:
        raise Refused("not_in_hand", f"{u.name} holds no weapon {cmd.weapon!r}")
    return _provoking(b, cmd, u, w, "sheathing", lambda: inventory.sheathe(b, u.name, w))


@COMMANDS.handles(C.PickUp)
def pick_up(b, cmd):
    """PickUp: the creature's own weapon from a hex of its space into a free hand (Little
    Action, provokes)."""
    u = guards.actor_of_turn(b, cmd)
    can_pick_up(b, u)
    here = _lying_here(u)
    w = _named(u, [x for x, _ in here], cmd.weapon)
    if w is None:
        raise Refused("nothing_here", f"{u.name}'s {cmd.weapon!r} does not lie in its space")
    where = next(h for x, h in here if x.id == w.id)
    return _provoking(b, cmd, u, w, "picking up",
                      lambda: inventory.pick_up(b, u.name, w, where))


__all__ = ["can_draw_weapon", "can_pick_up", "can_sheathe_weapon", "draw_weapon", "pick_up",
           "sheathe_weapon"]
