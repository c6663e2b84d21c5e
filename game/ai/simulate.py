"""Computer players against each other, headless (the `simulate` command):

    python -m game simulate MAP --sides ai,ai [--games N] [--seed S] [--jobs J] [--json]
                            [--backend local|ray] [--ray-address ADDRESS]

MAP may also be `arena`: a mirrored arena, fair by construction (`game.ai.games`).
The i-th entry of --sides controls the i-th team of the map's `teams` property; a controller
is `ai` (`ai:easy`, `ai:normal`, `ai:hard`; plain `ai` is normal; `ai:hard@6` sets Hard's
look-ahead rollouts, `ai:normal~0.05` a level's noise, `ai:hard+danger=1.0` one of its
weights: `game.ai.specs`) or `baseline`. Game i uses
the seed S+i for the battle's dice, and each computer player gets its own noise generator
seeded from the game's seed and its team, so a game's result does not depend on --jobs (the
games run in separate processes with --jobs > 1, the 'spawn' context).

A game that reaches ROUND_CAP rounds is a draw; one that needs more than COMMAND_CAP commands
is a stall (a draw too, and counted: the players must never stall). A command the battle
refuses is counted (it must never happen) and the side's turn is ended in its place.

Output: win rates per side with 95% Wilson intervals, draws, average rounds, the
first-mover advantage (how often the side whose creature acted first in round 1 won), the
uses of each command type per side (`actions`) and how purposefully each side played
(`conduct`: moves per attack, hexes revisited per creature-turn, the share of its damage its
own side took, weapons fetched under threat; `game.ai.conduct`). The JSON document depends only on the map,
the sides and the seeds: decision times are in the text report only. `--backend ray` plays
the same games as Ray tasks (`game.ai.cluster`); games are handed out as workers free up,
never all made up front. A
progress bar goes to stderr (redrawn on a terminal, else one line per game); stdout carries
only the report, or exactly the JSON document with --json.
"""
from __future__ import annotations

import json
import math
import multiprocessing as mp
from concurrent.futures import ProcessPoolExecutor
import sys
import time
from collections import deque
from pathlib import Path

from game import rulebooks
from game.ai.cluster import RayRunner
from game.ai.conduct import ratios, summed
from game.ai.specs import spec_problem
from game.ai.games import ARENA, ROUND_CAP, battle_map, play_game, task_fields, task_fog
from game.errors import InputError, printable, printable_all

CONTROLLERS = ("ai", "ai:easy", "ai:normal", "ai:hard", "baseline")


# ---- controllers -----------------------------------------------------------------------------

def parse_sides(text: str, teams: list[str]) -> list[str]:
    """--sides: one controller per team of the map, in the order of its `teams` property."""
    if not isinstance(text, str) or not text.strip():
        raise InputError(None, None, f"--sides needs one controller per team "
                         f"({', '.join(teams)}), e.g. --sides {','.join(['ai'] * len(teams))}")
    sides = [s.strip().lower() for s in text.split(",")]
    if len(sides) != len(teams):
        raise InputError(None, None, f"--sides {text!r} names {len(sides)} controller(s) but "
                         f"the map has {len(teams)} team(s) ({', '.join(teams)}): give one "
                         "per team, in that order")
    for s in sides:
        problem = spec_problem(s)
        if problem is not None:
            raise InputError(None, None, f"--sides: {problem}")
    return sides


def _play_task(task):
    map_path, controllers, seed, round_cap, rules = task_fields(task)
    return play_game(map_path, controllers, seed, round_cap, rules=rules, fog=task_fog(task))


BACKENDS = ("local", "ray")
IN_FLIGHT_PER_WORKER = 4     # games handed out ahead per worker: enough to keep it busy


