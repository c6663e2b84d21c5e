"""Protect and Trade Spaces: actions with an adjacent ally (docs/rules/16-reactions.md "Protect",
"Trade Spaces").

- Protect (Big Action, no AOO): until the protector's next turn the ally has Good cover
  (Superior when the protector is a size larger or carries a shield of rating
  `LARGE_SHIELD`+) while the protector stays adjacent; the protector is Cramped, the ally
  -2 on attack rolls (the "protected" effect). Stored as conditions: the protector's
  "protecting" holds the ally's entity id, the ally's "protected" the cover (1 Good,
  2 Superior); game.rules.protect reads them.
- Trade Spaces (Big Action): two adjacent one-hex allies within one size category swap
  hexes; the ally spends its Reaction. Each provokes from the enemies threatening the hex it
  leaves, both still standing where they were; if either is left dead, unconscious or prone
  the swap does not happen.
"""
from __future__ import annotations

from game.data.model import SIZES
from game.ecs.components import ActionBudget, Reactions
from game.engine import commands as C
from game.engine import events as E
from game.engine import guards, spending
from game.engine.registry import COMMANDS
from game.engine.state import Refused
from game.engine.combat import opportunity_attacks, reacts, stopped
from game.rules import conditions as cond
from game.rules.threat import can_react, enemies_threatening, footprint_distance
from game.rules.trading import MAX_SIZE_GAP, size_gap, trade_places

LARGE_SHIELD = 3      # a shield rating of 3+ counts as a Large Shield or larger


def _ally(b, u, name, what: str):
    if not isinstance(name, str) or not name:
        raise Refused("no_ally", f"name the ally {u.name} should {what}")
    a = b.unit(name) if name in b.eids else b.entity(name)
    if a.eid == u.eid or a.team != u.team or a.dead:
        raise Refused("not_an_ally", f"{name} is not a living ally of {u.name}")
    if footprint_distance(u, a) != 1:
        raise Refused("not_adjacent", f"{name} is not adjacent to {u.name}")
    return a


# ---- Protect ----------------------------------------------------------------------------------

def can_protect(b, u) -> None:
    guards.big_action(b, u, 1, "Protect")
    if not b.view().allies_of(u):
        raise Refused("no_ally", f"{u.name} has no ally to protect")


def protect_cover(u, ally) -> int:
    """1 (Good cover) or 2 (Superior: a size larger, or a Large Shield)."""
    larger = SIZES.index(u.size) > SIZES.index(ally.size)
    return 2 if larger or u.unit.shield >= LARGE_SHIELD else 1


@COMMANDS.handles(C.Protect)
def protect(b, cmd):
    """Protect an adjacent ally of the same size or smaller until the next turn."""
    u = guards.actor_of_turn(b, cmd)
    can_protect(b, u)
    a = _ally(b, u, cmd.ally, "protect")
    if SIZES.index(u.size) < SIZES.index(a.size):
        raise Refused("too_small", f"{u.name} is smaller than {a.name}: it cannot protect it")
    cover = protect_cover(u, a)

    def perform():
        spending.spend(b, u.name, "Protect", big=1)
        spending.non_attack_action(b)
        until = cond.until_next_turn(u.eid)
        b.set_condition(u.name, "protecting", a.eid, until)
        if "cramped" not in u.conditions:
            b.set_condition(u.name, "cramped", 1, until)
        b.set_condition(a.name, "protected", cover, until)
        b.emit(E.Protected(u.name, a.name, "superior" if cover == 2 else "good"))
    return perform


# ---- Trade Spaces -----------------------------------------------------------------------------

def can_trade_spaces(b, u) -> None:
    guards.big_action(b, u, 1, "Trade Spaces")
    guards.free_to_move(b, u, "Trade Spaces")


def _partner(b, u, name):
    """The ally `name` and where the two land ((u's anchor, facing), (ally's...))."""
    a = _ally(b, u, name, "trade spaces with")
    if size_gap(u, a) > MAX_SIZE_GAP:
        raise Refused("size_mismatch", f"{u.name} and {a.name} must be within one size "
                      f"category of each other ({u.size} and {a.size})")
    if len(u.hexes) > 1 and len(a.hexes) > 1:
        raise Refused("too_large", f"{u.name} and {a.name} both take up several hexes: one "
                      "of them must be a one-hex creature to trade spaces")
    if not can_react(a):
        raise Refused("ally_cannot_react", f"{a.name} has no Reaction to spend on trading "
                      "spaces")
    if "prone" in cond.effective(a.conditions):
        raise Refused("prone", f"{a.name} is prone")
    places = trade_places(b.view(), u, a)
    if places is None:
        raise Refused("no_room", f"{u.name} and {a.name} cannot trade spaces here: "
                      f"{a.name}'s space cannot move over {u.name}'s hex")
    return a, places


@COMMANDS.handles(C.TradeSpaces)
def trade_spaces(b, cmd):
    """Swap hexes with an adjacent ally, who spends its Reaction; both may provoke."""
    u = guards.actor_of_turn(b, cmd)
    can_trade_spaces(b, u)
    a, _ = _partner(b, u, cmd.ally)
    view = b.view()
    mine = [x.name for x in enemies_threatening(view, u)]
    theirs = [x.name for x in enemies_threatening(view, a)]
    reactors = dict.fromkeys(n for n in mine + theirs if reacts(view.unit(n)))
    if reactors:
        guards.confirm_provocation(cmd, reactors, f"trading spaces leaves hexes threatened "
                                   f"by {', '.join(dict.fromkeys(mine + theirs))}: confirm")

    def perform():
        spending.spend(b, u.name, "Trade Spaces", big=1)
        b.update(u.name, ActionBudget, moved=True)
        spending.non_attack_action(b)
        b.update(a.name, Reactions, available=b.reactions(a.name).available - 1)
        yield from opportunity_attacks(b, u.name, b.cell(u.anchor), mine, "trading spaces")
        yield from opportunity_attacks(b, a.name, b.cell(a.anchor), theirs, "trading spaces")
        if stopped(b, u.name) or stopped(b, a.name):
            return
        places = trade_places(b.view(), b.unit(u.name), b.unit(a.name))
        if places is None:              # an attack of opportunity changed the ground
            return
        my_old, their_old = b.cell(b.unit(u.name).anchor), b.cell(b.unit(a.name).anchor)
        my_new, their_new = b.cell(places[0][0]), b.cell(places[1][0])
        b.place(u.name, places[0])
        b.place(a.name, places[1])
        b.emit(E.Moved(u.name, my_old, my_new, (my_new,), 1, "trade_spaces"),
               E.Moved(a.name, their_old, their_new, (their_new,), 1, "trade_spaces"),
               E.TradedSpaces(u.name, a.name, my_new, their_new))
    return perform


__all__ = ["LARGE_SHIELD", "can_protect", "can_trade_spaces", "protect", "protect_cover",
           "trade_spaces"]
