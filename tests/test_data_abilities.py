"""Special abilities in unit files (rules: Special abilities; seed 004 "Special Abilities - 4
Different Types"): every field is checked, and a bad one is one line naming the file, the line
of the field and the fix."""
from __future__ import annotations

import pytest

from game.data import DataError, load_units
from tests.test_data import UNIT_OK, WEAPONS_OK, _write_assets

FEAR = '''
[[abilities]]
id = "fear_burst"
name = "Fear Burst"
kind = "spell-like"
uses = 3
per = "day"
range_ft = 30
area = { shape = "burst", size = 2 }
save = { kind = "WILL", dc = 15 }
conditions = [{ name = "frightened", rounds = 3 }]
'''


def _load(tmp_path, text):
    _write_assets(tmp_path, unit_text=UNIT_OK + text, weapons_text=WEAPONS_OK)
    return load_units(tmp_path)["goblin"]


def test_the_seed_example_fear_burst_loads_as_a_spell_like_ability_that_provokes(tmp_path):
    """004: "Fear Burst (SLA): 3/day (SL2, WILL DC15[CHA])" and "Using a Spell-Like Ability
    (SLA) is a Big Action that Provokes AOO"."""
    a = _load(tmp_path, FEAR).ability("fear_burst")
    assert (a.kind, a.action, a.uses, a.per, a.range_hexes) == ("spell-like", "big", 3, "day", 6)
    assert (a.area.shape, a.area.size, a.save.kind, a.save.dc, a.save.on_pass) == \
        ("burst", 2, "WILL", 15, "negates")
    assert a.provokes and [(c.name, c.rounds) for c in a.conditions] == [("frightened", 3)]


def test_shipped_casters_carry_their_abilities():
    units = load_units()
    assert units["goblin_shaman"].ability("fear_burst").save.dc == 15
    breath = units["drake"].ability("fire_breath")
    assert (breath.area.shape, breath.save.kind, breath.save.on_pass, breath.uses) == \
        ("cone", "REF", "half", 1)


