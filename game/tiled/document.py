"""One parsed Tiled map, for the loader and the renderer alike (the map format:
docs/mapping.md; what it promises about hostile files: docs/security.md "Maps").

The .tmx is parsed once, through the safe XML layer (xmlsafe.py); everything it refers to
(tilesets, templates, images) is checked by `templates.Files` before anything reads it. The
document holds what both readers need:
* the map header (size, tile size, hexagonal layout), checked against sane bounds;
* the tilesets with their first GIDs, external .tsx files resolved;
* every layer in XML (draw) order with group nesting, summed offsets, multiplied opacity,
  parallax factors, visibility, tint, and for tile layers the decoded GIDs with all their flag bits.
Problems are collected as `path:line: message — fix`, never raised; a document with problems
must not be drawn or played. Layer data is decompressed with an output bound (width x height x 4
bytes), so a small file cannot inflate to gigabytes.
"""
from __future__ import annotations

import base64
import binascii
import math
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from game.files import path_problem
from game.hexgrid import TiledLayout
from game.tiled.jsonmap import UNKNOWN_LAYER
from game.tiled.templates import FLAG_BITS, Files, Tileset
from game.tiled.xmlsafe import LineElement, XmlError, line_of, parse_file, problem

# Bits of a Tiled GID (TMX "Tile Flipping"); bit 28 is the hexagonal 120-degree rotation.
FLIP_H, FLIP_V, FLIP_D, ROT_120 = 1 << 31, 1 << 30, 1 << 29, 1 << 28
GID_MASK = ~FLAG_BITS & 0xFFFFFFFF

MAX_CELLS = 1_000_000  # width x height of a map
MAX_TILE_SIDE = 4096  # pixels of a map's tile
MAX_GROUP_DEPTH = 64
# Drawing costs every layer over the whole map and each tile layer holds a number per cell:
# a cap on layers (of every kind, groups included) and on tile layers x cells bounds both.
MAX_LAYERS = 128
MAX_LAYER_CELLS = 16_000_000
MAX_OFFSET = 1_000_000.0  # pixels of a layer offset or an object coordinate
LAYER_KINDS = {"layer": "tile", "objectgroup": "object", "imagelayer": "image", "group": "group"}
COMPRESSIONS = (None, "zlib", "gzip", "zstd")
DATA_FIX = ("in Tiled, Map > Map Properties > Tile Layer Format: CSV or Base64 (uncompressed, "
            "zlib, gzip or Zstandard), then save")


@dataclass
class Layer:
    """One layer in XML order; offset, opacity, visibility and tint include its groups'."""

    element: LineElement
    kind: str  # "tile", "object", "image" or "group"
    name: str
    visible: bool
    offset: tuple[float, float]
    opacity: float
    tint: tuple[int, int, int, int] | None
    groups: tuple[str, ...]  # names of the groups around it, outermost first
    line: int
    parallax: tuple[float, float] = (1.0, 1.0)  # Parallax Factor, times its groups' (Tiled)
    tile_index: int | None = None  # index among the tile layers
    gids: tuple[int, ...] | None = None  # tile layers: raw GIDs, row * width + col


@dataclass
class TilesetRef:
    """A tileset of the map: first GID, the element that defines it, the file it is in."""

    firstgid: int
    element: LineElement  # the .tsx root or the embedded <tileset>
    path: Path  # the file of `element`
    source: Path | None  # the resolved .tsx, None when embedded
    tileset: Tileset


@dataclass
class Document:
    path: Path
    root: LineElement
    files: Files
    problems: list
    width: int = 0
    height: int = 0
    layout: TiledLayout | None = None
    tilesets: list[TilesetRef] = field(default_factory=list)
    layers: list[Layer] = field(default_factory=list)

    @property
    def shown(self) -> str:
        return str(self.path)

    def report(self, line, what, fix, path=None) -> None:
        self.files.report(path or self.shown, line, what, fix)

    @property
    def refs(self) -> list[tuple[int, Tileset]]:
        """[(firstgid, Tileset)] sorted by first GID."""
        return [(t.firstgid, t.tileset) for t in self.tilesets]

    def files_used(self) -> list[Path]:
        """The map and every tileset, template and image it reads."""
        return [self.path, *self.files.read_paths()]

    def image_path(self, image_elem) -> Path | None:
        """The checked path of an <image> element (None: not usable, a problem says why)."""
        return self.files.image_paths.get(image_elem)


