"""The default rules where the engine differed from the rulebook, part two: each test is named
after the rule, quotes the rulebook, and plays it through the engine's commands on a battle
built from a map (docs/rules/09-turns-and-actions.md, 11-hit-points-and-conditions.md,
06-cover.md, 19-maneuvers-and-archery.md, 21-terrain-and-falling.md).
"""
from __future__ import annotations

from game.ecs.scenario import WALL
from game.engine import commands as C
from game.engine import events as E
from tests.helpers import refusal_code

from test_engine_interrupts import m_walks, trio
from test_engine_turns import FIRST, LAST, SECOND, THIRD, arena, find_battle, of, ok
from test_terrain import keep

INIT = [("d20", 10)] * 3


# ---- how long effects last (docs/rules/11-hit-points-and-conditions.md) ----------------------

def test_a_three_turn_effect_ends_at_the_end_of_its_sources_third_turn():
    """The rulebook: "an effect that lasts 3 turns works as follows: it starts on the turn it is
    activated, is active for a second turn, and it ends at the end of your third turn." The
    shaman's Fear Burst (3 rounds) counts in the shaman's turns, not the frightened fighter's."""
    b = arena(("S", "goblin_shaman", "red", 2, 3, {"initiative": FIRST}),
              ("A", "fighter", "blue", 6, 3, {"initiative": SECOND}),
              ("B", "fighter", "blue", 9, 6, {"initiative": THIRD}),
              fixed_dice=INIT + [("d20", 2)], initiative="top-down")
    ok(b, C.UseAbility("S", ability="fear_burst", origin=(6, 3)))
    assert b.unit("A").has("frightened")
    for _ in range(2):                       # the shaman's first and second turns
        for name in ("S", "A", "B"):
            ok(b, C.EndTurn(name))
        assert b.unit("A").has("frightened")
    events = ok(b, C.EndTurn("S"))           # the end of the shaman's third turn
    assert E.ConditionRemoved("A", "frightened") in events
    assert not b.unit("A").has("frightened") and b.active == "A"



def test_an_effect_whose_source_dies_runs_out_in_the_turns_of_the_creature_that_carries_it():
    """The rulebook: "it ends at the end of your third turn" - the source's. When the source
    dies its turns stop coming, and the game counts what is left in the frightened creature's
    own turns (docs/rules/11-hit-points-and-conditions.md, the game's decision)."""
    b = arena(("S", "goblin_shaman", "red", 2, 3, {"initiative": FIRST, "hp": 1}),
              ("A", "fighter", "blue", 6, 3, {"initiative": SECOND}),
              ("B", "fighter", "blue", 3, 3, {"initiative": THIRD}),
              ("G", "goblin", "red", 11, 7, {"initiative": LAST}),
              fixed_dice=INIT + [("d20", 10), ("d20", 2), ("d20", 18), ("d8", 8)],
              initiative="top-down")
    ok(b, C.UseAbility("S", ability="fear_burst", origin=(7, 3)))
    assert b.unit("A").has("frightened") and not b.unit("B").has("frightened")
    ok(b, C.EndTurn("S"))                           # the shaman's first turn ends
    ok(b, C.EndTurn("A"))
    ok(b, C.Attack("B", "S", "longsword"))
    assert b.unit("S").dead
    for name in ("B", "G", "A"):                    # A's turn counts as the second
        ok(b, C.EndTurn(name))
    assert b.unit("A").has("frightened")
    ok(b, C.EndTurn("B"))
    ok(b, C.EndTurn("G"))
    events = ok(b, C.EndTurn("A"))                  # and the third
    assert E.ConditionRemoved("A", "frightened") in events

