"""How far the player is in a tutorial lesson (docs/mapping.md "Tutorial lessons"): a step is
done when the battle's events show its action, never by looking at the window. The steps are
the lesson file's (`game.tiled.lessons`); each kind of step waits for one kind of event
(docs/architecture.md "Commands and events")."""
from __future__ import annotations

from game.engine import events as E


def _moved(step, e, regions) -> bool:
    if not isinstance(e, E.Moved) or e.unit != step.unit:
        return False
    return not step.region or tuple(e.end) in regions[step.region].cells


def _matches(step, e, regions) -> bool:
    """Whether event `e` shows the action `step` waits for."""
    checks = {
        "moved": lambda: _moved(step, e, regions),
        "attacked": lambda: isinstance(e, E.AttackRolled) and e.attacker == step.unit,
        "provoked": lambda: isinstance(e, E.Provoked) and e.unit == step.unit,
        "defended": lambda: isinstance(e, E.AttackRolled) and e.target == step.unit
        and bool(e.defense),
        "prepared": lambda: isinstance(e, E.InterruptPrepared) and e.unit == step.unit,
        "interrupted": lambda: isinstance(e, E.InterruptTriggered) and e.unit == step.unit,
        "ability": lambda: isinstance(e, E.AbilityUsed) and e.unit == step.unit,
        "turn_ended": lambda: isinstance(e, E.TurnEnded) and e.unit == step.unit,
    }
    return checks[step.when]()


class LessonProgress:
    """The steps of one lesson and the one the player is on (`at`; `len(steps)`: done)."""

    def __init__(self, lesson, hexmap):
        self.lesson = lesson
        self.regions = hexmap.scenario.regions
        self.at = 0

    @property
    def done(self) -> bool:
        return self.at >= len(self.lesson.steps)

    @property
    def step(self):
        return None if self.done else self.lesson.steps[self.at]

    def feed(self, events) -> bool:
        """Advance past every step the `events` show, in order; True when one was done."""
        before = self.at
        for e in events:
            if not self.done and _matches(self.step, e, self.regions):
                self.at += 1
        return self.at != before


__all__ = ["LessonProgress"]
