"""`python -m game validate MAP...` and the bad-map corpus (docs/architecture.md "Command line", "Quality").

Each file in tests/badmaps/ shows ONE problem (its XML comment says which); CORPUS below gives
the line and a fragment of the expected message. `_ok.tmx` is the control: the good map that the
bad ones differ from. The unit database is the stand-in UNITS of test_tiled_loader, except in
the subprocess runs (maps whose problem does not involve units).
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.tiled import validate as validate_module
from game.tiled.validate import Problem, run_validate, validate_map
from test_tiled_loader import UNITS, center, grass, map_xml, object_layer, tile_layer, unit

REPO = Path(__file__).resolve().parents[1]
BAD = Path(__file__).resolve().parent / "badmaps"

# file -> (path of the file with the problem if not the map, line, message fragment)
CORPUS = {
    "not_xml.tmx": (None, 5, "not XML: not well-formed"),
    "not_xml_binary.tmx": (None, 1, "not XML"),
    "entity_bomb.tmx": (None, 4, "<!ENTITY lol> refused (an entity-expansion bomb?)"),
    "external_entity.tmx": (None, 4, "external XML entity <!ENTITY secret> refused"),
    "bomb_in_template.tmx": ("bomb.tx", 4, "entity-expansion bomb"),
    "orthogonal.tmx": (None, 3, "orthogonal map: hexskirmish needs orientation=hexagonal"),
    "infinite.tmx": (None, 3, "infinite map: hexskirmish needs a map of a fixed size"),
    "missing_tileset.tmx": (None, 4, "tileset 'nowhere.tsx' not found"),
    "missing_image.tmx": (None, 5, "image 'missing.png' not found"),
    "escape_tileset.tmx": (None, 4, "is outside the map's folder and assets/"),
    "escape_image_absolute.tmx": (None, 5, "image '/etc/hostname' is outside the map's folder"),
    "missing_template.tmx": (None, 15, "template 'nowhere.tx' not found"),
    "unit_without_unit.tmx": (None, 15, "unit 'Nobody' has no 'unit' property"),
    "unit_without_team.tmx": (None, 15, "unit 'Loner' has no 'team' property"),
    "unknown_unit.tmx": (None, 15, "unknown unit 'figther' — did you mean 'fighter'?"),
    "duplicate_names.tmx": (None, 16, "two units are named 'Wulfric' (the other on line 15)"),
    "unit_outside.tmx": (None, 15, "unit 'Lost' is outside the map (at 9,2; the map is 6x5)"),
    "large_unit_off_edge.tmx": (None, 15, "unit 'Ogre' (large) at 5,2 does not fit"),
    "unit_on_wall.tmx": (None, 15, "unit 'Stuck' stands on impassable terrain at 2,2"),
    "overlap.tmx": (None, 16, "unit 'Squashed' overlaps unit 'Ogre' at 3,2"),
    "bool_as_string.tmx": (None, 8, "property 'difficult' must be a bool, not string 'yes'"),
    "elevation_not_int.tmx": (None, 8, "property 'elevation' must be a whole number"),
    "obstacle_unknown.tmx": (None, 8, "property 'obstacle' must be one of none|low|wall"),
    "facing_7.tmx": (None, 15, "property 'facing' must be from 0 to 5, not 7"),
    "hp_lots.tmx": (None, 15, "property 'hp' must be a whole number, not string 'lots'"),
    "initiative_random.tmx": (None, 5, "property 'initiative' must be one of selective|top-down"),
    "team_not_listed.tmx": (None, 18, "team 'green', which the map property teams does not list"),
    "wrong_tile_count.tmx": (None, 6, "tile layer 'ground' has 3 tiles, the map needs 6x5"),
    "unknown_gid.tmx": (None, 5, "GID 99 at 3,1 but no tileset holds it"),
    "zstd_data.tmx": (None, 6, "data cannot be decoded (0 tiles where the map has 30)"),
    "class_property.tmx": (None, 5, "property 'rules' has type class"),
    "rules_unknown.tmx": (None, 5, "property 'rules' must be one of lfg|steller|light"),
    "lives_zero.tmx": (None, 5, "property 'lives' must be from 1 to 99, not 0"),
    "respawn_without_team.tmx": (None, 17, "respawn point 'Well' has no 'team' property"),
    "respawn_team_without_units.tmx": (None, 17, "for team 'green', which has no unit on"),
    "respawn_outside.tmx": (None, 17, "respawn point 'Cliff' is outside the map (at 9,1"),
    "respawn_on_wall.tmx": (None, 17, "respawn point 'Tower' is on a wall at 2,2"),
}
SUBPROCESS = ["not_xml.tmx", "entity_bomb.tmx", "orthogonal.tmx", "escape_tileset.tmx",
              "missing_image.tmx"]


def run_cli(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("HEXSKIRMISH_DEBUG", None)
    return subprocess.run([sys.executable, "-m", "game", "validate", *args], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=120)


def test_every_corpus_map_is_in_the_table():
    assert sorted(p.name for p in BAD.glob("*.tmx") if p.name != "_ok.tmx") == sorted(CORPUS)
    assert len(CORPUS) >= 20


def test_control_map_is_fine():
    assert validate_map(BAD / "_ok.tmx", UNITS) == []


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_bad_map_gives_its_problem_with_line_and_exit_2(name, capsys):
    other, line, fragment = CORPUS[name]
    where = str(BAD / (other or name))
    assert run_validate([str(BAD / name)], UNITS) == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    lines = err.splitlines()
    assert lines, "no problem line"
    hits = [x for x in lines if x.startswith(f"{where}:{line}: ") and fragment in x]
    assert hits, f"expected {where}:{line}: ...{fragment}... in:\n{err}"
    assert all(" — " in x and "internal error" not in x and "pytmx cannot read the map" not in x
               for x in lines)


@pytest.mark.parametrize("name", SUBPROCESS)
def test_bad_map_through_the_command_line(name):
    _, line, fragment = CORPUS[name]
    result = run_cli(f"tests/badmaps/{name}")
    assert result.returncode == 2
    assert "Traceback" not in result.stdout + result.stderr
    assert result.stdout == ""
    assert result.stderr.startswith(f"tests/badmaps/{name}:{line}: ")
    assert fragment in result.stderr


def test_command_line_collects_every_problem_of_every_map():
    result = run_cli("tests/badmaps/orthogonal.tmx", "tests/badmaps/infinite.tmx",
                     "tests/badmaps/not_xml_binary.tmx")
    assert result.returncode == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 6 and "Traceback" not in result.stderr + result.stdout
    assert [x.split(":")[0] for x in lines] == ["tests/badmaps/orthogonal.tmx"] * 2 + \
        ["tests/badmaps/infinite.tmx"] * 3 + ["tests/badmaps/not_xml_binary.tmx"]
    assert sum("the map has no units" in x for x in lines) == 2


def test_command_line_ok_lines_for_good_maps(tmp_path):
    import shutil
    for f in ("terrain.tsx", "hex.png"):
        shutil.copy(BAD / f, tmp_path / f)
    sides = object_layer("u", [unit(1, *center(1, 1), name="A"),
                               unit(2, *center(2, 1), "orc", "red")])
    (tmp_path / "a.tmx").write_text(map_xml(tile_layer("ground", grass()) + sides))
    (tmp_path / "b.tmx").write_text(map_xml(tile_layer("ground", grass(8, 3)) + sides, 8, 3))
    result = run_cli(str(tmp_path / "a.tmx"), str(tmp_path / "b.tmx"))
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [f"{tmp_path / 'a.tmx'}: ok (6 x 5, 2 units)",
                                          f"{tmp_path / 'b.tmx'}: ok (8 x 3, 2 units)"]
    assert result.stderr == ""


def test_good_and_bad_maps_together_print_only_the_problems(capsys):
    assert run_validate([str(BAD / "_ok.tmx"), str(BAD / "facing_7.tmx")], UNITS) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and "facing" in err


def test_ok_line_counts_units_and_a_misspelt_tile_property_fails(tmp_path, capsys):
    import shutil
    shutil.copy(BAD / "hex.png", tmp_path / "hex.png")
    tsx = (BAD / "terrain.tsx").read_text()
    objs = [unit(1, *center(1, 1), name="A"), unit(2, *center(3, 3), "orc", "red")]
    (tmp_path / "m.tmx").write_text(map_xml(tile_layer("g", grass()) + object_layer("u", objs)))
    (tmp_path / "terrain.tsx").write_text(tsx)
    assert run_validate([str(tmp_path / "m.tmx")], UNITS) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == [f"{tmp_path / 'm.tmx'}: ok (6 x 5, 2 units)"] and err == ""
    (tmp_path / "terrain.tsx").write_text(tsx.replace(
        'name="terrain" value="grass"/>', 'name="terrain" value="grass"/>'
        '<property name="dificult" type="bool" value="false"/>'))
    assert run_validate([str(tmp_path / "m.tmx")], UNITS) == 2
    out, err = capsys.readouterr()
    assert out == "" and "unknown tile property 'dificult' (did you mean 'difficult'?)" in err


def test_missing_map_file_is_one_line(capsys):
    assert run_validate(["no/such/map.tmx"], UNITS) == 2
    assert capsys.readouterr().err.startswith("no/such/map.tmx:1: map file not found")


def test_unexpected_loader_exception_is_a_problem_line_not_a_traceback(monkeypatch, capsys):
    def broken(path, units_db=None):
        raise RuntimeError("boom")
    monkeypatch.setattr(validate_module, "read_map", broken)
    assert run_validate([str(BAD / "_ok.tmx")], UNITS) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{BAD / '_ok.tmx'}:1: internal error while loading the map "
                          "(RuntimeError: boom)")
    assert "Traceback" not in err


OK_MAP = (BAD / "_ok.tmx").read_bytes()
SNIPPETS = [b'"', b"<", b">", b"-1", b"99999999", b"abc", b",", b' x="a"', b'gid="5"', b"\xff",
            b'<!DOCTYPE m [<!ENTITY e "x">]>', b' template="_ok.tmx"', b' type="float"']


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, len(OK_MAP) - 1), st.integers(0, 6),
                          st.sampled_from(SNIPPETS)), min_size=1, max_size=4))
def test_mangled_maps_give_problem_lines_never_an_exception(tmp_path_factory, edits):
    data = bytearray(OK_MAP)
    for pos, cut, snippet in edits:
        pos = min(pos, len(data))
        data[pos:pos + cut] = snippet
    folder = tmp_path_factory.mktemp("mangled")
    for f in ("terrain.tsx", "hex.png"):
        (folder / f).write_bytes((BAD / f).read_bytes())
    (folder / "m.tmx").write_bytes(bytes(data))
    for p in validate_map(folder / "m.tmx", UNITS):
        assert "internal error" not in p.message and p.line >= 1 and "\n" not in p.message


def test_problem_is_one_line_path_line_message():
    p = Problem("maps/a.tmx", 7, "bad thing — fix it")
    assert str(p) == "maps/a.tmx:7: bad thing — fix it"


SHIPPED = sorted((REPO / "maps").glob("*.tmx"))


def test_shipped_maps_validate():
    assert SHIPPED
    problems = [str(p) for m in SHIPPED for p in validate_map(m)]
    assert problems == []


def test_tilesets_whose_gids_overlap_are_refused_with_the_fix(tmp_path):
    """A tileset that grew after the map was saved (the terrain tiles gained water and doors)
    must not lend its new tiles the GIDs of the next tileset: the map is refused until Tiled
    saves it again and renumbers the tilesets."""
    repo = Path(__file__).resolve().parent.parent
    text = (repo / "maps" / "bridge.tmx").read_text()
    first = text.split('firstgid="')[2].split('"')[0]
    stale = text.replace(f'firstgid="{first}"', 'firstgid="13"')
    (tmp_path / "maps").mkdir()
    bad = tmp_path / "maps" / "bridge.tmx"
    bad.write_text(stale.replace("../assets/", f"{repo}/assets/").replace(
        "templates/", f"{repo}/maps/templates/"))
    out = run_cli(str(bad))
    assert out.returncode == 2
    [line] = [x for x in out.stdout.splitlines() + out.stderr.splitlines() if "overlap" in x]
    assert line.startswith(f"{bad}:10:") and "save it again" in line


def test_validate_json_gives_every_problem_with_its_file_and_line_for_editors(tmp_path):
    """`validate --json` (the Tiled extension of docs/mapping.md reads it): per map whether it is fine, and each
    problem with the file it is in (a template, not only the map), its line and its fix; the
    exit status is the same as without --json."""
    bad, good = BAD / "bomb_in_template.tmx", REPO / "maps" / "duel.tmx"
    done = subprocess.run([sys.executable, "-m", "game", "validate", "--json", str(bad),
                           str(good)], cwd=tmp_path, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=120)
    assert done.returncode == 2 and done.stderr == ""
    import json
    first, second = json.loads(done.stdout)["maps"]
    assert first["map"] == str(bad) and first["ok"] is False and first["summary"] is None
    places = [(p["file"], p["line"]) for p in first["problems"]]
    assert places[0] == (str(BAD / "bomb.tx"), 4) and len(places) == 2   # then: no units
    assert "entity-expansion bomb" in first["problems"][0]["message"]
    assert all(" — " in p["message"] for p in first["problems"])  # what is wrong — the fix
    assert second == {"map": str(good), "ok": True, "problems": [], "warnings": [],
                      "summary": "12 x 10, 8 units, 2 respawn points"}


def test_a_warning_line_is_split_into_file_line_and_message_for_json():
    from game.tiled.validate import place_of
    assert place_of("C:\\maps\\a b.tmx:12: warning: odd — fix it") == {
        "file": "C:\\maps\\a b.tmx", "line": 12, "message": "odd — fix it"}
    assert place_of("m.tmj:layers[2]: warning: odd — fix") == {
        "file": "m.tmj", "line": "layers[2]", "message": "odd — fix"}
