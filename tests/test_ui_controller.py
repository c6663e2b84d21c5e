"""The UI's gesture -> command logic and its previews, without pygame (game.ui.controller,
game.ui.model, game.ui.overlays, game.ui.autoplay).

Every test asserts on the battle's state and events and on the UI model, never on timing. The
previews come from the rules (docs/rules/03-movement.md movement, 4 attacks of opportunity, 6-8 cover,
concealment and flanking, 9 selective initiative), so they are checked against what the
engine then does.
"""
from __future__ import annotations

import pytest

from game.ecs.components import Reactions
from game.data import load_units
from game.ecs.scenario import make_hexmap
from game.engine import commands as C
from game.engine import events as E
from game.engine.battle import Battle
from game.ui import overlays
from game.ui.controller import GameController
from game.ui.model import MovePreview, UIModel

UNITS = load_units()


def battle_on(units, width: int = 10, height: int = 8, controllers=None, seed: int = 2,
              axis: str = "y", terrain=None) -> Battle:
    """A battle on a map built in code; the first unit gets initiative 40 so it acts first."""
    placed = []
    for n, u in enumerate(units):
        u = dict(u)
        u.setdefault("overrides", {})
        u["overrides"] = dict(u["overrides"], initiative=40 if n == 0 else -10)
        placed.append(u)
    hexmap = make_hexmap(width, height, terrain=terrain, units=placed, axis=axis)
    return Battle(hexmap, seed=seed, units_db=UNITS,
                  controllers=controllers or {"blue": "human", "red": "ai"})


def duel(**kw) -> Battle:
    """Wulfric (blue fighter) next to an Orc (red); Mayat (blue archer) and a Goblin away."""
    return battle_on([
        dict(name="Wulfric", unit="fighter", team="blue", col=2, row=3),
        dict(name="Mayat", unit="archer", team="blue", col=1, row=6),
        dict(name="Orc", unit="orc", team="red", col=3, row=3, facing=3),
        dict(name="Goblin", unit="goblin", team="red", col=8, row=6, facing=3),
    ], **kw)


def crossing() -> Battle:
    """Wulfric must cross the Orc's threatened area to reach the far side cheaply."""
    return battle_on([
        dict(name="Wulfric", unit="fighter", team="blue", col=1, row=4),
        dict(name="Mayat", unit="archer", team="blue", col=0, row=7),
        dict(name="Orc", unit="orc", team="red", col=4, row=3, facing=3),
        dict(name="Goblin", unit="goblin", team="red", col=9, row=0, facing=3),
    ])


def kinds(events) -> list[str]:
    return [type(e).__name__ for e in events]


# ---- selection and overlays (docs/rules/02-size-and-reach.md, 3) -----------------------------------------------------

def test_the_active_human_creature_is_selected_with_its_reach_tinted_by_big_actions():
    b = battle_on([dict(name="Wulfric", unit="fighter", team="blue", col=2, row=3),
                   dict(name="Orc", unit="orc", team="red", col=20, row=7)], width=30)
    ctl = GameController(b)
    assert ctl.model.selected == "Wulfric" and ctl.is_human_turn()
    tiers = overlays.reach_tiers(b, "Wulfric", "move")
    assert set(tiers.values()) == {1, 2}
    assert tiers[(4, 1)] == 1                        # 2 hexes away: one Move
    assert tiers[(10, 3)] == 2                       # 8 hexes: two Moves
    assert (15, 3) not in tiers                      # 13 hexes: out of reach
    runs = overlays.run_cells(b, "Wulfric")
    assert {(10, 3), (14, 3)} <= runs                # a Run gets there for 1 Big Action
    assert (4, 1) not in runs and (11, 2) not in runs    # one Move does; not straight
    assert overlays.threat_cells(b, "Wulfric") >= {(1, 3), (3, 3)}
    assert (20, 7) not in tiers                      # an enemy's hex is no end


def test_clicking_another_unit_selects_it_and_its_threat_area_is_there():
    b = duel()
    ctl = GameController(b)
    ctl.click_cell((3, 3))        # the Orc: an enemy in reach is attacked, not selected
    assert any(isinstance(e, E.AttackRolled) for e in b.events)
    ctl.click_cell((1, 6))        # Mayat: a friend is selected
    assert ctl.model.selected == "Mayat"
    assert overlays.threat_cells(b, "Orc") == frozenset(
        {(2, 3), (3, 2), (4, 2), (4, 3), (3, 4), (4, 4)})


