"""What the legality query answers in the positions of seeded computer games, recorded so that
a faster query can prove it answers the same (tests/test_legality_golden.py).

    python -m tests.legality_states        (writes tests/data/legality/actions.json)

Each game is played by baseline computer players on a shipped map with one rule profile; at
each turn decision (up to STATES per game) the acting creature's `battle.actions(name)` is
recorded: the enabled actions by name, and a digest of every answer whole (action, enabled,
code, reason and cost words), with its Charge options when the profile has Charge.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from game.ai.games import make_player
from game.engine.battle import Battle
from game.tiled.loader import load_map

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "data" / "legality" / "actions.json"
GAMES = (("battle.tmx", "lfg", 3), ("skirmish.tmx", "lfg", 5), ("melee.tmx", "lfg", 2),
         ("duel.tmx", "lfg", 4), ("keep.tmx", "lfg", 6), ("battle.tmx", "light", 3),
         ("skirmish.tmx", "light", 5), ("melee.tmx", "light", 2))
STATES = 30
COMMAND_CAP = 400


def record_state(battle, name: str) -> dict:
    """The legality answers for `name` now, compact."""
    found = battle.actions(name)
    whole = json.dumps([o.to_dict() for o in found], sort_keys=True)
    state = {"name": name, "enabled": [o.action for o in found if o.enabled],
             "digest": hashlib.sha256(whole.encode()).hexdigest()[:16]}
    if "charge" in battle.profile.action_ids:
        state["charge"] = sorted(f"{o.command.target}@{o.command.to}:{','.join(o.provokes)}"
                                 for o in battle.options(name, "charge"))
    return state


def play_and_record(map_name: str, rules: str, seed: int) -> list[dict]:
    """The recorded states of one seeded game (see the module docstring)."""
    battle = Battle(load_map(ROOT / "maps" / map_name), seed=seed, rules=rules)
    players = {t: make_player("baseline", f"{seed}:{t}") for t in set(battle.teams_of.values())}
    states, commands = [], 0
    try:
        while battle.awaiting() != "over" and len(states) < STATES and commands < COMMAND_CAP:
            kind, who = battle.decider()
            if kind == "turn":
                states.append(record_state(battle, who))
            cmd = players[battle.teams_of[who]].command(battle)
            commands += 1
            if not battle.apply(cmd).ok:
                break
    finally:
        battle.close()
    return states


def game_key(map_name: str, rules: str, seed: int) -> str:
    return f"{map_name}:{rules}:{seed}"


def record_all() -> dict:
    return {game_key(*g): play_and_record(*g) for g in GAMES}


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(record_all(), sort_keys=True) + "\n")
    print(f"wrote {GOLDEN}")
