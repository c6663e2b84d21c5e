"""Watching a battle again (`python -m game replay SAVE --watch`, and the result screen's
Watch the replay): the battle's command log applied again through the engine, one command
at a time, on the battle's own board with its previews, rulings and log.

`ReplayScreen(battle, size)` takes the battle's map, seed, initiative, controllers, ruleset,
fixed dice and command log (a save's battle from `game.engine.replay.load_replay`, or the
battle just finished). It shows the position after `position` commands in a watch-only
`BattleScreen`, and the next command as a preview: the path of a move with the hexes that
provoke, the hit chance, cover lines and flanking of an attack, as the player saw them
before the click. Forward applies that command (its events animate and go to the log);
back and the jumps to a round rebuild the battle from the log (`game.ui.undo.replayed`),
so every position is the engine's own. Play steps forward on its own, a command every
`STEP_S` seconds (at the animation speed), pausing at the end.

Its keys are `game.ui.keys.REPLAY_KEYS` (listed in the viewer's bar and the help panel);
the bar's buttons do the same. Actions for the App: ("close_replay",), ("help",),
("legend",).
"""
from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UIPanel

from game.engine import commands as C
from game.ui.battle_screen import BattleScreen
from game.ui.hud import make_manager
from game.ui.keys import REPLAY_KEYS
from game.ui.shown import Shown
from game.ui.undo import replayed

STEP_S = 0.9            # a preview stays this long before Play applies its command
MODES = {C.Move: "move", C.Run: "run", C.Step: "step", C.Charge: "charge",
         C.Retreat: "retreat", C.Attack: "attack", C.PowerAttack: "power"}
#: the viewer's keys in one line (the help panel lists REPLAY_HELP in full)
KEY_LINE = ("Space: play/pause · Left/Right: step · PgUp/PgDn: round · Home/End · V: view · "
            "Esc: close")
#: the bar's buttons: (action, label)
BUTTONS = (("first", "|<"), ("previous_round", "<< Round"), ("back", "< Back"),
           ("play", "Play"), ("forward", "Forward >"), ("next_round", "Round >>"),
           ("last", ">|"), ("side", "View: all"), ("close", "Close"))


def rounds_of(source) -> list[int]:
    """The round after each number of commands (index 0: the battle's start)."""
    battle = replayed(source, [])
    rounds = [battle.round]
    for cmd in source.log:
        battle.apply(cmd)
        rounds.append(battle.round)
    battle.close()
    return rounds


def target_cell(battle, cmd):
    """The hex a command points at, as the player's pointer did: where a move ends, the
    creature an attack strikes."""
    path = getattr(cmd, "path", ())
    if path:
        return tuple(path[-1])
    target = getattr(cmd, "target", "") or getattr(cmd, "next", "")
    if target and target in battle.eids and not isinstance(cmd, (C.Run, C.Step)):
        return battle.cell(battle.unit(target).anchor)
    to = getattr(cmd, "to", None)
    return tuple(to) if to else None


