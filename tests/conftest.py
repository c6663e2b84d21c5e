"""Headless test defaults (pygame draws without a window, Tiled's programs without a display)
and the fixtures many test modules share. Plain shared functions are in tests/helpers.py."""
import os
import sys
import tempfile

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The player's folders (saves, own maps): an empty one of the test run, never the real one.
os.environ.setdefault("HEXSKIRMISH_HOME", tempfile.mkdtemp(prefix="hexskirmish-home-"))
# Compiled modules: where the environment forbids writing them (PYTHONDONTWRITEBYTECODE),
# every worker and every `python -m game` a test starts would compile the whole game again.
# The suite keeps its own compiled copies in a private folder, never beside the sources.
PYCACHE = os.path.join(tempfile.gettempdir(), f"hexskirmish-test-pycache-{os.getuid()}")
os.environ["PYTHONPYCACHEPREFIX"] = PYCACHE
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.pycache_prefix, sys.dont_write_bytecode = PYCACHE, False

from tests.helpers import (CommandLine, drop_shared_app, free_closed_windows,  # noqa: E402
                           freeze_survivors, give_memory_back, require_tiled_program,
                           shared_app, time_to_give_back)

__all__ = ["blue_player_app", "cli", "player_home", "pygame_display_closed_after_module", "pygame_windows_freed_after_test",
           "require_tiled_program"]


@pytest.fixture(autouse=True)
def pygame_windows_freed_after_test():
    """After each test that opened pygame's display, the windows it made are freed at once
    (tests/helpers.py `free_closed_windows`)."""
    yield
    free_closed_windows(give_back=time_to_give_back())


@pytest.fixture(autouse=True, scope="module")
def pygame_display_closed_after_module():
    """After each module, no pygame display mode is left set for the next module to meet, the
    memory its windows held goes back to the system, and what outlives the module is kept out
    of the later modules' collections (tests/helpers.py `freeze_survivors`). The module's
    shared window (tests/helpers.py `shared_app`) goes first. One full collection does it all
    (a second one cost a second a module where the module's objects ran into the millions)."""
    yield
    drop_shared_app()
    pygame = sys.modules.get("pygame")
    if pygame is not None and pygame.display.get_init():
        pygame.event.get()          # pygame_gui's events hold their widgets
        pygame.display.quit()
    freeze_survivors()
    give_memory_back()


@pytest.fixture
def blue_player_app():
    """Builds the module's window (tests/helpers.py `shared_app`) on a battle whose blue side a
    person plays, without animations, one frame updated; the listeners each one added to its
    battle's controller are dropped after the test."""
    made = []

    def build(battle):
        app = shared_app(battle, (1280, 800), animations=False, human_teams={"blue"})
        app.update(0.0)
        made.append(app)
        return app
    yield build
    for app in made:
        app.controller.listeners.clear()


@pytest.fixture
def player_home(tmp_path, monkeypatch):
    """An empty player's data folder (HEXSKIRMISH_HOME) of this test, with its maps folder."""
    home = tmp_path / "home"
    (home / "maps").mkdir(parents=True)
    monkeypatch.setenv("HEXSKIRMISH_HOME", str(home))
    return home


@pytest.fixture
def cli(request, capsys, monkeypatch):
    """The command line of a test (a `CommandLine`): in the first case of a
    parametrized test, or in a test that is not parametrized, the first run is a new bounded
    process, as a player sees it; every other run is the same entry point in this process.
    A case that needs the memory or time limit sets `cli.new_processes` itself."""
    monkeypatch.delenv("HEXSKIRMISH_DEBUG", raising=False)
    callspec = getattr(request.node, "callspec", None)
    first_case = callspec is None or not any(callspec.indices.values())
    return CommandLine(capsys, new_processes=1 if first_case else 0)
