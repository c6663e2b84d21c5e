"""Loading a Tiled .tmx into a HexMap (docs/mapping.md; docs/rules/01-hexes-and-distance.md
and 02-size-and-reach.md).

The work goes in this order, so that bad input never reaches a parser that could hang or crash:
1. the map parsed once into a `document.Document` (safe XML or JSON, header, tilesets,
   templates and images checked, layers in XML order with their decoded GIDs, bounded);
2. what pytmx (the renderer's reader) would fail on, with lines, and declared property types;
3. terrain per hex from tile properties, combined over all tile layers, visible or not
   (booleans OR, numbers max, enums the most severe: `Terrain.combine`);
4. units from objects of class (Tiled 1.9+) or type (1.8) `unit`, templates resolved, placed on
   the hex under the center of their bounds (Tiled's own picking), checked against the unit
   database, the terrain and each other (docs/rules/02-size-and-reach.md footprints).
Problems are collected (`read_map`); `load_map` raises them all at once as a MapError.
GIDs carry Tiled's flip flags (bits 31-29) and the hexagonal 120-degree rotation (bit 28);
the real tile is found with all four masked off.
"""
from __future__ import annotations

from game.data.ruleset import CRITICAL_RULES

import difflib
from functools import lru_cache
from pathlib import Path

from game.data.conditions import CONDITIONS
from game.data.model import SIZES
from game.errors import InputError, has_control
from game.files import path_problem
from game.hexgrid import footprint
from game.tiled.document import FLIP_D, FLIP_H, FLIP_V, ROT_120, read_document
from game.tiled.for_pytmx import check_all_for_pytmx
from game.tiled.leaders import leader_of, leader_problems
from game.tiled.hexmap import (CONCEALMENT_LEVELS, DOOR_STATES, INITIATIVE_MODES, MAX_LIVES,
                               OBSTACLE_LEVELS, OPEN_GROUND, RULE_PROFILES, WATER_LEVELS, HexMap,
                               MapLayer, RespawnPoint, Terrain, UnitPlacement)
from game.tiled.profiles import (RESPAWN_CLASS, STAT_BLOCK_RULES, kind_problems,
                                 load_profile_db, respawn_label, respawn_problems,
                                 respawn_property_problems)
from game.tiled.project import load_project
from game.tiled.scenario import SCENARIO_CLASSES
from game.tiled.scenario_reader import ScenarioReader
from game.tiled.shown import (BATTLE_CLASSES, layer_problems, object_problem,
                              parallax_problem, side_problems)
from game.tiled.templates import FLAG_BITS, Files, map_object, tile_in
from game.tiled.xmlsafe import (Problem, PropError, as_bool, as_choice, as_int, as_list,
                                as_text, problem, read_props)

__all__ = ["FLIP_D", "FLIP_H", "FLIP_V", "ROT_120", "MapError", "load_map", "read_map",
           "split_gid"]
# Every pair of creatures is a question the rules answer (sight, cover, flanking: `inspect`
# lists them all, the computer players weigh them): a cap keeps that bounded; the shipped
# maps have at most 16.
MAX_UNITS = 100
HP_CONDITIONS = ("injured", "unconscious", "dying", "bleed", "weakened")
HELD_CONDITIONS = ("grappled", "pinned")   # a grapple needs its holder: none on a map
# why a condition of those two kinds cannot be set on a map
_NOT_ON_A_MAP = {
    **dict.fromkeys(HELD_CONDITIONS, "needs a creature holding it (a grapple starts in the "
                    "battle, with a Grab)"),
    **dict.fromkeys(HP_CONDITIONS, "follows from hit points (a unit on a map starts with at "
                    "least 1 HP)"),
}
EDITOR_PREFIX = "editor_"
TERRAIN_PROPS = {
    "difficult": as_bool, "impassable": as_bool, "blocks_sight": as_bool, "exit": as_bool,
    "obstacle": lambda p: as_choice(p, OBSTACLE_LEVELS),
    "concealment": lambda p: as_choice(p, CONCEALMENT_LEVELS),
    "elevation": lambda p: as_int(p, -100, 100), "terrain": as_text,
    "water": lambda p: as_choice(p, WATER_LEVELS),
    "door": lambda p: as_choice(p, DOOR_STATES),
    "climb_dc": lambda p: as_int(p, 0, 60), "hardness": lambda p: as_int(p, 0, 100),
    "hp": lambda p: as_int(p, 0, 10000), "break_dc": lambda p: as_int(p, 0, 60),
}
AWARENESS = ("aware", "hidden")     # docs/rules/09-turns-and-actions.md "Awareness and surprise"
UNIT_OVERRIDES = {
    "level": lambda p: as_int(p, 0, 30), "hp": lambda p: as_int(p, 1),
    "reach": lambda p: as_int(p, 0, 20), "speed": lambda p: as_int(p, 0, 500),
    "ac": lambda p: as_int(p, 0, 100), "size": lambda p: as_choice(p, SIZES),
    "aoo_policy": lambda p: as_choice(p, ("always", "never", "ask")),
}