def test_the_cover_a_protector_gives_ends_at_the_start_of_the_protectors_next_turn():
    """The rulebook: "Protect Action (Big Action, No AOO): You closely defend an ally like a
    bodyguard until the start of your next turn." The ally's Protected state is timed by the
    protector's turns, and goes when the protector's next turn starts."""
    b = arena(("P", "fighter", "blue", 3, 2, {"initiative": FIRST}),
              ("Q", "fighter", "blue", 4, 2, {"initiative": SECOND}),
              ("O", "orc", "red", 10, 7, {"initiative": THIRD}),
              fixed_dice=INIT, initiative="top-down")
    ok(b, C.Protect("P", ally="Q"))
    assert b.unit("Q").has("protected")
    ok(b, C.EndTurn("P"))
    ok(b, C.EndTurn("Q"))
    assert b.unit("Q").has("protected")             # Q's own turn does not end it
    events = ok(b, C.EndTurn("O"))                  # a new round: P's turn starts
    assert b.active == "P" and E.ConditionRemoved("Q", "protected") in events
    assert not b.unit("Q").has("protected")

# ---- cover on Reflex saves (docs/rules/06-cover.md, 14-areas-of-effect.md) ------------------

def test_cover_provided_by_creatures_gives_no_bonus_to_reflex_saves():
    """The rulebook: "Cover Bonus to REF Saves: If your cover is provided by a solid physical
    structure, you gain the indicated bonus ... Cover provided by creatures does not grant this
    bonus". A fighter behind another fighter in the drake's breath saves with no cover term."""
    b = arena(("D", "drake", "red", 2, 3, {"initiative": FIRST}),
              ("B", "fighter", "blue", 4, 3, {"initiative": SECOND}),
              ("A", "fighter", "blue", 5, 3, {"initiative": THIRD}),
              fixed_dice=INIT + [("d6", 3), ("d6", 3), ("d20", 12), ("d20", 12)],
              initiative="top-down")
    preview = b.forecast(C.UseAbility("D", ability="fire_breath", aim=0)).lines
    assert any(line.startswith("A: fails 60%, 5.6 damage") for line in preview)  # d20+1 < 14
    events = ok(b, C.UseAbility("D", ability="fire_breath", aim=0))
    saves = {s.unit: s for s in of(events, E.SaveRolled)}
    assert "cover" not in saves["A"].breakdown
    assert saves["A"].total == saves["B"].total == 13 and not saves["A"].success
    assert {d.unit: d.amount for d in of(events, E.Damaged)} == {"A": 6, "B": 6}


# ---- two refusals that named the wrong cause (docs/rules/21-terrain-and-falling.md, 09-...) ---

def refusal(b, cmd):
    before = b.state_hash()
    out = b.apply(cmd)
    assert not out.ok and b.state_hash() == before and not out.events, cmd
    return out


def test_a_creature_without_a_swim_speed_may_not_end_its_move_in_deep_water():
    """The rulebook: "You do not have to make Swim checks to move, attack, or cast spells
    underwater" is the gift of a Swim speed; on the keep's river a fighter may cross but not
    stop, and the refusal says so rather than calling the empty water occupied."""
    b = keep(("Aldric", "fighter", "blue", 4, 3))
    out = refusal(b, C.Move("Aldric", path=((5, 3),)))
    assert out.code == "illegal_path"
    assert "deep water" in out.reason and "occupied" not in out.reason


def test_while_an_interrupt_turn_is_asked_other_commands_wait_for_that_answer():
    """The rulebook: "You must spend a Reaction to attempt an Interrupt Turn." While the orc's
    owner decides, another command is refused naming the Interrupt Turn it waits for, not an
    attack of opportunity."""
    b = trio()
    m_walks(b)
    assert b.pending.kind == "interrupt"
    out = refusal(b, C.EndTurn("M"))
    assert out.code == "awaiting_reaction"
    assert "Interrupt Turn" in out.reason and "attack of opportunity" not in out.reason


# ---- Weakened 4+ and Swift actions (docs/rules/11-hit-points-and-conditions.md) -------------

