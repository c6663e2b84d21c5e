"""The map and save readers on mutated files (docs/security.md "Fuzzing the readers").

hypothesis starts from small valid files (the 6x5 test map and its tileset as .tmx, a Tiled
JSON map as .tmj, a save of the duel) and changes a few of their attributes, members or
property values into hostile ones: numbers of hundreds of digits, NaN, infinities, negative
numbers, texts with NUL and control characters, long texts, values of another JSON type.
Whatever it writes, loading either succeeds or raises the game's own `InputError` whose
message is one printable line; never any other exception.

Each property has a plain run of HEXSKIRMISH_FUZZ_EXAMPLES examples (default 20) and a run
marked slow of at least 200; set the variable to 2000 for a longer run.
"""
from __future__ import annotations

import dataclasses
import json
import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import strategies as st

from game.data import load_units
from game.engine.commands import COMMAND_TYPES
from game.engine.replay import load_replay
from game.errors import InputError, has_control
from game.tiled.loader import load_map
from test_hostile_inputs import json_map
from test_map_hardening import good_map
from test_saves_hardening import good_save
from tests.helpers import check_property, property_runs

EXAMPLES = int(os.environ.get("HEXSKIRMISH_FUZZ_EXAMPLES", "20"))
RUNS = property_runs(EXAMPLES, 200)

SPECIAL_TEXTS = ["nan", "NaN", "inf", "-inf", "1e309", "-1e309", "-1", "0", "", "9" * 400,
                 "-" + "9" * 400, "1.5", "0x10", "true", "false", "unit", "class", "int",
                 "float", "bool", "string", "hexagonal", "terrain.tsx", "hex.png", "../x.tsx",
                 "/etc/passwd", "a" * 300, "csv", "base64", "zlib", "gzip", "zstd", "x\x00y",
                 "blue\n\x1b[2J\x07\r\u202e"]
TEXTS = st.one_of(
    st.sampled_from(SPECIAL_TEXTS),
    st.integers(-(10 ** 30), 10 ** 30).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.text(max_size=12),
    st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=250, max_size=400),
)
JSON_SCALARS = st.one_of(
    st.none(), st.booleans(), TEXTS,
    st.integers(-(10 ** 400), 10 ** 400), st.integers(-(2 ** 40), 2 ** 40),
    st.floats(allow_nan=True, allow_infinity=True),
)
JSON_VALUES = st.recursive(JSON_SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=6)


def assert_loads_or_refuses(load) -> None:
    """`load()` succeeds, or raises InputError whose line is one printable line."""
    try:
        load()
    except InputError as err:
        line = err.line()
        assert line and not has_control(line), repr(line)


@pytest.fixture(scope="module")
def units():
    return load_units()


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


# --- .tmx (XML) and its .tsx ---------------------------------------------------------------------

ATTRIBUTE_NAMES = ["value", "type", "name", "x", "y", "width", "height", "rotation", "gid",
                   "source", "firstgid", "tilewidth", "tileheight", "tilecount", "id",
                   "offsetx", "offsety", "opacity", "encoding", "compression", "points",
                   "template", "staggeraxis", "hexsidelength", "margin", "spacing"]


def mutate_xml(text: str, data) -> bytes:
    """`text` with 1 to 4 attributes of its elements (or a <data>'s text) set to hostile
    values, or removed."""
    root = ET.fromstring(text)
    elements = list(root.iter())
    for _ in range(data.draw(st.integers(1, 4), label="changes")):
        elem = data.draw(st.sampled_from(elements), label="element")
        name = data.draw(st.sampled_from(sorted(elem.attrib) + ATTRIBUTE_NAMES), label="name")
        action = data.draw(st.sampled_from(["set", "set", "set", "delete", "text"]))
        if action == "delete":
            elem.attrib.pop(name, None)
        elif action == "text" and elem.tag == "data":
            elem.text = data.draw(TEXTS, label="data")
        else:
            elem.set(name, data.draw(TEXTS, label="value"))
    return ET.tostring(root, encoding="utf-8")


@pytest.fixture(scope="module")
def tmx_files(folder):
    (folder / "tmx").mkdir()
    path = good_map(folder / "tmx")
    return path, path.read_text(), (path.parent / "terrain.tsx").read_text()


