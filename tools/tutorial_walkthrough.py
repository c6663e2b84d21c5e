"""Play the whole tutorial in a real game window and photograph each lesson's instructions.

Run it under a virtual X display from a checkout:

    xvfb-run -s "-screen 0 1280x800x24" python tools/tutorial_walkthrough.py --out docs/tutorial

It starts `python -m game` with an empty player's folder (so the game offers the tutorial, as
on a first start), then clicks and presses keys with `xdotool` as a player would, and saves
screenshots with ImageMagick's `import`. Where to click is worked out first by the same window
drawn off-screen (the dummy video driver) at the same size, and lesson 3's answers to the
computer's moves are found by playing it there first: a lesson's battle has a fixed seed, so
the real window sees the same moves.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"      # the planning copy only; the game has the display
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["HEXSKIRMISH_HOME"] = tempfile.mkdtemp(prefix="hexskirmish-plan-")
REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import pygame  # noqa: E402
import pygame_gui  # noqa: E402

from game.ui import settings as prefs  # noqa: E402
from game.ui.app import App  # noqa: E402

SIZE = (1280, 800)
KEYS = {pygame.K_RETURN: "Return", pygame.K_e: "e", pygame.K_m: "m", pygame.K_n: "n",
        pygame.K_p: "p", pygame.K_y: "y", pygame.K_F7: "F7"}


class Planner:
    """The off-screen window: each step is done there and written down for the real one."""

    def __init__(self):
        # the settings of a first start, as the real window has them (the warning before
        # ending a turn with actions left included)
        self.app = App(None, SIZE, window=False, animations=False, settings=prefs.Settings())
        self.plan: list[tuple] = []

    def at(self, cell):
        a = self.app
        return tuple(round(v) for v in a.camera.to_screen(*a.board.centre(cell)))

    def button(self, widget, wait=2.0):
        self.plan.append(("click", widget.rect.center, 0, wait))
        self.app.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=widget,
                                                 ui_object_id=widget.most_specific_combined_id))
        self.app.update(0.0)

    def click(self, cell, shift=False, wait=1.5):
        pos = self.at(cell)
        self.plan.append(("click", pos, shift, wait))
        a = self.app
        a.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                          buttons=(0, 0, 0)))
        mod = pygame.KMOD_SHIFT if shift else 0
        a.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, mod=mod))
        a.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        a.update(0.0)

    def hover(self, cell, wait=1.0):
        pos = self.at(cell)
        self.plan.append(("move", pos, 0, wait))
        self.app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                                 buttons=(0, 0, 0)))

    def key(self, k, wait=1.5):
        self.plan.append(("key", KEYS[k], 0, wait))
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            self.app.handle_event(pygame.event.Event(kind, key=k, mod=0, unicode="", scancode=0))
        self.app.update(0.0)

    def shot(self, name):
        self.plan.append(("shot", name, 0, 0.5))

    def wait_for(self, player, wait=6.0):
        """The computer plays until the player is asked or it is the player's turn."""
        a, b = self.app, self.app.battle
        for _ in range(80):
            if b.winner or (b.pending is not None and b.pending.reactor == player) or \
                    (b.awaiting() == "choice" and a.model.choice_candidates) or \
                    (b.awaiting() == "turn" and b.active == player):
                break
            a.update(0.3)
        self.plan.append(("sleep", None, 0, wait))

    def step(self) -> int:
        return self.app.battle_screen.lesson.progress.at


def lesson_3(p: Planner) -> None:
    b = p.app.battle
    for _ in range(30):
        p.wait_for("Osric")
        if p.app.battle_screen.lesson.progress.done or b.winner:
            return
        if b.pending is not None:
            answer = {"aoo": pygame.K_n, "defense": pygame.K_p, "interrupt": pygame.K_y}
            p.key(answer[b.pending.kind], wait=5.0)
        else:
            p.click(b.cell(b.unit("Grask").anchor), wait=5.0)
            if b.awaiting() == "turn" and b.active == "Osric":
                p.key(pygame.K_e, wait=2.0)
                if b.active == "Osric" and b.awaiting() == "turn":
                    p.key(pygame.K_e, wait=5.0)     # actions left: the second E ends it


