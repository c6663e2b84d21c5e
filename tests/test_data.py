"""Unit stat blocks and weapons as data (docs/rules/02-size-and-reach.md size/reach, 10 attacks and AC, 11 HP)."""
import shutil
from pathlib import Path

import pytest

from game.data import (SIZES, DataError, Dice, UnitType, Weapon, ability_mod, load_units,
                       load_weapons, natural_reach, parse_dice, size_mod)
from game.data.loader import default_assets_dir

ASSETS = default_assets_dir()


@pytest.fixture(scope="module")
def units():
    return load_units()


@pytest.fixture(scope="module")
def weapons():
    return load_weapons()


# ---- shipped data -----------------------------------------------------------------------

def test_all_shipped_units_load(units):
    files = {p.stem for p in (ASSETS / "units").glob("*.toml")}
    assert set(units) == files
    required = {"fighter", "archer", "rogue", "knight", "goblin", "goblin_archer", "orc",
                "wolf", "ogre", "troll", "giant"}
    assert required <= set(units)
    for key, unit in units.items():
        assert isinstance(unit, UnitType) and unit.key == key
        assert unit.weapons and all(isinstance(w, Weapon) for w in unit.weapons)
        assert 1 <= len(unit.glyph) <= 2


@pytest.mark.parametrize("key,size,reach", [
    ("fighter", "medium", 1), ("archer", "medium", 1), ("goblin", "small", 1),
    ("ogre", "large", 2), ("giant", "huge", 3)])
def test_size_and_natural_reach_rules_2(units, key, size, reach):
    assert units[key].size == size
    assert units[key].reach == reach == natural_reach(size)


def test_archer_has_shortbow_then_dagger(units):
    assert [w.id for w in units["archer"].weapons] == ["shortbow", "dagger"]
    assert units["archer"].default_weapon.id == "shortbow"


def test_wolf_speed_50_ft_is_10_hexes_rules_1(units):
    assert units["wolf"].speed_ft == 50 and units["wolf"].speed_hexes == 10


def test_required_weapons_ship(weapons):
    wanted = ("dagger shortsword flaming_shortsword longsword battleaxe greataxe greatsword "
              "warhammer spear longspear club greatclub mace shortbow longbow light_crossbow "
              "javelin sling bite claw slam").split()
    assert set(wanted) <= set(weapons)


def test_lfg_critical_examples_battleaxe_and_flaming_shortsword(weapons):
    axe = weapons["battleaxe"]
    assert (axe.threat, axe.multiplier, str(axe.damage)) == (20, 3, "1d8")
    assert set(axe.damage_type) == {"slashing", "bludgeoning"} and axe.damage_mode == "both"
    fs = weapons["flaming_shortsword"]
    assert (fs.threat, fs.multiplier, str(fs.damage), fs.enhancement) == (19, 2, "1d6", 1)
    assert fs.crit_range == "19-20" and "magic" in fs.properties
    assert [(str(e.dice), e.type) for e in fs.extra_damage] == [("1d6", "fire")]


def test_weapon_modes_reach_and_threat_rules_2(weapons):
    assert weapons["longspear"].reach == 1
    assert weapons["shortbow"].is_projectile and not weapons["shortbow"].threatens
    assert weapons["shortbow"].max_range_ft == 600          # The rulebook: 10 x 60 ft
    assert weapons["light_crossbow"].threatens_ft == 10 and weapons["light_crossbow"].threatens
    jav = weapons["javelin"]
    assert jav.can_throw and not jav.can_melee and jav.kind == "basic" and jav.max_increments == 5
    assert weapons["dagger"].can_melee and weapons["dagger"].can_throw
    assert weapons["greataxe"].kind == "heavy" and weapons["shortbow"].kind == "ranged"
    for wid in ("bite", "claw", "slam"):
        w = weapons[wid]
        assert w.natural and (w.threat, w.multiplier) == (20, 2) and w.threatens


def test_rogue_weapons_allow_dex_rules_10(units):
    assert all(w.allows_dex for w in units["rogue"].weapons)


