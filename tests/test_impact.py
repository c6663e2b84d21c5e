"""Momentum of impact through the engine (rules: Wrestling, shoving and knockdown): the
knockdown that follows a larger creature's blow with its modifiers, the Confounded save of a
bad failure, the crushing advance of a creature 3+ sizes larger, and the Shield Bash. Each
test quotes the rulebook's sentence it pins down; the dice are fixed where the outcome
matters (the first d20s are the initiative rolls).
"""
from __future__ import annotations

from dataclasses import replace

from game.data import load_units
from game.ecs.scenario import make_view
from game.engine import commands as C
from game.engine import events as E
from game.rules import impact as I
from game.rules.situation import attack_preview
from game.tiled.hexmap import UnitPlacement

from test_engine_turns import FIRST, LAST, SECOND, THIRD, arena, of, ok
from test_wrestling import code


def fight(*units, dice=(), **kw):
    n = len(units)
    return arena(*units, fixed_dice=[("d20", 10)] * n + [("d20", v) if isinstance(v, int)
                                                          else v for v in dice],
                 initiative="top-down", **kw)


def view_of(*units):
    return make_view(12, 8, None, [UnitPlacement(n, k, "red" if n == "A" else "blue", c, r, 0)
                                   for n, k, c, r in units])


def weapon(u, wid):
    return next(w for w in u.weapons if w.id == wid)


# ---- knockdown ------------------------------------------------------------------------------

def test_knockdown_dc_is_ten_plus_hr_plus_str_with_the_listed_modifiers():
    """"Knockdown DC = 10+HR+STRMod"; "If the attacking creature is 2+ Size categories larger,
    the Knockdown DC increases by +5 per additional size category"; charge after 20 feet +2;
    "A weapon with the Knockdown trait grants a +2"; "Light Weapons & Ranged Projectile
    Weapons (Bows, Crossbows) suffer a -2 Penalty"; "Striking with a Power Attack grants a
    +2"."""
    v = view_of(("A", "ogre", 2, 2), ("F", "fighter", 5, 2), ("G", "goblin", 5, 4))
    ogre, fighter, goblin = v.unit("A"), v.unit("F"), v.unit("G")
    club = weapon(ogre, "greatclub")
    assert I.knockdown_dc(ogre, fighter, club).total == 10 + 3 + 5
    assert I.knockdown_dc(ogre, goblin, club).total == 18 + 5          # two sizes larger
    assert I.knockdown_dc(ogre, fighter, club, charge_ft=20, power=True).total == 22
    assert I.knockdown_dc(ogre, fighter, club, charge_ft=15).total == 18
    slam = replace(club, properties=("knockdown",))
    impact = replace(club, properties=("impact",))
    light = replace(club, hands="light")
    assert I.knockdown_dc(ogre, fighter, slam).total == 20
    assert I.knockdown_dc(ogre, fighter, impact).total == 19
    assert I.knockdown_dc(ogre, fighter, light).total == 16


def test_a_knockdown_dc_over_35_stays_35_and_the_check_is_unfortunate():
    """"(Max DC35. If the DC would be higher than 35, creature struck is also Unfortunate on
    their check to resist.)" """
    assert I.capped(36) == (35, True) and I.capped(35) == (35, False)


def test_quadrupeds_resist_knockdown_at_plus_four():
    """"Quadrupeds and creatures with more than 4 legs gain a +4 Innate Bonus on checks to
    resist Knockdown." """
    v = view_of(("A", "ogre", 2, 2), ("W", "wolf", 5, 2), ("F", "fighter", 5, 4))
    skill, bonus = I.resist_knockdown(v.unit("W"))
    assert bonus.value_of("four legs") == 4
    assert I.resist_knockdown(v.unit("F"))[1].value_of("four legs") == 0


