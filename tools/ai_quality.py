"""AI quality, measured: the computer player (normal) against the baseline controller, or
the difficulty ladder.

    python tools/ai_quality.py [--games 200] [--jobs 2] [--seed 1] [--difficulty normal]
                               [--maps maps/duel.tmx,...] [--json]
    python tools/ai_quality.py --conduct [--games 10] [--levels easy,normal,hard,baseline]
    python tools/ai_quality.py --ladder [--games 200] [--jobs 2] [--maps ...] [--time-games 4]
                               [--rungs sharp,hard,normal,easy]

--conduct plays each level (and the baseline itself) against the baseline, `--games` games
per map, sides swapped every other game, and prints per level how purposefully it played
(`game.ai.conduct`): moves per attack, hexes revisited per creature-turn, the share of its
damage its own side took, weapons fetched under threat; and its wins per map with the 95%
Wilson interval.

--ladder plays each rung of the ladder (sharp: Hard vs Normal without its noise, hard: Hard
vs Normal, normal: Normal vs Easy, easy: Easy vs the baseline), `--games` games per pair
spread over the maps (sides swapped every other game, same seeds for every pair), and prints
the table: the stronger side's win rate with its 95% Wilson interval against its goal (65%,
65%, 65%, 55%), per map and in all. Then each level's decision times against the baseline on
the largest map (`--time-games` games: p99 and max per level). `--rungs sharp,hard` plays
only Hard's rungs (a change to Hard alone leaves the other rungs as they were).

--pair STRONG,WEAK plays one pair the same way; a side is any controller spec of `simulate`
(`game.ai.specs`), so `--pair ai:hard,ai:normal~0.05` is Hard against Normal without its
spacing noise, and `ai:hard@3` is Hard with 3 rollouts per decision.

On each shipped map it plays `--games` seeded games (game i: dice seed S+i); in every other
game the sides are swapped (even i: the AI plays the map's first team, odd i: the second), so
the map's imbalance between its teams cancels out. It prints per map the AI's win rate with a
95% Wilson interval (also as each team), draws, average rounds, the refused commands (the
battle refused a command the AI or the baseline sent: must be 0), stalls (a game that needed
more than the command cap: must be 0), the AI's decision times, and the time taken.
The goal is an AI win rate of at least 75% on every map. Exit status 1 when a command was
refused or a game stalled.

The shipped rosters are balanced for the baseline (tools/make_maps.py), and each map also
gets its par: the baseline in the AI's seats, same seeds, same sides (about 50%); the lift
over par is what the AI's play adds. A last row plays the mirrored arena
(`game.ai.games.arena_map`, not a shipped map), fair by construction (`--no-arena` leaves
it out). Decision times are wall-clock: with --jobs equal to the number of cores they
include the contention of the games running beside them.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from game.ai.games import battle_map  # noqa: E402
from game.paths import resolve_map  # noqa: E402
from game.ai.conduct import ratios, summed  # noqa: E402
from game.ai.simulate import ARENA, BACKENDS, ROUND_CAP, play_games, wilson  # noqa: E402
from game.ai.specs import spec_problem  # noqa: E402

MAPS = [REPO / "maps" / m for m in ("duel.tmx", "skirmish.tmx", "battle.tmx")]
GOAL = 0.75


@dataclass(frozen=True)
class Runner:
    """Where the games run: `jobs` processes here, or Ray tasks (`backend` "ray", on the
    cluster at `ray_address`; `game.ai.cluster`). Either gives the same results."""
    jobs: int = 2
    backend: str = "local"
    ray_address: str | None = None

    def play(self, tasks, progress=None) -> list[dict]:
        return play_games(tasks, self.jobs, progress, self.backend, self.ray_address)


def runner_of(args) -> Runner:
    return Runner(args.jobs, args.backend, args.ray_address)


def map_list(text: str) -> list:
    """`--maps`: paths, shipped map names or `arena` (the mirrored arena), comma-separated;
    a missing one is a usage error."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    maps = [ARENA if name == ARENA else resolve_map(name) for name in names]
    missing = [str(m) for m in maps if m != ARENA and not m.is_file()]
    if not maps or missing:
        raise argparse.ArgumentTypeError(
            f"no map {', '.join(missing) or text!r}: give .tmx paths or shipped map names "
            "(duel, skirmish, battle, ...)")
    return maps


