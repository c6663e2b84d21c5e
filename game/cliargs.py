"""Command-line values from anyone (docs/security.md "Command line"): hexes and bounded numbers.

- `cell(text, what)`: "COL,ROW" as Tiled shows it -> (col, row); negative numbers are fine (the
  map then says the hex is off it), numbers of more than `MAX_DIGITS` digits are refused before
  int() sees them (a 5,000-digit coordinate used to be an internal ValueError).
- `bounded_int(lo, hi)`: an argparse `type=` for whole numbers within [lo, hi]; anything else
  is argparse's one-line usage error, which shows at most the first 40 characters of the value.
- `file_argument(text)`: an argparse `type=` for a file or folder to read or write: a NUL
  byte or a name longer than the file system takes is a usage error, before any system call
  could fail on it.
- `rules_argument(text)`: an argparse `type=` for `--rules`: a rulebook the game plays (lfg,
  light); a planned or unknown one is argparse's one-line usage error naming the ones there are.
- `RULES_HELP`: what `--rules` chooses, each rulebook with its one-line summary.
- `NEGATIVE_ARG`: what the parser takes for a negative number rather than an option ("-3",
  "-1,0", "2,-4"), so `path MAP NAME -1,0` reaches the map's own bounds check.
- `screen_size(text)`: `screenshot --size` "WxH" -> (w, h), each side SCREEN_SIDES and at most
  MAX_SCREEN_PIXELS in all: the window, the board and the panels are drawn on surfaces of the
  screen's size, about 53 bytes per pixel together, so 4096x3072 needs about 1 GiB (and
  8192x8192 used to run out of memory).
- `creature_name(given, names, where)`: a creature named on the command line, in any case
  when only one creature's name matches that way.
- `program_name()`: what the player typed, for usage lines and the command that plays a
  battle again (the setup screen shows it too).
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from game import rulebooks
from game.errors import InputError
from game.files import path_problem

MAX_DIGITS = 6
_CELL = re.compile(rf"^\s*(-?\d{{1,{MAX_DIGITS}}})\s*,\s*(-?\d{{1,{MAX_DIGITS}}})\s*$")
NEGATIVE_ARG = re.compile(r"^-\d+$|^-\d*\.\d+$|^-?\d+\s*,\s*-?\d+$")


def program_name() -> str:
    """What the player typed: the installed `hexskirmish` command or `python -m game`."""
    return "hexskirmish" if Path(sys.argv[0]).stem == "hexskirmish" else "python -m game"


def creature_name(given: str, names, where=None) -> str:
    """The creature `given` names: its exact name, else the one name equal to it in another
    case; none or several is one line naming the creatures there are."""
    names = sorted(names)
    if given in names:
        return given
    same = [n for n in names if n.casefold() == given.casefold()]
    if len(same) == 1:
        return same[0]
    if same:
        raise InputError(where, None, f"{shown(given)} could be {' or '.join(same)}: give the "
                         "name in its exact case")
    raise InputError(where, None, f"no unit named {shown(given)} (units: {', '.join(names)})")


def shown(text, limit: int = 40) -> str:
    """`text` for a message: quoted, cut to `limit` characters."""
    text = str(text)
    return repr(text if len(text) <= limit else text[:limit] + "...")


def cell(text: str, what: str = "hex") -> tuple[int, int]:
    match = _CELL.match(text or "")
    if not match:
        raise InputError(None, None, f"bad {what} {shown(text)}: write it as COL,ROW as Tiled "
                         f"shows it, e.g. 4,5, with at most {MAX_DIGITS} digits each")
    return int(match[1]), int(match[2])


SCREEN_SIDES = (200, 4096)
MAX_SCREEN_PIXELS = 4096 * 3072
SCREEN_SIZE_HELP = (f"the window's size in pixels, WxH (default 1280x800): each side "
                    f"{SCREEN_SIDES[0]}-{SCREEN_SIDES[1]}, at most {MAX_SCREEN_PIXELS:,} pixels in all "
                    f"(4096x3072, 3840x2160)")


def screen_size(text: str) -> tuple[int, int]:
    lo, hi = SCREEN_SIDES
    match = re.fullmatch(r"\s*(\d{1,5})\s*[xX]\s*(\d{1,5})\s*", text or "")
    width, height = (int(match[1]), int(match[2])) if match else (0, 0)
    if not (lo <= width <= hi and lo <= height <= hi) or width * height > MAX_SCREEN_PIXELS:
        raise InputError(None, None, f"--size {shown(text)}: give WxH with each side "
                         f"{lo}-{hi} and at most {MAX_SCREEN_PIXELS:,} pixels in all, e.g. "
                         f"1280x800 or 4096x3072")
    return width, height


def bounded_int(lo: int, hi: int):
    def parse(text: str) -> int:
        if not re.fullmatch(r"\s*[+-]?\d{1,12}\s*", text) or not lo <= int(text) <= hi:
            raise argparse.ArgumentTypeError(f"must be a whole number from {lo} to {hi}, "
                                             f"got {shown(text)}")
        return int(text)
    parse.__name__ = "whole number"
    return parse


def file_argument(text: str) -> str:
    problem = path_problem(text)
    if problem:
        raise argparse.ArgumentTypeError(f"the file name {shown(text)} {problem}")
    return text


file_argument.__name__ = "file name"


def rules_argument(text: str) -> str:
    name = text.strip()
    why = rulebooks.refusal(name) if name else \
        f"name a rulebook: {' or '.join(rulebooks.PLAYABLE)}"
    if why is not None:
        raise argparse.ArgumentTypeError(why)
    return name


rules_argument.__name__ = "rules"
RULES_METAVAR = "{" + ",".join(rulebooks.PLAYABLE) + "}"
RULES_HELP = ("the rulebook the battle plays (default: the map's `rules` property, else "
              f"{rulebooks.DEFAULT}). "
              + " ".join(rulebooks.described(n) for n in rulebooks.PLAYABLE)).replace("%", "%%")


__all__ = ["MAX_DIGITS", "MAX_SCREEN_PIXELS", "NEGATIVE_ARG", "RULES_HELP", "RULES_METAVAR",
           "SCREEN_SIDES", "SCREEN_SIZE_HELP", "bounded_int", "cell", "file_argument",
           "program_name", "rules_argument", "screen_size", "shown"]
