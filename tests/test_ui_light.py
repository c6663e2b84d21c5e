"""A battle of the light rules in the window (docs/rules/light/index.md): the action bar of its
profile, a turn played by clicks and keys through the same path the window uses, the light
creature's card, the K.O. and respawn, the Opportunity Attack prompt and the log's lines.

Battles are built on maps made in code with the light stat blocks (assets/units/light/); the
first d20s of a light battle are the initiative rolls, one per creature in the listed order
(20, then 1: the first listed acts first), then one per attack roll.
"""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ecs.scenario import make_hexmap  # noqa: E402
from game.engine import events as E  # noqa: E402
from game.engine.battle import Battle  # noqa: E402
from game.engine.light import commands as L  # noqa: E402
from game.tiled.hexmap import RespawnPoint, UnitPlacement  # noqa: E402
from game.ui import keys  # noqa: E402
from game.ui import light_play, more_mode  # noqa: E402
from game.ui import presenters as P  # noqa: E402
from game.ui.controller import GameController  # noqa: E402
from game.ui.light_presenters import LightCard  # noqa: E402

from test_ui_panels import real_hud  # noqa: E402
from test_ui_controller import battle_on  # noqa: E402
from tests.helpers import shared_app  # noqa: E402


def light_battle(*units, dice=(), respawns=(), lives=None, both_human=False, width=10,
                 height=8) -> Battle:
    """units: (name, kind, team, col, row); the first acts first; `dice` the d20s after the
    initiative rolls."""
    placements = [UnitPlacement(name, kind, team, col, row, 0 if team == "blue" else 3, {})
                  for name, kind, team, col, row in units]
    hexmap = make_hexmap(width, height, None, placements)
    hexmap.respawns = tuple(RespawnPoint(*r) for r in respawns)
    if lives is not None:
        hexmap.lives = lives
    rolls = [20] + [1] * (len(units) - 1) + list(dice)
    controllers = {"blue": "human", "red": "human" if both_human else "ai"}
    return Battle(hexmap, seed=0, rules="light", fixed_dice=[("d20", d) for d in rolls],
                  controllers=controllers)


def fighter_and_orc(**kw) -> Battle:
    """Aldric (blue fighter) at 2,3 and an orc four hexes east, out of its reach."""
    return light_battle(("Aldric", "fighter", "blue", 2, 3), ("Grok", "orc", "red", 6, 3), **kw)


def events_of(battle, kind) -> list:
    return [e for e in battle.events if isinstance(e, kind)]


# ---- the action bar ----------------------------------------------------------------------------

def test_a_light_battle_shows_the_light_bar_and_a_default_battle_the_default_one():
    light = fighter_and_orc()
    states = P.action_states(light, human=True)
    assert [s.action for s in states] == [row[0] for row in P.LIGHT_ACTIONS]
    by = {s.action: s for s in states}
    assert by["walk"].enabled and by["walk"].hotkey == "2" and by["walk"].label == "Walk"
    assert not by["get_up"].enabled and by["get_up"].reason == "Not Grounded"
    assert not by["light_attack"].enabled and by["light_attack"].reason == "No enemy in reach"
    assert "attack range" in by["walk"].description
    default = battle_on([dict(name="Wulfric", unit="fighter", team="blue", col=2, row=3),
                         dict(name="Orc", unit="orc", team="red", col=6, row=3)])
    assert [s.action for s in P.action_states(default, human=True)] == \
        [row[0] for row in P.ACTIONS]


def test_every_light_action_has_a_button_and_its_hotkey_is_the_one_the_button_shows():
    assert {row[0] for row in P.LIGHT_ACTIONS} == set(fighter_and_orc().profile.action_ids)
    bound = {action: pygame.key.name(k).upper() for k, action in
             keys.LIGHT_ACTION_KEYS.items() if k != pygame.K_END}
    assert bound == {row[0]: row[3] for row in P.LIGHT_ACTIONS}
    taken = set(keys.PAN_KEYS) | {k for k, what in keys.BATTLE_KEYS.items()
                                  if what in ("centre", "coordinates", "weapon", "confirm")}
    assert not taken & set(keys.LIGHT_ACTION_KEYS)


def test_an_action_without_a_target_says_why_in_the_engines_words():
    b = fighter_and_orc()
    b.apply(L.Block("Aldric"))
    by = {s.action: s for s in P.action_states(b, human=True)}
    assert by["block"].reason == "Major action used"
    assert "used its major action" in by["handle_equipment"].reason     # (the javelin)
    assert by["walk"].enabled


