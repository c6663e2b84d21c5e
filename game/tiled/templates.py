"""Files a map refers to: tilesets (.tsx), images and object templates (.tx).

Object templates (docs/mapping.md "Units") must work although pytmx does not resolve them.
Tiled's rule for a template instance: the instance's attributes and properties override the
template object's; the shape (point, ellipse, polygon, text) comes from the template unless the
instance has its own; a template's tile `gid` counts in the template's own `<tileset>`.
`map_object` gives an object as Tiled shows it (template merged; a tile object also takes its
tile's class and properties as defaults) and the center of its bounds, where a unit stands.
Every reference is checked before anything reads it (docs/security.md "Maps"): it must exist and
stay inside the map's folder, the game's `assets/` folder, an `assets/` folder beside the map's
folder or the folder holding the map's `.tiled-project` (so `../tilesets` of a project works; no
other `..` escapes, no absolute paths elsewhere). Problems are collected into a list, never raised.
"""
from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from game import paths
from game.files import FileRefused, path_problem, resolved
from game.tiled.images import (MAX_IMAGE_SIDE, MAX_MAP_IMAGE_PIXELS, ImageError, check_image,
                               image_size)
from game.tiled.xmlsafe import Prop, XmlError, line_of, parse_file, problem, read_props

ASSETS = paths.assets_dir()
SHAPES = ("point", "ellipse", "polygon", "polyline", "text")
MAX_TILES = 65536  # tiles of one tileset


@dataclass
class Tile:
    id: int
    cls: str  # Tiled 1.9+ `class`, 1.8 `type`
    props: dict[str, Prop]
    line: int
    size: tuple[int, int] | None = None  # its own image (collection tilesets)


@dataclass
class Tileset:
    path: str  # the file that defines it (.tsx, or the map for an embedded tileset)
    line: int
    name: str
    tilewidth: int
    tileheight: int
    tilecount: int | None
    tiles: dict[int, Tile] = field(default_factory=dict)
    alignment: str = "unspecified"  # objectalignment: where a tile object's x,y sits

    def tile_size(self, local_id: int) -> tuple[int, int]:
        tile = self.tiles.get(local_id)
        return tile.size if tile and tile.size else (self.tilewidth, self.tileheight)


@dataclass
class Template:
    path: str
    obj: object  # the template's <object> element
    tileset: Tileset | None
    firstgid: int


def _cut(text: str, limit: int = 60) -> str:
    """`text` quoted for a message, at most `limit` characters of it."""
    return repr(text if len(text) <= limit else text[:limit] + "...")


def _int_attr(elem, name: str, default=None):
    try:
        return int(elem.get(name))
    except (TypeError, ValueError):
        return default


