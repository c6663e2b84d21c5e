"""The command line: `python -m game <subcommand>` (each one's options: `python -m game
<subcommand> --help`; what it promises about bad arguments: docs/security.md "Command line").

Bad input gets one line on stderr and exit status 2; an internal fault exit status 1.
Each subcommand lives in the module that owns its job; this file only parses arguments.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from game import paths, saves
from game.cliargs import (
    NEGATIVE_ARG, RULES_HELP, RULES_METAVAR, SCREEN_SIZE_HELP, bounded_int, file_argument,
    program_name, rules_argument,
)
from game.errors import InputError, printable

def _shipped_names() -> str:
    return ", ".join(sorted(p.stem for p in paths.shipped_maps_dir().glob("*.tmx")))


INSPECT_RULES_NOTE = (" Under rules other than lfg, the facts of the default rules are null: "
                      "a unit's ac, reach, speed, threatens and flanked, a pair's "
                      "cover_bonus, concealment, flanked and in_reach; under light, "
                      "hit_chance is the best of the light rules' forecasts of the attacks "
                      "(Light, Heavy, Volley, Scope Attack, Throw Weapon) the attacker could "
                      "make on a turn of its own now.")
PATH_RULES_NOTE = (" Under rules other than lfg, only the shared path search is given (cost, "
                   "path); reachable, provokes, big_actions, safe_path and safe_cost follow "
                   "the default rules and are null.")
SAVE_RULES_NOTE = " A save is replayed with the rules it was played with."
MAP_HELP = f"a .tmx file, or the name of a shipped map ({_shipped_names()})"


def map_argument(text: str) -> str:
    """A map on the command line: a path, or a shipped map's name (`duel`). A bare name that
    is neither is refused here with the names there are; a missing path is the loader's to
    report (file:line)."""
    path = paths.resolve_map(file_argument(text))
    looks_like_a_path = any(c in text for c in "/\\") or text.endswith(".tmx")
    if not path.exists() and not looks_like_a_path:
        raise argparse.ArgumentTypeError(
            f"no map file or shipped map called {text!r} (shipped maps: "
            f"{_shipped_names()}; or give the path of a .tmx file)")
    return str(path)


def saved_game(text: str) -> Path | None:
    """The save of the player's saves folder called `text` (as the Load screen lists it)."""
    try:
        path = saves.slot_path(text)
    except InputError:
        return None
    return path if path.is_file() else None


def battle_argument(text: str) -> str:
    """A battle on the command line: a map or save file, a save of the player's saves folder
    by its name (`"my save"`), or a shipped map's name; anything else is refused here with
    what there is."""
    file_argument(text)
    if Path(text).exists() or _looks_like_a_path(text):
        return text
    found = saved_game(text) or paths.shipped_map(text)
    if found is not None:
        return str(found)
    raise argparse.ArgumentTypeError(
        f"no map or save file, saved game or shipped map called {text!r} (saved games: "
        f"{_saved_names()}; shipped maps: {_shipped_names()}; or give the path of a .tmx map or a "
        ".json save)")


def save_argument(text: str) -> str:
    """A save on the command line: a file, or a saved game of the player's saves folder by
    its name; anything else is refused here with the saved games there are."""
    file_argument(text)
    if Path(text).exists() or _looks_like_a_path(text):
        return text                 # a missing file is the loader's to report
    found = saved_game(text)
    if found is not None:
        return str(found)
    raise argparse.ArgumentTypeError(f"no save file or saved game called {text!r} (saved "
                                     f"games: {_saved_names()}; or give the path of a .json "
                                     "save)")


def _looks_like_a_path(text: str) -> bool:
    return any(c in text for c in "/\\") or text.lower().endswith((".json", ".tmx"))


def _saved_names() -> str:
    return ", ".join(sorted(p.stem for p in saves.saves_dir().glob("*.json"))) or "none"


MAX_GAMES = 100_000
MAX_JOBS = 256
SEEDS = bounded_int(-(10 ** 12), 10 ** 12)


def add_fog(parser) -> None:
    """`--fog` / `--no-fog`: fog of war for the battle (None: the map's own `fog`)."""
    parser.add_argument("--fog", action=argparse.BooleanOptionalAction, default=None,
                        help="fog of war: each side sees only what its creatures see "
                             "(default: the map's fog property)")