def test_weakened_stage_4_cannot_use_swift_actions_but_still_takes_other_little_actions():
    """The rulebook, Weakened Stage 4: "Half Move Speed, Cannot Run, No Reactions, Cannot use
    Swift Actions." and "Swift Actions are Little Actions that do not Provoke AOO": sheathing
    a sword (a Little Action that provokes) is still allowed; dropping prone is not."""
    b = arena(("A", "fighter", "blue", 2, 3, {"initiative": FIRST}),
              ("B", "orc", "red", 9, 6, {"initiative": SECOND}))
    b.set_condition("A", "weakened", 4)
    assert refusal_code(b, C.DropProne("A")) == "no_swift_actions"
    assert refusal_code(b, C.Step("A", (3, 3))) == "no_swift_actions"
    assert b.action("A", "sheathe_weapon").enabled
    ok(b, C.SheatheWeapon("A", "longsword"))
    assert not any(w.id == "longsword" for w in b.unit("A").weapons)


# ---- Volley (docs/rules/19-maneuvers-and-archery.md "Volley shots and indirect fire") ---------

def archer_and_orcs(dice=()):
    """A (archer, blue) in the open, T (orc, red) in plain sight 6 hexes east, G (goblin) far."""
    return arena(("A", "archer", "blue", 1, 3, {"initiative": FIRST}),
                 ("T", "orc", "red", 7, 3, {"initiative": SECOND, "hp": 40}),
                 ("G", "goblin", "red", 11, 7, {"initiative": THIRD}),
                 fixed_dice=INIT + list(dice))


def test_a_volley_may_strike_a_target_in_plain_sight():
    """The rulebook: "Select a hex you wish to strike with your projectile. If there is a
    creature in that hex, the attack targets it." Nothing asks the hex to be out of sight: a
    volley at an orc in the open is an indirect attack at -10 like any other."""
    b = archer_and_orcs([("d20", 20), ("d6", 3)])
    assert b.action("A", "volley").enabled
    assert any(o.command.target == "T" for o in b.options("A", "volley"))
    events = ok(b, C.Volley("A", "T", "shortbow"))
    roll = of(events, E.AttackRolled)[0]
    assert roll.kind == "volley" and "indirect fire 10" in roll.breakdown
    assert roll.hit and not roll.critical and b.unit("T").hp == 37


def test_a_volley_may_be_aimed_at_an_empty_hex_and_its_missile_falls_near_it():
    """The rulebook: "Select a hex you wish to strike with your projectile." and "If the
    attack misses, use the Accuracy by Volume rules for possibly striking any creature within
    10 feet." An arrow loosed at the empty hex beside the orc has nobody there to hit: it falls
    on the creature nearest the hex within 10 ft, with the stray missile's roll."""
    b = archer_and_orcs([("d20", 20), ("d6", 4)])
    volley = C.Volley("A", weapon="shortbow", at=(6, 3))
    assert b.refusal(volley) is None
    events = ok(b, volley)
    assert of(events, E.VolleyLanded)[0].at == (6, 3)
    roll = of(events, E.AttackRolled)[0]
    assert (roll.attacker, roll.target, roll.kind) == ("A", "T", "stray")
    assert roll.hit and b.unit("T").hp == 36
    assert b.budget("A").big == 1
    b = archer_and_orcs()
    events = ok(b, C.Volley("A", weapon="shortbow", at=(11, 0)))   # nobody within 10 ft
    assert of(events, E.VolleyLanded) and not of(events, E.AttackRolled)
    assert b.budget("A").big == 1


# ---- Lean Out (docs/rules/19-maneuvers-and-archery.md "Lean Out / Take Cover") ---------------

