"""The commands of the Tiled project (docs/mapping.md "Tiled commands and extension").

Tiled runs a project command as `"<command>" <arguments>` after putting each variable's value
in double quotes (`%mapfile` -> "/maps/my map.tmx"), split like a shell line (a quoted part
joins the text around it: `%mapfile-balance` -> /maps/my map.tmx-balance), in the command's
working directory (its variables are not quoted there). The shipped project runs `python3`
from the checkout's root (`%projectpath/..`); the project the game writes into the player's
maps folder (game/tiled/userkit.py) runs the exact interpreter and game folder that wrote it.
"""
from __future__ import annotations

import sys

from game import paths

SHIPPED_PYTHON = "python3"
SHIPPED_WORKING_DIRECTORY = "%projectpath/.."
# (name shown in Tiled's File > Commands, what follows `python -m game`, save the map first)
COMMANDS = (
    ("Validate this map", "validate %mapfile", True),
    ("Play this map", "play %mapfile", True),
    ("Balance report", "balance %mapfile --games 10 --out %mapfile-balance", True),
)


def tiled_commands(executable: str, working_directory: str) -> list[dict]:
    """The project's "commands" list, with the keys Tiled 1.8 writes, in its order."""
    return [{"arguments": f"-m game {arguments}", "command": executable, "enabled": True,
             "name": name, "saveBeforeExecute": save, "shortcut": "", "showOutput": True,
             "workingDirectory": working_directory}
            for name, arguments, save in COMMANDS]


def shipped_commands() -> list[dict]:
    """The commands of maps/hexskirmish.tiled-project: `python3` on the PATH, from the
    folder above the project (a checkout's root, where `-m game` finds the game)."""
    return tiled_commands(SHIPPED_PYTHON, SHIPPED_WORKING_DIRECTORY)


def this_game_commands() -> list[dict]:
    """The commands that run this very game: the interpreter running now, from the folder
    that holds the `game` package (its site-packages, or a checkout's root), so that `-m
    game` is this copy whatever folder Tiled was started from."""
    return tiled_commands(sys.executable, str(paths.PACKAGE_DIR.parent))
