"""Interrupt turns, Prepare to Interrupt, deferring a pick, ignoring an enemy, awareness and the
surprise round (docs/rules/09-turns-and-actions.md; the players' page "Turns, actions and initiative"), driven through
commands with fixed dice. Each test quotes the rulebook's sentence it pins down.

The arena: F (blue, opens every round far away), M (blue, the mover) and R (red, the enemy
that may interrupt M). The first three d20s are the initiative checks (F, M, R).
"""
from __future__ import annotations

from game.ecs.scenario import make_hexmap
from game.engine import commands as C
from game.engine import events as E
from game.engine.battle import Battle
from game.tiled.hexmap import UnitPlacement

from test_engine_turns import DB, ok, of

SIDES = {"blue": "ai", "red": "ai"}       # named controllers: interrupts are asked for
OPENING = [("d20", 20), ("d20", 15), ("d20", 5)]     # F, M, R: F opens, then M, then R
TO_REACH = ((3, 2), (4, 2), (5, 2))                  # M walks east; 5,2 is next to R at 6,2


def field(*units, dice=(), initiative=None):
    """units: (name, key, team, col, row, overrides...); overrides may hold aware / hidden."""
    placements = []
    for name, key, team, col, row, *more in units:
        over = dict(more[0]) if more else {}
        flags = {k: over.pop(k) for k in ("aware", "hidden") if k in over}
        placements.append(UnitPlacement(name, key, team, col, row, 0, over, (), **flags))
    return Battle(make_hexmap(12, 8, None, placements), seed=0, units_db=DB,
                  controllers=SIDES, fixed_dice=list(dice), initiative=initiative)


def trio(dice=(), **kw):
    return field(("F", "fighter", "blue", 0, 7, {"initiative": 40}),
                 ("M", "fighter", "blue", 2, 2, {"initiative": 0, "hp": 200}),
                 ("R", "orc", "red", 6, 2, {"initiative": 0, "hp": 200}),
                 dice=OPENING + list(dice), **kw)


def m_walks(b, path=TO_REACH):
    ok(b, C.EndTurn("F"))
    ok(b, C.ChooseNext("F", "M"))
    return ok(b, C.Move("M", path, confirm=True))


# ---- Interrupt Turn (a Reaction) ----------------------------------------------------------------

def test_interrupt_turn_spends_a_reaction_and_takes_the_turn_at_once():
    """"You must spend a Reaction to attempt an Interrupt Turn." "If you win the Initiative
    Check (higher result), you successfully interrupt and immediately take your turn. When
    your Interrupt Turn is complete, the creature you interrupted completes their turn." """
    b = trio([("d20", 20), ("d20", 1)])                 # R's check, then M's
    events = m_walks(b, TO_REACH + ((5, 1), (5, 0)))
    asked = of(events, E.ReactionAsked)
    assert asked == [E.ReactionAsked("R", "M", (5, 2), "interrupt")]
    events = ok(b, C.React("R", True))
    trig = of(events, E.InterruptTriggered)[0]
    assert trig.won and not trig.prepared and trig.unit == "R" and trig.at == (5, 2)
    assert b.active == "R" and b.reactions("R").available == 0
    assert b.suspended[-1][0] == "M" and b.cell(b.unit("M").anchor) == (5, 2)
    events = ok(b, C.EndTurn("R"))
    assert E.TurnResumed("M") in events and b.active == "M"
    assert b.cell(b.unit("M").anchor) == (5, 0)        # the rest of its path
    assert not [e for e in of(events, E.AttackRolled) if e.kind == "aoo"]   # R's Reaction is spent
    ok(b, C.EndTurn("M"))
    assert b.chooser == "M" and b.round == 2   # R has had its turn: the interrupted opens round 2


def test_a_lost_interrupt_spends_the_reaction_and_the_turn_goes_on():
    """"If you lose the Initiative Check (lower result), the other creature continues their turn
    as normal. You have failed to interrupt, your Reaction is used, and you will take your
    turn later when selected." """
    b = trio([("d20", 1), ("d20", 20)])
    m_walks(b)
    events = ok(b, C.React("R", True))
    assert not of(events, E.InterruptTriggered)[0].won
    assert b.active == "M" and not b.suspended and b.reactions("R").available == 0
    assert not b.budget("R").acted           # R still takes its turn this round


