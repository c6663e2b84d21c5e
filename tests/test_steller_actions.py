"""The steller rulebook's "Actions in Combat" beyond moving and powers, one test per rule
(docs/rules/steller/actions.md, turns.md): the surprise round, delay, ready an action, crawl,
squeeze, aid another, bull rush, grab and escape. Every test is named after the rule it pins,
quotes the rulebook's sentence, and plays it through commands on a real steller battle with the
dice fixed where a roll matters.

As in tests/test_steller_rules.py: the first dice are the initiative d20s (20, 15, 10, 5, 1 in
the listed order, so the turn order is the listed order), then the dice of `dice`.
"""
from __future__ import annotations

from game.ecs.scenario import WALL, make_hexmap
from game.engine import events as E
from game.engine.battle import Battle
from game.engine.steller import commands as S
from game.tiled.hexmap import UnitPlacement
from helpers import code, of, ok

INITIATIVE = (20, 15, 10, 5, 1)


def arena(*units, dice=(), unaware=(), width=12, height=8, terrain=None) -> Battle:
    """units: (name, kind, team, col, row[, conditions]) on open ground; `unaware`: the names
    a map would mark `aware` false."""
    placements = [UnitPlacement(name, kind, team, col, row, 0, {}, tuple(rest[0]) if rest
                                else (), aware=name not in unaware)
                  for name, kind, team, col, row, *rest in units]
    hexmap = make_hexmap(width, height, terrain, placements)
    rolls = [("d20", d) for d in INITIATIVE[:len(units)]] + list(dice)
    return Battle(hexmap, seed=0, rules="steller", fixed_dice=rolls)


def rolls(events) -> list[tuple]:
    """(attacker, target, natural, total, defense, hit, kind) of every roll."""
    return [(e.attacker, e.target, e.natural, e.total, e.ac, e.hit, e.kind)
            for e in of(events, E.AttackRolled)]


def enabled(b: Battle, name: str) -> set[str]:
    return {a.action for a in b.actions(name) if a.enabled}


# ---- the surprise round -----------------------------------------------------------------------

def test_in_the_surprise_round_the_aware_take_one_action_and_the_surprised_none():
    """"If you get to act in the surprise round, you can take a standard action, a move action,
    or a minor action ... but you can't spend action points" and "Surprised combatants don't
    act at all during the surprise round"."""
    b = arena(("F", "fighter", "blue", 3, 3), ("O", "orc", "red", 4, 3),
              ("A", "archer", "red", 9, 3), unaware=("O", "A"), dice=[("d20", 2)])
    assert of(b.events, E.SurpriseRound)[0].unaware == ("O", "A")
    assert b.active == "F" and "surprised" in b.unit("O").conditions
    ok(b, S.Walk("F", path=((3, 4),), confirm=True))        # surprised: no opportunity attack
    assert code(b, S.UsePower("F", power="longsword", target="O")) == "no_standard_action"
    assert code(b, S.ActionPoint("F", action="move")) == "surprise_round"
    events = ok(b, S.EndTurn("F"))
    started = [e.unit for e in of(events, E.TurnStarted)]
    assert started == ["F"] and b.round == 2 and b.active == "F"
    assert "surprised" not in b.unit("O").conditions


def test_a_surprised_creature_grants_combat_advantage_until_the_surprise_round_ends():
    """"Surprised: If you're surprised, you can't take any actions ... and you grant combat
    advantage" (the surprised condition) until the surprise round ends."""
    b = arena(("F", "fighter", "blue", 3, 3), ("O", "orc", "red", 4, 3), unaware=("O",),
              dice=[("d20", 9), ("d8", 3)])
    events = ok(b, S.UsePower("F", power="longsword", target="O"))
    assert rolls(events) == [("F", "O", 9, 9 + 7 + 2, 15, True, "attack")]
    assert "combat advantage (target surprised)" in of(events, E.AttackRolled)[0].breakdown


