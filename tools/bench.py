"""Speed of the game's hot paths against a named peer, measured in the same run.

    python tools/bench.py [section ...]      (no section: all of them)

Each section is a function `bench_<section>` registered in SECTIONS with @section; it prints
lines `name vs peer: ours X ms, peer Y ms, ratio Z` through `report` (ratio = peer / ours:
above 1 means ours is faster; `best_ms` times a call). To add a section, write another
decorated function.
Speed is reported as a ratio against a peer, never asserted in tests.
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


def cpu_ms(fn: Callable[[], object], repeat: int = 3) -> float:
    """Best of `repeat` CPU times of one call (time.process_time, ms): on a shared machine
    it leaves out the time other processes took the core."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        best = min(best, time.process_time() - t0)
    return best * 1000


def report(name: str, ours_ms: float, peer_ms: float, peer: str = "") -> None:
    """One line `name [vs peer]: ours X ms, peer Y ms, ratio Z` (Z = peer / ours)."""
    label = f" vs {peer}" if peer else ""
    print(f"{name}{label}: ours {ours_ms:.3f} ms, peer {peer_ms:.3f} ms, "
          f"ratio {peer_ms / ours_ms:.1f}")


# ---- movement (docs/rules/03-movement.md): reachable vs networkx single_source_dijkstra ----

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
    enemies' hexes (docs/rules/03-movement.md: enemies block) have no incoming edges."""
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

    from game.rules import movement, view_memo

    view = _movement_battle()
    mover = view.unit("Mover")
    graph = _peer_graph(view, mover)
    occupied = {h for o in view.units if o.eid != mover.eid and not o.dead for h in o.hexes}
    for budget in (movement.speed_hexes(mover), 40):
        def ours_cold():
            view_memo.forget(view)            # rebuild the threat/AOO field every call
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


# ---- cover (docs/rules/06-cover.md): all-pairs cover and line of effect vs the same unpruned ---

def _cover_battle(seed: int = 11, width: int = 100, height: int = 100, n_units: int = 40):
    """A seeded 100x100 map: ~8% walls, ~5% low obstacles, ~2% fog, ~2% foliage; 40 units
    of every size on open hexes (30 medium/small, 7 large, 3 huge)."""
    from game.data import load_units
    from game.ecs.scenario import FOG, FOREST, LOW_WALL, WALL, make_view

    rng = random.Random(seed)
    terrain = {}
    for row in range(height):
        for col in range(width):
            x = rng.random()
            if x < 0.08:
                terrain[(col, row)] = WALL
            elif x < 0.13:
                terrain[(col, row)] = LOW_WALL
            elif x < 0.15:
                terrain[(col, row)] = FOG
            elif x < 0.17:
                terrain[(col, row)] = FOREST
    kinds = (["fighter", "orc", "archer", "goblin", "rogue", "wolf"] * 5
             + ["troll", "ogre"] * 3 + ["troll"] + ["giant"] * 3)
    units, taken = [], set()
    from game.hexgrid import footprint
    from game.ecs.scenario import make_hexmap
    probe = make_hexmap(width, height)
    db = load_units()
    for k, kind in enumerate(kinds[:n_units]):
        while True:
            col, row = rng.randrange(2, width - 3), rng.randrange(2, height - 3)
            facing = rng.randrange(6)
            cells = {probe.tile_of(h) for h in footprint(db[kind].size, probe.hex_at(col, row),
                                                          facing)}
            if not (cells & taken) and not any(c in terrain for c in cells):
                break
        taken |= cells
        units.append(dict(name=f"U{k}", unit=kind, team="blue" if k % 2 else "red",
                          col=col, row=row, facing=facing))
    return make_view(width, height, terrain, units, units_db=db)


def clipping_work(view, hexes_per_pair: int = 12) -> list:
    """A fixed amount of exact clipping (`geometry.passage`, which the line tables are built
    from and this section does not change): for every ordered pair of creatures, the segment
    between their anchors' centres against the first hexes of its corridor. The reference
    of the cover section: it measures the machine, not the cover rules."""
    from game.rules import geometry as geo

    work = []
    for a in view.units:
        for t in view.units:
            if a.eid != t.eid:
                p0, p1 = geo.hex_center(a.anchor), geo.hex_center(t.anchor)
                near = sorted(geo.corridor(a.anchor, t.anchor))[:hexes_per_pair]
                work.extend((p0, p1, h) for h in near)
    return work


