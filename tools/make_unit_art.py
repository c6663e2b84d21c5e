"""Write the creature pictures, assets/art/units/<unit key>.svg, from the game-icons.net set.

    npm pack @iconify-json/game-icons && tar xzf iconify-json-game-icons-*.tgz
    python tools/make_unit_art.py package/icons.json

The icons are CC BY 3.0 (each author is credited in assets/art/CREDITS.md; add a line there
when you add a unit kind here). Each picture is drawn white on transparent so the game can
colour it; a unit kind may combine icons, each placed by (x, y, scale) in the 512-pixel box.
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "assets" / "art" / "units"

#: unit key -> the icons it is drawn from: (icon name, x, y, scale)
PICTURES = {
    "archer": [("archer", 0, 0, 1)],
    "cleric": [("monk-face", 0, 0, 1)],
    "fighter": [("swordman", 0, 0, 1)],
    "giant": [("giant", 0, 0, 1)],
    "goblin": [("goblin-head", 0, 0, 1)],
    "goblin_archer": [("goblin-head", -30, 40, 0.85), ("bow-arrow", 250, 150, 0.55)],
    "goblin_shaman": [("goblin-head", -30, 40, 0.85), ("wizard-staff", 250, 120, 0.55)],
    "harpy": [("harpy", 0, 0, 1)],
    "goblin_minion": [("goblin", 0, 0, 1)],
    "hobgoblin": [("orc-head", -30, 40, 0.85), ("spears", 250, 150, 0.55)],
    "hobgoblin_captain": [("warlord-helmet", 0, 0, 1)],
    "drake": [("wyvern", 0, 0, 1)],
    "knight": [("visored-helm", 0, 0, 1)],
    "lizardfolk": [("lizardman", 0, 0, 1)],
    "ogre": [("ogre", 0, 0, 1)],
    "orc": [("orc-head", 0, 0, 1)],
    "rogue": [("cowled", 0, 0, 1)],
    "shieldbearer": [("attached-shield", 0, 0, 1)],
    "skeleton": [("skull-crossed-bones", 0, 0, 1)],
    "troll": [("troll", 0, 0, 1)],
    "twinblade": [("cowled", -30, 40, 0.85), ("daggers", 250, 150, 0.55)],
    "wizard": [("cowled", -30, 40, 0.85), ("wizard-staff", 250, 120, 0.55)],
    "wolf": [("wolf-head", 0, 0, 1)],
    "warhorse": [("horse-head", 0, 0, 1)],
    "warg": [("direwolf", 0, 0, 1)],
    "mounted_knight": [("visored-helm", -30, 40, 0.85), ("horse-head", 250, 150, 0.55)],
    "goblin_rider": [("goblin-head", -30, 40, 0.85), ("wolf-head", 250, 150, 0.55)],
    "cutthroat": [("goblin-head", -30, 40, 0.85), ("plain-dagger", 250, 150, 0.55)],
    "ghoul": [("shambling-zombie", 0, 0, 1)],
    "great_cat": [("saber-toothed-cat-head", 0, 0, 1)],
    "giant_toad": [("frog", 0, 0, 1)],
    "giant_spider": [("masked-spider", 0, 0, 1)],
}


def svg(icons: dict, parts) -> str:
    groups = []
    for name, x, y, scale in parts:
        body = icons[name]["body"].replace("currentColor", "#ffffff")
        groups.append(f'<g transform="translate({x} {y}) scale({scale})">{body}</g>')
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">'
            + "".join(groups) + "</svg>\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("icons_json", type=Path, help="icons.json of @iconify-json/game-icons")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    icons = json.loads(args.icons_json.read_text(encoding="utf-8"))["icons"]
    args.out.mkdir(parents=True, exist_ok=True)
    for key, parts in PICTURES.items():
        (args.out / f"{key}.svg").write_text(svg(icons, parts), encoding="utf-8")
    print(f"{len(PICTURES)} pictures in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
