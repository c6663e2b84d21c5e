"""The commands of the light rules (docs/rules/light/actions.md). The turn-flow commands
the profiles share (EndTurn, React, SetPolicy) are the default rules' classes."""
from __future__ import annotations

from dataclasses import dataclass

from game.engine.commands import Command, EndTurn, React, SetPolicy

Cell = tuple[int, int]


@dataclass(frozen=True)
class Shift(Command):
    """Move up to the shift score; provokes nothing (a move action)."""
    path: tuple[Cell, ...] = ()
    facings: tuple[int, ...] = ()     # a big creature's facing after each step


@dataclass(frozen=True)
class Walk(Command):
    """Move farther than the shift score, up to the walk score; leaving an enemy's attack
    range provokes (a move action)."""
    path: tuple[Cell, ...] = ()
    facings: tuple[int, ...] = ()     # a big creature's facing after each step
    confirm: bool = False


@dataclass(frozen=True)
class Run(Command):
    """Move up to the run score; provokes as a Walk (a move action)."""
    path: tuple[Cell, ...] = ()
    facings: tuple[int, ...] = ()     # a big creature's facing after each step
    confirm: bool = False


@dataclass(frozen=True)
class Jump(Command):
    """A move action: until the end of the turn it may attack Airborne targets."""


@dataclass(frozen=True)
class GetUp(Command):
    """A move action: no longer Grounded."""


@dataclass(frozen=True)
class LightAttack(Command):
    """+5 to hit; a natural 18-20 also makes a Basic Attack (a major action)."""
    target: str = ""
    weapon: str | None = None


@dataclass(frozen=True)
class HeavyAttack(Command):
    """+5 damage; a natural 19-20 stuns (a major action)."""
    target: str = ""
    weapon: str | None = None


@dataclass(frozen=True)
class VolleyAttack(Command):
    """A hit on a Stunned target is a critical (a major action)."""
    target: str = ""
    weapon: str | None = None


@dataclass(frozen=True)
class DashAttack(Command):
    """A ranged Basic Attack, then a move of up to twice the shift score along `path`;
    ending within 2 hexes of the target makes another Basic Attack (a major action)."""
    target: str = ""
    weapon: str | None = None
    path: tuple[Cell, ...] = ()
    facings: tuple[int, ...] = ()


@dataclass(frozen=True)
class ScopeAttack(Command):
    """A ranged attack at +5; every enemy whose attack range it is in makes an Opportunity
    Attack first (a major action)."""
    target: str = ""
    weapon: str | None = None
    confirm: bool = False


@dataclass(frozen=True)
class ThrowWeapon(Command):
    """Throw the weapon in hand: range 2 hexes, -5 to hit; it lies in the target's hex."""
    target: str = ""
    weapon: str | None = None


@dataclass(frozen=True)
class Block(Command):
    """+5 to defense until the next turn, not against guns (a major action)."""


@dataclass(frozen=True)
class HandleEquipment(Command):
    """Draw `weapon` (the one in hand is put away), or pick it up from an adjacent hex
    (a major action)."""
    weapon: str = ""


@dataclass(frozen=True)
class ConsumeSubstance(Command):
    """Drink a healing draught (a major action)."""


@dataclass(frozen=True)
class UsePower(Command):
    """Use power `power` on creature `target`; an area power: a burst centred on hex `at`
    (within range), a close burst around the user, a cone from the user's hex `at` toward
    `aim` (0-11, clockwise from the first neighbour, as the default rules aim cones)."""
    power: str = ""
    target: str = ""
    at: Cell | None = None
    aim: int | None = None


@dataclass(frozen=True)
class Wait(Command):
    """Move its turn to just before or just after an ally that has yet to act this round."""
    ally: str = ""
    after: bool = True


COMMAND_TYPES = {cls.__name__: cls for cls in (
    Shift, Walk, Run, Jump, GetUp, LightAttack, HeavyAttack, VolleyAttack, DashAttack,
    ScopeAttack, ThrowWeapon, Block, HandleEquipment, ConsumeSubstance, UsePower, Wait,
    EndTurn, React, SetPolicy)}

__all__ = list(COMMAND_TYPES) + ["COMMAND_TYPES"]