def test_leaning_out_from_total_cover_lets_an_archer_shoot_past_its_wall():
    """The rulebook: "Lean Out from Cover / Take Cover (Swift Action): You remain in your
    current hex, but lean out from behind ... an adjacent object ... that provides Total
    Cover. While leaning out, you have Good Cover (+4 Cover Bonus to AC). This is generally
    used to make a ranged attack". The archer at 3,3 has the wall at 4,3 between it and the
    enemy archer at 8,3: leaning out, it shoots round the wall's edge, and is shot back at
    with Good cover."""
    b = arena(("A", "archer", "blue", 3, 3, {"initiative": FIRST}),
              ("E", "archer", "red", 8, 3, {"initiative": SECOND, "hp": 40}),
              ("G", "goblin", "red", 0, 7, {"initiative": THIRD}),
              terrain={(4, 3): WALL}, fixed_dice=INIT + [("d20", 18), ("d6", 5)])
    assert refusal_code(b, C.Attack("A", "E", "shortbow")) == "cannot_attack"
    ok(b, C.TakeCover("A", (4, 3)))
    assert refusal_code(b, C.Attack("A", "E", "shortbow")) == "cannot_attack"
    ok(b, C.LeanOut("A"))
    events = ok(b, C.Attack("A", "E", "shortbow"))
    assert of(events, E.AttackRolled)[0].hit and b.unit("E").hp == 35
    ok(b, C.EndTurn("A"))
    ok(b, C.ChooseNext("A", "E"))
    assert b.refusal(C.Attack("E", "A", "shortbow")) is None
    preview = b.forecast(C.Attack("E", "A", "shortbow"))
    assert any("good cover 4" in line for line in preview.lines)


# ---- the missing rules: two weapons on the defensive, and falling ----------------------------

def test_fighting_defensively_with_two_weapons_adds_1_to_the_shield_rating():
    """The rulebook, two weapons: "If you Fight Defensively (Ch9.2c), you gain a +1 Gear Bonus
    to Shield Rating." The twin-blade (shortsword and dagger in the off hand) fights
    defensively; the orc's axe meets AC + 2 (dodge) + 1 (the blades as a shield)."""
    b = arena(("R", "twinblade", "blue", 3, 2, {"initiative": FIRST}),
              ("O", "orc", "red", 4, 2, {"initiative": SECOND}),
              ("G", "goblin", "red", 0, 7, {"initiative": THIRD}),
              fixed_dice=INIT + [("d20", 12)])
    ok(b, C.FightDefensively("R"))
    ok(b, C.EndTurn("R"))
    ok(b, C.ChooseNext("R", "O"))
    after = b.forecast(C.Attack("O", "R", "greataxe"))
    assert any("shield (two weapons) 1" in line for line in after.lines)
    assert after.chance == 0.4                 # d20 + 5 against 10 + 3 + 2 + 1 + 2 = 18
    roll = of(ok(b, C.Attack("O", "R", "greataxe")), E.AttackRolled)[0]
    assert (roll.total, roll.ac, roll.hit) == (17, 18, False)


def test_a_fall_that_deals_damage_requires_a_reflex_save_or_breaks_an_arm_or_a_leg():
    """The rulebook, falling: "If you take damage, you land prone and risk a broken limb." "A
    fall that deals damage requires a REF Save (Base DC10) or you suffer a broken arm or broken
    leg (50/50 chance for either)." The fighter jumps down the keep's 10-ft cliff, misses its
    Jump check, takes 2 damage and fails the save (d20 8 + DEX 1 = 9): a d2 of 2 breaks a leg,
    then in another jump a d2 of 1 an arm (the second d2: its main arm drops the longsword)."""
    b = keep(("Aldric", "fighter", "blue", 12, 2), dice=[("d20", 3), ("d20", 8), ("d2", 2)])
    events = ok(b, C.Move("Aldric", path=((12, 3), (12, 4))))
    save = of(events, E.SaveRolled)[0]
    assert (save.unit, save.save, save.total, save.dc, save.success) == (
        "Aldric", "REF", 9, 10, False)
    assert b.unit("Aldric").has("broken_leg") and b.unit("Aldric").has("prone")
    assert [m.injury for m in of(events, E.Maimed)] == ["broken leg"]
    b = keep(("Aldric", "fighter", "blue", 12, 2),
             dice=[("d20", 3), ("d20", 8), ("d2", 1), ("d2", 1)])
    events = ok(b, C.Move("Aldric", path=((12, 3), (12, 4))))
    assert b.unit("Aldric").has("broken_arm")
    assert [(w.unit, w.weapon, w.action) for w in of(events, E.WeaponMoved)] == [
        ("Aldric", "Longsword", "dropped")]
    b = keep(("Aldric", "fighter", "blue", 12, 2), dice=[("d20", 3), ("d20", 9)])
    events = ok(b, C.Move("Aldric", path=((12, 3), (12, 4))))       # 9 + 1 = 10: saved
    assert of(events, E.SaveRolled)[0].success and not of(events, E.Maimed)
    b = keep(("Aldric", "fighter", "blue", 12, 2), dice=[("d20", 14)])
    events = ok(b, C.Move("Aldric", path=((12, 3), (12, 4))))       # unhurt: no save at all
    assert not of(events, E.SaveRolled)


