"""Hostile maps, project files, saves and command-line arguments (docs/security.md): numbers of
hundreds of digits, NaN and infinities, NUL bytes and names too long for the file system,
symlink loops, members of the wrong JSON type. Each hostile input is written here into
tmp_path and run through the real command line: the first case of each promise in a new
process under a time and memory limit, as a player sees it, the other cases through the same
entry point in this process (tests/conftest.py `cli`). The game refuses it in one line naming
the file (or argument), the place and the fix, exit status 2, no traceback, nothing written."""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from game import paths
from game.engine.battle import Battle
from game.engine.replay import save_battle
from game.tiled.loader import load_map
from game.ui import setup_model
from game.ui.screens import team_name
from tests.helpers import (REPO, assert_refused, loaded_map, tiled_json_map,
                           tiled_json_unit)
from test_map_hardening import good_map

BIG = "9" * 400                       # float() makes it inf; int(float()) overflows
RAW_CONTROLS = ("\x1b", "\x07", "\r", "\u202e")
BAD_NAME = "blue\n\x1b[2J\x07\r\u202ex"
LONG = "a" * 300
TILESETS = paths.assets_dir() / "tilesets"


def refused_by_validate(cli, path: Path, *parts: str) -> str:
    """`validate` refuses the map: one or more problem lines, each `file:place: ... — fix`."""
    err = assert_refused(cli("validate", path), *parts, lines=None)
    assert all(re.match(r".+:[^:]+: .+ — ", line) for line in err.splitlines()), err
    return err


# --- maps written for the tests ----------------------------------------------------------------

def tmx_map(folder: Path, change=lambda text: text) -> Path:
    """The 6x5 test map of tests/test_map_hardening.py (units Ann at x=112 y=80 and Grok),
    its text passed through `change`."""
    path = good_map(folder)
    path.write_text(change(path.read_text()))
    return path


json_unit = tiled_json_unit


def json_map(folder: Path, change=lambda doc: None, raw: dict | None = None,
             team: str = "blue") -> Path:
    """A Tiled JSON map (8x6, the shipped pointy tilesets, a fighter per team), `change`d in
    place; `raw` replaces quoted placeholders by JSON text json.dumps cannot write (1e309)."""
    units = [json_unit(1, "Ann", team, 112), json_unit(2, "Grok", "red", 392)]
    doc = tiled_json_map(folder, units, [{"name": "teams", "type": "string",
                                          "value": f"{team},red"}])
    change(doc)
    text = json.dumps(doc)
    for placeholder, literal in (raw or {}).items():
        text = text.replace(json.dumps(placeholder), literal)
    path = folder / "m.tmj"
    path.write_text(text)
    return path


def ann(doc: dict) -> dict:
    return doc["layers"][1]["objects"][0]


# --- 1. integers of hundreds of digits ---------------------------------------------------------

def tmx_unit_property(name: str, kind: str):
    prop = f'<property name="{name}" type="{kind}" value="{BIG}"/>'
    return lambda text: text.replace('<property name="unit" value="fighter"/>',
                                     '<property name="unit" value="fighter"/>' + prop, 1)


def tmx_terrain_property(folder: Path, kind: str) -> Path:
    path = tmx_map(folder)
    tsx = folder / "terrain.tsx"
    tsx.write_text(tsx.read_text().replace(
        '<property name="terrain" value="hill"/>',
        f'<property name="terrain" value="hill"/><property name="zz_height" type="{kind}" '
        f'value="{BIG}"/>', 1).replace(
        '<property name="elevation" type="int" value="1"/>',
        f'<property name="elevation" type="{kind}" value="{BIG}"/>'))
    return path


@pytest.mark.parametrize("kind", ["int", "float"])
@pytest.mark.parametrize("name", ["hp", "speed", "strength"])
def test_a_400_digit_unit_property_is_one_line_naming_the_map(cli, tmp_path, name, kind):
    path = tmx_map(tmp_path, tmx_unit_property(name, kind))
    refused_by_validate(cli, path, str(path), f"'{name}'")
    assert_refused(cli("inspect", path), str(path))


