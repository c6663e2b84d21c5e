"""The More actions mode (J) and its menu: the actions without a button of their own, offered
and targeted through the engine's legality query alone (game.ui.more_mode, game.ui.more_menu).

Driven through the controller and a real HUD on the dummy video driver; every assertion is on
the battle's state or the UI model.
"""
from __future__ import annotations

import pygame

from game.engine import commands as C
from game.ui import more_mode
from game.ui import presenters as P
from game.ui.controller import GameController

from test_ui_controller import battle_on


def helpless_orc():
    """Wulfric next to an unconscious orc: Coup de Grace is the More action to take."""
    return battle_on([
        dict(name="Wulfric", unit="fighter", team="blue", col=2, row=3),
        dict(name="Orc", unit="orc", team="red", col=3, row=3, facing=3,
             conditions=("unconscious",)),
        dict(name="Goblin", unit="goblin", team="red", col=8, row=6, facing=3),
    ])


def test_the_more_button_is_enabled_only_when_a_more_action_is():
    b = helpless_orc()
    more = next(s for s in P.action_states(b, human=True) if s.action == "more")
    assert more.enabled and more.hotkey == "J"
    # a blinded cleric (a mace only: no javelin to volley with) far from the goblin; Spot
    # (docs/rules/22-hiding-and-fog.md) is open to anyone who can see
    lying = battle_on([dict(name="Wulfric", unit="cleric", team="blue", col=2, row=3,
                            conditions=("blinded",)),
                       dict(name="Goblin", unit="goblin", team="red", col=8, row=6)])
    more = next(s for s in P.action_states(lying, human=True) if s.action == "more")
    assert not more.enabled and "rarer actions" in more.reason


def test_more_states_follow_the_engines_query():
    b = helpless_orc()
    states = {s.action: s for s in P.more_states(b, human=True)}
    engine = {o.action: o for o in b.actions("Wulfric")}
    assert set(states) == set(more_mode.MORE_IDS)
    for action, s in states.items():
        assert s.enabled == engine[action].enabled


def test_j_targets_the_helpless_orc_and_a_click_slays_it():
    b = helpless_orc()
    ctl = GameController(b)
    ctl.do_action("more")
    assert ctl.model.mode == "more" and ctl.model.more.action == "coup_de_grace"
    assert set(ctl.model.more.targets) == {(3, 3)}
    ctl.hover_cell((3, 3))
    hovered = ctl.model.more.hovered
    assert hovered is not None and isinstance(hovered.option.command, C.CoupDeGrace)
    assert hovered.option.command.target == "Orc"
    assert hovered.forecast.chance == 1.0 and "Orc dies" in hovered.forecast.lines[0]
    ctl.click_cell((3, 3))
    if ctl.model.pending is not None:       # it provokes the goblin? then confirm
        ctl.confirm()
    assert b.unit("Wulfric").has("coup_de_grace")   # the orc dies when its next turn starts


def test_a_click_off_the_targets_sends_nothing():
    b = helpless_orc()
    ctl = GameController(b)
    ctl.do_action("more")
    version = b.version
    ctl.click_cell((0, 0))
    assert b.version == version and "highlighted" in ctl.model.message


def test_the_menu_lists_every_more_action_and_its_press_chooses_it():
    import pygame_gui
    from game.ui.hud import Hud, make_manager
    pygame.init()
    pygame.display.set_mode((1280, 800))
    try:
        b = helpless_orc()
        ctl = GameController(b)
        manager = make_manager((1280, 800))
        hud = Hud(manager, ctl, (1280, 800))
        ctl.do_action("more")
        hud.refresh(force=True)
        states = {s.action: s for s in P.more_states(b, True)}
        enabled = {a for a, s in states.items() if s.enabled}
        assert set(hud.more_menu.buttons) == enabled | {"not_now"}
        assert "coup_de_grace" in enabled and "leave_map" not in enabled
        others = hud.more_menu.buttons["not_now"]
        assert not others.is_enabled and "Leave the Map" in others.tool_tip_text
        assert others.text.startswith(f"{len(states) - len(enabled)} more")
        assert hud.contains(hud.more_menu.panel.rect.center)
        ctl.model.more.action = None
        event = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {
            "ui_element": hud.more_menu.buttons["coup_de_grace"], "ui_object_id": "x"})
        assert hud.process_event(event)
        assert ctl.model.more.action == "coup_de_grace" and (3, 3) in ctl.model.more.targets
        ctl.cancel()
        hud.refresh(force=True)
        assert hud.more_menu.panel is None
    finally:
        pygame.display.quit()
