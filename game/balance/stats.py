"""The statistics of one finished battle, read from its events (game/engine/events.py).

Plain data (dicts, lists, ints) so that a game played in another process or on another
machine sends it back as it is:

- `units`: per creature its kind, team, whether it was `standing` at the end (alive and
  neither dying nor unconscious, or gone off the map), the creatures it `felled` (its blow
  left them dying, unconscious or dead), its `kills` (`Died.by`, or `KnockedOut.by` under the
  light rules), the damage it `dealt`
  (a `Damaged` that follows its `AttackRolled` on that target, as the result screen counts
  it; bleeding counts for nobody) and the damage it `taken`.
- `fallen`: the hexes (Tiled col,row) where creatures fell, once per creature: where it
  stood (its start, then the end of each `Moved`) when it first went down.
- `rolls`: the attack rolls that felled a creature, with the chance the roll had and how much
  of its side the fallen creature was (`decisiveness`: the ones a designer wants to see).
- `actions`: the commands each side used, by command type (Move, Attack, EndTurn, ...).
"""
from __future__ import annotations

from collections import Counter

from game.balance.special_uses import SPECIAL, special_uses
from game.engine import commands as C
from game.engine import events as E

ROLLS_PER_GAME = 3
_TAIL = (E.Damaged, E.ConditionAdded, E.ConditionRemoved, E.Died, E.KnockedOut)
_FALLEN = ("unconscious", "dying")


def roster(battle) -> dict:
    """name -> {"kind", "team", "max_hp", "cell"} of the creatures at the start of a battle."""
    return {u.name: {"kind": u.unit_key, "team": u.team, "max_hp": u.max_hp,
                     "cell": list(battle.cell(u.anchor))} for u in battle.view().units}


def standing(battle) -> set[str]:
    """The creatures alive and neither dying nor unconscious at the end, and those that left
    the map."""
    up = {u.name for u in battle.view().units
          if not u.dead and not any(c in u.conditions for c in _FALLEN)}
    return up | set(battle.left)


def hit_chance(roll: E.AttackRolled) -> float:
    """The chance the d20 roll had of hitting: a natural 20 hits and a 1 misses. Two dice
    are Fortunate (the better kept) or Unfortunate (the worse kept); which one the kept die
    tells (equal faces read as Fortunate)."""
    if not roll.d20:                # no roll: a helpless target's automatic critical
        return 1.0
    needed = roll.ac - (roll.total - roll.natural)
    one = min(0.95, max(0.05, (21 - needed) / 20))
    if len(roll.d20) != 2:
        return one
    return 1 - (1 - one) ** 2 if roll.natural == max(roll.d20) else one * one


def action_counts(battle) -> dict:
    """team -> {command type: uses} over the battle accepted commands (a React to an Interrupt
    Turn counts as InterruptTurn, tried, or InterruptDeclined), and the Reactions each side
    spent, commanded or taken by policy ("Reaction: AOO", "Reaction: Active Parry",
    "Reaction: Active Dodge", "Reaction: Trade Spaces"), how they used the terrain
    ("Terrain: Swim", "Terrain: Climb", "Terrain: Fly", "Terrain: Fly over a wall",
    "Terrain: Jump down", "Terrain: Stall", "Terrain: Fall": `terrain_uses`), the special
    rules they used that no command names ("Special: Pounce", "Special: Rake", ...:
    `game.balance.special_uses`);
    the actions of minions count once more as "Minion: <command type>"
    (docs/rules/15-minions.md)."""
    from game.engine.minions import actor_of
    counts: dict[str, Counter] = {}
    asked = iter([e.kind for e in battle.events if isinstance(e, E.ReactionAsked)])
    for command in battle.log:
        team = battle.teams_of.get(command.unit, "?")
        kind = type(command).__name__
        if isinstance(command, C.React) and next(asked, "aoo") == "interrupt":
            kind = "InterruptTurn" if command.accept else "InterruptDeclined"
        counts.setdefault(team, Counter())[kind] += 1
        if actor_of(command) in battle.leader_of and not isinstance(command, C.EndTurn):
            counts[team][f"Minion: {kind}"] += 1
    for who, what in reactions_spent(battle.events):
        counts.setdefault(battle.teams_of.get(who, "?"), Counter())[f"Reaction: {what}"] += 1
    for who, what in terrain_uses(battle):
        counts.setdefault(battle.teams_of.get(who, "?"), Counter())[f"Terrain: {what}"] += 1
    for who, what in special_uses(battle):
        counts.setdefault(battle.teams_of.get(who, "?"), Counter())[f"{SPECIAL}{what}"] += 1
    return {team: dict(sorted(c.items())) for team, c in sorted(counts.items())}


