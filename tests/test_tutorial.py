"""The tutorial (docs/mapping.md "Tutorial lessons"): each shipped lesson is played through the
window's own input path (the App with the dummy video driver, clicks and keys as a player gives
them), its instruction box moves on only when the battle's events show the step's action, the
lessons are offered on the very first start and reachable from the setup screen, and every
lesson map passes `validate`."""
from __future__ import annotations

import json
import os
import shutil

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import paths  # noqa: E402
from game.tiled.lessons import list_lessons, tutorial_dir  # noqa: E402
from game.tiled.loader import load_map  # noqa: E402
from game.tiled.validate import lesson_check, run_validate  # noqa: E402
from game.ui import settings as prefs  # noqa: E402
from game.ui.app import App, play_app  # noqa: E402
from test_ui_app import click, key, move_to  # noqa: E402
from test_ui_menu_undo import press  # noqa: E402
from tests.helpers import shared_app  # noqa: E402


def lesson_app(index: int) -> App:
    """The window on the lessons list, lesson `index` started with its button."""
    a = shared_app(None, (1280, 800), animations=False)
    press(a, a.view.tutorial_button)
    assert a.mode == "tutorial"
    press(a, a.view.lesson_buttons[index])
    assert a.mode == "battle" and a.battle_screen.lesson is not None
    return a


def step(a) -> int:
    return a.battle_screen.lesson.progress.at


def cell_of(a, name: str):
    b = a.battle
    return b.cell(b.unit(name).anchor)


def wait_for_player(a, player: str, rounds: int = 60) -> None:
    """Let the computer play until a question, a choice or a turn is the player's."""
    b = a.battle
    for _ in range(rounds):
        if b.winner or (b.pending is not None and b.pending.reactor == player) or \
                (b.awaiting() == "choice" and a.model.choice_candidates) or \
                (b.awaiting() == "turn" and b.active == player):
            return
        a.update(0.3)


def test_there_are_three_to_five_lessons_and_every_lesson_map_passes_validate(capsys):
    lessons = list_lessons()
    assert 3 <= len(lessons) <= 5
    maps = [str(lesson.map_path) for lesson in lessons]
    assert run_validate(maps) == 0
    out = capsys.readouterr().out
    assert out.count(": ok (") == len(lessons)


def test_lesson_1_move_the_hit_preview_and_an_attack():
    a = lesson_app(0)
    text = a.battle_screen.lesson.text()
    assert "Lesson 1 of 4" in text and "Step 1 of 3" in text and "Ford" in text
    key(a, pygame.K_RETURN)                 # the opening story box, when there is one
    click(a, (5, 3))                        # not in the Ford: the step waits
    assert step(a) == 0 and cell_of(a, "Aldric") == (5, 3)
    click(a, (6, 3))
    assert step(a) == 1 and "Step 2 of 3" in a.battle_screen.lesson.text()
    move_to(a, (7, 3))                      # the hit preview beside the pointer
    assert a.model.attack is not None and a.model.attack.possible
    assert 0 < a.model.attack.hit_chance < 1
    click(a, (7, 3))
    assert step(a) == 2
    roll = [e for e in a.battle.events if type(e).__name__ == "AttackRolled"][-1]
    assert roll.natural == 18 and roll.hit           # the lesson's fixed die
    key(a, pygame.K_e)
    assert a.battle_screen.lesson.progress.done
    assert "Lesson complete" in a.battle_screen.lesson.text()


def test_lesson_2_the_safe_path_then_an_attack_of_opportunity():
    a = lesson_app(1)
    move_to(a, (7, 4))
    assert a.model.preview is not None and a.model.preview.provokes == []
    click(a, (7, 4), mod=pygame.KMOD_SHIFT)
    assert step(a) == 1 and cell_of(a, "Osric") == (7, 4)
    move_to(a, (3, 1))
    assert [who for _, who, _ in a.model.preview.provokes] == [["Grask"]]
    click(a, (3, 1))
    assert step(a) == 1 and a.model.pending is not None    # a provoking move asks first
    key(a, pygame.K_RETURN)
    assert a.battle_screen.lesson.progress.done
    aoo = [e for e in a.battle.events if type(e).__name__ == "AttackRolled"][-1]
    assert (aoo.attacker, aoo.kind, aoo.natural) == ("Grask", "aoo", 3)


def test_lesson_3_an_interrupt_turn_then_an_active_parry():
    a = lesson_app(2)
    b, asked, covered = a.battle, [], []
    for _ in range(30):
        wait_for_player(a, "Osric")
        if a.battle_screen.lesson.progress.done or b.winner:
            break
        if b.pending is not None:
            asked.append((b.pending.kind, step(a)))
            a.draw(force=True)
            prompt = a.hud.panels["prompt"].rect
            covered += [b.pending.kind] * prompt.colliderect(a.battle_screen.lesson.box.rect)
            key(a, {"aoo": pygame.K_n, "defense": pygame.K_p,
                    "interrupt": pygame.K_y}[b.pending.kind])
        elif b.awaiting() == "choice":
            click(a, cell_of(a, "Grask"))
        else:
            click(a, cell_of(a, "Grask"))
            key(a, pygame.K_e)
    assert a.battle_screen.lesson.progress.done
    assert ("interrupt", 0) in asked and ("defense", 2) in asked
    assert not covered, "a reaction's question covered the lesson's instructions"
    assert any(type(e).__name__ == "AttackRolled" and e.defense == "parry" for e in b.events)


