"""The screens around a battle, headless (SDL_VIDEODRIVER=dummy) and driven by synthetic
events through `App.handle_event`: the game setup screen, `python -m game play MAP --sides`,
the result screen with Play again and Back to setup, the threat heat map (H), and the pure
helpers of `game.ui.setup_model` (sides, seeds, the battle summary from events; docs/rules/12-winning.md).

Assertions are on state (the app's mode, the battle it made, what a frame drew), never on
timing: time passes only through `App.update(dt)` with explicit values.
"""
from __future__ import annotations

import logging
import os
import types

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.cli import main as cli_main  # noqa: E402
from game.engine import commands as C  # noqa: E402
from game.engine import events as E  # noqa: E402
from game.errors import InputError  # noqa: E402
from game.ui import battle_board  # noqa: E402
from game.ui import setup_model as S  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.screens import ResultScreen, SetupScreen  # noqa: E402
from test_ui_controller import battle_on  # noqa: E402
from tests.helpers import shared_app  # noqa: E402

MAPS = os.path.join(os.path.dirname(os.path.dirname(__file__)), "maps")
DUEL = os.path.join(MAPS, "duel.tmx")
SHIPPED = {"Battle of the ford", "Crossroads duel", "The ruined mill", "The old bridge",
           "Four banners", "The burning shrine", "The river keep", "Hold the old bridge",
           "Riders at the ford"}


# ---- driving the real UI -----------------------------------------------------------------------

def pump(app, rounds: int = 6) -> None:
    """Feed back what pygame_gui posted (button presses, list selections, ...)."""
    for _ in range(rounds):
        events = pygame.event.get()
        if not events:
            return
        for e in events:
            app.handle_event(e)


def click_at(app, pos) -> None:
    pygame.event.get()      # dropped (clear() would keep pygame_gui's event dicts alive)
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                        buttons=(0, 0, 0)))
    app.update(0.05)
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    pump(app)
    app.update(0.05)
    pump(app)


def click(app, widget) -> None:
    click_at(app, widget.rect.center)


def key(app, k, text: str = "") -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text,
                                        scancode=0))
    app.handle_event(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=text,
                                        scancode=0))
    app.update(0.05)


def type_text(app, text: str) -> None:
    for ch in text:
        app.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    pump(app)
    app.update(0.05)
    pump(app)


def map_item(screen: SetupScreen, title: str):
    """The button of the map `title`, the list scrolled to show it (more maps than fit)."""
    sl = screen.map_list
    index = next(n for n, i in enumerate(sl.item_list) if i["text"].split(" · ")[0] == title)
    if sl.scroll_bar is not None:
        sl.scroll_bar.set_scroll_from_start_percentage(
            index * sl.list_item_height / sl.total_height_of_list)
        sl.update(0.0)
    return sl.item_list[index]["button_element"]


@pytest.fixture
def setup_app():
    a = shared_app(None, (1280, 800), animations=False)
    yield a
    a._end_battle()


# ---- the setup screen ----------------------------------------------------------------------------

def test_the_setup_screen_lists_the_shipped_maps_with_their_titles(setup_app):
    a = setup_app
    assert a.mode == "setup" and isinstance(a.view, SetupScreen)
    titles = [i["text"].split(" · ")[0] for i in a.view.map_list.item_list]
    assert set(titles) == SHIPPED
    assert a.view.map.title == "The ruined mill"          # the default map is preselected
    a.update(0.05)
    assert a.draw() and a.drawn == "setup"
    shown = a.view.texts()
    assert SHIPPED <= {t.split(" · ")[0] for t in shown}
    assert any("Flat-top hexes. Hold the ruined mill" in t for t in shown)   # description
    assert a.view.thumbnail.image.get_width() > 300                  # the renderer's picture
    assert [(s.team, s.spec) for s in a.view.sides] == [("blue", "human"), ("red", "ai")]


