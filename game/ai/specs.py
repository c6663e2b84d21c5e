"""Controller specs of computer players (`--sides`, the `simulate` command, tools/ai_quality.py):

    ai | ai:LEVEL | ai:LEVEL@ROLLOUTS | ai:LEVEL~NOISE | ai:LEVEL@ROLLOUTS~NOISE | baseline

LEVEL is easy, normal or hard (plain `ai` is normal); `@ROLLOUTS` sets the look-ahead's
rollouts per decision (`ai:hard@4`; 0: no look-ahead, `game.ai.lookahead`); `~NOISE` the
noise of the level's choices (`ai:normal~0.05`: Normal without its spacing noise,
`game.ai.player.PROFILES`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

LEVELS = ("easy", "normal", "hard")
_SPEC = re.compile(r"ai(?::(easy|normal|hard))?(?:@(\d{1,4}))?(?:~(\d+(?:\.\d+)?))?")
SPEC_HELP = ("ai, ai:easy, ai:normal, ai:hard (with @ROLLOUTS and/or ~NOISE, e.g. ai:hard@6, "
             "ai:normal~0.05) or baseline")


@dataclass(frozen=True)
class ControllerSpec:
    """A computer player as a spec names it: the level, its rollouts and noise (None: the
    level's own)."""
    level: str = "normal"
    budget: int | None = None
    noise: float | None = None


def parse_controller(text: str) -> ControllerSpec | None:
    """The ControllerSpec of `text`, or None when it names no computer player (a typo, or
    `baseline`, which the caller handles)."""
    got = _SPEC.fullmatch(text.strip().lower()) if isinstance(text, str) else None
    if got is None:
        return None
    level, budget, noise = got.groups()
    return ControllerSpec(level or "normal", int(budget) if budget else None,
                          float(noise) if noise else None)


def is_controller(text: str) -> bool:
    """Does `text` name a controller of simulate (`baseline` or a computer player)?"""
    return text == "baseline" or parse_controller(text) is not None


__all__ = ["ControllerSpec", "LEVELS", "SPEC_HELP", "is_controller", "parse_controller"]