def test_only_smaller_creatures_are_knocked_down_unless_the_weapon_has_the_trait():
    """"If a creature strikes a foe at least 1 size category smaller than itself with any sort
    of physical attack, the target is subject to Knockdown"; the Knockdown trait "may cause
    Knockdown on a creature the same size as the wielder"."""
    v = view_of(("A", "orc", 2, 2), ("F", "fighter", 3, 2), ("O", "ogre", 6, 5))
    orc, fighter, ogre = v.unit("A"), v.unit("F"), v.unit("O")
    axe = weapon(orc, "greataxe")
    assert I.knockdown_reason(orc, fighter, axe)
    assert not I.knockdown_reason(orc, fighter, replace(axe, properties=("knockdown",)))
    assert I.knockdown_reason(orc, ogre, replace(axe, properties=("knockdown",)))


def test_no_knockdown_from_a_creature_in_a_grapple():
    """"The Knockdown trait does not apply to attacks or strikes made by creatures in a
    grapple." """
    v = view_of(("A", "ogre", 2, 2), ("F", "fighter", 5, 2))
    ogre, fighter = v.unit("A"), v.unit("F")
    held = replace(ogre, grappling=("F",))
    assert not I.knockdown_reason(ogre, fighter, weapon(ogre, "greatclub"))
    assert "grapple" in I.knockdown_reason(held, fighter, weapon(ogre, "greatclub"))


def ogre_and_fighter(dice, fighter=None):
    """The fighter has had its turn (it is not flat-footed: its shield counts)."""
    b = fight(("F", "fighter", "blue", 4, 3, {"initiative": FIRST, "hp": 200,
                                              **(fighter or {})}),
              ("O", "ogre", "red", 2, 3, {"initiative": SECOND}), dice=dice)
    ok(b, C.EndTurn("F"))
    return b


def test_a_hit_of_a_larger_creature_knocks_the_target_prone_and_a_bad_failure_confounds():
    """"Knockdown: The creature struck must make Wrestling or Acrobatics check or be knocked
    Prone." "If the creature fails their check by 5+, they must also make a FORT Save DC15
    (or Damage Taken, whichever is more) or be Confounded for 1 Round." """
    b = ogre_and_fighter([15, ("d6", 3), ("d6", 3), 5, 5])     # hit; 11 vs DC 18; FORT 10
    events = ok(b, C.Attack("O", target="F", weapon="greatclub"))
    check = of(events, E.CheckRolled)[0]
    assert (check.unit, check.check, check.total, check.dc, check.success) == (
        "F", "Wrestling", 11, 18, False)
    save = of(events, E.SaveRolled)[0]
    assert save.save == "FORT" and save.dc == 15 and not save.success
    f = b.unit("F")
    assert f.has("prone") and f.has("confounded")


def test_a_passed_knockdown_check_keeps_the_target_standing():
    """"The creature struck must make Wrestling or Acrobatics check or be knocked Prone." """
    b = ogre_and_fighter([15, ("d6", 3), ("d6", 3), 12])        # 18 vs DC 18: passes
    events = ok(b, C.Attack("O", target="F", weapon="greatclub"))
    assert of(events, E.CheckRolled)[0].success and not b.unit("F").has("prone")


def test_a_miss_that_strikes_the_shield_still_knocks_down():
    """"Knockdown activates upon striking your target or their shield. (If your attack misses
    by an amount less than or equal to the enemy's Shield Rating, their shield has been
    struck.)" """
    b = ogre_and_fighter([9, 1])               # 9 + 7 = 16 vs AC 17: missed by 1, shield 2
    events = ok(b, C.Attack("O", target="F", weapon="greatclub"))
    assert not of(events, E.AttackRolled)[0].hit and not of(events, E.Damaged)
    assert of(events, E.CheckRolled)[0].unit == "F" and b.unit("F").has("prone")


def test_a_clean_miss_does_not_knock_down():
    b = ogre_and_fighter([5])                  # 12 vs AC 17: missed by 5 > shield 2
    assert not of(ok(b, C.Attack("O", target="F", weapon="greatclub")), E.CheckRolled)


def test_the_attack_forecast_names_the_knockdown_chance():
    """The attacker's preview mentions the knockdown a hit calls for."""
    b = ogre_and_fighter([])
    lines = b.forecast(C.Attack("O", target="F", weapon="greatclub")).lines
    assert any("knockdown" in line and "DC 18" in line for line in lines)


# ---- crushing advance -----------------------------------------------------------------------

