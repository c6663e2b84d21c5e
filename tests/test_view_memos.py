"""What the rules remember lives on its view or its map (game.rules.view_memo) and dies with
it: battle after battle, no module of the game keeps a growing table, and once a battle is
dropped its views and maps are gone, memos and all."""
from __future__ import annotations

import gc
import os
import sys
import types
import weakref

from game.ai.evaluate import clear_caches
from game.ai.player import AIPlayer
from game.engine.battle import Battle
from game.rules import view_memo
from game.rules.cover import all_pairs_cover
from game.rules.flanking import flanking
from game.rules.movement import reachable
from game.tiled.loader import load_map

MAPS = os.path.join(os.path.dirname(os.path.dirname(__file__)), "maps")
PACKAGES = ("game.rules.", "game.engine.", "game.ecs.", "game.ai.", "game.hexgrid")


def _play(seed: int, commands: int = 12) -> tuple[Battle, list]:
    """A battle of the duel played `commands` commands by the computer, the window's
    questions asked of every view; returns it and its views."""
    battle = Battle(load_map(os.path.join(MAPS, "duel.tmx")), seed=seed)
    players = {t: AIPlayer("normal", seed=f"{seed}:{t}") for t in battle.hexmap.teams}
    views = []
    for _ in range(commands):
        if battle.awaiting() == "over":
            break
        view = battle.view()
        all_pairs_cover(view)
        for u in view.living():
            flanking(view, u)
            reachable(view, u, 4)
        views.append(view)
        who = battle.decider()[1]
        assert battle.apply(players[battle.teams_of[who]].command(battle)).ok
    return battle, views


def _module_tables() -> dict[str, int]:
    """The size of every dict, list and set a module of the game's logic holds (a cache
    keyed by views or maps would be one of them)."""
    sizes = {}
    for name, module in list(sys.modules.items()):
        if not isinstance(module, types.ModuleType) or not name.startswith(PACKAGES):
            continue
        for attr, value in vars(module).items():
            if isinstance(value, (dict, list, set)) and not attr.startswith("__"):
                sizes[f"{name}.{attr}"] = len(value)
    return sizes


def test_no_module_table_grows_from_battle_to_battle():
    _play(1)
    before = _module_tables()
    for seed in range(2, 6):
        _play(seed)
    after = _module_tables()
    grown = {k: (before.get(k), n) for k, n in after.items() if n > before.get(k, 0)}
    assert not grown


def test_a_dropped_battle_takes_its_memos_along():
    battle, views = _play(7)
    assert all(view_memo.remembered(v) > 0 for v in views)
    assert view_memo.remembered(battle.hexmap) > 0
    refs = [weakref.ref(battle), weakref.ref(battle.detached())]
    refs += [weakref.ref(v) for v in views]
    hexmap = weakref.ref(battle.hexmap)
    del battle, views
    gc.collect()
    assert not [r for r in refs if r() is not None]
    # the computer's bounded caches across decisions keep the map they name by id (and its
    # memos) until they forget it (game.ai.memo)
    clear_caches()
    gc.collect()
    assert hexmap() is None
