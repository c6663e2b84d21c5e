"""What the board and its tips show of a steller battle (docs/rules/steller/conditions.md,
attacks.md), in the window with the dummy video driver: a condition a saving throw ends is
marked so on its badge, as the card says it; the threatened hexes outlined are the steller
engine's (a creature's melee reach, none while it can take no opportunity action); a walk's
tip names whom it provokes once.

The first d20s of a battle are the initiative rolls, one per creature in the listed order (20,
then 1: the first listed acts first), then the attack and damage dice.
"""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.engine.steller import commands as S  # noqa: E402
from game.hexgrid import hex_neighbors  # noqa: E402
from game.ui import overlays as ov  # noqa: E402
from game.ui import sprites as sp  # noqa: E402
from game.ui.steller_presenters import save_ends_conditions, steller_card  # noqa: E402
from test_ui_app import move_to  # noqa: E402
from test_ui_steller import steller_battle  # noqa: E402


@pytest.fixture
def make_app(blue_player_app):
    return blue_player_app


def test_a_save_ends_condition_is_marked_on_its_badge_as_on_its_card(make_app):
    """The wizard's hold immobilizes the orc (save ends): its badge reads "Imm·save", as its
    card says "(save ends)"; the goblin's daze, until the end of its next turn, is unmarked."""
    b = steller_battle(("Merla", "wizard", "blue", 2, 3), ("Grok", "orc", "red", 6, 3),
                       ("Snag", "goblin", "red", 3, 3), dice=[("d20", 15), ("d6", 2)])
    b.apply(S.UsePower("Merla", power="hold", target="Grok", confirm=True))
    assert save_ends_conditions(b, "Grok") == {"immobilized"}
    assert sp.badge_labels(b.conditions("Grok").active,
                           save_ends=save_ends_conditions(b, "Grok")) == ["Imm·save"]
    assert [c.name for c in steller_card(b, "Grok").conditions] == ["Immobilized (save ends)"]
    app = make_app(b)
    app.draw(force=True)
    assert any(name == "Grok badge" for name, _ in app.board.unit_texts)
    b.apply(S.EndTurn("Merla"))
    b.apply(S.EndTurn("Grok"))
    b.set_condition("Snag", "dazed")
    assert save_ends_conditions(b, "Snag") == frozenset()


def test_the_threatened_hexes_are_the_steller_melee_reach_and_none_while_dazed(make_app):
    """An opportunity attack comes from "an enemy adjacent to you" (reach: as the weapon
    says): the orc's outline is the 6 hexes around it; dazed, it "can't take ... opportunity
    actions", and it threatens nothing."""
    b = steller_battle(("Aldric", "fighter", "blue", 2, 3), ("Grok", "orc", "red", 6, 3))
    app = make_app(b)
    around = {b.cell(h) for h in hex_neighbors(b.unit("Grok").anchor)}
    assert ov.threat_cells(b, "Grok") == around
    assert ov.enemy_threat_cells(b, "blue") == around
    b.set_condition("Grok", "dazed")
    assert ov.threat_cells(b, "Grok") == frozenset()
    app.controller.select("Grok")
    app.draw(force=True)


def test_a_walks_tip_names_whom_it_provokes_once(make_app):
    """The bar's Walk on a hex out of the orc's reach: the tip says "Provokes Grok" once (the
    engine's legality answer), not also in the forecast's lines."""
    b = steller_battle(("Aldric", "fighter", "blue", 2, 3), ("Grok", "orc", "red", 3, 3))
    app = make_app(b)
    app.controller.do_action("walk")
    move_to(app, (0, 3))
    tip = app.hud.tooltip.forecast_tip(app.model.more)
    assert tip.count("Provokes Grok") == 1 and "provokes:" not in tip.lower()
