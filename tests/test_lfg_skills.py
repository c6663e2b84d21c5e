"""The default rules' skill actions, waking, running fatigue and moving through an enemy's hex,
through the engine's commands on battles built from maps (docs/rules/19-maneuvers-and-
archery.md "Skill actions", 11-hit-points-and-conditions.md "Asleep", 03-movement.md "Running
fatigue" and "Through an enemy's hex"). Each test is named after its rule and quotes the
rulebook.
"""
from __future__ import annotations

from game.ai.player import choose_command
from game.engine import commands as C
from game.engine import events as E
from game.rules.conditions import effective, fortune
from tests.helpers import refusal_code

from test_engine_turns import FIRST, SECOND, THIRD, arena, ok

INIT = [("d20", 10)] * 3


def duel(a_over=None, t_over=None, t_at=(4, 3), dice=(), third=None):
    """A (blue, acts first) against T (red) on an open field; `third`: one more creature."""
    units = [("A", "fighter", "blue", 3, 3, {"initiative": FIRST, **(a_over or {})}),
             ("T", "fighter", "red", *t_at, {"initiative": SECOND, **(t_over or {})})]
    if third:
        units.append(third)
    return arena(*units, fixed_dice=INIT[:len(units)] + list(dice), initiative="top-down")


def checks(events):
    return [e for e in events if isinstance(e, E.OpposedCheck)]


# ---- skill actions (docs/rules/19-maneuvers-and-archery.md "Skill actions") -----------------

def test_demoralize_frightens_the_foe_for_1d4_rounds_on_a_won_intimidate_check():
    """The rulebook: "Intimidate Skill - Demoralize an Opponent (Big Action, AOO): Roll an
    opposed check vs Sense Motive or Intimidate to make an within 30 feet frightened for 1d4
    rounds." Intimidate 4 + d20 12 = 16 beats Sense Motive 0 + d20 10; the d4 gives 2 rounds,
    counted in the demoralizer's turns."""
    b = duel({"intimidate": 4}, t_at=(8, 3), dice=[("d20", 12), ("d20", 10), ("d4", 2)])
    events = ok(b, C.Demoralize("A", target="T"))
    (check,) = checks(events)
    assert check.won and check.total == 16 and check.target_total == 10
    assert b.unit("T").has("frightened") and b.budget("A").big == 1
    ok(b, C.EndTurn("A"))
    ok(b, C.EndTurn("T"))
    assert b.unit("T").has("frightened")            # A's second turn has not ended
    events = ok(b, C.EndTurn("A"))
    assert E.ConditionRemoved("T", "frightened") in events


def test_demoralize_is_lost_on_a_tie_and_needs_the_foe_within_30_feet():
    """The rulebook: "Roll an opposed check vs Sense Motive or Intimidate ... within 30 feet".
    A tie goes to the target; a foe 7 hexes away is out of range."""
    b = duel({"intimidate": 2}, t_at=(8, 3), dice=[("d20", 10), ("d20", 12)])
    (check,) = checks(ok(b, C.Demoralize("A", target="T")))
    assert not check.won and not b.unit("T").has("frightened")
    far = duel({"intimidate": 2}, t_at=(10, 3))
    assert refusal_code(far, C.Demoralize("A", target="T")) == "out_of_range"
    assert not any(o.command.target == "T" for o in far.options("A", "demoralize"))


def test_the_target_answers_a_skill_action_with_its_better_defence():
    """The rulebook: "Roll an opposed check vs Sense Motive or Intimidate": the target rolls
    the better of the two (here its Intimidate 5)."""
    b = duel({"intimidate": 4}, {"sense_motive": 1, "intimidate": 5}, t_at=(8, 3),
             dice=[("d20", 12), ("d20", 10)])
    (check,) = checks(ok(b, C.Demoralize("A", target="T")))
    assert check.target_skill == "intimidate" and check.target_total == 15 and check.won
    forecast = b.forecast(C.Demoralize("A", target="T"))
    assert forecast.refused == "no_big_action" or forecast.chance is not None


def test_a_skill_action_provokes_from_a_foe_that_threatens_the_actor():
    """The rulebook: "Demoralize an Opponent (Big Action, AOO)": next to the foe it must be
    confirmed, and the foe's attack of opportunity comes first."""
    b = duel({"intimidate": 4})
    ok(b, C.EndTurn("A"))
    ok(b, C.EndTurn("T"))                   # T has had a turn: no longer flat-footed
    assert refusal_code(b, C.Demoralize("A", target="T")) == "provokes"
    (option,) = [o for o in b.options("A", "demoralize") if o.command.target == "T"]
    assert option.provokes == ("T",)
    events = ok(b, option.command)
    kinds = [type(e) for e in events]
    assert kinds.index(E.AttackRolled) < kinds.index(E.OpposedCheck)


