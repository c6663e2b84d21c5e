"""Regenerate the screenshots in docs/ from the real game UI, headless.

    python tools/make_screenshots.py [--out docs]

Each shot stages a moment of a battle on a shipped map (unit placements moved in code, the
.tmx untouched), selects a creature, points at a hex and saves one frame through the same
code as `python -m game screenshot` (game.ui.app.screenshot_app), at 1280x800 and 1920x1080.
`docs/default-map.png` is the README's image: the default map with a selection and a path
preview that provokes attacks of opportunity.
"""
from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

SIZES = ("1280x800", "1920x1080")


@dataclass
class Shot:
    name: str
    map: str
    select: str
    hover: str
    moves: dict = field(default_factory=dict)
    overlays: tuple = ()
    seed: int = 1            # the dice seed: it decides who acts first (initiative)
    about: str = ""


SHOTS = [
    Shot("default-map", "maps/skirmish.tmx", "Sokaris", "12,5",
         moves={"Sokaris": (7, 8), "Wulfric": (6, 9), "Orc 1": (10, 7), "Goblin 2": (11, 9),
                "Orc 2": (12, 6)},
         overlays=("threat",), seed=1,
         about="Sokaris's path crosses two orcs' reach: the hexes whose exit provokes, the "
               "orcs that would strike (reaction ready), the safe path dashed"),
    Shot("attack-cover", "maps/skirmish.tmx", "Mayat", "14,8",
         moves={"Mayat": (8, 10), "Orc 2": (14, 8), "Sokaris": (9, 11), "Wulfric": (7, 11)},
         seed=3,
         about="Mayat aims at an orc in cover: the lines cover was tested with (obstructed "
               "ones dashed), hit chance, cover and concealment"),
    Shot("battle-sight", "maps/battle.tmx", "Brand", "17,10",
         moves={"Giant": (14, 12), "Wolf": (11, 13), "Orc 1": (17, 13), "Brand": (11, 8)},
         overlays=("los", "threat"),
         about="Pointy-top map: the huge giant (7 hexes, reach 3) guards the ford; what Brand "
               "cannot see is darkened (L), the enemies' reach is outlined (T)"),
]


def shoot(shot: Shot, size: str, out: Path) -> Path:
    from game.ui.app import screenshot_app
    import pygame
    app = screenshot_app(REPO / shot.map, shot.select, shot.hover, size, moves=shot.moves,
                         overlays=shot.overlays, seed=shot.seed)
    app.draw(force=True)
    pygame.image.save(app.screen, str(out))
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(REPO / "docs"))
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for shot in SHOTS:
        for size in SIZES:
            name = shot.name if size == SIZES[0] else f"{shot.name}-{size}"
            path = shoot(shot, size, out / f"{name}.png")
            print(f"{path}: {shot.about}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
