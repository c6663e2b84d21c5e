"""Stat blocks of the `light` rule profile (assets/units/light/, game/data/light.py).

Each test quotes the rule of the light rulebook it pins (docs/rules/light/). Bad stat blocks are
written into tmp_path; each must give ONE line naming the file, the creature, the field and
the fix, as a DataError (an InputError: the command line prints it and exits 2).
"""
from __future__ import annotations

import math
import statistics

import pytest

from game.data import DataError, load_units
from game.data.light import (CONDITIONS, DEFENSE_OF, LightEffect, LightPower, LightUnit,
                             LightWeapon, load_light_unit, load_light_units)
from game.data.loader import default_assets_dir
from game.data.model import AbilityArea
from game.errors import InputError

LIGHT = default_assets_dir() / "units" / "light"

GOOD = """\
name = "Raider"
size = "medium"
hp = 28
mp = 10
speed = 5
senses = 5
will = 4
armor = 1
pow = 3
sns = 2
proficiency = 3
shift_ft = 5
walk_ft = 30
run_ft = 45

[[weapons]]
id = "axe"
name = "Axe"
kind = "melee"
damage = 6

[[weapons]]
id = "bow"
name = "Bow"
kind = "ranged"
damage = 5
range = 10

[[powers]]
id = "hamstring"
name = "Hamstring"
action = "major"
mp = 3
uses = 2
hit = 1
kind = "melee"
damage = 2
effects = [{condition = "tripped"}]
"""
REQUIRED = ("speed", "senses", "will", "armor", "pow", "sns", "hp", "mp", "proficiency",
            "shift_ft", "walk_ft", "run_ft", "weapons")


def write(tmp_path, text: str, key: str = "raider"):
    path = tmp_path / f"{key}.toml"
    path.write_text(text)
    return path


def set_field(text: str, field: str, value: str, table: str | None = None) -> str:
    """`text` with `field = value` in the top level (or the first [[table]])."""
    lines = text.splitlines()
    start = 0 if table is None else lines.index(f"[[{table}]]") + 1
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("[[")), len(lines))
    for i in range(start, end):
        if lines[i].split("=")[0].strip() == field:
            lines[i] = f"{field} = {value}"
            break
    else:
        at = end if table else next(i for i, x in enumerate(lines) if not x)
        lines.insert(at, f"{field} = {value}")
    return "\n".join(lines) + "\n"


def drop_field(text: str, field: str) -> str:
    if field == "weapons":
        head = text.split("[[weapons]]")[0]
        return head + "[[powers]]" + text.split("[[powers]]")[1]
    return "\n".join(x for x in text.splitlines() if x.split("=")[0].strip() != field) + "\n"


def one_error(tmp_path, text: str, *fragments: str) -> str:
    """Loading `text` fails with one line: the file, the creature, each fragment, a fix."""
    path = write(tmp_path, text)
    with pytest.raises(DataError) as info:
        load_light_unit(path)
    line = str(info.value)
    assert isinstance(info.value, InputError)
    assert "\n" not in line and line.startswith(f"{path}:"), line
    assert "[raider]" in line, line
    assert line.endswith(")") and " (" in line, f"no fix in: {line}"
    for fragment in fragments:
        assert fragment in line, f"{fragment!r} not in {line!r}"
    return line


# ---- the shipped stat blocks ----------------------------------------------------------------

def test_every_default_kind_has_a_light_stat_block_and_all_load():
    """Rule profiles: one hex engine, several rulebooks; every creature kind plays in each, so
    each kind of assets/units/ has a light stat block of the same name and size."""
    default = load_units()
    light = load_light_units()
    assert sorted(light) == sorted(default)
    for key, unit in light.items():
        assert isinstance(unit, LightUnit) and unit.key == key
        assert unit.size == default[key].size, key
        assert unit.weapons and all(isinstance(w, LightWeapon) for w in unit.weapons)
        assert 1 <= len(unit.powers) <= 3, key
        assert 1 <= len(unit.glyph) <= 2


def test_light_stat_blocks_keep_the_character_of_the_default_ones():
    """The same creature in another rulebook: a flyer flies, a swimmer swims, an archer
    shoots first, a minion has 1 hit point."""
    default, light = load_units(), load_light_units()
    for key, unit in light.items():
        assert unit.flyer == (default[key].fly_ft > 0), key
        assert (unit.swim_ft > 0) == (default[key].swim_ft > 0), key
        assert unit.minion_trait == default[key].minion_trait, key
        shoots = default[key].weapons[0].attack == "ranged"
        assert (unit.default_weapon.kind == "ranged") == shoots, key