@section
def bench_cover() -> None:
    """all_pairs_cover (cover + line of effect for all 1560 ordered pairs of 40 units, ranged)
    reading the lines tabled by offset (game/rules/line_tables.py), against a fixed amount of
    exact clipping (`clipping_work`, the reference), in the same run; also the plain ways
    (every line clipped in its corridor, `tables=False`, and every relevant hex of the map
    clipped, `prune=False`): identical answers, compared below. "tables ready": the tables
    of the offsets asked are remembered (what any later position of the battle finds);
    "tables built": they are made again first (the first position after start-up)."""
    from collections import Counter

    from game.rules import geometry as geo
    from game.rules import line_tables, view_memo
    from game.rules.cover import all_pairs_cover

    view = _cover_battle()
    work = clipping_work(view)

    def reference():
        for p0, p1, h in work:
            geo.passage(p0, p1, h)

    def built():
        view_memo.forget(view)                # rebuild the terrain and creature indexes
        view_memo.forget(view.hexmap)
        line_tables.fan.cache_clear()
        return all_pairs_cover(view, ranged=True, use_cache=False)

    def ready():
        return all_pairs_cover(view, ranged=True, use_cache=False)

    def plain():
        return all_pairs_cover(view, ranged=True, tables=False, use_cache=False)

    def unpruned():
        return all_pairs_cover(view, ranged=True, prune=False, tables=False, use_cache=False)

    mine, theirs, brute = ready(), plain(), unpruned()
    agree = all(mine[k] == theirs[k] == brute[k] for k in mine)
    levels = Counter(r.level for r in mine.values())
    print(f"# {len(view.units)} units, {len(mine)} ordered pairs: "
          + ", ".join(f"{lv} {levels[lv]}" for lv in ("none", "partial", "good", "superior",
                                                      "total"))
          + f"; same answers (every field) tabled, plain and unpruned: {agree}")
    times = _interleaved({"reference": reference, "ready": ready, "built": built,
                          "plain": plain}, rounds=3, number=1)
    ref_ms = times["reference"]
    label = f"{len(work)} exact clippings"
    report("cover.all_pairs_cover[tables ready]", times["ready"], ref_ms, label)
    report("cover.all_pairs_cover[tables built]", times["built"], ref_ms, label)
    report("cover.all_pairs_cover[plain: lines clipped]", times["plain"], ref_ms, label)
    print(f"# all_pairs_cover / reference: {times['ready'] / ref_ms:.2f} tables ready, "
          f"{times['built'] / ref_ms:.2f} tables built, {times['plain'] / ref_ms:.2f} plain; "
          f"plain / tables ready: {times['plain'] / times['ready']:.2f}; absolute "
          f"{times['ready']:.0f} ms (goal <= 200 ms on a quiet machine)")
    print(f"# all_pairs_cover CPU (time.process_time, best of 3): "
          f"{cpu_ms(ready):.0f} ms tables ready, reference {cpu_ms(reference):.0f} ms")
    all_pairs_cover(view, ranged=True)
    hit_ms = best_ms(lambda: all_pairs_cover(view, ranged=True))
    print(f"# all_pairs_cover cache hit (same view version): {hit_ms * 1000:.1f} us")


# ---- frame: one frame of the game UI (docs/architecture.md "Layers") vs one full-screen blit ---

FRAME_MAP = "maps/battle.tmx"
FRAME_SEED = 37                  # Cora acts first: the hover shows the path of the acting creature
FRAME_ACTOR = "Cora"
FRAME_MOVES = {"Ogre": (14, 12), "Wolf": (11, 13), "Orc 1": (17, 13), "Cora": (11, 8)}
FRAME_HOVERS = [(17, 10), (18, 10), (18, 11), (17, 11), (16, 10), (16, 9), (17, 9)]
FRAME_LOOK = "Brand"             # another creature of the player's: a click selects it


def frame_app():
    """The staged window of the frame section, headless: FRAME_ACTOR selected, every overlay
    on, the pointer at (17, 10), where the path of the acting creature provokes the ogre."""
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.ui.app import screenshot_app

    repo = Path(__file__).resolve().parent.parent
    return screenshot_app(repo / FRAME_MAP, FRAME_ACTOR, "17,10", "1920x1080",
                          moves=FRAME_MOVES, overlays=("los", "threat"), seed=FRAME_SEED)


def screen_at(app, cell) -> tuple[int, int]:
    """The window pixel at the centre of a cell (col, row)."""
    return tuple(round(v) for v in app.camera.to_screen(*app.board.centre(cell)))


def point(app, pos) -> None:
    """The pointer moves to `pos`: the event, then the update, as the window loop does."""
    import pygame
    try:
        pygame.mouse.set_pos(pos)
    except pygame.error:
        pass
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0),
                                        buttons=(0, 0, 0)))
    app.update(0.0)


def click(app, pos) -> None:
    """A left click (press and release) at `pos`, then the update."""
    import pygame
    point(app, pos)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle_event(pygame.event.Event(kind, pos=pos, button=1))
    app.update(0.0)


BLIT_METHODS = ("blit", "blits", "fblits")


def blit_calls(draw: Callable[[], object]) -> int:
    """How many times `draw()` calls a surface's blit, blits or fblits (any surface: the
    window's and the cached layers'; a batch of blits counts once)."""
    import pygame
    calls = 0

    def watch(frame, event, arg):
        nonlocal calls
        if (event == "c_call" and getattr(arg, "__name__", "") in BLIT_METHODS
                and isinstance(getattr(arg, "__self__", None), pygame.Surface)):
            calls += 1

    sys.setprofile(watch)
    try:
        draw()
    finally:
        sys.setprofile(None)
    return calls


