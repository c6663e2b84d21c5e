"""Regenerate docs/minion-pool.png: a hobgoblin captain's minions sharing their actions.

    python tools/make_minion_screenshot.py [--out docs/minion-pool.png]

The ruined mill (maps/skirmish.tmx), a person playing red against the computer, dice seed 1.
Both sides are played by the baseline until the captain Vrask's turn; then, as a person
would, Vrask directs its minions (Direct Minions) and a goblin minion moves with one of the
three shared actions and stays selected: the picture shows the group's pool on the minion's
unit card, in the initiative list and in the top bar.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.ai.baseline import baseline  # noqa: E402
from game.engine import commands as C  # noqa: E402
from game.engine import minions  # noqa: E402
from game.engine.battle import Battle  # noqa: E402
from game.outputs import write_png  # noqa: E402
from game.tiled.loader import load_map  # noqa: E402
from game.ui.app import App  # noqa: E402

LEADER = "Vrask"


def staged_battle() -> tuple[Battle, str]:
    """The mill at Vrask's first turn, its minions directed and one of them moved two hexes
    with one of the shared actions (that minion is returned)."""
    battle = Battle(load_map(REPO / "maps" / "skirmish.tmx"), seed=1,
                    controllers={"blue": "ai", "red": "human"})
    while battle.active != LEADER:
        if not battle.apply(baseline(battle)).ok:
            raise SystemExit("the staged battle went astray: a baseline command was refused")
    assert battle.apply(C.DirectMinions(LEADER)).ok
    mover = minions.group(battle, LEADER)[0]
    steps = [o for o in battle.options(mover, "move") if len(o.command.path) == 2
             and not o.provokes]
    assert battle.apply(min(steps, key=lambda o: o.command.path[-1]).command).ok
    return battle, mover


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "minion-pool.png")
    args = parser.parse_args()
    battle, shown = staged_battle()
    app = App(battle, (1280, 800), window=False, animations=False)
    app.controller.select(shown)
    app.battle_screen.frame_selection()
    app.update(0.0)
    app.update(0.0)
    app.draw(force=True)
    write_png(app.screen, args.out)
    print(args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
