"""Seven places where the engine once differed from the default rules, each pinned down through
engine commands on a battle map (docs/rules/09-turns-and-actions.md, 10-attacks-and-damage.md,
16-reactions.md, 18-wrestling-and-knockdown.md, 03-movement.md). Each test quotes the
rulebook's sentence it holds the engine to; where a roll matters the dice are fixed (the first
d20s are the initiative rolls).
"""
from __future__ import annotations

from dataclasses import replace

import pytest

from game.ai import choose_command
from game.data import load_units, load_weapons
from game.data.model import DataError
from game.engine import commands as C
from game.engine import events as E
from game.rules.threat import threatening_weapons

from helpers import refusal_code
from test_engine_interrupts import field
from test_engine_turns import DB, FIRST, LAST, SECOND, THIRD, arena, of, ok

WEAPONS = load_weapons()


def fixed(*units, dice=(), **kw):
    """A top-down battle of `units` whose dice after the initiative rolls are `dice` (an int is
    a d20)."""
    n = len(units)
    return arena(*units, fixed_dice=[("d20", 10)] * n + [("d20", v) if isinstance(v, int)
                                                          else v for v in dice],
                 initiative="top-down", **kw)


# ---- hands: count hands used, not weapons held -------------------------------------------------

def orc_swings_greataxe(sheathe_javelin: bool) -> int:
    """The damage of the orc's greataxe (d20 15 hits, d12 6) after walking up to the fighter,
    with or without sheathing its javelin first."""
    b = fixed(("O", "orc", "red", 2, 3, {"initiative": FIRST}),
              ("F", "fighter", "blue", 6, 3, {"initiative": SECOND, "hp": 200}),
              dice=[15, ("d12", 6)])
    if sheathe_javelin:
        ok(b, C.SheatheWeapon("O", weapon="javelin"))
    ok(b, C.Move("O", path=((3, 3), (4, 3), (5, 3))))
    events = ok(b, C.Attack("O", target="F", weapon="greataxe"))
    return sum(e.amount for e in of(events, E.Damaged))


def test_heavy_attack_needs_both_hands_on_the_weapon():
    """"Weapons wielded in one hand, thrown weapons, and most other melee attacks strike as
    Basic Attacks"; "Weapons wielded in a two-handed fashion and certain powerful natural
    attacks strike as Heavy Attacks." An orc (STR +3) holding its javelin in one hand swings
    its greataxe with the other: 6 + 3. With the javelin sheathed: 6 + floor(1.5 x 3)."""
    assert orc_swings_greataxe(sheathe_javelin=False) == 6 + 3
    assert orc_swings_greataxe(sheathe_javelin=True) == 6 + 4


def test_shield_bash_needs_the_shield_hand_free_of_weapons():
    """"You must be wielding a Light or larger shield to attempt a Shield Bash." A fighter with
    a longsword in one hand and a javelin in the other has no hand left on its shield: it
    guards, but cannot bash until the javelin is put away."""
    b = fixed(("F", "fighter", "blue", 4, 3, {"initiative": FIRST}),
              ("A", "archer", "red", 5, 3, {"initiative": SECOND}))
    assert b.action("F", "shield_bash").code == "shield_hand_full"
    assert refusal_code(b, C.ShieldBash("F", target="A")) == "shield_hand_full"
    ok(b, C.SheatheWeapon("F", weapon="javelin"))
    assert b.action("F", "shield_bash").enabled
    events = ok(b, C.ShieldBash("F", target="A"))
    assert of(events, E.AttackRolled)


# ---- crossbows: the shot is a Little Action, loading a Big one ---------------------------------

def crossbow_db(level: int = 2) -> dict:
    """The unit list with a crossbowman: the archer's stat block with a light crossbow."""
    db = dict(DB)
    db["crossbowman"] = replace(DB["archer"], key="crossbowman", name="Crossbowman",
                                level=level, weapons=(WEAPONS["light_crossbow"],
                                                      WEAPONS["dagger"]),
                                in_hand=("light_crossbow",))
    return db


