"""The game in a new process under a time limit and an address-space limit: a hostile input
that would hang or fill memory fails the test that gave it (on the timeout, or on the
process's own memory error) instead of stopping the whole suite (docs/security.md)."""
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
    """The child's address space: at most MEMORY_LIMIT bytes (a `preexec_fn`)."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run(home: Path, *args: str, timeout: float = TIMEOUT) -> subprocess.CompletedProcess:
    """`python ARGS...` from the repository with `home` as the player's data folder; raises
    subprocess.TimeoutExpired after `timeout` seconds."""
    env = dict(os.environ, PYTHONPATH=str(REPO), HEXSKIRMISH_HOME=str(home),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("HEXSKIRMISH_DEBUG", None)
    return subprocess.run([sys.executable, *map(str, args)], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=timeout,
                          preexec_fn=limited, stdin=subprocess.DEVNULL)
