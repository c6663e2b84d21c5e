"""Tiled's JSON formats (.tmj maps, .tsj tilesets, .tj templates, also .json) read as the same
element tree a .tmx gives (docs/mapping.md "Formats"), so that one loader checks both.

Each element carries, instead of a line number, its JSON path ("layers[2].objects[0]"), and
every problem found in a JSON file names that place. The tree follows Tiled's TMX writer:
attributes for scalars (booleans as 1/0), <properties>, <image>, <tileoffset>, <data> as CSV or
as the base64 text with its compression, shapes as <point/>, <ellipse/>, <polygon points>.
`inline_tilesets` gives pytmx, which reads only .tsx files, a tree with every JSON tileset
copied in, its image paths made relative to the map.
"""
from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET
from pathlib import Path

from game.tiled.xmlsafe import MAX_BYTES, LineElement, XmlError

SUFFIXES = (".tmj", ".tsj", ".tj", ".json")
MAX_DEPTH = 64  # nesting of group layers; deeper JSON is refused, never a RecursionError
ROOTS = {"map": "map", "tileset": "tileset", "template": "template"}
SKIP = {"layers", "objects", "properties", "tilesets", "tiles", "data", "chunks", "image",
        "tileoffset", "grid", "wangsets", "terrains", "transformations", "point", "ellipse",
        "polygon", "polyline", "text", "objectgroup", "animation", "object", "tileset",
        "imagewidth", "imageheight", "transparentcolor", "type", "encoding", "compression"}
OFFSETS = ("offsetx", "offsety")  # Tiled writes fractional layer offsets (10.5)
LAYER_TAGS = {"tilelayer": "layer", "objectgroup": "objectgroup", "imagelayer": "imagelayer",
              "group": "group"}
UNKNOWN_LAYER = "unknownlayer"  # the element of a JSON layer whose type is none of LAYER_TAGS


def is_json(path) -> bool:
    return Path(path).suffix.lower() in SUFFIXES


def looks_like_json(path) -> bool:
    """A JSON suffix, or JSON under another name (a .tmx that holds JSON)."""
    if is_json(path):
        return True
    from game.files import regular_file_problem
    if regular_file_problem(path):
        return False          # not opened: a pipe would block (the reader then says why)
    try:
        with open(path, "rb") as f:
            return f.read(256).lstrip()[:1] == b"{"
    except OSError:
        return False


def parse_json_file(path) -> LineElement:
    """The element tree of a Tiled JSON file; raises XmlError with a JSON path or line."""
    path = Path(path)
    from game.tiled.xmlsafe import read_tiled_file
    raw = read_tiled_file(path)
    try:
        data = json.loads(raw)
    except RecursionError:
        raise XmlError(1, "JSON nested too deeply", "export the map from Tiled again") from None
    except ValueError as err:
        line = getattr(err, "lineno", 1)
        raise XmlError(line, f"not JSON: {getattr(err, 'msg', err)}",
                       "export the file from Tiled again (File > Export As, JSON), or fix "
                       "the JSON") from None
    if not isinstance(data, dict):
        raise XmlError(1, "not a Tiled JSON file (the top level is not an object)",
                       "give a .tmj, .tsj or .tj file written by Tiled")
    kind = data.get("type", "map" if "layers" in data else "tileset")
    if not isinstance(kind, str) or kind not in ROOTS:
        raise XmlError(1, f"not a Tiled JSON map, tileset or template (type {kind!r})",
                       "give a .tmj, .tsj or .tj file written by Tiled")
    try:
        return _convert(kind, data)
    except RecursionError:
        raise XmlError(1, "JSON nested too deeply", "export the map from Tiled again") from None


def _text(value) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


def _element(tag: str, where: str, data: dict | None = None, skip=SKIP) -> LineElement:
    elem = LineElement(tag)
    elem.line = where
    for key, value in (data or {}).items():
        if key not in skip and isinstance(value, (str, int, float, bool)):
            elem.set(key, _text(value))
    return elem


def _child(parent, tag: str, where: str, data: dict | None = None, skip=SKIP) -> LineElement:
    elem = _element(tag, where, data, skip)
    parent.append(elem)
    return elem


