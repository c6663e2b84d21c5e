"""Determinism, replays and a random-command fuzzer (docs/architecture.md "State and flow": the command log
plus the seed replays a battle; docs/rules/03-movement.md, 4, 9-12 invariants).

The fuzzer plays the shipped maps with thousands of commands: legal ones generated from the
rules' own option lists (reachable hexes, 5-Foot Steps, Runs, Charges, Retreats, targets in
reach, choices, reactions) and random garbage. After every command it checks: no exception,
no overlapping footprints among living creatures, HP never above max, budgets never negative,
dead creatures never act, a refused command changes nothing.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine import commands as C
from game.engine import events as E
from game.engine import turns
from game.engine.battle import Battle
from game.engine.dice import Dice
from game.engine.replay import load_replay, save_battle
from game.report import run_replay
from game.errors import InputError
from game.hexgrid import hex_distance
from game.rules import movement as rm
from game.rules.situation import best_attack
from tests.helpers import loaded_map

REPO = Path(__file__).resolve().parent.parent
MAPS = [REPO / "maps" / m for m in ("duel.tmx", "skirmish.tmx", "battle.tmx")]
shipped = loaded_map


class Choices:
    """The fuzzer's choices, drawn from a `Dice` of its own (only game/engine/dice.py uses
    `random`)."""

    def __init__(self, seed):
        self.dice = Dice(f"fuzz-{seed}")

    def random(self) -> float:
        return (self.dice.d(1 << 20) - 1) / (1 << 20)

    def randrange(self, lo: int, hi: int) -> int:
        return lo + self.dice.d(hi - lo) - 1

    def choice(self, seq):
        seq = list(seq)
        return seq[self.dice.d(len(seq)) - 1]


# ---- generating commands ---------------------------------------------------------------------

def cells(b, states):
    return tuple(b.cell(h) for h, _ in states)


def legal_commands(b: Battle, rng: Choices) -> list:
    """Commands built from the rules' option lists (most legal, some refused). One kind of
    action is drawn first, so that only its option list is computed."""
    state = b.awaiting()
    if state == "reaction":
        return [C.React(b.pending.reactor, rng.random() < 0.7)]
    if state == "choice":
        return [C.ChooseNext(b.chooser, n) for n in turns.candidates(b)]
    if state != "turn":
        return []
    view = b.view()
    u = view.unit(b.active)
    kind = rng.choice(("move", "move", "attack", "attack", "attack", "step", "run", "charge",
                       "retreat", "other", "end"))
    out = [C.EndTurn(u.name)]
    if kind == "move":
        budget = b.budget(u.name)
        reach = rm.reachable(view, u, rm.movement_budget(budget.movement, budget.big, rm.speed_hexes(u)))
        enemies = view.enemies_of(u)
        ends = sorted((h for h in reach if h != u.anchor), key=lambda h: min(
            (hex_distance(h, e.anchor) for e in enemies), default=0))[:8]
        if ends:
            path = reach.path(rng.choice(ends))
            if path and path.states:
                out.append(C.Move(u.name, cells(b, path.states),
                                  tuple(f for _, f in path.states),
                                  confirm=rng.random() < 0.8))
    elif kind == "step":
        steps = list(rm.five_foot_step_targets(view, u))
        if steps:
            out.append(C.Step(u.name, b.cell(rng.choice(steps))))
    elif kind == "run":
        runs = list(rm.run_targets(view, u))
        if runs:
            out.append(C.Run(u.name, b.cell(rng.choice(runs)), confirm=True))
    elif kind == "retreat":
        retreat = rm.retreat_targets(view, u)
        far = [h for h in retreat if h != u.anchor]
        if far:
            path = retreat.path(rng.choice(far))
            if path and path.states:
                out.append(C.Retreat(u.name, cells(b, path.states), confirm=True))
    elif kind in ("attack", "charge"):
        enemies = sorted(view.enemies_of(u), key=lambda e: hex_distance(e.anchor, u.anchor))
        for e in enemies[:2]:
            if kind == "charge":
                out += [C.Charge(u.name, b.cell(p.end), e.name, confirm=True)
                        for p in rm.charge_paths(view, u, e)[:1]]
                continue
            best = best_attack(view, u, e)
            if best is not None:
                out += [C.Attack(u.name, e.name, best.weapon.id, confirm=True)] * 3
                out.append(C.PowerAttack(u.name, e.name))
                out.append(C.CoupDeGrace(u.name, e.name, confirm=True))
    elif kind == "other":
        out += [C.Aim(u.name, confirm=True), C.FightDefensively(u.name), C.DropProne(u.name),
                C.StandUp(u.name, confirm=True), C.LeaveMap(u.name),
                C.PrepareInterrupt(u.name, rng.choice(("enters_reach", "attacks",
                                                       "comes_into_sight")))]
    if len(out) > 1 and kind != "end":
        out = out[1:]
    return out


def garbage(b: Battle, rng: Choices):
    names = list(b.eids) + list(b.left) + ["Nobody", "", 7, None]
    name = rng.choice(names)
    other = rng.choice(names)
    cell = rng.choice([(rng.randrange(-2, 40), rng.randrange(-2, 30)), (1,), "x", None,
                       (True, 2), [3, 4]])
    kind = rng.choice(list(C.COMMAND_TYPES.values()))
    options = {
        C.Move: lambda: C.Move(name, tuple(cell if rng.random() < .5 else (3, 3)
                                           for _ in range(rng.randrange(0, 4)))),
        C.Step: lambda: C.Step(name, cell), C.Run: lambda: C.Run(name, cell),
        C.Charge: lambda: C.Charge(name, cell, other),
        C.Retreat: lambda: C.Retreat(name, (cell,)),
        C.Attack: lambda: C.Attack(name, other, rng.choice([None, "bow", "dagger", 3])),
        C.ChooseNext: lambda: C.ChooseNext(name, other),
        C.React: lambda: C.React(name, rng.choice([True, False, "yes"])),
        C.PrepareInterrupt: lambda: C.PrepareInterrupt(name, rng.choice(["now", "attacks"])),
        C.SetPolicy: lambda: C.SetPolicy(name, rng.choice(["always", "never", "ask", "x"])),
        C.StandUp: lambda: C.StandUp(name, True, cell),
        C.PowerAttack: lambda: C.PowerAttack(name, other),
        C.CoupDeGrace: lambda: C.CoupDeGrace(name, other, True),
    }
    return options.get(kind, lambda: kind(name))()


# ---- invariants ------------------------------------------------------------------------------

ACTOR_FIELDS = {E.TurnStarted: "unit", E.Moved: "unit", E.ActionSpent: "unit",
                E.AttackRolled: "attacker"}


def check_invariants(b: Battle, dead_before: set, events) -> None:
    """docs/rules/03-movement.md (no two living creatures in one hex, but a mover paused while it passes an
    ally), docs/rules/09-turns-and-actions.md (budgets), docs/rules/11-hit-points-and-conditions.md (HP), dead creatures never act."""
    view = b.view()
    taken: dict = {}
    passing = {b.pending.mover} if b.pending else set()
    passing |= {name for name, _ in b.suspended}    # interrupted while passing an ally
    for u in view.units:
        assert u.hp <= u.max_hp, f"{u.name} HP {u.hp} above max {u.max_hp}"
        budget = b.budget(u.name)
        assert budget.big >= 0 and budget.little >= 0 and budget.movement >= 0, \
            f"{u.name} budget negative: {budget}"
        reactions = b.reactions(u.name)
        assert reactions.available >= 0
        if u.dead or u.size == "tiny" or u.name in passing:
            continue
        for h in u.hexes:
            assert h not in taken, f"{u.name} and {taken[h]} overlap at {b.cell(h)}"
            taken[h] = u.name
    for e in events:
        field = ACTOR_FIELDS.get(type(e))
        if field:
            assert getattr(e, field) not in dead_before, f"a dead creature acted: {e}"
    if b.active is not None:
        assert turns.able(b, b.active)


def fuzz(path, seed: int, commands: int, human: bool = False) -> Battle:
    rng = Choices(seed)
    controllers = {"blue": "human"} if human else None
    b = Battle(shipped(path), seed=seed, controllers=controllers)
    for _ in range(commands):
        if b.awaiting() == "over":
            break
        options = legal_commands(b, rng)
        cmd = rng.choice(options) if options and rng.random() < 0.85 else garbage(b, rng)
        # the state is hashed only before a command the legality query refuses: one it
        # accepts must be applied (the query and `apply` never disagree)
        refused = b.refusal(cmd) is not None
        before = b.state_hash() if refused else None
        dead = {u.name for u in b.view().units if u.dead}
        outcome = b.apply(cmd)
        if not outcome.ok:
            assert refused, f"the legality query accepted {cmd}, which apply refused"
            assert b.state_hash() == before, f"refused {cmd} changed the state"
            assert outcome.reason and not outcome.events
        else:
            assert not refused, f"the legality query refused {cmd}, which apply accepted"
        check_invariants(b, dead, outcome.events)
    return b


@pytest.mark.parametrize("commands", [pytest.param(250, id="plain"),
                                      pytest.param(500, id="long", marks=pytest.mark.slow)])
@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_fuzz_shipped_maps_never_raise_and_keep_invariants(path, commands):
    """`commands` per seed and map (two seeds, one with a human side answering `ask`
    reactions); the long run marked slow plays on from where the plain run stops (same seeds)."""
    for seed in (1, 2):
        fuzz(path, seed, commands, human=seed == 2)


def test_fuzzed_battle_replays_to_the_same_state_hash(tmp_path):
    b = fuzz(MAPS[0], 7, 300, human=True)
    save = tmp_path / "fuzz.json"
    save_battle(b, save)
    again = load_replay(save)
    assert again.state_hash() == b.state_hash()
    assert run_replay(save, verify=True) == 0


# ---- determinism -----------------------------------------------------------------------------

def play(path, seed: int, log=None, steps: int = 120):
    """Play with a fixed command policy (or replay `log`); returns (battle, log)."""
    b = Battle(shipped(path), seed=seed)
    if log is not None:
        for cmd in log:
            assert b.apply(cmd).ok
        return b, log
    rng = Choices(99)
    for _ in range(steps):
        options = legal_commands(b, rng)
        if not options:
            break
        b.apply(rng.choice(options))
    return b, list(b.log)


def test_same_log_and_seed_give_the_same_state_hash():
    b1, log = play(MAPS[1], 5)
    assert len(log) > 20
    b2, _ = play(MAPS[1], 5, log)
    assert b1.state_hash() == b2.state_hash()
    assert b1.state()["dice"] == b2.state()["dice"]


def test_a_different_seed_gives_a_different_state_hash():
    _, log = play(MAPS[1], 5)
    a = Battle(shipped(MAPS[1]), seed=5)
    c = Battle(shipped(MAPS[1]), seed=6)
    assert a.state_hash() != c.state_hash()
    for cmd in log[:3]:
        a.apply(cmd)
        c.apply(cmd)
    assert a.state_hash() != c.state_hash()


def test_state_hash_includes_the_dice_state_not_just_the_count():
    a = Battle(shipped(MAPS[0]), seed=3)
    c = Battle(shipped(MAPS[0]), seed=3)
    c.dice.set_state(Battle(shipped(MAPS[0]), seed=4).dice.state())
    c.dice.rolls = a.dice.rolls
    assert a.state_hash() != c.state_hash()


# ---- save files ------------------------------------------------------------------------------

def test_save_and_load_replay_round_trip(tmp_path):
    b, _ = play(MAPS[0], 11, steps=60)
    save = tmp_path / "game.json"
    save_battle(b, save)
    data = json.loads(save.read_text())
    assert data["version"] == 1 and data["seed"] == 11
    assert data["state_hash"] == b.state_hash()
    assert len(data["commands"]) == len(b.log)
    assert load_replay(save).state_hash() == b.state_hash()


def test_replay_verify_exit_codes(tmp_path, capsys):
    b, _ = play(MAPS[0], 11, steps=30)
    save = tmp_path / "game.json"
    save_battle(b, save)
    assert run_replay(save, verify=True) == 0
    data = json.loads(save.read_text())
    data["state_hash"] = "0" * 64
    save.write_text(json.dumps(data))
    assert run_replay(save, verify=True) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "state hash" in err


@pytest.mark.parametrize("content,message", [
    ("not json", "not a JSON"),
    ("[]", "JSON object"),
    ('{"version": 1}', "missing"),
    ('{"version": 2, "map": "x.tmx", "seed": 0, "commands": [], "state_hash": ""}', "version"),
    ('{"version": 1, "map": "nowhere.tmx", "seed": 0, "commands": [], "state_hash": ""}',
     "nowhere.tmx"),
])
def test_bad_save_files_are_one_line_errors(tmp_path, content, message):
    save = tmp_path / "bad.json"
    save.write_text(content)
    with pytest.raises(InputError) as err:
        load_replay(save)
    assert message in err.value.line() and "\n" not in err.value.line()


def test_a_command_the_engine_refuses_is_a_corrupt_save(tmp_path):
    b, _ = play(MAPS[0], 11, steps=10)
    save = tmp_path / "game.json"
    save_battle(b, save)
    data = json.loads(save.read_text())
    data["commands"].insert(2, {"type": "Attack", "unit": "Nobody", "target": "Grik"})
    save.write_text(json.dumps(data))
    with pytest.raises(InputError) as err:
        load_replay(save)
    assert "command 2" in err.value.line() and str(save) in err.value.line()


def test_cli_replay_verify_and_bad_file(tmp_path):
    b, _ = play(MAPS[0], 11, steps=20)
    save = tmp_path / "game.json"
    save_battle(b, save)
    ok = subprocess.run([sys.executable, "-m", "game", "replay", str(save), "--verify"],
                        cwd=REPO, capture_output=True, text=True)
    assert ok.returncode == 0, ok.stderr
    assert "commands" in ok.stdout
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    out = subprocess.run([sys.executable, "-m", "game", "replay", str(bad)], cwd=REPO,
                         capture_output=True, text=True)
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr


def test_a_command_of_unknown_type_in_a_save_is_one_line(tmp_path):
    b, _ = play(MAPS[0], 11, steps=5)
    save = tmp_path / "game.json"
    save_battle(b, save)
    data = json.loads(save.read_text())
    data["commands"].append({"type": "Teleport", "unit": "Wren"})
    save.write_text(json.dumps(data))
    with pytest.raises(InputError) as err:
        load_replay(save)
    line = err.value.line()
    assert line.startswith(str(save)) and "command" in line and "Teleport" in line
