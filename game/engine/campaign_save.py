"""A campaign's progress, saved in the player's saves folder
(`saves/campaigns/NAME.json`, written atomically as battles' saves are: game/files.py).

The file is JSON `{"version": 1, "campaign": the campaign file's path, "stage": the battle's
number from 0, "phase": "battle" | "between" | "lost" | "done", "roster": [creatures],
"seed", "commands": [...], "state_hash"}`. In the phase "battle" the roster is the creatures
that went into the battle, and the commands its log so far: resuming builds the same battle
(game.engine.campaign_battle) and applies them again, as a battle's save is replayed. Between
battles the roster is the survivors after their rest, and `stage` the next battle. Every field
is checked before anything is built from it; a bad one is one line naming the file and place.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path

from game import paths
from game.engine.campaign_battle import campaign_battle
from game.engine.campaign_file import Campaign, read_campaign
from game.engine.campaign_roster import LASTING_INJURIES, MAX_LEVEL, Veteran
from game.engine.command_fields import MAX_INT, short
from game.engine.savefile import parse_command
from game.errors import InputError
from game.files import FileRefused, read_text, write_atomically

VERSION = 1
PHASES = ("battle", "between", "lost", "done")
MAX_PROGRESS_BYTES = 8 << 20
MAX_ROSTER = 100


@dataclass
class Progress:
    """Where the player is in a campaign."""
    campaign: Campaign
    stage: int = 0
    phase: str = "battle"
    roster: list = field(default_factory=list)      # Veteran
    seed: int = 0
    commands: list = field(default_factory=list)
    state_hash: str = ""

    @property
    def current(self):
        return self.campaign.stages[min(self.stage, len(self.campaign.stages) - 1)]


def progress_path(campaign: Campaign) -> Path:
    """The campaign's progress file: one per campaign, named after its folder."""
    return paths.user_saves_dir() / "campaigns" / f"{campaign.path.parent.name}.json"


def write_progress(progress: Progress, battle=None, path: Path | None = None) -> Path:
    """Save `progress` (with `battle`'s log when one is being played) atomically."""
    path = path or progress_path(progress.campaign)
    if battle is not None:
        progress.commands = [c.to_dict() for c in battle.log]
        progress.state_hash = battle.state_hash()
    data = {"version": VERSION, "campaign": str(progress.campaign.path.resolve()),
            "stage": progress.stage, "phase": progress.phase,
            "roster": [asdict(v) for v in progress.roster], "seed": progress.seed,
            "commands": progress.commands if progress.phase == "battle" else [],
            "state_hash": progress.state_hash}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, (json.dumps(data, indent=1) + "\n").encode("utf-8"))
    except OSError as err:
        raise InputError(path, None, f"cannot write the campaign's progress: "
                         f"{err.strerror or err} (the previous one, if any, is unchanged)"
                         ) from None
    return path


def read_progress(path) -> Progress:
    """The checked progress file at `path` (see the module docstring)."""
    path = Path(path)
    data = _parse(path)
    for name, kind in {"campaign": str, "stage": int, "phase": str, "roster": list,
                       "seed": int, "commands": list, "state_hash": str}.items():
        if not isinstance(data.get(name), kind) or isinstance(data.get(name), bool):
            raise InputError(path, name, f"{name} must be a {kind.__name__}, got "
                             f"{short(data.get(name))} (start the campaign again)")
    campaign = read_campaign(data["campaign"])
    if data["phase"] not in PHASES or not 0 <= data["stage"] < len(campaign.stages):
        raise InputError(path, "stage", f"no battle {data['stage']} in phase "
                         f"{short(data['phase'])} of {campaign.path} (start it again)")
    if len(data["roster"]) > MAX_ROSTER or abs(data["seed"]) > MAX_INT:
        raise InputError(path, "roster", f"at most {MAX_ROSTER} creatures and a seed of at "
                         "most 2**31 (start the campaign again)")
    roster = [_veteran(path, n, raw) for n, raw in enumerate(data["roster"])]
    commands = [parse_command(path, n, raw) for n, raw in enumerate(data["commands"])]
    return Progress(campaign, data["stage"], data["phase"], roster, data["seed"], commands,
                    data["state_hash"])


def _parse(path: Path) -> dict:
    try:
        data = json.loads(read_text(path, MAX_PROGRESS_BYTES, "campaign progress"))
    except FileRefused as err:
        raise InputError(path, None, str(err)) from None
    except OSError as err:
        raise InputError(path, None, f"cannot read it: {err.strerror or err}") from None
    except (ValueError, RecursionError) as err:
        raise InputError(path, None, f"not a campaign's progress: {str(err)[:80]}") from None
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise InputError(path, "version", f"not a campaign's progress of version {VERSION}")
    return data


def _veteran(path: Path, n: int, raw) -> Veteran:
    names = [f.name for f in fields(Veteran)]
    where = f"roster[{n}]"
    if not isinstance(raw, dict) or sorted(raw) != sorted(names):
        raise InputError(path, where, f"a creature has the fields {', '.join(names)}")
    ints = ("level", "hp", "max_hp", "hr", "xp", "kills")
    if any(type(raw[k]) is not int or abs(raw[k]) > MAX_INT for k in ints) or not (
            isinstance(raw["name"], str) and isinstance(raw["unit"], str)
            and 0 <= raw["level"] <= MAX_LEVEL and 0 < raw["hp"] <= raw["max_hp"]):
        raise InputError(path, where, "a creature's numbers are whole numbers, 0 < hp <= "
                         f"max_hp and a level of 0 to {MAX_LEVEL}")
    injuries = raw["injuries"]
    if not isinstance(injuries, list) or any(i not in LASTING_INJURIES for i in injuries):
        raise InputError(path, where, f"injuries lists some of {', '.join(LASTING_INJURIES)}")
    return Veteran(**{**raw, "injuries": tuple(injuries)})


def resume_battle(progress: Progress, path: Path, hexmap):
    """The battle of a progress in the phase "battle", its commands applied again."""
    team = progress.campaign.player
    battle = campaign_battle(hexmap, team, progress.roster, progress.seed)
    for n, cmd in enumerate(progress.commands):
        outcome = battle.apply(cmd)
        if not outcome.ok:
            raise InputError(path, f"command {n}", f"corrupt progress: the engine refuses "
                             f"{type(cmd).__name__} for {cmd.unit!r}: {outcome.reason}")
    if progress.state_hash and battle.state_hash() != progress.state_hash:
        raise InputError(path, "state_hash", "the battle replayed is not the one saved (its "
                         "map or the unit files changed since): start the battle again")
    return battle


def next_stage(progress: Progress, roster: list, seed: int) -> Progress:
    """The progress at the start of the next battle with `roster`."""
    return replace(progress, phase="battle", roster=list(roster), seed=seed, commands=[],
                   state_hash="")
