"""Writing Tiled maps from ASCII plans: one character is one hex (the format: docs/mapping.md).

Used by tools/make_maps.py for the shipped maps and by tests that need a real .tmx file.

    .  grass      =  road       T  forest (partial concealment)   :  rubble (difficult)
    ~  water (difficult)        n  low wall (obstacle low)         #  stone wall (impassable)
    f  fog (blocks sight)       E  exit       ^  hill (elevation 1) D  darkness   _  floor
    w  deep water   C  cliff (elevation 2, climb DC 15)   P  palisade (a wall 10 ft high)
    B  barricade (breakable low obstacle)   +  door   O  open door   L  locked door
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import quoteattr

from game import paths

ASSETS = paths.assets_dir()
TILE_IDS = {".": 0, "=": 1, "T": 2, ":": 3, "~": 4, "n": 5, "#": 6, "f": 7, "E": 8, "^": 9,
            "D": 10, "_": 11, "w": 12, "C": 13, "P": 14, "B": 15, "+": 16, "O": 17, "L": 18}
TILESETS = {"y": ("hex-pointy.tsx", 56, 64), "x": ("hex-flat.tsx", 64, 56)}
HEXSIDE = 32


@dataclass
class Unit:
    name: str
    unit: str
    team: str
    col: int
    row: int
    facing: int = 0
    extra: dict = field(default_factory=dict)


@dataclass
class MapPlan:
    filename: str
    title: str
    description: str
    axis: str
    teams: str
    plan: str
    units: list[Unit]
    initiative: str = "selective"

    @property
    def rows(self) -> list[str]:
        return [line.strip() for line in self.plan.strip().splitlines()]


def tile_center(axis: str, col: int, row: int) -> tuple[int, int]:
    """Pixel centre of a hex in Tiled's layout for our tile sizes (staggerindex odd)."""
    _, tw, th = TILESETS[axis]
    if axis == "y":
        rowh = (th - HEXSIDE) // 2 + HEXSIDE
        return col * tw + (tw // 2 if row % 2 else 0) + tw // 2, row * rowh + th // 2
    colw = (tw - HEXSIDE) // 2 + HEXSIDE
    return col * colw + tw // 2, row * th + (th // 2 if col % 2 else 0) + th // 2


def property_xml(name: str, value) -> str:
    if isinstance(value, bool):
        return f'<property name="{name}" type="bool" value="{str(value).lower()}"/>'
    if isinstance(value, int):
        return f'<property name="{name}" type="int" value="{value}"/>'
    return f"<property name={quoteattr(name)} value={quoteattr(str(value))}/>"


def unit_object_xml(plan: MapPlan, oid: int, u: Unit) -> str:
    x, y = tile_center(plan.axis, u.col, u.row)
    props = {"unit": u.unit, "team": u.team, "facing": u.facing, **u.extra}
    body = "".join(f"\n    {property_xml(k, v)}" for k, v in props.items())
    return (f'  <object id="{oid}" name={quoteattr(u.name)} type="unit" x="{x}" y="{y}">\n'
            f"   <properties>{body}\n   </properties>\n   <point/>\n  </object>")


def map_xml(plan: MapPlan, tilesets: str = "../assets/tilesets") -> str:
    """The .tmx text; `tilesets` is the folder of the .tsx files as the map refers to it."""
    rows = plan.rows
    width, height = len(rows[0]), len(rows)
    if any(len(r) != width for r in rows):
        raise SystemExit(f"{plan.filename}: every row of the plan must be {width} hexes wide")
    tsx, tw, th = TILESETS[plan.axis]
    csv = ",\n".join(",".join(str(TILE_IDS[c] + 1) for c in r) for r in rows)
    objects = "\n".join(unit_object_xml(plan, i + 1, u) for i, u in enumerate(plan.units))
    map_props = {"title": plan.title, "description": plan.description, "teams": plan.teams,
                 "initiative": plan.initiative}
    props = "".join(f"\n  {property_xml(k, v)}" for k, v in map_props.items())
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="hexagonal" renderorder="right-down" width="{width}" height="{height}" tilewidth="{tw}" tileheight="{th}" infinite="0" hexsidelength="{HEXSIDE}" staggeraxis="{plan.axis}" staggerindex="odd" nextlayerid="3" nextobjectid="{len(plan.units) + 1}">
 <properties>{props}
 </properties>
 <tileset firstgid="1" source="{tilesets}/{tsx}"/>
 <layer id="1" name="Terrain" width="{width}" height="{height}">
  <data encoding="csv">
{csv}
</data>
 </layer>
 <objectgroup id="2" name="Units">
{objects}
 </objectgroup>
</map>
"""




def write_map(plan: MapPlan, path: Path) -> Path:
    """Write a plan anywhere, pointing at the game's own tilesets by absolute path."""
    path.write_text(map_xml(plan, tilesets=str(ASSETS / "tilesets")), encoding="utf-8")
    return path