def _melee_pairs(light):
    fighters = [u for u in light.values() if u.size == "medium" and not u.minion_trait]
    for a in (u for u in fighters if u.default_weapon.kind == "melee"):
        for t in fighters:
            if t is not a:
                yield a, a.default_weapon, t


def test_numbers_give_the_intended_fights():
    """Balance of the light data: a typical melee attack hits about 55-70% of the time (d20 +
    proficiency must EXCEED 2 x Speed) and a fight between two medium creatures lasts 3-5 hits
    (weapon damage + POW - Armor against the target's HP)."""
    light = load_light_units()
    chances, hits = [], []
    for a, weapon, t in _melee_pairs(light):
        need = t.defense("melee") - a.proficiency          # the d20 must roll above this
        chances.append(min(20, max(0, 20 - need)) / 20)
        hits.append(math.ceil(t.hp / max(1, weapon.damage + a.pow - t.armor)))
    assert 0.55 <= statistics.median(chances) <= 0.70
    assert 3 <= statistics.median(hits) <= 5
    assert min(chances) >= 0.5 and max(chances) <= 0.8
    assert min(hits) >= 3 and max(hits) <= 6


def test_powers_that_make_kinds_play_differently():
    """Each kind has powers of its own: a shaman's psychic blast that may blind, a drake's
    fire that burns, a harpy that makes its target airborne, a cleric's heal, a rogue's
    poison, an archer's pinning shot."""
    light = load_light_units()
    blast = light["goblin_shaman"].power("hex_blast")
    assert blast.kind == "psychic" and blast.vs == "will"
    assert LightEffect("blinded", 1) in blast.effects
    breath = light["drake"].power("fire_breath")
    assert breath.area == AbilityArea("cone", 3) and breath.effects[0].condition == "burned"
    assert breath.effects[0].turns is None        # burned rolls its turns: d20/5
    assert light["harpy"].power("snatch").effects[0].condition == "airborne"
    assert light["cleric"].power("cure_wounds").heal > 0
    assert light["rogue"].power("poisoned_blade").effects[0].condition == "poisoned"
    assert light["archer"].power("pinning_shot").vs == "speed"


def test_archer_in_the_rulebooks_own_words():
    """"Pinning Shot: Major Action • 4 MP • 2x Daily"; the dagger is a melee weapon that may be
    thrown (range 2 hexes, -5); a bow has a range in hexes, a melee weapon a reach of 1."""
    archer = load_light_units()["archer"]
    assert archer.power("pinning_shot").header() == "Major Action • 4 MP • 2x Daily"
    bow, dagger = archer.weapons
    assert (bow.kind, bow.range, bow.reach, bow.defense, bow.stat) == \
        ("ranged", 12, 0, "senses", "sns")
    assert (dagger.kind, dagger.reach, dagger.throwable, dagger.defense, dagger.stat) == \
        ("melee", 1, True, "speed", "pow")


def test_defenses_are_twice_the_stat_and_initiative_adds_senses():
    """Defenses: twice Speed vs melee, twice Senses vs ranged, twice Will vs psychic;
    initiative is d20 + Senses."""
    archer = load_light_units()["archer"]
    assert archer.defense("melee") == archer.defense("speed") == 2 * archer.speed
    assert archer.defense("ranged") == archer.defense("gun") == 2 * archer.senses
    assert archer.defense("psychic") == 2 * archer.will
    assert archer.initiative_bonus == archer.senses
    assert DEFENSE_OF == {"melee": "speed", "ranged": "senses", "gun": "senses",
                          "psychic": "will"}


# ---- a good file, and the defaults ----------------------------------------------------------

