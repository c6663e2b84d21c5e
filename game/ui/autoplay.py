"""The computer's commands while the app runs (no pygame).

`command_for(battle, name)` is the computer player's choice (`game.ai.player`);
`fallback` is the command that can never stall a game (EndTurn, its own side's first
candidate, accept the reaction), sent when the engine refuses the player's choice.
"""
from __future__ import annotations

from game.ai import player
from game.engine import commands as C


def command_for(battle, name: str):
    """The next command of the computer-controlled creature `name` (normal difficulty)."""
    return player.choose_command(battle, name)


def fallback(battle, name: str):
    """A command that is always legal when the battle waits on `name`."""
    aw = battle.awaiting()
    if aw == "reaction":
        return C.React(name, accept=True)
    if aw == "choice":
        from game.engine.turns import candidates
        return C.ChooseNext(name, next=_pick(battle, name, candidates(battle)))
    return C.EndTurn(name)


def _pick(battle, chooser: str, options: list[str]) -> str:
    team = battle.teams_of.get(chooser)
    own = [n for n in options if battle.teams_of.get(n) == team]
    return (own or options)[0]


__all__ = ["command_for", "fallback"]