def test_choosing_the_optional_critical_rules_on_the_setup_screen(setup_app):
    """Killer Criticals and Perfect Critical are a battle's choice (rules: Special attacks
    and archery): the menu shows the map's default, the chosen rules reach the battle, and
    Play again keeps them."""
    a = setup_app
    v = a.view
    assert v.critical_rules == "standard" and v.criticals is None
    click(a, v.criticals_menu)
    options = v.criticals_menu.current_state.options_selection_list
    option = next(i["button_element"] for i in options.item_list
                  if i["text"].startswith("Killer Criticals"))
    click(a, option)
    assert v.critical_rules == "killer" and v.current().criticals == "killer"
    assert any("10% of the target" in t for t in v.texts())
    click(a, v.start_button)
    assert a.mode == "battle" and a.battle.ruleset.criticals == "killer"
    assert a.setup.criticals == "killer"


def light_duel(folder) -> str:
    """The duel map with the map property rules = light, in `folder`."""
    text = open(DUEL, encoding="utf-8").read()
    text = text.replace("../assets/", os.path.join(os.path.dirname(MAPS), "assets") + "/")
    text = text.replace('value="Crossroads duel"/>', 'value="Light duel"/>\n'
                        '  <property name="rules" value="light"/>')
    path = os.path.join(folder, "light_duel.tmx")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def test_the_rules_menu_starts_from_the_maps_rules_and_reaches_the_battle(tmp_path):
    """The rulebook (docs/mapping.md "Rule profiles"): the menu shows the map's own, a line
    says what the chosen rulebook is like, the choices only the hex-native rules have are
    greyed out under the light rules, and the choice reaches the battle and Play again."""
    light_duel(tmp_path)
    a = shared_app(None, (1280, 800), animations=False, maps_dir=tmp_path)
    v = a.view
    assert v.rulebook == "lfg" and v.rules is None and v.initiative_menu.is_enabled
    assert any(S.RULES_TEXT["lfg"] in t for t in v.texts())
    v.select_map("Light duel")
    v = a.view
    assert v.rulebook == "light" and v.rules is None and v.current().rules is None
    assert v.rules_menu.selected_option[0] == "Light rules (map default)"
    assert any(S.RULES_TEXT["light"] in t for t in v.texts())
    assert not v.initiative_menu.is_enabled and not v.criticals_menu.is_enabled
    assert any("Not used by the light rules" in t for t in v.texts())
    click(a, v.rules_menu)
    options = v.rules_menu.current_state.options_selection_list
    click(a, next(i["button_element"] for i in options.item_list
                  if i["text"] == "Hex-native rules"))
    v = a.view
    assert v.rulebook == "lfg" and v.current().rules == "lfg" and v.initiative_menu.is_enabled
    v.select_map("Crossroads duel")          # the choice outlives a map switch
    assert a.view.rulebook == "lfg" and a.view.current().rules is None
    a.view.set_rules("light")
    click(a, a.view.start_button)
    assert a.mode == "battle" and a.battle.profile.name == "light"
    assert a.setup.rules == "light" and "--rules light" in a.setup.command_line(1)
    a._end_battle()


def test_choosing_a_map_sides_initiative_and_seed_then_start_makes_that_battle(setup_app):
    a = setup_app
    a.view.map_list.scroll_bar.set_scroll_from_start_percentage(0.0)   # the player scrolls up
    a.update(0.05)
    click(a, map_item(a.view, "Crossroads duel"))
    v = a.view
    assert v.map.title == "Crossroads duel"
    assert [t for t in v.texts() if "orc-led raiding party" in t]
    # one row per team of the map: blue stays human, red becomes the hard computer
    assert {team for team, _ in v.side_buttons} == {"blue", "red"}
    click(a, v.side_buttons[("red", "hard")])
    assert [s.spec for s in v.sides] == ["human", "ai:hard"]
    # initiative: the map's mode is the default; open the menu and take top-down
    assert v.initiative_mode == "selective" and v.initiative is None
    click(a, v.initiative_menu)
    options = v.initiative_menu.current_state.options_selection_list
    option = next(i["button_element"] for i in options.item_list
                  if i["text"].startswith("Top-down"))
    click(a, option)
    assert v.initiative_mode == "top-down"
    # the seed: click the entry, type
    click(a, v.seed_entry)
    type_text(a, "4242")
    assert v.seed_text == "4242"
    click(a, v.start_button)
    assert a.mode == "battle" and a.view is None
    b = a.battle
    assert os.path.samefile(b.hexmap.path, DUEL)
    assert b.controllers == {"blue": "human", "red": "ai"}
    assert a.controller.difficulties == {"red": "hard"}
    assert a.controller.human_teams == {"blue"}
    assert b.seed == 4242 and b.initiative_mode == "top-down"
    assert a.setup.fixed_seed and a.setup.sides[1].difficulty == "hard"
    a.update(0.05)
    assert a.draw() and a.drawn == "board"


