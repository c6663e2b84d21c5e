"""A side's turns in one line (game.ui.turn_summary): the log ends each computer side's run of
turns with it, the hotseat handoff says what the other sides did meanwhile."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.engine import events as E  # noqa: E402
from game.ui.turn_summary import meanwhile, runs, summary  # noqa: E402
from test_ui_app import key  # noqa: E402
from test_ui_controller import duel  # noqa: E402
from tests.helpers import shared_app  # noqa: E402


def play_until(a, done, steps: int = 200) -> None:
    """The people's sides end their turns, let every reaction go and pick the first
    candidate; the computer plays its own."""
    c = a.controller
    for _ in range(steps):
        if done() or a.battle.awaiting() == "over":
            return
        if a.mode == "handoff":
            a.update(1.0)
            key(a, pygame.K_SPACE)
            continue
        if c.is_human_turn():
            waiting = a.battle.awaiting()
            if waiting == "reaction":
                c.react(False)
            elif waiting == "choice":
                c.choose_next(sorted(a.model.choice_candidates)[0])
            else:
                c.do_action("end_turn")
        a.update(0.5)


def test_a_computer_sides_run_of_turns_ends_with_its_summary_line_in_the_log():
    a = shared_app(duel(), (1280, 800), animations=False)
    play_until(a, lambda: any(e.kind == "summary" for e in a.hud.log))
    lines = [e for e in a.hud.log if e.kind == "summary"]
    assert lines, "the computer's side played a run of turns"
    first = lines[0]
    assert first.text.startswith("Red: ")
    at = a.hud.log.index(first)
    assert a.hud.log[at + 1].text.endswith("'s turn")      # right before the next side's
    assert not a.hud.log[at + 1].text.startswith(tuple(first.units))
    acted = {e.unit for e in a.battle.events if isinstance(e, E.TurnStarted)
             and a.battle.teams_of[e.unit] == "red"}
    assert set(first.units) <= acted and all(name in first.text for name in first.units)
    assert "summary" not in [e.kind for e in a.hud.log if e.text.startswith("Blue: ")]
    assert first.text in a.hud.log_html()


def test_the_summary_names_each_creatures_deeds_or_that_it_waited():
    b = duel()
    b.apply(b.options("Wulfric", "move")[0].command)
    moved = next(e for e in b.events if isinstance(e, E.Moved))
    text = summary(b.events, "blue", b.teams_of)
    hexes = len(moved.path)
    assert text == f"Blue: Wulfric moved {hexes} hex{'es' if hexes != 1 else ''}"
    started = [E.TurnStarted("Mayat", 1), E.TurnEnded("Mayat")]
    assert summary(started, "blue", b.teams_of) == "Blue: Mayat waited"


def test_a_hit_says_its_damage_and_a_miss_says_so():
    b = duel()
    hits = [E.TurnStarted("Orc", 1),
            E.AttackRolled("Orc", "Wulfric", "greataxe", (18,), 18, 24, 15, True, False, False,
                           ""),
            E.Damaged("Wulfric", 7, 5, "slashing", ""),
            E.AttackRolled("Orc", "Wulfric", "greataxe", (2,), 2, 8, 15, False, False, False,
                           ""),
            E.TurnEnded("Orc"), E.TurnStarted("Goblin", 1), E.TurnEnded("Goblin")]
    assert summary(hits, "red", b.teams_of) == \
        "Red: Orc hit Wulfric for 7 and missed Wulfric; Goblin waited"
    assert [(r.team, r.complete) for r in runs(hits + [E.TurnStarted("Mayat", 1)],
                                               b.teams_of)] == [("red", True), ("blue", False)]


def test_the_hotseat_handoff_says_what_the_other_side_did_meanwhile():
    b = duel(controllers={"blue": "human", "red": "human"})
    a = shared_app(b, (1280, 800), animations=False)
    assert meanwhile(b, "blue") == []                      # blue has not acted yet
    play_until(a, lambda: a.mode == "handoff")
    assert a.mode == "handoff" and a.view.team == "red"
    assert a.view.meanwhile == []                          # red never acted: nothing to tell
    key_through = a.view.team
    play_until(a, lambda: a.mode == "handoff" and a.view.team != key_through)
    assert a.mode == "handoff" and a.view.team == "blue"
    red = [e.unit for e in b.events if isinstance(e, E.TurnStarted) and
           b.teams_of[e.unit] == "red"]
    assert a.view.meanwhile == [f"Red: {red[0]} waited"]
    assert any("Meanwhile" in t and a.view.meanwhile[0] in t for t in a.view.texts())


def test_a_declined_reaction_says_which_reaction_was_declined():
    from game.ui.presenters import log_entries
    lines = [x.text for x in log_entries([E.ReactionDeclined("Orc", "Wulfric"),
                                          E.ReactionDeclined("Mayat", "Orc", "interrupt"),
                                          E.ReactionDeclined("Wulfric", "Orc", "defense")])]
    assert lines == ["Orc lets Wulfric go", "Mayat lets Orc's turn go on",
                     "Wulfric neither parries nor dodges Orc's attack"]


def test_a_summary_never_moves_the_lines_already_in_the_log():
    a = shared_app(duel(), (1280, 800), animations=False)
    seen: list[list[str]] = []

    def done():
        seen.append([e.text for e in a.hud.log])
        return sum(e.kind == "summary" for e in a.hud.log) >= 2
    play_until(a, done)
    assert sum(e.kind == "summary" for e in a.hud.log) >= 2
    for before, after in zip(seen, seen[1:]):
        assert after[:len(before)] == before
