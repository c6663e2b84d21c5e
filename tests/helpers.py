"""What many test modules share: running the game's command line (in a new bounded process or
in this one), Tiled's programs, the small builders of creatures the rules tests place, the
shipped maps loaded once, the check of a refused command, and freeing the windows of a test.

Fixtures live in tests/conftest.py; plain functions live here (`from tests.helpers import ...`).
"""
from __future__ import annotations

import ctypes
import functools
import gc
import json
import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from game import paths
from game.data.model import UnitType
from game.tiled.hexmap import HexMap
from game.tiled.loader import load_map

REPO = Path(__file__).resolve().parent.parent
#: address space a command-line process may take: a hang or a runaway allocation fails the
#: test that started it instead of the whole suite
CLI_MEMORY_LIMIT = 2 << 30
CLI_TIMEOUT = 120


# ---- the command line -------------------------------------------------------------------------

def memory_limited(limit: int = CLI_MEMORY_LIMIT):
    """A `preexec_fn` that caps the child's address space at `limit` bytes."""
    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    return apply


def cli_env(**extra: str) -> dict:
    """The environment of a command-line process: this checkout first on the import path,
    pygame without a window or sound, no debug tracebacks."""
    env = dict(os.environ, PYTHONPATH=str(REPO), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", QT_QPA_PLATFORM="offscreen", **extra)
    env.pop("HEXSKIRMISH_DEBUG", None)
    return env


def run_game(*args, cwd=REPO, home=None, timeout: float = CLI_TIMEOUT,
             memory: int = CLI_MEMORY_LIMIT, env: dict | None = None,
             python: tuple = ("-m", "game")) -> subprocess.CompletedProcess:
    """`python -m game ARGS` in a new process, bounded in memory and time, stdin closed.
    `home`: the player's data folder (HEXSKIRMISH_HOME); `python`: what follows the
    interpreter instead of `-m game` (`-c CODE`)."""
    extra = dict(env or {})
    if home is not None:
        extra["HEXSKIRMISH_HOME"] = str(home)
    return subprocess.run([sys.executable, *python, *map(str, args)], cwd=cwd,
                          env=cli_env(**extra), capture_output=True, text=True,
                          timeout=timeout, preexec_fn=memory_limited(memory),
                          stdin=subprocess.DEVNULL)


def run_game_in_process(capsys, *args) -> subprocess.CompletedProcess:
    """`python -m game ARGS` through the same entry point, in this process: what it printed
    and its exit status, shaped like `run_game`'s answer."""
    from game.cli import main
    status = main([str(a) for a in args])
    out = capsys.readouterr()
    return subprocess.CompletedProcess(list(args), status, out.out, out.err)


#: `game.cli.main` for each argument list of argv[1] (JSON) in turn, each run's exit status,
#: stdout and stderr kept apart, printed as one JSON list
MAIN_IN_TURN = """
import contextlib, io, json, sys
from game.cli import main
runs = []
for argv in json.loads(sys.argv[1]):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    runs.append([argv, status, out.getvalue(), err.getvalue()])
print(json.dumps(runs))
"""


def run_game_in_turn(*argvs, **run_game_options) -> list[subprocess.CompletedProcess]:
    """`python -m game ARGV` for each of `argvs`, one after the other in ONE new process bounded
    in memory and time (`run_game`'s options): a hang or a blow-up of any of them fails, and
    the game's imports are paid once. Each run's answer shaped like `run_game`'s."""
    argvs = [[str(a) for a in argv] for argv in argvs]
    out = run_game(json.dumps(argvs), python=("-c", MAIN_IN_TURN), **run_game_options)
    assert out.returncode == 0, out.stderr[-2000:]
    return [subprocess.CompletedProcess(argv, status, stdout, stderr)
            for argv, status, stdout, stderr in json.loads(out.stdout.splitlines()[-1])]


class CommandLine:
    """The game's command line as a test runs it: the next `new_processes` runs each start a new
    bounded process (`run_game`: exit status and stderr as a player sees them, under the memory
    and time limits); every later run goes through the same entry point in this process
    (`run_game_in_process`), which answers alike without paying the game's imports again."""

    def __init__(self, capsys, new_processes: int = 1):
        self.capsys = capsys
        self.new_processes = new_processes

    @property
    def next_in_new_process(self) -> bool:
        return self.new_processes > 0

    def __call__(self, *args, **run_game_options) -> subprocess.CompletedProcess:
        """`python -m game ARGS`; `run_game_options` (e.g. `python`) apply to a new process."""
        if not self.next_in_new_process:
            assert not run_game_options, run_game_options
            return run_game_in_process(self.capsys, *args)
        self.new_processes -= 1
        return run_game(*args, **run_game_options)


def assert_one_error_line(out: subprocess.CompletedProcess, *parts: str,
                          quiet_stdout: bool = False) -> str:
    """Bad input's promise: exit status 2, one line on stderr holding every one of `parts`, no
    traceback, no terminal escape (and nothing on stdout when `quiet_stdout`)."""
    assert out.returncode == 2, (out.returncode, out.stderr)
    if quiet_stdout:
        assert out.stdout == "", out.stdout
    lines = out.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in out.stderr and "\x1b" not in out.stderr, \
        out.stderr
    for part in parts:
        assert part in lines[0], lines[0]
    return lines[0]


def assert_refused(out: subprocess.CompletedProcess, *parts: str, lines: int | None = 1) -> str:
    """A refusal as docs/security.md promises: exit status 2, nothing on stdout, no traceback
    or internal error, `lines` lines on stderr (None: any number, for `validate`), each part
    in them. The stderr text, stripped."""
    err = out.stderr
    assert out.returncode == 2, (out.returncode, err)
    assert out.stdout == "", out.stdout
    assert "Traceback" not in err and "internal error" not in err, err
    if lines is not None:
        assert len(err.splitlines()) == lines, err
    for part in parts:
        assert str(part) in err, (part, err)
    return err.strip()


# ---- Tiled's programs ---------------------------------------------------------------------------

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


def tiled_export(source: Path, target: Path, *flags: str, what: str = "map") -> Path:
    """`target`, written by Tiled itself from `source` (`tiled --export-map`, or
    `--export-tileset` when `what` is "tileset"), headless."""
    tiled = require_tiled_program("tiled")
    subprocess.run([tiled, *flags, f"--export-{what}", str(source), str(target)], check=True,
                   timeout=120, capture_output=True,
                   env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    return target


# ---- small Tiled JSON maps -------------------------------------------------------------------

def tiled_json_unit(oid: int, name: str, team: str, x: float, facing: int | None = None) -> dict:
    """A fighter of `team` on a Tiled JSON map's Units layer, at `x` on the map's fourth row."""
    props = [{"name": "team", "type": "string", "value": team},
             {"name": "unit", "type": "string", "value": "fighter"}]
    if facing is not None:
        props.insert(0, {"name": "facing", "type": "int", "value": facing})
    return {"id": oid, "name": name, "type": "unit", "gid": 1003, "x": x, "y": 176,
            "width": 56, "height": 64, "rotation": 0, "visible": True, "properties": props}


def tiled_json_map(folder: Path, units: list[dict], properties: list[dict]) -> dict:
    """An 8x6 Tiled JSON map document on the shipped pointy tilesets (paths relative to
    `folder`, where it will be written), a plain terrain layer and `units`."""
    tilesets = paths.assets_dir() / "tilesets"
    return {"type": "map", "orientation": "hexagonal", "width": 8, "height": 6,
            "tilewidth": 56, "tileheight": 64, "hexsidelength": 32, "staggeraxis": "y",
            "staggerindex": "odd", "infinite": False, "renderorder": "right-down",
            "version": "1.8", "tiledversion": "1.8.2", "nextlayerid": 3, "nextobjectid": 3,
            "properties": properties,
            "tilesets": [{"firstgid": gid, "source": os.path.relpath(tilesets / name, folder)}
                         for gid, name in ((1, "hex-pointy.tsx"),
                                           (1000, "unit-tokens-pointy.tsx"))],
            "layers": [{"type": "tilelayer", "id": 1, "name": "Terrain", "width": 8,
                        "height": 6, "data": [1] * 48, "opacity": 1, "visible": True,
                        "x": 0, "y": 0},
                       {"type": "objectgroup", "id": 2, "name": "Units", "opacity": 1,
                        "visible": True, "x": 0, "y": 0, "objects": units}]}


# ---- creatures ----------------------------------------------------------------------------------

def placement(name: str, col: int, row: int, kind: str = "fighter", team: str = "blue",
              facing: int = 0, conditions=(), **extra) -> dict:
    """A creature on a map built in code (game.ecs.scenario): `kind` from the unit files."""
    return dict(name=name, unit=kind, team=team, col=col, row=row, facing=facing,
                conditions=tuple(conditions), **extra)


def unit_type(**fields) -> UnitType:
    """A unit type with only `fields` set (key "u" unless given, its name the key titled)."""
    fields.setdefault("key", "u")
    fields.setdefault("name", fields["key"].title())
    return UnitType(**fields)


# ---- maps ---------------------------------------------------------------------------------------

@functools.lru_cache(maxsize=16)
def loaded_map(path) -> HexMap:
    """The map at `path` (a .tmx), loaded once per test process: a HexMap is never changed in
    place (an opened door makes a new one), so battles may share it."""
    return load_map(path)


# ---- battles ------------------------------------------------------------------------------------

def ok(b, cmd) -> list:
    """The events of `cmd`, which the battle must accept."""
    out = b.apply(cmd)
    assert out.ok, (cmd, out.reason, out.code)
    return out.events


def code(b, cmd) -> str | None:
    """The stable code of the refusal `cmd` would get now (None: legal)."""
    refused = b.refusal(cmd)
    return refused.code if refused is not None else None


def of(events, kind) -> list:
    """The events of type `kind`."""
    return [e for e in events if isinstance(e, kind)]


def refusal_code(b, cmd) -> str:
    """The code of the battle's refusal of `cmd`, after checking that the refusal changed
    nothing (same state hash, no events)."""
    before = b.state_hash()
    out = b.apply(cmd)
    assert not out.ok and b.state_hash() == before and not out.events, cmd
    return out.code


# ---- properties ---------------------------------------------------------------------------------

def property_runs(plain: int, long: int):
    """Parametrizes a property test by its number of examples: `plain` in the plain run, `long`
    in the run marked slow (`pytest -m slow`), so a short run stays in every run."""
    return pytest.mark.parametrize("examples", [
        pytest.param(plain, id="plain"),
        pytest.param(max(plain, long), id="long", marks=pytest.mark.slow)])


def check_property(examples: int, prop, *strategies, **named_strategies) -> None:
    """`prop` on `examples` examples hypothesis draws from the strategies, no deadline, no
    example database. The examples are the same on every run (a red run is a real change,
    not a new draw); HEXSKIRMISH_FUZZ_RANDOM=1 draws new ones to hunt for more."""
    fresh = os.environ.get("HEXSKIRMISH_FUZZ_RANDOM") == "1"
    settings(max_examples=examples, deadline=None, database=None, derandomize=not fresh,
             suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])(
        given(*strategies, **named_strategies)(prop))()


# ---- windows ------------------------------------------------------------------------------------

#: the window the tests of one module share (`shared_app`), None before its first test
_SHARED_WINDOW: dict = {"app": None}


def shared_app(battle=None, size=(1280, 800), **options):
    """`App(battle, size, window=False, **options)` for a test that needs an App as it opens,
    not a new one: the module's window opened anew (`App.restart` closes what the last test
    left and sets every choice and state as a new App's, keeping the window and its UIManagers,
    whose themes have learnt their fonts and styles; half the cost of a new App). A new App
    when this module has none yet, or another window replaced it. tests/conftest.py lets it go
    after each module (`drop_shared_app`), so one module's window never outlives it."""
    import pygame
    from game.ui.app import App
    app = _SHARED_WINDOW["app"]
    if app is None or not pygame.display.get_init() or pygame.display.get_surface() is not \
            app.screen:
        app = _SHARED_WINDOW["app"] = App(battle, size, window=False, **options)
    else:
        app.restart(battle, size, **options)
    return app


def drop_shared_app() -> None:
    """The module's shared window is let go (its widgets closed first)."""
    import pygame
    app, _SHARED_WINDOW["app"] = _SHARED_WINDOW["app"], None
    if app is not None and pygame.display.get_init():
        app.end_battle()


LIBC = ctypes.CDLL(None) if sys.platform.startswith("linux") else None


#: a test process holding more than this gives freed memory back after a test, not only after
#: each module; and again only once it has grown GIVE_BACK_STEP past what it held after the last
#: time (a module whose own data keeps the process above the mark would otherwise pay a full
#: collection, up to a second and a half, after every one of its tests and free nothing)
GIVE_BACK_ABOVE = 512 << 20
GIVE_BACK_STEP = 256 << 20
_GIVE_BACK = {"above": GIVE_BACK_ABOVE}


def resident_bytes() -> int:
    """This process's resident memory (0 where /proc is absent)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return 0


def time_to_give_back() -> bool:
    """Whether this process has grown past its give-back mark (GIVE_BACK_ABOVE, moved up by
    `give_memory_back` while the process stays above it)."""
    return resident_bytes() > _GIVE_BACK["above"]


def free_closed_windows(give_back: bool = False) -> None:
    """Free what the windows no longer shown hold, where pygame's display is open: the event
    queue is read empty (pygame_gui's events hold their widgets, which hold their UIManager with
    its fonts and surfaces, about 100 MB a window; pygame-ce 2.5's `event.clear()` never
    releases a posted event's dict) and the young reference cycles are collected (a few
    objects holding large surfaces never reach the collector's thresholds). `give_back`: every
    generation is collected and the heap's freed pages go back to the system
    (`give_memory_back`)."""
    pygame = sys.modules.get("pygame")
    if pygame is None or not pygame.display.get_init():
        return
    pygame.event.get()
    if give_back:
        gc.collect()
        give_memory_back()
    else:
        gc.collect(1)


def give_memory_back() -> None:
    """The heap's freed pages go back to the system, where the C library can (glibc's
    malloc_trim), and the next give-back waits until the process has grown GIVE_BACK_STEP past
    what it holds now."""
    trim = getattr(LIBC, "malloc_trim", None)
    if trim is not None:
        trim(0)
    _GIVE_BACK["above"] = max(GIVE_BACK_ABOVE, resident_bytes() + GIVE_BACK_STEP)


def freeze_survivors() -> None:
    """Collect every generation, then move what survived (the imported modules, the maps
    loaded once, each test module's own globals: what lives until the process ends) out of
    every later collection (`gc.freeze`). A full collection then walks only what was made
    since, not the whole heap of the suite (it cost a second or more a test late in a worker
    process). What was alive here and becomes a garbage cycle later is not freed; between
    modules only long-lived objects are left, so that is little."""
    gc.collect()
    gc.freeze()

