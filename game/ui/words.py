"""What the player reads: a reference to the rules names the page of the players' rules
reference (`game.rules.sections`), never a section number of the developers' old design notes,
which players do not have (that file's name and section 3 become "rules: Movement"). Every text
the HUD, the screens and the menus show passes through `for_players`, so a sentence from
anywhere (an engine refusal included) is safe. It also shows a control character or a
bidirectional override from a map or a save (a team named "red\x1b[2J\u202e") as its escape
(`game.errors.printable`), keeping only line breaks and tabs, which the window lays out.
"""
from __future__ import annotations

import re

from game.errors import has_control, printable
from game.rules.sections import TITLES, cite

_CITED = re.compile(r"RULES\.md(?:\s*§?\s*(\d+))?")


def _section(match: re.Match) -> str:
    number = match.group(1)
    return cite(int(number)) if number and int(number) in TITLES else "the rules"


def for_players(text: str) -> str:
    """`text` with every citation of the rules file turned into the page's name, and its
    control characters but line breaks and tabs escaped."""
    if has_control(text):
        text = "".join(c if c in "\n\t" else printable(c) for c in text)
    return _CITED.sub(_section, text)


__all__ = ["for_players"]