@pytest.mark.parametrize("kind", ["int", "float"])
def test_a_400_digit_terrain_property_is_one_line_naming_the_tileset(cli, tmp_path, kind):
    path = tmx_terrain_property(tmp_path, kind)
    refused_by_validate(cli, path, str(tmp_path / "terrain.tsx"), "'elevation'")
    assert_refused(cli("inspect", path), "terrain.tsx")


@pytest.mark.parametrize("name", ["lives", "title", "rules"])
def test_a_400_digit_json_property_the_game_reads_is_one_line(cli, tmp_path, name):
    path = json_map(tmp_path, lambda doc: doc["properties"].append(
        {"name": name, "type": "int", "value": "@N@"}), raw={"@N@": BIG})
    refused_by_validate(cli, path, str(path), f"'{name}'")
    assert_refused(cli("inspect", path), str(path))


@pytest.mark.parametrize("kind", ["int", "float"])
def test_a_400_digit_json_property_the_game_ignores_loads(cli, tmp_path, kind):
    path = json_map(tmp_path, lambda doc: doc["properties"].append(
        {"name": "zz_note", "type": kind, "value": "@N@"}), raw={"@N@": BIG})
    for args in (("validate", path), ("inspect", path), ("render", path, tmp_path / "o.png")):
        out = cli(*args)
        assert out.returncode == 0, (args, out.stderr)


def test_a_400_digit_project_member_is_one_line_naming_the_project(cli, tmp_path):
    path = tmx_map(tmp_path)
    (tmp_path / "kit.tiled-project").write_text(
        '{"propertyTypes": [{"name": "unit", "type": "class", "useAs": ["object"], '
        f'"members": [{{"name": "hp", "type": "int", "value": {BIG}}}]}}]}}')
    refused_by_validate(cli, path, "kit.tiled-project", "'hp'")
    assert_refused(cli("inspect", path), "kit.tiled-project")


def test_a_huge_tile_offset_is_refused_before_drawing(cli, tmp_path):
    path = tmx_map(tmp_path)
    tsx = tmp_path / "terrain.tsx"
    tsx.write_text(tsx.read_text().replace(
        ' <image ', f' <tileoffset x="{BIG}" y="1e309"/>\n <image ', 1))
    refused_by_validate(cli, path, "terrain.tsx", "tileoffset")
    assert_refused(cli("render", path, tmp_path / "o.png"), "terrain.tsx")
    assert not (tmp_path / "o.png").exists()


# --- 2. NaN, infinities and 1e309 in unit positions --------------------------------------------

NOT_FINITE = ["nan", "inf", "-inf", "1e309"]
JSON_LITERAL = {"nan": "NaN", "inf": "Infinity", "-inf": "-Infinity", "1e309": "1e309"}


def tmx_position(where: str, value: str):
    def change(text: str) -> str:
        if where in ("x", "y"):
            old = 'x="112"' if where == "x" else 'y="80"'
            return text.replace(old, f'{where}="{value}"', 1)
        return text.replace("<point/>", f'<{where} points="0,0 {value},5 8,8"/>', 1)
    return change


@pytest.mark.parametrize("value", NOT_FINITE)
@pytest.mark.parametrize("where", ["x", "y", "polygon", "polyline"])
def test_a_unit_position_that_is_not_finite_is_one_line_in_a_tmx(cli, tmp_path, where, value):
    path = tmx_map(tmp_path, tmx_position(where, value))
    refused_by_validate(cli, path, str(path))


@pytest.mark.parametrize("value", NOT_FINITE)
@pytest.mark.parametrize("where", ["x", "y", "polygon", "polyline"])
def test_a_unit_position_that_is_not_finite_is_one_line_in_a_tmj(cli, tmp_path, where, value):
    def change(doc):
        if where in ("x", "y"):
            ann(doc)[where] = "@V@"
        else:
            del ann(doc)["gid"]
            ann(doc)[where] = [{"x": 0, "y": 0}, {"x": "@V@", "y": 5}, {"x": 8, "y": 8}]
    path = json_map(tmp_path, change, raw={"@V@": JSON_LITERAL[value]})
    refused_by_validate(cli, path, str(path), "objects[0]")


