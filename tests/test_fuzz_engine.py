"""The engine never raises for a command, whoever built it (docs/security.md "Commands").

Seeded battles on several shipped maps, under both rule profiles, are played with the legality
query's own commands (an enabled action drawn at random, then one of its options) mixed with
garbage: fields of the wrong type, hexes off the map, creatures that are not there, the fields
of one command class poured into another, a command of the other rulebook. At every step:
`actions()` and `forecast()` answer without raising; `apply()` applies or refuses, and a refusal
changes nothing; after every applied command no two creatures stand stopped in one hex (a tiny
creature may share, a mover paused on its way may pass: docs/rules/11-hit-points-and-conditions.md
"Sharing a space") and hit points stay within bounds. Each battle's save replays in a fresh
battle to the same state hash.

The plain run plays the first STEPS commands of each battle; the run marked slow plays the
same battles (same seeds, so the plain run's commands first) LONG_STEPS commands long.
`HEXSKIRMISH_FUZZ_STEPS=2000` plays longer battles in both and `HEXSKIRMISH_FUZZ_BATTLES=20`
more of them (other seeds).
"""
from __future__ import annotations

import math
import os
from dataclasses import fields

import pytest

from game import paths
from game.engine import commands as C
from game.engine import turns
from game.engine.battle import Battle
from game.engine.light import commands as L
from game.engine.replay import load_replay, save_battle
from game.tiled.loader import load_map
from test_engine_replay_fuzz import Choices

STEPS = int(os.environ.get("HEXSKIRMISH_FUZZ_STEPS", "35"))
LONG_STEPS = max(STEPS, 140)
ROUNDS = int(os.environ.get("HEXSKIRMISH_FUZZ_BATTLES", "1"))   # battles per map and rulebook
GARBAGE_SHARE = 0.3
BATTLES = [("duel", "lfg", 1), ("skirmish", "lfg", 2), ("keep", "lfg", 3),
           ("shrine", "lfg", 4), ("bridge", "lfg", 5), ("duel", "light", 6),
           ("skirmish", "light", 7), ("keep", "light", 8)]
WRONG_VALUES = ("x", "", 1.5, True, False, [1, 2], None, 10 ** 40, -10 ** 12, math.nan,
                math.inf, {"a": 1}, (1,), ("a", "b"), (1.0, 2.0), ((1, 2), "x"), -1, 7)
ODD_CELLS = ((-1, 0), (0, -3), (999, 999), (10 ** 9, 0), (40, 2), (0, 0))
ODD_NAMES = ("Nobody", "", " ", "nobody", "x" * 200)
_MAPS: dict = {}


def shipped(name: str):
    if name not in _MAPS:
        _MAPS[name] = load_map(paths.resolve_map(name))
    return _MAPS[name]


# ---- commands ----------------------------------------------------------------------------------

def legal_command(b: Battle, rng: Choices):
    """A command from the legality query of whoever must decide now (None: none found)."""
    state, who = b.decider()
    if state == "reaction" and b.pending.kind == "aoo":
        return C.React(who, rng.random() < 0.7)
    if state == "choice":
        return C.ChooseNext(who, rng.choice(turns.candidates(b)))
    enabled = [a.action for a in b.actions(who) if a.enabled]
    for action in sorted(enabled, key=lambda _: rng.random())[:3]:
        options = b.options(who, action)
        if options:
            return rng.choice(options).command
    return None


def _odd_value(f, rng: Choices):
    """A value that is wrong for the field `f`, or a right type aimed at nothing."""
    pick = rng.random()
    if pick < 0.5:
        return rng.choice(WRONG_VALUES)
    if f.name in ("unit", "target", "ally", "next"):
        return rng.choice(ODD_NAMES)
    if "path" in f.name or f.name in ("wall", "facings"):
        return tuple(rng.choice(ODD_CELLS) for _ in range(rng.randrange(0, 4)))
    return rng.choice(ODD_CELLS)


def garbage(b: Battle, rng: Choices, near) -> C.Command:
    """One command no player should send (see the module docstring)."""
    types = list(b.profile.command_types.values())
    cls = rng.choice(types)
    names = list(b.eids) + list(b.left) + list(ODD_NAMES[:2])
    kind = rng.randrange(0, 4)
    if kind == 0 and near is not None:          # the fields of another command's class
        given = {f.name: getattr(near, f.name) for f in fields(near)}
        return cls(**{f.name: given[f.name] for f in fields(cls) if f.name in given})
    if kind == 1:                               # a command of the other rulebook
        other = list(L.__dict__.values()) if b.profile.name == "lfg" else [C.Move, C.Attack]
        cls = rng.choice([c for c in other if isinstance(c, type) and
                          issubclass(c, C.Command) and c not in types] or [C.Move])
    unit = rng.choice(names)
    values = {"unit": unit}
    for f in fields(cls)[1:]:
        if rng.random() < 0.6:
            values[f.name] = _odd_value(f, rng)
        elif f.name in ("target", "ally", "next"):
            values[f.name] = rng.choice(names)
    if rng.random() < 0.3:
        values["unit"] = _odd_value(fields(cls)[0], rng)
    return cls(**values)


# ---- invariants --------------------------------------------------------------------------------

def check_invariants(b: Battle) -> None:
    view = b.view()
    passing = {b.pending.mover} if b.pending else set()
    passing |= {name for name, _ in b.suspended}       # interrupted while passing an ally
    taken: dict = {}
    for u in view.units:
        assert u.hp <= u.max_hp, f"{u.name} HP {u.hp} above its maximum {u.max_hp}"
        assert isinstance(u.hp, int), f"{u.name} HP {u.hp!r}"
        if u.dead or u.size == "tiny" or u.name in passing:
            continue
        for h in u.hexes:
            assert h not in taken, f"{u.name} and {taken[h]} both stopped at {b.cell(h)}"
            taken[h] = u.name


def step(b: Battle, rng: Choices) -> None:
    """One command, legal or garbage, with the forecast asked first."""
    cmd = legal_command(b, rng)
    if cmd is None or rng.random() < GARBAGE_SHARE:
        cmd = garbage(b, rng, cmd)
    b.forecast(cmd)
    before = b.state_hash()
    out = b.apply(cmd)
    if not out.ok:
        assert out.code and out.reason, f"{cmd}: a refusal without its code or reason"
        assert b.state_hash() == before and not out.events, f"refused {cmd} changed the battle"
    else:
        check_invariants(b)


def play(name: str, rules: str, seed: int, steps: int) -> Battle:
    controllers = {"blue": "human"} if seed % 2 else None
    b = Battle(shipped(name), seed=seed, controllers=controllers, rules=rules)
    rng = Choices(f"{name}-{rules}-{seed}")
    for _ in range(steps):
        if b.awaiting() == "over":
            break
        step(b, rng)
    return b


@pytest.mark.parametrize("steps", [pytest.param(STEPS, id="plain"),
                                   pytest.param(LONG_STEPS, id="long", marks=pytest.mark.slow)])
@pytest.mark.parametrize("name,rules,seed", BATTLES, ids=[f"{n}-{r}" for n, r, _ in BATTLES])
def test_the_engine_never_raises_and_keeps_its_invariants(tmp_path, name, rules, seed, steps):
    for n in range(ROUNDS):
        b = play(name, rules, seed + 100 * n, steps)
        assert b.log, "the fuzzer applied no command"
        save = tmp_path / f"fuzz-{n}.json"
        save_battle(b, save)
        assert load_replay(save).state_hash() == b.state_hash(), f"seed {seed + 100 * n}"