def iter_games(tasks, jobs: int = 1, backend: str = "local", ray_address: str | None = None):
    """Play (map, {team: spec}, seed, round_cap[, rules]) tasks and yield each result in
    task order (rules: a rulebook's name, None or left out: the map's own).

    `tasks` may be any iterable, even an endless one: at most IN_FLIGHT_PER_WORKER games per
    worker are handed out ahead of the results read, so tasks are made as they are needed.
    backend "local": `jobs` processes ('spawn'; in this process when jobs is 1); "ray": Ray
    tasks (`game.ai.cluster`). The same tasks give the same results on every backend."""
    if backend == "ray":
        with RayRunner(ray_address, jobs) as runner:
            yield from _in_order(runner.submit, runner.result, tasks,
                                 runner.workers * IN_FLIGHT_PER_WORKER)
        return
    if jobs <= 1:
        for task in tasks:
            yield _play_task(task)
        return
    pool = ProcessPoolExecutor(jobs, mp_context=mp.get_context("spawn"))
    try:
        yield from _in_order(lambda task: pool.submit(_play_task, task),
                             lambda future: future.result(), tasks,
                             jobs * IN_FLIGHT_PER_WORKER)
    finally:                  # a reader that stops early does not wait for games ahead
        pool.shutdown(cancel_futures=True)


def _in_order(submit, result, tasks, window: int):
    """Submit tasks keeping at most `window` unfinished, yield results in task order."""
    pending = deque()
    for task in tasks:
        pending.append(submit(task))
        if len(pending) >= window:
            yield result(pending.popleft())
    while pending:
        yield result(pending.popleft())


def play_games(tasks, jobs: int = 1, progress=None, backend: str = "local",
               ray_address: str | None = None) -> list[dict]:
    """`iter_games` as a list; `progress(i, result)` is called as each game finishes (in
    task order)."""
    results = []
    for i, r in enumerate(iter_games(tasks, jobs, backend, ray_address)):
        results.append(r)
        if progress:
            progress(i, r)
    return results


# ---- statistics ------------------------------------------------------------------------------

def wilson(successes: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


class Progress:
    """A progress bar on stderr: redrawn on a terminal, else one line per game."""

    def __init__(self, total: int, stream=None):
        self.total, self.stream = total, stream or sys.stderr
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.start = time.perf_counter()

    def __call__(self, i: int, r: dict) -> None:
        done = i + 1
        elapsed = time.perf_counter() - self.start
        if self.tty:
            width = 30
            filled = width * done // self.total
            self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} "
                              f"games, {elapsed:.0f} s")
            if done == self.total:
                self.stream.write("\n")
        else:
            self.stream.write(f"game {done}/{self.total} (seed {r['seed']}): {printable(r['winner'])} in "
                              f"{r['rounds']} rounds, {elapsed:.1f} s\n")
        self.stream.flush()


def summarize(results: list[dict], teams: list[str], sides: list[str]) -> dict:
    """The JSON document of `simulate --json` (with the extra statistics at top level)."""
    n = len(results)
    side_rows = []
    rates = {}
    for team, spec in zip(teams, sides):
        wins = sum(1 for r in results if r["winner"] == team)
        side_rows.append({"team": team, "controller": spec, "wins": wins})
        lo, hi = wilson(wins, n)
        rates[team] = {"win_rate": wins / n if n else 0.0, "ci95": [round(lo, 4), round(hi, 4)]}
    draws = sum(1 for r in results if r["winner"] not in teams)
    firsts = [r for r in results if r.get("first")]
    first_wins = sum(1 for r in firsts if r["winner"] == r["first"])
    lo, hi = wilson(first_wins, len(firsts))
    return {
        "games": n,
        "sides": side_rows,
        "draws": draws,
        "results": [{"seed": r["seed"], "winner": r["winner"], "rounds": r["rounds"],
                     "state_hash": r["state_hash"]} for r in results],
        "win_rates": rates,
        "average_rounds": round(sum(r["rounds"] for r in results) / n, 3) if n else 0.0,
        "first_mover": {"games": len(firsts), "wins": first_wins,
                        "win_rate": first_wins / len(firsts) if firsts else 0.0,
                        "ci95": [round(lo, 4), round(hi, 4)]},
        "refusals": sum(r["refusals"] for r in results),
        "stalls": sum(1 for r in results if r["stalled"]),
        "actions": total_actions(results, teams),
        "conduct": total_conduct(results, teams),
    }


