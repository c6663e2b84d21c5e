"""The checks a command passes before anything changes: whose turn it is, which hexes it names,
which target, whether a Big or a Little Action is left, whether the creature may move, and the
confirmation an action that provokes needs (docs/rules/09-turns-and-actions.md "Actions",
docs/rules/03-movement.md, docs/rules/04-attacks-of-opportunity.md; docs/architecture.md
"The engine").

Every handler of the default rules opens with these guards; each raises `Refused(code,
reason)` with a reason that says what to do instead ("Wulfric has no Big Action left", "the
path leaves hex 4,5 threatened by Orc 1: confirm or take a 5-Foot Step"). The legality query
runs the same guards, so a menu never offers what `Battle.apply` refuses.

The turn's budget: 2 Big + 1 Little Action; a Big Action may be spent as a Little one;
full-round actions need both Big Actions, and until the creature's next turn it takes no
other action nor reaction (the `full_round` effect).
"""
from __future__ import annotations

from game.engine import fear, grapples, interrupts, minions, turns
from game.engine.combat import reacts
from game.engine.movement import can_react_any, provocation_text
from game.engine.state import Refused
from game.hexgrid import footprint_turns
from game.rules import conditions as cond
from game.rules.threat import enemies_threatening


# ---- the battle and the actor ---------------------------------------------------------------

def ready_for_commands(b) -> None:
    """The battle takes commands: it is not over and waits for no reaction."""
    if b.winner:
        raise Refused("battle_over", "the battle is over: " + ("a draw" if b.winner == turns.DRAW
                                                else f"{b.winner} won"))
    if b.pending:
        p = b.pending
        what = {"defense": f"{p.mover}'s attack (React, ActiveParry or ActiveDodge)",
                "interrupt": f"the Interrupt Turn offered against {p.mover} (React)",
                }.get(p.kind, f"the attack of opportunity on {p.mover} (React)")
        raise Refused("awaiting_reaction", f"the battle waits for {p.reactor}'s answer to {what}")


def actor_of_turn(b, cmd):
    """The active creature named by `cmd.unit` (its view): the battle is ready, it is that
    creature's turn (or its directed minion's), a prepared interrupt turn allows the
    command's action, and a Terrified creature's fear allows it (game.engine.fear)."""
    ready_for_commands(b)
    name = cmd.unit
    if not isinstance(name, str):
        raise Refused("bad_command", f"a command names its unit, got {name!r}")
    if b.active is None:
        raise Refused("awaiting_choice", f"{b.chooser} must first choose who acts next (ChooseNext)")
    if name != b.active:
        b.entity(name)
        minions.out_of_turn(b, name)
        raise Refused("not_your_turn", f"it is {b.active}'s turn, not {name}'s")
    interrupts.check_command(b, cmd)
    u = b.unit(name)
    fear.check_command(b, u, cmd)
    return u


# ---- what a command names -------------------------------------------------------------------

def cell(b, value, what: str = "the hex"):
    """The map hex of a `col,row` a command names (two integers, on the map)."""
    ok = isinstance(value, (tuple, list)) and len(value) == 2 and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value)
    if not ok:
        raise Refused("bad_hex", f"{what} must be col,row (two integers), got {value!r}")
    col, row = value
    if not b.hexmap.in_bounds(col, row):
        raise Refused("off_map", f"{col},{row} is off the map ({b.hexmap.width}x{b.hexmap.height})")
    return b.hexmap.hex_at(col, row)


def path_states(b, u, path, facings=()):
    """The (hex, facing) after each step of a path a command names (a facing per hex only
    for creatures that have one: triangles)."""
    if not isinstance(path, (tuple, list)) or not path:
        raise Refused("bad_path", "a path lists the hexes the unit enters, first step first (col,row each)")
    if facings and (not isinstance(facings, (tuple, list)) or len(facings) != len(path) or
                    not all(isinstance(f, int) and not isinstance(f, bool) for f in facings)):
        raise Refused("bad_path", "facings, when given, are one integer 0-5 per hex of the path")
    hexes = [cell(b, c, f"step {n + 1} of the path") for n, c in enumerate(path)]
    if not facings or not footprint_turns(u.size):      # only triangles have a facing
        return [(h, u.facing) for h in hexes]
    return [(h, facings[n] % 6) for n, h in enumerate(hexes)]


