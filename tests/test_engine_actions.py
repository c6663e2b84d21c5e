"""docs/rules/03-movement.md "Movement" and docs/rules/04-attacks-of-opportunity.md "Attacks of opportunity" through the engine's commands,
with docs/rules/09-turns-and-actions.md's other actions (Aim, Fight Defensively, Power Attack, Coup de Grace, Prepare
to Interrupt): legality, explanatory refusals that change nothing, AOOs resolved while the
mover stands in the hex it is leaving, the `ask` / `never` / `always` policies, interrupts.
"""
from __future__ import annotations

from game.ecs.components import ActionBudget
from game.engine import commands as C
from game.engine import events as E
from game.ecs.scenario import RUBBLE, WALL
from game.rules.sight import line_of_sight

from test_engine_turns import (FIRST, LAST, SECOND, THIRD, arena, find_battle, ok, of,
                               refused)


def pair(**kw):
    """A (fighter, blue, acts first) at 3,2 next to B (orc, red) at 4,2; C (orc) far away."""
    a = {"initiative": FIRST, **kw.pop("a", {})}
    return arena(("A", "fighter", "blue", 3, 2, a),
                 ("B", "orc", "red", 4, 2, {"initiative": SECOND, **kw.pop("b", {})}),
                 ("C", "orc", "red", 10, 7, {"initiative": THIRD}), **kw)


def index(events, kind):
    return next(n for n, e in enumerate(events) if isinstance(e, kind))


# ---- refusals (check fully before changing anything) -----------------------------------------

def test_refused_commands_explain_and_change_nothing():
    b = pair()
    assert refused(b, C.Move("A", ((2, 2), (1, 2)))) == (
        "the path leaves hex 3,2 threatened by B: confirm or take a 5-Foot Step")
    assert "it is A's turn, not B's" in refused(b, C.EndTurn("B"))
    assert "no unit named 'Zed'" in refused(b, C.Attack("A", "Zed"))
    assert "on A's side" in refused(arena(("A", "fighter", "blue", 1, 1, {"initiative": FIRST}),
                                          ("D", "fighter", "blue", 2, 1),
                                          ("B", "orc", "red", 9, 5)), C.Attack("A", "D"))
    assert "off the map" in refused(b, C.Move("A", ((30, 2),)))
    assert "not next to" in refused(b, C.Move("A", ((1, 2),)))
    assert "B blocks 4,2" in refused(b, C.Move("A", ((4, 2),), confirm=True))
    assert "[col, row]" in refused(b, C.Step("A", "west"))   # names the shape it needs
    assert "not helpless" in refused(b, C.CoupDeGrace("A", "B"))
    assert "unknown trigger" in refused(b, C.PrepareInterrupt("A", "sneezes"))
    assert "no reaction is awaited" in refused(b, C.React("B"))
    assert "unknown policy" in refused(b, C.SetPolicy("B", "sometimes"))
    assert "out of reach" in refused(b, C.Attack("A", "C", "longsword"))
    ok(b, C.Attack("A", "B"))
    assert "may attack with only 1 Big Action a turn" in refused(b, C.Attack("A", "B"))


def test_check_reports_without_changing_anything():
    b = pair()
    before = b.state_hash()
    assert b.check(C.Step("A", (2, 2))) == ""
    assert "confirm" in b.check(C.Move("A", ((2, 2),)))
    assert b.state_hash() == before


# ---- Move and AOO (docs/rules/03-movement.md, 4) ------------------------------------------------------------

def test_aoo_mover_stands_in_the_hex_it_leaves_while_the_aoo_resolves():
    b = pair(a={"hp": 200})
    events = ok(b, C.Move("A", ((2, 2), (1, 2)), confirm=True))
    provoked = of(events, E.Provoked)
    assert provoked == [E.Provoked("A", "B", (3, 2), "movement")]
    attack = of(events, E.AttackRolled)[0]
    assert attack.attacker == "B" and attack.kind == "aoo"
    moved = of(events, E.Moved)
    assert moved == [E.Moved("A", (3, 2), (1, 2), ((2, 2), (1, 2)), 2, "move")]
    assert index(events, E.AttackRolled) < index(events, E.Moved)
    assert b.reactions("B").available == 0 and b.reactions("B").aoo_this_round == 1