def test_a_good_stat_block_loads_with_its_defaults(tmp_path):
    """Uses: absent = unlimited, "daily" = 1; a melee power reaches 1 hex unless it says;
    `vs` defaults by the power's kind; a power's effects are conditions on a hit."""
    text = GOOD + ('\n[[powers]]\nid = "howl"\nname = "Howl"\naction = "move"\nmp = 2\n'
                   'uses = "daily"\nkind = "psychic"\narea = "close burst 2"\n'
                   'effects = [{condition = "stunned", turns = 1}]\n')
    unit = load_light_unit(write(tmp_path, text))
    axe, bow = unit.weapons
    assert (axe.reach, axe.range, bow.reach, bow.range) == (1, 0, 0, 10)
    hamstring, howl = unit.powers
    assert hamstring == LightPower(id="hamstring", name="Hamstring", action="major", mp=3,
                                   uses=2, hit=1, kind="melee", vs="speed", range=1, damage=2,
                                   effects=(LightEffect("tripped"),))
    assert (howl.uses, howl.daily, howl.vs, howl.range, howl.area) == \
        (1, True, "will", 0, AbilityArea("close_burst", 2))
    assert howl.header() == "Move Action • 2 MP • 1x Daily"
    assert unit.glyph == "R" and unit.powers[0].header() == "Major Action • 3 MP • 2x Daily"


def test_conditions_are_the_rulebooks_eight():
    """Conditions: blinded, invisible, stunned, tripped, burned, poisoned, airborne,
    grounded."""
    assert CONDITIONS == ("blinded", "invisible", "stunned", "tripped", "burned", "poisoned",
                          "airborne", "grounded")


# ---- one line per problem -------------------------------------------------------------------

@pytest.mark.parametrize("field", REQUIRED)
def test_missing_required_field(tmp_path, field):
    """Stats: Speed, Senses, Will, Armor, POW, SNS, HP, MP, proficiency, shift / walk / run,
    and weapons: a stat block without one cannot play."""
    one_error(tmp_path, drop_field(GOOD, field), f"missing required field '{field}'",
              "add ")


@pytest.mark.parametrize("field,value,said", [
    ("hp", "true", "must be a whole number, got True"),          # bool is not an int
    ("speed", "false", "must be a whole number, got False"),
    ("armor", '"2"', "must be a whole number, got '2'"),
    ("pow", "2.5", "must be a whole number, got 2.5"),
    ("walk_ft", "[30]", "must be a whole number of feet"),
    ("name", "3", "must be a text in quotes"),
    ("minion_trait", "1", "must be true or false"),
])
def test_wrong_types(tmp_path, field, value, said):
    """Stats are whole numbers (true is not 1), names are text, flags are true or false."""
    one_error(tmp_path, set_field(GOOD, field, value), f".{field}", said)


@pytest.mark.parametrize("field,value,table", [
    ("speed", "-1", None), ("armor", "-2", None), ("hp", "0", None), ("mp", "-3", None),
    ("proficiency", "-1", None), ("shift_ft", "-5", None),
    ("damage", "-4", "weapons"), ("mp", "-1", "powers"), ("hit", "-2", "powers"),
    ("damage", "-1", "powers"), ("heal", "-5", "powers"),
])
def test_negative_numbers(tmp_path, field, value, table):
    """No stat of the rulebook is negative (a creature has at least 1 HP)."""
    line = one_error(tmp_path, set_field(GOOD, field, value, table), f".{field}",
                     "must be ")
    assert "at least" in line or "between" in line


@pytest.mark.parametrize("field,value", [
    ("hp", "10001"), ("hp", "99999999999999999999999"), ("speed", "101"),
    ("mp", "1000000"), ("walk_ft", "5000"),
])
def test_huge_integers(tmp_path, field, value):
    """Numbers are capped (HP at 10,000, stats at 100, feet at 1,000): a typo of extra
    digits is an error, not a creature that never falls."""
    one_error(tmp_path, set_field(GOOD, field, value), f".{field}", "between")


def test_integer_too_long_for_python_is_one_line(tmp_path):
    path = write(tmp_path, set_field(GOOD, "hp", "9" * 5000))
    with pytest.raises(DataError) as info:
        load_light_unit(path)
    assert str(info.value).startswith(f"{path}:") and "\n" not in str(info.value)


@pytest.mark.parametrize("shift,walk,run,field,said", [
    (30, 30, 45, "shift_ft", "must be less than walk"),
    (35, 30, 45, "shift_ft", "must be less than walk"),
    (5, 30, 25, "run_ft", "must be at least walk"),
])
def test_shift_walk_run_order(tmp_path, shift, walk, run, field, said):
    """shift < walk <= run."""
    text = set_field(set_field(set_field(GOOD, "shift_ft", str(shift)), "walk_ft", str(walk)),
                     "run_ft", str(run))
    one_error(tmp_path, text, f".{field}", said)


