"""Write the shipped battle maps (maps/*.tmx) from the ASCII plans below.

    python tools/make_maps.py [--out maps]

The maps are ordinary Tiled files: open them in Tiled, edit them there, and stop using this
script for a map once it has been edited by hand. The plan characters are listed in
game/tiled/plan.py.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from game.tiled.plan import MapPlan, Unit, map_xml  # noqa: E402

DUEL = MapPlan(
    "duel.tmx", "Crossroads duel",
    "A small pointy-top field: three veterans against an orc-led raiding party and its wolf "
    "at a crossroads.",
    "y", "blue,red", """
    ....T.......
    ...TT...:...
    ..TT....::..
    .....n......
    ==========E=
    .....n......
    ...#.....T..
    ...#....TT..
    .......~~...
    ............
    """,
    [Unit("Aldric", "fighter", "blue", 2, 8, 1), Unit("Wren", "archer", "blue", 1, 9, 1),
     Unit("Tamsin", "rogue", "blue", 3, 9, 1),
     Unit("Grik", "orc", "red", 9, 1, 4), Unit("Snag", "goblin", "red", 10, 2, 4),
     Unit("Mugg", "goblin_archer", "red", 8, 0, 4), Unit("Nob", "goblin", "red", 10, 0, 4),
     Unit("Fang", "wolf", "red", 11, 1, 4)],
)

SKIRMISH = MapPlan(
    "skirmish.tmx", "The ruined mill",
    "Flat-top hexes. Hold the ruined mill against orcs, goblins and an ogre; walls give cover, "
    "the woods hide archers, the rubble slows everyone.",
    "x", "blue,red", """
    ..TT..............::
    .TTT....####...::...
    ..T.....#__#........
    ........#__n....TT..
    ..==========....TTT.
    ..=.....####.....T..
    ..=....:............
    ~~=~~~....n.nn...~~~
    ..=.::........:.....
    ..=..:..TT.....^^...
    ..=.....TTT...^^^...
    ..====.........^....
    .....=====..........
    ..........==========
    """,
    [Unit("Wulfric", "fighter", "blue", 3, 9, 0), Unit("Sokaris", "shieldbearer", "blue", 4, 10, 0),
     Unit("Mayat", "archer", "blue", 2, 12, 0), Unit("Chessan", "cleric", "blue", 6, 11, 0),
     Unit("Brannoc", "knight", "blue", 5, 9, 0),
     Unit("Goblin 1", "goblin", "red", 13, 2, 3),
     Unit("Vrask", "hobgoblin_captain", "red", 15, 4, 3),
     Unit("Snik", "goblin_minion", "red", 17, 1, 3, {"leader": "Vrask"}),
     Unit("Skrag", "goblin_minion", "red", 12, 6, 3, {"leader": "Vrask"}),
     Unit("Goblin Archer", "goblin_archer", "red", 18, 6, 3),
     Unit("Ogre", "ogre", "red", 15, 9, 2)],
)

BATTLE = MapPlan(
    "battle.tmx", "Battle of the ford",
    "A large pointy-top battlefield: two warbands meet at a river ford under a fog bank; an "
    "ogre wades in. Exits on the west edge let a beaten side flee.",
    "y", "blue,red", """
    ..............................
    ....TT.........ff.......TTT...
    ...TTTT.......fff......TTTT...
    ....TT..^^.....f.........T....
    .......^^^..........::........
    E......^^.....####....:.......
    E.............#__#............
    E....n.n......#__n......n.n...
    ..............####............
    .==========.............====..
    ..........=..TT........=......
    ~~~~~~~~~~==~~~~~~~~~~==~~~~~~
    ~~~~~~~~~~~==~~~~~~~~==~~~~~~~
    ............=.........=.......
    ....:::.....=..TTT....=.......
    .....::.....=...TT....=...^^..
    ............========..=..^^^..
    ......n.n..............=......
    ....................####=.....
    ....TTT.............#__#=.....
    ...TTTT....ff.......####.=....
    ....TT....fff.............====
    """,
    [Unit("Aldric", "fighter", "blue", 5, 5, 0), Unit("Brand", "shieldbearer", "blue", 6, 6, 0),
     Unit("Cora", "archer", "blue", 4, 3, 0), Unit("Dain", "archer", "blue", 3, 7, 0),
     Unit("Esk", "twinblade", "blue", 8, 8, 0), Unit("Fenn", "fighter", "blue", 9, 6, 0),
     Unit("Gareth", "knight", "blue", 7, 4, 0),
     Unit("Orc 1", "orc", "red", 18, 16, 2), Unit("Goblin 2", "goblin", "red", 20, 15, 2),
     Unit("Gorath", "hobgoblin_captain", "red", 15, 17, 2),
     Unit("Hob", "hobgoblin", "red", 10, 18, 2, {"leader": "Gorath"}),
     Unit("Scab", "goblin_minion", "red", 12, 19, 2, {"leader": "Gorath"}), Unit("Goblin Archer 1", "goblin_archer", "red", 14, 20, 2),
     Unit("Goblin Archer 2", "goblin_archer", "red", 25, 19, 2),
     Unit("Wolf", "wolf", "red", 8, 15, 2), Unit("Ogre", "ogre", "red", 18, 13, 2)],
)

MELEE = MapPlan(
    "melee.tmx", "Four banners",
    "A free-for-all for four sides (hotseat for up to four people, or the computer for any of "
    "them): four small warbands start at the corners of a field around a walled shrine.",
    "y", "blue,red,green,gold", """
    ..............
    .TT........TT.
    .T....::....T.
    ......::......
    ...n..##..n...
    .....#__#.....
    .....#__#.....
    ...n..##..n...
    ......::......
    .T....::....T.
    .TT........TT.
    ..............
    """,
    [Unit("Bram", "fighter", "blue", 2, 2, 1), Unit("Bree", "archer", "blue", 0, 3, 1),
     Unit("Bryn", "rogue", "blue", 3, 1, 1),
     Unit("Rok", "orc", "red", 11, 2, 2), Unit("Rasp", "goblin_archer", "red", 13, 3, 2),
     Unit("Rhaz", "hobgoblin_captain", "red", 10, 1, 2),
     Unit("Gil", "fighter", "green", 2, 9, 0), Unit("Gwen", "archer", "green", 0, 8, 0),
     Unit("Gus", "rogue", "green", 3, 10, 0),
     Unit("Gorm", "orc", "gold", 11, 9, 3), Unit("Gash", "goblin_archer", "gold", 13, 8, 3),
     Unit("Ghaz", "hobgoblin_captain", "gold", 10, 10, 3)],
)

SHRINE = MapPlan(
    "shrine.tmx", "The burning shrine",
    "Pointy-top hexes. A goblin shaman and its fire drake hold a hill shrine; keep apart, or "
    "one Fear Burst or one breath of fire catches the whole band.",
    "y", "blue,red", """
    ..TT..........
    .TT.....^^....
    ......n^^^^...
    ..:...n^__^...
    ......n^__^...
    ..:....^^^^...
    .TT.....^^....
    ..TT......::..
    ..............
    """,
    [Unit("Aldric", "fighter", "blue", 1, 3, 0), Unit("Brand", "fighter", "blue", 1, 5, 0),
     Unit("Cora", "archer", "blue", 0, 4, 0), Unit("Esk", "twinblade", "blue", 3, 7, 0),
     Unit("Murk", "goblin_shaman", "red", 9, 3, 3), Unit("Ember", "drake", "red", 8, 4, 3),
     Unit("Snag", "goblin", "red", 7, 2, 3), Unit("Nob", "goblin", "red", 7, 6, 3),
     Unit("Grik", "orc", "red", 10, 5, 3), Unit("Urg", "orc", "red", 10, 2, 3)],
)

KEEP = MapPlan(
    "keep.tmx", "The river keep",
    "Pointy-top hexes. Raiders hold a small keep behind a palisade, a river and a cliff: its "
    "doors open, shut, lock and break, the river is swum or crossed at the bridge and the "
    "ford, harpies fly over the palisade and archers shoot from the cliff.",
    "y", "blue,red", """
    ..T..ww...^CCCC...
    .TT..ww..^^CCCC...
    ..T..~~...^CCC....
    .....ww......#####
    ......ww..P..+__B#
    ......ww..P..#___#
    .....==......O_B_#
    .....ww...P..L___#
    .....ww...P..#####
    ....ww............
    ...ww.....TT......
    ..ww.......T......
    """,
    [Unit("Aldric", "fighter", "blue", 1, 5, 0), Unit("Brand", "knight", "blue", 2, 6, 0),
     Unit("Cora", "archer", "blue", 0, 4, 0), Unit("Esk", "rogue", "blue", 1, 8, 0),
     Unit("Ssark", "lizardfolk", "blue", 3, 3, 0),
     Unit("Grik", "orc", "red", 15, 5, 3), Unit("Urg", "orc", "red", 12, 1, 3),
     Unit("Mugg", "goblin_archer", "red", 11, 6, 3), Unit("Shriek", "harpy", "red", 14, 1, 3),
     Unit("Screech", "harpy", "red", 16, 10, 3), Unit("Snag", "orc", "red", 15, 7, 3)],
)

FORD = MapPlan(
    "ford.tmx", "Riders at the ford",
    "Pointy-top hexes. Open meadows on both banks of a deep river, crossed by a stony ford and "
    "a narrow bridge: knights on warhorses charge goblin wolf riders and their infantry. "
    "Riders move at their mounts' speed and strike down at foes on foot; a mount that falls "
    "throws its rider.",
    "y", "blue,red", """
    ........ww..........
    ..T.....ww......T...
    .TT.....ww.....TT...
    ........ww..........
    ........~~..........
    ........~~..........
    ........ww..........
    ..:.....ww..........
    ........==......::..
    ........ww..........
    ...T....ww......T...
    ........ww..........
    """,
    [Unit("Destrier", "warhorse", "blue", 2, 4, 0),
     Unit("Sir Edric", "mounted_knight", "blue", 2, 4, 0, {"riding": "Destrier"}),
     Unit("Charger", "warhorse", "blue", 2, 8, 0),
     Unit("Dame Isolde", "mounted_knight", "blue", 2, 8, 0, {"riding": "Charger"}),
     Unit("Wren", "archer", "blue", 1, 6, 0),
     Unit("Gnash", "warg", "red", 17, 3, 3),
     Unit("Skritch", "goblin_rider", "red", 17, 3, 3, {"riding": "Gnash"}),
     Unit("Howl", "warg", "red", 17, 9, 3),
     Unit("Snikt", "goblin_rider", "red", 17, 9, 3, {"riding": "Howl"}),
     Unit("Rend", "warg", "red", 15, 6, 3), Unit("Mog", "goblin_rider", "red", 16, 6, 3),
     Unit("Grik", "orc", "red", 14, 5, 3), Unit("Urg", "orc", "red", 14, 8, 3),
     Unit("Mugg", "goblin_archer", "red", 18, 6, 3)],
)

# The rosters are balanced with the batch mode: with the baseline controller on both sides
# (`python -m game simulate MAP --sides baseline,baseline --games 100`) each map is won by
# either side about half of the time (duel 51/49, skirmish 47/53, battle 42/58 when they were
# set; shrine 6/4 of 10 with the baseline, 7/3 with the computer player, whose red side uses its
# abilities; the keep 27/13 of 40), so that a win rate against the baseline measures play, not
# the map. Since big creatures knock smaller ones down (rules: Wrestling, shoving and knockdown)
# the ogre hits harder. Skirmish and battle field a hobgoblin captain with its minions
# (docs/rules/15-minions.md).
PLANS = [DUEL, SKIRMISH, BATTLE, MELEE, SHRINE, KEEP, FORD]


def build(out_dir: Path) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for plan in PLANS:
        path = out_dir / plan.filename
        path.write_text(map_xml(plan), encoding="utf-8")
        written.append(path)
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "maps")
    args = parser.parse_args()
    for path in build(args.out):
        print(path)


if __name__ == "__main__":
    main()