def add_rules(parser, note: str = "") -> None:
    """`--rules {lfg,light}`: the rulebook of the battle (None: the map's own)."""
    parser.add_argument("--rules", type=rules_argument, default=None, metavar=RULES_METAVAR,
                        help=RULES_HELP + note)


class ArgumentParser(argparse.ArgumentParser):
    """argparse, but a usage error is one line and exit status 2, and "-1,0" is a hex with a
    negative column, not an option (argparse reads only "-3"-like arguments as numbers; it has
    no public setting for this, hence the attribute)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._negative_number_matcher = NEGATIVE_ARG

    def error(self, message):
        raise InputError(None, None, f"{self.prog}: {message} (see {self.prog} --help)")


def build_parser() -> ArgumentParser:
    parser = ArgumentParser(prog=program_name(), description="hexskirmish: hex-grid tactical combat")
    sub = parser.add_subparsers(dest="command", parser_class=ArgumentParser)
    _add_play(sub)
    _add_campaign(sub)
    _add_map_commands(sub)
    _add_computer_games(sub)
    _add_battle_commands(sub)
    return parser


def _add_campaign(sub) -> None:
    """A campaign in the window."""
    campaign = sub.add_parser("campaign", help="play a campaign (the shipped one without a "
                              "file), resumed where it was left")
    campaign.add_argument("file", nargs="?", default=None,
                          help="a campaign file (campaign.toml, docs/mapping.md)")


def _add_play(sub) -> None:
    """The game window."""
    play = sub.add_parser("play", help="play a battle in a window")
    play.add_argument("map", nargs="?", default=None, type=map_argument,
                      help=f"{MAP_HELP}: straight to the battle (without a map, sides or save: "
                           "the setup screen)")
    play.add_argument("--sides", default=None,
                      help="controllers per team of the map, in order: human, ai, ai:easy, "
                           "ai:normal or ai:hard, e.g. human,ai (skips the setup screen)")
    play.add_argument("--seed", type=SEEDS, default=None,
                      help="the dice seed (default: from the clock, shown in the game)")
    play.add_argument("--initiative", default=None,
                      choices=("selective", "top-down", "round-by-round"),
                      help="initiative mode (default: the map's)")
    play.add_argument("--criticals", default=None,
                      choices=("standard", "killer", "perfect", "both"),
                      help="the optional critical-hit rules: Killer Criticals, Perfect "
                           "Critical or both (default: the map's)")
    add_rules(play, SAVE_RULES_NOTE)
    add_fog(play)
    play.add_argument("--load", default=None, type=save_argument, metavar="SAVE",
                      help="a saved battle: a .json file, or a saved game's name")
    play.add_argument("--ai-debug", action="store_true",
                      help="log every decision of the computer players on stderr")
    play.add_argument("--maps", default=None, metavar="DIR", type=file_argument,
                      help="also list the maps of DIR on the setup screen (besides the "
                           "shipped maps and your own maps folder)")


def _add_map_commands(sub) -> None:
    """Subcommands for maps: check, draw, inspect, preview a path, start a new one."""
    validate = sub.add_parser("validate", help="check maps, campaign files (.toml) or steller "
                              "stat blocks (a .toml in a folder named steller); one line "
                              "per problem, exit 2 if any")
    validate.add_argument("maps", nargs="+", type=map_argument, help=MAP_HELP)
    validate.add_argument("--json", action="store_true",
                          help="print one JSON object on stdout instead: per map its "
                               "problems and warnings, each with file, line and message "
                               "(the same exit status)")

    render = sub.add_parser("render", help="draw a map's tile layers as Tiled would, headless")
    render.add_argument("map", type=map_argument, help=MAP_HELP)
    render.add_argument("out", type=file_argument)

    screenshot = sub.add_parser("screenshot", help="one headless frame of the game UI")
    screenshot.add_argument("map", type=map_argument, help=MAP_HELP)
    screenshot.add_argument("out", type=file_argument)
    screenshot.add_argument("--select", default=None, metavar="NAME",
                            help="select this creature first, as a click on it would (any "
                                 "case, when only one name matches)")
    screenshot.add_argument("--hover", default=None, metavar="COL,ROW",
                            help="the pointer rests on this hex (Tiled's column,row): the "
                                 "path, hit chance or tooltip it shows")
    screenshot.add_argument("--size", default="1280x800", metavar="WxH",
                            help=SCREEN_SIZE_HELP)
    screenshot.add_argument("--load", default=None, metavar="SAVE", type=save_argument,
                            help="draw the battle of a save (a .json file or a saved game's "
                                 "name; after its last command) instead of the map's start")
    add_rules(screenshot, SAVE_RULES_NOTE)
    add_fog(screenshot)
    screenshot.add_argument("--side", default=None, metavar="TEAM",
                            help="under fog of war, draw what this team knows (default: the "
                                 "side of the creature whose turn it is)")

    inspect = sub.add_parser("inspect", help="tactical facts per unit and per pair of units")
    inspect.add_argument("map", type=map_argument, help=MAP_HELP)
    inspect.add_argument("--json", action="store_true")
    add_rules(inspect, INSPECT_RULES_NOTE)

    path = sub.add_parser("path", help="movement preview for one unit")
    path.add_argument("map", type=map_argument, help=MAP_HELP)
    path.add_argument("name")
    path.add_argument("to", metavar="COL,ROW")
    path.add_argument("--json", action="store_true")
    add_rules(path, PATH_RULES_NOTE)

    new_map = sub.add_parser("new-map", help="write a new map to paint in Tiled")
    new_map.add_argument("path", type=file_argument, help="the .tmx file to create")
    new_map.add_argument("--size", default="20x14", help="WIDTHxHEIGHT in hexes (default 20x14)")
    new_map.add_argument("--orientation", default="pointy", choices=("flat", "pointy"))

    sub.add_parser("tiled-kit", help="copy the Tiled kit (project with commands, extension, "
                   "tilesets, templates) into your maps folder, or bring it up to date")


def _add_computer_games(sub) -> None:
    """Subcommands for computer games: simulate and the balance report."""
    simulate = sub.add_parser("simulate", help="computer players against each other, headless")
    simulate.add_argument("map", type=map_argument, help=MAP_HELP)
    simulate.add_argument("--sides", required=True,
                          help="a controller per team of the map, in order: ai, ai:easy, "
                               "ai:normal, ai:hard or baseline, e.g. ai,baseline; @N sets "
                               "a level's look-ahead rollouts per decision (ai:hard@4), "
                               "~X its noise (ai:normal~0.05), +NAME=X one of its weights "
                               "(ai:hard+danger=1.0; docs/balance.md)")
    simulate.add_argument("--games", type=bounded_int(1, MAX_GAMES), default=10,
                          help=f"how many battles (1-{MAX_GAMES})")
    simulate.add_argument("--seed", type=SEEDS, default=1,
                          help="the dice seed of the first battle (battle i: seed + i)")
    simulate.add_argument("--jobs", type=bounded_int(1, MAX_JOBS), default=1,
                          help="battles played at once (processes)")
    simulate.add_argument("--json", action="store_true",
                          help="print the results as JSON (per battle and in all)")
    simulate.add_argument("--backend", default="local", choices=("local", "ray"),
                          help="local: --jobs processes; ray: Ray tasks "
                               "(pip install 'hexskirmish[cluster]')")
    simulate.add_argument("--ray-address", default=None,
                          help="a Ray cluster to use (default: RAY_ADDRESS, else a local Ray "
                               "with --jobs CPUs)")
    simulate.add_argument("--ai-debug", action="store_true",
                          help="log every decision of the computer players on stderr")
    add_rules(simulate)
    add_fog(simulate)

    balance = sub.add_parser("balance", help="many computer games on a map: a balance report "
                             "(index.html, report.json); pip install 'hexskirmish[report]'")
    balance.add_argument("map", type=map_argument, help=MAP_HELP)
    balance.add_argument("--out", required=True, type=file_argument,
                         help="the folder to write the report in")
    balance.add_argument("--games", type=bounded_int(1, MAX_GAMES), default=20,
                         help=f"games per pairing of --sides (1-{MAX_GAMES})")
    balance.add_argument("--sides", nargs="+", default=None, metavar="CTL,CTL",
                         help="one or more controller pairings, e.g. ai,ai baseline,ai "
                              "(default: ai on every team)")
    balance.add_argument("--seed", type=SEEDS, default=1)
    balance.add_argument("--jobs", type=bounded_int(1, MAX_JOBS), default=1)
    balance.add_argument("--backend", default="local", choices=("local", "ray"))
    balance.add_argument("--ray-address", default=None)
    add_rules(balance)


def _add_battle_commands(sub) -> None:
    """Subcommands for a battle's state: what a creature may do, replays."""
    actions = sub.add_parser("actions", help="what a creature may do now, and why not")
    actions.add_argument("battle", metavar="MAP_OR_SAVE", type=battle_argument,
                         help="a map (its first turn: a .tmx file or a shipped map's name) or "
                              "a save (its current state: a .json file, or the name of a "
                              "saved game as the Load screen lists it)")
    actions.add_argument("name", metavar="NAME",
                         help="the creature (any case, when only one name matches)")
    actions.add_argument("--seed", type=SEEDS, default=0, help="the dice seed for a map")
    actions.add_argument("--json", action="store_true")
    add_rules(actions, SAVE_RULES_NOTE)

    replay = sub.add_parser("replay", help="replay a saved battle")
    replay.add_argument("file", metavar="SAVE", type=save_argument,
                        help="a .json save, or a saved game's name")
    replay.add_argument("--verify", action="store_true",
                        help="exit 2 unless the replay ends in the state the save recorded")
    replay.add_argument("--json", action="store_true",
                        help="print every event as one JSON object per line: its type, its "
                             "fields and \"command\", the index of the command that caused it "
                             "(null for the events of the battle's start)")
    replay.add_argument("--watch", action="store_true",
                        help="open the window and watch the battle again: play, pause, step "
                             "one command forward or back, jump to a round")


