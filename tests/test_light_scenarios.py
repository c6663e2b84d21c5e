"""Checked-in saves of light battles (tests/scenarios/light_*.json, on light_skirmish.tmx), each
replayed command by command, with what it must show (docs/rules/light/).

The map: Aldric (fighter) and Wren (archer) of blue against Shriek (harpy) and Snit (goblin
minion) of red, all within a few hexes; red respawn points at 7,0 and 7,4. Each save carries
the rules it plays (`"rules": "light"`) and its dice: the first four d20s are the initiative
rolls in the map's order (Aldric, Wren, Shriek, Snit), then one d20 per attack roll.

- light_airborne: Shriek snatches Aldric into the air; Snit Jumps and strikes him there; at the
  start of his turn Aldric falls (Grounded, 5 damage), Gets Up and strikes back.
- light_ko_respawn: Aldric knocks Snit out with a Heavy Attack; at the start of its turn Snit
  comes back on the red respawn point nearest to where it fell, a life fewer.
- light_dash_attack: Wren shoots Shriek, dashes two hexes and, now 2 hexes from it, shoots again.

The game's save reader does not know the light commands or the `rules` field yet, so the saves
are replayed here from their own fields (map, seed, rules, dice, commands) and the final state
hash is compared with the saved one. After a change of the rules, record the hashes again
(from the repository's root):
`python -c "import sys; sys.path[:0] = ['tests']; import test_light_scenarios as t; t.record()"`
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine import events as E
from game.engine.battle import Battle
from game.engine.savefile import locate_map
from game.tiled.loader import load_map

SCENARIOS = Path(__file__).resolve().parent / "scenarios"
SAVES = ("light_airborne", "light_ko_respawn", "light_dash_attack")


def light_command(battle: Battle, raw: dict):
    """A command of the save, as the battle's rules know it (lists become tuples)."""
    cls = battle.profile.command_types[raw["type"]]
    fields = {k: tuple(tuple(v) if isinstance(v, list) else v for v in value)
              if isinstance(value, list) else value for k, value in raw.items() if k != "type"}
    return cls(**fields)


def replay(name: str) -> tuple[Battle, dict, list[list]]:
    """The save's battle, every command applied again; the events of each command."""
    path = SCENARIOS / f"{name}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    battle = Battle(load_map(locate_map(path, data["map"])), seed=data["seed"],
                    rules=data["rules"], initiative=data.get("initiative"),
                    controllers=data.get("controllers") or {},
                    fixed_dice=[(d["die"], d["value"]) for d in data.get("dice", [])])
    events = []
    for n, raw in enumerate(data["commands"]):
        out = battle.apply(light_command(battle, raw))
        assert out.ok, f"{name}: command {n} refused: {out.reason} [{out.code}]"
        events.append(out.events)
    return battle, data, events


def record() -> None:
    """Write each save's final state hash again (after a deliberate change of the rules)."""
    for name in SAVES:
        battle, data, _ = replay(name)
        data["state_hash"] = battle.state_hash()
        (SCENARIOS / f"{name}.json").write_text(json.dumps(data, indent=1) + "\n",
                                                encoding="utf-8")


def checked(name: str) -> tuple[Battle, list[list]]:
    """Replay `name`: it plays the light rules, uses all its dice and ends where it was saved."""
    battle, data, events = replay(name)
    assert data["rules"] == "light" == battle.profile.name
    assert battle.dice.fixed_used == len(battle.dice.fixed)
    assert battle.state_hash() == data["state_hash"], f"{name}: the replay ends elsewhere"
    return battle, events


def test_a_jumper_strikes_an_airborne_creature_that_then_falls():
    """"Airborne: You are in the air. You cannot be attacked unless a power states it or the
    attacker is jumping. On your turn you fall and become Grounded, taking 5 falling damage." """
    battle, events = checked("light_airborne")
    snatch, _, jump, strike, fall, get_up, _, _ = events
    assert E.ConditionAdded("Aldric", "airborne", 1) in snatch
    assert E.ConditionAdded("Snit", "jumped", 1) in jump
    rolled = [e for e in strike if isinstance(e, E.AttackRolled)]
    assert [(e.attacker, e.target, e.hit, e.kind) for e in rolled] == [
        ("Snit", "Aldric", True, "light")]
    landing = [e for e in fall if getattr(e, "unit", "") == "Aldric"]
    assert landing[:4] == [E.TurnStarted("Aldric", 1), E.ConditionRemoved("Aldric", "airborne"),
                           E.ConditionAdded("Aldric", "grounded", 1),
                           E.Damaged("Aldric", 5, landing[3].hp, "", "falling")]
    assert E.ConditionRemoved("Aldric", "grounded") in get_up
    assert battle.conditions("Aldric").active == {}


def test_a_knocked_out_creature_comes_back_on_a_respawn_point_of_its_side():
    """"K.O.’d: You are at 0 HP. Once you have been K.O.’d you disappear from the battlefield,
    respawn in your designated respawn point, and lose a life." """
    battle, events = checked("light_ko_respawn")
    blow, back = events[0], events[1]
    assert [e for e in blow if isinstance(e, E.KnockedOut)] == [
        E.KnockedOut("Snit", (2, 1), "Aldric", 2)]
    assert back.index(E.Respawned("Snit", (7, 0), 2)) < back.index(E.TurnStarted("Snit", 1))
    snit = battle.unit("Snit")
    assert battle.cell(snit.anchor) == (7, 0) and snit.hp == snit.max_hp
    assert battle.round == 2 and battle.active == "Aldric"


def test_a_dash_attack_ending_within_two_hexes_makes_another_attack():
    """"Dash Attack: Make a basic ranged attack, and move twice your Shift score in any
    direction. If this movement puts you within 10 feet of your target, make a Basic
    Attack." """
    battle, events = checked("light_dash_attack")
    dash = events[0]
    shown = [(type(e).__name__, getattr(e, "kind", "")) for e in dash
             if isinstance(e, (E.AttackRolled, E.Moved))]
    assert shown == [("AttackRolled", "dash"), ("Moved", "dash"), ("AttackRolled", "chain")]
    moved = next(e for e in dash if isinstance(e, E.Moved))
    assert (moved.start, moved.end, moved.path) == ((0, 2), (1, 3), ((0, 3), (1, 3)))
    assert all(e.hit for e in dash if isinstance(e, E.AttackRolled))
    assert battle.health("Shriek").hp == battle.health("Shriek").max_hp - 2 * (6 + 4 - 1)


@pytest.mark.parametrize("name", ["light_airborne", "light_dash_attack", "light_ko_respawn"])
def test_a_light_save_replays_from_the_command_line(name):
    """The saves name their rules; `python -m game replay SAVE --verify` reads them with the
    light rules' commands and reaches the recorded state hash."""
    done = subprocess.run([sys.executable, "-m", "game", "replay",
                           str(SCENARIOS / f"{name}.json"), "--verify"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "state hash verified" in done.stdout
