"""Attacks of opportunity provoked by movement (docs/rules/04-attacks-of-opportunity.md,
03-movement.md).

`forecast` tells, before a move is committed, every step whose exit provokes and who would
react, and whether each can still react (docs/rules/04-attacks-of-opportunity.md "What the game
shows").

The rules it applies, step by step along the path:
- leaving a hex threatened by X provokes X (for a creature of several hexes: a hex of its
  footprint that the step vacates), at most once per X per movement action;
- moving into X's space provokes X (tiny creatures; passing over a creature 3+ sizes apart);
- a 5-Foot Step, teleport and forced movement never provoke;
- Retreat: a step that increases the distance to X is exempt from X's AOO; a step at equal
  distance is not "away" and provokes X as movement does; a step that brings it closer to X
  (a "new enemy") provokes X as normal.
- A creature that cannot be seen (Invisible) provokes no AOO: the reactions need sight.
The AOO is resolved while the mover is still in the hex it is leaving, so each Provocation
names that hex: the anchor before the step (the hex `path --json` lists in `provokes`).
"""
from __future__ import annotations

from typing import NamedTuple

from game.hexgrid import Hex, footprint
from game.rules import view_memo
from game.rules.threat import (can_react, can_see_to_react, can_threaten,
                               footprint_distance, is_hostile, threatened_hexes)

MOVE_KINDS = ("move", "run", "charge", "stand_up", "retreat", "step", "teleport", "forced")
NEVER_PROVOKES = frozenset({"step", "5_foot_step", "five_foot_step", "teleport", "forced"})


class Provocation(NamedTuple):
    """One step of a path that provokes: where the mover stands when the AOOs come, who makes
    them, and whether each of them can still react (docs/rules/04-attacks-of-opportunity.md)."""

    hex: Hex                                   # the anchor hex being left
    by: tuple                                  # the provoked creatures (UnitView), eid order
    reaction_available: tuple[bool, ...]       # one per `by`: can it still react?
    step: int = 0                              # index of the step in the path (0 = first)
    reasons: tuple[str, ...] = ()              # one per `by`, e.g. "leaves a hex it threatens"

    def explain(self) -> str:
        parts = [f"{x.name} ({why}{'' if ok else '; no reaction left'})"
                 for x, ok, why in zip(self.by, self.reaction_available, self.reasons)]
        return f"step {self.step + 1} out of {tuple(self.hex)} provokes " + ", ".join(parts)


def path_states(mover, path) -> tuple[tuple[Hex, int], tuple[tuple[Hex, int], ...]]:
    """(start, states after each step) of a path given as a MovePath (anything with `.start`
    and `.states`), or as a sequence of anchor hexes and/or (anchor, facing) pairs; the start
    is the mover's current anchor and facing."""
    if hasattr(path, "states"):
        return tuple(path.start), tuple(tuple(s) for s in path.states)
    start = (mover.anchor, mover.facing)
    states, facing = [], mover.facing
    for item in path:
        if isinstance(item, Hex):
            anchor = item
        elif len(item) == 2 and isinstance(item[0], Hex):
            anchor, facing = item[0], item[1] % 6
        else:
            anchor = Hex(*item)
        states.append((anchor, facing))
    return start, tuple(states)


def _normal_kind(kind: str) -> str:
    return kind.strip().lower().replace("-", "_").replace(" ", "_")


def _hostile_threateners(view, mover) -> list:
    return [x for x in view.units
            if x.eid != mover.eid and not x.dead and is_hostile(x, mover) and can_threaten(x)
            and can_see_to_react(x, mover)]


def _enemies(view, mover) -> tuple:
    """(X, its hexes, the hexes it threatens) of every creature the mover's steps may
    provoke: the same for every path a movement search weighs, so remembered per view."""
    return tuple((x, x.hex_set, threatened_hexes(view, x))
                 for x in _hostile_threateners(view, mover))


def _step_provokers(old: frozenset, new: frozenset, enemies, retreat: bool):
    """[(X, reason)] for one step from footprint `old` to footprint `new`; `enemies` lists
    (X, its hexes, the hexes it threatens)."""
    vacated, entered = old - new, new - old
    found = []
    for x, space, area in enemies:
        if entered & space:
            found.append((x, "moves into its space"))
        elif vacated & area:
            before, after = footprint_distance(old, x), footprint_distance(new, x)
            if retreat and after > before:
                continue  # only a step away from X is exempt from X (docs/rules/03-movement.md)
            found.append((x, "moves toward it while retreating" if retreat and after < before
                          else "leaves a hex it threatens"))
    return found


def forecast(view, mover, path, kind: str = "move") -> list[Provocation]:
    """The provocations of moving `mover` along `path` (docs/rules/04-attacks-of-opportunity.md),
    in path order.

    kind: "move" (also "run", "charge", "stand_up"), "retreat", or one that never provokes:
    "step" (5-Foot Step), "teleport", "forced". Each creature is provoked at most once per
    movement action."""
    kind = _normal_kind(kind)
    if kind in NEVER_PROVOKES:
        return []
    start, states = path_states(mover, path)
    enemies = view_memo.per_pair(view, "aoo_enemies", mover, mover, None,
                                 lambda: _enemies(view, mover))
    provoked: set[int] = set()
    result = []
    prev = start
    old = frozenset(footprint(mover.size, *prev))
    for k, cur in enumerate(states):
        new = frozenset(footprint(mover.size, *cur))
        found = [(x, why) for x, why in
                 _step_provokers(old, new, enemies, kind == "retreat")
                 if x.eid not in provoked]
        if found:
            provoked.update(x.eid for x, _ in found)
            by = tuple(x for x, _ in found)
            result.append(Provocation(prev[0], by, tuple(can_react(x) for x in by), k,
                                      tuple(why for _, why in found)))
        prev, old = cur, new
    return result


def provokers(provocations) -> tuple:
    """Every creature provoked by a forecast, once each, in the order they react."""
    return tuple(x for p in provocations for x in p.by)


__all__ = ["MOVE_KINDS", "NEVER_PROVOKES", "Provocation", "forecast", "path_states",
           "provokers"]