def measure(map_path, games: int, seed: int, runner: Runner, difficulty: str,
            progress: bool = True, rules: str = "lfg") -> dict:
    """Play the AI against the baseline (sides swapped every other game), then the baseline
    in the AI's seats on the same seeds (the par)."""
    teams = list(battle_map(map_path).teams)
    name = Path(str(map_path)).name
    ai = "ai" if difficulty == "normal" else f"ai:{difficulty}"
    seats = [teams[i % 2] for i in range(games)]

    def tasks(spec):
        return [(str(map_path), {seat: spec, next(t for t in teams if t != seat): "baseline"},
                 seed + i, ROUND_CAP, rules) for i, seat in enumerate(seats)]
    start = time.perf_counter()

    def tick(i, r):
        if progress:
            sys.stderr.write(f"\r{name}: {i + 1}/{games} games, "
                             f"{time.perf_counter() - start:.0f} s")
            sys.stderr.flush()
    results = runner.play(tasks(ai), tick)
    if progress:
        sys.stderr.write("\n")
    seconds = time.perf_counter() - start
    par = runner.play(tasks("baseline"))
    wins = sum(1 for r, t in zip(results, seats) if r["winner"] == t)
    par_wins = sum(1 for r, t in zip(par, seats) if r["winner"] == t)
    draws = sum(1 for r in results if r["winner"] not in teams)
    per_team = {}
    for t in teams:
        mine = [(r, p) for r, p, s in zip(results, par, seats) if s == t]
        per_team[t] = {"games": len(mine), "wins": sum(1 for r, _ in mine if r["winner"] == t),
                       "par_wins": sum(1 for _, p in mine if p["winner"] == t)}
    ms = sorted(m for r in results for m in r["ai_ms"])
    lo, hi = wilson(wins, games)
    return {"map": name, "games": games, "ai_wins": wins, "win_rate": wins / games,
            "ci95": [round(lo, 4), round(hi, 4)], "draws": draws, "as_team": per_team,
            "par_wins": par_wins, "par_rate": par_wins / games,
            "average_rounds": sum(r["rounds"] for r in results) / games,
            "refusals": sum(r["refusals"] for r in results),
            "refused_examples": [x for r in results for x in r["refused"]][:5],
            "stalls": sum(1 for r in results if r["stalled"]),
            "fallbacks": sum(r["rejected"] for r in results),
            "decisions": len(ms), "decision_ms_mean": sum(ms) / len(ms) if ms else 0.0,
            "decision_ms_max": ms[-1] if ms else 0.0,
            "decision_ms_p99": ms[int(0.99 * (len(ms) - 1))] if ms else 0.0,
            "seconds": seconds}


# (rung, stronger, weaker, goal): "sharp" is Hard against Normal without the noise that
# spaces the ladder (game.ai.player.PROFILES), the player that Normal's search alone makes
LADDER = (("sharp", "ai:hard", "ai:normal~0.05", 0.65), ("hard", "ai:hard", "ai:normal", 0.65),
          ("normal", "ai:normal", "ai:easy", 0.65), ("easy", "ai:easy", "baseline", 0.55))
RUNGS = tuple(name for name, _, _, _ in LADDER)


