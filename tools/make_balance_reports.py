"""The balance reports of the shipped maps under docs/balance/, and their index page.

    python tools/make_balance_reports.py [--games 40] [--jobs 2] [MAP ...]
    python tools/make_balance_reports.py --redraw [MAP ...]

For each map (default: every shipped map) this runs `python -m game balance MAP --games N
--jobs J --out docs/balance/MAP` (the normal computer player on every team, dice seeds 1 to
N), keeps the images and report.json (index.html is left out of the repository: the command
makes it), then writes docs/balance/README.md from every report.json there. `--redraw` plays no game:
it draws the images again from each map's report.json (after a change to the plots).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from game import paths  # noqa: E402
from game.balance import plots  # noqa: E402
from game.balance.command import run_balance  # noqa: E402

OUT = REPO / "docs" / "balance"
MAPS = ("duel", "skirmish", "battle", "bridge", "shrine", "keep", "melee")
IMAGES = (("win_rates", "win rates"), ("fallen", "where creatures fell"),
          ("unit_kinds", "creature kinds"), ("game_length", "game length"),
          ("actions", "commands"))

HEAD = """# Balance of the shipped maps

Made with `python tools/make_balance_reports.py`, which runs
`python -m game balance MAP --games N --jobs 2 --out docs/balance/MAP` for each map (the
normal computer player on every team, dice seeds 1 to N);
[../balance.md](../balance.md) says how to read them. The full page (`index.html`) is left
out: run the command to get it with the tables.
"""


def section(name: str, doc: dict) -> str:
    """One map's part of the index: the verdict, the win rates, the images."""
    pairing = doc["pairings"][0]
    rates = ", ".join(f"{team} {round(100 * t['win_rate'])}% "
                      f"({round(100 * t['ci95'][0])}-{round(100 * t['ci95'][1])}%)"
                      for team, t in pairing["teams"].items())
    lines = [f"## {name}", "",
             f"**{doc['verdict']['text']}** over {doc['games']} games ({rates}; "
             f"{pairing['draws']} draws); {doc['length']['mean_rounds']:.1f} rounds on "
             "average.", ""]
    for stem, caption in IMAGES:
        if (OUT / name / f"{stem}.png").exists():
            lines += [f"![{caption}]({name}/{stem}.png)", ""]
    lines += [f"The numbers: [{name}/report.json]({name}/report.json).", ""]
    return "\n".join(lines)


def write_index() -> None:
    parts = [HEAD]
    for name in MAPS:
        report = OUT / name / "report.json"
        if report.exists():
            parts.append(section(name, json.loads(report.read_text(encoding="utf-8"))))
    (OUT / "README.md").write_text("\n".join(parts), encoding="utf-8")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("maps", nargs="*", default=list(MAPS))
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--redraw", action="store_true",
                        help="draw the images again from the report.json files, no games")
    args = parser.parse_args(argv)
    for name in args.maps:
        out = OUT / name
        if args.redraw:
            doc = json.loads((out / "report.json").read_text(encoding="utf-8"))
            plots.draw_all(doc, paths.resolve_map(name), out)
            continue
        run_balance(name, out, games=args.games, jobs=args.jobs)
        (out / "index.html").unlink(missing_ok=True)
    write_index()
    return 0


if __name__ == "__main__":
    sys.exit(main())
