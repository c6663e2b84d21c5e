"""The reactions in play (docs/rules/16-reactions.md): the computer player's parries,
protection and trading of spaces, the counts of `simulate`, and what the HUD shows - all on
tests/scenarios/reactions.tmx through commands with fixed dice (see tests/test_reactions.py)."""
from __future__ import annotations

from game.ai import reactions
from game.ai.player import AIPlayer, Option
from game.balance.stats import action_counts
from game.engine import commands as C
from game.engine import defense
from game.engine import events as E
from game.ui import presenters as P
from game.ui.controller import GameController

from test_reactions import battle, grik_attacks_tamsin, of, ok, to_round_two
from tests.helpers import shared_app


def test_the_computer_player_lets_its_creatures_be_asked_first():
    """docs/rules/16-reactions.md: "the computer player switches its own creatures to
    'ask' and answers each prompt itself" (each creature on its first decision)."""
    b = battle(human=())
    player = AIPlayer("normal", seed=1)
    first = player.command(b)
    assert first == C.SetPolicy("Grik", "ask", reaction="defense")
    ok(b, first)
    assert reactions.opt_in(b, "Grik") is None and not isinstance(player.command(b),
                                                                    C.SetPolicy)
    assert reactions.opt_in(b, "Aldric") == C.SetPolicy("Aldric", "ask", reaction="defense")
    human = battle()
    assert reactions.opt_in(human, "Aldric") is None        # a human player's: asked anyway
    assert defense.defense_policy(b, "Grik") == "ask"


def test_the_computer_player_parries_a_dangerous_blow():
    """The computer parries when the defense takes a large share of its hit points off the
    expected damage (a wounded fighter without armour against a greataxe: 65% to be hit
    against its AC, 43% against its parry)."""
    b = battle(human=("red",), overrides={"Aldric": {"hp": 6, "armor": 0}}, dice=[12, 18])
    to_round_two(b)
    while (setup := reactions.opt_in(b, "Aldric")) is not None:
        ok(b, setup)
    ok(b, C.Attack("Grik", "Aldric", "greataxe"))
    assert b.decider() == ("reaction", "Aldric")
    answer = AIPlayer("normal", seed=1).command(b)
    assert answer == C.ActiveParry("Aldric")
    [roll] = of(ok(b, answer), E.AttackRolled)
    assert roll.defense == "parry" and not roll.hit


def test_the_computer_player_keeps_its_reaction_when_the_defense_barely_helps():
    """A full-health fighter against a light blow: the parry changes little, no defense."""
    b = battle(human=("red",), overrides={"Grik": {"str": 8}}, dice=[12])
    to_round_two(b)
    ok(b, C.SetPolicy("Aldric", "ask", reaction="defense"))
    ok(b, C.Attack("Grik", "Aldric", "greataxe"))
    options = reactions.defense_options(b, Option)
    best = max(options, key=lambda o: o.score)
    assert best.command == C.React("Aldric", False)


def test_the_computer_player_protects_a_wounded_ally_in_reach_of_an_enemy():
    """Protect a wounded ally: the cover keeps expected damage off it."""
    # round 1: Grik hits Aldric for 13 (its javelin in the other hand: STR once)
    b = battle(human=(), dice=[18, ("d12", 10)])
    ok(b, C.Attack("Grik", "Aldric", "greataxe"))
    assert b.unit("Aldric").hp == 9
    ok(b, C.EndTurn("Grik"))
    assert reactions.protect_options(b, b.unit("Aldric"), 0.0, Option) == []
    ok(b, C.EndTurn("Aldric"))
    options = reactions.protect_options(b, b.unit("Tamsin"), 0.0, Option)
    assert [o.command for o in options] == [C.Protect("Tamsin", ally="Aldric")]
    assert options[0].detail["gain"] > options[0].detail["cost"]


def test_simulate_counts_the_reactions_of_each_side():
    """`simulate --json` counts the uses of each action per side, the Reactions included."""
    b = battle(dice=[17, 16, 3])
    to_round_two(b)
    ok(b, C.Attack("Grik", "Aldric", "greataxe"))
    ok(b, C.ActiveParry("Aldric"))
    ok(b, C.EndTurn("Grik"))
    ok(b, C.TradeSpaces("Aldric", ally="Tamsin", confirm=True))
    counts = action_counts(b)
    assert counts["blue"]["Reaction: Active Parry"] == 1
    assert counts["blue"]["Reaction: Trade Spaces"] == 1
    assert counts["red"]["Reaction: AOO"] == 1
    assert counts["blue"]["ActiveParry"] == 1 and counts["blue"]["TradeSpaces"] == 1


