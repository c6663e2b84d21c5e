"""The tables that say which function handles each command class (docs/architecture.md "The
engine": "One registry of commands").

A handler module registers its functions where they are defined:

    @COMMANDS.handles(C.Move)
    def move(b, cmd): ...

    @FORECASTS.handles(C.Move)
    def move_forecast(b, cmd): ...

`COMMANDS` maps a command class to its handler (check the command, return what performs it;
`game.engine.handlers.handle` and the legality query dispatch through it), `FORECASTS` to
its forecast (`game.engine.forecast.forecast`). The default rules list their handler modules
once, in `game.engine.lfg_handlers`: the tables are complete exactly when that module is
imported (the `lfg` profile imports it). A class registered twice is an error at import, so
no module can quietly replace another's handler.
"""
from __future__ import annotations

from typing import Callable, Iterable


class Registry:
    """Command class -> function, filled by the `handles` decorator."""

    def __init__(self, what: str):
        self.what = what                 # "command handlers", for the error of a duplicate
        self._table: dict[type, Callable] = {}

    def handles(self, *kinds: type) -> Callable:
        """Register the decorated function for each command class of `kinds`."""
        def register(fn: Callable) -> Callable:
            for kind in kinds:
                if kind in self._table:
                    raise RuntimeError(f"{kind.__name__} is in the {self.what} twice: "
                                       f"{self._table[kind].__module__} and {fn.__module__}")
                self._table[kind] = fn
            return fn
        return register

    def get(self, kind: type, default=None):
        return self._table.get(kind, default)

    def __getitem__(self, kind: type) -> Callable:
        return self._table[kind]

    def __contains__(self, kind) -> bool:
        return kind in self._table

    def __len__(self) -> int:
        return len(self._table)

    def kinds(self) -> tuple[type, ...]:
        """The command classes registered, in the order they were."""
        return tuple(self._table)

    def missing(self, kinds: Iterable[type]) -> list[type]:
        """The classes of `kinds` that nothing handles."""
        return [k for k in kinds if k not in self._table]


#: the default rules' command handlers: (battle, command) -> perform() (or Refused)
COMMANDS = Registry("command handlers")
#: the default rules' forecasts: (battle, command) -> Forecast | None
FORECASTS = Registry("forecasts")

__all__ = ["COMMANDS", "FORECASTS", "Registry"]