def test_reach_with_weapon(units, weapons):
    ogre = units["ogre"]
    assert ogre.reach_with(ogre.weapons[0]) == 2
    assert ogre.reach_with(weapons["longspear"].sized("large")) == 3
    archer = units["archer"]
    assert archer.reach_with(archer.weapons[0]) is None
    assert archer.reach_with(weapons["light_crossbow"]) == 2


def test_weapon_dice_resized_for_wielder_size_lfg_creature_size(units, weapons):
    assert str(weapons["greatclub"].damage) == "1d10"
    assert str(units["ogre"].weapons[0].damage) == "2d6"       # large: one size up
    assert str(units["giant"].weapons[0].damage) == "2d8"      # huge: two sizes up
    assert str(units["goblin"].weapons[0].damage) == "1d4"     # small shortsword
    assert str(units["fighter"].weapons[0].damage) == "1d8"


# ---- AC, overrides, tables --------------------------------------------------------------

def test_ac_is_10_dex_armor_natural_shield_size_rules_10(units):
    f = units["fighter"]
    assert f.ac == 10 + ability_mod(f.dex) + f.armor + f.natural_armor + f.shield
    assert f.ac == 17
    g = units["goblin"]
    assert g.ac == 10 + 2 + 2 + 0 + 0 + 1 == 15
    o = units["ogre"]
    assert o.ac == 10 - 1 + 3 + 4 + 0 - 1 == 15
    assert units["giant"].ac == 10 - 1 + 3 + 6 - 2


def test_ac_vs_crit_uses_armor_rating_vs_crit_lfg(units):
    k = units["knight"]
    assert k.armor_vs_crit == 7 and k.ac_vs_crit == k.ac + 1
    assert units["fighter"].ac_vs_crit == units["fighter"].ac


def test_overrides_size_reach_speed_hp_ac_level(units):
    o = units["ogre"].with_overrides(size="huge", speed=50, hp=40, ac=12, level=6)
    assert (o.size, o.reach, o.speed_ft, o.speed_hexes, o.hp, o.ac, o.level) == \
        ("huge", 3, 50, 10, 40, 12, 6)
    assert str(o.weapons[0].damage) == "2d8"
    assert units["ogre"].hp == 32                               # the original is unchanged
    r = units["fighter"].with_overrides(reach=2, speed_ft="40", goon="true")
    assert (r.reach, r.speed_ft, r.goon) == (2, 40, True)
    assert units["goblin"].with_overrides(size="medium").weapons[0].damage == Dice(1, 6)


@pytest.mark.parametrize("fields", [
    {"hp": -3}, {"hp": "lots"}, {"size": "enormous"}, {"speed": 33}, {"weapons": ["dagger"]},
    {"facing": 2}, {"goon": "maybe"}, {"reach": -1}])
def test_bad_overrides_raise_one_line_data_error(units, fields):
    with pytest.raises(DataError) as info:
        units["ogre"].with_overrides(**fields)
    text = str(info.value)
    assert "\n" not in text and "(" in text and next(iter(fields)) in text


def test_ability_mod_table():
    table = {1: -5, 3: -4, 8: -1, 9: -1, 10: 0, 11: 0, 12: 1, 13: 1, 16: 3, 18: 4, 21: 5, 25: 7}
    assert {s: ability_mod(s) for s in table} == table


def test_size_tables_rules_2():
    assert SIZES == ("tiny", "small", "medium", "large", "huge", "gargantuan")
    assert [natural_reach(s) for s in SIZES] == [0, 1, 1, 2, 3, 4]
    assert [size_mod(s) for s in SIZES] == [2, 1, 0, -1, -2, -4]


def test_goon_dies_at_minus_level_others_at_minus_con_rules_11(units):
    assert units["goblin"].dies_at == -1
    assert units["fighter"].dies_at == -units["fighter"].con


