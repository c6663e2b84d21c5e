"""Noticing that a map file was saved again (docs/mapping.md "Hot reload").

A cheap poll of the file's modification time, size and inode, at most every `interval`
seconds: Tiled saves by writing a new file and renaming it over the old one, which changes
all three. No thread and no library, so the game loop decides when to look.
"""
from __future__ import annotations

import os
import time
from pathlib import Path


def _stamp(path: Path):
    try:
        st = os.stat(path)
    except OSError:
        return None  # between Tiled's write and its rename; the next poll sees the new file
    return st.st_mtime_ns, st.st_size, st.st_ino


class FileWatcher:
    """`poll()` is True once after each change of the watched files."""

    def __init__(self, paths, interval: float = 0.5, clock=time.monotonic):
        self.paths = [Path(p) for p in paths]
        self.interval, self.clock = interval, clock
        self.stamps = [_stamp(p) for p in self.paths]
        self.checked = clock()

    def poll(self) -> bool:
        now = self.clock()
        if now - self.checked < self.interval:
            return False
        self.checked = now
        stamps = [_stamp(p) for p in self.paths]
        if None in stamps or stamps == self.stamps:
            return False
        self.stamps = stamps
        return True