@pytest.mark.parametrize("command", ["inspect", "screenshot", "simulate"])
def test_every_map_command_refuses_a_nan_position_in_one_line(cli, tmp_path, command):
    path = tmx_map(tmp_path, tmx_position("x", "nan"))
    extra = {"screenshot": (tmp_path / "o.png",), "simulate": ("--sides", "ai,ai")}
    assert_refused(cli(command, path, *extra.get(command, ())), str(path))
    assert not (tmp_path / "o.png").exists()


# --- 3. NUL bytes and names too long, in maps, saves and arguments -----------------------------

def json_reference(where: str, name: str):
    def change(doc):
        if where == "tileset":
            doc["tilesets"][0]["source"] = name
        elif where == "image":
            doc["layers"].append({"type": "imagelayer", "id": 5, "name": "sky", "image": name})
        else:
            ann(doc)["template"] = name
    return change


@pytest.mark.parametrize("name", ["a\x00b.tsx", LONG + ".tsx", "/".join([LONG] * 20)],
                         ids=["nul", "300-characters", "6000-characters"])
@pytest.mark.parametrize("where", ["tileset", "image", "template"])
def test_a_nul_or_an_overlong_file_name_in_a_tmj_is_one_line(cli, tmp_path, where, name):
    path = json_map(tmp_path, json_reference(where, name))
    refused_by_validate(cli, path, str(path))
    out = cli("render", path, tmp_path / "o.png")
    assert_refused(out, str(path))
    assert not (tmp_path / "o.png").exists()


@pytest.mark.parametrize("where", ["tileset", "image", "template"])
def test_an_overlong_file_name_in_a_tmx_is_one_line(cli, tmp_path, where):
    def change(text: str) -> str:
        if where == "tileset":
            return text.replace('source="terrain.tsx"', f'source="{LONG}.tsx"')
        if where == "image":
            return text.replace("</map>", f'<imagelayer id="30" name="sky"><image '
                                f'source="{LONG}.png"/></imagelayer></map>')
        return text.replace('<object id="90"', f'<object id="90" template="{LONG}.tx"', 1)
    path = tmx_map(tmp_path, change)
    refused_by_validate(cli, path, str(path), "too long")


def test_an_overlong_image_name_in_a_tileset_is_one_line_naming_the_tileset(cli, tmp_path):
    path = tmx_map(tmp_path)
    tsx = tmp_path / "terrain.tsx"
    tsx.write_text(tsx.read_text().replace('source="hex.png"', f'source="{LONG}.png"'))
    refused_by_validate(cli, path, str(tsx), "too long")


def test_a_long_image_name_with_a_backslash_is_one_line_naming_the_tileset(cli, tmp_path):
    # Found by the reader fuzzer: on Linux a backslash is part of a name, so this
    # 256-byte name is one name, not two short ones.
    path = tmx_map(tmp_path)
    tsx = tmp_path / "terrain.tsx"
    name = "0" * 247 + "\\" + "\U00010000" * 2
    tsx.write_text(tsx.read_text().replace('source="hex.png"', f'source="{name}"'))
    refused_by_validate(cli, path, str(tsx), "too long")


def a_save(folder: Path) -> Path:
    """A save of a fresh battle on the shipped duel map."""
    save_battle(Battle(loaded_map(REPO / "maps" / "duel.tmx"), seed=3), folder / "s.json")
    return folder / "s.json"


@pytest.mark.parametrize("name", ["du\x00el", LONG, "/".join([LONG] * 20) + ".tmx"],
                         ids=["nul", "300-characters", "6000-characters"])
