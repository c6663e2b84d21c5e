"""The map's events through the engine (docs/mapping.md "Objectives and events";
docs/rules/12-winning.md "Objectives"): reinforcements that arrive at a round or when a region
is entered, and story text at the start, on entering a region, or when a creature falls.
Data only: each is played with commands on a map written in Tiled's format."""
from __future__ import annotations

from game.engine import commands as C
from game.engine import events as E
from game.engine.battle import Battle
from game.rules.objectives import standing
from game.tiled.loader import load_map
from scenario_maps import creature, reinforcement_layer, region, scenario_map, thing
from test_objectives import battle, end_turns, ok, turn_of, walk
from helpers import of


def strike_down(b: Battle, attacker: str, target: str) -> list:
    """`attacker` attacks `target` turn after turn until it no longer stands."""
    events = []
    for _ in range(40):
        turn_of(b, attacker)
        if b.refusal(C.Attack(attacker, target)) is None:
            events += ok(b, C.Attack(attacker, target))
        if not standing(b.view()).get(target):
            return events
        events += ok(b, C.EndTurn(attacker))
    raise AssertionError(f"{target} still stands")


def test_reinforcements_arrive_at_their_round(tmp_path):
    """"Reinforcements may arrive at the start of a round ... roll initiative and may act in
    that round"."""
    late = [creature(30, "Orla", 12, 4, "orc", "red"), creature(31, "Bors", 12, 0, "orc", "red")]
    b = battle(tmp_path, [], layers=reinforcement_layer(late, 3))
    assert not b.view().has_unit("Orla")
    events = end_turns(b, 1)
    assert not of(events, E.ReinforcementsArrived) and not b.view().has_unit("Orla")
    events = end_turns(b, 1)
    arrived, = of(events, E.ReinforcementsArrived)
    assert (arrived.team, arrived.units, arrived.cells) == ("red", ("Orla", "Bors"),
                                                            ((12, 4), (12, 0)))
    assert b.round == 3 and {"Orla", "Bors"} <= set(b.order)
    turn_of(b, "Orla")
    ok(b, C.Move("Orla", ((11, 4),)))            # it acts in the round it arrives


def test_reinforcements_arrive_when_their_region_is_entered(tmp_path):
    """"... or when a creature first stands in a region"."""
    late = [creature(30, "Orla", 12, 4, "orc", "red")]
    b = battle(tmp_path, [region(20, "Bridge", [(3, 1)])], layers=reinforcement_layer(late, 0,
                                                                                      "Bridge"))
    end_turns(b, 2)
    assert not b.view().has_unit("Orla")
    events = walk(b, "Wulfric", (2, 1), (3, 1))
    assert [e.units for e in of(events, E.ReinforcementsArrived)] == [("Orla",)]
    assert b.view().has_unit("Orla")


def test_a_reinforcement_whose_hex_is_taken_comes_on_the_nearest_free_hex(tmp_path):
    """"they come onto the field where the map puts them (or the nearest free hex)"."""
    late = [creature(30, "Orla", 3, 1, "orc", "red")]
    b = battle(tmp_path, [region(20, "Bridge", [(3, 1)])], layers=reinforcement_layer(late, 0,
                                                                                      "Bridge"))
    events = walk(b, "Wulfric", (2, 1), (3, 1))
    arrived, = of(events, E.ReinforcementsArrived)
    cell, = arrived.cells
    assert cell != (3, 1) and b.cell(b.unit("Wulfric").anchor) == (3, 1)
    assert b.hexmap.hex_at(*cell) not in b.unit("Wulfric").hexes