def test_the_creature_that_acts_first_in_a_round_cannot_be_interrupted():
    """"You cannot interrupt the creature that acts first in the round." """
    b = field(("F", "fighter", "blue", 2, 2, {"initiative": 40}),
              ("R", "orc", "red", 6, 2, {"initiative": 0}), dice=OPENING[:2])
    events = ok(b, C.Move("F", TO_REACH, confirm=True))
    assert not of(events, E.ReactionAsked) and b.cell(b.unit("F").anchor) == (5, 2)


def test_a_creature_that_has_acted_cannot_attempt_an_interrupt_turn():
    """"If you have already taken your turn this round, you cannot attempt an Interrupt Turn
    (unless you used the "Prepare to Interrupt" action)." """
    b = trio()
    ok(b, C.EndTurn("F"))
    ok(b, C.ChooseNext("F", "R"))
    ok(b, C.EndTurn("R"))                    # R has taken its turn; M is picked at once
    events = ok(b, C.Move("M", TO_REACH, confirm=True))
    assert not of(events, E.ReactionAsked)


def test_when_two_creatures_interrupt_only_the_highest_check_succeeds():
    """"If two or more creatures wish to interrupt, all involved creatures roll an opposed
    Initiative Check, and only the highest check succeeds." """
    b = field(("F", "fighter", "blue", 0, 7, {"initiative": 40}),
              ("M", "fighter", "blue", 2, 2, {"initiative": 0, "hp": 200}),
              ("R", "orc", "red", 6, 2, {"initiative": 0}),
              ("Q", "orc", "red", 5, 1, {"initiative": 0}),
              dice=OPENING + [("d20", 4), ("d20", 9), ("d20", 18), ("d20", 2)])
    m_walks(b)                                # 5,2 is in both orcs' reach
    ok(b, C.React("R", True))
    events = ok(b, C.React("Q", True))
    won = {e.unit: e.won for e in of(events, E.InterruptTriggered)}
    assert won == {"R": False, "Q": True} and b.active == "Q"
    assert b.reactions("R").available == 0 and b.reactions("Q").available == 0


def test_an_interrupted_mover_whose_way_is_blocked_stops_and_keeps_its_movement():
    """"After the interruption ends, you must continue your intended course of action if
    possible." "a human that moves 30 feet could be interrupted after moving 15 feet. After
    the interruption, they have 15 feet of movement remaining." """
    b = trio([("d20", 20), ("d20", 1)])
    m_walks(b, TO_REACH + ((5, 3), (5, 4)))
    ok(b, C.React("R", True))
    ok(b, C.Step("R", (5, 3)))               # R stands in M's way
    ok(b, C.EndTurn("R"))
    assert b.active == "M" and b.cell(b.unit("M").anchor) == (5, 2)
    assert b.budget("M").movement == 6 - 3   # the two hexes not walked are kept


def test_interrupt_policy_never_asks_nobody_and_always_tries_at_once():
    """The Interrupt Turn is a Reaction: like an attack of opportunity, each creature has a
    policy, "always", "never" or "ask" (rules: Attacks of opportunity)."""
    b = trio()
    ok(b, C.SetPolicy("R", "never", "interrupt"))
    assert not of(m_walks(b), E.ReactionAsked)
    b = trio([("d20", 20), ("d20", 1)])
    ok(b, C.SetPolicy("R", "always", "interrupt"))
    events = m_walks(b)
    assert not of(events, E.ReactionAsked) and of(events, E.InterruptTriggered)[0].won
    assert b.active == "R"


# ---- Prepare to Interrupt: any Big Action ----------------------------------------------------

