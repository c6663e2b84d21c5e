"""Tiled's formats and folder layouts (docs/mapping.md "Where maps go"): what loads like a
.tmx next to its tilesets, and what is refused with a clear line. Maps are saved by Tiled."""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from game import paths
from game.tiled.loader import load_map, read_map
from game.tiled.newmap import write_new_map
from tests.helpers import tiled_export

REPO = paths.REPO_DIR


def project_with_sibling_folders(root: Path) -> Path:
    """root/{tilesets,templates,maps}: the map uses ../tilesets and ../templates."""
    (root / "tilesets").mkdir(parents=True)
    (root / "templates").mkdir()
    (root / "maps").mkdir()
    for name in ("hex-pointy.tsx", "hex-pointy.png", "unit-tokens-pointy.tsx"):
        shutil.copy(REPO / "assets" / "tilesets" / name, root / "tilesets" / name)
    shutil.copytree(REPO / "assets" / "tilesets" / "unit-tokens-pointy",
                    root / "tilesets" / "unit-tokens-pointy")
    (root / "templates" / "orc.tx").write_text(
        (REPO / "maps" / "templates" / "pointy" / "orc.tx").read_text().replace(
            "../../../assets/tilesets/", "../tilesets/"))
    text = write_new_map(root / "maps" / "base.tmx", "8x8", "pointy").read_text()
    assets = os.path.relpath(REPO / "assets" / "tilesets", root / "maps")
    text = text.replace(f'source="{assets}/', 'source="../tilesets/')
    text = text.replace(' </objectgroup>', '  <object id="9" name="Grash" '
                        'template="../templates/orc.tx" x="200" y="200">\n   <properties>\n'
                        '    <property name="team" value="red"/>\n   </properties>\n  </object>\n'
                        ' </objectgroup>')
    (root / "maps" / "drawn.tmx").write_text(text)
    return tiled_export(root / "maps" / "drawn.tmx", root / "maps" / "m.tmx")


def test_sibling_tilesets_and_templates_load_inside_the_project_folder(tmp_path):
    path = project_with_sibling_folders(tmp_path / "project")
    assert 'source="../tilesets/hex-pointy.tsx"' in path.read_text()
    _, problems = read_map(path)
    assert any("is outside the map's folder" in str(p) for p in problems)
    (tmp_path / "project" / "kit.tiled-project").write_text(json.dumps({"propertyTypes": []}))
    hexmap = load_map(path)
    assert sorted(u.unit for u in hexmap.units) == ["fighter", "fighter", "orc"]


def test_outside_the_project_folder_is_still_refused(tmp_path):
    path = project_with_sibling_folders(tmp_path / "outer" / "project")
    (tmp_path / "outer" / "project" / "kit.tiled-project").write_text('{"propertyTypes": []}')
    shutil.copytree(tmp_path / "outer" / "project" / "tilesets", tmp_path / "outer" / "elsewhere")
    (path.parent / "escape.tmx").write_text(path.read_text().replace(
        'source="../tilesets/hex-pointy.tsx"', 'source="../../elsewhere/hex-pointy.tsx"'))
    found = [str(p) for p in read_map(path.parent / "escape.tmx")[1]]
    assert len(found) == 1 and "tileset '../../elsewhere/hex-pointy.tsx' is outside" in found[0]
    assert "the folder of the map's .tiled-project" in found[0]


def test_a_broken_project_file_is_one_clear_line(tmp_path):
    path = write_new_map(tmp_path / "m.tmx", "8x8", "pointy")
    (tmp_path / "kit.tiled-project").write_text("{ not json")
    found = [str(p) for p in read_map(path)[1]]
    assert len(found) == 1 and found[0].startswith(f"{tmp_path / 'kit.tiled-project'}:1: ")
    assert "not JSON" in found[0]


