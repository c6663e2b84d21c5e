"""Regenerate the terrain screenshots in docs/ from the real game UI, headless, on the river
keep (maps/keep.tmx).

    python tools/make_terrain_screenshots.py [--out docs]

* docs/door.png: the goblin archer Mugg walked to the keep's door and opened it (the
  battle's door drawn open over the tile of the closed door).
* docs/ledge-fall.png: the orc Urg jumped down the cliff, missed its Jump check, fell 10 ft
  and lies prone below it (the log says so).
* docs/flyer-over-wall.png: the harpy Shriek flew down from the cliff; the preview of its
  path over the palisade, which the walkers must go around.
Each is a save (their commands and fixed dice, written in a temporary folder) drawn
by `python -m game screenshot keep OUT --load SAVE`; each creature acts first because the
save's first rolls give it the best initiative check.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.engine import commands as C  # noqa: E402
from game.engine.battle import Battle  # noqa: E402
from game.engine.replay import save_battle  # noqa: E402
from game.tiled.loader import load_map  # noqa: E402
from game.ui.app import screenshot_app  # noqa: E402

KEEP = REPO / "maps" / "keep.tmx"
SIZE = "1280x800"


def staged_save(first: str, commands, dice, path: Path) -> Path:
    """A save of the keep where `first` acts first and sends `commands` (fixed `dice` after
    the initiative checks)."""
    battle = _first(load_map(KEEP), first, list(dice))
    for cmd in commands:
        out = battle.apply(cmd)
        assert out.ok, (cmd, out.reason)
    save_battle(battle, path)
    return path


def _first(hexmap, first: str, dice: list) -> Battle:
    """The keep's battle where `first` wins initiative (the other checks all differ, so that
    no tie is broken by a coin the fixed dice would not hold)."""
    from game.engine.dice import FixedRollError
    for shift in range(19):
        faces = iter((k * 7 + shift) % 19 + 1 for k in range(len(hexmap.units)))
        checks = [("d20", 20 if u.name == first else next(faces)) for u in hexmap.units]
        try:
            battle = Battle(hexmap, seed=1, controllers={"blue": "human", "red": "human"},
                            fixed_dice=checks + dice)
        except FixedRollError:
            continue
        if battle.active == first:
            return battle
    raise SystemExit(f"no initiative rolls make {first} act first")


def shoot(out: Path, name: str, **kw) -> None:
    app = screenshot_app(str(KEEP), size=SIZE, **kw)
    app.draw(force=True)
    import pygame
    pygame.image.save(app.screen, str(out / name))
    print(out / name)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "docs")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        door = staged_save("Mugg", [C.Move("Mugg", path=((11, 5), (12, 4))),
                                    C.OpenDoor("Mugg", to=(13, 4))], [],
                           Path(tmp) / "door.json")
        shoot(args.out, "door.png", load=door, select=None, hover="15,5")
        fall = staged_save("Urg", [C.Move("Urg", path=((12, 2), (12, 3), (12, 4)))],
                           [("d20", 3)], Path(tmp) / "fall.json")
        shoot(args.out, "ledge-fall.png", load=fall, select="Urg", hover="12,2")
        fly = staged_save("Shriek", [C.Move("Shriek", path=((13, 1), (13, 2), (12, 3),
                                                             (12, 4)))], [],
                          Path(tmp) / "fly.json")
        shoot(args.out, "flyer-over-wall.png", load=fly, select="Shriek", hover="8,4")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
