"""Tiled's formats and folder layouts (docs/mapping.md "Where maps go"): what loads like a
.tmx next to its tilesets, and what is refused with a clear line. Maps are saved by Tiled."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

from game import paths
from game.tiled.loader import load_map, read_map
from game.tiled.newmap import write_new_map
from tests.conftest import require_tiled_program

REPO = paths.REPO_DIR


def tiled_export(source: Path, target: Path) -> Path:
    tiled = require_tiled_program("tiled")
    subprocess.run([tiled, "--export-map", str(source), str(target)], check=True, timeout=60,
                   capture_output=True, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    return target


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