def frame_blits(app) -> dict[str, int]:
    """The blit calls of one frame of each kind on the staged window (`frame_app`):
    "full redraw" (the board's cached layers and the HUD made again, then drawn: the
    reference), "same frame again" (App.draw(force=True): drawn from the caches), "idle"
    (nothing changed), "hover"
    (the pointer moved to another hex of the board), "click" (a click selected another
    creature) and "path shown" (the acting creature selected again by a click, the pointer
    on a hex: the frame that draws its path)."""
    b = app.battle
    occupied = {b.cell(h) for u in b.view().units for h in u.hexes}
    hovers = [c for c in FRAME_HOVERS if c not in occupied]
    point(app, screen_at(app, hovers[0]))
    app.draw(force=True)
    def full_redraw():
        app.board.invalidate()
        app.hud_layer.invalidate()
        app.draw(force=True)

    counts = {"full redraw": blit_calls(full_redraw),
              "same frame again": blit_calls(lambda: app.draw(force=True)),
              "idle": blit_calls(app.draw)}
    point(app, screen_at(app, hovers[1]))
    counts["hover"] = blit_calls(app.draw)
    click(app, screen_at(app, b.cell(b.view().unit(FRAME_LOOK).anchor)))
    counts["click"] = blit_calls(app.draw)
    click(app, screen_at(app, b.cell(b.view().unit(FRAME_ACTOR).anchor)))
    app.draw()
    point(app, screen_at(app, hovers[0]))
    counts["path shown"] = blit_calls(app.draw)
    return counts


def _interleaved(fns: dict, rounds: int = 9, number: int = 40) -> dict:
    """Best mean time (ms) of each function, measured in alternating rounds so that a busy
    machine slows every contender alike. A function that returns a number returns the
    seconds of the part of it that counts (what it does before is not timed)."""
    best = {name: float("inf") for name in fns}
    for _ in range(rounds):
        for name, fn in fns.items():
            total = 0.0
            for _ in range(number):
                t0 = time.perf_counter()
                part = fn()
                total += part if isinstance(part, float) else time.perf_counter() - t0
            best[name] = min(best[name], total / number * 1000)
    return best


@section
def bench_frame() -> None:
    """A frame at 1920x1080 on maps/battle.tmx with every overlay on (T threat, L sight, the
    selection's reach and threat area, a hover path that provokes the ogre) against one
    full-screen blit of a window-sized surface, in the same run. Goal: a frame <= 3 blits
    (and 60 FPS: <= 16.7 ms for a whole loop iteration).

    - "board": Board.draw alone (static layer cached per zoom step, selection, overlays and
      battle version);
    - "HUD drawn every frame (before)": the board plus UIManager.draw_ui straight onto the
      screen, what App.draw did before the HUD was cached (reference);
    - "HUD unchanged": App.draw(force=True), the game's own draw, nothing new;
    - "hover moving": the pointer moves to another hex of the board (MOUSEMOTION through
      App.handle_event, then App.update, not timed), then App.draw is timed; also the whole
      loop iteration timed (event + update + draw);
    - "HUD re-rendered": the pointer moves between two action buttons (their hover look
      changes, not timed), then App.draw, which must render the HUD again, is timed (the
      action bar's part of it); "whole HUD re-rendered": the same after
      HudLayer.invalidate(), what a click or key the HUD consumed does;
    - "idle": App.draw() when nothing changed since the last frame (it draws nothing).
    The display's flip (pygame.display.flip) is left out: the dummy video driver has none.
    Also the blit calls of one frame of each kind (`frame_blits`) against those of a full
    redraw, counted, not timed."""
    import pygame

    app = frame_app()
    blits = frame_blits(app)
    app = frame_app()
    app.draw(force=True)
    screen, layer = app.screen, app.hud_layer
    window = pygame.Surface(screen.get_size()).convert()
    window.fill((40, 90, 40))
    m, b = app.model, app.battle
    occupied = {b.cell(h) for u in b.view().units for h in u.hexes}
    hovers = [c for c in FRAME_HOVERS if c not in occupied]

    def pointer(pos):
        point(app, pos)

    def at(cell):
        return screen_at(app, cell)

    def peer():
        screen.blit(window, (0, 0))

    def board():
        app.board.draw(screen, app.camera, app.controller, app.animator)

    def before():
        app.board.draw(screen, app.camera, app.controller, app.animator)
        app.manager.draw_ui(screen)

    def steady():
        app.draw(force=True)

    turn = {"hover": 0, "button": 0}

    def hover_draw() -> float:
        turn["hover"] += 1
        pointer(at(hovers[turn["hover"] % len(hovers)]))
        t0 = time.perf_counter()
        app.draw()
        return time.perf_counter() - t0

    def hover_loop():
        turn["hover"] += 1
        pointer(at(hovers[turn["hover"] % len(hovers)]))
        app.draw()

    buttons = [app.hud.action_buttons[a].rect.center for a in ("move", "run")]

    def hud_draw() -> float:
        turn["button"] += 1
        pointer(buttons[turn["button"] % 2])
        t0 = time.perf_counter()
        app.draw()
        return time.perf_counter() - t0

    def hud_all() -> float:
        layer.invalidate()           # what a click or key the HUD takes does
        t0 = time.perf_counter()
        app.draw()
        return time.perf_counter() - t0

    def idle():
        app.draw()

    # what each kind of frame does to the cached HUD (checked, not assumed)
    r0 = layer.renders
    for _ in range(2 * len(hovers)):
        hover_loop()
    hover_renders = layer.renders - r0
    r0 = layer.renders
    for _ in range(10):
        hud_draw()
    button_renders = layer.renders - r0
    pointer(at((17, 10)))
    app.draw(force=True)

    times = _interleaved({"peer": peer, "board": board, "before": before, "steady": steady,
                          "idle": idle})
    pointer(at((17, 10)))
    times.update(_interleaved({"peer2": peer, "hover": hover_draw, "loop": hover_loop,
                               "hud": hud_draw, "hud_all": hud_all}))
    peer_ms = min(times["peer"], times["peer2"])
    pointer(at((17, 10)))
    app.draw(force=True)
    area = screen.get_width() * screen.get_height()
    print(f"# {FRAME_MAP} at 1920x1080, zoom {app.camera.zoom}, overlays {sorted(m.overlays)}, "
          f"selected {m.selected}, hover {m.hover_cell}: path of {len(m.preview.cells)} hexes "
          f"provoking {sorted(m.highlighted)}; HUD: {app.hud is not None}")
    print(f"# HUD: {len(layer.rects)} rectangles, "
          f"{sum(r.w * r.h for r in layer.rects) / area:.0%} of the window; blended live "
          f"over the board this frame: {sum(r.w * r.h for r in layer.holes) / area:.1%}; "
          f"HUD renders over {2 * len(hovers)} hover moves: {hover_renders}, over 10 button "
          f"hovers: {button_renders}")
    rows = (("board", "board"),
            ("before", "HUD drawn every frame (before)"),
            ("steady", "full frame, HUD unchanged"),
            ("hover", "full frame, hover moving on the board"),
            ("hud", "full frame, HUD re-rendered (button hover)"),
            ("hud_all", "full frame, whole HUD re-rendered (after a click)"),
            ("idle", "idle (nothing changed)"),
            ("loop", "hover moving: event + update + draw"))
    for name, label in rows:
        report(f"frame[{label}]", times[name], peer_ms, "one full-screen blit")
        print(f"# frame[{label}] = {times[name] / peer_ms:.2f} full-screen blits "
              f"(goal <= 3), {times[name]:.3f} ms, {1000 / times[name]:.0f} FPS")
    full = blits["full redraw"]
    for name, calls in blits.items():
        print(f"frame blits[{name}]: {calls} blit calls, {calls / full:.2f} of a full redraw "
              f"({full})")


