"""Games as Ray tasks: `simulate --backend ray` and `balance --backend ray` (docs/balance.md).

Ray is the optional extra `hexskirmish[cluster]`. `RayRunner` connects to the cluster at
`--ray-address` (else RAY_ADDRESS, else a local Ray with `--jobs` CPUs), puts each map in
Ray's object store once and plays every game with `game.ai.games.play_game`, the function the
process pool runs: the same seeds and controllers give the same results on both backends.
From a checkout, a remote cluster gets this checkout's code and data as the job's working
directory; a cluster without it needs the same hexskirmish installed on its nodes.
"""
from __future__ import annotations

import logging
import os

from game import paths
from game.ai.games import battle_map, play_game, task_fields, task_fog
from game.errors import InputError

INSTALL_HINT = "pip install 'hexskirmish[cluster]'"
# what a remote cluster does not need from a checkout
UPLOAD_EXCLUDES = [".git", "docs/", "tests/", "tools/", "**/__pycache__"]


def _play(hexmap, controllers: dict, seed: int, round_cap: int, rules=None, fog=None) -> dict:
    """One game on a Ray worker (the map arrives from the object store)."""
    return play_game(hexmap, controllers, seed, round_cap, rules=rules, fog=fog)


def import_ray():
    try:
        import ray      # lazy: the optional extra hexskirmish[cluster], slow to import
    except ImportError:
        raise InputError(None, None, "--backend ray needs Ray, which is not installed: "
                         f"{INSTALL_HINT}") from None
    return ray


def _upload_env() -> dict | None:
    """This checkout as the job's working directory, for a cluster on other machines."""
    repo = paths.REPO_DIR
    if (repo / "pyproject.toml").is_file() and (repo / "game").is_dir():
        return {"working_dir": str(repo), "excludes": UPLOAD_EXCLUDES}
    return None


class RayRunner:
    """`with RayRunner(address, jobs) as r`: `r.submit(task)` -> a reference,
    `r.result(ref)` -> the game's result, `r.workers` the cluster's CPUs. Ray is shut down
    on leaving only if this runner started it."""

    def __init__(self, address: str | None, jobs: int = 1):
        self.address = address or os.environ.get("RAY_ADDRESS") or None
        self.jobs = max(1, jobs)
        self.workers = 1
        self._maps: dict = {}

    def __enter__(self) -> RayRunner:
        ray = self.ray = import_ray()
        self._started = not ray.is_initialized()
        if self._started:
            options = dict(include_dashboard=False, log_to_driver=False,
                           logging_level=logging.WARNING)
            if self.address:
                self._connect(ray, options)
            else:
                ray.init(num_cpus=self.jobs, **options)
        self.workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self._remote = ray.remote(num_cpus=1, max_retries=0)(_play)
        return self

    def _connect(self, ray, options: dict) -> None:
        try:
            ray.init(address=self.address, runtime_env=_upload_env(), **options)
        except ConnectionError as err:
            why = (str(err).splitlines() or [type(err).__name__])[0]
            raise InputError(None, None, f"cannot reach the Ray cluster at {self.address!r} "
                             f"({why}); check --ray-address or RAY_ADDRESS, or start one with "
                             "`ray start --head`") from None

    def __exit__(self, *exc) -> None:
        if self._started:
            self.ray.shutdown()

    def submit(self, task):
        map_path, controllers, seed, round_cap, rules = task_fields(task)
        return self._remote.remote(self._map_ref(map_path), controllers, seed, round_cap,
                                   rules, task_fog(task))

    def result(self, ref) -> dict:
        return self.ray.get(ref)

    def _map_ref(self, map_path):
        key = str(map_path)
        if key not in self._maps:
            self._maps[key] = self.ray.put(battle_map(map_path))
        return self._maps[key]


__all__ = ["INSTALL_HINT", "RayRunner", "import_ray"]
