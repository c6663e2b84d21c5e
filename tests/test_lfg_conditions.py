"""The default rules' conditions that act on their own, precision damage and the creatures'
special attacks, each named after its rule, quoting the rulebook, played through the
engine's commands (docs/rules/11-hit-points-and-conditions.md, 10-attacks-and-damage.md
"Precision damage", 17-special-abilities.md "Pounce, Rake, Swallow Whole and poison")."""
from __future__ import annotations

from game.ai.player import choose_command
from game.engine import commands as C
from game.engine import events as E
from game.rules import conditions as cond
from game.tiled.hexmap import Terrain
from tests.helpers import refusal_code

from ai_helpers import first_decision

from test_engine_turns import FIRST, SECOND, THIRD, arena, find_battle, of, ok

INIT2 = [("d20", 10)] * 2
INIT3 = [("d20", 10)] * 3


def damaged(events, name):
    return [e for e in of(events, E.Damaged) if e.unit == name]


def test_ablaze_burns_1d6_when_it_begins_and_each_round():
    """The rulebook: "Ablaze: You are on fire. Take 1d6 Fire Damage as soon as the condition
    begins, plus 1d6 Fire Damage each additional round." Alchemist's fire sets the fighter
    alight: 3 from the (small) flask, 4 as it catches, 5 when its turn starts."""
    b = arena(("K", "cutthroat", "red", 2, 3, {"initiative": FIRST}),
              ("F", "fighter", "blue", 5, 3, {"initiative": SECOND}),
              fixed_dice=INIT2 + [("d20", 18), ("d4", 3), ("d6", 4), ("d6", 5)])
    events = ok(b, C.Attack("K", "F", "alchemists_fire"))
    assert [e.amount for e in damaged(events, "F")] == [3, 4]
    assert b.unit("F").has("ablaze")
    events = ok(b, C.EndTurn("K"))
    if b.active != "F":
        events += ok(b, C.ChooseNext("K", "F"))
    assert [e.amount for e in damaged(events, "F")] == [5]


def test_stop_drop_and_roll_removes_the_ablaze_condition():
    """The rulebook: "A character may use a Full-Round Action to stop, drop, and roll to
    remove the ablaze condition." The fighter drops prone and, when its next turn starts, the
    flames are out before they burn again."""
    b = arena(("F", "fighter", "blue", 2, 3, {"initiative": FIRST, "conditions": ["ablaze"]}),
              ("O", "orc", "red", 9, 3, {"initiative": SECOND}),
              fixed_dice=INIT2, initiative="top-down")
    assert b.action("O", "stop_drop_roll").code != ""
    ok(b, C.StopDropRoll("F"))
    assert b.unit("F").has("prone") and b.budget("F").big == 0
    ok(b, C.EndTurn("F"))
    events = ok(b, C.EndTurn("O"))
    assert E.ConditionRemoved("F", "ablaze") in events
    assert not damaged(events, "F") and not b.unit("F").has("ablaze")


def test_deep_water_quenches_ablaze():
    """The rulebook: "A character who is able to completely submerge in water, mud, or similar
    quenching material removes the ablaze condition." A burning lizardfolk in deep water is
    put out when its turn starts."""
    b = arena(("L", "lizardfolk", "blue", 2, 3, {"initiative": SECOND,
                                                   "conditions": ["ablaze"]}),
              ("O", "orc", "red", 9, 3, {"initiative": FIRST}),
              terrain={(2, 3): Terrain(water="deep", name="deep water")}, fixed_dice=INIT2, initiative="top-down")
    events = ok(b, C.EndTurn("O"))
    assert E.ConditionRemoved("L", "ablaze") in events and not damaged(events, "L")


def test_agony_spends_a_big_action_when_the_turn_begins():
    """The rulebook: "Agony ... When your turn begins, you automatically expend a Big Action
    (No AOO) struggling with the pain." The giant spider's venom (a failed FORT save) leaves
    the fighter one Big Action on its next turn; -2 on all d20 rolls, -2 AC, half speed."""
    b = arena(("S", "giant_spider", "red", 2, 3, {"initiative": FIRST}),
              ("F", "fighter", "blue", 4, 3, {"initiative": SECOND}),
              fixed_dice=INIT2 + [("d20", 18), ("d8", 2), ("d20", 1), ("d4", 3)],
              initiative="top-down")
    events = ok(b, C.Attack("S", "F", "venom_bite"))
    assert [e.amount for e in damaged(events, "F")][-1] == 3     # the poison's 1d4
    assert b.unit("F").has("agony")
    assert cond.d20_penalty(b.unit("F").conditions) == -2
    assert cond.speed_ft(30, b.unit("F").conditions) == 15
    events = ok(b, C.EndTurn("S"))
    assert b.active == "F" and b.budget("F").big == 1
    assert any("Agony" in e.action for e in of(events, E.ActionSpent))


