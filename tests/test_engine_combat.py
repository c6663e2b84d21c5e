"""docs/rules/10-attacks-and-damage.md "Attack rolls and damage" and docs/rules/11-hit-points-and-conditions.md "Hit points and conditions" through the
engine: the situation read off the battlefield (`game.rules.situation`: cover, concealment,
flanking, gang up, high ground, difficult terrain, conditions), itemised breakdowns in the
events, damage, DR, criticals, unconsciousness, bleeding, stabilisation and death - with
the rulebook's "Hit Points" example (18 HP, CON 13, struck for 20: -2 HP, unconscious, Bleed 1; it
dies at -13, unless its wound clots after 10 rounds of bleeding) reached through real commands.
"""
from __future__ import annotations

from dataclasses import replace

from game.ecs.components import Health
from game.ecs.scenario import FOREST, HILL, LOW_WALL, RUBBLE, WALL
from game.engine import commands as C
from game.engine import events as E
from game.engine.turns import candidates
from game.rules.situation import Extras, attack_preview, best_attack, situation

from test_engine_turns import (DB, FIRST, LAST, SECOND, THIRD, arena, find_battle, ok, of,
                               refused)


def hit(b, ev):
    return any(e.hit for e in of(ev, E.AttackRolled))


def attack_once(cmd):
    return lambda b: ok(b, cmd)


# ---- the HP example (the rulebook "Hit Points", docs/rules/11-hit-points-and-conditions.md) ------------------------------------------

def hp_example(seed=0, fort=-10):
    """V: 18 HP, CON 13 (dies at -13), a FORT save it cannot make (fort -10); A: an orc
    strong enough (STR 26: greataxe 1d12+8, STR once since its javelin is in the other hand)
    to deal exactly 20; W: V's ally far away."""
    return arena(("A", "orc", "red", 4, 2, {"initiative": FIRST, "str": 26}),
                 ("V", "fighter", "blue", 3, 2, {"initiative": SECOND, "hp": 18, "con": 13,
                                                  "fort": fort}),
                 ("W", "fighter", "blue", 0, 7, {"initiative": THIRD}), seed=seed)


def struck_for_20(b, ev):
    return any(e.unit == "V" and e.amount == 20 for e in of(ev, E.Damaged))


def next_turns(b, until, limit=200):
    """End turns (picking the first candidate) until `until(b)`; returns the events."""
    events = []
    for _ in range(limit):
        if until(b) or b.winner:
            return events
        if b.awaiting() == "choice":
            events += ok(b, C.ChooseNext(b.chooser, candidates(b)[0]))
        else:
            events += ok(b, C.EndTurn(b.active))
    raise AssertionError("the battle did not get there")


def test_hp_example_struck_for_20_falls_unconscious_at_minus_2_with_bleed_1():
    b, events = find_battle(hp_example, attack_once(C.Attack("A", "V", "greataxe")),
                            struck_for_20)
    damaged = of(events, E.Damaged)[0]
    assert (damaged.amount, damaged.hp) == (20, -2)
    assert "HP -2" in damaged.breakdown and "+Unconscious" in damaged.breakdown
    v = b.unit("V")
    assert v.hp == -2 and not v.dead
    for condition in ("unconscious", "prone", "dying"):
        assert v.has(condition), condition
    assert v.conditions["bleed"] == 1 and v.conditions["weakened"] == 1
    assert E.ConditionAdded("V", "bleed", 1) in events