def rung(maps, strong: str, weak: str, games: int, seed: int, runner: Runner,
         rules: str = "lfg") -> dict:
    """`games` games of `strong` against `weak`, spread evenly over `maps` (each map's games
    alternate sides): wins of `strong` per map and in all, draws."""
    tasks, seats = [], []
    for k, m in enumerate(maps):
        teams = list(battle_map(m).teams)
        n = games // len(maps) + (1 if k < games % len(maps) else 0)
        for i in range(n):
            seat = teams[i % 2]
            other = next(t for t in teams if t != seat)
            tasks.append((str(m), {seat: strong, other: weak}, seed + i, ROUND_CAP, rules))
            seats.append((Path(str(m)).name, seat))
    start = time.perf_counter()
    results = runner.play(tasks)
    per_map: dict = {}
    for (name, seat), r in zip(seats, results):
        row = per_map.setdefault(name, {"games": 0, "wins": 0, "draws": 0})
        row["games"] += 1
        row["wins"] += r["winner"] == seat
        row["draws"] += r["winner"] not in (seat,) and r["winner"] == "draw"
    wins = sum(r["wins"] for r in per_map.values())
    lo, hi = wilson(wins, len(tasks))
    return {"strong": strong, "weak": weak, "games": len(tasks), "wins": wins,
            "win_rate": wins / max(1, len(tasks)), "ci95": [round(lo, 4), round(hi, 4)],
            "maps": per_map, "refusals": sum(r["refusals"] for r in results),
            "stalls": sum(1 for r in results if r["stalled"]),
            "seconds": time.perf_counter() - start}


def level_times(map_path, games: int, seed: int, runner: Runner, rules: str = "lfg") -> dict:
    """Decision times of each level against the baseline on `map_path` (ms)."""
    out = {}
    teams = list(battle_map(map_path).teams)
    for level in ("easy", "normal", "hard"):
        tasks = [(str(map_path), {teams[i % 2]: f"ai:{level}", teams[1 - i % 2]: "baseline"},
                  seed + i, ROUND_CAP, rules) for i in range(games)]
        ms = sorted(m for r in runner.play(tasks) for m in r["ai_ms"])
        out[level] = {"decisions": len(ms), "mean": sum(ms) / max(1, len(ms)),
                      "p99": ms[int(0.99 * (len(ms) - 1))] if ms else 0.0,
                      "max": ms[-1] if ms else 0.0}
    return out


def ladder(maps, games: int, seed: int, runner: Runner, time_games: int, as_json: bool,
           rungs: tuple = RUNGS, rules: str = "lfg") -> int:
    rows = []
    for name, strong, weak, goal in LADDER:
        if name not in rungs:
            continue
        row = rung(maps, strong, weak, games, seed, runner, rules)
        row.update(rung=name, goal=goal)
        rows.append(row)
        if not as_json:
            lo, hi = row["ci95"]
            per_map = ", ".join(f"{n} {v['wins']}/{v['games']}" for n, v in row["maps"].items())
            print(f"{name:>6}: {strong} vs {weak:<14} {row['wins']:>4}/{row['games']:<4} "
                  f"{100 * row['win_rate']:5.1f}% (95% CI {100 * lo:.1f}-{100 * hi:.1f}%) "
                  f"goal >= {100 * goal:.0f}%: {'met' if row['win_rate'] >= goal else 'NOT met'}"
                  f" [{per_map}] refused {row['refusals']}, stalls {row['stalls']}, "
                  f"{row['seconds']:.0f} s", flush=True)
    times = level_times(maps[-1], time_games, seed, runner, rules) if time_games else {}
    if as_json:
        print(json.dumps({"ladder": rows, "decision_ms": times}))
    else:
        for level, t in times.items():
            print(f"{level} decisions on {Path(str(maps[-1])).name} vs baseline: "
                  f"{t['decisions']}, mean {t['mean']:.1f} ms, p99 {t['p99']:.1f} ms, "
                  f"max {t['max']:.1f} ms", flush=True)
    return 1 if any(r["refusals"] or r["stalls"] for r in rows) else 0


def pair(maps, spec: str, args) -> int:
    """One pair of players (`STRONG,WEAK`) over the maps: wins, the 95% interval, per map."""
    strong, _, weak = spec.partition(",")
    row = rung(maps, strong, weak, args.games, args.seed, runner_of(args), args.rules)
    if args.json:
        print(json.dumps(row))
    else:
        lo, hi = row["ci95"]
        per_map = ", ".join(f"{n} {v['wins']}/{v['games']}" for n, v in row["maps"].items())
        print(f"{strong} vs {weak} ({args.rules}): {row['wins']}/{row['games']} = "
              f"{100 * row['win_rate']:.1f}% (95% CI {100 * lo:.1f}-{100 * hi:.1f}%) "
              f"[{per_map}] refused {row['refusals']}, stalls {row['stalls']}, "
              f"{row['seconds']:.0f} s")
    return 1 if row["refusals"] or row["stalls"] else 0