def _convert(kind: str, data: dict) -> LineElement:
    _checked(data, kind)
    if kind == "map":
        root = _element("map", "map", data)
        _properties(root, data, "")
        for where, ts in _items(data, "tilesets", ""):
            _tileset(root, ts, where)
        _layers(root, data, "", 0)
        return root
    if kind == "tileset":
        root = _element("tileset", "tileset", data)
        _tileset_body(root, data, "")
        return root
    root = _element("template", "template")
    if "tileset" in data:
        _tileset(root, _checked(data["tileset"], "tileset"), "tileset")
    if "object" in data:
        _object(root, _checked(data["object"], "object"), "object")
    return root


# The members of Tiled's JSON objects that the reader uses, and the JSON types they have.
MEMBER_TYPES = {"layers": list, "objects": list, "properties": list, "tilesets": list,
                "tiles": list, "polygon": list, "polyline": list, "chunks": list,
                "tileoffset": dict, "text": dict, "object": dict, "tileset": dict,
                "name": str, "type": str, "class": str, "source": str, "image": str,
                "template": str, "encoding": str, "compression": str, "propertytype": str,
                "data": (list, str)}
FIX = "export the file from Tiled again (File > Export As, JSON), or fix the JSON"


def _checked(data, where: str) -> dict:
    """`data` when it is an object whose members have Tiled's JSON types, else XmlError
    naming the place: a member of the wrong type is never read as something else."""
    if not isinstance(data, dict):
        raise XmlError(where, f"{where} is {_kind(data)}, not an object", FIX)
    for key, kinds in MEMBER_TYPES.items():
        if key in data and not isinstance(data[key], kinds):
            expected = " or ".join(_kind(k()) for k in
                                   (kinds if isinstance(kinds, tuple) else (kinds,)))
            raise XmlError(where, f"'{key}' is {_kind(data[key])}, not {expected}", FIX)
    return data


def _kind(value) -> str:
    return {dict: "an object", list: "a list", str: "a text", bool: "true or false",
            type(None): "null"}.get(type(value), "a number")


def _items(data: dict, key: str, prefix: str):
    """(JSON path, object) of each item of the list `data[key]`, every one checked."""
    for i, item in enumerate(data.get(key) or ()):
        where = _where(prefix, f"{key}[{i}]")
        yield where, _checked(item, where)


def _where(prefix: str, key: str) -> str:
    return f"{prefix}.{key}" if prefix else key


def _properties(parent, data: dict, prefix: str) -> None:
    props = list(_items(data, "properties", prefix))
    if not props:
        return
    group = _child(parent, "properties", _where(prefix, "properties"))
    for where, p in props:
        prop = _child(group, "property", where, {k: v for k, v in p.items() if k != "value"},
                      skip=set())
        value = p.get("value", "")
        if isinstance(value, (dict, list)):
            prop.set("type", "class")
        elif isinstance(value, bool):
            prop.set("value", "true" if value else "false")
        else:
            prop.set("value", str(value))
        if p.get("type") == "string":
            del prop.attrib["type"]  # as the TMX writer: string is the default


def _tileset(parent, data: dict, where: str) -> None:
    if "source" in data:
        _child(parent, "tileset", where, {"firstgid": data.get("firstgid"),
                                          "source": data.get("source")})
        return
    elem = _child(parent, "tileset", where, data)
    _tileset_body(elem, data, where)


def _tileset_body(elem, data: dict, prefix: str) -> None:
    if "tileoffset" in data:
        _child(elem, "tileoffset", _where(prefix, "tileoffset"), data["tileoffset"])
    _properties(elem, data, prefix)
    if "image" in data:
        _image(elem, data, _where(prefix, "image"))
    for where, tile in _items(data, "tiles", prefix):
        t = _child(elem, "tile", where, tile)
        if "type" in tile or "class" in tile:
            t.set("type", str(tile.get("class", tile.get("type"))))
        _properties(t, tile, where)
        if "image" in tile:
            _image(t, tile, _where(where, "image"))


def _image(parent, data: dict, where: str) -> None:
    image = _child(parent, "image", where, {"source": data.get("image"),
                                            "width": data.get("imagewidth"),
                                            "height": data.get("imageheight")}, skip=set())
    if data.get("transparentcolor"):
        image.set("trans", str(data["transparentcolor"]).lstrip("#"))
    for key in [k for k, v in image.attrib.items() if v == "None"]:
        del image.attrib[key]