# ---- loading (issue: foundation): load + validate vs pytmx parsing alone --------------------

def _big_map(folder: Path, size: int = 200) -> Path:
    """A generated size x size pointy-top map with mixed terrain and a few units."""
    from game.tiled.plan import MapPlan, Unit, write_map
    symbols = ".=T:~n^"
    rows = ["".join(symbols[(c * 7 + r * 3) % len(symbols)] for c in range(size))
            for r in range(size)]
    units = [Unit(f"Fighter {i}", "fighter", "blue", 2 + i, 2) for i in range(0, 20, 2)]
    units += [Unit(f"Orc {i}", "orc", "red", 2 + i, size - 3) for i in range(0, 20, 2)]
    plan = MapPlan("big.tmx", "Big", "", "y", "blue,red", "\n".join(rows), units)
    return write_map(plan, folder / "big.tmx")


@section
def bench_load() -> None:
    """load_map (the map parsed once, images opened, terrain, units, every check) against
    pytmx.TiledMap parsing alone, on the largest shipped map and a generated 200x200 map.
    Goal: ratio (ours / pytmx) <= 1.5; printed as peer/ours like the other sections."""
    import tempfile

    import pytmx

    from game.data import load_units
    from game.tiled.loader import load_map

    def _no_images(filename, colorkey=None, **kwargs):  # pytmx parsing only, no image read
        return lambda rect=None, flags=None: (filename, rect, flags)

    units = load_units()
    repo = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as tmp:
        for path in (repo / "maps" / "battle.tmx", _big_map(Path(tmp))):
            ours = best_ms(lambda: load_map(path, units), repeat=5)
            peer = best_ms(lambda: pytmx.TiledMap(str(path), image_loader=_no_images,
                                                  allow_duplicate_names=True), repeat=5)
            report(f"load+validate {path.name}", ours, peer, "pytmx.TiledMap")
            print(f"  ours / pytmx = {ours / peer:.2f} (goal <= 1.5)")


# ---- problems (docs/security.md "Time and memory"): validate's growth with its problems --

def _teams_map(folder: Path, teams: int) -> Path:
    """A new map whose property teams names `teams` more teams without units: one problem
    each."""
    from game.tiled.newmap import write_new_map
    path = write_new_map(folder / f"teams{teams}.tmx", "10x8", "flat")
    names = ",".join(["blue", "red"] + [f"t{i}" for i in range(teams)])
    path.write_text(path.read_text().replace('value="blue,red"', f'value="{names}"'))
    return path


@section
def bench_problems() -> None:
    """read_map of a map with 20,000 problems against four times a map with 5,000 (what
    linear growth predicts): a ratio near 1 is linear, near 1/4 quadratic."""
    import tempfile

    from game.data import load_units
    from game.tiled.loader import read_map

    units = load_units()
    with tempfile.TemporaryDirectory() as tmp:
        small, large = _teams_map(Path(tmp), 5_000), _teams_map(Path(tmp), 20_000)
        ours = best_ms(lambda: read_map(large, units), repeat=3)
        peer = 4 * best_ms(lambda: read_map(small, units), repeat=3)
        report("validate 20,000 problems", ours, peer, "4 x validate 5,000 problems")


