"""Special abilities through the engine's commands (rules: Special abilities, Areas of effect;
seed 004 "Special Abilities - 4 Different Types", 002 "Area attack", "Pull, Push, and Slide").

Battles on small open fields with the shipped goblin shaman (Fear Burst) and fire drake (Fire
Breath); the dice are fixed where the outcome matters: the first three d20s are the creatures'
initiative rolls (their ratings fix the order whatever they show).
"""
from __future__ import annotations

import dataclasses

import pytest

from game.data import load_units
from game.data.model import AbilityArea, ForcedMove
from game.ecs.scenario import WALL
from game.engine import commands as C
from game.engine import events as E
from game.engine.abilities import aimed, uses_left
from game.rules.sight import creature_distance
from tests.helpers import refusal_code

from test_engine_turns import FIRST, SECOND, THIRD, arena, of, ok

INIT = [("d20", 10)] * 3


def shaman_field(dice=(), a=(6, 3), b=(7, 4), **kw):
    return arena(("S", "goblin_shaman", "red", 2, 3, {"initiative": FIRST}),
                 ("A", "fighter", "blue", *a, {"initiative": SECOND}),
                 ("B", "fighter", "blue", *b, {"initiative": THIRD}),
                 fixed_dice=INIT + list(dice), initiative="top-down", **kw)


def drake_field(dice=(), db=None, a=(4, 3), b=(4, 4), **kw):
    return arena(("D", "drake", "red", 2, 3, {"initiative": FIRST}),
                 ("A", "fighter", "blue", *a, {"initiative": SECOND}),
                 ("B", "fighter", "blue", *b, {"initiative": THIRD}),
                 fixed_dice=INIT + list(dice), initiative="top-down", db=db, **kw)


code = refusal_code


FEAR = dict(ability="fear_burst", origin=(6, 3))


def test_fear_burst_frightens_each_creature_that_fails_its_will_save_for_three_rounds():
    """004: "Fear Burst (SLA): 3/day (SL2, WILL DC15[CHA])" - "The WILL Save DC15 is
    determined using the Charisma Modifier"."""
    b = shaman_field(dice=[("d20", 14), ("d20", 15)])     # A: 14 + 0 fails, B: 15 passes
    events = ok(b, C.UseAbility("S", **FEAR))
    saves = of(events, E.SaveRolled)
    assert [(s.unit, s.save, s.total, s.dc, s.success) for s in saves] == [
        ("A", "WILL", 14, 15, False), ("B", "WILL", 15, 15, True)]
    assert "WILL 0" in saves[0].breakdown and "WIS 0" in saves[0].breakdown
    assert b.unit("A").has("frightened") and not b.unit("B").has("frightened")
    # three rounds: three of the shaman's turns, this one the first; gone when the third ends
    for _ in range(2):
        for name in ("S", "A", "B"):
            ok(b, C.EndTurn(name))
        assert b.unit("A").has("frightened")
    ok(b, C.EndTurn("S"))
    assert not b.unit("A").has("frightened")


def test_uses_per_day_count_down_and_never_refill_inside_a_battle():
    """004: "This indicates that the spell "Fear Burst" may be activated three times per
    day." A battle lasts less than a day: the uses left carry over from round to round."""
    b = shaman_field()
    for n in (2, 1, 0):
        ok(b, C.UseAbility("S", **FEAR))
        assert uses_left(b, "S") == {"fear_burst": n}
        for name in ("S", "A", "B"):
            ok(b, C.EndTurn(name))
    assert code(b, C.UseAbility("S", **FEAR)) == "no_uses_left"
    assert b.action("S", "use_ability").code == "no_uses_left"
    assert b.options("S", "use_ability") == []


def test_only_one_spell_like_ability_a_turn():
    """004: "Using a Spell-Like Ability (SLA) is a Big Action that Provokes AOO. You may only
    use 1 SLA per turn.\""""
    b = shaman_field()
    ok(b, C.UseAbility("S", **FEAR))
    assert b.budget("S").big == 1
    assert code(b, C.UseAbility("S", **FEAR)) == "once_a_round"