@lru_cache(maxsize=1024)
def closest_key(key: str, known: tuple) -> str:
    """The key of `known` most like `key` ("" if none is close): a map repeating one
    misspelt unit key thousands of times is compared once."""
    close = difflib.get_close_matches(key, known, n=1)
    return close[0] if close else ""


def split_gid(raw: int) -> tuple[int, int]:
    """(tile GID, flag bits) of a GID written by Tiled."""
    return raw & ~FLAG_BITS, raw & FLAG_BITS


class MapError(InputError):
    """A map with problems; `problems` lists them all, `line()` shows the first."""

    def __init__(self, path, problems: list[Problem]):
        self.problems = list(problems)
        self.map_path = str(path)
        first = self.problems[0]
        super().__init__(first.path, first.line, first.message)

    def line(self) -> str:
        more = len(self.problems) - 1
        tail = f" (and {more} more: python -m game validate {self.map_path})" if more else ""
        return super().line() + tail


def load_map(path, units_db=None, require_sides: bool = True) -> HexMap:
    """The map at `path`; raises MapError listing every problem. units_db None: the default.
    `require_sides` False: a map without units, or a team without any, is not a problem (for
    looking at terrain only)."""
    hexmap, problems = read_map(path, units_db, require_sides)
    if problems:
        raise MapError(path, problems)
    return hexmap


def read_map(path, units_db=None, require_sides: bool = True
             ) -> tuple[HexMap | None, list[Problem]]:
    """(the map or None, every problem found)."""
    unusable = path_problem(path)
    if unusable:          # checked before any folder is searched for the map's project
        return None, [problem(str(path)[:300], 1, f"the map's file name {unusable}",
                              "give the path of a .tmx or .tmj file")]
    ctx = _Ctx(Path(path), units_db)
    ctx.require_sides = require_sides
    hexmap = ctx.read()
    return (None if ctx.problems else hexmap), ctx.problems