def giant_field(dice=(), fighter=None, **kw):
    """A gargantuan giant (a triangle of 10 hexes, its tip 3 rows up) and a fighter (3 sizes
    smaller) next to that tip: an advance east sweeps it and leaves it behind."""
    return fight(("G", "giant", "red", 1, 6, {"initiative": FIRST, "size": "gargantuan"}),
                 ("A", "fighter", "blue", 3, 3, {"initiative": SECOND, "hp": 200,
                                                 **(fighter or {})}),
                 ("B", "fighter", "blue", 12, 8, {"initiative": THIRD}),
                 dice=dice, width=14, height=9, **kw)


def advance_over(b, name: str):
    for o in b.options("G", "crushing_advance"):
        if name in b.forecast(o.command).caught:
            return o.command
    raise AssertionError(f"no crushing advance over {name}")


def test_crushing_advance_knocks_prone_and_crushes_a_foe_that_fails():
    """"Crushing Advance - Big Action (Provokes AOO): Move up to half your Move Speed in a
    straight line through any spaces occupied by creatures 3+ size categories smaller than
    you." "If the creature fails the REF Save: They are knocked Prone & take (1d10+STRMod) OR
    (25% Maximum HP) bludgeoning damage, whichever is more." """
    b = giant_field([2, ("d10", 5), 19])           # REF 2 + 1 vs DC 24; FORT 19 + 5 = 24
    cmd = advance_over(b, "A")
    events = ok(b, cmd)
    assert of(events, E.Moved)[0].kind == "crushing advance"
    check = of(events, E.CheckRolled)[0]
    assert check.unit == "A" and check.dc == 10 + 7 + 7 and not check.success
    hurt = of(events, E.Damaged)[0]
    assert hurt.unit == "A" and hurt.amount == 50                 # 25% of 200 > 5 + 7
    assert b.unit("A").has("prone")
    assert b.cell(b.unit("G").anchor) == cmd.to


def test_a_foe_that_resists_the_crushing_advance_takes_no_damage_and_steps_aside():
    """"If they succeed the REF Save, they avoid any damage, though they are moved into an
    adjacent open hex in a random direction (if possible)." """
    b = giant_field([15], fighter={"ref": 20})
    start = b.cell(b.unit("A").anchor)
    events = ok(b, advance_over(b, "A"))
    assert of(events, E.CheckRolled)[0].success and not of(events, E.Damaged)
    moved = of(events, E.ForcedMoved)
    assert moved and moved[0].unit == "A" and moved[0].start == start
    assert not b.unit("A").has("prone")


def test_a_reaction_gives_plus_five_against_a_crushing_advance():
    """"A smaller creature may spend a Reaction to gain a +5 Innate Bonus on the REF Save or
    Acrobatics Check. If they pass the Save, they take no damage and may remain in their
    place." """
    b = giant_field([18], fighter={"ref": 2, "aoo_policy": "never"})
    for name in ("G", "A", "B"):
        ok(b, C.EndTurn(name))                     # round 2: A may react
    start = b.cell(b.unit("A").anchor)
    cmd = advance_over(b, "A")
    events = ok(b, cmd if b.refusal(cmd) is None else replace(cmd, confirm=True))
    check = next(e for e in of(events, E.CheckRolled) if e.unit == "A")
    assert "reaction 5" in check.breakdown and check.success
    assert b.reactions("A").available == 0 and b.cell(b.unit("A").anchor) == start


def test_no_crushing_advance_without_a_foe_three_sizes_smaller():
    """"A creature 3+ Size categories larger may step into occupied spaces"."""
    b = fight(("G", "giant", "red", 1, 3, {"initiative": FIRST}),
              ("A", "fighter", "blue", 6, 3, {"initiative": SECOND}))
    assert b.action("G", "crushing_advance").code == "no_smaller_foe"
    assert code(b, C.CrushingAdvance("G", to=(3, 3))) == "no_smaller_foe"


# ---- shield bash ----------------------------------------------------------------------------

def bash_field(dice=(), **kw):
    return fight(("S", "shieldbearer", "blue", 3, 3, {"initiative": FIRST}),
                 ("O", "orc", "red", 4, 3, {"initiative": SECOND, "hp": 100}),
                 ("P", "orc", "red", 3, 4, {"initiative": THIRD}), dice=dice, **kw)