def test_a_side_with_reinforcements_due_is_not_beaten_yet(tmp_path):
    """"A side with reinforcements still due at a later round is not beaten while it waits"."""
    units = [creature(1, "Wulfric", 1, 1, hp=300), creature(3, "Grak", 2, 1, "orc", "red", hp=3)]
    late = [creature(30, "Orla", 12, 4, "orc", "red")]
    b = battle(tmp_path, [], units=units, layers=reinforcement_layer(late, 4))
    strike_down(b, "Wulfric", "Grak")
    end_turns(b, 1)
    assert b.winner is None
    events = end_turns(b, 3)
    assert of(events, E.ReinforcementsArrived) and b.winner is None


def test_story_text_at_the_start(tmp_path):
    """Story text "at the start" is told when the battle begins, before any turn."""
    b = battle(tmp_path, [thing(24, "story", text="Hold the ford until dusk.", when="start")])
    told = of(b.events, E.StoryTold)
    assert [e.text for e in told] == ["Hold the ford until dusk."]
    assert b.events.index(told[0]) < b.events.index(of(b.events, E.TurnStarted)[0])


def test_story_text_when_a_region_is_entered_is_told_once(tmp_path):
    b = battle(tmp_path, [region(20, "Ford", [(3, 1)]),
                          thing(24, "story", text="The water is cold.", when="enter",
                                target="Ford")])
    assert not of(b.events, E.StoryTold)
    events = walk(b, "Wulfric", (2, 1), (3, 1))
    ok(b, C.Move("Wulfric", ((2, 1),)))
    events += ok(b, C.Move("Wulfric", ((3, 1),)))
    assert [e.text for e in of(events, E.StoryTold)] == ["The water is cold."]


def test_story_text_when_a_named_creature_falls(tmp_path):
    units = [creature(1, "Wulfric", 1, 1, hp=300), creature(3, "Grak", 2, 1, "orc", "red", hp=3),
             creature(4, "Snag", 13, 4, "goblin", "red")]
    b = battle(tmp_path, [thing(24, "story", text="Grak falls; the goblins waver.",
                                when="falls", target="Grak"),
                          thing(21, "objective", team="red", kind="survive", rounds=30)],
               units=units)
    events = strike_down(b, "Wulfric", "Grak")
    assert [e.text for e in of(events, E.StoryTold)] == ["Grak falls; the goblins waver."]


def test_a_save_of_a_battle_with_reinforcements_replays_identically(tmp_path):
    """The save holds the map and the commands: the arrivals come again, the same."""
    late = [creature(30, "Orla", 12, 4, "orc", "red")]
    b = battle(tmp_path, [], layers=reinforcement_layer(late, 2))
    end_turns(b, 1)
    turn_of(b, "Orla")
    ok(b, C.Move("Orla", ((11, 4),)))
    again = Battle(load_map(b.hexmap.path), seed=3, initiative="top-down")
    for cmd in b.log:
        ok(again, cmd)
    assert again.state_hash() == b.state_hash()


def test_a_save_of_the_shipped_scenario_loads_in_a_new_process_identically(tmp_path):
    """The save file holds the map and the commands: a battle of "Hold the old bridge" saved
    after its second wave arrived loads, in a new process, to the same state."""
    import subprocess
    import sys
    from game import paths
    from game.ai.player import AIPlayer
    from game.engine.replay import save_battle
    b = Battle(load_map(paths.REPO_DIR / "maps" / "bridge_hold.tmx"), seed=1)
    ai = AIPlayer("normal", seed=1)
    while not b.winner and not any(isinstance(e, E.ReinforcementsArrived) for e in b.events):
        ok(b, ai.command(b))
    assert b.view().has_unit("Gorza")
    save = tmp_path / "bridge.json"
    save_battle(b, save)
    script = ("import sys; from game.engine.replay import load_replay; "
              "b = load_replay(sys.argv[1]); print(b.state_hash(), b.view().has_unit('Gorza'))")
    out = subprocess.run([sys.executable, "-c", script, str(save)], capture_output=True,
                         text=True, cwd=paths.REPO_DIR, timeout=300, check=True)
    assert out.stdout.split() == [b.state_hash(), "True"]
