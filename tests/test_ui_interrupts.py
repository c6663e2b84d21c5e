"""The player's side of the turn structure (docs/rules/09-turns-and-actions.md; the players' page "Turns, actions and
initiative"): the Interrupt Turn prompt with its odds, Prepare Interrupt's trigger and action
chosen before it is sent, Ignore Enemy by clicking, Defer as a button. The HUD and the
controller only ask the engine (legality query, options) and send commands."""
from __future__ import annotations

from game.engine import commands as C
from game.engine import events as E
from game.rules.initiative import interrupt_chance
from game.ui.controller import GameController

from test_ui_controller import battle_on
from test_ui_hud import make_hud, press, screen  # noqa: F401 - the fixture


def caught() -> "Battle":
    """Opener (blue, first) ends its turn and picks the Orc (red), which steps into the reach
    of Wulfric (blue, a person's, not acted yet)."""
    b = battle_on([dict(name="Opener", unit="archer", team="blue", col=0, row=7),
                   dict(name="Wulfric", unit="fighter", team="blue", col=6, row=3),
                   dict(name="Orc", unit="orc", team="red", col=2, row=3, facing=0)])
    assert b.apply(C.EndTurn("Opener")).ok
    assert b.apply(C.ChooseNext("Opener", "Orc")).ok
    assert b.apply(C.Move("Orc", ((3, 3), (4, 3), (5, 3)), confirm=True)).ok
    return b


def test_interrupt_turn_prompt_asks_the_owner_with_the_odds_of_the_roll(screen):  # noqa: F811
    """"Both parties involved (you & enemy) roll an opposed Initiative Check." The owner is
    asked with the chance of winning it, and the answer goes to the engine as a React."""
    b = caught()
    assert b.awaiting() == "reaction" and b.pending.kind == "interrupt"
    hud, manager, ctl = make_hud(screen, b, human=True)     # the reactor's owner looks
    assert hud.prompt_visible and "Interrupt Turn: Wulfric" in hud.prompt_title.text
    view = b.view()
    odds = f"{interrupt_chance(view.unit('Wulfric'), view.unit('Orc')) * 100:.0f}%"
    assert "Blue player" in hud.prompt_box.html_text and odds in hud.prompt_box.html_text
    assert press(hud, hud.accept_button)
    assert ("react", True) in ctl.calls
    assert any(isinstance(e, E.InterruptTriggered) for e in b.events)
    from game.ui.presenters import log_entries
    lines = [x.text for x in log_entries(b.events)]
    assert "Wulfric may take its turn now, in the middle of Orc's at 5,3: its player decides" \
        in lines
    assert any("Orc is faster" in t or t == "Wulfric interrupts Orc's turn" for t in lines)


def test_prepare_interrupt_trigger_and_action_are_chosen_before_it_is_sent():
    """"Tell your GM what you are waiting for, and what you plan to do when it happens." """
    b = battle_on([dict(name="Wulfric", unit="fighter", team="blue", col=2, row=3),
                   dict(name="Orc", unit="orc", team="red", col=8, row=3)])
    ctl = GameController(b)
    assert ctl.do_action("prepare_interrupt") is None and ctl.model.mode == "interrupt"
    assert "Wulfric" not in b.interrupts and "(U)" in ctl.model.message
    ctl.cycle_trigger()
    ctl.cycle_prepared()
    trigger, action = ctl.model.trigger, ctl.model.prepared
    assert trigger != "enters_reach" and action != "attack"
    assert (trigger, action) in [(o.command.trigger, o.command.action)
                                 for o in b.options("Wulfric", "prepare_interrupt")]
    assert ctl.do_action("prepare_interrupt").ok
    assert (b.interrupts["Wulfric"].trigger, b.interrupts["Wulfric"].action) == (trigger, action)


def test_ignore_mode_clicks_an_enemy_and_defer_is_a_button_the_engine_words():
    """Ignore an enemy is a Little Action aimed at a foe; Defer is refused with the engine's
    reason when an enemy picked the creature."""
    b = battle_on([dict(name="Wulfric", unit="fighter", team="blue", col=2, row=3),
                   dict(name="Orc", unit="orc", team="red", col=8, row=3)])
    ctl = GameController(b)
    ctl.do_action("ignore_enemy")
    assert ctl.model.mode == "ignore"
    ctl.click_cell((8, 3))
    assert b.ignoring["Wulfric"] == ("Orc",)
    assert b.action("Wulfric", "defer").code == "not_picked_by_ally"
    assert not ctl.do_action("defer").ok
