"""Reactions besides the attack of opportunity (docs/rules/16-reactions.md): Active Parry,
Active Dodge, Protect and Trade Spaces, driven through commands on a real map
(tests/scenarios/reactions.tmx) with fixed dice.

The map: Grik (orc, greataxe, red) stands next to Aldric (fighter, longsword, shield 2,
blue); Tamsin (rogue, 2 ranks of Acrobatics, blue) stands on Aldric's other side; Wren
(archer, red) is far off. Initiative is top-down and fixed: Grik, Aldric, Tamsin, Wren.
"""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from game.engine import commands as C
from game.engine import defense
from game.engine import events as E
from game.engine.battle import Battle
from game.rules.defense import defenses, struck
from game.rules.probability import d20_distribution
from game.tiled.loader import load_map
from helpers import of, ok

MAP = Path(__file__).resolve().parent / "scenarios" / "reactions.tmx"
ORDER = ["Grik", "Aldric", "Tamsin", "Wren"]
INITIATIVE = [("d20", 10)] * 4          # with the map's ratings: Grik, Aldric, Tamsin, Wren


def battle(dice=(), human=("blue",), overrides=None, **kw) -> Battle:
    hexmap = load_map(MAP)
    for name, changes in (overrides or {}).items():
        unit = next(p for p in hexmap.units if p.name == name)
        unit.overrides.update(changes)
    b = Battle(hexmap, seed=3, controllers={t: "human" for t in human},
               fixed_dice=INITIATIVE + [("d20", v) if isinstance(v, int) else v for v in dice],
               **kw)
    assert list(b.order) == ORDER
    return b


def to_round_two(b) -> None:
    """Everyone ends its first turn: nobody is flat-footed any more."""
    for name in ORDER:
        ok(b, C.EndTurn(name))
    assert b.round == 2 and b.active == "Grik"


def grik_attacks_tamsin(b, defensively: bool = True) -> None:
    """Round two: Tamsin steps next to Grik (fighting defensively, or not), and Grik swings
    his greataxe at her: her defense is awaited."""
    to_round_two(b)
    ok(b, C.EndTurn("Grik"))
    ok(b, C.EndTurn("Aldric"))
    ok(b, C.Move("Tamsin", path=((3, 2), (2, 2))))
    if defensively:
        ok(b, C.FightDefensively("Tamsin"))
    ok(b, C.EndTurn("Tamsin"))
    ok(b, C.EndTurn("Wren"))
    ok(b, C.Attack("Grik", "Tamsin", "greataxe"))


# ---- Active Parry --------------------------------------------------------------------------

def test_active_parry_replaces_ac_with_an_attack_roll_plus_shield():
    """The rulebook: "You may spend a Reaction to replace your Armor Class with an Attack Roll against
    a single melee attack. - You may add your Shield Rating to this Attack Roll." and "If
    your Active Parry Roll is higher than the enemy Attack Roll, you successfully deflect the
    blow and are unharmed by the attack."""
    b = battle(dice=[17, 16])       # Grik 17 + 5 = 22 (hits AC 17); Aldric 16 + 2 + 3 + 2 = 23
    to_round_two(b)
    asked = ok(b, C.Attack("Grik", "Aldric", "greataxe"))
    assert [(e.by, e.unit, e.kind) for e in of(asked, E.ReactionAsked)] == [
        ("Aldric", "Grik", "defense")]
    assert b.decider() == ("reaction", "Aldric")
    events = ok(b, C.ActiveParry("Aldric"))
    [roll] = of(events, E.AttackRolled)
    assert (roll.total, roll.ac, roll.hit, roll.defense) == (22, 23, False, "parry")
    assert "shield 2" in roll.breakdown
    assert not of(events, E.Damaged)
    assert b.reactions("Aldric").available == 0
    assert b.awaiting() == "turn" and b.active == "Grik"


