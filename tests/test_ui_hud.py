"""The HUD on a real pygame_gui UIManager with the dummy video driver (game.ui.hud)."""
from __future__ import annotations

import os
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pygame_gui  # noqa: E402

from game.ecs.scenario import make_hexmap  # noqa: E402
from game.engine import commands as C  # noqa: E402
from game.engine import events as E  # noqa: E402
from game.engine.battle import Battle  # noqa: E402
from game.rules.situation import attack_preview  # noqa: E402
from game.tiled.loader import load_map  # noqa: E402
from game.ui.hud import HOTKEYS, THEME_PATH, Hud, compute_layout, make_manager  # noqa: E402
from test_ui_presenters import Model  # noqa: E402
from tests.helpers import shared_app  # noqa: E402

HUMANS = {"blue": "human", "red": "human"}


# ---- a stand-in for game.ui.controller (the documented interface), on the real UI model ------

class FakeController:
    """GameController's interface, with the few actions these tests press."""

    def __init__(self, battle, human: bool | None = None):
        self.battle, self.model, self.listeners = battle, Model(), []
        self.calls: list[tuple] = []
        self.human = human

    def _apply(self, cmd):
        out = self.battle.apply(cmd)
        if not out.ok:
            self.model.message = out.reason
        for listener in self.listeners:
            listener(out.events)
        return out

    def is_human_turn(self) -> bool:
        if self.human is not None:
            return self.human
        b = self.battle
        name = b.decider()[1]                    # who acts, picks or reacts now
        return name is not None and b.controller(name).kind == "human"

    def do_action(self, action):
        self.calls.append(("do_action", action))
        b = self.battle
        simple = {"end_turn": C.EndTurn, "fight_defensively": C.FightDefensively,
                  "drop_prone": C.DropProne,
                  "aim": lambda u: C.Aim(u, confirm=True),
                  "stand_up": lambda u: C.StandUp(u, confirm=True)}
        if action in simple:
            return self._apply(simple[action](b.active))
        self.model.mode = action
        return None

    def select(self, name):
        self.calls.append(("select", name))
        self.model.selected = name

    def set_mode(self, mode):
        self.model.mode = mode

    def cycle_weapon(self):
        self.calls.append(("cycle_weapon",))

    def confirm(self):
        self.calls.append(("confirm",))

    def cancel(self):
        self.calls.append(("cancel",))
        self.model.pending = None

    def choose_next(self, name):
        self.calls.append(("choose_next", name))
        return self._apply(C.ChooseNext(self.battle.chooser, next=name))

    def react(self, accept):
        self.calls.append(("react", accept))
        return self._apply(C.React(self.battle.pending.reactor, accept=accept))

    def hover_cell(self, cell):
        pass

    def click_cell(self, cell, button=1, shift=False):
        pass


# ---- fixtures ------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def screen():
    pygame.init()
    surface = pygame.display.set_mode((1280, 800))
    yield surface
    pygame.display.quit()


def make_hud(screen, battle, size=(1280, 800), **kw):
    pygame.event.get()      # dropped (clear() would keep pygame_gui's event dicts alive)
    manager = make_manager(size)
    controller = FakeController(battle, **kw)
    hud = Hud(manager, controller)
    manager.update(0.01)
    return hud, manager, controller


def duel() -> Battle:
    return Battle(load_map("maps/duel.tmx"), seed=1, controllers=HUMANS)


def melee() -> Battle:
    units = [dict(name="Wulfric", unit="fighter", team="blue", col=3, row=3),
             dict(name="Orc 1", unit="orc", team="red", col=4, row=3),
             dict(name="Orc 2", unit="orc", team="red", col=2, row=3)]
    return Battle(make_hexmap(10, 8, units=units, teams=["blue", "red"]), seed=3,
                  controllers=HUMANS)