def test_aoo_in_mid_path_splits_the_move_at_the_hex_being_left():
    b = arena(("A", "fighter", "blue", 1, 2, {"initiative": FIRST, "hp": 200}),
              ("B", "orc", "red", 4, 2, {"initiative": SECOND}),
              ("C", "orc", "red", 10, 7, {"initiative": THIRD}))
    events = ok(b, C.Move("A", ((2, 2), (3, 2), (3, 3), (3, 4)), confirm=True))
    moved = of(events, E.Moved)
    assert [(m.start, m.end) for m in moved] == [((1, 2), (3, 2)), ((3, 2), (3, 4))]
    assert of(events, E.Provoked) == [E.Provoked("A", "B", (3, 2), "movement")]
    assert len(of(events, E.AttackRolled)) == 1   # at most once per creature per movement


def test_mover_knocked_unconscious_by_an_aoo_stops_in_the_hex_it_was_leaving():
    def make(seed):
        return arena(("A", "fighter", "blue", 3, 2, {"initiative": FIRST, "hp": 1}),
                     ("D", "fighter", "blue", 0, 7, {"initiative": LAST}),
                     ("B", "orc", "red", 4, 2, {"initiative": SECOND}), seed=seed)
    b, events = find_battle(make, lambda b: b.apply(C.Move(
        "A", ((2, 2), (1, 2)), confirm=True)).events,
        lambda b, ev: any(e.hit for e in of(ev, E.AttackRolled)))
    a = b.unit("A")
    assert b.cell(a.anchor) == (3, 2)
    assert a.dead or a.has("unconscious")
    assert not of(events, E.Moved)
    assert of(events, E.TurnEnded) == [E.TurnEnded("A")]     # its turn ends at once
    assert b.active != "A"


def test_ask_policy_pauses_the_move_until_react_accepts():
    b = pair(a={"hp": 200}, controllers={"red": "human"})
    assert b.controller("B").aoo_policy == "ask"
    events = ok(b, C.Move("A", ((2, 2), (1, 2)), confirm=True))
    assert of(events, E.ReactionAsked) == [E.ReactionAsked("B", "A", (3, 2))]
    assert b.awaiting() == "reaction" and b.pending.reactor == "B"
    assert b.cell(b.unit("A").anchor) == (3, 2) and not of(events, E.Moved)
    assert "waits for B's answer" in refused(b, C.EndTurn("A"))
    assert "not A's" in refused(b, C.React("A"))
    assert "true or false" in refused(b, C.React("B", "yes"))
    events = ok(b, C.React("B", True))
    assert of(events, E.AttackRolled)[0].kind == "aoo"
    assert of(events, E.Moved)[0].end == (1, 2)
    assert b.awaiting() == "turn" and b.active == "A"


def test_ask_policy_declined_keeps_the_reaction_and_the_move_goes_on():
    b = pair(controllers={"red": "human"})
    ok(b, C.Move("A", ((2, 2), (1, 2)), confirm=True))
    events = ok(b, C.React("B", False))
    assert of(events, E.ReactionDeclined) == [E.ReactionDeclined("B", "A")]
    assert not of(events, E.AttackRolled)
    assert b.reactions("B").available == 1
    assert b.cell(b.unit("A").anchor) == (1, 2)


def test_never_policy_declines_and_always_resolves():
    b = pair()
    ok(b, C.SetPolicy("B", "never"))
    events = ok(b, C.Move("A", ((2, 2), (1, 2)), confirm=True))
    assert of(events, E.ReactionDeclined) and not of(events, E.AttackRolled)


def test_ai_controlled_ask_policy_resolves_like_always():
    b = pair(b={"aoo_policy": "ask"})
    events = ok(b, C.Move("A", ((2, 2), (1, 2)), confirm=True))
    assert of(events, E.AttackRolled) and not of(events, E.ReactionAsked)


