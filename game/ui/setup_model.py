"""What the game setup, the hotseat handoff and the result screen decide, without pygame
(the commands `python -m game` and `python -m game play MAP --sides ...`; initiative modes:
docs/rules/09-turns-and-actions.md; winning: 12-winning.md).

- `list_maps(folders)`: the maps of the shipped, the player's and `--maps` folders with their
  title, description, teams, initiative mode and creatures per team (the map properties of
  docs/mapping.md "Map properties"), a broken map with its first problem;
- `parse_sides(text, teams)`: `--sides human,ai:hard` -> one `Side` per team of the map, in the
  order of its `teams` property; `controllers(sides)` the `Battle`'s team -> "human" | "ai",
  `difficulties(sides)` team -> easy | normal | hard for the computer's sides;
- `parse_seed(text)` / `pick_seed(...)`: the dice seed of a battle (empty: from the clock,
  shown to the players so that the battle can be played again);
- `Setup`: one complete choice (map, sides, initiative, critical rules, rulebook, seed), what
  "Play again" repeats; the rulebook (`RULES`, each with its `RULES_TITLES` name and its
  one-line `RULES_TEXT`, game.rulebooks) is the map's `rules` property unless chosen;
- `battle_summary(battle)`: the result screen's facts computed from `battle.events`: winner,
  rounds, losses and damage dealt per side, and the most dramatic roll.
"""
from __future__ import annotations

import logging
import sys
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

from game import paths
from game.cliargs import program_name
from game.engine import events as E
from game import rulebooks
from game.errors import InputError, printable

MAPS_DIR = paths.shipped_maps_dir()
INITIATIVE_MODES = ("selective", "top-down", "round-by-round")
INITIATIVE_TEXT = {
    "selective": "Whoever ends a turn picks who acts next, from any side.",
    "top-down": "Everyone acts in initiative order, highest first, every round.",
    "round-by-round": "Initiative is rolled again before each round; then the actors pick "
                      "who acts next, as in selective.",
}
CRITICAL_RULES = ("standard", "killer", "perfect", "both")   # game.data.ruleset
CRITICAL_TITLES = {"standard": "Standard criticals", "killer": "Killer Criticals",
                   "perfect": "Perfect Critical", "both": "Killer and Perfect"}
CRITICAL_TEXT = {
    "standard": "Critical hits multiply the weapon's damage.",
    "killer": "A critical hit deals at least 10% of the target's most HP per multiplier step.",
    "perfect": "A natural 20 on the confirmation deals the most damage and may break a bone.",
    "both": "Killer Criticals and Perfect Critical together.",
}
RULES = rulebooks.PLAYABLE                   # the rulebooks a battle can play, lfg first
RULES_TITLES = rulebooks.TITLES
RULES_TEXT = rulebooks.SUMMARIES            # one line each: what the rulebook is like
DIFFICULTIES = ("easy", "normal", "hard")
KINDS = ("human", "ai")
SEED_LIMIT = 2 ** 63
CLOCK_SEEDS = 1_000_000        # a seed from the clock stays short enough to read and type


# ---- maps ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class MapInfo:
    """A playable map as the setup screen lists it."""
    path: Path
    title: str
    description: str
    teams: tuple[str, ...]
    initiative: str
    width: int
    height: int
    orientation: str                          # "pointy-top" | "flat-top"
    creatures: dict = field(default_factory=dict, compare=False)   # team -> count
    error: str = ""                           # a broken map: its first problem
    criticals: str = "standard"               # the map's optional critical rules
    rules: str = rulebooks.DEFAULT            # the map's rulebook (its `rules` property)
    fog: bool = False                         # the map's fog of war (its `fog` property)

    @property
    def name(self) -> str:
        return self.path.stem

    @property
    def playable_rules(self) -> str:
        """The rulebook a battle on the map plays unless another is chosen: the map's own,
        or the default when the map names one that is not playable yet (steller)."""
        return self.rules if self.rules in RULES else rulebooks.DEFAULT


def map_rules(hexmap) -> str:
    """The map's `rules` property (game.tiled.hexmap.RULE_PROFILES), default lfg."""
    return getattr(hexmap, "rules", "") or rulebooks.DEFAULT


def map_teams(hexmap) -> list[str]:
    """The map's `teams` property, else its teams in the order their units appear."""
    return list(hexmap.teams) or list(dict.fromkeys(p.team for p in hexmap.units))