def total_conduct(results: list[dict], teams: list[str]) -> dict:
    """team -> its conduct counts summed over the games (`game.ai.conduct`) and the figures
    read from them (moves per attack, revisits per creature-turn, own-side damage share)."""
    out = {}
    for team in teams:
        total = summed(r["conduct"][team] for r in results if team in r.get("conduct", {}))
        out[team] = {**total, **ratios(total)}
    return out


def total_actions(results: list[dict], teams: list[str]) -> dict:
    """team -> {command type: uses} summed over the games (teams in the map's order)."""
    totals = {team: {} for team in teams}
    for r in results:
        for team, counts in r.get("stats", {}).get("actions", {}).items():
            side = totals.setdefault(team, {})
            for kind, n in counts.items():
                side[kind] = side.get(kind, 0) + n
    return {team: dict(sorted(c.items())) for team, c in totals.items()}


def decision_ms(results: list[dict]) -> dict:
    """The computer players' decision times (wall clock: in the text report only, so that
    the JSON document of the same games is the same on every run and backend)."""
    ms = [m for r in results for m in r.get("ai_ms", ())]
    return {"count": len(ms), "mean": sum(ms) / len(ms) if ms else 0.0,
            "max": max(ms) if ms else 0.0}


def report_text(doc: dict, map_name: str, seconds: float, ms: dict | None = None) -> str:
    doc, map_name = printable_all(doc), printable(map_name)   # team names come from the map
    lines = [f"{map_name}: {doc['games']} games"]
    for side in doc["sides"]:
        rate = doc["win_rates"][side["team"]]
        lo, hi = rate["ci95"]
        lines.append(f"  {side['team']:>8} ({side['controller']}): {side['wins']} wins, "
                     f"{100 * rate['win_rate']:.1f}% (95% CI {100 * lo:.1f}-{100 * hi:.1f}%)")
    lines.append(f"  draws: {doc['draws']}")
    lines.append(f"  average rounds: {doc['average_rounds']:.2f}")
    fm = doc["first_mover"]
    lo, hi = fm["ci95"]
    lines.append(f"  first mover won {fm['wins']}/{fm['games']} "
                 f"({100 * fm['win_rate']:.1f}%, 95% CI {100 * lo:.1f}-{100 * hi:.1f}%)")
    for team, counts in doc.get("actions", {}).items():
        used = ", ".join(f"{kind} {n}" for kind, n in sorted(counts.items(), key=lambda kv: -kv[1]))
        lines.append(f"  {team} commands: {used or 'none'}")
    for team, c in doc.get("conduct", {}).items():
        lines.append(f"  {team} conduct: {c['moves_per_attack']:.2f} moves per attack, "
                     f"{c['revisits_per_creature_turn']:.3f} hexes revisited per creature-turn, "
                     f"{100 * c['own_damage_share']:.1f}% of its damage on its own side, "
                     f"{c['fetches_threatened']}/{c['fetches']} weapons fetched under threat")
    if ms and ms["count"]:
        lines.append(f"  ai decisions: {ms['count']}, mean {ms['mean']:.1f} ms, "
                     f"max {ms['max']:.1f} ms")
    lines.append(f"  refused commands: {doc['refusals']}, stalls: {doc['stalls']}")
    lines.append(f"  time: {seconds:.1f} s")
    return "\n".join(lines)


# ---- the subcommand --------------------------------------------------------------------------

