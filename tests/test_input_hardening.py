"""Unit and weapon files and command-line arguments from strangers (docs/security.md "Unit and
weapon files", "Command line"): every hostile input is made here, in the test, and gives one
line naming the file (or the argument), exit status 2 or a DataError, never a hang, a
traceback or a terminal escape sequence.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import game.data
from game.data import DataError, load_units, load_weapons, parse_dice
from game.errors import InputError, printable
from game.tiled.loader import load_map
from tests.helpers import (assert_one_error_line, memory_limited, run_game,
                           run_game_in_process)

REPO = Path(__file__).resolve().parent.parent
BADMAPS = REPO / "tests" / "badmaps"
MEMORY_LIMIT = 2 << 30

WEAPON = '[blade]\nname = "Blade"\nattack = "melee"\nhands = "one"\n' \
         'damage = "{damage}"\ndamage_type = ["slashing"]\n'
UNIT = 'name = "{name}"\nsize = "medium"\nspeed_ft = 30\nhp = 10\nhr = 1\nlevel = 1\n' \
       'weapons = ["blade"]\n'


def game_cli(*args, timeout=60, cwd=REPO) -> subprocess.CompletedProcess:
    return run_game(*args, timeout=timeout, cwd=cwd, memory=MEMORY_LIMIT)


in_process = run_game_in_process
assert_one_line = assert_one_error_line


def assets(tmp_path, damage="1d8", name="Raider", extra_units=()) -> Path:
    (tmp_path / "units").mkdir()
    (tmp_path / "weapons.toml").write_text(WEAPON.format(damage=damage))
    (tmp_path / "units" / "raider.toml").write_text(UNIT.format(name=name))
    for file, text in extra_units:
        (tmp_path / "units" / file).write_text(text)
    return tmp_path


# ---- weapon damage ---------------------------------------------------------------------------

@pytest.mark.parametrize("damage,message", [
    ("999999d999999", "at most 6 dice of at most 12 sides"),
    ("100000000000000000000d2", "at most 6 dice"),
    ("1d100000000000000000000", "at most 6 dice"),
    ("1d8+1e20", "is not a dice expression"),
    ("1d8+100000000000000000000", "bonus between -20 and +20"),
    ("7d6", "at most 6 dice"),
    ("1d20", "of at most 12 sides"),
    ("1d8+21", "bonus must be between -20 and +20"),
    ("0", "can never deal damage"),
    ("1d8-20", "can never deal damage (at most -12)"),
    ("1d4-4", "can never deal damage (at most 0)"),
])
def test_absurd_weapon_damage_is_refused_naming_the_toml_file(tmp_path, damage, message):
    assets(tmp_path, damage=damage)
    with pytest.raises(DataError) as err:
        load_weapons(tmp_path / "weapons.toml")
    line = str(err.value)
    assert line.startswith(f"{tmp_path / 'weapons.toml'}:") and message in line
    assert "\n" not in line


@pytest.mark.parametrize("damage", ["1d4-1", "6d12+20", "1", "2d6+1", "d3"])
def test_damage_within_the_bounds_still_loads(tmp_path, damage):
    assets(tmp_path, damage=damage)
    assert load_weapons(tmp_path / "weapons.toml")["blade"].damage == parse_dice(damage)


def test_extra_damage_dice_are_bounded_too(tmp_path):
    assets(tmp_path)
    with open(tmp_path / "weapons.toml", "a") as f:
        f.write('extra_damage = [{dice = "99d99", type = "fire"}]\n')
    with pytest.raises(DataError) as err:
        load_weapons(tmp_path / "weapons.toml")
    assert "extra_damage" in str(err.value) and "at most 6 dice" in str(err.value)


# ---- TOML that breaks the parser, files that are not files -------------------------------------

@pytest.mark.parametrize("text,message", [
    ("x = " + "[" * 100_000 + "]" * 100_000 + "\n", "nested too deeply"),
    ("x = " + "{a = " * 5000 + "1" + "}" * 5000 + "\n", "nested too deeply"),
    ("hp = " + "9" * 5000 + "\n", "not valid TOML"),
])
def test_a_hostile_unit_file_is_blamed_on_itself_not_on_the_map(tmp_path, monkeypatch, text,
                                                                 message):
    assets(tmp_path, extra_units=[("hostile.toml", text)])
    with pytest.raises(DataError) as err:
        load_units(tmp_path)
    assert str(err.value).startswith(f"{tmp_path / 'units' / 'hostile.toml'}:")
    assert message in str(err.value)
    real = game.data.load_units
    monkeypatch.setattr(game.data, "load_units", lambda: real(tmp_path))
    with pytest.raises(InputError) as err:
        load_map(REPO / "maps" / "duel.tmx")
    line = err.value.line()
    assert line.startswith(f"{tmp_path / 'units' / 'hostile.toml'}:"), line
    assert "cannot load the unit database" in line and "maximum recursion" not in line


CHILD = """
import sys
from game.data import DataError, load_units
try:
    load_units(sys.argv[1])
except DataError as err:
    print(err)