def map_info(hexmap) -> MapInfo:
    teams = map_teams(hexmap)
    creatures = {t: sum(1 for p in hexmap.units if p.team == t) for t in teams}
    axis = getattr(hexmap.layout, "stagger_axis", None) or getattr(hexmap.layout, "axis", "y")
    return MapInfo(Path(hexmap.path), printable(hexmap.title or Path(hexmap.path).stem),
                   hexmap.description or "", tuple(teams), hexmap.initiative or "selective",
                   hexmap.width, hexmap.height,
                   "flat-top" if str(axis) == "x" else "pointy-top", creatures,
                   criticals=getattr(hexmap, "critical_rules", "standard") or "standard",
                   rules=map_rules(hexmap), fog=bool(getattr(hexmap, "fog", False)))


_INFO: dict = {}


MAP_SUFFIXES = (".tmx", ".tmj")  # Tiled's XML and JSON maps


def map_folders(extra=None) -> list[Path]:
    """Where the setup screen looks for maps: the shipped maps, the player's own maps folder
    (game.paths) and `extra` (`play --maps DIR`), each once."""
    from game import paths
    folders = [paths.shipped_maps_dir(), paths.user_maps_dir()]
    folders += [Path(extra)] if extra else []
    unique: dict = {}
    for folder in folders:
        unique.setdefault(folder.resolve(), folder)
    return list(unique.values())


def broken_map(path: Path, err: InputError) -> MapInfo:
    """A map that does not load, listed with its first problem instead of disappearing."""
    return MapInfo(path, f"{path.stem} (broken)", err.line(), (), "selective", 0, 0, "",
                   error=err.line())


def _map_entry(path: Path, load_map) -> MapInfo:
    """The map at `path`, loaded once per version of the file; only a regular file is
    opened (a dangling link or a pipe named like a map is listed broken, never waited on)."""
    from game.files import regular_file_problem
    why = regular_file_problem(path, "map")
    if why:
        return broken_map(path, InputError(path, None, why))
    try:
        key = (path.resolve(), path.stat().st_mtime_ns)
    except OSError as err:
        return broken_map(path, InputError(path, None, f"cannot read the map: {err.strerror}"))
    if key not in _INFO:
        try:
            _INFO[key] = map_info(load_map(path))
        except InputError as err:
            _INFO[key] = broken_map(path, err)
    return _INFO[key]


def list_maps(folders=None) -> list[MapInfo]:
    """The .tmx and .tmj maps of `folders` (one folder or several; default `map_folders()`) by
    title, the broken ones after the others with their first problem; a title that two
    maps share gets the folder's name."""
    from game.tiled.loader import load_map
    if folders is None:
        folders = map_folders()
    elif isinstance(folders, (str, Path)):
        folders = [folders]
    found = []
    for folder in folders:
        found_here = [p for ext in MAP_SUFFIXES for p in Path(folder).glob(f"*{ext}")] \
            if Path(folder).is_dir() else []
        found += [_map_entry(path, load_map) for path in sorted(found_here)]
    found.sort(key=lambda m: (bool(m.error), m.title.lower(), m.name))
    seen: set = set()
    out = []
    for m in found:
        if m.title in seen:
            m = replace(m, title=f"{m.title} ({m.path.parent.name})")
        seen.add(m.title)
        out.append(m)
    return out


# ---- sides -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Side:
    """Who controls a team: a person at this machine, or the computer at a difficulty."""
    team: str
    kind: str = "human"                       # "human" | "ai"
    difficulty: str = "normal"                # the computer's; ignored for a human

    @property
    def human(self) -> bool:
        return self.kind == "human"

    @property
    def spec(self) -> str:
        """As --sides writes it: human, ai (normal) or ai:easy / ai:hard."""
        if self.human:
            return "human"
        return "ai" if self.difficulty == "normal" else f"ai:{self.difficulty}"

    @property
    def label(self) -> str:
        return "Human" if self.human else f"Computer ({self.difficulty})"


def parse_side(text: str, team: str) -> Side:
    """One controller of --sides: human, ai, ai:easy, ai:normal or ai:hard."""
    word = text.strip().lower()
    if word == "human":
        return Side(team, "human")
    kind, _, level = word.partition(":")
    if kind in ("ai", "computer") and (level in DIFFICULTIES or not level):
        return Side(team, "ai", level or "normal")
    raise InputError(None, None, f"--sides: unknown controller {text.strip()!r} for team "
                     f"{team} (use human, ai, ai:easy, ai:normal or ai:hard)")


