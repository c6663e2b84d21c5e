"""The Tiled kit in the player's data folder (docs/mapping.md "Your maps folder").

A map of the player's maps folder must refer only to files of the player's data folder, never
into the game's installation (a virtual environment that may be deleted or moved) nor into a
checkout. So the kit is copied there, in the shipped layout, which keeps every relative path
of the shipped files working unchanged:

    DATA/assets/tilesets/...            the terrain and token tilesets (with their images)
    DATA/maps/templates/{pointy,flat}/  the unit and respawn templates (../../../assets/...)
    DATA/maps/extensions/hexskirmish.js the Tiled extension (set to run this game)
    DATA/maps/hexskirmish.tiled-project the project: the shipped property types, and commands
                                        that run this game's interpreter (kit_commands.py)
    DATA/maps/hexskirmish.tiled-session Tiled's own session, written once if missing: Tiled
                                        1.8 opens a project named on its command line
                                        (`tiled PROJECT MAP`) only when it has one
    DATA/tiled-kit.json                 what the game last wrote there (a digest per file)

`install_kit` copies what is missing and brings up to date every file the game wrote and
nobody changed since (the digest still matches); a file the player edited (or made) is never
overwritten: it is kept and named in the answer. Nothing is written outside the data folder.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

from game import paths
from game.errors import InputError
from game.files import FileRefused, read_bytes, write_atomically
from game.tiled.kit_commands import this_game_commands

PROJECT_NAME = "hexskirmish.tiled-project"
SESSION_NAME = "hexskirmish.tiled-session"
EXTENSION = Path("maps") / "extensions" / "hexskirmish.js"
MANIFEST_NAME = "tiled-kit.json"
MAX_KIT_FILE = 16 * 1024 * 1024
# The lines of the shipped extension that the copy sets to this game (see the extension).
PYTHON_LINE = 'const PYTHON = "python3";'
GAME_FOLDER_LINE = 'const GAME_FOLDER = "";'


@dataclass
class KitReport:
    """What `install_kit` did, as paths relative to the data folder."""

    folder: Path
    written: list[str] = field(default_factory=list)   # new or brought up to date
    kept: list[str] = field(default_factory=list)      # changed by the player: left alone

    @property
    def project(self) -> Path:
        return self.folder / "maps" / PROJECT_NAME


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def shipped_files() -> dict[str, Path]:
    """Kit files copied as they are: relative path in the data folder -> shipped file."""
    out = {}
    for root, rel in ((paths.assets_dir() / "tilesets", "assets/tilesets"),
                      (paths.shipped_maps_dir() / "templates", "maps/templates")):
        for path in sorted(root.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                out[f"{rel}/{path.relative_to(root).as_posix()}"] = path
    return out


def project_bytes() -> bytes:
    """The shipped project with commands that run this game."""
    project = json.loads((paths.shipped_maps_dir() / PROJECT_NAME).read_text(encoding="utf-8"))
    project["commands"] = this_game_commands()
    project["extensionsPath"] = "extensions"
    return (json.dumps(project, indent=4) + "\n").encode("utf-8")


def extension_bytes() -> bytes:
    """The shipped extension, set to run this game's interpreter from this game's folder."""
    text = (paths.shipped_maps_dir() / "extensions" / "hexskirmish.js").read_text("utf-8")
    folder = str(paths.PACKAGE_DIR.parent)
    for line, value in ((PYTHON_LINE, sys.executable), (GAME_FOLDER_LINE, folder)):
        name = line.split("=")[0]
        text = text.replace(line, f"{name}= {json.dumps(value)};")
    return text.encode("utf-8")


def kit_contents() -> dict[str, bytes | Path]:
    """Every kit file: relative path -> its content (or the shipped file to copy)."""
    return {**shipped_files(), EXTENSION.as_posix(): extension_bytes(),
            f"maps/{PROJECT_NAME}": project_bytes()}


def read_manifest(folder: Path) -> dict[str, str]:
    """Relative path -> digest of what the game last wrote (empty if unreadable)."""
    try:
        data = json.loads(read_bytes(folder / MANIFEST_NAME, MAX_KIT_FILE, "kit list"))
    except (FileRefused, ValueError, RecursionError):
        return {}
    files = data.get("files") if isinstance(data, dict) else None
    return {k: v for k, v in files.items() if isinstance(v, str)} \
        if isinstance(files, dict) else {}


def current_digest(path: Path) -> str | None:
    """The digest of the regular file at `path`; None if there is none; "" if something else
    is there (a folder, a pipe, a link elsewhere): the game never writes over it."""
    if not os.path.lexists(path):
        return None
    if path.is_symlink():
        return ""
    try:
        return digest(read_bytes(path, MAX_KIT_FILE, "kit file"))
    except FileRefused:
        return ""


def install_kit(folder: Path | None = None) -> KitReport:
    """Copy or refresh the kit in the data folder `folder` (default: the player's)."""
    folder = Path(folder or paths.user_data_dir())
    report = KitReport(folder)
    written = read_manifest(folder)
    for rel, content in kit_contents().items():
        data = content.read_bytes() if isinstance(content, Path) else content
        new = digest(data)
        now = current_digest(folder / rel) if stays_inside(folder, rel) else ""
        if now == new:
            written[rel] = new
            continue
        if now is not None and now != written.get(rel):
            report.kept.append(rel)            # the player's own version: left alone
            continue
        write_kit_file(folder / rel, data)
        written[rel] = new
        report.written.append(rel)
    start_session(folder / "maps" / SESSION_NAME)
    write_kit_file(folder / MANIFEST_NAME,
                   (json.dumps({"files": dict(sorted(written.items()))}, indent=1) + "\n")
                   .encode("utf-8"))
    return report


def kept_lines(report: KitReport) -> list[str]:
    """One line per kit file left alone because the player changed it."""
    return [f"{report.folder / rel}: kept as you changed it (the game did not replace it; "
            "delete it to get the shipped one back)" for rel in report.kept]


def run_tiled_kit() -> int:
    """`python -m game tiled-kit`: copy or bring up to date the kit in the player's data
    folder, and say how to open it."""
    report = install_kit()
    state = f"{len(report.written)} files written" if report.written else "already up to date"
    print(f"{report.project}: the Tiled kit of your maps folder, {state}; open it in Tiled "
          f"(File > Open Project, or: tiled {report.project})")
    for line in kept_lines(report):
        print(line)
    return 0


def stays_inside(folder: Path, rel: str) -> bool:
    """Whether the folder of kit file `rel` is really inside `folder` (no link out of it)."""
    try:
        return (folder / rel).parent.resolve().is_relative_to(folder.resolve())
    except OSError:
        return False


def start_session(path: Path) -> None:
    """Tiled's session beside the project, naming the project, unless there is one (Tiled
    keeps it up to date itself: the open maps, the last folders)."""
    if not os.path.lexists(path):
        write_kit_file(path, json.dumps({"project": PROJECT_NAME}).encode("utf-8") + b"\n")


def write_kit_file(path: Path, data: bytes) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, data)
    except OSError as err:
        raise InputError(path, None, f"cannot write the Tiled kit here ({err.strerror or err}); "
                         "make the folder writable, or set HEXSKIRMISH_HOME to a folder of "
                         "your own") from None