def test_prepared_action_runs_through_its_own_command_in_the_interrupt_turn():
    """"Prepare to Interrupt – "Ready Action" (Big Action, No AOO): You prepare to do a single
    Big Action when a specific trigger event occurs. When the trigger occurs, you are
    Fortunate on the Initiative check used to interrupt." """
    b = field(("F", "fighter", "red", 0, 7, {"initiative": 40}),
              ("P", "fighter", "blue", 5, 2, {"initiative": 20, "hp": 200}),
              ("E", "orc", "red", 6, 2, {"initiative": 0, "hp": 200}),
              dice=OPENING + [("d20", 3), ("d20", 19), ("d20", 2)])   # P: 3 and 19, E: 2
    ok(b, C.EndTurn("F"))
    ok(b, C.ChooseNext("F", "P"))
    ok(b, C.PrepareInterrupt("P", "attacks", action="fight_defensively"))
    assert b.interrupts["P"].big == 1
    assert b.active == "E"
    events = ok(b, C.Attack("E", "P"))
    trig = of(events, E.InterruptTriggered)[0]
    assert trig.won and trig.prepared and "Fortunate" in trig.breakdown
    assert not of(events, E.AttackRolled) and b.active == "P"
    assert b.refusal(C.Attack("P", "E")).code == "prepared_action_only"
    assert b.action("P", "attack").code == "prepared_action_only"
    ok(b, C.FightDefensively("P"))
    events = ok(b, C.EndTurn("P"))
    strike = of(events, E.AttackRolled)[0]
    assert strike.attacker == "E" and "fighting defensively" in strike.breakdown.lower()


def test_the_interrupt_turn_refuses_every_other_big_action_as_its_menu_says():
    """"You prepare to do a single Big Action when a specific trigger event occurs": in the
    interrupt turn the maneuvers are refused for the reason the action menu gives (a
    fighter without a bludgeoning weapon was once told that instead, for Knockout Strike)."""
    b = field(("F", "fighter", "red", 0, 7, {"initiative": 40}),
              ("P", "fighter", "blue", 5, 2, {"initiative": 20, "hp": 200}),
              ("E", "orc", "red", 6, 2, {"initiative": 0, "hp": 200}),
              dice=OPENING + [("d20", 3), ("d20", 19), ("d20", 2)])
    ok(b, C.EndTurn("F"))
    ok(b, C.ChooseNext("F", "P"))
    ok(b, C.PrepareInterrupt("P", "attacks", action="fight_defensively"))
    ok(b, C.Attack("E", "P"))
    assert b.active == "P"
    for cmd in (C.KnockoutStrike("P", "E"), C.Trip("P", "E"), C.Grab("P", "E"),
                C.Shove("P", "E", to=(7, 2)), C.Volley("P", "E")):
        action = {C.KnockoutStrike: "knockout_strike", C.Trip: "trip", C.Grab: "grab",
                  C.Shove: "shove", C.Volley: "volley"}[type(cmd)]
        assert b.action("P", action).code == "prepared_action_only", action
        assert b.refusal(cmd).code == "prepared_action_only", action


def test_an_action_that_takes_both_big_actions_cannot_be_prepared():
    """"You spend one of your actions now, planning to complete the remainder of your turn
    later as an Interrupt Turn." One Big Action is left for the prepared action."""
    b = trio()
    assert b.refusal(C.PrepareInterrupt("F", "attacks", action="charge")).code == "not_preparable"
    assert b.refusal(C.PrepareInterrupt("F", "attacks", action="move")) is None


# ---- deferring a pick -------------------------------------------------------------------------

def test_a_creature_picked_by_an_ally_may_defer_and_act_later():
    """"If you were selected by an ally, but you don't want to take your turn yet, you can just
    tell your ally to pick someone else so you can go later (unless you are the last person
    available to act in the round)." """
    b = trio()
    ok(b, C.EndTurn("F"))
    ok(b, C.ChooseNext("F", "M"))
    events = ok(b, C.Defer("M"))
    assert E.Deferred("M", "F") in events
    assert b.active == "R" and E.NextChosen("F", "R") in events   # F picks again: only R
    events = ok(b, C.EndTurn("R"))               # M is the last: it goes on with its turn
    assert b.active == "M" and b.budget("M").big == 2
    assert E.TurnResumed("M") in events and not of(events, E.TurnStarted)
    assert b.refusal(C.Defer("M")).code in ("not_picked_by_ally", "last_to_act")


def test_a_creature_picked_by_an_enemy_must_take_its_turn():
    """"If you were selected by an enemy creature (or the GM selected you), you must take
    your turn!" """
    b = trio()
    ok(b, C.EndTurn("F"))
    ok(b, C.ChooseNext("F", "R"))
    assert b.refusal(C.Defer("R")).code == "not_picked_by_ally"
    assert not b.action("R", "defer").enabled