def test_active_parry_a_tie_strikes_the_defender():
    """The rulebook: "If your result is less than or equal to the attacker's roll, you are struck."""
    b = battle(dice=[17, 15, ("d12", 6)])       # 22 against 15 + 7 = 22: struck
    to_round_two(b)
    ok(b, C.Attack("Grik", "Aldric", "greataxe"))
    events = ok(b, C.ActiveParry("Aldric"))
    [roll] = of(events, E.AttackRolled)
    assert (roll.total, roll.ac, roll.hit) == (22, 22, True)
    assert [e.unit for e in of(events, E.Damaged)] == ["Aldric"]


def test_active_parry_a_poor_parry_lets_through_a_blow_the_armour_would_stop():
    """The rulebook: "By attempting the Active Parry or Active Dodge, you accept the possibility that
    a poorly timed parry or dodge could lead to a strike bypassing your normal defenses." """
    b = battle(dice=[8, 2, ("d12", 6)])      # 8 + 5 = 13 misses AC 17; parry 2 + 7 = 9
    to_round_two(b)
    ok(b, C.Attack("Grik", "Aldric", "greataxe"))
    [roll] = of(ok(b, C.ActiveParry("Aldric")), E.AttackRolled)
    assert roll.hit and roll.total < b.unit("Aldric").unit.ac


def test_active_parry_cannot_be_used_against_ranged_attacks():
    """The rulebook: "Active Parry cannot be used against Ranged Attacks or Touch Attacks." """
    b = battle(human=("blue", "red"), dice=[10])
    to_round_two(b)
    ok(b, C.EndTurn("Grik"))
    ok(b, C.FightDefensively("Aldric"))
    ok(b, C.EndTurn("Aldric"))
    ok(b, C.FightDefensively("Tamsin"))
    ok(b, C.EndTurn("Tamsin"))
    ok(b, C.Attack("Wren", "Tamsin", "shortbow"))
    assert b.decider() == ("reaction", "Tamsin")
    assert b.refusal(C.ActiveParry("Tamsin")).code == "not_melee"
    assert b.action("Tamsin", "active_parry").code == "not_melee"
    assert b.action("Tamsin", "active_dodge").enabled


def test_active_parry_not_against_a_creature_two_size_categories_larger():
    """The rulebook: "You cannot use Active Parry against a creature 2+ size categories larger than
    you." """
    b = battle(overrides={"Aldric": {"size": "tiny"}}, dice=[3])
    to_round_two(b)
    weapon = b.unit("Grik").weapons[0]
    plan, usable = defense.defenses_against(b, "Grik", "Aldric", weapon, None)
    assert plan.possible and usable == {}
    found = defenses(b.view(), b.unit("Aldric"), b.unit("Grik"), plan)
    assert found["parry"].code == "too_large"
    events = ok(b, C.Attack("Grik", "Aldric", "greataxe"))
    assert b.pending is None and of(events, E.AttackRolled)[0].defense == ""


def test_active_parry_while_fighting_defensively_ignores_the_minus_4():
    """The rulebook: "Active Parry Rolls you make while fighting defensively ignore the -4 Attack
    Penalty." """
    b = battle(dice=[10, 10])
    to_round_two(b)
    ok(b, C.EndTurn("Grik"))
    ok(b, C.FightDefensively("Aldric"))
    for name in ("Aldric", "Tamsin", "Wren"):
        ok(b, C.EndTurn(name))
    ok(b, C.Attack("Grik", "Aldric", "greataxe"))
    [roll] = of(ok(b, C.ActiveParry("Aldric")), E.AttackRolled)
    assert roll.ac == 10 + 2 + 3 + 2 and "fighting defensively" not in roll.breakdown


def test_no_active_defense_against_an_attack_of_opportunity():
    """The rulebook: "You cannot use an Active Parry against an AOO because you cannot use a Reaction
    against another Reaction." """
    b = battle(dice=[12, ("d12", 3)])
    to_round_two(b)
    ok(b, C.EndTurn("Grik"))
    events = ok(b, C.Move("Aldric", path=((2, 2), (3, 2)), confirm=True))
    assert [e.kind for e in of(events, E.AttackRolled)] == ["aoo"]
    assert not [e for e in of(events, E.ReactionAsked) if e.kind == "defense"]
    assert b.pending is None


