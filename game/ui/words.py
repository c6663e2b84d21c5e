"""What the player reads: every text the HUD, the screens and the menus show passes through
`for_players`, so a sentence from anywhere (an engine refusal included) is safe. It is the one
filter of the players' wording, `game.rules_reference.player_wording` (citations of the old
design notes become the name of the rules page; control characters show as their escapes).
"""
from __future__ import annotations

from game.rules_reference import player_wording as for_players

__all__ = ["for_players"]
