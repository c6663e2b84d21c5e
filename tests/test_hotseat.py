"""Hotseat: 2-4 people at one machine (docs/architecture.md "Modes"), headless and driven by synthetic
events through `App.handle_event`.

Between two different people's turns, and for an attack-of-opportunity prompt of an `ask`
creature of another person than the one whose turn it is (docs/rules/04-attacks-of-opportunity.md), the handoff screen
hides the battle entirely: no map, no creatures, no log, no hit points; only the side to
play, its colour and the round. Asserted on state: the mode, what the app says it drew, the
pixels of the frame, the words of the handoff screen; time passes only through
`App.update(dt)`.
"""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.engine import events as E  # noqa: E402
from game.ui.app import play_app  # noqa: E402
from game.ui.screens import ARM_S, HANDOFF_BG, HandoffScreen  # noqa: E402
from test_ui_app import click, key  # noqa: E402
from test_ui_controller import battle_on, duel  # noqa: E402
from tests.helpers import shared_app  # noqa: E402

MAPS = os.path.join(os.path.dirname(os.path.dirname(__file__)), "maps")
DUEL = os.path.join(MAPS, "duel.tmx")
HINT = "Press a key or click to continue"


def assert_nothing_of_the_battle_shows(a) -> None:
    """The frame: the handoff background everywhere but the card and the colour bars; the
    words: the side to play and the round only."""
    b = a.battle
    assert a.mode == "handoff" and isinstance(a.view, HandoffScreen)
    assert a.draw() and a.drawn == "handoff"
    w, h = a.screen.get_size()
    card = a.view.widgets[0].rect
    samples = [(x, y) for x in range(4, w, 37) for y in range(10, h - 10, 29)
               if not card.inflate(4, 4).collidepoint(x, y)]
    assert len(samples) > 500
    assert all(tuple(a.screen.get_at(p))[:3] == HANDOFF_BG for p in samples)
    # where the board and the HUD would be: the handoff background
    board = a.hud.board_rect() if a.hud is not None else pygame.Rect(0, 0, w, h)
    assert tuple(a.screen.get_at((board.left + 5, board.top + 5)))[:3] == HANDOFF_BG
    for name in b.eids:               # where each creature stands on the board
        x, y = (round(v) for v in a.camera.to_screen(*a.board.unit_centre(b.unit(name))))
        if 0 <= x < w and 10 <= y < h - 10 and not card.collidepoint(x, y):
            assert tuple(a.screen.get_at((x, y)))[:3] == HANDOFF_BG
    team = a.view.team
    texts = a.view.texts()
    news = [t for t in texts if "Meanwhile" in t]
    assert [t for t in texts if t not in news] == \
        [f"{team.capitalize()} to play", f"Round {b.round}", HINT]
    assert len(news) == (1 if a.view.meanwhile else 0)
    assert all(f"• {line}" in news[0] for line in a.view.meanwhile)
    assert all(team.capitalize() + ":" not in line for line in a.view.meanwhile)
    words = " ".join(t for t in texts if t not in news)
    for name in list(b.eids) + list(b.left):
        assert name not in words
    assert "HP" not in words and "seed" not in words


def hand_over(a) -> str:
    """Wait until the screen takes input, then press a key: the battle, for that side."""
    team = a.view.team
    a.update(ARM_S + 0.1)
    key(a, pygame.K_SPACE)
    assert a.mode == "battle" and a.viewer == team
    assert a.draw() and a.drawn == "board"
    return team


def test_two_people_play_three_turns_with_a_handoff_between_their_turns():
    a = play_app(DUEL, sides="human,human", seed=4, window=False)
    b = a.battle
    assert a.mode == "battle" and a.controller.human_teams == {"blue", "red"}
    first = a.viewer
    assert first == b.teams_of[b.active]            # the first to act just plays
    turns, handoffs, picked_other = [], [], False
    for _ in range(60):
        if len(turns) >= 3 and a.mode == "battle" and b.awaiting() == "turn":
            break
        if a.mode == "handoff":
            assert_nothing_of_the_battle_shows(a)
            before = len(b.log)
            key(a, pygame.K_e)                        # too soon: ignored, nothing ends
            assert a.mode == "handoff" and len(b.log) == before
            handoffs.append(hand_over(a))
            continue
        aw = b.awaiting()
        assert aw in ("turn", "choice")
        if aw == "turn":
            team = b.teams_of[b.active]
            assert team == a.viewer                   # only the side that has the screen
            turns.append(team)
            key(a, pygame.K_e)                        # End Turn (the HUD's hotkey)
        else:
            chooser_team = b.teams_of[b.chooser]
            options = a.model.choice_candidates
            others = [n for n in options if b.teams_of[n] != chooser_team]
            pick = others[0] if others and not picked_other else options[0]
            click(a, b.cell(b.unit(pick).anchor))     # the chooser clicks the creature
            assert any(isinstance(e, E.NextChosen) and e.next == pick for e in b.events)
            picked_other = picked_other or b.teams_of[pick] != chooser_team
        a.update(0.1)
    assert len(turns) >= 3
    assert picked_other
    assert any(isinstance(e, E.NextChosen) and b.teams_of[e.by] != b.teams_of[e.next]
               for e in b.events)
    sequence = turns + [b.teams_of[b.active]]         # the turn that starts now as well
    changes = sum(1 for x, y in zip(sequence, sequence[1:]) if x != y)
    assert changes >= 2 and len(handoffs) == changes
    assert all(x != y for x, y in zip([first] + handoffs, handoffs))


