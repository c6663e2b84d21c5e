"""Headless test defaults (pygame draws without a window, Tiled's programs without a display)
and the fixtures many test modules share. Plain shared functions are in tests/helpers.py."""
import ctypes
import gc
import os
import sys
import tempfile

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The player's folders (saves, own maps): an empty one of the test run, never the real one.
os.environ.setdefault("HEXSKIRMISH_HOME", tempfile.mkdtemp(prefix="hexskirmish-home-"))

from tests.helpers import require_tiled_program  # noqa: E402  (older imports name it here)

LIBC = ctypes.CDLL(None) if sys.platform.startswith("linux") else None

__all__ = ["player_home", "pygame_display_closed_after_module", "pygame_windows_freed_after_test",
           "require_tiled_program"]


def release_freed_memory() -> None:
    """Hand the heap's freed pages back to the system where the C library can (glibc's
    malloc_trim): the surfaces of one test's windows leave holes the next test's do not fill."""
    trim = getattr(LIBC, "malloc_trim", None)
    if trim is not None:
        trim(0)


@pytest.fixture(autouse=True)
def pygame_windows_freed_after_test():
    """After each test that opened pygame's display, the windows it made are freed at once: the
    event queue is emptied (pygame_gui's events hold their widgets, which hold their UIManager
    with its fonts and surfaces, about 100 MB a window) and reference cycles are collected (a
    few objects holding large surfaces never reach the collector's thresholds)."""
    yield
    pygame = sys.modules.get("pygame")
    if pygame is not None and pygame.display.get_init():
        # get(), not clear(): pygame-ce 2.5's clear() never releases a posted event's dict
        pygame.event.get()
        gc.collect()
        release_freed_memory()


@pytest.fixture(autouse=True, scope="module")
def pygame_display_closed_after_module():
    """After each module, no pygame display mode is left set for the next module to meet."""
    yield
    pygame = sys.modules.get("pygame")
    if pygame is not None and pygame.display.get_init():
        pygame.display.quit()


@pytest.fixture
def player_home(tmp_path, monkeypatch):
    """An empty player's data folder (HEXSKIRMISH_HOME) of this test, with its maps folder."""
    home = tmp_path / "home"
    (home / "maps").mkdir(parents=True)
    monkeypatch.setenv("HEXSKIRMISH_HOME", str(home))
    return home