def test_a_nul_or_an_overlong_map_name_in_a_save_is_one_line(cli, tmp_path, name):
    save = a_save(tmp_path)
    data = json.loads(save.read_text())
    save.write_text(json.dumps({**data, "map": name}))
    for args in (("replay", save), ("actions", save, "Ann"),
                 ("screenshot", "duel", tmp_path / "o.png", "--load", save)):
        line = assert_refused(cli(*args), str(save))
        assert ":map:" in line, line
    assert not (tmp_path / "o.png").exists()


ARGUMENTS = {"nul": "x\x00y.tmx", "300-characters": LONG + ".tmx",
             "6000-characters": "/".join([LONG] * 20) + ".tmx"}


def commands_with(arg: str, folder: Path) -> list[tuple]:
    """Every command with `arg` in each place that names a file or folder."""
    duel, png = "duel", folder / "o.png"
    return [("validate", arg), ("inspect", arg), ("path", arg, "Ann", "1,1"),
            ("render", arg, png), ("render", duel, arg + ".png"),
            ("screenshot", duel, arg + ".png"), ("screenshot", duel, png, "--load", arg),
            ("simulate", arg, "--sides", "ai,ai"), ("balance", duel, "--out", arg),
            ("actions", arg, "Ann"), ("replay", arg), ("new-map", arg),
            ("play", duel, "--load", arg), ("play", "--maps", arg)]


MAIN_WITH_NUL = ("import sys; from game.cli import main; "
                 "sys.exit(main([a.replace('<NUL>', chr(0)) for a in sys.argv[1:]]))")


def run_with_argument(cli, *args) -> object:
    """The command line; a NUL byte (which no real command line can pass: the system ends the
    argument there) reaches the game's `main` as a program would pass it."""
    if not (cli.next_in_new_process and any("\x00" in str(a) for a in args)):
        return cli(*args)
    return cli(*(str(a).replace("\x00", "<NUL>") for a in args),
               python=("-c", MAIN_WITH_NUL))


@pytest.mark.parametrize("kind", list(ARGUMENTS))
def test_a_nul_or_an_overlong_argument_is_one_usage_line(cli, tmp_path, kind):
    for args in commands_with(ARGUMENTS[kind], tmp_path):
        out = run_with_argument(cli, *args)
        line = assert_refused(out)
        assert re.search(r"(argument|--\w+|\\x00|too long)", line), (args, line)
    assert list(tmp_path.iterdir()) == []


# --- 4. symlink loops --------------------------------------------------------------------------

@pytest.mark.parametrize("loop", ["two", "self"])
def test_a_tileset_that_is_a_symlink_loop_is_one_line(cli, tmp_path, loop):
    path = tmx_map(tmp_path)
    (tmp_path / "terrain.tsx").unlink()
    if loop == "two":
        (tmp_path / "terrain.tsx").symlink_to("b.tsx")
        (tmp_path / "b.tsx").symlink_to("terrain.tsx")
    else:
        (tmp_path / "terrain.tsx").symlink_to("terrain.tsx")
    refused_by_validate(cli, path, str(path), "terrain.tsx")
    for args in (("inspect", path), ("render", path, tmp_path / "o.png")):
        assert_refused(cli(*args), "terrain.tsx")


def test_a_map_that_is_a_symlink_loop_is_one_line(cli, tmp_path):
    (tmp_path / "m.tmx").symlink_to("m.tmx")
    for command in ("validate", "inspect"):
        assert_refused(cli(command, tmp_path / "m.tmx"), "m.tmx")


# --- 5. the .tiled-project file ----------------------------------------------------------------

#: a project file whose reading would exhaust the stack or the memory if it were not refused
DEEP = "nested 100,000 deep"
PROJECTS = {
    DEEP: "[" * 100_000 + "]" * 100_000,
    "propertyTypes a dict": {"propertyTypes": {"unit": 1}},
    "propertyTypes a string": {"propertyTypes": "unit"},
    "members a string": {"propertyTypes": [{"name": "unit", "type": "class", "members": "x"}]},
    "members a number": {"propertyTypes": [{"name": "unit", "type": "class", "members": 5}]},
    "a member a list": {"propertyTypes": [{"name": "unit", "type": "class", "members": [[1]]}]},
    "values a number": {"propertyTypes": [{"name": "side", "type": "enum", "values": 5}]},
    "useAs a number": {"propertyTypes": [{"name": "unit", "type": "class", "members": [],
                                          "useAs": 5}]},
    "type a list": {"propertyTypes": [{"name": "unit", "type": ["class"], "members": []}]},
    "name a dict": {"propertyTypes": [{"name": {}, "type": "class", "members": []}]},
    "a member's type a list": {"propertyTypes": [{"name": "unit", "type": "class", "members": [
        {"name": "team", "type": ["string"], "value": "blue"}]}]},
}