def test_no_active_defense_while_flat_footed():
    """The rulebook: "You cannot use Active Defense if you are Flat-Footed. You must be aware of the
    incoming attack." """
    c = battle(dice=[12, ("d12", 3)])       # round 1: Aldric has not acted yet
    events = ok(c, C.Attack("Grik", "Aldric", "greataxe"))
    assert "flat_footed" in c.unit("Aldric").conditions
    assert not of(events, E.ReactionAsked) and c.pending is None


# ---- Active Dodge --------------------------------------------------------------------------

def test_active_dodge_needs_acrobatics_and_fighting_defensively():
    """The rulebook: "You must have at least 1 Rank in Acrobatics & be Fighting Defensively or have
    the Active Dodger Feat to use this ability." """
    b = battle(overrides={"Tamsin": {"active_dodger": False}})
    grik_attacks_tamsin(b, defensively=False)
    assert b.action("Tamsin", "active_dodge").code == "not_defending"
    assert b.action("Tamsin", "active_parry").enabled
    assert b.refusal(C.ActiveDodge("Aldric")).code == "no_defense_awaited"
    feat = battle(overrides={"Aldric": {"active_dodger": True}})
    to_round_two(feat)
    ok(feat, C.Attack("Grik", "Aldric", "greataxe"))
    assert feat.action("Aldric", "active_dodge").code == "no_acrobatics"


def test_active_dodge_replaces_ac_with_an_acrobatics_check():
    """The rulebook: "You may spend a Reaction to replace your Armor Class & Touch AC with an
    Acrobatics Check against this attack." and "If your Acrobatics check is higher than the
    enemy Attack Roll, the attack misses you completely." """
    b = battle(dice=[15, 19])        # Grik 15 + 5 = 20; Tamsin 19 + 2 ranks + 3 DEX = 24
    grik_attacks_tamsin(b)
    [roll] = of(ok(b, C.ActiveDodge("Tamsin")), E.AttackRolled)
    assert (roll.total, roll.ac, roll.hit, roll.defense) == (20, 24, False, "dodge")


def test_active_dodge_is_unfortunate_against_bows():
    """The rulebook: "If attacked by a Bow, Crossbow, or Magic Ray, you are Unfortunate on your
    Acrobatics Check." """
    b = battle(human=("blue", "red"), dice=[12, 18, 3, ("d6", 2)])
    to_round_two(b)
    ok(b, C.EndTurn("Grik"))
    ok(b, C.EndTurn("Aldric"))
    ok(b, C.FightDefensively("Tamsin"))
    ok(b, C.EndTurn("Tamsin"))
    ok(b, C.Attack("Wren", "Tamsin", "shortbow"))
    [roll] = of(ok(b, C.ActiveDodge("Tamsin")), E.AttackRolled)
    assert "Active Dodge d20 3 (18, 3)" in roll.breakdown and roll.hit


# ---- the opposed roll and its odds ---------------------------------------------------------

def test_active_defense_natural_20_and_natural_1_decide_unless_both_rolled_them():
    """The rulebook: "A Nat20 on an Active Defense automatically deflects/dodges the attack UNLESS the
    attacker also rolls a Nat20, in which case the results are tallied normally." and "A Nat1
    on an Active Defense automatically fails to parry/dodge the attack UNLESS the attacker
    also rolls a Nat1"."""
    assert not struck(19, 40, 20, 21)          # the defender's 20 beats a huge total
    assert struck(20, 21, 20, 30) is False     # both 20: totals
    assert struck(20, 30, 20, 25)
    assert struck(2, 3, 1, 40)                 # the defender's 1 fails
    assert struck(1, 5, 1, 4)                  # both 1: totals
    assert not struck(1, 50, 7, 8)             # the attacker's 1 fails


def test_active_defense_odds_are_the_exact_sum_over_both_dice():
    """The prompt's hit chance with a parry is the opposed roll's exact probability."""
    b = battle()
    to_round_two(b)
    ok(b, C.Attack("Grik", "Aldric", "greataxe"))
    weapon, extras, _ = b.pending.attack
    shown = defense.odds(b, "Grik", "Aldric", weapon, extras)
    p = d20_distribution()
    expected = sum(p[a] * p[d] for a in p for d in p if struck(a, a + 5, d, d + 7))
    assert shown["parry"].hit == expected and shown["none"].hit == Fraction(9, 20)
    assert set(shown) == {"none", "parry"}


