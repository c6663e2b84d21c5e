"""The second play-test's window bugs, one headless test per promise (the real App, real
battles, the dummy video driver; synthetic events through `App.handle_event`)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pygame_gui  # noqa: E402
import pytest  # noqa: E402

from game import paths  # noqa: E402
from game.engine import commands as C  # noqa: E402
from game.engine import events as E  # noqa: E402
from game.engine.battle import Battle  # noqa: E402
from game.tiled.loader import load_map  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.hexgrid import hex_neighbor  # noqa: E402
from test_ui_app import at, click, key, move_to  # noqa: E402
from test_ui_controller import battle_on, duel  # noqa: E402
from tests.helpers import shared_app  # noqa: E402



def new_app(battle=None, size=(1280, 800)) -> App:
    return shared_app(battle or duel(), size, animations=False)


def motion(app, pos) -> None:
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                        buttons=(0, 0, 0)))


# ---- the map behind the menu and the Load screen after a resize ---------------------------

def resize_event(kind, size):
    if kind == "videoresize":
        return pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    return pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])


@pytest.mark.parametrize("kind", ["videoresize", "windowsizechanged"])
@pytest.mark.parametrize("screen", ["menu", "load"])
def test_after_a_resize_the_map_is_drawn_again_behind_the_menu_and_the_load_screen(kind, screen):
    a = new_app()
    key(a, pygame.K_ESCAPE)
    assert a.mode == "menu"
    if screen == "load":
        a.show_load()
    a.handle_event(resize_event(kind, (1600, 900)))
    assert a.screen.get_size() == (1600, 900)
    assert a.draw(force=True)
    assert a.view.backdrop is not None and a.view.backdrop.get_size() == (1600, 900)
    orc = at(a, (3, 3))                         # the Orc, dimmed behind the dialog's left
    corner = (5, a.screen.get_height() - 5)
    assert a.screen.get_at(corner) == a.view.backdrop.get_at(corner)
    assert a.view.backdrop.get_at(orc) != a.view.backdrop.get_at(corner)


# ---- a cone points where the pointer is -------------------------------------------------------

def ring_of(axis: str, centre=(5, 5), distance: int = 2) -> list:
    """The cells at `distance` from `centre` in each of the six directions (0 east, then
    counter-clockwise), on a map of that stagger axis."""
    probe = battle_on([dict(name="P", unit="orc", team="red", col=0, row=0)], axis=axis)
    out = []
    for d in range(6):
        h = probe.hexmap.hex_at(*centre)
        for _ in range(distance):
            h = hex_neighbor(h, d)
        out.append(probe.cell(h))
    return out


@pytest.mark.parametrize("axis", ["y", "x"])       # pointy-top and flat-top maps
def test_fire_breath_aims_its_cone_toward_the_pointer_in_each_of_the_six_directions(axis):
    foes = ring_of(axis)
    b = battle_on([dict(name="Drake", unit="drake", team="blue", col=5, row=5)] +
                  [dict(name=f"Orc{d}", unit="orc", team="red", col=c, row=r)
                   for d, (c, r) in enumerate(foes)], width=12, height=11, axis=axis)
    a = new_app(b)
    a.controller.do_action("use_ability")
    assert a.model.ability == "fire_breath"
    for d, pointed in enumerate(ring_of(axis, distance=1)):
        move_to(a, pointed)
        aim = a.model.aim
        assert aim is not None and not aim.refusal
        assert b.hexmap.hex_at(*pointed) in aim.area
        assert [f.name for f in aim.caught] == [f"Orc{d}"], (axis, d)


@pytest.mark.parametrize("axis", ["y", "x"])
def test_pointing_where_the_cone_catches_no_one_never_turns_it_onto_an_ally(axis):
    foe, ally = ring_of(axis)[3], ring_of(axis)[5]       # west, and south-east
    b = battle_on([dict(name="Drake", unit="drake", team="blue", col=5, row=5),
                   dict(name="Orc", unit="orc", team="red", col=foe[0], row=foe[1]),
                   dict(name="Friend", unit="fighter", team="blue", col=ally[0], row=ally[1])],
                  width=12, height=11, axis=axis)
    a = new_app(b)
    a.controller.do_action("use_ability")
    down_left = ring_of(axis, distance=1)[4]
    move_to(a, down_left)
    aim = a.model.aim
    assert b.hexmap.hex_at(*down_left) in aim.area and aim.caught == ()
    assert "catch no creature" in aim.refusal
    before = len(b.events)
    click(a, down_left)
    assert len(b.events) == before and a.model.message == aim.refusal


# ---- tooltips and previews vanish off the map and under dialogs ---------------------------

def left_of_the_map(a) -> tuple[int, int]:
    """A point in the window's left margin: below the initiative panel, left of the map."""
    init, board = a.hud.rects["initiative"], a.hud.rects["board"]
    return (min(init.centerx, board.left - 4), (init.bottom + a.hud.rects["message"].top) // 2)


def test_the_attack_preview_and_its_tooltip_vanish_when_the_pointer_leaves_the_map():
    a = new_app()
    move_to(a, (3, 3))                          # the Orc: the attack preview and its tip
    a.update(0.0)
    assert a.model.attack is not None and a.hud.tip is not None
    for pos in (left_of_the_map(a), a.hud.rects["initiative"].center):
        move_to(a, (3, 3))
        motion(a, pos)
        a.update(0.0)
        assert a.model.hover_cell is None and a.model.attack is None
        assert a.hud.tip is None, a.hud.tip.html_text


def test_a_click_left_of_the_map_does_nothing_on_the_map():
    a = new_app()
    before = len(a.battle.events)
    a.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=left_of_the_map(a),
                                      button=1, mod=0))
    assert len(a.battle.events) == before and a.model.pending is None


