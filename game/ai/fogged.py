"""The computer player under fog of war decides from what its side knows
(docs/rules/22-hiding-and-fog.md "Fog of war").

`fogged_command(decide, battle, name)`: on a battle with fog of war, the turn of a creature
is decided on `game.engine.belief.believed(battle, side)`, the battle as the side knows it
(unseen enemies where it last saw them, or absent), never on the battle itself. When the side
knows of no enemy, the creature looks around (Spot) and then walks towards where it last saw
one, else towards the middle of the map. A command the real battle refuses (it bumped into
what it could not know) becomes the end of the turn. Choosing who acts next and answering a
reaction read the battle as it is: the initiative order and the creature that provokes are
in plain view.
"""
from __future__ import annotations

from game.engine import events as E
from game.engine.belief import believed
from game.engine.sightings import known_by
from game.hexgrid import hex_distance


def fogged_command(decide, battle, name=None):
    """`decide(battle, name)` on the battle as the deciding side knows it (module docstring)."""
    state, who = battle.decider()
    if not getattr(battle, "fog", False) or state != "turn":
        return decide(battle, name)
    side = battle.teams_of[who]
    seen = believed(battle, side)
    me = seen.view().unit(who)
    if not seen.view().enemies_of(me):
        command = explore(seen, battle, who)
    else:
        command = decide(seen, name)
    if battle.refusal(command) is None:
        return command
    return end_turn(battle, who)


def end_turn(battle, who: str):
    """The end of `who`'s turn, as the battle's own legality query words it."""
    return battle.options(who, "end_turn")[0].command


def explore(seen, battle, who: str):
    """No enemy known: Spot once a turn, then walk towards where an enemy was last seen (the
    middle of the map when none was), else end the turn."""
    spot = _enabled(seen, who, "spot")
    if spot and "Spot" not in _spent_this_turn(battle, who):
        return spot[0].command
    goal = _goal(battle, who)
    moves = _enabled(seen, who, "move")
    if moves and goal is not None:
        here = hex_distance(seen.view().unit(who).anchor, goal)
        best = min(moves, key=lambda o: (_end_distance(seen, o.command, goal),
                                         len(o.command.path)))
        if _end_distance(seen, best.command, goal) < here:
            return best.command
    return end_turn(seen, who)


def _enabled(b, who: str, action: str) -> list:
    if b.action(who, action).enabled:
        return list(b.options(who, action))
    return []


def _spent_this_turn(battle, who: str) -> set:
    """The actions `who` spent since its turn began (by the events of the turn)."""
    names = set()
    for e in reversed(battle.events):
        if isinstance(e, E.TurnStarted) and e.unit == who:
            break
        if isinstance(e, E.ActionSpent) and e.unit == who:
            names.add(e.action.split(" (")[0])
    return names


def _goal(battle, who: str):
    """Where to look: the nearest last sighting of an enemy, else the middle of the map."""
    known = known_by(battle, battle.teams_of[who])
    me = battle.view().unit(who)
    if known.last_seen:
        return min((s.anchor for s in known.last_seen), key=lambda h: hex_distance(me.anchor, h))
    hexmap = battle.hexmap
    return hexmap.hex_at(hexmap.width // 2, hexmap.height // 2)


def _end_distance(b, command, goal) -> int:
    col, row = command.path[-1]
    return hex_distance(b.hexmap.hex_at(col, row), goal)


__all__ = ["end_turn", "explore", "fogged_command"]