# ---- policies ----------------------------------------------------------------------------

def test_defense_policy_never_and_always_answer_without_asking():
    """docs/rules/16-reactions.md: "always" takes the defense that lowers the hit chance
    most; "never" takes none; neither pauses the battle."""
    b = battle(dice=[17, 16])
    to_round_two(b)
    ok(b, C.SetPolicy("Aldric", "always", reaction="defense"))
    events = ok(b, C.Attack("Grik", "Aldric", "greataxe"))
    assert b.pending is None and of(events, E.AttackRolled)[0].defense == "parry"
    c = battle(dice=[17, ("d12", 1)])
    to_round_two(c)
    ok(c, C.SetPolicy("Aldric", "never", reaction="defense"))
    events = ok(c, C.Attack("Grik", "Aldric", "greataxe"))
    assert c.pending is None and of(events, E.AttackRolled)[0].defense == ""


def test_declining_a_defense_rolls_against_ac():
    """React(accept=False) on a defense prompt: the attack meets the defender's AC."""
    b = battle(dice=[11])               # 11 + 5 = 16 misses AC 17
    to_round_two(b)
    ok(b, C.Attack("Grik", "Aldric", "greataxe"))
    events = ok(b, C.React("Aldric", accept=False))
    assert of(events, E.ReactionDeclined)
    [roll] = of(events, E.AttackRolled)
    assert (roll.ac, roll.hit, roll.defense) == (17, False, "")
    assert b.reactions("Aldric").available == 1


# ---- Protect -------------------------------------------------------------------------------

def test_protect_gives_the_ally_good_cover_and_cramps_the_protector():
    """The rulebook: "You grant your ally Good Cover (+4AC) against attacks from all directions." and
    "You suffer the Cramped Condition, but the ally you are defending does not." and "The
    ally you are protecting suffers a -2 penalty to Attack Rolls." """
    b = battle()
    ok(b, C.EndTurn("Grik"))
    before = b.view()
    events = ok(b, C.Protect("Aldric", ally="Tamsin"))
    assert [(e.unit, e.ally, e.cover) for e in of(events, E.Protected)] == [
        ("Aldric", "Tamsin", "good")]
    assert not of(events, E.Provoked)
    from game.rules.situation import situation
    from game.rules.attack import plan_attack
    shoot = lambda view: plan_attack(situation(view, "Wren", "Tamsin", "shortbow").situation)
    assert shoot(b.view()).ac.total == shoot(before).ac.total + 4
    assert "cramped" in b.unit("Aldric").conditions
    assert plan_attack(situation(b.view(), "Tamsin", "Grik", "dagger").situation
                       ).bonus.value_of("protected") == -2
    assert b.budget("Aldric").big == 1


def test_protect_only_an_adjacent_ally_no_larger_than_the_protector():
    """The rulebook: "You must be the same size or larger than your ally to use this action." (the
    same space becomes the next hex on the map: docs/rules/16-reactions.md)."""
    b = battle(overrides={"Tamsin": {"size": "large"}})
    ok(b, C.EndTurn("Grik"))
    assert b.refusal(C.Protect("Aldric", ally="Tamsin")).code in ("too_small", "not_adjacent")
    c = battle()
    ok(c, C.EndTurn("Grik"))
    ok(c, C.EndTurn("Aldric"))
    assert c.refusal(C.Protect("Tamsin", ally="Grik")).code == "not_an_ally"


def test_protection_ends_when_the_protector_moves_away():
    """docs/rules/16-reactions.md: the cover holds while the protector stays adjacent."""
    b = battle()
    ok(b, C.EndTurn("Grik"))
    ok(b, C.Protect("Aldric", ally="Tamsin"))
    from game.rules.protect import protector_of
    assert protector_of(b.view(), b.unit("Tamsin")).name == "Aldric"
    ok(b, C.EndTurn("Aldric"))
    ok(b, C.Step("Tamsin", to=(4, 1)))
    assert protector_of(b.view(), b.unit("Tamsin")) is None