def test_the_replay_viewer_shows_no_tooltip_of_the_hidden_action_bar():
    b = duel()
    assert b.apply(C.EndTurn("Wulfric")).ok
    a = shared_app(None, (1280, 800), animations=False)
    a.watch_replay(b, back="quit")
    a.update(0.0)
    hud = a.replay.screen.hud
    assert not hud.panels["actions"].visible
    hidden = [button for s in hud.states if not s.enabled
              for button in [hud.action_buttons.get(s.action)] if button is not None]
    assert hidden
    motion(a, hidden[0].rect.center)
    a.update(0.0)
    assert hud.tip is None, hud.tip.html_text


def test_no_terrain_tooltip_or_preview_stays_behind_the_close_dialog():
    b = Battle(load_map(paths.shipped_map("duel")), seed=1,
               controllers={"blue": "human", "red": "ai"})
    a = new_app(b)
    taken = {b.cell(h) for u in b.view().units for h in u.hexes}
    empty = next((c, r) for r in range(2, b.hexmap.height) for c in range(2, b.hexmap.width)
                 if (c, r) not in taken)
    move_to(a, empty)                           # an empty hex: its terrain after a rest
    for _ in range(4):
        a.update(0.2)
    assert a.hud.tip is not None
    a.handle_event(pygame.event.Event(pygame.QUIT))      # closing the window asks first
    assert a.mode == "menu"
    assert a.hud.tip is None and a.model.hover_cell is None and a.model.preview is None


# ---- Retreat: the button and the path agree with the engine ------------------------------

def test_the_retreat_button_and_its_path_say_what_the_engine_says_it_provokes():
    from game.ui.presenters import action_states
    b = battle_on([dict(name="W", unit="fighter", team="blue", col=4, row=4),
                   dict(name="O", unit="orc", team="red", col=5, row=4, facing=3),
                   dict(name="G", unit="goblin", team="red", col=1, row=3, facing=3)])
    a = new_app(b)
    key(a, pygame.K_r)
    assert a.model.mode == "retreat"
    button = next(s for s in action_states(b, human=True) if s.action == "retreat")
    assert "without provoking" not in button.description
    for cell, engine in (((0, 0), ("G",)), ((6, 0), ("O",))):
        move_to(a, cell)
        p = a.model.preview
        assert p is not None and p.kind == "retreat"
        why = b.refusal(C.Retreat("W", path=tuple(p.cells)))
        assert why.code == "provokes" and tuple(why.data["provokers"]) == engine
        assert p.provokers == engine and p.provoking
        a.draw(force=True)
        words = " ".join(t for t, _ in a.board.drawn_texts)
        assert f"provokes {engine[0]}" in words


# ---- warnings are whole; a shot that provokes says so -------------------------------------

