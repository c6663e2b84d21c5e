"""A side's turns in one line: "Red: Grik moved 3 hexes and hit Fang for 7; Snag waited".

The combat log ends each computer side's run of turns with that line (`with_summaries`), and
the hotseat handoff says what happened since the side it is handed to last acted
(`meanwhile`). A *run* is consecutive turns of creatures of one side (a minion's deeds in
its leader's turn count for the minion); a creature that did nothing "waited". Pure: reads
the battle's events, no pygame.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.engine import events as E
from game.ui.lines import LogEntry
from game.ui.presenters import log_entries, log_events


@dataclass(frozen=True)
class Run:
    """Consecutive turns of one side: events[start:end] of the list it was cut from; it ends
    where the next side's turn starts, so that the log's lines before it keep their places
    when its summary comes."""
    team: str
    start: int
    end: int
    complete: bool            # another side's turn (or the end of the battle) followed


def _turn_team(e, teams_of) -> str | None:
    return teams_of.get(e.unit) if isinstance(e, E.TurnStarted) else None


def runs(events, teams_of) -> list[Run]:
    """The side runs of `events`, in order."""
    out: list[Run] = []
    team, start = None, None
    for n, e in enumerate(events):
        who = _turn_team(e, teams_of)
        if who is not None and who != team:
            if team is not None:
                out.append(Run(team, start, n, True))
            team, start = who, n
        elif isinstance(e, E.BattleWon) and team is not None:
            out.append(Run(team, start, n + 1, True))
            team, start = None, None
    if team is not None:
        out.append(Run(team, start, len(events), False))
    return out


def _hexes(n: int) -> str:
    return f"{n} hex{'es' if n != 1 else ''}"


# a wrestling maneuver (docs/rules/18-wrestling-and-knockdown.md): (what a won check did, what was tried)
_MANEUVER_WORDS = {"grab": ("grabbed", "grab"), "trip": ("tripped", "trip"),
                   "shove": ("shoved", "shove"), "pin": ("pinned", "pin"),
                   "escape": ("escaped from", "escape from"),
                   "shield_bash": ("shield-bashed", "shield-bash")}


def _deed(e, nxt) -> tuple[str, str] | None:
    """(creature, what it did) of one event, None for an event that is no deed."""
    if isinstance(e, E.Moved):
        verb = {"run": "ran", "charge": "charged", "retreat": "retreated",
                "step": "stepped"}.get(e.kind, "moved")
        return e.unit, f"{verb} {_hexes(len(e.path))}"
    if isinstance(e, E.AttackRolled):
        if e.kind == "touch" and e.hit:
            return None         # the maneuver's opposed check that follows says what it did
        if e.hit and not e.concealed_miss:
            dmg = nxt.amount if isinstance(nxt, E.Damaged) and nxt.unit == e.target else None
            crit = " (critical)" if e.critical else ""
            return e.attacker, f"hit {e.target}" + (f" for {dmg}" if dmg else "") + crit
        return e.attacker, f"missed {e.target}"
    if isinstance(e, E.OpposedCheck):
        done, tried = _MANEUVER_WORDS.get(e.maneuver, (e.maneuver, e.maneuver))
        return e.unit, f"{done} {e.target}" if e.won else f"tried to {tried} {e.target}"
    if isinstance(e, (E.Died, E.KnockedOut)) and e.by:
        return e.by, f"{'killed' if isinstance(e, E.Died) else 'knocked out'} {e.unit}"
    if isinstance(e, E.AbilityUsed):
        return e.unit, f"used {e.name}"
    if isinstance(e, E.SpellDisrupted):
        return e.unit, f"lost its {e.name} spell"
    if isinstance(e, E.PowerUsed):
        return e.unit, f"used {e.power}"
    if isinstance(e, E.Healed) and e.amount and e.by:
        return e.by, f"healed {e.unit} for {e.amount}"
    if isinstance(e, E.Stood):
        return e.unit, "stood up"
    if isinstance(e, E.DoorChanged):
        return e.unit, {"open": "opened a door", "closed": "closed a door"}.get(
            e.state, "broke a door")
    return None


def _merged(deeds: list[str]) -> list[str]:
    """Moves in a row make one ("moved 2 hexes", "moved 1 hex" -> "moved 3 hexes")."""
    out: list[str] = []
    for d in deeds:
        verb, _, rest = d.partition(" ")
        last = out[-1].partition(" ") if out else None
        if last and last[0] == verb and verb in ("moved", "ran", "stepped") and \
                rest.split()[0].isdigit():
            total = int(last[2].split()[0]) + int(rest.split()[0])
            out[-1] = f"{verb} {_hexes(total)}"
        else:
            out.append(d)
    return out


def summary(events, team: str, teams_of) -> str:
    """The run's line: "Red: Grik moved 3 hexes and hit Fang for 7; Snag waited"."""
    order: list[str] = []
    deeds: dict[str, list[str]] = {}
    for n, e in enumerate(events):
        if isinstance(e, E.TurnStarted) and e.unit not in deeds:
            order.append(e.unit)
            deeds[e.unit] = []
        deed = _deed(e, events[n + 1] if n + 1 < len(events) else None)
        if deed is not None and teams_of.get(deed[0]) == team:
            if deed[0] not in deeds:
                order.append(deed[0])
                deeds[deed[0]] = []
            deeds[deed[0]].append(deed[1])
    parts = []
    for name in order:
        did = _merged(deeds[name]) or ["waited"]
        text = did[0] if len(did) == 1 else ", ".join(did[:-1]) + " and " + did[-1]
        parts.append(f"{name} {text}")
    return f"{team.capitalize()}: " + "; ".join(parts or ["nobody acted"])


def with_summaries(battle, summarised) -> list[LogEntry]:
    """The combat log (`log_entries` of `log_events`) with a summary line after each complete
    run of the sides in `summarised` (the computer's)."""
    events = log_events(battle)
    rules = battle.profile.name
    out: list[LogEntry] = []
    done = 0
    for run in runs(events, battle.teams_of):
        if run.team not in summarised or not run.complete:
            continue
        out += log_entries(events[done:run.end], rules)
        part = events[run.start:run.end]
        names = tuple(dict.fromkeys(e.unit for e in part if isinstance(e, E.TurnStarted)))
        out.append(LogEntry(summary(part, run.team, battle.teams_of), "", names, "summary",
                            ()))
        done = run.end
    return out + log_entries(events[done:], rules)


def meanwhile(battle, team: str) -> list[str]:
    """What happened since a creature of `team` last ended its turn: one summary line per
    run of the other sides (empty before the side first acted)."""
    events = list(battle.events)
    teams_of = battle.teams_of
    last = max((n for n, e in enumerate(events) if isinstance(e, E.TurnEnded)
                and teams_of.get(e.unit) == team), default=None)
    if last is None:
        return []
    after = events[last + 1:]
    return [summary(after[r.start:r.end], r.team, teams_of) for r in runs(after, teams_of)
            if r.team != team]


__all__ = ["Run", "meanwhile", "runs", "summary", "with_summaries"]
