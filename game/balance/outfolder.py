"""Which files `balance --out DIR` may replace (docs/security.md "Files the commands write").

The report is `report.json`, `index.html` and the images of `game.balance.plots`. A file of
those names already in DIR is replaced only when it is a previous report of the game's own,
recognised so:
- `report.json`: a regular file (not a link) of at most 16 MiB holding a JSON object with
  the fields every balance report has: "map" (text), "games" (a number), "pairings" (a list)
  and "verdict" (an object with a "text");
- `index.html`: a regular file that begins as every report page does:
  `<!doctype html><html><head><meta charset='utf-8'>`, a line break and
  `<title>Balance of ` (game.balance.page);
- an image: a regular PNG file, replaced only when DIR's report.json is one of ours, and
  never one that a map in DIR uses (a tileset's image, an image layer).
Anything else (a file of the player's, a link, a folder, a map named report.json, a tileset
image named like a plot) stops the command before any game is played: one line naming the
file and the fix, exit 2, nothing written.
"""
from __future__ import annotations

import json
import os
import stat
from pathlib import Path

from game.errors import InputError

PAGE_HEAD = b"<!doctype html><html><head><meta charset='utf-8'>\n<title>Balance of "
MAX_REPORT_BYTES = 16 << 20
MAX_MAPS = 200           # maps of DIR whose files are checked
PNG = b"\x89PNG\r\n\x1a\n"
FIX = "give --out a new folder or the folder of an earlier balance report"


def check_out_folder(out: Path, images) -> None:
    """InputError unless every report file already in `out` is one the game wrote."""
    if not out.is_dir():
        return
    for name in ("report.json", "index.html", *images):
        path = out / name
        if not os.path.lexists(path):
            continue
        if not _regular(path):
            raise InputError(path, None, f"is not a regular file: the report will not "
                             f"replace it ({FIX})")
        mine = (_our_report(path) if name == "report.json" else
                _our_page(path) if name == "index.html" else _our_image(path, out))
        if not mine:
            raise InputError(path, None, f"is not a file of an earlier balance report: it "
                             f"is not replaced ({FIX})")


def _regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def _head(path: Path, count: int) -> bytes:
    from game.files import FileRefused, read_bytes
    try:
        return read_bytes(path, MAX_REPORT_BYTES, "report file")[:count]
    except FileRefused:
        return b""


def _our_report(path: Path) -> bool:
    try:
        doc = json.loads(_head(path, MAX_REPORT_BYTES) or b"null")
    except (ValueError, RecursionError):
        return False
    return (isinstance(doc, dict) and isinstance(doc.get("map"), str)
            and isinstance(doc.get("games"), int) and isinstance(doc.get("pairings"), list)
            and isinstance(doc.get("verdict"), dict) and "text" in doc["verdict"])


def _our_page(path: Path) -> bool:
    return _head(path, len(PAGE_HEAD)) == PAGE_HEAD


def _our_image(path: Path, out: Path) -> bool:
    report = out / "report.json"
    return (_head(path, len(PNG)) == PNG and _regular(report) and _our_report(report)
            and path.resolve() not in _files_of_maps(out))


def _files_of_maps(out: Path) -> set[Path]:
    """Every file the maps of `out` read (themselves, tilesets, templates, images)."""
    from game.tiled.document import read_document
    maps = sorted(p for ext in ("*.tmx", "*.tmj") for p in out.glob(ext))[:MAX_MAPS]
    used: set[Path] = set()
    for path in maps:
        if _regular(path):
            doc = read_document(path, [])
            used.update(p.resolve() for p in (doc.files_used() if doc else [path]))
    return used
