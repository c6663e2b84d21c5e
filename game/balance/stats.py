"""The statistics of one finished battle, read from its events (game/engine/events.py).

Plain data (dicts, lists, ints) so that a game played in another process or on another
machine sends it back as it is:

- `units`: per creature its kind, team, whether it survived (no `Died` event: a creature that
  left the map or lies unconscious at the end survived), its kills (`Died.by`), the damage it
  dealt (a `Damaged` that follows its `AttackRolled` on that target, as the result screen
  counts it; bleeding counts for nobody) and the damage it took.
- `deaths`: the hexes (Tiled col,row) where creatures fell.
- `rolls`: the attack rolls that felled a creature, with the chance the roll had and how much
  of its side the fallen creature was (`decisiveness`: the ones a designer wants to see).
- `actions`: the commands each side used, by command type (Move, Attack, EndTurn, ...).
"""
from __future__ import annotations

from collections import Counter

from game.engine import events as E

ROLLS_PER_GAME = 3
_TAIL = (E.Damaged, E.ConditionAdded, E.ConditionRemoved, E.Died)
_FALLEN = ("unconscious", "dying")


def roster(battle) -> dict:
    """name -> {"kind", "team", "max_hp"} of the creatures at the start of a battle."""
    return {u.name: {"kind": u.unit_key, "team": u.team, "max_hp": u.max_hp}
            for u in battle.view().units}


def hit_chance(roll: E.AttackRolled) -> float:
    """The chance the d20 roll had of hitting: a natural 20 hits and a 1 misses. Two dice
    are Fortunate (the better kept) or Unfortunate (the worse kept); which one the kept die
    tells (equal faces read as Fortunate)."""
    needed = roll.ac - (roll.total - roll.natural)
    one = min(0.95, max(0.05, (21 - needed) / 20))
    if len(roll.d20) != 2:
        return one
    return 1 - (1 - one) ** 2 if roll.natural == max(roll.d20) else one * one


def action_counts(battle) -> dict:
    """team -> {command type: uses} over the battle's accepted commands."""
    counts: dict[str, Counter] = {}
    for command in battle.log:
        team = battle.teams_of.get(command.unit, "?")
        counts.setdefault(team, Counter())[type(command).__name__] += 1
    return {team: dict(sorted(c.items())) for team, c in sorted(counts.items())}


def game_stats(battle, start: dict) -> dict:
    """The statistics of a finished `battle` whose creatures at the start were `start`
    (`roster`). See the module docstring."""
    units = {name: {"kind": r["kind"], "team": r["team"], "survived": True, "kills": 0,
                    "dealt": 0, "taken": 0} for name, r in start.items()}
    team_hp = Counter()
    for r in start.values():
        team_hp[r["team"]] += r["max_hp"]
    deaths, blows = [], []
    rnd, blow = 0, None
    for e in battle.events:
        if isinstance(e, E.RoundStarted):
            rnd = e.round
        if isinstance(e, E.AttackRolled):
            blow = {"roll": e, "round": rnd, "damage": 0, "felled": False}
            blows.append(blow)
            continue
        if not isinstance(e, _TAIL):
            blow = None
        _count(e, units, deaths, blow)
    rolls = [_roll_row(b, start, team_hp) for b in blows if b["felled"]]
    rolls.sort(key=lambda r: -r["decisiveness"])
    return {"units": units, "deaths": deaths, "rolls": rolls[:ROLLS_PER_GAME],
            "actions": action_counts(battle)}


def _count(e, units: dict, deaths: list, blow: dict | None) -> None:
    """One event's share of the per-creature statistics."""
    by_blow = blow is not None and blow["roll"].target == getattr(e, "unit", None)
    if isinstance(e, E.Damaged):
        if e.unit in units:
            units[e.unit]["taken"] += e.amount
        if by_blow:
            blow["damage"] += e.amount
            attacker = blow["roll"].attacker
            if attacker in units:
                units[attacker]["dealt"] += e.amount
    elif isinstance(e, E.Died):
        if e.unit in units:
            units[e.unit]["survived"] = False
        if e.by in units:
            units[e.by]["kills"] += 1
        deaths.append(list(e.at))
        if by_blow:
            blow["felled"] = True
    elif isinstance(e, E.ConditionAdded) and e.condition in _FALLEN and by_blow:
        blow["felled"] = True


def _roll_row(blow: dict, start: dict, team_hp: Counter) -> dict:
    roll: E.AttackRolled = blow["roll"]
    chance = hit_chance(roll)
    target = start.get(roll.target, {"team": "?", "kind": "?", "max_hp": 0})
    share = target["max_hp"] / team_hp[target["team"]] if team_hp[target["team"]] else 0.0
    return {"round": blow["round"], "attacker": roll.attacker, "target": roll.target,
            "attacker_kind": start.get(roll.attacker, {}).get("kind", "?"),
            "target_kind": target["kind"], "weapon": roll.weapon, "kind": roll.kind,
            "natural": roll.natural, "critical": roll.critical, "damage": blow["damage"],
            "chance": round(chance, 4), "share": round(share, 4),
            "decisiveness": round((1 - chance) * share, 4)}


__all__ = ["ROLLS_PER_GAME", "action_counts", "game_stats", "hit_chance", "roster"]
