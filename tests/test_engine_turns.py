"""docs/rules/09-turns-and-actions.md "Turns, actions, initiative" through the engine: selective (default), top-down
and round-by-round initiative, the turn's budget (2 Big + 1 Little, Big as Little, full-round
actions, movement split across actions and lost at the end of the turn, attacks per turn by
level, consecutive attack penalties), reactions restored at the start of the creature's own
turn (docs/rules/04-attacks-of-opportunity.md), "until your next turn" durations (docs/rules/11-hit-points-and-conditions.md), the automatic turns of
creatures that cannot act, and docs/rules/12-winning.md "Winning".

`arena(...)` builds a battle in code (make_hexmap + Battle); the helpers are shared by
test_engine_actions.py and test_engine_combat.py.
"""
from __future__ import annotations

from dataclasses import replace

import pytest

from game.ecs.components import Health
from game.data import load_units
from game.ecs.scenario import make_hexmap
from game.engine import commands as C
from game.engine import events as E
from game.engine.battle import Battle
from game.hexgrid import hex_neighbor
from game.tiled.hexmap import Terrain, UnitPlacement
from helpers import of, ok

DB = load_units()
FIRST, SECOND, THIRD, LAST = 40, 17, -6, -10    # initiative ratings: a fixed order


def arena(*units, width=12, height=8, terrain=None, seed=0, db=None, **kw) -> Battle:
    """units: (name, unit key, team, col, row[, overrides]) on an open pointy-top field."""
    placements = []
    for u in units:
        name, key, team, col, row = u[:5]
        overrides = dict(u[5]) if len(u) > 5 else {}
        conditions = tuple(overrides.pop("conditions", ()))
        facing = overrides.pop("facing", 0)
        placements.append(UnitPlacement(name, key, team, col, row, facing, overrides,
                                        conditions))
    hexmap = make_hexmap(width, height, terrain, placements)
    return Battle(hexmap, seed=seed, units_db=db or DB, **kw)


def nb(b: Battle, cell, direction: int):
    """The Tiled cell next to `cell` in cube direction 0-5 (0 east, then counter-clockwise)."""
    return b.cell(hex_neighbor(b.hexmap.hex_at(*cell), direction))


def refused(b: Battle, cmd) -> str:
    before = b.state_hash()
    out = b.apply(cmd)
    assert not out.ok, f"{cmd} was accepted"
    assert b.state_hash() == before and not out.events
    return out.reason


def find_battle(make, play, want, tries=400):
    """The first seed whose battle, after `play(b)`, satisfies `want(b, events)`."""
    for seed in range(tries):
        b = make(seed)
        events = play(b)
        if want(b, events):
            return b, events
    raise AssertionError("no seed gives the wanted outcome")


def trio(**kw) -> Battle:
    """Three creatures far apart, initiative order A (blue), B (red), C (red)."""
    return arena(("A", "fighter", "blue", 1, 1, {"initiative": FIRST}),
                 ("B", "orc", "red", 9, 1, {"initiative": SECOND}),
                 ("C", "orc", "red", 9, 6, {"initiative": THIRD}), **kw)


# ---- selective initiative (docs/rules/09-turns-and-actions.md) -------------------------------------------------------

def test_selective_initiative_highest_check_acts_first():
    b = trio()
    rolled = of(b.events, E.InitiativeRolled)
    assert [e.unit for e in rolled] == ["A", "B", "C"]
    assert b.order == ("A", "B", "C")
    assert b.initiative_mode == "selective"
    assert b.active == "A" and b.awaiting() == "turn" and b.round == 1
    assert b.first_of_round == "A"
    assert "initiative 40 (rules: Turns, actions and initiative)" in rolled[0].breakdown


def test_selective_end_turn_lets_the_creature_that_acted_pick_any_side():
    b = trio()
    events = ok(b, C.EndTurn("A"))
    assert b.awaiting() == "choice" and b.chooser == "A" and b.active is None
    assert of(events, E.ChoiceNeeded)[0].candidates == ("B", "C")
    ok(b, C.ChooseNext("A", "C"))
    assert b.active == "C"


