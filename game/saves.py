"""The player's saved battles: named slots, quick saves and autosaves in the per-user saves
folder (`game.paths.user_saves_dir()`, never the current folder), listed newest first for
the setup screen's Continue and Load.

A save is the battle's seed, rulebook and command log (`game.engine.replay.save_battle`), so
loading one replays the battle to where it was, with its own rules (the Load screen names
them when they are not the default). Kinds, by folder:
- `slot`: a name the player gave (saves/NAME.json); saving under a taken name replaces it
  only when asked to (`replace=True`);
- `quick`: F5 (saves/quick/quick-TIMESTAMP.json), a new file each time, the last
  QUICK_KEEP kept;
- `auto`: at the start of every turn of a person (saves/auto/auto-TIMESTAMP.json), the last
  AUTO_KEEP kept.
"""
from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass
from pathlib import Path

from game import paths
from game.rulebooks import DEFAULT, TITLES
from game.errors import InputError, printable
from game.files import FileRefused, read_text, regular_file_problem

AUTO_KEEP = 5
QUICK_KEEP = 10
MAX_SAVE_BYTES = 8 << 20         # as game.engine.replay reads: a bigger save is not read
_NAME = re.compile(r"[^A-Za-z0-9 _.-]+")


@dataclass(frozen=True)
class SaveInfo:
    """One save file as the Load screen lists it."""
    path: Path
    name: str            # the slot's name, or "Quick save" / "Autosave"
    kind: str            # slot | quick | auto
    saved_at: float      # seconds since the epoch (the file's time)
    map_name: str        # the map's file name without .tmx ("" when unreadable)
    commands: int        # how many commands the battle had (a measure of its progress)
    rules: str = DEFAULT  # the rulebook the battle plays (a save without one: the default)
    error: str = ""      # a save that cannot be read: its problem, one printable line
    ended: bool = False  # the battle had ended when saved (Continue shows its result)

    @property
    def when(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved_at))

    @property
    def label(self) -> str:
        if self.error:
            return f"{self.name} · {self.error}"
        where = f" · {self.map_name}" if self.map_name else ""
        rules = "" if self.rules == DEFAULT else f" · {TITLES.get(self.rules, self.rules)}"
        ended = " · ended" if self.ended else ""
        return f"{self.name}{where}{rules}{ended} · {self.when}"


def saves_dir() -> Path:
    return paths.user_saves_dir()


def slot_path(name: str) -> Path:
    """The file of the slot called `name` (letters, digits, space, _ . - kept)."""
    clean = _NAME.sub("", name).strip().strip(".")[:60]
    if not clean:
        raise InputError(None, None, f"a save needs a name of letters or digits (got {name!r})")
    return saves_dir() / f"{clean}.json"


def _stamp() -> str:
    now = time.time()
    return time.strftime("%Y%m%d-%H%M%S", time.localtime(now)) + f"-{int(now * 1000) % 1000:03d}"


def _write(battle, path: Path) -> Path:
    from game.engine.replay import save_battle
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise InputError(path.parent, None, f"cannot make the saves folder: "
                         f"{err.strerror or err}") from None
    save_battle(battle, path)
    return path


def save_slot(battle, name: str, replace: bool = False) -> Path:
    """Save under a name; a taken name is refused unless `replace` (the menu asks first)."""
    path = slot_path(name)
    if path.exists() and not replace:
        raise InputError(path, None, f"a save called {path.stem!r} exists: choose another "
                         "name or replace it")
    return _write(battle, path)


def _numbered(kind: str, keep: int, battle) -> Path:
    folder = saves_dir() / kind
    path = folder / f"{kind}-{_stamp()}.json"
    n = 1
    while path.exists():
        path = folder / f"{kind}-{_stamp()}-{n}.json"
        n += 1
    _write(battle, path)
    for old in sorted(folder.glob(f"{kind}-*.json"), key=_age)[:-keep]:
        old.unlink(missing_ok=True)
    return path


def quick_save(battle) -> Path:
    """F5: a new quick save (the oldest beyond QUICK_KEEP go)."""
    return _numbered("quick", QUICK_KEEP, battle)


def autosave(battle, keep: int = AUTO_KEEP) -> Path:
    """The autosave at a turn's start (the oldest beyond `keep` go)."""
    return _numbered("auto", max(1, keep), battle)


def _age(path: Path) -> tuple:
    try:
        return (path.stat().st_mtime_ns, path.name)
    except OSError:
        return (0, path.name)


def _info(path: Path, kind: str) -> SaveInfo:
    """The save as the Load screen lists it; one that cannot be read is listed with its
    problem (docs/security.md "The player's data folder"): only a regular file is opened
    (a pipe, /dev/zero or a dangling link is not), at most MAX_SAVE_BYTES of it read."""
    name = {"quick": "Quick save", "auto": "Autosave"}.get(kind, printable(path.stem))
    problem = regular_file_problem(path, "save")
    try:
        saved_at = path.stat().st_mtime if not problem else path.lstat().st_mtime
        data = None if problem else json.loads(read_text(path, MAX_SAVE_BYTES, "save"))
    except FileRefused as err:
        problem = str(err)
    except OSError as err:
        problem, saved_at = f"cannot read the save: {err.strerror or err}", 0.0
    except RecursionError:
        problem = "not a save: JSON nested too deeply"
    except ValueError as err:   # not JSON, or a number of thousands of digits
        problem = f"not a save: {str(err)[:80]}"
    if not problem and not isinstance(data, dict):
        problem = "not a save: the top level is not a JSON object"
    if problem:
        return SaveInfo(path, name, kind, saved_at, "", 0, DEFAULT, printable(problem))
    map_name = printable(Path(str(data.get("map", ""))).stem)[:60]
    commands = data.get("commands")
    rules = data.get("rules", DEFAULT)
    rules = printable(rules)[:20] if isinstance(rules, str) and rules else DEFAULT
    return SaveInfo(path, name, kind, saved_at, map_name,
                    len(commands) if isinstance(commands, list) else 0, rules,
                    ended=bool(data.get("winner")))


def list_saves() -> list[SaveInfo]:
    """Every save, newest first; one that cannot be read with its problem (`error`)."""
    root = saves_dir()
    found = [(p, "slot") for p in root.glob("*.json")]
    found += [(p, kind) for kind in ("quick", "auto") for p in (root / kind).glob("*.json")]
    infos = [_info(p, kind) for p, kind in found]
    return sorted(infos, key=lambda i: (i.saved_at, i.path.name), reverse=True)


def latest() -> SaveInfo | None:
    """The save Continue opens: the newest of any kind that can be read (`ended`: its result
    is shown)."""
    saves = [s for s in list_saves() if not s.error]
    return saves[0] if saves else None


def load(path):
    """The battle of a save, replayed to where it was saved (InputError when it cannot)."""
    from game.engine.replay import load_replay
    return load_replay(path)


__all__ = ["AUTO_KEEP", "QUICK_KEEP", "SaveInfo", "autosave", "latest", "list_saves", "load",
           "quick_save", "save_slot", "saves_dir", "slot_path"]