def make_plan() -> list[tuple]:
    p = Planner()
    p.app.show_tutorial(first=True)
    p.shot("first-start")
    p.button(p.app.view.lesson_buttons[0], wait=3.0)
    p.shot("lesson-1")                                        # move and attack
    p.click((6, 3), wait=2.0)
    p.hover((7, 3), wait=1.5)
    p.shot("lesson-1-hit-preview")
    p.click((7, 3), wait=2.5)
    p.key(pygame.K_e, wait=3.0)
    p.shot("lesson-1-complete")
    p.key(pygame.K_F7, wait=3.0)
    p.shot("lesson-2")                                        # the safe path, an attack of opp.
    p.click((7, 4), shift=True, wait=2.5)
    p.hover((3, 1), wait=1.5)
    p.shot("lesson-2-provoking-path")
    p.click((3, 1), wait=1.0)
    p.key(pygame.K_RETURN, wait=3.0)
    p.key(pygame.K_F7, wait=3.0)
    p.shot("lesson-3")                                        # interrupt and parry
    lesson_3(p)
    p.shot("lesson-3-complete")
    p.key(pygame.K_F7, wait=3.0)
    p.shot("lesson-4")                                        # flanking, cover, an ability
    p.click((5, 3), wait=2.0)
    p.hover((4, 3), wait=1.5)
    p.shot("lesson-4-flanking")
    p.click((4, 3), wait=2.5)
    p.key(pygame.K_e, wait=2.5)
    p.click((5, 1), wait=2.5)
    p.key(pygame.K_m, wait=1.0)
    p.hover((5, 1), wait=1.0)
    p.click((5, 1), wait=2.5)
    p.shot("lesson-4-complete")
    done = p.app.battle_screen.lesson.progress.done
    print(f"planned {len(p.plan)} inputs; lesson 4 done off-screen: {done}")
    return p.plan


def xdotool(*args) -> str:
    return subprocess.run(["xdotool", *args], check=True, capture_output=True,
                          text=True).stdout.strip()


def game_window() -> str:
    """The game's X window: the only visible one of the virtual display."""
    for _ in range(60):
        time.sleep(1)
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--class", ""],
                               capture_output=True, text=True).stdout.split()
        if found:
            return found[0]
    raise SystemExit("tutorial_walkthrough: the game's window did not open in a minute")


def play(plan, out: Path) -> int:
    home = tempfile.mkdtemp(prefix="hexskirmish-tutorial-")
    env = dict(os.environ, HEXSKIRMISH_HOME=home)
    env.pop("SDL_VIDEODRIVER", None)
    game = subprocess.Popen([sys.executable, "-m", "game"], cwd=REPO, env=env)
    try:
        window = game_window()
        xdotool("windowfocus", window)
        time.sleep(2)
        out.mkdir(parents=True, exist_ok=True)
        for what, arg, shift, wait in plan:
            run_input(window, what, arg, shift, out)
            time.sleep(wait)
        return 0
    finally:
        game.terminate()
        try:
            game.wait(10)
        except subprocess.TimeoutExpired:
            game.kill()         # the window's loop may not stop on SIGTERM
            game.wait(10)


def run_input(window, what, arg, shift, out: Path) -> None:
    if what in ("click", "move"):
        xdotool("mousemove", "--window", window, str(arg[0]), str(arg[1]))
        if what == "click":
            if shift:
                xdotool("keydown", "shift")
            xdotool("click", "1")
            if shift:
                xdotool("keyup", "shift")
    elif what == "key":
        xdotool("key", arg)             # typed (XTEST) into the focused game window
    elif what == "shot":
        subprocess.run(["import", "-window", "root", str(out / f"{arg}.png")], check=True)
        print(f"wrote {out / f'{arg}.png'}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="docs/tutorial", help="folder for the screenshots")
    args = parser.parse_args(argv)
    if not os.environ.get("DISPLAY"):
        print("tutorial_walkthrough: no X display; run it under xvfb-run", file=sys.stderr)
        return 2
    return play(make_plan(), Path(args.out))


if __name__ == "__main__":
    sys.exit(main())