def decline_defense(b) -> None:
    """The target is a human player's: it is asked about an active defense; it declines."""
    if b.pending is not None and b.pending.kind == "defense":
        assert b.apply(C.React(b.pending.reactor, accept=False)).ok


def press(hud, button) -> bool:
    event = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {"ui_element": button,
                                                               "ui_object_id": "x"})
    return hud.process_event(event)


def click(hud, manager, pos) -> list:
    """A real left click at `pos` through the UIManager; returns what the HUD handled."""
    handled = []
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        data = {"pos": pos, "button": 1} if kind != pygame.MOUSEMOTION else \
            {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)}
        event = pygame.event.Event(kind, data)
        manager.process_events(event)
        hud.process_event(event)
        manager.update(0.01)
    for event in pygame.event.get():
        manager.process_events(event)
        if hud.process_event(event):
            handled.append(event)
    return handled


# ---- actions -------------------------------------------------------------------------------

def test_end_turn_button_event_calls_the_controller_and_changes_the_battle(screen):
    b = duel()
    hud, manager, ctl = make_hud(screen, b)
    first, events = b.active, len(b.events)
    assert press(hud, hud.action_buttons["end_turn"])
    assert ctl.calls == [("do_action", "end_turn")]
    assert b.active != first and len(b.events) > events
    assert any(isinstance(e, E.TurnEnded) and e.unit == first for e in b.events)


def test_a_real_click_on_end_turn(screen):
    b = duel()
    hud, manager, ctl = make_hud(screen, b)
    first = b.active
    handled = click(hud, manager, hud.action_buttons["end_turn"].rect.center)
    assert any(e.type == pygame_gui.UI_BUTTON_PRESSED for e in handled)
    assert ("do_action", "end_turn") in ctl.calls
    assert b.budget(first).acted and b.awaiting() == "choice"
    # the HUD follows: every action now waits for the choice
    assert not hud.action_buttons["end_turn"].is_enabled


def test_disabled_buttons_carry_their_reason(screen):
    b = duel()
    hud, manager, ctl = make_hud(screen, b)
    stand = hud.action_buttons["stand_up"]
    assert not stand.is_enabled
    assert "Not prone" in stand.tool_tip_text
    assert hud.action_buttons["end_turn"].is_enabled
    # pygame_gui shows no tooltip on a disabled button: the HUD's own hint does
    hud.pointer_at(stand.rect.center)
    assert hud.tip is not None and "Not prone" in hud.tip.html_text
    assert hud.tip.rect.bottom <= stand.rect.top
    # pressing it does nothing but say why
    assert not hud.do_action("stand_up")
    assert ("do_action", "stand_up") not in ctl.calls
    assert "Not prone" in ctl.model.message


def test_not_your_turn(screen):
    b = duel()
    hud, manager, ctl = make_hud(screen, b, human=False)
    assert all(not button.is_enabled for button in hud.action_buttons.values())
    assert all("Not your turn" in button.tool_tip_text for button in hud.action_buttons.values())


def test_action_bar_shows_hotkeys_and_the_mode(screen):
    b = duel()
    hud, manager, ctl = make_hud(screen, b)
    assert hud.action_buttons["move"].text.startswith("1")
    assert hud.action_buttons["end_turn"].text.startswith("E")
    ctl.model.mode = "run"
    hud.refresh()
    assert hud.action_buttons["run"].is_selected
    assert not hud.action_buttons["move"].is_selected


def test_hotkeys():
    assert HOTKEYS[pygame.K_1] == "move" and HOTKEYS[pygame.K_0] == "drop_prone"
    assert HOTKEYS[pygame.K_r] == "retreat" and HOTKEYS[pygame.K_i] == "prepare_interrupt"
    assert HOTKEYS[pygame.K_e] == "end_turn" and HOTKEYS[pygame.K_4] == "step"
    assert sorted(set(HOTKEYS.values())) == sorted(
        ["move", "run", "charge", "step", "attack", "aim", "fight_defensively", "power_attack",
         "stand_up", "drop_prone", "retreat", "prepare_interrupt", "ignore_enemy", "defer",
         "end_turn", "draw_weapon", "sheathe_weapon", "pick_up", "protect", "trade_spaces",
         "use_ability", "more"])


