"""Commands for computer-controlled sides while the app runs (no pygame).

`command_for(battle, name)` asks `game.ai.player.choose_command(battle, name)` when that
module exists (the real AI, written elsewhere); until then a small built-in player keeps a
human-vs-computer game moving: attack the best target in reach, else walk toward the nearest
enemy, else end the turn; in selective initiative pick its own side first; always take its
attacks of opportunity (RULES.md 4: `always` is the AI's policy). `fallback` is the command
that can never stall a game (EndTurn, the first candidate, accept the reaction).
"""
from __future__ import annotations

import importlib

from game.engine import commands as C
from game.hexgrid import footprint, footprint_turns
from game.rules import movement as mv
from game.rules.situation import best_attack
from game.rules.threat import footprint_distance

_PLAYER = []   # [module or None], imported once


def ai_player():
    """`game.ai.player` when it exists, else None."""
    if not _PLAYER:
        try:
            _PLAYER.append(importlib.import_module("game.ai.player"))
        except ModuleNotFoundError as err:
            if err.name not in ("game.ai.player", "game.ai"):
                raise
            _PLAYER.append(None)
    return _PLAYER[0]


def command_for(battle, name: str):
    """The next command of the computer-controlled creature `name`."""
    player = ai_player()
    if player is not None and hasattr(player, "choose_command"):
        return player.choose_command(battle, name)
    return builtin_command(battle, name)


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


def builtin_command(battle, name: str):
    """The trivial player of the module docstring."""
    if battle.awaiting() != "turn":
        return fallback(battle, name)
    view = battle.view()
    u = view.unit(name)
    budget = battle.budget(name)
    if budget.big <= 0:
        return C.EndTurn(name)
    previews = [(p, e.name) for e in view.enemies_of(u)
                for p in [best_attack(view, u, e)] if p is not None]
    if previews:
        best, target = max(previews, key=lambda pe: (pe[0].expected_damage, pe[0].hit_chance))
        return C.Attack(name, target=target, weapon=best.weapon.id, confirm=True)
    if budget.moved or u.has("prone"):
        return C.StandUp(name, confirm=True) if u.has("prone") else C.EndTurn(name)
    return _approach(battle, view, u) or C.EndTurn(name)


def _approach(battle, view, u):
    """Move (one Big Action) to the reachable hex nearest to the nearest enemy."""
    enemies = view.enemies_of(u)
    if not enemies:
        return None
    reach = mv.reachable(view, u, mv.speed_hexes(u) + battle.budget(u.name).movement)
    now = min(footprint_distance(u, e) for e in enemies)
    best = None
    for h, cost in reach.cost.items():
        if cost == 0:
            continue
        feet = footprint(u.size, h, reach.facing.get(h, u.facing))
        d = min(footprint_distance(feet, e) for e in enemies)
        key = (d, cost)
        if d < now and (best is None or key < best[0]):
            best = (key, h)
    if best is None:
        return None
    path = reach.path(best[1])
    if path is None or not path.states:
        return None
    cells = tuple(battle.cell(s[0]) for s in path.states)
    facings = tuple(s[1] for s in path.states) if footprint_turns(u.size) else ()
    return C.Move(u.name, path=cells, facings=facings, confirm=True)


__all__ = ["ai_player", "builtin_command", "command_for", "fallback"]