LEVELS = ("easy", "normal", "hard", "baseline")


def level_conduct(maps, level: str, games: int, seed: int, runner: Runner,
                  rules: str = "lfg") -> dict:
    """`games` games per map of `level` against the baseline (sides swapped every other
    game): its wins per map with the 95% interval, and its conduct summed over all of them
    (`game.ai.conduct`: moves per attack, revisits per creature-turn, own-side damage share,
    weapons fetched under threat). `level` "baseline" plays the baseline in those seats."""
    spec = "baseline" if level == "baseline" else f"ai:{level}"
    rows, per_map = [], {}
    for m in maps:
        teams = list(battle_map(m).teams)
        seats = [teams[i % 2] for i in range(games)]
        tasks = [(str(m), {seat: spec, next(t for t in teams if t != seat): "baseline"},
                  seed + i, ROUND_CAP, rules) for i, seat in enumerate(seats)]
        results = runner.play(tasks)
        wins = sum(1 for r, seat in zip(results, seats) if r["winner"] == seat)
        lo, hi = wilson(wins, games)
        per_map[Path(str(m)).name] = {"games": games, "wins": wins, "win_rate": wins / games,
                                      "ci95": [round(lo, 4), round(hi, 4)],
                                      "refusals": sum(r["refusals"] for r in results)}
        rows += [r["conduct"][seat] for r, seat in zip(results, seats)]
    total = summed(rows)
    return {"level": level, "maps": per_map, "conduct": {**total, **ratios(total)}}