def has_display() -> bool:
    if sys.platform.startswith(("win", "darwin")):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
                or os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen"))


def _validate(args: argparse.Namespace) -> int:
    """Maps as game.tiled.validate checks them; a campaign file (.toml) with every map it
    names (docs/mapping.md "Campaigns"): every problem a line, exit 2 if any."""
    from game.tiled.validate import run_validate, run_validate_json
    blocks = [m for m in args.maps if m.endswith(".toml") and Path(m).parent.name == "steller"]
    campaigns = [m for m in args.maps if m.endswith(".toml") and m not in blocks]
    maps = [m for m in args.maps if not m.endswith(".toml")]
    code = 0
    if maps or not (campaigns or blocks):
        code = run_validate_json(maps) if args.json else run_validate(maps)
    for path in campaigns:
        code = max(code, _validate_campaign(path))
    for path in blocks:
        code = max(code, _validate_stat_block(path))
    return code


def _validate_stat_block(path: str) -> int:
    """A steller stat block (a .toml in a folder named steller, docs/rules/steller/stat-blocks.md):
    one line naming the file, the creature and the fix, exit 2; else ok."""
    from game.data.model import DataError
    from game.data.steller import load_steller_unit
    try:
        unit = load_steller_unit(path)
    except DataError as err:
        print(printable(str(err)), file=sys.stderr)
        return 2
    print(printable(f"{path}: ok (steller stat block {unit.name!r}, {len(unit.powers)} "
                    "powers)"))
    return 0


