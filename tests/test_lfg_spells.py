"""Spellcasting under the default rules, through the engine's commands (docs/rules/
17-special-abilities.md "Spellcasting"): one spell a turn, the Perseverance checks of a caster
hurt, Injured or running, the failure chance of a broken arm, no somatic spell when pinned.

The shipped wizard (Force Bolt, Burning Hands, Hold: spells) and goblin shaman (Fear Burst, a
spell-like ability) on small open fields; the first three d20s are the initiative rolls (the
ratings fix the order), then the dice each test gives.
"""
from __future__ import annotations

import dataclasses

from game.ai.games import make_player
from game.ecs.scenario import HILL
from game.engine import commands as C
from game.engine import events as E
from game.engine.abilities import uses_left
from game.ui.presenters import log_entries
from tests.helpers import refusal_code

from test_engine_interrupts import OPENING, field
from test_engine_turns import FIRST, SECOND, THIRD, arena, of, ok

INIT = [("d20", 10)] * 3
FAN = dict(ability="burning_hands", origin=(2, 3), aim=0)


def wizard_field(dice=(), a=(3, 3), wizard=None, **kw):
    """The wizard W at (2, 3), fighter A beside it (east), fighter B far off; a round is played
    so that A may make its attack of opportunity."""
    b = arena(("W", "wizard", "red", 2, 3, {"initiative": FIRST, **(wizard or {})}),
              ("A", "fighter", "blue", *a, {"initiative": SECOND}),
              ("B", "fighter", "blue", 9, 6, {"initiative": THIRD}),
              fixed_dice=INIT + list(dice), initiative="top-down", **kw)
    for name in ("W", "A", "B"):
        ok(b, C.EndTurn(name))
    return b


def test_only_one_spell_a_turn():
    """004: "-You may only cast 1 Spell Per Turn!\""""
    b = wizard_field(dice=[("d6", 2), ("d20", 15)], a=(5, 3))
    ok(b, C.UseAbility("W", ability="force_bolt", target="A"))
    assert b.budget("W").big == 1
    assert refusal_code(b, C.UseAbility("W", ability="hold", target="A")) == "once_a_round"
    assert not any(o.command.ability == "hold" for o in b.options("W", "use_ability"))


def test_damage_while_casting_calls_for_a_perseverance_check_dc15_or_the_spell_is_lost():
    """004: "-If you are interrupted & take damage while attempting to cast a spell, you must
    roll a Perseverance check or lose the spell (DC15 or DC25 based on damage".
    The fighter's attack of opportunity hits for 8; the wizard rolls 3 + 2 ranks + CON 1."""
    b = wizard_field(dice=[("d20", 15), ("d8", 5), ("d20", 3)])
    events = ok(b, C.UseAbility("W", confirm=True, **FAN))
    check = of(events, E.SpellChecked)[0]
    assert (check.total, check.dc, check.success) == (6, 15, False)
    assert of(events, E.SpellDisrupted) and not of(events, E.AbilityUsed)
    assert b.unit("A").hp == b.unit("A").max_hp                   # no flame came out
    assert uses_left(b, "W")["burning_hands"] == 1                # the use is wasted
    assert b.budget("W").big == 1                                 # and the action


def test_the_log_says_a_disrupted_spell_is_lost_and_why():
    """004: "you must roll a Perseverance check or lose the spell": the log's lines for the
    check and the loss, each naming the roll and the reason."""
    b = wizard_field(dice=[("d20", 15), ("d8", 5), ("d20", 3)])
    lines = [x.text for x in log_entries(ok(b, C.UseAbility("W", confirm=True, **FAN)))]
    assert "W loses its focus on Burning Hands (Perseverance 6 vs DC 15: took 8 damage " \
        "while casting)" in lines
    assert "W's Burning Hands is disrupted: the spell is lost" in lines


def test_a_caster_who_keeps_its_focus_casts_the_spell():
    """004: "you must roll a Perseverance check or lose the spell (DC15 or DC25 based on
    damage": 13 + 3 = 16 meets DC 15."""
    b = wizard_field(dice=[("d20", 15), ("d8", 5), ("d20", 13), ("d4", 2), ("d4", 2),
                           ("d20", 2)])
    events = ok(b, C.UseAbility("W", confirm=True, **FAN))
    assert of(events, E.SpellChecked)[0].success
    assert of(events, E.AbilityUsed) and not of(events, E.SpellDisrupted)
    assert b.unit("A").hp == b.unit("A").max_hp - 4


