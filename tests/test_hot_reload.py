"""Hot reload (docs/mapping.md "Hot reload"): a map saved again while a battle runs on it.

A real window (dummy video driver), a real battle on a map written by `new-map`, and the map
file replaced the way Tiled saves (a new file renamed over the old one)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine.battle import Battle  # noqa: E402
from game.tiled.loader import load_map  # noqa: E402
from game.tiled.newmap import write_new_map  # noqa: E402
from tests.helpers import shared_app  # noqa: E402

STONE_WALL = 7  # gid of "stone wall" in the shipped terrain tileset
WALL_AT = (5, 3)


def save_as_tiled_does(path, text: str) -> None:
    tmp = path.with_suffix(".saving")
    tmp.write_text(text)
    os.replace(tmp, path)


def with_tile(text: str, col: int, row: int, gid: int, width: int = 12) -> str:
    head, rest = text.split('<data encoding="csv">\n', 1)
    data, tail = rest.split("</data>", 1)
    rows = [r.rstrip(",").split(",") for r in data.strip().splitlines()]
    rows[row][col] = str(gid)
    body = ",\n".join(",".join(r) for r in rows)
    return f'{head}<data encoding="csv">\n{body}\n</data>{tail}'


@pytest.fixture
def running(tmp_path):
    path = write_new_map(tmp_path / "field.tmx", "12x10", "pointy")
    battle = Battle(load_map(path), seed=3, controllers={"blue": "human", "red": "human"})
    app = shared_app(battle, (1000, 700), animations=False)
    app.map_watch.interval = 0
    app.update(0.0)
    app.draw(force=True)
    yield app, path, path.read_text()
    app.controller.listeners.clear()
    battle.close()


def pixel_at(app, cell):
    x, y = app.board.centre(cell)
    return tuple(app.board.base.get_at((round(x), round(y))))


def test_a_wall_saved_in_tiled_appears_in_the_running_battle(running):
    app, path, text = running
    hexmap = app.battle.hexmap
    wall = hexmap.hex_at(*WALL_AT)
    before = pixel_at(app, WALL_AT)
    assert not app.battle.hexmap.terrain_at(wall).impassable
    positions = {u.name: u.anchor for u in app.battle.view().units}
    save_as_tiled_does(path, with_tile(text, *WALL_AT, STONE_WALL))
    app.update(0.0)
    assert app.battle.view().hexmap.terrain_at(wall).impassable
    assert app.battle.hexmap is not hexmap and app.battle.hexmap.units == hexmap.units
    assert {u.name: u.anchor for u in app.battle.view().units} == positions
    assert pixel_at(app, WALL_AT) != before
    assert "reloaded" in app.model.message
    assert app.draw(force=True) and app.drawn == "board"


def test_a_new_wall_under_a_creature_is_refused(running):
    """The loader checks where units start; a creature that moved meets the new wall here."""
    from game.engine.commands import Step
    app, path, text = running
    actor = app.battle.active
    col, row = app.battle.hexmap.tile_of(app.battle.unit(actor).anchor)
    to = (col - 1, row)
    assert app.battle.apply(Step(actor, to)).ok
    save_as_tiled_does(path, with_tile(text, *to, STONE_WALL))
    app.update(0.0)
    assert not app.battle.hexmap.terrain_at(app.battle.hexmap.hex_at(*to)).impassable
    assert f"{actor} would stand in a new wall at {to[0]},{to[1]}" in app.model.message
    assert "refused" in app.model.message


def test_a_broken_save_shows_its_problems_and_the_battle_goes_on(running):
    app, path, text = running
    hexmap = app.battle.hexmap
    save_as_tiled_does(path, text.replace('name="team" propertytype="Team" value="red"',
                                          'name="tema" value="red"'))
    app.update(0.0)
    assert app.battle.hexmap is hexmap
    assert "goes on with the last good one" in app.model.message
    assert f"{path}:" in app.model.message and "no 'team' property" in app.model.message


def test_changed_units_offer_a_restart_on_the_new_map(running):
    app, path, text = running
    old = app.battle
    save_as_tiled_does(path, text.replace('value="fighter"/>', 'value="orc"/>', 1))
    app.update(0.0)
    assert app.battle is old and "F6" in app.model.message
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F6, mod=0, unicode="",
                                        scancode=0))
    assert app.battle is not old and app.mode == "battle"
    assert sorted(u.unit_key for u in app.battle.view().units) == ["fighter", "orc"]


def test_a_tileset_saved_again_reloads_the_terrain(tmp_path):
    """Terrain lives in tile properties: the road made impassable in the map's tileset."""
    import shutil

    from game import paths
    for name in ("hex-pointy.tsx", "hex-pointy.png"):
        shutil.copy(paths.assets_dir() / "tilesets" / name, tmp_path / name)
    path = write_new_map(tmp_path / "field.tmx", "12x10", "pointy")
    text = path.read_text()
    rel = text.split('<tileset firstgid="1" source="')[1].split('"')[0]
    path.write_text(with_tile(text.replace(rel, "hex-pointy.tsx"), *WALL_AT, 2))  # a road
    battle = Battle(load_map(path), seed=3, controllers={"blue": "human", "red": "human"})
    app = shared_app(battle, (1000, 700), animations=False)
    app.map_watch.interval = 0
    tsx = tmp_path / "hex-pointy.tsx"
    save_as_tiled_does(tsx, tsx.read_text().replace(
        '<property name="terrain" value="road"/>',
        '<property name="impassable" type="bool" value="true"/>\n'
        '   <property name="terrain" value="road"/>'))
    assert not app.battle.hexmap.terrain_at(app.battle.hexmap.hex_at(*WALL_AT)).impassable
    app.update(0.0)
    assert app.battle.hexmap.terrain_at(app.battle.hexmap.hex_at(*WALL_AT)).impassable
    app.controller.listeners.clear()
    battle.close()
