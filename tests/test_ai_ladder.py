"""The difficulty ladder (game/ai/player.py PROFILES): each level's distinctive play, pinned in
concrete positions and driven through the engine's commands. Win rates are measured by
tools/ai_quality.py --ladder, never asserted here."""
from __future__ import annotations

from ai_helpers import first_decision
from game.ai.player import choose_command
from game.engine import commands as C

from test_engine_interrupts import OPENING, field


def test_computer_chooser_picks_another_creature_after_a_defer():
    """"If your allies don't know what to do, select a Monster or NPC to act before them!"
    The creature that deferred is not picked straight back (it would defer again and the
    round would never end): the one that picked it picks another."""
    b = field(("F", "fighter", "blue", 0, 7, {"initiative": 40}),
              ("M", "fighter", "blue", 2, 2, {"initiative": 0, "hp": 200}),
              ("N", "fighter", "blue", 1, 5, {"initiative": 0, "hp": 200}),
              ("R", "orc", "red", 9, 2, {"initiative": 0, "hp": 200}),
              dice=OPENING + [("d20", 4)])
    assert b.active == "F"
    for cmd in (C.EndTurn("F"), C.ChooseNext("F", "M"), C.Defer("M")):
        assert b.apply(cmd).ok, cmd
    assert b.awaiting() == "choice" and b.chooser == "F"
    cmd = first_decision(b, choose_command)
    assert isinstance(cmd, C.ChooseNext) and cmd.next != "M"
    assert b.apply(cmd).ok


def test_a_computer_creature_defers_at_most_once_a_round():
    """"If your allies don't know what to do, select a Monster or NPC to act before them!"
    A creature picked again after it deferred does not defer a second time: two creatures
    that deferred whenever picked would hand the choice back and forth for ever."""
    from game.ai.interrupts import defer_options
    from game.ai.player import Option
    b = field(("F", "fighter", "blue", 0, 7, {"initiative": 40}),
              ("M", "fighter", "blue", 2, 2, {"initiative": 0, "hp": 200}),
              ("N", "fighter", "blue", 1, 5, {"initiative": 0, "hp": 200}),
              ("R", "orc", "red", 9, 2, {"initiative": 0, "hp": 200}),
              dice=OPENING + [("d20", 4)])
    stay = [Option("stay", 0.0, C.EndTurn("M"))]
    for cmd in (C.EndTurn("F"), C.ChooseNext("F", "M")):
        assert b.apply(cmd).ok, cmd
    first = defer_options(b, b.view().unit("M"), stay, Option)
    assert [type(o.command) for o in first] == [C.Defer]
    for cmd in (C.Defer("M"), C.ChooseNext("F", "N"), C.Defer("N"), C.ChooseNext("F", "M")):
        assert b.apply(cmd).ok, cmd
    assert b.active == "M" and b.refusal(C.Defer("M")) is None   # the rules allow it again
    assert defer_options(b, b.view().unit("M"), stay, Option) == []