def test_light_conditions_get_badges_and_a_knock_out_none():
    from game.ui import sprites
    assert sprites.badge_labels({"burned": 2, "blocking": 1}) == ["Bu2", "Blk"]
    assert sprites.badge_labels({"airborne": 1, "poisoned": 3, "tripped": 1}) == \
        ["Air", "Tr", "Po3"]
    assert sprites.badge_labels({"ko": 1}) == []


def test_the_default_rules_keys_of_interrupts_do_nothing_in_a_light_battle():
    ctl = GameController(fighter_and_orc())
    ctl.cycle_trigger()
    assert "nothing can be prepared" in ctl.model.message


def test_an_unknown_refusal_code_shows_the_engines_sentence():
    class Refusal:
        code, reason = "something_new", "the engine's own words"
    assert P.short_reason("block", Refusal(), P.BAR_TABLES["light"]) == "The engine's own words"


# ---- a turn by clicks and keys ---------------------------------------------------------------

def _app(battle):
    app = shared_app(battle, (1280, 800), animations=False,
                     human_teams={t for t, k in battle.controllers.items() if k == "human"})
    app.update(0.0)
    return app


def _key(app, key: int) -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        app.handle_event(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))
    app.update(0.0)


def _click(app, cell) -> None:
    pos = tuple(round(v) for v in app.camera.to_screen(*app.board.centre(cell)))
    pygame.mouse.set_pos(pos)
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                        buttons=(0, 0, 0)))
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle_event(pygame.event.Event(kind, pos=pos, button=1, mod=0))
    app.update(0.0)


def test_a_light_turn_played_in_the_window_by_clicks_and_keys():
    """A click on a free hex walks there; 5 then a click on the orc makes a Light Attack;
    E ends the turn."""
    b = fighter_and_orc(dice=(15,))
    app = _app(b)
    try:
        _click(app, (5, 3))
        moved = events_of(b, E.Moved)
        assert moved and moved[-1].unit == "Aldric" and moved[-1].kind == "walk"
        assert b.cell(b.unit("Aldric").anchor) == (5, 3)
        _key(app, pygame.K_5)
        assert app.controller.model.mode == "more"
        assert app.controller.model.more.action == "light_attack"
        assert (6, 3) in app.controller.model.more.targets
        _click(app, (6, 3))
        attack = events_of(b, E.AttackRolled)[0]
        assert (attack.attacker, attack.target, attack.kind) == ("Aldric", "Grok", "light")
        assert app.controller.model.mode == "move"      # one click, one action
        _key(app, pygame.K_e)
        assert any(isinstance(e, E.TurnEnded) and e.unit == "Aldric" for e in b.events)
    finally:
        app.battle_screen.kill()


def test_hovering_an_enemy_in_light_attack_mode_shows_the_forecast_against_twice_speed():
    b = light_battle(("Aldric", "fighter", "blue", 2, 3), ("Grok", "orc", "red", 3, 3))
    ctl = GameController(b)
    ctl.do_action("light_attack")
    ctl.hover_cell((3, 3))
    hovered = ctl.model.more.hovered
    assert isinstance(hovered.option.command, L.LightAttack)
    assert hovered.forecast == b.forecast(hovered.option.command)
    assert "2 x speed" in hovered.forecast.lines[0] and "+5 light attack" in \
        hovered.forecast.lines[0]
    from game.ui.more_menu import forecast_html
    html = forecast_html("Light Attack", hovered,
                         light_play.command_words(b, hovered.option.command))
    assert "Grok with the Longsword" in html and "to hit" in html


def test_a_click_on_an_enemy_with_no_action_chosen_makes_a_volley_attack():
    b = light_battle(("Aldric", "fighter", "blue", 2, 3), ("Grok", "orc", "red", 3, 3),
                     dice=(12,))
    ctl = GameController(b)
    ctl.hover_cell((3, 3))
    assert ctl.model.more.hovered.action == "volley_attack"
    ctl.click_cell((3, 3))
    assert events_of(b, E.AttackRolled)[0].kind == "volley"


def test_an_enemy_out_of_reach_says_why_in_the_engines_words():
    b = fighter_and_orc()
    ctl = GameController(b)
    ctl.hover_cell((6, 3))
    assert ctl.model.more.hovered is None
    assert ctl.model.refusal == b.refusal(L.VolleyAttack("Aldric", target="Grok")).reason
    assert "reach" in ctl.model.refusal


