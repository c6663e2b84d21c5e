"""Every step the computer player takes serves its plan for the turn (docs/architecture.md
"Computer players").

A creature's movements in one turn must not wander: no hex it already stood in this turn is
entered again (its start hex included, so no movement ends where the turn began: when the
only way to a place crosses its own tracks, the creature goes elsewhere or stays); and every
movement has a reason, one of `REASONS`:

- `approach`: an attack follows it, or it ends nearer the nearest enemy, or where next
  turn's best attack is better (a line of sight opened, a target within range);
- `flank` or `protect`: it ends where it flanks an enemy with an ally, or threatens an enemy
  that threatens a wounded ally, and did not where it stands (game.ai.evaluate);
- `cover` or `retreat`: it ends where the enemies' expected harm is lower, `cover` when an
  enemy's shot there meets better cover or concealment (or no line at all);
- `objective`: it fetches one of the creature's own dropped weapons, or it ends where the
  map's objectives want it more (a region to hold or reach, near an ally to protect:
  game.ai.objectives).

A movement plan without a reason, or one that wanders, is dropped from the options before
the player picks (staying is always among them); the reason rides in the option's detail, so
the `game.ai` debug log names it.
"""
from __future__ import annotations

from game.ai.evaluate import fdist, weapon_modes
from game.ai.options import MOVE_COST
from game.engine import commands as C
from game.engine import events as E
from game.rules.cover import LEVELS

REASONS = ("approach", "cover", "flank", "protect", "retreat", "objective")
MOVING_KINDS = ("move", "step", "retreat", "fetch", "move+attack", "step+attack", "charge")
STRIKING_KINDS = ("move+attack", "step+attack", "charge")
NOT_WALKED = ("fall back", "trade_spaces")
SAFER = 1e-3               # danger (on the planner's scale) a movement must shed to be safer


def turn_trail(battle, name: str) -> set:
    """The cells (col,row) the creature `name` has stood in since the turn began: where it
    stands now, and every cell of its movements since the last turn started."""
    cells = {battle.cell(battle.view().unit(name).anchor)}
    for e in reversed(battle.events):
        if isinstance(e, E.TurnStarted):
            break
        if isinstance(e, E.Moved) and e.unit == name and e.kind not in NOT_WALKED:
            cells.add(tuple(e.start))
            cells.update(tuple(c) for c in e.path)
    return cells


def cells_of(command) -> tuple:
    """The cells a movement command enters (its path, or its end when only that is given)."""
    if isinstance(command, (C.Move, C.Retreat)):
        return tuple(tuple(c) for c in command.path)
    return (tuple(command.to),)


def wanders(option, trail: set) -> bool:
    """Does the plan re-enter a cell the creature stood in this turn?"""
    return any(c in trail for c in cells_of(option.command))


def plan_key(option, here) -> str:
    """What names a plan across the commands of a turn: the cell where it ends (`here` for
    a plan that does not move) and the creature it strikes."""
    cmd = option.command
    moving = isinstance(cmd, (C.Move, C.Retreat, C.Step, C.Run, C.Charge))
    end = cells_of(cmd)[-1] if moving else tuple(here)
    return f"{end[0]},{end[1]}:{option.detail.get('target', '')}"


def _cover_rank(levels) -> tuple:
    if levels is None:                      # no line of effect: nothing to shoot along
        return (len(LEVELS), 1)
    cover, concealment = levels
    return (LEVELS.index(cover) if cover in LEVELS else 0, concealment != "none")


def better_cover(ctx, end) -> bool:
    """Is an enemy's shot worse at the cell `end` (a Hex) than where the creature stands?"""
    there = ctx.moved(end)
    for e in ctx.enemies:
        if not any(m != "melee" for w in e.weapons for m in weapon_modes(w)):
            continue
        if _cover_rank(ctx.ranged_levels(ctx.view, e, there)) > \
                _cover_rank(ctx.ranged_levels(ctx.view, e, ctx.me)):
            return True
    return False


def _nearest(ctx, me) -> int:
    return min((fdist(me.hexes, e.hexes) for e in ctx.enemies), default=0)


def reason(planner, option, here: dict) -> str | None:
    """Why a movement plan moves (`REASONS`), None when it serves none of them; `here`: the
    detail of the position where the creature stands (`Context.position`, exact)."""
    if option.kind in STRIKING_KINDS:
        return "approach"
    if option.kind == "fetch":
        return "objective"
    d, ctx = option.detail, planner.ctx
    if _term(d, "objective") > _term(here, "objective"):
        return "objective"
    if _term(d, "flank") > _term(here, "flank"):
        return "flank"
    if _term(d, "protect") > _term(here, "protect"):
        return "protect"
    end = planner.b.hexmap.hex_at(*cells_of(option.command)[-1])
    if d.get("danger", 0.0) > here.get("danger", 0.0) + SAFER:      # stored negated
        return "cover" if better_cover(ctx, end) else "retreat"
    if _nearest(ctx, ctx.moved(end)) < _nearest(ctx, ctx.me) or \
            d.get("approach", 0.0) > here.get("approach", 0.0) + MOVE_COST:
        return "approach"
    return None


def _term(detail: dict, key: str) -> float:
    value = detail.get(key, 0.0)
    return value[0] if isinstance(value, tuple) else value


def purposeful(planner, options: list, here: dict) -> list:
    """`options` without the movement plans that wander or serve no reason; each kept
    movement plan carries its reason in `detail["reason"]`."""
    trail = turn_trail(planner.b, planner.me.name)
    kept = []
    for o in options:
        if o.kind in MOVING_KINDS:
            if wanders(o, trail):
                continue
            why = reason(planner, o, here)
            if why is None:
                continue
            o.detail = {"reason": why, **o.detail}
        kept.append(o)
    return kept


__all__ = ["MOVING_KINDS", "REASONS", "better_cover", "cells_of", "plan_key", "purposeful", "reason",
           "turn_trail", "wanders"]