def test_combat_feint_leaves_the_foe_flat_footed_against_the_feinters_next_attack():
    """The rulebook: "Bluff - Combat Feint / Fake-Out (Big Action, No AOO): Roll an opposed
    check vs Sense Motive or Tactics to make your foe Flat-Footed against your next attack."
    No attack of opportunity; the next attack's target AC drops (no shield, no dodge), then the
    feint is spent."""
    b = duel({"bluff": 6}, dice=[("d20", 10), ("d20", 10)])
    ok(b, C.EndTurn("A"))
    ok(b, C.EndTurn("T"))                   # T has had a turn: no longer flat-footed
    before = b.forecast(C.Attack("A", "T", "longsword")).chance
    feint = b.forecast(C.CombatFeint("A", target="T"))
    assert 0 < feint.chance < 1 and "flat-footed" in feint.lines[0]
    events = ok(b, C.CombatFeint("A", target="T"))
    assert not [e for e in events if isinstance(e, E.Provoked)]
    assert b.unit("T").conditions["feinted"] == b.unit("A").eid
    assert b.forecast(C.Attack("A", "T", "longsword")).chance > before
    ok(b, C.Attack("A", "T", "longsword"))
    assert not b.unit("T").has("feinted")


def test_dirty_tricks_blind_an_adjacent_foe_until_the_end_of_the_tricksters_next_turn():
    """The rulebook: "Sleight of Hand Skill - Dirty Tricks in Combat (Big Action, AOO): Roll an
    opposed check vs Sense Motive or Tactics in order to ... cause them a negative condition for
    at least 1 Round by tossing sand in their eyes". The game's trick is the sand: Blinded
    until the end of the trickster's next turn; a foe two hexes away is out of hand's reach."""
    b = duel({"sleight_of_hand": 5}, dice=[("d20", 10), ("d20", 10)])
    (check,) = checks(ok(b, C.DirtyTrick("A", target="T")))
    assert check.won and check.skill == "sleight_of_hand" and check.target_skill == "sense_motive"
    assert b.unit("T").has("blinded")
    ok(b, C.EndTurn("A"))
    ok(b, C.EndTurn("T"))
    assert b.unit("T").has("blinded")           # through T's own turn
    ok(b, C.EndTurn("A"))
    assert not b.unit("T").has("blinded")
    far = duel({"sleight_of_hand": 5}, t_at=(5, 3))
    assert refusal_code(far, C.DirtyTrick("A", target="T")) == "not_adjacent"


def test_insult_makes_the_foe_unfortunate_against_its_sense_motive_or_will_save():
    """The rulebook: "Perform(Comedy & Stories) - Insult an Opponent (Big Action, AOO): Roll an
    opposed check vs Sense Motive or a WILL Save to insult or aggravate your foe to make them
    Unfortunate". The target with WILL 4 answers with its save."""
    b = duel({"perform": 6}, {"will": 4}, t_at=(7, 3), dice=[("d20", 10), ("d20", 10)])
    forecast = b.forecast(C.Insult("A", target="T"))
    assert "Will save" in forecast.lines[1] or "WILL save" in forecast.lines[1]
    (check,) = checks(ok(b, C.Insult("A", target="T")))
    assert check.target_skill == "will" and check.won and check.total == 16
    assert b.unit("T").has("insulted") and fortune(b.unit("T").conditions) == -1
    assert refusal_code(b, C.Insult("A", target="T")) in ("already_affected", "no_big_action")


def test_a_helpless_foe_cannot_be_the_target_of_a_skill_action():
    """The rulebook's skill actions work on a foe's mind ("insult or aggravate your foe"); a
    helpless (here sleeping) foe notices nothing."""
    b = duel({"intimidate": 4}, {"conditions": ("asleep",)}, t_at=(7, 3))
    assert refusal_code(b, C.Demoralize("A", target="T")) == "target_helpless"


# ---- waking (docs/rules/11-hit-points-and-conditions.md "Asleep") ------------------------------

