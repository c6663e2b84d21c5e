"""The engine takes no command on trust (docs/security.md "Commands"): a well-typed command is
applied or refused, never an exception; a wrong-typed one is refused where it enters the engine,
naming the field, by the same check the save loader makes; and no path jumps down a ledge into
an occupied hex (docs/rules/21-terrain-and-falling.md "Ledges and cliffs").

The ledge maps are written into tmp_path with the self-contained tileset of test_tiled_loader,
its last tile made a cliff (elevation 2, climb DC 15) and its fog tile deep water.
"""
from __future__ import annotations

import math

import pytest

from game import paths
from game.engine import commands as C
from game.engine import events as E
from game.engine.battle import Battle
from game.engine.command_fields import field_refusal
from game.engine.light import commands as L
from game.engine.savefile import parse_command
from game.errors import InputError
from game.tiled.loader import load_map
from test_engine_turns import FIRST, LAST, arena, ok, refused
from test_tiled_loader import GRASS, center, map_xml, object_layer, tile_layer, tileset_xml, unit
from test_tiled_loader import png_bytes

CLIFF, DEEP = 12, 8          # the GIDs of the test tileset's last tile and its fog tile


# ---- 1. the legality query never raises --------------------------------------------------------

def fists_against_an_orc() -> Battle:
    """A fighter that sheathed its weapons, on its next turn, next to an orc that can react."""
    b = arena(("A", "fighter", "blue", 2, 2, {"initiative": FIRST}),
              ("O", "orc", "red", 3, 2, {"initiative": LAST}))
    for w in list(b.unit("A").weapons):
        ok(b, C.SheatheWeapon("A", w.id, confirm=True))
    ok(b, C.EndTurn("A"))
    ok(b, C.EndTurn("O"))
    ok(b, C.ChooseNext(b.chooser, "A"))
    assert b.active == "A" and b.reactions("O").available == 1
    return b


def test_an_unarmed_power_attack_that_provokes_is_offered_confirmed():
    """An unarmed Power Attack provokes like an unarmed Attack: the legality query offers it
    confirmed (it used to raise building the confirmed command), and apply takes it."""
    b = fists_against_an_orc()
    power = next(a for a in b.actions("A") if a.action == "power_attack")
    assert power.enabled, power.reason
    [option] = b.options("A", "power_attack")
    assert option.command == C.PowerAttack("A", "O", "unarmed", confirm=True)
    assert option.provokes == ("O",)
    assert b.refusal(C.PowerAttack("A", "O", "unarmed")).code == "provokes"
    events = ok(b, option.command)
    assert any(isinstance(e, E.Provoked) and e.by == "O" for e in events)


# ---- 2. forecast of a refused command is its refusal -------------------------------------------

def duel_turn() -> tuple[Battle, str, str]:
    b = arena(("A", "fighter", "blue", 2, 2, {"initiative": FIRST}),
              ("O", "orc", "red", 5, 2, {"initiative": LAST}))
    return b, "A", "O"


REFUSED_FORECASTS = {
    "take cover behind no wall": lambda me, foe: C.TakeCover(me, (3, 2)),
    "smash no door": lambda me, foe: C.Smash(me, (3, 2)),
    "force open no door": lambda me, foe: C.ForceOpen(me, (3, 2)),
    "open no door": lambda me, foe: C.OpenDoor(me, (3, 2)),
    "escape no grapple": lambda me, foe: C.Escape(me),
    "pin no grapple": lambda me, foe: C.Pin(me, foe),
    "unknown ability": lambda me, foe: C.UseAbility(me, "no_such_ability", origin=(3, 2)),
    "off-hand without a second weapon": lambda me, foe: C.OffHandAttack(me, foe),
    "a step off the map": lambda me, foe: C.Step(me, (40, 40)),
    "a volley at a hex off the map": lambda me, foe: C.Volley(me, at=(40, 40)),
    "another creature's turn": lambda me, foe: C.Attack(foe, me),
    "an unknown creature": lambda me, foe: C.Attack("Nobody", foe),
}


@pytest.mark.parametrize("case", sorted(REFUSED_FORECASTS))
def test_the_forecast_of_a_refused_command_is_its_refusal(case):
    """docs/architecture.md "Commands and events": forecast never rolls and never raises; for a
    command the battle would refuse it answers that refusal (chance 0, the reason, the code)."""
    b, me, foe = duel_turn()
    cmd = REFUSED_FORECASTS[case](me, foe)
    why = b.refusal(cmd)
    assert why is not None
    before = b.state_hash()
    forecast = b.forecast(cmd)
    assert (forecast.refused, forecast.chance, forecast.lines) == (why.code, 0.0, (why.reason,))
    assert forecast.to_dict()["refused"] == why.code
    assert b.state_hash() == before


