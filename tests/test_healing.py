"""Healing, temporary hit points and first aid through the engine's commands
(docs/rules/20-healing-and-first-aid.md; seed 004 "Hit Points": "Healing lost HP",
"Temporary Hit Points", "Stabilize when Dying"; "Energy Damage": positive energy).

Open fields with the shipped cleric (Heal 5 ranks, WIS 16: Heal checks +8; Cure Wounds 1d8+2
by touch; Words of Vigor: allies within 2 hexes regain 1d4 HP and gain 1d4 temporary HP), a
fighter and orcs (greataxe 1d12+3 slashing: a javelin in the other hand, STR counted once). The first d20s are the initiative rolls (the
ratings fix the order); then the dice are fixed where the outcome matters.
"""
from __future__ import annotations

import dataclasses

from game.data import load_units
from game.data.dice import Dice
from game.data.model import Ability, AbilityArea, AbilitySave
from game.ecs.components import Health
from game.engine import commands as C
from game.engine import events as E
from game.rules.healing import gain_temp_hp
from tests.helpers import refusal_code

from test_engine_turns import FIRST, LAST, SECOND, THIRD, arena, of, ok

HIT = ("d20", 18)          # an orc: 18 + 2 HR + 3 STR = 23 hits a fighter's AC 17
NEVER = {"aoo_policy": "never"}


code = refusal_code


def field(fighter: dict, dice=(), orcs: int = 1, db=None):
    """Orcs next to the fighter F (5,3), the cleric Cl on F's other side (7 of F's east),
    a blue archer far off. Top-down: the orcs, Cl, F, the archer."""
    ratings = (FIRST, FIRST - 1, FIRST - 2)
    units = [(f"O{n + 1}", "orc", "red", *cell, {"initiative": ratings[n], **NEVER})
             for n, cell in enumerate(((4, 3), (5, 2), (5, 4))[:orcs])]
    units += [("Cl", "cleric", "blue", 6, 3, {"initiative": SECOND}),
              ("F", "fighter", "blue", 5, 3, {"initiative": THIRD, **fighter}),
              ("A", "archer", "blue", 0, 7, {"initiative": LAST})]
    return arena(*units, fixed_dice=[("d20", 10)] * len(units) + list(dice),
                 initiative="top-down", db=db)


def felled(b, *orcs) -> None:
    for orc in orcs:
        ok(b, C.Attack(orc, "F", "greataxe"))
        ok(b, C.EndTurn(orc))


# ---- first aid ------------------------------------------------------------------------------

def test_first_aid_a_heal_check_dc_15_stops_a_dying_allys_bleeding():
    """004 "Stabilize when Dying": "If the bleeding stops, you are unconscious while at 0HP or
    less". The rulebook's Heal skill chapter is missing: the game's first aid is a Big
    Action, a Heal check (d20 + ranks + WIS) against DC 15 that stops the bleeding."""
    b = field({"hp": 4}, dice=[HIT, ("d12", 1), ("d20", 7)])     # 7 + 5 + 3 = 15
    felled(b, "O1")
    assert b.unit("F").has("dying") and b.unit("F").conditions["bleed"] == 1
    [option] = [o for o in b.options("Cl", "first_aid")]
    assert option.command == C.FirstAid("Cl", ally="F")
    seen = b.forecast(option.command)
    assert seen.chance == 0.7 and "DC 15" in seen.lines[1]           # 7+ on the d20
    events = ok(b, C.FirstAid("Cl", ally="F"))
    [aid] = of(events, E.FirstAidGiven)
    assert (aid.unit, aid.ally, aid.total, aid.dc, aid.success) == ("Cl", "F", 15, 15, True)
    f = b.unit("F")
    assert "bleed" not in f.conditions and not f.has("dying") and f.has("unconscious")
    assert b.budget("Cl").big == 1
    hp = f.hp
    ok(b, C.EndTurn("Cl"))                     # F's turn: no bleeding, no save to roll
    assert b.unit("F").hp == hp


def test_first_aid_that_fails_leaves_the_bleeding_and_is_refused_without_a_bleeding_ally():
    """A failed Heal check changes nothing; first aid needs an adjacent ally that bleeds."""
    b = field({"hp": 4}, dice=[HIT, ("d12", 1), ("d20", 6)])        # 6 + 8 = 14
    assert code(b, C.EndTurn("Cl")) == "not_your_turn"
    ok(b, C.Attack("O1", "F", "greataxe"))
    ok(b, C.EndTurn("O1"))
    [aid] = of(ok(b, C.FirstAid("Cl", ally="F")), E.FirstAidGiven)
    assert not aid.success and b.unit("F").conditions["bleed"] == 1
    assert code(b, C.FirstAid("Cl", ally="A")) == "not_adjacent"
    ok(b, C.EndTurn("Cl"))