def test_lesson_4_flanking_cover_and_an_ability():
    a = lesson_app(3)
    assert a.battle.active == "Tamsin"
    click(a, (5, 3))
    assert step(a) == 1
    move_to(a, (4, 3))
    assert a.model.attack.situation.flanked          # the preview knows the flank
    click(a, (4, 3))
    assert step(a) == 2
    key(a, pygame.K_e)
    assert a.battle.active == "Wren"
    click(a, (5, 1))
    assert step(a) == 3
    key(a, pygame.K_m)
    assert a.model.mode == "ability"
    click(a, (5, 1))
    assert a.battle_screen.lesson.progress.done


def test_the_steps_wait_for_their_own_creatures_action():
    """An action of another creature, or of the right one elsewhere, does not move the box."""
    a = lesson_app(3)
    key(a, pygame.K_e)                        # Tamsin ends her turn without moving
    assert step(a) == 0
    click(a, (5, 1))                          # Wren moves behind the wall
    assert step(a) == 0 and "Step 1 of 4" in a.battle_screen.lesson.text()


def test_f7_after_a_lesson_starts_the_next_one_and_the_last_leads_back_to_the_list():
    a = lesson_app(1)
    click(a, (7, 4), mod=pygame.KMOD_SHIFT)
    key(a, pygame.K_F7)                       # not done yet: F7 does nothing
    assert "Attacks of opportunity" in a.battle_screen.lesson.text()
    click(a, (3, 1))
    key(a, pygame.K_RETURN)
    key(a, pygame.K_F7)
    assert a.mode == "battle" and "Lesson 3 of 4" in a.battle_screen.lesson.text()
    a.lesson_index = len(a.lessons) - 1
    a.battle_screen.lesson.progress.at = len(a.battle_screen.lesson.progress.lesson.steps)
    key(a, pygame.K_F7)
    assert a.mode == "tutorial" and any("every lesson" in t for t in a.view.texts())


def test_the_very_first_start_offers_the_tutorial_once(player_home):
    assert not prefs.settings_path().exists()
    a = play_app(window=False, settings=prefs.load())
    assert a.mode == "tutorial" and any("Welcome" in t for t in a.view.texts())
    assert json.loads(prefs.settings_path().read_text())["tutorial_offered"] is True
    press(a, a.view.back_button)              # "Not now"
    assert a.mode == "setup"
    again = play_app(window=False, settings=prefs.load())
    assert again.mode == "setup"


def test_a_lesson_naming_a_creature_the_map_lacks_is_one_line_from_validate(tmp_path, capsys):
    maps = tmp_path / "maps"
    shutil.copytree(paths.shipped_maps_dir() / "templates", maps / "templates")
    shutil.copytree(tutorial_dir(), maps / "tutorial")
    shutil.copy(paths.shipped_maps_dir() / "hexskirmish.tiled-project", maps)
    (tmp_path / "assets").symlink_to(paths.assets_dir())
    lesson = maps / "tutorial" / "01-move-and-attack.lesson.toml"
    lesson.write_text(lesson.read_text().replace('unit = "Aldric"', 'unit = "Aldrik"', 1))
    assert run_validate([str(maps / "tutorial" / "01-move-and-attack.tmx")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert "01-move-and-attack.lesson.toml:step 1: no creature 'Aldrik'" in err[0]
    assert "Aldric" in err[0]


@pytest.mark.parametrize("text, words", [
    ('title = "x"\nplayer = "blue"\n[[step]]\ntext = "t"\nwhen = "jumped"\nunit = "A"\n',
     "unknown `when` 'jumped'"),
    ('title = "x"\nplayer = "blue"\n', "a lesson needs 1 to 20 steps"),
    ('title = "x"\nplayer = "blue"\ndice = [["d20", 21]]\n[[step]]\ntext = "t"\n'
     'when = "moved"\nunit = "A"\n', "dice must be a list of [die, face] pairs"),
])
def test_a_broken_lesson_file_is_refused_in_one_line(tmp_path, capsys, text, words):
    shutil.copy(tutorial_dir() / "01-move-and-attack.tmx", tmp_path / "l.tmx")
    (tmp_path / "l.lesson.toml").write_text(text)
    lines = lesson_check(tmp_path / "l.tmx", load_map(tutorial_dir() / "01-move-and-attack.tmx"))
    assert len(lines) == 1 and words in lines[0] and "l.lesson.toml" in lines[0]
