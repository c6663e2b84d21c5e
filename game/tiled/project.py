"""The Tiled project file (`.tiled-project`) a map belongs to (docs/mapping.md "The kit").

Tiled 1.9+ leaves a class member at its default out of the map file: an object of class `unit`
whose team the designer never changed has no `team` property in the .tmx. The defaults live in
the project's custom property types, so the loader reads them here and fills them in, and the
map means what the designer saw. The project also declares extra tile properties (members of
a class used for tiles), which the loader then accepts on terrain tiles.

A map belongs to the nearest `.tiled-project` in its folder or one of the folders above it.
The file is JSON; a broken one is reported as one problem, never a traceback.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from game.files import FileRefused, read_text, resolved
from game.tiled.xmlsafe import Problem, Prop, problem

MAX_BYTES = 1024 * 1024
MAX_LEVELS = 8  # folders searched upwards from the map's folder
SUFFIX = ".tiled-project"
_TYPE_OF_JSON = {bool: "bool", int: "int", float: "float", str: "string"}


@dataclass
class Project:
    """What the game uses of a Tiled project: its folder and its custom types."""

    path: Path
    folder: Path
    enums: dict[str, dict] = field(default_factory=dict)
    classes: dict[str, dict] = field(default_factory=dict)

    def defaults(self, class_name: str) -> dict[str, Prop]:
        """The members of class `class_name` (Tiled matches class names exactly) as
        properties at their default value, each shown at line 1 of the project file."""
        members = self.classes.get(class_name, {}).get("members", [])
        out = {}
        for m in members:
            if not isinstance(m, dict) or not isinstance(m.get("name"), str):
                continue
            value = m.get("value", "")
            kind = m.get("type", "string")
            if isinstance(value, bool):
                value = "true" if value else "false"
            out[m["name"]] = Prop(m["name"], kind if kind in _TYPE_OF_JSON.values() else
                                  "string", str(value), str(self.path), 1)
        return out

    def tile_properties(self) -> set[str]:
        """Names of the members of every class the project lets Tiled use on tiles."""
        names = set()
        for cls in self.classes.values():
            if "tile" in (cls.get("useAs") or []):
                names.update(m.get("name") for m in cls.get("members", [])
                             if isinstance(m, dict) and isinstance(m.get("name"), str))
        return names


def find_project(map_path) -> Path | None:
    """The nearest .tiled-project in the map's folder or above (None if there is none)."""
    try:
        folder = resolved(map_path).parent
    except FileRefused:       # the map itself is refused where it is read, naming it
        return None
    for _ in range(MAX_LEVELS):
        found = sorted(folder.glob(f"*{SUFFIX}"))
        if found:
            return found[0]
        if folder.parent == folder:
            break
        folder = folder.parent
    return None


def load_project(map_path) -> tuple[Project | None, list[Problem]]:
    """(the map's project or None, problems reading it)."""
    path = find_project(map_path)
    if path is None:
        return None, []
    fix = "open the project in Tiled and save it again (Project > Save Project)"
    try:
        data = json.loads(read_text(path, MAX_BYTES, "project file"))
    except FileRefused as err:   # a pipe, a device, a dangling link, too large: not waited on
        return None, [problem(path, 1, f"cannot read the project file ({err})",
                              "put the project file Tiled saves there, or remove it")]
    except RecursionError:
        return None, [problem(path, 1, "the project file is JSON nested too deeply", fix)]
    except (ValueError, UnicodeDecodeError) as err:
        line = getattr(err, "lineno", 1)
        return None, [problem(path, line, f"the project file is not JSON ({err})", fix)]
    types = data.get("propertyTypes", []) if isinstance(data, dict) else None
    if not isinstance(types, list):
        return None, [problem(path, 1, "the project file has no list 'propertyTypes'", fix)]
    project = Project(path, path.parent)
    for n, t in enumerate(types):
        wrong = type_problem(t)
        if wrong:
            return None, [problem(path, f"propertyTypes[{n}]", wrong, fix)]
        if t.get("type") == "enum":
            project.enums[t["name"]] = t
        elif t.get("type") == "class":
            project.classes[t["name"]] = t
    return project, []


# The members of a custom type the game reads, and the JSON type each must have.
_TYPE_MEMBERS = {"name": str, "type": str, "members": list, "values": list, "useAs": list}
_MEMBER_MEMBERS = {"name": str, "type": str, "propertyType": str}


def type_problem(t) -> str:
    """"" for a custom type the game can read (Tiled's shape), else what is wrong with it."""
    if not isinstance(t, dict):
        return f"a property type is {_json_kind(t)}, not an object"
    wrong = _wrong_member(t, _TYPE_MEMBERS)
    if wrong:
        return f"the property type's {wrong}"
    if not isinstance(t.get("name"), str):
        return "a property type without a name"
    for m in t.get("members", []):
        wrong = _wrong_member(m, _MEMBER_MEMBERS) if isinstance(m, dict) else \
            f"is {_json_kind(m)}, not an object"
        if wrong:
            return f"a member of the class '{t['name']}': {wrong}"
    return ""


def _wrong_member(data: dict, kinds: dict) -> str:
    """"" when every member of `kinds` in `data` has its JSON type, else which one not."""
    for key, kind in kinds.items():
        if key in data and not isinstance(data[key], kind):
            return f"'{key}' is {_json_kind(data[key])}, not {_json_kind(kind())}"
    return ""


def _json_kind(value) -> str:
    return {dict: "an object", list: "a list", str: "a text", bool: "true or false",
            type(None): "null"}.get(type(value), "a number")