# ---- ignoring an enemy ------------------------------------------------------------------------

def test_an_ignored_enemy_is_fortunate_and_finds_its_target_flat_footed():
    """"You must use a swift action on your turn to designate the foe (or foes) you will
    ignore for 1 round. You are considered Flat-Footed against this foe ... In addition, an
    enemy you ignore is Fortunate on all attacks made against you." """
    b = trio()
    ok(b, C.EndTurn("F"))
    ok(b, C.ChooseNext("F", "M"))
    ok(b, C.Move("M", ((3, 2), (4, 2), (5, 2)), confirm=True))
    ok(b, C.React("R", False))
    ok(b, C.IgnoreEnemy("M", "R"))
    assert b.budget("M").little == 0 and b.ignoring["M"] == ("R",)
    ok(b, C.EndTurn("M"))
    assert b.active == "R"                   # the only one left is picked at once
    events = ok(b, C.Attack("R", "M"))
    strike = of(events, E.AttackRolled)[0]
    assert len(strike.d20) == 2 and "flat-footed" in strike.breakdown


def test_an_ignored_enemy_cannot_cause_its_target_to_be_flanked():
    """"Their attacks do not count towards the number of attackers this round, and they cannot
    cause you to be Flanked." """
    from game.rules.situation import Extras, situation
    b = field(("T", "fighter", "blue", 5, 2, {"initiative": 40}),
              ("A", "orc", "red", 4, 2, {"initiative": 0}),
              ("B", "orc", "red", 6, 2, {"initiative": 0}), dice=OPENING)
    view = b.view()
    w = view.unit("A").weapons[0]
    assert situation(view, "A", "T", w).situation.flanked
    ok(b, C.IgnoreEnemy("T", "B"))
    extras = Extras(target_ignores=b.ignoring["T"])
    assert not situation(b.view(), "A", "T", w, extras).situation.flanked


# ---- awareness and surprise ---------------------------------------------------------------------

def test_unaware_creatures_take_no_turn_in_the_surprise_round_and_are_flat_footed():
    """"Creatures unaware of combat do not roll Initiative and do not get to take a turn during
    the Surprise Round. All unaware creatures are Flat-Footed during the Surprise Round. When
    the second round of combat begins, these creatures may take turns and are no longer
    Flat-Footed due to surprise." """
    b = field(("A", "fighter", "blue", 2, 2, {"initiative": 10}),
              ("S", "orc", "red", 9, 5, {"initiative": 40, "aware": False}),
              ("T", "orc", "red", 10, 6, {"initiative": 0}), dice=OPENING[:2])
    assert of(b.events, E.SurpriseRound)[0].unaware == ("S",)
    assert "S" not in b.order and b.unit("S").has("flat_footed")
    assert not [e for e in of(b.events, E.InitiativeRolled) if e.unit == "S"]
    assert b.active == "A"
    ok(b, C.EndTurn("A"))                    # T is the only one left: picked at once
    events = ok(b, C.EndTurn("T"))
    assert E.RoundStarted(2) in events and "S" in b.order
    assert not b.unit("S").has("flat_footed")
    assert "S" in [e.unit for e in of(events, E.InitiativeRolled)]


def test_a_hidden_creature_provokes_no_reaction_until_it_acts():
    """"If you are unaware of a creature, you cannot attempt an interrupt (or other Reaction)
    against them." "Attacks target your FFAC when you are unaware of the attack." """
    b = field(("H", "fighter", "blue", 3, 2, {"initiative": 40, "hidden": True}),
              ("R", "orc", "red", 4, 2, {"initiative": 0, "hp": 200}), dice=OPENING[:2])
    assert b.hidden == ("H",)
    events = ok(b, C.Move("H", ((3, 1),), confirm=True))     # leaves R's threatened hex
    assert not of(events, E.Provoked) and not of(events, E.AttackRolled)
    events = ok(b, C.Attack("H", "R"))
    assert "flat-footed" in of(events, E.AttackRolled)[0].breakdown
    assert E.Revealed("H") in events and not b.hidden