BAD = {
    "kind": (FEAR.replace('"spell-like"', '"magic"'), "kind", "spell-like"),
    "action": (FEAR.replace('kind = "spell-like"', 'kind = "natural"\naction = "swift"'),
               "action", "full_round"),
    "sla_not_big": (FEAR.replace('uses = 3', 'action = "little"\nuses = 3'), "action",
                    "Big Action"),
    "uses": (FEAR.replace("uses = 3", "uses = 0"), "uses", "between 1 and 100"),
    "per": (FEAR.replace('per = "day"', 'per = "week"'), "per", "battle, day"),
    "per_without_uses": (FEAR.replace("uses = 3\n", ""), "per", "uses = 1"),
    "range": (FEAR.replace("range_ft = 30", "range_ft = 32"), "range_ft", "multiple of 5"),
    "range_missing": (FEAR.replace("range_ft = 30\n", ""), "range_ft", "needs a range"),
    "shape": (FEAR.replace('"burst"', '"sphere"'), "area.shape", "close_burst"),
    "size": (FEAR.replace("size = 2", "size = 0"), "area.size", "between 1 and 20"),
    "targets": (FEAR + 'targets = "friends"\n', "targets", "enemies"),
    "save_kind": (FEAR.replace('"WILL"', '"GUTS"'), "save.kind", "FORT, REF, WILL"),
    "save_dc": (FEAR.replace("dc = 15", "dc = \"hard\""), "save.dc", "whole number"),
    "on_pass": (FEAR.replace("dc = 15", 'dc = 15, on_pass = "quarter"'), "save.on_pass",
                "half"),
    "no_resolution": (FEAR.replace('save = { kind = "WILL", dc = 15 }\n', ""), "save",
                      "attack_bonus"),
    "both_resolutions": (FEAR + "attack_bonus = 4\n", "save", "exactly one"),
    "damage": (FEAR + 'damage = "2q6"\ndamage_type = "fire"\n', "damage", "2d6"),
    "damage_type": (FEAR + 'damage = "2d6"\ndamage_type = "lava"\n', "damage_type", "fire"),
    "damage_without_type": (FEAR + 'damage = "2d6"\n', "damage_type", "go together"),
    "condition": (FEAR.replace('"frightened"', '"petrified"'), "conditions[0].name",
                  "frightened"),
    "condition_rounds": (FEAR.replace("rounds = 3", "rounds = -1"), "conditions[0].rounds",
                         "between 1 and 100"),
    "nothing_to_do": (FEAR.replace('conditions = [{ name = "frightened", rounds = 3 }]\n', ""),
                      "damage", "does nothing"),
    "forced": (FEAR + 'forced = { kind = "shove", hexes = 2 }\n', "forced.kind", "push"),
    "forced_hexes": (FEAR + 'forced = { kind = "push", hexes = 11 }\n', "forced.hexes",
                     "between 1 and 10"),
    "provokes": (FEAR + 'provokes = "yes"\n', "provokes", "true or false"),
    "temp_hp": (FEAR + 'temp_hp = "many"\n', "temp_hp", "1d8"),
    "no_roll_for_all": (FEAR.replace('save = { kind = "WILL", dc = 15 }\n', "")
                        .replace('range_ft = 30', 'range_ft = 30\ntargets = "all"'), "save",
                        'targets = "allies"'),
    "unknown_field": (FEAR + "radius = 2\n", "radius", "known fields"),
    "bad_id": (FEAR.replace('"fear_burst"', '"Fear Burst"'), "id", "plain id"),
    "twice": (FEAR + FEAR, "id", "used twice"),
    "not_a_list": ('abilities = "fear"\n', "abilities", "[[abilities]]"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_ability_field_is_one_line_naming_the_file_the_line_and_the_fix(tmp_path, case):
    text, field, fix = BAD[case]
    with pytest.raises(DataError) as info:
        _load(tmp_path, text)
    msg = str(info.value)
    assert "\n" not in msg and msg.startswith(str(tmp_path / "units" / "goblin.toml") + ":")
    assert f".{field}" in msg and fix in msg, msg
    line = int(info.value.where)
    lines = (UNIT_OK + text).splitlines()
    key = field.split(".")[-1].split("[")[0]
    assert key in lines[line - 1] or "[[abilities]]" in lines[line - 1], (line, msg)


CURE = '''
[[abilities]]
id = "cure"
name = "Cure"
kind = "spell-like"
uses = 3
per = "day"
range_ft = 5
targets = "allies"
damage = "1d8+2"
damage_type = "positive"
temp_hp = "1d4"
'''


def test_a_heal_for_the_users_side_needs_no_roll_and_may_grant_temporary_hp(tmp_path):
    """004 Saving Throws: "A willing creature targeted by a spell may choose to be affected
    without rolling the indicated Save": an ability for the user's side only rolls nothing."""
    a = _load(tmp_path, CURE).ability("cure")
    assert a.targets == "allies" and a.automatic and a.save is None
    assert (str(a.damage), a.damage_type, str(a.temp_hp)) == ("1d8+2", "positive", "1d4")


def test_the_shipped_cleric_heals_and_the_skeleton_is_undead():
    units = load_units()
    cleric = units["cleric"]
    cure, vigor = cleric.ability("cure_wounds"), cleric.ability("words_of_vigor")
    assert (cure.targets, cure.damage_type, cure.range_hexes, cure.uses) == \
        ("allies", "positive", 1, 3)
    assert (vigor.area.shape, vigor.targets, str(vigor.temp_hp)) == \
        ("close_burst", "allies", "1d4")
    assert cleric.heal > 0 and units["skeleton"].undead and not units["fighter"].undead


def test_abilities_cannot_be_overridden_by_a_map_object():
    goblin = load_units()["goblin"]
    with pytest.raises(DataError) as info:
        goblin.with_overrides(abilities="fear")
    assert "cannot override 'abilities'" in str(info.value)
