"""The map's objectives, story text and reinforcements under the steller rules
(docs/rules/12-winning.md "Objectives", docs/rules/steller/turns.md "Winning"), played with
commands on maps written in Tiled's format (docs/mapping.md "Objectives and events").

Wulfric and Maud (blue fighters) on the left, Grak (a red orc) far on the right: nobody
reaches anybody in a turn, so only the objectives can end these battles."""
from __future__ import annotations

from game.ecs.components import Health
from game.engine import events as E
from game.engine.battle import Battle
from game.engine.objectives import report
from game.engine.steller import commands as S
from game.engine.steller.body import sheet_of
from game.tiled.loader import load_map
from scenario_maps import creature, reinforcement_layer, region, scenario_map, thing
from test_objectives import end_turns, turn_of

SIDES = [creature(1, "Wulfric", 1, 1), creature(2, "Maud", 1, 4),
         creature(3, "Grak", 13, 2, "orc", "red")]


def battle(tmp_path, scenario, units=SIDES, layers="") -> Battle:
    path = scenario_map(tmp_path, units, scenario, layers=layers, width=15)
    return Battle(load_map(path), seed=3, rules="steller")


def ok(b: Battle, cmd) -> list:
    out = b.apply(cmd)
    assert out.ok, out.reason
    return out.events


def test_holding_a_region_wins_a_steller_battle(tmp_path):
    """"hold a region: at the end of the given number of rounds in a row, the side has a
    creature standing in the region and no enemy stands there": the fighter walks into the
    ford and holds it two rounds."""
    b = battle(tmp_path, [region(20, "Ford", [(3, 1), (3, 2)]),
                          thing(21, "objective", team="blue", kind="hold", target="Ford",
                                rounds=2)])
    turn_of(b, "Wulfric")
    events = ok(b, S.Walk("Wulfric", path=((2, 1), (3, 1))))
    events += end_turns(b, 1)
    assert b.winner is None and report(b)[0].status == "1 of 2 held"
    events += end_turns(b, 1)
    met = [e.objective for e in events if isinstance(e, E.ObjectiveMet)]
    assert b.winner == "blue" and met == ["Hold Ford for 2 rounds"]


def test_reinforcements_arrive_with_their_stat_blocks_and_roll_steller_initiative(tmp_path):
    """"Reinforcements may arrive at the start of a round ... roll initiative and may act in
    that round": a goblin arriving at round 2 rolls a d20 plus its stat block's initiative
    bonus and joins the order; until then red, whose orc has fled, is not beaten."""
    late = [creature(30, "Orla", 12, 4, "goblin", "red")]
    b = battle(tmp_path, [], layers=reinforcement_layer(late, 2))
    events = end_turns(b, 1)
    arrived = [e for e in events if isinstance(e, E.ReinforcementsArrived)]
    assert [e.units for e in arrived] == [("Orla",)]
    rolled = [e for e in events if isinstance(e, E.InitiativeRolled) and e.unit == "Orla"]
    bonus = sheet_of(b, "Orla").initiative
    assert len(rolled) == 1 and rolled[0].breakdown.endswith(f"+ initiative {bonus}")
    assert "Orla" in b.order and sheet_of(b, "Orla").name == "Goblin"
    turn_of(b, "Orla")
    assert b.options("Orla", "walk")


def test_a_reinforcement_side_is_not_beaten_while_it_waits(tmp_path):
    """"A side with reinforcements still due at a later round is not beaten while it waits":
    red's orc is down in round 1, yet the battle goes on until its goblin arrives."""
    late = [creature(30, "Orla", 12, 4, "goblin", "red")]
    b = battle(tmp_path, [], layers=reinforcement_layer(late, 2))
    b.update("Grak", Health, hp=-1)
    ok(b, S.EndTurn(b.active))
    assert b.winner is None
    end_turns(b, 1)
    assert b.winner is None and "Orla" in b.order


def test_without_reinforcements_the_side_whose_creatures_are_down_has_lost(tmp_path):
    """"Whatever the objectives, the last side standing wins": the same battle without the
    goblin to come ends at the next command."""
    b = battle(tmp_path, [])
    b.update("Grak", Health, hp=-1)
    ok(b, S.EndTurn(b.active))
    assert b.winner == "blue"


def test_the_opening_story_is_told_under_the_steller_rules(tmp_path):
    """Story text "told once: at the start" (docs/mapping.md "Objectives and events")."""
    b = battle(tmp_path, [thing(24, "story", text="The ford must hold.", when="start")])
    assert [e.text for e in b.events if isinstance(e, E.StoryTold)] == ["The ford must hold."]


def test_the_bridge_scenario_plays_under_the_steller_rules():
    """The shipped scenario with objectives, stories and a second wave plays to its end with
    the steller rules: no refused command, a winner or a draw."""
    from game.ai.games import play_game
    from game.paths import resolve_map
    result = play_game(resolve_map("bridge_hold"), {"blue": "ai", "red": "baseline"}, seed=1,
                       rules="steller")
    assert result["refusals"] == 0 and not result["stalled"]
    assert result["winner"] in ("blue", "red", "draw")


def test_a_map_of_the_steller_rules_may_carry_objectives(tmp_path):
    """A map whose own rules are steller (map property rules = steller) loads with its
    objectives, and its battle plays them."""
    from scenario_maps import prop
    path = scenario_map(tmp_path, SIDES, [thing(21, "objective", team="blue", kind="survive",
                                                 rounds=2)], props=prop("rules", "steller"),
                        width=15)
    b = Battle(load_map(path), seed=3)
    assert b.profile.name == "steller" and report(b)[0].kind == "survive"
    events = end_turns(b, 2)
    assert b.winner == "blue" and any(isinstance(e, E.ObjectiveMet) for e in events)


def test_the_steller_computer_player_walks_to_the_region_its_side_must_hold(tmp_path):
    """The computer player reads the map's objectives (game.ai.objectives): with the orc far
    away and a ford to hold behind it, the fighter walks into the ford, and stays there."""
    from game.ai.steller import StellerPlayer
    from game.rules.objectives import in_region
    b = battle(tmp_path, [region(20, "Ford", [(2, 5), (3, 5)]),
                          thing(21, "objective", team="blue", kind="hold", target="Ford",
                                rounds=3)])
    player = StellerPlayer("normal", seed=1)
    ford = b.hexmap.scenario.regions["Ford"]
    for _ in range(2):
        turn_of(b, "Wulfric")
        while b.active == "Wulfric":
            ok(b, player.command(b))
        assert "Wulfric" in in_region(b.view(), ford)
