"""Which way a runner ran, and what it changes (docs/rules/03-movement.md "Run", "Charge").

A Run goes straight along one of the six directions; the runner's state records where it
started and the direction until its next turn (`UnitView.run`). From the hex where the run
started, a creature lies "directly ahead" when its centre is within 30 degrees of the run's
direction (the seed allows a turn of 30 degrees or less while running: the same cone).

- Against ranged attacks the runner has -2 AC from a shooter directly ahead (it ran straight
  at it) and +2 AC from any other shooter (indirect angles).
- A thrown attack at a target the runner ran directly at takes no -2 running penalty on its
  roll (the charge with a spear or hatchet).
"""
from __future__ import annotations

from game.hexgrid import footprint, hex_neighbor
from game.rules import geometry as geo

TOWARD, INDIRECT = -2, 2      # AC of a runner against ranged attacks


def directly_ahead(runner, other) -> bool:
    """Did `runner` run directly toward `other` (its centre within 30 degrees of the run's
    direction, seen from the hex where the run started)? False when it did not run."""
    if getattr(runner, "run", None) is None:
        return False
    start, direction = runner.run
    origin = geo.centroid(footprint(runner.size, start, runner.facing))
    ahead = geo.hex_center(hex_neighbor(start, direction))
    anchor = geo.hex_center(start)
    u = (ahead[0] - anchor[0], ahead[1] - anchor[1])
    target = geo.centroid(other.hexes)
    v = (target[0] - origin[0], target[1] - origin[1])
    dot = 3 * u[0] * v[0] + u[1] * v[1]              # the lattice's metric (geometry)
    nu, nv = 3 * u[0] * u[0] + u[1] * u[1], 3 * v[0] * v[0] + v[1] * v[1]
    return nv > 0 and dot > 0 and 4 * dot * dot >= 3 * nu * nv    # cos >= cos 30 = sqrt3/2


def ranged_ac(runner, shooter) -> int:
    """The runner's AC modifier against a ranged attack by `shooter` (0: not running)."""
    if getattr(runner, "run", None) is None:
        return 0
    return TOWARD if directly_ahead(runner, shooter) else INDIRECT


def thrown_charge_exempt(attacker, target, mode: str) -> bool:
    """A thrown attack at a target the attacker ran directly at: no running penalty."""
    return mode == "thrown" and directly_ahead(attacker, target)


__all__ = ["INDIRECT", "TOWARD", "directly_ahead", "ranged_ac", "thrown_charge_exempt"]