def test_movement_in_whole_hexes(tmp_path):
    """A hex is 5 ft: movement scores are multiples of 5."""
    one_error(tmp_path, set_field(GOOD, "walk_ft", "32"), ".walk_ft", "multiple of 5")


def test_walk_and_run_equal_is_fine(tmp_path):
    """walk <= run: a creature that cannot run faster than it walks is allowed."""
    assert load_light_unit(write(tmp_path, set_field(GOOD, "run_ft", "30"))).run_ft == 30


def test_unknown_weapon_kind(tmp_path):
    """Weapon kinds: melee, ranged, psychic, gun."""
    one_error(tmp_path, set_field(GOOD, "kind", '"laser"', "weapons"), ".weapons[0].kind",
              "unknown value 'laser'", "melee, ranged, psychic, gun")


@pytest.mark.parametrize("field,value,said", [
    ("action", '"minor"', "major, move, interruption"),
    ("kind", '"gun"', "melee, ranged, psychic"),
    ("vs", '"armor"', "speed, senses, will"),
])
def test_unknown_power_words(tmp_path, field, value, said):
    """A power is a Major, Move or Interruption action, of kind melee, ranged or psychic, and
    may hit "vs" another defense: speed, senses or will."""
    one_error(tmp_path, set_field(GOOD, field, value, "powers"), f".powers[0].{field}",
              "unknown value", said)


def test_unknown_condition(tmp_path):
    """Conditions: blinded, invisible, stunned, tripped, burned, poisoned, airborne,
    grounded."""
    text = set_field(GOOD, "effects", '[{condition = "prone"}]', "powers")
    one_error(tmp_path, text, ".powers[0].effects[0].condition", "unknown value 'prone'",
              "tripped")


@pytest.mark.parametrize("value,said", [
    ('"circle 2"', "unknown area shape 'circle'"), ('"burst"', "must be a shape and a size"),
    ('"burst 0"', "from 1 to 20"), ("2", "must be a shape and a size"),
])
def test_unknown_area_word(tmp_path, value, said):
    """Areas use the words of the default abilities: burst, close_burst, cone, line, wall
    (game/rules/areas.py), and a size in hexes."""
    text = set_field(set_field(GOOD, "area", value, "powers"), "range", "3", "powers")
    one_error(tmp_path, text, ".powers[0].area", said, "burst 1")


@pytest.mark.parametrize("table,field", [("weapons", "range"), ("powers", "range"),
                                         ("weapons", "reach")])
def test_negative_range(tmp_path, table, field):
    """Range and reach are hexes: never negative."""
    text = set_field(GOOD, field, "-1", table)
    if table == "weapons" and field == "range":
        text = set_field(GOOD.replace('id = "axe"', 'id = "sling"'), "kind", '"ranged"',
                         table)
        text = set_field(text, "range", "-1", table)
    one_error(tmp_path, text, f".{table}[0].{field}", "must be ")


@pytest.mark.parametrize("value", ['"weekly"', "0", "true", "1.5", "-1", '"Daily"'])
def test_uses_is_a_count_or_daily(tmp_path, value):
    """"#x Daily": uses is a count, or "daily" (1); absent: no limit."""
    one_error(tmp_path, set_field(GOOD, "uses", value, "powers"), ".powers[0].uses",
              '"daily"')


def test_melee_weapon_has_reach_not_range(tmp_path):
    """Melee weapons have a reach in hexes (default 1); ranged ones a range."""
    one_error(tmp_path, set_field(GOOD, "range", "3", "weapons"), ".weapons[0].range",
              "has a reach, not a range")


def test_ranged_weapon_needs_a_range_and_no_reach(tmp_path):
    bow = GOOD.split("[[weapons]]")[2].split("[[powers]]")[0]
    no_range = GOOD.replace(bow, bow.replace("range = 10\n", ""))
    one_error(tmp_path, no_range, ".weapons[1].range", "needs a range")
    one_error(tmp_path, GOOD.replace(bow, bow + "reach = 2\n"), ".weapons[1].reach",
              "only melee weapons")


def test_only_melee_weapons_are_thrown(tmp_path):
    """A melee weapon may be thrown (range 2 hexes, -5); a bow is not thrown."""
    bow = GOOD.split("[[weapons]]")[2].split("[[powers]]")[0]
    one_error(tmp_path, GOOD.replace(bow, bow + "throwable = true\n"),
              ".weapons[1].throwable", "only melee weapons")