class ReplayScreen(Shown):
    """The replay viewer (see the module docstring)."""

    name = "replay"
    transient = False
    pauses = True
    back_from = frozenset({"help", "legend"})

    def __init__(self, battle, size, *, animations: bool = True, speed: float = 1.0,
                 follow: bool = True, sound=None):
        self.source = battle
        self.follow, self.sound = follow, sound
        self.commands = list(battle.log)
        self.rounds = rounds_of(battle)
        self.size = tuple(size)
        self.manager = make_manager(self.size)
        self.animations, self.speed = animations, speed
        self.playing = False
        self._clock = 0.0
        self.screen: BattleScreen | None = None
        self.position = 0
        self.side = ""          # whose knowledge is shown: "" everything, else a team
        self.widgets: list = []
        self.go_to(0)
        self._build_bar()

    # ---- positions ---------------------------------------------------------------------------
    def go_to(self, position: int) -> None:
        """The battle after `position` commands, rebuilt from the log; the next one cued."""
        position = max(0, min(len(self.commands), position))
        view = None
        if self.screen is not None:
            view = (self.screen.camera.zoom, self.screen.camera.x, self.screen.camera.y)
            self.speed = self.screen.model.speed
            self.screen.kill()
        battle = replayed(self.source, self.commands[:position])
        teams = set(battle.teams_of.values())
        self.screen = BattleScreen(battle, self.manager, self.size, human_teams=teams,
                                   animations=self.animations, owned=True, watch=True)
        self.screen.model.speed = self.speed
        self.screen.controller.viewer_side = self.side
        self.screen.follow, self.screen.sound = self.follow, self.sound
        if view is not None:
            self.screen.camera.zoom, self.screen.camera.x, self.screen.camera.y = view
        self.position = position
        self.cue()

    def forward(self) -> bool:
        """Apply the next command (its events animate); False at the end."""
        if self.position >= len(self.commands):
            self.playing = False
            return False
        out = self.screen.controller.send(self.commands[self.position])
        if not out.ok:              # the engine replays its own log: never expected
            self.playing = False
            self.screen.model.message = f"the replay stops here: {out.reason}"
            return False
        self.position += 1
        self.cue()
        return True

    def back(self) -> None:
        self.go_to(self.position - 1)

    def next_side(self) -> None:
        """Show everything, then each side's knowledge in turn (docs/rules/22-hiding-and-fog.md:
        what it saw, dimmed hexes, last-seen ghosts)."""
        order = ["", *sorted(set(self.source.teams_of.values()))]
        self.side = order[(order.index(self.side) + 1) % len(order)] \
            if self.side in order else ""
        self.screen.controller.viewer_side = self.side
        self.screen.board.invalidate()
        self.screen.refresh_hud(force=True)

    def round_start(self, round_: int) -> int:
        """The first position in `round_` (the end when the battle never reached it)."""
        return next((n for n, r in enumerate(self.rounds) if r >= round_), len(self.commands))

    def previous_round(self) -> None:
        start = self.round_start(self.rounds[self.position])
        if start < self.position:
            self.go_to(start)
        else:
            self.go_to(self.round_start(self.rounds[self.position] - 1))

    def next_round(self) -> None:
        self.go_to(self.round_start(self.rounds[self.position] + 1))

    def jump_to_round(self, round_: int) -> None:
        self.go_to(self.round_start(round_))

    # ---- the next command, shown before it is applied ------------------------------------
    def cue(self) -> None:
        """The next command's preview: its creature selected, its mode and weapon, the
        pointer on the hex it points at (the controller's own previews)."""
        c, m = self.screen.controller, self.screen.model
        cmd = self.next_command
        if cmd is None:
            m.message = f"{self.end_words()}: Home or Left to watch it again"
            m.revision += 1
            return
        c.select(cmd.unit if not isinstance(cmd, C.ChooseNext) else cmd.next)
        mode = MODES.get(type(cmd))
        if mode is not None and m.selected == cmd.unit:
            c.set_mode(mode)
            m.weapon = getattr(cmd, "weapon", None)
            c.hover_cell(target_cell(self.screen.battle, cmd))
            self._recorded_path(cmd)
        m.message = f"Next: {describe(cmd)}"
        m.revision += 1
        self.screen._dirty = True

    def _recorded_path(self, cmd) -> None:
        """A move's preview follows the path the creature took, not the cheapest one."""
        p, path = self.screen.model.preview, getattr(cmd, "path", ())
        if p is None or not path or list(p.cells) == [tuple(x) for x in path]:
            return
        cells = [tuple(x) for x in path]
        p.cells, p.safe_cells, p.safe_cost = cells, None, None
        p.provokes = [x for x in p.provokes if tuple(x[0]) in cells[:-1] or
                      tuple(x[0]) == self.screen.battle.cell(
                          self.screen.battle.unit(cmd.unit).anchor)]
        p.facings = None

    def end_words(self) -> str:
        """What the last position is: the battle's end, or where a save made mid-battle
        stops (the battle went on after it, or was never finished)."""
        if self.source.winner:
            return "The end of the battle"
        return f"The save ends here, round {self.rounds[-1]}"

    @property
    def title(self) -> str:
        """The window's title: the map's and that this is a replay."""
        hexmap = self.source.hexmap
        return f"{hexmap.title or Path(hexmap.path).stem} - replay"

    @property
    def next_command(self):
        return self.commands[self.position] if self.position < len(self.commands) else None

    # ---- the bar ---------------------------------------------------------------------------
    def _build_bar(self) -> None:
        for w in self.widgets:
            w.kill()
        hud = self.screen.hud
        rect = hud.rects["actions"] if hud is not None else pygame.Rect(
            8, self.size[1] - 88, self.size[0] - 16, 80)
        bar = UIPanel(rect, starting_height=2, manager=self.manager,
                      object_id=ObjectID(class_id="@hud_panel", object_id="#replay_bar"))
        self.widgets = [bar]
        gap = 6
        bh = (rect.height - 3 * gap - 4) // 2
        bw = (rect.width - 4 - gap * (len(BUTTONS) + 1)) // len(BUTTONS)
        self.buttons = {}
        for n, (action, label) in enumerate(BUTTONS):
            button = UIButton(pygame.Rect(gap + n * (bw + gap), gap, bw, bh), label,
                              manager=self.manager, container=bar,
                              tool_tip_text=key_of(action),
                              object_id=ObjectID(class_id="@action", object_id=None))
            self.buttons[action] = button
            self.widgets.append(button)
        self.status_label = UILabel(pygame.Rect(gap, bh + 2 * gap, rect.width - 2 * gap - 4, bh),
                                    "", manager=self.manager, container=bar,
                                    object_id=ObjectID(class_id="@hint", object_id=None))
        self.widgets.append(self.status_label)
        self._status = None
        self.refresh_bar()

    def status(self) -> str:
        state = "playing" if self.playing else "paused"
        seen = f"as {self.side} knew it" if self.side else "everything"
        return (f"Replay, {state}, {seen} · command {self.position} of {len(self.commands)} · "
                f"round {self.rounds[self.position]} of {self.rounds[-1]}   ·   {KEY_LINE}")

    def refresh_bar(self) -> None:
        text = self.status()
        if text != self._status:
            self._status = text
            self.status_label.set_text(text)
            self.buttons["play"].set_text("Pause" if self.playing else "Play")
            self.buttons["side"].set_text(f"View: {self.side or 'all'}")
            at_end, at_start = self.position >= len(self.commands), self.position == 0
            for action in ("forward", "next_round", "last"):
                (self.buttons[action].disable if at_end else self.buttons[action].enable)()
            for action in ("back", "previous_round", "first"):
                (self.buttons[action].disable if at_start else self.buttons[action].enable)()

    # ---- the Screen interface --------------------------------------------------------------
    def act(self, what: str):
        """One of the viewer's commands (REPLAY_KEYS, the bar); an action for the App."""
        if what == "close":
            return ("close_replay",)
        if what == "play":
            self.playing = not self.playing and self.position < len(self.commands)
            self._clock = 0.0
        else:
            self.playing = False
            {"forward": self.forward, "back": self.back, "first": lambda: self.go_to(0),
             "last": lambda: self.go_to(len(self.commands)),
             "next_round": self.next_round, "previous_round": self.previous_round,
             "side": self.next_side}[what]()
        self.refresh_bar()
        self.screen._dirty = True
        return None

    def handle_event(self, ev):
        if ev.type == pygame.KEYDOWN and ev.key in REPLAY_KEYS:
            return self.act(REPLAY_KEYS[ev.key])
        if ev.type == pygame_gui.UI_BUTTON_PRESSED:
            element = getattr(ev, "ui_element", None)
            action = next((a for a, b in self.buttons.items() if b is element), None)
            if action is not None:
                return self.act(action)
        answer = self.screen.handle_event(ev)
        return answer if answer in (("help",), ("legend",)) else None

    def update(self, dt: float):
        self.screen.update(dt)
        if self.playing and not self.screen.animator.busy:
            self._clock += dt
            if self._clock >= STEP_S / self.screen.model.speed:
                self._clock = 0.0
                if not self.forward():
                    self.playing = False
        self.refresh_bar()
        return None

    def draw(self, surface, force: bool = False) -> bool:
        return self.screen.draw(surface, force)

    def on_event(self, ev):
        return self.handle_event(ev)

    def on_update(self, dt: float):
        return self.update(dt)

    def present(self, surface, force: bool) -> bool:
        return self.draw(surface, force)

    def pointer_gone(self) -> None:
        """A dialog opens over the replay: no hover or tooltip is left behind."""
        self.screen.pointer_gone()

    def layout(self, size) -> None:
        self.size = tuple(size)
        self.manager.set_window_resolution(self.size)
        self.screen.layout(self.size)
        self._build_bar()

    def shown_again(self) -> None:
        self.screen.shown_again()

    def kill(self) -> None:
        for w in self.widgets:
            w.kill()
        self.widgets = []
        if self.screen is not None:
            self.screen.kill()