def test_an_empty_seed_is_taken_from_the_clock_and_shown(setup_app, monkeypatch):
    a = setup_app
    monkeypatch.setattr(S, "clock_seed", lambda clock=None: 789_012)
    click(a, a.view.start_button)
    assert a.mode == "battle" and a.battle.seed == 789_012
    assert str(a.battle.seed) in a.model.message and not a.setup.fixed_seed
    assert str(a.battle.seed) in pygame.display.get_caption()[0]


def test_setup_switches_maps_keeping_each_places_controller(setup_app):
    a = setup_app
    v = a.view
    v.set_side("blue", "easy")
    v.set_side("red", "human")
    v.select_map("Battle of the ford")
    assert [s.spec for s in a.view.sides] == ["ai:easy", "human"]
    assert a.view.map.creatures == {"blue": 7, "red": 9}


def test_play_map_sides_human_human_goes_straight_to_the_battle(monkeypatch):
    made = []

    def fake_run(self):
        made.append(self)
        return 0
    monkeypatch.setattr(App, "run", fake_run)
    monkeypatch.setattr(pygame, "quit", lambda: None)        # later tests keep their display
    assert cli_main(["play", DUEL, "--sides", "human,human", "--seed", "7"]) == 0
    a = made[0]
    assert a.mode == "battle" and a.view is None
    assert a.battle.controllers == {"blue": "human", "red": "human"}
    assert a.battle.seed == 7 and a.setup.fixed_seed
    assert a.controller.human_teams == {"blue", "red"}
    # ai levels and the initiative go through as well
    assert cli_main(["play", DUEL, "--sides", "ai:easy,human", "--initiative",
                     "round-by-round"]) == 0
    b = made[1]
    assert b.battle.controllers == {"blue": "ai", "red": "human"}
    assert b.controller.difficulties == {"blue": "easy"}
    assert b.battle.initiative_mode == "round-by-round"
    # no map, no sides: the setup screen, with --seed preset
    assert cli_main(["play", "--seed", "99"]) == 0
    assert made[2].mode == "setup" and made[2].view.seed_text == "99"
    for x in made:
        x._end_battle()


@pytest.mark.parametrize("args, words", [
    (["--sides", "human,robot"], "--sides"),
    (["--sides", "human"], "--sides"),
    (["--sides", "human,ai,ai"], "one controller per team"),
    (["--sides", "ai:insane,human"], "ai:hard"),
    (["--initiative", "chaos"], "--initiative"),
])
def test_bad_play_arguments_are_one_line_and_exit_2(args, words, capsys, monkeypatch):
    monkeypatch.setattr(App, "run", lambda self: pytest.fail("the window must not open"))
    rc = cli_main(["play", DUEL, *args])
    err = capsys.readouterr().err
    assert rc == 2 and words in err and err.count("\n") == 1, err


@pytest.fixture
def ai_logger():
    log = logging.getLogger("game.ai")
    level, handlers = log.level, list(log.handlers)
    yield log
    log.setLevel(level)
    log.handlers[:] = handlers


def test_ai_debug_sets_the_game_ai_logger_to_debug(monkeypatch, ai_logger):
    monkeypatch.setattr(App, "run", lambda self: 0)
    monkeypatch.setattr(pygame, "quit", lambda: None)
    assert cli_main(["play", DUEL, "--sides", "human,ai", "--seed", "3", "--ai-debug"]) == 0
    assert ai_logger.level == logging.DEBUG and ai_logger.handlers
    # simulate: logging configuration only, run_simulate is called as before
    ai_logger.setLevel(logging.WARNING)
    ai_logger.handlers[:] = []
    calls = []
    import game.ai.simulate as simulate
    monkeypatch.setattr(simulate, "run_simulate",
                        lambda *a, **k: calls.append((a, k, ai_logger.level)) or 0)
    assert cli_main(["simulate", DUEL, "--sides", "ai,ai", "--games", "1",
                     "--ai-debug"]) == 0
    (args, kwargs, level), = calls
    assert level == logging.DEBUG and "ai_debug" not in kwargs
    assert set(kwargs) == {"games", "seed", "jobs", "as_json", "backend", "ray_address",
                           "rules", "fog"}


