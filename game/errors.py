"""Errors about bad input (maps, unit data, saves, arguments).

Each one is shown to the user as a single line, `path:place: message`, and the command exits
with status 2 without a traceback (docs/security.md). Every part of the line goes through
`printable()`: a file or unit name with a newline or a terminal escape sequence in it cannot
split the line, fake a second message or clear the screen (docs/security.md).
"""
import unicodedata

# Control characters shown by their usual escapes; the others as \xNN / \uNNNN.
_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "\x1b": "\\x1b"}


def is_control(char: str) -> bool:
    """A character a terminal acts on instead of showing: C0/C1 controls, line and paragraph
    separators, and the bidirectional overrides that reorder what a line seems to say."""
    category = unicodedata.category(char)
    return category in ("Cc", "Zl", "Zp") or (category == "Cf" and char not in "\u200d")


def has_control(text: str) -> bool:
    return any(is_control(c) for c in text)


def printable(text) -> str:
    """`text` with every control character written as an escape (`\\n`, `\\x1b`, `\\u202e`)."""
    text = str(text)
    if not has_control(text):
        return text
    out = []
    for c in text:
        if not is_control(c):
            out.append(c)
        elif c in _ESCAPES:
            out.append(_ESCAPES[c])
        else:
            out.append(f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}")
    return "".join(out)


def printable_all(value):
    """`value` (text, or lists, tuples and dicts of them) with every text passed through
    `printable()`: names read from a map or a save before a report prints them."""
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, dict):
        return {printable_all(k): printable_all(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(printable_all(v) for v in value)
    return value


class InputError(Exception):
    """Bad input from a file or the command line; str() is the one line shown to the user."""

    def __init__(self, path, where, message):
        self.path = str(path) if path is not None else ""
        self.where = where
        self.message = message
        super().__init__(self.line())

    def line(self) -> str:
        place = f":{self.where}" if self.where not in (None, "") else ""
        head = f"{self.path}{place}: " if self.path else ""
        return printable(f"{head}{self.message}")
