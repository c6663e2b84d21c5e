"""Record what the default rules do today, so that a change to the engine can prove it changed
nothing.

    python tools/record_rules_baseline.py [--part all|scenarios|simulate] [--maps NAME ...]
                                          [--jobs 1] [--check]

The engine is to host several rulebooks ("rule profiles"); the rules played today become the
profile `lfg`, which must play exactly as before. This tool writes what the rules do now to
tests/data/baseline/, and tests/test_rules_baseline.py (or `--check`) compares against it:

- scenarios.json: every save of the default rules and of the steller rules in
  tests/scenarios/*.json replayed as `python -m game replay SAVE --json` does. Per save: the number of events, the sha256 of that command's whole
  output (the event lines, each ended by a newline: `python -m game replay SAVE --json |
  sha256sum` gives it), the first 16 hex digits of each event line's sha256 (to say which
  event changed first) and the final state hash.
- simulate.json: for every shipped map (maps/*.tmx), the JSON document of `python -m game
  simulate MAP --sides ai,...,ai --games 20 --seed 1 --json`, whole: the normal computer
  player on every team (the sides the balance reports play), dice seeds 1 to 20. It carries
  no timings, so the same rules give the same document on every machine and with any --jobs.

Without --check the files are written (with --maps, only those maps' entries of
simulate.json are replaced). With --check nothing is written: the first difference is
printed and the exit status is 1, or 0 when everything is as recorded.

The state hashes digest the battle's inner state (components and bookkeeping), not only what
players see: a refactor that adds or renames state changes them even when every roll and
every event stays the same. Keep such state out of the hash for the default rules, as the
engine already does for terrain and minions.
"""
from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from game import paths  # noqa: E402

BASELINE = REPO / "tests" / "data" / "baseline"
SCENARIOS_DIR = REPO / "tests" / "scenarios"
SCENARIOS_FILE = BASELINE / "scenarios.json"
SIMULATE_FILE = BASELINE / "simulate.json"
GAMES = 20
SEED = 1
CONTROLLER = "ai"
EVENT_HASH_DIGITS = 16


# ---- scenarios: replays of the checked-in saves ----------------------------------------------

#: the rulebooks whose checked-in saves are recorded here, event by event (a save names its
#: rulebook in its `rules` field; the light saves have tests of their own)
RECORDED_RULES = ("lfg", "steller")


def scenario_saves() -> list[Path]:
    """The checked-in saves of the rulebooks of RECORDED_RULES."""
    return sorted(p for p in SCENARIOS_DIR.glob("*.json")
                  if json.loads(p.read_text()).get("rules", "lfg") in RECORDED_RULES)


def replay_lines(save: Path) -> tuple[list[str], str]:
    """The event lines `replay SAVE --json` prints, and the state hash the replay ends in."""
    from game.engine.replay import event_lines, load_replay
    lines: list[str] = []
    battle = load_replay(save, lambda n, events: lines.extend(event_lines(n, events)))
    try:
        return lines, battle.state_hash()
    finally:
        battle.close()


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def scenario_record(lines: list[str], state_hash: str) -> dict:
    return {"events": len(lines),
            "sha256": _sha("".join(line + "\n" for line in lines)),
            "state_hash": state_hash,
            "event_sha256": [_sha(line)[:EVENT_HASH_DIGITS] for line in lines]}


def scenario_difference(name: str, recorded: dict | None, lines: list[str],
                        state_hash: str) -> str | None:
    """None when the replay of save `name` gives the recorded events and state, else the
    first difference in one line (the event that changed first, as it is now)."""
    if recorded is None:
        return f"{name}: no recorded baseline (run tools/record_rules_baseline.py)"
    now = scenario_record(lines, state_hash)
    if now["sha256"] != recorded["sha256"] or now["events"] != recorded["events"]:
        for i, (old, new) in enumerate(zip(recorded["event_sha256"], now["event_sha256"])):
            if old != new:
                return f"{name}: event {i} of {len(lines)} differs; now: {lines[i]}"
        if now["events"] > recorded["events"]:
            return (f"{name}: {now['events']} events, {recorded['events']} recorded; the first "
                    f"new one: {lines[recorded['events']]}")
        return (f"{name}: {now['events']} events, {recorded['events']} recorded (the replay "
                "stops early)")
    if now["state_hash"] != recorded["state_hash"]:
        return (f"{name}: same events, but the replay ends in state {state_hash[:12]}, recorded "
                f"{recorded['state_hash'][:12]} (the battle's inner state changed)")
    return None


def record_scenarios() -> dict:
    return {"scenarios": {save.name: scenario_record(*replay_lines(save))
                          for save in scenario_saves()}}


def check_scenarios() -> list[str]:
    recorded = _read(SCENARIOS_FILE).get("scenarios", {})
    saves = scenario_saves()
    problems = [f"{name}: recorded, but there is no such save in tests/scenarios"
                for name in sorted(set(recorded) - {s.name for s in saves})]
    for save in saves:
        problem = scenario_difference(save.name, recorded.get(save.name), *replay_lines(save))
        if problem:
            problems.append(problem)
    return problems


# ---- simulate: 20 computer games on every shipped map ----------------------------------------

def shipped_maps() -> dict[str, Path]:
    """Every shipped map by name, as `python -m game play --help` lists them."""
    return {p.stem: p for p in sorted(paths.shipped_maps_dir().glob("*.tmx"))}


