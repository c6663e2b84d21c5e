"""The screenshots of a steller battle in the window (docs/rules/steller/index.md), made
headless from the real game UI on the ruined mill (maps/skirmish.tmx):

    python tools/steller_screenshots.py [--out docs/screenshots]

- `steller-action-bar.png`: Wulfric has walked next to a goblin and struck at it: the top
  bar, the card and the bar's greyed buttons say what his turn has left (standard, move and
  minor actions: the minor one);
- `steller-click-attack.png`: before striking, the pointer on the goblin shows the basic
  attack a click makes and its chance;
- `steller-burst-aimed.png`: Wulfric aims Leg Sweep, a close burst 1, at the three goblins
  around him: the burst's hexes tinted, each creature's chance in the tip;
- `steller-save-ends.png`: Mayat's Pinning Shot has immobilized the ogre (save ends): its
  badge, its card with the duration, and its failed saving throw in the log;
- `steller-death-saves.png`: the ogre has felled Wulfric: he is dying, the log shows his
  death saving throws at the end of his turns and the card counts the failures.

Each moment is staged with creatures moved on the map (the .tmx untouched), the dice fixed
(initiative first, then the rolls of the commands) and the commands the engine accepts; every
side is played by people, so that nothing moves on its own.
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

from game.ecs.components import Health  # noqa: E402
from game.engine.battle import Battle  # noqa: E402
from game.engine.steller import commands as S  # noqa: E402
from game.tiled.loader import load_map  # noqa: E402

MAP = REPO / "maps" / "skirmish.tmx"


def staged(moves: dict, first: tuple[str, ...], dice=(), only=None) -> Battle:
    """The ruined mill with creatures moved (`only`: just these on the map), `first` acting
    first in that order (the initiative d20s are fixed so), then `dice`."""
    hexmap = load_map(MAP)
    if only is not None:
        hexmap.units = [p for p in hexmap.units if p.name in only]
    for p in hexmap.units:
        if p.name in moves:
            p.col, p.row = moves[p.name]
    names = [p.name for p in hexmap.units]
    rank = {n: 40 - i for i, n in enumerate(first)}
    rest = iter(range(19, 0, -1))
    rolls = [("d20", min(20, rank[n] - 20)) if n in rank else ("d20", next(rest) % 15 + 1)
             for n in names]
    b = Battle(hexmap, seed=5, rules="steller", fixed_dice=rolls + list(dice),
               controllers={"blue": "human", "red": "human"})
    for name in names:              # the staged turns are not interrupted by a question
        send(b, S.SetPolicy(name, policy="never", reaction="interrupt"))
    return b


def send(b: Battle, *commands) -> None:
    for command in commands:
        out = b.apply(command)
        if not out.ok:
            raise SystemExit(f"the staged command {command} was refused: {out.reason}")


def end_turns_until(b: Battle, name: str) -> None:
    """Every creature ends its turn until it is `name`'s."""
    for _ in range(100):
        if b.active == name:
            return
        send(b, S.EndTurn(b.active))
    raise SystemExit(f"{name}'s turn never came")


def window(b: Battle, select: str | None = None, hover=None, action: str | None = None,
           power: str | None = None):
    """The App on `b`: `select` shown, `action` of the bar chosen (Use Power: `power`), the
    pointer resting on `hover`."""
    from game.ui.app import App
    app = App(b, (1280, 800), window=False, animations=False, human_teams={"blue", "red"})
    app.update(0.0)
    if select is not None:
        app.controller.select(select)
    if action is not None:
        app.controller.do_action(action)
        for _ in range(8):
            if power is None or app.model.more.power == power:
                break
            app.controller.do_action(action)
    if hover is not None:
        app.controller.hover_cell(hover)
        app.battle_screen.point_at(hover)
    app.update(0.0)
    app.update(0.0)
    return app


def save(app, out: Path) -> Path:
    from game.outputs import write_png
    app.draw(force=True)
    write_png(app.screen, out)
    return out


MILL = {"Wulfric": (8, 8), "Skrag": (9, 8), "Goblin 1": (8, 7), "Snik": (7, 8),
        "Vrask": (11, 6), "Mayat": (5, 10), "Ogre": (12, 10)}


def _walked_to_skrag(dice=()) -> Battle:
    """Wulfric has walked next to Skrag, a goblin minion (his move action spent)."""
    b = staged({**MILL, "Wulfric": (6, 10), "Snik": (13, 3), "Goblin 1": (13, 2)},
               ("Wulfric",), dice)
    walk = next(o.command for o in b.options("Wulfric", "walk")
                if tuple(o.command.path[-1]) == (8, 8) and not o.provokes)
    send(b, walk)
    return b


def click_attack(out: Path) -> Path:
    """The pointer on Skrag: the basic attack a click makes, its chance."""
    return save(window(_walked_to_skrag(), "Wulfric", hover=(9, 8)), out)


def action_bar(out: Path) -> Path:
    """Wulfric has walked and struck at Skrag (a miss): standard and move spent, the minor
    action left: the bar greys what needs them."""
    b = _walked_to_skrag(dice=[("d20", 3)])
    send(b, S.UsePower("Wulfric", power="longsword", target="Skrag"))
    return save(window(b, "Wulfric"), out)


def burst_aimed(out: Path) -> Path:
    b = staged(MILL, ("Wulfric",))
    return save(window(b, "Wulfric", hover=(8, 8), action="use_power", power="leg_sweep"), out)


def save_ends(out: Path) -> Path:
    b = staged(MILL, ("Mayat", "Ogre"),
               dice=[("d20", 16), ("d10", 7), ("d20", 6)])
    send(b, S.UsePower("Mayat", power="pinning_shot", target="Ogre"), S.EndTurn("Mayat"),
         S.EndTurn("Ogre"))
    return save(window(b, "Ogre", hover=(12, 10)), out)


def death_saves(out: Path) -> Path:
    """The ogre fells Wulfric; two rounds on, he has failed two death saving throws (only
    three creatures on the map, so that both rounds fit in the log)."""
    b = staged({**MILL, "Ogre": (10, 9)}, ("Ogre", "Wulfric", "Mayat"),
               dice=[("d20", 15), ("d10", 6), ("d10", 5), ("d20", 4), ("d20", 7)],
               only=("Ogre", "Wulfric", "Mayat"))
    b.update("Wulfric", Health, hp=12)        # worn down by earlier blows
    send(b, S.UsePower("Ogre", power="greatclub", target="Wulfric"), S.EndTurn("Ogre"))
    end_turns_until(b, "Ogre")                # Wulfric's first throw: 4
    send(b, S.EndTurn("Ogre"))
    end_turns_until(b, "Ogre")                # his second: 7
    return save(window(b, "Wulfric"), out)


SHOTS = {"steller-action-bar": action_bar, "steller-click-attack": click_attack, "steller-burst-aimed": burst_aimed,
         "steller-save-ends": save_ends, "steller-death-saves": death_saves}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(REPO / "docs" / "screenshots"))
    parser.add_argument("--only", nargs="+", choices=list(SHOTS), default=None)
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for name, make in SHOTS.items():
        if args.only is None or name in args.only:
            print(make(out / f"{name}.png"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
