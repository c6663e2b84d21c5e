"""The balance reports of the shipped maps under docs/balance/, and their index page.

    python tools/make_balance_reports.py [--games 40] [--jobs 2] [--rules R] [MAP ...]
    python tools/make_balance_reports.py --redraw [--rules R] [MAP ...]

For each map (default: every shipped map) this runs `python -m game balance MAP --games N
--jobs J --out docs/balance/MAP` (the normal computer player on every team, dice seeds 1 to
N), keeps the images and report.json (index.html is left out of the repository: the command
makes it), then writes docs/balance/README.md from every report.json there. `--redraw` plays no game:
it draws the images again from each map's report.json (after a change to the plots).
`--rules steller` (or `light`) plays that rulebook instead of the map's own and writes to
docs/balance/MAP-steller/; the index has a part for each rulebook measured.
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
RULES = ("lfg", "light", "steller")     # lfg: the maps' own rules, in docs/balance/MAP
IMAGES = (("win_rates", "win rates"), ("fallen", "where creatures fell"),
          ("unit_kinds", "creature kinds"), ("game_length", "game length"),
          ("actions", "commands"))

HEAD = """# Balance of the shipped maps

Made with `python tools/make_balance_reports.py`, which runs
`python -m game balance MAP --games N --jobs 2 --out docs/balance/MAP` for each map (the
normal computer player on every team, dice seeds 1 to N);
[../balance.md](../balance.md) says how to read them. The full page (`index.html`) is left
out: run the command to get it with the tables. The maps played under the steller rules
(`python tools/make_balance_reports.py --rules steller duel skirmish battle`, into
`docs/balance/MAP-steller`) follow the maps' own.
"""


def folder(name: str, rules: str = "lfg") -> str:
    """The folder of a map's report under docs/balance/: MAP, or MAP-RULES for a rulebook
    other than the maps' own."""
    return name if rules == "lfg" else f"{name}-{rules}"


def section(name: str, doc: dict, out: Path = OUT) -> str:
    """One report's part of the index (`name`: its folder): the verdict, the win rates, the
    images."""
    pairing = doc["pairings"][0]
    rates = ", ".join(f"{team} {round(100 * t['win_rate'])}% "
                      f"({round(100 * t['ci95'][0])}-{round(100 * t['ci95'][1])}%)"
                      for team, t in pairing["teams"].items())
    title = name if doc.get("rules", "lfg") == "lfg" else (
        f"{doc['map'].removesuffix('.tmx')} under the {doc['rules']} rules")
    lines = [f"## {title}", "",
             f"**{doc['verdict']['text']}** over {doc['games']} games ({rates}; "
             f"{pairing['draws']} draws); {doc['length']['mean_rounds']:.1f} rounds on "
             "average.", ""]
    for stem, caption in IMAGES:
        if (out / name / f"{stem}.png").exists():
            lines += [f"![{caption}]({name}/{stem}.png)", ""]
    lines += [f"The numbers: [{name}/report.json]({name}/report.json).", ""]
    return "\n".join(lines)


def write_index(out: Path = OUT) -> None:
    """docs/balance/README.md: every map's report, the maps' own rules first, then each
    other rulebook's."""
    parts = [HEAD]
    for rules in RULES:
        for name in (folder(m, rules) for m in MAPS):
            report = out / name / "report.json"
            if report.exists():
                parts.append(section(name, json.loads(report.read_text(encoding="utf-8")), out))
    (out / "README.md").write_text("\n".join(parts), encoding="utf-8")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("maps", nargs="*", default=list(MAPS))
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--redraw", action="store_true",
                        help="draw the images again from the report.json files, no games")
    parser.add_argument("--rules", default="lfg", choices=RULES,
                        help="the rulebook to play (lfg: each map's own, in docs/balance/MAP; "
                             "another: in docs/balance/MAP-RULES)")
    args = parser.parse_args(argv)
    for name in args.maps:
        out = OUT / folder(name, args.rules)
        if args.redraw:
            doc = json.loads((out / "report.json").read_text(encoding="utf-8"))
            plots.draw_all(doc, paths.resolve_map(name), out)
            continue
        run_balance(name, out, games=args.games, jobs=args.jobs,
                    rules=None if args.rules == "lfg" else args.rules)
        (out / "index.html").unlink(missing_ok=True)
    write_index()
    return 0


if __name__ == "__main__":
    sys.exit(main())