def test_power_costs_at_most_the_creatures_mp(tmp_path):
    """Powers spend MP: one that costs more than the creature has could never be used."""
    one_error(tmp_path, set_field(GOOD, "mp", "11", "powers"), ".powers[0].mp",
              "only 10")


def test_power_heals_or_harms_and_does_something(tmp_path):
    """Heal: HP restored to the target (an ally) instead of damage."""
    one_error(tmp_path, set_field(GOOD, "heal", "5", "powers"), ".powers[0].heal",
              "not both")
    nothing = set_field(set_field(GOOD, "damage", "0", "powers"), "effects", "[]", "powers")
    one_error(tmp_path, nothing, ".powers[0].damage", "does nothing")


def test_ranged_power_needs_a_range_and_a_cone_takes_none(tmp_path):
    """A ranged or psychic power names its range in hexes; a cone, line or close burst starts
    at the user."""
    ranged = set_field(GOOD, "kind", '"ranged"', "powers")
    one_error(tmp_path, ranged, ".powers[0].range", "needs a range")
    cone = set_field(set_field(GOOD, "area", '"cone 3"', "powers"), "range", "4", "powers")
    one_error(tmp_path, cone, ".powers[0].range", "takes no range")


def test_range_zero_is_the_user_itself(tmp_path):
    """Range in hexes: 0 is the user's own hex, so a power that deals damage reaches 1 hex or
    more; a heal of range 0 heals the user."""
    one_error(tmp_path, set_field(GOOD, "range", "0", "powers"), ".powers[0].range",
              "range 0 is the user itself")
    heal = set_field(set_field(set_field(set_field(GOOD, "damage", "0", "powers"), "effects",
                                         "[]", "powers"), "heal", "6", "powers"), "hit", "0",
                     "powers")
    assert load_light_unit(write(tmp_path, set_field(heal, "range", "0", "powers"))) \
        .powers[0].range == 0


def test_unknown_field_suggests_the_known_one(tmp_path):
    line = one_error(tmp_path, set_field(GOOD, "sense", "5"), ".sense", "unknown field")
    assert "did you mean 'senses'?" in line


def test_ids_are_used_once(tmp_path):
    text = GOOD.replace('id = "bow"', 'id = "axe"')
    one_error(tmp_path, text, ".weapons[1].id", "used twice")


def test_no_weapons(tmp_path):
    text = drop_field(GOOD, "weapons").replace("[[powers]]", "weapons = []\n\n[[powers]]")
    one_error(tmp_path, text, ".weapons", "at least one weapon")


def test_minion_has_one_hit_point(tmp_path):
    """A minion (docs/rules/15-minions.md) is a creature of exactly 1 hit point."""
    one_error(tmp_path, set_field(GOOD, "minion_trait", "true"), ".hp", "1 hit point")


def test_error_names_the_line_of_the_bad_key(tmp_path):
    text = set_field(GOOD, "vs", '"armour"', "powers")
    path = write(tmp_path, text)
    with pytest.raises(DataError) as info:
        load_light_unit(path)
    line = next(i for i, x in enumerate(text.splitlines(), 1) if x.startswith("vs ="))
    assert str(info.value).startswith(f"{path}:{line}: [raider].powers[0].vs")


def test_bad_toml_and_missing_folder(tmp_path):
    one = write(tmp_path, GOOD + "speed = = 3\n")
    with pytest.raises(DataError) as info:
        load_light_unit(one)
    assert "not valid TOML" in str(info.value)
    with pytest.raises(DataError) as info:
        load_light_units(tmp_path / "nowhere")
    assert "no folder of light stat blocks" in str(info.value)
    (tmp_path / "empty").mkdir()
    with pytest.raises(DataError) as info:
        load_light_units(tmp_path / "empty")
    assert "no light stat blocks" in str(info.value)


def test_healing_power_rolls_no_attack(tmp_path):
    """Heal: HP restored to the target (an ally): an ally is not attacked."""
    heal = set_field(set_field(set_field(GOOD, "damage", "0", "powers"), "effects", "[]",
                               "powers"), "heal", "6", "powers")
    one_error(tmp_path, heal, ".powers[0].hit", "rolls no attack")
    assert load_light_unit(write(tmp_path, set_field(heal, "hit", "0", "powers"))).powers[0] \
        .heal == 6
