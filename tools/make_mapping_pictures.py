"""Draw the pictures of docs/mapping.md with the game itself, headless.

    python tools/make_mapping_pictures.py [--out docs/mapping]

* facing-pointy.png, facing-flat.png: a creature facing 0 and the number of each direction
  on the hex it faces (the `facing` property);
* footprints.png: the hexes a small, medium, large (facing 0 and 3) and huge creature hold;
* new-map.png: what `python -m game new-map` writes, as `python -m game render` draws it;
* old-bridge.png: the shipped map made by following the guide, as the game shows it.
Maps are written by `new-map` into a temporary folder; units are placed in code.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.engine.battle import Battle  # noqa: E402
from game.hexgrid import hex_neighbor  # noqa: E402
from game.tiled.hexmap import UnitPlacement  # noqa: E402
from game.tiled.loader import load_map  # noqa: E402
from game.tiled.newmap import write_new_map  # noqa: E402
from game.ui import sprites  # noqa: E402
from game.ui.app import App, screenshot_app  # noqa: E402
from game.ui.map_renderer import render_map  # noqa: E402


def board_picture(map_path: Path, units: list[UnitPlacement], labels=None) -> pygame.Surface:
    """The board of a battle on `map_path` with `units`, cropped to the map; `labels`:
    {(col, row): text} written on those hexes."""
    hexmap = load_map(map_path)
    hexmap.units = units
    battle = Battle(hexmap, seed=1, controllers={t: "human" for t in ("blue", "red")})
    app = App(battle, (900, 640), window=False, animations=False, hud=False)
    app.controller.model.selected = None
    app.draw(force=True)
    for (col, row), text in (labels or {}).items():
        x, y = app.camera.to_screen(*app.board.centre((col, row)))
        label = sprites.text(text, 26, sprites.PAPER, outline=sprites.INK)
        app.screen.blit(label, label.get_rect(center=(round(x), round(y))))
    w, h = app.board.world_size
    (x0, y0), (x1, y1) = app.camera.to_screen(0, 0), app.camera.to_screen(w, h)
    rect = pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))
    picture = app.screen.subsurface(rect.clip(app.screen.get_rect())).copy()
    battle.close()
    return picture


def facing(tmp: Path, orientation: str) -> pygame.Surface:
    path = write_new_map(tmp / f"facing-{orientation}.tmx", "5x5", orientation)
    hexmap = load_map(path)
    centre = hexmap.hex_at(2, 2)
    labels = {hexmap.tile_of(hex_neighbor(centre, d)): str(d) for d in range(6)}
    return board_picture(path, [UnitPlacement("Facing 0", "fighter", "blue", 2, 2, 0)], labels)


def footprints(tmp: Path) -> pygame.Surface:
    path = write_new_map(tmp / "footprints.tmx", "15x5", "pointy")
    units = [UnitPlacement("Goblin", "goblin", "red", 1, 2),
             UnitPlacement("Fighter", "fighter", "blue", 3, 2),
             UnitPlacement("Ogre facing 0", "ogre", "red", 5, 2, 0),
             UnitPlacement("Ogre facing 3", "ogre", "red", 9, 2, 3),
             UnitPlacement("Hill giant", "giant", "red", 12, 2)]
    return board_picture(path, units)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "mapping")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        shots = {"facing-pointy.png": facing(tmp, "pointy"), "facing-flat.png": facing(tmp, "flat"),
                 "footprints.png": footprints(tmp),
                 "new-map.png": render_map(write_new_map(tmp / "new.tmx", "12x8", "pointy"))}
        for name, surface in shots.items():
            pygame.image.save(surface, str(args.out / name))
            print(args.out / name)
    app = screenshot_app(REPO / "maps" / "bridge.tmx", size="1280x800")
    app.draw(force=True)
    pygame.image.save(app.screen, str(args.out / "old-bridge.png"))
    print(args.out / "old-bridge.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