def test_asleep_is_helpless_and_wakes_when_it_takes_damage():
    """The rulebook: "Asleep / Sleeping: While asleep, you are Helpless. A sleeping creature
    naturally awakens ... if they take any HP damage." The cutthroat's sleep poison puts the
    fighter (flanked: the stab adds Sneak Attack's 1d6) to sleep; the goblin's blow wakes it."""
    b = arena(("K", "cutthroat", "red", 2, 3, {"initiative": FIRST}),
              ("G", "goblin", "red", 4, 4, {"initiative": SECOND}),
              ("F", "fighter", "blue", 3, 3, {"initiative": THIRD}),
              fixed_dice=INIT3 + [("d20", 18), ("d3", 2), ("d6", 1), ("d20", 1)])
    ok(b, C.Attack("K", "F", "poisoned_dagger"))
    assert b.unit("F").has("asleep")
    assert "helpless" in cond.effective(b.unit("F").conditions)
    ok(b, C.EndTurn("K"))
    if b.active != "G":
        ok(b, C.ChooseNext("K", "G"))
    events = ok(b, C.Attack("G", "F"))
    assert any(e.amount > 0 for e in damaged(events, "F"))
    assert E.ConditionRemoved("F", "asleep") in events


def test_paralyzed_creatures_are_helpless_and_fall_prone():
    """The rulebook: "Paralyzed ... You are Helpless. You fall prone when paralyzed, and drop
    any items held in your hands." The ghoul's claw (FORT DC 12 failed) paralyzes the
    fighter: what it holds falls into its hex, and it still lies prone when it can move."""
    b = arena(("G", "ghoul", "red", 2, 3, {"initiative": FIRST}),
              ("F", "fighter", "blue", 3, 3, {"initiative": SECOND}),
              fixed_dice=INIT2 + [("d20", 18), ("d4", 2), ("d20", 1)])
    ok(b, C.Attack("G", "F", "paralytic_claw"))
    eff = cond.effective(b.unit("F").conditions)
    assert {"paralyzed", "helpless", "prone"} <= set(eff)
    assert not cond.can_act(b.unit("F").conditions)
    assert "longsword" in [w.id for w, _ in b.unit("F").dropped]
    assert not [w for w in b.unit("F").weapons if not w.natural and not w.unarmed]
    b.remove_condition("F", "paralyzed")
    assert b.unit("F").has("prone")


def test_hindered_cannot_take_a_five_foot_step():
    """The rulebook: "Hindered: ... You suffer Half Move Speed, Cannot Run, Cannot 5-Foot
    Step". The spider's web hinders the fighter."""
    b = arena(("S", "giant_spider", "red", 2, 3, {"initiative": FIRST}),
              ("F", "fighter", "blue", 6, 3, {"initiative": SECOND}),
              fixed_dice=INIT2 + [("d20", 18)])
    ok(b, C.UseAbility("S", ability="web", target="F"))
    assert b.unit("F").has("hindered")
    ok(b, C.EndTurn("S"))
    if b.active != "F":
        ok(b, C.ChooseNext("S", "F"))
    assert refusal_code(b, C.Step("F", (7, 3))) == "hindered"
    assert b.action("F", "run").code == "cannot_run"


def test_encumbered_moves_at_75_percent_and_heavily_encumbered_at_half():
    """The rulebook: "Encumbered: ... -1 Attack Rolls, -1 AC, -1 REF Save. Your Move Speed is
    reduced to 75% (round down to nearest 5 feet)." and "Heavily Encumbered: ... -2 Attack
    Rolls, -2 AC, -2 REF Save. Half Move Speed." Maps give a creature its load."""
    b = arena(("A", "fighter", "blue", 2, 3, {"conditions": ["encumbered"]}),
              ("B", "fighter", "blue", 2, 5, {"conditions": ["heavily_encumbered"]}),
              ("O", "orc", "red", 9, 3))
    a, h = b.unit("A").conditions, b.unit("B").conditions
    assert cond.speed_ft(30, a) == 20 and cond.speed_ft(40, a) == 30
    assert cond.speed_ft(30, h) == 15
    assert cond.attack_penalty(a) == -1 and cond.ac_penalty(a) == -1
    assert cond.attack_penalty(h) == -2 and cond.ac_penalty(h) == -2
    assert [v for v, _, _ in cond.ref_save_modifiers(h)] == [-2]


