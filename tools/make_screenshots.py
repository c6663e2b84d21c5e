"""Regenerate the screenshots in docs/ from the real game UI, headless.

    python tools/make_screenshots.py [--out docs]

Each shot stages a moment of a battle on a shipped map (unit placements moved in code, the
.tmx untouched), selects a creature, points at a hex and saves one frame through the same
code as `python -m game screenshot` (game.ui.app.screenshot_app), at 1280x800 and 1920x1080.
`docs/default-map.png` is the README's image: the default map with a selection and a path
preview that provokes attacks of opportunity.

The screens around a battle, at 1280x800 (`--only setup result` makes just these):
`docs/setup.png`, the game setup screen as `python -m game` opens it; `docs/setup-rules.png`,
the same with the light rules chosen; `docs/result.png`, the
result screen of a whole battle on the duel map (blue's commands are the computer player's,
sent through the UI's controller as a person's clicks would be; red is the computer).
"""
from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

SIZES = ("1280x800", "1920x1080")


@dataclass
class Shot:
    name: str
    map: str
    select: str | None
    hover: str | None
    moves: dict = field(default_factory=dict)
    overlays: tuple = ()
    seed: int = 1            # the dice seed: it decides who acts first (initiative)
    about: str = ""


SHOTS = [
    Shot("default-map", "maps/skirmish.tmx", "Sokaris", "12,5",
         moves={"Sokaris": (7, 8), "Wulfric": (6, 9), "Vrask": (10, 7), "Snik": (11, 9),
                "Goblin 1": (12, 6), "Skrag": (15, 9)},
         overlays=("threat",), seed=9,
         about="Sokaris's path crosses the reach of the hobgoblin captain and a goblin: the hexes "
               "whose exit provokes, who would strike (reaction ready), the safe path dashed"),
    Shot("attack-cover", "maps/skirmish.tmx", "Mayat", "14,8",
         moves={"Mayat": (8, 10), "Vrask": (14, 8), "Sokaris": (9, 11), "Wulfric": (7, 11)},
         seed=3,
         about="Mayat aims at the hobgoblin captain in cover: the lines cover was tested with (obstructed "
               "ones dashed), hit chance, cover and concealment"),
    Shot("firing-into-melee", "maps/skirmish.tmx", "Mayat", "12,8",
         moves={"Mayat": (8, 10), "Vrask": (12, 8), "Wulfric": (13, 8), "Sokaris": (9, 11)},
         seed=3,
         about="Mayat aims at the hobgoblin captain that fights Wulfric: if the arrow misses it may strike "
               "Wulfric; the preview names him, his side and the chance"),
    Shot("creature-art", "maps/skirmish.tmx", None, None,
         moves={"Brannoc": (8, 6), "Wulfric": (8, 8), "Sokaris": (7, 10), "Mayat": (6, 7),
                "Chessan": (6, 9), "Vrask": (11, 5), "Goblin 1": (11, 8), "Snik": (13, 6),
                "Skrag": (12, 10), "Goblin Archer": (14, 8), "Ogre": (13, 12)},
         seed=1,
         about="Every creature shows the picture of its kind in its team's colour and shape, "
               "with its facing; the large ogre fills its three hexes"),
    Shot("battle-sight", "maps/battle.tmx", "Brand", "17,10",
         moves={"Ogre": (14, 12), "Wolf": (11, 13), "Orc 1": (17, 13), "Brand": (11, 8)},
         overlays=("los", "threat"),
         about="Pointy-top map: the large ogre (3 hexes, reach 2) guards the ford; what Brand "
               "cannot see is darkened (L), the enemies' reach is outlined (T)"),
]


def shoot(shot: Shot, size: str, out: Path) -> Path:
    from game.ui.app import screenshot_app
    import pygame
    app = screenshot_app(REPO / shot.map, shot.select, shot.hover, size, moves=shot.moves,
                         overlays=shot.overlays, seed=shot.seed)
    app.draw(force=True)
    pygame.image.save(app.screen, str(out))
    return out


def shoot_setup(out: Path) -> Path:
    """The setup screen as `python -m game` opens it (the default map, you against the
    computer)."""
    import pygame
    from game.ui.app import App
    app = App(None, (1280, 800), window=False, animations=False)
    app.update(0.05)
    app.draw()
    pygame.image.save(app.screen, str(out))
    return out


def shoot_setup_rules(out: Path) -> Path:
    """The setup screen with the light rules chosen for the default map: the line on what
    the rulebook is like, and the choices only the hex-native rules have greyed out."""
    import pygame
    from game.ui.app import App
    app = App(None, (1280, 800), window=False, animations=False)
    app.view.set_rules("light")
    app.update(0.05)
    app.draw()
    pygame.image.save(app.screen, str(out))
    return out


