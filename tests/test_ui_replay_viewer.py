"""The replay viewer (game.ui.replay_viewer): `python -m game replay SAVE --watch` and the
result screen's Watch the replay. The real App on the dummy video driver, real maps (.tmx)
and real saves; every position the viewer shows is compared with the engine's own replay.
"""
from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pygame_gui  # noqa: E402
import pytest  # noqa: E402

from game import paths  # noqa: E402
from game.cli import main as cli_main  # noqa: E402
from game.engine import commands as C  # noqa: E402
from game.engine import events as E  # noqa: E402
from game.engine.battle import Battle  # noqa: E402
from game.engine.replay import load_replay, save_battle  # noqa: E402
from game.tiled.loader import load_map  # noqa: E402
from game.ui import autoplay  # noqa: E402
from game.ui.keys import REPLAY_HELP  # noqa: E402
from game.ui.replay_viewer import KEY_LINE, ReplayScreen  # noqa: E402
from game.ui.undo import replayed  # noqa: E402
from test_saves_scripted import SCENARIO  # noqa: E402
from test_ui_app import key  # noqa: E402
from test_ui_screens import finishing_battle, fight_to_the_end  # noqa: E402
from tests.helpers import shared_app  # noqa: E402


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A save of 90 commands of the computer against itself on the shipped duel map."""
    battle = Battle(load_map(paths.shipped_map("duel")), seed=7,
                    controllers={"blue": "ai", "red": "ai"})
    for _ in range(90):
        name = battle.decider()[1]
        if battle.awaiting() == "over" or name is None:
            break
        if not battle.apply(autoplay.command_for(battle, name)).ok:
            assert battle.apply(autoplay.fallback(battle, name)).ok
    path = tmp_path_factory.mktemp("saves") / "duel.json"
    save_battle(battle, path)
    battle.close()
    return path


def watching(save, animations=False):
    a = shared_app(None, (1280, 800), animations=animations)
    a.watch_replay(load_replay(save), back="quit")
    a.update(0.0)
    return a


def hash_after(save, n: int) -> str:
    source = load_replay(save)
    return replayed(source, source.log[:n]).state_hash()


def press(a, button) -> None:
    a.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button,
                                      ui_object_id=button.most_specific_combined_id))
    a.update(0.0)


def test_step_forward_and_back_show_the_engines_own_positions(played):
    a = watching(played)
    r = a.replay
    assert a.mode == "replay" and isinstance(r, ReplayScreen) and r.position == 0
    assert r.screen.battle.log == [] and r.screen.battle.state_hash() == hash_after(played, 0)
    for n in range(1, 6):
        key(a, pygame.K_RIGHT)
        assert r.position == n and r.screen.battle.state_hash() == hash_after(played, n)
    events = len(r.screen.battle.events)
    key(a, pygame.K_LEFT)
    key(a, pygame.K_LEFT)
    assert r.position == 3 and r.screen.battle.state_hash() == hash_after(played, 3)
    assert len(r.screen.battle.events) < events
    assert r.screen.hud.log and len(r.screen.hud.log) >= 3      # the log shows what happened
    assert a.draw() and a.drawn == "replay"


def test_the_next_move_is_previewed_along_the_path_it_took(played):
    a = watching(played)
    r = a.replay
    n = next(i for i, c in enumerate(r.commands) if isinstance(c, C.Move))
    r.go_to(n)
    a.update(0.0)
    move = r.commands[n]
    m = r.screen.model
    assert m.selected == move.unit and m.preview is not None
    assert m.preview.cells == [tuple(c) for c in move.path]
    assert m.hover_cell == tuple(move.path[-1]) and move.unit in m.message
    before = r.screen.battle.cell(r.screen.battle.unit(move.unit).anchor)
    key(a, pygame.K_PERIOD)
    after = r.screen.battle.cell(r.screen.battle.unit(move.unit).anchor)
    assert after == tuple(move.path[-1]) != before


def test_the_next_attack_is_previewed_with_its_hit_chance_and_cover():
    a = watching(SCENARIO)
    r = a.replay
    m = r.screen.model
    attack = r.commands[0]
    assert isinstance(attack, C.Attack) and m.selected == attack.unit
    assert m.attack is not None and m.attack.possible and m.hover_unit == attack.target
    assert m.attack.weapon.id == attack.weapon
    assert 0 < m.attack.hit_chance < 1 and m.attack.cover is not None
    a.update(0.6)
    assert r.screen.hud.tip is None        # the mouse is not the player's pointer: no tip
    key(a, pygame.K_RIGHT)
    rolled = [e for e in r.screen.battle.events if isinstance(e, E.AttackRolled)]
    assert len(rolled) == 1 and rolled[0].natural == 20     # the save's fixed die
    shown = [e for e in r.screen.hud.log if rolled[0] in e.events]
    assert shown and "Veteran" in shown[0].text and "natural 20" in shown[0].detail


def test_play_pause_and_jump_to_a_round(played):
    a = watching(played)
    r = a.replay
    key(a, pygame.K_SPACE)
    assert r.playing and "playing" in r.status_label.text
    for _ in range(3):
        a.update(1.0)
    assert r.position == 3
    key(a, pygame.K_SPACE)
    assert not r.playing
    a.update(5.0)
    assert r.position == 3
    key(a, pygame.K_PAGEDOWN)
    target = r.rounds[3] + 1
    assert r.screen.battle.round == target == r.rounds[r.position]
    assert r.rounds[r.position - 1] == target - 1               # the first command of it
    r.jump_to_round(1)
    assert r.position == 0
    key(a, pygame.K_END)
    assert r.position == len(r.commands) and r.screen.battle.state_hash() == \
        load_replay(played).state_hash()
    assert not r.buttons["forward"].is_enabled and r.buttons["back"].is_enabled
    key(a, pygame.K_SPACE)
    assert not r.playing                                        # nothing left to play
    key(a, pygame.K_HOME)
    assert r.position == 0 and not r.buttons["first"].is_enabled


def test_the_bar_buttons_and_keys_are_shown():
    a = watching(SCENARIO)
    r = a.replay
    assert KEY_LINE in r.status_label.text and "command 0 of 4" in r.status_label.text
    press(a, r.buttons["forward"])
    assert r.position == 1 and "command 1 of 4" in r.status_label.text
    press(a, r.buttons["back"])
    assert r.position == 0
    key(a, pygame.K_F1)
    assert a.mode == "help"
    assert all(k in a.view.text.html_text for k, _ in REPLAY_HELP)
    key(a, pygame.K_ESCAPE)
    assert a.mode == "replay"
    press(a, r.buttons["close"])
    assert not a.running


def test_watching_sends_nothing_and_saves_nothing(played, tmp_path, monkeypatch):
    monkeypatch.setenv("HEXSKIRMISH_HOME", str(tmp_path / "home"))
    a = watching(played)
    r = a.replay
    before = r.screen.battle.state_hash()
    for k in (pygame.K_1, pygame.K_e, pygame.K_z, pygame.K_y, pygame.K_F5):
        key(a, k)
    centre = tuple(round(v) for v in r.screen.camera.to_screen(*r.screen.board.centre(
        r.screen.battle.cell(r.screen.battle.unit(r.screen.battle.active).anchor))))
    a.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1, mod=0))
    a.update(3.0)
    assert r.screen.battle.state_hash() == before and r.position == 0
    assert not (tmp_path / "home" / "saves").exists()


def test_the_result_screen_opens_the_viewer_on_the_battle_just_finished():
    b = finishing_battle()
    a = shared_app(b, (1280, 800), animations=False)
    fight_to_the_end(a)
    a.update(1.0)
    assert a.mode == "result"
    press(a, a.view.watch_button)
    r = a.replay
    assert a.mode == "replay" and r.commands == list(b.log) and r.position == 0
    key(a, pygame.K_END)
    assert r.screen.battle.winner == "blue" and r.screen.battle.state_hash() == b.state_hash()
    assert a.draw() and a.drawn == "replay"
    key(a, pygame.K_ESCAPE)
    assert a.mode == "result" and a.running
    key(a, pygame.K_w)                                          # W: the same from the keys
    assert a.mode == "replay"


def test_replay_watch_from_the_command_line(played, monkeypatch):
    shown = []
    real_get = pygame.event.get

    def events(*a, **k):
        shown.append(1)
        return [pygame.event.Event(pygame.KEYDOWN, key=k_, mod=0, unicode="", scancode=0)
                for k_ in ((pygame.K_RIGHT,) if len(shown) < 3 else (pygame.K_ESCAPE,))]
    monkeypatch.setattr(pygame.event, "get", events)
    monkeypatch.setattr(pygame, "quit", lambda: None)       # later tests keep their display
    try:
        assert cli_main(["replay", str(played), "--watch"]) == 0
    finally:
        monkeypatch.setattr(pygame.event, "get", real_get)
    assert len(shown) == 3


@pytest.mark.parametrize("content, words", [
    (None, "No such file"), ("{not json", "not a JSON save file"),
    ('{"version": 1, "map": "duel", "seed": 1, "commands": [{"type": "Fly"}], '
     '"state_hash": ""}', "command 0"),
])
def test_a_bad_save_is_one_line_and_exit_2(tmp_path, capsys, content, words):
    save = tmp_path / "bad.json"
    if content is not None:
        save.write_text(content)
    assert cli_main(["replay", str(save), "--watch"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "bad.json" in err and words in err
    assert "Traceback" not in err


def test_the_plain_replay_output_is_unchanged(played, capsys):
    assert cli_main(["replay", str(played)]) == 0
    out = capsys.readouterr().out
    assert "commands replayed on duel.tmx" in out and len(out.splitlines()) == 1
    assert cli_main(["replay", str(played), "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert all("command" in json.loads(line) for line in lines)


def test_a_save_that_stops_mid_battle_says_where_it_stops_and_the_title_names_the_map(played):
    a = watching(played)
    source = a.replay.source
    assert not source.winner                                 # 90 commands: mid-battle
    title = pygame.display.get_caption()[0]
    assert "new battle" not in title and "replay" in title
    assert (source.hexmap.title or "duel") in title
    a.replay.go_to(len(a.replay.commands))
    message = a.replay.screen.model.message
    assert "end of the battle" not in message.lower()
    assert f"the save ends here, round {source.round}" in message.lower()