def test_overlays_toggle_and_line_of_sight_hides_what_walls_hide():
    from game.ecs.scenario import WALL
    wall = {(4, r): WALL for r in range(8)}
    b = battle_on([dict(name="Wulfric", unit="fighter", team="blue", col=2, row=3),
                   dict(name="Orc", unit="orc", team="red", col=7, row=3)], terrain=wall)
    ctl = GameController(b)
    ctl.toggle_overlay("threat")
    ctl.toggle_overlay("los")
    assert ctl.model.overlays == {"threat", "los"}
    hidden = overlays.hidden_cells(b, "Wulfric")
    assert (8, 3) in hidden and (1, 3) not in hidden
    assert overlays.enemy_threat_cells(b, "blue") == overlays.threat_cells(b, "Orc")
    ctl.toggle_overlay("los")
    assert ctl.model.overlays == {"threat"}


# ---- path previews (docs/rules/03-movement.md, 4) ------------------------------------------------------------

def test_hovering_a_hex_previews_the_path_with_its_provocations_and_the_threatener():
    b = duel()
    ctl = GameController(b)
    ctl.hover_cell((0, 3))
    p = ctl.model.preview
    assert isinstance(p, MovePreview) and p.kind == "move"
    assert p.cells[-1] == (0, 3) and p.cost == 2 and p.big_actions == 1
    assert p.provokes == [((2, 3), ["Orc"], [True])]
    assert p.provoking and ctl.model.highlighted == {"Orc"}


def test_a_safe_path_is_offered_when_the_cheapest_one_provokes():
    b = crossing()
    ctl = GameController(b)
    ctl.hover_cell((7, 4))
    p = ctl.model.preview
    assert p.provokes and p.provokes[0][1] == ["Orc"]
    assert p.safe_cells is not None and p.safe_cost > p.cost
    assert p.safe_cells[-1] == (7, 4)


def test_a_spent_reaction_is_shown_as_spent():
    b = duel(controllers={"blue": "human", "red": "human"})
    b.update("Orc", Reactions, available=0)
    ctl = GameController(b)
    ctl.hover_cell((0, 3))
    assert ctl.model.preview.provokes == [((2, 3), ["Orc"], [False])]
    assert not ctl.model.preview.provoking


# ---- acting ---------------------------------------------------------------------------------

def test_a_provoking_move_waits_for_a_second_click_then_the_aoo_resolves():
    b = duel()
    ctl = GameController(b)
    seen = []
    ctl.listeners.append(seen.extend)
    out = ctl.click_cell((0, 3))
    assert out is not None and not out.ok
    assert isinstance(ctl.model.pending, C.Move) and ctl.model.pending.confirm
    assert b.cell(b.unit("Wulfric").anchor) == (2, 3) and not seen   # nothing happened yet
    out = ctl.click_cell((0, 3))
    assert out.ok and ctl.model.pending is None
    assert "Provoked" in kinds(b.events) and "AttackRolled" in kinds(b.events)
    aoo = next(e for e in b.events if isinstance(e, E.AttackRolled))
    assert aoo.attacker == "Orc" and aoo.kind == "aoo"
    assert any(isinstance(e, E.Provoked) for e in seen)              # listeners told


def test_enter_confirms_and_escape_cancels_a_pending_move():
    b = duel()
    ctl = GameController(b)
    ctl.click_cell((0, 3))
    ctl.cancel()
    assert ctl.model.pending is None and b.cell(b.unit("Wulfric").anchor) == (2, 3)
    ctl.click_cell((0, 3))
    out = ctl.confirm()
    assert out.ok and "Provoked" in kinds(out.events)


def test_shift_click_takes_the_safe_path():
    b = crossing()
    ctl = GameController(b)
    ctl.hover_cell((7, 4))
    safe = list(ctl.model.preview.safe_cells)
    out = ctl.click_cell((7, 4), shift=True)
    assert out.ok and "Provoked" not in kinds(out.events)
    moved = next(e for e in out.events if isinstance(e, E.Moved))
    assert list(moved.path) == safe and moved.end == (7, 4)


def test_clicking_an_enemy_attacks_it_with_the_chosen_weapon():
    b = duel()
    ctl = GameController(b)
    ctl.hover_cell((3, 3))
    a = ctl.model.attack
    assert a is not None and a.possible and 0 < a.hit_chance < 1
    assert a.cover.level == "none" and a.mode == "melee"
    ctl.cycle_weapon()                 # from the one a click would use to the next
    assert ctl.model.weapon == "javelin"
    ctl.cycle_weapon()
    assert ctl.model.weapon == "longsword"
    out = ctl.click_cell((3, 3))
    roll = next(e for e in out.events if isinstance(e, E.AttackRolled))
    assert (roll.attacker, roll.target) == ("Wulfric", "Orc") and roll.weapon.lower() in (
        "longsword", "long sword")