def sides_for(map_path: Path) -> str:
    """The normal computer player on every team of the map (in the map's team order)."""
    from game.ai.games import battle_map
    hexmap = battle_map(map_path)
    teams = list(hexmap.teams) or sorted({p.team for p in hexmap.units})
    return ",".join([CONTROLLER] * len(teams))


def simulate_doc(map_path: Path, jobs: int = 1) -> dict:
    """What `python -m game simulate MAP --sides ai,.. --games 20 --seed 1 --json` prints,
    played in this process (jobs 1) or in `jobs` worker processes; the progress lines of
    the command are dropped."""
    from game.ai.simulate import run_simulate
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        status = run_simulate(str(map_path), sides_for(map_path), games=GAMES, seed=SEED,
                              jobs=jobs, as_json=True)
    if status != 0:
        raise RuntimeError(f"simulate {map_path.name} exited with status {status}")
    return json.loads(out.getvalue())


def first_difference(recorded, now, where: str = "") -> str | None:
    """Where two JSON documents first differ ("results[3].winner: recorded 'blue', now
    'red'"), or None when they are equal."""
    if type(recorded) is not type(now):
        return f"{where or 'document'}: recorded {recorded!r}, now {now!r}"
    if isinstance(recorded, dict):
        for key in list(recorded) + [k for k in now if k not in recorded]:
            if key not in now or key not in recorded:
                side = "now missing" if key not in now else "not recorded"
                return f"{where}.{key}: {side}".lstrip(".")
            diff = first_difference(recorded[key], now[key], f"{where}.{key}".lstrip("."))
            if diff:
                return diff
        return None
    if isinstance(recorded, list):
        for i, (old, new) in enumerate(zip(recorded, now)):
            diff = first_difference(old, new, f"{where}[{i}]")
            if diff:
                return diff
        if len(recorded) != len(now):
            return f"{where}: {len(recorded)} items recorded, {len(now)} now"
        return None
    return None if recorded == now else f"{where}: recorded {recorded!r}, now {now!r}"


def simulate_difference(name: str, recorded: dict | None, doc: dict) -> str | None:
    if recorded is None:
        return f"{name}: no recorded baseline (run tools/record_rules_baseline.py)"
    if doc.get("rules") == "lfg" and "rules" not in recorded["result"]:
        doc = {k: v for k, v in doc.items() if k != "rules"}   # recorded before it was named
    diff = first_difference(recorded["result"], doc)
    return f"{name}: simulate --json differs at {diff}" if diff else None


def simulate_maps(names: list[str] | None, jobs: int, log=print) -> dict[str, tuple[dict, float]]:
    """{name: (document, seconds)} for the named shipped maps (all without names)."""
    maps = shipped_maps()
    played = {}
    for name in names or list(maps):
        start = time.perf_counter()
        doc = simulate_doc(maps[name], jobs)
        played[name] = (doc, time.perf_counter() - start)
        log(f"simulate {name}: {GAMES} games in {played[name][1]:.1f} s")
    return played


def record_simulate(names: list[str] | None, jobs: int) -> dict:
    old = _read(SIMULATE_FILE).get("maps", {}) if names else {}
    maps = shipped_maps()
    entries = {**old, **{name: {"sides": sides_for(maps[name]), "result": doc}
                         for name, (doc, _) in simulate_maps(names, jobs).items()}}
    return {"games": GAMES, "seed": SEED, "maps": dict(sorted(entries.items()))}


def check_simulate(names: list[str] | None, jobs: int) -> list[str]:
    recorded = _read(SIMULATE_FILE).get("maps", {})
    problems = [] if names else [
        f"{name}: recorded, but it is no longer a shipped map"
        for name in sorted(set(recorded) - set(shipped_maps()))]
    for name, (doc, _) in simulate_maps(names, jobs).items():
        problem = simulate_difference(name, recorded.get(name), doc)
        if problem:
            problems.append(problem)
    return problems


# ---- files and the command -------------------------------------------------------------------

def _read(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


def _write(path: Path, doc: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {path.relative_to(REPO)} ({path.stat().st_size} bytes)")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--part", default="all", choices=("all", "scenarios", "simulate"),
                        help="what to record or check (default: all)")
    parser.add_argument("--maps", nargs="+", default=None, metavar="NAME",
                        help="only these shipped maps for simulate (default: every one)")
    parser.add_argument("--jobs", type=int, default=1, choices=(1, 2, 3, 4),
                        help="games played at once by simulate (processes; default 1)")
    parser.add_argument("--check", action="store_true",
                        help="compare with the recorded files instead of writing them: print "
                             "the first difference and exit 1, or exit 0 when identical")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.maps or ()) - set(shipped_maps()))
    if unknown:
        parser.error(f"--maps: no shipped map {unknown[0]!r} "
                     f"(shipped: {', '.join(shipped_maps())})")
    scenarios, simulate = args.part in ("all", "scenarios"), args.part in ("all", "simulate")
    if not args.check:
        if scenarios:
            _write(SCENARIOS_FILE, record_scenarios())
        if simulate:
            _write(SIMULATE_FILE, record_simulate(args.maps, args.jobs))
        return 0
    problems = (check_scenarios() if scenarios else []) + \
        (check_simulate(args.maps, args.jobs) if simulate else [])
    if problems:
        print(f"differs from tests/data/baseline: {problems[0]}")
        for more in problems[1:]:
            print(f"  also: {more}")
        return 1
    print("as recorded in tests/data/baseline")
    return 0


if __name__ == "__main__":
    sys.exit(main())
