"""Fog of war as a battle option (docs/rules/22-hiding-and-fog.md "Fog of war", docs/mapping.md
map property `fog`): the map's default, the command line's --fog / --no-fog, the setup
screen's toggle, and saves that keep it.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from game.engine.battle import Battle  # noqa: E402
from game.engine.replay import load_replay, save_battle  # noqa: E402
from game.errors import InputError  # noqa: E402

from helpers import loaded_map, run_game_in_process  # noqa: E402
from test_ui_screens import click  # noqa: E402
from tests.helpers import shared_app  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
MAPS = REPO / "maps"


def test_fog_is_on_for_the_keep_and_the_mill_and_off_for_the_duel():
    assert loaded_map(MAPS / "keep.tmx").fog and loaded_map(MAPS / "skirmish.tmx").fog
    assert not loaded_map(MAPS / "duel.tmx").fog
    assert Battle(loaded_map(MAPS / "keep.tmx")).fog
    assert not Battle(loaded_map(MAPS / "keep.tmx"), fog=False).fog
    assert Battle(loaded_map(MAPS / "duel.tmx"), fog=True).fog


def test_a_save_keeps_the_fog_and_an_old_save_has_none(tmp_path):
    b = Battle(loaded_map(MAPS / "duel.tmx"), seed=4, fog=True)
    path = tmp_path / "fogged.json"
    save_battle(b, path)
    assert json.loads(path.read_text())["fog"] is True
    again = load_replay(path)
    assert again.fog and again.state_hash() == b.state_hash()
    data = json.loads(path.read_text())
    del data["fog"]
    data["state_hash"] = Battle(loaded_map(MAPS / "duel.tmx"), seed=4).state_hash()
    path.write_text(json.dumps(data))
    assert not load_replay(path).fog
    data["fog"] = "yes"
    path.write_text(json.dumps(data))
    with pytest.raises(InputError, match="fog must be true or false"):
        load_replay(path)


def test_simulate_takes_fog_from_the_command_line(capsys):
    out = run_game_in_process(capsys, "simulate", "duel", "--sides", "baseline,baseline",
                              "--games", "1", "--json", "--fog")
    assert out.returncode == 0 and json.loads(out.stdout)["fog"] is True
    out = run_game_in_process(capsys, "simulate", "duel", "--sides", "baseline,baseline",
                              "--games", "1", "--json")
    assert json.loads(out.stdout)["fog"] is False


def test_the_setup_screen_toggles_fog_and_the_battle_gets_it():
    a = shared_app(None, (1280, 800), animations=False)
    try:
        v = a.view
        v.select_map("duel")
        assert v.fog is False and v.fog_button.text == "Fog of war: off"
        click(a, v.fog_button)
        assert v.fog is True and v.current().fog is True
        assert v.fog_button.text == "Fog of war: on"
        assert "--fog" in v.current().command_line(7)
        click(a, v.start_button)
        assert a.mode == "battle" and a.battle.fog
    finally:
        a._end_battle()
