"""The legality query of a rulebook whose actions are a table (the light and steller profiles:
docs/architecture.md "Rule profiles"). Each row (`ActionRow`) names an action, what it
costs, its availability (the first checks of its handler, before any target) and its
candidate commands; the table answers the query's four questions from the rows and the
profile's own command check, the same way for every such rulebook.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from game.engine.legality import ActionOption, Option, legal_option
from game.engine.state import Refused


@dataclass(frozen=True)
class ActionRow:
    action: str
    cost: str
    available: Callable          # (battle, unit view) -> None or Refused
    commands: Callable           # (battle, unit view) -> candidate commands
    legal: Callable | None = None   # (battle, unit view) -> its Options, when the candidates
                                    # come from a search that already checked them


class ActionTable:
    """The query over `rows` for the rulebook `words` (as the refusals name it): `check`
    raises Refused for a command its handler would refuse; `actor(battle, end_turn(name))`
    is the creature whose turn it is, or raises Refused."""

    def __init__(self, words: str, rows, check: Callable, end_turn: type, actor: Callable):
        self.words, self.check, self.end_turn, self.actor = words, check, end_turn, actor
        self.kinds = {row.action: row for row in rows}
        self.ids = tuple(self.kinds)

    def refusal(self, b, command) -> Refused | None:
        try:
            self.check(b, command)
        except Refused as refused:
            return refused
        return None

    def legal(self, b, command) -> Option | None:
        return legal_option(b, command, self.refusal)

    def _start(self, b, name: str, action: str):
        kind = self.kinds.get(action)
        try:
            if kind is None:       # a caller that knows another rulebook's actions asked
                raise Refused("no_such_action", f"the {self.words} have no {action!r} action "
                              f"(they have {', '.join(self.ids)})")
            u = self.actor(b, self.end_turn(name))
            kind.available(b, u)
        except Refused as refused:
            return kind, None, refused
        return kind, u, None

    def can_start(self, b, name: str, action: str) -> Refused | None:
        return self._start(b, name, action)[2]

    def options(self, b, name: str, action: str) -> list[Option]:
        kind, u, why = self._start(b, name, action)
        if why is not None:
            return []
        if kind.legal is not None:
            return list(kind.legal(b, u))
        found = (self.legal(b, cmd) for cmd in kind.commands(b, u))
        return [o for o in found if o is not None]

    def action_option(self, b, name: str, action: str) -> ActionOption:
        kind, u, why = self._start(b, name, action)
        if why is None and kind.legal is not None:
            if next(iter(kind.legal(b, u)), None) is not None:
                return ActionOption(action, True, cost=kind.cost)
            why = Refused("no_target", "no hex to move to")
        if why is None:
            first = None
            for cmd in kind.commands(b, u):
                if self.legal(b, cmd) is not None:
                    return ActionOption(action, True, cost=kind.cost)
                first = first or self.refusal(b, cmd)
            why = Refused("no_target", "no target or place for it now" +
                          (f" ({first.reason})" if first is not None else ""))
        return ActionOption(action, False, why.code, why.reason, kind.cost if kind else "")

    def actions(self, b, name: str) -> list[ActionOption]:
        return [self.action_option(b, name, a) for a in self.ids]


__all__ = ["ActionRow", "ActionTable"]