def read_document(path, problems: list | None = None, files: Files | None = None
                  ) -> Document | None:
    """The map at `path` parsed once and checked; None when it is not a readable Tiled map
    (the problems list then says why)."""
    path = Path(path)
    problems = problems if problems is not None else []
    unusable = path_problem(path)
    if unusable:
        problems.append(problem(str(path)[:300], 1, f"the map's file name {unusable}",
                                "give the path of a .tmx or .tmj file"))
        return None
    if files is None:
        from game.tiled.project import load_project
        project, found = load_project(path)
        problems.extend(found)
        files = Files(path, problems, project and project.folder)
    if not path.is_file():
        files.report(str(path), 1, "map file not found",
                     "check the path (a .tmx file saved by Tiled)")
        return None
    try:
        root = parse_file(path)
    except XmlError as err:
        files.report(str(path), err.line, err.what, err.fix)
        return None
    doc = Document(path, root, files, problems)
    if root.tag != "map":
        doc.report(line_of(root), f"not a Tiled map (root element <{root.tag}>)",
                   "give a .tmx file saved by Tiled")
        return doc
    _read_header(doc)
    _read_tilesets(doc)
    return doc if _read_layers(doc) else None


# --- header ---------------------------------------------------------------------------------

def _read_header(doc: Document) -> None:
    root, line, ok = doc.root, line_of(doc.root), True
    orientation = root.get("orientation", "orthogonal")
    if orientation != "hexagonal":
        doc.report(line, f"{orientation} map: hexskirmish needs orientation=hexagonal",
                   "in Tiled, Map > Map Properties > Orientation: Hexagonal, or start "
                   "from a map in maps/")
        ok = False
    if root.get("infinite", "0") not in ("0", ""):
        doc.report(line, "infinite map: hexskirmish needs a map of a fixed size",
                   "in Tiled, Map > Map Properties: untick Infinite")
        ok = False
    nums = {}
    for name, lo, hi in (("width", 1, MAX_CELLS), ("height", 1, MAX_CELLS),
                         ("tilewidth", 2, MAX_TILE_SIDE), ("tileheight", 2, MAX_TILE_SIDE),
                         ("hexsidelength", 0, MAX_TILE_SIDE)):
        nums[name] = to_int(root.get(name))
        if nums[name] is None or not lo <= nums[name] <= hi:
            if name != "hexsidelength" or orientation == "hexagonal":
                doc.report(line, f"map attribute {name}={root.get(name)!r} is not a "
                           f"whole number from {lo} to {hi}", "set it in Map > Map Properties")
            ok = False
    axis, index = root.get("staggeraxis"), root.get("staggerindex")
    if orientation == "hexagonal" and (axis not in ("x", "y") or index not in ("odd", "even")):
        doc.report(line, f"bad stagger settings staggeraxis={axis!r} "
                   f"staggerindex={index!r}", "set Stagger Axis (X or Y) and Stagger "
                   "Index (Odd or Even) in Map > Map Properties")
        ok = False
    doc.width, doc.height = nums["width"] or 0, nums["height"] or 0
    if doc.width * doc.height > MAX_CELLS:
        doc.report(line, f"map too large ({doc.width}x{doc.height})",
                   f"keep width x height at most {MAX_CELLS}")
        ok = False
    if ok:
        doc.layout = TiledLayout(nums["tilewidth"], nums["tileheight"], nums["hexsidelength"],
                                 axis, index)


