"""Small maps with objectives, regions, story text and reinforcements, written into a test's
folder in Tiled's format (docs/mapping.md "Objectives and events"), on the self-contained
tileset of test_tiled_loader."""
from __future__ import annotations

from pathlib import Path

from test_tiled_loader import center, grass, map_xml, object_layer, tile_layer, unit, write_tileset


def prop(name: str, value, kind: str = "") -> str:
    typed = f' type="{kind}"' if kind else (' type="int"' if isinstance(value, int) else "")
    return f'<property name="{name}"{typed} value="{value}"/>'


def thing(oid: int, cls: str, name: str = "", **props) -> str:
    """A point object of class `cls` (objective, story) with string or int properties."""
    inner = "".join(prop(k, v) for k, v in props.items())
    return (f'<object id="{oid}" name="{name}" type="{cls}" x="10" y="10">'
            f'<properties>{inner}</properties><point/></object>')


def region(oid: int, name: str, cells) -> str:
    """A rectangle of class `region` around the centres of `cells` (col, row): their bounding
    box, 4 pixels wider on each side (it takes no hex between)."""
    xs = [center(c, r)[0] for c, r in cells]
    ys = [center(c, r)[1] for c, r in cells]
    x, y = min(xs) - 4, min(ys) - 4
    return (f'<object id="{oid}" name="{name}" type="region" x="{x}" y="{y}" '
            f'width="{max(xs) - x + 4}" height="{max(ys) - y + 4}"/>')


def creature(oid: int, name: str, col: int, row: int, kind: str = "fighter",
             team: str = "blue", facing: int = 0, **overrides) -> str:
    """A unit object; `overrides`: int properties of the unit (hp, level...)."""
    props = (prop("facing", facing) if facing else "") + "".join(
        prop(k, v) for k, v in overrides.items())
    return unit(oid, *center(col, row), kind, team, name=name, props=props)


def reinforcement_layer(units, round_: int = 0, on: str = "", layer_id: int = 11) -> str:
    """A hidden object layer whose units arrive at `round_` or when `on` is entered."""
    props = (prop("arrives_round", round_) if round_ else "") + (
        prop("arrives_on", on) if on else "")
    return (f' <objectgroup id="{layer_id}" name="Reinforcements" visible="0">'
            f'<properties>{props}</properties>\n'
            + "".join(f"  {u}\n" for u in units) + " </objectgroup>\n")


def scenario_map(folder: Path, units, scenario=(), layers: str = "", props: str = "",
                 width: int = 10, height: int = 6, name: str = "scenario.tmx") -> Path:
    """A map of open grass with `units`, the `scenario` objects in a layer "Scenario", and
    more object `layers` (reinforcements); `props`: map properties (`prop(...)` each)."""
    write_tileset(folder)
    body = (tile_layer("ground", grass(width, height)) + object_layer("Units", list(units))
            + object_layer("Scenario", list(scenario), layer_id=10) + layers)
    path = folder / name
    path.write_text(map_xml(body, width, height,
                            props="".join(f"  {p}\n" for p in props.split("\n") if p)))
    return path
