"""The setup screen lists the shipped maps, the player's own maps folder (game.paths) and
`play --maps DIR`; a broken map is listed with its first problem instead of disappearing."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest  # noqa: E402

from game import paths  # noqa: E402
from game.tiled.newmap import write_new_map  # noqa: E402
from game.ui import setup_model as S  # noqa: E402
from game.ui.app import play_app  # noqa: E402
from game.errors import InputError  # noqa: E402
from tests.helpers import shared_app, tiled_export  # noqa: E402


def test_own_maps_and_maps_dir_are_listed_and_a_broken_map_shows_its_first_error(player_home, tmp_path):
    write_new_map(player_home / "maps" / "my_field.tmx", "10x8", "flat")
    extra = tmp_path / "extra"
    extra.mkdir()
    write_new_map(extra / "pass.tmx", "8x8", "pointy")
    (extra / "broken.tmx").write_text((extra / "pass.tmx").read_text().replace(
        'value="fighter"/>', 'value="fightr"/>', 1))
    maps = S.list_maps(S.map_folders(extra))
    titles = [m.title for m in maps]
    shipped = {m.title for m in S.list_maps(paths.shipped_maps_dir())}
    assert shipped <= set(titles) and {"My field", "Pass"} <= set(titles)
    assert titles[-1] == "broken (broken)"
    broken = maps[-1]
    assert broken.error.startswith(f"{extra / 'broken.tmx'}:")
    assert "unknown unit 'fightr'" in broken.error and "did you mean 'fighter'" in broken.error


def test_the_setup_screen_shows_a_broken_map_and_refuses_to_start_it(player_home):
    (player_home / "maps" / "broken.tmx").write_text("<map>")
    app = shared_app(None, (1280, 800), animations=False)
    titles = [i["text"].split(" · ")[0] for i in app.view.map_list.item_list]
    assert "broken (broken)" in titles
    app.view.select_map("broken (broken)")
    assert app.view.start() is None
    assert "cannot be played" in app.view.message and "broken.tmx" in app.view.message
    app.update(0.05)
    assert app.draw() and app.drawn == "setup"


def test_maps_dir_that_does_not_exist_is_one_clear_error(tmp_path):
    with pytest.raises(InputError, match="--maps: no such folder"):
        play_app(maps_dir=tmp_path / "nope", window=False)


def test_json_maps_are_listed_too(player_home):
    tmx = write_new_map(player_home / "maps" / "river_field.tmx", "8x8", "pointy")
    tiled_export(tmx, player_home / "maps" / "json_field.tmj")
    tmx.unlink()
    listed = {m.path.name: m for m in S.list_maps(player_home / "maps")}
    assert listed["json_field.tmj"].error == "" and listed["json_field.tmj"].teams == \
        ("blue", "red")
