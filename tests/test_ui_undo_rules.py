"""Undo rebuilds the battle with its own ruleset and its save's fixed dice (game.ui.undo):
after taking a move back, the next roll is the one it would have been without the undo.
The real App on the dummy video driver, real maps and a real save.
"""
from __future__ import annotations

import json
import os
from types import MappingProxyType

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game import paths  # noqa: E402
from game.data.ruleset import ActionCost, Economy, Ruleset  # noqa: E402
from game.engine import events as E  # noqa: E402
from game.ui.app import play_app  # noqa: E402
from test_saves_scripted import scenario_copy  # noqa: E402
from test_ui_app import click, key  # noqa: E402
from test_ui_controller import duel  # noqa: E402
from tests.helpers import shared_app  # noqa: E402


def test_undo_keeps_the_battles_own_ruleset():
    """A ruleset where fighting defensively costs both Big Actions: after a step taken
    back, it still spends both."""
    costs = dict(Economy().costs, fight_defensively=ActionCost(2, 0))
    heavy = Ruleset("heavy defence", Economy(costs=MappingProxyType(costs)))
    made = duel()
    battle = type(made)(made.hexmap, seed=2, controllers={"blue": "human", "red": "ai"},
                        ruleset=heavy)
    made.close()
    a = shared_app(battle, (1280, 800), animations=False)
    key(a, pygame.K_4)
    click(a, (2, 2))                                         # a 5-Foot Step
    assert a.battle.cell(a.battle.unit("Wulfric").anchor) == (2, 2)
    key(a, pygame.K_z)
    assert "undone" in a.model.message and a.battle.ruleset is heavy
    assert a.battle.cell(a.battle.unit("Wulfric").anchor) == (2, 3)
    key(a, pygame.K_7)                                       # Fight Defensively
    assert len(a.battle.log) == 1 and a.battle.budget("Wulfric").big == 0


def test_undo_keeps_the_light_rules():
    """The battle rebuilt without the last command plays the same rulebook (a light battle
    rebuilt as a default one would refuse its own log)."""
    from game.engine.battle import Battle
    from game.tiled.loader import load_map
    from game.ui.undo import replayed
    battle = Battle(load_map(paths.shipped_map("duel.tmx")), seed=3, rules="light")
    walk = battle.options(battle.active, "walk")[-1].command
    assert battle.apply(walk).ok
    again = replayed(battle, battle.log)
    assert again.profile.name == "light" and again.state_hash() == battle.state_hash()
    before = replayed(battle, [])
    assert before.profile.name == "light" and before.log == []
    for b in (battle, again, before):
        b.close()


def test_undo_keeps_a_saves_fixed_dice(tmp_path):
    """The scenario's save fixes the initiative rolls and then a natural 20 for the Raider's
    attack: fighting defensively, taken back, and the attack still rolls the 20."""
    save, data = scenario_copy(tmp_path)
    data.update(commands=[], controllers={"red": "human", "blue": "ai"})
    data["state_hash"] = ""
    save.write_text(json.dumps(data))
    a = play_app(load=save, window=False)
    assert a.battle.active == "Raider" and a.controller.is_human_turn()
    a.controller.do_action("fight_defensively")
    assert len(a.battle.log) == 1 and a.controller.history.can_undo
    key(a, pygame.K_z)
    assert "undone" in a.model.message and a.battle.log == []
    assert a.battle.dice.fixed == tuple(tuple(d.values()) for d in data["dice"])
    key(a, pygame.K_5)
    click(a, a.battle.cell(a.battle.unit("Veteran").anchor))
    roll = next(e for e in a.battle.events if isinstance(e, E.AttackRolled))
    assert roll.attacker == "Raider" and roll.natural == 20 and roll.critical


def test_the_terrain_tooltip_stays_off_the_combat_log_near_the_maps_right_edge():
    from test_ui_app import at, point
    a = play_app(paths.shipped_map("duel"), sides="human,ai", seed=3, size=(1280, 800),
                 window=False)
    log = a.hud.rects["log"]
    b = a.battle
    free = [(c, r) for c in range(b.hexmap.width) for r in range(b.hexmap.height)
            if a.controller.unit_at((c, r)) is None]
    shown = [(cell, at(a, cell)) for cell in free]
    shown = [(cell, pos) for cell, pos in shown if pos[0] < log.left - 4
             and 0 < pos[1] < 800 and not a.hud.contains(pos)]
    cell, pos = max(shown, key=lambda item: item[1][0])
    assert pos[0] > log.left - 120                       # the map reaches the log
    point(a, pos)
    a.update(0.1)
    a.update(0.6)
    assert a.model.hover_cell == cell and a.hud.tip is not None
    assert f"{cell[0]},{cell[1]}" in a.hud.tip.html_text
    tip = a.hud.tip.rect
    assert tip.right <= log.left and tip.width > 200
    assert not tip.colliderect(log) and a.hud.tip_area().contains(tip)
