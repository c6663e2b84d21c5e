"""Safe XML for Tiled files, with the line of every element (docs/security.md "Maps").

Maps, tilesets and templates are parsed with defusedxml's parser: DTD entity declarations and
external references are refused, so an entity-expansion bomb is a one-line error instead of a
hang. Each element records the line of its start tag (`element.line`, from expat's
CurrentLineNumber) so that every problem can be reported as `path:line: message — fix`.
Tiled properties are read here with their declared type (`<property name type value>`).
"""
from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

from defusedxml import DefusedXmlException, DTDForbidden, EntitiesForbidden
from defusedxml.ElementTree import DefusedXMLParser

from game.errors import printable

MAX_BYTES = 64 * 1024 * 1024


@dataclass(frozen=True, order=True)
class Problem:
    """One problem of a map (or of a file it uses): shown as `path:line: message`."""

    path: str
    line: int | str  # a JSON file: the JSON path of the place
    message: str  # "what is wrong — how to fix it"

    def __str__(self) -> str:
        return printable(f"{self.path}:{self.line}: {self.message}")


def problem(path, line: int | str, what: str, fix: str) -> Problem:
    """A problem at a line, or in a JSON file at a JSON path ("layers[2].objects[0]")."""
    place = line if isinstance(line, str) and line else max(int(line or 1), 1)
    return Problem(str(path), place, f"{what} — {fix}")


class XmlError(Exception):
    """A file that is not safe, readable XML: `line` and a message with its fix."""

    def __init__(self, line: int, what: str, fix: str):
        super().__init__(f"{what} — {fix}")
        self.line, self.what, self.fix = line, what, fix


class LineElement(ET.Element):
    """An element that knows the line of its start tag."""

    line = 0


class _LineParser(DefusedXMLParser):
    def _start(self, tag, attr_list):
        elem = super()._start(tag, attr_list)
        elem.line = self.parser.CurrentLineNumber
        return elem


def parse_bytes(data: bytes) -> LineElement:
    """The root element of `data`; raises XmlError (not XML, entity declarations, ...)."""
    parser = _LineParser(target=ET.TreeBuilder(element_factory=LineElement))
    try:
        parser.feed(data)
        return parser.close()
    except ET.ParseError as err:
        line, col = getattr(err, "position", (1, 0))
        reason = str(err).split(":")[0]
        raise XmlError(line, f"not XML: {reason} at column {col + 1}",
                       "open the file in Tiled and save it again, or fix the XML") from None
    except (EntitiesForbidden, DTDForbidden) as err:
        name = getattr(err, "name", "")
        if getattr(err, "sysid", None):
            what = f"external XML entity <!ENTITY {name}> refused (it would read another file)"
        else:
            what = f"XML entity declaration <!ENTITY {name}> refused (an entity-expansion bomb?)"
        raise XmlError(parser.parser.CurrentLineNumber, what,
                       "remove the <!DOCTYPE> block: Tiled never writes one") from None
    except DefusedXmlException as err:
        raise XmlError(parser.parser.CurrentLineNumber, f"unsafe XML refused ({err})",
                       "remove the <!DOCTYPE> block: Tiled never writes one") from None
    except (LookupError, ValueError) as err:  # unknown encoding="..."; bad bytes for it
        raise XmlError(parser.parser.CurrentLineNumber, f"not XML: {err}",
                       "save the file as UTF-8 from Tiled") from None


def read_tiled_file(path) -> bytes:
    """The bytes of a Tiled file: a regular file (a pipe or a device is refused without
    waiting on it) of at most MAX_BYTES."""
    from game.files import FileRefused, read_bytes
    try:
        size = os.stat(path).st_size
        if size > MAX_BYTES:
            raise XmlError(1, f"file too large ({size} bytes)",
                           f"Tiled files here must stay under {MAX_BYTES} bytes")
        return read_bytes(path, MAX_BYTES, "file")
    except OSError as err:
        raise XmlError(1, f"cannot read the file ({err.strerror or err})",
                       "check the path and the file's permissions") from None
    except FileRefused as err:
        fix = ("check the path and the file's permissions" if str(err).startswith("cannot")
               else "give the map, tileset or template file itself")
        raise XmlError(1, str(err), fix) from None