def test_the_defense_prompt_shows_the_engines_odds():
    """The prompt gives the hit chance without a defense and with each possible one, as the
    engine's probability functions compute them."""
    b = battle()
    to_round_two(b)
    ok(b, C.Attack("Grik", "Aldric", "greataxe"))
    odds, _, _ = defense.pending_odds(b)
    title, lines = P.defense_prompt(b)
    assert title == "Defend: Aldric"
    assert f"hit {P._pct(float(odds['none'].hit))}" in lines[1]
    assert lines[2].startswith("Active Parry (P): hit " + P._pct(float(odds["parry"].hit)))
    assert "not possible" in lines[3] and "Acrobatics" in lines[3]
    assert P.blocked_reason(b) == "Waiting for Aldric's answer to the defense prompt"


def test_the_attack_preview_shows_the_odds_against_a_parry():
    """Attack previews show the odds of parries and dodges where they change a hit chance."""
    b = battle(human=("blue", "red"))
    to_round_two(b)
    ctl = GameController(b)
    ctl.select("Grik")
    ctl.hover_cell(b.cell(b.unit("Aldric").anchor))
    odds = ctl.model.attack_defenses
    assert set(odds) == {"none", "parry"}
    text = P.attack_tooltip(ctl.model.attack, odds)
    assert f"If the target parries (its Reaction): hit {P._pct(float(odds['parry'].hit))}" in text


def test_protect_mode_and_a_click_on_the_ally():
    """The action bar's Protect (B) waits for a click on the ally, then asks the engine."""
    b = battle(human=("blue", "red"))
    ok(b, C.EndTurn("Grik"))
    ctl = GameController(b)
    states = {s.action: s for s in P.action_states(b, ctl.model)}
    assert states["protect"].enabled and states["protect"].cost == "1 Big Action"
    ctl.do_action("protect")
    out = ctl.click_cell(b.cell(b.unit("Tamsin").anchor))
    assert out is not None and out.ok
    assert [e.ally for e in of(out.events, E.Protected)] == ["Tamsin"]


def test_accepting_a_defense_prompt_takes_the_defense_with_the_lower_hit_chance():
    """docs/rules/16-reactions.md: "Yes" without naming a defense takes the better one."""
    b = battle(dice=[10, 10])
    grik_attacks_tamsin(b)
    odds, _, _ = defense.pending_odds(b)
    assert min(odds[k].hit for k in ("parry", "dodge")) > odds["none"].hit
    [roll] = of(ok(b, C.React("Tamsin", accept=True)), E.AttackRolled)
    assert roll.defense == ""               # neither defense beats her AC 17: none is used
    bare = battle(overrides={"Aldric": {"armor": 0}}, dice=[10, 10])
    to_round_two(bare)
    ok(bare, C.Attack("Grik", "Aldric", "greataxe"))
    odds, _, _ = defense.pending_odds(bare)
    assert odds["parry"].hit < odds["none"].hit
    [roll] = of(ok(bare, C.React("Aldric", accept=True)), E.AttackRolled)
    assert roll.defense == "parry"


def test_hotseat_the_defender_answers_and_sees_the_outcome_before_the_handoff():
    """In hotseat the defense prompt goes to the defender's player, who sees how it went
    before the screen is handed back."""
    import pygame
    from test_hotseat import hand_over
    from test_ui_app import key
    b = battle(human=("blue", "red"), dice=[17, 16])
    to_round_two(b)
    a = shared_app(b, (1280, 800), animations=False)
    if a.mode == "handoff":
        hand_over(a)
    assert a.viewer == "red"
    a.controller.send(C.Attack("Grik", "Aldric", "greataxe"))
    a.update(0.1)
    assert b.decider() == ("reaction", "Aldric") and a.mode == "handoff"
    hand_over(a)
    title, body, buttons = a.hud.prompt.content(b)
    assert title == "Defend: Aldric" and "Blue player" in body and buttons
    key(a, pygame.K_p)
    assert any(isinstance(e, E.AttackRolled) and e.defense == "parry" for e in b.events)
    assert a.mode == "battle" and a.hold and "Press a key" in a.model.message


def test_the_computer_player_trades_a_fresh_fighter_into_a_wounded_allys_place():
    """Trade Spaces to bring a fresh fighter forward: Aldric (8 of 22 HP) stands next to
    Grik, whose Reaction went on a parry; fresh Tamsin behind him takes his place."""
    b = battle(human=(), dice=[18, ("d12", 10), 5, 15])
    ok(b, C.SetPolicy("Grik", "always", reaction="defense"))
    ok(b, C.Attack("Grik", "Aldric", "greataxe"))          # 18 + 5 hits: 1d12+4 = 14
    ok(b, C.EndTurn("Grik"))
    events = ok(b, C.Attack("Aldric", "Grik", "longsword"))
    assert of(events, E.AttackRolled)[0].defense == "parry"
    ok(b, C.EndTurn("Aldric"))
    options = reactions.trade_options(b, b.unit("Tamsin"), 0.0, Option)
    assert [o.command for o in options] == [C.TradeSpaces("Tamsin", ally="Aldric")]
    assert b.apply(options[0].command).ok
    assert b.cell(b.unit("Tamsin").anchor) == (2, 1)