def _validate_campaign(path: str) -> int:
    from game.engine.campaign_check import campaign_problems
    campaign, problems = campaign_problems(path)
    for problem in problems:
        print(problem.line(), file=sys.stderr)
    if problems:
        return 2
    print(printable(f"{path}: ok (campaign {campaign.title!r}, {len(campaign.stages)} "
                    f"battles, the player plays {campaign.player})"))
    return 0


def run(args: argparse.Namespace) -> int:
    command = args.command or "play"
    if command == "validate":
        return _validate(args)
    if command == "render":
        from game.ui.map_renderer import run_render
        return run_render(args.map, args.out)
    if command == "inspect":
        from game.report import run_inspect
        return run_inspect(args.map, as_json=args.json, rules=args.rules)
    if command == "path":
        from game.report import run_path
        return run_path(args.map, args.name, args.to, as_json=args.json, rules=args.rules)
    if command == "screenshot":
        from game.ui.app import run_screenshot
        return run_screenshot(args.map, args.out, select=args.select, hover=args.hover,
                              size=args.size, load=args.load, rules=args.rules,
                              fog=args.fog, side=args.side)
    if command == "simulate":
        from game.ai.simulate import run_simulate
        if getattr(args, "ai_debug", False):
            from game.ui.setup_model import enable_ai_debug
            enable_ai_debug()
        return run_simulate(args.map, args.sides, games=args.games, seed=args.seed,
                            jobs=args.jobs, as_json=args.json, backend=args.backend,
                            ray_address=args.ray_address, rules=args.rules, fog=args.fog)
    if command == "actions":
        from game.actions import run_actions
        return run_actions(args.battle, args.name, as_json=args.json, seed=args.seed,
                           rules=args.rules)
    if command == "new-map":
        from game.tiled.newmap import run_new_map
        return run_new_map(args.path, args.size, args.orientation)
    if command == "tiled-kit":
        from game.tiled.userkit import run_tiled_kit
        return run_tiled_kit()
    if command == "balance":
        from game.balance.command import run_balance
        return run_balance(args.map, args.out, games=args.games, jobs=args.jobs,
                           sides=args.sides, seed=args.seed, backend=args.backend,
                           ray_address=args.ray_address, rules=args.rules)
    if command == "campaign":
        return run_campaign(args)
    if command == "replay" and args.watch:
        return run_watch(args)
    if command == "replay":
        from game.report import run_replay
        return run_replay(args.file, verify=args.verify, as_json=args.json)
    return run_play(args)