def test_a_spell_like_ability_provokes_like_a_ranged_attack_until_confirmed():
    """004: "Using a Spell-Like Ability (SLA) is a Big Action that Provokes AOO.\""""
    b = shaman_field(dice=[("d20", 1)], a=(3, 3), b=(8, 3))    # the AOO misses
    for name in ("S", "A", "B"):         # a round on: A has acted and may react
        ok(b, C.EndTurn(name))
    cmd = C.UseAbility("S", ability="fear_burst", origin=(8, 3))
    assert code(b, cmd) == "provokes"
    option = next(o for o in b.options("S", "use_ability") if o.command.origin == (8, 3))
    assert option.provokes == ("A",) and option.command.confirm
    events = ok(b, option.command)
    kinds = [type(e) for e in events]
    assert kinds.index(E.Provoked) < kinds.index(E.AbilityUsed)
    assert [(r.attacker, r.kind, r.hit) for r in of(events, E.AttackRolled)] == [
        ("A", "aoo", False)]


def test_the_breath_rolls_one_damage_for_everybody_and_a_passed_reflex_save_halves_it():
    """002: "Reflex measures your ability to predict attacks or to deflect or dodge an attack.
    It's useful against areas of effect such as dragon breath" and "Multiple Attack Rolls but
    One Damage Roll"."""
    b = drake_field(dice=[("d6", 4), ("d6", 5), ("d20", 3), ("d20", 18)])
    events = ok(b, C.UseAbility("D", ability="fire_breath", aim=0))
    used = of(events, E.AbilityUsed)[0]
    assert set(used.caught) == {"A", "B"} and used.uses_left == 0
    hurt = {d.unit: d.amount for d in of(events, E.Damaged)}
    assert hurt == {"A": 9, "B": 4}                      # 4 + 5 = 9 failed; 9 // 2 passed
    assert all(d.damage_type == "fire" for d in of(events, E.Damaged))
    assert "saved: half" in of(events, E.Damaged)[1].breakdown
    assert code(b, C.UseAbility("D", ability="fire_breath", aim=0)) == "no_uses_left"


def test_a_cone_takes_one_of_twelve_aims_and_never_catches_its_user():
    """RULES 14 (the game's areas page): a cone is aimed at one of twelve directions."""
    b = drake_field()
    aims = [o.command.aim for o in b.options("D", "use_ability")]
    assert aims and set(aims) <= set(range(12))
    me = b.unit("D")
    for aim in aims:
        got = aimed(b, me, me.unit.ability("fire_breath"),
                    C.UseAbility("D", ability="fire_breath", aim=aim))
        assert got.caught and "D" not in {t.name for t in got.caught}
    assert code(b, C.UseAbility("D", ability="fire_breath", aim=12)) == "bad_aim"
    assert code(b, C.UseAbility("D", ability="fire_breath", aim=6)) == "nobody_caught"


def test_areas_catch_allies_too():
    """002: "An area attack affects certain targets within its area of effect": the game's
    abilities name "all" or "enemies"; Fear Burst catches everybody in it."""
    b = arena(("S", "goblin_shaman", "red", 2, 3, {"initiative": FIRST}),
              ("G", "goblin", "red", 6, 4, {"initiative": SECOND}),
              ("A", "fighter", "blue", 6, 3, {"initiative": THIRD}), initiative="top-down")
    events = ok(b, C.UseAbility("S", **FEAR))
    assert set(of(events, E.AbilityUsed)[0].caught) == {"G", "A"}


def test_a_burst_needs_its_origin_in_range_and_in_line_of_effect():
    """002: "Origin Square: You choose a square within an area" attack's range (the game's
    areas page: within range, with a line of effect from the user)."""
    walls = {(4, r): WALL for r in range(8)}
    b = shaman_field(terrain=walls, a=(6, 3), b=(11, 7))
    assert code(b, C.UseAbility("S", **FEAR)) == "no_line_of_effect"
    assert code(b, C.UseAbility("S", ability="fear_burst", origin=(11, 7))) == "out_of_range"
    assert code(b, C.UseAbility("S", ability="fear_burst")) == "bad_origin"
    assert code(b, C.UseAbility("S", ability="hex_bolt", origin=(6, 3))) == "no_such_ability"
    assert code(b, C.UseAbility("A", **FEAR)) == "not_your_turn"


def test_every_listed_option_is_accepted_and_every_origin_in_range():
    b = shaman_field()
    options = b.options("S", "use_ability")
    assert options
    me = b.unit("S")
    for o in options:
        assert b.refusal(o.command) is None
        h = b.hexmap.hex_at(*o.command.origin)
        assert creature_distance(me.hexes, (h,)) <= 6


