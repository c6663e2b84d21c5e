"""The areas of the players' rules reference (docs/rules/), by number: what a breakdown, a
refusal or a log line names when it says which rule applies ("flanked 2 (rules: Flanking and
ganging up)"). The numbers are those of the pages' file names."""
from __future__ import annotations

TITLES = {1: "Hexes and distance", 2: "Size, space and reach", 3: "Movement",
          4: "Attacks of opportunity", 5: "Line of sight and line of effect", 6: "Cover",
          7: "Concealment", 8: "Flanking and ganging up", 9: "Turns, actions and initiative",
          10: "Attack rolls and damage", 11: "Hit points and conditions", 12: "Winning",
          14: "Areas of effect", 15: "Minions", 16: "Reactions", 17: "Special abilities",
          18: "Wrestling, shoving and knockdown", 19: "Special attacks and archery",
          20: "Healing and first aid", 21: "Climbing, swimming, flying and falling",
          22: "Hiding, spotting and fog of war"}


def cite(number: int) -> str:
    """"rules: Movement" for area 3."""
    return f"rules: {TITLES[number]}"


__all__ = ["TITLES", "cite"]
