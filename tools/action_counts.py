"""How often the computer player uses each action of the default rules' later systems: mounted
combat, the skill actions, spells, the creatures' attacks, passing through a foe and flight
(docs/rules/03-movement.md, 17-special-abilities.md, 19-maneuvers-and-archery.md,
21-terrain-and-falling.md).

    python tools/action_counts.py [--maps ford bridge keep tests/scenarios/creature_lair.tmx]
                                  [--games 120] [--seed 1] [--jobs 2] [--out counts.json]

Each map plays `--games` computer-against-computer battles (`python -m game simulate MAP
--sides ai,... --json`, one controller per team), seeds S, S+1, ...; the "actions" counts of
both sides are summed over every map. The table lists every action of `ACTIONS` with its
count (and the maps where it was used); `--out` writes the same as JSON. Exit code 1 when an
action was never used, 2 on bad arguments.
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
    """One map's `simulate --json` document (every team played by the computer)."""
    path = resolve_map(map_name)
    teams = list(battle_map(path).teams)
    cmd = [sys.executable, "-m", "game", "simulate", str(path), "--sides",
           ",".join(["ai"] * len(teams)), "--games", str(games), "--seed", str(seed),
           "--jobs", str(jobs), "--json"]
    done = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{map_name}: simulate failed with exit code {done.returncode}")
    return json.loads(done.stdout)


def summed(doc: dict) -> Counter:
    """Both sides' action counts of one `simulate --json` document, added up."""
    total = Counter()
    for counts in doc["actions"].values():
        total.update(counts)
    return total


def report(per_map: dict[str, Counter], games: int) -> dict:
    """The JSON document: per action its count in all and per map."""
    rows = []
    for label, key in ACTIONS:
        where = {m: c[key] for m, c in per_map.items() if c.get(key)}
        rows.append({"action": label, "key": key, "count": sum(where.values()),
                     "maps": where})
    return {"games": games * len(per_map), "games_per_map": games,
            "maps": list(per_map), "actions": rows}


def table(doc: dict) -> str:
    lines = [f"{doc['games']} games ({doc['games_per_map']} on each of "
             f"{', '.join(doc['maps'])})", f"{'action':<22} {'count':>6}  maps"]
    for row in doc["actions"]:
        maps = ", ".join(f"{Path(m).stem} {n}" for m, n in row["maps"].items())
        lines.append(f"{row['action']:<22} {row['count']:>6}  {maps}")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--maps", nargs="+", default=list(MAPS), help="shipped map names or .tmx")
    ap.add_argument("--games", type=int, default=120, help="battles on each map")
    ap.add_argument("--seed", type=int, default=1, help="the first battle's dice seed")
    ap.add_argument("--jobs", type=int, default=2, help="battles played at once")
    ap.add_argument("--out", type=Path, help="write the counts as JSON here")
    args = ap.parse_args(argv)
    if args.games < 1 or args.jobs < 1:
        print("--games and --jobs must be 1 or more", file=sys.stderr)
        return 2
    try:
        per_map = {m: summed(simulate(m, args.games, args.seed, args.jobs)) for m in args.maps}
    except InputError as err:
        print(err, file=sys.stderr)
        return 2
    doc = report(per_map, args.games)
    print(table(doc))
    if args.out:
        args.out.write_text(json.dumps(doc, indent=1) + "\n")
    return 0 if all(row["count"] for row in doc["actions"]) else 1


if __name__ == "__main__":
    sys.exit(main())
