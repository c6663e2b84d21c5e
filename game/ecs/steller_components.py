"""Components only creatures of the steller rules have (docs/rules/steller/index.md): their
stat block, what their battle has spent (surges, second wind, encounter and daily powers,
death saving throws), what their turn has spent, and the timed effects on them."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class StellerSheet:
    """The creature's steller stat block (game.data.steller.StellerUnit)."""
    sheet: object


@dataclass(frozen=True)
class StellerPool:
    surges: int
    second_wind: bool = False          # used this battle
    action_point: bool = False         # spent this battle
    spent: tuple[str, ...] = ()        # encounter and daily powers used
    death_failures: int = 0
    immediate_round: int = 0           # the round of its last immediate action
    opportunity_turn: str = ""         # "round:creature" of the turn of its last opportunity action
    delaying: bool = False             # it delayed its turn and has not come back yet
    delay_round: int = 0               # the round it last delayed in
    readied: tuple = ()                # (power id, trigger) of its readied action, if any
    grabbing: str = ""                 # the creature it holds in a grab
    aided: tuple = ()                  # aid another given: (ally, enemy, aid, "round:turn")
    zones: tuple["Zone", ...] = ()     # the walls it made that still burn


@dataclass(frozen=True)
class Zone:
    """The hexes (cells) of a wall power `power` of its owner that damage who enters or
    starts there; it ends at the end of the owner's turn when `turns` counts down to 0."""
    power: str
    cells: tuple[tuple[int, int], ...]
    turns: int = 1


@dataclass(frozen=True)
class StellerTurn:
    """What the creature's current turn has spent: its standard, move and minor actions."""
    standard: bool = False
    move: bool = False
    minor: bool = False
    charged: bool = False              # after a charge, no further actions
    dazed: bool = False                # dazed at the start: one action in all
    acted: int = 0                     # actions taken this turn
    surprise: bool = False             # a turn of the surprise round: one action in all
    sustained: bool = False            # its grab was made or sustained this turn


@dataclass(frozen=True)
class Effect:
    """A timed condition: it ends at the "start" or "end" of `owner`'s turn (`turns` of them
    counted: the first end of the user's own turn does not count), or by a saving throw
    ("save"), or never ("battle"). `amount` is the ongoing damage of "ongoing", and
    `damage_type` its type (resistance and vulnerability read it)."""
    condition: str
    ends: str
    owner: str
    turns: int = 1
    amount: int = 0
    source: str = ""
    damage_type: str = ""


@dataclass(frozen=True)
class StellerEffects:
    effects: tuple[Effect, ...] = ()


__all__ = ["Effect", "StellerEffects", "StellerPool", "StellerSheet", "StellerTurn", "Zone"]