def test_first_aid_is_refused_on_an_ally_that_does_not_bleed():
    b = field({"hp": 30})
    ok(b, C.EndTurn("O1"))
    assert code(b, C.FirstAid("Cl", ally="F")) == "not_bleeding"
    assert code(b, C.FirstAid("Cl", ally="O1")) == "not_an_ally"
    action = b.action("Cl", "first_aid")
    assert not action.enabled and action.cost == "1 Big Action"


# ---- healing by positive energy -------------------------------------------------------------

def test_magical_healing_reduces_bleed_by_the_hp_healed_and_wakes_above_0():
    """004 Hit Points: "Magical healing and HP healed from the Heal Skill reduce Bleed damage
    by the amount of HP healed. Ex: If you are suffering Bleed 3 and you are healed +2HP, you
    are now suffering only Bleed 1." and "If your current Hit Point total is raised above
    0HP, you regain consciousness." A level 3 fighter of 12 HP struck down to -1, then left
    at -11 with Bleed 3 (set here: a blow on a helpless creature next to its foe is a critical
    hit, too much for the example); Words of Vigor heals 2 (and gives temporary HP), then Cure
    Wounds heals 10."""
    b = field({"hp": 12, "level": 3, "con": 18}, orcs=3,
              dice=[HIT, ("d12", 9), ("d4", 2), ("d4", 3), ("d8", 8)])
    felled(b, "O1")
    ok(b, C.EndTurn("O2"))
    ok(b, C.EndTurn("O3"))
    b.update("F", Health, hp=-11)
    b.set_condition("F", "bleed", 3)
    f = b.unit("F")
    assert (f.hp, f.conditions["bleed"]) == (-11, 3)
    events = ok(b, C.UseAbility("Cl", ability="words_of_vigor"))
    [used] = of(events, E.AbilityUsed)
    assert used.caught == ("F",)                       # the orcs in the burst are spared
    assert not of(events, E.SaveRolled)                # an ally accepts a heal: no save
    [healed] = of(events, E.Healed)
    assert (healed.unit, healed.amount, healed.hp) == ("F", 2, -9)
    assert b.unit("F").conditions["bleed"] == 1 and b.unit("F").temp_hp == 3
    events = ok(b, C.UseAbility("Cl", ability="cure_wounds", target="F", confirm=True))
    [healed] = of(events, E.Healed)
    assert (healed.amount, healed.hp) == (10, 1)
    f = b.unit("F")
    assert "bleed" not in f.conditions and not f.has("unconscious") and not f.has("dying")
    assert f.has("injured") and f.has("prone")         # 1 HP: a quarter of 12 or less


def test_healing_above_the_injured_threshold_removes_injured():
    """004 Injured: "This condition is automatically removed when you heal above your Injured
    Threshold"."""
    b = field({"hp": 12}, dice=[HIT, ("d12", 7), ("d8", 1)])     # 12 - 10 = 2; +3 = 5
    felled(b, "O1")
    assert b.unit("F").hp == 2 and b.unit("F").has("injured")
    ok(b, C.UseAbility("Cl", ability="cure_wounds", target="F", confirm=True))
    assert b.unit("F").hp == 5 and not b.unit("F").has("injured")


def test_healing_cannot_raise_the_dead():
    """004 Death: "A dead creature cannot be brought back to life by healing lost Hit
    Points"."""
    b = field({"hp": 4, "con": 1}, dice=[HIT, ("d12", 12)])        # 4 - 16: dead at -1
    felled(b, "O1")
    assert b.unit("F").dead
    assert code(b, C.UseAbility("Cl", ability="cure_wounds", target="F")) == "no_target"
    assert all(o.command.target != "F" for o in b.options("Cl", "use_ability"))


def test_healing_never_above_the_maximum_and_the_cleric_may_cure_itself():
    """004: "Healing can never bring your HP above your HP Maximum." """
    b = field({"hp": 12}, dice=[("d8", 8)])
    ok(b, C.EndTurn("O1"))
    events = ok(b, C.UseAbility("Cl", ability="cure_wounds", target="Cl"))
    [healed] = of(events, E.Healed)
    assert healed.amount == 0 and b.unit("Cl").hp == b.unit("Cl").max_hp


def _turning_cleric():
    """A cleric whose positive energy strikes everyone around it (WILL DC 14 for half)."""
    units = dict(load_units())
    turn = Ability("turn", "Turn Undead", kind="supernatural", area=AbilityArea(
        "close_burst", 2), targets="all", save=AbilitySave("WILL", 14, "half"),
        damage=Dice(2, 6), damage_type="positive")
    units["cleric"] = dataclasses.replace(units["cleric"], abilities=(turn,))
    return units


