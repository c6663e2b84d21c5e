"""No silent wrong results (docs/mapping.md "Layers", "Units"): each way a map could load and
give a battle other than the one Tiled shows either works as Tiled shows it or is refused
with its file:line and the fix. Every map here is saved by Tiled itself (`tiled
--export-map`) from a map `new-map` wrote and a designer's edit."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.hexgrid import TiledLayout
from game.tiled.loader import load_map, read_map
from game.tiled.newmap import write_new_map
from tests.helpers import run_game, tiled_export

POINTY = TiledLayout(56, 64, 32, "y", "odd")
STONE_WALL = 7


def saved_by_tiled(folder: Path, edit, name: str = "m") -> Path:
    """A new 8x8 map, edited by `edit(text) -> text`, then opened and saved by Tiled."""
    base = folder / "base.tmx"
    if not base.exists():
        write_new_map(base, "8x8", "pointy")
    drawn = folder / f"{name}.drawn.tmx"
    drawn.write_text(edit(base.read_text()))
    return tiled_export(drawn, folder / f"{name}.tmx")


def problems_of(path: Path) -> list[str]:
    return [str(p) for p in read_map(path)[1]]


def line_of(path: Path, fragment: str) -> int:
    return next(i for i, t in enumerate(path.read_text().splitlines(), 1) if fragment in t)


def wall_layer(text: str, attrs: str) -> str:
    rows = ",\n".join(",".join(str(STONE_WALL if (c, r) == (4, 4) else 0) for c in range(8))
                      for r in range(8))
    layer = (f' <layer id="5" name="Walls" width="8" height="8"{attrs}>\n'
             f'  <data encoding="csv">\n{rows}\n</data>\n </layer>\n')
    return text.replace(' <objectgroup id="2"', layer + ' <objectgroup id="2"')


def test_a_hidden_tile_layer_is_refused(tmp_path):
    path = saved_by_tiled(tmp_path, lambda t: wall_layer(t, ' visible="0"'))
    line = line_of(path, 'name="Walls"')
    assert problems_of(path) == [
        f"{path}:{line}: tile layer 'Walls' is hidden in Tiled but its terrain would count in "
        "battle — make it visible (it or the group around it) or delete it"]


def test_a_tile_layer_with_an_offset_is_refused(tmp_path):
    path = saved_by_tiled(tmp_path, lambda t: wall_layer(t, ' offsetx="56" offsety="0"'))
    found = problems_of(path)
    line = line_of(path, 'name="Walls"')
    assert len(found) == 1 and found[0].startswith(f"{path}:{line}: ")
    assert "tile layer 'Walls' is drawn shifted by 56,0 px" in found[0]
    assert "set the layer's Offset to 0,0" in found[0]


def test_a_visible_wall_layer_without_offset_blocks_where_it_is_drawn(tmp_path):
    path = saved_by_tiled(tmp_path, lambda t: wall_layer(t, ""))
    hexmap = load_map(path)
    assert hexmap.terrain_at(hexmap.hex_at(4, 4)).impassable
    assert not hexmap.terrain_at(hexmap.hex_at(5, 4)).impassable


PARALLAX_FIX = ("set the layer's Parallax Factor to 1,1 in Tiled (and its groups'); keep "
                "parallax for image layers and decoration")


def test_a_tile_layer_with_parallax_is_refused(tmp_path):
    path = saved_by_tiled(tmp_path, lambda t: wall_layer(t, ' parallaxx="0.5"'))
    line = line_of(path, 'name="Walls"')
    assert problems_of(path) == [
        f"{path}:{line}: tile layer 'Walls' has the parallax factor 0.5,1 (its own, or its "
        "groups'): Tiled slides it against the hexes as the view scrolls, so its terrain would "
        f"not stay on the hexes it is drawn on — {PARALLAX_FIX}"]


def in_group_with_parallax(text: str) -> str:
    """The Units layer inside a group whose Parallax Factor is 1,0.75."""
    start = text.index(' <objectgroup id="2"')
    end = text.index("</objectgroup>") + len("</objectgroup>\n")
    return (text[:start] + ' <group id="7" name="Armies" parallaxy="0.75">\n'
            + text[start:end] + " </group>\n" + text[end:])


def test_a_units_layer_with_parallax_from_its_group_is_refused_by_validate(tmp_path):
    path = saved_by_tiled(tmp_path, in_group_with_parallax)
    assert 'parallaxy="0.75"' in path.read_text()    # Tiled kept it
    done = run_game("validate", path)
    line = line_of(path, 'name="Units"')
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [
        f"{path}:{line}: object layer 'Units' has the parallax factor 1,0.75 (its own, or its "
        "groups'): Tiled slides it against the hexes as the view scrolls, so its units and "
        f"respawn points would not stay on the hexes it is drawn on — {PARALLAX_FIX}"]


def test_parallax_on_a_layer_without_terrain_or_units_is_left_alone(tmp_path):
    notes = ' <objectgroup id="8" name="Notes" parallaxx="0.5" parallaxy="0.5"/>\n'
    path = saved_by_tiled(tmp_path, lambda t: t.replace("</map>", notes + "</map>"))
    assert 'name="Notes"' in path.read_text() and problems_of(path) == []


def hide(text: str, target: str) -> str:
    if target == "layer":
        return text.replace('name="Units"', 'name="Units" visible="0"')
    return text.replace('name="Red fighter" type="unit"', 'name="Red fighter" type="unit" '
                        'visible="0"')


@pytest.mark.parametrize("target,message", [
    ("layer", "unit 'Blue fighter' is on a hidden layer but would fight"),
    ("object", "unit 'Red fighter' is hidden in Tiled but would fight")])
def test_hidden_units_are_refused(tmp_path, target, message):
    path = saved_by_tiled(tmp_path, lambda t: hide(t, target))
    found = problems_of(path)
    assert any(message in p for p in found), found
    assert all(re.match(rf"{re.escape(str(path))}:\d+: ", p) for p in found)


def test_an_object_with_unit_properties_but_no_class_is_refused(tmp_path):
    path = saved_by_tiled(tmp_path, lambda t: re.sub(r' type="unit" gid="\d+"', "", t, count=1))
    found = problems_of(path)
    line = line_of(path, 'name="Blue fighter"')
    assert found == [f"{path}:{line}: 'Blue fighter' has a unit's properties but no class, so "
                     "it would be left out — set its class (Type in Tiled 1.8) to unit, or "
                     "place units from the templates in maps/templates (docs/mapping.md "
                     "\"Units\")"]


def test_a_unit_class_in_another_case_is_refused(tmp_path):
    path = saved_by_tiled(tmp_path, lambda t: t.replace('type="unit"', 'type="Unit"', 1))
    found = problems_of(path)
    assert len(found) == 1 and "'Blue fighter' has the class 'Unit', not 'unit'" in found[0]


def test_a_unit_as_a_tile_object_is_drawn_by_the_game_not_baked_into_the_map(tmp_path):
    """The token tiles have the class unit: a tile object dropped from the token tileset
    without a class of its own is a unit too, and its token stays out of the background."""
    import pygame

    from game.ui.map_renderer import build_map_surface, load_map_info
    pygame.init()
    path = saved_by_tiled(tmp_path, lambda t: t.replace(' type="unit"', ""))
    hexmap = load_map(path)
    assert sorted(u.name for u in hexmap.units) == ["Blue fighter", "Red fighter"]
    info = load_map_info(path)
    background = build_map_surface(info)
    plain = build_map_surface(load_map_info(saved_by_tiled(
        tmp_path, lambda t: re.sub(r"  <object .*?</object>\n", "", t, flags=re.S), "empty")))
    unit = hexmap.units[0]
    x, y = POINTY.tile_center(unit.col, unit.row)
    at = (round(x + info.origin[0]), round(y + info.origin[1]))
    assert background.get_at(at) == plain.get_at(at)


def test_a_map_without_units_or_a_team_without_any_is_refused(tmp_path):
    empty = saved_by_tiled(tmp_path, lambda t: re.sub(r"  <object .*?</object>\n", "", t,
                                                      flags=re.S), "empty")
    assert [p.split(": ", 1)[1] for p in problems_of(empty)] == [
        "the map has no units — place units from the templates in maps/templates "
        "(docs/mapping.md \"Units\"), at least one per team"]
    one_side = saved_by_tiled(tmp_path, lambda t: t.replace(
        'propertytype="Team" value="red"', 'propertytype="Team" value="blue"'), "one")
    found = problems_of(one_side)
    line = line_of(one_side, 'name="teams"')
    assert found == [f"{one_side}:{line}: team 'red' (in the map property teams) has no units "
                     "— place at least one unit with team red, or remove red from teams"]


def test_validate_reports_placement_problems_with_the_others(tmp_path):
    def edit(text):
        text = wall_layer(text, "")
        x, y = POINTY.tile_center(4, 4)
        text = re.sub(r'(name="Red fighter" type="unit" gid="\d+") x="[^"]+" y="[^"]+"',
                      rf'\1 x="{x:g}" y="{y:g}"', text)
        return text.replace('value="fighter"/>', 'value="fightr"/>', 1)
    path = saved_by_tiled(tmp_path, edit)
    found = problems_of(path)
    assert len(found) == 2
    assert "unknown unit 'fightr'" in found[0] and "did you mean 'fighter'" in found[0]
    assert "unit 'Red fighter' stands on impassable terrain at 4,4 (grass+stone wall)" \
        in found[1]


def test_an_enum_stored_as_a_number_says_how_to_store_it_as_text(tmp_path):
    path = saved_by_tiled(tmp_path, lambda t: t.replace(
        '<property name="initiative" propertytype="InitiativeMode" value="selective"/>',
        '<property name="initiative" type="int" value="1"/>'))
    found = problems_of(path)
    assert len(found) == 1 and "must be one of selective|top-down|round-by-round, not the " \
        "number 1" in found[0]
    assert "Storage Type to String" in found[0]
