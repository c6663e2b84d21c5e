"""game.tiled.document: the map parsed once, as both the loader and the renderer see it."""
from __future__ import annotations

import base64
import struct
import zlib

from game.tiled.document import FLIP_D, FLIP_H, ROT_120, read_document
from game.tiled.loader import load_map
from test_tiled_loader import GRASS, UNITS, folder, grass, map_xml, tile_layer  # noqa: F401


def _base64_layer(layer_id: int, name: str, gids: list[int], attrs: str = "") -> str:
    packed = zlib.compress(struct.pack(f"<{len(gids)}I", *gids))
    return (f' <layer id="{layer_id}" name="{name}" width="6" height="5"{attrs}>\n'
            f'  <data encoding="base64" compression="zlib">{base64.b64encode(packed).decode()}'
            '</data>\n </layer>\n')


def test_layers_in_xml_order_with_their_groups(folder):
    flagged = [GRASS] * 30
    flagged[7] = GRASS | FLIP_H | ROT_120
    flagged[29] = GRASS | FLIP_D
    body = (tile_layer("ground", grass())
            + ' <group id="4" name="outer" offsetx="3" offsety="-4" opacity="0.5">\n'
            + _base64_layer(5, "flags", flagged, ' offsetx="1" offsety="2" opacity="0.5"')
            + '  <group id="6" name="inner" visible="0">\n'
            + '   <objectgroup id="7" name="things"/>\n'
            + '  </group>\n </group>\n'
            + ' <imagelayer id="8" name="sky"><image source="hex.png" width="224" '
              'height="192"/></imagelayer>\n')
    path = folder / "m.tmx"
    path.write_text(map_xml(body))
    problems: list = []
    doc = read_document(path, problems)
    assert problems == []
    shown = [(la.kind, la.name, la.offset, la.opacity, la.visible, la.groups, la.tile_index)
             for la in doc.layers]
    assert shown == [
        ("tile", "ground", (0.0, 0.0), 1.0, True, (), 0),
        ("group", "outer", (3.0, -4.0), 0.5, True, (), None),
        ("tile", "flags", (4.0, -2.0), 0.25, True, ("outer",), 1),
        ("group", "inner", (3.0, -4.0), 0.5, False, ("outer",), None),
        ("object", "things", (3.0, -4.0), 0.5, False, ("outer", "inner"), None),
        ("image", "sky", (0.0, 0.0), 1.0, True, (), None),
    ]
    assert doc.layers[2].gids == tuple(flagged)
    assert doc.layers[0].gids == (GRASS,) * 30
    assert [ref.firstgid for ref in doc.tilesets] == [1]
    assert doc.image_path(doc.layers[5].element.find("image")) == folder / "hex.png"


def test_the_loaders_layers_are_the_documents(folder):
    body = tile_layer("ground", grass()) + _base64_layer(2, "more", [GRASS] * 30)
    path = folder / "m.tmx"
    path.write_text(map_xml(body))
    hexmap = load_map(path, UNITS, require_sides=False)
    doc = read_document(path)
    assert [(la.name, la.kind, la.gids) for la in hexmap.layers] == \
        [(la.name, la.kind, la.gids) for la in doc.layers]


def test_files_used_are_the_map_and_what_it_names(folder):
    path = folder / "m.tmx"
    path.write_text(map_xml(tile_layer("ground", grass())))
    doc = read_document(path)
    assert {p.resolve() for p in doc.files_used()} == \
        {(folder / f).resolve() for f in ("m.tmx", "terrain.tsx", "hex.png")}