def test_nobody_is_surprised_when_every_creature_is_unaware():
    """"A surprise round occurs if any combatants are unaware of enemy combatants' presence":
    when none is aware of the other, nobody has the drop on anybody."""
    b = arena(("F", "fighter", "blue", 3, 3), ("O", "orc", "red", 4, 3), unaware=("F", "O"))
    assert not of(b.events, E.SurpriseRound) and "surprised" not in b.unit("O").conditions


# ---- delay ------------------------------------------------------------------------------------

def three():
    """F (blue) far from the orc O and the archer A (red); the order F, O, A."""
    return arena(("F", "fighter", "blue", 1, 3), ("O", "orc", "red", 8, 3),
                 ("A", "archer", "red", 10, 5))


def test_a_delaying_creature_comes_back_later_in_the_round_and_moves_in_the_order():
    """"You can choose to wait to take your turn until later in the round" and "the
    combatant's position in the order can change after delaying": coming back after O's
    turn, F acts before A, and keeps that place."""
    b = three()
    assert "delay" in enabled(b, "F")
    events = ok(b, S.Delay("F"))
    assert not of(events, E.TurnEnded) and b.active == "O"       # no end of its turn yet
    events = ok(b, S.EndTurn("O"))
    assert b.awaiting() == "reaction" and b.pending.reactor == "F"
    assert of(events, E.ReactionAsked)[0].kind == "return"
    ok(b, S.React("F", True))
    assert b.active == "F" and b.order == ("O", "F", "A")
    ok(b, S.Walk("F", path=((2, 3),)))
    ok(b, S.EndTurn("F"))
    assert b.active == "A"
    ok(b, S.EndTurn("A"))
    assert b.round == 2 and b.active == "O"


def test_a_creature_cannot_delay_once_it_has_acted():
    """"You must delay your entire turn, so you can't delay if you've already taken an action
    on your turn"."""
    b = three()
    ok(b, S.Walk("F", path=((2, 3),)))
    assert code(b, S.Delay("F")) == "already_acted"
    assert "delay" not in enabled(b, "F")


def test_a_creature_still_delaying_when_its_turn_comes_round_loses_the_delayed_turn():
    """"Losing a Delayed Turn: If you don't take your delayed turn before your initiative comes
    up again, you lose the delayed turn", and its place in the order stays."""
    b = three()
    ok(b, S.Delay("F"))
    ok(b, S.EndTurn("O"))
    ok(b, S.React("F", False))            # not after O's turn
    assert b.active == "A"
    ok(b, S.EndTurn("A"))
    ok(b, S.React("F", False))            # nor after A's
    assert b.round == 2 and b.active == "F" and b.order == ("F", "O", "A")
    assert any("delayed turn is lost" in e.action for e in of(b.events, E.ActionSpent))


# ---- ready an action --------------------------------------------------------------------------

def test_a_readied_attack_strikes_the_enemy_that_enters_reach_and_resets_initiative():
    """"As soon as the troll walks out from behind the corner, I'll use my pinning strike and
    interrupt its movement" and "Reset Initiative: After you resolve your readied action, move
    your place in the initiative order to directly before the creature ... that triggered"."""
    b = arena(("O", "orc", "red", 8, 3), ("F", "fighter", "blue", 3, 3),
              dice=[("d20", 15), ("d8", 5)])
    ok(b, S.EndTurn("O"))
    assert "ready" in enabled(b, "F")
    assert code(b, S.Ready("F", power="longsword", trigger="later")) == "bad_command"
    ok(b, S.Ready("F", power="longsword", trigger="enters"))
    assert code(b, S.UsePower("F", power="javelin", target="O")) == "no_standard_action"
    ok(b, S.EndTurn("F"))
    events = ok(b, S.Walk("O", path=((7, 3), (6, 3), (5, 3), (4, 3))))
    assert rolls(events) == [("F", "O", 15, 15 + 7, 15, True, "readied")]
    assert b.unit("O").hp == 56 - 9 and b.order == ("F", "O")
    ok(b, S.EndTurn("O"))
    assert b.round == 3 and b.active == "F"


