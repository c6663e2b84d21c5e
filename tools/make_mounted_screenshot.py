"""Regenerate docs/screenshots/mounted-charge.png: a knight on a warhorse about to charge.

    python tools/make_mounted_screenshot.py [--out docs/screenshots/mounted-charge.png]

Riders at the ford (maps/ford.tmx), a person playing blue against the computer, dice seed 1, with the
knight Sir Edric and his warhorse Destrier moved across the river (the .tmx untouched). Sir
Edric's turn: the Charge button is pressed and the pointer rests on the orc Grik, so the
picture shows the rider drawn on its mount's back, the straight run of the charge and the
forecast of the blow (the rider's +1 against a smaller foe on foot, the knockdown at the
mount's size that a charge allows).
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

from game.engine.battle import Battle  # noqa: E402
from game.outputs import write_png  # noqa: E402
from game.tiled.loader import load_map  # noqa: E402
from game.ui.app import App  # noqa: E402

RIDER, MOUNT, TARGET = "Sir Edric", "Destrier", "Grik"
MOVES = {RIDER: (11, 4), MOUNT: (11, 4), TARGET: (17, 4), "Gnash": (17, 1),
         "Skritch": (17, 1), "Mog": (15, 7), "Rend": (14, 7)}


def staged_battle() -> Battle:
    """The ford with the knight across the river, at the start of his turn."""
    hexmap = load_map(REPO / "maps" / "ford.tmx")
    for p in hexmap.units:
        if p.name in MOVES:
            p.col, p.row = MOVES[p.name]
    battle = Battle(hexmap, seed=1, controllers={"blue": "human", "red": "ai"})
    if battle.active != RIDER:
        raise SystemExit(f"the staged battle went astray: {battle.active} acts first")
    return battle


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path,
                        default=REPO / "docs" / "screenshots" / "mounted-charge.png")
    args = parser.parse_args()
    battle = staged_battle()
    app = App(battle, (1280, 800), window=False, animations=False)
    app.controller.select(RIDER)
    app.controller.do_action("charge")
    cell = MOVES[TARGET]
    app.controller.hover_cell(cell)
    app.battle_screen.frame_selection()
    app.battle_screen.point_at(cell)
    app.update(0.0)
    app.update(0.0)
    app.draw(force=True)
    write_png(app.screen, args.out)
    print(args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
