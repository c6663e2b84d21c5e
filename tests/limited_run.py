"""Running the game in a new process under a time and an address-space limit, for the tests
of hostile input (docs/security.md): a hang or a runaway allocation fails the test instead of
the suite, and the refusal is checked as the player sees it (one line, exit status 2)."""
from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
MEMORY_LIMIT = 2 << 30
TIMEOUT = 60


def limited() -> None:
    """preexec_fn of the child: at most MEMORY_LIMIT bytes of address space."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run_python(*args, home: Path | None = None, timeout: float = TIMEOUT
               ) -> subprocess.CompletedProcess:
    """`python ARGS...` from the repository, headless, without the debug traceback switch;
    `home` is the player's data folder (HEXSKIRMISH_HOME) when given."""
    env = dict(os.environ, PYTHONPATH=str(REPO), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    if home is not None:
        env["HEXSKIRMISH_HOME"] = str(home)
    env.pop("HEXSKIRMISH_DEBUG", None)
    return subprocess.run([sys.executable, *map(str, args)], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=timeout,
                          preexec_fn=limited, stdin=subprocess.DEVNULL)


def run_game(*args, home: Path | None = None, timeout: float = TIMEOUT
             ) -> subprocess.CompletedProcess:
    """`python -m game ARGS...` (see run_python)."""
    return run_python("-m", "game", *args, home=home, timeout=timeout)


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
