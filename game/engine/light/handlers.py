"""The light rules' command table and how a command is carried out (docs/architecture.md
"Commands and events"): check it (a `Refused` changes nothing), perform it; an action that
pauses for an `ask` creature's Opportunity Attack waits for its React."""
from __future__ import annotations

from game.engine import events as E
from game.engine.combat import Ask
from game.engine.light import commands as L
from game.engine.light.attacking import dash_attack, scope_attack, styled_attack, throw_weapon
from game.engine.light.moving import get_up, jump, path_move
from game.engine.light.powers import use_power
from game.engine.light.turn_actions import (
    block, consume_substance, end_turn, handle_equipment, react, set_policy, wait,
)
from game.engine.light.turns import after_action
from game.engine.state import PendingReaction

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
    perform = check(b, cmd)
    if isinstance(cmd, L.React):
        process = b.pending.resume
        b.wait_for(None)
        drive(b, process, perform(), started=True)
    else:
        drive(b, perform())
    return list(b._out)


def drive(b, process, answer=None, started: bool = False) -> None:
    """Run a performed action until it ends or asks an Opportunity Attack."""
    if not hasattr(process, "send"):
        after_action(b)
        return
    try:
        ask = process.send(answer) if started else next(process)
    except StopIteration:
        after_action(b)
        return
    assert isinstance(ask, Ask)
    b.wait_for(PendingReaction(ask.reactor, ask.mover, ask.at, process, ask.kind))
    b.emit(E.ReactionAsked(ask.reactor, ask.mover, ask.at, ask.kind))


__all__ = ["HANDLERS", "check", "drive", "handle"]