@pytest.mark.parametrize("case", list(PROJECTS))
def test_a_project_file_of_the_wrong_shape_is_one_line_naming_it(cli, tmp_path, case):
    content = PROJECTS[case]
    if case == DEEP:
        cli.new_processes = 2
    path = tmx_map(tmp_path)
    project = tmp_path / "kit.tiled-project"
    project.write_text(content if isinstance(content, str) else json.dumps(content))
    refused_by_validate(cli, path, str(project))
    assert_refused(cli("inspect", path), str(project))


# --- 6. wrong-typed members of a .tmj ----------------------------------------------------------

def _set(*keys_and_value):
    *keys, value = keys_and_value

    def change(doc):
        target = doc
        for key in keys[:-1]:
            target = target[key]
        target[keys[-1]] = value
    return change


TMJ_CASES = {
    "map type a list": _set("type", ["map"]),
    "map type a dict": _set("type", {"map": 1}),
    "layer type a list": _set("layers", 0, "type", ["tilelayer"]),
    "layer type a dict": _set("layers", 1, "type", {"objectgroup": 1}),
    "layers a dict": _set("layers", {"0": {}}),
    "layers a string": _set("layers", "abc"),
    "width a string": _set("width", "wide"),
    "width a list": _set("width", [8]),
    "data a short string": _set("layers", 0, "data", "AAAA"),
    "data a bad string": _set("layers", 0, "data", "!!!"),
    "data of strings": _set("layers", 0, "data", ["x"] * 48),
    "data a number": _set("layers", 0, "data", 7),
    "objects a dict": _set("layers", 1, "objects", {"a": 1}),
    "properties a string": _set("properties", "teams"),
    "a property name a list": _set("properties", 0, "name", ["teams"]),
    "a property type a dict": _set("properties", 0, "type", {"string": 1}),
    "tilesets a dict": _set("tilesets", {"a": 1}),
    "a tileset source a list": _set("tilesets", 0, "source", ["hex.tsx"]),
    "encoding a list": _set("layers", 0, "encoding", ["base64"]),
    "a layer a number": _set("layers", 1, 5),
    "a point a string": _set("layers", 1, "objects", 0, "polygon", "0,0 1,1"),
}


@pytest.mark.parametrize("case", list(TMJ_CASES))
def test_a_tmj_member_of_the_wrong_type_is_one_line(cli, tmp_path, case):
    path = json_map(tmp_path, TMJ_CASES[case])
    refused_by_validate(cli, path, str(path))
    assert_refused(cli("render", path, tmp_path / "o.png"), str(path))
    assert not (tmp_path / "o.png").exists()


# --- 7. an output folder that cannot be written ------------------------------------------------

@pytest.mark.parametrize("out", ["/proc/hexskirmish-report", "/proc/self/report",
                                 "/sys/hexskirmish", "/dev/hexskirmish"])
def test_balance_checks_its_output_folder_before_playing(cli, tmp_path, out):
    result = cli("balance", "duel", "--games", "1", "--sides", "baseline,baseline",
                      "--out", out)
    assert_refused(result, out, "--out")


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0,
                    reason="root writes whatever the folder's mode")