def test_no_aoo_from_a_creature_without_its_reaction():
    b = pair(b={"conditions": ("flat_footed",)})
    events = ok(b, C.Move("A", ((2, 2), (1, 2)), confirm=True))   # confirm not needed
    assert of(events, E.Provoked) and not of(events, E.AttackRolled)


def test_weakened_4_creature_cannot_react():
    b = pair(b={"conditions": ()})
    b.set_condition("B", "weakened", 4)
    events = ok(b, C.Move("A", ((2, 2), (1, 2)), confirm=True))
    assert of(events, E.Provoked) and not of(events, E.AttackRolled)


def test_move_spends_big_actions_as_needed():
    b = arena(("A", "fighter", "blue", 0, 1, {"initiative": FIRST}),
              ("B", "orc", "red", 11, 7, {"initiative": SECOND}))
    path = tuple((c, 1) for c in range(1, 10))          # 9 hexes: two Move actions
    events = ok(b, C.Move("A", path))
    assert of(events, E.ActionSpent)[0].big == 0
    assert b.budget("A").movement == 3
    assert "costs 4 hexes" in refused(b, C.Move("A", ((10, 1), (11, 1), (11, 2), (11, 3))))


def test_allies_are_passed_but_not_ended_on_and_difficult_costs_2():
    b = arena(("A", "fighter", "blue", 1, 1, {"initiative": FIRST}),
              ("D", "fighter", "blue", 2, 1, {"initiative": LAST}),
              ("B", "orc", "red", 11, 7, {"initiative": SECOND}),
              terrain={(4, 1): RUBBLE})
    assert "cannot end its movement on 2,1" in refused(b, C.Move("A", ((2, 1),)))
    events = ok(b, C.Move("A", ((2, 1), (3, 1), (4, 1))))
    assert of(events, E.Moved)[0].cost == 4
    assert b.budget("A").movement == 2


# ---- 5-Foot Step (docs/rules/03-movement.md) ----------------------------------------------------------------

def test_five_foot_step_never_provokes():
    b = pair()
    events = ok(b, C.Step("A", (2, 2)))
    assert not of(events, E.Provoked) and not of(events, E.AttackRolled)
    assert of(events, E.Moved)[0].kind == "step"
    assert b.budget("A").little == 0 and b.budget("A").big == 2


def test_no_movement_after_a_step_and_no_step_after_moving():
    b = pair()
    ok(b, C.Step("A", (2, 2)))
    assert "may not move again" in refused(b, C.Move("A", ((1, 2),)))
    assert "already moved" in refused(b, C.Step("A", (1, 2)))
    c = pair()
    ok(c, C.Move("A", ((3, 1),), confirm=True))
    assert "already moved this turn: no 5-Foot Step" in refused(c, C.Step("A", (2, 1)))


def test_no_step_into_difficult_terrain():
    b = pair(terrain={(2, 2): RUBBLE})
    assert "2,2 is difficult terrain" in refused(b, C.Step("A", (2, 2)))


# ---- Run and Charge (docs/rules/03-movement.md) -------------------------------------------------------------

def runner(a=None, **kw):
    return arena(("A", "fighter", "blue", 1, 2, {"initiative": FIRST, "hp": 200, **(a or {})}),
                 ("B", "orc", "red", 7, 2, {"initiative": SECOND, "hp": 200}),
                 ("C", "orc", "red", 10, 7, {"initiative": THIRD}), **kw)


def test_run_is_a_straight_line_up_to_twice_speed():
    b = runner()
    assert "straight" in refused(b, C.Run("A", (4, 3)))
    events = ok(b, C.Run("A", (5, 2)))
    assert of(events, E.Moved)[0].kind == "run"
    assert b.unit("A").has("running") and b.budget("A").big == 1


def test_run_not_through_difficult_terrain():
    b = runner(terrain={(3, 2): RUBBLE})
    assert "not through difficult terrain" in refused(b, C.Run("A", (5, 2)))


