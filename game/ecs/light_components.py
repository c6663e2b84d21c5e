"""Components only creatures of the light rules have (docs/rules/light/index.md): their
stat block, their pool of MP, lives and power uses, and what their turn has spent."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class LightSheet:
    """The creature's light stat block (game.data.light.LightUnit)."""
    sheet: object


@dataclass(frozen=True)
class LightPool:
    mp: int
    lives: int
    uses: dict[str, int] = field(default_factory=dict)    # power id -> uses left
    draughts: int = 0                                      # healing draughts carried


@dataclass(frozen=True)
class LightTurn:
    """What the creature's current turn has spent: move actions, its major action, whether
    it Jumped (it may attack Airborne targets), the attacks made (a second is a chain), and
    the round of its last interruption."""
    moves: int = 0
    major: bool = False
    jumped: bool = False
    attacks: int = 0
    no_moves: bool = False          # Stunned at the start of the turn: no move actions
    interrupted_round: int = 0
    opportunity_against: tuple[str, ...] = ()   # movers it already struck this enemy turn
    began: int = 0                  # the round its turn last began (a Wait does not restart it)


__all__ = ["LightPool", "LightSheet", "LightTurn"]
