"""Controller specs of computer players (`--sides`, the `simulate` command, tools/ai_quality.py):

    ai | ai:LEVEL[@ROLLOUTS][~NOISE][+WEIGHT=VALUE ...] | baseline

LEVEL is easy, normal or hard (plain `ai` is normal); `@ROLLOUTS` sets the look-ahead's
rollouts per decision (`ai:hard@4`; 0: no look-ahead, `game.ai.lookahead`); `~NOISE` the
noise of the level's choices under any rules (`ai:normal~0.05`: Normal without its spacing
noise, `game.ai.player.PROFILES`); each `+WEIGHT=VALUE` replaces one weight of the level's
scores (`game.ai.evaluate.Weights`: `ai:hard+danger=1.0+approach=0.3` is a more cautious Hard). The
weights let a variant of a level be measured against another (`tools/ai_quality.py --pair`,
docs/balance.md "Tuning the computer players") without changing the code; they are spelt in
the spec, so they reach every process or cluster worker that plays the games. They tune the
default rules' player; the light and steller rules' players have no such weights.
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from game.ai.evaluate import Weights

LEVELS = ("easy", "normal", "hard")
_SPEC = re.compile(r"ai(?::(easy|normal|hard))?(?:@(\d{1,4}))?(?:~(\d+(?:\.\d+)?))?"
                   r"((?:\+[a-z_]+=\d+(?:\.\d+)?)*)")
_WEIGHT = re.compile(r"\+([a-z_]+)=(\d+(?:\.\d+)?)")
SPEC_HELP = ("ai, ai:easy, ai:normal, ai:hard (with @ROLLOUTS, ~NOISE and +WEIGHT=VALUE, "
             "e.g. ai:hard@6, ai:normal~0.05, ai:hard+danger=1.0) or baseline")
#: the weights a spec may set: the fields of `game.ai.evaluate.Weights`
WEIGHT_NAMES = tuple(f.name for f in dataclasses.fields(Weights))


@dataclass(frozen=True)
class ControllerSpec:
    """A computer player as a spec names it: the level, its rollouts and noise (None: the
    level's own), and the weights it replaces ((name, value) pairs, in the spec's order)."""
    level: str = "normal"
    budget: int | None = None
    noise: float | None = None
    weights: tuple[tuple[str, float], ...] = ()


def parse_controller(text: str) -> ControllerSpec | None:
    """The ControllerSpec of `text`, or None when it names no computer player (a typo, an
    unknown weight, or `baseline`, which the caller handles)."""
    got = _SPEC.fullmatch(text.strip().lower()) if isinstance(text, str) else None
    if got is None:
        return None
    level, budget, noise, weights = got.groups()
    pairs = tuple((name, float(value)) for name, value in _WEIGHT.findall(weights or ""))
    if any(name not in WEIGHT_NAMES for name, _ in pairs):
        return None
    return ControllerSpec(level or "normal", int(budget) if budget else None,
                          float(noise) if noise else None, pairs)


def spec_problem(text: str) -> str | None:
    """Why `text` names no controller (one line that says what to write), or None when it
    names one."""
    if is_controller(text):
        return None
    names = [n for n, _ in _WEIGHT.findall(text.strip().lower())] if isinstance(text, str) \
        else []
    unknown = [n for n in names if n not in WEIGHT_NAMES]
    if unknown:
        return (f"unknown weight {unknown[0]!r} in {text!r} (the weights: "
                f"{', '.join(WEIGHT_NAMES)})")
    return f"unknown controller {text!r} (use {SPEC_HELP})"


def is_controller(text: str) -> bool:
    """Does `text` name a controller of simulate (`baseline` or a computer player)?"""
    return text == "baseline" or parse_controller(text) is not None


__all__ = ["ControllerSpec", "LEVELS", "SPEC_HELP", "is_controller", "parse_controller",
           "spec_problem", "WEIGHT_NAMES"]