def test_wake_up_is_a_big_action_that_wakes_an_adjacent_sleeper():
    """The rulebook lists it among the Big Actions ("BIG ACTIONS: Attack, Cast a Spell, Wake
    Up, ...") and: "A sleeping creature naturally awakens ... if roused (by sounds, discomfort,
    shaking, etc)". A sleeper is helpless and takes no turn; its ally beside it wakes it."""
    b = arena(("A", "fighter", "blue", 3, 3, {"initiative": FIRST}),
              ("S", "fighter", "blue", 4, 3, {"initiative": SECOND, "conditions": ("asleep",)}),
              ("T", "fighter", "red", 10, 6, {"initiative": THIRD}),
              fixed_dice=INIT, initiative="top-down")
    assert "helpless" in effective(b.unit("S").conditions)
    (option,) = b.options("A", "wake_up")
    events = ok(b, option.command)
    assert E.ConditionRemoved("S", "asleep") in events and b.budget("A").big == 1
    assert "helpless" not in effective(b.unit("S").conditions)
    assert refusal_code(b, C.WakeUp("A", ally="S")) == "not_asleep"


def test_a_sleeper_wakes_when_it_takes_any_hp_damage():
    """The rulebook: "A sleeping creature naturally awakens ... if they take any HP damage"."""
    b = duel(t_over={"conditions": ("asleep",)}, dice=[("d8", 3)])   # no initiative: asleep
    events = ok(b, C.Attack("A", "T", "longsword"))
    assert any(isinstance(e, E.Damaged) for e in events)
    assert E.ConditionRemoved("T", "asleep") in events and "helpless" not in effective(b.unit("T").conditions)


# ---- running fatigue (docs/rules/03-movement.md "Running fatigue") ---------------------------

def runner(con: int, dice=()):
    """R (CON `con`) alone at the west end of a long row; the foe far off, asleep."""
    return arena(("R", "fighter", "blue", 1, 3, {"initiative": FIRST, "con": con}),
                 ("Z", "fighter", "red", 1, 7, {"initiative": SECOND,
                                                "conditions": ("asleep",)}),
                 width=40, fixed_dice=INIT[:2] + list(dice), initiative="top-down")


def run_a_round(b, east: bool):
    col, row = b.cell(b.unit("R").anchor)
    events = ok(b, C.Run("R", to=(col + (4 if east else -4), row)))
    events += ok(b, C.EndTurn("R"))
    while b.active != "R":
        events += ok(b, C.EndTurn(b.active))
    return [e for e in events if isinstance(e, E.CheckRolled)]


def test_running_past_the_con_score_asks_a_perseverance_check_dc15_plus_1_a_round():
    """The rulebook: "You can Run for 1 Round per point of Constitution before you risk fatigue.
    Then, you must make a DC15 Perseverance check or gain +1 Weakened Stage. Add +1DC per
    consecutive Round of running." and "Perseverance DC resets with a new Weakened Stage".
    CON 2: the third round asks DC 15 (d20 10 - 4 fails: Weakened 1), the fourth DC 15 again
    (d20 20 - 4 - 1 = 15 passes), the fifth DC 16."""
    b = runner(2, [("d20", 10), ("d20", 20), ("d20", 3)])
    assert run_a_round(b, True) == [] and run_a_round(b, False) == []
    (first,) = run_a_round(b, True)
    assert (first.check, first.dc, first.success) == ("perseverance", 15, False)
    assert b.unit("R").conditions.get("weakened") == 1
    (second,) = run_a_round(b, False)
    assert (second.dc, second.total, second.success) == (15, 15, True)
    (third,) = run_a_round(b, True)
    assert third.dc == 16 and not third.success and b.unit("R").conditions["weakened"] == 2


def test_a_round_of_rest_resets_the_running_count():
    """The rulebook: "Perseverance DC resets with a new Weakened Stage OR after 1 Round of
    rest." The game's reading: a turn without running starts the count again."""
    b = runner(2)
    run_a_round(b, True)
    run_a_round(b, False)
    ok(b, C.EndTurn("R"))                       # a round of rest
    while b.active != "R":
        ok(b, C.EndTurn(b.active))
    assert run_a_round(b, True) == [] and run_a_round(b, False) == []


# ---- through an enemy's hex (docs/rules/03-movement.md "Through an enemy's hex") -------------

