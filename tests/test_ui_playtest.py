"""The play-test's sixteen bugs, one headless UI test each (the real App, a real battle, the
dummy video driver; synthetic mouse and keyboard events through `App.handle_event`).

Each test drives the window the way the player did and asserts what the player should have
seen: the frame drawn, the hover cleared, the weapon chosen, the click taken, the words shown.
"""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import commands as C  # noqa: E402
from game.engine import events as E  # noqa: E402
from game.ui import setup_model as S  # noqa: E402
from game.ui.app import App, play_app  # noqa: E402
from game.ui.presenters import unit_card  # noqa: E402
from game.ui.screens import ARM_S, ResultScreen, SetupScreen  # noqa: E402
from test_ui_app import at, click, key, move_to  # noqa: E402
from test_ui_controller import battle_on, duel  # noqa: E402
from tests.helpers import shared_app  # noqa: E402

DUEL = os.path.join(os.path.dirname(os.path.dirname(__file__)), "maps", "duel.tmx")


def new_app(battle=None, size=(1280, 800), animations=False) -> App:
    return shared_app(battle or duel(), size, animations=animations)


def motion(app, pos) -> None:
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                        buttons=(0, 0, 0)))


# ---- 1: frames after key presses and animations --------------------------------------------

def test_1_the_frame_after_an_animation_and_the_speed_keys_is_drawn_without_the_mouse():
    a = new_app(animations=True)
    a.update(0.0)
    a.draw()
    key(a, pygame.K_4)                          # 5-Foot Step mode
    click(a, (2, 2))
    assert a.battle.cell(a.battle.unit("Wulfric").anchor) == (2, 2) and a.animator.busy
    drew = None
    for _ in range(200):
        a.update(0.02)
        if not a.animator.busy:
            drew = a.draw()   # the first frame without the animation: the creature at rest
            break
        assert a.draw()
    assert drew, "the frame after the last animation frame was not drawn"
    rest = a.screen.copy()
    a.draw(force=True)
    assert pygame.image.tobytes(rest, "RGB") == pygame.image.tobytes(a.screen, "RGB")
    key(a, pygame.K_RIGHTBRACKET)
    assert a.hud.message_label.text == "animation speed x1.5"
    key(a, pygame.K_LEFTBRACKET)
    assert a.hud.message_label.text == "animation speed x1"


# ---- 2: hover state after the mouse leaves the map -----------------------------------------

def test_2_hover_is_cleared_off_the_map_and_on_a_new_turn():
    a = new_app()
    m = a.model
    move_to(a, (3, 3))                          # the Orc: a hit chance
    assert m.attack is not None and a.hud.card_unit() == "Orc"
    motion(a, a.hud.rects["log"].center)        # over the combat log
    assert m.hover_cell is None and m.attack is None and m.preview is None
    assert a.hud.card_unit() == "Wulfric"
    move_to(a, (0, 3))
    assert m.preview is not None
    a.handle_event(pygame.event.Event(pygame.WINDOWLEAVE))
    assert m.hover_cell is None and m.preview is None
    move_to(a, (3, 3))                          # hovering the Orc, click Mayat's name
    button = a.hud.init_buttons["Mayat"]
    a.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center,
                                      rel=(1, 1), buttons=(0, 0, 0)))
    a.controller.select("Mayat")
    a.refresh_hud()
    assert m.selected == "Mayat" and a.hud.card_unit() == "Mayat"
    move_to(a, (3, 3))                          # the pointer rests on the Orc; end the turn
    key(a, pygame.K_e)
    a.controller.choose_next("Mayat")
    assert a.battle.active == "Mayat"
    assert m.hover_cell is None and m.attack is None and m.preview is None
    assert a.hud.card_unit() == "Mayat"


# ---- 3: no hit chance once the attack is spent ---------------------------------------------

def test_3_after_the_turns_attack_hovering_the_target_shows_no_hit_chance():
    a = new_app()
    click(a, (3, 3))
    assert any(isinstance(e, E.AttackRolled) for e in a.battle.events)
    assert not a.battle.unit("Orc").dead          # the seed leaves the target standing
    move_to(a, (1, 1))
    move_to(a, (3, 3))
    assert a.model.attack is None
    assert a.model.refusal                       # why not, in the engine's words
    before = len(a.battle.events)
    click(a, (3, 3))
    assert len(a.battle.events) == before


