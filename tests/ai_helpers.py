"""Shared by the computer player's tests: its first real decision in a position."""
from __future__ import annotations

import dataclasses

from game.ai.player import AIPlayer
from game.engine import commands as C


def judgement(level: str = "normal"):
    """The `command` of a player of `level` without its noise: what it judges best. Tests of
    a judgement use it, so that a level's noise (tested on its own) never decides them."""
    player = AIPlayer(level, seed=0)
    player.profile = dataclasses.replace(player.profile, noise=0.0)
    return player.command


def first_decision(b, decide):
    """`decide(b)` after the setup commands the computer sends at a creature's first decision
    (its defense policy, a SetPolicy) have been applied: the move it actually makes."""
    for _ in range(8):
        cmd = decide(b)
        if not isinstance(cmd, C.SetPolicy):
            return cmd
        assert b.apply(cmd).ok
    raise AssertionError("the computer player only sent setup commands")