# ---- Trade Spaces --------------------------------------------------------------------------

def test_trade_spaces_swaps_hexes_and_spends_the_allys_reaction():
    """The rulebook: "The Trade Spaces Action is a Big Action." and "The character with whom you wish
    to trade must spend their Reaction to trade spaces with you." """
    b = battle()
    to_round_two(b)
    ok(b, C.EndTurn("Grik"))
    here, there = b.cell(b.unit("Aldric").anchor), b.cell(b.unit("Tamsin").anchor)
    assert b.refusal(C.TradeSpaces("Aldric", ally="Tamsin")).code == "provokes"
    events = ok(b, C.TradeSpaces("Aldric", ally="Tamsin", confirm=True))
    assert b.cell(b.unit("Aldric").anchor) == there and b.cell(b.unit("Tamsin").anchor) == here
    assert b.reactions("Tamsin").available == 0 and b.budget("Aldric").big == 1
    assert of(events, E.TradedSpaces)
    assert b.refusal(C.TradeSpaces("Aldric", ally="Tamsin")).code == "ally_cannot_react"


def test_trade_spaces_provokes_when_leaving_a_threatened_hex():
    """The rulebook: "Both characters that swap places provoke AOO if they leave a threatened hex." """
    b = battle(dice=[3])                       # Grik's attack of opportunity misses
    to_round_two(b)
    ok(b, C.EndTurn("Grik"))
    events = ok(b, C.TradeSpaces("Aldric", ally="Tamsin", confirm=True))
    assert [(e.unit, e.by) for e in of(events, E.Provoked)] == [("Aldric", "Grik")]
    assert [e.kind for e in of(events, E.AttackRolled)] == ["aoo"]


def test_trade_spaces_within_one_size_category():
    """The rulebook: "Two creatures trading spaces must be within 1 size category of each other." """
    b = battle(overrides={"Tamsin": {"size": "tiny"}})
    to_round_two(b)
    ok(b, C.EndTurn("Grik"))
    assert b.refusal(C.TradeSpaces("Aldric", ally="Tamsin")).code == "size_mismatch"


@pytest.mark.parametrize("action", ["protect", "trade_spaces"])
def test_the_ally_actions_are_in_the_legality_query(action):
    """The HUD and the computer player see both through `battle.actions`."""
    b = battle()
    to_round_two(b)
    ok(b, C.EndTurn("Grik"))
    option = b.action("Aldric", action)
    assert option.enabled and "Big Action" in option.cost
    assert action in [a.action for a in b.actions("Aldric")]


# ---- the checked-in save -------------------------------------------------------------------

def test_active_parry_save_replays_the_deflected_blow_from_the_command_line():
    """tests/scenarios/active_parry.json: Grik's greataxe (17 + 5 = 22, which would beat
    Aldric's AC 17) meets Aldric's Active Parry (16 + HR 2 + STR 3 + shield 2 = 23): the rulebook
    "If your Active Parry Roll is higher than the enemy Attack Roll, you successfully deflect
    the blow"; Aldric then strikes back for 8."""
    import json
    import os
    import subprocess
    import sys
    repo = MAP.parent.parent.parent
    env = dict(os.environ, PYTHONPATH=str(repo), SDL_VIDEODRIVER="dummy")
    out = subprocess.run([sys.executable, "-m", "game", "replay",
                          str(MAP.parent / "active_parry.json"), "--json", "--verify"],
                         cwd=repo, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    events = [json.loads(line) for line in out.stdout.splitlines()]
    asked = [e for e in events if e["type"] == "ReactionAsked"]
    assert [(e["by"], e["unit"], e["kind"], e["command"]) for e in asked] == [
        ("Aldric", "Grik", "defense", 4)]
    rolls = [(e["attacker"], e["total"], e["ac"], e["hit"], e["defense"], e["command"])
             for e in events if e["type"] == "AttackRolled"]
    assert rolls == [("Grik", 22, 23, False, "parry", 5), ("Aldric", 19, 13, True, "", 7)]
    assert [(e["unit"], e["amount"]) for e in events if e["type"] == "Damaged"] == [("Grik", 8)]