# ---- the result screen -----------------------------------------------------------------------

def finishing_battle(seed: int = 5):
    """Wulfric (blue fighter) beside a 1-HP goblin that cannot move away: the first hit
    ends the battle."""
    return battle_on([
        dict(name="Wulfric", unit="fighter", team="blue", col=2, row=3),
        dict(name="Snag", unit="goblin", team="red", col=3, row=3, facing=3,
             overrides={"hp": 1, "speed": 0}),
    ], seed=seed, controllers={"blue": "human", "red": "ai"})


def fight_to_the_end(a, rounds: int = 40) -> None:
    """Wulfric attacks whenever it is his turn (synthetic clicks on the goblin); the
    computer plays red; until the battle is over."""
    from test_ui_app import click as click_cell
    for _ in range(rounds):
        if a.battle.awaiting() == "over":
            break
        if a.controller.is_human_turn():
            b = a.battle
            if b.awaiting() == "turn" and b.budget(b.active).big > 0 and "Snag" in b.eids:
                click_cell(a, b.cell(b.unit("Snag").anchor))
            if b.awaiting() == "turn" and b.winner is None:
                key(a, pygame.K_e)
            if b.awaiting() == "choice":
                a.controller.choose_next(a.model.choice_candidates[0])
        a.update(0.5)
    assert a.battle.awaiting() == "over"


def test_the_result_screen_appears_when_a_side_wins():
    b = finishing_battle()
    a = shared_app(b, (1280, 800), animations=False)
    fight_to_the_end(a)
    assert a.battle.winner == "blue"
    a.update(0.1)
    assert a.mode == "battle"                 # the last blow stays on screen a moment
    a.update(1.0)
    assert a.mode == "result" and isinstance(a.view, ResultScreen)
    s = a.summary
    assert s.winner == "blue" and s.rounds == b.round >= 1
    assert s.losses == {"blue": 0, "red": 1}
    assert s.damage["blue"] >= 1 and s.dramatic is not None
    assert s.dramatic.attacker == "Wulfric" and s.dramatic.target == "Snag" and s.dramatic.felled
    texts = a.view.texts()
    assert "Blue wins!" in texts
    assert any(f"{s.rounds} round" in t for t in texts)
    assert "1 of 1 (1 dead)" in texts and "0 of 1" in texts   # out of the fight per side
    assert any("Wulfric" in t and "Snag fell" in t for t in texts)   # the dramatic roll
    assert a.draw() and a.drawn == "result"


def test_play_again_and_back_to_setup(monkeypatch):
    hexmap_battle = S.start_battle(S.Setup(DUEL, (S.Side("blue"), S.Side("red", "ai")),
                                           None, 11))
    a = shared_app(hexmap_battle, (1280, 800), animations=False,
                   setup=S.Setup(DUEL, (S.Side("blue"), S.Side("red", "ai", "easy")), None, None))
    a.show_result()
    assert a.mode == "result" and a.view.headline == "No winner"   # not over
    monkeypatch.setattr(S, "clock_seed", lambda clock=None: 321)
    click(a, a.view.again_button)
    assert a.mode == "battle" and a.battle is not hexmap_battle
    assert os.path.samefile(a.battle.hexmap.path, DUEL)
    assert a.battle.seed == 321                                    # a new seed
    assert a.controller.difficulties == {"red": "easy"}
    a.show_result()
    click(a, a.view.setup_button)
    assert a.mode == "setup" and a.battle is None
    v = a.view
    assert v.map.title == "Crossroads duel" and [s.spec for s in v.sides] == ["human",
                                                                              "ai:easy"]
    # a fixed seed plays the same battle again
    v.set_seed_text("31")
    click(a, v.start_button)
    first = a.battle.state_hash()
    a.show_result()
    assert "(same seed)" in a.view.again_button.text
    key(a, pygame.K_RETURN)                                        # Enter = Play again
    assert a.mode == "battle" and a.battle.seed == 31 and a.battle.state_hash() == first
    a.show_result()
    key(a, pygame.K_ESCAPE)                                        # Esc = Back to setup
    assert a.mode == "setup"
    a._end_battle()