# ---- ai (game/ai): one unit decision vs the baseline's, on the largest shipped map ---------

@section
def bench_ai() -> None:
    """Time per AI unit decision (normal) on maps/battle.tmx vs the baseline controller's
    decision in the same positions, and vs one reachable() call with the unit's whole Move
    budget; plus the absolute times against the 200 ms bound. The positions are those of a
    seeded AI-vs-AI game (the first `turns` turn decisions); each is timed cold (what the
    AI's pure functions remember across decisions forgotten) and warm. Easy and Hard (with
    its default look-ahead) decide in the same positions (warm), timed once each: p50, p99
    and max per level against Hard's goal (p99 <= 1.5 s, max <= 3 s a decision)."""
    from game.ai import evaluate
    from game.ai.baseline import baseline
    from game.ai.player import AIPlayer
    from game.engine.battle import Battle
    from game.rules import movement, view_memo
    from game.tiled.loader import load_map

    path = Path(__file__).resolve().parent.parent / "maps" / "battle.tmx"
    hexmap = load_map(path)
    battle = Battle(hexmap, seed=3)
    players = {t: AIPlayer("normal", seed=f"bench:{t}") for t in hexmap.teams}
    cold, warm, base, reach, hard, easy = [], [], [], [], [], []

    def clear():
        evaluate.clear_caches()

    turns_timed = 0
    while battle.awaiting() != "over" and turns_timed < 40:
        state, who = battle.decider()
        player = players[battle.teams_of[who]]
        if state == "turn":
            turns_timed += 1
            clear()
            t0 = time.perf_counter()
            cmd = player.command(battle)
            cold.append((time.perf_counter() - t0) * 1000)
            warm.append(best_ms(lambda: AIPlayer("normal", seed=0).command(battle), repeat=3,
                                number=1))
            base.append(best_ms(lambda: baseline(battle), repeat=3, number=1))
            hard.append(best_ms(lambda: AIPlayer("hard", seed=0).command(battle), repeat=1,
                                number=1))
            easy.append(best_ms(lambda: AIPlayer("easy", seed=0).command(battle), repeat=1,
                                number=1))
            view = battle.view()
            u = view.unit(who)
            budget = battle.budget(who)
            total = movement.movement_budget(budget.movement, budget.big, movement.speed_hexes(u))

            def full_reachable():
                view_memo.forget(view)
                return movement.reachable(view, u, total).cost
            reach.append(best_ms(full_reachable, repeat=3, number=1))
        else:
            cmd = player.command(battle)
        battle.apply(cmd)
    battle.close()
    mean = lambda xs: sum(xs) / len(xs)  # noqa: E731
    print(f"# {len(cold)} turn decisions of an AI-vs-AI game on battle.tmx (seed 3)")
    report("ai.decision[mean, warm]", mean(warm), mean(base), "baseline decision")
    report("ai.decision[mean, cold caches]", mean(cold), mean(base), "baseline decision")
    report("ai.decision[mean, warm]", mean(warm), mean(reach),
           "movement.reachable (whole Move budget, field rebuilt)")
    print(f"# ai decision / baseline decision: {mean(warm) / mean(base):.1f}x warm, "
          f"{mean(cold) / mean(base):.1f}x cold; / reachable(): {mean(warm) / mean(reach):.0f}x")
    p99 = lambda xs: sorted(xs)[int(0.99 * (len(xs) - 1))]  # noqa: E731
    report("ai.decision[hard, mean, warm]", mean(hard), mean(base), "baseline decision")
    report("ai.decision[easy, mean, warm]", mean(easy), mean(base), "baseline decision")
    print(f"# per level / baseline decision (warm): easy {mean(easy) / mean(base):.1f}x, "
          f"normal {mean(warm) / mean(base):.1f}x, hard {mean(hard) / mean(base):.1f}x")
    print(f"# normal: p99 {p99(warm):.1f} ms warm, {p99(cold):.1f} ms cold; hard: mean "
          f"{mean(hard):.1f} ms, p99 {p99(hard):.1f} ms, max {max(hard):.1f} ms per decision")
    p50 = lambda xs: sorted(xs)[(len(xs) - 1) // 2]  # noqa: E731
    for level, xs in (("easy", easy), ("normal", warm), ("hard", hard)):
        print(f"ai.level[{level}]: p50 {p50(xs):.1f} ms, p99 {p99(xs):.1f} ms, "
              f"max {max(xs):.1f} ms over {len(xs)} decisions")
    print(f"# hard's goal (p99 <= 1500 ms, max <= 3000 ms): "
          f"{'met' if p99(hard) <= 1500 and max(hard) <= 3000 else 'NOT met'}")
    worst = max(max(cold), max(warm))
    print(f"# absolute: warm mean {mean(warm):.1f} ms, max {max(warm):.1f} ms; cold mean "
          f"{mean(cold):.1f} ms, max {max(cold):.1f} ms; 200 ms bound per unit decision: "
          f"{'met' if worst <= 200 else 'NOT met'}")


@section
def bench_thinking() -> None:
    """The window while Hard thinks: the staged window of the frame section draws a frame
    every 1/60 s on the main thread while Hard (default look-ahead) decides on a detached
    copy of a battle on a worker thread, as the window does (game.ui.controller), for the
    first turn decisions of an AI-vs-AI game on maps/battle.tmx. Reports the longest gap
    between two frames against the frame period (goal: frames keep coming, no gap near a
    decision's length)."""
    import threading
    from game.ai.player import AIPlayer
    from game.engine.battle import Battle
    from game.tiled.loader import load_map

    app = frame_app()
    app.draw(force=True)          # warm: a first frame builds the caches every frame reads
    battle = Battle(load_map(Path(__file__).resolve().parent.parent / FRAME_MAP), seed=3)
    hard = AIPlayer("hard", seed=0)
    gaps, thinking_ms, decisions = [], [], 0
    while battle.awaiting() != "over" and decisions < 12:
        if battle.awaiting() != "turn":
            battle.apply(hard.command(battle))
            continue
        decisions += 1
        answer: list = []
        copy = battle.detached()
        worker = threading.Thread(target=lambda: answer.append(hard.command(copy)))
        t0 = last = time.perf_counter()
        worker.start()
        while worker.is_alive():
            app.draw(force=True)
            now = time.perf_counter()
            gaps.append(now - last)
            last = now
            time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - now)))
        worker.join()
        thinking_ms.append((time.perf_counter() - t0) * 1000)
        battle.apply(answer[0])
    gaps.sort()
    print(f"# {decisions} decisions of Hard on a worker thread, {len(gaps)} frames drawn "
          f"meanwhile; longest decision {max(thinking_ms):.0f} ms; frame gaps p50 "
          f"{1000 * gaps[(len(gaps) - 1) // 2]:.0f} ms, p99 {1000 * gaps[int(0.99 * (len(gaps) - 1))]:.0f} ms")
    report("thinking.longest frame gap", max(gaps) * 1000, 1000 / 60, "the frame period")