class Files:
    """Reads the tilesets, templates and image references of one map, collecting problems."""

    def __init__(self, map_path, problems: list, project_folder=None):
        self.map_path = Path(map_path)
        folder = self.map_path.parent.resolve()
        # the shipped assets, wherever the game is installed, and the assets/ beside a maps/
        # folder laid out like the repository's (a checkout's maps read by an installed game)
        self.roots = [folder, ASSETS.resolve(), folder.parent / "assets"]
        if project_folder is not None:  # sibling folders (../tilesets) of a Tiled project
            self.roots.append(Path(project_folder).resolve())
        self.problems = problems
        self._reported: set = set()  # the problems in `problems[:self._looked]`
        self._looked = 0
        self.image_pixels = 0  # of the distinct images checked so far
        self._tilesets: dict[Path, Tileset | None] = {}
        self._templates: dict[Path, Template | None] = {}
        self._image_sizes: dict[Path, tuple[int, int] | None] = {}
        self.tileset_files: list = []  # (path, root) of each .tsx read, for pytmx checks
        self.tileset_roots: dict[Path, object] = {}  # resolved .tsx -> its root element
        self.image_paths: dict = {}  # <image> element -> its checked path

    def read_paths(self) -> list[Path]:
        """Every tileset, template and image file read (or checked) for the map."""
        return [*self._tilesets, *self._templates, *self._image_sizes]

    def report(self, path, line, what, fix) -> None:
        p = problem(path, line, what, fix)
        self._reported.update(self.problems[self._looked:])  # those added without report()
        if p not in self._reported:
            self._reported.add(p)
            self.problems.append(p)
        self._looked = len(self.problems)

    def reference(self, source: str | None, owner, line: int, what: str) -> Path | None:
        """The path of `source` written in file `owner`, or None after reporting a problem."""
        if not source:
            self.report(owner, line, f"{what} without a file name", f"choose the {what} in Tiled")
            return None
        problem = path_problem(source)
        if problem:
            self.report(owner, line, f"{what} {_cut(source)} {problem}",
                        f"rename the file and choose the {what} again in Tiled")
            return None
        shown = Path(os.path.normpath(Path(owner).parent / source))
        try:
            real = resolved(shown)
        except FileRefused as err:
            self.report(owner, line, f"{what} '{source}' {err}",
                        f"point the {what} to the file itself in Tiled")
            return None
        if not any(real.is_relative_to(root) for root in self.roots):
            self.report(owner, line, f"{what} '{source}' is outside the map's folder and assets/",
                        "keep tilesets, images and templates next to the map, under assets/ "
                        "or in the folder of the map's .tiled-project (no '..' out of them, "
                        "no absolute paths elsewhere)")
            return None
        try:
            found = real.is_file()
        except OSError as err:      # a permission or a limit of this file system
            self.report(owner, line, f"{what} '{source}' cannot be read: {err.strerror}",
                        f"point the {what} to a file this computer can open")
            return None
        if not found:
            self.report(owner, line, f"{what} '{source}' not found (looked for {shown})",
                        f"restore the file or point the {what} to the right path in Tiled")
            return None
        return shown

    def parse(self, path: Path, root_tag: str):
        try:
            root = parse_file(path)
        except XmlError as err:
            self.report(path, err.line, err.what, err.fix)
            return None
        if root.tag != root_tag:
            ext = "tsx or .tsj" if root_tag == "tileset" else "tx or .tj"
            self.report(path, line_of(root), f"not a Tiled {root_tag} (root <{root.tag}>)",
                        f"point to a .{ext} file saved by Tiled")
            return None
        return root

    def image(self, elem, owner, sized: bool = True) -> tuple[int, int] | None:
        """Check an <image>: its path, then the file (opened as the game will, once per
        file); the declared width and height (which pytmx cuts tiles by; required when
        `sized`) must be the real ones. Its size, or None after reporting a problem."""
        path = self.reference(elem.get("source"), owner, line_of(elem), "image")
        declared = (_int_attr(elem, "width"), _int_attr(elem, "height"))
        if sized and None in declared:
            self.report(owner, line_of(elem), "<image> without width and height",
                        "open the tileset in Tiled and save it again (Tiled writes both)")
            return None
        trans = elem.get("trans")
        if trans is not None and not re.fullmatch(r"#?[0-9a-fA-F]{6}", trans):
            self.report(owner, line_of(elem), f"image transparent colour trans={trans!r} is "
                        "not a colour like ff00ff", "choose the colour again in Tiled")
            return None
        if path is None:
            return None
        key = path.resolve()
        if key not in self._image_sizes:
            try:
                self._image_sizes[key] = self._checked_image(path)
            except ImageError as err:
                self._image_sizes[key] = None
                self.report(owner, line_of(elem), f"image '{elem.get('source')}' {err.what}",
                            err.fix)
        real = self._image_sizes[key]
        if real is None:
            return None
        if declared != (None, None) and declared != real:
            self.report(owner, line_of(elem), f"image '{elem.get('source')}' is "
                        f"{real[0]}x{real[1]} pixels, the file says {declared[0]}x"
                        f"{declared[1]}", "open it in Tiled and save it again (Tiled writes "
                        "the real size)")
            return None
        self.image_paths[elem] = path
        return real

    def _checked_image(self, path: Path) -> tuple[int, int] | None:
        """check_image, while the distinct images of the map add up to at most
        MAX_MAP_IMAGE_PIXELS: the first one past it raises ImageError, those after it are
        None without a word (one line for a map of hundreds of huge images), and no pixel of
        theirs is decoded."""
        if self.image_pixels > MAX_MAP_IMAGE_PIXELS:
            return None
        width, height = image_size(path)
        self.image_pixels += width * height
        if self.image_pixels > MAX_MAP_IMAGE_PIXELS:
            raise ImageError(f"brings the map's images to more than "
                             f"{MAX_MAP_IMAGE_PIXELS:,} pixels in all (four 4096x4096 images)",
                             "use fewer or smaller images, or tiles cut from one shared image")
        return check_image(path)

    def tileset(self, elem, owner) -> Tileset | None:
        """A <tileset> element of a map or template: external (.tsx) or embedded."""
        source = elem.get("source")
        if source is None:
            return self._read_tileset(elem, owner)
        if not source.lower().endswith((".tsx", ".tsj", ".json")):
            self.report(owner, line_of(elem), f"tileset '{source}' is not a .tsx or .tsj file",
                        "in Tiled, export the tileset as a .tsx or .tsj file and use that")
            return None
        path = self.reference(source, owner, line_of(elem), "tileset")
        if path is None:
            return None
        key = path.resolve()
        if key not in self._tilesets:
            root = self.parse(path, "tileset")
            if root is not None:
                self.tileset_files.append((path, root))
                self.tileset_roots[key] = root
            self._tilesets[key] = None if root is None else self._read_tileset(root, path)
        return self._tilesets[key]

    def _read_tileset(self, elem, path) -> Tileset | None:
        tw, th = _int_attr(elem, "tilewidth", 0), _int_attr(elem, "tileheight", 0)
        if not (0 < tw <= MAX_IMAGE_SIDE and 0 < th <= MAX_IMAGE_SIDE):
            self.report(path, line_of(elem), "tileset without a tilewidth/tileheight from 1 "
                        f"to {MAX_IMAGE_SIDE}", "open the tileset in Tiled and save it again")
            return None
        if not self.check_geometry(elem, path, tw, th) or not self.check_offset(elem, path):
            return None
        for image in elem.findall("image"):
            self.image(image, path)
        ts = Tileset(str(path), line_of(elem), elem.get("name", ""), tw, th,
                     _int_attr(elem, "tilecount"), alignment=elem.get("objectalignment",
                                                                       "unspecified"))
        for t in elem.findall("tile"):
            tid = _int_attr(t, "id")
            if tid is None or tid < 0:
                self.report(path, line_of(t), f"<tile> with a bad id {t.get('id')!r}",
                            "open the tileset in Tiled and save it again")
                continue
            size = None
            for image in t.findall("image"):
                self.image(image, path)
                size = (_int_attr(image, "width", tw), _int_attr(image, "height", th))
            ts.tiles[tid] = Tile(tid, t.get("class") or t.get("type") or "",
                                 read_props(t, path), line_of(t), size)
        return ts

    def check_geometry(self, elem, path, tw: int, th: int) -> bool:
        """The tiles an image tileset cuts (as pytmx cuts them: columns x rows of its image)
        must be few enough to hold, before anything iterates over them."""
        ints = {name: _int_attr(elem, name, 0) for name in ("margin", "spacing", "tilecount")}
        image = elem.find("image")
        if image is not None:
            ints["image width"] = _int_attr(image, "width", 0)
            ints["image height"] = _int_attr(image, "height", 0)
        bad = [f"{k}={v}" for k, v in ints.items() if not 0 <= v <= MAX_IMAGE_SIDE * 16]
        if bad:
            self.report(path, line_of(elem), f"tileset with out-of-range {', '.join(bad)}",
                        "open the tileset in Tiled and save it again")
            return False
        if image is None:
            return True
        m, s = ints["margin"], ints["spacing"]
        cols = len(range(m, ints["image width"] + m - tw + 1, tw + s))
        rows = len(range(m, ints["image height"] + m - th + 1, th + s))
        if cols * rows > MAX_TILES or ints["tilecount"] > MAX_TILES:
            self.report(path, line_of(elem), f"tileset cuts {cols}x{rows} = {cols * rows} "
                        f"tiles of {tw}x{th} pixels from its image",
                        f"keep a tileset under {MAX_TILES} tiles (larger tiles, or several "
                        "tilesets)")
            return False
        return True

    def check_offset(self, elem, path) -> bool:
        """The tileset's <tileoffset> (pixels every tile is drawn shifted by): finite numbers
        within a tile image's side, which the drawing turns into whole pixels."""
        for offset in elem.findall("tileoffset"):
            for name in ("x", "y"):
                text = offset.get(name, "0")
                try:
                    value = float(text)
                except ValueError:
                    value = math.nan
                if not -MAX_IMAGE_SIDE <= value <= MAX_IMAGE_SIDE:
                    self.report(path, line_of(offset), f"tileoffset {name}={_cut(text)} is not "
                                f"a number from {-MAX_IMAGE_SIDE} to {MAX_IMAGE_SIDE}",
                                "set the tileset's Drawing Offset again in Tiled")
                    return False
        return True

    def template(self, source: str, owner, line: int) -> Template | None:
        path = self.reference(source, owner, line, "template")
        if path is None:
            return None
        key = path.resolve()
        if key not in self._templates:
            self._templates[key] = self._read_template(path)
        return self._templates[key]

    def _read_template(self, path: Path) -> Template | None:
        root = self.parse(path, "template")
        if root is None:
            return None
        obj = root.find("object")
        if obj is None:
            self.report(path, line_of(root), "template without an <object>",
                        "save the template again from Tiled (Save As Template)")
            return None
        ts_elem = root.find("tileset")
        tileset = self.tileset(ts_elem, path) if ts_elem is not None else None
        firstgid = _int_attr(ts_elem, "firstgid", 1) if ts_elem is not None else 1
        return Template(str(path), obj, tileset, firstgid)