def test_choose_next_refusals_change_nothing():
    b = trio()
    ok(b, C.EndTurn("A"))
    assert "A picks who acts next" in refused(b, C.ChooseNext("B", "C"))
    assert "already acted" in refused(b, C.ChooseNext("A", "A"))
    assert "no such unit" in refused(b, C.ChooseNext("A", "Zed"))
    assert "must first choose" in refused(b, C.EndTurn("B"))
    ok(b, C.ChooseNext("A", "B"))
    assert "it is B's turn" in refused(b, C.ChooseNext("A", "C"))


def test_single_candidate_is_picked_automatically():
    b = trio()
    ok(b, C.EndTurn("A"))
    ok(b, C.ChooseNext("A", "B"))
    events = ok(b, C.EndTurn("B"))
    assert of(events, E.NextChosen) == [E.NextChosen("B", "C")]
    assert b.active == "C"


def test_last_actor_of_a_round_may_pick_itself_to_open_the_next():
    b = trio()
    ok(b, C.EndTurn("A"))
    ok(b, C.ChooseNext("A", "B"))
    ok(b, C.EndTurn("B"))                   # C is picked automatically
    events = ok(b, C.EndTurn("C"))
    assert of(events, E.RoundStarted) == [E.RoundStarted(2)]
    assert b.chooser == "C"
    assert of(events, E.ChoiceNeeded)[0].candidates == ("A", "B", "C")
    ok(b, C.ChooseNext("C", "C"))
    assert b.active == "C" and b.round == 2 and b.first_of_round == "C"


def test_creatures_that_cannot_act_are_not_offered_and_take_their_turn_at_round_end():
    b = arena(("A", "fighter", "blue", 1, 1, {"initiative": FIRST}),
              ("D", "fighter", "blue", 1, 5, {"initiative": SECOND,
                                               "conditions": ("unconscious", "prone")}),
              ("B", "orc", "red", 9, 1, {"initiative": THIRD}),
              ("C", "orc", "red", 9, 5, {"initiative": LAST}))
    b.set_condition("D", "bleed", 1)
    b.set_condition("D", "dying", 1)
    b.update("D", Health, hp=-1)
    events = ok(b, C.EndTurn("A"))
    assert set(of(events, E.ChoiceNeeded)[0].candidates) == {"B", "C"}
    ok(b, C.ChooseNext("A", "B"))
    events = ok(b, C.EndTurn("B"))
    events += ok(b, C.EndTurn("C"))
    started = [e.unit for e in of(events, E.TurnStarted)]
    assert started == ["C", "D"]            # D's automatic turn, after all that can act
    bleed = [e for e in of(events, E.Damaged) if e.unit == "D"]
    assert bleed and bleed[0].amount == 1 and bleed[0].hp == -2
    assert [e.unit for e in of(events, E.SaveRolled)] == ["D"]
    assert b.chooser == "C"                 # the last creature that really acted picks


def test_dead_creatures_get_no_turn():
    b = trio()
    b.update("C", Health, dead=True)
    ok(b, C.EndTurn("A"))                   # B is the only candidate
    assert b.active == "B"
    events = ok(b, C.EndTurn("B"))
    assert "C" not in [e.unit for e in of(events, E.TurnStarted)]


# ---- top-down and round-by-round (docs/rules/09-turns-and-actions.md) ------------------------------------------------

def test_top_down_follows_initiative_order_and_is_flat_footed_before_acting():
    b = trio(initiative="top-down")
    assert b.initiative_mode == "top-down"
    assert not b.unit("A").has("flat_footed")      # its turn started
    assert b.unit("B").has("flat_footed") and b.unit("C").has("flat_footed")
    ok(b, C.EndTurn("A"))
    assert b.active == "B" and not b.unit("B").has("flat_footed")
    ok(b, C.EndTurn("B"))
    events = ok(b, C.EndTurn("C"))
    assert b.round == 2 and b.active == "A"
    assert not of(events, E.ChoiceNeeded)
    assert not any(b.unit(n).has("flat_footed") for n in "ABC")