# ---- the log -------------------------------------------------------------------------------

def test_log_shows_attack_lines_and_their_breakdown_on_expand(screen):
    b = melee()
    hud, manager, ctl = make_hud(screen, b)
    me = b.active
    foe = "Wulfric" if me != "Wulfric" else "Orc 1"
    assert b.apply(C.Attack(me, target=foe)).ok
    decline_defense(b)
    hud.refresh()
    rolled = next(e for e in b.events if isinstance(e, E.AttackRolled))
    index = next(n for n, entry in enumerate(hud.log) if rolled in entry.events)
    entry = hud.log[index]
    assert entry.text.startswith(f"{me} hits {foe}") or entry.text.startswith(f"{me} misses")
    assert entry.text in hud.combat_log.shown_html()
    assert rolled.breakdown not in hud.combat_log.shown_html()
    event = pygame.event.Event(pygame_gui.UI_TEXT_BOX_LINK_CLICKED,
                               {"link_target": f"log:{index}", "ui_element": hud.log_box})
    assert hud.process_event(event)
    assert index in hud.expanded
    assert rolled.breakdown.split(" (RULES")[0] in hud.combat_log.shown_html()
    assert hud.process_event(event)             # a second click folds it again
    assert rolled.breakdown.split(" (RULES")[0] not in hud.combat_log.shown_html()


def test_hovering_a_log_line_highlights_its_creatures(screen):
    b = melee()
    hud, manager, ctl = make_hud(screen, b)
    assert b.apply(C.Attack(b.active, target="Wulfric" if b.active != "Wulfric" else "Orc 1")).ok
    decline_defense(b)
    hud.refresh()
    manager.update(0.01)
    box = hud.log_box
    found = None
    for y in range(box.rect.top + 2, box.rect.bottom - 2, 3):
        for x in range(box.rect.left + 20, box.rect.right - 30, 25):
            href = hud.combat_log.href_at((x, y))
            if href and hud.log[int(href[4:])].kind in ("attack", "critical", "miss"):
                found = (x, y), int(href[4:])
                break
        if found:
            break
    assert found, "no attack line under any point of the log"
    pos, index = found
    motion = pygame.event.Event(pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0),
                                                     "buttons": (0, 0, 0)})
    assert hud.process_event(motion)             # over a panel: not for the board
    assert ctl.model.highlighted == set(hud.log[index].units)
    away = pygame.event.Event(pygame.MOUSEMOTION, {"pos": hud.board_rect().center,
                                                   "rel": (0, 0), "buttons": (0, 0, 0)})
    assert not hud.process_event(away)
    assert ctl.model.highlighted == set()


# ---- initiative ------------------------------------------------------------------------------

def test_initiative_tracker_marks_and_picks(screen):
    b = duel()
    hud, manager, ctl = make_hud(screen, b)
    first = b.active
    assert "@init_active" in hud.init_buttons[first].get_class_ids()
    assert press(hud, hud.action_buttons["end_turn"])
    picks = [e.name for e in hud.entries if e.can_pick]
    assert picks and first not in picks
    for name in picks:
        assert "@init_pick" in hud.init_buttons[name].get_class_ids()
        assert "pick" in hud.init_buttons[name].text
    assert "@init_acted" in hud.init_buttons[first].get_class_ids()
    chosen = picks[-1]
    assert press(hud, hud.init_buttons[chosen])
    assert ("choose_next", chosen) in ctl.calls
    assert b.active == chosen
    assert "@init_active" in hud.init_buttons[chosen].get_class_ids()