def test_hp_example_bleeds_1_per_round_until_the_wound_clots_after_10_rounds():
    """The rulebook "Hit Points": "If they are not healed, they may continue to bleed 1 HP per round.
    If they reach -13 HP, they die." and Bleed X: "After 10 rounds of bleeding, the wound
    begins to clot, and the Bleed X amount is reduced by 1 per round." Ten rounds of Bleed 1
    take the example to -12; then the wound clots: one HP short of death, stable. (A further
    blow kills it at -13: tests/scenarios/bleeding_example.json.)"""
    b, _ = find_battle(hp_example, attack_once(C.Attack("A", "V", "greataxe")),
                       struck_for_20)
    events = next_turns(b, lambda b: any(e.unit == "V" for e in of(b.events, E.Clotted)))
    bleeding = [e for e in of(events, E.Damaged) if e.unit == "V"]
    assert [e.hp for e in bleeding] == list(range(-3, -13, -1))
    assert all(e.amount == 1 and e.breakdown.startswith("bleed 1 (") for e in bleeding)
    assert "clots in 9 round(s)" in bleeding[0].breakdown and "clotting" in bleeding[-1].breakdown
    saves = [e for e in of(events, E.SaveRolled) if e.unit == "V"]
    assert len(saves) == 10 and not any(s.success for s in saves)   # once per round, DC 20
    assert all(s.dc == 20 and s.save == "FORT" for s in saves)
    assert of(events, E.Clotted) == [E.Clotted("V", 0, 10)]
    v = b.unit("V")
    assert v.hp == -12 and not v.dead and not v.has("dying") and v.has("unconscious")


def test_a_successful_dc_20_fort_save_stops_the_bleeding():
    b, _ = find_battle(lambda s: hp_example(s, fort=30),
                       attack_once(C.Attack("A", "V", "greataxe")), struck_for_20)
    events = next_turns(b, lambda b: any(e.unit == "V" for e in of(b.events, E.SaveRolled)))
    save = [e for e in of(events, E.SaveRolled) if e.unit == "V"][0]
    assert save.success and "stabilize (FORT)" in save.breakdown
    v = b.unit("V")
    assert v.hp == -3 and not v.conditions.get("bleed") and not v.has("dying")
    assert v.has("unconscious")
    more = next_turns(b, lambda b: b.round >= 4)
    assert not [e for e in of(more, E.Damaged) if e.unit == "V"]     # stable


# ---- docs/rules/11-hit-points-and-conditions.md thresholds through attacks --------------------------------------------------

def test_death_at_minus_con_and_goons_at_minus_level():
    b, events = find_battle(
        lambda s: arena(("A", "fighter", "blue", 3, 2, {"initiative": FIRST, "str": 30}),
                        ("O", "orc", "red", 4, 2, {"initiative": SECOND, "hp": 1}),
                        ("X", "orc", "red", 11, 7, {"initiative": THIRD}), seed=s),
        attack_once(C.Attack("A", "O", "longsword")), hit)
    assert of(events, E.Died) == [E.Died("O", (4, 2), "A", "damage")]    # goon: dies at -2
    assert b.unit("O").dead


def test_injured_at_a_quarter_of_max_hp_gives_minus_2_ac():
    def make(seed):
        b = arena(("A", "orc", "red", 4, 2, {"initiative": FIRST}),
                  ("V", "fighter", "blue", 3, 2, {"initiative": SECOND, "hp": 40}),
                  ("W", "fighter", "blue", 0, 7, {"initiative": THIRD}), seed=seed)
        b.update("V", Health, hp=20)
        return b
    b, events = find_battle(make, attack_once(C.Attack("A", "V", "greataxe")),
                            lambda b, ev: 0 < b.unit("V").hp <= 10)
    assert E.ConditionAdded("V", "injured", 1) in events
    preview = attack_preview(b.view(), "A", "V", "greataxe")
    assert preview.plan.ac.value_of("injured") == -2


# ---- itemised breakdowns (docs/rules/10-attacks-and-damage.md) -------------------------------------------------------

def test_attack_and_damage_breakdowns_are_itemised():
    b, events = find_battle(lambda s: arena(
        ("A", "fighter", "blue", 3, 2, {"initiative": FIRST}),
        ("O", "orc", "red", 4, 2, {"initiative": SECOND, "hp": 100}),
        ("X", "orc", "red", 11, 7, {"initiative": THIRD}), seed=s),
        attack_once(C.Attack("A", "O")), hit)
    roll = of(events, E.AttackRolled)[0]
    assert roll.weapon == "Longsword" and roll.kind == "attack"
    assert "HR 2 (rules: Attack rolls and damage)" in roll.breakdown and "+ STR 3" in roll.breakdown
    assert f"= {roll.total} vs AC {roll.ac}" in roll.breakdown
    damaged = of(events, E.Damaged)[0]
    assert "Longsword damage 1d8+3 [slashing]" in damaged.breakdown
    assert damaged.damage_type == "slashing" and damaged.hp == 100 - damaged.amount


