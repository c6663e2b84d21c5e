"""The steller rules' immediate actions, walls, lines, autofire and grenades
(docs/rules/steller/powers.md), one test per rule: each is named after the rule, quotes the
rulebook and plays it through commands on a real steller battle with the dice fixed.

The helpers are those of tests/test_steller_rules.py: `arena` lists the creatures in turn order
(their initiative d20s come first), then the dice of `dice`.

Stat blocks used (assets/units/steller/): fighter (Shield Slam +7 vs AC 1d8+3 and marked;
Combat Challenge: an at-will immediate interrupt, melee 1, +7 vs AC 1d8+4, when a foe it
marked attacks another), hobgoblin_captain (Shake It Off: an encounter immediate reaction, an
ally within 5 that an enemy hits spends a healing surge), orc (greataxe +8 vs AC 1d12+4),
archer (AC 14, 32 HP), goblin (Fire Pot: a grenade, area burst 1 within 5, +4 vs Reflex 1d6+2,
two uses), goblin_archer (Arrow Spray: autofire within 15, +6 vs Reflex 1d8+2), wizard (Wall of
Fire: wall 5 within 10, +6 vs Reflex 2d6+4, zone 1d6+2; Lightning Line: line 6, +6 vs Reflex
2d6+3, creatures).
"""
from __future__ import annotations

from dataclasses import replace

from game.ecs.components import Health
from game.engine import events as E
from game.engine.commands import React, SetPolicy
from game.engine.steller import commands as S
from game.ui.steller_presenters import steller_card
from tests.test_steller_rules import DB, arena, code, damage, of, ok, rolls


def always(b, *names, policy: str = "always") -> None:
    for name in names:
        ok(b, SetPolicy(name, policy=policy, reaction="interrupt"))


def marked_fight(*extra, dice=()):
    """Fighter F (blue) at 3,3, orc O (red) at 4,3, archer A (blue) at 5,3 on O's other
    side; F's Shield Slam hits O and marks it (d20 15, d8 3); F's turn ends."""
    b = arena(("F", "fighter", "blue", 3, 3), ("O", "orc", "red", 4, 3),
              ("A", "archer", "blue", 5, 3), *extra,
              dice=[("d20", 15), ("d8", 3)] + list(dice))
    always(b, "F")
    ok(b, S.UsePower("F", power="shield_slam", target="O"))
    assert "marked" in b.conditions("O").active
    ok(b, S.EndTurn("F"))
    assert b.active == "O"
    return b


# ---- immediate actions ------------------------------------------------------------------------

def test_an_immediate_interrupt_resolves_before_its_trigger():
    """"Interrupt: An immediate interrupt lets you jump in when a certain trigger condition
    arises, taking an action that is resolved before the trigger": the fighter's Combat
    Challenge strikes the orc it marked before the orc's axe falls on the archer."""
    b = marked_fight(dice=[("d20", 15), ("d8", 4), ("d20", 12), ("d12", 5)])
    events = ok(b, S.UsePower("O", power="greataxe", target="A"))
    assert [(r[0], r[1], r[7]) for r in rolls(events)] == [
        ("F", "O", "interrupt"), ("O", "A", "attack")]
    assert damage(events) == [4 + 4, 5 + 4]


def test_an_interrupt_that_drops_the_attacker_spoils_its_attack():
    """"An immediate interrupt ... taking an action that is resolved before the trigger": a
    marked orc that the fighter's interrupt drops never swings at the archer."""
    b = marked_fight(dice=[("d20", 15), ("d8", 4)])
    b.update("O", Health, hp=5)
    events = ok(b, S.UsePower("O", power="greataxe", target="A"))
    assert [(r[0], r[1]) for r in rolls(events)] == [("F", "O")]
    assert b.unit("A").hp == b.unit("A").max_hp


