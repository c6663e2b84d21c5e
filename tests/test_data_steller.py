"""Stat blocks of the `steller` rule profile (assets/units/steller/, game/data/steller.py).

Bad stat blocks are written into tmp_path; each must give ONE line naming the file, the creature,
the field and the fix, as a DataError (an InputError: the command line prints it and exits 2).
"""
from __future__ import annotations

import pytest

from game.data import DataError, load_units
from game.data.steller import ROLES, StellerUnit, load_steller_unit, load_steller_units
from game.errors import InputError

GOOD = """\
name = "Raider"
size = "medium"
level = 2
role = "brute"
hp = 46
ac = 14
fortitude = 16
reflex = 14
will = 14
speed = 6
initiative = 2
surges = 2

[[powers]]
id = "axe"
name = "Axe"
usage = "at-will"
action = "standard"
kind = "melee 1"
basic = true
attack = 7
vs = "ac"
damage = "1d10+3"

[[powers]]
id = "shout"
name = "Shout"
usage = "encounter"
action = "standard"
kind = "close burst 1"
attack = 5
vs = "will"
effects = [{condition = "dazed", until = "save ends"}]
"""


def write(tmp_path, text: str):
    path = tmp_path / "raider.toml"
    path.write_text(text)
    return path


def one_error(tmp_path, text: str, *fragments: str) -> str:
    path = write(tmp_path, text)
    with pytest.raises(DataError) as info:
        load_steller_unit(path)
    line = str(info.value)
    assert isinstance(info.value, InputError)
    assert "\n" not in line and line.startswith(f"{path}:"), line
    assert "[raider]" in line, line
    assert line.endswith(")") and " (" in line, f"no fix in: {line}"
    for fragment in fragments:
        assert fragment in line, f"{fragment!r} not in {line!r}"
    return line


def test_every_default_kind_has_a_steller_stat_block_and_all_load():
    """"Every shipped map plays under every profile: each profile has its own stat block for
    every unit kind the maps use (same kind names)"; a steller block has the four defenses,
    a role, and a melee basic attack (opportunity attacks use it)."""
    default, steller = load_units(), load_steller_units()
    assert sorted(steller) == sorted(default)
    for key, unit in steller.items():
        assert isinstance(unit, StellerUnit) and unit.key == key
        assert unit.size == default[key].size, key
        assert unit.basic("melee") is not None, key
        assert min(unit.ac, unit.fortitude, unit.reflex, unit.will) > 10, key
    assert {u.role for u in steller.values()} == set(ROLES)
    assert steller["goblin_minion"].hp == 1 and steller["goblin_minion"].minion


def test_a_power_is_data_with_usage_action_kind_defense_and_effects():
    """"Each with an action type, a range or area (burst, close burst, blast ...), the defense
    it targets, damage and effects, as data in the stat blocks"."""
    wizard = load_steller_units()["wizard"]
    hands = wizard.power("burning_hands")
    assert (hands.usage, hands.action, hands.shape, hands.size, hands.vs, hands.miss) == (
        "encounter", "standard", "close_blast", 3, "reflex", "half")
    hold = wizard.power("hold")
    assert hold.usage == "daily" and hold.effects[0].condition == "immobilized"
    assert hold.effects[0].until == "save ends"
    web = load_steller_units()["giant_spider"].power("web")
    assert (web.shape, web.size, web.range) == ("area_burst", 1, 10)
    assert hands.header() == "Encounter • Standard • Close blast 3 • +6 vs Reflex"


def test_a_good_block_loads(tmp_path):
    unit = load_steller_unit(write(tmp_path, GOOD))
    assert unit.bloodied == 23 and unit.surge_value == 11
    assert unit.power("shout").effects[0].condition == "dazed"


