"""The commands of the steller rules (docs/rules/steller/actions.md). The turn-flow commands
the profiles share (EndTurn, React, SetPolicy) are the default rules' classes."""
from __future__ import annotations

from dataclasses import dataclass

from game.engine.commands import Command, EndTurn, React, SetPolicy

Cell = tuple[int, int]


@dataclass(frozen=True)
class Walk(Command):
    """Move up to its speed; leaving a hex next to an enemy provokes (a move action)."""
    path: tuple[Cell, ...] = ()
    facings: tuple[int, ...] = ()
    confirm: bool = False


@dataclass(frozen=True)
class Shift(Command):
    """Move 1 hex; provokes nothing (a move action)."""
    path: tuple[Cell, ...] = ()
    facings: tuple[int, ...] = ()


@dataclass(frozen=True)
class Run(Command):
    """Move up to speed + 2; -5 to attacks and grants combat advantage until its next turn;
    provokes as a walk (a move action)."""
    path: tuple[Cell, ...] = ()
    facings: tuple[int, ...] = ()
    confirm: bool = False


@dataclass(frozen=True)
class StandUp(Command):
    """No longer prone (a move action)."""


@dataclass(frozen=True)
class Charge(Command):
    """Move at least 2 hexes, each closer to `target`, then a melee basic attack at +1; no
    further action this turn (a standard action)."""
    target: str = ""
    path: tuple[Cell, ...] = ()
    facings: tuple[int, ...] = ()
    confirm: bool = False


@dataclass(frozen=True)
class UsePower(Command):
    """Use power `power`: on creature `target` (melee, ranged, a heal), as a close burst or
    blast from the user (a blast aimed `aim` 0-11 from its hex `at`), an area burst centred
    on hex `at` within range, a line toward hex `at`, autofire on hex `at` and its two
    neighbours toward `aim` 0-5, or a wall of hexes `wall` in order. A basic attack is a
    power too."""
    power: str = ""
    target: str = ""
    at: Cell | None = None
    aim: int | None = None
    wall: tuple[Cell, ...] = ()
    confirm: bool = False


@dataclass(frozen=True)
class ThrowGrenade(UsePower):
    """Throw grenade `power` (a power of the stat block with the grenade keyword): an area
    burst centred on hex `at` within its range, one of its uses (a standard action)."""


@dataclass(frozen=True)
class SecondWind(Command):
    """Once a battle: spend a healing surge and +2 to all defenses until its next turn (a
    standard action)."""


@dataclass(frozen=True)
class TotalDefense(Command):
    """+2 to all defenses until the start of its next turn (a standard action)."""


@dataclass(frozen=True)
class ActionPoint(Command):
    """Once a battle, on its own turn and not in a surprise round: an extra `action`
    (standard, move or minor) once this turn's own is spent (a free action)."""
    action: str = "standard"


@dataclass(frozen=True)
class CoupDeGrace(Command):
    """Its melee basic attack on a helpless enemy `target` next to it: a hit is a critical
    (a standard action)."""
    target: str = ""


COMMAND_TYPES = {cls.__name__: cls for cls in (
    Walk, Shift, Run, StandUp, Charge, UsePower, ThrowGrenade, SecondWind, TotalDefense,
    ActionPoint, CoupDeGrace, EndTurn, React, SetPolicy)}

__all__ = list(COMMAND_TYPES) + ["COMMAND_TYPES"]
