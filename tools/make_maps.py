"""Write the shipped battle maps (maps/*.tmx) from the ASCII plans below.

    python tools/make_maps.py [--out maps]

The maps are ordinary Tiled files: open them in Tiled, edit them there, and stop using this
script for a map once it has been edited by hand. One character is one hex:

    .  grass      =  road       T  forest (partial concealment)   :  rubble (difficult)
    ~  water (difficult)        n  low wall (obstacle low)         #  stone wall (impassable)
    f  fog (blocks sight)       E  exit       ^  hill (elevation 1) D  darkness   _  floor
"""
from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import quoteattr

REPO = Path(__file__).resolve().parent.parent
TILE_IDS = {".": 0, "=": 1, "T": 2, ":": 3, "~": 4, "n": 5, "#": 6, "f": 7, "E": 8, "^": 9,
            "D": 10, "_": 11}
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


def map_xml(plan: MapPlan) -> str:
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
 <tileset firstgid="1" source="../assets/tilesets/{tsx}"/>
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


DUEL = MapPlan(
    "duel.tmx", "Crossroads duel",
    "A small pointy-top field: two veterans against a goblin raiding party at a crossroads.",
    "y", "blue,red", """
    ....T.......
    ...TT...:...
    ..TT....::..
    .....n......
    ==========E=
    .....n......
    ...#.....T..
    ...#....TT..
    .......~~...
    ............
    """,
    [Unit("Aldric", "fighter", "blue", 2, 8, 1), Unit("Wren", "archer", "blue", 1, 9, 1),
     Unit("Grik", "goblin", "red", 9, 1, 4), Unit("Snag", "goblin", "red", 10, 2, 4),
     Unit("Mugg", "goblin_archer", "red", 8, 0, 4)],
)

SKIRMISH = MapPlan(
    "skirmish.tmx", "The ruined mill",
    "Flat-top hexes. Hold the ruined mill against orcs, goblins and an ogre; walls give cover, "
    "the woods hide archers, the rubble slows everyone.",
    "x", "blue,red", """
    ..TT..............::
    .TTT....####...::...
    ..T.....#__#........
    ........#__n....TT..
    ..==========....TTT.
    ..=.....####.....T..
    ..=....:............
    ~~=~~~....n.nn...~~~
    ..=.::........:.....
    ..=..:..TT.....^^...
    ..=.....TTT...^^^...
    ..====.........^....
    .....=====..........
    ..........==========
    """,
    [Unit("Wulfric", "fighter", "blue", 3, 9, 0), Unit("Sokaris", "fighter", "blue", 4, 10, 0),
     Unit("Mayat", "archer", "blue", 2, 12, 0), Unit("Chessan", "rogue", "blue", 6, 11, 0),
     Unit("Orc 1", "orc", "red", 13, 2, 3), Unit("Orc 2", "orc", "red", 15, 4, 3),
     Unit("Goblin 1", "goblin", "red", 17, 1, 3), Unit("Goblin 2", "goblin", "red", 12, 6, 3),
     Unit("Goblin Archer", "goblin_archer", "red", 18, 6, 3),
     Unit("Ogre", "ogre", "red", 15, 9, 2)],
)

BATTLE = MapPlan(
    "battle.tmx", "Battle of the ford",
    "A large pointy-top battlefield: two warbands meet at a river ford under a fog bank; a hill "
    "giant wades in. Exits on the west edge let a beaten side flee.",
    "y", "blue,red", """
    ..............................
    ....TT.........ff.......TTT...
    ...TTTT.......fff......TTTT...
    ....TT..^^.....f.........T....
    .......^^^..........::........
    E......^^.....####....:.......
    E.............#__#............
    E....n.n......#__n......n.n...
    ..............####............
    .==========.............====..
    ..........=..TT........=......
    ~~~~~~~~~~==~~~~~~~~~~==~~~~~~
    ~~~~~~~~~~~==~~~~~~~~==~~~~~~~
    ............=.........=.......
    ....:::.....=..TTT....=.......
    .....::.....=...TT....=...^^..
    ............========..=..^^^..
    ......n.n..............=......
    ....................####=.....
    ....TTT.............#__#=.....
    ...TTTT....ff.......####.=....
    ....TT....fff.............====
    """,
    [Unit("Aldric", "fighter", "blue", 5, 5, 0), Unit("Brand", "fighter", "blue", 6, 6, 0),
     Unit("Cora", "archer", "blue", 4, 3, 0), Unit("Dain", "archer", "blue", 3, 7, 0),
     Unit("Esk", "rogue", "blue", 8, 8, 0), Unit("Fenn", "fighter", "blue", 9, 6, 0),
     Unit("Orc 1", "orc", "red", 18, 16, 2), Unit("Orc 2", "orc", "red", 20, 15, 2),
     Unit("Orc 3", "orc", "red", 15, 17, 2), Unit("Goblin 1", "goblin", "red", 10, 18, 2),
     Unit("Goblin 2", "goblin", "red", 12, 19, 2), Unit("Goblin Archer 1", "goblin_archer", "red", 14, 20, 2),
     Unit("Goblin Archer 2", "goblin_archer", "red", 25, 19, 2),
     Unit("Wolf", "wolf", "red", 8, 15, 2), Unit("Giant", "giant", "red", 18, 13, 2)],
)

PLANS = [DUEL, SKIRMISH, BATTLE]


def build(out_dir: Path) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for plan in PLANS:
        path = out_dir / plan.filename
        path.write_text(map_xml(plan), encoding="utf-8")
        written.append(path)
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "maps")
    args = parser.parse_args()
    for path in build(args.out):
        print(path)


if __name__ == "__main__":
    main()
