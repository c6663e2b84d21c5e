"""The cycle collector paused while the rules answer a bulk question (the cover of every
pair of creatures: tens of thousands of short-lived lines, passages and results, none of
which form a cycle).

Python's collector runs after every few hundred new objects and, as the results pile up,
walks every object of the process again and again: half the time of such a question went
to it, reclaiming nothing. `paused()` turns it off for the length of a `with` block and
back on when the last block of any thread ends (a count under a lock: a thread that ends
its block early never turns it on under another thread's block). When the collector was
already off, it stays off.
"""
from __future__ import annotations

import gc
import threading
from contextlib import contextmanager

_lock = threading.Lock()
_holders = 0
_was_enabled = False


@contextmanager
def paused():
    """No cycle collection inside the block (and a normal one after the last block ends)."""
    global _holders, _was_enabled
    with _lock:
        if _holders == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _holders += 1
    try:
        yield
    finally:
        with _lock:
            _holders -= 1
            if _holders == 0 and _was_enabled:
                gc.enable()


__all__ = ["paused"]
