"""The steller computer player's decisions (game/ai/steller.py), each in a staged battle on a
small open field (tests/test_steller_rules.py builds it: initiative in the listed order, fixed
dice after it). The player reads the battle only through the engine's query and forecasts; the
tests read what it commands, and what the battle says of it."""
from __future__ import annotations

from dataclasses import replace

from game.ai.steller import StellerPlayer
from game.ecs.components import Health
from game.engine.steller import commands as S
from game.rules.threat import footprint_distance
from tests.test_steller_rules import DB, arena, ok


def normal() -> StellerPlayer:
    return StellerPlayer("normal", seed=1)


def turn_of(b, player, who: str) -> list:
    """Every command `player` gives `who` until its turn ends (each applied)."""
    given = []
    while b.active == who and b.awaiting() != "over":
        cmd = player.command(b)
        given.append(cmd)
        ok(b, cmd)
        if isinstance(cmd, S.EndTurn):
            break
    return given


def first_attack(b, player, who: str):
    """The first power it uses this turn (moves before it applied)."""
    while True:
        cmd = player.command(b)
        if isinstance(cmd, (S.UsePower, S.EndTurn)):
            return cmd
        ok(b, cmd)


def test_it_strikes_the_weakened_foe_of_two_beside_it():
    """Focus fire: of two goblins next to the fighter, the bloodied one takes the blow."""
    b = arena(("F", "fighter", "blue", 3, 3), ("G1", "goblin", "red", 4, 3),
              ("G2", "goblin", "red", 3, 4))
    assert footprint_distance(b.unit("F"), b.unit("G2")) == 1
    b.update("G2", Health, hp=9)
    cmd = first_attack(b, normal(), "F")
    assert isinstance(cmd, S.UsePower) and cmd.target == "G2"


def test_it_walks_to_the_far_side_of_a_foe_its_ally_fights_for_combat_advantage():
    """Flanking: a fighter walks to a hex beside the orc opposite its friend (the forecast of
    its blow then counts combat advantage) and strikes the orc."""
    b = arena(("F2", "fighter", "blue", 6, 7), ("F1", "fighter", "blue", 5, 3),
              ("O", "orc", "red", 6, 3))
    player = normal()
    move = player.command(b)
    assert isinstance(move, (S.Walk, S.Shift))
    ok(b, move)
    assert footprint_distance(b.unit("F2"), b.unit("O")) == 1
    cmd = player.command(b)
    assert isinstance(cmd, S.UsePower) and cmd.target == "O"
    assert any("combat advantage (flanking)" in line for line in b.forecast(cmd).lines)


def test_a_shooter_beside_an_enemy_shifts_away_before_it_shoots():
    """An archer next to the orc shifts (a walk would provoke) out of its reach, then shoots
    without provoking."""
    b = arena(("A", "archer", "blue", 3, 3), ("O", "orc", "red", 4, 3))
    player = normal()
    cmd = player.command(b)
    assert isinstance(cmd, S.Shift)
    ok(b, cmd)
    assert footprint_distance(b.unit("A"), b.unit("O")) == 2
    shot = player.command(b)
    assert isinstance(shot, S.UsePower) and shot.target == "O" and not shot.confirm


def test_a_bloodied_creature_with_an_enemy_upon_it_catches_its_second_wind():
    """Second wind: bloodied (15 of 40) with a fresh goblin beside it, the fighter heals."""
    b = arena(("F", "fighter", "blue", 3, 3), ("G", "goblin", "red", 4, 3))
    b.update("F", Health, hp=15)
    assert isinstance(normal().command(b), S.SecondWind)


def test_a_bloodied_creature_that_can_finish_its_foe_strikes_instead():
    """No second wind while a blow would likely drop the goblin beside it (4 hit points)."""
    b = arena(("F", "fighter", "blue", 3, 3), ("G", "goblin", "red", 4, 3))
    b.update("F", Health, hp=15)
    b.update("G", Health, hp=4)
    cmd = normal().command(b)
    assert isinstance(cmd, S.UsePower) and cmd.target == "G"


def test_its_action_point_buys_a_second_blow_when_the_first_missed():
    """Action point: its standard action spent on a miss, the fighter spends its point and
    strikes the goblin again."""
    b = arena(("F", "fighter", "blue", 3, 3), ("G", "goblin", "red", 4, 3),
              dice=[("d20", 1), ("d20", 1)])
    b.update("G", Health, hp=9)
    given = turn_of(b, normal(), "F")
    kinds = [type(c).__name__ for c in given]
    assert kinds[kinds.index("ActionPoint") - 1] == "UsePower"
    assert isinstance(given[kinds.index("ActionPoint") + 1], S.UsePower)


def test_a_burst_is_used_when_it_catches_two_enemies_and_no_friend():
    """Area power: with two goblins beside it, the fighter sweeps both (leg sweep, close
    burst 1)."""
    b = arena(("F", "fighter", "blue", 3, 3), ("G1", "goblin", "red", 4, 3),
              ("G2", "goblin", "red", 3, 4))
    cmd = first_attack(b, normal(), "F")
    assert isinstance(cmd, S.UsePower) and cmd.power == "leg_sweep"
    assert set(b.forecast(cmd).caught) == {"G1", "G2"}


def test_a_burst_that_would_catch_a_friend_is_left_alone():
    """A sweep that strikes every creature around it (not only enemies: the stat block's
    `targets`), with its archer friend beside it too, would strike the friend: the fighter
    never sweeps it (it steps away from the friend first, or strikes with its sword)."""
    fighter = DB["fighter"]
    sweeping = tuple(replace(p, targets="creatures") if p.id == "leg_sweep" else p
                     for p in fighter.powers)
    b = arena(("F", "fighter", "blue", 3, 3), ("G1", "goblin", "red", 4, 3),
              ("G2", "goblin", "red", 3, 4), ("A", "archer", "blue", 2, 3),
              db=dict(DB, fighter=replace(fighter, powers=sweeping)))
    assert "A" in b.forecast(S.UsePower("F", power="leg_sweep")).caught
    cmd = first_attack(b, normal(), "F")
    assert isinstance(cmd, S.UsePower) and "A" not in b.forecast(cmd).caught


def test_in_the_first_round_it_does_not_run_alone_into_several_enemies():
    """A rogue far from three goblins keeps out of their reach instead of walking alone
    into the blows of all of them (they have no nearer target)."""
    b = arena(("R", "rogue", "blue", 1, 3), ("G1", "goblin", "red", 10, 3),
              ("G2", "goblin", "red", 10, 2), ("G3", "goblin", "red", 10, 4), width=14)
    turn_of(b, normal(), "R")
    assert min(footprint_distance(b.unit("R"), b.unit(g)) for g in ("G1", "G2", "G3")) > 7


def test_a_dying_foe_is_no_target_while_a_standing_one_can_be_struck():
    """A dying goblin beside the fighter is out of the fight: its blow goes to the standing
    goblin its javelin reaches, not to the one already down (whose negative hit points once
    looked like a heal)."""
    b = arena(("F", "fighter", "blue", 2, 3), ("G1", "goblin", "red", 3, 3),
              ("G2", "goblin", "red", 10, 3))
    b.update("G1", Health, hp=-8)
    cmd = first_attack(b, normal(), "F")
    assert isinstance(cmd, S.UsePower) and cmd.target == "G2"
