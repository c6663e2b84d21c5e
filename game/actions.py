"""`python -m game actions MAP_OR_SAVE NAME [--json]`: what a creature may do now (the engine's
legality query, game/engine/legality.py).

For a map: the battle as it starts (with `--seed`, default 0, and `--rules`, default the
map's); for a save: the saved battle's current state, with its own rules. Every answer comes from `battle.actions(name)`, so the command shows exactly
what the engine would accept and why it refuses the rest; nothing here re-derives legality.
`--json` prints `[{"action", "enabled", "code", "reason"}, ...]`; the actions are those of the
battle's rulebook (`RuleProfile.action_ids`: light has shift, walk, run, light_attack, ...).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from game import paths
from game.cliargs import creature_name
from game.errors import InputError, printable


def load_battle(arg: str, seed: int = 0, rules: str | None = None):
    """The battle of a save file (a .json file, with the save's rules: `rules`, when given,
    must be them) or the first turn of a map (path or shipped map name) with `rules` (None:
    the map's own)."""
    is_map = arg.lower().endswith((".tmx", ".tmj"))
    if arg.lower().endswith(".json") or (Path(arg).is_file() and not is_map):
        from game.engine.replay import load_replay
        return load_replay(arg, rules=rules)
    from game.engine.battle import Battle
    from game.tiled.loader import load_map
    return Battle(load_map(paths.resolve_map(arg)), seed=seed, rules=rules)


def action_facts(battle, name: str) -> list[dict]:
    name = creature_name(name, battle.eids, battle.hexmap.path)
    if not hasattr(battle, "actions"):
        raise InputError(None, None, "this version of the game has no legality query "
                         "(Battle.actions)")
    return [{"action": o.action, "enabled": bool(o.enabled), "code": o.code,
             "reason": o.reason} for o in battle.actions(name)]


def print_facts(name: str, facts: list[dict], out) -> None:
    print(f"{printable(name)}:", file=out)
    for f in facts:          # a reason may name a team of the map: escaped (docs/security.md)
        why = "" if f["enabled"] else f"  {printable(f['reason'])} [{f['code']}]"
        print(f"  {f['action']:<18}{'yes' if f['enabled'] else 'no':<4}{why}".rstrip(), file=out)


def run_actions(arg: str, name: str, as_json: bool = False, seed: int = 0, out=None,
                rules: str | None = None) -> int:
    out = out or sys.stdout
    battle = load_battle(arg, seed, rules)
    try:
        name = creature_name(name, battle.eids, battle.hexmap.path)
        facts = action_facts(battle, name)
    finally:
        battle.close()
    if as_json:
        json.dump(facts, out)
        out.write("\n")
    else:
        print_facts(name, facts, out)
    return 0


__all__ = ["action_facts", "load_battle", "run_actions"]
