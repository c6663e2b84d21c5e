"""What pytmx, the renderer's tile reader, gets to see of a map (the map format:
docs/mapping.md; files from strangers: docs/security.md "Maps").

pytmx reads files by itself (external tilesets, with an XML parser that expands entities) and
casts attributes without saying where they were. So it never gets a file name: `pytmx_map`
hands it a tree built from the already checked `Document`, with external tilesets inlined and
every image reference replaced by the path the document checked. `check_for_pytmx` reports,
with lines, the attributes and properties pytmx would fail on.
"""
from __future__ import annotations

import os
import xml.etree.ElementTree as ET

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # pytmx imports pygame if present
import logging  # noqa: E402

import pytmx  # noqa: E402

from game.errors import InputError  # noqa: E402
from game.tiled.document import Document  # noqa: E402
from game.tiled.xmlsafe import line_of  # noqa: E402

PYTMX_TYPES = {k: v for k, v in pytmx.pytmx.types.items() if v in (int, float)}
PYTMX_TYPES.update(offsetx=float, offsety=float)  # fractional: pytmx gets them as 0
PROPERTY_TYPES = {k: v for k, v in pytmx.pytmx.prop_type.items() if k != "class"}
logging.getLogger("pytmx").addHandler(logging.NullHandler())
logging.getLogger("pytmx").propagate = False  # our own one-line messages say what is wrong


def check_for_pytmx(doc: Document, path: str, root) -> bool:
    """What pytmx would fail on without a line: attributes it casts to numbers, property
    values of their declared type, class properties. Lines already reported are not
    reported again. True if pytmx would fail."""
    reported = {p.line for p in doc.problems if p.path == path}
    fails = False
    for elem in root.iter():
        line = line_of(elem)
        bad = [f"attribute {k}={v!r} is not a number" for k, v in elem.attrib.items()
               if k in PYTMX_TYPES and not _casts(PYTMX_TYPES[k], v)]
        kind = elem.get("type", "string")
        if elem.tag == "property" and kind == "class":
            bad.append(f"property '{elem.get('name')}' has type class, which pytmx "
                       "cannot read")
        elif elem.tag == "property" and kind not in PROPERTY_TYPES:
            bad.append(f"property '{elem.get('name')}' has an unknown type {kind!r}")
        elif elem.tag == "property" and not _casts(PROPERTY_TYPES[kind], elem.get("value")):
            bad.append(f"property '{elem.get('name')}' of type {kind} has the value "
                       f"{elem.get('value')!r}")
        fails = fails or bool(bad)
        for what in bad[:1] if line not in reported else []:
            doc.report(line, what, "fix it in Tiled and save (pytmx reads what Tiled "
                       "writes: numbers, and properties of type string, int, float, bool)", path)
    return fails


def check_all_for_pytmx(doc: Document) -> bool:
    """check_for_pytmx over the map and every tileset it uses; True if pytmx would fail."""
    fails = False
    for path, elem in [(doc.shown, doc.root)] + doc.files.tileset_files:
        fails = check_for_pytmx(doc, str(path), elem) or fails
    return fails


def _casts(cast, text) -> bool:
    if text is None:
        return True  # multi-line string properties keep their value in the text
    try:
        cast(text)
        return True
    except (TypeError, ValueError):
        return False


def pytmx_map(doc: Document, image_loader) -> pytmx.TiledMap:
    """pytmx's TiledMap of a document without problems; pytmx reads no file itself (images
    come through `image_loader`, called with the checked paths)."""
    from game.tiled import zstd_data
    from game.tiled.jsonmap import OFFSETS, is_whole_number
    tree = _map_tree(doc)
    zstd_data.to_csv(tree)
    for elem in tree.iter():  # pytmx casts offsets to int; the game reads them from the document
        for key in OFFSETS:
            if key in elem.attrib and not is_whole_number(elem.get(key)):
                elem.set(key, "0")
    tmx = pytmx.TiledMap(image_loader=image_loader, allow_duplicate_names=True)
    tmx.filename = str(doc.path)
    return tmx.parse_xml(tree)


def _map_tree(doc: Document) -> ET.Element:
    out = ET.Element("map", doc.root.attrib)
    out.extend(_tileset(doc, ref) for ref in doc.tilesets)
    out.extend(_with_images(doc, child) for child in doc.root if child.tag != "tileset")
    return out


def _tileset(doc: Document, ref) -> ET.Element:
    attrib = {k: v for k, v in ref.element.attrib.items() if k != "source"}
    attrib["firstgid"] = str(ref.firstgid)
    out = ET.Element("tileset", attrib)
    for child in ref.element:
        out.append(_with_images(doc, child))
    return out


def _with_images(doc: Document, elem) -> ET.Element:
    """`elem` itself, or a copy whose <image> descendants (under tiles, image layers and
    groups) name their checked absolute paths."""
    if elem.tag == "image":
        copy = ET.Element("image", elem.attrib)
        checked = doc.image_path(elem)
        if checked is not None:
            copy.set("source", str(checked.resolve()))
        return copy
    if elem.tag not in ("tile", "imagelayer", "group"):
        return elem
    copy = ET.Element(elem.tag, elem.attrib)
    copy.text = elem.text
    for child in elem:
        copy.append(_with_images(doc, child))
    return copy


def load_with_pytmx(doc: Document, image_loader) -> pytmx.TiledMap:
    """`pytmx_map`, with pytmx's own failures as one InputError line: pytmx raises bare
    `Exception`s (missing tiles and the like), so this is the one place that catches them."""
    try:
        return pytmx_map(doc, image_loader)
    except InputError:
        raise
    except Exception as err:  # noqa: BLE001 - pytmx raises bare Exceptions
        raise InputError(doc.path, None, f"pytmx cannot load the map: {err}") from None