def test_a_long_warning_on_the_status_bar_is_shown_whole_never_cut():
    b = battle_on([dict(name="W", unit="fighter", team="blue", col=4, row=4),
                   dict(name="O", unit="orc", team="red", col=5, row=4, facing=3),
                   dict(name="G", unit="goblin", team="red", col=1, row=3, facing=3)])
    a = new_app(b, size=(1024, 700))
    key(a, pygame.K_r)
    click(a, (0, 0))                            # a Retreat that provokes G: confirm first
    warning = a.model.message
    assert "threatened by G" in warning and "Esc to cancel" in warning
    a.update(0.0)
    a.update(0.0)
    label, box = a.hud.message_label, a.hud.message_box
    assert "…" not in label.text
    shown = label.text if box is None else box.html_text
    assert warning.rstrip(".") in shown.replace("<font color=#F0E442><b>", "")
    if box is not None:
        assert box.scroll_bar is None             # every line inside the box
        assert a.screen.get_rect().contains(box.rect)


def test_the_preview_of_a_shot_that_provokes_says_whom_it_provokes():
    b = battle_on([dict(name="Mayat", unit="archer", team="blue", col=2, row=3),
                   dict(name="Orc", unit="orc", team="red", col=3, row=3, facing=3)])
    a = new_app(b)
    move_to(a, (3, 3))
    a.update(0.0)
    assert a.model.attack.mode == "ranged"
    why = b.refusal(C.Attack("Mayat", target="Orc", weapon=a.model.attack.weapon.id))
    assert why.code == "provokes" and "Orc" in why.data["provokers"]
    assert "Provokes Orc" in a.hud.tip.html_text
    a.draw(force=True)
    assert "provokes Orc" in " ".join(t for t, _ in a.board.drawn_texts)


# ---- a 1024x700 window ---------------------------------------------------------------------

SHIPPED = ["duel", "skirmish", "battle", "bridge", "melee", "shrine", "keep", "ford"]


@pytest.mark.parametrize("name", SHIPPED)
def test_at_1024x700_every_button_shows_its_key_and_every_creature_is_in_the_map_view(name):
    from game.ui import presenters as P
    b = Battle(load_map(paths.shipped_map(name)), seed=1,
               controllers={"blue": "human", "red": "ai"})
    a = new_app(b, size=(1024, 700))
    a.update(0.0)
    keys = {action: key for action, _, _, key, _ in P.bar_table(b).actions}
    for action, button in a.hud.action_buttons.items():
        assert button.text.startswith(keys[action]), (action, button.text)
        assert "…" not in button.text
        assert button.font.size(button.text)[0] <= button.rect.width - 10
    view = pygame.Rect(a.hud.board_rect())
    for u in b.view().units:
        for h in u.hexes:
            point = a.camera.to_screen(*a.board.hex_centre(h))
            assert view.collidepoint(point), (u.name, b.cell(h))


def test_at_1024x700_the_unit_card_needs_no_scrolling():
    a = new_app(size=(1024, 700))
    for name in ("Wulfric", "Mayat", "Orc", "Goblin"):
        move_to(a, a.battle.cell(a.battle.unit(name).anchor))   # the card of the hovered
        assert a.hud.card_unit() == name
        a.update(0.0)
        a.update(0.0)
        assert a.hud.card_box.scroll_bar is None, name


# ---- two small creatures in one hex --------------------------------------------------------

def cramped():
    return battle_on([dict(name="Wulfric", unit="fighter", team="blue", col=3, row=4),
                      dict(name="Gob", unit="goblin", team="red", col=4, row=4, facing=3),
                      dict(name="Nix", unit="goblin", team="red", col=4, row=4, facing=3)])


def point(a, name) -> tuple[int, int]:
    return tuple(round(v) for v in a.camera.to_screen(*a.board.unit_centre(a.battle.unit(name))))


def test_two_creatures_in_one_hex_are_drawn_side_by_side_smaller_each_with_its_hp_bar():
    a = new_app(cramped())
    b = a.battle
    a.draw(force=True)
    (gx, gy), (nx, ny) = point(a, "Gob"), point(a, "Nix")
    _, r = a.board.token_radius(b.unit("Gob"), a.camera.zoom)
    _, alone = a.board.token_radius(b.unit("Wulfric"), a.camera.zoom)
    assert gy == ny and abs(gx - nx) >= 2 * r and r < alone
    for x in (gx, nx):                          # an HP bar under each token (green: full)
        bar_y, x = round(gy + r + 6), x - max(2, round(r / 3))    # off the middle tick
        colours = {tuple(a.screen.get_at((x, y)))[:3] for y in range(bar_y - 2, bar_y + 4)}
        assert any(g > 150 and g > red + 40 for red, g, _ in colours), colours


