"""Reading a map's objectives, regions, story text and reinforcements (docs/mapping.md
"Objectives and events") into a `game.tiled.scenario.Scenario`, with every problem found.

The loader hands each object of class `objective`, `region` or `story` to `add`, asks
`arrival_layer` of each object layer whether its units arrive later, and calls `finish` once
the units are known: names are checked then (a creature or region that does not exist, a
round limit of 0, reinforcements onto a wall or another creature).
"""
from __future__ import annotations

import math

from game.hexgrid import footprint
from game.rulebooks import SCENARIO_RULES
from game.tiled.scenario import (
    CREATURE_KINDS, JOINS, OBJECTIVE_CLASS, OBJECTIVE_KINDS, REGION_CLASS, REGION_KINDS,
    REINFORCEMENTS_CLASS, ROUND_KINDS, STORY_WHEN, Objective, Region, Reinforcements, Scenario,
    Story,
)
from game.tiled.xmlsafe import as_choice, as_int, as_text, read_props

ARRIVAL_PROPS = ("arrives_round", "arrives_on")
MAX_OBJECTS = 500       # objectives, regions and stories of one map: the rest are not read


class ScenarioReader:
    """Collects the scenario objects of one map; `report(line, what, fix, path=None)` and
    `typed(prop, convert, label)` are the loader's."""

    def __init__(self, report, typed, defaults=lambda cls: {}):
        self.report, self.typed, self.defaults = report, typed, defaults
        self.shapes: list = []          # (mo, offset) of region objects
        self.objectives: list[Objective] = []
        self.stories: list[Story] = []
        self.groups: list[Reinforcements] = []
        self.count = 0

    # --- objects and layers ----------------------------------------------------------------

    def add(self, mo, offset) -> None:
        """An object of class objective, region or story."""
        self.count += 1
        if self.count > MAX_OBJECTS:
            if self.count == MAX_OBJECTS + 1:
                self.report(mo.line, f"more than {MAX_OBJECTS} objectives, regions and "
                            "stories: the rest are not read", "remove some in Tiled")
            return
        mo.props = {**self.defaults(mo.cls), **mo.props}
        if mo.cls == REGION_CLASS:
            self.shapes.append((mo, offset))
        elif mo.cls == OBJECTIVE_CLASS:
            self.objective(mo)
        else:
            self.story(mo)

    def arrival_layer(self, elem, path) -> str | None:
        """The layer's name when its units arrive later (class `reinforcements`, or a property
        `arrives_round` / `arrives_on`), else None."""
        props = read_props(elem, path)
        if elem.get("class") == REINFORCEMENTS_CLASS:
            props = {**self.defaults(REINFORCEMENTS_CLASS), **props}
        if not any(k in props for k in ARRIVAL_PROPS):
            return None
        name, line = elem.get("name", ""), getattr(elem, "line", 1)
        label = f"reinforcements layer '{name}'"
        rnd = self.typed(props["arrives_round"], lambda p: as_int(p, 0, 10_000), label) \
            if "arrives_round" in props else 0
        region = (self.typed(props["arrives_on"], as_text, label) or "").strip() \
            if "arrives_on" in props else ""
        if not rnd and not region:
            self.report(line, f"{label} says neither when nor where its units arrive",
                        "give it arrives_round (2 or more) or arrives_on (a region's name)")
        elif rnd == 1:
            self.report(line, f"{label} arrives in round 1, when the battle starts",
                        "put its units on a shown layer, or give arrives_round 2 or more")
        elif rnd and region:
            self.report(line, f"{label} has both arrives_round and arrives_on",
                        "keep one of them (a round, or the region whose entry brings them)")
        self.groups.append(Reinforcements(name, (), rnd or 0, region if not rnd else "", line))
        return name

    def objective(self, mo) -> None:
        label = _label(mo, "objective")
        props = mo.props
        values = {}
        for key in ("team", "kind"):
            if key not in props or not props[key].value.strip():
                self.report(mo.line, f"{label} has no '{key}' property",
                            f"add a string property {key}" + (
                                f" (one of {', '.join(OBJECTIVE_KINDS)})" if key == "kind"
                                else " (the side it is for)"))
                return
        values["team"] = (self.typed(props["team"], as_text, label) or "").strip()
        values["kind"] = self.typed(props["kind"], lambda p: as_choice(p, OBJECTIVE_KINDS),
                                    label)
        for key, convert in (("target", as_text), ("text", as_text),
                             ("join", lambda p: as_choice(p, JOINS)),
                             ("rounds", lambda p: as_int(p, 0, 10_000)),
                             ("count", lambda p: as_int(p, 0, 1000))):
            if key in props:
                values[key] = self.typed(props[key], convert, label)
        if None in values.values() or not values["team"]:
            return
        values["target"] = values.get("target", "").strip()
        self.objectives.append(Objective(**values, line=mo.line))

    def story(self, mo) -> None:
        label = _label(mo, "story")
        props = mo.props
        text = self.typed(props["text"], as_text, label) if "text" in props else ""
        when = self.typed(props["when"], lambda p: as_choice(p, STORY_WHEN), label) \
            if "when" in props else "start"
        target = self.typed(props["target"], as_text, label) if "target" in props else ""
        if not (text or "").strip():
            self.report(mo.line, f"{label} has no text", "add a string property text (the "
                        "words shown to the players)")
            return
        if when is not None and target is not None:
            self.stories.append(Story(text.strip(), when, target.strip(), mo.line))

    # --- after the units -------------------------------------------------------------------

    def finish(self, hexmap, units, size_of, round_limit=(0, "")) -> Scenario:
        """The scenario, once every unit is read; `units`: every unit placement (those of
        reinforcement layers name their layer in `arrives`); `size_of(placement)`: its size."""
        regions = self.regions(hexmap)
        names = {u.name: u.team for u in units}
        for o in self.objectives:
            self.check_objective(o, regions, names, hexmap.teams)
        self.check_joins()
        for s in self.stories:
            self.check_story(s, regions, names)
        groups = self.arrivals(hexmap, units, regions, size_of)
        limit, winner = round_limit
        if winner and winner not in hexmap.teams:
            self.report(1, f"map property round_limit_winner names team '{winner}', which has "
                        f"no units ({', '.join(hexmap.teams)})",
                        "name one of the map's teams, or leave it empty for a draw")
        scenario = Scenario(regions, tuple(self.objectives), tuple(self.stories), groups,
                            limit, winner)
        if scenario and hexmap.rules not in SCENARIO_RULES:
            self.report(1, f"the {hexmap.rules} rules do not play objectives, story text, "
                        "reinforcements or a round limit yet", "remove them, or play the map "
                        "with the default rules (map property rules = lfg) or the steller "
                        "rules (rules = steller)")
        return scenario

    def regions(self, hexmap) -> dict:
        out: dict[str, Region] = {}
        for mo, offset in self.shapes:
            name = mo.attrib.get("name", "").strip()
            if not name:
                self.report(mo.line, f"region object {mo.attrib.get('id', '?')} has no name",
                            "give the region a name: objectives and events name it")
                continue
            if name in out:
                self.report(mo.line, f"two regions are named '{name}' (the other on line "
                            f"{out[name].line})", "give each region its own name")
                continue
            cells, wrong = region_cells(mo, offset, hexmap)
            if wrong:
                self.report(mo.line, f"region '{name}' {wrong[0]}", wrong[1])
                continue
            out[name] = Region(name, cells, mo.line)
        return out

    def check_objective(self, o: Objective, regions, names, teams) -> None:
        label = f"objective '{o.describe()}'"
        if o.team not in teams:
            self.report(o.line, f"{label} is for team '{o.team}', which has no units "
                        f"({', '.join(teams)})", "set its team to one of the map's teams")
        if o.kind in CREATURE_KINDS:
            self.check_creature(o, label, names)
        if o.kind in REGION_KINDS:
            self.check_region(o.target, o.line, label, regions)
        if o.kind in ROUND_KINDS and o.rounds < 1:
            self.report(o.line, f"{label} needs a number of rounds (it has {o.rounds})",
                        "give it an int property rounds of 1 or more")
        if o.kind == "reach" and o.count < 1:
            self.report(o.line, f"{label} needs at least one creature (count is {o.count})",
                        "give it an int property count of 1 or more")

    def check_creature(self, o: Objective, label, names) -> None:
        if o.target not in names:
            self.report(o.line, f"{label} names creature '{o.target}', which is not on the "
                        "map", _name_fix("creature", o.target, names))
            return
        own = names[o.target] == o.team
        if o.kind == "defeat_leader" and own:
            self.report(o.line, f"{label}: '{o.target}' is on team {o.team}, its own side",
                        "name an enemy creature, or change the objective's team")
        if o.kind == "protect" and not own:
            self.report(o.line, f"{label}: '{o.target}' is on team {names[o.target]}, not "
                        f"{o.team}", "name a creature of the objective's own side")

    def check_region(self, name, line, label, regions) -> None:
        if name not in regions:
            self.report(line, f"{label} names region '{name}', which the map does not have",
                        _name_fix("region", name, regions))

    def check_joins(self) -> None:
        first: dict[str, Objective] = {}
        for o in self.objectives:
            if o.kind == "protect":
                continue
            seen = first.setdefault(o.team, o)
            if seen.join != o.join:
                self.report(o.line, f"team {o.team}'s objectives disagree: '{seen.describe()}' "
                            f"says join {seen.join}, '{o.describe()}' says {o.join}",
                            "give every objective of a side the same join (any or all)")

    def check_story(self, s: Story, regions, names) -> None:
        label = f"story '{s.text[:30]}'"
        if s.when == "enter":
            self.check_region(s.target, s.line, label, regions)
        elif s.when == "falls" and s.target not in names:
            self.report(s.line, f"{label} waits for creature '{s.target}' to fall, which is "
                        "not on the map", _name_fix("creature", s.target, names))

    def arrivals(self, hexmap, units, regions, size_of) -> tuple:
        """The reinforcement groups with their units, each checked against the terrain and
        the creatures already there."""
        taken: dict = {}
        for u in units:
            if not u.arrives and hexmap.terrain and hexmap.in_bounds(u.col, u.row):
                for h in footprint(size_of(u), hexmap.hex_at(u.col, u.row), u.facing):
                    taken.setdefault(h, u.name)
        out = []
        for g in self.groups:
            if g.region:
                self.check_region(g.region, g.line, f"reinforcements layer '{g.layer}'",
                                  regions)
            mine = tuple(u for u in units if u.arrives == g.layer)
            occupied = dict(taken)
            for u in mine:
                self.check_arrival(hexmap, u, size_of(u), occupied)
            out.append(Reinforcements(g.layer, mine, g.round, g.region, g.line))
        return tuple(out)

    def check_arrival(self, hexmap, u, size, occupied) -> None:
        label = f"reinforcement '{u.name}'"
        if not hexmap.in_bounds(u.col, u.row) or not hexmap.terrain:
            self.report(u.line, f"{label} arrives outside the map (at {u.col},{u.row})",
                        "move it onto the map")
            return
        for h in footprint(size, hexmap.hex_at(u.col, u.row), u.facing):
            col, row = hexmap.tile_of(h)
            if not hexmap.contains(h) or hexmap.terrain_at(h).impassable:
                self.report(u.line, f"{label} would arrive on a wall at {col},{row}",
                            "move it to a passable hex")
                return
            if h in occupied:
                self.report(u.line, f"{label} would arrive on {occupied[h]}'s hex at "
                            f"{col},{row}", "move it to a hex no other creature starts on")
                return
        for h in footprint(size, hexmap.hex_at(u.col, u.row), u.facing):
            occupied[h] = u.name


