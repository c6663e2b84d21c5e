"""Through an enemy's hex: Tumble (Acrobatics) and Overpower (Wrestling) (docs/rules/03-movement.md
"Through an enemy's hex").

A creature of one hex next to a foe of one hex may try to pass through the foe's hex to a free
hex beyond it (a hex next to the foe, two hexes from where the mover starts). The command names
the foe and that hex; its path is the foe's hex, then that hex. It is movement: it costs 2 hexes
for the foe's hex (as difficult terrain) plus the far hex's cost, from the movement left or a
Move's Big Action, and provokes as a Move along that path does (`game.rules.aoo.forecast`: the
foe itself, whose threatened hex the mover leaves, and anyone else it passes).

After those attacks of opportunity, the opposed check: the mover's Acrobatics (Tumble) or
Wrestling (Overpower) against the foe's better of Wrestling and Acrobatics; a tie goes to the
foe. Won, the mover walks the path; lost, it stays where it is and its movement ends.
"""
from __future__ import annotations

from game.ecs.components import ActionBudget
from game.engine import commands as C
from game.engine import events as E
from game.engine import guards, spending
from game.engine.combat import opportunity_attacks, stopped
from game.engine.forecast import Forecast
from game.engine.handlers import can_move
from game.engine.movement import provocation_text, speed_hexes, walk
from game.engine.registry import COMMANDS, FORECASTS
from game.engine.state import Refused
from game.hexgrid import hex_distance, hex_neighbors
from game.rules import aoo
from game.rules import conditions as cond
from game.rules import movement as rules_movement
from game.rules.sections import cite
from game.rules.skills import skill_bonus, win_chance
from game.rules.wrestling import DEFENDER_SKILLS, best_skill

R3 = cite(3)
FOE_HEX_COST = 2
SKILL_OF = {C.Tumble: "acrobatics", C.Overpower: "wrestling"}
TITLE_OF = {C.Tumble: "Tumble", C.Overpower: "Overpower"}


def can_pass(b, u) -> None:
    """The check before a foe is named: free to move, with movement or a Big Action left."""
    can_move(b, u)
    if len(u.hexes) != 1:
        raise Refused("too_big", f"{u.name} fills more than one hex: only a creature of one hex "
                      f"tumbles or pushes through a foe's hex ({R3})")


def _path_problem(b, u, t, to) -> tuple[str, str, list, list]:
    """(code, reason, states, costs) of passing through `t` to the hex `to`."""
    view = b.view()
    if len(t.hexes) != 1 or hex_distance(u.anchor, t.anchor) != 1:
        return "not_adjacent", f"{t.name} is not a one-hex foe next to {u.name}", [], []
    if hex_distance(u.anchor, to) != 2 or hex_distance(t.anchor, to) != 1:
        return "bad_path", f"the hex must lie beyond {t.name}, next to it and two hexes from " \
                           f"{u.name}", [], []
    states = [(t.anchor, u.facing), (to, u.facing)]
    beyond = rules_movement.step_cost(view, u, states[0], states[1])
    if beyond is None or not rules_movement.can_end_at(view, u, to):
        return "illegal_path", f"{u.name} cannot end its movement beyond {t.name} there", [], []
    return "", "", states, [FOE_HEX_COST, beyond]


def check(b, cmd):
    """The checks of Tumble or Overpower: (actor, foe, states, costs, Big Actions needed,
    provocations)."""
    u = guards.actor_of_turn(b, cmd)
    can_pass(b, u)
    t = guards.enemy_target(b, u, cmd.target)
    to = guards.cell(b, cmd.to, "the hex beyond the foe")
    code, reason, states, costs = _path_problem(b, u, t, to)
    if code:
        raise Refused(code, f"{u.name} cannot pass through {t.name}: {reason} ({R3})")
    budget = b.budget(u.name)
    need = rules_movement.move_big_actions(sum(costs), budget.movement, speed_hexes(u))
    if need is None or need > budget.big:
        raise Refused("too_far", f"passing through {t.name} costs {sum(costs)} hexes of "
                      f"movement; {u.name} has {budget.movement} left and {budget.big} Big "
                      "Action(s)")
    provocations = aoo.forecast(b.view(), u, states, "move")
    guards.confirm_path(cmd, b.view(), provocations, f"passing through {t.name}")
    return u, t, states, costs, need, provocations