# ---- 4: the Charge preview ----------------------------------------------------------------

def charge_field():
    return battle_on([dict(name="Wulfric", unit="fighter", team="blue", col=1, row=3),
                      dict(name="Orc", unit="orc", team="red", col=7, row=3, facing=3)])


def test_4_the_charge_preview_shows_the_charge_and_its_hit_chance_not_out_of_reach():
    a = new_app(charge_field())
    key(a, pygame.K_3)
    move_to(a, (7, 3))
    m = a.model
    assert m.preview is not None and m.preview.kind == "charge"
    assert m.attack is not None and m.attack.possible
    assert m.attack.situation.charge and m.attack.distance == 1
    assert m.refusal == ""
    click(a, (7, 3))
    assert any(isinstance(e, E.AttackRolled) and e.kind == "charge" for e in a.battle.events)


# ---- 5 and 6: weapons ---------------------------------------------------------------------

def test_5_a_thrown_weapon_is_not_the_default_next_turn_in_melee():
    b = battle_on([dict(name="Wulfric", unit="fighter", team="blue", col=1, row=3),
                   dict(name="Orc", unit="orc", team="red", col=5, row=3, facing=3)])
    a = new_app(b)
    out = b.apply(C.Attack("Wulfric", target="Orc", weapon="javelin", confirm=True))
    assert out.ok, out.reason
    a.controller._applied(out)
    b.apply(C.EndTurn("Wulfric"))
    for _ in range(200):
        if b.awaiting() == "over" or b.active == "Wulfric":
            break
        if b.awaiting() == "reaction" and b.pending.reactor == "Wulfric":
            a.controller.react(False)      # Wulfric's player lets the blow come, no defense
        a.update(0.5)
    else:
        pytest.fail("the computer's turn never ended")
    b.apply(C.Step("Wulfric", to=(2, 3))) if b.cell(b.unit("Orc").anchor) == (5, 3) else None
    a.controller._sync()
    orc = b.cell(b.unit("Orc").anchor)
    near = [c for c in ((orc[0] - 1, orc[1]), (orc[0] + 1, orc[1]))]
    assert a.controller.actor() == "Wulfric"
    u = b.view().unit("Wulfric")
    if not any(b.cell(h) in near for h in u.hexes):
        move = a.controller._move_preview(u, near[0], "move")
        assert move is not None
        b.apply(C.Move("Wulfric", path=tuple(move.cells), confirm=True))
        a.controller._sync()
    move_to(a, orc)
    assert a.model.attack is not None and a.model.attack.weapon.id == "longsword"
    click(a, orc)
    roll = [e for e in b.events if isinstance(e, E.AttackRolled)][-1]
    assert roll.attacker == "Wulfric" and roll.weapon.lower() == "longsword"


def test_6_tab_cycles_the_weapons_only():
    a = new_app()
    seen = []
    for _ in range(4):
        key(a, pygame.K_TAB)
        seen.append(a.model.weapon)
    assert None not in seen and set(seen) == {"longsword", "javelin"}
    assert seen[0] != seen[1] and seen[0] == seen[2]
    assert "default" not in a.model.message


# ---- 7: Fight Defensively once a turn ------------------------------------------------------

def test_7_fight_defensively_cannot_be_taken_twice_in_a_turn():
    a = new_app()
    key(a, pygame.K_7)
    big = a.battle.budget("Wulfric").big
    assert a.battle.unit("Wulfric").has("fighting_defensively")
    key(a, pygame.K_7)
    assert a.battle.budget("Wulfric").big == big
    assert not a.hud.state_of("fight_defensively").enabled


# ---- 8: a click after selecting another creature -------------------------------------------

def test_8_after_looking_at_another_creature_the_next_map_click_acts():
    a = new_app()
    m, b = a.model, a.battle
    click(a, (1, 6))                               # Mayat: not acting
    assert m.selected == "Mayat"
    move_to(a, (1, 1))
    assert m.preview is None or m.selected == "Wulfric"
    click(a, (1, 1))
    assert b.cell(b.unit("Wulfric").anchor) != (2, 3) or m.pending is not None
    assert b.cell(b.unit("Mayat").anchor) == (1, 6)


# ---- 9: no reach tint when the creature cannot move ---------------------------------------

