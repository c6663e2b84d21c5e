"""The computer player's plans: an `Option` is one plan for the rest of the turn, its score,
the command that starts it and the terms of its score (docs/architecture.md "Layers": the
modules of game/ai that list options of one kind build these, `game.ai.player` ranks them).

`MOVE_COST` is what moving must gain over staying, so that no plan dithers; `command_text`
says a command in the debug log and in an option's description.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.engine import commands as C

MOVE_COST = 0.05                  # moving must gain this much over staying (no dithering)


@dataclass
class Option:
    """One plan for the rest of the turn: its score, the command that starts it, the terms."""
    kind: str
    score: float
    command: C.Command
    detail: dict = field(default_factory=dict)
    cheap: float = 0.0

    def describe(self, battle) -> str:
        return f"{self.kind} {command_text(battle, self.command)} = {self.score:.2f}"


def command_text(battle, cmd) -> str:
    """A command, short, for the decision log."""
    name = type(cmd).__name__
    if isinstance(cmd, C.Move):
        return f"{name} {cmd.unit} -> {cmd.path[-1][0]},{cmd.path[-1][1]} ({len(cmd.path)} steps)"
    if isinstance(cmd, C.Retreat):
        return f"{name} {cmd.unit} -> {cmd.path[-1][0]},{cmd.path[-1][1]}"
    if isinstance(cmd, (C.Step, C.Run)):
        return f"{name} {cmd.unit} -> {cmd.to[0]},{cmd.to[1]}"
    if isinstance(cmd, C.Charge):
        return f"{name} {cmd.unit} -> {cmd.to[0]},{cmd.to[1]} at {cmd.target}"
    if isinstance(cmd, (C.Attack, C.PowerAttack)):
        return f"{name} {cmd.unit} -> {cmd.target} ({cmd.weapon})"
    if isinstance(cmd, C.ChooseNext):
        return f"{name} {cmd.unit} picks {cmd.next}"
    if isinstance(cmd, C.React):
        return f"{name} {cmd.unit} {'accepts' if cmd.accept else 'declines'}"
    return f"{name} {cmd.unit}"


__all__ = ["MOVE_COST", "Option", "command_text"]
