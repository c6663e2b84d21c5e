"""Creature art (game/ui/sprites.py): a picture per unit kind on its team's token, with a facing
mark, and a large creature's picture filling its footprint; the board and the setup screen's
map picture draw it. Real pictures from assets/art/units, real pygame surfaces, a real battle.
"""
from __future__ import annotations

import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import paths  # noqa: E402
from game.engine.battle import Battle  # noqa: E402
from game.tiled.loader import load_map  # noqa: E402
from game.ui import sprites as sp  # noqa: E402
from game.ui.board import ONE_HEX, Board, plain_map_surface  # noqa: E402

UNIT_KINDS = sorted(p.stem for p in (paths.assets_dir() / "units").glob("*.toml"))
BLUE, RED = (0, 114, 178), (213, 94, 0)
RIGHT = (1.0, 0.0)


def opaque(surf: pygame.Surface, colour=None, tolerance: int = 40) -> list[tuple[int, int]]:
    """Pixels that are (nearly) opaque, and near `colour` when one is given."""
    found = []
    for y in range(surf.get_height()):
        for x in range(surf.get_width()):
            c = surf.get_at((x, y))
            if c.a > 200 and (colour is None or
                              max(abs(c[i] - colour[i]) for i in range(3)) <= tolerance):
                found.append((x, y))
    return found


def test_every_unit_kind_has_a_picture():
    assert UNIT_KINDS
    assert [k for k in UNIT_KINDS if sp.art_path(k) is None] == []


@pytest.mark.parametrize("kind", UNIT_KINDS)
def test_a_picture_is_drawn_in_the_colour_asked_for(kind):
    picture = sp.art(kind, 64, (200, 40, 10))
    assert picture.get_size() == (64, 64)
    inked = opaque(picture)
    assert 0.08 * 64 * 64 < len(inked) < 0.8 * 64 * 64        # a shape, not a blank or a block
    assert all(picture.get_at(p)[:3] == (200, 40, 10) for p in inked)


def test_pictures_of_different_kinds_differ():
    silhouettes = {k: frozenset(opaque(sp.art(k, 48, (255, 255, 255)))) for k in UNIT_KINDS}
    assert len(set(silhouettes.values())) == len(UNIT_KINDS)


def test_no_picture_for_an_unknown_or_unsafe_name():
    assert sp.art_path("no_such_creature") is None
    assert sp.art_path("../units/orc") is None
    assert sp.art("", 32, (255, 255, 255)) is None


def test_the_token_shows_the_picture_instead_of_the_letter():
    with_art = sp.token("O", BLUE, "circle", 30, RIGHT, art_key="ogre")
    letter = sp.token("O", BLUE, "circle", 30, RIGHT)
    other = sp.token("O", BLUE, "circle", 30, RIGHT, art_key="wolf")
    ink = sp.ink_for(BLUE)
    assert len(opaque(with_art, ink)) > 2 * len(opaque(letter, ink))   # a figure, not a glyph
    assert opaque(with_art, ink) != opaque(other, ink)


def test_the_token_keeps_its_team_colour():
    for colour in (BLUE, RED):
        token = sp.token("O", colour, "square", 30, RIGHT, art_key="orc")
        assert len(opaque(token, colour, 12)) > 0.25 * len(opaque(token))


@pytest.mark.parametrize("facing", [(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)])
def test_the_facing_mark_points_where_the_creature_faces(facing):
    token = sp.token("O", BLUE, "circle", 30, facing, art_key="orc")
    centre = token.get_width() / 2
    mark = [p for p in opaque(token, sp.PAPER, 30)
            if math.hypot(p[0] - centre, p[1] - centre) > 30 * 0.95]
    assert mark
    mx = sum(x for x, _ in mark) / len(mark) - centre
    my = sum(y for _, y in mark) / len(mark) - centre
    assert mx * facing[0] + my * facing[1] > 25


def test_no_facing_mark_on_a_dead_creature_but_its_picture_stays():
    dead = sp.token("O", BLUE, "circle", 30, RIGHT, state="dead", art_key="ogre")
    unmarked = sp.token("O", BLUE, "circle", 30, RIGHT, state="dead")
    assert opaque(dead) != opaque(unmarked)
    centre = dead.get_width() / 2
    assert not [p for p in opaque(dead, sp.PAPER, 30)
                if math.hypot(p[0] - centre, p[1] - centre) > 30]


def _board_and_units(map_name: str):
    hexmap = load_map(paths.shipped_map(map_name))
    battle = Battle(hexmap, seed=1)
    board = Board(battle, plain_map_surface(hexmap))
    return board, {u.name: u for u in battle.view().units}




def test_a_large_creatures_picture_fills_its_footprint():
    board, units = _board_and_units("skirmish")
    ogre, orc = units["Ogre"], units["Vrask"]      # a medium hobgoblin captain
    assert len(ogre.hexes) == 3 and len(orc.hexes) == 1
    big, _ = board.sprite(ogre, 1.0)
    small, _ = board.sprite(orc, 1.0)
    paper = sp.ink_for(sp.team_style(ogre.team, board.teams)[0])
    assert len(opaque(big, paper, 20)) > 2 * len(opaque(small, paper, 20))


def test_the_board_draws_each_creatures_picture():
    board, units = _board_and_units("skirmish")
    for name in ("Vrask", "Goblin Archer", "Sokaris"):
        u = units[name]
        colour, shape = sp.team_style(u.team, board.teams)
        base = min(board.layout.tw, board.layout.th)
        args = (u.unit.glyph, colour, shape, base * ONE_HEX[u.size], board.facing_vector(u))
        drawn, _ = board.sprite(u, 1.0)
        expected = sp.token(*args, art_key=u.unit_key)
        assert pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(expected, "RGBA")
        assert drawn.get_size() == sp.token(*args).get_size()
        assert pygame.image.tobytes(drawn, "RGBA") != \
            pygame.image.tobytes(sp.token(*args), "RGBA")


def test_the_setup_screens_map_picture_shows_the_creatures():
    from game.ui.map_renderer import build_map_surface, load_map_info
    from game.ui.screens import map_picture
    path = paths.shipped_map("duel")
    bare = build_map_surface(load_map_info(path))
    picture = map_picture(path)
    hexmap = load_map(path)
    ox, oy = load_map_info(path).origin
    for p in hexmap.units:
        x, y = hexmap.layout.tile_center(p.col, p.row)
        cx, cy = round(x + ox), round(y + oy)
        window = pygame.Rect(cx - 8, cy - 8, 16, 16)
        changed = sum(picture.get_at(q) != bare.get_at(q)
                      for q in ((i, j) for i in range(window.left, window.right)
                                for j in range(window.top, window.bottom)))
        assert changed > 0.8 * 16 * 16, p.name
