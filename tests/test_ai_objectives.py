"""The computer player pursues the map's objectives (game/ai/objectives.py; docs/rules/12-winning.md
"Objectives"): on each kind, the same position with and without the objective, and the
computer's whole turn: without it, a plain fight; with it, the move that wins the battle. The
Hard player (no noise) plays; the maps are written in Tiled's format."""
from __future__ import annotations

from game.ai.player import AIPlayer
from game.engine import commands as C
from game.engine.battle import Battle
from game.hexgrid import hex_distance
from game.tiled.loader import load_map
from scenario_maps import creature, prop, region, scenario_map, thing


def computer_turn(tmp_path, units, scenario, who: str, name: str,
                  props: str = "") -> tuple[list, Battle]:
    """The commands of `who`'s whole turn, played by the computer, and the battle after
    (`props`: map properties, `prop(...)` each on its line)."""
    path = scenario_map(tmp_path, units, scenario, width=30, name=f"{name}.tmx", props=props)
    b = Battle(load_map(path), seed=3, initiative="top-down")
    while b.active != who:
        b.apply(C.EndTurn(b.active))
    ai, commands = AIPlayer("hard"), []
    while b.active == who and not b.winner:
        cmd = ai.command(b)
        out = b.apply(cmd)
        assert out.ok, out.reason
        commands.append(cmd)
    return commands, b


def gap(b: Battle, a: str, other: str) -> int:
    return min(hex_distance(x, y) for x in b.unit(a).hexes for y in b.unit(other).hexes)


FIGHT = [creature(1, "Wulfric", 5, 2), creature(3, "Grak", 8, 2, "orc", "red")]


def test_it_moves_into_a_region_it_must_hold_instead_of_charging(tmp_path):
    _, plain = computer_turn(tmp_path, FIGHT, [], "Wulfric", "plain")
    assert gap(plain, "Wulfric", "Grak") == 1          # a plain fight: it charged the orc
    hold = [region(20, "Ford", [(2, 2)]),
            thing(21, "objective", team="blue", kind="hold", target="Ford", rounds=1)]
    _, b = computer_turn(tmp_path, FIGHT, hold, "Wulfric", "hold")
    assert b.cell(b.unit("Wulfric").anchor) == (2, 2)   # the end of the round wins it
    while not b.winner:
        b.apply(C.EndTurn(b.active))
    assert b.winner == "blue"


def test_it_escapes_through_a_region_instead_of_fighting(tmp_path):
    gate = [region(20, "Gate", [(2, 2)]),
            thing(21, "objective", team="blue", kind="reach", target="Gate", count=1)]
    _, b = computer_turn(tmp_path, FIGHT, gate, "Wulfric", "reach")
    assert b.winner == "blue" and b.cell(b.unit("Wulfric").anchor) == (2, 2)


def test_it_goes_for_the_named_leader_over_a_better_fight(tmp_path):
    units = [creature(1, "Wulfric", 5, 2), creature(3, "Grak", 7, 2, "orc", "red"),
             creature(4, "Snag", 3, 1, "goblin", "red")]
    plain, _ = computer_turn(tmp_path, units, [], "Wulfric", "plain")
    assert {getattr(c, "target", "") for c in plain} - {""} == {"Grak"}
    leader = [thing(21, "objective", team="blue", kind="defeat_leader", target="Snag")]
    chosen, _ = computer_turn(tmp_path, units, leader, "Wulfric", "leader")
    assert {getattr(c, "target", "") for c in chosen} - {""} == {"Snag"}


def test_the_creature_it_must_protect_strikes_and_gets_out_of_reach(tmp_path):
    units = [creature(1, "Wulfric", 1, 4), creature(2, "Maud", 5, 2, "cleric"),
             creature(3, "Grak", 6, 2, "ogre", "red")]
    _, plain = computer_turn(tmp_path, units, [], "Maud", "plain")
    assert gap(plain, "Maud", "Grak") == 1             # a plain fight: it stays at the ogre
    protect = [thing(21, "objective", team="blue", kind="protect", target="Maud"),
               thing(22, "objective", team="blue", kind="survive", rounds=1)]
    _, b = computer_turn(tmp_path, units, protect, "Maud", "protect")
    assert gap(b, "Maud", "Grak") > 3                  # beyond the ogre's reach and step
    while not b.winner:
        b.apply(C.EndTurn(b.active))
    assert b.winner == "blue"


def test_it_stands_in_the_region_the_enemy_must_hold_instead_of_charging(tmp_path):
    """Denying a region: a creature of its own in it means the enemy does not hold it."""
    units = [creature(1, "Wulfric", 1, 1), creature(3, "Grak", 8, 2, "orc", "red")]
    ford = region(20, "Ford", [(5, 2)])
    _, plain = computer_turn(tmp_path, units, [ford], "Grak", "plain")
    assert gap(plain, "Grak", "Wulfric") == 1          # a plain fight: it charged
    hold = [ford, thing(21, "objective", team="blue", kind="hold", target="Ford", rounds=2)]
    _, b = computer_turn(tmp_path, units, hold, "Grak", "contest")
    assert b.cell(b.unit("Grak").anchor) == (5, 2)


def attacked(commands) -> bool:
    return any(getattr(c, "target", "") for c in commands)


APART = [creature(1, "Wulfric", 1, 2, "knight"), creature(3, "Grak", 28, 2, "troll", "red")]


def test_a_side_that_wins_by_surviving_lets_the_enemy_come(tmp_path):
    """"survive N rounds": time fights for it, so it does not march into the enemy."""
    _, plain = computer_turn(tmp_path, APART, [], "Wulfric", "plain")
    survive = [thing(21, "objective", team="blue", kind="survive", rounds=2)]
    _, b = computer_turn(tmp_path, APART, survive, "Wulfric", "survive")
    assert gap(b, "Wulfric", "Grak") > gap(plain, "Wulfric", "Grak") + 3


def test_the_side_a_round_limit_names_lets_the_enemy_come(tmp_path):
    """"when its last round ends and nobody has won, the side the map names wins"."""
    limit = prop("round_limit", 2) + "\n" + prop("round_limit_winner", "blue")
    _, b = computer_turn(tmp_path, APART, [], "Wulfric", "limit", props=limit)
    draw = prop("round_limit", 2)                       # a draw helps neither side
    _, even = computer_turn(tmp_path, APART, [], "Wulfric", "draw", props=draw)
    assert gap(b, "Wulfric", "Grak") > gap(even, "Wulfric", "Grak") + 3


def test_a_side_that_wins_by_lasting_still_contests_a_region_the_enemy_must_hold(tmp_path):
    """Waiting would hand the enemy the region: the round limit's side goes to deny it."""
    limit = prop("round_limit", 2) + "\n" + prop("round_limit_winner", "blue")
    ford = [region(20, "Ford", [(9, 2)]),
            thing(21, "objective", team="red", kind="hold", target="Ford", rounds=2)]
    _, waiting = computer_turn(tmp_path, APART, [], "Wulfric", "limit", props=limit)
    _, b = computer_turn(tmp_path, APART, ford, "Wulfric", "contest", props=limit)
    assert gap(b, "Wulfric", "Grak") < gap(waiting, "Wulfric", "Grak") - 3