"""


def test_a_fifo_among_the_unit_files_does_not_block(tmp_path):
    assets(tmp_path)
    os.mkfifo(tmp_path / "units" / "pipe.toml")
    env = dict(os.environ, PYTHONPATH=str(REPO))
    out = subprocess.run([sys.executable, "-c", CHILD, str(tmp_path)], env=env, timeout=30,
                         capture_output=True, text=True, preexec_fn=memory_limited(MEMORY_LIMIT))
    assert out.stdout.strip() == f"{tmp_path / 'units' / 'pipe.toml'}:-: is a pipe, not a TOML " \
        "file (give a regular UTF-8 text file of at most 1 MiB)"


def test_a_huge_unit_file_is_not_read(tmp_path):
    assets(tmp_path)
    with open(tmp_path / "units" / "huge.toml", "wb") as f:
        f.truncate(2 << 20)                   # sparse: no megabytes on the disk
    with pytest.raises(DataError) as err:
        load_units(tmp_path)
    assert "huge.toml" in str(err.value) and "larger than 1 MiB" in str(err.value)


# ---- names that would spoof the output -----------------------------------------------------------

@pytest.mark.parametrize("name", ["Orc\\u001b[2J", "Two\\nlines", "Right\\u202eto left"])
def test_control_characters_in_a_unit_name_are_refused_and_escaped(tmp_path, name):
    assets(tmp_path, name=name)
    with pytest.raises(DataError) as err:
        load_units(tmp_path)
    line = str(err.value)
    assert "control character" in line and "raider.toml" in line
    assert printable(line) == line and "\n" not in line and "\x1b" not in line


def test_a_description_may_have_line_breaks_but_no_escape_sequences(tmp_path):
    assets(tmp_path)
    unit = tmp_path / "units" / "raider.toml"
    unit.write_text(unit.read_text() + 'description = """Two\nlines"""\n')
    assert load_units(tmp_path)["raider"].description == "Two\nlines"
    unit.write_text(unit.read_text().replace("Two\n", "Two\\u001b[2J"))
    with pytest.raises(DataError):
        load_units(tmp_path)


def bad_map(tmp_path, name="ok.tmx", change=lambda text: text) -> Path:
    for helper in ("terrain.tsx", "hex.png"):
        shutil.copy(BADMAPS / helper, tmp_path / helper)
    path = tmp_path / name
    path.write_text(change((BADMAPS / "_ok.tmx").read_text()))
    return path


def test_a_unit_name_with_a_newline_is_refused_in_one_line(tmp_path):
    path = bad_map(tmp_path, change=lambda t: t.replace('name="Wulfric"',
                                                        'name="Wulf&#10;ric: ok"'))
    out = game_cli("validate", path)
    assert_one_line(out, f"{path}:15:", "unit 'Wulf\\nric: ok': the name holds a control "
                    "character")


def test_a_file_name_with_a_newline_is_escaped(tmp_path, capsys):
    """validate in a new process, inspect through the same entry point in this one."""
    path = bad_map(tmp_path, name="evil\nmap.tmx", change=lambda t: t.replace(
        'value="fighter"', 'value="figther"'))
    assert_one_line(game_cli("validate", path), "evil\\nmap.tmx:")
    assert_one_line(in_process(capsys, "inspect", path), "evil\\nmap.tmx:")


@pytest.mark.parametrize("conditions,message", [
    ("bogus_condition", "unknown condition 'bogus_condition'"),
    ("dead", "unknown condition 'dead'"),
    ("prone, unconscious", "condition 'unconscious' follows from hit points"),
    ("bleed", "condition 'bleed' follows from hit points"),
    ("running", "unknown condition 'running'"),
])
def test_unit_conditions_are_those_a_map_may_set(tmp_path, conditions, message, cli):
    """The first case in a new process, the others through the same entry point in this one
    (tests/conftest.py `cli`)."""
    prop = f'<property name="conditions" value="{conditions}"/>'
    path = bad_map(tmp_path, change=lambda t: t.replace('<property name="team" value="blue"/>',
                                                        '<property name="team" value="blue"/>'
                                                        + prop))
    assert_one_line(cli("validate", path), f"{path}:15:", message, "prone")


def test_conditions_a_map_may_set_still_load(tmp_path):
    prop = '<property name="conditions" value="Prone, frightened"/>'
    path = bad_map(tmp_path, change=lambda t: t.replace('<property name="team" value="blue"/>',
                                                        '<property name="team" value="blue"/>'
                                                        + prop))
    assert load_map(path).units[0].conditions == ("prone", "frightened")


# ---- command line ------------------------------------------------------------------------------

def test_a_5000_digit_coordinate_is_one_line(capsys):
    out = in_process(capsys, "path", REPO / "maps" / "duel.tmx", "Aldric", "1," + "9" * 5000)
    assert_one_line(out, "COL,ROW", "at most 6 digits")
    assert len(out.stderr) < 300


@pytest.mark.parametrize("cell", ["-1,0", "2,-4", "-3,-3"])
def test_negative_coordinates_are_hexes_not_options(capsys, cell):
    out = in_process(capsys, "path", REPO / "maps" / "duel.tmx", "Aldric", cell)
    assert_one_line(out, f"hex {cell} is outside the map")


def test_a_negative_coordinate_after_an_option(tmp_path):
    out = game_cli("screenshot", "maps/duel.tmx", tmp_path / "x.png", "--hover", "-1,2")
    assert_one_line(out, "--hover -1,2 is off the map")


@pytest.mark.parametrize("args,message", [
    (["--games", "1000000000"], "--games: must be a whole number from 1 to 100000"),
    (["--games", "0"], "--games: must be a whole number from 1"),
    (["--jobs", "100000"], "--jobs: must be a whole number from 1 to 256"),
    (["--seed", "9" * 5000], "--seed: must be a whole number"),
])
def test_simulate_numbers_are_bounded_before_anything_runs(capsys, args, message):
    out = in_process(capsys, "simulate", REPO / "maps" / "duel.tmx", "--sides", "ai,ai", *args)
    assert_one_line(out, message)
    assert len(out.stderr) < 300