def contest(b, kind, actor: str, target: str) -> bool:
    """The opposed check; emits OpposedCheck; True when the mover wins."""
    view = b.view()
    a, t = view.unit(actor), view.unit(target)
    skill = SKILL_OF[kind]
    bonus = skill_bonus(a.unit, skill, a.conditions)
    tskill, against = best_skill(t, DEFENDER_SKILLS)
    n, _ = b.dice.fortune_d20(cond.fortune(a.conditions))
    m, _ = b.dice.fortune_d20(cond.fortune(t.conditions))
    total, their = n + bonus.total, m + against.total
    won = total > their
    b.emit(E.OpposedCheck(
        actor, target, "tumble" if kind is C.Tumble else "overpower", skill, total, tskill,
        their, won, total - their,
        f"{actor} {skill.capitalize()}: d20 {n} {bonus.text(first_sign=True)} = {total} vs "
        f"{target} {tskill.capitalize()}: d20 {m} {against.text(first_sign=True)} = {their}: "
        f"{TITLE_OF[kind]} {'won' if won else 'lost'} ({R3})"))
    return won


@COMMANDS.handles(C.Tumble, C.Overpower)
def pass_through(b, cmd):
    """Tumble or Overpower through a foe's hex (see the module docstring)."""
    u, t, states, costs, need, provocations = check(b, cmd)
    provoked = [x.name for p in provocations if p.step == 0 for x in p.by]

    def perform():
        if need:
            spending.spend(b, u.name, "Move", big=need)
        left = b.budget(u.name).movement + need * speed_hexes(u) - sum(costs)
        b.update(u.name, ActionBudget, movement=left, moved=True)
        spending.non_attack_action(b)
        if provoked:
            go_on = yield from opportunity_attacks(b, u.name, b.cell(u.anchor), provoked)
            if not go_on or stopped(b, u.name):
                return
        if t.name in b.eids and not b.unit(t.name).dead and \
                not contest(b, type(cmd), u.name, t.name):
            b.update(u.name, ActionBudget, movement=0)
            return
        yield from walk(b, u.name, states, costs, "move", provoked)
    return perform


@FORECASTS.handles(C.Tumble, C.Overpower)
def pass_forecast(b, cmd) -> Forecast:
    """The chance the check is won, itemised, and the attacks of opportunity on the way."""
    view = b.view()
    a, t = view.unit(cmd.unit), view.unit(cmd.target)
    skill = SKILL_OF[type(cmd)]
    bonus = skill_bonus(a.unit, skill, a.conditions)
    tskill, against = best_skill(t, DEFENDER_SKILLS)
    chance = float(win_chance(bonus.total, against.total, cond.fortune(a.conditions),
                              cond.fortune(t.conditions)))
    states = [(t.anchor, a.facing), (b.hexmap.hex_at(*cmd.to), a.facing)]
    provocations = aoo.forecast(view, a, states, "move")
    lines = [f"{TITLE_OF[type(cmd)]} through {t.name}: pass {chance:.0%}",
             f"{skill.capitalize()} d20 {bonus.text(first_sign=True)} vs {tskill.capitalize()} "
             f"d20 {against.text(first_sign=True)} ({R3})"]
    if provocations:
        lines.append(f"the path leaves {provocation_text(view, provocations)}")
    return Forecast(chance, tuple(lines), ends=((a.name, cmd.to),),
                    caught=tuple(dict.fromkeys(x.name for p in provocations for x in p.by)))


def candidates(kind):
    """Every foe of one hex next to the mover, and each free hex beyond it."""
    def commands(b, u):
        if len(u.hexes) != 1:
            return
        for t in b.view().enemies_of(u):
            if len(t.hexes) != 1 or hex_distance(u.anchor, t.anchor) != 1:
                continue
            for h in hex_neighbors(t.anchor):
                if hex_distance(u.anchor, h) == 2 and b.hexmap.in_bounds(*b.cell(h)):
                    yield kind(u.name, target=t.name, to=b.cell(h))
    return commands


__all__ = ["can_pass", "candidates", "check", "contest", "pass_forecast", "pass_through"]
