"""A tutorial lesson's battle (docs/mapping.md "Tutorial lessons"): its map, the player's side
a person's and the others the computer's (easy), its fixed dice first, the map's own seed
and initiative. Bad lesson files raise InputError with the file, the place and the fix."""
from __future__ import annotations

from game.engine.battle import Battle
from game.errors import InputError
from game.tiled.lessons import lesson_problems
from game.tiled.loader import load_map
from game.ui import setup_model as S

LESSON_SEED = 1


def lesson_sides(lesson, hexmap) -> tuple:
    return tuple(S.Side(t) if t == lesson.player else S.Side(t, "ai", "easy")
                 for t in S.map_teams(hexmap))


def lesson_battle(lesson):
    """(battle, setup) of `lesson`; the setup is what Play again repeats (without the dice)."""
    hexmap = load_map(lesson.map_path)
    problems = lesson_problems(lesson, hexmap)
    if problems:
        raise InputError(None, None, problems[0])
    sides = lesson_sides(lesson, hexmap)
    setup = S.Setup(lesson.map_path, sides, None, LESSON_SEED)
    battle = Battle(hexmap, seed=LESSON_SEED, controllers=S.controllers(sides),
                    fixed_dice=lesson.dice)
    return battle, setup


__all__ = ["lesson_battle", "lesson_sides"]