def test_sneak_attack_adds_precision_damage_to_a_flat_footed_foe():
    """The rulebook: "Ex: A level 1 Rogue striking with a scimitar sneak attack adds +1d6
    Slashing Precision damage" and "Precision Damage is never multiplied." In top-down
    initiative the fighter is flat-footed until its first turn: the cutthroat's stab adds its
    1d6."""
    b = arena(("K", "cutthroat", "red", 2, 3, {"initiative": FIRST}),
              ("F", "fighter", "blue", 3, 3, {"initiative": SECOND}),
              fixed_dice=INIT2 + [("d20", 18), ("d3", 2), ("d6", 5), ("d20", 20)],
              initiative="top-down")
    events = ok(b, C.Attack("K", "F", "poisoned_dagger"))
    hit = damaged(events, "F")[0]
    assert hit.amount == 7 and "sneak attack" in hit.breakdown


def test_no_sneak_attack_against_a_foe_that_can_defend_itself():
    """The rulebook: "Precision Damage may be applied to strikes against a Helpless target" -
    and not against a foe on guard, alone and aware (selective initiative: nobody is
    flat-footed)."""
    b = arena(("K", "cutthroat", "red", 2, 3, {"initiative": FIRST}),
              ("F", "fighter", "blue", 3, 3, {"initiative": SECOND}),
              fixed_dice=INIT2 + [("d20", 18), ("d3", 2), ("d20", 20)])
    events = ok(b, C.Attack("K", "F", "poisoned_dagger"))
    hit = damaged(events, "F")[0]
    assert hit.amount == 2 and "sneak attack" not in hit.breakdown


def test_pounce_makes_two_natural_attacks_in_a_charge():
    """The rulebook: "Pounce: You can make a two natural attacks as part of a single Big Action
    Charge Attack." The great cat charges and strikes with its bite and its claw."""
    b = arena(("C", "great_cat", "red", 1, 3, {"initiative": FIRST}),
              ("F", "fighter", "blue", 8, 3, {"initiative": SECOND}),
              fixed_dice=INIT2)
    cmd = next(o.command for o in b.options("C", "charge") if o.command.target == "F")
    events = ok(b, cmd)
    kinds = [e.kind for e in of(events, E.AttackRolled) if e.attacker == "C"]
    assert kinds == ["charge", "pounce"]


def test_terrified_cannot_attack_the_source_of_its_fear():
    """The rulebook: "Terrified: ... You are Unfortunate. Melee attacks against you are
    Fortunate. ... You cannot take actions against or move towards the object of your fears
    while within 50 feet." The cat's roar terrifies the fighter: it cannot strike the cat."""
    b = arena(("C", "great_cat", "red", 2, 3, {"initiative": FIRST}),
              ("F", "fighter", "blue", 4, 3, {"initiative": SECOND}),
              fixed_dice=INIT2 + [("d20", 1)])
    ok(b, C.UseAbility("C", ability="roar", origin=(2, 3)))
    assert b.unit("F").has("terrified")
    assert cond.fortune(b.unit("F").conditions) == -1
    ok(b, C.EndTurn("C"))
    if b.active != "F":
        ok(b, C.ChooseNext("C", "F"))
    assert "terrified" in b.apply(C.Attack("F", "C")).reason


def test_partially_blinded_gives_everything_partial_concealment():
    """The rulebook: "Partially Blinded: ... All other creatures and objects have Partial
    Concealment (20% Miss Chance) relative to you." The cutthroat's flash powder."""
    b = arena(("K", "cutthroat", "red", 2, 3, {"initiative": FIRST}),
              ("F", "fighter", "blue", 6, 3, {"initiative": SECOND}),
              fixed_dice=INIT2 + [("d20", 1)])
    ok(b, C.UseAbility("K", ability="flash_powder", origin=(6, 3)))
    assert b.unit("F").has("partially_blinded") and b.unit("F").has("deaf")
    assert cond.ac_penalty(b.unit("F").conditions) == -1        # Deaf: -1 AC
    ok(b, C.EndTurn("K"))
    if b.active != "F":
        ok(b, C.ChooseNext("K", "F"))
    forecast = b.forecast(C.Attack("F", "K"))
    assert "concealment" in " ".join(forecast.lines).lower()