def test_a_readied_action_against_an_attacker_asks_a_creature_whose_policy_is_ask():
    """"If the goblin attacks, I'll react with a crushing blow": the readied action is an
    immediate reaction to the enemy's attack, and its player is asked."""
    b = arena(("A", "archer", "blue", 2, 3), ("O", "orc", "red", 6, 3),
              ("F", "fighter", "blue", 7, 3), dice=[("d20", 3), ("d20", 12), ("d10", 4)])
    ok(b, S.SetPolicy("A", policy="ask", reaction="aoo"))
    ok(b, S.Ready("A", power="longbow", trigger="attacks"))
    ok(b, S.EndTurn("A"))
    events = ok(b, S.UsePower("O", power="greataxe", target="F"))
    assert b.pending.reactor == "A" and of(events, E.ReactionAsked)[0].kind == "ready"
    events = ok(b, S.React("A", True))
    assert rolls(events) == [("A", "O", 12, 12 + 7, 15, True, "readied")]
    assert b.order == ("A", "O", "F") and b.active == "O"


def test_a_readied_action_lapses_at_the_start_of_the_creatures_next_turn():
    """A readied action waits only until the creature's next turn: then it is gone."""
    b = arena(("F", "fighter", "blue", 3, 3), ("O", "orc", "red", 9, 3))
    ok(b, S.Ready("F", power="longsword", trigger="enters"))
    ok(b, S.EndTurn("F"))
    ok(b, S.EndTurn("O"))
    ok(b, S.EndTurn("F"))
    events = ok(b, S.Walk("O", path=((8, 3), (7, 3), (6, 3), (5, 3), (4, 3))))
    assert not rolls(events)


# ---- crawl and squeeze ------------------------------------------------------------------------

def test_a_prone_creature_crawls_half_its_speed_and_provokes_as_a_walk():
    """"CRAWL: MOVE ACTION ✦ Prone: You must be prone to crawl. ✦ Movement: Move up to half
    your speed. ✦ Provoke Opportunity Attacks: If you leave a square adjacent to an enemy,
    that enemy can make an opportunity attack against you"."""
    b = arena(("F", "fighter", "blue", 3, 3, ("prone",)), ("O", "orc", "red", 4, 3),
              dice=[("d20", 2)])
    assert code(b, S.Walk("F", path=((2, 3),), confirm=True)) == "prone"
    assert code(b, S.Crawl("F", path=((2, 3), (1, 3), (0, 3), (0, 4)), confirm=True)) \
        == "too_far"                                  # speed 6: 3 hexes
    assert code(b, S.Crawl("F", path=((2, 3),))) == "provokes"
    events = ok(b, S.Crawl("F", path=((2, 3), (1, 3), (0, 3)), confirm=True))
    assert rolls(events) == [("O", "F", 2, 2 + 8 + 2, 18, False, "aoo")]
    assert b.cell(b.unit("F").anchor) == (0, 3) and "prone" in b.unit("F").conditions
    assert code(b, S.Crawl("O", path=((5, 3),))) == "not_your_turn"


def corridor(*extra, dice=(), fighter_at=10):
    """An ogre G (Large: 3 hexes) at 2,3 before a corridor one hex wide (4,3 to 6,3) through
    a thick wall; the fighter F beyond it (at `fighter_at`,3)."""
    walls = {(c, r): WALL for c in (4, 5, 6) for r in range(8) if r != 3}
    return arena(("G", "ogre", "red", 2, 3), ("F", "fighter", "blue", fighter_at, 3), *extra,
                 dice=dice, terrain=walls)