def test_a_click_next_door_shifts_and_a_provoking_walk_waits_for_a_second_click():
    b = light_battle(("Aldric", "fighter", "blue", 2, 3), ("Grok", "orc", "red", 3, 3))
    ctl = GameController(b)
    ctl.hover_cell((1, 3))
    assert ctl.model.preview.kind == "shift" and ctl.model.preview.provokes == []
    far = (0, 3)            # two hexes away: a Walk, out of the orc's reach
    ctl.hover_cell(far)
    p = ctl.model.preview
    assert p.kind == "walk" and p.provokes and p.provokes[0][1] == ["Grok"]
    version = b.version
    ctl.click_cell(far)
    assert b.version == version and isinstance(ctl.model.pending, L.Walk)
    assert "provokes Grok" in ctl.model.message
    ctl.click_cell(far)
    assert events_of(b, E.Moved)[-1].kind == "walk"


def test_targetless_actions_are_sent_at_once_and_a_path_targets_its_last_hex():
    b = fighter_and_orc()
    ctl = GameController(b)
    ctl.do_action("block")
    assert "blocking" in b.unit("Aldric").conditions and ctl.model.mode == "move"
    walk = L.Walk("Aldric", path=((3, 3), (4, 3)))
    assert more_mode.target_cells(b, "Aldric", walk) == [(4, 3)]
    ctl.do_action("walk")
    assert ctl.model.more.action == "walk" and (4, 3) in ctl.model.more.targets
    assert (2, 3) not in ctl.model.more.targets


def test_use_power_aims_one_power_at_a_time_and_tab_turns_a_cone():
    b = light_battle(("Ember", "drake", "blue", 2, 3), ("Grok", "orc", "red", 4, 3))
    ctl = GameController(b)
    ctl.do_action("use_power")
    more = ctl.model.more
    assert more.action == "use_power" and more.power in more_mode.powers(b, "Ember")
    if more.power != "fire_breath":
        ctl.do_action("use_power")          # M again: the next power
    assert ctl.model.more.power == "fire_breath"
    own = b.cell(b.unit("Ember").anchor)
    ctl.hover_cell(own)
    first = ctl.model.more.hovered
    assert len(first.options) > 1 and first.area
    ctl.cycle_weapon()                      # Tab: the cone's next aim
    assert ctl.model.more.hovered.option.command.aim != first.option.command.aim


def test_a_burst_is_aimed_at_its_centre_and_shows_its_area():
    b = light_battle(("Sly", "goblin_shaman", "blue", 2, 3), ("Grok", "orc", "red", 5, 3))
    ctl = GameController(b)
    ctl.do_action("use_power")
    while ctl.model.more.power != "fear_burst":
        ctl.cycle_weapon()                  # Tab with nothing hovered: the next power
    assert (5, 3) in ctl.model.more.targets and (2, 3) not in ctl.model.more.targets
    ctl.hover_cell((5, 3))
    hovered = ctl.model.more.hovered
    assert hovered.option.command.at == (5, 3) and (5, 3) in hovered.area
    assert len(hovered.area) == 7 and "Grok" in ctl.model.highlighted
    assert light_play.command_words(b, hovered.option.command) == "Fear Burst at 5,3"


# ---- the card, the K.O. and the respawn ------------------------------------------------------

def test_the_card_of_a_light_creature_shows_its_light_numbers():
    from game.ui.hud import light_card_html
    b = fighter_and_orc()
    card = P.unit_card(b, "Aldric")
    assert isinstance(card, LightCard)
    assert (card.hp, card.lives, card.armor, card.proficiency) == (28, 3, 2, 3)
    assert card.defenses[0] == ("Speed", 5, 10) and card.moves == (1, 6, 9)
    assert card.weapons[0].name == "Longsword" and "vs Speed" in card.weapons[0].stats
    assert any("Leg Sweep" in line and "MP" in line for line in card.powers)
    assert card.turn == "move action ready · major action ready"
    html = light_card_html(card)
    assert "MP" in html and "3 lives" in html and "<b>Defense</b> 10 · 8 · 8" in html
    assert "AC" not in html


