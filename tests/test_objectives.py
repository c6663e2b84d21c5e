"""docs/rules/12-winning.md "Objectives" through the engine: each kind of objective wins (or,
for `protect`, loses) a battle played with commands on a map written in Tiled's format
(docs/mapping.md "Objectives and events"); a map without objectives plays as before.

The rulebook leaves the stakes of a fight to the scenario ("When exactly combat begins is
determined by the GM and is based on the awareness of creatures involved in the scenario");
these tests quote the players' page that says what a map may make of it.
"""
from __future__ import annotations

from game.engine import commands as C
from game.engine import events as E
from game.engine.battle import Battle
from game.engine.objectives import report
from game.tiled.loader import load_map
from scenario_maps import creature, prop, region, scenario_map, thing
from helpers import ok

# Wulfric and Maud (blue) on the left, Grak (red) far on the right: nobody reaches anybody
# in a turn, so only the objectives can end these battles.
SIDES = [creature(1, "Wulfric", 1, 1), creature(2, "Maud", 1, 4),
         creature(3, "Grak", 13, 2, "orc", "red")]


def battle(tmp_path, scenario, units=SIDES, props="", layers="", **kw) -> Battle:
    path = scenario_map(tmp_path, units, scenario, layers=layers, props=props, width=15)
    return Battle(load_map(path), seed=3, initiative="top-down", **kw)


def end_turn(b: Battle) -> list:
    """The active creature ends its turn, under whichever rules the battle plays."""
    return ok(b, b.profile.command_types["EndTurn"](b.active))


def end_turns(b: Battle, rounds: int = 1) -> list:
    """Every creature ends its turn until `rounds` more rounds have begun or the battle ends."""
    events, target = [], b.round + rounds
    while b.round < target and not b.winner:
        events += end_turn(b)
    return events


def turn_of(b: Battle, name: str) -> None:
    while b.active != name:
        end_turn(b)


def walk(b: Battle, name: str, *cells) -> list:
    turn_of(b, name)
    return ok(b, C.Move(name, tuple(cells)))


def won(b: Battle, events) -> tuple:
    met = [e for e in events if isinstance(e, E.ObjectiveMet)]
    return b.winner, [e.objective for e in met]


def test_without_objectives_the_last_side_standing_still_decides(tmp_path):
    """"A side has won once no enemy is left to fight": five rounds of waiting end nothing."""
    b = battle(tmp_path, [])
    end_turns(b, 5)
    assert b.winner is None and b.round == 6
    assert not b.hexmap.scenario and "held" not in b.state()["book"]


def test_hold_a_region_for_n_rounds(tmp_path):
    """"hold a region: at the end of the given number of rounds in a row, the side has a
    creature standing in the region and no enemy stands there"."""
    b = battle(tmp_path, [region(20, "Ford", [(3, 1), (3, 2)]),
                          thing(21, "objective", team="blue", kind="hold", target="Ford",
                                rounds=2)])
    walk(b, "Wulfric", (2, 1), (3, 1))
    events = end_turns(b, 1)
    assert b.winner is None and report(b)[0].status == "1 of 2 held"
    events += end_turns(b, 1)
    assert won(b, events) == ("blue", ["Hold Ford for 2 rounds"])
    assert b.round == 2       # the end of round 2 decided it: no round 3


def test_holding_needs_rounds_in_a_row(tmp_path):
    """Leaving the region starts the count again."""
    b = battle(tmp_path, [region(20, "Ford", [(3, 1)]),
                          thing(21, "objective", team="blue", kind="hold", target="Ford",
                                rounds=2)])
    walk(b, "Wulfric", (2, 1), (3, 1))
    end_turns(b, 1)
    walk(b, "Wulfric", (2, 1))
    end_turns(b, 1)
    assert report(b)[0].status == "0 of 2 held"
    walk(b, "Wulfric", (3, 1))
    end_turns(b, 1)
    assert b.winner is None


def test_reach_a_region_with_n_creatures(tmp_path):
    """"reach a region: the given number of the side's creatures have stood in the region
    after an action (each counts once, even if it leaves again)"."""
    b = battle(tmp_path, [region(20, "Gate", [(4, 2), (4, 3)]),
                          thing(21, "objective", team="blue", kind="reach", target="Gate",
                                count=2)])
    walk(b, "Wulfric", (2, 1), (3, 2), (4, 2))
    ok(b, C.Move("Wulfric", ((5, 2),)))       # it leaves again: it still counts
    assert b.winner is None and report(b)[0].status == "1 of 2 there"
    events = walk(b, "Maud", (1, 3), (2, 3), (3, 3), (4, 3))
    assert won(b, events) == ("blue", ["Get 2 creatures to Gate"])