def parse_file(path) -> LineElement:
    """Parse a file safely; raises XmlError for unreadable, oversized or unsafe files.
    Tiled's JSON files (.tmj, .tsj, .tj, .json) give the same tree (game.tiled.jsonmap)."""
    path = Path(path)
    from game.tiled import jsonmap
    if jsonmap.is_json(path):
        return jsonmap.parse_json_file(path)
    data = read_tiled_file(path)
    if data.lstrip()[:1] == b"{":  # JSON under another name: read it as what it is
        return jsonmap.parse_json_file(path)
    return parse_bytes(data)


def line_of(elem) -> int:
    return getattr(elem, "line", 0) or 1


# --- Tiled properties with their declared types ------------------------------------------

@dataclass(frozen=True)
class Prop:
    """One Tiled property: raw text value, declared type, and where it was written."""

    name: str
    type: str  # string, int, float, bool, color, file, object, class
    value: str
    path: str
    line: int


def read_props(elem, path) -> dict[str, Prop]:
    """The `<properties>` of an element, in file order (a later duplicate wins, as in Tiled)."""
    props: dict[str, Prop] = {}
    for group in elem.findall("properties"):
        for p in group.findall("property"):
            value = p.get("value")
            if value is None:
                value = p.text or ""
            props[p.get("name", "")] = Prop(p.get("name", ""), p.get("type", "string"),
                                            value, str(path), line_of(p))
    return props


class PropError(ValueError):
    """A property of the wrong type: `what` ("must be ..., not ...") and its fix."""

    def __init__(self, what: str, fix: str):
        super().__init__(what)
        self.what, self.fix = what, fix


def _shown(p: Prop) -> str:
    return f"{p.type} {p.value!r}"


def as_bool(p: Prop) -> bool:
    text = p.value.strip().lower()
    if p.type in ("bool", "string") and text in ("true", "false"):
        return text == "true"
    raise PropError(f"must be a bool, not {_shown(p)}",
                    f"in Tiled, delete '{p.name}' and add it again with type bool")


_INT = re.compile(r"\s*[+-]?\d+(\.0*)?\s*")
MAX_DIGITS = 15


def as_int(p: Prop, lo: int | None = None, hi: int | None = None) -> int:
    if p.type not in ("int", "float", "string") or not _INT.fullmatch(p.value):
        raise PropError(f"must be a whole number, not {_shown(p)}",
                        f"in Tiled, give '{p.name}' type int and a value like 1")
    whole = p.value.strip().split(".")[0]
    span = f"at least {lo}" if hi is None else f"from {lo} to {hi}"
    digits = len(whole.lstrip("+-"))
    if digits > MAX_DIGITS:         # float() would make it inf and int() may refuse it
        raise PropError(f"must be a whole number of at most {MAX_DIGITS} digits, not one of "
                        f"{digits}", f"set '{p.name}' to a value {span}" if lo is not None
                        else f"shorten '{p.name}'")
    n = int(whole)
    if (lo is not None and n < lo) or (hi is not None and n > hi):
        raise PropError(f"must be {span}, not {n}", f"set '{p.name}' to a value {span}")
    return n


def as_choice(p: Prop, choices) -> str:
    text = p.value.strip()
    if p.type == "string" and text in choices:
        return text
    if p.type == "int":  # a custom enum that Tiled stores as the index of its value
        raise PropError(f"must be one of {'|'.join(choices)}, not the number {text}",
                        "store the enum as text: in Tiled, Project > Custom Types, set the "
                        "enum's Storage Type to String (the project's own enums already are), "
                        f"or give '{p.name}' type string")
    raise PropError(f"must be one of {'|'.join(choices)}, not {_shown(p)}",
                    f"set '{p.name}' (type string) to one of: {', '.join(choices)}")


def as_text(p: Prop) -> str:
    if p.type not in ("string", "file", "color"):
        raise PropError(f"must be text, not {_shown(p)}",
                        f"in Tiled, give '{p.name}' type string")
    return p.value


def as_list(p: Prop) -> list[str]:
    """A comma-separated list ("blue, red" -> ["blue", "red"])."""
    return [part.strip() for part in as_text(p).split(",") if part.strip()]
