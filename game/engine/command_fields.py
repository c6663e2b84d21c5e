"""Whether a command's fields have the types its class declares (docs/security.md "Commands").

A command is plain data from anyone: the window, the computer players, a test, a save file. Its
dataclass annotations say what each field holds (`tuple[Cell, ...]`, `str | None`, `bool`),
and `field_refusal(command)` checks every field against them before any rule reads it: a bool
is not a whole number, a float or a list is not a hex, a whole number is at most `MAX_INT` in
size, a text at most `MAX_TEXT` characters, a path at most `MAX_ITEMS` hexes. `Battle.apply`,
`Battle.refusal` and `Battle.forecast` ask it once per command; the save loader
(game/engine/savefile.py) asks it of every command it reads, so a command the engine accepts
is one its save reads back.
"""
from __future__ import annotations

import functools
import json
import types
import typing
from dataclasses import fields

from game.engine.state import Refused

MAX_INT = 10 ** 9                 # coordinates, facings, die faces
MAX_TEXT = 200                    # unit names, weapon ids, policies
MAX_ITEMS = 10_000                # hexes in a path, fixed rolls

_CHECKS: dict = {}


@functools.cache          # one entry per command class: bounded by the game's code
def declared_fields(cls: type) -> tuple[tuple[str, object, object], ...]:
    """(name, type, check) of each field of the command class `cls`, read once per class."""
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name], checker(hints[f.name])) for f in fields(cls))


def field_refusal(command) -> Refused | None:
    """A `Refused("bad_field", ...)` naming the first field of `command` whose value does not
    have its declared type (None: every field fits)."""
    for name, hint, check in declared_fields(type(command)):
        value = getattr(command, name)
        if not check(value):
            return Refused("bad_field", f"{type(command).__name__}.{name} must be "
                           f"{describe(hint)}, got {short(value)}", field=name)
    return None


def fits(value, hint) -> bool:
    """Whether `value` has the type `hint` (the types the commands' fields use)."""
    return checker(hint)(value)


def checker(hint):
    """The check of one type (`fits`), made once per type: a command is checked at each
    entry, so the check is a few comparisons, not a walk over the annotations."""
    check = _CHECKS.get(hint)
    if check is None:
        check = _CHECKS[hint] = _make_checker(hint)
    return check


def _is_int(v) -> bool:
    return type(v) is int and -MAX_INT <= v <= MAX_INT


def _is_cell(v) -> bool:
    return type(v) is tuple and len(v) == 2 and _is_int(v[0]) and _is_int(v[1])


def _make_checker(hint):
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        parts = tuple(checker(a) for a in args)
        return lambda v: any(part(v) for part in parts)
    simple = {type(None): lambda v: v is None, bool: lambda v: type(v) is bool, int: _is_int,
              str: lambda v: type(v) is str and len(v) <= MAX_TEXT}
    if hint in simple:
        return simple[hint]
    if origin is tuple and args == (int, int):
        return _is_cell
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = checker(args[0])
        return lambda v: type(v) is tuple and len(v) <= MAX_ITEMS and all(map(item, v))
    if origin is tuple:
        items = tuple(checker(a) for a in args)
        return lambda v: (type(v) is tuple and len(v) == len(items)
                          and all(c(x) for c, x in zip(items, v)))
    return lambda v: False


def describe(hint) -> str:
    """`hint` for people: "[col, row]", "a whole number", "true or false"..."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(describe(a) for a in args)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return f"a list of ({describe(args[0])})"
        return "[col, row]" if args == (int, int) else f"a list of {len(args)} values"
    return {bool: "true or false", int: f"a whole number (at most {MAX_INT:,} in size)",
            str: f"a text (at most {MAX_TEXT} characters)", type(None): "null"}.get(
        hint, str(hint))


def short(value) -> str:
    """`value` as a save would show it, cut to 60 characters."""
    try:
        text = json.dumps(value) if not isinstance(value, str) else repr(value)
    except RecursionError:
        text = f"a {type(value).__name__} nested too deeply"
    except (ValueError, TypeError):         # a 5,000-digit number, an object that is no data
        text = f"a {type(value).__name__} that cannot be shown"
    return text if len(text) <= 60 else text[:57] + "..."


__all__ = ["MAX_INT", "MAX_ITEMS", "MAX_TEXT", "checker", "declared_fields", "describe",
           "field_refusal", "fits", "short"]