@pytest.mark.parametrize("text,dice,lo,hi,avg", [
    ("1d8", Dice(1, 8), 1, 8, 4.5), ("2d6+1", Dice(2, 6, 1), 3, 13, 8.0),
    ("1d4-1", Dice(1, 4, -1), 0, 3, 1.5), ("3", Dice(0, 0, 3), 3, 3, 3.0),
    ("d6", Dice(1, 6), 1, 6, 3.5)])
def test_parse_dice(text, dice, lo, hi, avg):
    d = parse_dice(text)
    assert d == dice and (d.min, d.max, d.average) == (lo, hi, avg)
    assert parse_dice(str(d)) == d


@pytest.mark.parametrize("bad", ["", "1d", "d", "1d1", "0d6", "1d8 2", "-3", "two", "1d6+"])
def test_parse_dice_rejects(bad):
    with pytest.raises(ValueError):
        parse_dice(bad)


def test_die_chain_steps_lfg_damage_die_size():
    assert str(parse_dice("1d8").step(2)) == "2d6"               # Power Attack, docs/rules/09-turns-and-actions.md
    assert str(parse_dice("1d10").step(1)) == "2d6"
    assert str(parse_dice("1d4+1").step(-1)) == "1d3+1"
    assert str(parse_dice("1d2").step(-5)) == "1"                # clamps at the chain's end
    assert str(parse_dice("1d12").step(1)) == "2d8"              # off-chain: nearest average


# ---- the corpus of bad input: one DataError, one line, naming the file -------------------

WEAPONS_OK = '[dagger]\nname = "Dagger"\nattack = "melee"\nhands = "light"\n' \
             'damage = "1d4"\ndamage_type = ["piercing"]\n'

UNIT_OK = '''name = "Goblin"
size = "small"
speed_ft = 30
hp = 6
hr = 1
level = 1
dex = 14
weapons = ["dagger"]
'''

BAD_UNITS = {
    "not_toml": ("name = Goblin\n", "not valid TOML"),
    "missing_hp": (UNIT_OK.replace("hp = 6\n", ""), "'hp'"),
    "speed_is_text": (UNIT_OK.replace("speed_ft = 30", 'speed_ft = "30 ft"'), "speed_ft"),
    "speed_not_5ft": (UNIT_OK.replace("speed_ft = 30", "speed_ft = 32"), "multiple of 5"),
    "unknown_size": (UNIT_OK.replace('"small"', '"smallish"'), "gargantuan"),
    "unknown_weapon": (UNIT_OK.replace('["dagger"]', '["daggr"]'), "daggr"),
    "negative_hp": (UNIT_OK.replace("hp = 6", "hp = -4"), "hp"),
    "unknown_field": (UNIT_OK + "armour = 2\n", "armour"),
    "unit_header": ("[unit]\n" + UNIT_OK, "top level"),
    "bool_as_int": (UNIT_OK.replace("hr = 1", "hr = true"), "hr"),
    "empty_weapons": (UNIT_OK.replace('["dagger"]', "[]"), "weapons"),
    "bad_dr": (UNIT_OK + 'dr = { amount = 5, bypass = "garlic" }\n', "garlic"),
    "bad_resist_type": (UNIT_OK + "resist = { frost = 5 }\n", "frost"),
    "bad_policy": (UNIT_OK + 'aoo_policy = "sometimes"\n', "sometimes"),
    "long_glyph": (UNIT_OK + 'glyph = "abc"\n', "glyph"),
    "in_hand_not_carried": (UNIT_OK + 'in_hand = ["longsword"]\n', "longsword"),
    "in_hand_not_a_list": (UNIT_OK + 'in_hand = "dagger"\n', "in_hand"),
}