def test_clicking_a_creature_that_cannot_be_picked_selects_it(screen):
    b = duel()
    hud, manager, ctl = make_hud(screen, b)
    other = next(n for n in b.order if n != b.active)
    assert press(hud, hud.init_buttons[other])
    assert ("select", other) in ctl.calls
    assert hud.card_unit() == other
    assert other in hud.card_name.text


# ---- prompt, message, tooltip --------------------------------------------------------------------

def provoke(b: Battle) -> None:
    """Orc 1 walks away from Wulfric (blue, human: asked before its AOO)."""
    from game.engine import turns
    for _ in range(20):
        if b.active == "Orc 1":
            break
        if b.awaiting() == "choice":
            options = turns.candidates(b)
            b.apply(C.ChooseNext(b.chooser, next="Orc 1" if "Orc 1" in options else options[0]))
        else:
            b.apply(C.EndTurn(b.active))
    assert b.apply(C.Move("Orc 1", path=((5, 3), (6, 3)), confirm=True)).ok
    assert b.awaiting() == "reaction" and b.pending.reactor == "Wulfric"


def test_aoo_prompt_names_the_player_and_answers(screen):
    b = melee()
    provoke(b)
    hud, manager, ctl = make_hud(screen, b)
    assert hud.prompt_visible and hud.accept_button is not None
    assert "Blue player" in hud.prompt_box.html_text
    assert "Wulfric" in hud.prompt_title.text
    assert press(hud, hud.accept_button)
    assert ("react", True) in ctl.calls
    assert b.awaiting() != "reaction"
    assert any(isinstance(e, E.AttackRolled) and e.kind == "aoo" for e in b.events)
    assert not hud.prompt_visible


def test_aoo_prompt_keys(screen):
    b = melee()
    provoke(b)
    hud, manager, ctl = make_hud(screen, b)
    assert hud.process_event(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_n}))
    assert ("react", False) in ctl.calls
    assert any(isinstance(e, E.ReactionDeclined) for e in b.events)


def test_message_line_and_confirmation(screen):
    b = duel()
    hud, manager, ctl = make_hud(screen, b)
    ctl.model.message = "The path provokes Grik"
    ctl.model.pending = C.EndTurn(b.active)
    hud.refresh()
    assert hud.message_label.text == "The path provokes Grik"
    assert hud.confirm_button.visible and hud.cancel_button.visible
    assert press(hud, hud.confirm_button)
    assert ("confirm",) in ctl.calls
    assert press(hud, hud.cancel_button)
    assert ("cancel",) in ctl.calls and not hud.cancel_button.visible


def test_attack_preview_tooltip_beside_the_pointer(screen):
    b = melee()
    hud, manager, ctl = make_hud(screen, b)
    me = b.active
    foe = "Wulfric" if me != "Wulfric" else "Orc 1"
    ctl.model.attack = attack_preview(b.view(), me, foe)
    pos = hud.board_rect().center
    hud.pointer_at(pos)
    assert hud.tip is not None
    assert f"Hit {ctl.model.attack.hit_chance * 100:.0f}%" in hud.tip.html_text
    assert hud.tip.rect.left >= pos[0] and pygame.Rect((0, 0), (1280, 800)).contains(
        hud.tip.rect)
    ctl.model.attack = None
    hud.pointer_at(pos)
    assert hud.tip is None


def test_a_tip_crowded_off_the_pointer_goes_to_a_corner_of_the_board_not_over_the_panels(screen):
    """Labels on every side of the pointer (a path's, the creatures' names): the tip takes a
    corner of the board's free middle, not the window's, which the top bar and the
    initiative list fill."""
    b = melee()
    hud, manager, ctl = make_hud(screen, b)
    ctl.model.refusal = "out of reach"
    pos = hud.board_rect().center
    hud.keep_clear = [pygame.Rect(pos[0] - 360, pos[1] - 90, 720, 180)]
    hud.pointer_at(pos)
    assert hud.tip is not None and "Cannot attack" in hud.tip.html_text
    assert hud.board_rect().contains(hud.tip.rect)
    assert not hud.tip.rect.colliderect(hud.keep_clear[0])
    assert not any(hud.tip.rect.colliderect(hud.rects[k]) for k in ("top", "initiative"))


