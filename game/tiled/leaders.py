"""The unit property `leader` of a map (docs/rules/15-minions.md; docs/mapping.md "Units").

A minion names its leader by the leader's object name. Each check gives (line, what is wrong,
how to fix it), like the rest of the map loader: the leader must be a unit of the map, on the
minion's side, not the minion itself, and not a minion itself (minions cannot have minions).
A leader named in a stat block (assets/units/*.toml) is checked the same way for every
creature of that kind on the map.
"""
from __future__ import annotations

import difflib


def leader_of(u, db) -> str:
    """The leader a placement names (its own property, else its stat block's), or ""."""
    named = u.overrides.get("leader")
    if named is None:
        named = getattr(db.get(u.unit), "leader", "")
    return named.strip() if isinstance(named, str) else ""


def leader_problems(units, db) -> list[tuple[int, str, str]]:
    """Every placement whose `leader` is not a creature it may follow."""
    by_name = {u.name: u for u in units}
    leaders = {u.name: leader_of(u, db) for u in units}
    out = []
    for u in units:
        named = leaders[u.name]
        if not named:
            continue
        label = f"unit '{u.name}'"
        leader = by_name.get(named)
        if named == u.name:
            out.append((u.line, f"{label} names itself as its leader",
                        "set leader to the object name of another creature of its side"))
        elif leader is None:
            close = difflib.get_close_matches(named, list(by_name), n=1)
            hint = f"did you mean '{close[0]}'? " if close else ""
            out.append((u.line, f"{label}: leader '{named}' is not a unit of this map",
                        f"{hint}set leader to the object name of a unit of its side"))
        elif leader.team != u.team:
            out.append((u.line, f"{label} (team {u.team}) follows '{named}' of team "
                        f"{leader.team}: a leader is on its minions' side",
                        "change the minion's team or its leader"))
        elif leaders[named]:
            out.append((u.line, f"{label} follows '{named}', which is itself a minion (of "
                        f"'{leaders[named]}'): minions cannot have minions",
                        f"set leader = \"{leaders[named]}\", or clear the leader of "
                        f"'{named}'"))
    return out


__all__ = ["leader_of", "leader_problems"]
