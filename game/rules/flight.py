"""Flight maneuverability on hexes: turning and minimum flight speed
(docs/rules/21-terrain-and-falling.md "Turning and minimum flight speed").

- A flyer's **heading** is the direction of its last step in a Move (one of the six hex
  directions). A step in another direction is a **direction change**. The rulebook lets a
  change turn up to 90 degrees: on hexes that is one hex side (60 degrees); a step 120 or 180
  degrees off the heading is refused. Every step is 5 ft, so "at least 5 feet in the same
  direction between turns" always holds: two changes need a step between them, which a path
  of single steps always has. The first step of a Move goes any way.
- **Turns**: a Move may make TURNS[rating] direction changes for each `speed` hexes it covers
  (the changes of one Normal Move; a Move of two Big Actions gets twice as many).
- **Minimum flight speed**: a flyer that ends its turn still flying, having flown fewer than
  MIN_HEXES[rating] hexes in the turn, stalls (the engine drops it: game.engine.falling).
- Perfect maneuverability has no limits: no turning count, no minimum (it hovers).

`search` is the movement search of a flyer with limits: a Dijkstra over (hex state, heading,
changes made) on the same step-cost function as every other search (game.rules.movement),
keeping per (state, heading) only the labels no other beats on both cost and changes. It
serves Moves; a Run or a Charge goes straight anyway, and a Retreat is not a Normal Move.
"""
from __future__ import annotations

from heapq import heappop, heappush

from game.hexgrid import DIRECTIONS

TURNS = {"clumsy": 1, "poor": 2, "average": 3, "good": 4}          # per `speed` hexes
MIN_HEXES = {"clumsy": 4, "poor": 3, "average": 2, "good": 1, "perfect": 0}
NO_HEADING = 6       # before the first step of a Move
_FAR_MOVES = 4       # how many Moves' worth of changes an unbounded search allows


def rating(u) -> str:
    return getattr(u.unit, "fly_maneuver", "average")


def limited(u) -> bool:
    """Does the creature's rulebook limit its flight (its body's `flight_limits`)?"""
    return getattr(u.unit, "flight_limits", True)


def turns_per_move(u) -> int | None:
    """Direction changes a Move of up to `speed` hexes may make; None: no limit."""
    return TURNS.get(rating(u)) if limited(u) else None


def min_hexes(u) -> int:
    """Hexes the flyer must fly each turn to stay aloft (0: it may hover)."""
    return MIN_HEXES.get(rating(u), 0) if limited(u) else 0


def allowed_turns(per_move: int, cost: int, speed: int) -> int:
    """Direction changes a Move of `cost` hexes may make: `per_move` for each `speed` hexes
    begun (at least one Move's worth)."""
    moves = max(1, -(-cost // speed)) if speed > 0 else 1
    return per_move * moves


def direction_of(a, b) -> int | None:
    """The hex direction (0-5) of the step from hex `a` to its neighbour `b`, else None."""
    d = (b.q - a.q, b.r - a.r)
    return next((i for i, x in enumerate(DIRECTIONS) if (x.q, x.r) == d), None)


def change(heading: int, d: int) -> int | None:
    """0 when `d` keeps the heading, 1 for a 60-degree change, None when sharper."""
    if heading == NO_HEADING or heading == d:
        return 0
    return 1 if (d - heading) % 6 in (1, 5) else None


def path_turns(start, hexes) -> tuple[int, int | None]:
    """(direction changes of the path through `hexes` from hex `start`, index of the first
    step that turns more than 60 degrees or None)."""
    heading, turns, here = NO_HEADING, 0, start
    for n, h in enumerate(hexes):
        if h == here:
            continue
        d = direction_of(here, h)
        c = None if d is None else change(heading, d)
        if c is None:
            return turns, n
        turns, heading, here = turns + c, d, h
    return turns, None


def turning_problem(u, hexes, cost: int, speed: int) -> str:
    """Why a Move of flyer `u` through `hexes` (the anchors it enters, `cost` hexes of
    movement) breaks its maneuverability, or ""."""
    per_move = turns_per_move(u)
    if per_move is None:
        return ""
    turns, sharp = path_turns(u.anchor, hexes)
    if sharp is not None:
        return (f"{u.name} flies with {rating(u)} maneuverability: it turns at most 60 degrees "
                f"(one hex side) per hex, and step {sharp + 1} turns more")
    allowed = allowed_turns(per_move, cost, speed)
    if turns > allowed:
        return (f"{u.name} flies with {rating(u)} maneuverability: {allowed} direction "
                f"change{'s' if allowed != 1 else ''} in this Move, the path makes {turns}")
    return ""


# ---- the search -------------------------------------------------------------------------------

def search(fld, start: int, budget: int | None, per_move: int, speed: int, K: int,
           safe: bool = False, steps: dict | None = None):
    """Dijkstra of a flyer with turning limits from state `start` (see the module), on key
    cost * K + provoking steps; `safe` drops every step that provokes; `steps` remembers
    the steps out of each state across searches of one field. Returns (key by state,
    states of the Move by state) for every state a legal Move may end in, the cheapest.
    Labels leave the heap in key order, so one that makes no fewer changes than a label
    already settled at its (state, heading) is beaten on both: `fewest` keeps that count."""
    cap = per_move * (_FAR_MOVES if budget is None else max(1, -(-budget // max(1, speed))))
    limit = (1 << 60) if budget is None else budget * K + K - 1
    fewest: dict[tuple, int] = {}
    steps = {} if steps is None else steps
    back: dict[tuple, tuple | None] = {}
    best: dict[int, tuple] = {}
    heap = [(0, start, NO_HEADING, 0, None)]
    while heap:
        k, s, heading, turns, parent = heappop(heap)
        if fewest.get((s, heading), cap + 1) <= turns:
            continue
        fewest[(s, heading)] = turns
        node = (s, heading, turns)
        back[node] = parent
        if turns <= allowed_turns(per_move, k // K, speed) and s not in best:
            best[s] = (k, node)
        out = steps.get(s)
        if out is None:
            out = steps[s] = _steps_of(fld, s, K)
        for d, e in out:
            c = 0 if heading == NO_HEADING or heading == d else (
                1 if (d - heading) % 6 in (1, 5) else None)
            if c is None or turns + c > cap:
                continue
            t, w, nk = e[0], e[2], k + e[1]
            if (safe and w) or nk > limit or fewest.get((t, d), cap + 1) <= turns + c:
                continue
            heappush(heap, (nk, t, d, turns + c, node))
    return _chains(best, back)


def _steps_of(fld, s: int, K: int) -> list:
    """(direction, (next state, key added, provoking steps)) of every step out of state s."""
    out = []
    for d, move in enumerate(fld.shape.moves[s % 6]):
        e = fld.step(s, move)
        if e is not None:
            t, cost, mask = e
            w = mask.bit_count() if mask else 0
            out.append((d, (t, cost * K + w, w)))
    return out


def _chains(best: dict, back: dict):
    dist, chains = {}, {}
    for s, (k, node) in best.items():
        out = []
        while back[node] is not None:
            out.append(node[0])
            node = back[node]
        dist[s], chains[s] = k, tuple(reversed(out))
    return dist, chains


__all__ = ["MIN_HEXES", "NO_HEADING", "TURNS", "allowed_turns", "change", "direction_of",
           "limited", "min_hexes", "path_turns", "rating", "search", "turning_problem", "turns_per_move"]