def test_map_property_chooses_the_initiative_mode():
    units = [UnitPlacement("A", "fighter", "blue", 1, 1), UnitPlacement("B", "orc", "red", 8, 1)]
    hexmap = make_hexmap(10, 4, None, units)
    hexmap.initiative = "round-by-round"
    assert Battle(hexmap, units_db=DB).initiative_mode == "round-by-round"
    assert Battle(hexmap, units_db=DB, initiative="top-down").initiative_mode == "top-down"


def test_round_by_round_rolls_each_round_and_the_last_actor_gets_5():
    b = trio(initiative="round-by-round")
    assert not b.unit("B").has("flat_footed")     # only top-down starts everyone flat-footed
    ok(b, C.EndTurn("A"))
    ok(b, C.ChooseNext("A", "B"))
    ok(b, C.EndTurn("B"))
    events = ok(b, C.EndTurn("C"))
    rolled = of(events, E.InitiativeRolled)
    assert [e.unit for e in rolled] == ["A", "B", "C"]
    assert "acted last 5" in rolled[2].breakdown and "acted last" not in rolled[0].breakdown
    assert b.round == 2 and b.active == "A" and b.first_of_round == "A"


# ---- the turn's budget (docs/rules/09-turns-and-actions.md, 3) -------------------------------------------------------

def test_two_big_one_little_and_a_big_action_may_be_spent_as_a_little_one():
    b = trio()
    ok(b, C.DropProne("A"))                 # the Little Action
    assert (b.budget("A").big, b.budget("A").little) == (2, 0)
    ok(b, C.StandUp("A"))                   # a Big Action
    events = ok(b, C.DropProne("A"))        # a Big Action spent as a Little one
    assert "a Big Action spent as a Little one" in of(events, E.ActionSpent)[0].action
    assert (b.budget("A").big, b.budget("A").little) == (0, 0)
    assert refused(b, C.StandUp("A")) == "A has no Big Action left for Stand Up"


def test_no_little_action_left_when_little_and_big_are_spent():
    b = trio()
    ok(b, C.DropProne("A"))
    ok(b, C.StandUp("A"))
    ok(b, C.Aim("A"))
    assert "no Little Action left" in refused(b, C.DropProne("A"))
    assert "no Big Action left" in refused(b, C.FightDefensively("A"))


def test_movement_is_split_across_actions_and_lost_at_the_end_of_the_turn():
    b = trio()
    ok(b, C.Move("A", ((2, 1), (3, 1))))
    budget = b.budget("A")
    assert (budget.big, budget.movement) == (1, 4)      # speed 6: 4 hexes left over
    ok(b, C.Move("A", ((4, 1), (5, 1), (6, 1), (7, 1))))
    budget = b.budget("A")
    assert (budget.big, budget.movement) == (1, 0)      # no Big Action spent
    ok(b, C.EndTurn("A"))
    assert b.budget("A").movement == 0


def test_leftover_movement_is_lost_at_turn_end():
    b = trio()
    ok(b, C.Move("A", ((2, 1),)))
    assert b.budget("A").movement == 5
    ok(b, C.EndTurn("A"))
    assert b.budget("A").movement == 0


def test_staggered_creature_has_one_big_action():
    b = trio()
    ok(b, C.EndTurn("A"))
    b.set_condition("B", "staggered", 1)
    ok(b, C.ChooseNext("A", "B"))
    assert b.budget("B").big == 1


def _duel(level: int) -> Battle:
    """A fighter of `level` next to an ogre with a lot of HP (attacks keep coming)."""
    db = dict(DB)
    db["ogre"] = replace(DB["ogre"], hp=500)
    return arena(("A", "fighter", "blue", 3, 2, {"initiative": FIRST, "level": level}),
                 ("O", "ogre", "red", 4, 2, {"initiative": LAST}), db=db)


@pytest.mark.parametrize("level,attacks,bigs_used", [(2, 1, 1), (5, 2, 2), (10, 3, 2),
                                                     (15, 4, 2)])