def test_an_immediate_reaction_resolves_after_its_trigger():
    """"Reaction: An immediate reaction lets you act in response to a trigger ... after the
    trigger": the hobgoblin captain's Shake It Off lets the orc the fighter hit spend a
    healing surge once the blow has landed."""
    b = arena(("F", "fighter", "blue", 3, 3), ("O", "orc", "red", 4, 3),
              ("Cap", "hobgoblin_captain", "red", 7, 3), dice=[("d20", 15), ("d8", 6)])
    always(b, "Cap")
    b.update("O", Health, hp=30)
    events = ok(b, S.UsePower("F", power="longsword", target="O"))
    hurt = [e for e in events if isinstance(e, E.Damaged)]
    healed = [e for e in events if isinstance(e, E.Healed)]
    assert hurt and healed and events.index(hurt[0]) < events.index(healed[0])
    assert b.unit("O").hp == 30 - 10 + 56 // 4


def test_one_immediate_action_a_round_and_none_on_your_own_turn():
    """"Once per Round: You can take only one immediate action per round" (it comes back at
    the start of the creature's own turn), and an immediate power is not used on its own
    turn: the fighter's second chance in the same round passes."""
    b = marked_fight(dice=[("d20", 15), ("d8", 4), ("d20", 2), ("d20", 2)])
    ok(b, S.UsePower("O", power="greataxe", target="A"))
    assert code(b, S.UsePower("F", power="combat_challenge", target="O")) == "not_your_turn"
    ok(b, S.ActionPoint("O", action="standard"))
    events = ok(b, S.UsePower("O", power="greataxe", target="A"))
    assert [r[0] for r in rolls(events)] == ["O"]
    assert steller_card(b, "F").immediate != "ready"
    ok(b, S.EndTurn("O"))
    ok(b, S.EndTurn("A"))           # round 2: F's turn starts, its immediate action is back
    assert b.active == "F" and steller_card(b, "F").immediate == "ready"
    assert code(b, S.UsePower("F", power="combat_challenge", target="O")) == "immediate_power"


def test_an_ask_creature_is_prompted_before_its_interrupt():
    """"Trigger: Each immediate action ... has a specific trigger": with the ask policy the
    battle waits for the fighter's owner; declining lets the orc's attack go on alone."""
    b = marked_fight(dice=[("d20", 12), ("d12", 5)])
    always(b, "F", policy="ask")
    events = ok(b, S.UsePower("O", power="greataxe", target="A"))
    assert b.awaiting() == "reaction" and b.pending.kind == "immediate"
    assert b.pending.reactor == "F" and b.pending.attack.power == "combat_challenge"
    assert not rolls(events)
    events = ok(b, React("F", accept=False))
    assert [(r[0], r[1]) for r in rolls(events)] == [("O", "A")]


def test_an_enemy_entering_an_adjacent_hex_sets_off_an_interrupt_before_the_step():
    """"Interrupt: An immediate interrupt lets you jump in when a certain trigger condition
    arises": a guard whose power answers "an enemy enters an adjacent hex" shoots the orc
    before it steps next to it; the drop stops its walk where it was."""
    fighter = DB["fighter"]
    guard = replace(fighter.power("combat_challenge"), id="guard", name="Guard",
                    trigger="an enemy enters an adjacent hex", shape="ranged", range=5)
    db = dict(DB, fighter=replace(fighter, powers=fighter.powers + (guard,)))
    b = arena(("O", "orc", "red", 2, 3), ("F", "fighter", "blue", 5, 3), db=db,
              dice=[("d20", 15), ("d8", 4)])
    always(b, "F")
    b.update("O", Health, hp=3)
    events = ok(b, S.Walk("O", path=((3, 3), (4, 3))))
    assert [(r[0], r[1], r[7]) for r in rolls(events)] == [("F", "O", "interrupt")]
    assert b.cell(b.unit("O").anchor) == (3, 3)


# ---- walls, lines, autofire, grenades ---------------------------------------------------------

def wizard_field(*extra, dice=()):
    """Wizard W (blue) at 1,3; orc O (red) at 6,3; archer A (red) at 6,5."""
    return arena(("W", "wizard", "blue", 1, 3), ("O", "orc", "red", 6, 3),
                 ("A", "archer", "red", 6, 5), *extra, dice=dice)


