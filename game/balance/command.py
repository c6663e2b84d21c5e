"""`python -m game balance MAP [--games N] [--jobs J] [--sides S ...] [--seed S]
[--backend local|ray] [--ray-address A] --out DIR` (docs/balance.md).

Plays `--games` battles for each controller pairing of `--sides` (default: the normal
computer player on every team) with the rulebook of `--rules` (default: the map's own), game i of each pairing with dice seed S+i, on the process
pool or Ray (`game.ai.simulate.iter_games`), and writes DIR/index.html, DIR/report.json and
the images beside them. Everything is written to a temporary folder first and moved into
DIR at the end, so a failed run leaves DIR as it was. A progress bar (tqdm) shows on a
terminal; stdout gets the verdict and where the report is.
"""
from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

from game import paths
from game.ai.games import battle_map
from game.ai.simulate import BACKENDS, ROUND_CAP, iter_games, parse_sides, rules_of
from game.balance import page, plots
from game.balance.aggregate import Tally
from game.balance.outfolder import check_out_folder
from game.errors import InputError, printable, printable_all
from game.files import FileRefused, resolved
from game.outputs import SYSTEM_DIRS

REPORT_FILES = ("index.html", "report.json")


def check_arguments(games: int, jobs: int, backend: str, out: Path) -> None:
    if not isinstance(games, int) or games < 1:
        raise InputError(None, None, f"--games must be 1 or more, got {games}")
    if not isinstance(jobs, int) or jobs < 1:
        raise InputError(None, None, f"--jobs must be 1 or more, got {jobs}")
    if backend not in BACKENDS:
        raise InputError(None, None, f"--backend must be one of {', '.join(BACKENDS)}")
    if out.exists() and not out.is_dir():
        raise InputError(out, None, "is a file; --out names the folder to write the report in")
    if not out.parent.is_dir():
        raise InputError(out, None, f"cannot write the report: the folder {out.parent} does "
                         "not exist")
    check_writable(out)


def check_writable(out: Path) -> None:
    """Before any game is played: `out` is no system folder, and a folder can be made
    beside it (the report is drawn there first) and, if it exists, in it (made and removed
    at once: the same call that writing the report will make)."""
    try:
        real = resolved(out)
    except FileRefused as err:
        raise InputError(out, None, f"{err}: give --out a folder of your own") from None
    if any(real.is_relative_to(d) for d in SYSTEM_DIRS):
        raise InputError(out, None, "is a system folder: give --out a folder of your own")
    for folder in (out.parent, out) if out.is_dir() else (out.parent,):
        try:
            os.rmdir(tempfile.mkdtemp(dir=folder, prefix=f".{out.name}-"))
        except OSError as err:
            raise InputError(out, None, f"cannot write the report in {folder} "
                             f"({err.strerror or err}): give --out a folder you may "
                             "write in") from None


def import_tqdm():
    try:
        from tqdm import tqdm
    except ImportError:
        raise InputError(None, None, "the balance report needs tqdm, which is not "
                         f"installed: {plots.INSTALL_HINT}") from None
    return tqdm


def pairings_of(sides: list[str] | None, teams: list[str]) -> list[dict]:
    """--sides, each `ctl,ctl,...` one per team: team -> controller per pairing."""
    texts = sides or [",".join(["ai"] * len(teams))]
    return [dict(zip(teams, parse_sides(text, teams))) for text in texts]


def run_balance(map, out, games: int = 20, jobs: int = 1, sides: list[str] | None = None,
                seed: int = 1, backend: str = "local", ray_address: str | None = None,
                rules: str | None = None) -> int:
    """The subcommand; every game plays the rulebook `rules` (None: the map's own); bad
    input raises InputError (one line, exit 2), nothing written."""
    path, out = paths.resolve_map(str(map)), Path(out)
    if not path.is_file():
        raise InputError(path, None, "no such map (give a .tmx path or a shipped map's name, "
                         "e.g. duel)")
    check_arguments(games, jobs, backend, out)
    check_out_folder(out, plots.IMAGE_NAMES)
    plots.import_pyplot()
    tqdm = import_tqdm()
    hexmap = battle_map(path)
    teams = list(hexmap.teams) or sorted({p.team for p in hexmap.units})
    pairings = pairings_of(sides, teams)
    rules = rules_of(hexmap, rules)
    tally = Tally(path.name, teams, pairings, seed, rules)
    tasks = ((str(path), controllers, seed + i, ROUND_CAP, rules)
             for controllers in pairings for i in range(games))
    bar = tqdm(total=games * len(pairings), unit="game", disable=not sys.stderr.isatty())
    with bar:
        for n, result in enumerate(iter_games(tasks, jobs, backend, ray_address)):
            tally.add(n // games, result)
            bar.update()
    doc = tally.report()
    try:
        write_report(doc, path, out)
    except OSError as err:        # the folder changed while the games were played
        raise InputError(out, None, f"cannot write the report ({err.strerror or err}): "
                         "give --out a folder you may write in") from None
    print(printable(f"{path.name}: {doc['verdict']['text']} ({doc['games']} games); "
                    f"report in {out / 'index.html'}"))
    return 0


def write_report(doc: dict, map_path: Path, out: Path) -> None:
    """report.json, the images and index.html, into `out` only once all are drawn."""
    with tempfile.TemporaryDirectory(dir=out.parent, prefix=f".{out.name}-") as tmp:
        folder = Path(tmp)
        (folder / "report.json").write_text(json.dumps(doc, indent=1), encoding="utf-8")
        images = plots.draw_all(printable_all(doc), map_path, folder)  # names drawn escaped
        (folder / "index.html").write_text(page.render_page(doc, images), encoding="utf-8")
        out.mkdir(exist_ok=True)
        check_out_folder(out, images)         # again: the folder may have changed meanwhile
        for name in [*REPORT_FILES, *images]:
            shutil.move(str(folder / name), str(out / name))


__all__ = ["pairings_of", "run_balance", "write_report"]
