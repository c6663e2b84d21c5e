"""The steller rules' immediate actions, walls, lines and grenades in the window
(docs/rules/steller/powers.md): a person's creature offered an interrupt is asked by the
reaction prompt, with the power and the engine's chance, and its answer goes to the engine as
React; a wall and a line are aimed with the area preview; Throw Grenade is a button and a
click.

The first d20s of a battle are the initiative rolls, one per creature in the listed order.
"""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.engine import events as E  # noqa: E402
from game.engine.steller import commands as S  # noqa: E402
from game.ui import presenters as P  # noqa: E402
from game.ecs.scenario import make_hexmap  # noqa: E402
from game.engine.battle import Battle  # noqa: E402
from game.tiled.hexmap import UnitPlacement  # noqa: E402
from test_ui_panels import real_hud  # noqa: E402


def people_and_computer(*units, dice=()) -> Battle:
    """units: (name, kind, team, col, row) in turn order; blue is a person's, red the
    computer's (so every creature's immediate actions are asked)."""
    placements = [UnitPlacement(name, kind, team, col, row, 0, {})
                  for name, kind, team, col, row in units]
    rolls = [("d20", d) for d in (20, 15, 10, 5)[:len(units)]] + list(dice)
    return Battle(make_hexmap(10, 8, None, placements), seed=0, rules="steller",
                  fixed_dice=rolls, controllers={"blue": "human", "red": "ai"})


def test_a_persons_fighter_is_prompted_for_its_combat_challenge():
    """"Interrupt: An immediate interrupt lets you jump in when a certain trigger condition
    arises": the orc the fighter marked swings at the archer; the window asks the fighter's
    player, showing the power and its chance; Accept strikes before the orc's blow."""
    b = people_and_computer(("Aldric", "fighter", "blue", 2, 3), ("Grok", "orc", "red", 3, 3),
                            ("Bow", "archer", "blue", 4, 3),
                            dice=[("d20", 15), ("d8", 3), ("d20", 15), ("d8", 4), ("d20", 12),
                                  ("d12", 5)])
    assert b.apply(S.UsePower("Aldric", power="shield_slam", target="Grok")).ok
    assert b.apply(S.EndTurn("Aldric")).ok and b.active == "Grok"
    out = b.apply(S.UsePower("Grok", power="greataxe", target="Bow"))
    assert out.ok and b.awaiting() == "reaction" and b.pending.kind == "immediate"
    pygame.init()
    pygame.display.set_mode((1280, 800))
    hud, _ = real_hud(b)
    ctl = hud.controller
    try:
        title, body, buttons = hud.prompt.content(b)
        assert title == "Immediate interrupt: Aldric" and buttons
        assert "Combat Challenge" in body and "to hit" in body and "marked" in body
        assert "immediate action" in P.blocked_reason(b) and "immediate action" in hud.hint()
        lines = [x.text for x in P.log_entries(b.events, "steller")]
        assert "Aldric may take an immediate action against Grok: its player decides" in lines
    finally:
        hud.kill()
    ctl.react(True)
    rolled = [(e.attacker, e.kind) for e in b.events if isinstance(e, E.AttackRolled)]
    assert rolled[-2:] == [("Aldric", "interrupt"), ("Grok", "attack")]


def test_a_wall_and_a_line_are_aimed_with_the_area_preview():
    """"Wall: A wall fills a specified number of contiguous squares within range": the window
    aims a wall by its first hex (Tab turns it) and previews its five hexes; a line previews
    the hexes of the hex line toward the pointed hex."""
    from game.ui import more_mode
    b = people_and_computer(("Wiz", "wizard", "blue", 1, 3), ("Grok", "orc", "red", 6, 3))
    aims = more_mode.targets(b, "Wiz", "use_power", "wall_of_fire")
    walls = [o.command for options in aims.values() for o in options]
    assert walls and all(len(w.wall) == 5 and (w.wall[0] in aims) for w in walls)
    over_grok = next(w for w in walls if (6, 3) in w.wall)
    cells = more_mode.area_cells(b, over_grok)
    assert set(cells) == set(over_grok.wall) and b.forecast(over_grok).caught == ("Grok",)
    line = S.UsePower("Wiz", power="lightning_line", at=(7, 3))
    cells = more_mode.area_cells(b, line)
    assert len(cells) == 6 and (6, 3) in cells and (1, 3) not in cells


def test_throw_grenade_from_the_action_bar_and_a_click():
    """"THROWN EXPLOSIVES: ✦ Target: You can attempt to throw a grenade at a group of
    creatures": key U (Throw Grenade) tints the hexes a Fire Pot may burst on; hovering one
    previews its seven hexes; a click throws it."""
    from game.ui.app import App
    b = people_and_computer(("Snik", "goblin", "blue", 1, 3), ("Grok", "orc", "red", 5, 3),
                            dice=[("d6", 4), ("d20", 15)])
    app = App(b, (1280, 800), window=False, animations=False, human_teams={"blue"})
    app.update(0.0)
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        app.handle_event(pygame.event.Event(kind, key=pygame.K_u, mod=0, unicode="",
                                            scancode=0))
    app.update(0.0)
    ctl = app.controller
    assert ctl.model.mode == "more" and (5, 3) in ctl.model.more.targets
    pos = tuple(round(v) for v in app.camera.to_screen(*app.board.centre((5, 3))))
    pygame.mouse.set_pos(pos)
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                        buttons=(0, 0, 0)))
    app.update(0.0)
    assert len(ctl.model.more.hovered.area) == 7
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle_event(pygame.event.Event(kind, pos=pos, button=1, mod=0))
    app.update(0.0)
    rolled = [(e.attacker, e.target, e.weapon) for e in b.events
              if isinstance(e, E.AttackRolled)]
    assert rolled == [("Snik", "Grok", "Fire Pot")]