def test_creatures_without_abilities_cannot_use_one():
    b = shaman_field()
    ok(b, C.EndTurn("S"))
    assert b.action("A", "use_ability").code == "no_abilities"


def _pushing_drake():
    units = load_units()
    breath = units["drake"].ability("fire_breath")
    shove = dataclasses.replace(breath, id="tail_sweep", name="Tail Sweep", uses=None,
                                kind="extraordinary", area=AbilityArea("close_burst", 1),
                                forced=ForcedMove("push", 2), damage=None, damage_type="",
                                conditions=(), save=dataclasses.replace(
                                    breath.save, on_pass="negates"))
    units["drake"] = dataclasses.replace(units["drake"], abilities=(shove,))
    return units


def test_a_push_on_a_failed_save_goes_as_far_as_it_can_and_provokes_nothing():
    """002: "Certain powers and effects allow you to pull, push, or slide a target." and "No
    Opportunity Attacks: Forced movement does" not provoke them (the game: the push ends as
    far from the user as it can)."""
    b = drake_field(dice=[("d20", 2), ("d20", 19)], db=_pushing_drake(), a=(3, 3), b=(2, 4))
    b.apply(C.SetPolicy("B", "always"))
    events = ok(b, C.UseAbility("D", ability="tail_sweep"))
    moved = of(events, E.ForcedMoved)
    assert [m.unit for m in moved] == ["A"] and moved[0].kind == "push"
    me, a = b.unit("D"), b.unit("A")
    assert creature_distance(me, a) == 3 and len(moved[0].path) == 2
    assert not of(events, E.Provoked) and b.unit("B").anchor == b.hexmap.hex_at(2, 4)


def test_an_ability_with_an_attack_roll_hits_against_armour_class():
    """002: "Multiple Attack Rolls but One Damage Roll": each creature caught is rolled
    against on its own."""
    units = load_units()
    breath = units["drake"].ability("fire_breath")
    spit = dataclasses.replace(breath, save=None, attack_bonus=5, name="Fire Spit")
    units["drake"] = dataclasses.replace(units["drake"], abilities=(spit,))
    b = drake_field(dice=[("d6", 3), ("d6", 3), ("d20", 19), ("d20", 2)], db=units)
    events = ok(b, C.UseAbility("D", ability="fire_breath", aim=0))
    rolls = of(events, E.AttackRolled)
    assert [(r.target, r.hit, r.kind) for r in rolls] == [("A", True, "ability"),
                                                          ("B", False, "ability")]
    assert [(d.unit, d.amount) for d in of(events, E.Damaged)] == [("A", 6)]


def test_a_use_ability_command_survives_a_save_and_replays_to_the_same_state(tmp_path):
    b = shaman_field()
    ok(b, C.UseAbility("S", **FEAR))
    data = C.UseAbility("S", ability="w", wall=((1, 2), (2, 2))).to_dict()
    assert C.command_from_dict(data).wall == ((1, 2), (2, 2))
    again = shaman_field()
    for cmd in b.log:
        ok(again, C.command_from_dict(cmd.to_dict()))
    assert again.state_hash() == b.state_hash()


@pytest.mark.parametrize("key", ["goblin_shaman", "drake"])
def test_creatures_with_abilities_start_with_every_use(key):
    units = load_units()
    b = arena(("X", key, "red", 2, 3, {"initiative": FIRST}),
              ("A", "fighter", "blue", 9, 3), initiative="top-down")
    assert uses_left(b, "X") == {a.id: a.uses for a in units[key].abilities}


def test_inspect_reports_each_ability_with_its_uses_left(tmp_path):
    import json
    from game.report import unit_facts
    from test_saves_scripted import REPO, game_process
    out = game_process("inspect", str(REPO / "maps" / "shrine.tmx"), "--json")
    assert out.returncode == 0, out.stderr
    units = {u["name"]: u for u in json.loads(out.stdout)["units"]}
    assert units["Murk"]["abilities"] == [{"id": "fear_burst", "name": "Fear Burst",
                                           "kind": "spell-like", "shape": "burst", "uses": 3,
                                           "per": "day", "uses_left": 3}]
    assert units["Ember"]["abilities"][0]["uses_left"] == 1
    assert "abilities" not in units["Aldric"]
    b = shaman_field()
    ok(b, C.UseAbility("S", **FEAR))
    assert unit_facts(b.view(), b.unit("S"))["abilities"][0]["uses_left"] == 2