def test_a_knocked_out_creature_leaves_the_board_and_its_card_says_when_it_returns():
    b = light_battle(("Aldric", "fighter", "blue", 2, 3), ("Snit", "goblin_minion", "red", 3, 3),
                     dice=(15,), respawns=(("red", 8, 6),))
    out = b.apply(L.HeavyAttack("Aldric", target="Snit"))
    assert out.ok and events_of(b, E.KnockedOut)
    card = P.unit_card(b, "Snit")
    assert card.status == "ko" and card.ko_note == \
        "K.O.: returns at the start of its turn (2 lives left)"
    entry = next(e for e in P.initiative_entries(b) if e.name == "Snit")
    assert (entry.status, entry.lives) == ("ko", 2)
    assert GameController(b).unit_at((3, 3)) is None
    b.apply(L.EndTurn("Aldric"))
    lines = [x.text for x in P.log_entries(b.events, "light")]
    assert "Snit is knocked out by Aldric (2 lives left; it returns at the start of its " \
        "turn)" in lines
    assert "Snit respawns at 8,6 with full HP (2 lives left)" in lines


def test_the_board_draws_a_knocked_out_creature_as_a_tag_not_a_token():
    b = light_battle(("Aldric", "fighter", "blue", 2, 3), ("Snit", "goblin_minion", "red", 3, 3),
                     dice=(15,))
    b.apply(L.HeavyAttack("Aldric", target="Snit"))
    app = shared_app(b, (1280, 800), animations=False, human_teams={"blue"})
    try:
        app.update(0.0)
        app.draw(force=True)        # no token for an empty footprint
        assert app.board.unit_centre(b.unit("Snit")) == app.board.hex_centre(
            b.unit("Snit").anchor)
    finally:
        app.battle_screen.kill()


# ---- the Opportunity Attack prompt -------------------------------------------------------------

def test_the_light_opportunity_attack_uses_the_reaction_prompt_with_its_words():
    b = light_battle(("Aldric", "fighter", "blue", 2, 3), ("Grok", "orc", "red", 3, 3),
                     both_human=True)
    b.apply(L.SetPolicy("Grok", policy="ask", reaction="aoo"))
    out = b.apply(L.Walk("Aldric", path=((1, 3), (0, 3)), confirm=True))
    assert out.ok and b.awaiting() == "reaction" and b.pending.kind == "aoo"
    pygame.init()
    pygame.display.set_mode((1280, 800))
    hud, _ = real_hud(b)
    ctl = hud.controller
    try:
        title, body, buttons = hud.prompt.content(b)
        assert title == "Opportunity Attack: Grok" and buttons
        assert "leaving Grok's attack range" in body and "to hit" in body
        assert "Opportunity Attack" in hud.hint() and "attack of opportunity" not in hud.hint()
        assert "Opportunity Attack" in P.blocked_reason(b)
    finally:
        hud.kill()
    ctl.react(True)
    assert events_of(b, E.AttackRolled)[-1].kind == "aoo"
    lines = [x.text for x in P.log_entries(b.events, "light")]
    assert any("(Opportunity Attack)" in line for line in lines)


# ---- the log -------------------------------------------------------------------------------------

def _scenario_events() -> list:
    import test_light_scenarios as scenarios
    out = []
    for name in scenarios.SAVES:
        battle, _, _ = scenarios.replay(name)
        out.append(battle.events)
    return out


def _computer_battle_events(rounds: int = 3) -> list:
    from game.ai.player import choose_command
    b = light_battle(("Aldric", "fighter", "blue", 1, 1), ("Wren", "archer", "blue", 1, 5),
                     ("Grok", "orc", "red", 7, 2), ("Sly", "goblin_shaman", "red", 8, 5),
                     ("Snit", "goblin_minion", "red", 6, 4), lives=2)
    for _ in range(400):
        name = b.decider()[1]
        if b.awaiting() == "over" or b.round > rounds or name is None:
            break
        b.apply(choose_command(b, name))
    return b.events


@pytest.mark.parametrize("source", ["scenarios", "computer"])
def test_no_event_of_a_light_battle_shows_as_its_class_name(source):
    batches = _scenario_events() if source == "scenarios" else [_computer_battle_events()]
    names = {n for n in dir(E) if isinstance(getattr(E, n), type)}
    for events in batches:
        entries = P.log_entries(events, "light")
        assert entries
        shown = [x for x in entries if x.text.split("(")[0].strip() in names]
        assert not shown, [x.text for x in shown]
        covered = {id(e) for x in entries for e in x.events}
        assert all(id(e) in covered for e in events)