def test_either_creature_in_a_shared_hex_can_be_hovered_and_attacked_by_its_half():
    a = new_app(cramped())
    b = a.battle
    for name in ("Gob", "Nix"):
        motion(a, point(a, name))
        assert a.model.hover_unit == name
        assert a.model.attack is not None and a.model.attack.situation.target.name == name
        a.draw(force=True)
        words = " ".join(t for t, _ in a.board.drawn_texts)
        assert "the other half" in words          # the label says where the other one is
    pos = point(a, "Nix")
    a.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, mod=0))
    a.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    rolled = [e for e in b.events if isinstance(e, E.AttackRolled)]
    assert rolled and rolled[-1].target == "Nix"


# ---- no two texts overlap ------------------------------------------------------------------

def crowd():
    """Creatures with many conditions side by side, two in one hex, one dying on the path."""
    many = ("cramped", "frightened", "weakened", "prone", "staggered")
    return battle_on([
        dict(name="Wulfric", unit="fighter", team="blue", col=1, row=3),
        dict(name="Orc", unit="orc", team="red", col=6, row=3, facing=3, conditions=many),
        dict(name="Gob", unit="goblin", team="red", col=7, row=3, facing=3, conditions=many),
        dict(name="Nix", unit="goblin", team="red", col=7, row=3, facing=3,
             conditions=("cramped", "frightened")),
        dict(name="Dying", unit="goblin", team="red", col=6, row=4, facing=3,
             conditions=("dying", "unconscious", "prone")),
        dict(name="Below", unit="goblin", team="red", col=6, row=2, facing=3,
             conditions=("frightened", "prone", "staggered"))])


def overlapping(rects) -> list:
    return [(t1, t2) for i, (t1, r1) in enumerate(rects) for t2, r2 in rects[i + 1:]
            if r1.colliderect(r2)]


@pytest.mark.parametrize("mode, cell", [(pygame.K_3, (6, 3)), (pygame.K_2, (5, 4)),
                                        (pygame.K_1, (5, 3)), (pygame.K_1, (7, 3))])
def test_no_two_texts_on_the_board_overlap(mode, cell):
    a = new_app(crowd())
    key(a, mode)
    move_to(a, cell)
    a.update(0.0)
    a.draw(force=True)
    texts = a.board.drawn_texts
    assert len([t for t, _ in texts if t.endswith("badge")]) >= 12
    assert overlapping(texts) == []


def test_the_terrain_tooltip_keeps_off_the_previewed_path_and_its_label():
    b = battle_on([dict(name="Wulfric", unit="fighter", team="blue", col=5, row=5),
                   dict(name="Orc", unit="orc", team="red", col=9, row=1, facing=3)])
    a = new_app(b)
    a.battle_screen.point_at((2, 2))            # the path runs down-right, under the tip
    for _ in range(4):
        a.update(0.2)
        a.draw()
    assert a.hud.tip is not None and a.model.preview is not None
    tip = a.hud.tip.rect
    assert tip.collidelist([r for _, r in a.board.drawn_texts]) < 0
    for cell in a.model.preview.cells:
        assert not tip.collidepoint(a.camera.to_screen(*a.board.centre(cell))), cell


# ---- reaction prompts ----------------------------------------------------------------------

def defense_prompted(size=(1280, 800)) -> App:
    """Grik (the computer's) attacks Aldric, whose player is asked for a defense."""
    from test_reactions import battle, ok, to_round_two
    b = battle(human=("blue",))
    to_round_two(b)
    a = new_app(b, size=size)
    ok(b, C.Attack("Grik", "Aldric", "greataxe"))
    a.refresh_hud(force=True)
    a.update(0.0)
    a.update(0.0)
    assert b.awaiting() == "reaction" and b.pending.kind == "defense"
    return a


def test_the_defense_prompt_offers_a_button_per_possible_defense_and_shows_all_its_text():
    from game.engine.defense import pending_odds
    a = defense_prompted()
    _, usable, _ = pending_odds(a.battle)
    offered = {k for k in ("parry", "dodge") if usable[k].possible}
    assert offered == {"parry"}                 # Aldric has no rank in Acrobatics
    assert offered | {"accept", "decline"} == set(a.hud.answer_buttons)
    assert a.hud.prompt_box.scroll_bar is None  # sized to its text
    assert "Active Dodge: not possible" in a.hud.prompt_box.html_text
    button = a.hud.answer_buttons["parry"]
    a.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button,
                                      ui_object_id=button.most_specific_combined_id))
    rolled = [e for e in a.battle.events if isinstance(e, E.AttackRolled)]
    assert rolled[-1].target == "Aldric" and rolled[-1].defense == "parry"