def run_simulate(map, sides, games: int = 10, seed: int = 1, jobs: int = 1,
                 as_json: bool = False, backend: str = "local",
                 ray_address: str | None = None, rules: str | None = None,
                 fog: bool | None = None) -> int:
    """`python -m game simulate`: play `games` battles on `map` with the rulebook `rules`
    (None: the map's own); print the report (or JSON, whose "rules" names the rulebook).
    Bad arguments raise InputError (one line, exit 2). backend "ray" plays the games as Ray
    tasks (`iter_games`)."""
    path = Path(map)
    if str(map) == ARENA and not path.exists():
        path = ARENA                  # the mirrored arena (arena_map), fair by construction
    elif not path.exists():
        raise InputError(path, None, "no such map file (give a .tmx path, a shipped map's "
                         "name such as duel, or 'arena' for the mirrored arena)")
    hexmap = battle_map(path)
    teams = list(hexmap.teams) or sorted({p.team for p in hexmap.units})
    spec = parse_sides(sides, teams)
    if not isinstance(games, int) or games < 1:
        raise InputError(None, None, f"--games must be 1 or more, got {games}")
    if not isinstance(jobs, int) or jobs < 1:
        raise InputError(None, None, f"--jobs must be 1 or more, got {jobs}")
    if backend not in BACKENDS:
        raise InputError(None, None, f"--backend must be one of {', '.join(BACKENDS)}, "
                         f"got {backend!r}")
    rules = rules_of(hexmap, rules)
    controllers = dict(zip(teams, spec))
    tasks = ((str(path), controllers, seed + i, ROUND_CAP, rules, fog) for i in range(games))
    start = time.perf_counter()
    progress, results, times = Progress(games), [], decision_ms([])
    for i, r in enumerate(iter_games(tasks, jobs, backend, ray_address)):
        progress(i, r)
        times = _merged_ms([times, decision_ms([r])])
        results.append(_kept(r))
    doc = {**summarize(results, teams, spec), "rules": rules,
           "fog": bool(getattr(hexmap, "fog", False) if fog is None else fog)}
    if as_json:
        print(json.dumps(doc))
    else:
        name = Path(str(path)).name + (f" ({rules} rules)" if rules != rulebooks.DEFAULT else "")
        print(report_text(doc, name, time.perf_counter() - start, times))
    return 0


def rules_of(hexmap, rules: str | None) -> str:
    """The rulebook the games play: `rules` (`--rules`), else the map's own; a planned or
    unknown one is refused before any game starts."""
    if rules:
        why = rulebooks.refusal(rules)
        if why is not None:
            raise InputError(None, None, f"--rules: {why}")
        return rules
    name = getattr(hexmap, "rules", "") or rulebooks.DEFAULT
    why = rulebooks.refusal(name)
    if why is not None:
        raise InputError(getattr(hexmap, "path", None), "rules", f"the map's rules property: "
                         f"{why} (or give --rules)")
    return name


def _kept(result: dict) -> dict:
    """What `summarize` reads of a game: a long run keeps a few hundred bytes per game."""
    kept = {k: result[k] for k in ("seed", "winner", "rounds", "state_hash", "first",
                                   "refusals", "stalled")}
    kept["stats"] = {"actions": result["stats"]["actions"]}
    kept["conduct"] = result.get("conduct", {})
    return kept


def _merged_ms(parts: list[dict]) -> dict:
    count = sum(p["count"] for p in parts)
    return {"count": count,
            "mean": sum(p["mean"] * p["count"] for p in parts) / count if count else 0.0,
            "max": max((p["max"] for p in parts), default=0.0)}


__all__ = ["ARENA", "BACKENDS", "CONTROLLERS", "Progress", "ROUND_CAP", "decision_ms",
           "iter_games", "parse_sides", "play_game", "play_games", "report_text", "rules_of",
           "run_simulate", "summarize", "task_fields", "total_actions", "total_conduct",
           "wilson"]
