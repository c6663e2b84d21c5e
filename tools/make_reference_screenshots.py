"""Regenerate the screenshots of what explains the battlefield to a newcomer, in
docs/screenshots/, from the real game window, headless:

    python tools/make_reference_screenshots.py [--out docs/screenshots]

- legend.png: the map's legend (F2) over a battle on the default map; legend-terrain.png:
  its end (the badges, the terrain of the duel map, its exit flag included);
- glossary.png: the help panel's "Words of the game" (F1);
- rules-index.png and rules-search.png: the rules' index, and a search for "flank";
- computer-turn-summary.png: the combat log after the computer's side played, its run of
  turns ending with its summary line;
- handoff-meanwhile.png: a hotseat handoff saying what the other side did meanwhile.
Each is a battle at 1280x800 driven through `App.handle_event` as a player's keys and
clicks would be; the player's folder is a temporary one (HEXSKIRMISH_HOME).
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
os.environ.setdefault("HEXSKIRMISH_HOME", tempfile.mkdtemp(prefix="hexskirmish-shots-"))

import pygame  # noqa: E402
import pygame_gui  # noqa: E402

from game import paths  # noqa: E402
from game.ui.app import play_app  # noqa: E402


def _key(app, key: int) -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        app.handle_event(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))
    app.update(0.0)


def _save(app, out: Path, name: str) -> None:
    app.update(0.0)
    app.draw(force=True)
    pygame.image.save(app.screen, str(out / name))
    print(out / name)


def _choose(app, item: str) -> None:
    app.handle_event(pygame.event.Event(pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
                                        ui_element=app.view.list, text=item))


def legend_and_help(out: Path) -> None:
    app = play_app(paths.default_map(), sides="human,ai", seed=1, window=False)
    _key(app, pygame.K_F2)
    _save(app, out, "legend.png")
    _key(app, pygame.K_ESCAPE)
    _key(app, pygame.K_F1)
    _choose(app, "Words of the game")
    _save(app, out, "glossary.png")
    _choose(app, "Rules index")
    _save(app, out, "rules-index.png")
    app.view.search.set_text("flank")
    app.handle_event(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED,
                                        ui_element=app.view.search, text="flank"))
    _save(app, out, "rules-search.png")


def legend_terrain(out: Path) -> None:
    app = play_app(paths.shipped_map("duel"), sides="human,ai", seed=1, window=False)
    _key(app, pygame.K_F2)
    _key(app, pygame.K_END)
    _save(app, out, "legend-terrain.png")


def _play_people(app, until, steps: int = 300) -> None:
    """The people's sides end their turns, let reactions go, pick the first candidate."""
    c = app.controller
    for _ in range(steps):
        if until() or app.battle.awaiting() == "over":
            return
        if app.mode == "handoff":
            app.update(1.0)
            _key(app, pygame.K_SPACE)
            continue
        if c.is_human_turn():
            waiting = app.battle.awaiting()
            if waiting == "reaction":
                c.react(False)
            elif waiting == "choice":
                c.choose_next(sorted(app.model.choice_candidates)[0])
            else:
                _walk_towards_enemy(app)
                c.do_action("end_turn")
        app.update(0.5)


def _walk_towards_enemy(app) -> None:
    """The acting creature moves to the legal hex nearest an enemy (no provoking path)."""
    b = app.battle
    name = b.active
    if name is None or not b.action(name, "move").enabled:
        return
    enemies = [u for u in b.view().living() if u.team != b.teams_of[name]]
    options = [o for o in b.options(name, "move") if not getattr(o, "provokes", ())]
    if not enemies or not options:
        return

    def gap(o):
        end = o.command.path[-1]
        return min(abs(end[0] - b.cell(e.anchor)[0]) + abs(end[1] - b.cell(e.anchor)[1])
                   for e in enemies)
    app.controller.send(min(options, key=gap).command)


def computer_turn_summary(out: Path) -> None:
    app = play_app(paths.default_map(), sides="human,ai", seed=2, window=False)
    hits = lambda: [e for e in app.hud.log if e.kind == "summary"]  # noqa: E731
    _play_people(app, lambda: any(" hit " in e.text for e in hits()) or len(hits()) >= 4)
    _save(app, out, "computer-turn-summary.png")


def handoff_meanwhile(out: Path) -> None:
    app = play_app(paths.default_map(), sides="human,human", seed=2, window=False)
    _play_people(app, lambda: app.mode == "handoff" and app.view.meanwhile)
    _save(app, out, "handoff-meanwhile.png")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(REPO / "docs" / "screenshots"))
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    legend_and_help(out)
    legend_terrain(out)
    computer_turn_summary(out)
    handoff_meanwhile(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
