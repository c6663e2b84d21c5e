"""Regenerate the screenshots of a battle of the light rules in the window (docs/rules/light/):

    python tools/make_light_screenshots.py [--out docs]

- light-action-bar.png: the duel map played with the light rules, Aldric (a fighter) acting,
  the pointer on a hex his Walk reaches: the light action bar, his card, the reach tinted.
- light-attack-preview.png: Aldric and the orc Grik face to face in the middle of the map, in
  Light Attack mode (5), the pointer on Grik: the engine's forecast against twice Grik's Speed.
- light-respawn.png: Aldric's Heavy Attack knocks the goblin Snag out; at the start of Snag's
  turn it is back on the red respawn point, and the log says so.

Each is drawn by the real window, headless, at 1280x800, driven by keys and the pointer as a
player's would be. The creatures stand where the duel map puts them but for the moves named
below, and the first d20s are fixed: the initiative rolls (in the map's order) and the attack.
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

import pygame  # noqa: E402

from game.engine.battle import Battle  # noqa: E402
from game.engine.light import commands as L  # noqa: E402
from game.outputs import write_png  # noqa: E402
from game.tiled.loader import load_map  # noqa: E402
from game.ui.app import App  # noqa: E402

MAP = REPO / "maps" / "duel.tmx"
ORDER = ("Aldric", "Wren", "Tamsin", "Grik", "Snag", "Mugg", "Nob", "Fang")   # the map's


def battle(moves=None, first=("Aldric",), attacks=(), humans=("blue",)) -> Battle:
    """The duel map with the light rules: `moves` {name: (col, row)}; the creatures named in
    `first` roll 20 and 18 for initiative (they act first, in that order), the others 1;
    `attacks` are the d20s of the attack rolls to come."""
    hexmap = load_map(MAP)
    for p in hexmap.units:
        if moves and p.name in moves:
            p.col, p.row = moves[p.name]
    rolls = [20 - 2 * first.index(n) if n in first else 1 for n in ORDER] + list(attacks)
    teams = {"blue": "ai", "red": "ai"} | {t: "human" for t in humans}
    return Battle(hexmap, seed=1, rules="light", fixed_dice=[("d20", d) for d in rolls],
                  controllers=teams)


def window(b: Battle) -> App:
    app = App(b, (1280, 800), window=False, animations=False,
              human_teams={t for t, k in b.controllers.items() if k == "human"})
    app.update(0.0)
    return app


def point(app: App, cell) -> None:
    pos = tuple(round(v) for v in app.camera.to_screen(*app.board.centre(cell)))
    pygame.mouse.set_pos(pos)
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                        buttons=(0, 0, 0)))
    app.update(0.0)


def key(app: App, k: int) -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        app.handle_event(pygame.event.Event(kind, key=k, mod=0, unicode="", scancode=0))
    app.update(0.0)


def save(app: App, path: Path) -> None:
    app.update(0.0)
    app.update(0.0)         # the GUI lays out what the HUD changed in the first update
    app.draw(force=True)
    write_png(app.screen, path)
    print(path)


def action_bar(out: Path) -> None:
    app = window(battle())
    point(app, (5, 6))
    save(app, out / "light-action-bar.png")


def attack_preview(out: Path) -> None:
    app = window(battle(moves={"Aldric": (3, 5), "Grik": (4, 5)}))
    key(app, pygame.K_5)
    point(app, (4, 5))
    save(app, out / "light-attack-preview.png")


def respawn(out: Path) -> None:
    b = battle(moves={"Snag": (3, 8)}, first=("Aldric", "Snag"), attacks=(15,),
               humans=("blue", "red"))
    for command in (L.HeavyAttack("Aldric", target="Snag"), L.EndTurn("Aldric")):
        out_ = b.apply(command)
        if not out_.ok:
            raise SystemExit(f"the staged battle went astray: {out_.reason}")
    app = window(b)
    app.controller.select(None)         # (its name would hide the respawn point's)
    save(app, out / "light-respawn.png")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "docs")
    args = parser.parse_args()
    for shot in (action_bar, attack_preview, respawn):
        shot(args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