def key_of(action: str) -> str:
    """The keys of a viewer command, for its button's tooltip."""
    names = [pygame.key.name(k) for k, a in REPLAY_KEYS.items() if a == action]
    return " or ".join(n.capitalize() for n in names)


def describe(cmd) -> str:
    """A command in the player's words, e.g. "Wulfric: Move to 3,4"."""
    kind = type(cmd).__name__
    words = {"Move": "moves", "Run": "runs", "Step": "takes a 5-foot step", "Charge": "charges",
             "Retreat": "retreats", "Attack": "attacks", "PowerAttack": "makes a power attack",
             "CoupDeGrace": "strikes a coup de grace", "Aim": "aims",
             "FightDefensively": "fights defensively", "StandUp": "stands up",
             "DropProne": "drops prone", "PrepareInterrupt": "prepares an interrupt",
             "EndTurn": "ends the turn", "LeaveMap": "leaves the battle",
             "SetPolicy": "changes its attack-of-opportunity setting"}
    if isinstance(cmd, C.ChooseNext):
        return f"{cmd.unit} picks {cmd.next} to act next"
    if isinstance(cmd, C.React):
        return f"{cmd.unit} {'takes' if cmd.accept else 'lets go'} the attack of opportunity"
    text = f"{cmd.unit} {words.get(kind, kind)}"
    target = getattr(cmd, "target", "")
    path = getattr(cmd, "path", ()) or ()
    to = path[-1] if path else getattr(cmd, "to", None)
    if target:
        text += f" {target}" if kind != "Charge" else f" at {target}"
    elif to:
        text += f" to {to[0]},{to[1]}"
    weapon = getattr(cmd, "weapon", None)
    return text + (f" with the {weapon}" if weapon else "")


__all__ = ["ReplayScreen", "describe", "rounds_of", "target_cell"]
