"""Hiding, spotting and what each side knows (docs/rules/22-hiding-and-fog.md), through engine
commands with fixed dice. Each test quotes the rulebook sentence it pins down.

Every battle opens with one d20 of initiative per creature, in placement order; the initiative
ratings fix the order (FIRST acts first), top-down.
"""
from __future__ import annotations

from game.ecs.scenario import FOREST, WALL
from game.engine import commands as C
from game.engine import events as E
from game.engine.sightings import known_by
from game.rules import hiding
from game.rules.knowledge import seen_enemies

from test_engine_turns import FIRST, SECOND, THIRD, arena, of, ok, refused

IN_THE_WOOD = {(2, 2): FOREST}


def field(*units, dice=(), terrain=None, fog=False):
    return arena(*units, terrain=IN_THE_WOOD if terrain is None else terrain, fog=fog,
                 initiative="top-down", fixed_dice=[("d20", 10)] * len(units) + list(dice))


def archer_and_fighter(dice=(), archer_at=(2, 2), fog=False, terrain=None):
    return field(("A", "archer", "blue", *archer_at, {"initiative": FIRST}),
                 ("F", "fighter", "red", 8, 2, {"initiative": SECOND}),
                 dice=dice, fog=fog, terrain=terrain)


def hide_bonus(b, name="A") -> int:
    return hiding.hide_bonus(b.unit(name)).total


def spot_bonus(b, name="F") -> int:
    return hiding.spot_bonus(b.unit(name)).total


def test_hiding_needs_cover_or_concealment_from_every_enemy_that_could_see_it():
    """"If you wish to use the Hide Skill effectively, you must have Cover or Concealment." """
    b = archer_and_fighter(archer_at=(3, 2))            # open ground, in the fighter's sight
    assert b.action("A", "hide").code == "no_hiding_place"
    assert "F" in refused(b, C.Hide("A"))
    b = archer_and_fighter(dice=[("d20", 9)])           # in the wood: concealment from F
    events = ok(b, C.Hide("A"))
    assert of(events, E.Hid)[0].total == 9 + hide_bonus(b)
    assert "A" in b.hidden and "A" not in seen_enemies(b.view(), "red")
    assert b.budget("A").little == 0                     # a Little Action


def test_an_enemy_that_cannot_see_the_hider_does_not_stop_it_hiding():
    """"If you wish to use the Hide Skill effectively, you must have Cover or Concealment." """
    wall = {(c, r): WALL for c in (5,) for r in range(0, 8)}
    b = archer_and_fighter(archer_at=(3, 2), terrain=wall, dice=[("d20", 9)])
    assert b.action("A", "hide").enabled
    ok(b, C.Hide("A"))
    assert "A" in b.hidden


def test_a_spot_check_that_meets_the_hide_check_finds_the_hider():
    """"Awareness is normally determined using Listen & Spot checks." (a Spot check meeting
    the hider's Hide check finds it)"""
    hide_roll, probe = 12, archer_and_fighter()
    value = hide_roll + hide_bonus(probe)
    assert 10 + spot_bonus(probe) < value                # the passive Spot fails
    need = value - spot_bonus(probe)
    b = archer_and_fighter(dice=[("d20", hide_roll), ("d20", need - 1), ("d20", need)])
    ok(b, C.Hide("A"))
    ok(b, C.EndTurn("A"))
    assert "A" in b.hidden and b.active == "F"
    events = ok(b, C.Spot("F"))
    assert of(events, E.SpotRolled)[0].found == () and "A" in b.hidden
    ok(b, C.EndTurn("F"))
    ok(b, C.EndTurn("A"))
    events = ok(b, C.Spot("F"))
    assert of(events, E.SpotRolled)[0].found == ("A",)
    assert of(events, E.Spotted)[0].how == "spot" and "A" not in b.hidden
    assert "A" in seen_enemies(b.view(), "red")


def test_the_passive_spot_at_the_start_of_the_enemys_turn_finds_a_poor_hider():
    """"Passive Listen and Spot checks should be used to determine if any characters are aware
    of the threat." (10 + Spot at the start of each of the enemy's turns)"""
    b = archer_and_fighter(dice=[("d20", 1)])
    assert 1 + hide_bonus(b) <= 10 + spot_bonus(b)
    ok(b, C.Hide("A"))
    events = ok(b, C.EndTurn("A"))
    spotted = of(events, E.Spotted)
    assert [(s.unit, s.by, s.how) for s in spotted] == [("A", "F", "passive")]
    assert "A" not in b.hidden


