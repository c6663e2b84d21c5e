"""Shared by the computer player's tests: its first real decision in a position."""
from __future__ import annotations

from game.engine import commands as C


def first_decision(b, decide):
    """`decide(b)` after the setup commands the computer sends at a creature's first decision
    (its defense policy, a SetPolicy) have been applied: the move it actually makes."""
    for _ in range(8):
        cmd = decide(b)
        if not isinstance(cmd, C.SetPolicy):
            return cmd
        assert b.apply(cmd).ok
    raise AssertionError("the computer player only sent setup commands")