def merge_template(obj, template: Template, owner) -> tuple[dict, dict, object]:
    """Attributes, properties and shape element of an instance merged over its template."""
    attrib = {k: v for k, v in template.obj.attrib.items() if k != "id"}
    attrib.update((k, v) for k, v in obj.attrib.items() if k != "template")
    props = read_props(template.obj, template.path)
    props.update(read_props(obj, owner))
    shape = next((c for c in obj if c.tag in SHAPES), None)
    if shape is None:
        shape = next((c for c in template.obj if c.tag in SHAPES), None)
    return attrib, props, shape



# --- objects with their templates resolved ------------------------------------------------

FLAG_BITS = 0xF0000000  # flips (bits 31-29) and Tiled's hexagonal 120-degree rotation (bit 28)
# Where x,y sits on a tile object's bounds, as fractions of (width, height) to the top-left.
_ALIGN = {"topleft": (0, 0), "top": (-.5, 0), "topright": (-1, 0), "left": (0, -.5),
          "center": (-.5, -.5), "right": (-1, -.5), "bottomleft": (0, -1),
          "bottom": (-.5, -1), "bottomright": (-1, -1)}


@dataclass
class MapObject:
    """A Tiled object as Tiled shows it: template merged, tile properties as defaults."""

    attrib: dict
    props: dict[str, Prop]
    shape: object  # the <point>/<ellipse>/<polygon>/... element, or None for a rectangle
    tile: tuple[Tileset, int] | None  # (tileset, local tile id) of a tile object
    cls: str
    line: int

    def number(self, name: str, default=None):
        """The attribute as a finite number (ValueError for NaN, an infinity or no number)."""
        try:
            return _finite(self.attrib[name])
        except KeyError:
            return default

    def center(self) -> tuple[float, float]:
        """Center of the object's bounds in map pixels (raises ValueError on bad numbers).

        Tiled anchors a tile object at its bottom-left (or its tileset's objectalignment) and
        rotates every object about its x,y."""
        x, y = self.number("x", 0.0), self.number("y", 0.0)
        w, h = self.number("width"), self.number("height")
        if self.shape is not None and self.shape.tag == "point":
            return x, y
        if self.tile is not None:
            ts, local = self.tile
            tw, th = ts.tile_size(local)
            w, h = (tw if w is None else w), (th if h is None else h)
            ax, ay = _ALIGN.get(ts.alignment, (0, -1))
            lx, ly = (ax + .5) * w, (ay + .5) * h
        elif self.shape is not None and self.shape.tag in ("polygon", "polyline"):
            pts = [tuple(map(_finite, p.split(","))) for p in self.shape.get("points", "").split()]
            xs, ys = [p[0] for p in pts] or [0.0], [p[1] for p in pts] or [0.0]
            lx, ly = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        else:
            lx, ly = (w or 0.0) / 2, (h or 0.0) / 2
        a = math.radians(self.number("rotation", 0.0))
        center = (x + lx * math.cos(a) - ly * math.sin(a), y + lx * math.sin(a) + ly * math.cos(a))
        return _finite(center[0]), _finite(center[1])


