"""Regenerate the screenshots of the in-game menu, the Load screen, an undo, the terrain
tooltip, the help panel and the replay viewer in docs/, from the real game window, headless.

    python tools/make_play_screenshots.py [--out docs]

Each shot is a battle on the default map (a person against the computer, dice seed 1) driven
through `App.handle_event` as a player's keys and clicks would be, at 1280x800. The saves the
Load screen lists are made in a temporary player folder (HEXSKIRMISH_HOME), never the real one.
The replay viewer watches a battle of the computer against itself, paused on a ranged attack
(its hit chance and the cover lines tested) or else a move.
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

import pygame  # noqa: E402

from game import paths  # noqa: E402
from game.ui.app import play_app  # noqa: E402


def _key(app, key: int, mod: int = 0) -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        app.handle_event(pygame.event.Event(kind, key=key, mod=mod, unicode="", scancode=0))
    app.update(0.0)


def _point(app, cell) -> None:
    pos = tuple(round(v) for v in app.camera.to_screen(*app.board.centre(cell)))
    pygame.mouse.set_pos(pos)
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                        buttons=(0, 0, 0)))
    app.update(0.0)


def _click(app, cell) -> None:
    _point(app, cell)
    pos = tuple(round(v) for v in app.camera.to_screen(*app.board.centre(cell)))
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle_event(pygame.event.Event(kind, pos=pos, button=1, mod=0))
    app.update(0.0)


def _save(app, out: Path, name: str) -> None:
    app.update(0.0)
    app.draw(force=True)
    pygame.image.save(app.screen, str(out / name))
    print(out / name)


def _battle():
    """The default map, a person (blue) against the computer, at the person's first turn."""
    app = play_app(paths.default_map(), sides="human,ai", seed=1, window=False)
    app.animations = app.animator.enabled = app.model.animations = False
    for _ in range(200):
        if app.controller.actor() is not None or app.battle.awaiting() == "over":
            break
        if app.controller.is_human_turn():       # a pick or a prompt of the person's
            _answer(app)
        else:
            app.controller.step_ai()
    app.update(0.0)
    return app


def _answer(app) -> None:
    """The person's pick (the first it may choose) or its no to a reaction prompt."""
    if app.battle.awaiting() == "choice":
        app.controller.choose_next(app.model.choice_candidates[0])
    else:
        app.controller.react(False)


def _empty_hex_near(app, name: str):
    """A hex next to `name` the engine lets it step to (a 5-Foot Step: no dice)."""
    from game.engine import commands as C
    b = app.battle
    for option in b.options(name, "step"):
        if isinstance(option.command, C.Step) and not option.provokes:
            return tuple(option.command.to)
    return None


def shots(out: Path) -> None:
    app = _battle()
    actor = app.controller.actor()
    here = app.battle.cell(app.battle.unit(actor).anchor)
    _key(app, pygame.K_F5)
    _key(app, pygame.K_ESCAPE)
    app.view.name_entry.set_text("first skirmish")
    app.save_named("first skirmish")
    _save(app, out, "menu.png")
    app.show_load()
    _save(app, out, "load.png")
    app.back()
    app.resume()
    step = _empty_hex_near(app, actor)
    if step is not None:
        _key(app, pygame.K_4)
        _click(app, step)
    _key(app, pygame.K_z)
    _point(app, here)
    _save(app, out, "undo.png")
    far = (here[0], max(0, here[1] - 3))
    _point(app, far)
    app.update(0.6)
    _save(app, out, "terrain-tooltip.png")
    _key(app, pygame.K_F1)
    _save(app, out, "help.png")


def _computer_battle(commands: int = 160):
    from game.engine.battle import Battle
    from game.tiled.loader import load_map
    from game.ui import autoplay
    battle = Battle(load_map(paths.default_map()), seed=1,
                    controllers={"blue": "ai", "red": "ai"})
    for _ in range(commands):
        name = battle.decider()[1]
        if battle.awaiting() == "over" or name is None:
            break
        if not battle.apply(autoplay.command_for(battle, name)).ok:
            battle.apply(autoplay.fallback(battle, name))
    return battle


def _ranged_attack(app, n: int) -> bool:
    """Is command `n` a shot or a throw (its preview tests the lines of cover)?"""
    from game.engine import commands as C
    if not isinstance(app.replay.commands[n], C.Attack):
        return False
    app.replay.go_to(n)
    attack = app.replay.screen.model.attack
    return attack is not None and attack.mode in ("ranged", "thrown")


def replay_shot(out: Path) -> None:
    from game.engine import commands as C
    from game.ui.app import App
    battle = _computer_battle()
    app = App(None, (1280, 800), window=False, animations=False)
    app.watch_replay(battle, back="quit")
    commands = app.replay.commands
    n = next((i for i in range(len(commands)) if _ranged_attack(app, i)), None)
    if n is None:
        n = next(i for i, c in enumerate(commands) if isinstance(c, C.Move) and len(c.path) > 3)
    app.replay.go_to(n)
    app.update(0.0)
    app.update(0.6)
    _save(app, out, "replay.png")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(REPO / "docs"))
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="hexskirmish-shots-") as home:
        os.environ["HEXSKIRMISH_HOME"] = home
        shots(out)
        replay_shot(out)
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
