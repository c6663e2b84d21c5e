"""The steller rules' command table and how a command is carried out (docs/architecture.md
"Commands and events"): check it (a `Refused` changes nothing), perform it; an action that
pauses for an `ask` creature's opportunity attack waits for its React."""
from __future__ import annotations

from game.engine import one_reaction
from game.engine.steller import commands as S
from game.engine.steller.aid import aid_another
from game.engine.steller.immediate import set_policy
from game.engine.steller.maneuvers import bull_rush, escape, grab, sustain_grab
from game.engine.steller.moving import path_move, stand_up
from game.engine.steller.powers import charge, throw_grenade, use_power
from game.engine.steller.readied import ready_action
from game.engine.steller.special_actions import action_point, coup_de_grace
from game.engine.steller.turn_actions import (
    delay, end_turn, react, second_wind, total_defense,
)
from game.engine.steller.turns import after_action

HANDLERS = {
    S.Walk: path_move("walk"), S.Shift: path_move("shift"), S.Run: path_move("run"),
    S.Crawl: path_move("crawl"), S.Squeeze: path_move("squeeze"),
    S.StandUp: stand_up, S.Charge: charge, S.UsePower: use_power,
    S.ThrowGrenade: throw_grenade,
    S.SecondWind: second_wind, S.TotalDefense: total_defense, S.ActionPoint: action_point,
    S.CoupDeGrace: coup_de_grace, S.Delay: delay, S.Ready: ready_action,
    S.AidAnother: aid_another, S.BullRush: bull_rush, S.Grab: grab,
    S.SustainGrab: sustain_grab, S.Escape: escape, S.EndTurn: end_turn,
    S.React: react, S.SetPolicy: set_policy,
}


def check(b, cmd):
    """What performs `cmd`, or Refused."""
    return HANDLERS[type(cmd)](b, cmd)


def handle(b, cmd) -> list:
    return one_reaction.handle(b, cmd, check, after_action)


__all__ = ["HANDLERS", "check", "handle"]