BAD_WEAPONS = {
    "weapon_bad_dice": (WEAPONS_OK.replace('"1d4"', '"1d4x"'), "1d4x"),
    "weapon_bad_type": (WEAPONS_OK.replace('"piercing"', '"stabbing"'), "stabbing"),
    "weapon_unknown_field": (WEAPONS_OK + "crit = 19\n", "crit"),
    "weapon_missing_name": (WEAPONS_OK.replace('name = "Dagger"\n', ""), "'name'"),
    "weapon_ranged_no_range": (WEAPONS_OK.replace('"melee"', '"ranged"'), "range"),
    "weapon_threat_out_of_range": (WEAPONS_OK + "threat = 21\n", "threat"),
    "weapon_not_toml": (WEAPONS_OK + "[dagger\n", "not valid TOML"),
    "weapon_not_a_table": ('dagger = "sharp"\n', "table"),
    "weapon_ammo_on_a_dagger": (WEAPONS_OK + "ammo = 20\n", "ammo"),
    "weapon_ammo_zero": (WEAPONS_OK.replace('"melee"', '"ranged"') + "range_increment_ft = 60\n"
                         "ammo = 0\n", "ammo"),
    "weapon_parry_zero": (WEAPONS_OK + "parry = 0\n", "parry"),
    "weapon_parry_on_a_bow": (WEAPONS_OK.replace('"melee"', '"ranged"') +
                              "range_increment_ft = 60\nparry = 1\n", "cannot parry"),
    "weapon_parry_without_its_x": (WEAPONS_OK + 'properties = ["parry"]\n', "Parry+X"),
}


def _write_assets(tmp_path: Path, unit_text: str = UNIT_OK, weapons_text: str = WEAPONS_OK):
    (tmp_path / "units").mkdir()
    (tmp_path / "units" / "goblin.toml").write_text(unit_text)
    (tmp_path / "weapons.toml").write_text(weapons_text)


def test_minimal_assets_load(tmp_path):
    _write_assets(tmp_path)
    goblin = load_units(tmp_path)["goblin"]
    assert goblin.ac == 10 + 2 + 1 and goblin.glyph == "G"


def _one_error(tmp_path) -> str:
    with pytest.raises(DataError) as info:
        load_units(tmp_path)
    text = str(info.value)
    assert "\n" not in text and text.count("(") >= 1
    return text


@pytest.mark.parametrize("case", sorted(BAD_UNITS))
def test_bad_unit_file_gives_one_line_naming_the_file(tmp_path, case):
    text, needle = BAD_UNITS[case]
    _write_assets(tmp_path, unit_text=text)
    msg = _one_error(tmp_path)
    assert msg.startswith(str(tmp_path / "units" / "goblin.toml") + ":")
    assert needle in msg


@pytest.mark.parametrize("case", sorted(BAD_WEAPONS))
def test_bad_weapons_file_gives_one_line_naming_the_file(tmp_path, case):
    text, needle = BAD_WEAPONS[case]
    _write_assets(tmp_path, weapons_text=text)
    msg = _one_error(tmp_path)
    assert msg.startswith(str(tmp_path / "weapons.toml") + ":")
    assert needle in msg


def test_error_names_the_line_of_the_bad_key(tmp_path):
    _write_assets(tmp_path, unit_text=UNIT_OK.replace("hp = 6", "hp = -4"))
    with pytest.raises(DataError) as info:
        load_units(tmp_path)
    assert info.value.where == "4" and "[goblin].hp" in info.value.message


def test_unknown_field_lists_the_known_ones(tmp_path):
    _write_assets(tmp_path, unit_text=UNIT_OK + "armour = 2\n")
    msg = _one_error(tmp_path)
    assert "did you mean 'armor'" in msg and "natural_armor" in msg


def test_missing_assets_are_a_data_error(tmp_path):
    with pytest.raises(DataError) as info:
        load_units(tmp_path)
    assert "weapons.toml" in str(info.value)
    shutil.copy(ASSETS / "weapons.toml", tmp_path / "weapons.toml")
    with pytest.raises(DataError) as info:
        load_units(tmp_path)
    assert "units" in str(info.value)


def test_shipped_assets_have_no_problems_and_errors_pickle():
    import pickle
    from game.data import check_assets
    assert check_assets() == []
    err = DataError("units/orc.toml", 3, "bad hp", "use a number")
    assert str(pickle.loads(pickle.dumps(err))) == "units/orc.toml:3: bad hp (use a number)"
