"""A battle of the steller rules in the window (docs/rules/steller/index.md): its action bar
with the standard, move and minor actions, a power aimed with the area preview, an attack sent
by keys and clicks through the same path the window uses.

The first d20s of a battle are the initiative rolls, one per creature in the listed order (20,
then 1: the first listed acts first), then the attack and damage dice.
"""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.ecs.scenario import make_hexmap  # noqa: E402
from game.engine import events as E  # noqa: E402
from game.engine.battle import Battle  # noqa: E402
from game.engine.steller import commands as S  # noqa: E402
from game.tiled.hexmap import UnitPlacement  # noqa: E402
from game.ui import keys, more_mode  # noqa: E402
from game.ui import presenters as P  # noqa: E402
from game.rules_reference import rulebook_sections  # noqa: E402
from tests.helpers import shared_app  # noqa: E402


def steller_battle(*units, dice=(), width=10, height=8) -> Battle:
    """units: (name, kind, team, col, row); the first acts first; `dice` after the
    initiative rolls."""
    placements = [UnitPlacement(name, kind, team, col, row, 0 if team == "blue" else 3, {})
                  for name, kind, team, col, row in units]
    hexmap = make_hexmap(width, height, None, placements)
    rolls = [("d20", 20)] + [("d20", 1)] * (len(units) - 1) + list(dice)
    return Battle(hexmap, seed=0, rules="steller", fixed_dice=rolls,
                  controllers={"blue": "human", "red": "ai"})


def fighter_and_orc(**kw) -> Battle:
    """Aldric (blue fighter) at 2,3 next to an orc at 3,3."""
    return steller_battle(("Aldric", "fighter", "blue", 2, 3), ("Grok", "orc", "red", 3, 3),
                          **kw)


def test_a_steller_battle_shows_the_bar_of_standard_move_and_minor_actions():
    """"A standard action, a move action, a minor action": the bar's buttons are the steller
    engine's actions, each with its hotkey, disabled ones with the reason in a few words."""
    b = fighter_and_orc()
    states = P.action_states(b, human=True)
    assert [s.action for s in states] == [row[0] for row in P.STELLER_ACTIONS]
    assert {row[0] for row in P.STELLER_ACTIONS} == set(b.profile.action_ids)
    by = {s.action: s for s in states}
    assert by["basic_attack"].enabled and by["basic_attack"].hotkey == "1"
    assert not by["stand_up"].enabled and by["stand_up"].reason == "Not prone"
    bound = {action: pygame.key.name(k).upper() for k, action in
             keys.STELLER_ACTION_KEYS.items() if k != pygame.K_END}
    assert bound == {row[0]: row[3] for row in P.STELLER_ACTIONS}
    b.apply(S.UsePower("Aldric", power="longsword", target="Grok"))
    by = {s.action: s for s in P.action_states(b, human=True)}
    assert by["total_defense"].reason == "Standard action used" and by["walk"].enabled


def test_a_close_burst_is_aimed_with_the_area_preview():
    """A close burst 1 covers every hex next to the user's: the preview shows those cells."""
    b = fighter_and_orc()
    sweep = S.UsePower("Aldric", power="leg_sweep")
    cells = more_mode.area_cells(b, sweep)
    assert len(cells) == 6 and (3, 3) in cells and (2, 3) not in cells
    forecast = b.forecast(sweep)
    assert forecast.caught == ("Grok",) and "vs Reflex" in forecast.lines[1]


def test_a_steller_attack_played_by_its_hotkey_and_a_click():
    b = fighter_and_orc(dice=[("d20", 15), ("d8", 4)])
    app = shared_app(b, (1280, 800), animations=False, human_teams={"blue"})
    app.update(0.0)
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        app.handle_event(pygame.event.Event(kind, key=pygame.K_1, mod=0, unicode="",
                                            scancode=0))
    app.update(0.0)
    pos = tuple(round(v) for v in app.camera.to_screen(*app.board.centre((3, 3))))
    pygame.mouse.set_pos(pos)
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                        buttons=(0, 0, 0)))
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle_event(pygame.event.Event(kind, pos=pos, button=1, mod=0))
    app.update(0.0)
    hits = [e for e in b.events if isinstance(e, E.AttackRolled)]
    assert [(e.attacker, e.target, e.hit) for e in hits][:1] == [("Aldric", "Grok", True)]


def test_the_help_shows_the_steller_pages():
    """The in-game help shows the steller pages when a battle plays steller."""
    pages = rulebook_sections("steller")
    assert pages[0].anchor == "steller"
    assert [p.anchor for p in pages[1:]] == ["steller-turns", "steller-actions",
                                              "steller-attacks", "steller-powers",
                                              "steller-hit-points", "steller-conditions",
                                              "steller-stat-blocks"]


def test_steller_conditions_get_badges_and_ongoing_shows_its_damage():
    """Each condition the roster's powers give is a badge; ongoing damage shows its amount."""
    from game.ui import sprites
    assert sprites.badge_labels({"ongoing": 5, "dazed": 1, "bloodied": 1}) == ["Dz", "On5", "Bld"]
    assert sprites.badge_labels({"immobilized": 1, "marked": 1, "slowed": 1}) == \
        ["Imm", "Mk", "Sl"]
    assert sprites.badge_labels({"dying": 1, "unconscious": 1, "prone": 1}) == ["Dy", "KO", "P"]


def test_f1_in_a_steller_battle_shows_the_steller_pages_and_finds_their_words():
    """The help (F1) of a steller battle lists the steller pages, none of the default rules',
    and a search finds the steller words (a healing surge)."""
    from test_ui_rules_help import choose, help_of, type_in
    a = help_of(fighter_and_orc())
    choose(a, "Rules index")
    text = a.view.text.html_text
    steller = rulebook_sections("steller")
    assert all(p.title in text for p in steller)
    assert "Hexes and distance" not in text and "Attacks of opportunity" not in text
    type_in(a, "healing surge")
    found = a.view.text.html_text
    assert any(p.title in found for p in steller[1:]) and "Nothing in the rules" not in found


def test_the_legend_of_a_steller_battle_speaks_of_walks_and_opportunity_attacks():
    """The legend (F2) names the marks in the steller rules' words: a click walks."""
    from game.ui.legend import entries_for
    by = {e.kind: e for e in entries_for(fighter_and_orc())}
    assert by["reach_move"].title == "Walk" and "Big" not in by["reach_move"].words
    assert "opportunity attack" in by["path_provoking"].words