@pytest.mark.parametrize("old, new, fragments", [
    ('kind = "close burst 1"', 'kind = "cone 3"', ("powers[1].kind", "unknown area")),
    ('kind = "melee 1"', 'kind = "ranged -3"', ("powers[0].kind", "negative")),
    ('vs = "will"', 'vs = "luck"', ("powers[1].vs", "unknown value 'luck'")),
    ('condition = "dazed"', 'condition = "sleepy"', ("condition", "unknown value 'sleepy'")),
    ('usage = "encounter"', 'usage = 2', ("powers[1].usage", "unknown value 2")),
    ('until = "save ends"', 'until = "a while"', ("until", "unknown value 'a while'")),
    ('reflex = 14\n', '', (".reflex", "missing defense 'reflex'")),
    ('hp = 46', 'hp = 1', (".hp", "a minion has 1 hit point")),
    ('basic = true\n', '', (".powers", "no melee basic attack")),
])
def test_a_bad_stat_block_is_one_line_naming_file_creature_and_fix(tmp_path, old, new,
                                                                   fragments):
    """Bad input: an unknown area, defense or condition, a negative range, uses that are not
    a count, a missing defense: one line naming the file, the creature and the fix."""
    assert old in GOOD
    one_error(tmp_path, GOOD.replace(old, new, 1), *fragments)


GRENADE = GOOD + """
[[powers]]
id = "fire_pot"
name = "Fire Pot"
usage = "encounter"
uses = 2
action = "standard"
kind = "area burst 1 within 5"
attack = 4
vs = "reflex"
damage = "1d6+2"
keywords = ["grenade"]

[[powers]]
id = "parry"
name = "Parry"
usage = "at-will"
action = "immediate interrupt"
trigger = "an enemy attacks you"
kind = "melee 1"
attack = 6
vs = "ac"
damage = "1d6"
"""


@pytest.mark.parametrize("old, new, fragments", [
    ('uses = 2', 'uses = "many"', ("powers[2].uses", "not a count", "'many'")),
    ('uses = 2', 'uses = 2.5', ("powers[2].uses", "count")),
    ('uses = 2', 'uses = 0', ("powers[2].uses", "count")),
    ('kind = "area burst 1 within 5"', 'kind = "area burst 1 within -5"',
     ("powers[2].kind", "negative")),
    ('kind = "area burst 1 within 5"', 'kind = "wall 3"', ("powers[2].kind", "within")),
    ('kind = "area burst 1 within 5"', 'kind = "spiral 3"', ("powers[2].kind", "unknown area")),
    ('uses = 2\n', '', ("powers[2].keywords", "grenade")),
    ('trigger = "an enemy attacks you"', 'trigger = "a full moon"',
     ("powers[3].trigger", "unknown value 'a full moon'")),
    ('trigger = "an enemy attacks you"\n', '', ("powers[3].action", "add trigger")),
    ('trigger = "an enemy attacks you"', 'trigger = "an enemy hits an ally"',
     ("powers[3].trigger", "immediate reaction")),
    ('vs = "reflex"\ndamage = "1d6+2"', 'vs = "armour"\ndamage = "1d6+2"',
     ("powers[2].vs", "unknown value 'armour'")),
])
def test_bad_power_data_is_one_line_naming_file_creature_and_fix(tmp_path, old, new, fragments):
    """Bad input of grenades, walls and immediate powers: uses that are not a count, a negative
    range, a wall without its range, an unknown area, trigger or defense, an immediate action
    without its trigger: one line naming the file, the creature and the fix."""
    assert old in GRENADE
    one_error(tmp_path, GRENADE.replace(old, new, 1), *fragments)


def test_validate_checks_a_steller_stat_block_and_exits_2(tmp_path, capsys):
    """`python -m game validate` of a bad steller stat block: one line on stderr, exit 2."""
    from game.cli import main
    folder = tmp_path / "steller"
    folder.mkdir()
    path = folder / "raider.toml"
    path.write_text(GRENADE.replace('uses = 2', 'uses = "many"'))
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and err.startswith(str(path)) and "[raider]" in err
    path.write_text(GRENADE)
    assert main(["validate", str(path)]) == 0
    assert "ok" in capsys.readouterr().out
