"""One computer game: two or more controllers play a battle to its end, headless
(docs/balance.md; `game.ai.simulate` plays many, on a process pool or on Ray through
`game.ai.cluster`, and both run `play_game`).

- `make_player(spec, seed)`: the player of a controller spec (`ai`, `ai:easy`, `ai:normal`,
  `ai:hard`, `baseline`; a level may name its look-ahead's rollouts and its noise,
  `ai:hard@6`, `ai:normal~0.05`: `game.ai.specs`), with its own seeded noise.
- `battle_map(map_path)`: the HexMap of a .tmx path (cached per process), of ARENA (the
  mirrored arena of `arena_map`, fair by construction), or a HexMap itself.
- `play_game(map_path, controllers, seed, ...)`: the battle played out; its result and its
  statistics (`game.balance.stats`).

A game that reaches ROUND_CAP rounds is a draw; one that needs more than COMMAND_CAP commands
is a stall. A command the battle refuses is counted and the side's turn is ended instead.
"""
from __future__ import annotations

import time

from game.ai.baseline import BaselinePlayer
from game.ai.player import AIPlayer
from game.ai.conduct import ConductWatch, conduct
from game.ai.specs import parse_controller, spec_problem
from game.balance.stats import game_stats, roster
from game.ecs.scenario import WALL, make_hexmap
from game.engine import commands as C
from game.engine import turns
from game.engine.battle import Battle
from game.tiled.loader import load_map

ROUND_CAP = 60
COMMAND_CAP = 6000


def make_player(spec: str, seed):
    """A player object with `.command(battle)` for a controller spec."""
    if spec == "baseline":
        return BaselinePlayer()
    got = parse_controller(spec)
    if got is None:
        raise ValueError(spec_problem(spec))
    return AIPlayer(got.level, seed=seed, budget=got.budget, noise=got.noise,
                    weights=got.weights)


_MAPS: dict = {}
MAPS_KEPT = 16      # the maps a process plays on; a process fed ever new files keeps the latest
ARENA = "arena"


def arena_map():
    """A mirrored arena, fair by construction (the same creatures on both sides, point-
    symmetric walls): the shipped maps favour one side, this one measures play alone.
    `play_game(ARENA, ...)` plays on it."""
    w, h = 13, 9
    terrain = {(6, 2): WALL, (6, 6): WALL}
    units = []
    left = [("fighter", 2, 3), ("fighter", 2, 5), ("archer", 1, 4), ("goblin", 3, 4)]
    for n, (key, col, row) in enumerate(left):
        units.append(dict(name=f"B{n}", unit=key, team="blue", col=col, row=row, facing=0))
        units.append(dict(name=f"R{n}", unit=key, team="red", col=w - 1 - col, row=h - 1 - row,
                          facing=3))
    return make_hexmap(w, h, terrain, units, teams=["blue", "red"])


def battle_map(map_path):
    """A HexMap from a path (cached per process), ARENA, or a HexMap itself."""
    if hasattr(map_path, "terrain"):
        return map_path
    key = str(map_path)
    if key not in _MAPS:
        if len(_MAPS) >= MAPS_KEPT:
            _MAPS.pop(next(iter(_MAPS)))        # the one loaded first
        if key == ARENA:
            _MAPS[key] = arena_map()
        else:
            _MAPS[key] = load_map(map_path)
    return _MAPS[key]


def task_fields(task) -> tuple:
    """(map, {team: spec}, seed, round_cap, rules) of a task; a task of four fields plays
    the map's own rules."""
    map_path, controllers, seed, round_cap, *rest = task
    return map_path, controllers, seed, round_cap, rest[0] if rest else None


def task_fog(task) -> bool | None:
    """The fog of war a task asks for (its sixth field; None or left out: the map's own)."""
    return task[5] if len(task) > 5 else None


def play_game(map_path, controllers: dict, seed: int, round_cap: int = ROUND_CAP,
              command_cap: int = COMMAND_CAP, rules: str | None = None,
              fog: bool | None = None) -> dict:
    """Play one battle on `map_path` (a .tmx path, ARENA or a HexMap) with the rulebook
    `rules` (None: the map's own): `controllers` maps each team to a controller spec. Returns
    {"seed", "winner" (a team or "draw"), "rounds", "state_hash", "first" (team that acted
    first), "commands", "refusals", "stalled", "ai_ms" (decision times of `ai` players),
    "rejected" (first choices the players' own check turned down), "stats" (per creature,
    deaths, decisive rolls and the commands each side used: `game.balance.stats`), "conduct"
    (per team: moves, attacks, revisited hexes, damage to its own side, weapons fetched under
    threat: `game.ai.conduct`)}."""
    hexmap = battle_map(map_path)
    battle = Battle(hexmap, seed=seed, controllers={t: "ai" for t in controllers},
                    rules=rules, fog=fog)
    start = roster(battle)
    players = {team: make_player(spec, f"{seed}:{team}") for team, spec in controllers.items()}
    first = battle.teams_of.get(battle.active) if battle.active else None
    refusals, commands, stalled = 0, 0, False
    refused_examples = []
    ai_ms: list[float] = []
    watch = ConductWatch()
    try:
        while battle.awaiting() != "over":
            if battle.round > round_cap:
                break
            if commands >= command_cap:
                stalled = True
                break
            state, who = battle.decider()
            if first is None and state == "turn":
                first = battle.teams_of.get(who)
            team = battle.teams_of.get(who)
            player = players[team]
            t0 = time.perf_counter()
            cmd = player.command(battle)
            if hasattr(player, "decisions"):
                ai_ms.append((time.perf_counter() - t0) * 1000)
            watch.before(battle, cmd)
            outcome = battle.apply(cmd)
            commands += 1
            if not outcome.ok:
                refusals += 1
                if len(refused_examples) < 3:
                    refused_examples.append(f"{cmd}: {outcome.reason}")
                fallback = _fallback(battle, C)
                if fallback is None or not battle.apply(fallback).ok:
                    stalled = True
                    break
        winner = battle.winner or "draw"
        result = {"seed": seed, "winner": winner, "rounds": battle.round,
                  "state_hash": battle.state_hash(), "first": first, "commands": commands,
                  "refusals": refusals, "stalled": stalled,
                  "rejected": sum(getattr(p, "rejected", 0) for p in players.values()),
                  "ai_ms": ai_ms, "refused": refused_examples,
                  "stats": game_stats(battle, start), "conduct": conduct(battle, watch)}
    finally:
        battle.close()
    return result


def _fallback(battle, C):
    state = battle.awaiting()
    if state == "turn":
        return C.EndTurn(battle.active)
    if state == "choice":
        return C.ChooseNext(battle.chooser, turns.candidates(battle)[0])
    if state == "reaction":
        return C.React(battle.pending.reactor, True)
    return None

__all__ = ["ARENA", "COMMAND_CAP", "ROUND_CAP", "arena_map", "battle_map", "make_player",
           "play_game", "task_fields", "task_fog"]
