"""Minions in the HUD and the controller (the players' page "Minions"): the group's shared
actions on the leader's and the minions' unit cards, in the initiative list and the top bar;
a directed minion is selected and commanded with the same clicks as any creature; Direct
Minions is offered by the More actions table, not by an action button."""
from __future__ import annotations

from game.ecs.components import Controller
from game.engine import commands as C
from game.ui import presenters as P
from game.ui.controller import GameController

from test_engine_turns import ok
from test_minions import band


def _ours():
    """The band with a person playing red (Cap's side): it is Cap's turn."""
    b = band()
    b.controllers["red"] = "human"
    for name in ("Cap", "G1", "G2", "G3"):
        b.update(name, Controller, kind="human")
    return b


def test_direct_minions_is_a_row_of_the_more_actions_menu_not_a_button():
    assert "direct_minions" in [a for a, _, _ in P.MORE_ACTIONS]
    assert all(a != "direct_minions" for a, *_ in P.ACTIONS)


def test_the_pool_is_on_the_cards_and_in_the_initiative_list():
    b = _ours()
    entries = {e.name: e for e in P.initiative_entries(b)}
    assert [e.name for e in P.initiative_entries(b)][:4] == ["Cap", "G1", "G2", "G3"]
    assert entries["G1"].leader == "Cap" and entries["G1"].initiative is None
    assert entries["Cap"].pool == "-/3"
    assert "not directed yet" in P.unit_card(b, "G1").group
    ok(b, C.DirectMinions("Cap"))
    ok(b, C.Move("G1", ((7, 3),)))
    entries = {e.name: e for e in P.initiative_entries(b)}
    assert entries["Cap"].pool == "2/3" and entries["G2"].pool == "2/3"
    assert P.unit_card(b, "Cap").group == "Minions (3): 2/3 actions left"
    card = P.unit_card(b, "G1")
    assert card.group == "Minion of Cap: 2/3 actions left" and card.active and card.big == 2
    ok(b, C.EndTurn("Cap"))
    assert P.unit_card(b, "G2").group.endswith("Reaction kept")
    assert P.pool_text(b, "Cap") == "R"


def test_a_directed_minion_is_selected_and_commanded_like_any_creature():
    b = _ours()
    ui = GameController(b, human_teams={"red"})
    ui.select("G1")
    assert ui.actor() == "Cap"                       # not directed yet: the leader acts
    ok(b, C.DirectMinions("Cap"))
    ui.select("G1")
    assert ui.actor() == "G1"
    states = {s.action: s for s in P.action_states(b, ui.model, True)}
    assert states["move"].enabled and not states["end_turn"].enabled
    assert "end Cap's turn" in states["end_turn"].reason
    out = ui.click_cell((7, 3))
    assert out is not None and out.ok and b.cell(b.unit("G1").anchor) == (7, 3)
    assert b.minions["Cap"].actions == 2 and b.active == "Cap"


def test_the_log_says_who_directs_whom():
    b = _ours()
    events = ok(b, C.DirectMinions("Cap"))
    lines = [e.text for e in P.log_entries(events)]
    assert "Cap directs its minions: 3 shared actions for G1, G2, G3" in lines