def test_an_aoo_prompt_of_the_other_person_is_handed_over_and_back():
    b = duel(controllers={"blue": "human", "red": "human"})
    a = shared_app(b, (1280, 800), animations=False)
    assert a.viewer == "blue" and b.active == "Wulfric"
    click(a, (0, 3))                                  # leaving the Orc's reach provokes
    key(a, pygame.K_RETURN)                           # confirm the provoking move
    assert b.awaiting() == "reaction" and b.pending.reactor == "Orc"
    assert a.mode == "handoff" and a.view.team == "red"
    assert_nothing_of_the_battle_shows(a)
    hand_over(a)
    if getattr(a.hud, "prompt", None) is not None:    # the prompt names the reacting player
        title, body, buttons = a.hud.prompt.content(b)
        assert buttons and "Red player" in body and "Orc" in title
    key(a, pygame.K_y)
    assert any(isinstance(e, E.AttackRolled) and e.kind == "aoo" for e in b.events)
    assert b.awaiting() == "turn" and b.active == "Wulfric"   # back to Wulfric's person
    assert a.mode == "battle" and a.hold          # once red has seen how the blow went
    key(a, pygame.K_SPACE)
    assert a.mode == "handoff" and a.view.team == "blue"
    assert_nothing_of_the_battle_shows(a)
    a.update(ARM_S + 0.1)
    a.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(640, 400), button=1))
    assert a.mode == "battle" and a.viewer == "blue"
    a.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(640, 400), button=1))
    assert b.active == "Wulfric" and a.controller.is_human_turn()
    assert b.cell(b.unit("Wulfric").anchor) == (0, 3)      # the move went on after the AOO


def test_three_people_hand_the_screen_round_the_table():
    b = battle_on([dict(name="Wulfric", unit="fighter", team="blue", col=1, row=1),
                   dict(name="Orc", unit="orc", team="red", col=8, row=1),
                   dict(name="Elf", unit="archer", team="green", col=4, row=6)],
                  controllers={"blue": "human", "red": "human", "green": "human"})
    a = shared_app(b, (1280, 800), animations=False)
    assert a.viewer == "blue" and b.active == "Wulfric"
    key(a, pygame.K_e)
    click(a, b.cell(b.unit("Elf").anchor))        # blue picks green's creature
    assert a.mode == "handoff" and a.view.texts()[0] == "Green to play"
    assert_nothing_of_the_battle_shows(a)
    hand_over(a)
    key(a, pygame.K_e)                            # green ends; one candidate left: red
    assert a.mode == "handoff" and a.view.team == "red"
    assert_nothing_of_the_battle_shows(a)
    hand_over(a)
    assert b.active == "Orc" and a.controller.actor() == "Orc"


def test_no_handoff_against_the_computer():
    a = shared_app(duel(), (1280, 800), animations=False)
    key(a, pygame.K_e)
    a.controller.choose_next("Orc")
    for _ in range(40):
        a.update(0.5)
        assert a.mode == "battle"
        if a.controller.is_human_turn():
            break
    assert a.controller.is_human_turn() or a.battle.awaiting() == "over"


def test_the_handoff_follows_a_resize_and_hides_everything_at_any_size():
    a = play_app(DUEL, sides="human,human", seed=4, window=False)
    a.show_handoff("red")
    a.handle_event(pygame.event.Event(pygame.VIDEORESIZE, size=(1600, 900), w=1600, h=900))
    assert a.screen.get_size() == (1600, 900) and a.mode == "handoff"
    a.draw()
    assert a.view.widgets[0].rect.center == (800, 450)
    assert tuple(a.screen.get_at((30, 450)))[:3] == HANDOFF_BG