class _Ctx:
    def __init__(self, path: Path, units_db):
        self.path, self.shown = path, str(path)
        self.problems: list[Problem] = []
        self.warnings: dict[str, None] = {}  # in order, each once
        self.project, found = load_project(path)
        self.problems.extend(found)
        self.files = Files(path, self.problems, self.project and self.project.folder)
        self.db = units_db
        self.declared_teams = None
        self.require_sides = True
        self.unit_objects = 0  # objects of class unit, placed or refused
        self.respawns: list[RespawnPoint] = []
        self.scenario = ScenarioReader(self.report, self.typed, self.project.defaults
                                       if self.project is not None else lambda cls: {})
        self.round_limit = (0, "")

    def report(self, line, what, fix, path=None) -> None:
        self.files.report(path or self.shown, line, what, fix)

    def warn(self, path, line, what, fix) -> None:
        p = problem(path, line, what, fix)
        text = f"{p.path}:{p.line}: warning: {p.message}"
        self.warnings[text] = None

    def typed(self, p, convert, label: str):
        """convert(p), or None after reporting `label: property 'x' must be ...`."""
        try:
            return convert(p)
        except PropError as err:
            self.report(p.line, f"{label}: property '{p.name}' {err.what}", err.fix, p.path)
            return None

    # --- the whole map ---------------------------------------------------------------------

    def read(self) -> HexMap | None:
        doc = read_document(self.path, self.problems, self.files)
        if doc is None or doc.root.tag != "map":
            return None
        readable = not self.problems  # the problems below leave the tile data readable
        walked = [(la.element, la.kind, la.visible, la.offset, la.parallax)
                  for la in doc.layers]
        for line, what, fix in layer_problems(walked):
            self.report(line, what, fix)
        table = self.tile_terrain(doc.refs)
        hexmap = HexMap(self.path, doc.width, doc.height, doc.layout, [])
        self.map_properties(doc.root, hexmap)
        every_unit = self.units(walked, doc.refs, doc.layout)
        units = [u for u in every_unit if not u.arrives]
        self.teams(hexmap, every_unit)
        db = self.units_db() if units else {}
        for line, what, fix in leader_problems(units, db):
            self.report(line, what, fix)
        for u in every_unit:
            if u.arrives and leader_of(u, db):
                self.report(u.line, f"reinforcement '{u.name}' follows a leader: a group of "
                            "minions starts the battle together", "put it on a shown layer, "
                            "or clear its leader")
        readable = not check_all_for_pytmx(doc) and readable
        hexmap.layers = [MapLayer(la.name, la.kind, la.visible, la.offset, la.groups,
                                  la.gids or (), la.line) for la in doc.layers]
        if readable:
            hexmap.terrain = self.combine(hexmap.layers, table, doc.refs, doc.width)
        if doc.layout is not None and hexmap.terrain:
            self.check_placements(hexmap, units)
        if self.require_sides and self.unit_objects == len(every_unit):
            self.check_sides(hexmap, units)
        self.check_profile(hexmap, units)
        if doc.layout is not None:
            hexmap.scenario = self.scenario.finish(hexmap, every_unit, self.size_of,
                                                   self.round_limit)
        hexmap.units, hexmap.warnings = units, list(self.warnings)
        return hexmap

    def size_of(self, u) -> str:
        """A placed unit's size: its override, else its stat block's."""
        size = u.overrides.get("size") or getattr(self.units_db().get(u.unit), "size", "medium")
        return size if size in SIZES else "medium"

    # --- terrain -------------------------------------------------------------------------

    def tile_terrain(self, refs) -> dict[int, Terrain]:
        table = {}
        for first, ts in refs:
            for tid, tile in ts.tiles.items():
                terrain = self.terrain_of(ts, tile)
                if terrain is not None:
                    table[first + tid] = terrain
        return table

    def terrain_of(self, ts, tile) -> Terrain | None:
        if tile.cls.strip().lower() == "unit":
            return None  # a unit token (its properties are defaults of tile objects)
        values = {}
        for name, p in tile.props.items():
            convert = TERRAIN_PROPS.get(name)
            if convert is None:
                self.unknown_tile_property(ts, tile, p)
                continue
            value = self.typed(p, convert, f"tile {tile.id} of tileset '{ts.name}'")
            if value is not None:
                values[name] = value
        if not values:
            return None
        self.check_object(ts, tile, values)
        return Terrain(name=values.pop("terrain", ""), **values)

    def check_object(self, ts, tile, values) -> None:
        """A door's state decides whether it blocks (no `impassable` or `obstacle` of its
        own); a breakable obstacle's numbers need its hit points."""
        label = f"tile {tile.id} of tileset '{ts.name}'"
        door = values.get("door", "none") != "none"
        for name in ("impassable", "obstacle"):
            if door and name in values and values[name] not in (False, "none"):
                p = tile.props[name]
                self.report(p.line, f"{label}: a door tile may not set '{name}': the door's "
                            "state decides whether the hex blocks", f"remove '{name}' (a closed "
                            "or locked door blocks like a wall, an open one nothing)", p.path)
                values.pop(name)
        for name in ("hardness", "break_dc"):
            if not door and values.get(name) and not values.get("hp"):
                p = tile.props[name]
                self.report(p.line, f"{label}: '{name}' without 'hp': nothing on this tile "
                            "can be broken", "add an int property hp (the obstacle's hit "
                            f"points) or remove '{name}'", p.path)

    def unknown_tile_property(self, ts, tile, p) -> None:
        """An error (a misspelt `impassible` would make walls walkable), unless the project
        file declares the property for tiles; then the game ignores it."""
        if self.project is not None and p.name in self.project.tile_properties():
            return
        close = difflib.get_close_matches(p.name, TERRAIN_PROPS, n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        self.report(p.line, f"unknown tile property '{p.name}'{hint} on tile {tile.id} of "
                    f"tileset '{ts.name}'", f"rename or remove it (terrain properties: "
                    f"{', '.join(TERRAIN_PROPS)}), or declare it in the project file's "
                    "property types as a member of a class used for tiles", p.path)

    def combine(self, layers, table, refs, width) -> list[Terrain]:
        cells: list = [None] * max((len(layer.gids) for layer in layers), default=0)
        cache: dict = {}
        for layer in (la for la in layers if la.kind == "tile"):
            for i, raw in enumerate(layer.gids):
                if not raw:
                    continue
                t = table.get(raw & ~FLAG_BITS)
                if t is None:
                    if raw not in cache and tile_in(refs, raw) is None:
                        self.report(layer.line, f"tile layer '{layer.name}' has GID "
                                    f"{raw & ~FLAG_BITS} at {i % width},{i // width} but no "
                                    "tileset holds it", "add the tileset back or erase the tile")
                    cache[raw] = True
                    continue
                cur = cells[i]
                if cur is None or cur is t:
                    cells[i] = t
                else:
                    key = (cur, t)
                    if key not in cache:
                        cache[key] = cur.combine(t)
                    cells[i] = cache[key]
        return [c or OPEN_GROUND for c in cells]

    # --- map properties, units, teams ------------------------------------------------------

    def map_properties(self, root, hexmap: HexMap) -> None:
        props = read_props(root, self.shown)
        hexmap.properties = {name: _plain(p) for name, p in props.items()}
        label = "map"
        hexmap.title = self.typed(props["title"], as_text, label) if "title" in props else ""
        hexmap.title = hexmap.title or self.path.stem
        if "description" in props:
            hexmap.description = self.typed(props["description"], as_text, label) or ""
        if "initiative" in props:
            mode = lambda p: as_choice(p, INITIATIVE_MODES)  # noqa: E731
            hexmap.initiative = self.typed(props["initiative"], mode, label) or "selective"
        if "critical_rules" in props:
            rules = lambda p: as_choice(p, CRITICAL_RULES)  # noqa: E731
            hexmap.critical_rules = self.typed(props["critical_rules"], rules, label) or \
                "standard"
        if "fog" in props:      # fog of war (docs/rules/22-hiding-and-fog.md)
            hexmap.fog = bool(self.typed(props["fog"], as_bool, label))
        self.profile_properties(props, hexmap)
        self.round_limit_properties(props)
        if "teams" in props:
            teams = self.typed(props["teams"], as_list, label) or []
            if len(set(teams)) != len(teams):
                self.report(props["teams"].line, f"map property teams lists a team twice "
                            f"({', '.join(teams)})", "name each team once", props["teams"].path)
            hexmap.teams = list(dict.fromkeys(teams))
            self.declared_teams = props["teams"]

    def profile_properties(self, props, hexmap: HexMap) -> None:
        """`rules` and `lives` (game.tiled.profiles). A class-typed one is left to the check
        for pytmx, which names its type."""
        if "rules" in props and props["rules"].type != "class":
            rules = lambda p: as_choice(p, RULE_PROFILES)  # noqa: E731
            hexmap.rules = self.typed(props["rules"], rules, "map") or hexmap.rules
        if "lives" in props and props["lives"].type != "class":
            lives = lambda p: as_int(p, 1, MAX_LIVES)  # noqa: E731
            hexmap.lives = self.typed(props["lives"], lives, "map") or hexmap.lives

    def round_limit_properties(self, props) -> None:
        """`round_limit` (1 or more) and `round_limit_winner` (a team, or empty: a draw),
        docs/mapping.md "Objectives and events"."""
        limit, winner = 0, ""
        if "round_limit" in props:
            p = props["round_limit"]
            limit = self.typed(p, lambda q: as_int(q, 0, 10_000), "map") or 0
            if limit == 0 and p.value.strip() == "0":
                self.report(p.line, "map property round_limit is 0: the battle would end "
                            "before it starts", "give it 1 or more, or remove it for no "
                            "limit", p.path)
        if "round_limit_winner" in props:
            winner = (self.typed(props["round_limit_winner"], as_text, "map") or "").strip()
        self.round_limit = (limit, winner)

    def units(self, walked, refs, layout) -> list[UnitPlacement]:
        units = []
        for elem, kind, visible, offset, parallax in walked:
            if kind != "object" or self.unit_objects > MAX_UNITS:
                continue
            arrives = self.scenario.arrival_layer(elem, self.shown)
            for obj in elem.findall("object"):
                mo = map_object(obj, self.shown, refs, self.files)
                if mo is not None and mo.cls in SCENARIO_CLASSES:
                    self.scenario.add(mo, offset)
                    continue
                wrong = object_problem(mo, visible or bool(arrives)) if mo is not None \
                    else None
                if mo is not None and wrong is None and parallax != (1.0, 1.0) \
                        and mo.cls in BATTLE_CLASSES:
                    self.report(elem.line, *parallax_problem(
                        "object layer", elem.get("name", ""), parallax,
                        "units and respawn points"))
                    parallax = (1.0, 1.0)  # once per layer
                if self.unit_objects == MAX_UNITS and (wrong or mo and mo.cls == "unit"):
                    self.report(mo.line, f"more than {MAX_UNITS} units: a map holds at most "
                                f"{MAX_UNITS}", "remove units in Tiled (or make two maps)")
                    self.unit_objects += 1  # the units beyond are not read: no side checks
                    break
                if wrong is not None:
                    self.report(mo.line, *wrong)
                    self.unit_objects += 1
                elif mo is not None and mo.cls in ("unit", RESPAWN_CLASS):
                    if self.project is not None:  # Tiled 1.9+ omits members at their default
                        mo.props = {**self.project.defaults(mo.cls), **mo.props}
                    if mo.cls == RESPAWN_CLASS:
                        self.respawn(mo, offset, layout)
                        continue
                    self.unit_objects += 1
                    unit = self.unit(mo, offset, layout)
                    if unit is not None:
                        unit.arrives = arrives or ""
                        units.append(unit)
        self.name_units(units)
        return units

    def object_center(self, mo, label) -> tuple[float, float] | None:
        """The centre of the object's bounds (for a point object, the point) in map pixels,
        or None after reporting a position that is no number. The object stands on the hex
        under it (Tiled's own picking): `layout.pixel_to_tile` of it plus the layer offset."""
        try:
            return mo.center()
        except (ValueError, TypeError):
            self.report(mo.line, f"{label} has a position or size that is not a number",
                        "move the object in Tiled")
            return None

    def respawn(self, mo, offset, layout) -> None:
        """An object of class `respawn` (game.tiled.profiles): checked, then kept."""
        found = respawn_property_problems(mo, is_editor_only)
        for line, what, fix in found:
            self.report(line, what, fix)
        team = self.typed(mo.props["team"], as_text, respawn_label(mo)) \
            if "team" in mo.props else None
        if found or team is None or layout is None:
            return
        center = self.object_center(mo, respawn_label(mo))
        if center is not None:
            col, row = layout.pixel_to_tile(center[0] + offset[0], center[1] + offset[1])
            self.respawns.append(RespawnPoint(team.strip(), col, row, mo.attrib.get("name", ""),
                                              mo.line, _int(mo.attrib.get("id")) or 0))

    def check_profile(self, hexmap: HexMap, units) -> None:
        """Respawn points where a side may come back; on a light or steller map, a stat block of
        that rulebook for every creature kind."""
        hexmap.respawns = tuple(self.respawns)
        if hexmap.layout is not None:
            for line, what, fix in respawn_problems(hexmap, self.respawns, units,
                                                    self.require_sides):
                self.report(line, what, fix)
        rules = hexmap.rules
        db = load_profile_db(rules, self.report) if rules in STAT_BLOCK_RULES and units \
            else None
        for line, what, fix in kind_problems(units, db, rules) if db else ():
            self.report(line, what, fix)

    def unit(self, mo, offset, layout) -> UnitPlacement | None:
        name = mo.attrib.get("name", "")
        label = f"unit '{name}'" if name else f"unit object {mo.attrib.get('id', '?')}"
        props, ok = mo.props, True
        if has_control(name):
            self.report(mo.line, f"{label}: the name holds a control character",
                        "give the unit a plain one-line name in Tiled")
            return None
        for key, fix in (("unit", "add a string property unit = a key of assets/units/*.toml"),
                         ("team", "add a string property team (e.g. blue)")):
            if key not in props or not props[key].value.strip():
                self.report(mo.line, f"{label} has no '{key}' property", fix)
                ok = False
        if not ok:
            return None
        key = self.typed(props["unit"], as_text, label)
        team = self.typed(props["team"], as_text, label)
        facing = self.typed(props["facing"], lambda p: as_int(p, 0, 5), label) \
            if "facing" in props else 0
        conditions = self.typed(props["conditions"], as_list, label) \
            if "conditions" in props else []
        awareness = {k: self.typed(props[k], as_bool, label) for k in AWARENESS if k in props}
        if "riding" in props:
            awareness["riding"] = self.typed(props["riding"], as_text, label)
        overrides = self.overrides(props, label)
        center = self.object_center(mo, label)
        if center is None:
            return None
        if conditions and not self.check_conditions(conditions, props["conditions"], label):
            return None
        if None in (key, team, facing, conditions, overrides, *awareness.values()) or \
                layout is None:
            return None
        key = key.strip()
        if not self.check_unit_key(key, props["unit"], label):
            return None
        self.check_overrides(key, overrides, props, label)
        col, row = layout.pixel_to_tile(center[0] + offset[0], center[1] + offset[1])
        return UnitPlacement(name, key, team.strip(), col, row, facing, overrides,
                             tuple(c.lower() for c in conditions), mo.line,
                             _int(mo.attrib.get("id")) or 0,
                             **{k: v.strip() if k == "riding" else v
                                for k, v in awareness.items()})

    def check_conditions(self, conditions, prop, label) -> bool:
        """The conditions a map may give a creature: those of
        docs/rules/11-hit-points-and-conditions.md that do not follow from its hit points (a map
        creature has at least 1 HP: no unconscious, dying, bleed, injured or weakened creature) nor
        from an action (running, off_balance, ...)."""
        allowed = [c for c in CONDITIONS if c not in HP_CONDITIONS + HELD_CONDITIONS]
        for name in (c.strip().lower() for c in conditions):
            why = _NOT_ON_A_MAP.get(name)
            if why:
                self.report(prop.line, f"{label}: condition '{name}' {why}",
                            f"remove it; conditions a map may set: {', '.join(allowed)}",
                            prop.path)
                return False
            if name not in allowed:
                close = difflib.get_close_matches(name, allowed, n=1)
                hint = f"did you mean '{close[0]}'? " if close else ""
                self.report(prop.line, f"{label}: unknown condition '{name}'",
                            f"{hint}conditions a map may set: {', '.join(allowed)}", prop.path)
                return False
        return True

    def overrides(self, props, label) -> dict | None:
        overrides, ok = {}, True
        for name, p in props.items():
            if name in ("unit", "team", "facing", "conditions", "riding", *AWARENESS) or \
                    is_editor_only(name):
                continue
            if name in UNIT_OVERRIDES:
                value = self.typed(p, UNIT_OVERRIDES[name], label)
                ok = ok and value is not None
            else:
                value = _plain(p)
            if value is not None:
                overrides[name] = value
        return overrides if ok else None

    def units_db(self):
        if self.db is None:
            try:
                from game.data import load_units
            except ImportError:
                self.db = {}
                return self.db
            try:
                self.db = load_units()
            except Exception as err:  # the unit data's own DataError, one line
                where = str(getattr(err, "where", ""))
                self.report(int(where) if where.isdigit() else 1,
                            f"cannot load the unit database: {getattr(err, 'message', err)}",
                            getattr(err, "fix", "") or "run python -m game validate on the "
                            "unit files", getattr(err, "path", None))
                self.db = {}
        return self.db

    def check_unit_key(self, key, prop, label) -> bool:
        db = self.units_db()
        if not db or key in db:
            return True
        known = sorted(db)
        close = closest_key(key, tuple(known))
        hint = f"did you mean '{close}'? " if close else ""
        shown = ", ".join(known[:6]) + (", ..." if len(known) > 6 else "")
        self.report(prop.line, f"{label}: unknown unit '{key}'",
                    f"{hint}use a key of assets/units/*.toml: {shown}", prop.path)
        return False

    def check_overrides(self, key, overrides, props, label) -> None:
        """Let the unit data say whether each override fits its stat block (game.data)."""
        unit_type = self.units_db().get(key)
        try:
            from game.data import DataError
            from game.data.loader import apply_overrides
        except ImportError:
            return
        if not hasattr(unit_type, "key"):
            return
        bad = False
        for name, value in overrides.items():
            try:
                apply_overrides(unit_type, {name: value})
            except DataError as err:
                bad = True
                self.report(props[name].line, f"{label}: property '{name}': {err.message}",
                            err.fix or "remove the property", props[name].path)
        try:
            if not bad:
                apply_overrides(unit_type, overrides)     # together (hp with minion_trait)
        except DataError as err:
            name = next((n for n in ("hp", "minion_trait") if n in props), next(iter(props)))
            self.report(props[name].line, f"{label}: property '{name}': {err.message}",
                        err.fix or "remove the property", props[name].path)

    def name_units(self, units) -> None:
        seen: dict[str, UnitPlacement] = {}
        for u in units:
            if u.name and u.name in seen:
                self.report(u.line, f"two units are named '{u.name}' (the other on line "
                            f"{seen[u.name].line})", "give each unit its own object name")
            elif u.name:
                seen[u.name] = u
        counters: dict[str, int] = {}
        for u in units:
            if not u.name:
                base = getattr(self.units_db().get(u.unit), "name", "") or u.unit
                n = counters.get(base, 1)
                while f"{base} {n}" in seen:
                    n += 1
                u.name, counters[base] = f"{base} {n}", n + 1
                seen[u.name] = u

    def check_sides(self, hexmap: HexMap, units) -> None:
        """A map without units, or a team without any, would be a draw at once."""
        for message in side_problems(hexmap.teams if self.declared_teams else None, units):
            what, fix = message.split(" — ", 1)
            line = self.declared_teams.line if self.declared_teams else 1
            self.report(line, what, fix, self.declared_teams.path if self.declared_teams
                        else None)

    def teams(self, hexmap: HexMap, units) -> None:
        if self.declared_teams is None:
            hexmap.teams = list(dict.fromkeys(u.team for u in units))
            return
        for u in units:
            if u.team not in hexmap.teams:
                self.report(u.line, f"unit '{u.name}' is on team '{u.team}', which the map "
                            f"property teams does not list ({', '.join(hexmap.teams)})",
                            "add the team to teams or fix the unit's team")

    def check_placements(self, hexmap: HexMap, units) -> None:
        """docs/rules/02-size-and-reach.md: every footprint on the map, on passable hexes, apart
        (tiny excepted)."""
        occupied: dict = {}
        db = self.units_db() if units else {}
        carried = {u.riding: u.name for u in units if u.riding}
        self.check_riders(units, db)
        for u in units:
            where = f"{u.col},{u.row}"
            if not hexmap.in_bounds(u.col, u.row):
                self.report(u.line, f"unit '{u.name}' is outside the map (at {where}; the map "
                            f"is {hexmap.width}x{hexmap.height})", "move it onto the map")
                continue
            size = u.overrides.get("size") or getattr(db.get(u.unit), "size", "medium")
            size = size if size in SIZES else "medium"
            hexes = footprint(size, hexmap.hex_at(u.col, u.row), u.facing)
            off = [h for h in hexes if not hexmap.contains(h)]
            if off:
                self.report(u.line, f"unit '{u.name}' ({size}) at {where} does not fit: its "
                            f"footprint leaves the map at {_tile(hexmap, off[0])}",
                            "move it inward or change its facing")
            on = [h for h in hexes if hexmap.contains(h)]
            walls = [h for h in on if hexmap.terrain and hexmap.terrain_at(h).impassable]
            if walls:
                t = hexmap.terrain_at(walls[0])
                self.report(u.line, f"unit '{u.name}' stands on impassable terrain at "
                            f"{_tile(hexmap, walls[0])}{f' ({t.name})' if t.name else ''}",
                            "move it to a passable hex")
            if size == "tiny":
                continue
            pair = (u.riding, carried.get(u.name))     # a rider stands on its mount
            other = next((occupied[h] for h in on if h in occupied
                          and occupied[h] not in pair), None)
            if other is not None:
                spot = next(h for h in on if h in occupied)
                self.report(u.line, f"unit '{u.name}' overlaps unit '{other}' at "
                            f"{_tile(hexmap, spot)}", "move one of them")
            for h in on:
                occupied.setdefault(h, u.name)

    def check_riders(self, units, db) -> None:
        """docs/mapping.md "Riders": a rider names a mount of its own side, rideable, larger
        than it, that no one else rides."""
        by_name = {u.name: u for u in units}
        taken: dict = {}
        for u in units:
            if not u.riding:
                continue
            m = by_name.get(u.riding)
            where = f"unit '{u.name}': riding = '{u.riding}'"
            if m is None or m.team != u.team:
                self.report(u.line, f"{where} names no unit of team '{u.team}'",
                            "give the name of a mount of the same side")
                continue
            mount, rider = db.get(m.unit), db.get(u.unit)
            if mount is None or rider is None:
                continue
            size = m.overrides.get("size") or mount.size
            own = u.overrides.get("size") or rider.size
            if not mount.rideable or SIZES.index(size) <= SIZES.index(own) or m.riding:
                self.report(u.line, f"{where}: '{m.name}' ({m.unit}) cannot carry it",
                            "name a creature whose stat block says rideable = true, larger "
                            "than the rider")
            elif taken.setdefault(m.name, u.name) != u.name:
                self.report(u.line, f"{where}: '{taken[m.name]}' already rides it",
                            "give each mount one rider")


def is_editor_only(name: str) -> bool:
    """Unit properties the game ignores: `notes` and any name starting with `editor_`."""
    return name == "notes" or name.startswith(EDITOR_PREFIX)


def _tile(hexmap: HexMap, h) -> str:
    col, row = hexmap.tile_of(h)
    return f"{col},{row}"


def _int(text):
    try:
        return int(text)
    except (TypeError, ValueError):
        return None


def _plain(p):
    """A property's value as Python: int, float, bool or the text."""
    try:
        if p.type == "int":
            return int(p.value)
        if p.type == "float":
            return float(p.value)
        if p.type == "bool":
            return p.value.strip().lower() == "true"
    except ValueError:
        pass
    return p.value
