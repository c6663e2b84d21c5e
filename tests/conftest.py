"""Headless test defaults: pygame draws without a window, Tiled's programs without a display."""
import os
import shutil
import tempfile

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The player's folders (saves, own maps): an empty one of the test run, never the real one.
os.environ.setdefault("HEXSKIRMISH_HOME", tempfile.mkdtemp(prefix="hexskirmish-home-"))


def require_tiled_program(name: str) -> str:
    """The path of a Tiled program (tiled, tmxrasterizer); skip the test where it is absent.

    CI sets HEXSKIRMISH_REQUIRE_TILED=1 so that a missing program fails instead of skipping.
    """
    path = shutil.which(name)
    if path is None:
        if os.environ.get("HEXSKIRMISH_REQUIRE_TILED"):
            pytest.fail(f"{name} is required here (Debian package 'tiled')")
        pytest.skip(f"{name} is not installed (Debian package 'tiled')")
    return path
