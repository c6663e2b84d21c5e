"""What the player reads: references to the rules name the section of the players' rules
reference (docs/rules/), never the file the engine's comments cite ("RULES.md 3" becomes
"rules: Movement"). Every text the HUD and the screens show passes through `for_players`.
"""
from __future__ import annotations

import re

#: the rules' areas by their number in the engine's references
SECTIONS = {1: "Scale and distance", 2: "Size and reach", 3: "Movement",
            4: "Attacks of opportunity", 5: "Line of sight", 6: "Cover", 7: "Concealment",
            8: "Flanking", 9: "Turns and actions", 10: "Attacks and damage",
            11: "Hit points and conditions", 12: "Winning", 14: "Areas of effect",
            15: "Minions"}
_CITED = re.compile(r"RULES\.md(?:\s*§?\s*(\d+))?")


def _section(match: re.Match) -> str:
    number = match.group(1)
    name = SECTIONS.get(int(number)) if number else None
    return f"rules: {name}" if name else "the rules"


def for_players(text: str) -> str:
    """`text` with every citation of the rules file turned into the section's name."""
    return _CITED.sub(_section, text) if "RULES.md" in text else text


__all__ = ["SECTIONS", "for_players"]