def test_9_no_reach_tint_after_a_step_in_power_attack_mode_or_a_retreat():
    from game.ui import overlays as ov
    a = new_app()
    b = a.battle
    key(a, pygame.K_8)                              # Power Attack mode, then a step
    assert a.model.mode == "power"
    assert a.controller.send(C.Step("Wulfric", to=(2, 2))).ok
    assert b.budget("Wulfric").stepped and a.model.mode == "power"
    assert not ov.reach_tiers(b, "Wulfric", "power")
    a2 = new_app()
    b2 = a2.battle
    key(a2, pygame.K_r)
    tiers = ov.reach_tiers(b2, "Wulfric", "retreat")
    assert tiers
    click(a2, sorted(tiers)[0])
    assert any(isinstance(e, E.Moved) and e.kind == "retreat" for e in b2.events)
    assert not ov.reach_tiers(b2, "Wulfric", a2.model.mode)


# ---- 10: text fits; a minimum window size ---------------------------------------------------

def _cut(app) -> list[str]:
    """Labels and buttons of the HUD whose text is wider than the widget."""
    from pygame_gui.elements import UIButton, UILabel
    out = []
    for w in app.manager.get_root_container().elements + [
            e for p in app.hud.panels.values() for e in p.get_container().elements]:
        if isinstance(w, (UILabel, UIButton)) and w.visible and w.text:
            font = w.font if hasattr(w, "font") else None
            if font is None:
                continue
            tw = font.size(w.text)[0]
            if tw > w.rect.width - 4:
                out.append(f"{w.text!r} ({tw} > {w.rect.width})")
    return out


@pytest.mark.parametrize("size", [(1280, 800), (1024, 700)])
def test_10_no_text_is_cut_off_and_the_window_has_a_minimum_size(size):
    a = new_app(size=size)
    move_to(a, (0, 3))
    click(a, (0, 3))                             # a provoking move awaits its confirmation
    assert a.model.pending is not None
    a.update(0.0)
    assert _cut(a) == []
    a.handle_event(pygame.event.Event(pygame.VIDEORESIZE, size=(640, 480), w=640, h=480))
    assert a.screen.get_size() == (1024, 700)


# ---- 11: the setup screen keeps the initiative choice --------------------------------------

def test_11_switching_maps_keeps_the_initiative_choice():
    a = shared_app(None, (1280, 800), animations=False)
    screen = a.view
    assert isinstance(screen, SetupScreen) and len(screen.maps) >= 2
    other = next(m for m in S.INITIATIVE_MODES if m != screen.map.initiative)
    screen.set_initiative(other)
    screen.select_map(1)
    assert screen.initiative_mode == other
    screen.select_map(0)
    assert screen.initiative_mode == other


# ---- 12: the map keeps to its area; zoom-out stops -----------------------------------------

def test_12_the_map_is_clipped_to_its_area_and_zoom_out_has_a_limit():
    a = new_app()
    for _ in range(6):
        a.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, pos=at(a, (2, 3))))
    a.draw(force=True)
    area = pygame.Rect(a.camera.area())
    gap = (area.left - 3, area.centery)          # between the initiative list and the map
    assert not any(r.collidepoint(gap) for r in a.hud.occupied())
    bg = tuple(a.screen.get_at((2, a.screen.get_height() // 2)))[:3]
    assert tuple(a.screen.get_at(gap))[:3] == bg
    for _ in range(30):
        a.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, pos=area.center))
    ww, wh = a.board.world_size
    assert ww * a.camera.zoom >= area.width * 0.45 or wh * a.camera.zoom >= area.height * 0.45


# ---- 13: the log keeps the player's scroll -------------------------------------------------

def test_13_the_log_keeps_its_scroll_and_an_opened_line_shows():
    b = duel(controllers={"blue": "ai", "red": "ai"})
    a = new_app(b)
    for _ in range(10):
        a.update(0.5)
    bar = a.hud.log_box.scroll_bar
    assert bar is not None
    a.hud.clock = lambda: 100.0         # the player scrolled a moment ago (the log holds)
    bar.set_scroll_from_start_percentage(0.2)
    a.hud.log_box.update(0.0)
    a.hud.process_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN,
                                           pos=a.hud.log_box.rect.center, button=1))
    start, seen = bar.start_percentage, len(a.battle.events)
    for _ in range(6):
        a.update(0.5)
    assert len(a.battle.events) > seen           # the computer played on
    assert a.hud.log_box.scroll_bar.start_percentage < start + 0.05
    assert a.hud.log_box.scroll_bar.start_percentage > 0.05     # the same lines, not the top
    last = max(n for n, e in enumerate(a.hud.log) if e.detail)
    a.hud.log_box.scroll_bar.set_scroll_from_start_percentage(1.0)
    a.hud.log_box.update(0.0)
    a.hud.toggle_log(last)
    bar = a.hud.log_box.scroll_bar
    assert bar.start_percentage + bar.visible_percentage >= 0.99


