"""Two actions of a steller turn beyond moving and powers (docs/rules/steller/actions.md):
spending the action point, and the coup de grace on a helpless foe."""
from __future__ import annotations

from game.ecs.steller_components import StellerPool, StellerTurn
from game.engine import events as E
from game.engine.state import Refused
from game.engine.steller import guards as G
from game.engine.steller.body import is_down, pool_of, sheet_of, turn_of
from game.engine.steller.readied import readied_actions
from game.engine.steller.strikes import strike
from game.rules.steller.conditions import NO_ACTIONS
from game.rules.threat import footprint_distance

EXTRA_ACTIONS = ("standard", "move", "minor")
#: conditions that leave a creature helpless before a coup de grace (besides dying)
HELPLESS = ("helpless", "unconscious", "petrified")


def action_point(b, cmd):
    """Once a battle, on its own turn: the spent standard, move or minor action again."""
    u = G.actor(b, cmd)
    if cmd.action not in EXTRA_ACTIONS:
        raise Refused("bad_command", f"an action point gives a standard, move or minor "
                      f"action, not {cmd.action!r}")
    held = next((c for c in NO_ACTIONS + ("dazed", "dominated") if c in u.conditions), None)
    if held or is_down(b, u.name):
        raise Refused("no_actions", f"{u.name} is {held or 'dying'}: it cannot spend its "
                      "action point")
    if sheet_of(b, u.name).minion or pool_of(b, u.name).action_point:
        raise Refused("action_point_used", f"{u.name} has no action point left this battle")
    turn = turn_of(b, u.name)
    if turn.surprise:
        raise Refused("surprise_round", f"{u.name} cannot spend an action point in the "
                      "surprise round")
    if turn.charged:
        raise Refused("no_actions", f"{u.name} charged: no further actions this turn")
    if not getattr(turn, cmd.action):
        raise Refused("action_unspent", f"{u.name} still has its {cmd.action} action: take "
                      "it first")

    def perform():
        b.update(u.name, StellerPool, action_point=True)
        b.update(u.name, StellerTurn, **{cmd.action: False})
        b.emit(E.ActionSpent(u.name, f"Action Point: another {cmd.action} action", 0, 0))
    return perform


def helpless(b, name: str) -> bool:
    return is_down(b, name) or any(c in b.conditions(name).active for c in HELPLESS)


def coup_de_grace(b, cmd):
    """Its melee basic attack on a helpless enemy next to it; a hit is a critical."""
    u = G.actor(b, cmd)
    slot = G.can_act(b, u, "standard", "deliver a coup de grace")
    t = G.creature(b, u, cmd.target)
    if not helpless(b, t.name):
        raise Refused("not_helpless", f"{t.name} is not helpless: a coup de grace needs a "
                      "dying, unconscious or otherwise helpless foe")
    basic = sheet_of(b, u.name).basic("melee")
    if basic is None or footprint_distance(u, t) != 1:
        raise Refused("not_adjacent", f"a coup de grace strikes a foe next to {u.name}")

    def perform():
        G.spend(b, u.name, slot)
        strike(b, u.name, t.name, basic, kind="coup de grace", sure_critical=True)
        yield from readied_actions(b, u.name, "attacks")
    return perform


__all__ = ["EXTRA_ACTIONS", "HELPLESS", "action_point", "coup_de_grace", "helpless"]