def test_the_light_forecast_of_a_refused_command_is_its_refusal_too():
    b = light_duel()
    me = b.active
    foe = next(n for n, t in b.teams_of.items() if t != b.teams_of[me])
    for cmd in (L.LightAttack(foe, me), L.UsePower(me, "no_such_power", target=foe),
                L.Walk(me, ((40, 40),))):
        why = b.refusal(cmd)
        assert why is not None and b.forecast(cmd).refused == why.code


# ---- 3. and 4. wrong-typed fields are refused at the entry, naming the field --------------------

def light_duel() -> Battle:
    return Battle(load_map(paths.resolve_map("duel")), seed=3, rules="light")


def lfg_duel() -> Battle:
    return Battle(load_map(paths.resolve_map("duel")), seed=3)


def test_set_policy_with_a_dict_reaction_is_refused_not_raised():
    b = lfg_duel()
    me = b.active
    before = b.state_hash()
    out = b.apply(C.SetPolicy(me, "never", {"aoo": 1}))
    assert (out.ok, out.code) == (False, "bad_field")
    assert "SetPolicy.reaction must be a text" in out.reason
    assert b.state_hash() == before and not b.log


WRONG_TYPED = {
    "lfg": [
        (lambda me: C.Step(me, ("3", 2)), "Step.to"),
        (lambda me: C.Step(me, (1.0, 2)), "Step.to"),
        (lambda me: C.Step(me, (True, 2)), "Step.to"),
        (lambda me: C.Step(me, [3, 2]), "Step.to"),
        (lambda me: C.Step(me, None), "Step.to"),
        (lambda me: C.Step(me, (10 ** 30, 2)), "Step.to"),
        (lambda me: C.Step(me, (math.nan, 2)), "Step.to"),
        (lambda me: C.Move(me, ((3, 2),), facings=(0.5,)), "Move.facings"),
        (lambda me: C.Move(me, ((3, 2),), confirm="yes"), "Move.confirm"),
        (lambda me: C.Move(me, [[3, 2]]), "Move.path"),
        (lambda me: C.Attack(me, 7), "Attack.target"),
        (lambda me: C.Attack(me, "x" * 5000), "Attack.target"),
        (lambda me: C.UseAbility(me, "breath", aim=1.5), "UseAbility.aim"),
        (lambda me: C.React(me, 1), "React.accept"),
        (lambda me: C.EndTurn(None), "EndTurn.unit"),
        (lambda me: C.EndTurn(["A"]), "EndTurn.unit"),
    ],
    "light": [
        (lambda me: L.Walk(me, ((1, "x"),)), "Walk.path"),
        (lambda me: L.LightAttack(me, 3), "LightAttack.target"),
        (lambda me: L.UsePower(me, "x", aim=2.5), "UsePower.aim"),
        (lambda me: L.Wait(me, "ally", after="yes"), "Wait.after"),
        (lambda me: C.SetPolicy(me, "never", ["aoo"]), "SetPolicy.reaction"),
    ],
}
CASES = [(rules, n) for rules, cases in WRONG_TYPED.items() for n in range(len(cases))]


@pytest.mark.parametrize("rules,n", CASES, ids=[f"{r}-{n}" for r, n in CASES])
def test_a_wrong_typed_field_is_refused_naming_the_field_by_apply_refusal_and_forecast(rules, n):
    b = light_duel() if rules == "light" else lfg_duel()
    make, field = WRONG_TYPED[rules][n]
    cmd = make(b.active)
    before = b.state_hash()
    out = b.apply(cmd)
    assert (out.ok, out.code) == (False, "bad_field") and out.reason.startswith(field), out
    assert b.state_hash() == before and not b.log and not out.events
    assert b.refusal(cmd).reason == out.reason
    assert b.forecast(cmd).refused == "bad_field"


def test_the_save_loader_refuses_a_wrong_typed_command_with_the_engines_reason(tmp_path):
    """One check, not two: the save loader's message is the engine's refusal."""
    raw = {"type": "Step", "unit": "A", "to": [1.5, 2]}
    with pytest.raises(InputError) as err:
        parse_command(tmp_path / "s.json", 4, raw)
    engine = field_refusal(C.Step("A", (1.5, 2)))
    assert f"command 4: {engine.reason}" in err.value.line()


# ---- 5. no jump down into an occupied hex ------------------------------------------------------