def test_runner_has_minus_2_ac_against_melee_until_its_next_turn():
    b = runner()
    ok(b, C.Run("A", (6, 2)))
    ok(b, C.EndTurn("A"))
    ok(b, C.ChooseNext("A", "B"))
    events = ok(b, C.Attack("B", "A"))
    assert "running vs melee 2 (rules: Movement)" in of(events, E.AttackRolled)[0].breakdown


def test_charge_needs_a_run_of_two_hexes_and_adds_2_damage():
    b = runner()
    assert "no Charge" in refused(b, C.Charge("A", (2, 2), "B"))
    b, events = find_battle(lambda s: runner(seed=s),
                            lambda b: b.apply(C.Charge("A", (6, 2), "B")).events,
                            lambda b, ev: any(e.hit for e in of(ev, E.AttackRolled)))
    assert of(events, E.Moved)[0].kind == "charge"
    assert of(events, E.AttackRolled)[0].kind == "charge"
    assert "charge 2 (rules: Movement)" in of(events, E.Damaged)[0].breakdown
    assert b.budget("A").big == 0


def test_an_attack_right_after_a_run_is_a_charge_attack():
    b, events = find_battle(lambda s: runner(seed=s, a={"level": 5}),
                            lambda b: b.apply(C.Run("A", (6, 2))).events
                            + b.apply(C.Attack("A", "B")).events,
                            lambda b, ev: any(e.hit for e in of(ev, E.AttackRolled)))
    assert "charge 2" in of(events, E.Damaged)[0].breakdown


# ---- Retreat (docs/rules/03-movement.md) --------------------------------------------------------------------

def test_retreat_is_full_round_and_does_not_provoke_the_enemy_it_leaves():
    b = pair()
    events = ok(b, C.Retreat("A", ((2, 2), (1, 2))))
    assert not of(events, E.Provoked)
    assert b.budget("A").big == 0 and b.unit("A").has("retreating")


def test_retreat_never_comes_closer_to_a_threatening_enemy():
    b = arena(("A", "fighter", "blue", 2, 2, {"initiative": FIRST}),
              ("O", "ogre", "red", 1, 4, {"initiative": SECOND, "facing": 2}))
    assert "the step to 1,2 comes closer to O" in refused(b, C.Retreat("A", ((1, 2),)))
    ok(b, C.Retreat("A", ((3, 2), (4, 2))))
    c = pair()
    ok(c, C.FightDefensively("A"))
    assert "full-round action" in refused(c, C.Retreat("A", ((2, 2),)))


def test_retreat_toward_a_new_enemy_provokes_it():
    b = arena(("A", "fighter", "blue", 3, 2, {"initiative": FIRST, "hp": 200}),
              ("B", "orc", "red", 4, 2, {"initiative": SECOND}),
              ("O", "ogre", "red", 1, 4, {"initiative": THIRD, "facing": 2}))
    assert "confirm" in refused(b, C.Retreat("A", ((2, 2), (1, 2))))
    events = ok(b, C.Retreat("A", ((2, 2), (1, 2)), confirm=True))
    assert of(events, E.Provoked) == [E.Provoked("A", "O", (2, 2), "movement")]


def test_retreater_is_unfortunate_on_attack_rolls_until_its_next_turn():
    b = arena(("A", "fighter", "blue", 3, 2, {"initiative": FIRST, "level": 5}),
              ("B", "orc", "red", 5, 2, {"initiative": SECOND}),
              ("C", "orc", "red", 10, 7, {"initiative": THIRD}))
    b.update("A", ActionBudget, big=2)
    ok(b, C.Retreat("A", ((2, 2),)))
    b.update("A", ActionBudget, big=1)           # test setup: one more action to attack with
    b.remove_condition("A", "full_round")        # (the full-round action would forbid it)
    events = ok(b, C.Attack("A", "B", "javelin"))
    roll = of(events, E.AttackRolled)[0]
    assert len(roll.d20) == 2 and roll.natural == min(roll.d20)


# ---- Stand Up, Drop Prone (docs/rules/03-movement.md) -------------------------------------------------------