def test_a_large_creature_squeezes_through_a_gap_one_hex_wide_at_half_speed():
    """"SQUEEZE: MOVE ACTION ✦ Smaller Space: A Large, Huge, or Gargantuan creature reduces its
    space by 1 ... ✦ Half Speed": on hexes a Large creature squeezes into one hex, so it gets
    into a corridor one hex wide that it cannot walk into."""
    b = corridor()
    walks = {o.command.path[-1] for o in b.options("G", "walk")}
    assert (4, 3) not in walks and (5, 3) not in walks
    assert code(b, S.Squeeze("G", path=((3, 3), (4, 3), (5, 3), (6, 3)))) == "too_far"
    ok(b, S.Squeeze("G", path=((3, 3), (4, 3), (5, 3))))
    assert b.unit("G").hexes == (b.hexmap.hex_at(5, 3),)
    assert "squeezing" in b.unit("G").conditions
    assert code(b, S.Walk("G", path=((6, 3),))) == "squeezing"


def test_a_squeezing_creature_takes_5_off_its_attacks_and_grants_combat_advantage():
    """"–5 Penalty to Attack Rolls: You have a –5 penalty to attack rolls" and "Grant Combat
    Advantage: You grant combat advantage" while squeezing."""
    b = corridor(dice=[("d20", 10), ("d8", 3), ("d20", 10)], fighter_at=7)
    ok(b, S.Squeeze("G", path=((3, 3), (4, 3), (5, 3))))
    ok(b, S.EndTurn("G"))
    ok(b, S.Shift("F", path=((6, 3),)))
    events = ok(b, S.UsePower("F", power="longsword", target="G"))
    assert rolls(events) == [("F", "G", 10, 10 + 7 + 2, 18, True, "attack")]
    assert "combat advantage (target squeezing)" in of(events, E.AttackRolled)[0].breakdown
    ok(b, S.EndTurn("F"))
    assert "squeezing" in b.unit("G").conditions        # no room to stand in yet
    events = ok(b, S.UsePower("G", power="greatclub", target="F"))
    assert rolls(events) == [("G", "F", 10, 10 + 11 - 5, 18, False, "attack")]


def test_a_squeeze_ends_at_the_start_of_the_next_turn_where_the_whole_space_fits():
    """"Ending a Squeeze: You can end a squeeze as a free action if you are in a space large
    enough": on open ground the ogre has its three hexes back when its next turn starts."""
    b = corridor()
    ok(b, S.Squeeze("G", path=((3, 3), (3, 4))))
    assert len(b.unit("G").hexes) == 1
    ok(b, S.EndTurn("G"))
    ok(b, S.EndTurn("F"))
    assert len(b.unit("G").hexes) == 3 and "squeezing" not in b.unit("G").conditions
    assert "walk" in enabled(b, "G")


def test_a_creature_that_fills_one_hex_has_nothing_to_squeeze_into():
    """On hexes no gap is narrower than one hex: a Medium creature cannot squeeze."""
    b = arena(("F", "fighter", "blue", 3, 3), ("O", "orc", "red", 9, 3))
    assert code(b, S.Squeeze("F", path=((2, 3),))) == "too_small"
    assert "squeeze" not in enabled(b, "F")


# ---- aid another ------------------------------------------------------------------------------

def aid_field(dice=()):
    """Fighter F next to orc O; the archer A (F's side) away from it; the order F, O, A."""
    return arena(("F", "fighter", "blue", 3, 3), ("O", "orc", "red", 4, 3),
                 ("A", "archer", "blue", 8, 3), dice=dice)


