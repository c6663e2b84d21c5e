"""The tutorial's lessons (docs/mapping.md "Tutorial lessons").

A lesson is a map made in Tiled plus a small TOML file beside it with the same name and the
suffix `.lesson.toml` (`01-move-and-attack.tmx` and `01-move-and-attack.lesson.toml`). The
TOML file holds no code, only data:

- `title`, `intro` (shown before the first step), `done` (shown when the last step is done);
- `player`: the side the player commands (the others are the computer's);
- `dice`: rolls fixed in advance, `[["d20", 20], ["d20", 1]]`, drawn in order before the
  battle's seeded dice (the initiative is rolled first, one d20 per creature in map order);
- `[[step]]` tables, in order: `text` (the instruction), `when` (one of `STEP_KINDS`: what
  the engine must report), `unit` (the creature that must do it) and, for `moved`,
  `region` (a region of the map it must end its move in).

`read_lesson(path)` raises `InputError` naming the file, the place and the fix;
`lesson_problems(lesson, hexmap)` lists what the lesson names that the map lacks.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game import paths
from game.data.loader import read_toml
from game.data.model import DataError

LESSON_SUFFIX = ".lesson.toml"
MAX_STEPS = 20

# what each kind of step waits for (the engine's events, docs/architecture.md "Commands and
# events")
STEP_KINDS = {
    "moved": "the creature ends a move (in `region` when given)",
    "attacked": "the creature makes an attack roll",
    "provoked": "the creature leaves a hex an enemy threatens",
    "defended": "the creature answers an attack with an active parry or dodge",
    "prepared": "the creature prepares an interrupt",
    "interrupted": "the creature's interrupt is triggered",
    "ability": "the creature uses a special ability",
    "turn_ended": "the creature ends its turn",
}


@dataclass(frozen=True)
class Step:
    text: str
    when: str
    unit: str
    region: str = ""


@dataclass(frozen=True)
class Lesson:
    path: Path              # the .lesson.toml file
    map_path: Path
    title: str
    intro: str
    done: str
    player: str
    steps: tuple[Step, ...]
    dice: tuple[tuple[str, int], ...] = ()


def tutorial_dir() -> Path:
    return paths.shipped_maps_dir() / "tutorial"


def lesson_file_of(map_path) -> Path:
    """The lesson file that goes with a map (it may not exist)."""
    p = Path(map_path)
    return p.with_name(p.stem + LESSON_SUFFIX)


def list_lessons(folder=None) -> list[Lesson]:
    """The lessons of `folder` (default: the shipped tutorial), in file name order."""
    folder = Path(folder or tutorial_dir())
    return [read_lesson(p) for p in sorted(folder.glob(f"*{LESSON_SUFFIX}"))]


def _text(path, data: dict, key: str, where: str, required: bool = True) -> str:
    value = data.get(key, "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise DataError(path, where, f"`{key}` must be a text", f'write {key} = "..."')
    return value.strip()


def _step(path, n: int, data) -> Step:
    where = f"step {n}"
    if not isinstance(data, dict):
        raise DataError(path, where, "a step must be a table", "write [[step]] above it")
    when = _text(path, data, "when", where)
    if when not in STEP_KINDS:
        raise DataError(path, where, f"unknown `when` {when!r}",
                        f"use one of {', '.join(STEP_KINDS)}")
    region = _text(path, data, "region", where, required=False)
    if region and when != "moved":
        raise DataError(path, where, "`region` is for `moved` steps only", "remove it")
    return Step(_text(path, data, "text", where), when, _text(path, data, "unit", where),
                region)


def _dice(path, rolls) -> tuple[tuple[str, int], ...]:
    ok = isinstance(rolls, list) and len(rolls) <= 100 and all(
        isinstance(r, list) and len(r) == 2 and r[0] in ("d4", "d6", "d8", "d10", "d12", "d20")
        and isinstance(r[1], int) and 1 <= r[1] <= int(r[0][1:]) for r in rolls)
    if not ok:
        raise DataError(path, "dice", "dice must be a list of [die, face] pairs",
                        'write dice = [["d20", 20], ["d20", 1]]')
    return tuple((r[0], r[1]) for r in rolls)


def read_lesson(path) -> Lesson:
    path = Path(path)
    data, _ = read_toml(path)
    steps = data.get("step", [])
    if not isinstance(steps, list) or not 1 <= len(steps) <= MAX_STEPS:
        raise DataError(path, "step", f"a lesson needs 1 to {MAX_STEPS} steps",
                        "add [[step]] tables with text, when and unit")
    map_path = path.with_name(path.name[:-len(LESSON_SUFFIX)] + ".tmx")
    if not map_path.is_file():
        raise DataError(path, "-", f"its map {map_path.name} is missing",
                        "put the lesson's map beside it with the same name")
    return Lesson(path, map_path, _text(path, data, "title", "title"),
                  _text(path, data, "intro", "intro", required=False),
                  _text(path, data, "done", "done", required=False),
                  _text(path, data, "player", "player"),
                  tuple(_step(path, n, s) for n, s in enumerate(steps, 1)),
                  _dice(path, data.get("dice", [])))


def lesson_problems(lesson: Lesson, hexmap) -> list[str]:
    """One line per name of the lesson that its map does not have."""
    names = {u.name for u in hexmap.units}
    teams = {u.team for u in hexmap.units}
    out = []
    if lesson.player not in teams:
        out.append(f"{lesson.path}:player: no side {lesson.player!r} on the map (use one of "
                   f"{', '.join(sorted(teams))})")
    for n, step in enumerate(lesson.steps, 1):
        if step.unit not in names:
            out.append(f"{lesson.path}:step {n}: no creature {step.unit!r} on the map "
                       f"(name one of {', '.join(sorted(names))})")
        if step.region and step.region not in hexmap.scenario.regions:
            out.append(f"{lesson.path}:step {n}: no region {step.region!r} on the map "
                       f"(draw it in the map's Scenario layer, or fix the name)")
    return out


__all__ = ["LESSON_SUFFIX", "Lesson", "STEP_KINDS", "Step", "lesson_file_of",
           "lesson_problems", "list_lessons", "read_lesson", "tutorial_dir"]