def test_a_won_acrobatics_check_carries_the_mover_through_the_enemys_hex():
    """The rulebook: "You cannot move through a hex occupied by an enemy creature unless they are
    helpless ... Wrestling maneuvers (Ch4.26) or the Acrobatics Skill (Ch4.1) may be used to
    attempt to move through an occupied enemy hex." and "Moving into a creature's occupied space
    provokes AOO from that creature." The foe strikes first (d20 2 misses), then Acrobatics
    7 + d20 10 beats its Wrestling 6 + d20 10; the mover ends beyond it."""
    b = duel({"acrobatics": 6}, dice=[("d20", 2), ("d20", 10), ("d20", 10)])
    ok(b, C.EndTurn("A"))
    ok(b, C.EndTurn("T"))
    (option,) = [o for o in b.options("A", "tumble") if o.command.to == (5, 3)]
    assert option.provokes == ("T",)
    forecast = b.forecast(option.command)
    assert 0 < forecast.chance < 1 and forecast.caught == ("T",)
    events = ok(b, option.command)
    kinds = [type(e) for e in events]
    assert kinds.index(E.AttackRolled) < kinds.index(E.OpposedCheck)
    (check,) = checks(events)
    assert check.won and (check.total, check.target_total) == (17, 16)
    assert b.cell(b.unit("A").anchor) == (5, 3) and b.budget("A").movement == 6 - 3


def test_a_lost_overpower_check_leaves_the_mover_where_it_stood_with_its_movement_spent():
    """The rulebook: "Wrestling maneuvers (Ch4.26) ... may be used to attempt to move through an
    occupied enemy hex". The game's Overpower: Wrestling 6 + d20 5 loses to the foe's 6 + d20
    12, and the mover stays in its hex with no movement left."""
    b = duel(dice=[("d20", 5), ("d20", 12)])
    events = ok(b, C.Overpower("A", target="T", to=(5, 3)))
    (check,) = checks(events)
    assert not check.won and check.skill == "wrestling"
    assert b.cell(b.unit("A").anchor) == (3, 3) and b.budget("A").movement == 0
    assert refusal_code(b, C.Overpower("A", target="T", to=(6, 3))) in ("bad_path",
                                                                         "no_big_action")


def test_waking_a_knocked_out_creature_is_a_full_round_action_done_at_the_wakers_next_turn():
    """The rulebook: "Awakening a character knocked out in this manner requires a Full-Round
    Action spent attempting to awaken the creature". Both Big Actions now; the knocked-out ally
    wakes, prone, when the waker's next turn starts."""
    b = arena(("A", "fighter", "blue", 3, 3, {"initiative": FIRST}),
              ("S", "fighter", "blue", 4, 3, {"initiative": SECOND,
                                              "conditions": ("knocked_out", "prone")}),
              ("T", "fighter", "red", 10, 6, {"initiative": THIRD}),
              fixed_dice=INIT, initiative="top-down")
    events = ok(b, C.WakeUp("A", ally="S"))
    assert E.FullRoundStarted("A", "Wake Up", "S") in events and b.budget("A").big == 0
    assert b.unit("S").has("knocked_out")
    ok(b, C.EndTurn("A"))
    while b.active != "A":
        ok(b, C.EndTurn(b.active))
    assert not b.unit("S").has("knocked_out") and b.unit("S").has("prone")


# ---- the computer player ------------------------------------------------------------------------

def decision(b, name):
    """The computer player's first command for `name` that is not a reaction policy."""
    for _ in range(5):
        cmd = choose_command(b, name)
        if not isinstance(cmd, C.SetPolicy):
            return cmd
        ok(b, cmd)
    raise AssertionError("only policies")


def test_the_computer_player_wakes_a_sleeping_ally_beside_it():
    """The rulebook: "BIG ACTIONS: Attack, Cast a Spell, Wake Up, ...": with no foe near, the
    computer player spends a Big Action to wake the sleeping ally next to it."""
    b = arena(("A", "fighter", "blue", 3, 3, {"initiative": FIRST}),
              ("S", "fighter", "blue", 4, 3, {"initiative": SECOND, "conditions": ("asleep",)}),
              ("T", "fighter", "red", 11, 7, {"initiative": THIRD}),
              fixed_dice=INIT, initiative="top-down")
    assert decision(b, "A") == C.WakeUp("A", ally="S")


def test_the_computer_player_uses_a_skill_action_with_the_big_action_its_blow_left():
    """The rulebook: "Intimidate Skill - Demoralize an Opponent (Big Action, AOO)". A level 2
    creature strikes once a turn; the captain (Intimidate 5) has struck and has a Big Action
    left: it spends it on a skill action rather than nothing."""
    b = arena(("A", "hobgoblin_captain", "blue", 3, 3, {"initiative": FIRST}),
              ("T", "fighter", "red", 4, 3, {"initiative": SECOND}),
              fixed_dice=INIT[:2] + [("d20", 2)], initiative="top-down")
    ok(b, C.Attack("A", "T", "longsword"))
    cmd = decision(b, "A")
    assert type(cmd) in (C.Demoralize, C.DirtyTrick, C.CombatFeint, C.Insult), cmd