def copy_of_shipped_map(folder: Path, name: str) -> Path:
    """A shipped map and the templates it uses in `folder`, pointing to the shipped assets."""
    assets = Path(os.path.relpath(REPO / "assets", folder)).as_posix()
    (folder / name).write_text((REPO / "maps" / name).read_text().replace(
        'source="../assets/', f'source="{assets}/'))
    for tx in (REPO / "maps" / "templates").rglob("*.tx"):
        target = folder / tx.relative_to(REPO / "maps")
        target.parent.mkdir(parents=True, exist_ok=True)
        up = Path(os.path.relpath(REPO / "assets", target.parent)).as_posix()
        target.write_text(tx.read_text().replace("../../../assets/", f"{up}/"))
    return folder / name


def same_map(a, b) -> None:
    assert (a.width, a.height, a.layout, a.title, a.teams, a.initiative) == \
        (b.width, b.height, b.layout, b.title, b.teams, b.initiative)
    assert a.terrain == b.terrain
    assert [(u.name, u.unit, u.team, u.col, u.row, u.facing) for u in a.units] == \
        [(u.name, u.unit, u.team, u.col, u.row, u.facing) for u in b.units]


def test_a_json_map_loads_and_renders_like_its_tmx(tmp_path):
    import pygame

    from game.ui.map_renderer import render_map
    pygame.init()
    tmx = copy_of_shipped_map(tmp_path, "bridge.tmx")
    tmj = tiled_export(tmx, tmp_path / "bridge.tmj")
    assert json.loads(tmj.read_text())["type"] == "map"
    same_map(load_map(tmj), load_map(tmx))
    a, b = render_map(tmj), render_map(tmx)
    assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


def test_json_tilesets_load_from_tmx_and_tmj_maps(tmp_path):
    tsj = tiled_export(REPO / "assets" / "tilesets" / "hex-flat.tsx",
                       tmp_path / "hex-flat.tsj", what="tileset")
    assert json.loads(tsj.read_text())["wangsets"]
    base = write_new_map(tmp_path / "base.tmx", "9x7", "flat")
    assets = os.path.relpath(REPO / "assets" / "tilesets", tmp_path)
    text = base.read_text().replace(f'source="{assets}/hex-flat.tsx"', 'source="hex-flat.tsj"')
    text = text.replace("1,1,1,1", "1,7,3,5", 1)  # a stone wall, forest and water
    (tmp_path / "drawn.tmx").write_text(text)
    for target in ("m.tmx", "m.tmj"):
        saved = tiled_export(tmp_path / "drawn.tmx", tmp_path / target)
        assert "hex-flat.tsj" in saved.read_text()
        hexmap = load_map(saved)
        assert [hexmap.terrain[i].name for i in range(4)] == \
            ["grass", "stone wall", "forest", "water"]
        assert hexmap.terrain[1].impassable


def test_problems_in_a_json_map_name_their_json_path(tmp_path):
    base = write_new_map(tmp_path / "base.tmx", "8x8", "pointy")
    (tmp_path / "drawn.tmx").write_text(base.read_text().replace('value="fighter"/>',
                                                                 'value="fightr"/>', 1))
    tmj = tiled_export(tmp_path / "drawn.tmx", tmp_path / "m.tmj")
    data = json.loads(tmj.read_text())
    layer = next(i for i, la in enumerate(data["layers"]) if la["type"] == "objectgroup")
    props = data["layers"][layer]["objects"][0]["properties"]
    index = next(i for i, p in enumerate(props) if p["name"] == "unit")
    found = [str(p) for p in read_map(tmj)[1]]
    assert found == [f"{tmj}:layers[{layer}].objects[0].properties[{index}]: unit 'Blue "
                     "fighter': unknown unit 'fightr' — did you mean 'fighter'? use a key of "
                     "assets/units/*.toml: archer, cleric, cutthroat, drake, fighter, ghoul, "
                     "..."]


def test_a_broken_json_file_is_one_line(tmp_path):
    (tmp_path / "m.tmj").write_text('{"type": "map",\n "layers": [}')
    found = [str(p) for p in read_map(tmp_path / "m.tmj")[1]]
    assert len(found) == 1 and found[0].startswith(f"{tmp_path / 'm.tmj'}:2: not JSON")
    (tmp_path / "deep.tmj").write_text('{"layers": ' + "[" * 100000 + "]" * 100000 + "}")
    found = [str(p) for p in read_map(tmp_path / "deep.tmj")[1]]
    assert len(found) == 1 and "nested too deeply" in found[0]