def test_a_map_that_fails_to_load_stays_on_the_setup_screen_with_the_reason(tmp_path):
    bad = tmp_path / "bad.tmx"
    bad.write_text("<map>")
    a = shared_app(None, (1280, 800), animations=False)
    assert a.start_setup(S.Setup(bad, (S.Side("blue"),))) is False
    assert a.mode == "setup" and "bad.tmx" in a.view.message


# ---- the threat heat map (H) -----------------------------------------------------------------

def test_h_toggles_the_threat_heat_map_cached_per_battle_version(monkeypatch):
    calls = []

    def threat_heatmap(view, team):
        calls.append((view.version, team))
        return {u.anchor: 3.0 for u in view.units}    # every creature's hex is hot

    monkeypatch.setattr(battle_board, "threat_heatmap", threat_heatmap)
    b = finishing_battle()
    a = shared_app(b, (1280, 800), animations=False)
    a.draw(force=True)
    static_before = a.board.static_builds
    key(a, pygame.K_h)
    assert a.heat and a.board.heat_team == "blue"
    a.draw()
    assert calls == [(b.version, "blue")] and a.board.heat_builds == 1
    assert a.board.static_builds == static_before + 1
    for _ in range(3):                                  # frames without change: no redraw
        a.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1),
                                          buttons=(0, 0, 0)))
        a.draw(force=True)
    assert len(calls) == 1 and a.board.heat_builds == 1
    b.apply(C.EndTurn("Wulfric"))                       # a new battle version: once more
    a.draw(force=True)
    assert len(calls) == 2 and a.board.heat_builds == 2
    key(a, pygame.K_h)
    assert not a.heat and a.board.heat_team is None


# ---- setup_model, pure ---------------------------------------------------------------------------

def test_parse_sides_maps_controllers_to_teams_in_order():
    sides = S.parse_sides("human, AI:hard", ["blue", "red"])
    assert [(s.team, s.kind, s.difficulty) for s in sides] == [("blue", "human", "normal"),
                                                               ("red", "ai", "hard")]
    assert S.controllers(sides) == {"blue": "human", "red": "ai"}
    assert S.difficulties(sides) == {"red": "hard"}
    assert S.sides_text(sides) == "human,ai:hard"
    assert S.sides_text(S.parse_sides(None, ["a", "b", "c"])) == "human,ai,ai"
    for bad in ("human", "human,ai,ai", "human,", "human,ai:nightmare", "human,bot"):
        with pytest.raises(InputError, match="--sides"):
            S.parse_sides(bad, ["blue", "red"])


def test_clock_seeds_are_short():
    assert S.clock_seed(lambda: 123_456_789_012) == 789_012
    assert 0 <= S.clock_seed() < S.CLOCK_SEEDS


def test_parse_seed():
    assert S.parse_seed("") is None and S.parse_seed("  ") is None and S.parse_seed(None) is None
    assert S.parse_seed(" 42 ") == 42
    for bad in ("x1", "-3", "1.5"):
        with pytest.raises(InputError, match="seed"):
            S.parse_seed(bad)


class FakeBattle:
    """What battle_summary reads: events, teams_of, round, winner, seed, hexmap.teams."""

    def __init__(self, events, teams_of, winner="blue", round_=3):
        self.events = events
        self.teams_of = teams_of
        self.winner = winner
        self.round = round_
        self.seed = 17
        self.hexmap = types.SimpleNamespace(teams=["blue", "red"])

    def view(self):
        raise RuntimeError("closed")


def attack(a, t, natural=12, critical=False, hit=True, weapon="longsword", kind="attack"):
    return E.AttackRolled(a, t, weapon, (natural,), natural, natural + 5, 15, hit,
                          critical, critical, "", kind)