def _finite(text) -> float:
    """`text` as a float; ValueError for NaN and the infinities (1e309 is one) as for text
    that is no number: a position must become a hex."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text!r} is not a finite number")
    return value


def tile_in(refs, raw_gid: int) -> tuple[Tileset, int] | None:
    """The (tileset, local id) of a GID among `refs` = [(firstgid, Tileset)] sorted."""
    gid = raw_gid & ~FLAG_BITS
    found = None
    for first, ts in refs:
        if first <= gid:
            found = (ts, gid - first)
    if found is None:
        return None
    ts, local = found
    if ts.tilecount is not None and local >= ts.tilecount and local not in ts.tiles:
        return None
    return found


def map_object(obj, owner, refs, files: Files) -> MapObject | None:
    """An <object> of the map with its template resolved (None: template problem reported)."""
    attrib, props = dict(obj.attrib), read_props(obj, owner)
    shape = next((c for c in obj if c.tag in SHAPES), None)
    tile = None
    if "template" in obj.attrib:
        template = files.template(obj.get("template"), owner, line_of(obj))
        if template is None:
            return None
        attrib, props, shape = merge_template(obj, template, owner)
        if "gid" not in obj.attrib and "gid" in template.obj.attrib and template.tileset:
            local = (_int_attr(template.obj, "gid", 0) & ~FLAG_BITS) - template.firstgid
            tile = (template.tileset, local)
    if tile is None and "gid" in attrib:
        tile = tile_in(refs, _int_attr(obj, "gid", 0) if "gid" in obj.attrib else 0)
    cls = attrib.get("class") or attrib.get("type") or ""
    if tile is not None:
        ts, local = tile
        t = ts.tiles.get(local)
        if t is not None:
            cls = cls or t.cls
            props = {**t.props, **props}
    return MapObject(attrib, props, shape, tile, cls, line_of(obj))