def test_balance_refuses_a_folder_it_cannot_write_before_playing(cli, tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        result = cli("balance", "duel", "--games", "1", "--sides", "baseline,baseline",
                          "--out", locked / "report")
    finally:
        locked.chmod(0o700)
    assert_refused(result, str(locked / "report"))
    assert list(locked.iterdir()) == []


# --- 8. forged names and values are printed escaped --------------------------------------------

def assert_no_raw_controls(*texts: str) -> None:
    for text in texts:
        assert not any(c in text for c in RAW_CONTROLS), repr(text)


def test_a_forged_save_seed_and_hash_are_printed_escaped(cli, tmp_path):
    save = a_save(tmp_path)
    data = json.loads(save.read_text())
    save.write_text(json.dumps({**data, "seed": "1\x1b[2J\x07",
                                "state_hash": f"\x1b[2J{BAD_NAME}"}))
    for args in (("replay", save), ("replay", save, "--verify")):
        out = cli(*args)
        assert "Traceback" not in out.stderr and "internal error" not in out.stderr, out.stderr
        assert_no_raw_controls(out.stdout, out.stderr)
        assert len(out.stdout.splitlines()) <= 1 and len(out.stderr.splitlines()) <= 1, out
    assert out.returncode == 2 and "\\x1b[2J" in out.stderr


def test_team_names_with_control_characters_are_escaped_by_every_command(cli, tmp_path):
    path = json_map(tmp_path, team=BAD_NAME)
    for args in (("inspect", path), ("inspect", path, "--json"),
                 ("simulate", path, "--sides", "baseline,baseline", "--games", "1"),
                 ("actions", path, "Ann"), ("path", path, "Ann", "3,3")):
        out = cli(*args)
        assert out.returncode == 0, (args, out.stderr)
        assert_no_raw_controls(out.stdout, out.stderr)
    assert "blue\\n\\x1b[2J" in cli("inspect", path).stdout
    broken = json_map(tmp_path, _set("properties", 0, "value", "red,green"), team=BAD_NAME)
    err = refused_by_validate(cli, broken, "blue\\n\\x1b")
    assert_no_raw_controls(err)


def test_the_balance_report_escapes_team_names(cli, tmp_path):
    path = json_map(tmp_path, team=BAD_NAME)
    out = cli("balance", path, "--games", "1", "--sides", "baseline,baseline",
                   "--out", tmp_path / "report")
    assert out.returncode == 0, out.stderr
    assert_no_raw_controls(out.stdout, out.stderr)
    page = (tmp_path / "report" / "index.html").read_text()
    assert_no_raw_controls(page)
    assert "blue\\n\\x1b[2J" in page


def test_the_window_escapes_team_names_of_a_forged_map(cli, tmp_path):
    path = json_map(tmp_path, team=BAD_NAME)
    out = cli("screenshot", path, tmp_path / "o.png")
    assert out.returncode == 0, out.stderr
    assert_no_raw_controls(out.stdout, out.stderr)
    shown = team_name(load_map(path).teams[0])
    assert "\\x1b" in shown and "\x1b" not in shown, repr(shown)


# --- the setup screen lists such maps with their problem and starts --------------------------

def test_the_setup_screen_lists_hostile_maps_with_their_problem(tmp_path, monkeypatch):
    maps = tmp_path / "home" / "maps"
    maps.mkdir(parents=True)
    tmx_map(maps, tmx_position("x", "nan"))
    (maps / "m.tmx").rename(maps / "nan.tmx")
    (maps / "loop.tsx").symlink_to("loop.tsx")
    (maps / "loop.tmx").write_text((maps / "nan.tmx").read_text().replace(
        'source="terrain.tsx"', 'source="loop.tsx"').replace('x="nan"', 'x="112"'))
    json_map(maps, _set("layers", 0, "type", ["tilelayer"])).rename(maps / "typed.tmj")
    monkeypatch.setenv("HEXSKIRMISH_HOME", str(tmp_path / "home"))
    errors = {m.path.name: m.error
              for m in setup_model.list_maps(setup_model.map_folders())}
    assert "x='nan' is not a number" in errors["nan.tmx"]
    assert "symlink loop" in errors["loop.tmx"]
    assert "'type' is a list" in errors["typed.tmj"]
