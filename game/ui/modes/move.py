"""The movement modes: Move (the resting mode), 5-Foot Step, Run and Retreat, one class whose
kind chooses the engine's path search (docs/rules/03-movement.md)."""
from __future__ import annotations

from game.rules import movement as mv
from game.ui.modes.base import DEFAULT_MODE, InputMode
from game.ui.overlays import move_budget


def walk_path(ctl, u, h):
    """A Move to hex `h` within this turn's budget, with the safe path when it provokes."""
    view = ctl.view()
    budget = move_budget(ctl.battle, u)
    path = mv.reachable(view, u, budget).path(h) if budget else None
    if path is None:
        return None
    p = ctl.from_path(u, path, "move", ctl.big_for(u, path.cost))
    if path.provocations:
        safe = mv.safe_path(view, u, h, budget_hexes=budget)
        if safe is not None:
            p.safe_cells, p.safe_cost = ctl.from_path(u, safe, "move", 0).cells, safe.cost
    return p


def _step_path(ctl, u, h):
    moved = u.name == ctl.actor() and ctl.battle.budget(u.name).moved
    path = mv.five_foot_step_targets(ctl.view(), u, moved).get(h)
    return ctl.from_path(u, path, "step", 0) if path else None


def _run_path(ctl, u, h):
    path = mv.run_targets(ctl.view(), u).get(h)
    return ctl.from_path(u, path, "run", 1) if path else None


def _retreat_path(ctl, u, h):
    path = mv.retreat_targets(ctl.view(), u).path(h)
    return ctl.from_path(u, path, "retreat", 2) if path else None


_PATHS = {"move": walk_path, "step": _step_path, "run": _run_path, "retreat": _retreat_path}
_WHY_NOT = {
    "step": "no 5-Foot Step to {where}: one hex, not difficult, not after moving",
    "run": "no Run to {where}: straight along one of the six directions",
    "retreat": "no Retreat to {where}: never closer to an enemy that threatens {name}",
    "move": "{where} is out of {name}'s reach this turn",
}


class MoveMode(InputMode):
    """A click on a hex moves there the mode's way; a click on an enemy attacks it."""

    def __init__(self, kind: str = DEFAULT_MODE):
        self.name = kind
        self.resting = kind == DEFAULT_MODE
        self._path = _PATHS[kind]
        self._why_not = _WHY_NOT[kind]

    def path(self, ctl, u, h):
        return self._path(ctl, u, h)

    def why_not(self, u, cell) -> str:
        return self._why_not.format(where=f"{cell[0]},{cell[1]}", name=u.name)


__all__ = ["MoveMode", "walk_path"]
