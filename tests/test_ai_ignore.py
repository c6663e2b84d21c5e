"""The computer player ignores an enemy (docs/rules/08-flanking.md "Ignore an enemy") only
where it pays: the enemy has acted this round and its flank would help the foes still to act.
Seed 004, selective initiative: "you may choose to ignore one or more enemies ... they cannot
cause you to become Flanked"."""
from __future__ import annotations

from collections import namedtuple

from game.ai import reactions
from game.engine import commands as C

from test_engine_interrupts import field
from test_engine_turns import ok

Option = namedtuple("Option", "kind value command detail")


def flanked_fighter(initiative="selective"):
    """X (the highest check: acts first), then the fighter M between X and the orc Y, who
    flank him, and two goblin archers further off; all but X are still to act, and each
    of their blows and shots is likelier to hit a flanked M. X also threatens the knight K,
    so its next blow may well fall on K."""
    b = field(("X", "orc", "red", 3, 2, {"initiative": 40}),
              ("M", "fighter", "blue", 4, 2, {"initiative": 20}),
              ("K", "knight", "blue", 2, 2, {"initiative": -5, "hp": 40}),
              ("Y", "orc", "red", 5, 2, {"initiative": 0}),
              ("A1", "goblin_archer", "red", 8, 1, {"initiative": 0}),
              ("A2", "goblin_archer", "red", 8, 3, {"initiative": 0}),
              dice=[("d20", 10)] * 6, initiative=initiative)
    ok(b, C.EndTurn("X"))
    if b.awaiting() == "choice":
        ok(b, C.ChooseNext(b.chooser, "M"))
    return b


def test_ignores_the_flanker_that_has_acted_to_break_the_flank():
    b = flanked_fighter()
    assert b.active == "M"
    options = reactions.ignore_options(b, b.unit("M"), 0.0, Option)
    assert [o.command for o in options] == [C.IgnoreEnemy("M", target="X")]
    assert options[0].value > 0 and b.apply(options[0].command).ok


def test_in_top_down_order_the_foe_that_comes_first_again_is_not_ignored():
    """Top-down: X strikes again before M's next turn, at Fortunate on a flat-footed M."""
    b = flanked_fighter("top-down")
    assert reactions.ignore_options(b, b.unit("M"), 0.0, Option) == []


def test_never_ignores_a_foe_still_to_act_or_when_not_flanked():
    b = flanked_fighter()
    assert all(o.command.target != "Y"
               for o in reactions.ignore_options(b, b.unit("M"), 0.0, Option))
    lone = field(("X", "orc", "red", 3, 2, {"initiative": 40}),
                 ("M", "fighter", "blue", 4, 2, {"initiative": 20}),
                 ("Y", "orc", "red", 9, 6, {"initiative": 0}),
                 dice=[("d20", 10)] * 3)
    ok(lone, C.EndTurn("X"))
    ok(lone, C.ChooseNext("X", "M"))
    assert reactions.ignore_options(lone, lone.unit("M"), 0.0, Option) == []
