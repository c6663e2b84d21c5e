"""Crushing Advance (a Big Action that provokes; rules: Wrestling, shoving and knockdown): a
creature 3+ sizes larger than its foes walks up to half its speed in a straight line
through their spaces, and each foe whose space it sweeps resists or is crushed.

The enemies threatening it where it starts may strike first (their blows do not stop it,
only falling unconscious does). Then it moves to `to` and each foe caught rolls the better
of its REF save and Acrobatics against DC 10 + HR + STR mod; a foe that can react spends its
Reaction for +5. Failed: prone, and (1d10 + STR mod) or 25% of its maximum HP bludgeoning
damage, the more (halved with the Reaction); failed by 5+, a FORT save against Confounded.
Passed: no damage; without the Reaction it is moved to a random free hex next to it (when
there is one), with the Reaction it stays. Its allies in the way are passed as in a move.
"""
from __future__ import annotations

from game.ecs.components import ActionBudget, Reactions
from game.engine import commands as C
from game.engine import events as E
from game.engine import guards, spending
from game.engine.registry import COMMANDS
from game.engine.state import Refused
from game.engine.combat import opportunity_attacks, reacts, stopped
from game.engine.health import damage
from game.engine.impact import confound_save, roll_check
from game.hexgrid import DIRECTIONS, Hex
from game.rules import conditions as cond
from game.rules import impact as I
from game.rules import saving_throws as saves
from game.rules.movement import can_end_at, speed_hexes
from game.rules.sections import cite

R18 = cite(18)


def reach_hexes(u) -> int:
    return speed_hexes(u) // 2


def can_crushing_advance(b, u) -> None:
    guards.big_action(b, u, guards.big_cost(b, "crushing_advance"), "Crushing Advance")
    guards.free_to_move(b, u, "Crushing Advance")
    if not any(I.can_crush(u, o) for o in b.view().enemies_of(u)):
        raise Refused("no_smaller_foe", f"no foe is 3 or more sizes smaller than {u.name}")
    if reach_hexes(u) <= 0:
        raise Refused("no_speed", f"{u.name} is too slow for a Crushing Advance")


@COMMANDS.handles(C.CrushingAdvance)
def crushing_advance(b, cmd):
    u = guards.actor_of_turn(b, cmd)
    can_crushing_advance(b, u)
    h = guards.cell(b, cmd.to)
    line = I.crush_lines(b.view(), u, reach_hexes(u)).get(h)
    if line is None:
        raise Refused("illegal_path", f"no Crushing Advance to {cmd.to[0]},{cmd.to[1]}: a "
                      "straight line of up to half speed through foes 3+ sizes smaller, "
                      "ending in a free place")
    provokers = guards.confirm_action(cmd, b.view(), u, "a Crushing Advance")

    def perform():
        spending.spend(b, u.name, "Crushing Advance", big=guards.big_cost(b, "crushing_advance"))
        spending.non_attack_action(b)
        b.update(u.name, ActionBudget, moved=True)
        yield from opportunity_attacks(b, u.name, b.cell(u.anchor), provokers,
                                       "crushing advance", stop_if_prone=False)
        if stopped(b, u.name, by_prone=False):
            return
        start = b.cell(u.anchor)
        b.place(u.name, (line.end, u.facing))
        b.emit(E.Moved(u.name, start, b.cell(line.end), tuple(b.cell(a) for a in line.anchors),
                       len(line.anchors), "crushing advance"))
        for name in line.caught:
            if name in b.eids and not b.unit(name).dead:
                crush(b, u.name, name)
    return perform


def crush(b, big: str, name: str) -> None:
    """One foe swept by the advance resists or is crushed."""
    t = b.unit(name)
    reaction = reacts(t)
    if reaction:
        b.update(name, Reactions, available=b.reactions(name).available - 1)
    dc = I.crush_dc(b.unit(big)).total
    check, bonus = I.resist_crush(t, reaction)
    auto = check == "REF" and saves.fails_automatically("REF", t.conditions)
    total = roll_check(b, name, check, bonus, dc, cond.fortune(t.conditions),
                       f"crushing advance of {big}" + ("; a Reaction spent" if reaction else ""))
    if total >= dc and not auto:
        if not reaction:
            sidestep(b, name, big)
        return
    b.set_condition(name, "prone", 1)
    rolled, faces = b.dice.roll("1d10")
    amount = I.crush_damage(rolled, b.unit(big).unit.str_mod, t.max_hp)
    if reaction:
        amount = max(1, amount // 2)
    damage(b, name, amount, ("bludgeoning",),
           f"crushed by {big}: (1d10 [{rolled}] + STR) or 25% of max HP, the more"
           + (", halved (a Reaction)" if reaction else "") + f" = {amount} ({R18})", big)
    if dc - total >= I.FAIL_BY and name in b.eids and not b.unit(name).dead:
        confound_save(b, name, amount, "crushing advance")


def sidestep(b, name: str, big: str) -> None:
    """A passed save without a Reaction: to a random free hex next to it, when one is."""
    view = b.view()
    t = view.unit(name)
    free = [Hex(t.anchor.q + d.q, t.anchor.r + d.r) for d in DIRECTIONS]
    free = [h for h in free if view.hexmap.contains(h) and can_end_at(view, t, h, t.facing)
            and not set(view.unit(big).hexes) & {h}]
    if not free:
        return
    h = free[b.dice.d(len(free)) - 1]
    start = b.cell(t.anchor)
    b.place(name, (h, t.facing))
    b.emit(E.ForcedMoved(name, "slide", start, b.cell(h), (b.cell(h),), big))


def candidates(b, u):
    for end in I.crush_lines(b.view(), u, reach_hexes(u)):
        yield C.CrushingAdvance(u.name, to=b.cell(end))


__all__ = ["can_crushing_advance", "candidates", "crush", "crushing_advance", "sidestep"]
