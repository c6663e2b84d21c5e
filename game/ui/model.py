"""The UI's own state, kept out of the battle's component store (docs/architecture.md "State and
flow": hover and selection are UI-only). No pygame here: the controller fills it, the board and
the HUD read it, and the tests assert on it.

Cells are Tiled `col,row` tuples (docs/rules/01-hexes-and-distance.md); units are named by their
map name.
"""
from __future__ import annotations

from dataclasses import dataclass, field

MODES = ("move", "run", "charge", "step", "attack", "power", "retreat", "interrupt", "ignore",
         "protect", "trade", "ability", "more")
OVERLAYS = ("threat", "los")


@dataclass
class MovePreview:
    """A movement before it is committed (docs/rules/03-movement.md, 04-attacks-of-opportunity.md).

    cells: the hexes the anchor enters, first step first (start excluded); cost: hexes of
    movement; big_actions: Big Actions it spends (0 = leftover movement pays, None = out of
    reach this turn); provokes: per hex whose exit provokes, (cell, names of the creatures
    that would react, whether each can still react); safe_cells / safe_cost: the cheapest
    path that provokes no one (None when there is none, or the path itself is safe);
    kind: move | run | charge | step | retreat (the light rules: shift | walk | run, with
    `words` saying what it spends)."""

    cells: list[tuple[int, int]]
    cost: int
    big_actions: int | None
    provokes: list[tuple[tuple[int, int], list[str], list[bool]]]
    safe_cells: list | None
    safe_cost: int | None
    kind: str
    target: str | None = None          # charge: the creature attacked at the end
    facings: list[int] | None = None   # large and gargantuan movers: facing after each step
    words: str = ""                    # what it spends, when not Big Actions ("1 move action")
    provokers: tuple[str, ...] | None = None   # the engine's answer for the command, if asked

    @property
    def provoking(self) -> bool:
        """Does a creature that can still react get an attack of opportunity? (The engine's
        answer for the command when the preview has it.)"""
        if self.provokers is not None:
            return bool(self.provokers)
        return any(any(ok) for _, _, ok in self.provokes)

    @property
    def end(self) -> tuple[int, int] | None:
        return self.cells[-1] if self.cells else None


@dataclass(frozen=True)
class MoreTarget:
    """The hovered target of the mode: its legal commands (variants) and the chosen one's
    forecast."""
    cell: tuple[int, int]
    options: tuple = ()
    variant: int = 0
    forecast: object = None
    action: str | None = None    # the engine action, when not the mode's (a light click)
    area: tuple = ()             # the cells an area power would cover (the chosen variant)

    @property
    def option(self):
        return self.options[self.variant % len(self.options)] if self.options else None


@dataclass
class MoreState:
    """The mode's state in the UI model: the action, the cells it may target (each with its
    commands) and what the pointer is on."""
    action: str | None = None
    targets: dict = field(default_factory=dict)     # cell -> tuple of Options
    hovered: MoreTarget | None = None
    variant: int = 0
    power: str | None = None     # Use Power (light rules): the power aimed (Tab: the next)


@dataclass
class UIModel:
    """What the player has selected, hovers and is about to do."""

    selected: str | None = None
    hover_cell: tuple[int, int] | None = None
    hover_unit: str | None = None
    pointed: str | None = None   # the creature under the pointer where two share a hex
    mode: str = "move"           # move|run|charge|step|attack|power|retreat|interrupt
    weapon: str | None = None    # chosen weapon id, None = default
    preview: MovePreview | None = None
    attack: object | None = None  # game.rules.situation Preview of the hovered enemy
    attack_defenses: dict = field(default_factory=dict)  # engine's odds: defense -> Chances
    attack_stray: tuple = ()     # the engine's lines: who a missed missile may strike
    pending: object | None = None  # a Command awaiting confirmation (provoking move)
    overlays: set[str] = field(default_factory=set)   # {"threat", "los"}
    highlighted: set[str] = field(default_factory=set)  # threateners, flank partner, ...
    message: str = ""            # last refusal or hint, shown in the HUD
    choice_candidates: list[str] = field(default_factory=list)
    animations: bool = True
    speed: float = 1.0
    pending_preview: MovePreview | None = None  # the path of `pending`, drawn until confirmed
    attack_provokes: tuple = ()  # whom the hovered attack provokes (the engine's answer)
    refusal: str = ""            # why the hovered enemy cannot be attacked now (the engine's)
    ability: str | None = None   # the ability the Ability mode aims (its id)
    aim: object | None = None    # game.ui.ability_aim.AimPreview under the mouse
    revision: int = 0            # bumped by the controller on every change (redraw hints)
    trigger: str = "enters_reach"   # Prepare to Interrupt: the trigger chosen (U cycles it)
    prepared: str = "attack"     # Prepare to Interrupt: the Big Action kept for it (K)
    more: MoreState = field(default_factory=MoreState)   # the More actions mode (J)


__all__ = ["MODES", "MoreState", "MoreTarget", "OVERLAYS", "MovePreview", "UIModel"]