# ---- Swallow Whole and Rake (docs/rules/17-special-abilities.md) -------------------------------

def toad_and_goblin(seed):
    return arena(("T", "giant_toad", "red", 2, 3, {"initiative": FIRST}),
                 ("G", "goblin", "blue", 4, 3, {"initiative": SECOND, "hp": 30}),
                 seed=seed, initiative="top-down")


def applied(b, *commands):
    """The events of `commands` in order; None when one is refused."""
    events = []
    for cmd in commands:
        out = b.apply(cmd)
        if not out.ok:
            return None
        events += out.events
    return events


def test_swallow_whole_needs_the_prey_held_since_the_turn_began():
    """The rulebook: "Swallow Whole: If the larger creature begins a turn with a creature 2+
    size categories smaller than itself held with its mouth, it can attempt another Wrestling
    check as a Big Action. If it succeeds, it swallows its prey." The toad that grabs the
    goblin must wait for its next turn; then it swallows it."""
    def grabbed(b):
        return applied(b, C.Grab("T", "G"))

    b, _ = find_battle(toad_and_goblin, grabbed,
                       lambda b, ev: ev is not None and "G" in b.unit("T").grappling)
    assert refusal_code(b, C.Swallow("T", "G")) == "nothing_in_mouth"
    ok(b, C.EndTurn("T"))
    ok(b, C.EndTurn("G"))
    assert b.unit("T").has("holding_in_mouth")
    assert b.action("T", "swallow").code == ""


def test_a_swallowed_creature_takes_1d4_bludgeoning_and_1d4_acid_each_round():
    """The rulebook: "A swallowed creature cannot breathe and takes 1d4[b] +1d4[acid] damage
    each round." and "A swallowed creature keeps the grappled condition, while the creature
    that did the swallowing does not." Nothing reaches into the belly or out of it."""
    b, events = find_battle(toad_and_goblin, lambda b: applied(
        b, C.Grab("T", "G"), C.EndTurn("T"), C.EndTurn("G"), C.Swallow("T", "G"),
        C.EndTurn("T")), lambda b, ev: ev is not None and b.unit("G").has("swallowed"))
    inside = [e for e in damaged(events, "G") if "swallowed by T" in e.breakdown]
    assert [e.damage_type for e in inside] == ["bludgeoning", "acid"]
    assert all(1 <= e.amount <= 4 for e in inside)
    assert b.unit("G").has("grappled") and not b.unit("T").has("grappled")
    assert "swallowed" in b.apply(C.Attack("G", "T")).reason
    assert refusal_code(b, C.Escape("G")) == "swallowed"


def test_cutting_free_a_tenth_of_the_swallowers_hit_points_makes_it_spit_the_prey_out():
    """The rulebook: "A swallowed creature can try to cut its way free with any light slashing
    or piercing weapon. It must make a DC15 Wrestling or Acrobatics Check to deal damage while
    inside. ... The amount of cutting damage required to get free is equal to 1/10 the larger
    creature's max Hit Points." and "Once enough damage is dealt, the creature will regurgitate
    the meal on its next turn (Big Action), and will not attempt to eat that creature again"."""
    def cut_enough(b):
        return applied(b, C.Grab("T", "G"), C.EndTurn("T"), C.EndTurn("G"),
                       C.Swallow("T", "G"), C.EndTurn("T"), C.CutFree("G"))

    b, events = find_battle(toad_and_goblin, cut_enough, lambda b, ev: ev is not None and
                            b.unit("G").conditions.get("cut_free", 0) >= 3)
    assert any(e.unit == "T" for e in of(events, E.Damaged))
    events = ok(b, C.EndTurn("G"))
    assert any("spitting" in e.action for e in of(events, E.ActionSpent) if e.unit == "T")
    assert not b.unit("G").has("swallowed") and b.unit("G").has("prone")
    assert "G" not in b.unit("T").grappling and b.budget("T").big == 1


