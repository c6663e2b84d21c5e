"""Mount and Dismount (docs/rules/03-movement.md "Riding a mount").

Mounting: a Big Action that provokes, next to a free allied mount (a creature whose stat block
is `rideable`) at least one size larger than the rider; the rider then fills the mount's space
(`game.engine.saddle.seat`). Dismounting: a Big Action that provokes; the rider climbs down
into a free hex beside its mount. A rider knocked prone by an attack of opportunity while
climbing on does not get there.
"""
from __future__ import annotations

from game.data.model import SIZES
from game.engine import commands as C
from game.engine.combat import opportunity_attacks, stopped
from game.engine.grapples import refuse_movement
from game.engine.guards import actor_of_turn, big_action, cell, confirm_action
from game.engine.registry import COMMANDS
from game.engine.saddle import landings, seat, unseat
from game.engine.spending import non_attack_action, spend
from game.engine.state import Refused
from game.rules import conditions as cond
from game.rules.threat import footprint_distance


def free_mounts(view, u) -> list:
    """The allied mounts `u` could climb onto now: rideable, carrying no one, standing and
    awake, at least one size larger than `u`, next to it."""
    out = []
    for m in view.allies_of(u):
        if not m.unit.rideable or m.rider or m.mount:
            continue
        if {"prone", "unconscious"} & set(cond.effective(m.conditions)):
            continue
        if SIZES.index(m.size) > SIZES.index(u.size) and footprint_distance(u, m) == 1:
            out.append(m)
    return out


def can_mount(b, u) -> None:
    big_action(b, u, 1, "mounting")
    if u.mount:
        raise Refused("already_mounted", f"{u.name} already rides {u.mount}")
    if u.unit.rideable or u.rider:
        raise Refused("is_a_mount", f"{u.name} is a mount: it carries riders, it rides none")
    refuse_movement(u, "climbing onto a mount")
    if u.has("prone"):
        raise Refused("prone", f"{u.name} is prone: Stand Up before mounting")


@COMMANDS.handles(C.Mount)
def mount(b, cmd):
    """Mount: a Big Action that provokes; the rider then fills its mount's space."""
    u = actor_of_turn(b, cmd)
    can_mount(b, u)
    m = next((x for x in free_mounts(b.view(), u) if x.name == cmd.mount), None)
    if m is None:
        raise Refused("no_mount", f"{cmd.mount!r} is no free allied mount beside {u.name}")
    provokers = confirm_action(cmd, b.view(), u, f"climbing onto {m.name}")

    def perform():
        spend(b, u.name, "Mount", big=1)
        non_attack_action(b)
        yield from opportunity_attacks(b, u.name, b.cell(u.anchor), provokers,
                                       "mounting", stop_if_prone=True)
        if u.name in b.eids and not stopped(b, u.name) and \
                any(x.name == m.name for x in free_mounts(b.view(), b.unit(u.name))):
            seat(b, u.name, m.name)
    return perform


def can_dismount(b, u) -> None:
    big_action(b, u, 1, "dismounting")
    if not u.mount:
        raise Refused("not_mounted", f"{u.name} rides no mount")
    refuse_movement(u, "climbing down")


@COMMANDS.handles(C.Dismount)
def dismount(b, cmd):
    """Dismount: a Big Action that provokes; the rider stands in a free hex beside its mount."""
    u = actor_of_turn(b, cmd)
    can_dismount(b, u)
    to = cell(b, cmd.to, "the hex to climb down into")
    view = b.view()
    if to not in landings(view, u, view.unit(u.mount)) or \
            footprint_distance((to,), view.unit(u.mount).hexes) != 1:
        raise Refused("no_room", f"{b.cell(to)} is no free hex beside {u.mount}")
    provokers = confirm_action(cmd, view, u, f"climbing down from {u.mount}")

    def perform():
        spend(b, u.name, "Dismount", big=1)
        non_attack_action(b)
        yield from opportunity_attacks(b, u.name, b.cell(u.anchor), provokers,
                                       "dismounting", stop_if_prone=False)
        if u.name in b.eids and b.unit(u.name).mount and not stopped(b, u.name, by_prone=False):
            unseat(b, u.name, to)
    return perform


def mount_candidates(b, u):
    for m in free_mounts(b.view(), u):
        yield C.Mount(u.name, mount=m.name)


def dismount_candidates(b, u):
    view = b.view()
    if not u.mount or not view.has_unit(u.mount):
        return
    for h in landings(view, u, view.unit(u.mount)):
        if footprint_distance((h,), view.unit(u.mount).hexes) == 1:
            yield C.Dismount(u.name, to=b.cell(h))


__all__ = ["can_dismount", "can_mount", "dismount", "dismount_candidates", "free_mounts",
           "mount", "mount_candidates"]