def test_attacking_reveals_the_hider_and_its_target_is_flat_footed():
    """"Before any attacks are made, the GM determines who is and is not aware of what is
    about to happen." (an attack from hiding reveals the attacker; its target, unaware of it,
    is flat-footed)"""
    b = archer_and_fighter(dice=[("d20", 19), ("d20", 10)])
    ok(b, C.Hide("A"))
    events = ok(b, C.Attack("A", "F", "shortbow"))
    roll = of(events, E.AttackRolled)[0]
    assert "flat" in roll.breakdown.lower(), roll.breakdown
    assert of(events, E.Revealed)[0].unit == "A" and "A" not in b.hidden


def test_a_hider_standing_in_the_open_is_found_by_the_enemy_that_sees_it():
    """"If you wish to use the Hide Skill effectively, you must have Cover or Concealment."
    (without either, an enemy that looks finds it)"""
    b = archer_and_fighter(dice=[("d20", 19)])
    ok(b, C.Hide("A"))
    events = ok(b, C.Step("A", to=(3, 2)))
    spotted = of(events, E.Spotted)
    assert [(s.unit, s.by, s.how) for s in spotted] == [("A", "F", "exposed")]


def test_a_hider_stays_hidden_when_its_turn_ends():
    """"If you wish to use the Hide Skill effectively, you must have Cover or Concealment."
    (a Hide lasts until the hider is found or attacks, not only for its turn)"""
    b = archer_and_fighter(dice=[("d20", 19)])
    ok(b, C.Hide("A"))
    ok(b, C.EndTurn("A"))
    ok(b, C.EndTurn("F"))
    assert "A" in b.hidden and b.active == "A"


def test_a_side_remembers_where_and_when_it_last_saw_an_enemy_under_fog():
    """"Line of Sight (LoS): The ability to locate your target visually." (what a side does
    not see now, it knows only from where it last saw it)"""
    b = archer_and_fighter(dice=[("d20", 19)], fog=True)
    assert "A" in known_by(b, "red").seen
    ok(b, C.Hide("A"))
    known = known_by(b, "red")
    assert "A" not in known.seen
    last = known.sighting("A")
    assert (b.cell(last.anchor), last.round) == ((2, 2), 1)


def test_spot_is_offered_whether_or_not_an_enemy_is_hidden():
    """"Awareness is normally determined using Listen & Spot checks." (looking tells nothing
    before the check is rolled)"""
    b = field(("A", "archer", "blue", 2, 2, {"initiative": FIRST}),
              ("F", "fighter", "red", 8, 2, {"initiative": SECOND}),
              ("G", "goblin", "red", 9, 6, {"initiative": THIRD}))
    assert b.action("A", "spot").enabled
    b = field(("A", "archer", "blue", 2, 2, {"initiative": FIRST, "conditions": ("blinded",)}),
              ("F", "fighter", "red", 8, 2, {"initiative": SECOND}))
    assert b.action("A", "spot").code == "blinded"


def test_a_hidden_enemy_cannot_be_the_target_of_an_attack():
    """"If you do not have Line of Sight to your target, you cannot target them with a direct
    attack" """
    b = archer_and_fighter(dice=[("d20", 19)], archer_at=(2, 2))
    ok(b, C.Hide("A"))
    ok(b, C.EndTurn("A"))
    assert b.refusal(C.Attack("F", "A")).code == "target_hidden"


def test_an_invisible_enemy_and_one_behind_a_wall_are_not_seen_by_the_side():
    """"Invisible: Cannot be seen." "Total Concealment & Total Cover block Line of Sight." """
    wall = {(5, r): WALL for r in range(8)}
    b = field(("A", "archer", "blue", 2, 2, {"initiative": FIRST}),
              ("K", "fighter", "blue", 2, 5, {"initiative": THIRD}),
              ("F", "fighter", "red", 4, 2, {"initiative": SECOND, "conditions": ("invisible",)}),
              ("G", "fighter", "red", 8, 2, {"initiative": -10}),
              ("O", "orc", "red", 3, 4, {"initiative": -10}), terrain=wall, fog=True)
    assert seen_enemies(b.view(), "blue") == {"O"}
    assert known_by(b, "red").seen == {"A", "K"}         # the orc sees both
