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

from game.ecs.components import ActionBudget  # noqa: E402
from game.engine import commands as C  # noqa: E402
from game.engine.battle import Battle  # noqa: E402
from game.rules.cover import all_pairs_cover  # noqa: E402
from game.rules.flanking import flanking  # noqa: E402
from game.rules.movement import reachable  # noqa: E402
from game.tiled.loader import load_map  # noqa: E402
from game.ui.battle_screen import BattleController  # noqa: E402
from tests.helpers import property_runs  # noqa: E402

MAPS = os.path.join(os.path.dirname(os.path.dirname(__file__)), "maps")


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
    elif kind == 6 and n % 40 == 14:    # the previews: the rules' memos of the view
        view = battle.view()
        reachable(view, view.unit(name), 3), flanking(view, name), all_pairs_cover(view)
    else:
        battle.refusal(C.EndTurn(name))


@property_runs(2_500, 10_000)
def test_the_main_thread_reads_the_battle_while_the_computer_decides(examples):
    """`examples` reads of the HUD's kind while the computer thinks (2,500 in the plain run,
    10,000 in the slow one). The threads switch every microsecond (not every 5 ms), so that
    they interleave inside the reads, as they do now and then on a busy machine."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        _read_while_deciding(examples)
    finally:
        sys.setswitchinterval(interval)


def _read_while_deciding(reads_wanted: int) -> None:
    seed, decided, reads, during = 1, 0, 0, 0
    battle, controller = _computer_battle(seed)
    while reads < reads_wanted:
        if battle.awaiting() == "over" or battle.round > 6:
            battle.close()
            seed += 1
            battle, controller = _computer_battle(seed)
        out = controller.think()        # starts the thought, or applies it once it is ready
        if out is not None:
            assert out.ok, out.reason
            decided += 1
        during += controller.thinking is not None
        _read(battle, reads)
        reads += 1
    while controller.thinking is not None:      # the last thought, so no thread is left
        controller.think()
    assert decided > 0 and during > reads_wanted // 2, (decided, during)


# ---- the detached copy the computer decides on --------------------------------------------------

def _states(map_name: str, seed: int, every: int, count: int):
    """The battle on `map_name` after every `every`-th command the computer plays (`count`
    states; a reaction or a choice is a state as good as a turn)."""
    from game.ai.player import AIPlayer
    battle = Battle(load_map(os.path.join(MAPS, f"{map_name}.tmx")), seed=seed,
                    controllers={t: "ai" for t in load_map(
                        os.path.join(MAPS, f"{map_name}.tmx")).teams})
    player = AIPlayer("hard", seed=seed)
    for step in range(every * count):
        if battle.awaiting() == "over":
            return
        if step % every == 0:
            yield battle
        assert battle.apply(player.command(battle)).ok


def test_the_computer_decides_on_the_copy_as_on_the_battle():
    from game.ai.player import AIPlayer
    seen = 0
    for map_name, seed in (("duel", 4), ("skirmish", 2), ("keep", 5)):
        for battle in _states(map_name, seed, every=7, count=4):
            before = battle.state_hash()
            copy = battle.detached()
            assert copy.state_hash() == before and copy.view() is not battle.view()
            for level in ("easy", "normal", "hard"):
                on_copy = AIPlayer(level, seed=f"{seed}:{level}").command(copy)
                on_battle = AIPlayer(level, seed=f"{seed}:{level}").command(battle)
                assert on_copy == on_battle, (map_name, battle.round, level)
            assert battle.state_hash() == before        # deciding changed nothing
            seen += 1
    assert seen >= 10


def test_the_copy_rolls_its_own_dice_and_takes_no_command():
    battle, _ = _computer_battle(3)
    before = battle.state_hash()
    copy = battle.detached()
    name = sorted(battle.eids)[0]
    rolls = [copy.dice.d20() for _ in range(5)]
    copy.update(name, ActionBudget, big=copy.budget(name).big + 5)
    assert battle.state_hash() == before != copy.state_hash()
    assert [battle.dice.d20() for _ in range(5)] == rolls    # the same dice, drawn apart
    assert battle.budget(name) != copy.budget(name)
    try:
        copy.apply(C.EndTurn(name))
    except RuntimeError as e:
        assert "detached" in str(e)
    else:
        raise AssertionError("a detached battle took a command")