# ---- actions (game/engine/legality.py): the legality query vs one movement search -----------

def _turn_positions(map_name: str = "battle.tmx", seed: int = 3, turns: int = 25):
    """(battle copy, acting creature) at the first `turns` turn decisions of a seeded game of
    normal computer players (each copy detached: it keeps its position)."""
    from game.ai.player import AIPlayer
    from game.engine.battle import Battle
    from game.tiled.loader import load_map

    hexmap = load_map(Path(__file__).resolve().parent.parent / "maps" / map_name)
    battle = Battle(hexmap, seed=seed)
    players = {t: AIPlayer("normal", seed=f"bench:{t}") for t in hexmap.teams}
    positions = []
    while battle.awaiting() != "over" and len(positions) < turns:
        state, who = battle.decider()
        if state == "turn":
            positions.append((battle.detached(), who))
        battle.apply(players[battle.teams_of[who]].command(battle))
    battle.close()
    return positions


@section
def bench_actions() -> None:
    """`battle.actions(name)` (every action of the turn, enabled or why not) for the acting
    creature at the first 25 turn decisions of a seeded game on maps/battle.tmx, against one
    movement search of the same creature with its whole Move budget (`movement.reachable`),
    both cold: what the rules remember about the position is forgotten before each call.
    Goal: a query <= 5 ms (the mean of the positions, on a quiet machine)."""
    from game.rules import movement, view_memo

    positions = _turn_positions()

    def query(b, who):
        view_memo.forget(b.view())
        return b.actions(who)

    def search(b, who):
        view = b.view()
        view_memo.forget(view)
        u, budget = view.unit(who), b.budget(who)
        total = movement.movement_budget(budget.movement, budget.big, movement.speed_hexes(u))
        return movement.reachable(view, u, total)

    ours = [best_ms(lambda: query(b, who), repeat=5, number=1) for b, who in positions]
    peer = [best_ms(lambda: search(b, who), repeat=5, number=1) for b, who in positions]
    mean = lambda xs: sum(xs) / len(xs)  # noqa: E731
    worst = max(range(len(ours)), key=ours.__getitem__)
    print(f"# {len(positions)} positions of a seeded game on battle.tmx; slowest: "
          f"{positions[worst][1]} at decision {worst + 1}, {ours[worst]:.1f} ms")
    report("battle.actions[mean, cold]", mean(ours), mean(peer),
           "movement.reachable (whole Move budget, cold)")
    print(f"# actions / one movement search: {mean(ours) / mean(peer):.2f}; absolute mean "
          f"{mean(ours):.1f} ms (goal <= 5 ms on a quiet machine)")
    cpu = [cpu_ms(lambda: query(b, who), repeat=5) for b, who in positions]
    print(f"# battle.actions CPU (time.process_time, best of 5, mean of the positions): "
          f"{mean(cpu):.1f} ms")


# ---- jobs (game/ai/simulate.py): --jobs 2 vs --jobs 1, and Ray vs the process pool --------

JOBS_GAMES = 12


def _timed_games(**backend) -> tuple[float, list[dict]]:
    """Wall-clock seconds of JOBS_GAMES computer games on maps/duel.tmx, and their results
    (start-up of the processes or of Ray included). Prints the CPU seconds this process and
    its children used: on a shared machine a speed-up below 2 with the same CPU seconds is
    the machine's, not the pool's."""
    import os
    from game.ai.simulate import ROUND_CAP, iter_games
    path = str(Path(__file__).resolve().parent.parent / "maps" / "duel.tmx")
    tasks = ((path, {"blue": "ai", "red": "ai"}, 100 + i, ROUND_CAP) for i in range(JOBS_GAMES))
    cpu = lambda t: t.user + t.system + t.children_user + t.children_system  # noqa: E731
    t0, c0 = time.perf_counter(), os.times()
    results = list(iter_games(tasks, **backend))
    wall = time.perf_counter() - t0
    print(f"# {backend}: wall {wall:.1f} s, CPU {cpu(os.times()) - cpu(c0):.1f} s "
          "(Ray's workers not counted)")
    return wall, results


