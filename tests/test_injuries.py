"""Injuries through the engine's commands (docs/rules/11-hit-points-and-conditions.md; seed
004 "Hit Points", "Conditions": Bleed X, Dying, Weakened, Cramped, "Space Explained").

Battles on small open fields with the shipped units; the dice are fixed where the outcome
matters. The first d20s are the creatures' initiative rolls (their ratings fix the order
whatever they show). An orc's greataxe deals 1d12+3 slashing (its javelin in the other hand:
STR counted once); a fighter has AC 17.
"""
from __future__ import annotations

from types import SimpleNamespace

from game.engine import commands as C
from game.engine import events as E
from game.hexgrid import Hex
from game.rules.space import cramps

from test_engine_turns import FIRST, LAST, SECOND, THIRD, arena, nb, of, ok

HIT = ("d20", 18)          # 18 + 2 HR + 3 STR = 23: hits a fighter's AC 17
MISS_SAVE = ("d20", 1)     # a stabilising FORT save that fails


def orcs_around(fighter_hp: int, dice=(), orcs: int = 2, con: int = 14, **kw):
    """Up to three orcs next to a fighter of `fighter_hp` HP (CON 14: dies at -14, level 2:
    Bleed at most 2) and a blue archer far off, so that the battle goes on when he falls.
    Top-down order: the orcs, the fighter, the archer."""
    ratings = (FIRST, FIRST - 1, FIRST - 2)
    units = [(f"O{n + 1}", "orc", "red", *cell, {"initiative": ratings[n]})
             for n, cell in enumerate(((4, 3), (6, 3), (5, 2))[:orcs])]
    units += [("F", "fighter", "blue", 5, 3, {"initiative": SECOND, "hp": fighter_hp,
                                              "con": con}),
              ("A", "archer", "blue", 0, 7, {"initiative": LAST})]
    return arena(*units, fixed_dice=[("d20", 10)] * len(units) + list(dice),
                 initiative="top-down", **kw)


def end_round(b, *names) -> None:
    for name in names:
        ok(b, C.EndTurn(name))


# ---- Bleed X stacks, Weakened by every blow ---------------------------------------------------

def test_bleed_x_stacks_with_every_slashing_blow_at_0_hp_or_less_up_to_the_level():
    """004 Bleed X: "Multiple Bleed X conditions stack. (Bleed 1 and Bleed 2 combine to cause a
    total of Bleed 3)" and "X cannot be greater than the affected creature's level". The blows
    on the fallen fighter are critical hits (x3, 3d12: a helpless creature next to its foe); CON 40
    keeps him alive to -40."""
    b = orcs_around(3, orcs=3, con=40, dice=[HIT, ("d12", 1)] + [("d12", 1)] * 6)
    ok(b, C.Attack("O1", "F", "greataxe"))                 # 3 - 4 = -1
    assert b.unit("F").conditions["bleed"] == 1 and b.unit("F").has("dying")
    ok(b, C.EndTurn("O1"))
    ok(b, C.Attack("O2", "F", "greataxe"))                 # -1 - 12 = -13
    assert b.unit("F").conditions["bleed"] == 2
    ok(b, C.EndTurn("O2"))
    ok(b, C.Attack("O3", "F", "greataxe"))                 # -25: a level 2 fighter, Bleed 2
    assert b.unit("F").conditions["bleed"] == 2 and b.unit("F").hp == -25


def test_struck_again_at_0_hp_or_less_gains_another_weakened_stage():
    """004 Hit Points: "If you are struck to 0 Hit Points or less, you fall unconscious and gain
    +1 Weakened Stage." Each later blow strikes it to 0 or less again; bleeding is no blow."""
    b = orcs_around(4, con=40, dice=[HIT, ("d12", 1)] + [("d12", 1)] * 3 + [MISS_SAVE])
    events = ok(b, C.Attack("O1", "F", "greataxe"))
    assert b.unit("F").conditions["weakened"] == 1
    assert [e.condition for e in of(events, E.ConditionAdded)].count("unconscious") == 1
    ok(b, C.EndTurn("O1"))
    events = ok(b, C.Attack("O2", "F", "greataxe"))
    assert b.unit("F").conditions["weakened"] == 2
    assert "unconscious" not in [e.condition for e in of(events, E.ConditionAdded)]
    events = ok(b, C.EndTurn("O2"))                        # the fighter bleeds 2: no new stage
    assert [(e.unit, e.amount) for e in of(events, E.Damaged)] == [("F", 2)]
    assert b.unit("F").conditions["weakened"] == 2


def test_bleed_x_after_10_rounds_of_bleeding_the_wound_clots():
    """004 Bleed X: "After 10 rounds of bleeding, the wound begins to clot, and the Bleed X
    amount is reduced by 1 per round." A fighter at -1 with Bleed 1 (CON 14: dies at -14)
    that fails every stabilising save bleeds ten rounds to -11, then stops."""
    b = orcs_around(3, orcs=1, dice=[HIT, ("d12", 1)] + [MISS_SAVE] * 10)
    ok(b, C.Attack("O1", "F", "greataxe"))
    clotted = []
    for _ in range(11):
        events = ok(b, C.EndTurn("O1"))          # the fighter's turn passes by itself
        clotted += of(events, E.Clotted)
        assert b.unit("F").bled_rounds == 0 or not clotted
        ok(b, C.EndTurn("A"))
    assert [(e.unit, e.bleed, e.rounds) for e in clotted] == [("F", 0, 10)]
    f = b.unit("F")
    assert f.hp == -11 and not f.dead and "bleed" not in f.conditions
    assert not f.has("dying") and f.has("unconscious")          # stable
    ok(b, C.EndTurn("O1"))
    assert b.unit("F").hp == -11


