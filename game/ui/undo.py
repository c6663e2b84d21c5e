"""Undo (Battle for Wesnoth's rule): a person may take back moves and actions whose outcome
rolled no dice and revealed nothing, until the other side acts.

`UndoHistory.record(battle, before)` is told of every command a person's creature got
through; a command that rolled dice (the battle's seeded generator moved), provoked or asked
a reaction, found a hidden creature, or under fog of war brought an enemy into sight, or ended
the turn closes the history: nothing before it can be taken back.
`undo(battle)` is the same battle rebuilt from its seed, ruleset, rulebook, fixed dice and command log minus the last
undoable command (the engine replays the rest exactly, so nothing outside the engine
decides what the position was).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.engine import commands as C
from game.engine import events as E
from game.engine.battle import Battle
from game.engine.sightings import sides
from game.rules.knowledge import seen_enemies

#: events that show something the player did not know, or bring in the other side
REVEALING = (E.AttackRolled, E.Provoked, E.ReactionAsked, E.Damaged, E.Died, E.SaveRolled,
             E.InterruptTriggered, E.LeftMap, E.BattleWon, E.ReinforcementsArrived,
             E.StoryTold, E.ObjectiveMet, E.ObjectiveFailed, E.RoundLimitReached, E.Spotted,
             E.SpotRolled, E.Revealed)


@dataclass
class Mark:
    """Where the battle stood before a command: its place in the log and its dice."""
    log: int
    events: int
    dice: object
    seen: dict = field(default_factory=dict)    # under fog: side -> the enemies it saw

    @classmethod
    def of(cls, battle) -> "Mark":
        seen = {side: seen_enemies(battle.view(), side) for side in sides(battle)} \
            if getattr(battle, "fog", False) else {}
        return cls(len(battle.log), len(battle.events), battle.dice.state(), seen)

    def sighted(self, battle, team: str | None) -> bool:
        """Under fog of war: whether `team` sees an enemy now that it did not see before
        (docs/rules/22-hiding-and-fog.md); taking that back would show it for free."""
        if not self.seen or team is None:
            return False
        return bool(seen_enemies(battle.view(), team) - self.seen.get(team, frozenset()))


@dataclass
class UndoHistory:
    """The commands a person may still take back, oldest first (their log positions)."""
    undoable: list[int] = field(default_factory=list)
    team: str | None = None

    def record(self, battle, before: Mark, team: str | None) -> None:
        """After a command of `team`'s creature: keep it undoable, or close the history."""
        if team != self.team:
            self.undoable, self.team = [], team
        cmds = battle.log[before.log:]
        news = battle.events[before.events:]
        rolled = battle.dice.state() != before.dice
        final = any(isinstance(c, (C.EndTurn, C.ChooseNext, C.React)) for c in cmds)
        if rolled or final or len(cmds) != 1 or any(isinstance(e, REVEALING) for e in news) \
                or before.sighted(battle, team):
            self.undoable = []
            return
        self.undoable.append(before.log)

    def other_side_acted(self) -> None:
        self.undoable, self.team = [], None

    @property
    def can_undo(self) -> bool:
        return bool(self.undoable)

    def undo(self, battle) -> Battle:
        """The battle without the last undoable command (a new Battle object)."""
        cut = self.undoable.pop()
        return replayed(battle, battle.log[:cut])


def replayed(battle, commands) -> Battle:
    """A new battle on the same map, seed, controllers, ruleset, rulebook and rolls fixed in
    advance (a scripted save's), with `commands` applied: the same dice fall as they did."""
    again = Battle(battle.base_map, seed=battle.seed, initiative=battle.initiative_mode,
                   controllers=battle.controllers, fixed_dice=battle.dice.fixed,
                   ruleset=battle.ruleset, criticals=battle.ruleset.criticals,
                   rules=battle.profile, fog=battle.fog)
    for cmd in commands:
        out = again.apply(cmd)
        if not out.ok:              # the engine replays its own log: never expected
            raise RuntimeError(f"undo could not replay {cmd!r}: {out.reason}")
    return again


__all__ = ["Mark", "REVEALING", "UndoHistory", "replayed"]
