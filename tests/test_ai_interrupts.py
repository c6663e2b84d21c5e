"""The computer player and the turn structure (docs/rules/09-turns-and-actions.md; game.ai.interrupts): it weighs an
Interrupt Turn, prepares an attack rather than ending its turn in place, and defers a pick
while enemies are still to act. Driven through the engine's commands; the engine checks every
command the player returns."""
from __future__ import annotations

from game.ai import interrupts as AI
from ai_helpers import first_decision
from game.ai.player import Option, choose_command
from game.engine import commands as C

from test_engine_interrupts import field, m_walks, trio


def test_computer_player_takes_an_interrupt_turn_when_it_can_strike_the_mover():
    """"You must spend a Reaction to attempt an Interrupt Turn." The orc (Intelligence 7) sees
    the fighter step into its reach: striking first is worth the Reaction."""
    b = field(("F", "fighter", "blue", 0, 7, {"initiative": 40}),
              ("M", "fighter", "blue", 2, 2, {"initiative": 0}),
              ("R", "orc", "red", 6, 2, {"initiative": 0}),
              dice=[("d20", 20), ("d20", 15), ("d20", 5)])
    m_walks(b)
    assert b.pending.kind == "interrupt" and b.pending.reactor == "R"
    cmd = first_decision(b, choose_command)
    assert cmd == C.React("R", True)


def test_computer_creature_of_low_intelligence_keeps_its_reaction():
    """"NPC characters/monsters with an INT Score of 6 or lower would normally save their
    Reactions for AOO instead of attempting a tactical interruption." """
    b = field(("F", "fighter", "blue", 0, 7, {"initiative": 40}),
              ("M", "fighter", "blue", 2, 2, {"initiative": 0, "hp": 200}),
              ("R", "orc", "red", 6, 2, {"initiative": 0, "int": 6}),
              dice=[("d20", 20), ("d20", 15), ("d20", 5)])
    m_walks(b)
    assert first_decision(b, choose_command) == C.React("R", False)


def test_computer_player_prepares_an_attack_instead_of_ending_its_turn_in_place():
    """"Some actions you could use when you are unsure of what to do on your turn: ... or
    "Prepare to Interrupt" to get ready for something you think may happen." """
    b = trio()
    me = b.unit("F")
    stay = [Option("stay", 0.2, C.EndTurn("F"))]
    got = AI.prepare_options(b, me, stay, Option)
    assert [o.command for o in got] == [C.PrepareInterrupt("F", "enters_reach", None, "attack")]
    assert got[0].score > 0.2 and b.refusal(got[0].command) is None
    moving = [Option("move", 0.5, C.Move("F", ((1, 7),)))] + stay
    assert AI.prepare_options(b, me, moving, Option) == []


def test_computer_player_defers_a_pick_by_an_ally_while_enemies_are_to_act():
    """"If your allies don't know what to do, select a Monster or NPC to act before them!" A
    creature picked by an ally with nothing better than staying lets the ally pick again."""
    b = trio()
    assert b.apply(C.EndTurn("F")).ok and b.apply(C.ChooseNext("F", "M")).ok
    stay = [Option("stay", 0.1, C.EndTurn("M"))]
    got = AI.defer_options(b, b.unit("M"), stay, Option)
    assert [o.command for o in got] == [C.Defer("M")] and got[0].score > 0.1
    assert b.apply(got[0].command).ok and b.active == "R"