@RUNS
def test_a_mutated_tmx_loads_or_is_refused_in_one_line(tmx_files, units, examples):
    def prop(data):
        path, tmx, tsx = tmx_files
        target = data.draw(st.sampled_from(["map", "map", "tileset"]), label="file")
        path.write_bytes(mutate_xml(tmx, data) if target == "map" else tmx.encode())
        (path.parent / "terrain.tsx").write_bytes(
            mutate_xml(tsx, data) if target == "tileset" else tsx.encode())
        assert_loads_or_refuses(lambda: load_map(path, units))
    check_property(examples, prop, data=st.data())


# --- .tmj and saves (JSON) -----------------------------------------------------------------------

def places(value, prefix=()) -> list[tuple]:
    """The path (keys and indexes) of every member and item of a JSON value."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += places(item, prefix + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value[:8]):
            found += places(item, prefix + (i,))
    return found


def mutate_json(doc, data):
    """A copy of `doc` with 1 to 4 of its members (or items) replaced, or removed."""
    doc = json.loads(json.dumps(doc))
    for _ in range(data.draw(st.integers(1, 4), label="changes")):
        place = data.draw(st.sampled_from(places(doc)[1:]), label="place")
        parent = doc
        for key in place[:-1]:
            parent = parent[key]
        if data.draw(st.integers(0, 5), label="remove") == 0 and isinstance(parent, dict):
            del parent[place[-1]]
        else:
            parent[place[-1]] = data.draw(JSON_VALUES, label="value")
        if not isinstance(doc, dict):
            break
    return doc


def write_json(path: Path, doc) -> None:
    path.write_text(json.dumps(doc))     # ASCII: lone surrogates are written as escapes


@pytest.fixture(scope="module")
def tmj_file(folder):
    (folder / "tmj").mkdir()
    path = json_map(folder / "tmj")
    return path, json.loads(path.read_text())


@RUNS
def test_a_mutated_tmj_loads_or_is_refused_in_one_line(tmj_file, units, examples):
    def prop(data):
        path, doc = tmj_file
        write_json(path, mutate_json(doc, data))
        assert_loads_or_refuses(lambda: load_map(path, units))
    check_property(examples, prop, data=st.data())


DUEL_NAMES = ["Aldric", "Wren", "Tamsin", "Grik", "Snag", "Mugg", "Nob", "Fang"]
PLAUSIBLE = st.one_of(st.sampled_from(DUEL_NAMES), st.integers(-2, 12),
                      st.lists(st.integers(-2, 12), min_size=2, max_size=2),
                      st.lists(st.lists(st.integers(-1, 12), min_size=2, max_size=2),
                               max_size=4),
                      st.sampled_from(["longsword", "shortbow", "ask", "always", "yes"]),
                      st.booleans(), st.none())


@st.composite
def commands(draw):
    """A command of the default rules with plausible or hostile field values."""
    kind = draw(st.sampled_from(sorted(COMMAND_TYPES)), label="command")
    fields = [f.name for f in dataclasses.fields(COMMAND_TYPES[kind])]
    values = st.one_of(PLAUSIBLE, PLAUSIBLE, JSON_SCALARS)
    return {"type": kind, **{f: draw(values, label=f) for f in fields
                             if draw(st.integers(0, 9), label="keep") > 0}}


def with_commands(doc, data) -> dict:
    """A copy of the save `doc` with 1 to 3 generated commands put in its log."""
    doc = json.loads(json.dumps(doc))
    for _ in range(data.draw(st.integers(1, 3), label="commands")):
        at = data.draw(st.integers(0, len(doc["commands"])), label="at")
        doc["commands"].insert(at, data.draw(commands()))
    return doc


@pytest.fixture(scope="module")
def save_file(folder):
    (folder / "save").mkdir()
    path = good_save(folder / "save")
    return path, json.loads(path.read_text())


@RUNS
def test_a_mutated_save_loads_or_is_refused_in_one_line(save_file, examples):
    def prop(data):
        path, doc = save_file
        write_json(path, mutate_json(doc, data))
        assert_loads_or_refuses(lambda: load_replay(path).close())
    check_property(examples, prop, data=st.data())


@RUNS
def test_a_save_with_generated_commands_replays_or_is_refused_in_one_line(save_file, examples):
    def prop(data):
        path, doc = save_file
        write_json(path, with_commands(doc, data))
        assert_loads_or_refuses(lambda: load_replay(path).close())
    check_property(examples, prop, data=st.data())
