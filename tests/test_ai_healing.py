"""The computer player's healing (game/ai/healing.py; docs/rules/20-healing-and-first-aid.md):
it cures a fallen ally it can wake, gives first aid to an ally about to bleed to death, walks
to a patient first when that pays, and keeps fighting when the ally is in no hurry.

Open fields with fixed dice: an orc (greataxe 1d12+4) fells the fighter F first."""
from __future__ import annotations

from ai_helpers import first_decision, judgement
from game.ai.healing import aid_worth, ally_value, bleed_out_rounds
from game.ai.evaluate import Context
from game.ai.player import choose_command
from game.engine import commands as C

from test_engine_turns import FIRST, LAST, SECOND, THIRD, arena, ok

HIT = ("d20", 18)
NEVER = {"aoo_policy": "never"}


def felled_field(helper: tuple, fighter: dict, dice=(), orc_at=(4, 3)):
    """The orc O fells F (5,3) in its turn (greataxe d12 + STR 3: its javelin is in the
    other hand); then the helper (name, unit, col, row) acts. A blue archer far off keeps the
    battle going."""
    name, unit, col, row = helper
    b = arena(("O", "orc", "red", *orc_at, {"initiative": FIRST, **NEVER}),
              (name, unit, "blue", col, row, {"initiative": SECOND}),
              ("F", "fighter", "blue", 5, 3, {"initiative": THIRD, **fighter}),
              ("A", "archer", "blue", 0, 7, {"initiative": LAST}),
              fixed_dice=[("d20", 10)] * 4 + [HIT] + list(dice), initiative="top-down")
    ok(b, C.Attack("O", "F", "greataxe"))
    ok(b, C.EndTurn("O"))
    assert b.unit("F").hp <= 0 and b.active == name
    return b


def test_the_cleric_cures_a_fallen_ally_next_to_it():
    """A cure that wakes a fallen ally brings a fighter back: worth more than a blow of the
    cleric's mace at the orc."""
    b = felled_field(("Cl", "cleric", 6, 3), {"hp": 4}, dice=[("d12", 2)])
    cmd = first_decision(b, choose_command)
    assert isinstance(cmd, C.UseAbility) and cmd.ability == "cure_wounds" and cmd.target == "F"


def test_the_cleric_walks_to_a_fallen_ally_out_of_reach():
    b = felled_field(("Cl", "cleric", 9, 5), {"hp": 4}, dice=[("d12", 2)])
    cmd = first_decision(b, judgement())       # what it judges best, its noise aside
    assert isinstance(cmd, C.Move)
    end = b.hexmap.hex_at(*cmd.path[-1])
    from game.hexgrid import hex_distance
    assert hex_distance(end, b.unit("F").anchor) == 1


def test_first_aid_for_an_ally_about_to_bleed_to_death():
    """A goblin archer shoots F (1 HP, CON 3: dies at -3) from afar: F falls to -1 with Bleed 1
    and would be dead in two rounds. The knight next to it (no bow, too slow to reach the
    archer this turn) gives first aid rather than march on: the cleric, far off, may wake F
    later if it lives."""
    b = arena(("S", "goblin_archer", "red", 17, 3, {"initiative": FIRST}),
              ("K", "knight", "blue", 6, 3, {"initiative": SECOND}),
              ("F", "fighter", "blue", 5, 3, {"initiative": THIRD, "hp": 1, "con": 3}),
              ("Cl", "cleric", "blue", 0, 7, {"initiative": LAST}),
              fixed_dice=[("d20", 10)] * 4 + [("d20", 19), ("d4", 2)], initiative="top-down",
              width=20)
    ok(b, C.Attack("S", "F", "shortbow"))
    ok(b, C.EndTurn("S"))
    assert b.unit("F").hp == -1 and bleed_out_rounds(b.unit("F")) == 2
    cmd = first_decision(b, judgement())
    assert isinstance(cmd, C.FirstAid) and cmd.ally == "F"


def test_first_aid_counts_a_quarter_when_nobody_can_wake_the_ally_later():
    b = felled_field(("G", "fighter", 6, 3), {"hp": 4, "con": 3}, dice=[("d12", 3)])
    f = b.unit("F")
    assert bleed_out_rounds(f) == 1
    ctx = Context(b, b.view(), b.unit("G"))
    assert aid_worth(ctx, f) == 0.25 * ally_value(ctx, f)


def test_first_aid_counts_little_for_an_ally_whose_wound_clots_in_time():
    """An ally at -1 with Bleed 1 and CON 14 would clot after 10 rounds, at -11: alive."""
    b = felled_field(("G", "fighter", 6, 3), {"hp": 4}, dice=[("d12", 2)])
    f = b.unit("F")
    assert bleed_out_rounds(f) is None
    ctx = Context(b, b.view(), b.unit("G"))
    assert aid_worth(ctx, f) == 0.0