def _read_tilesets(doc: Document) -> None:
    refs, lines = [], {}
    for elem in doc.root.findall("tileset"):
        first = to_int(elem.get("firstgid"))
        if first is None or not 1 <= first <= GID_MASK:
            doc.report(line_of(elem), f"tileset with a bad firstgid {elem.get('firstgid')!r}",
                       "open the map in Tiled and save it again")
            continue
        ts = doc.files.tileset(elem, doc.shown)
        if ts is None:
            continue
        source = Path(ts.path).resolve() if elem.get("source") else None
        defining = doc.files.tileset_roots.get(source, elem) if source else elem
        refs.append(TilesetRef(first, defining, Path(ts.path), source, ts))
        lines[id(refs[-1])] = line_of(elem)
    doc.tilesets = sorted(refs, key=lambda r: r.firstgid)
    _check_overlaps(doc, lines)


def _check_overlaps(doc: Document, lines: dict) -> None:
    """Each tileset's GIDs must end before the next one's first GID: a tileset that grew after
    the map was saved would otherwise lend its new tiles the next tileset's GIDs."""
    for ref, after in zip(doc.tilesets, doc.tilesets[1:]):
        count = ref.tileset.tilecount
        if count is not None and ref.firstgid + count > after.firstgid:
            doc.report(lines[id(after)], f"tileset {after.path.name} starts at GID "
                       f"{after.firstgid}, inside {ref.path.name} (GIDs {ref.firstgid}-"
                       f"{ref.firstgid + count - 1}): the tilesets overlap",
                       "open the map in Tiled and save it again (Tiled renumbers the tilesets)")


# --- layers -----------------------------------------------------------------------------------

def _read_layers(doc: Document) -> bool:
    """Walk the layers (without recursion: a map may nest thousands of groups), then check
    each one and decode its tile data. False when the map has too many layers to be read."""
    stack = [(iter(doc.root), (0.0, 0.0), 1.0, True, None, (), (1.0, 1.0))]
    tile_index = 0
    while stack:
        children, offset, opacity, visible, tint, groups, parallax = stack[-1]
        child = next(children, None)
        if child is None:
            stack.pop()
            continue
        kind = LAYER_KINDS.get(child.tag)
        if child.tag == UNKNOWN_LAYER:
            doc.report(line_of(child), "a layer of an unknown type (Tiled's are tilelayer, "
                       "objectgroup, imagelayer and group)", "export the map from Tiled again")
        if kind is None:
            continue
        if _too_many_layers(doc, child, kind, tile_index):
            return False
        layer = _layer(doc, child, kind, offset, opacity, visible, tint, groups)
        layer.parallax = _parallax(doc, child, parallax)
        doc.layers.append(layer)
        if kind == "tile":
            layer.tile_index, tile_index = tile_index, tile_index + 1
            _read_tile_data(doc, layer)
        elif kind == "image":
            _check_image_layer(doc, layer)
        elif kind == "object":
            _check_objects(doc, layer)
        else:
            if len(groups) + 1 > MAX_GROUP_DEPTH:
                doc.report(layer.line, f"group '{layer.name}' is nested more than "
                           f"{MAX_GROUP_DEPTH} groups deep", "flatten the groups in Tiled")
                continue
            stack.append((iter(child), layer.offset, layer.opacity, layer.visible, layer.tint,
                          groups + (layer.name,), layer.parallax))
    return True


def _too_many_layers(doc: Document, elem, kind: str, tile_layers: int) -> bool:
    """Reports it when `elem` is one layer more than MAX_LAYERS, or one tile layer more
    than MAX_LAYER_CELLS allows on a map of this size."""
    fix = "merge layers in Tiled (Layer > Merge Layer Down) or delete empty ones"
    if len(doc.layers) >= MAX_LAYERS:
        doc.report(line_of(elem), f"more than {MAX_LAYERS} layers (groups included): "
                   f"a map has at most {MAX_LAYERS}", fix)
        return True
    cells = doc.width * doc.height
    if kind == "tile" and (tile_layers + 1) * cells > MAX_LAYER_CELLS:
        most = MAX_LAYER_CELLS // max(cells, 1)
        doc.report(line_of(elem), f"more than {most} tile layers on a map of "
                   f"{doc.width}x{doc.height}: tile layers x width x height is at most "
                   f"{MAX_LAYER_CELLS:,}", fix)
        return True
    return False