def test_battle_summary_from_events():
    teams = {"Wulfric": "blue", "Mayat": "blue", "Orc": "red", "Goblin": "red"}
    events = [
        E.RoundStarted(1),
        attack("Orc", "Wulfric"), E.Damaged("Wulfric", 9, 8, "slashing", ""),
        attack("Wulfric", "Orc", natural=3, hit=False),
        E.RoundStarted(2),
        E.TurnStarted("Goblin", 2), E.Damaged("Goblin", 2, 1, "biological", "bleed"),
        attack("Mayat", "Goblin", natural=20, critical=True, weapon="longbow"),
        E.Damaged("Goblin", 7, -6, "piercing", "", True), E.ConditionAdded("Goblin", "dying"),
        E.Died("Goblin", (1, 1), "Mayat", "damage"),
        E.RoundStarted(3),
        attack("Wulfric", "Orc", natural=15), E.Damaged("Orc", 12, 3, "slashing", ""),
        attack("Wulfric", "Orc", natural=16), E.Damaged("Orc", 4, -1, "slashing", ""),
        E.ConditionAdded("Orc", "unconscious"),
        E.BattleWon("blue", 3),
    ]
    s = S.battle_summary(FakeBattle(events, teams))
    assert s.winner == "blue" and s.rounds == 3 and s.seed == 17
    assert s.losses == {"blue": 0, "red": 1}
    assert s.damage == {"blue": 7 + 12 + 4, "red": 9}            # bleeding counts for no one
    assert s.creatures == {"blue": 2, "red": 2}
    d = s.dramatic
    assert (d.attacker, d.target, d.amount, d.critical, d.felled, d.round) == \
        ("Mayat", "Goblin", 7, True, True, 2)
    assert "critical hit" in d.text and "Goblin fell" in d.text and "natural 20" in d.text
    assert s.lines()[0] == "Blue wins after 3 rounds"


def test_battle_summary_without_blood_has_no_dramatic_roll():
    s = S.battle_summary(FakeBattle([E.RoundStarted(1), attack("Orc", "Wulfric", hit=False)],
                                    {"Wulfric": "blue", "Orc": "red"}, winner="draw"))
    assert s.dramatic is None and s.winner == "draw" and s.damage == {"blue": 0, "red": 0}


def test_list_maps_reads_titles_teams_and_initiative():
    maps = {m.title: m for m in S.list_maps()}
    assert set(maps) == SHIPPED
    duel = maps["Crossroads duel"]
    assert duel.teams == ("blue", "red") and duel.initiative == "selective"
    assert duel.orientation == "pointy-top" and maps["The ruined mill"].orientation == "flat-top"
    assert duel.creatures == {"blue": 3, "red": 5}


def test_each_difficulty_button_says_what_that_computer_player_does(setup_app):
    from game.ai import DESCRIPTIONS
    v = setup_app.view
    for level in ("easy", "normal", "hard"):
        tip = v.side_buttons[("red", level)].tool_tip_text
        assert tip == DESCRIPTIONS[level] and len(set(DESCRIPTIONS.values())) == 3


def test_the_preselected_map_is_in_view_and_alike_titles_show_their_file_names(tmp_path):
    text = open(DUEL, encoding="utf-8").read().replace(
        "../assets/", os.path.join(os.path.dirname(MAPS), "assets") + "/")
    for name in ("duel_night.tmx", "duel_rain.tmx"):            # one title, two maps
        (tmp_path / name).write_text(text, encoding="utf-8")
    a = shared_app(None, (1280, 800), animations=False, maps_dir=tmp_path)
    v = a.view
    assert v.map.title == "The ruined mill" and len(v.maps) > 6
    a.update(0.05)
    chosen = next(i for i in v.map_list.item_list if i["selected"])
    assert "The ruined mill" in chosen["text"] and "skirmish.tmx" in chosen["text"]
    assert chosen["button_element"] is not None                # scrolled into view
    assert v.map_list.rect.contains(chosen["button_element"].rect)
    labels = [i["text"] for i in v.map_list.item_list]
    duels = [t for t in labels if t.startswith("Crossroads duel")]
    assert len(duels) == 3 and len(set(duels)) == 3
    assert any("duel_rain.tmx" in t for t in duels)
    a._end_battle()