def test_ten_damage_while_casting_raises_the_perseverance_dc_to_25():
    """004: "(DC15 or DC25 based on damage": a critical-free blow of 11 (1d8 8 + STR 3)."""
    b = wizard_field(dice=[("d20", 15), ("d8", 8), ("d20", 19)])
    events = ok(b, C.UseAbility("W", confirm=True, **FAN))
    check = of(events, E.SpellChecked)[0]
    assert (check.total, check.dc, check.success) == (22, 25, False)
    assert of(events, E.SpellDisrupted)


def test_an_unhurt_caster_makes_no_perseverance_check():
    """004: the check is for a caster who takes damage: a missed attack of opportunity asks
    nothing."""
    b = wizard_field(dice=[("d20", 2), ("d4", 1), ("d4", 1), ("d20", 2)])
    events = ok(b, C.UseAbility("W", confirm=True, **FAN))
    assert not of(events, E.SpellChecked) and of(events, E.AbilityUsed)


def test_injured_casters_roll_perseverance_dc_10_plus_twice_the_spell_level():
    """004: "Injured: ... Spellcasting: Perseverance DC(10+[2xSL]) or spell fails & is
    wasted". Hold is a 2nd-level spell: DC 14; the Injured -2 counts on the d20 too."""
    b = wizard_field(dice=[("d20", 12)], a=(6, 3), wizard={"conditions": ("injured",)})
    events = ok(b, C.UseAbility("W", ability="hold", target="A"))
    check = of(events, E.SpellChecked)[0]
    assert (check.reason, check.total, check.dc) == ("injured", 13, 14)
    assert of(events, E.SpellDisrupted) and uses_left(b, "W")["hold"] == 0


def test_casting_after_the_run_action_needs_a_perseverance_check():
    """004: "Casting a spell after using the Run Action requires a DC(10+[2xSL]) Perseverance
    check or the spell fails." Force Bolt is 1st level: DC 12; 9 + 3 = 12 keeps it."""
    b = wizard_field(dice=[("d20", 9), ("d6", 3), ("d20", 15)], a=(11, 3))
    ok(b, C.Run("W", to=(6, 3)))
    events = ok(b, C.UseAbility("W", ability="force_bolt", target="A"))
    check = of(events, E.SpellChecked)[0]
    assert (check.reason, check.total, check.dc, check.success) == ("ran this turn", 12, 12,
                                                                   True)
    assert of(events, E.AbilityUsed)


def test_a_broken_arm_gives_somatic_spells_a_ten_percent_failure_chance():
    """004: "Broken Arm: ... You suffer -1AC and +10% Spell Failure when casting spells with
    Somatic Components." A d100 of 10 or less loses the spell; 11 casts it."""
    b = wizard_field(dice=[("d100", 10)], a=(6, 3), wizard={"conditions": ("broken_arm",)})
    events = ok(b, C.UseAbility("W", ability="force_bolt", target="A"))
    assert "10% fails" in of(events, E.SpellDisrupted)[0].cause
    b = wizard_field(dice=[("d100", 11), ("d6", 3), ("d20", 15)], a=(6, 3),
                     wizard={"conditions": ("broken_arm",)})
    assert of(ok(b, C.UseAbility("W", ability="force_bolt", target="A")), E.AbilityUsed)


def test_a_pinned_creature_cannot_cast_a_somatic_spell():
    """004: "Pinned: ... Casting spells with S or F Components is impossible.\""""
    b = wizard_field(a=(6, 3), wizard={"conditions": ("pinned",)})
    assert refusal_code(b, C.UseAbility("W", ability="force_bolt", target="A")) == \
        "cannot_cast"
    assert b.action("W", "use_ability").code == "cannot_cast"


def test_a_spell_like_ability_damaged_needs_dc_10_plus_twice_its_level():
    """004: "If damaged or Grappled while attempting to activate a SLA, you must make a
    (DC10+[2xSL]) Perseverance Check. If you fail, your SLA fails & 1 daily use is wasted."
    Fear Burst (SL2): DC 14 after the fighter's 5 damage."""
    b = arena(("S", "goblin_shaman", "red", 2, 3, {"initiative": FIRST}),
              ("A", "fighter", "blue", 3, 3, {"initiative": SECOND}),
              ("B", "fighter", "blue", 6, 5, {"initiative": THIRD}),
              fixed_dice=INIT + [("d20", 15), ("d8", 2), ("d20", 12)], initiative="top-down")
    for name in ("S", "A", "B"):
        ok(b, C.EndTurn(name))
    events = ok(b, C.UseAbility("S", ability="fear_burst", origin=(6, 5), confirm=True))
    check = of(events, E.SpellChecked)[0]
    assert (check.dc, check.success) == (14, False)
    assert uses_left(b, "S")["fear_burst"] == 2 and not of(events, E.AbilityUsed)