def test_the_preview_and_the_roll_use_the_same_numbers():
    b = arena(("A", "fighter", "blue", 3, 2, {"initiative": FIRST}),
              ("O", "orc", "red", 4, 2, {"initiative": SECOND, "hp": 100}))
    preview = attack_preview(b.view(), "A", "O")
    assert preview.possible and preview.weapon.id == "longsword"
    assert 0 < preview.hit_chance < 1 and preview.expected_damage > 0
    roll = of(ok(b, C.Attack("A", "O")), E.AttackRolled)[0]
    assert roll.total == roll.natural + preview.plan.bonus.total
    assert roll.ac == preview.plan.ac.total


def test_critical_hit_multiplies_the_damage():
    b, events = find_battle(lambda s: arena(
        ("A", "fighter", "blue", 3, 2, {"initiative": FIRST}),
        ("O", "orc", "red", 4, 2, {"initiative": SECOND, "hp": 100}),
        ("X", "orc", "red", 11, 7, {"initiative": THIRD}), seed=s),
        attack_once(C.Attack("A", "O")),
        lambda b, ev: any(e.critical for e in of(ev, E.AttackRolled)), tries=800)
    damaged = of(events, E.Damaged)[0]
    assert damaged.critical and "critical x2" in damaged.breakdown
    assert "2d8+6" in damaged.breakdown


def test_damage_reduction_applies():
    b, events = find_battle(lambda s: arena(
        ("A", "fighter", "blue", 3, 2, {"initiative": FIRST}),
        ("S", "skeleton", "red", 4, 2, {"initiative": SECOND, "hp": 100}),
        ("X", "orc", "red", 11, 7, {"initiative": THIRD}), seed=s),
        attack_once(C.Attack("A", "S")), hit)
    assert "DR 3/bludgeoning" in of(events, E.Damaged)[0].breakdown


# ---- the situation (docs/rules/03-movement.md, 6, 7, 8) -----------------------------------------------------

def test_cover_from_a_low_wall_adds_to_ac_in_the_roll():
    b = arena(("A", "archer", "blue", 1, 2, {"initiative": FIRST}),
              ("O", "orc", "red", 6, 2, {"initiative": SECOND, "hp": 100}),
              terrain={(5, 2): LOW_WALL})
    s = situation(b.view(), "A", "O", "shortbow")
    assert s.cover.level in ("partial", "good", "superior") and s.mode == "ranged"
    roll = of(ok(b, C.Attack("A", "O", "shortbow")), E.AttackRolled)[0]
    assert f"{s.cover.level} cover {s.cover.bonus} (rules: Cover)" in roll.breakdown


def test_no_line_of_effect_means_no_attack():
    b = arena(("A", "archer", "blue", 1, 2, {"initiative": FIRST}),
              ("O", "orc", "red", 6, 2, {"initiative": SECOND}),
              terrain={(4, 1): WALL, (4, 2): WALL, (4, 3): WALL, (3, 2): WALL})
    assert best_attack(b.view(), "A", "O") is None
    assert "total cover" in refused(b, C.Attack("A", "O", "shortbow"))


def test_concealment_rolls_a_d10_after_a_hit():
    b, events = find_battle(lambda s: arena(
        ("A", "archer", "blue", 1, 2, {"initiative": FIRST}),
        ("O", "orc", "red", 6, 2, {"initiative": SECOND, "hp": 100}),
        ("X", "orc", "red", 11, 7, {"initiative": THIRD}), terrain={(6, 2): FOREST}, seed=s),
        attack_once(C.Attack("A", "O", "shortbow")),
        lambda b, ev: any(e.miss_chance_roll is not None for e in of(ev, E.AttackRolled)))
    roll = of(events, E.AttackRolled)[0]
    assert "partial concealment d10" in roll.breakdown
    assert roll.concealed_miss == (roll.miss_chance_roll <= 2)


def test_flanked_target_has_minus_2_ac():
    b = arena(("A", "fighter", "blue", 3, 2, {"initiative": FIRST}),
              ("B", "fighter", "blue", 5, 2, {"initiative": SECOND}),
              ("O", "orc", "red", 4, 2, {"initiative": LAST, "hp": 100}))
    s = situation(b.view(), "A", "O", "longsword")
    assert s.flanking.flanked and s.flanking.pair == ("A", "B")
    roll = of(ok(b, C.Attack("A", "O")), E.AttackRolled)[0]
    assert "flanked 2 (rules: Flanking and ganging up)" in roll.breakdown


