"""The light rules' command table and how a command is carried out (docs/architecture.md
"Commands and events"): check it (a `Refused` changes nothing), perform it; an action that
pauses for an `ask` creature's Opportunity Attack waits for its React."""
from __future__ import annotations

from game.engine import one_reaction
from game.engine.light import commands as L
from game.engine.light.attacking import dash_attack, scope_attack, styled_attack, throw_weapon
from game.engine.light.moving import get_up, jump, path_move
from game.engine.light.powers import use_power
from game.engine.light.turn_actions import (
    block, consume_substance, end_turn, handle_equipment, react, set_policy, wait,
)
from game.engine.light.turns import after_action

HANDLERS = {
    L.Shift: path_move("shift"), L.Walk: path_move("walk"), L.Run: path_move("run"),
    L.Jump: jump, L.GetUp: get_up,
    L.LightAttack: styled_attack("light"), L.HeavyAttack: styled_attack("heavy"),
    L.VolleyAttack: styled_attack("volley"), L.DashAttack: dash_attack,
    L.ScopeAttack: scope_attack, L.ThrowWeapon: throw_weapon, L.Block: block,
    L.HandleEquipment: handle_equipment, L.ConsumeSubstance: consume_substance,
    L.UsePower: use_power, L.Wait: wait, L.EndTurn: end_turn, L.React: react,
    L.SetPolicy: set_policy,
}


def check(b, cmd):
    """What performs `cmd`, or Refused."""
    return HANDLERS[type(cmd)](b, cmd)


def handle(b, cmd) -> list:
    return one_reaction.handle(b, cmd, check, after_action)


__all__ = ["HANDLERS", "check", "handle"]