def _by_seed(results) -> dict:
    """seed -> final state hash (the backends hand games back as they finish)."""
    return {r["seed"]: r["state_hash"] for r in results}


@section
def bench_jobs() -> None:
    """`simulate --jobs 2` against `--jobs 1` (the speed-up on two cores), and Ray's cost per
    game against the process pool, both with 2 workers, on the same seeded games (whose
    results must agree). Ray runs only where it is installed (hexskirmish[cluster])."""
    import os
    load, cpus = os.getloadavg()[0], os.cpu_count()
    print(f"# load average {load:.1f} on {cpus} CPUs"
          f"{': a busy machine, the ratios below mean little' if load > cpus * 0.75 else ''}")
    one, serial = _timed_games(jobs=1)
    two, pooled = _timed_games(jobs=2)
    assert _by_seed(serial) == _by_seed(pooled)
    per = lambda seconds: 1000 * seconds / JOBS_GAMES  # noqa: E731
    print(f"# {JOBS_GAMES} games ai vs ai on duel.tmx, start-up included")
    report("simulate --jobs 2", per(two), per(one), "--jobs 1")
    print(f"# speed-up of --jobs 2 over --jobs 1: {one / two:.2f} (2 cores: 2.0 at best)")
    try:
        import ray  # noqa: F401
    except ImportError:
        print("# ray: not installed (pip install 'hexskirmish[cluster]'), skipped")
        return
    on_ray, remote = _timed_games(jobs=2, backend="ray")
    assert _by_seed(remote) == _by_seed(pooled)
    report("process pool --jobs 2", per(two), per(on_ray), "--backend ray (local, 2 CPUs)")
    print(f"# ray's cost per game over the process pool: {per(on_ray) - per(two):+.0f} ms, "
          f"ratio ray / pool {on_ray / two:.2f}")


def _played_battle(commands: int = 400):
    """A computer-against-computer battle on maps/battle.tmx, `commands` commands in (or
    ended), seed 5: a long log."""
    from game.ai.player import AIPlayer
    from game.engine.battle import Battle
    from game.tiled.loader import load_map

    repo = Path(__file__).resolve().parent.parent
    hexmap = load_map(repo / FRAME_MAP)
    b = Battle(hexmap, seed=5, controllers={t: "ai" for t in hexmap.teams})
    player = AIPlayer("easy", seed="bench")
    for _ in range(commands):
        if b.awaiting() == "over":
            break
        b.apply(player.command(b))
    return b


@section
def bench_log() -> None:
    """The combat log the HUD rebuilds when events arrive: with a summary line after each
    computer side's run of turns (game.ui.turn_summary.with_summaries) against the log
    without them (presenters.log_entries of log_events), on the same long battle."""
    from game.ui import presenters as P
    from game.ui.turn_summary import with_summaries

    b = _played_battle()
    sides = frozenset(b.teams_of.values())
    ours = best_ms(lambda: with_summaries(b, sides), repeat=5)
    peer = best_ms(lambda: P.log_entries(P.log_events(b), b.profile.name), repeat=5)
    print(f"  {len(b.events)} events, {len(with_summaries(b, sides))} log lines")
    report("log with summaries", ours, peer, "log without them")


@section
def bench_legend() -> None:
    """Opening the legend (F2: every mark drawn by the board, the badges, the terrain, built
    when it opens) against opening the help panel (F1: its lists and long text), each closed
    again, on maps/battle.tmx at 1280x800."""
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.ui.app import screenshot_app

    repo = Path(__file__).resolve().parent.parent
    app = screenshot_app(repo / FRAME_MAP, None, None, "1280x800")

    def opened(show):
        def run():
            show()
            app.update(0.0)
            app.draw(force=True)
            app.back()
        return run
    ours = best_ms(opened(app.show_legend), repeat=5)
    report("opening the legend", ours, best_ms(opened(app.show_help), repeat=5),
           "opening the help panel")


@section
def bench_sound() -> None:
    """Making every sound of the battle (game.ui.sound.pcm, once each at first use) against
    the sum of the sounds' own lengths (how long they take to play)."""
    from game.ui.sound import RATE, SOUND_NAMES, pcm

    ours = best_ms(lambda: [pcm(n) for n in SOUND_NAMES], repeat=3)
    playing = sum(len(pcm(n)) / 2 / RATE for n in SOUND_NAMES) * 1000
    report("making every sound", ours, playing, "their playing time")


# ---- entry (docs/security.md "Commands"): the checks where a command enters the engine -----

def _entry_commands(battle, name: str) -> list:
    """Every command the legality query offers `name` now (the options of each action)."""
    return [o.command for a in battle.actions(name) if a.enabled
            for o in battle.options(name, a.action)]


