"""The checks of a field of a data file, shared by the unit and weapon files
(`game.data.loader`) and their abilities (`game.data.abilities`), and by the unit overrides
of a map (docs/mapping.md "Units"; docs/architecture.md "Layers").

A checker is `check(ctx, key, value) -> converted value`: `ctx` knows the file and says where
a field is (`ctx.error(key, message, fix)` -> DataError naming the line and the fix, and
`ctx.lenient` for the values a map's overrides give as text). `int_field(lo, hi)`,
`text_field(...)`, `choice_field(options)`, `names_field(options, what)` make checkers;
`bool_field`, `dice_field` are checkers; `check_fields(ctx, table, spec)` checks a whole table
against {name: (checker, default or REQUIRED)}, one error at most.
"""
from __future__ import annotations

import difflib
import re

from game.errors import has_control

from .dice import parse_dice
from .model import DataError

REQUIRED = object()
ID_PATTERN = re.compile(r"^[a-z][a-z0-9_]*$")


def whole_number(ctx, value):
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if ctx.lenient and isinstance(value, float) and value.is_integer():
        return int(value)
    if ctx.lenient and isinstance(value, str) and re.fullmatch(r"\s*[+-]?\d+\s*", value):
        return int(value)
    return None


def int_field(lo=None, hi=None, feet=False):
    def check(ctx, key, value):
        n = whole_number(ctx, value)
        what = "a whole number of feet" if feet else "a whole number"
        if n is None:
            raise ctx.error(key, f"must be {what}, got {value!r}",
                            f"write e.g. {key.split('.')[-1]} = {max(lo or 0, 30 if feet else 1)}")
        if (lo is not None and n < lo) or (hi is not None and n > hi):
            rng = f"at least {lo}" if hi is None else f"between {lo} and {hi}"
            raise ctx.error(key, f"must be {rng}, got {n}", f"use a value {rng}")
        if feet and n % 5:
            raise ctx.error(key, f"must be a multiple of 5 feet (1 hex = 5 ft), got {n}",
                            f"use {n - n % 5} or {n - n % 5 + 5}")
        return n
    return check


def bool_field(ctx, key, value):
    if isinstance(value, bool):
        return value
    if ctx.lenient and isinstance(value, str) and value.strip().lower() in ("true", "false"):
        return value.strip().lower() == "true"
    raise ctx.error(key, f"must be true or false, got {value!r}", f"write {key} = true")


def text_field(min_len=0, max_len=None, lines=False):
    """A text field; control characters (a newline in a name, a terminal escape sequence)
    are refused, except line breaks and tabs where `lines` allows them (descriptions)."""
    def check(ctx, key, value):
        if not isinstance(value, str):
            raise ctx.error(key, f"must be a text in quotes, got {value!r}",
                            f"write {key} = \"...\"")
        if has_control(value.replace("\n", "").replace("\t", "") if lines else value):
            raise ctx.error(key, f"holds a control character: {value!r}",
                            "remove it; names are plain text on one line")
        if len(value.strip()) < min_len or (max_len and len(value) > max_len):
            size = f"{min_len} to {max_len} characters" if max_len else "non-empty"
            raise ctx.error(key, f"must be {size}, got {value!r}", f"give {key} {size}")
        return value
    return check


def choice_field(options):
    def check(ctx, key, value):
        if value not in options:
            raise ctx.error(key, f"unknown value {value!r}",
                            f"use one of: {', '.join(options)}")
        return value
    return check


def dice_field(ctx, key, value):
    try:
        return parse_dice(value)
    except ValueError as exc:
        raise ctx.error(key, str(exc), f"write e.g. {key} = \"1d8\" or \"2d6+1\"") from None


def names_field(options, what):
    def check(ctx, key, value):
        items = [value] if isinstance(value, str) else value
        if (not isinstance(items, list) or not all(isinstance(v, str) for v in items)
                or (not items and what == "damage types")):
            raise ctx.error(key, f"must be a list of {what}, got {value!r}",
                            f"write e.g. {key} = [\"{options[0]}\"]")
        for v in items:
            if v not in options:
                raise ctx.error(key, f"unknown {what[:-1]} {v!r}",
                                f"use some of: {', '.join(options)}")
        return tuple(items)
    return check


def table_field(ctx, key, value, example):
    if not isinstance(value, dict):
        raise ctx.error(key, f"must be a table, got {value!r}", f"write e.g. {key} = {example}")
    return value


def check_fields(ctx, table: dict, spec: dict, prefix: str = "") -> dict:
    """Check `table` against `spec` {name: (checker, default|REQUIRED)}; one error at most."""
    dot = f"{prefix}." if prefix else ""
    for key in table:
        if key not in spec:
            close = difflib.get_close_matches(key, spec, n=1)
            hint = f"did you mean {close[0]!r}? " if close else ""
            raise ctx.error(dot + key, f"unknown field {key!r}",
                            f"{hint}known fields: {', '.join(spec)}")
    out = {}
    for key, (check, default) in spec.items():
        if key in table:
            out[key] = check(ctx, dot + key, table[key])
        elif default is REQUIRED:
            raise ctx.error(dot + key, f"missing required field {key!r}",
                            f"add {key} = ...; required fields: "
                            f"{', '.join(k for k, (_, d) in spec.items() if d is REQUIRED)}")
        else:
            out[key] = default
    return out



class ArrayItemContext:
    """Errors of the n-th `[[array]]` table of a data file (a weapon, a power, an ability): the
    line of a key inside that table; its sub-tables `[array.x]` belong to it."""

    def __init__(self, path, text: str, array: str, n: int, label: str):
        self.path, self.label, self.lenient = path, f"{label}.{array}[{n}]", False
        self.lines = text.splitlines()
        heads = [i for i, line in enumerate(self.lines)
                 if re.match(rf"^\s*\[\[\s*{array}\s*\]\]", line)]
        self.start = heads[n] if n < len(heads) else None
        later = [i for i, line in enumerate(self.lines) if self.start is not None
                 and i > self.start and re.match(r"^\s*\[", line)
                 and not re.match(rf"^\s*\[\s*{array}\.", line)]
        self.end = later[0] if later else len(self.lines)

    def line_of(self, key: str) -> int | None:
        if self.start is None:
            return None
        for part in reversed(re.sub(r"\[\d+\]", "", key).split(".")):
            pat = re.compile(rf'^\s*"?{re.escape(part)}"?\s*=|[{{,]\s*{re.escape(part)}\s*=')
            for i in range(self.start + 1, self.end):
                if pat.search(self.lines[i]):
                    return i + 1
        return self.start + 1

    def error(self, key: str, message: str, fix: str) -> DataError:
        line = self.line_of(key)
        if not line:
            return DataError(self.path, f"{self.label}.{key}", message, fix)
        return DataError(self.path, line, f"{self.label}.{key}: {message}", fix)


__all__ = ["ArrayItemContext", "ID_PATTERN", "REQUIRED", "bool_field", "check_fields", "choice_field", "dice_field",
           "int_field", "names_field", "table_field", "text_field", "whole_number"]
