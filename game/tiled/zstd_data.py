"""zstd-compressed tile layer data (docs/mapping.md "Formats"): Tiled writes it when a map's
Tile Layer Format is "Base64 (Zstandard compressed)". pytmx reads only zlib and gzip, so the
loader decodes zstd here, never into more than the layer's own size (a small file cannot
unpack into gigabytes), and hands pytmx the same tiles as CSV.
"""
from __future__ import annotations

import base64
import binascii
import io
import struct

import zstandard


def decode(text: str, count: int) -> list[int]:
    """The `count` GIDs of base64 zstd layer data; ValueError says what is wrong."""
    try:
        raw = base64.b64decode((text or "").strip(), validate=False)
    except (binascii.Error, ValueError) as err:
        raise ValueError(f"not base64: {err}") from None
    try:  # read one byte more than the layer needs: enough to tell "too long"
        with zstandard.ZstdDecompressor().stream_reader(io.BytesIO(raw)) as reader:
            data = reader.read(4 * count + 1)
    except zstandard.ZstdError as err:
        raise ValueError(f"not zstd data: {err}") from None
    if len(data) != 4 * count:
        more = "more" if len(data) > 4 * count else str(len(data) // 4)
        raise ValueError(f"{more} tiles where the map has {count}")
    return list(struct.unpack(f"<{count}I", data))


def to_csv(root) -> None:
    """Rewrite every zstd <data> of a map's tree as CSV (in place), for pytmx."""
    for layer in root.iter("layer"):
        data = layer.find("data")
        if data is None or data.get("compression") != "zstd":
            continue
        count = int(layer.get("width", 0)) * int(layer.get("height", 0))
        data.text = ",".join(map(str, decode(data.text, count)))
        data.attrib.pop("compression")
        data.set("encoding", "csv")
