"""The real pygame UI, headless (SDL_VIDEODRIVER=dummy), driven by synthetic mouse and keyboard
events through `App.handle_event` (docs/architecture.md "Quality": tests are headless; no timing).

Covers: picking hexes on pointy-top and flat-top maps, selecting, previewing a provoking path,
confirming it and seeing the attack of opportunity resolve (battle events and the HUD log),
attacking, ending the turn, picking the next creature in selective initiative, the camera, the
cached static layer, animations that never hold the model, the cached HUD layer (rendered again
only when the HUD changed; the composed frame is the HUD drawn over the board), and
`python -m game screenshot`.
"""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pygame_gui  # noqa: E402
import pytest  # noqa: E402

from game.cli import main as cli_main  # noqa: E402
from game.engine import events as E  # noqa: E402
from game.engine.battle import Battle  # noqa: E402
from game.tiled.loader import load_map  # noqa: E402
from test_ui_controller import battle_on, duel  # noqa: E402
from tests.helpers import shared_app  # noqa: E402

MAPS = os.path.join(os.path.dirname(os.path.dirname(__file__)), "maps")


@pytest.fixture
def app():
    a = shared_app(duel(), (1280, 800), animations=False)
    yield a
    a.controller.listeners.clear()


def at(app, cell) -> tuple[int, int]:
    return tuple(round(v) for v in app.camera.to_screen(*app.board.centre(cell)))


def move_to(app, cell):
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=at(app, cell), rel=(1, 1),
                                        buttons=(0, 0, 0)))


def click(app, cell, button=1, mod=0):
    move_to(app, cell)
    pos = at(app, cell)
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button,
                                        mod=mod))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.update(0.0)


def key(app, k, mod=0):
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="",
                                        scancode=0))
    app.handle_event(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="",
                                        scancode=0))
    app.update(0.0)


def test_the_app_selects_previews_confirms_and_the_aoo_resolves(app):
    b, m = app.battle, app.model
    assert m.selected == "Wulfric"
    move_to(app, (0, 3))
    assert m.hover_cell == (0, 3)
    assert m.preview.provokes == [((2, 3), ["Orc"], [True])] and m.highlighted == {"Orc"}
    app.draw()
    click(app, (0, 3))
    assert m.pending is not None and b.cell(b.unit("Wulfric").anchor) == (2, 3)
    key(app, pygame.K_RETURN)
    assert m.pending is None
    assert any(isinstance(e, E.Provoked) and e.by == "Orc" for e in b.events)
    assert any(isinstance(e, E.AttackRolled) and e.kind == "aoo" for e in b.events)
    if app.hud is not None and hasattr(app.hud, "log"):
        assert any(getattr(e, "kind", "") == "provoke" for e in app.hud.log)
    app.draw()


def test_a_second_click_on_the_same_hex_confirms(app):
    click(app, (0, 3))
    click(app, (0, 3))
    assert app.battle.cell(app.battle.unit("Wulfric").anchor) != (2, 3) or \
        app.battle.unit("Wulfric").has("prone") or app.battle.unit("Wulfric").hp <= 0


def test_attack_end_turn_and_pick_the_next_creature(app):
    b, m = app.battle, app.model
    move_to(app, (3, 3))
    assert m.attack is not None and m.attack.possible
    app.draw()
    click(app, (3, 3))
    roll = next(e for e in b.events if isinstance(e, E.AttackRolled))
    assert (roll.attacker, roll.target) == ("Wulfric", "Orc")
    key(app, pygame.K_e)                      # the HUD's End Turn key
    assert b.awaiting() == "choice" and "Mayat" in m.choice_candidates
    app.draw()
    click(app, (1, 6))                        # Mayat
    assert b.active == "Mayat" and m.selected == "Mayat"


def test_escape_and_right_click_cancel(app):
    m = app.model
    click(app, (0, 3))
    assert m.pending is not None
    key(app, pygame.K_ESCAPE)
    assert m.pending is None
    click(app, (0, 3))
    click(app, (0, 3), button=3)
    assert m.pending is None and app.battle.cell(app.battle.unit("Wulfric").anchor) == (2, 3)


def test_overlay_keys_weapons_and_the_static_layer_cache(app):
    m = app.model
    app.draw()
    builds = app.board.static_builds
    for _ in range(3):
        move_to(app, (1, 1))
        app.draw()
    assert app.board.static_builds == builds          # hovering does not rebuild it
    key(app, pygame.K_t)
    key(app, pygame.K_l)
    assert m.overlays == {"threat", "los"}
    app.draw()
    assert app.board.static_builds == builds + 1
    key(app, pygame.K_TAB)
    assert m.weapon == "longsword"


