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
class Crawl(Command):
    """Prone: move up to half its speed; provokes as a walk (a move action)."""
    path: tuple[Cell, ...] = ()
    facings: tuple[int, ...] = ()
    confirm: bool = False


@dataclass(frozen=True)
class Squeeze(Command):
    """A creature bigger than one hex: move up to half its speed in a space one size smaller;
    -5 to attacks and grants combat advantage until it has room again (a move action)."""
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


@dataclass(frozen=True)
class Delay(Command):
    """Before any action of its turn: the turn waits, and the creature may come back after
    any later turn of the round, its place in the order moved there (no action)."""


@dataclass(frozen=True)
class Ready(Command):
    """Ready power `power` (an attack on one creature) for `trigger`: "enters" (an enemy moves
    into its reach or range) or "attacks" (an enemy makes an attack); used on that enemy as an
    immediate reaction (a standard action)."""
    power: str = ""
    trigger: str = "enters"


@dataclass(frozen=True)
class AidAnother(Command):
    """A melee basic attack against 10 on enemy `target` in reach, no damage; a success gives
    ally `ally` +2 to its next attack on it (`aid` "attack") or +2 to its defenses against
    its next attack ("defense") until the end of the aider's next turn (a standard action)."""
    target: str = ""
    ally: str = ""
    aid: str = "attack"


@dataclass(frozen=True)
class BullRush(Command):
    """A Strength attack against the Fortitude of an adjacent enemy `target`: a hit pushes it
    1 hex, and the attacker shifts into the hex it left when `follow` (a standard action)."""
    target: str = ""
    follow: bool = True


@dataclass(frozen=True)
class Grab(Command):
    """A Strength attack against the Reflex of enemy `target` within natural reach: a hit
    leaves it grabbed (immobilized) while the grab is sustained (a standard action)."""
    target: str = ""


@dataclass(frozen=True)
class SustainGrab(Command):
    """Keep this turn the grab it holds (a minor action)."""


@dataclass(frozen=True)
class Escape(Command):
    """Grabbed: `skill` "acrobatics" (against the grabber's Reflex) or "athletics" (its
    Fortitude); success ends the grab and shifts it along `path` (1 hex, optional) (a move
    action)."""
    skill: str = "athletics"
    path: tuple[Cell, ...] = ()


COMMAND_TYPES = {cls.__name__: cls for cls in (
    Walk, Shift, Run, Crawl, Squeeze, StandUp, Charge, UsePower, ThrowGrenade, SecondWind,
    TotalDefense, ActionPoint, CoupDeGrace, AidAnother, BullRush, Grab, SustainGrab, Escape,
    Delay, Ready, EndTurn, React, SetPolicy)}

__all__ = list(COMMAND_TYPES) + ["COMMAND_TYPES"]