def fight(b: Battle, attacker: str, target: str) -> list:
    """`attacker` attacks `target` with every Big Action of its turns until the battle ends."""
    events = []
    for _ in range(40):
        turn_of(b, attacker)
        while not b.winner and b.refusal(C.Attack(attacker, target)) is None:
            events += ok(b, C.Attack(attacker, target))
        if b.winner:
            return events
        events += ok(b, C.EndTurn(attacker))
    raise AssertionError("the fight did not end")


def test_defeat_a_named_leader(tmp_path):
    """"defeat a leader: the named enemy is dead, unconscious or gone"."""
    units = [creature(1, "Wulfric", 1, 1, hp=300), creature(3, "Grak", 2, 1, "orc", "red", hp=3),
             creature(4, "Snag", 13, 4, "goblin", "red")]
    b = battle(tmp_path, [thing(21, "objective", team="blue", kind="defeat_leader",
                                target="Grak")], units=units)
    events = fight(b, "Wulfric", "Grak")
    assert won(b, events) == ("blue", ["Defeat Grak"])
    assert b.view().has_unit("Snag")      # an enemy still stands: the leader was enough


def test_survive_n_rounds(tmp_path):
    """"survive: the side still has a creature standing when the given round ends"."""
    b = battle(tmp_path, [thing(21, "objective", team="red", kind="survive", rounds=3)])
    end_turns(b, 2)
    assert b.winner is None and report(b)[0].status == "2 of 3 rounds"
    events = end_turns(b, 1)
    assert won(b, events) == ("red", ["Survive 3 rounds"]) and b.round == 3


def test_protect_a_named_creature_loses_when_it_falls(tmp_path):
    """"A side told to protect a creature loses the moment that creature is dead, unconscious
    or gone."."""
    units = [creature(1, "Wulfric", 1, 1, hp=3), creature(2, "Maud", 13, 4, "cleric"),
             creature(3, "Grak", 2, 1, "orc", "red", hp=300)]
    b = battle(tmp_path, [thing(21, "objective", team="blue", kind="protect",
                                target="Wulfric")], units=units)
    events = fight(b, "Grak", "Wulfric")
    failed = [e for e in events if isinstance(e, E.ObjectiveFailed)]
    assert b.winner == "red" and [e.objective for e in failed] == ["Keep Wulfric standing"]
    assert b.view().has_unit("Maud")      # blue still stands, but has lost


def test_all_of_needs_every_objective(tmp_path):
    """"a side wins as soon as its objectives are met, either any one of them or all of them,
    as the map says"."""
    b = battle(tmp_path, [region(20, "Ford", [(3, 1)]),
                          thing(21, "objective", team="blue", kind="hold", target="Ford",
                                rounds=1, join="all"),
                          thing(22, "objective", team="blue", kind="survive", rounds=2,
                                join="all")])
    walk(b, "Wulfric", (2, 1), (3, 1))
    end_turns(b, 1)
    assert b.winner is None          # held one round, but two must pass
    events = end_turns(b, 1)
    assert won(b, events) == ("blue", ["Hold Ford for 1 round; Survive 2 rounds"])


def test_a_round_limit_names_who_wins_when_it_runs_out(tmp_path):
    """"when its last round ends and nobody has won, the side the map names wins, or it is a
    draw"."""
    b = battle(tmp_path, [], props=prop("round_limit", 2) + "\n" +
               prop("round_limit_winner", "red"))
    events = end_turns(b, 5)
    limit = [e for e in events if isinstance(e, E.RoundLimitReached)]
    assert (b.winner, b.round, limit) == ("red", 2, [E.RoundLimitReached(2, "red")])
    b = battle(tmp_path, [], props=prop("round_limit", 1))
    end_turns(b, 5)
    assert (b.winner, b.round) == ("draw", 1)


def test_an_objective_battle_replays_to_the_same_state(tmp_path):
    """A save holds the map and the commands: replaying them gives the same battle."""
    scenario = [region(20, "Ford", [(3, 1)]),
                thing(21, "objective", team="blue", kind="hold", target="Ford", rounds=2)]
    b = battle(tmp_path, scenario)
    walk(b, "Wulfric", (2, 1), (3, 1))
    end_turns(b, 2)
    again = battle(tmp_path, scenario)
    for cmd in b.log:
        ok(again, cmd)
    assert again.state_hash() == b.state_hash() and again.winner == "blue"
    assert [type(e) for e in again.events] == [type(e) for e in b.events]
