"""The computer player's special attacks (game/ai/maneuvers.py; the players' page "Special
attacks and archery"): it knocks out with bludgeoning weapons, follows a main-hand hit with
its off hand, leans out from behind a wall to shoot and takes cover again, volleys over a
wall when nothing can be shot directly, and does not shoot into a melee where its arrow may
strike a friend. Each position is decided by the real player through the engine's options
and forecasts."""
from __future__ import annotations

from ai_helpers import first_decision, judgement
from game.ai.player import choose_command
from game.ecs.components import Health
from game.ecs.scenario import WALL
from game.engine import commands as C

from test_engine_turns import FIRST, SECOND, THIRD, arena, ok


def its_turn(b, name: str, limit: int = 8) -> list:
    """The computer player's commands for `name` until its turn ends (each applied)."""
    sent = []
    while b.active == name and len(sent) < limit:
        cmd = choose_command(b)
        sent.append(cmd)
        assert b.apply(cmd).ok
        if isinstance(cmd, C.EndTurn):
            break
    return sent


def test_a_cleric_with_a_mace_strikes_to_knock_out():
    b = arena(("C", "cleric", "blue", 3, 2, {"initiative": FIRST}),
              ("O", "orc", "red", 4, 2, {"initiative": SECOND, "hp": 40, "fort": -3}),
              ("G", "goblin", "red", 0, 7, {"initiative": THIRD}))
    b.update("O", Health, hp=12)      # wounded: any blow of the mace leaves it Injured
    strikes = [c for c in its_turn(b, "C") if isinstance(c, (C.Attack, C.KnockoutStrike))]
    assert strikes and isinstance(strikes[0], C.KnockoutStrike) and strikes[0].target == "O"


def test_the_off_hand_follows_a_main_hand_hit_on_a_flat_footed_foe():
    b = arena(("R", "twinblade", "blue", 3, 2, {"initiative": FIRST}),
              ("O", "orc", "red", 4, 2, {"initiative": SECOND, "hp": 60,
                                         "conditions": ("flat_footed",)}),
              ("G", "goblin", "red", 0, 7, {"initiative": THIRD}),
              fixed_dice=[("d20", 10)] * 3 + [("d20", 15), ("d6", 3)])
    ok(b, C.Attack("R", "O", "shortsword"))
    cmd = first_decision(b, choose_command)
    assert cmd == C.OffHandAttack("R", "O", "dagger")


def behind_a_wall(**kw):
    """A (archer, blue, posted: it does not move) at 3,3 next to a wall at 4,3; E (archer,
    red) beyond the wall at 11,2."""
    return arena(("A", "archer", "blue", 3, 3, {"initiative": FIRST, "speed_ft": 0}),
                 ("E", "archer", "red", 11, 2, {"initiative": SECOND}),
                 ("G", "goblin", "red", 11, 7, {"initiative": THIRD}),
                 terrain={(4, 3): WALL}, **kw)


def test_a_shooter_in_cover_leans_out_to_shoot():
    b = behind_a_wall()
    ok(b, C.TakeCover("A", (4, 3)))
    cmd = first_decision(b, choose_command)
    assert cmd == C.LeanOut("A")


def test_a_shooter_that_has_shot_takes_cover_behind_its_wall():
    b = behind_a_wall(fixed_dice=[("d20", 10)] * 3 + [("d20", 2)])
    ok(b, C.Attack("A", "E", "shortbow"))
    cmd = first_decision(b, choose_command)
    assert cmd == C.TakeCover("A", (4, 3))


def test_a_rooted_archer_volleys_over_the_wall():
    walled = {(5, r): WALL for r in range(8)}
    b = arena(("A", "archer", "blue", 2, 3, {"initiative": FIRST, "speed_ft": 0}),
              ("O", "orc", "red", 8, 3, {"initiative": SECOND}),
              ("G", "goblin", "red", 9, 6, {"initiative": THIRD}), terrain=walled)
    cmd = first_decision(b, judgement())       # what it judges best, its noise aside
    assert isinstance(cmd, C.Volley)


def test_the_archer_does_not_shoot_into_a_melee_with_a_friend_at_risk():
    def field(friend: bool):
        units = [("A", "archer", "blue", 1, 3, {"initiative": FIRST, "speed_ft": 0}),
                 ("T", "orc", "red", 6, 2, {"initiative": SECOND, "hp": 13}),
                 ("U", "orc", "red", 6, 5, {"initiative": SECOND, "hp": 15})]
        if friend:
            # a wounded friend without armour fights T: a stray arrow would likely fell it
            units.append(("F", "fighter", "blue", 7, 2, {"initiative": THIRD, "hp": 3,
                                                         "ac": 8}))
        return arena(*units)
    def shot(b):
        return next(c for c in its_turn(b, "A") if isinstance(c, C.Attack))
    assert shot(field(False)).target == "T"        # the wounded one
    assert shot(field(True)).target == "U"         # not next to the friend