# ---- full-round actions (docs/rules/09-turns-and-actions.md "Full-round actions") -----------

def helpless_orc(seed=0, **fixed):
    """A (fighter, blue) beside the unconscious orc B; C (orc) at `c` (far by default)."""
    c = fixed.pop("c", (10, 7))
    return arena(("A", "fighter", "blue", 3, 2, {"initiative": FIRST, "hp": 200}),
                 ("B", "orc", "red", 4, 2, {"initiative": SECOND,
                                            "conditions": ("unconscious", "prone")}),
                 ("C", "orc", "red", *c, {"initiative": THIRD}), seed=seed, **fixed)


def test_a_full_round_action_is_not_completed_until_the_start_of_your_next_turn():
    """The rulebook: "Full-Round Actions (FRA): This consumes both Big Actions for a single
    turn and the action is not completed until the start of your next turn! Once started, you
    cannot take another action (or Reaction) until your FRA is complete." The Coup de Grace
    starts now; the orc dies only when the fighter's next turn starts."""
    b = helpless_orc()
    events = ok(b, C.CoupDeGrace("A", "B"))
    assert E.FullRoundStarted("A", "Coup de Grace", "B") in events
    assert not of(events, E.Died) and not b.unit("B").dead
    assert b.budget("A").big == 0 and b.unit("A").has("full_round")
    ok(b, C.EndTurn("A"))
    assert b.active == "C" and not b.unit("B").dead        # the others act in between
    events = ok(b, C.EndTurn("C"))
    if b.active is None:
        events = ok(b, C.ChooseNext("C", "A"))
    assert E.Died("B", (4, 2), "A", "coup de grace") in events
    assert b.unit("B").dead and not b.unit("A").has("coup_de_grace")


def test_a_full_round_action_is_interrupted_when_its_actor_is_moved_before_it_completes():
    """The rulebook: the action "is not completed until the start of your next turn", so the
    others may react in between: the orc beside the fighter shoves it away, and the Coup de
    Grace never lands."""
    def play(b):
        ok(b, C.CoupDeGrace("A", "B", confirm=True))
        ok(b, C.EndTurn("A"))
        shoved = b.apply(C.Shove("C", target="A", to=(3, 3), confirm=True))
        return shoved.events if shoved.ok else []

    def shoved(b, events):
        return bool(of(events, E.FullRoundInterrupted))

    b, events = find_battle(lambda seed: helpless_orc(seed, c=(2, 2)), play, shoved)
    stop = of(events, E.FullRoundInterrupted)[0]
    assert (stop.unit, stop.target, stop.reason) == ("A", "B", "A was moved")
    assert b.cell(b.unit("A").anchor) != (3, 2)
    ok(b, C.EndTurn("C"))
    if b.active is None:
        ok(b, C.ChooseNext("C", "A"))
    assert not b.unit("B").dead
