"""Who wrestles with whom, applied to a battle (rules: Wrestling, shoving and knockdown).

A grapple joins two creatures: each has the other among its `Grapple.partners` and both are
Grappled; a pinned creature is Pinned too. A grapple between two creatures ends when one of
them gets free (Escape), is dead, unconscious or gone, or when they end up farther apart than
the longer natural reach of the two (at least 1 hex: a shove, a push). `settle` checks this
after every action. While grappled a creature cannot leave its place (`refuse_movement`).
"""
from __future__ import annotations

from game.ecs.components import Grapple
from game.engine.state import Refused
from game.rules import conditions as cond
from game.rules.threat import footprint_distance


def partners(b, name: str) -> tuple[str, ...]:
    return b.unit(name).grappling if name in b.eids else ()


def _set(b, name: str, names) -> None:
    b.attach(name, Grapple(tuple(dict.fromkeys(names))))


def join(b, holder: str, held: str) -> None:
    """`holder` grabbed `held`: both are Grappled with each other."""
    _set(b, holder, partners(b, holder) + (held,))
    _set(b, held, partners(b, held) + (holder,))
    for name in (holder, held):
        if not b.unit(name).has("grappled"):
            b.set_condition(name, "grappled", 1)


def pin(b, held: str) -> None:
    b.set_condition(held, "pinned", 1)


def part(b, a: str, other: str) -> None:
    """End the grapple between `a` and `other` (each keeps its other partners)."""
    for x, y in ((a, other), (other, a)):
        if x not in b.eids:
            continue
        left = tuple(n for n in partners(b, x) if n != y)
        _set(b, x, left)
        if not left:
            b.remove_condition(x, "pinned")
            b.remove_condition(x, "grappled")


def free(b, name: str) -> None:
    """`name` is out of every grapple."""
    for other in partners(b, name):
        part(b, name, other)


def _holds(b, a: str, other: str) -> bool:
    if a not in b.eids or other not in b.eids:
        return False
    x, y = b.unit(a), b.unit(other)
    down = {"unconscious", "dying"}
    if x.dead or y.dead or down & set(cond.effective(x.conditions)) \
            or down & set(cond.effective(y.conditions)):
        return False
    return footprint_distance(x, y) <= max(1, x.unit.reach, y.unit.reach)


def settle(b) -> None:
    """End the grapples that no longer hold (see the module docstring)."""
    for u in b.view().units:
        for other in u.grappling:
            if not _holds(b, u.name, other):
                part(b, u.name, other)


def refuse_movement(u, what: str) -> None:
    """A grappled creature cannot leave its place without getting free first."""
    if u.grappling:
        raise Refused("grappled", f"{u.name} is grappled by {', '.join(u.grappling)}: "
                      f"Escape first (a Big Action) before a {what}")


__all__ = ["free", "join", "part", "partners", "pin", "refuse_movement", "settle"]