# ---- 14: wording of the result and the card ------------------------------------------------

def test_14_result_and_card_wording():
    summary = S.Summary("blue", 4, {"blue": 0, "red": 0}, {"blue": 30, "red": 5}, None,
                        ("blue", "red"), {"blue": 2, "red": 5}, {"blue": 0, "red": 5},
                        {"blue": 0, "red": 0}, 7)
    a = shared_app(None, (1280, 800), animations=False)
    screen = ResultScreen(a.ui, summary, None, "duel", (1280, 800))
    words = " ".join(screen.texts())
    assert "0 of 5" not in words and "5 of 5" in words
    b = duel()
    from game.ecs.components import Conditions, Health
    b.update("Orc", Health, hp=-20, dead=True)
    active = dict(b.conditions("Orc").active, dying=1, unconscious=1, helpless=1)
    b.update("Orc", Conditions, active=active)
    assert b.unit("Orc").dead and b.unit("Orc").has("unconscious")
    card = unit_card(b, "Orc", None)
    assert card.dead and not card.conditions
    lines = [e.text for e in __import__("game.ui.presenters", fromlist=["x"]).log_entries(
        [E.Died("Orc", (3, 3)), E.ChoiceNeeded("Orc", ("Wulfric", "Mayat"))])]
    assert not any("Orc picks" in t for t in lines)


# ---- 15: hotseat AOO result, and the side named ---------------------------------------------

def test_15_the_reacting_player_sees_the_aoo_before_the_handoff():
    b = duel(controllers={"blue": "human", "red": "human"})
    a = new_app(b)
    click(a, (0, 3))
    key(a, pygame.K_RETURN)
    assert a.mode == "handoff" and a.view.team == "red"
    a.update(ARM_S + 0.1)
    key(a, pygame.K_SPACE)
    assert a.mode == "battle" and a.viewer == "red"
    key(a, pygame.K_y)
    roll = next(e for e in b.events if isinstance(e, E.AttackRolled) and e.kind == "aoo")
    assert a.mode == "battle" and a.viewer == "red"        # red sees how it went
    assert ("hits" in a.model.message or "misses" in a.model.message) and "Orc" in \
        a.model.message
    assert roll.attacker == "Orc"
    key(a, pygame.K_SPACE)
    assert a.mode == "handoff" and a.view.team == "blue"


# ---- 16: saves go to the player's folder, in slots -----------------------------------------

def test_16_f5_saves_to_a_slot_in_the_players_folder(tmp_path, monkeypatch):
    from game import saves
    home = tmp_path / "home"
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.setenv("HEXSKIRMISH_HOME", str(home))
    monkeypatch.chdir(cwd)
    a = play_app(DUEL, sides="human,ai", seed=3, window=False)
    a.animations = False
    key(a, pygame.K_F5)
    first = a.battle.state_hash()
    key(a, pygame.K_e)                          # on to the next turn of a person
    for _ in range(40):
        if a.controller.is_human_turn() and a.battle.awaiting() == "choice":
            a.controller.choose_next(a.model.choice_candidates[0])
        elif a.controller.is_human_turn():
            break
        a.update(0.5)
    assert a.controller.actor() is not None
    key(a, pygame.K_F5)
    assert list(cwd.iterdir()) == []
    listed = saves.list_saves()
    quick = [s for s in listed if s.kind == "quick"]
    assert len(quick) == 2 and quick[0].path != quick[1].path     # nothing overwritten
    assert all(home / "saves" in s.path.parents for s in listed)
    assert [s for s in listed if s.kind == "auto"]                 # a turn started
    assert saves.load(quick[1].path).state_hash() == first
    assert saves.load(quick[0].path).state_hash() == a.battle.state_hash()
    assert saves.latest() == listed[0]