def parse_sides(text: str | None, teams) -> list[Side]:
    """--sides: one controller per team of the map, in the order of its `teams` property;
    None: the first team human, the others the computer (normal)."""
    teams = list(teams)
    if text is None:
        return default_sides(teams)
    words = [w for w in str(text).split(",")]
    if not teams:
        raise InputError(None, None, "--sides: the map has no teams (give it a `teams` "
                         "property or units with a `team`)")
    if len(words) != len(teams) or not all(w.strip() for w in words):
        example = ",".join(["human"] + ["ai"] * (len(teams) - 1))
        raise InputError(None, None, f"--sides needs one controller per team "
                         f"({', '.join(teams)}), in that order, e.g. --sides {example} "
                         f"(got {text!r})")
    return [parse_side(w, t) for w, t in zip(words, teams)]


def default_sides(teams) -> list[Side]:
    return [Side(t, "human" if n == 0 else "ai") for n, t in enumerate(teams)]


def sides_text(sides) -> str:
    return ",".join(s.spec for s in sides)


def controllers(sides) -> dict[str, str]:
    """The `Battle`'s controllers: team -> "human" | "ai"."""
    return {s.team: s.kind for s in sides}


def difficulties(sides) -> dict[str, str]:
    """team -> easy | normal | hard, for the computer's sides."""
    return {s.team: s.difficulty for s in sides if not s.human}


def human_teams(sides) -> list[str]:
    return [s.team for s in sides if s.human]


# ---- seeds -----------------------------------------------------------------------------------

def parse_seed(text) -> int | None:
    """The seed typed in the setup screen: None when empty (random), else a whole number."""
    if text is None:
        return None
    text = str(text).strip()
    if not text:
        return None
    try:
        seed = int(text)
    except ValueError:
        raise InputError(None, None, f"the seed must be a whole number, or empty for a "
                         f"random one (got {text!r})") from None
    if not 0 <= seed < SEED_LIMIT:
        raise InputError(None, None, f"the seed must be between 0 and {SEED_LIMIT - 1} "
                         f"(got {seed})")
    return seed


def clock_seed(clock=None) -> int:
    """A seed from the clock (short, so that a player can note it down and type it again)."""
    return int((clock or time.time_ns)()) % CLOCK_SEEDS


# ---- one complete setup ------------------------------------------------------------------------

@dataclass(frozen=True)
class Setup:
    """Everything a battle is started from. `seed` None: a new seed from the clock for every
    battle (Play again then draws a new one); a number: that seed, every time."""
    map_path: Path
    sides: tuple[Side, ...]
    initiative: str | None = None             # None: the map's own mode
    seed: int | None = None
    criticals: str | None = None              # None: the map's own critical rules
    rules: str | None = None                  # None: the map's own rulebook
    fog: bool | None = None                   # None: the map's own fog of war

    @property
    def fixed_seed(self) -> bool:
        return self.seed is not None

    def battle_seed(self, clock=None) -> int:
        return self.seed if self.seed is not None else clock_seed(clock)

    def with_sides(self, sides) -> "Setup":
        return replace(self, sides=tuple(sides))

    def command_line(self, seed: int) -> str:
        """The command that plays this battle again, with its seed (a shipped map by name)."""
        path = Path(self.map_path)
        shipped = paths.shipped_map(path.name)
        if shipped is not None and shipped.resolve() == path.resolve():
            shown = path.stem
        else:
            try:
                shown = path.resolve().relative_to(Path.cwd().resolve()).as_posix()
            except ValueError:
                shown = path.as_posix()
        extra = f" --initiative {self.initiative}" if self.initiative else ""
        extra += f" --criticals {self.criticals}" if self.criticals else ""
        extra += f" --rules {self.rules}" if self.rules else ""
        extra += "" if self.fog is None else (" --fog" if self.fog else " --no-fog")
        return (f"{program_name()} play {shown} --sides {sides_text(self.sides)} "
                f"--seed {seed}{extra}")


def setup_for(info: MapInfo, sides: str | None = None, initiative: str | None = None,
              seed: int | None = None, criticals: str | None = None,
              rules: str | None = None, fog: bool | None = None) -> Setup:
    if initiative is not None and initiative not in INITIATIVE_MODES:
        raise InputError(None, None, f"--initiative: unknown mode {initiative!r} (use "
                         f"{', '.join(INITIATIVE_MODES)})")
    if criticals is not None and criticals not in CRITICAL_RULES:
        raise InputError(None, None, f"--criticals: unknown critical rules {criticals!r} "
                         f"(use {', '.join(CRITICAL_RULES)})")
    why = rulebooks.refusal(rules) if rules is not None else None
    if why is not None:
        raise InputError(None, None, f"--rules: {why}")
    return Setup(info.path, tuple(parse_sides(sides, info.teams)), initiative, seed,
                 criticals, rules, fog)


