"""Speed of the game's hot paths against a named peer, measured in the same run.

    python tools/bench.py [section ...]      (no section: all of them)

Each section is a function `bench_<section>` registered in SECTIONS with @section; it prints
lines `name vs peer: ours X ms, peer Y ms, ratio Z` through `report` (ratio = peer / ours:
above 1 means ours is faster; `best_ms` times a call). To add a section, write another
decorated function.
DESIGN.md "Quality": speed is reported as a ratio against a peer, never asserted in tests.
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SECTIONS: dict[str, Callable[[], None]] = {}


def section(fn: Callable[[], None]) -> Callable[[], None]:
    """Register a bench section under its name without the `bench_` prefix."""
    SECTIONS[fn.__name__.removeprefix("bench_")] = fn
    return fn


def best_ms(fn: Callable[[], object], repeat: int = 7, number: int | None = None) -> float:
    """Best of `repeat` runs of the mean time of `number` calls, in milliseconds."""
    if number is None:
        number, t0 = 1, time.perf_counter()
        fn()
        once = time.perf_counter() - t0
        number = max(1, int(0.05 / max(once, 1e-6)))
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, (time.perf_counter() - t0) / number)
    return best * 1000


def report(name: str, ours_ms: float, peer_ms: float, peer: str = "") -> None:
    """One line `name [vs peer]: ours X ms, peer Y ms, ratio Z` (Z = peer / ours)."""
    label = f" vs {peer}" if peer else ""
    print(f"{name}{label}: ours {ours_ms:.3f} ms, peer {peer_ms:.3f} ms, "
          f"ratio {peer_ms / ours_ms:.1f}")


# ---- movement (RULES.md 3): reachable vs networkx single_source_dijkstra -------------------

def _movement_battle(seed: int = 7, width: int = 100, height: int = 100, n_units: int = 40):
    """A seeded 100x100 map: ~15% difficult, ~8% walls, 40 units on open hexes."""
    from game.data import load_units
    from game.ecs.scenario import RUBBLE, WALL, make_view

    rng = random.Random(seed)
    terrain, free = {}, []
    for row in range(height):
        for col in range(width):
            x = rng.random()
            if x < 0.08:
                terrain[(col, row)] = WALL
            elif x < 0.23:
                terrain[(col, row)] = RUBBLE
            else:
                free.append((col, row))
    kinds = ["fighter", "goblin", "orc", "wolf", "rogue", "archer"]
    spots = rng.sample(free[len(free) // 3:], n_units - 1)
    mover = free[len(free) // 2 - width // 2]
    units = [dict(name="Mover", unit="fighter", team="blue", col=mover[0], row=mover[1])]
    for k, (col, row) in enumerate(spots):
        units.append(dict(name=f"U{k}", unit=rng.choice(kinds), team=rng.choice(["blue", "red"]),
                          col=col, row=row))
    return make_view(width, height, terrain, units, units_db=load_units())


def _peer_graph(view, mover):
    """The same graph for networkx, built independently from the map and the units: nodes =
    map hexes, edge u->v weighted by the cost of entering v (1, difficult 2); walls and
    enemies' hexes (RULES.md 3: enemies block) have no incoming edges."""
    import networkx as nx
    from game.hexgrid import hex_neighbors

    hexmap = view.hexmap
    blocked = {h for o in view.units if o.team != mover.team and not o.dead for h in o.hexes}
    graph = nx.DiGraph()
    for h in hexmap.all_hexes():
        graph.add_node(h)
    for h in hexmap.all_hexes():
        if hexmap.terrain_at(h).impassable:
            continue
        for n in hex_neighbors(h):
            t = hexmap.terrain_at(n)
            if not t.impassable and n not in blocked:
                graph.add_edge(h, n, weight=2 if t.difficult else 1)
    return graph


@section
def bench_movement() -> None:
    """reachable() with costs and AOO marks vs networkx single_source_dijkstra, same cutoff."""
    import networkx as nx

    from game.rules import movement

    view = _movement_battle()
    mover = view.unit("Mover")
    graph = _peer_graph(view, mover)
    occupied = {h for o in view.units if o.eid != mover.eid and not o.dead for h in o.hexes}
    for budget in (movement.speed_hexes(mover), 40):
        def ours_cold():
            movement._fields.clear()          # rebuild the threat/AOO field every call
            r = movement.reachable(view, mover, budget)
            return r.cost, r.threatened

        def ours_warm():
            r = movement.reachable(view, mover, budget)
            return r.cost, r.threatened

        def peer():
            return nx.single_source_dijkstra(graph, mover.anchor, cutoff=budget)

        mine, _ = ours_cold()
        theirs = {h: c for h, c in peer()[0].items() if h not in occupied or h == mover.anchor}
        agree = mine == theirs
        peer_ms = best_ms(peer)
        print(f"# budget {budget} hexes: {len(mine)} reachable hexes, same costs as networkx: "
              f"{agree}")
        report(f"movement.reachable[{budget} hexes, field rebuilt]", best_ms(ours_cold),
               peer_ms, "networkx.single_source_dijkstra")
        report(f"movement.reachable[{budget} hexes, field cached]", best_ms(ours_warm),
               peer_ms, "networkx.single_source_dijkstra")


def main(argv: list[str]) -> int:
    names = argv or list(SECTIONS)
    unknown = [n for n in names if n not in SECTIONS]
    if unknown:
        print(f"unknown section(s): {', '.join(unknown)}; known: {', '.join(SECTIONS)}",
              file=sys.stderr)
        return 2
    for name in names:
        print(f"== {name}")
        SECTIONS[name]()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
