"""The image files the headless commands write (`render`, `screenshot`; what they promise:
docs/security.md "Maps").

An output must be a .png file in an ordinary folder: never one of the inputs (the map, its
tilesets, images and templates: `render MAP MAP` would replace the map with a picture), never
under /proc, /sys or /dev. It is written to a temporary file beside it and moved into place,
so a failed write leaves nothing half-written.
"""
from __future__ import annotations

import os
from pathlib import Path

from game.errors import InputError

SYSTEM_DIRS = tuple(Path(p) for p in ("/proc", "/sys", "/dev", "/run"))


def check_png_output(out, inputs=()) -> Path:
    """`out` as a Path if it may be written; else InputError (one line, exit status 2)."""
    out = Path(out)
    if out.is_dir():
        raise InputError(out, None, "is a folder; give the name of the .png file to write")
    if out.suffix.lower() != ".png":
        raise InputError(out, None, "the image is written as PNG: give a file name ending "
                         "in .png")
    if not out.parent.is_dir():
        raise InputError(out, None, f"cannot write: the folder {out.parent} does not exist")
    real = out.resolve()
    if any(real.is_relative_to(d) for d in SYSTEM_DIRS) or (out.exists() and not out.is_file()):
        raise InputError(out, None, "is not an ordinary file; give a .png file in a folder "
                         "of your own")
    for path in inputs:
        if Path(path).resolve() == real:
            raise InputError(out, None, "is a file the map uses (the map, a tileset, an image "
                             "or a template); give another name for the .png")
    return out


def write_png(surface, out: Path) -> None:
    """Save a pygame surface as PNG at `out`, whole or not at all."""
    import pygame

    temporary = out.with_name(f".{out.stem}.{os.getpid()}.part.png")
    try:
        pygame.image.save(surface, str(temporary))
        os.replace(temporary, out)
    except (OSError, pygame.error) as err:
        raise InputError(out, None, f"cannot write the image ({err})") from None
    finally:
        if temporary.exists():
            temporary.unlink()