def start_battle(setup: Setup, clock=None, hexmap=None):
    """A new `Battle` for `setup` (the map loaded afresh unless given)."""
    from game.engine.battle import Battle
    if hexmap is None:
        from game.tiled.loader import load_map
        hexmap = load_map(setup.map_path)
    return Battle(hexmap, seed=setup.battle_seed(clock), initiative=setup.initiative,
                  controllers=controllers(setup.sides), criticals=setup.criticals,
                  rules=setup.rules, fog=setup.fog)


# ---- the computer player's debug log --------------------------------------------------------

def enable_ai_debug(stream=None) -> logging.Logger:
    """--ai-debug: every decision of the computer players (logger `game.ai`, DEBUG) on
    stderr."""
    log = logging.getLogger("game.ai")
    log.setLevel(logging.DEBUG)
    if not any(getattr(h, "_hexskirmish_ai_debug", False) for h in log.handlers):
        handler = logging.StreamHandler(stream or sys.stderr)
        handler.setFormatter(logging.Formatter("%(name)s: %(message)s"))
        handler._hexskirmish_ai_debug = True
        log.addHandler(handler)
    return log


# ---- the result ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Dramatic:
    """The most dramatic roll of a battle."""
    round: int
    attacker: str
    target: str
    weapon: str
    amount: int                    # damage of the blow (0 for a roll without damage)
    natural: int
    critical: bool
    felled: bool                   # the target died or fell unconscious from it
    kind: str = "attack"           # attack, aoo, charge, interrupt, power attack
    score: float = 0.0

    @property
    def text(self) -> str:
        what = "critical hit" if self.critical else "hit"
        how = {"aoo": " (attack of opportunity)", "charge": " (charge)",
               "interrupt": " (interrupt)"}.get(self.kind, "")
        end = f", and {self.target} fell" if self.felled else f" on {self.target}"
        weapon = f" with {with_article(self.weapon)}" if self.weapon else ""
        return (f"Round {self.round}: {self.attacker}'s {what}{how}{weapon} (natural "
                f"{self.natural}) dealt {self.amount} damage{end}")


def with_article(noun: str) -> str:
    """"Shortbow" -> "a shortbow", "Axe" -> "an axe" (a name with a capital inside is kept)."""
    word = noun if any(c.isupper() for c in noun[1:]) else noun[:1].lower() + noun[1:]
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


@dataclass(frozen=True)
class Summary:
    """The facts of the result screen (docs/rules/12-winning.md)."""
    winner: str | None             # a team, "draw", or None while the battle goes on
    rounds: int
    losses: dict                   # team -> creatures dead
    damage: dict                   # team -> damage its creatures dealt
    dramatic: Dramatic | None
    teams: tuple[str, ...] = ()
    creatures: dict = field(default_factory=dict)   # team -> creatures at the start
    down: dict = field(default_factory=dict)        # team -> unconscious or dying at the end
    fled: dict = field(default_factory=dict)        # team -> creatures that left the map
    seed: int = 0
    decided_by: str = ""    # the map's objective that decided it, in words ("": the fight)

    def out_text(self, team: str) -> str:
        """'3 of 5 (1 dead, 2 down)': the side's creatures out of the fight (dead, down or
        fled) of those it started with."""
        parts = [(self.losses.get(team, 0), "dead"), (self.down.get(team, 0), "down"),
                 (self.fled.get(team, 0), "fled")]
        out = sum(n for n, _ in parts)
        how = ", ".join(f"{n} {word}" for n, word in parts if n)
        return f"{out} of {self.creatures.get(team, 0)}" + (f" ({how})" if how else "")

    def lines(self) -> list[str]:
        """The summary as plain text (tests, logs)."""
        head = ("Draw" if self.winner == "draw" else
                f"{self.winner.capitalize()} wins" if self.winner else "In progress")
        out = [f"{head} after {self.rounds} round{'s' if self.rounds != 1 else ''}"]
        for t in self.teams:
            out.append(f"{t}: lost {self.losses.get(t, 0)} of {self.creatures.get(t, 0)}, "
                       f"dealt {self.damage.get(t, 0)} damage")
        if self.dramatic is not None:
            out.append(self.dramatic.text)
        return out


_DAMAGE_TAIL = (E.Damaged, E.ConditionAdded, E.ConditionRemoved, E.Died)
_FALLEN = ("unconscious", "dying")