@section
def bench_entry() -> None:
    """What the entry checks cost: `Battle.refusal` (the type check of every field, then the
    rules) vs the profile's refusal alone, and `Battle.forecast` (refusal first) vs the
    profile's forecast alone, over every command the legality query offers in the first turns
    of a seeded battle on maps/skirmish.tmx, under both rule profiles. `actions()` itself
    builds its commands and asks the profile, so the check is not in it."""
    from game.ai.baseline import BaselinePlayer
    from game.engine.battle import Battle
    from game.engine.command_fields import field_refusal
    from game.tiled.loader import load_map

    hexmap = load_map(Path(__file__).resolve().parent.parent / "maps" / "skirmish.tmx")
    for rules in ("lfg", "light"):
        battle, player = Battle(hexmap, seed=5, rules=rules), BaselinePlayer()
        for _ in range(12):
            battle.apply(player.command(battle))
        while battle.decider()[0] != "turn":
            battle.apply(player.command(battle))
        commands = _entry_commands(battle, battle.active)
        p = battle.profile
        fields_ms = best_ms(lambda: [field_refusal(c) for c in commands], repeat=5)
        ours = best_ms(lambda: [battle.refusal(c) for c in commands], repeat=5)
        peer = best_ms(lambda: [p.refusal(battle, c) for c in commands], repeat=5)
        report(f"{rules} refusal of {len(commands)} commands", ours, peer,
               "the profile's refusal alone")
        print(f"  the field check alone: {fields_ms:.3f} ms")
        ours = best_ms(lambda: [battle.forecast(c) for c in commands], repeat=3)
        peer = best_ms(lambda: [p.forecast(battle, c) for c in commands], repeat=3)
        report(f"{rules} forecast of {len(commands)} commands", ours, peer,
               "the profile's forecast alone")


# ---- sight (docs/rules/22-hiding-and-fog.md): the hexes a creature sees vs the general tracer --

SIGHT_MAPS = ("battle.tmx", "keep.tmx", "skirmish.tmx")
SIGHT_PLACES = 40                 # new places of a one-hex watcher per map, seeded


def _sight_view(map_name: str):
    """A fresh view of a shipped map (its own terrain index and memos) and the places to
    look from: its creatures' places, then seeded open hexes."""
    from game.data import load_units
    from game.ecs.view import snapshot
    from game.ecs.world import build_store
    from game.tiled.loader import load_map

    hexmap = load_map(Path(__file__).resolve().parent.parent / "maps" / map_name)
    view = snapshot(build_store(hexmap, load_units()), hexmap)
    places = [u.hexes for u in view.units if u.hexes]
    open_hexes = [(h,) for h in hexmap.all_hexes() if not hexmap.terrain_at(h).impassable]
    places += random.Random(map_name).sample(open_hexes, SIGHT_PLACES - len(places))
    return view, places


def _sight_start_up() -> None:
    """Forget every table of lines, as at start-up."""
    from game.rules import geometry, line_tables, seen_hexes

    line_tables.fan.cache_clear()
    geometry.linedraw_offsets.cache_clear()
    seen_hexes.line_drawing_keys.cache_clear()
    seen_hexes.forget_passages()


def _sight_run(fn, view, places) -> tuple[list, list]:
    """CPU ms (time.process_time) of `fn(view, watcher)` at each place, and the answers."""
    import dataclasses

    someone = view.units[0]
    times, answers = [], []
    for hexes in places:
        watcher = dataclasses.replace(someone, hexes=hexes, anchor=hexes[0])
        t0 = time.process_time()
        answers.append(fn(view, watcher))
        times.append((time.process_time() - t0) * 1000)
    return times, answers


@section
def bench_sight() -> None:
    """The hexes a creature sees (game/rules/seen_hexes.py, only the hexes that block sight
    checked), against the general line tracer testing every hex (tests/sight_reference.py,
    the way it was done before), in the same run: medians of 3 runs, CPU time. "from
    start-up": every table of lines forgotten first, then SIGHT_PLACES new places one after
    the other (the first of them, and their mean); "tables ready": the same places again,
    the tables they made kept (what a battle under way finds); no answer is remembered."""
    from statistics import median

    from game.rules import seen_hexes
    from tests.sight_reference import traced_hexes_seen

    contenders = {"ours": seen_hexes.hexes_seen, "peer": traced_hexes_seen}
    for map_name in SIGHT_MAPS:
        runs = {(who, part): [] for who in contenders for part in ("first", "cold", "ready")}
        agree = True
        for _ in range(3):
            answers = {}
            for who, fn in contenders.items():
                _sight_start_up()
                view, places = _sight_view(map_name)
                cold, answers[who] = _sight_run(fn, view, places)
                ready, _ = _sight_run(fn, view, places)
                runs[who, "first"].append(cold[0])
                runs[who, "cold"].append(sum(cold) / len(cold))
                runs[who, "ready"].append(sum(ready) / len(ready))
            agree = agree and answers["ours"] == answers["peer"]
        print(f"# {map_name}: {view.hexmap.width * view.hexmap.height} hexes, {len(places)} places; "
              f"same hexes seen at every place: {agree}")
        for part, label in (("first", "first place from start-up"),
                            ("cold", "mean of the places from start-up"),
                            ("ready", "new place, tables ready")):
            report(f"sight.hexes_seen[{map_name}, {label}]", median(runs["ours", part]),
                   median(runs["peer", part]), "the general line tracer")


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