def test_shooting_a_loaded_crossbow_is_a_little_action_and_loading_it_a_big_one():
    """"LITTLE ACTIONS: 5-Foot Step, ..., Shoot a loaded Crossbow, Draw/Sheathe a Weapon, ..."
    The shot spends the Little Action, so both Big Actions are left: one to load the crossbow
    again, one to move. Shot and not loaded, it cannot shoot."""
    b = fixed(("X", "crossbowman", "blue", 2, 3, {"initiative": FIRST}),
              ("G", "goblin", "red", 7, 3, {"initiative": SECOND, "hp": 200}),
              dice=[15, ("d8", 3)], db=crossbow_db())
    events = ok(b, C.Attack("X", target="G", weapon="light_crossbow"))
    assert of(events, E.AttackRolled)
    spent = of(events, E.ActionSpent)
    assert [(s.big, s.little) for s in spent] == [(2, 0)]
    assert b.action("X", "attack").code == "no_attack_left"
    assert refusal_code(b, C.Attack("X", target="G", weapon="light_crossbow")) == \
        "no_attack_left"
    assert not threatening_weapons(b.unit("X"))      # "Loaded Crossbows Threaten out to 10 feet"
    ok(b, C.LoadCrossbow("X"))
    assert b.budget("X").big == 1 and threatening_weapons(b.unit("X"))
    assert b.action("X", "load_crossbow").code == "nothing_to_load"
    ok(b, C.EndTurn("X"))
    ok(b, C.EndTurn("G"))
    events = ok(b, C.Attack("X", target="G", weapon="light_crossbow"))
    assert of(events, E.AttackRolled) and b.budget("X").big == 2


def test_an_unloaded_crossbow_cannot_shoot():
    """"Shoot a loaded Crossbow": a crossbow shot at the end of one turn waits, unloaded,
    for a Load Crossbow (a Big Action) before it shoots again."""
    b = fixed(("X", "crossbowman", "blue", 2, 3, {"initiative": FIRST}),
              ("G", "goblin", "red", 7, 3, {"initiative": SECOND, "hp": 200}),
              db=crossbow_db(level=5))
    ok(b, C.Attack("X", target="G", weapon="light_crossbow"))
    assert refusal_code(b, C.Attack("X", target="G", weapon="light_crossbow")) == \
        "cannot_attack"
    ok(b, C.LoadCrossbow("X"))
    events = ok(b, C.Attack("X", target="G", weapon="light_crossbow"))      # level 5: two
    assert of(events, E.AttackRolled) and b.budget("X").big == 0


def test_the_computer_loads_its_crossbow_after_the_shot():
    """The computer player plays the crossbow the same way: it shoots with the Little Action,
    then spends a Big Action to load again."""
    b = fixed(("X", "crossbowman", "blue", 2, 3, {"initiative": FIRST}),
              ("G", "goblin", "red", 9, 3, {"initiative": SECOND, "hp": 200}),
              db=crossbow_db())
    ok(b, C.Attack("X", target="G", weapon="light_crossbow"))
    for _ in range(4):
        if b.active != "X":
            break
        ok(b, choose_command(b, "X"))
    assert "light_crossbow" not in b.view().unit("X").unloaded


# ---- top-down initiative: a single prepared Big Action --------------------------------------

def test_top_down_prepared_interrupt_is_a_single_prepared_big_action():
    """"If you wish to interrupt while using the Top-Down Initiative system, you must use the
    "Prepare to Interrupt" action on your turn. If the trigger event occurs, you may take a
    single prepared Big Action without having to roll an opposed initiative check." After
    the prepared attack nothing else is left: no 5-Foot Step, no Little Action."""
    b = field(("P", "fighter", "blue", 5, 2, {"initiative": FIRST, "hp": 200}),
              ("E", "orc", "red", 8, 2, {"initiative": SECOND, "hp": 200}),
              dice=[("d20", 10), ("d20", 10), ("d20", 2)], initiative="top-down")
    ok(b, C.PrepareInterrupt("P", "enters_reach", action="attack"))
    assert b.active == "E"
    events = ok(b, C.Move("E", ((7, 2), (6, 2)), confirm=True))
    assert of(events, E.InterruptTriggered)[0].won and b.active == "P"
    ok(b, C.Attack("P", "E"))
    assert b.action("P", "step").code == "prepared_action_only"
    assert refusal_code(b, C.Step("P", to=(4, 2))) == "prepared_action_only"
    assert refusal_code(b, C.DropProne("P")) == "prepared_action_only"
    ok(b, C.EndTurn("P"))
    assert b.active == "E"


# ---- interrupting an ally's turn ------------------------------------------------------------