def test_attacks_per_turn_by_level(level, attacks, bigs_used):
    b = _duel(level)
    rolls = []
    for _ in range(attacks):
        rolls += of(ok(b, C.Attack("A", "O")), E.AttackRolled)
    assert len(rolls) == attacks
    assert b.budget("A").big == 2 - bigs_used
    reason = refused(b, C.Attack("A", "O"))
    assert "may attack with only" in reason or "no Big Action left" in reason
    for n, roll in enumerate(rolls):
        if n:
            assert f"consecutive attacks {2 * n} (rules: Turns, actions and initiative)" in roll.breakdown
        else:
            assert "consecutive" not in roll.breakdown


def test_alternating_weapons_costs_only_1_per_consecutive_attack():
    b = _duel(5)
    ok(b, C.Attack("A", "O", "longsword"))
    events = ok(b, C.Attack("A", "O", "javelin", confirm=True))   # thrown: provokes O
    mine = [e for e in of(events, E.AttackRolled) if e.attacker == "A"]
    assert "consecutive attacks 1 (rules: Turns, actions and initiative)" in mine[0].breakdown


# ---- reactions and durations (docs/rules/04-attacks-of-opportunity.md, 11) ------------------------------------------------

def test_reaction_is_restored_at_the_start_of_the_creatures_own_turn():
    b = arena(("A", "fighter", "blue", 3, 2, {"initiative": FIRST}),
              ("B", "orc", "red", 4, 2, {"initiative": SECOND}),
              ("C", "orc", "red", 9, 6, {"initiative": THIRD}))
    ok(b, C.Move("A", ((2, 2), (1, 2)), confirm=True))       # provokes B
    assert b.reactions("B").available == 0
    ok(b, C.EndTurn("A"))
    ok(b, C.ChooseNext("A", "C"))
    assert b.reactions("B").available == 0                     # not C's turn that restores
    ok(b, C.EndTurn("C"))
    assert b.active == "B" and b.reactions("B").available == 1
    assert b.reactions("B").aoo_this_round == 0


def test_until_next_turn_effects_end_when_that_turn_starts():
    b = trio()
    ok(b, C.FightDefensively("A"))
    assert b.unit("A").has("fighting_defensively")
    ok(b, C.EndTurn("A"))
    ok(b, C.ChooseNext("A", "B"))
    assert b.unit("A").has("fighting_defensively")
    ok(b, C.EndTurn("B"))
    events = ok(b, C.EndTurn("C"))
    ok(b, C.ChooseNext("C", "A"))
    assert not b.unit("A").has("fighting_defensively")
    assert E.ConditionRemoved("A", "fighting_defensively") in b.events


# ---- winning (docs/rules/12-winning.md) -------------------------------------------------------------------

def test_a_side_wins_when_every_enemy_is_dead_unconscious_or_gone():
    b = trio()
    b.set_condition("B", "unconscious", 1)
    b.update("C", Health, dead=True)
    events = ok(b, C.EndTurn("A"))
    assert of(events, E.BattleWon) == [E.BattleWon("blue", 1)]
    assert b.winner == "blue" and b.awaiting() == "over"
    assert "the battle is over: blue won" in refused(b, C.EndTurn("A"))


def test_leave_map_from_an_exit_hex_and_its_side_loses_when_all_are_gone():
    exits = {(0, 1): Terrain(exit=True, name="road west")}
    b = arena(("A", "fighter", "blue", 1, 1, {"initiative": FIRST}),
              ("B", "orc", "red", 9, 1, {"initiative": SECOND}), terrain=exits)
    assert "not on an exit hex" in refused(b, C.LeaveMap("A"))
    ok(b, C.Move("A", ((0, 1),)))
    events = ok(b, C.LeaveMap("A"))
    assert of(events, E.LeftMap) == [E.LeftMap("A", (0, 1))]
    assert b.winner == "red" and "A" in b.left
    assert not b.view().has_unit("A")


def test_a_creature_that_bleeds_out_at_the_start_of_its_turn_ends_it_at_once():
    b = trio()
    b.update("B", Health, hp=1)
    b.set_condition("B", "bleed", 1)
    ok(b, C.EndTurn("A"))
    events = ok(b, C.ChooseNext("A", "B"))
    assert [type(e) for e in events][:2] == [E.NextChosen, E.TurnStarted]
    assert b.unit("B").has("unconscious") and E.TurnEnded("B") in events
    assert b.active == "C"                   # the only one left: picked at once
