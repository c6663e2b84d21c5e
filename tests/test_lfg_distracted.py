"""Distracted (docs/rules/11-hit-points-and-conditions.md, 22-hiding-and-fog.md "Spot"), through
engine commands with fixed dice. Each test quotes the rulebook sentence it pins down.

Every battle opens with one d20 of initiative per creature, in placement order; the initiative
ratings fix the order (FIRST acts first), top-down.
"""
from __future__ import annotations

from game.engine import commands as C
from game.engine import events as E
from game.rules import hiding

from test_engine_turns import FIRST, SECOND, of, ok
from test_hiding import field, hide_bonus, spot_bonus


def hider_and_watcher(dice=(), distracted=True):
    watcher = {"initiative": SECOND, "conditions": ["distracted"] if distracted else []}
    return field(("A", "archer", "blue", 2, 2, {"initiative": FIRST}),
                 ("F", "fighter", "red", 8, 2, watcher), dice=dice)


def test_distracted_is_unfortunate_on_spot_checks():
    """"Distracted: ... You are Unfortunate on all Listen and Spot checks." The distracted
    fighter rolls two d20 for its Spot and keeps the worse: the 18 would have found the
    hidden archer, the 3 does not."""
    hide_roll = 12
    probe = hider_and_watcher()
    value = hide_roll + hide_bonus(probe)
    assert 3 + spot_bonus(probe) < value <= 18 + spot_bonus(probe)
    b = hider_and_watcher(dice=[("d20", hide_roll), ("d20", 18), ("d20", 3)])
    ok(b, C.Hide("A"))
    ok(b, C.EndTurn("A"))
    events = ok(b, C.Spot("F"))
    rolled = of(events, E.SpotRolled)[0]
    assert rolled.total == 3 + spot_bonus(b) and rolled.found == ()
    assert "A" in b.hidden
    calm = hider_and_watcher(dice=[("d20", hide_roll), ("d20", 18)], distracted=False)
    ok(calm, C.Hide("A"))
    ok(calm, C.EndTurn("A"))
    assert of(ok(calm, C.Spot("F")), E.SpotRolled)[0].found == ("A",)


def test_distracted_spot_forecast_names_the_unfortunate_roll():
    """"Distracted: ... You are Unfortunate on all Listen and Spot checks." The Spot forecast
    itemises it, and its chance is that of the worse of two d20."""
    b = hider_and_watcher(dice=[("d20", 12)])
    calm = hider_and_watcher(dice=[("d20", 12)], distracted=False)
    for battle in (b, calm):
        ok(battle, C.Hide("A"))
        ok(battle, C.EndTurn("A"))
    worried, easy = b.forecast(C.Spot("F")), calm.forecast(C.Spot("F"))
    assert any("distracted" in line for line in worried.lines)
    assert not any("distracted" in line for line in easy.lines)
    assert worried.chance < easy.chance


def test_distracted_passive_spot_counts_the_die_as_seven():
    """"Distracted: You are having trouble paying attention; you might not notice moderately
    obvious things, such as creatures standing in the open ... You are Unfortunate on all
    Listen and Spot checks." Its passive Spot counts 7 for the die instead of 10: a hider
    whose Hide check meets 10 + Spot but not 7 + Spot stays hidden."""
    probe = hider_and_watcher()
    assert hiding.passive_spot(probe.unit("F")) == 7 + spot_bonus(probe)
    roll = 9 + spot_bonus(probe) - hide_bonus(probe)     # a Hide total of 9 + Spot
    assert 1 <= roll <= 20
    b = hider_and_watcher(dice=[("d20", roll)])
    ok(b, C.Hide("A"))
    assert not of(ok(b, C.EndTurn("A")), E.Spotted) and "A" in b.hidden
    calm = hider_and_watcher(dice=[("d20", roll)], distracted=False)
    ok(calm, C.Hide("A"))
    assert [s.how for s in of(ok(calm, C.EndTurn("A")), E.Spotted)] == ["passive"]