def ally_and_mover(picker_team: str):
    """P (of `picker_team`) opens the round and picks M (blue); A, M's ally, has not acted and
    watches M attack the orc E. Initiative d20s: P 20, M 15, A 5, E 5; then A's interrupt
    check 20 against M's 1."""
    b = field(("P", "fighter", picker_team, 0, 7, {"initiative": 40}),
              ("M", "fighter", "blue", 5, 2, {"initiative": 0, "hp": 200}),
              ("A", "fighter", "blue", 3, 4, {"initiative": 0, "hp": 200}),
              ("E", "orc", "red", 6, 2, {"initiative": 0, "hp": 200}),
              dice=[("d20", 20), ("d20", 15), ("d20", 5), ("d20", 5),
                    ("d20", 20), ("d20", 1)])
    ok(b, C.EndTurn("P"))
    ok(b, C.ChooseNext("P", "M"))
    return b, ok(b, C.Attack("M", "E"))


def test_an_ally_selected_by_an_enemy_may_be_interrupted_by_its_own_side():
    """"You cannot interrupt an ally's turn if they were selected by another ally." M was
    selected by an enemy, so its ally A may spend its Reaction to interrupt it (and, winning
    the opposed check, takes its turn at once)."""
    b, events = ally_and_mover("red")
    assert E.ReactionAsked("A", "M", (5, 2), "interrupt") in of(events, E.ReactionAsked)
    ok(b, C.React("A", True))
    events = ok(b, C.React("E", False))           # the orc, asked next, lets it go
    assert of(events, E.InterruptTriggered)[0].won and b.active == "A"
    assert b.reactions("A").available == 0


def test_an_ally_selected_by_another_ally_cannot_be_interrupted():
    """"You cannot interrupt an ally's turn if they were selected by another ally." """
    b, events = ally_and_mover("blue")
    assert E.ReactionAsked("E", "M", (5, 2), "interrupt") in of(events, E.ReactionAsked)
    events = ok(b, C.React("E", False))           # the orc lets it go; A is never asked
    assert not b.pending and of(events, E.AttackRolled)


# ---- Active Dodge against touch attacks ------------------------------------------------------

def rogue_tripped(dice):
    """The rogue (Acrobatics 2, DEX +3, the Active Dodger feat) has had its turn and asks
    before defending; the fighter tries to trip it with a touch attack."""
    b = fixed(("R", "rogue", "red", 4, 3, {"initiative": FIRST, "hp": 200}),
              ("F", "fighter", "blue", 5, 3, {"initiative": SECOND}), dice=dice)
    ok(b, C.SetPolicy("R", policy="ask", reaction="defense"))
    ok(b, C.EndTurn("R"))
    return b, ok(b, C.Trip("F", target="R", confirm=True))


def test_active_dodge_answers_touch_attacks():
    """"You may spend a Reaction to replace your Armor Class & Touch AC with an Acrobatics
    Check against this attack." "If your Acrobatics check is higher than the enemy Attack Roll,
    the attack misses you completely. -This means that you are not "touched" by the attack."
    The trip's touch attack (d20 15 + 5 = 20) meets the rogue's dodge (d20 19 + 2 + 3 = 24)."""
    b, events = rogue_tripped([15, 19])
    assert E.ReactionAsked("R", "F", (4, 3), "defense") in of(events, E.ReactionAsked)
    assert b.action("R", "active_dodge").enabled
    assert b.action("R", "active_parry").code == "touch"
    [roll] = of(ok(b, C.ActiveDodge("R")), E.AttackRolled)
    assert (roll.kind, roll.defense, roll.total, roll.ac, roll.hit) == (
        "touch", "dodge", 20, 24, False)
    assert not b.unit("R").has("prone") and b.reactions("R").available == 0


# ---- Trade Spaces: within one size category ------------------------------------------------

def trade_field(partner: str):
    """`partner` (blue, at 5,3) next to an allied ogre (its anchor at 6,3), in round 2 (no one
    is flat-footed any more); the partner acts."""
    b = fixed(("P", partner, "blue", 5, 3, {"initiative": FIRST}),
              ("O", "ogre", "blue", 6, 3, {"initiative": SECOND}),
              ("E", "orc", "red", 11, 7, {"initiative": THIRD}))
    for name in "POE":
        ok(b, C.EndTurn(name))
    return b