def battle_summary(battle) -> Summary:
    """winner, rounds, losses and damage per side and the most dramatic roll, from
    `battle.events` (a blow counts for the attacker whose roll it follows; bleeding counts
    for nobody)."""
    teams_of = dict(battle.teams_of)
    teams = list(getattr(battle.hexmap, "teams", []) or [])
    teams += [t for t in dict.fromkeys(teams_of.values()) if t not in teams]
    losses = {t: 0 for t in teams}
    damage = {t: 0 for t in teams}
    fled = {t: 0 for t in teams}
    creatures = {t: sum(1 for n in teams_of if teams_of[n] == t) for t in teams}
    rnd = 0
    attack = None                  # the AttackRolled whose damage may follow
    blow = None                    # [attack, amount, felled] of the current attack
    blows = []
    for e in battle.events:
        if isinstance(e, E.RoundStarted):
            rnd = e.round
        if isinstance(e, E.AttackRolled):
            attack = (e, rnd)
            blow = [e, rnd, 0, False]
            blows.append(blow)
            continue
        if not isinstance(e, _DAMAGE_TAIL):
            attack, blow = None, None
        if isinstance(e, E.Damaged):
            by = attack[0].attacker if attack is not None and attack[0].target == e.unit \
                else None
            if by is not None:
                team = teams_of.get(by)
                if team is not None:
                    damage[team] = damage.get(team, 0) + e.amount
                blow[2] += e.amount
        elif isinstance(e, E.Died):
            team = teams_of.get(e.unit)
            if team is not None:
                losses[team] = losses.get(team, 0) + 1
            if blow is not None and blow[0].target == e.unit:
                blow[3] = True
        elif isinstance(e, E.ConditionAdded) and e.condition in _FALLEN:
            if blow is not None and blow[0].target == e.unit:
                blow[3] = True
        elif isinstance(e, E.LeftMap):
            team = teams_of.get(e.unit)
            if team is not None:
                fled[team] = fled.get(team, 0) + 1
    down = {t: 0 for t in teams}
    for name in _down_at_the_end(battle.events):
        team = teams_of.get(name)
        if team is not None:
            down[team] = down.get(team, 0) + 1
    return Summary(battle.winner, battle.round, losses, damage, _most_dramatic(blows),
                   tuple(teams), creatures, down, fled, battle.seed,
                   decided_by(battle.events))


def decided_by(events) -> str:
    """What of the map's objectives ended the battle, in words ("" when the fight did):
    docs/rules/12-winning.md "Objectives"."""
    for e in reversed(events):
        if isinstance(e, E.ObjectiveMet):
            return f"Objective met: {e.objective}"
        if isinstance(e, E.RoundLimitReached):
            return f"The round limit ran out after round {e.round}"
        if isinstance(e, E.ObjectiveFailed):
            return f"{e.team.capitalize()} failed to {e.objective[:1].lower()}{e.objective[1:]}"
        if isinstance(e, E.BattleWon):
            continue
        if not isinstance(e, (E.TurnEnded, E.Damaged, E.ConditionAdded, E.Died)):
            return ""
    return ""


def _down_at_the_end(events) -> set[str]:
    """The creatures left unconscious or dying (alive) after `events`."""
    fallen: dict[str, set] = {}
    for e in events:
        if isinstance(e, E.ConditionAdded) and e.condition in _FALLEN:
            fallen.setdefault(e.unit, set()).add(e.condition)
        elif isinstance(e, E.ConditionRemoved):
            fallen.get(e.unit, set()).discard(e.condition)
        elif isinstance(e, E.Died):
            fallen.pop(e.unit, None)
    return {name for name, conds in fallen.items() if conds}


def _most_dramatic(blows) -> Dramatic | None:
    """A blow that dropped a creature beats one that did not; a critical or a natural 20
    adds to it; then the bigger damage. A roll that dealt no damage is never chosen."""
    best = None
    for a, rnd, amount, felled in blows:
        if amount <= 0:
            continue
        score = amount + (30 if felled else 0) + (12 if a.critical else 0) + \
            (4 if a.natural == 20 else 0)
        if best is None or score > best.score:
            best = Dramatic(rnd, a.attacker, a.target, a.weapon, amount, a.natural,
                            a.critical, felled, a.kind, score)
    return best


__all__ = ["DIFFICULTIES", "Dramatic", "INITIATIVE_MODES", "INITIATIVE_TEXT", "MapInfo", "RULES",
           "RULES_TEXT", "RULES_TITLES", "Setup", "Side", "Summary", "battle_summary",
           "clock_seed", "controllers", "default_sides", "difficulties", "enable_ai_debug",
           "human_teams", "list_maps", "map_info", "map_rules", "map_teams", "parse_seed", "parse_side", "parse_sides", "setup_for",
           "sides_text", "start_battle"]