def test_top_bar_says_round_and_whose_turn(screen):
    b = duel()
    hud, manager, ctl = make_hud(screen, b)
    assert hud.round_label.text == "Round 1"
    assert f"{b.active}'s turn" in hud.turn_label.text
    assert "2 Big" in hud.turn_label.text


# ---- layout ---------------------------------------------------------------------------------

@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080), (1024, 700)])
def test_layout_keeps_panels_inside_and_apart(screen, size):
    b = melee()
    provoke(b)                                   # the prompt is up too
    hud, manager, ctl = make_hud(screen, b, size=size)
    window = pygame.Rect((0, 0), size)
    rects = {k: p.rect for k, p in hud.panels.items() if p.visible}
    assert {"top", "initiative", "card", "log", "message", "actions", "prompt"} <= set(rects)
    for key, rect in rects.items():
        assert window.contains(rect), (key, rect)
    keys = sorted(rects)
    for n, a in enumerate(keys):
        for other in keys[n + 1:]:
            assert not rects[a].colliderect(rects[other]), (a, other)
    bar = hud.panels["actions"].rect
    buttons = list(hud.action_buttons.values())
    for n, button in enumerate(buttons):
        assert bar.contains(button.rect)
        assert all(not button.rect.colliderect(o.rect) for o in buttons[n + 1:])
    init = hud.panels["initiative"].rect
    assert all(init.contains(button.rect) for button in hud.init_buttons.values())
    assert len(hud.init_buttons) == 3
    board = hud.board_rect()
    assert board.width > size[0] // 3 and board.height > size[1] // 3
    assert not any(board.colliderect(r) for k, r in rects.items() if k != "prompt")


def test_relayout_on_resize(screen):
    b = duel()
    hud, manager, ctl = make_hud(screen, b)
    hud.layout((1920, 1080))
    assert tuple(manager.window_resolution) == (1920, 1080)
    assert hud.panels["log"].rect.right <= 1920 and hud.panels["log"].rect.right > 1500
    assert compute_layout((1920, 1080))["card"] == hud.panels["card"].rect


def test_draws_a_frame(screen, tmp_path):
    b = melee()
    hud, manager, ctl = make_hud(screen, b)
    ctl.model.attack = attack_preview(b.view(), b.active,
                                      "Wulfric" if b.active != "Wulfric" else "Orc 1")
    hud.refresh()
    manager.update(0.05)
    surface = pygame.Surface((1280, 800))
    surface.fill((40, 60, 40))
    manager.draw_ui(surface)
    pygame.image.save(surface, str(tmp_path / "hud.png"))
    assert (tmp_path / "hud.png").stat().st_size > 10_000
    assert THEME_PATH.is_file()


def test_the_hud_drives_the_real_controller(screen):
    from game.ui.controller import GameController
    b = duel()
    controller = GameController(b)
    manager = make_manager((1280, 800))
    hud = Hud(manager, controller)
    first = b.active
    assert hud.state_of("end_turn").enabled
    assert press(hud, hud.action_buttons["end_turn"])
    assert b.active != first


