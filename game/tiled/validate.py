"""`python -m game validate MAP...` (docs/mapping.md "Check, look, balance"; docs/security.md
"Maps").

Every map is loaded on its own (game.tiled.loader.read_map); each problem is one line
`path:line: message — fix`. All problems are collected, never only the first, in time linear
in their number; the first SHOWN_PER_MAP of a map are printed, then one line counting the
rest, so a map of 20,000 problems prints a page, not a book. Exit status 0
with a line `path: ok (W x H, N units)` per map (plus the rules, lives and respawn points it
sets and its objectives: `summary`) and its warnings when every map is fine; else 2 with the
problem lines only, on stderr. Never a traceback: an unexpected exception
while loading is itself reported as a problem line naming the map.

`--json` (for editors: the Tiled extension of docs/mapping.md "Tiled commands and extension")
prints one JSON object on stdout instead, the same exit status: per map its problems and
warnings, each with the file, the line (or JSON path) and the message with its fix.
"""
from __future__ import annotations

import json
import re
import sys

from game.errors import printable
from game.tiled.hexmap import DEFAULT_RULES
from game.errors import InputError
from game.tiled.lessons import lesson_file_of, lesson_problems, read_lesson
from game.tiled.loader import read_map
from game.tiled.xmlsafe import Problem, problem

__all__ = ["Problem", "SHOWN_PER_MAP", "run_validate", "validate_map"]
SHOWN_PER_MAP = 100  # problem (or warning) lines printed per map; the rest are counted
WARNING_LINE = re.compile(r"(?P<file>.*?):(?P<line>\d+|[^\s:]+): warning: (?P<message>.*)", re.S)


def _read(path, units_db):
    try:
        hexmap, found = read_map(path, units_db)
    except Exception as err:  # a bug in the loader must still give one line, not a traceback
        return None, [problem(path, 1, f"internal error while loading the map "
                                       f"({type(err).__name__}: {err})",
                              "please report it together with this map")]
    return hexmap, found + (lesson_check(path, hexmap) if hexmap is not None else [])


def lesson_check(path, hexmap) -> list:
    """The problems of the tutorial lesson beside the map, when it has one (docs/mapping.md
    "Tutorial lessons")."""
    lesson_path = lesson_file_of(path)
    if not lesson_path.is_file():
        return []
    try:
        return lesson_problems(read_lesson(lesson_path), hexmap)
    except InputError as err:
        return [str(err)]


def validate_map(path, units_db=None) -> list[Problem]:
    """Every problem of the map at `path` (empty: the map is fine)."""
    return _read(path, units_db)[1]


def summary(hexmap) -> str:
    """"20 x 14, 8 units", and what the rule profiles add when the map sets it
    ("light rules, 2 lives, 2 respawn points")."""
    parts = [f"{hexmap.width} x {hexmap.height}", f"{len(hexmap.units)} units"]
    if hexmap.rules != DEFAULT_RULES:
        parts.append(f"{hexmap.rules} rules")
    if "lives" in hexmap.properties:
        parts.append(f"{hexmap.lives} li{'fe' if hexmap.lives == 1 else 'ves'}")
    if hexmap.respawns:
        n = len(hexmap.respawns)
        parts.append(f"{n} respawn point{'' if n == 1 else 's'}")
    return ", ".join(parts + scenario_parts(hexmap.scenario))


def scenario_parts(scenario) -> list[str]:
    """"3 objectives", "1 reinforcement layer", "round limit 8": what the map adds to the
    last side standing (docs/mapping.md "Objectives and events")."""
    def count(n: int, word: str) -> str:
        return f"{n} {word}{'' if n == 1 else 's'}"
    parts = [count(len(scenario.objectives), "objective")] if scenario.objectives else []
    if scenario.reinforcements:
        parts.append(count(len(scenario.reinforcements), "reinforcement layer"))
    if scenario.round_limit:
        parts.append(f"round limit {scenario.round_limit}")
    return parts


def shown_lines(path, lines: list, kind: str) -> list:
    """The first SHOWN_PER_MAP of a map's `lines`, then one line saying how many more."""
    if len(lines) <= SHOWN_PER_MAP:
        return lines
    more = len(lines) - SHOWN_PER_MAP
    return [*lines[:SHOWN_PER_MAP],
            f"{path}: and {more} more {kind} not shown — fix the first {SHOWN_PER_MAP} "
            f"and run validate again"]


def run_validate(paths, units_db=None, out=None, err=None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    problems: dict[Problem, None] = {}  # in order, each once (two maps may share a tileset)
    good: list[str] = []
    for path in paths:
        hexmap, found = _read(path, units_db)
        new = [p for p in dict.fromkeys(found) if p not in problems]
        problems.update(dict.fromkeys(shown_lines(path, new, "problems")))
        if hexmap is not None and not found:
            good.append(f"{path}: ok ({summary(hexmap)})")
            good.extend(shown_lines(path, hexmap.warnings, "warnings"))
    if problems:
        for p in problems:
            print(p if isinstance(p, Problem) else printable(p), file=err)
        return 2
    for line in good:
        print(printable(line), file=out)   # a path or a warning may hold a map's names
    return 0


def place_of(p) -> dict:
    """A problem (or a warning line) as {"file", "line", "message"} for --json."""
    if isinstance(p, Problem):
        return {"file": p.path, "line": p.line, "message": printable(p.message)}
    match = WARNING_LINE.fullmatch(str(p))
    if match is None:
        return {"file": None, "line": None, "message": printable(str(p))}
    line = match["line"]
    return {"file": match["file"], "line": int(line) if line.isdigit() else line,
            "message": printable(match["message"])}


def map_report(path, units_db) -> dict:
    """What --json says of one map."""
    hexmap, found = _read(path, units_db)
    problems = list(dict.fromkeys(found))
    warnings = hexmap.warnings if hexmap is not None and not problems else []
    return {"map": str(path), "ok": not problems,
            "summary": summary(hexmap) if hexmap is not None and not problems else None,
            "problems": [place_of(p) for p in problems],
            "warnings": [place_of(w) for w in warnings]}


def run_validate_json(paths, units_db=None, out=None) -> int:
    """`validate --json`: one JSON object {"maps": [...]} on stdout; exit 2 if any problem."""
    maps = [map_report(path, units_db) for path in paths]
    print(json.dumps({"maps": maps}, indent=1, ensure_ascii=False), file=out or sys.stdout)
    return 0 if all(m["ok"] for m in maps) else 2