def region_cells(mo, offset, hexmap) -> tuple[frozenset, tuple | None]:
    """(the cells whose centre lies inside the region's shape, None) or (empty, (what is
    wrong, the fix))."""
    kind = mo.shape.tag if mo.shape is not None else ("tile" if mo.tile else "rectangle")
    if kind not in ("rectangle", "ellipse", "polygon"):
        return frozenset(), (f"is a {kind}, which has no area",
                             "draw the region as a rectangle, ellipse or polygon")
    try:
        x, y = mo.number("x", 0.0) + offset[0], mo.number("y", 0.0) + offset[1]
        w, h = mo.number("width", 0.0), mo.number("height", 0.0)
        turn = math.radians(mo.number("rotation", 0.0))
        points = _points(mo.shape.get("points", "")) if kind == "polygon" else []
        box = _bounds(x, y, turn, points or [(0, 0), (w, 0), (0, h), (w, h)])
    except (ValueError, TypeError, OverflowError):
        return frozenset(), ("has a position, size or point that is not a number",
                             "redraw the region in Tiled")
    inside = _inside_test(kind, w, h, points)
    cells = set()
    cols, rows = _cell_range(hexmap, box)
    for row in rows:
        for col in cols:
            cx, cy = hexmap.layout.tile_center(col, row)
            dx, dy = cx - x, cy - y
            lx = dx * math.cos(turn) + dy * math.sin(turn)
            ly = -dx * math.sin(turn) + dy * math.cos(turn)
            if inside(lx, ly):
                cells.add((col, row))
    if not cells:
        return frozenset(), ("covers no hex of the map (it is off the map, or smaller than "
                             "a hex between centres)", "draw it over the hexes it means")
    return frozenset(cells), None