def test_stand_up_provokes_while_still_prone_then_removes_prone():
    b = pair(a={"conditions": ("prone",), "hp": 200})
    assert "is prone: Stand Up first" in refused(b, C.Move("A", ((2, 2),)))
    assert "standing up next to B provokes" in refused(b, C.StandUp("A"))
    events = ok(b, C.StandUp("A", confirm=True, to=(2, 2)))
    assert of(events, E.Provoked) == [E.Provoked("A", "B", (3, 2), "standing up")]
    aoo = of(events, E.AttackRolled)[0]
    assert "prone vs melee 4" in aoo.breakdown
    assert index(events, E.AttackRolled) < index(events, E.Stood) < index(events, E.Moved)
    assert not b.unit("A").has("prone") and b.cell(b.unit("A").anchor) == (2, 2)


def test_drop_prone_is_a_swift_action():
    b = pair()
    events = ok(b, C.DropProne("A"))
    assert E.ConditionAdded("A", "prone", 1) in events
    assert not of(events, E.Provoked)
    assert (b.budget("A").big, b.budget("A").little) == (2, 0)


# ---- Coup de grace (docs/rules/09-turns-and-actions.md) --------------------------------------------------------------

def test_coup_de_grace_kills_a_helpless_target_in_reach():
    """The blow lands when A's next turn starts (a full-round action)."""
    b = pair(b={"conditions": ("unconscious", "prone")})
    assert b.winner is None
    events = ok(b, C.CoupDeGrace("A", "B"))
    assert not of(events, E.Died) and b.budget("A").big == 0
    ok(b, C.EndTurn("A"))                               # C, the only one able, acts
    events = ok(b, C.EndTurn("C"))
    events += ok(b, C.ChooseNext("C", "A")) if b.active is None else []
    assert of(events, E.Died) == [E.Died("B", (4, 2), "A", "coup de grace")]
    assert b.unit("B").dead


def test_coup_de_grace_needs_reach_and_both_big_actions():
    b = pair(b={"conditions": ("unconscious", "prone")})
    ok(b, C.Step("A", (2, 2)))
    assert "not within A's melee reach" in refused(b, C.CoupDeGrace("A", "B"))
    c = pair(b={"conditions": ("unconscious", "prone")})
    ok(c, C.FightDefensively("A"))
    assert "full-round action" in refused(c, C.CoupDeGrace("A", "B"))


# ---- Aim, Fight Defensively, Power Attack, ranged attacks (docs/rules/09-turns-and-actions.md, 4) --------------------

def test_aim_adds_1_to_the_next_ranged_attack_this_turn():
    b = arena(("A", "archer", "blue", 1, 2, {"initiative": FIRST}),
              ("B", "orc", "red", 8, 2, {"initiative": SECOND}))
    ok(b, C.Aim("A"))
    events = ok(b, C.Attack("A", "B", "shortbow"))
    assert "aim 1 (rules: Turns, actions and initiative)" in of(events, E.AttackRolled)[0].breakdown
    assert b.turn.aim is False


def test_a_ranged_attack_while_threatened_provokes_and_needs_confirm():
    b = arena(("A", "archer", "blue", 3, 2, {"initiative": FIRST, "hp": 200}),
              ("B", "orc", "red", 4, 2, {"initiative": SECOND}))
    assert "ranged attack while threatened by B provokes" in refused(
        b, C.Attack("A", "B", "shortbow"))
    assert "aiming while threatened by B" in refused(b, C.Aim("A"))
    events = ok(b, C.Attack("A", "B", "shortbow", confirm=True))
    assert of(events, E.Provoked) == [E.Provoked("A", "B", (3, 2), "ranged attack")]
    rolls = of(events, E.AttackRolled)
    assert [r.attacker for r in rolls] == ["B", "A"]