def test_hovering_an_enemy_shows_cover_lines_and_the_flanking_partner():
    from game.ecs.scenario import LOW_WALL
    b = battle_on([dict(name="Wulfric", unit="fighter", team="blue", col=2, row=3),
                   dict(name="Sokaris", unit="fighter", team="blue", col=4, row=3),
                   dict(name="Mayat", unit="archer", team="blue", col=3, row=7),
                   dict(name="Orc", unit="orc", team="red", col=3, row=3)],
                  terrain={(3, 5): LOW_WALL, (4, 5): LOW_WALL, (3, 4): LOW_WALL})
    ctl = GameController(b)
    ctl.hover_cell((3, 3))
    assert ctl.model.attack.flanking.flanked
    assert ctl.model.highlighted == {"Sokaris"}
    ctl.select("Mayat")
    ctl.hover_cell((3, 3))
    cover = ctl.model.attack.cover
    assert cover.level != "none" and any(ln.obstructed for ln in cover.lines)
    assert len(cover.lines) == cover.line_count


def test_modes_change_what_a_click_does():
    b = crossing()
    ctl = GameController(b)
    ctl.do_action("run")
    ctl.hover_cell((5, 4))
    assert ctl.model.preview.kind == "run" and ctl.model.preview.big_actions == 1
    ctl.set_mode("step")
    ctl.hover_cell((2, 4))
    assert ctl.model.preview.kind == "step" and ctl.model.preview.provokes == []
    out = ctl.click_cell((2, 4))
    assert out.ok and any(isinstance(e, E.Moved) and e.kind == "step" for e in out.events)
    ctl.cancel()
    assert ctl.model.mode == "move"


def test_an_unreachable_hex_says_why_and_changes_nothing():
    b = battle_on([dict(name="Wulfric", unit="fighter", team="blue", col=0, row=0),
                   dict(name="Orc", unit="orc", team="red", col=9, row=7)], width=30)
    ctl = GameController(b)
    version = b.version
    assert ctl.click_cell((29, 0)) is None
    assert "out of" in ctl.model.message and b.version == version


# ---- turn flow (docs/rules/09-turns-and-actions.md) -------------------------------------------------------------------

def test_end_turn_then_pick_the_next_creature_in_selective_initiative():
    b = duel()
    ctl = GameController(b)
    out = ctl.do_action("end_turn")
    assert out.ok and b.awaiting() == "choice" and b.chooser == "Wulfric"
    assert set(ctl.model.choice_candidates) == {"Mayat", "Orc", "Goblin"}
    out = ctl.click_cell((1, 6))                     # Mayat's hex
    assert out.ok and b.active == "Mayat" and ctl.model.selected == "Mayat"
    assert ctl.model.choice_candidates == []


def test_an_ask_creature_is_prompted_and_its_answer_resolves_the_aoo():
    b = duel(controllers={"blue": "human", "red": "human"})
    ctl = GameController(b)
    ctl.click_cell((0, 3))
    ctl.confirm()
    assert b.awaiting() == "reaction" and b.pending.reactor == "Orc"
    assert ctl.waiting_on() == "Orc" and ctl.is_human_turn()
    out = ctl.react(True)
    assert out.ok and b.awaiting() != "reaction"
    assert any(isinstance(e, E.AttackRolled) and e.kind == "aoo" for e in b.events)


def test_the_computer_side_never_stalls_a_game():
    b = duel()
    ctl = GameController(b)
    ctl.do_action("end_turn")
    ctl.choose_next("Orc")
    steps = 0
    while not ctl.is_human_turn() and b.awaiting() != "over":
        out = ctl.step_ai()
        assert out is not None and out.ok, out
        steps += 1
        assert steps < 50
    assert b.awaiting() in ("choice", "turn", "reaction", "over")


def test_computer_players_finish_a_battle():
    """The computer player (game.ai.player) on both sides."""
    b = duel(controllers={"blue": "ai", "red": "ai"})
    ctl = GameController(b)
    assert ctl.model.selected is None and not ctl.is_human_turn()
    for _ in range(2000):
        if b.awaiting() == "over":
            break
        assert ctl.step_ai().ok
    assert b.winner in ("blue", "red", "draw")


def test_model_defaults_match_the_hud_contract():
    m = UIModel()
    assert (m.selected, m.mode, m.weapon, m.overlays, m.highlighted) == (
        None, "move", None, set(), set())
    assert m.animations is True and m.speed == 1.0 and m.choice_candidates == []
    with pytest.raises(ValueError):
        GameController(duel()).set_mode("fly")