def test_gang_up_the_third_attacker_gets_plus_1():
    db = dict(DB)
    db["ogre"] = replace(DB["ogre"], hp=500)
    b = arena(("A", "fighter", "blue", 3, 2, {"initiative": FIRST}),
              ("B", "fighter", "blue", 4, 1, {"initiative": SECOND}),
              ("D", "fighter", "blue", 4, 4, {"initiative": THIRD}),
              ("O", "ogre", "red", 4, 2, {"initiative": LAST, "facing": 5}), db=db)
    first = of(ok(b, C.Attack("A", "O")), E.AttackRolled)[0]
    ok(b, C.EndTurn("A"))
    ok(b, C.ChooseNext("A", "B"))
    second = of(ok(b, C.Attack("B", "O")), E.AttackRolled)[0]
    ok(b, C.EndTurn("B"))
    ok(b, C.ChooseNext("B", "D"))
    third = of(ok(b, C.Attack("D", "O")), E.AttackRolled)[0]
    assert "gang up" not in first.breakdown and "gang up" not in second.breakdown
    assert "gang up 1 (rules: Flanking and ganging up)" in third.breakdown
    assert b.gang_up["O"] == ("A", "B", "D")


def test_high_ground_and_difficult_terrain_modify_the_roll():
    b = arena(("A", "fighter", "blue", 3, 2, {"initiative": FIRST}),
              ("O", "orc", "red", 4, 2, {"initiative": SECOND, "hp": 100}),
              terrain={(3, 2): HILL, (4, 2): RUBBLE})
    roll = of(ok(b, C.Attack("A", "O")), E.AttackRolled)[0]
    assert "high ground 1 (rules: Flanking and ganging up)" in roll.breakdown
    assert "difficult terrain 2 (rules: Movement)" in roll.breakdown      # the target's -2 AC


def test_situation_explains_reasons_it_cannot_be_built():
    b = arena(("A", "fighter", "blue", 3, 2), ("O", "orc", "red", 4, 2))
    assert "no weapon 'bow'" in situation(b.view(), "A", "O", "bow").reason
    assert "itself" in attack_preview(b.view(), "A", "A").reason
    extras = Extras(previous_attacks=2, aim=True)
    s = situation(b.view(), "A", "O", "longsword", extras)
    assert s.situation.previous_attacks == 2 and s.distance == 1 and s.mode == "melee"


def test_best_attack_picks_the_weapon_that_can_reach():
    b = arena(("A", "archer", "blue", 1, 2), ("O", "orc", "red", 8, 2))
    best = best_attack(b.view(), "A", "O")
    assert best.weapon.id == "shortbow" and best.mode == "ranged"
    c = arena(("W", "wolf", "red", 1, 2), ("F", "fighter", "blue", 8, 2))
    assert best_attack(c.view(), "W", "F") is None
    assert not attack_preview(c.view(), "W", "F").possible


# ---- bodies (docs/rules/03-movement.md, 11) -----------------------------------------------------------------

def test_a_body_turns_its_hex_into_difficult_terrain():
    b = arena(("A", "fighter", "blue", 1, 1, {"initiative": FIRST}),
              ("V", "orc", "red", 2, 1, {"initiative": SECOND}),
              ("X", "orc", "red", 11, 7, {"initiative": THIRD}))
    b.update("V", Health, dead=True)
    events = ok(b, C.Move("A", ((2, 1), (3, 1))))
    assert of(events, E.Moved)[0].cost == 3


def test_range_penalty_minus_2_per_full_increment_beyond_the_first():
    b = arena(("A", "archer", "blue", 1, 2, {"initiative": FIRST}),
              ("O", "orc", "red", 20, 2, {"initiative": SECOND, "hp": 100}), width=24)
    roll = of(ok(b, C.Attack("A", "O", "shortbow")), E.AttackRolled)[0]
    assert "- range 2 =" in roll.breakdown        # 95 ft: in the 2nd 60-ft increment