def test_the_reaction_prompt_does_not_cover_the_creatures_it_is_about():
    a = defense_prompted()
    b = a.battle
    board = a.hud.rects["board"]
    grik = a.camera.to_screen(*a.board.unit_centre(b.unit("Grik")))
    a.camera.pan(0, grik[1] - (board.top + 90))       # the creatures in the top third
    a.draw(force=True)
    prompt = a.hud.panels["prompt"].rect
    for name in ("Grik", "Aldric"):
        x, y = a.camera.to_screen(*a.board.unit_centre(b.unit(name)))
        assert not prompt.inflate(40, 40).collidepoint(x, y), name


def test_esc_on_a_defense_prompt_says_it_declined_and_the_log_uses_the_defense_words():
    a = defense_prompted()
    key(a, pygame.K_ESCAPE)
    assert a.battle.awaiting() != "reaction" or a.battle.pending.kind != "defense"
    assert "Esc" in a.model.message and "no defense" in a.model.message
    texts = [e.text for e in a.hud.log]
    assert "Aldric takes no defense against Grik's attack" in texts
    assert "Aldric lets Grik go" not in texts


# ---- why an action is unavailable ----------------------------------------------------------

def test_a_disabled_attack_says_the_engines_reason_a_level_2_creature_attacks_once():
    a = new_app()
    b = a.battle
    assert b.apply(C.Attack("Wulfric", target="Orc", weapon="longsword")).ok
    a.refresh_hud(force=True)
    why = b.check(C.Attack("Wulfric", target="Orc", weapon="longsword"))
    assert "level 2" in why
    button = a.hud.action_buttons["attack"]
    assert not button.is_enabled
    pygame.mouse.set_pos(button.rect.center)    # the pointer rests on the button
    motion(a, button.rect.center)
    a.update(0.0)
    assert a.hud.tip is not None and why in a.hud.tip.html_text


def test_the_attack_tooltip_gives_the_plain_chance_first_then_the_chance_if_it_parries():
    from game.ui import presenters as P
    from game.ui.controller import GameController
    from test_reactions import battle, to_round_two
    b = battle(human=("blue", "red"))
    to_round_two(b)
    ctl = GameController(b)
    ctl.select("Grik")
    ctl.hover_cell(b.cell(b.unit("Aldric").anchor))
    odds = ctl.model.attack_defenses
    lines = P.attack_tooltip(ctl.model.attack, odds).split("\n")
    plain = next(n for n, x in enumerate(lines) if x.startswith("Hit "))
    parry = next(n for n, x in enumerate(lines) if x.startswith("If the target parries"))
    assert plain < parry and "no defense" in lines[plain]
    assert f"instead of {P._pct(float(odds['none'].hit))}" in lines[parry]
    if odds["parry"].hit > odds["none"].hit:
        assert "replaces its AC" in lines[parry]


def test_the_tooltip_of_a_provoking_shot_hides_neither_its_warning_nor_the_hit_chance():
    """The newcomer's play-through: the itemised tooltip of a shot that provokes covered the
    "% to hit" label and the end of the warning asking to confirm."""
    b = battle_on([dict(name="Wren", unit="archer", team="blue", col=3, row=3),
                   dict(name="Grik", unit="orc", team="red", col=4, row=3, facing=3),
                   dict(name="Aldric", unit="fighter", team="blue", col=5, row=3),
                   dict(name="Tamsin", unit="fighter", team="blue", col=4, row=4),
               dict(name="Brannoc", unit="fighter", team="blue", col=4, row=2)])
    a = new_app(b)
    click(a, (4, 3))                            # the shot provokes: confirm first
    assert "Enter to confirm" in a.model.message
    for _ in range(3):
        a.battle_screen.point_at((4, 3))        # the pointer rests on the orc
        a.update(0.2)
        a.draw(force=True)
    tip, box = a.hud.tip, a.hud.message_box
    assert box is not None, a.model.message
    assert tip is not None
    assert not tip.rect.colliderect(box.rect)
    assert tip.rect.collidelist([r for _, r in a.board.drawn_texts]) < 0