def _layer(doc, elem, kind, offset, opacity, visible, tint, groups) -> Layer:
    name, line = elem.get("name", ""), line_of(elem)
    dx = _number(doc, elem, "offsetx", 0.0, -MAX_OFFSET, MAX_OFFSET)
    dy = _number(doc, elem, "offsety", 0.0, -MAX_OFFSET, MAX_OFFSET)
    own_opacity = _number(doc, elem, "opacity", 1.0, 0.0, 1.0)
    return Layer(elem, kind, name, visible and elem.get("visible", "1") != "0",
                 (offset[0] + dx, offset[1] + dy), opacity * own_opacity,
                 multiply_tint(tint, parse_color(elem.get("tintcolor"))), groups, line)


def _parallax(doc, elem, around: tuple[float, float]) -> tuple[float, float]:
    """The layer's Parallax Factor times its groups' (Tiled multiplies them so)."""
    px = _number(doc, elem, "parallaxx", 1.0, -MAX_OFFSET, MAX_OFFSET)
    py = _number(doc, elem, "parallaxy", 1.0, -MAX_OFFSET, MAX_OFFSET)
    return around[0] * px, around[1] * py


def _number(doc, elem, name, default, lo, hi) -> float:
    """A finite number attribute within [lo, hi]; `default` after reporting a bad one."""
    text = elem.get(name)
    if text is None:
        return default
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not lo <= value <= hi:  # NaN fails too
        doc.report(line_of(elem), f"<{elem.tag}> attribute {name}={text!r} is not a number "
                   f"from {lo:g} to {hi:g}", "fix it in Tiled and save the map again")
        return default
    return value


def _check_image_layer(doc: Document, layer: Layer) -> None:
    image = layer.element.find("image")
    if image is None:
        doc.report(layer.line, f"image layer '{layer.name}' has no image",
                   "choose an image for it or delete the layer")
    elif image.get("source"):
        doc.files.image(image, doc.shown, sized=False)


def _check_objects(doc: Document, layer: Layer) -> None:
    """Numbers a reader turns into pixels must be finite and bounded; templates are read
    (and checked) here, once."""
    for obj in layer.element.findall("object"):
        for name in ("x", "y", "width", "height", "rotation"):
            _number(doc, obj, name, 0.0, -MAX_OFFSET, MAX_OFFSET)
        for shape in (c for c in obj if c.tag in ("polygon", "polyline")):
            _check_points(doc, shape)
        if obj.get("template") is not None:
            doc.files.template(obj.get("template"), doc.shown, line_of(obj))


def _check_points(doc: Document, shape) -> None:
    """A polygon's or polyline's points: `x,y` pairs of finite numbers within MAX_OFFSET."""
    for point in (shape.get("points") or "").split():
        try:
            x, y = (float(v) for v in point.split(","))
        except ValueError:
            x = y = math.nan
        if not (-MAX_OFFSET <= x <= MAX_OFFSET and -MAX_OFFSET <= y <= MAX_OFFSET):
            doc.report(line_of(shape), f"<{shape.tag}> point {point[:40]!r} is not two "
                       f"numbers from {-MAX_OFFSET:g} to {MAX_OFFSET:g}",
                       "fix the shape in Tiled and save the map again")
            return


def _read_tile_data(doc: Document, layer: Layer) -> None:
    elem, name = layer.element, layer.name
    data = elem.find("data")
    if data is None:
        doc.report(layer.line, f"tile layer '{name}' has no <data>", DATA_FIX)
        return
    line, enc, comp = line_of(data), data.get("encoding"), data.get("compression")
    if data.find("chunk") is not None:
        doc.report(line, f"tile layer '{name}' is stored in chunks (an infinite map)",
                   "in Tiled, Map > Map Properties: untick Infinite")
    elif enc is None:
        doc.report(line, f"tile layer '{name}' uses the old XML tile format", DATA_FIX)
    elif enc not in ("csv", "base64") or comp not in COMPRESSIONS or (enc == "csv" and comp):
        doc.report(line, f"tile layer '{name}' uses {enc}/{comp} data", DATA_FIX)
    elif (to_int(elem.get("width")), to_int(elem.get("height"))) != (doc.width, doc.height):
        doc.report(layer.line, f"tile layer '{name}' is {elem.get('width')}x"
                   f"{elem.get('height')}, the map {doc.width}x{doc.height}",
                   "in Tiled, Map > Resize Map to make the layer fit the map")
    elif doc.width * doc.height:
        try:
            layer.gids = decode_gids(data.text or "", enc, comp, doc.width * doc.height)
        except TileCountError as err:
            doc.report(line, f"tile layer '{name}' has {err.count:g} tiles, the map needs "
                       f"{doc.width}x{doc.height} = {doc.width * doc.height}", DATA_FIX)
        except DataError as err:
            doc.report(line, f"tile layer '{name}' {err}", DATA_FIX)