def test_a_wall_fills_contiguous_hexes_within_range():
    """"Wall: A wall fills a specified number of contiguous squares within range": five hexes
    in a row, each next to the one before; a gap in the chain is refused."""
    b = wizard_field(dice=[("d6", 3), ("d6", 4), ("d20", 15), ("d20", 15)])
    wall = ((6, 1), (6, 2), (6, 3), (6, 4), (7, 6))
    assert code(b, S.UsePower("W", power="wall_of_fire", wall=wall)) == "bad_wall"
    wall = ((6, 1), (6, 2), (6, 3), (6, 4), (6, 5))
    events = ok(b, S.UsePower("W", power="wall_of_fire", wall=wall))
    assert [r[1] for r in rolls(events)] == ["O", "A"]


def test_a_burning_wall_harms_who_enters_or_starts_there_until_the_end_of_the_next_turn():
    """A wall that burns ("A magical wall ... springs from the ground"): a creature that walks
    into it takes its damage; the zone lasts until the end of its maker's next turn."""
    b = arena(("W", "wizard", "blue", 1, 3), ("O", "orc", "red", 8, 3),
              dice=[("d6", 3), ("d6", 4), ("d6", 2)])
    wall = ((5, 2), (5, 3), (5, 4), (5, 5), (5, 6))
    with_nobody = ok(b, S.UsePower("W", power="wall_of_fire", wall=wall))
    assert not rolls(with_nobody)
    ok(b, S.EndTurn("W"))
    events = ok(b, S.Walk("O", path=((7, 3), (6, 3), (5, 3))))
    assert damage(events) == [2 + 2]
    ok(b, S.EndTurn("O"))
    ok(b, S.EndTurn("W"))           # the end of W's next turn: the wall goes out
    from game.engine.steller.zones import zone_cells
    assert not zone_cells(b)


def test_a_line_strikes_the_hexes_of_a_hex_line_from_the_user():
    """A line: "the first N hexes" of the line from the user toward the hex it aims at: the
    wizard's Lightning Line catches the orc and the archer behind it in one row."""
    b = arena(("W", "wizard", "blue", 1, 3), ("O", "orc", "red", 3, 3),
              ("A", "archer", "red", 5, 3), ("Far", "archer", "red", 9, 3),
              dice=[("d6", 3), ("d6", 4), ("d20", 15), ("d20", 15)])
    events = ok(b, S.UsePower("W", power="lightning_line", at=(7, 3)))
    assert [r[1] for r in rolls(events)] == ["O", "A"]


def test_autofire_rolls_against_the_reflex_of_each_creature_in_the_area():
    """"AUTO-FIRE: STANDARD ACTION ✦ Target: You can shoot an area ... ✦ Dexterity Attack:
    Make a Dexterity attack vs. Reflex defense for each creature in selected area. (-4 without
    Firearms Expert)": three hexes that touch each other, one roll each, -4."""
    b = arena(("G", "goblin_archer", "red", 1, 3), ("F", "fighter", "blue", 8, 3),
              ("K", "fighter", "blue", 9, 3), dice=[("d8", 5), ("d20", 18), ("d20", 3)])
    events = ok(b, S.UsePower("G", power="arrow_spray", at=(8, 3), aim=0))
    hits = of(events, E.AttackRolled)
    assert [e.target for e in hits] == ["F", "K"]
    assert all("autofire" in e.breakdown and "Reflex" in e.breakdown for e in hits)
    assert hits[0].total == 18 + 6 - 4