def test_bleed_x_counts_its_rounds_for_the_unit_card():
    """The rounds of bleeding count from the first; the card says when the wound clots."""
    from game.ui.presenters import unit_card
    b = orcs_around(4, orcs=1, dice=[HIT, ("d12", 1), MISS_SAVE, MISS_SAVE])
    ok(b, C.Attack("O1", "F", "greataxe"))
    assert unit_card(b, "F").clots_in == 10
    end_round(b, "O1", "A", "O1")
    card = unit_card(b, "F")
    assert card.clots_in == 8 and b.unit("F").bled_rounds == 2
    bleed = next(c for c in card.conditions if c.name == "Bleed 1")
    assert bleed.effect.startswith("clots in 8 rounds")
    assert "Weakened 1" in card.condition_names


# ---- Cramped when sharing a space -------------------------------------------------------------

def _passing(kind_of_ally: str = "fighter", ally_overrides=None):
    """M (a fighter) walks through its ally A; the orc E, east of A, threatens A's hex but
    not M's: leaving A's hex provokes E, whose player is asked (the move pauses there)."""
    b = arena(("M", "fighter", "blue", 2, 3, {"initiative": FIRST}),
              ("A", kind_of_ally, "blue", 3, 3, {"initiative": SECOND, **(ally_overrides or {})}),
              ("E", "orc", "red", 4, 3, {"initiative": THIRD}),
              fixed_dice=[("d20", 10)] * 3, controllers={"red": "human"})
    ok(b, C.SetPolicy("E", "never", "interrupt"))         # asked about its AOO only
    assert b.active == "M"
    return b, [(3, 3), nb(b, (3, 3), 1)]


def test_cramped_creatures_sharing_a_space_within_one_size_category():
    """004 "Space Explained": "In combat, if you occupy the same space as an allied or
    indifferent creature within 1 size category of your own, you both gain the Cramped
    condition." A creature passing through its ally shares the ally's hex on the way: an
    attack of opportunity there finds both Cramped (-2 AC); they part, and it is gone."""
    b, path = _passing()
    events = ok(b, C.Move("M", tuple(path), confirm=True))
    assert b.decider() == ("reaction", "E")
    assert b.unit("M").has("cramped") and b.unit("A").has("cramped")
    assert {(e.unit, e.condition) for e in of(events, E.ConditionAdded)} >= {
        ("M", "cramped"), ("A", "cramped")}
    events = ok(b, C.React("E", True))
    [aoo] = of(events, E.AttackRolled)
    assert aoo.kind == "aoo" and "cramped" in aoo.breakdown.lower()
    assert not b.unit("M").has("cramped") and not b.unit("A").has("cramped")
    assert b.cell(b.unit("M").anchor) == path[-1] or b.unit("M").has("unconscious")


def test_cramped_not_with_a_creature_2_size_categories_smaller_nor_a_tiny_one():
    """004: "You may occupy the same space as a creature 2+ size categories smaller than you
    without penalty." and tiny creatures "generally [do] not cause any issues with space"."""
    b, path = _passing(ally_overrides={"size": "tiny"})
    ok(b, C.Move("M", tuple(path), confirm=True))
    assert b.decider() == ("reaction", "E")
    assert not b.unit("M").has("cramped") and not b.unit("A").has("cramped")


def _view_unit(eid, size, hexes, team="blue"):
    return SimpleNamespace(eid=eid, name=f"u{eid}", dead=False, team=team, size=size,
                           hexes=tuple(Hex(q, r) for q, r in hexes))


def test_cramped_two_large_creatures_may_share_one_hex_of_their_spaces():
    """004: "Two Large Size+ creatures may share 1 hex (or 33%) of their total space with one
    another without penalty. Anything beyond that causes the Cramped condition."."""
    ogre = _view_unit(1, "large", [(0, 0), (1, 0), (0, 1)])
    one = _view_unit(2, "large", [(1, 0), (2, 0), (1, 1)])
    two = _view_unit(3, "large", [(1, 0), (0, 1), (1, 1)])
    medium = _view_unit(4, "medium", [(1, 0)])
    small = _view_unit(5, "small", [(1, 0)])
    foe = _view_unit(6, "medium", [(1, 0)], team="red")
    assert not cramps(ogre, one) and cramps(ogre, two) and cramps(two, ogre)
    assert cramps(ogre, medium) and cramps(medium, ogre)      # within one size category
    assert not cramps(ogre, small) and not cramps(small, ogre)
    assert not cramps(medium, foe)                            # allies and the indifferent only


def test_cramped_from_protect_stays_when_a_shared_space_ends():
    """Cramped from another source keeps its own end (the rulebook Protect: "you are Cramped"): only
    the Cramped that sharing gave comes off when the creatures part."""
    b = arena(("A", "fighter", "blue", 3, 3, {"initiative": FIRST}),
              ("M", "fighter", "blue", 2, 3, {"initiative": SECOND}),
              ("E", "orc", "red", 4, 3, {"initiative": THIRD}),
              fixed_dice=[("d20", 10)] * 3, controllers={"red": "human"})
    ok(b, C.SetPolicy("E", "never", "interrupt"))
    ok(b, C.Protect("A", ally="M"))
    ok(b, C.EndTurn("A"))
    ok(b, C.ChooseNext("A", "M"))
    ok(b, C.Move("M", ((3, 3), nb(b, (3, 3), 1)), confirm=True))
    ok(b, C.React("E", False))
    assert b.unit("A").has("cramped") and not b.unit("M").has("cramped")