def zstd_map(folder: Path) -> Path:
    """A new map whose tile data a designer switched to Base64 (Zstandard compressed), with a
    wall at 2,1, saved again by Tiled (which keeps the map's layer format)."""
    import base64
    import re
    import struct

    import zstandard
    base = write_new_map(folder / "base.tmx", "8x6", "pointy")
    gids = [1] * 48
    gids[1 * 8 + 2] = 7
    packed = base64.b64encode(zstandard.ZstdCompressor().compress(
        struct.pack("<48I", *gids))).decode()
    text = re.sub(r'<data encoding="csv">.*?</data>',
                  f'<data encoding="base64" compression="zstd">\n   {packed}\n  </data>',
                  base.read_text(), flags=re.S)
    (folder / "drawn.tmx").write_text(text)
    return tiled_export(folder / "drawn.tmx", folder / "m.tmx")


def test_zstd_layer_data_loads_from_tmx_and_tmj(tmp_path):
    tmx = zstd_map(tmp_path)
    assert 'compression="zstd"' in tmx.read_text()
    tmj = tiled_export(tmx, tmp_path / "m.tmj")
    assert [la.get("compression") for la in json.loads(tmj.read_text())["layers"]
            if la["type"] == "tilelayer"] == ["zstd"]
    import pygame

    from game.ui.map_renderer import render_map
    pygame.init()
    pictures = []
    for path in (tmx, tmj):
        hexmap = load_map(path)
        assert hexmap.terrain_at(hexmap.hex_at(2, 1)).impassable
        assert sum(t.impassable for t in hexmap.terrain) == 1
        pictures.append(pygame.image.tobytes(render_map(path), "RGBA"))
    assert pictures[0] == pictures[1]


def test_zstd_data_that_unpacks_too_far_is_refused_without_unpacking_it(tmp_path):
    import base64

    import zstandard
    tmx = zstd_map(tmp_path)
    bomb = base64.b64encode(zstandard.ZstdCompressor().compress(bytes(200_000_000))).decode()
    text = tmx.read_text()
    start = text.index('compression="zstd">') + len('compression="zstd">')
    end = text.index("</data>", start)
    (tmp_path / "bomb.tmx").write_text(text[:start] + bomb + text[end:])
    found = [str(p) for p in read_map(tmp_path / "bomb.tmx")[1]]
    assert len(found) == 1 and "data cannot be decoded (more tiles where the map has 48)" \
        in found[0]


def test_fractional_layer_offsets_load(tmp_path):
    """Tiled writes offsets like 10.5: an object layer shifted by 56.5 px moves its units one
    column right; a tile layer with any offset is refused for what it is (tests/
    test_tiled_shown.py), not as a number pytmx cannot read."""
    base = write_new_map(tmp_path / "base.tmx", "8x8", "pointy")
    (tmp_path / "drawn.tmx").write_text(base.read_text().replace(
        '<objectgroup id="2" name="Units">',
        '<objectgroup id="2" name="Units" offsetx="56.5" offsety="-0.25">'))
    saved = tiled_export(tmp_path / "drawn.tmx", tmp_path / "m.tmx")
    assert 'offsetx="56.5"' in saved.read_text()
    before, after = load_map(base), load_map(saved)
    assert [(u.col + 1, u.row) for u in before.units] == [(u.col, u.row) for u in after.units]
    (tmp_path / "tiles.tmx").write_text(base.read_text().replace(
        '<layer id="1" name="Terrain"', '<layer id="1" name="Terrain" offsetx="10.5"'))
    found = [str(p) for p in read_map(tmp_path / "tiles.tmx")[1]]
    assert len(found) == 1 and "is drawn shifted by 10.5,0 px" in found[0]


def test_json_saved_under_a_tmx_name_is_read_as_json(tmp_path):
    base = write_new_map(tmp_path / "base.tmx", "8x8", "pointy")
    tmj = tiled_export(base, tmp_path / "m.tmj")
    (tmp_path / "named.tmx").write_text(tmj.read_text())
    same_map(load_map(tmp_path / "named.tmx"), load_map(base))