def test_aid_another_gives_an_ally_2_on_its_next_attack_on_the_enemy():
    """"AID ANOTHER: STANDARD ACTION ✦ Attack Roll: Choose a target within your melee reach and
    make a melee basic attack vs. AC 10. If you succeed, deal no damage, but choose one ally.
    That ally gets a +2 bonus to his or her next attack roll against the target"."""
    b = aid_field(dice=[("d20", 3), ("d20", 6), ("d10", 4), ("d20", 6)])
    events = ok(b, S.AidAnother("F", target="O", ally="A", aid="attack"))
    assert rolls(events) == [("F", "O", 3, 3 + 7, 10, True, "aid another")]
    assert b.unit("O").hp == 56 and code(b, S.TotalDefense("F")) == "no_standard_action"
    pass_to(b, "A")
    events = ok(b, S.UsePower("A", power="longbow", target="O"))
    assert rolls(events) == [("A", "O", 6, 6 + 7 + 2, 15, True, "attack")]
    assert "+2 aid another" in of(events, E.AttackRolled)[0].breakdown
    ok(b, S.ActionPoint("A", action="standard"))
    events = ok(b, S.UsePower("A", power="longbow", target="O"))     # the aid is spent
    assert rolls(events) == [("A", "O", 6, 6 + 7, 15, False, "attack")]


def test_aid_another_may_give_an_ally_2_to_its_defenses_against_the_enemys_next_attack():
    """"That ally gets a +2 bonus ... to all defenses against the target's next attack"; a
    roll under 10 gives nothing."""
    b = aid_field(dice=[("d20", 2)])
    events = ok(b, S.AidAnother("F", target="O", ally="A", aid="defense"))
    assert rolls(events) == [("F", "O", 2, 2 + 7, 10, False, "aid another")]
    b = arena(("F", "fighter", "blue", 3, 3), ("O", "orc", "red", 4, 3),
              ("A", "archer", "blue", 5, 3),
              dice=[("d20", 5), ("d20", 7), ("d20", 7), ("d12", 5)])
    ok(b, S.AidAnother("F", target="O", ally="A", aid="defense"))
    ok(b, S.EndTurn("F"))
    events = ok(b, S.UsePower("O", power="greataxe", target="A"))
    assert rolls(events) == [("O", "A", 7, 7 + 8, 14 + 2, False, "attack")]
    ok(b, S.ActionPoint("O", action="standard"))
    events = ok(b, S.UsePower("O", power="greataxe", target="A"))   # spent: AC 14 again
    assert rolls(events) == [("O", "A", 7, 7 + 8, 14, True, "attack")]


def pass_to(b: Battle, name: str) -> None:
    while b.active != name:
        ok(b, S.EndTurn(b.active))


def turn_of(b: Battle, name: str) -> None:
    """End the turn under way, then pass to `name`'s next turn."""
    ok(b, S.EndTurn(b.active))
    pass_to(b, name)


# ---- bull rush --------------------------------------------------------------------------------

def test_a_bull_rush_pushes_the_target_1_hex_and_the_attacker_shifts_into_its_hex():
    """"BULL RUSH: STANDARD ACTION ✦ Strength Attack: Make a Strength attack vs. Fortitude
    ✦ Hit: Push the target 1 square, and shift into the vacated space" (no damage)."""
    b = arena(("F", "fighter", "blue", 3, 3), ("O", "orc", "red", 4, 3),
              dice=[("d20", 12)])
    events = ok(b, S.BullRush("F", target="O"))
    assert rolls(events) == [("F", "O", 12, 12 + 7 - 2, 17, True, "bull rush")]
    assert b.cell(b.unit("O").anchor) == (5, 3) and b.cell(b.unit("F").anchor) == (4, 3)
    assert b.unit("O").hp == 56 and not of(events, E.Damaged)


def test_a_bull_rush_that_misses_moves_nobody_and_a_target_two_sizes_larger_is_refused():
    """"Target: You can bull rush a target adjacent to you that is smaller than you, the same
    size category as you, or one category larger than you"."""
    b = arena(("F", "fighter", "blue", 3, 3), ("O", "orc", "red", 4, 3),
              ("H", "giant", "red", 3, 5), dice=[("d20", 5)])
    assert code(b, S.BullRush("F", target="H")) == "too_big"
    events = ok(b, S.BullRush("F", target="O"))
    assert rolls(events)[0][5] is False and b.cell(b.unit("O").anchor) == (4, 3)


