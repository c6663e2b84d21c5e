"""The player's settings, kept in the per-user data folder (`game.paths.user_data_dir()`,
`settings.json`, as the saves are) and read when the window opens.

- `speed`: the animations' speed; `end_warning`: ask once more before ending a turn with
  actions left;
- `aoo_policy`: what the player's creatures do when an enemy provokes an attack of
  opportunity: "ask" (a prompt), "always" or "never" (the engine's per-creature policy,
  set with SetPolicy commands: docs/rules "Attacks of opportunity");
- `window`: one of `WINDOW_SIZES` ("1280x800", ...) or "full screen";
- `volume` (0 to 1) and `muted`: the sound effects (`game.ui.sound`);
- `follow`: the camera follows the acting creature in the computer's turns and in replays;
- `tutorial_offered`: the tutorial was offered once (on the very first start, when there is
  no settings file yet, the game opens on the lessons list).

`load()` never stops the game: a missing file gives the defaults, a damaged one the
defaults and one line on stderr naming the file and the fix; `save(settings)` writes
atomically.
"""
from __future__ import annotations

import json
import sys
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

from game import paths
from game.errors import printable
from game.files import FileRefused, read_text, write_atomically

AOO_POLICIES = ("ask", "always", "never")
WINDOW_SIZES = ("1024x700", "1280x800", "1600x900", "1920x1080")
FULL_SCREEN = "full screen"
WINDOW_CHOICES = WINDOW_SIZES + (FULL_SCREEN,)
MIN_SIZE = (1024, 700)      # smaller, the HUD's buttons and words no longer fit
MAX_BYTES = 64 * 1024


@dataclass(frozen=True)
class Settings:
    speed: float = 1.0
    end_warning: bool = True
    aoo_policy: str = "ask"
    window: str = "1280x800"
    volume: float = 0.7
    muted: bool = False
    follow: bool = True
    tutorial_offered: bool = False

    @property
    def fullscreen(self) -> bool:
        return self.window == FULL_SCREEN

    @property
    def size(self) -> tuple[int, int]:
        """The window's size in pixels (full screen: the size it goes back to)."""
        text = self.window if self.window in WINDOW_SIZES else "1280x800"
        w, h = text.split("x")
        return int(w), int(h)


def settings_path() -> Path:
    return paths.user_data_dir() / "settings.json"


def _checked(data) -> Settings:
    """The settings of `data`, each field checked (ValueError names the first bad one)."""
    if not isinstance(data, dict):
        raise ValueError("the file is not a JSON object")
    out = Settings()
    for f in fields(Settings):
        if f.name not in data:
            continue
        value = data[f.name]
        ok = {"speed": isinstance(value, (int, float)) and not isinstance(value, bool)
              and 0.25 <= value <= 8,
              "end_warning": isinstance(value, bool),
              "aoo_policy": value in AOO_POLICIES,
              "window": value in WINDOW_CHOICES,
              "volume": isinstance(value, (int, float)) and not isinstance(value, bool)
              and 0 <= value <= 1,
              "muted": isinstance(value, bool), "follow": isinstance(value, bool),
              "tutorial_offered": isinstance(value, bool)}[f.name]
        if not ok:
            raise ValueError(f"{f.name}: {value!r} is not a setting the game knows")
        out = replace(out, **{f.name: value})
    return out


def load(path: Path | None = None) -> Settings:
    """The saved settings, or the defaults (see the module docstring)."""
    path = path or settings_path()
    if not path.exists():
        return Settings()
    try:
        return _checked(json.loads(read_text(path, MAX_BYTES, "settings file")))
    except (FileRefused, ValueError, RecursionError) as err:
        print(f"{printable(path)}: {err}; the game uses its default settings (change them in "
              "the menu, or delete the file)", file=sys.stderr)
        return Settings()


def save(settings: Settings, path: Path | None = None) -> None:
    path = path or settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, (json.dumps(asdict(settings), indent=1) + "\n").encode("utf-8"))


def next_choice(choices, current):
    """The choice after `current` in `choices`, round again at the end."""
    at = choices.index(current) if current in choices else -1
    return choices[(at + 1) % len(choices)]


__all__ = ["AOO_POLICIES", "FULL_SCREEN", "MIN_SIZE", "Settings", "WINDOW_CHOICES",
           "WINDOW_SIZES", "load", "next_choice", "save", "settings_path"]