def enemy_target(b, u, name):
    """The living enemy `name` that `u` acts against: not itself, not its own side."""
    if not isinstance(name, str) or not name:
        raise Refused("no_target", f"name a target for {u.name}")
    t = b.unit(name) if name in b.eids else b.entity(name)
    if t.eid == u.eid:
        raise Refused("own_side", f"{u.name} cannot attack itself")
    if t.dead:
        raise Refused("target_dead", f"{name} is already dead")
    if t.team == u.team:
        raise Refused("own_side", f"{name} is on {u.name}'s side")
    if name in b.hidden:        # docs/rules/22-hiding-and-fog.md: unseen until found
        raise Refused("target_hidden", f"{u.name} does not know where {name} is: it is "
                      "hidden (look for it with Spot)")
    return t


# ---- the budget of the turn -----------------------------------------------------------------

def big_cost(b, action: str) -> int:
    """Big Actions `action` costs in the battle's ruleset (game.data.ruleset)."""
    return b.ruleset.economy.cost(action).big


def not_in_full_round(u, action: str) -> None:
    """Once a full-round action starts, no other action until it completes (its next turn)."""
    if u.has("full_round"):
        raise Refused("in_full_round", f"{u.name} is in a full-round action until its next "
                      f"turn and can take no other action ({action})")


def big_action(b, u, n: int, action: str) -> None:
    """`n` Big Actions left for `action` (2: a full-round action)."""
    not_in_full_round(u, action)
    big = b.budget(u.name).big
    if big >= n:
        return
    if n == 1:
        raise Refused("no_big_action", f"{u.name} has no Big Action left for {action}")
    raise Refused("needs_full_round", f"{action} is a full-round action: {u.name} needs both Big Actions and has "
                  f"{big}")


def little_action(b, u, action: str, swift: bool = True) -> None:
    """The Little Action (or a Big Action to spend as one) left for `action`. A `swift` one
    (a Little Action that provokes nothing) is refused at Weakened 4+; one that provokes
    (drawing, sheathing, picking up) is not (docs/rules/11-hit-points-and-conditions.md)."""
    not_in_full_round(u, action)
    budget = b.budget(u.name)
    if budget.little <= 0 and budget.big <= 0:
        raise Refused("no_little_action", f"{u.name} has no Little Action left (nor a Big Action to spend as one) "
                      f"for {action}")
    if swift and not cond.can_use_swift(u.conditions):
        raise Refused("no_swift_actions", f"{u.name} cannot take Swift actions (Weakened 4+): "
                      f"{action} is one")


def free_to_move(b, u, what: str) -> None:
    """Not held in a grapple, no 5-Foot Step taken this turn, not prone."""
    grapples.refuse_movement(u, what)
    budget = b.budget(u.name)
    if budget.stepped:
        raise Refused("stepped", f"{u.name} took a 5-Foot Step this turn and may not move again")
    if u.has("prone"):
        raise Refused("prone", f"{u.name} is prone: Stand Up first (or Retreat at half speed) "
                      f"before a {what}")


# ---- provoking ------------------------------------------------------------------------------

def confirm_provocation(cmd, names, reason: str) -> None:
    """The one refusal of an unconfirmed command that provokes: confirming makes it legal."""
    if not getattr(cmd, "confirm", False):
        raise Refused("provokes", reason, provokers=list(names),
                      confirmable=hasattr(cmd, "confirm"))


def confirm_path(cmd, view, provocations, what: str) -> None:
    """A movement that provokes a creature that can react is confirmed."""
    if can_react_any(provocations):
        names = dict.fromkeys(x.name for p in provocations for x in p.by if reacts(x))
        confirm_provocation(cmd, names, f"{what} leaves {provocation_text(view, provocations)}: "
                            "confirm or take a 5-Foot Step")


def threateners(view, u) -> list[str]:
    """Enemies threatening the creature's hexes (docs/rules/04-attacks-of-opportunity.md)."""
    return [x.name for x in enemies_threatening(view, u)]


def confirm_action(cmd, view, u, what: str) -> list[str]:
    """An action that provokes where the creature stands is confirmed; the threateners."""
    names = threateners(view, u)
    reactors = [n for n in names if reacts(view.unit(n))]
    if reactors:
        confirm_provocation(cmd, reactors, f"{what} while threatened by {', '.join(names)} "
                            "provokes attacks of opportunity: confirm, or step away first")
    return names


__all__ = ["actor_of_turn", "big_action", "big_cost", "cell", "confirm_action", "confirm_path",
           "confirm_provocation", "enemy_target", "free_to_move", "little_action",
           "not_in_full_round", "path_states", "ready_for_commands", "threateners"]
