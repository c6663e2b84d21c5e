"""How often the computer player uses each action of the default rules' later systems: mounted
combat, the skill actions, spells, the creatures' attacks, passing through a foe and flight
(docs/rules/03-movement.md, 17-special-abilities.md, 19-maneuvers-and-archery.md,
21-terrain-and-falling.md).

    python tools/action_counts.py [--maps ford=120 bridge keep tests/scenarios/creature_lair.tmx]
                                  [--games 120] [--seed 1] [--jobs 2] [--chunk 20]
                                  [--out counts.json]

Each map plays `--games` computer-against-computer battles (`python -m game simulate MAP
--sides ai,... --json`, one controller per team), seeds S, S+1, ..., in blocks of `--chunk`
games, the maps taking turns; the "actions" counts of both sides are summed over every map.
The table lists every action of `ACTIONS` with its count (and the maps where it was used);
`--out` writes the same as JSON, after every block. Exit code 1 when an action was never
used, 2 on bad arguments.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ai.games import battle_map            # noqa: E402
from game.errors import InputError              # noqa: E402
from game.paths import resolve_map              # noqa: E402

MAPS = ("ford", "bridge", "keep", "tests/scenarios/creature_lair.tmx")

# (what the table calls it, the key of `simulate --json` "actions")
ACTIONS = (
    ("Mount", "Mount"), ("Dismount", "Dismount"),
    ("Mounted charge", "Special: Mounted charge"),
    ("Demoralize", "Demoralize"), ("Dirty Trick", "DirtyTrick"),
    ("Combat Feint", "CombatFeint"), ("Insult", "Insult"), ("Wake Up", "WakeUp"),
    ("Spell cast", "Special: Spell"), ("Perseverance (spell)", "Special: Perseverance"),
    ("Spell disrupted", "Special: Spell disrupted"),
    ("Pounce", "Special: Pounce"), ("Rake", "Special: Rake"),
    ("Swallow Whole", "Swallow"), ("Cut free", "CutFree"), ("Poison", "Special: Poison"),
    ("Sneak attack", "Special: Sneak attack"),
    ("Overpower", "Overpower"), ("Tumble", "Tumble"),
    ("Stop, Drop and Roll", "StopDropRoll"),
    ("Flight: ascent", "Special: Flight: ascent"), ("Dive attack", "Special: Dive attack"),
)


def simulate(map_name: str, games: int, seed: int, jobs: int) -> dict:
    """`games` battles of one map's `simulate --json` (every team played by the computer),
    seeds `seed`, `seed` + 1, ..."""
    path = resolve_map(map_name)
    teams = list(battle_map(path).teams)
    cmd = [sys.executable, "-m", "game", "simulate", str(path), "--sides",
           ",".join(["ai"] * len(teams)), "--games", str(games), "--seed", str(seed),
           "--jobs", str(jobs), "--json"]
    done = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{map_name}: simulate failed with exit code {done.returncode}")
    return json.loads(done.stdout)


def wanted(maps, games: int) -> dict[str, int]:
    """map -> its games: `--games`, or N for a map given as MAP=N."""
    out = {}
    for m in maps:
        name, _, n = m.partition("=")
        if n and (not n.isdigit() or int(n) < 1):
            raise InputError(None, None, f"--maps {m!r}: give MAP or MAP=N with N 1 or more")
        out[name] = int(n) if n else games
    return out


def chunks(games: dict[str, int], size: int):
    """(map, first game, games) blocks, the maps in turn, so that a run stopped early has
    played every map about as much."""
    starts = {m: 0 for m in games}
    while any(starts[m] < games[m] for m in games):
        for m in games:
            if starts[m] < games[m]:
                n = min(size, games[m] - starts[m])
                yield m, starts[m], n
                starts[m] += n


def summed(doc: dict) -> Counter:
    """Both sides' action counts of one `simulate --json` document, added up."""
    total = Counter()
    for counts in doc["actions"].values():
        total.update(counts)
    return total


def report(per_map: dict[str, Counter], played: dict[str, int], refusals: int) -> dict:
    """The JSON document: per action its count in all and per map."""
    rows = []
    for label, key in ACTIONS:
        where = {m: c[key] for m, c in per_map.items() if c.get(key)}
        rows.append({"action": label, "key": key, "count": sum(where.values()),
                     "maps": where})
    return {"games": sum(played.values()), "games_per_map": played,
            "refused_commands": refusals, "actions": rows}


def table(doc: dict) -> str:
    played = ", ".join(f"{Path(m).stem} {n}" for m, n in doc["games_per_map"].items())
    lines = [f"{doc['games']} games ({played}); refused commands: {doc['refused_commands']}",
             f"{'action':<22} {'count':>6}  maps"]
    for row in doc["actions"]:
        maps = ", ".join(f"{Path(m).stem} {n}" for m, n in row["maps"].items())
        lines.append(f"{row['action']:<22} {row['count']:>6}  {maps}")
    return "\n".join(lines)


def play_all(args) -> dict:
    """Every block of games; the counts so far go to --out after each block."""
    games = wanted(args.maps, args.games)
    per_map = {m: Counter() for m in games}
    played = {m: 0 for m in games}
    refusals = 0
    for m, first, n in chunks(games, args.chunk):
        doc = simulate(m, n, args.seed + first, args.jobs)
        per_map[m].update(summed(doc))
        played[m] += n
        refusals += doc["refusals"]
        if args.out:
            args.out.write_text(json.dumps(report(per_map, played, refusals), indent=1) + "\n")
    return report(per_map, played, refusals)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--maps", nargs="+", default=list(MAPS),
                    help="shipped map names or .tmx files; MAP=N plays N battles there")
    ap.add_argument("--games", type=int, default=120, help="battles on each map (unless MAP=N)")
    ap.add_argument("--seed", type=int, default=1, help="the first battle's dice seed")
    ap.add_argument("--jobs", type=int, default=2, help="battles played at once")
    ap.add_argument("--chunk", type=int, default=20,
                    help="games per block: the maps take turns, the counts are written after "
                         "each block")
    ap.add_argument("--out", type=Path, help="write the counts as JSON here")
    args = ap.parse_args(argv)
    if args.games < 1 or args.jobs < 1 or args.chunk < 1:
        print("--games, --jobs and --chunk must be 1 or more", file=sys.stderr)
        return 2
    try:
        doc = play_all(args)
    except InputError as err:
        print(err, file=sys.stderr)
        return 2
    print(table(doc))
    return 0 if all(row["count"] for row in doc["actions"]) else 1


if __name__ == "__main__":
    sys.exit(main())
