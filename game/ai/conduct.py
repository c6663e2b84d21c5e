"""How purposefully a side played one battle: the counts `simulate --json` and
tools/ai_quality.py report per side (docs/architecture.md "Computer players").

- `moves`: the movement commands it sent (Move, Step, Run, Retreat; the light rules' Shift,
  Walk, Run), `attacks`: the attack
  rolls its creatures made on their own turns (attacks of opportunity and stray missiles
  left out): moves per attack says whether its walking leads to blows.
- `creature_turns` and `revisits`: the turns its creatures took, and how often a creature
  entered a hex it had already stood in during the same turn (its start hex included; a
  Move that ends where it started is one): a creature that wanders scores here.
- `dealt` and `own_damage`: the damage its blows dealt (the Damaged that follows an attack
  roll on that target, as `game.balance.stats` counts it), and the part of it its own side
  took (a stray missile, an area, a shot into melee).
- `fetches` and `fetches_threatened`: the movement commands that ended on one of the
  creature's own dropped weapons, and those whose hex an enemy could strike without moving,
  or two enemies after one Move (`threatened_fetch`).

`ConductWatch` sees each command before the battle applies it (what is lying where, who
threatens what: the battle's state at that moment), `conduct(battle, watch)` reads the rest
from the battle's log and events at the end.
"""
from __future__ import annotations

from collections import Counter

from game.ai.evaluate import standing, zone_of
from game.engine import commands as C
from game.engine import events as E
from game.engine.light import commands as L

MOVEMENT_COMMANDS = (C.Move, C.Step, C.Run, C.Retreat, L.Shift, L.Walk, L.Run)
NOT_OWN_TURN = ("aoo", "stray")       # attack rolls a side makes off its own plan
NOT_WALKED = ("fall back", "trade_spaces")
FIELDS = ("moves", "attacks", "creature_turns", "revisits", "dealt", "own_damage", "fetches",
          "fetches_threatened")


def threatened_fetch(view, me, end) -> bool:
    """Is the hex `end` one an enemy of `me` strikes without moving, or two after one Move?"""
    near = 0
    for e in view.units:
        if e.team == me.team or not standing(e):
            continue
        z = zone_of(view, e)
        if end in z.now:
            return True
        near += end in z.move
    return near >= 2


class ConductWatch:
    """Counts the fetches of dropped weapons as the commands come (see the module docstring)."""

    def __init__(self):
        self.fetches: Counter = Counter()
        self.threatened: Counter = Counter()

    def before(self, battle, command) -> None:
        if not isinstance(command, MOVEMENT_COMMANDS):
            return
        view = battle.view()
        if not view.has_unit(command.unit):
            return
        me = view.unit(command.unit)
        cell = command.path[-1] if getattr(command, "path", ()) else getattr(command, "to",
                                                                              None)
        if cell is None:
            return
        end = battle.hexmap.hex_at(*cell)
        if not any(h == end for _, h in getattr(me, "dropped", ())):
            return
        self.fetches[me.team] += 1
        if threatened_fetch(view, me, end):
            self.threatened[me.team] += 1


def conduct(battle, watch: ConductWatch | None = None) -> dict:
    """team -> the counts of the module docstring, for a finished `battle`."""
    teams = battle.teams_of
    out = {t: dict.fromkeys(FIELDS, 0) for t in sorted(set(teams.values()))}

    def row(name):
        return out.setdefault(teams.get(name, "?"), dict.fromkeys(FIELDS, 0))
    for command in battle.log:
        if isinstance(command, MOVEMENT_COMMANDS):
            row(command.unit)["moves"] += 1
    _count_events(battle.events, teams, row)
    for team, n in (watch.fetches if watch else {}).items():
        out[team]["fetches"] += n
        out[team]["fetches_threatened"] += watch.threatened[team]
    return out


def _count_events(events, teams: dict, row) -> None:
    """Attacks, turns, revisits and the damage of blows, from the battle's events."""
    turn_of, visited, blow = None, set(), None
    for e in events:
        if isinstance(e, E.TurnStarted):
            turn_of, visited = e.unit, set()
            row(e.unit)["creature_turns"] += 1
        elif isinstance(e, E.Moved) and e.unit == turn_of and e.kind not in NOT_WALKED:
            row(e.unit)["revisits"] += _entered(visited, e)
        if isinstance(e, E.AttackRolled):
            blow = e
            if e.kind not in NOT_OWN_TURN:
                row(e.attacker)["attacks"] += 1
            continue
        if isinstance(e, E.Damaged) and blow is not None and blow.target == e.unit:
            mine = row(blow.attacker)
            mine["dealt"] += e.amount
            if teams.get(e.unit) == teams.get(blow.attacker):
                mine["own_damage"] += e.amount
        elif not isinstance(e, (E.ConditionAdded, E.ConditionRemoved, E.Died, E.KnockedOut)):
            blow = None


def _entered(visited: set, moved) -> int:
    """Hexes of this movement already stood in this turn (turning in place is not entering)."""
    if not visited:
        visited.add(tuple(moved.start))
    again, last = 0, tuple(moved.start)
    for cell in moved.path:
        cell = tuple(cell)
        if cell == last:
            continue
        again += cell in visited
        visited.add(cell)
        last = cell
    return again


def summed(rows) -> dict:
    """The counts of several games (each a `conduct` result of one team) added up."""
    total = dict.fromkeys(FIELDS, 0)
    for r in rows:
        for k in FIELDS:
            total[k] += r.get(k, 0)
    return total


def ratios(total: dict) -> dict:
    """The figures tools/ai_quality.py prints from summed counts."""
    return {"moves_per_attack": round(total["moves"] / max(1, total["attacks"]), 3),
            "revisits_per_creature_turn": round(total["revisits"]
                                                / max(1, total["creature_turns"]), 4),
            "own_damage_share": round(total["own_damage"] / max(1, total["dealt"]), 4),
            "fetches_threatened": total["fetches_threatened"], "fetches": total["fetches"]}


__all__ = ["ConductWatch", "FIELDS", "conduct", "ratios", "summed", "threatened_fetch"]