# ---- flight: ascend rate and dive attacks (docs/rules/21-terrain-and-falling.md "Flying") ----

CLIFF = dataclasses.replace(HILL, elevation=2, name="cliff top")       # 10 ft up


def harpy_field(terrain, harpy_at=(1, 3), foe_at=(14, 6), **harpy):
    return arena(("H", "harpy", "red", *harpy_at, {"initiative": FIRST, **harpy}),
                 ("A", "fighter", "blue", *foe_at, {"initiative": SECOND}),
                 terrain=terrain, width=16, initiative="top-down", seed=3)


PLATEAU = {(c, r): CLIFF for c in range(4, 12) for r in range(8)}


def test_flyers_pay_their_ascend_rate_to_rise_over_a_ledge():
    """004: "Ascend Rate: You must spend the indicated amount of movement to increase your
    altitude by 1 hex (5 feet). Ex: A Creature with Fly 30 [Poor] must spend 15 feet of
    movement to increase their altitude by 5 feet." The harpy (Fly 60, 12 hexes) rises 10 ft
    onto the cliff: 2 x 10 ft average, 2 x 15 ft poor, besides the hex itself."""
    east = lambda end: C.Move("H", path=tuple((c, 3) for c in range(2, end + 1)))  # noqa: E731
    b = harpy_field(PLATEAU)
    ok(b, east(9))                         # 2 + (1 + 4) + 5 = 12 hexes: one Move
    assert b.budget("H").big == 1 and b.budget("H").movement == 0
    b = harpy_field(PLATEAU, fly_maneuver="poor")
    ok(b, east(7))                         # 2 + (1 + 6) + 3 = 12 hexes
    assert b.budget("H").big == 1 and b.budget("H").movement == 0
    b = harpy_field(PLATEAU, fly_maneuver="poor")
    ok(b, east(9))
    assert b.budget("H").big == 0          # two more hexes: a second Move


def test_flying_down_a_ledge_costs_nothing_more():
    """004: "Ascending is generally more difficult than descending due to gravity." The harpy
    flies off the cliff top at one hex a hex."""
    b = harpy_field({(c, r): CLIFF for c in range(0, 4) for r in range(8)}, harpy_at=(1, 3))
    ok(b, C.Move("H", path=tuple((c, 3) for c in range(2, 14))))
    assert b.budget("H").big == 1 and b.budget("H").movement == 0


def test_a_dive_attack_strikes_as_a_charge_with_a_die_one_size_larger():
    """004: "Dive Attack: If you use the Run Action and descend at least 10 feet before
    striking in melee, your attack strikes as a Charge Attack and your attack deals damage as
    if 1 die size larger (1d4🡪1d6🡪1d8, etc)." The harpy's claw (1d4) from the cliff top."""
    top = {(c, r): CLIFF for c in range(0, 4) for r in range(8)}
    b = harpy_field(top, harpy_at=(2, 3), foe_at=(8, 3))
    events = ok(b, C.Charge("H", to=(7, 3), target="A", confirm=True))
    hit = of(events, E.Damaged)[0].breakdown
    assert "Claw (dive) damage 1d6" in hit and "charge 2" in hit
    b = harpy_field({}, harpy_at=(2, 3), foe_at=(8, 3))          # the same charge on the level
    hit = of(ok(b, C.Charge("H", to=(7, 3), target="A", confirm=True)), E.Damaged)[0].breakdown
    assert "Claw damage 1d4" in hit and "dive" not in hit


def test_an_enemy_who_interrupts_the_caster_and_hurts_it_may_cost_it_the_spell():
    """004: "Ex2: An enemy wizard begins chanting & moving her hands. You win the opposed
    initiative check and hurl your dagger at the wizard, hoping to disrupt her concentration
    so she loses the spell." The orc interrupts the wizard's Force Bolt (19 vs 4), hits it for
    9 in its Interrupt Turn; the wizard then fails its DC 15 Perseverance check (6)."""
    b = field(("F", "fighter", "blue", 0, 7, {"initiative": 40}),
              ("W", "wizard", "blue", 2, 2, {"initiative": 0, "hp": 60}),
              ("R", "orc", "red", 3, 2, {"initiative": 0, "hp": 200}),
              dice=OPENING + [("d20", 20), ("d20", 1), ("d20", 15), ("d12", 6), ("d20", 3)])
    ok(b, C.SetPolicy("R", "always", "interrupt"))
    ok(b, C.EndTurn("F"))
    ok(b, C.ChooseNext("F", "W"))
    events = ok(b, C.UseAbility("W", ability="force_bolt", target="R", confirm=True))
    trigger = of(events, E.InterruptTriggered)[0]
    assert trigger.won and trigger.trigger == "casts" and b.active == "R"
    assert uses_left(b, "W")["force_bolt"] is None and b.budget("W").big == 2   # nothing spent
    ok(b, C.Attack("R", "W"))
    events = ok(b, C.EndTurn("R"))
    check = of(events, E.SpellChecked)[0]
    assert (check.reason, check.total, check.dc) == ("took 9 damage while casting", 6, 15)
    assert of(events, E.SpellDisrupted) and not of(events, E.AbilityUsed)
    assert b.unit("R").hp == 200


