"""The action bar's Ability mode (game/ui/ability_mode.py) through the controller: the
template snaps to the engine's legal aims, the click sends the UseAbility command, and a use
that provokes waits for a confirmation like a provoking move (rules: Special abilities)."""
from __future__ import annotations

from game.engine import commands as C
from game.engine import events as E
from game.ui.controller import GameController
from game.ui.presenters import action_states

from test_abilities import shaman_field
from test_engine_turns import ok


def _controller(b) -> GameController:
    ctl = GameController(b, human_teams={"red"})
    ctl.select("S")
    return ctl


def test_the_ability_button_aims_at_the_mouse_and_a_click_uses_it():
    b = shaman_field()
    ctl = _controller(b)
    ctl.do_action("use_ability")
    assert ctl.model.mode == "ability" and ctl.model.ability == "fear_burst"
    ctl.hover_cell((6, 3))
    aim = ctl.model.aim
    assert aim.command == C.UseAbility("S", ability="fear_burst", origin=(6, 3))
    assert ctl.model.highlighted == {"A", "B"}
    out = ctl.click_cell((6, 3))
    assert out is not None and out.ok
    assert any(isinstance(e, E.AbilityUsed) for e in out.events)
    assert b.unit("S").uses["fear_burst"] == 2


def test_a_provoking_use_waits_for_a_second_click():
    b = shaman_field(dice=[("d20", 1)], a=(3, 3), b=(8, 3))
    for name in ("S", "A", "B"):
        ok(b, C.EndTurn(name))
    ctl = _controller(b)
    ctl.do_action("use_ability")
    ctl.hover_cell((8, 3))
    assert ctl.model.aim.provokes == ("A",)
    assert ctl.click_cell((8, 3)) is None and ctl.model.pending.confirm
    out = ctl.click_cell((8, 3))
    assert out.ok and any(isinstance(e, E.Provoked) for e in out.events)


def test_the_button_is_disabled_with_the_engines_reason_for_creatures_without_abilities():
    b = shaman_field()
    ok(b, C.EndTurn("S"))
    states = {s.action: s for s in action_states(b, human=True)}
    assert not states["use_ability"].enabled
    assert states["use_ability"].reason == "No special abilities"
