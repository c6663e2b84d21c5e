"""An installed copy (not a checkout) carries every shipped file and runs from any folder.

The wheel is built from a copy of the source tree, unpacked into a folder of its own and run
from yet another folder with only that folder on the import path, so nothing of the checkout
can be found by accident. Shipped maps are named on the command line (`duel`), not given as a
path. (The fresh virtual environment with dependencies from the registry is checked by CI.)
The wheel is built offline with the setuptools and wheel of the test extras.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pygame
import pytest

REPO = Path(__file__).resolve().parent.parent
SHIPPED_FOLDERS = ("maps", "assets", "docs/rules")
JUNK = shutil.ignore_patterns(".git", "build", "dist", "*.egg-info", "__pycache__",
                              ".pytest_cache", ".hypothesis", "out", ".venv", "docs")


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(the folder the wheel was unpacked into, the names in the wheel)."""
    tmp = tmp_path_factory.mktemp("install")
    source = tmp / "source"
    shutil.copytree(REPO, source, ignore=JUNK)
    shutil.copytree(REPO / "docs" / "rules", source / "docs" / "rules")
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                            "--no-build-isolation", "--wheel-dir", str(tmp / "wheel"),
                            str(source)], capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr
    (wheel,) = (tmp / "wheel").glob("hexskirmish-*.whl")
    site = tmp / "site"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(site)
        names = set(archive.namelist())
    return site, names


def run_installed(site: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(site), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", HEXSKIRMISH_HOME=str(cwd / "home"))
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def shipped_files() -> list[str]:
    return sorted(str(path.relative_to(REPO)) for folder in SHIPPED_FOLDERS
                  for path in (REPO / folder).rglob("*")
                  if path.is_file() and "__pycache__" not in path.parts)


def test_the_wheel_carries_every_shipped_file_inside_the_package(installed):
    _, names = installed
    missing = [f for f in shipped_files() if f"game/{f}" not in names]
    assert shipped_files() and not missing
    assert not [n for n in names if n.split("/")[0] in ("maps", "assets", "docs", "tests")]


def test_installed_copy_finds_its_own_files(installed, tmp_path):
    site, _ = installed
    probe = ("from game import paths; print(paths.default_map()); print(paths.assets_dir()); "
             "print(paths.rules_reference_dir())")
    env = dict(os.environ, PYTHONPATH=str(site))
    out = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    default_map, assets, rules = (Path(line) for line in out.stdout.split())
    package = (site / "game").resolve()
    assert default_map.is_file() and default_map.is_relative_to(package)
    assert (assets / "weapons.toml").is_file() and assets.is_relative_to(package)
    assert (rules / "index.md").is_file() and rules.is_relative_to(package)


def test_shipped_maps_by_name_from_another_folder(installed, tmp_path):
    site, _ = installed
    checked = run_installed(site, tmp_path, "validate", "duel", "skirmish.tmx", "battle")
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.count(": ok (") == 3
    assert str((site / "game" / "maps" / "duel.tmx").resolve()) in checked.stdout

    shot = run_installed(site, tmp_path, "screenshot", "duel", "duel.png", "--size", "800x600")
    assert shot.returncode == 0, shot.stderr
    assert pygame.image.load(str(tmp_path / "duel.png")).get_size() == (800, 600)

    described = run_installed(site, tmp_path, "inspect", "duel")
    assert described.returncode == 0 and "Aldric" in described.stdout


def test_a_checkouts_map_reads_its_tileset_in_an_installed_game(installed, tmp_path):
    """A map folder laid out like the repository (maps/ beside assets/) works from anywhere."""
    site, _ = installed
    shutil.copytree(REPO / "maps", tmp_path / "project" / "maps")
    shutil.copytree(REPO / "assets" / "tilesets", tmp_path / "project" / "assets" / "tilesets")
    checked = run_installed(site, tmp_path, "validate", "project/maps/duel.tmx")
    assert checked.returncode == 0, checked.stderr


def test_an_unknown_map_name_is_one_line_and_exit_2(installed, tmp_path):
    site, _ = installed
    result = run_installed(site, tmp_path, "validate", "no_such_map")
    assert result.returncode == 2
    assert len(result.stderr.splitlines()) == 1
    assert "'no_such_map'" in result.stderr and "duel" in result.stderr


def test_an_installed_games_new_map_and_tiled_project_never_point_into_the_installation(
        installed, tmp_path):
    """new-map into the player's maps folder: the map, the templates and the project refer
    only to the player's data folder; the project's Validate command runs this interpreter
    from the installed game's folder, so it works without PYTHONPATH from any folder."""
    import json
    import re
    site, _ = installed
    home, maps = tmp_path / "home", tmp_path / "home" / "maps"
    maps.mkdir(parents=True)
    made = run_installed(site, tmp_path, "new-map", str(maps / "field.tmx"))
    assert made.returncode == 0, made.stderr
    for path in [maps / "field.tmx", *maps.glob("templates/*/*.tx")]:
        for source in re.findall(r'source="([^"]+)"', path.read_text()):
            used = (path.parent / source).resolve()
            assert used.is_file() and used.is_relative_to(home.resolve()), (path, source)
    project = json.loads((maps / "hexskirmish.tiled-project").read_text())
    validate = next(c for c in project["commands"] if c["name"] == "Validate this map")
    assert validate["command"] == sys.executable
    assert Path(validate["workingDirectory"]).resolve() == site.resolve()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["HEXSKIRMISH_HOME"] = str(home)
    checked = subprocess.run([validate["command"], "-m", "game", "validate",
                              str(maps / "field.tmx")], cwd=validate["workingDirectory"],
                             env=env, capture_output=True, text=True, timeout=300)
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.startswith(f"{maps / 'field.tmx'}: ok (20 x 14, 2 units)")
