"""The HUD is one class per panel (game.ui.panels) under a thin `Hud`, and the window speaks
one vocabulary of actions, the engine's action ids (docs/architecture.md "The window")."""
from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.engine.profiles import PROFILES  # noqa: E402
from game.ui import presenters as P  # noqa: E402
from game.ui.controller import GameController  # noqa: E402
from game.ui.hud import Hud, make_manager  # noqa: E402
from game.ui.keys import ACTION_KEYS, ACTION_KEYS_BY_RULES, LIGHT_ACTION_KEYS  # noqa: E402
from test_ui_hud import melee, provoke, screen  # noqa: E402,F401 - the fixture
from test_ui_more_actions import helpless_orc  # noqa: E402

UI = Path(__file__).resolve().parent.parent / "game" / "ui"
SENTINEL = (255, 0, 255)
#: the panels that lie in a rectangle of the layout of their own; the others lie on the board
LAID_OUT = ("top", "initiative", "card", "log", "message", "actions")
#: the one button of the default bar that is no engine action: it opens the More actions menu
MORE_MENU = "more"


def real_hud(battle, press: str | None = None) -> tuple[Hud, object]:
    pygame.event.clear()
    manager = make_manager((1280, 800))
    controller = GameController(battle)
    if press is not None:
        controller.do_action(press)
    hud = Hud(manager, controller, (1280, 800))
    return hud, manager


def drawn_alone(hud, manager, part) -> list[pygame.Rect]:
    """Where `part` draws when it is the only panel of the HUD built (pixels off a blank)."""
    hud.kill()
    part.forget()
    part.build()
    part.refresh(hud.battle)
    manager.update(0.01)
    surface = pygame.Surface(hud.size)
    surface.fill(SENTINEL)
    manager.draw_ui(surface)
    mask = pygame.mask.from_threshold(surface, SENTINEL, (1, 1, 1, 255))
    mask.invert()
    return mask.get_bounding_rects()


def its_rect(hud, part) -> pygame.Rect:
    return hud.rects[part.key] if part.key in LAID_OUT else hud.rects["board"]


@pytest.mark.parametrize("name", ["top_bar", "initiative", "unit_card", "combat_log",
                                  "status", "action_bar", "prompt", "more_menu"])
def test_each_panel_drawn_alone_draws_inside_its_own_rectangle(screen, name):
    b = helpless_orc() if name == "more_menu" else melee()
    if name == "prompt":
        provoke(b)              # an attack of opportunity asked of a person
    hud, manager = real_hud(b, MORE_MENU if name == "more_menu" else None)
    part = getattr(hud, name)
    drawn = drawn_alone(hud, manager, part)
    assert drawn, f"{name} drew nothing"
    where = its_rect(hud, part)
    outside = [r for r in drawn if not where.contains(r)]
    assert not outside, f"{name} drew {outside} outside {where}"


def test_the_tooltip_of_a_disabled_button_lies_above_it_inside_the_window(screen):
    hud, manager = real_hud(melee())
    stand = hud.action_buttons["stand_up"]
    assert not stand.is_enabled
    hud.pointer_at(stand.rect.center)
    assert hud.tip is not None and "Stand Up" in hud.tip.html_text
    assert hud.tip.rect.bottom <= stand.rect.top
    assert pygame.Rect((0, 0), hud.size).contains(hud.tip.rect)


def test_a_panel_built_again_shows_the_same_as_before(screen):
    hud, manager = real_hud(melee())
    before = (hud.turn_label.text, hud.card_name.text, hud.log_html(), sorted(hud.init_buttons))
    hud.layout((1280, 800))
    assert (hud.turn_label.text, hud.card_name.text, hud.log_html(),
            sorted(hud.init_buttons)) == before


# ---- Hud stays a thin container ------------------------------------------------------------

def test_hud_is_a_thin_container_of_panels():
    source = (UI / "hud.py").read_text(encoding="utf-8")
    assert len(source.splitlines()) < 300
    hud = next(n for n in ast.parse(source).body
               if isinstance(n, ast.ClassDef) and n.name == "Hud")
    long = [f.name for f in ast.walk(hud) if isinstance(f, ast.FunctionDef)
            and f.end_lineno - f.lineno + 1 > 60]
    assert not long
    panels = sorted(p.stem for p in (UI / "panels").glob("*.py"))
    for module in ("top_bar", "initiative", "unit_card", "combat_log", "status_line",
                   "action_bar", "reaction_prompt", "tooltip"):
        assert module in panels


# ---- one vocabulary: the engine's action ids -----------------------------------------------

def test_every_hotkey_presses_an_engine_action_of_its_profile():
    lfg, light = PROFILES["lfg"].action_ids, PROFILES["light"].action_ids
    assert set(ACTION_KEYS.values()) - set(lfg) == {MORE_MENU}
    assert set(LIGHT_ACTION_KEYS.values()) <= set(light)
    assert set(ACTION_KEYS_BY_RULES) == set(P.BAR_TABLES)


def test_every_button_and_more_action_is_named_by_an_engine_action_id():
    for rules, table in P.BAR_TABLES.items():
        ids = set(PROFILES[rules].action_ids) | ({MORE_MENU} if table.more_menu else set())
        assert [row[0] for row in table.actions if row[0] not in ids] == [], rules
    assert {a for a, _, _ in P.MORE_ACTIONS} <= set(PROFILES["lfg"].action_ids)
    assert set(P.MODE_OF_ACTION) <= set(PROFILES["lfg"].action_ids) | {MORE_MENU}


def _string_tables(path: Path):
    """Every dict literal of the module whose keys and values are all strings."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Dict) and len(node.keys) >= 2 and all(
                isinstance(x, ast.Constant) and isinstance(x.value, str)
                for x in [*node.keys, *node.values]):
            yield path, node.lineno, {k.value: v.value for k, v in zip(node.keys, node.values)}


def test_no_module_of_the_window_translates_its_own_action_names_to_the_engines():
    ids = {a for p in PROFILES.values() for a in p.action_ids}
    modules = sorted(UI.glob("*.py")) + sorted((UI / "panels").glob("*.py"))
    assert not [m.name for m in modules if "ENGINE_ACTION" in m.read_text(encoding="utf-8")]
    assert not hasattr(P, "ENGINE_ACTION")
    translations = [f"{path.name}:{line}" for m in modules for path, line, table in
                    _string_tables(m)
                    if set(table.values()) <= ids and any(k not in ids for k in table)]
    assert translations == []
