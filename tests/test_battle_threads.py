"""The battle read by the window's main thread while the computer player decides on a worker
thread (game.ui.controller `think`, the path the real window takes with `threaded_ai`).

Each battle owns its component store (game.ecs.store), and the computer decides on a detached
copy of the battle made before its thread starts (`Battle.detached`), so no read of one thread
can disturb the other.
"""
from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.engine import commands as C  # noqa: E402
from game.engine.battle import Battle  # noqa: E402
from game.tiled.loader import load_map  # noqa: E402
from game.ui.battle_screen import BattleController  # noqa: E402

MAPS = os.path.join(os.path.dirname(os.path.dirname(__file__)), "maps")
READS = 10_000


def _computer_battle(seed: int) -> tuple[Battle, BattleController]:
    """A battle of the shipped duel where both sides are the computer (as the window plays)."""
    battle = Battle(load_map(os.path.join(MAPS, "duel.tmx")), seed=seed,
                    controllers={"red": "ai", "blue": "ai"})
    controller = BattleController(battle, human_teams=set(),
                                  difficulties={t: "normal" for t in battle.hexmap.teams})
    return battle, controller


def _read(battle: Battle, n: int) -> None:
    """One read of the kind the HUD makes every frame (the n-th of a cycle)."""
    names = sorted(battle.eids)
    name = names[n % len(names)]
    kind = n % 8
    if kind == 0:
        battle.budget(name)
    elif kind == 1:
        battle.view().unit(name)
    elif kind == 2:
        battle.reactions(name), battle.conditions(name), battle.health(name)
    elif kind == 3:
        battle.state_hash()
    elif kind == 4:
        battle.decider()
    elif kind == 5:
        battle.controller(name)
    elif kind == 6 and n % 200 == 6:
        battle.actions(name)            # the legality query (slower): now and then
    else:
        battle.refusal(C.EndTurn(name))


def test_the_main_thread_reads_the_battle_while_the_computer_decides():
    """10,000 reads of the HUD's kind while the computer thinks. The threads switch every
    microsecond (not every 5 ms), so that they interleave inside the reads, as they do
    now and then on a busy machine."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        _read_while_deciding()
    finally:
        sys.setswitchinterval(interval)


def _read_while_deciding() -> None:
    seed, decided, reads = 1, 0, 0
    battle, controller = _computer_battle(seed)
    while reads < READS:
        if battle.awaiting() == "over" or battle.round > 6:
            battle.close()
            seed += 1
            battle, controller = _computer_battle(seed)
        out = controller.think()        # starts the thought, or applies it once it is ready
        if out is not None:
            assert out.ok, out.reason
            decided += 1
        _read(battle, reads)
        reads += 1
    while controller.thinking is not None:      # the last thought, so no thread is left
        controller.think()
    assert decided > 0
