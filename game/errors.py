"""Errors about bad input (maps, unit data, saves, arguments).

Each one is shown to the user as a single line, `path:place: message`, and the command exits
with status 2 without a traceback (DESIGN.md "Quality").
"""


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
        return f"{head}{self.message}"