def _layers(parent, data: dict, prefix: str, depth: int) -> None:
    if depth > MAX_DEPTH:
        raise RecursionError
    for where, layer in _items(data, "layers", prefix):
        tag = LAYER_TAGS.get(layer.get("type"), UNKNOWN_LAYER)
        elem = _child(parent, tag, where, layer)
        _properties(elem, layer, where)
        if tag == "layer":
            _data(elem, layer, where)
        elif tag == "objectgroup":
            for place, obj in _items(layer, "objects", where):
                _object(elem, obj, place)
        elif tag == "imagelayer" and layer.get("image"):
            _child(elem, "image", _where(where, "image"), {"source": layer["image"]})
        elif tag == "group":
            _layers(elem, layer, where, depth + 1)


def _data(elem, layer: dict, where: str) -> None:
    place = _where(where, "data")
    if "chunks" in layer:
        data = _child(elem, "data", _where(where, "chunks"))
        _child(data, "chunk", _where(where, "chunks[0]"))
        return
    value = layer.get("data")
    if isinstance(value, list):
        data = _child(elem, "data", place)
        data.set("encoding", "csv")
        data.text = ",".join(str(g) for g in value)
    elif isinstance(value, str):
        data = _child(elem, "data", place)
        data.set("encoding", str(layer.get("encoding", "base64")))
        if layer.get("compression"):
            data.set("compression", str(layer["compression"]))
        data.text = value


def _object(parent, obj: dict, where: str) -> None:
    elem = _child(parent, "object", where, obj)
    if "type" in obj or "class" in obj:
        cls = obj.get("class", obj.get("type"))
        if cls:
            elem.set("type", str(cls))
    _properties(elem, obj, where)
    if obj.get("point"):
        _child(elem, "point", where)
    elif obj.get("ellipse"):
        _child(elem, "ellipse", where)
    for shape in ("polygon", "polyline"):
        points = obj.get(shape)
        if isinstance(points, list):
            text = " ".join(f"{p.get('x', 0)},{p.get('y', 0)}" for p in points
                            if isinstance(p, dict))
            _child(elem, shape, _where(where, shape), {"points": text})
    if "text" in obj:
        _child(elem, "text", _where(where, "text"))


def inline_tilesets(root, map_path) -> LineElement:
    """A copy of a map's tree for pytmx: JSON tilesets copied in, images relative to the map."""
    map_dir = Path(map_path).resolve().parent
    copy = _deep_copy(root)
    for elem in copy.findall("tileset"):
        source = elem.get("source")
        if not source or not is_json(source):
            continue
        path = (map_dir / source).resolve()
        tileset = parse_json_file(path)
        tileset.set("firstgid", elem.get("firstgid", "1"))
        for image in tileset.iter("image"):
            if image.get("source"):
                image.set("source", os.path.relpath(path.parent / image.get("source"), map_dir))
        index = list(copy).index(elem)
        copy.remove(elem)
        copy.insert(index, tileset)
    return copy


def _deep_copy(elem) -> LineElement:
    new = LineElement(elem.tag, dict(elem.attrib))
    new.line, new.text = getattr(elem, "line", 1), elem.text
    for child in elem:
        new.append(_deep_copy(child))
    return new


def to_xml(root) -> bytes:
    """The tree as TMX text (for tools and tests)."""
    return ET.tostring(root, encoding="utf-8")


def pytmx_map(path, root, **kwargs):
    """pytmx's TiledMap of a map whose tree is already read (a JSON map, a .tmx using JSON
    tilesets, zstd layer data): pytmx itself opens only .tmx and .tsx, zlib and gzip."""
    import pytmx

    from game.tiled import zstd_data
    tree = inline_tilesets(root, path)
    zstd_data.to_csv(tree)
    for elem in tree.iter():  # pytmx casts offsets to int; the game reads them from the tree
        for key in OFFSETS:
            if key in elem.attrib and not is_whole_number(elem.get(key)):
                elem.set(key, "0")
    tmx = pytmx.TiledMap(**kwargs)
    tmx.filename = str(path)
    tmx.parse_xml(tree)
    return tmx


def pytmx_needs_tree(path, root) -> bool:
    """Whether pytmx must be given the tree (`pytmx_map`) instead of the file."""
    from_json = isinstance(getattr(root, "line", 1), str)  # JSON elements carry JSON paths
    return (from_json or any(is_json(t.get("source") or "") for t in root.findall("tileset"))
            or any(d.get("compression") == "zstd" for d in root.iter("data"))
            or any(not is_whole_number(e.get(k)) for e in root.iter() for k in OFFSETS
                   if k in e.attrib))


def is_whole_number(text) -> bool:
    """Whether `text` reads as an int (pytmx reads offsets with int())."""
    try:
        int(text)
        return True
    except (TypeError, ValueError):
        return False
