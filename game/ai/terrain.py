"""The computer player and the terrain (docs/rules/21-terrain-and-falling.md): it opens a
closed door, and smashes or forces a locked door or an obstacle, when that shortens its way to
the enemies; and it weighs the checks and falls on a path (a Swim or Climb check that may end
the move at the bank, a jump down a ledge that may hurt) from the engine's forecast of the
move. Swimming, climbing, jumping down and flying need nothing more: they are in the movement
search's cost table, so its paths already use them.

A door's worth is measured on the planner's scale: the hexes of movement it saves on the way
to the nearest enemy (or the way it opens where there was none), as a share of the creature's
own value. An Open Door paid with the Little Action leaves the rest of the turn to plan, so it
is worth the best plan of the turn plus that gain; a Smash or a Force Open takes a Big Action,
so it is worth staying here plus the gain times the chance it breaks the way open.
"""
from __future__ import annotations

from game.ai.options import Option
from game.ecs.view import BattleView
from game.engine import commands as C
from game.hexgrid import footprint
from game.rules import movement as rm
from game.rules import obstacles
from game.rules.threat import footprint_distance

DOOR_GAIN = 0.25          # a way opened that saves a full Move, as a share of own value
RISK = 0.3                # a failed check or a hurtful fall, as a share of own value
FAR = 4                   # Moves searched for the way to the enemies


def way_cost(view, me, enemies, speed: int) -> int:
    """Hexes of movement to the nearest hex next to an enemy (FAR Moves + 1 when none)."""
    budget = max(1, speed) * FAR
    reach = rm.reachable(view, me, budget)
    best = budget + max(1, speed)
    for h, c in reach.cost.items():
        if c < best and any(footprint_distance(footprint(me.size, h, reach.facing[h]), e.hexes)
                            <= 1 for e in enemies):
            best = c
    return best


def _opened(view, cell, state: str):
    """The view with the door or obstacle at `cell` in `state` (a what-if; nothing changes)."""
    hexmap = obstacles.current_map(view.hexmap, {obstacles.cell_key(cell): (state, 0, ())})
    return BattleView(hexmap, view.units, view.version, view.rules, view.hidden)


def way_gain(planner, cell, state: str) -> float:
    """What opening (`state` "open") or breaking ("broken") what stands at `cell` is worth."""
    me, speed = planner.me, max(1, planner.speed)
    enemies = planner.ctx.enemies
    now = way_cost(planner.view, me, enemies, speed)
    then = way_cost(_opened(planner.view, cell, state), me, enemies, speed)
    saved = min(now - then, speed)
    return DOOR_GAIN * planner.ctx.value(me) * saved / speed if saved > 0 else 0.0


def door_options(planner, others, stay_value: float) -> list:
    """Open an adjacent closed door that shortens the way to the enemies."""
    if not planner.allowed("open_door"):
        return []
    base = max((o.score for o in others), default=stay_value) \
        if planner.budget.little > 0 else stay_value
    out = []
    for o in planner.b.options(planner.me.name, "open_door"):
        gain = way_gain(planner, o.command.to, "open")
        if gain > 0:
            out.append(Option("open door", base + gain, o.command, {"gain": round(gain, 3)}))
    return out


def break_options(planner, stay_value: float) -> list:
    """Smash or force a locked door or an obstacle in the way (chance from the forecast)."""
    out = []
    for action in ("smash", "force_open"):
        if not planner.allowed(action):
            continue
        for o in planner.b.options(planner.me.name, action):
            gain = way_gain(planner, o.command.to, "broken")
            if gain <= 0:
                continue
            chance = planner.b.forecast(o.command).chance or 0.0
            out.append(Option(action.replace("_", " "), stay_value + gain * max(chance, 0.2),
                              o.command, {"gain": round(gain, 3), "chance": round(chance, 3)}))
    return out


def path_risk(planner, path) -> float:
    """The cost of the checks and falls on `path`, read from the engine's forecast of the
    move: the chance that something goes wrong, as a share of the creature's value."""
    if not rm.has_hazards(planner.view.hexmap):
        return 0.0
    f = planner.b.forecast(planner.move_command(path))
    if f is None or f.chance is None:
        return 0.0
    return RISK * planner.ctx.value(planner.me) * (1.0 - f.chance)


def terrain_options(planner, others, stay_value: float) -> list:
    """Every door and breaking option of the active creature now."""
    return door_options(planner, others, stay_value) + break_options(planner, stay_value)


__all__ = ["door_options", "break_options", "path_risk", "terrain_options", "way_cost",
           "way_gain"]
