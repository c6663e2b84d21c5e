"""What the window shows of a battle under fog of war (docs/rules/22-hiding-and-fog.md "Fog of
war"), no pygame: whose knowledge is shown, and the combat log's lines with the creatures that
side does not see named "something".

- `shown_side(battle, human_teams, chosen, waiting_team)`: the side whose knowledge the window
  shows, None for everything. A side chosen outright (a screenshot's `--side`, the replay
  viewer's switch) wins; else, without fog, everything; with fog, a single human side's, or in
  hotseat the side whose person plays now (the last one that played while the computer acts);
  with no person playing, everything. `chosen` "" is everything, chosen outright.
- `unknown_to(battle, side)`, `masked_text(text, unknown)`: the hotseat handoff's "meanwhile"
  lines with the creatures the side to play does not see named "something";
- `masked(entry, unknown)`: a combat log line with the names of `unknown` creatures replaced
  (and where an unknown creature moved to left out).
"""
from __future__ import annotations

import re
from dataclasses import replace

from game.engine.sightings import known_by

SOMETHING = "something"


def shown_side(battle, human_teams, chosen: str | None, waiting_team: str | None,
               last_human: str | None = None) -> str | None:
    """The side whose knowledge the window shows (module docstring)."""
    if chosen is not None:      # "": everything, chosen outright
        return chosen or None
    if not getattr(battle, "fog", False) or not human_teams:
        return None
    if len(human_teams) == 1:
        return next(iter(human_teams))
    if waiting_team in human_teams:
        return waiting_team
    return last_human if last_human in human_teams else sorted(human_teams)[0]


def _pattern(names) -> re.Pattern | None:
    if not names:
        return None
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![\w]){alternatives}(?![\w])")


def masked_text(text: str, unknown) -> str:
    """`text` with every creature of `unknown` named "something"."""
    pattern = _pattern({n for n in unknown if n in text})
    return pattern.sub(SOMETHING, text) if pattern is not None else text


def unknown_to(battle, side: str) -> frozenset:
    """Under fog of war, the creatures `side` does not see now (none without fog)."""
    if not getattr(battle, "fog", False):
        return frozenset()
    known = known_by(battle, side)
    return frozenset(u.name for u in battle.view().units if not known.knows(u))


def masked(entry, unknown) -> object:
    """`entry` (a LogEntry) with every creature of `unknown` named "something" and left out of
    the creatures it highlights."""
    involved = [n for n in entry.units if n in unknown]
    pattern = _pattern(set(involved) or {n for n in unknown if n in entry.text})
    if pattern is None:
        return entry
    text = pattern.sub(SOMETHING, entry.text)
    detail = pattern.sub(SOMETHING, entry.detail)
    if entry.kind == "move" and involved:       # where an unseen creature went stays unknown
        text, detail = f"{SOMETHING} moves", ""
    if text.startswith(SOMETHING):
        text = "S" + text[1:]
    return replace(entry, text=text, detail=detail,
                   units=tuple(n for n in entry.units if n not in unknown))


__all__ = ["SOMETHING", "masked", "masked_text", "shown_side", "unknown_to"]