# ---- the computer player ------------------------------------------------------------------

def _ai_turn(b, team: str, limit: int = 12) -> list:
    """The commands and events of the computer player's turn for `team`."""
    player = make_player("ai", f"1:{team}")
    done = []
    who = b.active
    while b.active == who and len(done) < limit and b.awaiting() != "over":
        cmd = player.command(b)
        done.append((cmd, ok(b, cmd)))
        if isinstance(cmd, C.EndTurn):
            break
    return done


def test_the_computer_player_dives_from_a_height_when_the_blow_is_worth_it():
    """004: "Dive Attack: If you use the Run Action and descend at least 10 feet before
    striking in melee, your attack strikes as a Charge Attack". The harpy on the cliff top
    charges the archer below along a diving Run."""
    top = {(c, r): CLIFF for c in range(0, 4) for r in range(8)}
    b = arena(("H", "harpy", "red", 2, 3, {"initiative": FIRST}),
              ("A", "archer", "blue", 10, 2, {"initiative": SECOND}), terrain=top, width=16,
              initiative="top-down", seed=3, controllers={"red": "ai", "blue": "ai"})
    turn = _ai_turn(b, "red")
    charge = [(cmd, events) for cmd, events in turn if isinstance(cmd, C.Charge)]
    assert charge and "(dive)" in of(charge[0][1], E.Damaged)[0].breakdown


def test_the_computer_player_casts_one_spell_a_turn():
    """004: "-You may only cast 1 Spell Per Turn!" The wizard's turn against two fighters in
    range holds one spell, however many Big Actions it has."""
    b = arena(("W", "wizard", "red", 2, 3, {"initiative": FIRST}),
              ("A", "fighter", "blue", 7, 3, {"initiative": SECOND}),
              ("B", "fighter", "blue", 7, 5, {"initiative": THIRD}),
              initiative="top-down", seed=5, controllers={"red": "ai", "blue": "ai"})
    cast = [e for _, events in _ai_turn(b, "red") for e in events
            if isinstance(e, (E.AbilityUsed, E.SpellDisrupted)) and e.unit == "W"]
    assert len(cast) == 1


def test_a_grappled_caster_of_a_somatic_spell_must_beat_its_holders_wrestling_check():
    """004: "Grappled Condition: ... Casting spells with Somatic (S) Components is difficult
    (Perseverance check vs Wrestling check)". The orc grabs the wizard; the wizard's
    Perseverance 13 ties the orc's Wrestling 13: the holder keeps the tie, the spell is lost."""
    grab = [("d20", 18), ("d20", 15), ("d20", 2)]      # touch hit, Wrestling 18 vs Acrobatics 4
    b = arena(("R", "orc", "red", 3, 3, {"initiative": FIRST}),
              ("W", "wizard", "blue", 2, 3, {"initiative": SECOND}),
              fixed_dice=INIT[:2] + grab + [("d20", 10), ("d20", 10)], initiative="top-down")
    ok(b, C.Grab("R", "W"))
    ok(b, C.EndTurn("R"))
    events = ok(b, C.UseAbility("W", ability="force_bolt", target="R"))
    check = of(events, E.SpellChecked)[0]
    assert check.reason == "held by R, Wrestling d20 10 +3" and (check.total, check.dc) == (13, 14)
    assert of(events, E.SpellDisrupted) and not of(events, E.AbilityUsed)


def test_the_forecast_names_the_perseverance_check_a_caster_already_owes():
    """004: "Injured: ... Spellcasting: Perseverance DC(10+[2xSL]) or spell fails & is
    wasted": the HUD's forecast of Hold (SL 2) by an Injured wizard with a broken arm."""
    b = wizard_field(a=(6, 3), wizard={"conditions": ("injured", "broken_arm")})
    lines = b.forecast(C.UseAbility("W", ability="hold", target="A")).lines
    assert "Hold: Perseverance DC 14 or the spell is lost (injured)" in lines
    assert "Hold: 10% spell failure" in lines