def test_positive_energy_heals_the_living_and_harms_the_undead():
    """004 Energy Damage: "positive energy heals living creatures for the amount of "damage"
    rolled, but deals damage normally to undead creatures." """
    b = arena(("Cl", "cleric", "blue", 5, 3, {"initiative": FIRST}),
              ("S", "skeleton", "red", 6, 3, {"initiative": SECOND}),
              ("F", "fighter", "blue", 4, 3, {"initiative": THIRD, "hp": 30}),
              fixed_dice=[("d20", 10)] * 3 + [("d6", 3), ("d6", 4), ("d20", 2)],
              initiative="top-down", db=_turning_cleric())
    ok(b, C.EndTurn("Cl"))
    ok(b, C.EndTurn("S"))
    ok(b, C.EndTurn("F"))
    events = ok(b, C.UseAbility("Cl", ability="turn", confirm=True))
    assert [(s.unit, s.success) for s in of(events, E.SaveRolled)] == [("S", False)]
    [hurt] = of(events, E.Damaged)
    assert (hurt.unit, hurt.amount, hurt.damage_type) == ("S", 7, "positive")
    assert [e.unit for e in of(events, E.Healed)] == ["F"]


# ---- temporary hit points -------------------------------------------------------------------

def test_temporary_hit_points_are_lost_first():
    """004 Temporary Hit Points: "Temporary Hit Points are lost first, before any damage
    strikes your actual Hit Points." The fighter (22 HP) gains 4 temporary HP (at most a
    quarter: 5) from Words of Vigor; the orc's 5 damage takes them and 1 HP."""
    b = field({}, dice=[("d20", 2), ("d4", 1), ("d4", 4), HIT, ("d12", 2)])
    ok(b, C.Attack("O1", "F", "greataxe"))                 # misses: 2 + 5 = 7
    ok(b, C.EndTurn("O1"))
    ok(b, C.UseAbility("Cl", ability="words_of_vigor"))
    assert b.unit("F").temp_hp == 4
    from game.ui.presenters import unit_card
    assert unit_card(b, "F").temp_hp == 4
    ok(b, C.EndTurn("Cl"))
    ok(b, C.EndTurn("F"))
    ok(b, C.EndTurn("A"))
    [hit] = of(ok(b, C.Attack("O1", "F", "greataxe")), E.Damaged)
    assert (hit.amount, hit.absorbed, hit.hp) == (5, 4, 21)
    assert b.unit("F").temp_hp == 0


def test_temporary_hit_points_never_more_than_25_percent_and_do_not_stack():
    """004: "You may never have more Temporary HP than 25% of your Maximum HP. Ex: A character
    with maximum 36HP may never have more than 9 Temporary HP." Two grants do not add up (the
    game's rule): the higher pool stays."""
    assert gain_temp_hp(0, 12, 36) == 9
    assert gain_temp_hp(5, 3, 36) == 5 and gain_temp_hp(3, 5, 36) == 5
    assert gain_temp_hp(0, 4, 3) == 0


# ---- the worked example of dying, with first aid ----------------------------------------------

def test_first_aid_in_the_worked_example_of_dying_the_veteran_stops_bleeding():
    """004 Death: "A character with 18 HP and a 13 CON Score is struck for 20 damage. They
    fall unconscious at -2 HP and suffer Bleed 1. If they are not healed, they may continue to
    bleed 1 HP per round." tests/scenarios/first_aid_example.json replays it with the archer
    beside him: it walks up and gives first aid (Heal check 14 + WIS 1 = 15) before his turn,
    and two rounds on he still lies at -2 HP."""
    import json
    from test_saves_scripted import REPO, game_process
    out = game_process("replay", str(REPO / "tests" / "scenarios" / "first_aid_example.json"),
                       "--json", "--verify")
    assert out.returncode == 0, out.stderr
    events = [json.loads(line) for line in out.stdout.splitlines()]
    struck = [(e["unit"], e["amount"], e["hp"]) for e in events if e["type"] == "Damaged"]
    assert struck == [("Veteran", 20, -2)]                  # no bleeding after the first aid
    [aid] = [e for e in events if e["type"] == "FirstAidGiven"]
    assert (aid["unit"], aid["ally"], aid["total"], aid["success"]) == ("Scout", "Veteran", 15,
                                                                        True)
    assert not [e for e in events if e["type"] in ("Died", "SaveRolled")]
    removed = [e["condition"] for e in events if e["type"] == "ConditionRemoved"
               and e["unit"] == "Veteran"]
    assert "bleed" in removed and "dying" in removed


def test_temporary_hit_points_property_damage_is_split_and_the_pool_stays_capped():
    """Property: temporary HP take at most what they hold, the rest goes to the hit points,
    nothing is lost; a grant never lowers a pool and never raises it above the cap."""
    from hypothesis import given, strategies as st
    from game.rules.healing import absorb, temp_hp_cap

    @given(st.integers(0, 50), st.integers(0, 80), st.integers(0, 50), st.integers(1, 200))
    def check(temp, amount, gained, max_hp):
        taken, rest = absorb(temp, amount)
        assert taken + rest == amount and 0 <= taken <= temp
        temp = min(temp, temp_hp_cap(max_hp))
        pool = gain_temp_hp(temp, gained, max_hp)
        assert temp <= pool <= max(temp, temp_hp_cap(max_hp))
        assert pool == min(max(temp, gained), max(temp, temp_hp_cap(max_hp)))

    check()
