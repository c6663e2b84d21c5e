"""Small plain records the HUD shows (a weapon line, a condition line, a log entry): shared by
the presenters of every rule profile (game.ui.presenters, game.ui.light_presenters), so that
neither has to import the other's module for them (docs/architecture.md "Layers")."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class WeaponLine:
    id: str
    name: str
    stats: str               # "Longsword 19-20/x2 1d8 [slashing]"
    reach: str               # "reach 1" / "range 60 ft" / "reach 1, thrown 10 ft"
    chosen: bool


@dataclass(frozen=True)
class ConditionLine:
    name: str                # "Bleed 2", "Weakened 3", "Prone", "Flanked"
    effect: str              # the default rules' numbers in short


@dataclass(frozen=True)
class LogEntry:
    text: str                        # one short readable line
    detail: str = ""                 # the itemised breakdown ("" when there is none)
    units: tuple[str, ...] = ()      # the creatures involved (to highlight them on the map)
    kind: str = "info"               # attack, miss, critical, damage, move, provoke, reaction,
    #                                  condition, death, turn, turn_end, round, choice,
    #                                  initiative, action, save, interrupt, victory, heal,
    #                                  info, summary (a side's turns: game.ui.turn_summary)
    events: tuple = field(default=(), compare=False, repr=False)


__all__ = ["ConditionLine", "LogEntry", "WeaponLine"]