def _crossed(hexmap, cells) -> set[str]:
    """What a movement along `cells` (col,row, the start first) did with the terrain."""
    out, last = set(), None
    for cell in cells:
        t = hexmap.terrain_at(hexmap.hex_at(*cell))
        if t.water == "deep":
            out.add("Swim")
        if t.impassable:
            out.add("Fly over a wall")
        if last is not None and t.elevation - last.elevation >= 2:
            out.add("Climb")
        last = t
    return out


def terrain_uses(battle):
    """(creature, use) for each movement that swam, climbed, flew over a wall or flew over
    water or a ledge ("Fly"), each jump down a ledge, each stall of a flyer too slow to stay
    aloft and each other fall (docs/rules/
    21-terrain-and-falling.md)."""
    view = battle.view()
    for e in battle.events:
        if isinstance(e, E.Moved) and e.kind not in ("fall back", "trade_spaces"):
            crossed = _crossed(battle.hexmap, (e.start, *e.path))
            if view.has_unit(e.unit) and view.unit(e.unit).unit.fly_ft and crossed:
                crossed = {"Fly over a wall" if "Fly over a wall" in crossed else "Fly"}
            for what in sorted(crossed):
                yield e.unit, what
        elif isinstance(e, E.Fell):
            yield e.unit, {"jump": "Jump down", "stall": "Stall"}.get(e.cause, "Fall")


def reactions_spent(events):
    """(creature, reaction) for each Reaction the events show spent."""
    for e in events:
        if isinstance(e, E.AttackRolled) and e.kind == "aoo":
            yield e.attacker, "AOO"
        elif isinstance(e, E.AttackRolled) and e.defense:
            yield e.target, {"parry": "Active Parry", "dodge": "Active Dodge"}[e.defense]
        elif isinstance(e, E.TradedSpaces):
            yield e.ally, "Trade Spaces"


def game_stats(battle, start: dict) -> dict:
    """The statistics of a finished `battle` whose creatures at the start were `start`
    (`roster`). See the module docstring."""
    up = standing(battle)
    units = {name: {"kind": r["kind"], "team": r["team"], "standing": name in up,
                    "felled": 0, "kills": 0, "dealt": 0, "taken": 0}
             for name, r in start.items()}
    team_hp = Counter()
    for r in start.values():
        team_hp[r["team"]] += r["max_hp"]
    track = {"cells": {name: r["cell"] for name, r in start.items()}, "down": {},
             "blow": None}
    blows = []
    rnd = 0
    for e in battle.events:
        if isinstance(e, E.RoundStarted):
            rnd = e.round
        if isinstance(e, E.AttackRolled):
            track["blow"] = {"roll": e, "round": rnd, "damage": 0, "felled": False}
            blows.append(track["blow"])
            continue
        if not isinstance(e, _TAIL):
            track["blow"] = None
        _count(e, units, track)
    rolls = [_roll_row(b, start, team_hp) for b in blows if b["felled"]]
    rolls.sort(key=lambda r: -r["decisiveness"])
    return {"units": units, "fallen": list(track["down"].values()),
            "rolls": rolls[:ROLLS_PER_GAME], "actions": action_counts(battle)}


def _count(e, units: dict, track: dict) -> None:
    """One event's share of the per-creature statistics."""
    blow = track["blow"]
    by_blow = blow is not None and blow["roll"].target == getattr(e, "unit", None)
    if isinstance(e, E.Moved):
        track["cells"][e.unit] = list(e.end)
    elif isinstance(e, E.Damaged):
        if e.unit in units:
            units[e.unit]["taken"] += e.amount
        if by_blow:
            blow["damage"] += e.amount
            if blow["roll"].attacker in units:
                units[blow["roll"].attacker]["dealt"] += e.amount
    elif isinstance(e, (E.Died, E.KnockedOut)):     # a K.O. of the light rules counts as a kill
        if e.by in units:
            units[e.by]["kills"] += 1
        _went_down(e.unit, list(e.at), units, track, by_blow)
    elif isinstance(e, E.ConditionAdded) and e.condition in _FALLEN:
        _went_down(e.unit, track["cells"].get(e.unit), units, track, by_blow)


def _went_down(name: str, cell, units: dict, track: dict, by_blow: bool) -> None:
    """`name` dropped: its first fall is where it fell; a blow that drops it fells it."""
    if name not in track["down"] and cell is not None:
        track["down"][name] = cell
    blow = track["blow"]
    if by_blow and not blow["felled"]:
        blow["felled"] = True
        if blow["roll"].attacker in units:
            units[blow["roll"].attacker]["felled"] += 1


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


__all__ = ["ROLLS_PER_GAME", "action_counts", "game_stats", "hit_chance", "roster", "standing"]
