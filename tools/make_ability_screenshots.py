"""Regenerate the pictures of aiming a special ability in docs/: a fire drake's cone and a
goblin shaman's burst that would catch one of its own side, from the real game window,
headless.

    python tools/make_ability_screenshots.py [--out docs]

Each shot is a battle laid out in code on open ground with a wall, the casters played by a
person (red), driven through `App.handle_event` as a player's keys and pointer would be, at
1280x800: M opens the Ability mode, Tab picks the next ability, the pointer aims; in the burst
L draws the lines of effect tested from its origin.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tools"))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.data import load_units  # noqa: E402
from game.ecs.scenario import WALL, make_hexmap  # noqa: E402
from game.engine.battle import Battle  # noqa: E402
from game.ui.app import App  # noqa: E402
from make_play_screenshots import _key, _point, _save  # noqa: E402

BLUE = [("Aldric", "knight", 8, 3), ("Brand", "fighter", 8, 5), ("Cora", "archer", 11, 4),
        ("Esk", "rogue", 9, 6)]


def _battle(caster: str, key: str, at, ally_at) -> Battle:
    units = [dict(name=caster, unit=key, team="red", col=at[0], row=at[1],
                  overrides={"initiative": 40}),
             dict(name="Snag", unit="goblin", team="red", col=ally_at[0], row=ally_at[1],
                  overrides={"initiative": -10})]
    units += [dict(name=n, unit=k, team="blue", col=c, row=r, facing=3,
                   overrides={"initiative": -10}) for n, k, c, r in BLUE]
    walls = {(6, 1): WALL, (6, 2): WALL, (10, 7): WALL}
    hexmap = make_hexmap(13, 9, terrain=walls, units=units, teams=["red", "blue"])
    return Battle(hexmap, seed=1, units_db=load_units(),
                  controllers={"red": "human", "blue": "ai"})


def _aim(battle: Battle, out: Path, name: str, point, lines: bool = False) -> None:
    app = App(battle, (1280, 800), window=False, human_teams={"red"}, animations=False)
    app.update(0.0)
    _key(app, pygame.K_m)
    if lines:
        _key(app, pygame.K_l)
    _point(app, point)
    _save(app, out, name)


def shots(out: Path) -> None:
    _aim(_battle("Ember", "drake", (6, 4), (4, 3)), out, "ability-cone.png", (8, 4))
    _aim(_battle("Murk", "goblin_shaman", (3, 4), (7, 4)), out, "ability-burst-ally.png",
         (8, 4), lines=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(REPO / "docs"))
    out = Path(parser.parse_args(argv).out)
    out.mkdir(parents=True, exist_ok=True)
    shots(out)
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