def shoot_result(out: Path, seed: int = 12) -> Path:
    """The result screen after a whole battle on the duel map: blue (a person, here the
    computer player's choices sent through the UI controller) against the computer."""
    import pygame
    from game.ui import setup_model as S
    from game.ui.app import App
    from game.ai.player import choose_command
    setup = S.Setup(REPO / "maps" / "duel.tmx", (S.Side("blue", "human"),
                                                 S.Side("red", "ai", "normal")), None, seed)
    app = App(None, (1280, 800), window=False, animations=False)
    app.start_setup(setup)
    for _ in range(5000):
        if app.mode != "battle":
            break
        if app.battle.awaiting() != "over" and app.controller.is_human_turn():
            app.controller.send(choose_command(app.battle, difficulty="hard"))
        app.update(0.5)
    if app.mode != "result":
        raise SystemExit(f"the battle of seed {seed} did not end: try another --seed")
    app.update(0.05)
    app.draw()
    pygame.image.save(app.screen, str(out))
    return out


def _grappling(seed: int, moves: dict):
    """A battle on the ruined mill in which Wulfric has grabbed Vrask (None if this seed's
    dice say otherwise): every other creature passes until Wulfric's turn."""
    from game.engine import commands as C
    from game.engine.battle import Battle
    from game.tiled.loader import load_map
    hexmap = load_map(REPO / "maps" / "skirmish.tmx")
    for p in hexmap.units:
        if p.name in moves:
            p.col, p.row = moves[p.name]
    battle = Battle(hexmap, seed=seed, controllers={"blue": "human", "red": "ai"})
    for _ in range(40):
        kind, who = battle.decider()
        if kind == "turn" and who == "Wulfric":
            break
        if kind == "choice":
            from game.engine.legality import choices
            options = choices(battle)
            pick = "Wulfric" if "Wulfric" in options else options[0]
            battle.apply(C.ChooseNext(who, pick))
        else:
            battle.apply(C.EndTurn(who))
    battle.apply(C.Grab("Wulfric", target="Vrask", confirm=True))
    return battle if battle.unit("Wulfric").grappling else None


def shoot_grapple(out: Path) -> Path:
    """Wulfric (a trained fighter) holds the hobgoblin captain: both are Grappled (the selected orc's card
    says so); the rest of the warband comes on."""
    import pygame
    from game.ui.app import App
    moves = {"Wulfric": (12, 4), "Vrask": (13, 4), "Sokaris": (11, 6), "Brannoc": (10, 5)}
    battle = next(b for b in (_grappling(seed, moves) for seed in range(1, 60)) if b)
    app = App(battle, (1280, 800), window=False, animations=False)
    app.controller.select("Vrask")
    app.battle_screen.frame_selection()
    app.update(0.0)
    app.update(0.0)
    app.draw(force=True)
    pygame.image.save(app.screen, str(out))
    return out


FOG_MOVES = {"Mayat": (9, 10), "Wulfric": (7, 9), "Sokaris": (6, 10)}


def _fog_shot(out: Path, side: str, commands, select=None, hover=None) -> Path:
    """The ruined mill under fog of war (seed 3: Mayat acts first), `commands` sent first,
    drawn as `side` knows it."""
    from game.engine import commands as C
    from game.outputs import write_png
    from game.ui.app import screenshot_app
    app = screenshot_app(REPO / "maps/skirmish.tmx", select, hover, "1280x800",
                         moves=FOG_MOVES, seed=3, fog=True, side=side,
                         commands=[C.Hide("Mayat"), *commands])
    app.draw(force=True)
    write_png(app.screen, out)
    return out


def shoot_fog_own(out: Path) -> Path:
    """Mayat, blue's archer, has hidden in the wood: blue sees her, marked Hidden."""
    return _fog_shot(out, "blue", (), select="Mayat")


def shoot_fog_enemy(out: Path) -> Path:
    """The same moment as red knows it: no archer in the wood, only her ghost where red last
    saw her (round 1); pointing at the hex tells nothing more."""
    return _fog_shot(out, "red", (), hover="9,10")


def shoot_fog_ghost(out: Path) -> Path:
    """Mayat steps on through the wood, still hidden: red's ghost stays where it saw her."""
    from game.engine import commands as C
    return _fog_shot(out, "red", (C.Step("Mayat", to=(8, 10)),))


SCREENS = {
    "fog-hidden-own": (shoot_fog_own, "fog of war: a hidden archer seen by her own side"),
    "fog-hidden-enemy": (shoot_fog_enemy, "fog of war: the same moment seen by the enemy"),
    "fog-last-seen": (shoot_fog_ghost, "fog of war: a last-seen ghost with its round"),
    "setup": (shoot_setup, "the game setup screen of python -m game"),
    "setup-rules": (shoot_setup_rules, "the setup screen with the light rules chosen"),
    "grapple": (shoot_grapple, "a grapple: Wulfric holds Vrask (rules: Wrestling)"),
    "result": (shoot_result, "the result screen after a battle on the duel map"),
}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(REPO / "docs"))
    parser.add_argument("--only", nargs="+", default=None,
                        choices=[s.name for s in SHOTS] + list(SCREENS),
                        help="make only these shots")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for shot in SHOTS:
        if args.only and shot.name not in args.only:
            continue
        for size in SIZES:
            name = shot.name if size == SIZES[0] else f"{shot.name}-{size}"
            path = shoot(shot, size, out / f"{name}.png")
            print(f"{path}: {shot.about}")
    for name, (make, about) in SCREENS.items():
        if args.only and name not in args.only:
            continue
        print(f"{make(out / f'{name}.png')}: {about}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