def ledge_map(folder, units, rows) -> str:
    """A 6x5 map of `rows` (GIDs), with `units` ((name, key, team, col, row[, props]), ...)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "hex.png").write_bytes(png_bytes(224, 192))
    cliff = ('value="cliff"/><property name="elevation" type="int" value="2"/>'
             '<property name="climb_dc" type="int" value="15"/>')
    deep = 'value="deep water"/><property name="water" value="deep"/>'
    tileset = tileset_xml().replace('value="floor"/>', cliff).replace(
        'value="fog"/><property name="blocks_sight" type="bool" value="true"/>', deep)
    (folder / "terrain.tsx").write_text(tileset)
    objects = [unit(n + 1, *center(col, row), key, team, name, props="".join(more))
               for n, (name, key, team, col, row, *more) in enumerate(units)]
    path = folder / "ledge.tmx"
    path.write_text(map_xml(tile_layer("ground", rows) + object_layer("units", objects)))
    return load_map(path)


def cliff_rows():
    """Rows 0-1 a cliff 10 ft above the grass of rows 2-4."""
    return [[CLIFF] * 6, [CLIFF] * 6] + [[GRASS] * 6 for _ in range(3)]


def on_the_cliff(tmp_path, fixed_dice=()) -> Battle:
    """Jumper on the cliff at 2,1; its ally Below at 2,2 (under the ledge), an orc far off."""
    hexmap = ledge_map(tmp_path, [("Jumper", "fighter", "blue", 2, 1),
                                  ("Below", "fighter", "blue", 2, 2),
                                  ("Orc", "orc", "red", 5, 4)], cliff_rows())
    b = Battle(hexmap, seed=1, fixed_dice=fixed_dice)
    while b.active != "Jumper":
        ok(b, C.ChooseNext(b.chooser, "Jumper") if b.awaiting() == "choice"
           else C.EndTurn(b.active))
    return b


def test_no_path_jumps_down_a_ledge_into_an_occupied_hex(tmp_path):
    """docs/rules/03-movement.md: no one may stop in an occupied hex; docs/rules/21: a fall that
    hurts ends the movement. So no offered path jumps from the cliff into Below's hex, a Move
    that does is refused, and the jump into the free hex beside it is offered and taken."""
    b = on_the_cliff(tmp_path)
    moves = [o.command for o in b.options("Jumper", "move")]
    assert moves and all(m.path[0] != (2, 2) for m in moves)
    assert any(m.path[0] == (3, 2) for m in moves)        # the free hex below is a legal landing
    reason = refused(b, C.Move("Jumper", ((2, 2), (2, 3)), confirm=True))
    assert "cannot jump down into 2,2" in reason and "occupied" in reason
    events = ok(b, C.Move("Jumper", ((3, 2),), confirm=True))
    assert [e.feet for e in events if isinstance(e, E.Fell)] == [10]
    assert b.cell(b.unit("Jumper").anchor) == (3, 2)


def test_a_tiny_creature_may_still_jump_down_into_an_allys_hex(tmp_path):
    """A tiny creature may share any hex (docs/rules/11-hit-points-and-conditions.md "Sharing a
    space"), so its fall may end there."""
    tiny = '<property name="size" value="tiny"/>'
    hexmap = ledge_map(tmp_path, [("Jumper", "goblin", "blue", 2, 1, tiny),
                                  ("Below", "fighter", "blue", 2, 2),
                                  ("Orc", "orc", "red", 5, 4)], cliff_rows())
    b = Battle(hexmap, seed=1)
    while b.active != "Jumper":
        ok(b, C.ChooseNext(b.chooser, "Jumper") if b.awaiting() == "choice"
           else C.EndTurn(b.active))
    assert any(o.command.path[0] == (2, 2) for o in b.options("Jumper", "move"))


def test_a_failed_swim_check_in_an_allys_hex_ends_where_the_mover_may_stop(tmp_path):
    """A creature passing through its ally's hex that fails the Swim check of the deep water
    beyond stays out of the water, in the last hex of its path where it may stop (it used to stay
    in the ally's hex: two creatures in one hex with no move pending)."""
    rows = [[GRASS] * 6 for _ in range(5)]
    rows[2][3] = DEEP
    hexmap = ledge_map(tmp_path, [("Swimmer", "fighter", "blue", 1, 2),
                                  ("Friend", "fighter", "blue", 2, 2),
                                  ("Orc", "orc", "red", 5, 4)], rows)
    b = Battle(hexmap, seed=1, fixed_dice=[("d20", 20), ("d20", 1), ("d20", 1), ("d20", 1)])
    while b.active != "Swimmer":
        ok(b, C.ChooseNext(b.chooser, "Swimmer") if b.awaiting() == "choice"
           else C.EndTurn(b.active))
    events = ok(b, C.Move("Swimmer", ((2, 2), (3, 2), (4, 2)), confirm=True))
    [check] = [e for e in events if isinstance(e, E.SkillChecked)]
    assert (check.skill, check.success) == ("swim", False)
    assert b.cell(b.unit("Swimmer").anchor) == (1, 2)
    assert b.cell(b.unit("Friend").anchor) == (2, 2)
    assert "cramped" not in b.unit("Swimmer").conditions