def test_policies_set_at_the_start_are_settings_not_log_lines():
    from game.ui.app import play_app
    from game.ui.settings import Settings
    skirmish = os.path.join(os.path.dirname(os.path.dirname(__file__)), "maps",
                            "skirmish.tmx")
    a = play_app(skirmish, sides="human,ai", seed=5, window=False,
                 settings=Settings(aoo_policy="always", end_warning=False))
    a.battle_screen.set_policy("always")             # the setting, applied at the start
    for _ in range(120):                             # the computer's creatures opt in too
        if a.controller.is_human_turn():
            if a.battle.round > 1:
                break
            from game.ui.autoplay import fallback
            assert a.controller.send(fallback(a.battle, a.battle.decider()[1])).ok
        a.update(0.5)
    hud = a.battle_screen.hud
    hud.refresh(force=True)
    assert any(isinstance(e, E.PolicySet) for e in a.battle.events)
    policy = [x for x in hud.log if any(isinstance(e, E.PolicySet) for e in x.events)]
    assert policy == [], [x.text for x in policy]
    lines = len(hud.log)
    a.battle_screen.set_policy("never")              # a person's own change mid-battle
    hud.refresh(force=True)
    new = hud.log[lines:]
    assert len(new) == 1 and "never" in new[0].text and len(new[0].text) < 100


def test_the_log_follows_new_lines_unless_the_player_scrolled_up_a_moment_ago(screen):
    from game.ui import autoplay
    from game.ui.hud import LOG_HOLD_S
    b = duel()
    hud, manager, ctl = make_hud(screen, b)
    now = [100.0]
    hud.clock = lambda: now[0]

    def more_lines(n=12):
        for _ in range(n):
            name = b.decider()[1]
            if b.awaiting() == "over" or name is None:
                break
            if not b.apply(autoplay.command_for(b, name)).ok:
                assert b.apply(autoplay.fallback(b, name)).ok
        hud.refresh()
        manager.update(0.01)

    def following() -> bool:
        bar = hud.log_box.scroll_bar
        return bar is None or bar.start_percentage + bar.visible_percentage >= 0.99

    more_lines(40)
    assert hud.log_box.scroll_bar is not None and following()
    hud.log_box.scroll_bar.set_scroll_from_start_percentage(0.0)    # the player scrolls up
    manager.update(0.01)
    hud.process_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=hud.log_box.rect.center,
                                         button=1))
    now[0] += 1.0
    more_lines()
    assert not following()                       # reading: the log stays where it is
    now[0] += LOG_HOLD_S + 1.0
    more_lines()
    assert following()                           # a while later: it follows again


def test_when_the_computer_picks_who_acts_next_nobody_is_asked_to_click(screen):
    b = duel()
    hud, manager, ctl = make_hud(screen, b, human=False)    # the computer decides
    assert b.apply(C.EndTurn(b.active)).ok
    assert b.awaiting() == "choice"
    hud.refresh()
    assert "click" not in hud.init_hint.text
    assert b.chooser in hud.init_hint.text                  # who picks is still said
    for name, button in hud.init_buttons.items():
        assert "@init_pick" not in button.get_class_ids(), name
        assert "pick" not in button.text
    assert not any(e.can_pick for e in hud.entries)


def test_new_log_lines_are_added_under_the_others_and_the_text_is_cut_now_and_then(monkeypatch):
    """The combat log adds only the new lines to its text box; past LOG_MAX_LINES +
    LOG_SLACK_LINES it sets the whole text again, cut to the last LOG_MAX_LINES; either way
    the box ends with the log's newest line."""
    from game import paths
    from game.ui import settings as prefs
    from game.ui.panels import combat_log
    monkeypatch.setattr(combat_log, "LOG_MAX_LINES", 12)
    monkeypatch.setattr(combat_log, "LOG_SLACK_LINES", 6)
    b = Battle(load_map(paths.shipped_map("duel")), seed=3,
               controllers={"blue": "ai", "red": "ai"})
    a = shared_app(b, (1280, 800), animations=False,
                   settings=prefs.Settings(end_warning=False))
    log, cuts, appended = a.hud.combat_log, 0, 0
    for _ in range(40):
        before = log.in_box
        a.update(0.5)
        shown = log.shown_html().split("<br>")
        cuts += log.in_box < before
        appended += log.in_box > before and log.box.appended_text != ""
        assert len(shown) == log.in_box <= 18
        assert shown[-1] == log.html().split("<br>")[-1]
    assert cuts and appended, (cuts, appended)