class DataError(ValueError):
    """Layer data that cannot be decoded; str() completes "tile layer 'x' ..."."""


class TileCountError(DataError):
    """Layer data holding another number of tiles than the map's cells."""

    def __init__(self, count: float):
        super().__init__(f"has {count:g} tiles")
        self.count = count


def decode_gids(text: str, encoding: str, compression: str | None, cells: int
                ) -> tuple[int, ...]:
    """The `cells` raw GIDs of a layer's <data>; another count (or compressed data that
    inflates past cells x 4 bytes) raises DataError without decoding the rest."""
    if encoding == "csv":
        count = text.count(",") + 1
        if count != cells:
            raise TileCountError(count)
        parts = text.split(",")
        try:
            gids = tuple(int(p) for p in parts)
        except ValueError as err:
            raise DataError(f"data cannot be decoded ({err})") from None
    elif compression == "zstd":
        from game.tiled import zstd_data  # bounded: never more than the layer's own size
        try:
            gids = tuple(zstd_data.decode(text, cells))
        except ValueError as err:
            raise DataError(f"data cannot be decoded ({err})") from None
    else:
        try:
            raw = base64.b64decode(text.strip().encode("ascii"))
        except (binascii.Error, UnicodeEncodeError) as err:
            raise DataError(f"data cannot be decoded (base64: {err})") from None
        raw = inflate(raw, compression, cells * 4)
        if len(raw) != cells * 4:
            raise TileCountError(len(raw) / 4)
        gids = tuple(memoryview(raw).cast("I")) if _LITTLE else tuple(
            int.from_bytes(raw[i:i + 4], "little") for i in range(0, len(raw), 4))
    if any(g < 0 or g > 0xFFFFFFFF for g in gids):
        raise DataError("data cannot be decoded (a GID outside 0..4294967295)")
    return gids


_LITTLE = memoryview(b"\1\0\0\0").cast("I")[0] == 1


def inflate(raw: bytes, compression: str | None, limit: int) -> bytes:
    """`raw` decompressed, refusing output past `limit` bytes (no decompression bombs)."""
    if compression is None:
        out = raw
    elif compression in ("zlib", "gzip"):
        inflater = zlib.decompressobj(zlib.MAX_WBITS | (16 if compression == "gzip" else 0))
        try:
            out = inflater.decompress(raw, limit + 1)
        except zlib.error as err:
            raise DataError(f"data cannot be decoded ({compression}: {err})") from None
    else:
        raise DataError(f"data cannot be decoded (unknown compression {compression!r})")
    if len(out) > limit:
        raise DataError(f"data inflates to more than the {limit} bytes of the map's cells "
                        "(a decompression bomb?)")
    return out


# --- small parsers ---------------------------------------------------------------------------

def to_int(text):
    try:
        return int(text)
    except (TypeError, ValueError):
        return None


def parse_color(text: str | None) -> tuple[int, int, int, int] | None:
    """Tiled's #AARRGGBB or #RRGGBB as (r, g, b, a); None for none or a bad one."""
    if not text:
        return None
    digits = text.lstrip("#")
    try:
        value = int(digits, 16)
    except ValueError:
        return None
    if len(digits) == 8:
        return (value >> 16) & 255, (value >> 8) & 255, value & 255, value >> 24
    if len(digits) == 6:
        return value >> 16, (value >> 8) & 255, value & 255, 255
    return None


def multiply_tint(a, b):
    if a is None:
        return b
    if b is None:
        return a
    return tuple(round(x * y / 255) for x, y in zip(a, b))
