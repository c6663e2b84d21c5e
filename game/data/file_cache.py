"""Data read from files once while the files are unchanged.

Every map load asks for the roster of every creature kind (32 unit files and the weapons,
about 40 ms), and a player who opens the setup screen, a test run or a balance report loads
maps many times. `read_once` keys a result by the bytes of the files it was built from, so an
edited file is read again at once, and keeps the last few results.

A file that is not a small regular file is never cached: the builder reads it again and
refuses it in its own words (docs/security.md "Unit and weapon files").
"""
from __future__ import annotations

import hashlib
import stat
from collections import OrderedDict
from pathlib import Path
from typing import Callable, TypeVar

KEEP = 8                    # results kept (a few folders of each kind: lfg, light, steller)
MAX_BYTES = 1 << 20         # a bigger file is not cached (the builder refuses or reads it)

T = TypeVar("T")
_results: OrderedDict = OrderedDict()


def _fingerprint(paths) -> tuple | None:
    """The paths and a digest of their bytes, or None when one is not a small regular file."""
    digest = hashlib.blake2b(digest_size=16)
    for path in paths:
        try:
            info = Path(path).stat()
            if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_BYTES:
                return None
            digest.update(str(path).encode("utf-8", "surrogateescape") + b"\0")
            digest.update(Path(path).read_bytes()[:MAX_BYTES + 1])
        except OSError:
            return None
    return tuple(str(p) for p in paths), digest.digest()


def read_once(kind: str, paths, build: Callable[[], dict]) -> dict:
    """`build()`'s result (a dict, copied for each caller) for these `paths`, built again only
    when a file's bytes changed; `kind` tells apart results built from the same files."""
    paths = list(paths)
    key = _fingerprint(paths)
    if key is None:
        return build()
    key = (kind, key)
    if key in _results:
        _results.move_to_end(key)
        return dict(_results[key])
    result = build()
    _results[key] = dict(result)
    while len(_results) > KEEP:
        _results.popitem(last=False)
    return result


__all__ = ["KEEP", "read_once"]