def run_campaign(args: argparse.Namespace) -> int:
    """`campaign [FILE]`: the campaign and its maps are checked (a problem is one line, exit
    2) before the window opens on it."""
    from game.engine.campaign_check import campaign_problems
    from game.ui.campaign_play import shipped_campaign
    path = args.file or str(shipped_campaign())
    _, problems = campaign_problems(path)
    if problems:
        more = f" (and {len(problems) - 1} more: python -m game validate {path})" \
            if len(problems) > 1 else ""
        print(problems[0].line() + more, file=sys.stderr)
        return 2
    if not has_display():
        return no_display()
    from game.ui.app import run_campaign as campaign
    return campaign(path)


def run_watch(args: argparse.Namespace) -> int:
    """`replay SAVE --watch`: the save is read (a bad one is one line, exit 2) before the
    window opens."""
    from game.engine.replay import load_replay
    battle = load_replay(args.file)
    if not has_display():
        return no_display()
    from game.ui.app import run_watch as watch
    return watch(battle)


def no_display() -> int:
    name = program_name()
    print(f"{name}: no display here (DISPLAY is not set); the headless commands are "
          "validate, render, screenshot, inspect, path, simulate, actions and replay "
          f"({name} --help)", file=sys.stderr)
    return 2


def run_play(args: argparse.Namespace) -> int:
    if not has_display():
        return no_display()
    from game.ui.app import run_play as play
    # no map, sides or save: the setup screen (python -m game); else straight to the battle
    return play(getattr(args, "map", None), sides=getattr(args, "sides", None),
                seed=getattr(args, "seed", None), load=getattr(args, "load", None),
                initiative=getattr(args, "initiative", None),
                criticals=getattr(args, "criticals", None), rules=getattr(args, "rules", None),
                fog=getattr(args, "fog", None),
                ai_debug=getattr(args, "ai_debug", False), maps_dir=getattr(args, "maps", None))


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        return run(args)
    except InputError as err:
        print(err.line(), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as err:  # an internal fault: one line, unless the developer asks for more
        if os.environ.get("HEXSKIRMISH_DEBUG"):
            raise
        print(f"{program_name()}: internal error: {type(err).__name__}: {printable(err)} "
              "(set HEXSKIRMISH_DEBUG=1 for the traceback)", file=sys.stderr)
        return 1