def conduct_report(maps, levels, args) -> int:
    """--conduct: each level's conduct and win rate against the baseline, per map."""
    rows = []
    for level in levels:
        start = time.perf_counter()
        row = level_conduct(maps, level, args.games, args.seed, runner_of(args),
                            args.rules)
        row["seconds"] = time.perf_counter() - start
        rows.append(row)
        if args.json:
            continue
        c = row["conduct"]
        wins = ", ".join(f"{n} {v['wins']}/{v['games']} ({100 * v['ci95'][0]:.0f}-"
                         f"{100 * v['ci95'][1]:.0f}%)" for n, v in row["maps"].items())
        print(f"{level:>8}: {c['moves_per_attack']:.2f} moves/attack, "
              f"{c['revisits_per_creature_turn']:.3f} revisits/creature-turn, "
              f"own-side damage {100 * c['own_damage_share']:.1f}%, "
              f"fetched under threat {c['fetches_threatened']}/{c['fetches']}; "
              f"wins vs baseline [{wins}]; {row['seconds']:.0f} s", flush=True)
    if args.json:
        print(json.dumps({"conduct": rows}))
    return 1 if any(v["refusals"] for r in rows for v in r["maps"].values()) else 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--backend", default="local", choices=BACKENDS,
                        help="local: --jobs processes; ray: Ray tasks, on the cluster of "
                             "--ray-address (docs/balance.md)")
    parser.add_argument("--ray-address", default=None,
                        help="a Ray cluster to use (default: RAY_ADDRESS, else a local Ray "
                             "with --jobs CPUs)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--difficulty", default="normal", choices=("easy", "normal", "hard"))
    parser.add_argument("--maps", type=map_list, default=MAPS,
                        help="maps to play: .tmx paths or shipped map names, comma-separated")
    parser.add_argument("--no-arena", action="store_true")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--ladder", action="store_true",
                        help="measure the difficulty ladder (hard > normal > easy > baseline)")
    parser.add_argument("--time-games", type=int, default=4,
                        help="with --ladder: games per level for the decision times")
    parser.add_argument("--rungs", default=",".join(RUNGS),
                        help="with --ladder: the rungs to play (sharp: hard vs normal "
                             "without its noise, hard: hard vs normal, normal: normal vs easy, "
                             "easy: easy vs baseline); to measure again only what a change "
                             "touched")
    parser.add_argument("--rules", default="lfg", choices=("lfg", "light", "steller"),
                        help="the rulebook every game plays (docs/rules/, docs/rules/light/, "
                             "docs/rules/steller/)")
    parser.add_argument("--pair", default=None, metavar="STRONG,WEAK",
                        help="play one pair over --games games spread over the maps, sides "
                             "swapped (e.g. ai:normal,baseline), instead of the per-map report")
    parser.add_argument("--conduct", action="store_true",
                        help="each level's conduct against the baseline: moves per attack, "
                             "hexes revisited per creature-turn, share of its damage on its "
                             "own side, weapons fetched under threat, and its wins per map")
    parser.add_argument("--levels", default=",".join(LEVELS),
                        help="with --conduct: the levels to play (easy, normal, hard, baseline)")
    args = parser.parse_args(argv)
    if args.conduct:
        levels = tuple(x.strip() for x in args.levels.split(","))
        if any(x not in LEVELS for x in levels):
            parser.error(f"--levels: use some of {', '.join(LEVELS)}")
        return conduct_report(args.maps, levels, args)
    if args.pair:
        sides = args.pair.split(",")
        problems = [p for p in map(spec_problem, map(str.strip, sides)) if p]
        if len(sides) != 2 or problems:
            parser.error(f"--pair: {problems[0] if problems else 'give two controllers'} "
                         "(STRONG,WEAK, e.g. ai:hard,ai:normal~0.05)")
        return pair(args.maps, args.pair, args)
    if args.ladder:
        rungs = tuple(r.strip() for r in args.rungs.split(","))
        unknown = [r for r in rungs if r not in RUNGS]
        if unknown:
            parser.error(f"--rungs: unknown rung {unknown[0]!r} (use {', '.join(RUNGS)})")
        return ladder(args.maps, args.games, args.seed,
                      runner_of(args), args.time_games, args.json, rungs, args.rules)
    rows = []
    total = time.perf_counter()
    maps = args.maps + ([] if args.no_arena else [ARENA])
    for m in maps:
        row = measure(m, args.games, args.seed, runner_of(args), args.difficulty,
                      progress=sys.stderr.isatty(), rules=args.rules)
        rows.append(row)
        if not args.json:
            lo, hi = row["ci95"]
            teams = ", ".join(f"as {t} {v['wins']}/{v['games']} (par {v['par_wins']})"
                              for t, v in row["as_team"].items())
            label = row["map"] if row["map"] != ARENA else "arena (mirrored, not shipped)"
            print(f"{label}: AI ({args.difficulty}) vs baseline: {row['ai_wins']}/"
                  f"{row['games']} = {100 * row['win_rate']:.1f}% (95% CI {100 * lo:.1f}-"
                  f"{100 * hi:.1f}%) [{teams}], draws {row['draws']}, "
                  f"{row['average_rounds']:.1f} rounds on average; goal >= {100 * GOAL:.0f}%: "
                  f"{'met' if row['win_rate'] >= GOAL else 'NOT met'}")
            print(f"  par (the baseline in the AI's seats, same seeds): {row['par_wins']}/"
                  f"{row['games']} = {100 * row['par_rate']:.1f}%; lift "
                  f"{100 * (row['win_rate'] - row['par_rate']):+.1f} points")
            print(f"  refused commands: {row['refusals']}, stalls: {row['stalls']}, "
                  f"fallbacks after the AI's own check: {row['fallbacks']}")
            print(f"  AI decisions: {row['decisions']}, mean {row['decision_ms_mean']:.1f} ms, "
                  f"p99 {row['decision_ms_p99']:.1f} ms, max {row['decision_ms_max']:.1f} ms; "
                  f"time {row['seconds']:.1f} s with --jobs {args.jobs}", flush=True)
            for ex in row["refused_examples"]:
                print(f"  refused: {ex}")
    seconds = time.perf_counter() - total
    if args.json:
        print(json.dumps({"difficulty": args.difficulty, "maps": rows, "seconds": seconds}))
    else:
        print(f"total time: {seconds:.1f} s")
    bad = any(r["refusals"] or r["stalls"] for r in rows)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