def test_fight_defensively_minus_4_attack_plus_2_dodge():
    b = pair(a={"level": 5})
    ok(b, C.FightDefensively("A"))
    events = ok(b, C.Attack("A", "B"))
    assert "fighting defensively 4 (rules: Turns, actions and initiative)" in of(events, E.AttackRolled)[0].breakdown
    ok(b, C.EndTurn("A"))
    ok(b, C.ChooseNext("A", "B"))
    events = ok(b, C.Attack("B", "A"))
    assert "fighting defensively (dodge) 2" in of(events, E.AttackRolled)[0].breakdown


def test_no_fighting_defensively_after_attacking():
    b = pair(a={"level": 5})
    ok(b, C.Attack("A", "B"))
    assert "attacked this turn" in refused(b, C.FightDefensively("A"))


def test_power_attack_minus_2_die_two_sizes_larger_and_off_balance():
    b, events = find_battle(lambda s: pair(seed=s, b={"hp": 200}),
                            lambda b: b.apply(C.PowerAttack("A", "B")).events,
                            lambda b, ev: any(e.hit for e in of(ev, E.AttackRolled)))
    roll = of(events, E.AttackRolled)[0]
    assert roll.kind == "power attack" and "power attack 2 (rules: Turns, actions and initiative)" in roll.breakdown
    assert "Longsword (power attack)" in of(events, E.Damaged)[0].breakdown
    assert "2d6" in of(events, E.Damaged)[0].breakdown        # 1d8 -> 1d10 -> 2d6
    assert b.unit("A").has("off_balance")
    assert "out of reach" in refused(pair(), C.PowerAttack("A", "C"))


# ---- Prepare to Interrupt (docs/rules/09-turns-and-actions.md) -------------------------------------------------------

def ambush(seed=0, **kw):
    """P (blue) prepares; E (red) comes west along row 2 from 9,2; X (red) waits far away."""
    return arena(("P", "fighter", "blue", 5, 2, {"initiative": FIRST, "hp": 200}),
                 ("E", "orc", "red", 9, 2, {"initiative": SECOND, "hp": 200}),
                 ("X", "orc", "red", 11, 7, {"initiative": THIRD}), seed=seed, **kw)


def approach(b):
    ok(b, C.PrepareInterrupt("P", "enters_reach"))
    ok(b, C.ChooseNext("P", "E"))
    return ok(b, C.Move("E", ((8, 2), (7, 2), (6, 2)), confirm=True))


def test_prepared_interrupt_pauses_the_move_at_the_hex_entering_reach():
    b, events = find_battle(ambush, approach,
                            lambda b, ev: any(e.won for e in of(ev, E.InterruptTriggered)))
    trig = of(events, E.InterruptTriggered)[0]
    assert (trig.unit, trig.by, trig.trigger, trig.at) == ("P", "E", "enters_reach", (6, 2))
    assert "Fortunate: prepared" in trig.breakdown
    moved = of(events, E.Moved)
    assert moved[0].end == (6, 2)
    assert b.active == "P" and b.turn.prepared == "attack" and "P" not in b.interrupts
    strike = of(ok(b, C.Attack("P", "E")), E.AttackRolled)[0]
    assert strike.attacker == "P" and strike.kind == "interrupt"


def test_a_lost_interrupt_roll_spends_the_prepared_action():
    def make(seed):       # close initiative ratings: P usually acts first, the roll may fail
        return arena(("P", "fighter", "blue", 5, 2, {"initiative": 6, "hp": 200}),
                     ("E", "orc", "red", 9, 2, {"initiative": 0, "hp": 200}),
                     ("X", "orc", "red", 11, 7, {"initiative": LAST}), seed=seed)
    b, events = find_battle(make, lambda b: approach(b) if b.active == "P" else [],
                            lambda b, ev: any(not e.won for e in of(ev, E.InterruptTriggered)))
    assert not [e for e in of(events, E.AttackRolled) if e.kind == "interrupt"]
    assert "P" not in b.interrupts and b.cell(b.unit("E").anchor) == (6, 2)