def _points(text: str) -> list[tuple[float, float]]:
    """A polygon's points "x,y x,y ..." (ValueError for anything else or a non-finite one)."""
    out = []
    for part in text.split():
        px, py = (float(v) for v in part.split(","))
        if not (math.isfinite(px) and math.isfinite(py)):
            raise ValueError(part)
        out.append((px, py))
    return out


def _bounds(x, y, turn, points) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) in map pixels of the shape's points, rotated about x,y."""
    xs = [x + px * math.cos(turn) - py * math.sin(turn) for px, py in points]
    ys = [y + px * math.sin(turn) + py * math.cos(turn) for px, py in points]
    if not all(math.isfinite(v) for v in xs + ys):
        raise ValueError("not a finite position")
    return min(xs), min(ys), max(xs), max(ys)


def _cell_range(hexmap, box) -> tuple[range, range]:
    """The columns and rows whose centres may lie in `box` (a margin of two cells), on the
    map: a region is tested against the hexes near it, not the whole map."""
    left, top, right, bottom = box
    lo = hexmap.layout.pixel_to_tile(max(-1e6, left), max(-1e6, top))
    hi = hexmap.layout.pixel_to_tile(min(1e9, right), min(1e9, bottom))
    cols = range(max(0, min(lo[0], hi[0]) - 2), min(hexmap.width, max(lo[0], hi[0]) + 3))
    rows = range(max(0, min(lo[1], hi[1]) - 2), min(hexmap.height, max(lo[1], hi[1]) + 3))
    return cols, rows


def _inside_test(kind, w, h, points):
    if kind == "rectangle":
        return lambda px, py: 0 <= px <= w and 0 <= py <= h
    if kind == "ellipse":
        return lambda px, py: w > 0 and h > 0 and \
            ((px - w / 2) / (w / 2)) ** 2 + ((py - h / 2) / (h / 2)) ** 2 <= 1
    return lambda px, py: _in_polygon(px, py, points)


def _in_polygon(px, py, points) -> bool:
    inside = False
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]):
        if (y1 > py) != (y2 > py) and px < x1 + (py - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _label(mo, kind) -> str:
    name = mo.attrib.get("name", "")
    return f"{kind} '{name}'" if name else f"{kind} object {mo.attrib.get('id', '?')}"


def _name_fix(what: str, name: str, known) -> str:
    shown = ", ".join(sorted(known)[:8]) or "none"
    return f"name one that exists ({what}s: {shown}), or add a {what} named '{name}'"
