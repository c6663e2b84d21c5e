"""Terrified (docs/rules/11-hit-points-and-conditions.md "Terrified"), through engine commands:
the great cat's roar terrifies a fighter (a WILL save of 1), who must then flee. Each test quotes
the rulebook sentence it pins down.

Every battle opens with one d20 of initiative per creature, in placement order; the initiative
ratings fix the order (FIRST acts first), top-down.
"""
from __future__ import annotations

from game.ai.player import choose_command
from game.ecs.scenario import WALL
from game.engine import commands as C
from game.rules.threat import footprint_distance

from ai_helpers import first_decision
from test_engine_turns import FIRST, SECOND, THIRD, arena, ok, refused

INIT3 = [("d20", 10)] * 3


def roared(terrain=None, fighter_at=(5, 3), width=30, dice=()):
    """The cat roars at the fighter (who fails its save); an orc stands beside the fighter.
    Returns the battle at the start of the fighter's turn; `dice` come after the save."""
    b = arena(("C", "great_cat", "red", 2, 3, {"initiative": FIRST}),
              ("F", "fighter", "blue", *fighter_at, {"initiative": SECOND}),
              ("O", "orc", "red", fighter_at[0] + 1, fighter_at[1], {"initiative": THIRD}),
              width=width, terrain=terrain, fixed_dice=INIT3 + [("d20", 1)] + list(dice),
              initiative="top-down")
    ok(b, C.UseAbility("C", ability="roar", origin=(2, 3)))
    assert b.unit("F").has("terrified")
    ok(b, C.EndTurn("C"))
    assert b.active == "F"
    return b


def apart(b, name="F"):
    return footprint_distance(b.unit(name), b.unit("C"))


def end_of(b, cmd):
    cell = cmd.path[-1] if hasattr(cmd, "path") else cmd.to
    return b.hexmap.hex_at(*cell)


def test_terrified_must_devote_its_actions_to_fleeing():
    """"You must devote all of your actions to moving away from the source of your fear while
    within 50 feet. ... You cannot attack or engage other creatures while attempting to flee."
    The fighter may not strike the orc beside it, nor draw or aim; it may move or end its
    turn."""
    b = roared()
    assert "must flee" in refused(b, C.Attack("F", "O"))
    for action in ("attack", "power_attack", "grab", "fight_defensively", "charge"):
        assert b.action("F", action).code == "must_flee", action
    for action in ("move", "run", "retreat", "end_turn"):
        assert b.action("F", action).enabled, action


def test_terrified_cannot_move_towards_the_source_of_its_fear():
    """"You cannot take actions against or move towards the object of your fears while within
    50 feet." A Move that ends closer to the cat is refused, one that ends no farther is too
    (it must flee), one that ends farther is taken (the cat's attack of opportunity misses)."""
    b = roared(dice=[("d20", 1)] * 2)
    assert apart(b) == 2
    why = refused(b, C.Move("F", path=((4, 3),), confirm=True))
    assert "cannot move toward" in why
    sideways = b.cell(next(h for h in (b.hexmap.hex_at(5, 2), b.hexmap.hex_at(5, 4))
                           if footprint_distance((h,), b.unit("C")) == 2))
    assert "must flee" in refused(b, C.Move("F", path=(sideways,), confirm=True))
    away = next(o.command for o in b.options("F", "move")
                if footprint_distance((end_of(b, o.command),), b.unit("C")) > 2)
    ok(b, away)
    assert apart(b) > 2


def test_terrified_legality_query_offers_only_flights():
    """"You must flee from the source of your fear out to at least 50', or flee to find Total
    Cover/Concealment from them." Every Move, Run and Retreat the legality query offers ends
    farther from the cat than the fighter stands."""
    b = roared()
    now = apart(b)
    offered = [o.command for a in ("move", "run", "retreat") for o in b.options("F", a)]
    assert offered
    for cmd in offered:
        assert footprint_distance((end_of(b, cmd),), b.unit("C")) > now, cmd


def test_terrified_acts_normally_once_in_total_cover():
    """"Once far enough away or covered/concealed, you retain the penalties of this condition,
    but are otherwise able to fight, move, and act normally." A wall between the cat and the
    fighter hides it: the fighter may attack the orc beside it (but still not the cat)."""
    wall = {(8, r): WALL for r in range(0, 6)}
    b = roared(terrain=wall, dice=[("d20", 1)] * 2)
    assert b.action("F", "fight_defensively").code == "must_flee"
    ok(b, C.Move("F", path=((6, 4), (6, 5), (7, 6), (8, 6), (9, 6), (9, 5)), confirm=True))
    assert b.unit("F").anchor == b.hexmap.hex_at(9, 5) and apart(b) <= 10
    assert b.unit("F").has("terrified")
    assert b.action("F", "fight_defensively").enabled


def test_terrified_that_cannot_flee_farther_may_fight():
    """"If you cannot feasibly get more than 50 feet away, but you have done your best to get
    away, you may actively engage in combat against other creatures in the area." Walled in
    on every side but the cat's, the fighter may attack the orc."""
    box = {(c, r): WALL for c in range(4, 10) for r in range(0, 8)
           if (c, r) not in ((4, 3), (5, 3), (6, 3))}
    b = roared(terrain=box)
    assert b.action("F", "move").code != ""        # no hex to flee to
    assert b.action("F", "attack").enabled


def test_terrified_computer_player_flees():
    """"You must flee from the source of your fear out to at least 50'." The computer player
    of a terrified fighter moves away from the cat."""
    b = roared()
    now = apart(b)
    cmd = first_decision(b, choose_command)
    assert isinstance(cmd, (C.Move, C.Run, C.Retreat)), cmd
    assert footprint_distance((end_of(b, cmd),), b.unit("C")) > now