def test_shield_bash_won_knocks_the_foe_prone():
    """"Roll a Wrestling check. Your check is opposed by the Wrestling Check or Acrobatics
    Check of your target (target's choice). If you win, you knock your foe prone." """
    b = bash_field([10, 10, 10])                   # touch hit; 16 vs 13
    events = ok(b, C.ShieldBash("S", target="O"))
    assert of(events, E.AttackRolled)[0].kind == "touch"
    assert of(events, E.OpposedCheck)[0].margin == 3
    assert b.unit("O").has("prone") and not of(events, E.Damaged)


def test_shield_bash_won_by_five_deals_damage_and_shoves():
    """"If you win the check by 5+, you deal (1+STRMod) [b] damage, knock them prone, and may
    also shove them 5 feet in a desired direction." """
    b = bash_field([10, 15, 10])                   # 21 vs 13: won by 8
    events = ok(b, C.ShieldBash("S", target="O", to=(5, 3)))
    hurt = of(events, E.Damaged)[0]
    assert hurt.unit == "O" and hurt.amount == 1 + 3
    assert of(events, E.ForcedMoved)[0].end == (5, 3) and b.unit("O").has("prone")


def test_a_natural_20_on_the_bash_gives_plus_five_on_the_check():
    """"If you roll a Nat20 on your Touch Attack, you gain a +5 Innate Bonus on your opposed
    Wrestling check." """
    b = bash_field([20, 5, 10])                    # 5 + 6 + 5 = 16 vs 13
    check = of(ok(b, C.ShieldBash("S", target="O")), E.OpposedCheck)[0]
    assert "natural 20 5" in check.breakdown and check.total == 16 and check.won


def test_shield_bash_needs_a_shield():
    """"You must be wielding a Light or larger shield to attempt a Shield Bash." """
    b = fight(("O", "orc", "red", 4, 3, {"initiative": FIRST}),
              ("S", "shieldbearer", "blue", 3, 3, {"initiative": SECOND}))
    assert b.action("O", "shield_bash").code == "no_shield"


def test_the_basher_loses_its_shield_against_other_foes_until_its_next_turn():
    """"You lose your Shield Rating to AC against all other enemies besides the target of your
    Shield Bash until the start of your next turn." """
    b = bash_field([1])                            # the bash misses: the shield is lost anyway
    before = attack_preview(b.view(), "P", "S").plan.ac.total
    ok(b, C.ShieldBash("S", target="O"))
    assert attack_preview(b.view(), "P", "S").plan.ac.total == before - 3
    assert attack_preview(b.view(), "O", "S").plan.ac.total == before
    for name in ("S", "O", "P"):
        ok(b, C.EndTurn(name))
    assert attack_preview(b.view(), "P", "S").plan.ac.total == before


def test_shield_bash_never_provokes():
    """"Shield Bash (Attack Action, No AOO)" """
    b = bash_field()
    for name in ("S", "O", "P"):
        ok(b, C.EndTurn(name))
    assert b.refusal(C.ShieldBash("S", target="O")) is None


def test_a_flying_creature_resists_knockdown_unfortunate_and_drops_out_of_the_air():
    """"Flying creatures are Unfortunate when resisting Knockdown strikes." "A flying
    creature affected by a Knockdown drops 10 feet. If they reach the ground, they fall
    prone." The harpy flies low (5 ft): the drop reaches the ground at once."""
    b = fight(("O", "ogre", "red", 3, 3, {"initiative": FIRST}),
              ("H", "harpy", "blue", 5, 3, {"initiative": SECOND, "hp": 40}),
              dice=[15, ("d6", 3), ("d6", 3), 18, 4, 10])   # hit; knockdown 18 and 4: keeps 4
    events = ok(b, C.Attack("O", target="H", weapon="greatclub"))
    check = of(events, E.CheckRolled)[0]
    assert check.unit == "H" and check.natural == 4 and not check.success
    fell = of(events, E.Fell)
    assert fell and fell[0].unit == "H" and fell[0].cause == "knockdown"
    assert b.unit("H").has("prone")