def test_trade_spaces_needs_the_two_within_one_size_category():
    """"Two creatures trading spaces must be within 1 size category of each other." A fighter
    (medium) and an ogre (large) trade: the fighter steps into the ogre's space, the ogre's
    space moves over the fighter's hex. A goblin (small) and the ogre are refused."""
    b = trade_field("fighter")
    fighter_was, ogre_was = b.unit("P").anchor, set(b.unit("O").hexes)
    assert b.action("P", "trade_spaces").enabled
    events = ok(b, C.TradeSpaces("P", ally="O"))
    assert of(events, E.TradedSpaces)
    f, o = b.unit("P"), b.unit("O")
    assert f.anchor in ogre_was and fighter_was in o.hexes and f.anchor not in o.hexes
    assert b.reactions("O").available == 0
    goblin = trade_field("goblin")
    assert refusal_code(goblin, C.TradeSpaces("P", ally="O")) == "size_mismatch"


# ---- Parry+X ----------------------------------------------------------------------------------

def parrying_twinblade(shortsword_parry: int, dagger_parry: int):
    """The twinblade (shortsword and dagger in hand) parries the orc's greataxe; its weapons
    carry the given Parry+X (0: none). The orc's d20 15, the parry's d20 10."""
    db = dict(DB)
    blade = DB["twinblade"]
    x = {"shortsword": shortsword_parry, "dagger": dagger_parry}
    db["twinblade"] = replace(blade, weapons=tuple(replace(w, parry=x.get(w.id, 0))
                                                   for w in blade.weapons))
    b = fixed(("T", "twinblade", "blue", 4, 3, {"initiative": FIRST, "hp": 200}),
              ("O", "orc", "red", 5, 3, {"initiative": SECOND}), dice=[15, 10], db=db)
    ok(b, C.SetPolicy("T", policy="ask", reaction="defense"))
    ok(b, C.EndTurn("T"))
    ok(b, C.Attack("O", target="T", weapon="greataxe"))
    [roll] = of(ok(b, C.ActiveParry("T")), E.AttackRolled)
    return roll


def test_parry_x_adds_the_highest_x_of_the_parry_weapons_in_hand():
    """"Weapon Trait - Parry+X: If proficient, this weapon grants a +X Gear Bonus to any Active
    Parry Roll." "If wielding multiple "Parry" Weapons, only the highest Gear Bonus applies to
    your Active Parry Roll." """
    plain = parrying_twinblade(0, 0)
    both = parrying_twinblade(1, 2)
    assert both.defense == "parry" and both.ac == plain.ac + 2
    assert "Parry+2" in both.breakdown and "Parry+1" not in both.breakdown
    assert parrying_twinblade(3, 0).ac == plain.ac + 3


@pytest.mark.parametrize("line, needle", [
    ("parry = 0\n", "parry"), ("parry = 9\n", "parry"), ('parry = "two"\n', "parry"),
    ('properties = ["parry"]\n', "Parry+X")])
def test_parry_x_in_the_weapon_data_is_checked(tmp_path, line, needle):
    """The X of Parry+X is a whole number written in the weapon data; a weapons file without
    it, or with a bad one, is refused in one line naming the file and the fix."""
    (tmp_path / "units").mkdir()
    (tmp_path / "units" / "duellist.toml").write_text(
        'name = "Duellist"\nsize = "medium"\nspeed_ft = 30\nhp = 10\nhr = 1\nlevel = 1\n'
        'weapons = ["sabre"]\n')
    (tmp_path / "weapons.toml").write_text(
        '[sabre]\nname = "Sabre"\nattack = "melee"\nhands = "one"\ndamage = "1d6"\n'
        'damage_type = ["slashing"]\n' + line)
    with pytest.raises(DataError) as info:
        load_units(tmp_path)
    text = str(info.value)
    assert "\n" not in text and text.startswith(str(tmp_path / "weapons.toml") + ":")
    assert needle in text


def test_a_leader_never_interrupts_its_own_minion_acting_in_its_turn():
    """"You cannot interrupt an ally's turn if they were selected by another ally": a minion
    directed by its leader acts in the leader's own turn, which its side cannot interrupt, even
    when an enemy picked the leader."""
    b = arena(("Cap", "hobgoblin_captain", "red", 8, 2, {"initiative": LAST}),
              ("F", "fighter", "blue", 4, 2, {"initiative": FIRST, "hp": 200}),
              ("G1", "goblin_minion", "red", 5, 2, {"leader": "Cap"}),
              fixed_dice=[("d20", 10), ("d20", 10), ("d20", 2)],
              controllers={"blue": "ai", "red": "ai"})
    ok(b, C.EndTurn("F"))
    assert b.active == "Cap"
    ok(b, C.DirectMinions("Cap"))
    events = ok(b, C.Attack("G1", "F"))
    assert not of(events, E.ReactionAsked) and of(events, E.AttackRolled)
