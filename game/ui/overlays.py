"""What the map overlays show, as cells (no pygame): `board.py` draws them.

- `reach_tiers`: the selected creature's reachable hexes by the Big Actions they cost
  (docs/rules/03-movement.md "Move": 1 = one Move, 2 = two Moves, 3 = only a Run), per UI mode
  (Run, 5-Foot Step, Retreat, Charge show their own targets); `run_cells`: where a Run (one Big
  Action, straight) gets beyond one Move; in a battle of the light rules, the ends of the
  engine's Shift and Walk options (1) and of its Runs beyond them (3)
  (`game.ui.light_play.reach_tiers`);
- `threat_cells`: the hexes a creature threatens (docs/rules/02-size-and-reach.md),
  `enemy_threat_cells` the union for every enemy of a side (the T overlay);
- `hidden_cells`: hexes the selected creature has no line of sight to
  (docs/rules/05-line-of-sight.md and 07-concealment.md, the L overlay), asked of
  `game.rules.knowledge`.

Every answer is cached per battle version and its other inputs: a frame asks again for free.
"""
from __future__ import annotations

from types import MappingProxyType

from game.engine.minions import commandable
from game.engine.steller.strikes import threatened_hexes as steller_threat
from game.rules import movement as mv
from game.rules.knowledge import hexes_seen_by
from game.rules.threat import threatened_hexes
from game.ui.battle_memo import cached
from game.ui.light_play import reach_tiers as light_tiers


def budget_of(battle, name: str) -> tuple[int, int]:
    """(leftover movement hexes, Big Actions) the creature can spend on movement: its real
    budget on its own turn (a directed minion's: the group's actions), a fresh turn's (0, 2)
    otherwise (what it could do next turn)."""
    if battle.active == name or commandable(battle, name):
        b = battle.budget(name)
        return b.movement, b.big
    return 0, 2


def move_budget(battle, u) -> int:
    """Hexes of movement a Move can reach this turn (docs/rules/03-movement.md: speed per Big
    Action)."""
    movement, big = budget_of(battle, u.name)
    return mv.movement_budget(movement, big, mv.speed_hexes(u))


def can_now(battle, name: str, action: str) -> bool:
    """The engine's word on `action` for the creature whose turn it is; for any other
    creature (a preview of its next turn) True."""
    if battle.active != name and not commandable(battle, name):
        return True
    return battle.action(name, action).enabled


def cells(battle, hexes) -> frozenset:
    return frozenset(battle.cell(h) for h in hexes)


def _move_tiers(battle, view, u) -> dict:
    movement, big = budget_of(battle, u.name)
    speed = mv.speed_hexes(u)
    out = {c: 3 for c in _run_cells(battle, view, u)}
    if can_now(battle, u.name, "move") and not u.has("prone"):
        for h, cost in mv.reachable(view, u, move_budget(battle, u)).cost.items():
            if cost == 0:
                continue
            out[battle.cell(h)] = 1 if cost <= mv.movement_budget(movement, 1, speed) else 2
    return out


_ACTION_OF_MODE = {"run": "run", "step": "step", "retreat": "retreat", "charge": "charge"}


def _tiers(battle, name: str, mode: str) -> dict:
    if battle.profile.name in ("light", "steller"):
        return light_tiers(battle, name, mode)
    view = battle.view()
    u = view.unit(name)
    if u.dead or not can_now(battle, name, _ACTION_OF_MODE.get(mode, "move")):
        return {}                   # the engine would refuse: nothing to tint
    if mode == "run":
        return {battle.cell(h): 3 for h in mv.run_targets(view, u)}
    if mode == "step":
        moved = battle.active == name and battle.budget(name).moved
        return {battle.cell(h): 1 for h in mv.five_foot_step_targets(view, u, moved)}
    if mode == "retreat":
        return {battle.cell(h): 2 for h, c in mv.retreat_targets(view, u).cost.items() if c}
    if mode == "charge":
        ends = {}
        for enemy in view.enemies_of(u):
            for p in mv.charge_paths(view, u, enemy):
                ends[battle.cell(p.end)] = 3
        return ends
    return _move_tiers(battle, view, u)


def _run_cells(battle, view, u) -> list:
    if budget_of(battle, u.name)[1] <= 0 or u.has("prone") or not can_now(battle, u.name, "run"):
        return []
    return [battle.cell(h) for h in mv.run_targets(view, u)]


def run_cells(battle, name: str | None, mode: str = "move") -> frozenset:
    """Cells a Run reaches for one Big Action beyond one Move's reach (docs/rules/03-movement.md
    "Run": the dots over the two-Move tint); empty outside the move mode."""
    if not name or name not in battle.eids or mode not in ("move", "attack", "power") or \
            battle.profile.name in ("light", "steller"):   # (their tiers carry their Runs)
        return frozenset()

    def compute():
        view = battle.view()
        tiers = reach_tiers(battle, name, mode)
        return frozenset(c for c in _run_cells(battle, view, view.unit(name))
                         if tiers.get(c) != 1)
    return cached(battle, ("run", name, mode, budget_of(battle, name)), compute)


def reach_tiers(battle, name: str | None, mode: str = "move") -> MappingProxyType:
    """cell -> 1 | 2 | 3 (see the module docstring); empty without a living selection."""
    if not name or name not in battle.eids:
        return MappingProxyType({})
    key = ("reach", name, mode, budget_of(battle, name))
    return cached(battle, key, lambda: MappingProxyType(_tiers(battle, name, mode)))


def threat_cells(battle, name: str | None) -> frozenset:
    """The cells `name` threatens (docs/rules/02-size-and-reach.md; in a steller battle the
    engine's own answer, docs/rules/steller/attacks.md: its melee reach while it can take
    opportunity actions), empty when it cannot threaten."""
    if not name or name not in battle.eids:
        return frozenset()
    if battle.profile.name == "steller":
        return cached(battle, ("threat", name),
                      lambda: cells(battle, steller_threat(battle, name)))
    return cached(battle, ("threat", name),
                  lambda: cells(battle, threatened_hexes(battle.view(), battle.unit(name))))


def enemy_threat_cells(battle, team: str | None) -> frozenset:
    """Every cell threatened by a living creature hostile to `team` (all creatures: None)."""
    def compute():
        out = set()
        for u in battle.view().living():
            if team is None or u.team != team:
                out |= threat_cells(battle, u.name)
        return frozenset(out)
    return cached(battle, ("enemy-threat", team), compute)


def _hidden(battle, name: str) -> frozenset:
    view = battle.view()
    seen = hexes_seen_by(view, view.unit(name))
    return frozenset(battle.cell(h) for h in battle.hexmap.all_hexes() if h not in seen)


def hidden_cells(battle, name: str | None) -> frozenset:
    """Cells `name` cannot see (no line of sight, docs/rules/05-line-of-sight.md; total
    concealment, docs/rules/07-concealment.md)."""
    if not name or name not in battle.eids:
        return frozenset()
    return cached(battle, ("hidden", name), lambda: _hidden(battle, name))


__all__ = ["budget_of", "enemy_threat_cells", "hidden_cells",
           "move_budget", "reach_tiers", "run_cells", "threat_cells"]