def test_throw_grenade_is_a_ranged_burst_with_limited_uses():
    """"THROWN EXPLOSIVES: ✦ Target: You can attempt to throw a grenade at a group of
    creatures ... ✦ Dexterity Attack: Make a dexterity attack vs Reflex defense": the goblin's
    Fire Pot bursts on a hex within 5, two pots a battle."""
    b = arena(("G", "goblin", "red", 1, 3), ("F", "fighter", "blue", 5, 3),
              dice=[("d6", 4), ("d20", 15), ("d6", 4), ("d20", 2)])
    assert code(b, S.UsePower("G", power="fire_pot", at=(5, 3))) == "grenade"
    assert code(b, S.ThrowGrenade("G", power="fire_pot", at=(8, 3))) == "out_of_range"
    events = ok(b, S.ThrowGrenade("G", power="fire_pot", at=(5, 3)))
    assert [(r[1], r[5]) for r in rolls(events)] == [("F", True)]
    ok(b, S.EndTurn("G"))
    ok(b, S.EndTurn("F"))
    events = ok(b, S.ThrowGrenade("G", power="fire_pot", at=(5, 3)))
    assert damage(events) == [(4 + 2) // 2]         # half on a miss
    ok(b, S.EndTurn("G"))
    ok(b, S.EndTurn("F"))
    assert code(b, S.ThrowGrenade("G", power="fire_pot", at=(5, 3))) == "power_spent"


def test_an_enemy_entering_an_adjacent_hex_sets_off_a_reaction_after_the_step():
    """"Reaction: An immediate reaction lets you act in response to a trigger": a guard whose
    melee reaction answers "an enemy enters an adjacent hex" strikes once the orc stands next
    to it; the orc's walk then goes on."""
    fighter = DB["fighter"]
    guard = replace(fighter.power("combat_challenge"), id="guard", name="Guard",
                    action="immediate reaction", trigger="an enemy enters an adjacent hex")
    db = dict(DB, fighter=replace(fighter, powers=fighter.powers + (guard,)))
    b = arena(("O", "orc", "red", 2, 2), ("F", "fighter", "blue", 5, 3), db=db,
              dice=[("d20", 15), ("d8", 4), ("d20", 2)])
    always(b, "F")
    events = ok(b, S.Walk("O", path=((3, 2), (4, 2), (5, 2)), confirm=True))
    assert [(r[0], r[1], r[7]) for r in rolls(events)][:1] == [("F", "O", "reaction")]
    assert b.cell(b.unit("O").anchor) == (5, 2)


# ---- the computer player ----------------------------------------------------------------------

def test_the_computer_takes_an_interrupt_that_prevents_a_blow_and_a_heal_that_helps():
    """The computer player answers an immediate action's prompt by the engine's forecast: the
    fighter's at-will interrupt on a marked orc about to strike is taken; the captain's
    encounter heal waits for an ally that is bloodied."""
    from game.ai.steller import StellerPlayer
    player = StellerPlayer("hard")
    b = marked_fight()
    always(b, "F", policy="ask")
    ok(b, S.UsePower("O", power="greataxe", target="A"))
    assert b.pending.kind == "immediate" and player.command(b) == React("F", True)
    b = arena(("F", "fighter", "blue", 3, 3), ("O", "orc", "red", 4, 3),
              ("Cap", "hobgoblin_captain", "red", 7, 3), dice=[("d20", 15), ("d8", 1)])
    always(b, "Cap", policy="ask")
    ok(b, S.UsePower("F", power="longsword", target="O"))
    assert b.pending.reactor == "Cap" and player.command(b) == React("Cap", False)
    b = arena(("F", "fighter", "blue", 3, 3), ("O", "orc", "red", 4, 3),
              ("Cap", "hobgoblin_captain", "red", 7, 3), dice=[("d20", 15), ("d8", 8)])
    always(b, "Cap", policy="ask")
    b.update("O", Health, hp=20)
    ok(b, S.UsePower("F", power="longsword", target="O"))
    assert player.command(b) == React("Cap", True)


def test_the_computer_throws_a_grenade_into_a_knot_of_foes():
    """The computer player weighs Throw Grenade as any power: three foes bunched within 5
    hexes draw the goblin's Fire Pot."""
    from game.ai.steller import StellerPlayer
    b = arena(("G", "goblin", "red", 1, 3), ("F", "fighter", "blue", 5, 3),
              ("K", "fighter", "blue", 5, 4), ("L", "fighter", "blue", 6, 3))
    cmd = StellerPlayer("hard").command(b)
    assert isinstance(cmd, S.ThrowGrenade) and cmd.power == "fire_pot"


def test_the_computer_raises_a_wall_of_fire_on_a_line_of_foes():
    """The computer player weighs a wall as any power: a column of foes draws the wizard's
    Wall of Fire over them."""
    from game.ai.steller import StellerPlayer
    b = arena(("W", "wizard", "blue", 1, 3), ("O", "orc", "red", 7, 2),
              ("P", "orc", "red", 7, 3), ("Q", "orc", "red", 7, 4), ("R", "orc", "red", 7, 5))
    cmd = StellerPlayer("hard").command(b)
    assert isinstance(cmd, S.UsePower) and cmd.power == "wall_of_fire" and len(cmd.wall) == 5