def test_rake_deals_its_slashing_damage_after_a_won_pin():
    """The rulebook: "Rake Attack: While in a grapple, if you win a Wrestling check to damage
    or pin an opponent, you may spend a Reaction to deal the listed slashing damage to your
    foe." The great cat pins the fighter it holds and rakes it (1d6)."""
    def make(seed):
        return arena(("C", "great_cat", "red", 2, 3, {"initiative": FIRST}),
                     ("F", "fighter", "blue", 4, 3, {"initiative": SECOND, "hp": 60}),
                     seed=seed, initiative="top-down")

    def pinned(b):
        return applied(b, C.Grab("C", "F"), C.Pin("C", "F"))

    b, events = find_battle(make, pinned, lambda b, ev: ev is not None and
                            b.unit("F").has("pinned"))
    rakes = [e for e in damaged(events, "F") if e.breakdown.startswith("Rake")]
    assert len(rakes) == 1 and 1 <= rakes[0].amount <= 6 and rakes[0].damage_type == "slashing"
    assert b.reactions("C").available == 0


# ---- the computer player (docs/rules/11-hit-points-and-conditions.md, 17-special-abilities.md)

def test_the_computer_rolls_out_its_flames_when_the_fire_would_cost_more_than_the_turn():
    """The rulebook: "A character may use a Full-Round Action to stop, drop, and roll to
    remove the ablaze condition." A burning fighter with 8 hit points and no foe near rolls."""
    b = arena(("F", "fighter", "blue", 2, 3, {"initiative": FIRST, "conditions": ["ablaze"],
                                               "hp": 8}),
              ("O", "orc", "red", 11, 6, {"initiative": SECOND}), fixed_dice=INIT2)
    assert first_decision(b, choose_command) == C.StopDropRoll("F")


def test_the_computer_swallows_the_creature_in_its_mouth_and_the_swallowed_cuts_its_way_out():
    """The rulebook: "If it succeeds, it swallows its prey." and "A swallowed creature can try
    to cut its way free with any light slashing or piercing weapon." The toad's computer player
    swallows the goblin it holds; the goblin's cuts."""
    b, _ = find_battle(toad_and_goblin, lambda b: applied(
        b, C.Grab("T", "G"), C.EndTurn("T"), C.EndTurn("G")),
        lambda b, ev: ev is not None and b.unit("T").has("holding_in_mouth"))
    assert first_decision(b, choose_command) == C.Swallow("T", target="G")
    b, _ = find_battle(toad_and_goblin, lambda b: applied(
        b, C.Grab("T", "G"), C.EndTurn("T"), C.EndTurn("G"), C.Swallow("T", "G"),
        C.EndTurn("T")), lambda b, ev: ev is not None and b.unit("G").has("swallowed"))
    assert first_decision(b, choose_command) == C.CutFree("G")


def test_the_computer_great_cat_charges_to_pounce():
    """The rulebook: "Pounce: You can make a two natural attacks as part of a single Big Action
    Charge Attack." Seven hexes from the fighter, the cat's computer player charges."""
    b = arena(("C", "great_cat", "red", 1, 3, {"initiative": FIRST}),
              ("F", "fighter", "blue", 8, 3, {"initiative": SECOND}), fixed_dice=INIT2)
    assert isinstance(first_decision(b, choose_command), C.Charge)


def test_a_broken_leg_takes_two_from_ref_saves():
    """The rulebook: "Broken Leg: Fall Prone. -2 Attacks, -2AC & REF Saves, ½ Move Speed,
    Cannot Run or 5-Foot Step." Two fighters roll the same 10 against the drake's breath: the
    one with the broken leg saves 2 lower."""
    b = arena(("D", "drake", "red", 2, 3, {"initiative": FIRST}),
              ("A", "fighter", "blue", 4, 3, {"initiative": SECOND,
                                               "conditions": ["broken_leg"]}),
              ("B", "fighter", "blue", 4, 4, {"initiative": THIRD}),
              fixed_dice=[("d20", 10)] * 3 + [("d6", 4), ("d6", 5), ("d20", 10), ("d20", 10)],
              initiative="top-down")
    events = ok(b, C.UseAbility("D", ability="fire_breath", aim=0))
    totals = {s.unit: s.total for s in of(events, E.SaveRolled)}
    assert totals["A"] == totals["B"] - 2