# ---- grab and escape --------------------------------------------------------------------------

def test_a_grab_immobilizes_the_target_until_it_escapes():
    """"GRAB: STANDARD ACTION ... ✦ Strength Attack: Make a Strength attack vs. Reflex" and
    "ESCAPE: MOVE ACTION ✦ Acrobatics or Athletics: Make an Acrobatics check vs. Reflex or an
    Athletics check vs. Fortitude against the creature ... that immobilized you"; a success
    ends the grab and the escaper shifts 1."""
    b = arena(("F", "fighter", "blue", 3, 3), ("O", "orc", "red", 4, 3),
              dice=[("d20", 12), ("d20", 4), ("d20", 9)])
    events = ok(b, S.Grab("F", target="O"))
    assert rolls(events) == [("F", "O", 12, 12 + 5, 15, True, "grab")]
    assert "grabbed" in b.unit("O").conditions
    ok(b, S.EndTurn("F"))
    assert code(b, S.Walk("O", path=((5, 3),))) == "immobilized"
    assert "escape" in enabled(b, "O") and "walk" not in enabled(b, "O")
    events = ok(b, S.Escape("O", skill="acrobatics"))
    assert rolls(events) == [("O", "F", 4, 4 + 2, 15, False, "escape")]
    assert "grabbed" in b.unit("O").conditions
    ok(b, S.ActionPoint("O", action="move"))
    events = ok(b, S.Escape("O", skill="athletics", path=((5, 3),)))
    assert rolls(events) == [("O", "F", 9, 9 + 8 - 2, 15, True, "escape")]
    assert "grabbed" not in b.unit("O").conditions and b.cell(b.unit("O").anchor) == (5, 3)


def test_a_grab_not_sustained_with_a_minor_action_ends_at_the_end_of_the_grabbers_turn():
    """"Sustaining a Grab: You sustain a grab as a minor action": a grabber that does not
    sustain it in its turn lets go when the turn ends; one that moves away lets go at once."""
    b = arena(("F", "fighter", "blue", 3, 3), ("O", "orc", "red", 4, 3),
              dice=[("d20", 12), ("d20", 12)])
    ok(b, S.Grab("F", target="O"))
    assert code(b, S.SustainGrab("F")) == "sustained"    # the grab's own turn counts
    turn_of(b, "F")
    ok(b, S.SustainGrab("F"))
    turn_of(b, "F")
    assert "grabbed" in b.unit("O").conditions
    ok(b, S.EndTurn("F"))
    assert "grabbed" not in b.unit("O").conditions
    turn_of(b, "F")
    ok(b, S.Grab("F", target="O"))
    ok(b, S.Shift("F", path=((2, 3),)))
    assert "grabbed" not in b.unit("O").conditions


# ---- the computer player ----------------------------------------------------------------------

def test_the_computer_bull_rushes_an_enemy_off_a_bloodied_ally():
    """The computer player reads the bull rush's forecast (where the push leaves the enemy)
    and pushes a fighter away from its bloodied goblin."""
    from game.ai.steller import StellerPlayer
    b = arena(("F", "fighter", "blue", 4, 3), ("G", "goblin", "red", 4, 2),
              ("O", "orc", "red", 3, 3), dice=[("d20", 20), ("d20", 20)])
    ok(b, S.UsePower("F", power="longsword", target="G"))
    ok(b, S.ActionPoint("F", action="standard"))
    ok(b, S.UsePower("F", power="longsword", target="G"))
    assert b.unit("G").hp == 32 - 2 * 12
    pass_to(b, "O")
    chosen = StellerPlayer("hard").command(b, "O")
    assert chosen == S.BullRush("O", target="F")
    ends = dict(b.forecast(chosen).ends)
    assert ends["O"] == (4, 3) and ends["F"] not in ((4, 2), (3, 3))


