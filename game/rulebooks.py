"""The rulebooks a battle may play, by name, and what each is like, without loading them
(docs/architecture.md "Rule profiles").

The command line's `--rules` (its help and its check), the setup screen's rules choice and
a save's `rules` field read these names and lines; `game.engine.profiles` builds the
profiles, each of which takes its title and summary from here, so the words are written
once and `python -m game --help` does not load every rule of every rulebook.
"""
from __future__ import annotations

DEFAULT = "lfg"
TITLES = {
    "lfg": "Hex-native rules",
    "light": "Light rules",
    "steller": "Steller rules",
}
SUMMARIES = {
    "lfg": "Crunchy d20 tactics: 2 Big + 1 Little Action a turn, reactions, selective "
           "initiative, facing-free flanking, cover by lines, bleeding and dying.",
    "light": "Fast and simple: a move and a major action a turn, attacks against twice a "
             "defense, flat damage, powers with MP, lives and respawn points.",
    "steller": "Powers and four defenses: a standard, a move and a minor action a turn, "
               "at-will, encounter and daily powers, bursts and blasts, healing surges, "
               "saving throws and death saves.",
}
PLAYABLE = tuple(TITLES)         # what a battle can play, the default first
#: the rulebooks that play a map's objectives, story text, reinforcements and round limit
#: (docs/rules/12-winning.md "Objectives")
SCENARIO_RULES = ("lfg", "steller")
PLANNED: tuple[str, ...] = ()   # named by the map format, not playable yet
RULES_NAMES = PLAYABLE + PLANNED


def refusal(name) -> str | None:
    """Why a battle cannot play the rules called `name` ("" or None: the default), with
    the names that work; None when it can."""
    key = name or DEFAULT
    if isinstance(key, str) and key in PLAYABLE:
        return None
    if key in PLANNED:
        return f"the {key} rules are not playable yet: use {' or '.join(PLAYABLE)}"
    shown = repr(key)
    shown = shown if len(shown) <= 40 else shown[:37] + "..."
    return f"unknown rules {shown}: use one of {', '.join(PLAYABLE)}"


def described(name: str) -> str:
    """`name` for a help text: "light (Light rules): Fast and simple: ..."."""
    return f"{name} ({TITLES[name]}): {SUMMARIES[name]}"


__all__ = ["DEFAULT", "PLANNED", "PLAYABLE", "RULES_NAMES", "SUMMARIES", "TITLES",
           "described", "refusal"]