def test_camera_wheel_zooms_around_the_cursor_and_drag_pans():
    app = shared_app(battle_on([dict(name="Wulfric", unit="fighter", team="blue", col=12, row=9),
                                dict(name="Orc", unit="orc", team="red", col=20, row=12)],
                               width=30, height=20), (1280, 800), animations=False)
    cam = app.camera
    pos = at(app, (12, 8))
    world = cam.to_world(*pos)
    app.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, pos=pos))
    assert cam.to_world(*pos) == pytest.approx(world, abs=1.0)
    z = cam.zoom
    app.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, pos=pos))
    assert cam.zoom < z
    before = (cam.x, cam.y)
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=2))
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(pos[0] - 40, pos[1]),
                                        rel=(-40, 0), buttons=(0, 1, 0)))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=2))
    assert cam.x != before[0] or cam.y != before[1]
    key(app, pygame.K_c)
    x, y = cam.to_screen(*app.board.unit_centre(app.battle.unit("Wulfric")))
    ax, ay, aw, ah = cam.area()
    assert ax <= x <= ax + aw and ay <= y <= ay + ah


@pytest.mark.parametrize("name", ["skirmish.tmx", "duel.tmx", "battle.tmx"])
def test_picking_matches_tiled_on_pointy_and_flat_maps(name):
    hexmap = load_map(os.path.join(MAPS, name))
    app = shared_app(Battle(hexmap, seed=1, controllers={t: "ai" for t in hexmap.teams}),
                     (1280, 800), animations=False, hud=False)
    app.camera.set_zoom(0.5)
    for row in range(hexmap.height):
        for col in range(hexmap.width):
            assert app.board.pick(app.camera, at(app, (col, row))) == (col, row)
    app.draw()


def test_animations_play_over_a_model_that_has_already_moved():
    a = shared_app(duel(), (1280, 800), animations=True)
    click(a, (0, 3))
    click(a, (0, 3))
    assert a.animator.busy                   # the move and the AOO are queued
    assert any(isinstance(e, E.Moved) for e in a.battle.events)   # already applied
    a.draw()
    key(a, pygame.K_SPACE)
    assert not a.animator.busy


def test_a_human_vs_ai_game_runs_in_the_loop_without_stalling():
    a = shared_app(duel(), (1280, 800), animations=False)
    key(a, pygame.K_e)
    a.controller.choose_next("Orc")
    for _ in range(40):
        a.update(0.5)
        if a.controller.is_human_turn():
            break
    assert a.controller.is_human_turn() or a.battle.awaiting() == "over"


def test_a_map_built_in_code_is_drawn_as_plain_hexes():
    b = battle_on([dict(name="Ogre", unit="ogre", team="red", col=3, row=3),
                   dict(name="Wulfric", unit="fighter", team="blue", col=7, row=5)],
                  axis="x", controllers={"red": "human", "blue": "ai"})
    a = shared_app(b, (1280, 800), animations=False)
    a.draw()
    spr, _ = a.board.sprite(b.unit("Ogre"), a.camera.zoom)
    assert spr.get_width() > 2 * a.board.layout.tw * a.camera.zoom * 0.9   # 3 hexes wide


def test_screenshot_writes_a_frame(tmp_path):
    out = tmp_path / "shot.png"
    rc = cli_main(["screenshot", os.path.join(MAPS, "skirmish.tmx"), str(out), "--select",
                   "Chessan", "--hover", "18,9", "--size", "960x600"])
    assert rc == 0
    assert pygame.image.load(str(out)).get_size() == (960, 600)


@pytest.mark.parametrize("args, words", [
    (["--select", "Nobody"], "no unit named"),
    (["--hover", "40,3"], "off the map"),
    (["--hover", "five"], "COL,ROW"),
    (["--size", "big"], "WxH"),
    (["--size", "10x10"], "WxH"),
])
def test_screenshot_bad_arguments_are_one_line_and_exit_2(tmp_path, capsys, args, words):
    rc = cli_main(["screenshot", os.path.join(MAPS, "skirmish.tmx"),
                   str(tmp_path / "x.png"), *args])
    err = capsys.readouterr().err
    assert rc == 2 and words in err and err.count("\n") == 1
    assert not (tmp_path / "x.png").exists()


