"""A checked-in save of an Interrupt Turn (tests/scenarios/interrupt_example.json), replayed by
`python -m game replay SAVE --json` (docs/rules/09-turns-and-actions.md; the players' page "Turns, actions and
initiative").

The story, with fixed dice: the Scout opens the round and picks the Runner; the Runner walks
east past the Guard; as it steps into the Guard's reach (4,2) the Guard's side is asked, says
yes, and wins the opposed initiative check (18 against 3); the Guard takes its turn at once
and strikes the Runner with its greataxe (command 4); when the Guard ends its turn the Runner
goes on to 4,0, leaving the Guard's reach without an attack of opportunity (the Guard's
Reaction is spent), and ends its turn; it picks who opens round 2.

To extend the story (a reaction answering the Guard's blow, say), insert its command after
command 4 and its dice after the d12, then record the new state hash; the checks below find
their events by type and command index, not by position in the output.
"""
from __future__ import annotations

import json

from test_saves_scripted import REPO, game_process

SAVE = REPO / "tests" / "scenarios" / "interrupt_example.json"


def replay_events() -> list[dict]:
    out = game_process("replay", str(SAVE), "--json", "--verify")
    assert out.returncode == 0, out.stderr
    return [json.loads(line) for line in out.stdout.splitlines()]


def command_index(kind: str, unit: str) -> int:
    commands = json.loads(SAVE.read_text())["commands"]
    return next(n for n, c in enumerate(commands) if c["type"] == kind and c["unit"] == unit)


def test_interrupt_turn_scenario_replays_the_interrupt_from_the_command_line():
    """"If you win the Initiative Check (higher result), you successfully interrupt and
    immediately take your turn. When your Interrupt Turn is complete, the creature you
    interrupted completes their turn. The creature you interrupted selects who takes the next
    turn once their turn is complete." """
    events = replay_events()
    move, react = command_index("Move", "Runner"), command_index("React", "Guard")
    asked = [e for e in events if e["type"] == "ReactionAsked"]
    assert [(e["by"], e["unit"], e["at"], e["kind"], e["command"]) for e in asked] == [
        ("Guard", "Runner", [4, 2], "interrupt", move)]
    trig = next(e for e in events if e["type"] == "InterruptTriggered")
    assert (trig["unit"], trig["by"], trig["won"], trig["prepared"], trig["command"]) == (
        "Guard", "Runner", True, False, react)
    assert "d20 18" in trig["breakdown"] and "d20 3" in trig["breakdown"]
    paused = next(e for e in events if e["type"] == "TurnPaused")
    assert (paused["unit"], paused["by"]) == ("Runner", "Guard")
    started = [e["unit"] for e in events if e["type"] == "TurnStarted"]
    assert started == ["Scout", "Runner", "Guard"]


def test_interrupt_turn_scenario_the_interrupted_mover_finishes_its_path_unpunished():
    """"After the interruption ends, you must continue your intended course of action if
    possible." "Players who used their Reaction to interrupt will not be able to use a
    Reaction for AOO!" """
    events = replay_events()
    strike = command_index("Attack", "Guard")
    blows = [e for e in events if e["type"] == "AttackRolled"]
    assert [(e["attacker"], e["kind"], e["command"]) for e in blows] == [
        ("Guard", "interrupt", strike)]
    guard_done = command_index("EndTurn", "Guard")
    resumed = [e for e in events if e["type"] == "TurnResumed" and e["command"] == guard_done]
    assert [e["unit"] for e in resumed] == ["Runner"]
    walked = [e for e in events if e["type"] == "Moved" and e["unit"] == "Runner"]
    assert walked[0]["end"] == [4, 2] and walked[-1]["end"] == [4, 0]
    assert walked[-1]["command"] == guard_done
    provoked = [e for e in events if e["type"] == "Provoked" and e["command"] == guard_done]
    assert provoked and not [e for e in events if e["type"] == "AttackRolled"
                             and e["kind"] == "aoo"]
    last = command_index("EndTurn", "Runner")
    assert any(e["type"] == "ChoiceNeeded" and e["chooser"] == "Runner" and
               e["command"] == last for e in events)