def test_the_aiming_template_snaps_to_the_legal_aim_nearest_the_mouse():
    """The HUD's aim (game/ui/ability_aim.py) comes from the engine's options: the nearest
    legal burst origin, the cone aim closest to the mouse's direction; allies are flagged."""
    from game.ui.ability_aim import snap
    b = arena(("S", "goblin_shaman", "red", 2, 3, {"initiative": FIRST}),
              ("G", "goblin", "red", 6, 4, {"initiative": SECOND}),
              ("A", "fighter", "blue", 6, 3, {"initiative": THIRD}), initiative="top-down")
    hexat = b.hexmap.hex_at
    aim = snap(b, "S", "fear_burst", hexat(6, 3))
    assert aim.command.origin == (6, 3) and b.refusal(aim.command) is None
    assert {f.name for f in aim.caught} == {"A", "G"} and aim.allies == ("G",)
    assert all(0 < f.fails < 1 and f.damage == 0 for f in aim.caught)
    far = snap(b, "S", "fear_burst", hexat(11, 7))        # out of range: the nearest in range
    assert far is not None and b.refusal(far.command) is None
    d = drake_field()
    east = snap(d, "D", "fire_breath", hexat(6, 3))
    assert east.command.aim == 0 and {f.name for f in east.caught} == {"A", "B"}
    assert all(f.damage > 0 for f in east.caught)


def test_the_combat_log_and_the_card_name_the_ability_and_its_uses():
    from game.ui.presenters import log_entries, unit_card
    b = shaman_field()
    events = ok(b, C.UseAbility("S", **FEAR))
    texts = [entry.text for entry in log_entries(events)]
    assert "S uses Fear Burst, catching A, B" in texts
    assert "Fear Burst: 2/3 per day" in unit_card(b, "S").abilities


def test_on_the_shrine_map_every_listed_aim_of_the_casters_is_accepted():
    """The legality query and the command agree (one check): each option of UseAbility the
    engine lists for the shaman and the drake is accepted, with the shrine's real terrain."""
    from pathlib import Path
    from game.engine.battle import Battle
    from game.tiled.loader import load_map
    hexmap = load_map(Path(__file__).resolve().parent.parent / "maps" / "shrine.tmx")
    moves = {"Aldric": (6, 3), "Brand": (6, 5), "Cora": (5, 4), "Esk": (7, 7)}
    for p in hexmap.units:
        if p.name in moves:
            p.col, p.row = moves[p.name]
    seen = set()
    b = Battle(hexmap, seed=3, initiative="top-down")
    while b.round < 2 and len(seen) < 2:
        name = b.active
        if name in ("Murk", "Ember"):
            options = b.options(name, "use_ability")
            assert options, name
            for o in options:
                copy = Battle(hexmap, seed=3, initiative="top-down")
                for cmd in b.log:
                    ok(copy, cmd)
                assert copy.apply(o.command).ok, o.command
                copy.close()
            seen.add(name)
        ok(b, C.EndTurn(name))
    assert seen == {"Murk", "Ember"}


def test_the_aim_carries_the_lines_of_effect_from_the_origin_for_the_l_overlay():
    """Areas of effect: "a creature ... is affected when there is line of effect from the
    origin's centre to it". The aim carries, for each creature in the area, the lines the
    rule tested from the origin (drawn with L); behind a wall every line is blocked."""
    from game.ecs.scenario import WALL
    from game.ui.ability_aim import snap
    b = arena(("S", "goblin_shaman", "red", 2, 3, {"initiative": FIRST}),
              ("A", "fighter", "blue", 6, 3, {"initiative": SECOND}),
              ("H", "fighter", "blue", 6, 5, {"initiative": THIRD}),
              terrain={(5, 4): WALL, (6, 4): WALL, (7, 4): WALL}, initiative="top-down")
    aim = snap(b, "S", "fear_burst", b.hexmap.hex_at(6, 3))
    assert aim.command.origin == (6, 3)
    by_target = {c.target: c for c in aim.lines}
    assert "H" in by_target and all(ln.blocks_effect for ln in by_target["H"].lines)
    assert "H" not in {f.name for f in aim.caught}         # no line of effect: not affected