def test_the_window_resizes_and_the_hud_follows(app):
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, size=(1600, 900), w=1600, h=900))
    assert app.camera.viewport == (1600, 900) and app.screen.get_size() == (1600, 900)
    if app.hud is not None:
        assert app.camera.focus == tuple(app.hud.board_rect())
    assert app.draw()


def test_run_play_opens_the_window_and_closes_on_quit(monkeypatch):
    from game.ui import app as app_module
    real_get = pygame.event.get
    monkeypatch.setattr(pygame.event, "get", lambda *a, **k: [pygame.event.Event(pygame.QUIT)])
    monkeypatch.setattr(pygame, "quit", lambda: None)       # later tests keep their display
    try:
        assert app_module.run_play(os.path.join(MAPS, "duel.tmx"), sides="human,ai",
                                   seed=3) == 0
    finally:
        monkeypatch.setattr(pygame.event, "get", real_get)
    with pytest.raises(Exception, match="--sides"):
        app_module.run_play(os.path.join(MAPS, "duel.tmx"), sides="human")


@pytest.mark.parametrize("seed", [1, 2])
def test_random_input_never_breaks_the_app(seed, tmp_path):
    """A burst of random clicks, keys, wheel turns and resizes: no exception, and the battle
    only ever changes through commands (its log replays to the same state)."""
    import random
    from game.engine.replay import load_replay, save_battle
    rng = random.Random(seed)
    hexmap = load_map(os.path.join(MAPS, "duel.tmx"))
    b = Battle(hexmap, seed=seed, controllers={"blue": "human", "red": "ai"})
    a = shared_app(b, (1280, 800), animations=bool(seed % 2))
    keys = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_7,
            pygame.K_r, pygame.K_e, pygame.K_TAB, pygame.K_RETURN, pygame.K_ESCAPE,
            pygame.K_t, pygame.K_l, pygame.K_c, pygame.K_SPACE, pygame.K_y, pygame.K_n]
    for _ in range(150):
        r = rng.random()
        if r < 0.5:
            u = rng.choice(b.view().units)
            col, row = b.cell(u.anchor)
            cell = (col + rng.randint(-3, 3), row + rng.randint(-3, 3))
            click(a, cell, button=rng.choice([1, 1, 1, 3]),
                  mod=rng.choice([0, pygame.KMOD_SHIFT]))
        elif r < 0.9:
            key(a, rng.choice(keys))
        else:
            a.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]),
                                              pos=(rng.randint(0, 1279), rng.randint(0, 799))))
        a.update(0.3)
        a.draw()
    path = tmp_path / "save.json"
    save_battle(b, path)
    assert load_replay(path).state_hash() == b.state_hash()


# ---- the cached HUD layer (game.ui.app.HudLayer) ---------------------------------------------

def point(app, pos):
    """The pointer moves to `pos`: pygame_gui reads it from pygame.mouse, the board from the
    event; then a frame's update."""
    pygame.mouse.set_pos(pos)
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                        buttons=(0, 0, 0)))
    app.update(0.0)


def differing(a, b, rect=None, tol: int = 0) -> int:
    """How many pixels of `rect` differ between two surfaces by more than `tol` in a channel."""
    rect = pygame.Rect(rect or a.get_rect())
    d, e = a.subsurface(rect).copy(), b.subsurface(rect).copy()
    d.blit(b, (0, 0), rect, special_flags=pygame.BLEND_RGB_SUB)
    e.blit(a, (0, 0), rect, special_flags=pygame.BLEND_RGB_SUB)
    d.blit(e, (0, 0), special_flags=pygame.BLEND_RGB_MAX)
    if tol:
        d.fill((tol, tol, tol), special_flags=pygame.BLEND_RGB_SUB)
    same = pygame.mask.from_threshold(d, (0, 0, 0, 255), (1, 1, 1, 255)).count()
    return rect.w * rect.h - same


def uncached(app) -> pygame.Surface:
    """The frame as drawn without the cache: the board, then the whole HUD over it."""
    out = pygame.Surface(app.screen.get_size()).convert()
    app.board.draw(out, app.camera, app.controller, app.animator)
    app.manager.draw_ui(out)
    return out