def test_the_computer_grabs_an_enemy_shooter_next_to_it_and_sustains_the_grab():
    """An archer next to the orc would shift away and shoot: the computer grabs it, and in
    its next turn spends its minor action to hold on."""
    from game.ai.steller import StellerPlayer
    b = arena(("O", "orc", "red", 3, 3), ("A", "archer", "blue", 4, 3),
              dice=[("d20", 15)])
    player = StellerPlayer("hard")
    chosen = player.command(b, "O")
    assert chosen == S.Grab("O", target="A")
    ok(b, chosen)
    assert "grabbed" in b.unit("A").conditions
    turn_of(b, "O")
    assert player.command(b, "O") == S.SustainGrab("O")


def test_the_computer_escapes_a_grab_that_keeps_its_archer_from_stepping_away():
    """"ESCAPE: MOVE ACTION": a grabbed archer, which would shift away and shoot, tries to
    escape on its turn, by the check the forecast gives the better chance."""
    from game.ai.steller import StellerPlayer
    b = arena(("O", "orc", "red", 3, 3), ("A", "archer", "blue", 4, 3),
              dice=[("d20", 15)])
    ok(b, S.Grab("O", target="A"))
    assert "grabbed" in b.unit("A").conditions
    turn_of(b, "A")
    chosen = StellerPlayer("hard").command(b, "A")
    assert isinstance(chosen, S.Escape)
    chances = {o.command.skill: b.forecast(o.command).chance for o in b.options("A", "escape")}
    assert b.forecast(chosen).chance == max(chances.values())


def test_the_computer_aids_an_ally_when_no_attack_of_its_own_is_worth_making():
    """The step the computer takes when none of its attacks is worth making: it aids an ally
    next to the same enemy (+2 to that ally's next attack on it), here the orc beside the
    fighter the goblin minion stands next to."""
    from game.ai.steller import StellerPlayer
    b = arena(("M", "goblin_minion", "red", 3, 3), ("F", "fighter", "blue", 4, 3),
              ("O", "orc", "red", 5, 3))
    player = StellerPlayer("hard")
    assert player.aid(b, "M") == S.AidAnother("M", target="F", ally="O", aid="attack")


def test_the_new_commands_are_recorded_and_read_back_as_every_other():
    """A save records each command as a dict (game.engine.replay): the new commands read back
    equal, and the replayed battle reaches the same state."""
    from game.engine.commands import command_from_dict
    b = arena(("O", "orc", "red", 8, 3), ("F", "fighter", "blue", 3, 3),
              ("A", "archer", "blue", 3, 6), dice=[("d20", 15), ("d8", 5), ("d20", 15)])
    for cmd in (S.Delay("O"), S.Ready("F", power="longsword", trigger="enters"),
                S.EndTurn("F"), S.React("O", True),
                S.Walk("O", path=((7, 3), (6, 3), (5, 3), (4, 3))), S.Grab("O", target="F")):
        ok(b, cmd)
    types = b.profile.command_types
    logged = [command_from_dict(c.to_dict(), "test", types) for c in b.log]
    assert logged == list(b.log)
    again = arena(("O", "orc", "red", 8, 3), ("F", "fighter", "blue", 3, 3),
                  ("A", "archer", "blue", 3, 6), dice=[("d20", 15), ("d8", 5), ("d20", 15)])
    for cmd in logged:
        ok(again, cmd)
    assert again.state_hash() == b.state_hash()
    for cmd in (S.AidAnother("F", target="O", ally="A", aid="defense"), S.BullRush("F", "O"),
                S.SustainGrab("F"), S.Escape("F", skill="acrobatics", path=((2, 3),)),
                S.Crawl("F", path=((2, 3),)), S.Squeeze("F", path=((2, 3),))):
        assert command_from_dict(cmd.to_dict(), "test", types) == cmd
