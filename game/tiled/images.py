"""Images a map uses, opened before the game draws them (docs/security.md "Maps").

A tileset or image layer may name any file: a truncated PNG, a text file, a 20000 x 20000
picture that needs gigabytes once decoded, or hundreds of large pictures that do together
(the loader keeps the distinct images of a map under MAX_MAP_IMAGE_PIXELS in all).
`check_image` reads the header with Pillow (no pixels), refuses formats, sizes and pixel
counts the game will not draw, then decodes every pixel (Pillow; no drawing library in the
loader) so that `validate` says ok only for images that load whole.
libpng's own warnings on stderr are silenced (`quiet_stderr`): the user sees one line.
"""
from __future__ import annotations

import contextlib
import os
import sys
import warnings
from pathlib import Path

MAX_IMAGE_SIDE = 16384
MAX_IMAGE_PIXELS = 4096 * 4096  # 64 MiB once decoded to RGBA
MAX_MAP_IMAGE_PIXELS = 4 * MAX_IMAGE_PIXELS  # every distinct image of one map together
FORMATS = ("PNG", "JPEG", "BMP", "GIF", "TGA", "WEBP")
FIX = "save the image again as PNG from an image editor, or point to the right file in Tiled"


class ImageError(ValueError):
    """An image the game cannot draw: `what` and its `fix`."""

    def __init__(self, what: str, fix: str = FIX):
        super().__init__(what)
        self.what, self.fix = what, fix


@contextlib.contextmanager
def quiet_stderr():
    """Silence file descriptor 2 (libpng writes its warnings there, not to sys.stderr)."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):  # no real descriptor 2 (embedded interpreters)
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def image_size(path: Path) -> tuple[int, int]:
    """(width, height) from the header of an image the game accepts; raises ImageError."""
    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with Image.open(path) as image:
                fmt, size = image.format, image.size
    except UnidentifiedImageError:
        raise ImageError("is not an image (no PNG, JPEG, BMP, GIF, TGA or WEBP header)") \
            from None
    except Image.DecompressionBombError:
        raise ImageError("is far too large an image",
                         f"keep images under {MAX_IMAGE_PIXELS} pixels") from None
    except (OSError, ValueError, SyntaxError) as err:
        raise ImageError(f"cannot be read as an image ({err})") from None
    if fmt not in FORMATS:
        raise ImageError(f"is a {fmt} image, which the game does not draw")
    width, height = size
    if not (0 < width <= MAX_IMAGE_SIDE and 0 < height <= MAX_IMAGE_SIDE) \
            or width * height > MAX_IMAGE_PIXELS:
        raise ImageError(f"is {width}x{height} pixels, too large to draw",
                         f"keep images at most {MAX_IMAGE_PIXELS} pixels, "
                         f"{MAX_IMAGE_SIDE} on a side (split the tileset)")
    return width, height


def check_image(path: Path) -> tuple[int, int]:
    """(width, height) of an image the game can load: header checked, then every pixel
    decoded (Pillow, which stops at a truncated or damaged file); raises ImageError."""
    from PIL import Image
    size = image_size(path)
    try:
        with quiet_stderr(), Image.open(path) as image:
            image.load()
            decoded = image.size
    except (OSError, ValueError, SyntaxError) as err:
        raise ImageError(f"cannot be decoded ({err or 'a truncated or damaged file'})") \
            from None
    if decoded != size:
        raise ImageError(f"decodes to {decoded}, its header says {size}")
    return size