def test_the_hud_layer_is_rendered_again_only_when_the_hud_changes(app):
    layer, hud = app.hud_layer, app.hud
    point(app, at(app, (1, 1)))
    app.draw(force=True)
    renders = layer.renders
    for cell in [(0, 3), (1, 2), (0, 2), (1, 1)]:          # a plain hover over the board
        shot = app.screen.copy()
        point(app, at(app, cell))
        assert app.model.hover_cell == cell
        assert app.draw() and differing(shot, app.screen) > 0
    assert layer.renders == renders                         # the HUD was not drawn again
    assert not app.draw()                                   # nothing changed: no frame

    bar = hud.panels["actions"].rect                        # a button's hover look
    button = hud.action_buttons["attack"]
    shot = app.screen.copy()
    point(app, button.rect.center)
    assert app.draw() and layer.renders == renders + 1
    assert layer.rendered == [r for r in layer.rects if r.colliderect(bar)]   # that panel only
    assert differing(shot, app.screen, button.rect) > 0
    assert differing(shot, app.screen, hud.panels["log"].rect) == 0

    for _ in range(3):                                      # its tooltip, after a while
        app.update(0.5)
        app.draw()
    assert button.tool_tip is not None and layer.renders >= renders + 2
    assert differing(uncached(app), app.screen, tol=2) == 0

    top = hud.panels["top"].rect                            # a click: the mode changes
    shot, renders = app.screen.copy(), layer.renders
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center,
                                        button=1))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.rect.center,
                                        button=1))
    for ev in pygame.event.get(pygame_gui.UI_BUTTON_PRESSED):   # as the main loop does
        app.handle_event(ev)
    app.update(0.0)
    assert app.model.mode == "attack"
    assert app.draw() and layer.renders > renders
    assert differing(shot, app.screen, top) > 0

    renders = layer.renders                                 # Tab: several panels change
    key(app, pygame.K_TAB)
    assert app.draw() and layer.renders == renders + 1 and len(layer.rendered) > 1
    assert len(layer.rendered) < len(layer.rects)
    assert differing(uncached(app), app.screen, tol=2) == 0

    log = hud.panels["log"].rect                            # new lines in the combat log
    shot, renders, lines = app.screen.copy(), layer.renders, len(hud.log)
    click(app, (3, 3))
    assert len(hud.log) > lines
    assert app.draw() and layer.renders > renders
    assert differing(shot, app.screen, log) > 0
    assert differing(uncached(app), app.screen, tol=2) == 0


def test_the_composed_frame_is_the_hud_drawn_over_the_board(app):
    """Wherever the board paints (hover, path, selection rings, under a panel too), the frame
    is the one drawn without the cache, up to the rounding of premultiplied alpha."""
    hud, cam, b = app.hud, app.camera, app.battle
    app.update(0.0)
    point(app, at(app, (0, 3)))                             # a path under the initiative list
    app.draw(force=True)
    assert any(r.colliderect(hud.panels["initiative"].rect) for r in app.hud_layer.holes)
    assert differing(uncached(app), app.screen, tol=2) == 0

    card = hud.panels["card"].rect                          # the selection under the unit card
    cam.set_zoom(2.0)
    wx, wy = app.board.unit_centre(b.unit("Wulfric"))
    cam.x, cam.y = wx - card.centerx / cam.zoom, wy - card.centery / cam.zoom
    app.controller.hover_cell((3, 3))
    app.update(0.0)
    app.draw(force=True)
    assert card.collidepoint(cam.to_screen(wx, wy))
    assert differing(uncached(app), app.screen, tol=2) == 0
    cam.x += 40                                             # the camera moves: a new view
    composes = app.hud_layer.composes
    app.draw(force=True)
    assert app.hud_layer.composes == composes + 1
    assert differing(uncached(app), app.screen, tol=2) == 0

    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, size=(1100, 720), w=1100, h=720))
    app.update(0.0)
    renders = app.hud_layer.renders
    assert app.draw() and app.hud_layer.renders == renders + 1
    assert app.hud_layer.layer.get_size() == (1100, 720)
    assert differing(uncached(app), app.screen, tol=2) == 0


def test_the_hud_is_blended_live_while_creatures_move():
    a = shared_app(duel(), (1280, 800), animations=True)
    click(a, (0, 3))
    click(a, (0, 3))
    assert a.animator.busy
    a.update(0.05)
    a.draw()
    assert {tuple(r) for r in a.hud_layer.holes} == {tuple(r) for r in a.hud_layer.rects}
    assert differing(uncached(a), a.screen, tol=2) == 0