def test_the_first_actor_of_a_round_cannot_be_interrupted():
    b = arena(("E", "orc", "red", 9, 2, {"initiative": FIRST}),
              ("P", "fighter", "blue", 5, 2, {"initiative": SECOND}),
              ("X", "orc", "red", 11, 7, {"initiative": THIRD}))
    ok(b, C.EndTurn("E"))
    ok(b, C.ChooseNext("E", "P"))
    ok(b, C.PrepareInterrupt("P", "enters_reach"))          # X is picked automatically
    ok(b, C.EndTurn("X"))                                   # round 2: X picks the opener
    ok(b, C.ChooseNext("X", "E"))
    assert b.first_of_round == "E"
    events = ok(b, C.Move("E", ((8, 2), (7, 2), (6, 2)), confirm=True))
    assert not of(events, E.InterruptTriggered) and "P" in b.interrupts
    ok(b, C.EndTurn("E"))
    events = ok(b, C.ChooseNext("E", "P"))
    assert E.InterruptLapsed("P") in events and "P" not in b.interrupts


def test_interrupt_when_an_enemy_attacks():
    def play(b):
        ok(b, C.PrepareInterrupt("P", "attacks"))
        ok(b, C.ChooseNext("P", "E"))
        return ok(b, C.Attack("E", "P"))
    b, events = find_battle(lambda s: arena(
        ("P", "fighter", "blue", 5, 2, {"initiative": FIRST, "hp": 200}),
        ("E", "orc", "red", 6, 2, {"initiative": SECOND, "hp": 200}),
        ("X", "orc", "red", 11, 7, {"initiative": THIRD}), seed=s), play,
        lambda b, ev: any(e.won for e in of(ev, E.InterruptTriggered)))
    assert not of(events, E.AttackRolled) and b.active == "P"
    rolls = of(ok(b, C.Attack("P", "E")) + ok(b, C.EndTurn("P")), E.AttackRolled)
    assert [(r.attacker, r.kind) for r in rolls] == [("P", "interrupt"), ("E", "attack")]


def test_interrupt_when_an_enemy_comes_into_sight():
    walls = {(5, 1): WALL, (5, 2): WALL, (5, 3): WALL}

    def make(seed):
        return arena(("P", "archer", "blue", 2, 2, {"initiative": FIRST}),
                     ("E", "orc", "red", 7, 2, {"initiative": SECOND, "hp": 200}),
                     ("X", "orc", "red", 11, 7, {"initiative": THIRD}), terrain=walls,
                     seed=seed)
    b = make(0)
    assert not line_of_sight(b.view(), "P", "E")

    def play(b):
        ok(b, C.PrepareInterrupt("P", "comes_into_sight", "shortbow"))
        ok(b, C.ChooseNext("P", "E"))
        return ok(b, C.Move("E", ((7, 3), (7, 4), (7, 5)), confirm=True))
    b, events = find_battle(make, play,
                            lambda b, ev: any(e.won for e in of(ev, E.InterruptTriggered)))
    trig = of(events, E.InterruptTriggered)[0]
    assert trig.trigger == "comes_into_sight" and trig.at == (7, 4)
    assert of(ok(b, C.Attack("P", "E", "shortbow")), E.AttackRolled)[0].kind == "interrupt"


def test_top_down_prepared_interrupt_needs_no_roll():
    b = ambush(initiative="top-down")
    ok(b, C.PrepareInterrupt("P", "enters_reach"))
    events = ok(b, C.Move("E", ((8, 2), (7, 2), (6, 2)), confirm=True))
    trig = of(events, E.InterruptTriggered)[0]
    assert trig.won and "top-down" in trig.breakdown
    assert not of(events, E.InitiativeRolled)


def test_a_large_creature_turns_60_degrees_for_1_hex_of_movement():
    b = arena(("O", "ogre", "red", 5, 4, {"initiative": FIRST}),
              ("A", "fighter", "blue", 0, 0))
    events = ok(b, C.Move("O", ((5, 4), (6, 4)), (1, 1)))        # turn, then a step
    assert of(events, E.Moved)[0].cost == 2 and b.unit("O").facing == 1
    assert "60 degrees per step" in refused(b, C.Move("O", ((6, 4),), (3,)))
