"""Reading and writing the player's files safely (docs/security.md "Saves", "Unit and weapon
files").

- `read_text(path, limit, what)`: the UTF-8 text of a regular file of at most `limit` bytes.
  A FIFO, a device (`/dev/zero`), a folder or a socket is refused without reading from it
  (opening does not block: O_NONBLOCK), and so is a file larger than `limit`, so a hostile
  path can neither hang a command nor fill its memory.
- `path_problem(text)` and `resolved(path)`: a file name from a map, a save or the command
  line is checked before any system call sees it (a NUL byte, a name longer than the file
  system allows), and resolved without the symlink loop or the error escaping as a fault.
- `write_atomically(path, data)`: the new content in a temporary file of the same folder,
  flushed and fsync'ed, then renamed over `path`: a crash or a full disk leaves either the
  old file or the new one, never half of it.
"""
from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

__all__ = ["FileRefused", "path_problem", "read_bytes", "read_text", "regular_file_problem",
           "resolved", "write_atomically"]

MAX_NAME_BYTES = 255     # one file or folder name (NAME_MAX of Linux, macOS and Windows)
MAX_PATH_BYTES = 4095    # a whole path (PATH_MAX of Linux, less its NUL)


class FileRefused(ValueError):
    """A file that is not read: not a regular file, too large, unreadable or not UTF-8."""


def read_text(path, limit: int, what: str = "file") -> str:
    """The text of the regular file `path`, at most `limit` bytes (see the module docstring)."""
    data = read_bytes(path, limit, what)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise FileRefused(f"the {what} is not UTF-8 text") from None


def read_bytes(path, limit: int, what: str = "file") -> bytes:
    """The bytes of the regular file `path`, at most `limit` (see the module docstring)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as err:
        raise FileRefused(f"cannot read the {what}: {err.strerror or err}") from None
    try:
        kind = _kind(os.fstat(fd).st_mode)
        if kind:
            raise FileRefused(f"is {kind}, not a {what}")
        data = _read_at_most(fd, limit + 1)
    except OSError as err:
        raise FileRefused(f"cannot read the {what}: {err.strerror or err}") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise FileRefused(f"the {what} is larger than {_size(limit)}: not read")
    return data


def _kind(mode: int) -> str:
    """"" for a regular file, else what it is ("a pipe", "a folder", ...)."""
    if stat.S_ISREG(mode):
        return ""
    return ("a folder" if stat.S_ISDIR(mode) else "a pipe" if stat.S_ISFIFO(mode)
            else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else "a socket" if stat.S_ISSOCK(mode) else "not a regular file")


def regular_file_problem(path, what: str = "file") -> str:
    """"" when `path` is (a symlink to) a regular file, else why it is not read, in a few
    words: checked with os.stat before anything opens it, so a pipe never blocks."""
    try:
        mode = os.stat(path).st_mode
    except OSError as err:
        if os.path.islink(path):
            return "is a symlink to nothing (a dangling link)"
        return f"cannot read the {what}: {err.strerror or err}"
    kind = _kind(mode)
    return f"is {kind}, not a {what}" if kind else ""


def path_problem(text) -> str:
    """"" when `text` can name a file here, else why not, in a few words: a NUL byte, a
    character the file system cannot take, a name or a path longer than it allows."""
    text = os.fspath(text)
    if "\x00" in text:
        return "holds a NUL byte, which no file name can hold"
    try:
        encoded = os.fsencode(text)
    except UnicodeError:
        return "holds a character no file name can hold here"
    if len(encoded) > MAX_PATH_BYTES:
        return f"is {len(encoded)} bytes long: a path is at most {MAX_PATH_BYTES}"
    sep = os.fsencode(os.sep)    # on Linux a backslash is part of a name, not a separator
    if os.altsep:
        encoded = encoded.replace(os.fsencode(os.altsep), sep)
    longest = max(len(part) for part in encoded.split(sep))
    if longest > MAX_NAME_BYTES:
        return (f"holds a name {longest} bytes long, too long for a file name (at most "
                f"{MAX_NAME_BYTES})")
    return ""


def resolved(path) -> Path:
    """The absolute path of `path` with its links followed; FileRefused (saying why) for a
    name `path_problem` refuses and for a symlink loop."""
    problem = path_problem(path)
    if problem:
        raise FileRefused(problem)
    try:
        return Path(path).resolve()
    except RuntimeError:         # Python before 3.13 reports a loop so
        raise FileRefused("is a symlink loop (a link that leads back to itself)") from None
    except OSError as err:
        if err.errno == errno.ELOOP:
            raise FileRefused("is a symlink loop (a link that leads back to itself)") from None
        raise FileRefused(f"cannot be read: {err.strerror or err}") from None
    except ValueError as err:
        raise FileRefused(f"cannot be read: {err}") from None


def _read_at_most(fd: int, count: int) -> bytes:
    parts, left = [], count
    while left > 0:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            break
        parts.append(chunk)
        left -= len(chunk)
    return b"".join(parts)


def _size(n: int) -> str:
    return f"{n // (1 << 20)} MiB" if n >= 1 << 20 else f"{n // 1024} KiB"


def write_atomically(path, data: bytes) -> None:
    """Replace `path` by `data` all at once (see the module docstring); OSError on failure,
    with `path` unchanged and no temporary file left behind."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.chmod(tmp, _mode_of(path))
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.fsync(fd)
        os.close(fd)
        fd = -1
        os.replace(tmp, path)
    except BaseException:
        if fd >= 0:
            os.close(fd)
        Path(tmp).unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


def _mode_of(path: Path) -> int:
    """The permissions the new file gets: the old file's, else rw-r--r-- (mkstemp's own
    rw------- would hide a shared save from the other players of the machine)."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        return 0o644


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); folders cannot be opened on Windows."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
