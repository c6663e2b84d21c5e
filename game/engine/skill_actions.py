"""The skill actions through commands (docs/rules/19-maneuvers-and-archery.md "Skill actions"):
Demoralize, Dirty Trick, Combat Feint and Insult, a Big Action each, one check each, offered by
the legality query and forecast for previews and the computer player.

Each rolls the actor's skill against the target's better defence (`game.rules.skill_actions`),
after the attacks of opportunity it provokes (all but the Combat Feint). Won, the target gets
the action's condition, timed in the actor's turns: Frightened for 1d4 rounds, or Blinded
(sand in the eyes), the `feinted` (holding the feinter's entity id; `game.engine.combat` spends it on
the feinter's next attack roll against it) or `insulted` effect until the end of the actor's
next turn.
"""
from __future__ import annotations

from game.engine import commands as C
from game.engine import events as E
from game.engine import guards, spending
from game.engine.combat import opportunity_attacks, stopped
from game.engine.forecast import Forecast
from game.engine.registry import COMMANDS, FORECASTS
from game.engine.state import Refused
from game.rules import conditions as cond
from game.rules import skill_actions as SA
from game.rules.sections import cite

R19 = cite(19)
ACTION_OF = {C.Demoralize: "demoralize", C.DirtyTrick: "dirty_trick",
             C.CombatFeint: "combat_feint", C.Insult: "insult"}


def can_skill_action(action_id: str):
    """The check of one skill action before a target is named: a Big Action left."""
    action = SA.SKILL_ACTIONS[action_id]

    def check(b, u) -> None:
        guards.big_action(b, u, guards.big_cost(b, action_id), action.title)
    return check


def check(b, cmd):
    """The checks of a skill action command: (action, actor, target, provokers)."""
    action = SA.SKILL_ACTIONS[ACTION_OF[type(cmd)]]
    u = guards.actor_of_turn(b, cmd)
    can_skill_action(action.id)(b, u)
    t = guards.enemy_target(b, u, cmd.target)
    code, reason = SA.target_problem(b.view(), u, t, action)
    if code:
        raise Refused(code, f"{u.name} cannot use {action.title} on {t.name}: {reason} ({R19})")
    provokers = (guards.confirm_action(cmd, b.view(), u, action.title.lower())
                 if action.provokes else [])
    return action, u, t, provokers


def _rolled(b, fortune: int) -> tuple[int, str]:
    natural, faces = b.dice.fortune_d20(fortune)
    return natural, f"d20 {natural}" + (f" (of {', '.join(map(str, faces))})"
                                        if len(faces) > 1 else "")


def contest(b, action, actor: str, target: str) -> bool:
    """Roll the opposed check; emits OpposedCheck; True when the actor wins."""
    view = b.view()
    a, t = view.unit(actor), view.unit(target)
    bonus = SA.actor_bonus(a, action)
    skill, against = SA.defence(t, action)
    n, text = _rolled(b, cond.fortune(a.conditions))
    m, ttext = _rolled(b, cond.fortune(t.conditions))
    total, their = n + bonus.total, m + against.total
    won = total > their
    b.emit(E.OpposedCheck(
        actor, target, action.id, action.skill, total, skill, their, won, total - their,
        f"{actor} {SA.label(action.skill)}: {text} {bonus.text(first_sign=True)} = {total} vs "
        f"{target} {SA.label(skill)}: {ttext} {against.text(first_sign=True)} = {their}: "
        f"{action.title} {'won' if won else 'lost'} ({R19})"))
    return won


def _affect(b, action, actor: str, target: str) -> None:
    """What a won check does to the target, timed in the actor's turns."""
    source = b.eids[actor]
    had = b.conditions(target)
    if action.condition in had.active and action.condition not in had.expires:
        return                       # for good already: not shortened
    if action.turns:
        value = source if action.condition == "feinted" else 1
        b.set_condition(target, action.condition, value, cond.lasting_turns(source, action.turns))
        return
    rounds, _ = b.dice.roll("1d4")
    b.set_condition(target, action.condition, 1, cond.lasting_turns(source, rounds))


@COMMANDS.handles(C.Demoralize, C.DirtyTrick, C.CombatFeint, C.Insult)
def skill_action(b, cmd):
    """A skill action (see the module docstring)."""
    action, u, t, provokers = check(b, cmd)

    def perform():
        spending.spend(b, u.name, action.title, big=guards.big_cost(b, action.id))
        spending.non_attack_action(b)
        if provokers:
            yield from opportunity_attacks(b, u.name, b.cell(u.anchor), provokers,
                                           action.title.lower(), stop_if_prone=False)
            if stopped(b, u.name, by_prone=False) or t.name not in b.eids \
                    or b.unit(t.name).dead:
                return
        if contest(b, action, u.name, t.name):
            _affect(b, action, u.name, t.name)
    return perform


@FORECASTS.handles(C.Demoralize, C.DirtyTrick, C.CombatFeint, C.Insult)
def skill_action_forecast(b, cmd) -> Forecast:
    """The chance the opposed check is won, itemised, and what winning does."""
    action = SA.SKILL_ACTIONS[ACTION_OF[type(cmd)]]
    view = b.view()
    a, t = view.unit(cmd.unit), view.unit(cmd.target)
    bonus = SA.actor_bonus(a, action)
    skill, against = SA.defence(t, action)
    chance = SA.win_odds(a, t, action)
    return Forecast(chance, (
        f"{action.title} on {t.name}: win {chance:.0%}; won: {action.effect}",
        f"{SA.label(action.skill)} d20 {bonus.text(first_sign=True)} vs {SA.label(skill)} "
        f"d20 {against.text(first_sign=True)} ({R19})"))


def candidates(kind):
    """The commands of one skill action worth asking about: every enemy in range."""
    action = SA.SKILL_ACTIONS[ACTION_OF[kind]]

    def commands(b, u):
        view = b.view()
        for t in view.enemies_of(u):
            if not SA.target_problem(view, u, t, action)[0]:
                yield kind(u.name, target=t.name)
    return commands


__all__ = ["ACTION_OF", "can_skill_action", "candidates", "check", "contest",
           "skill_action", "skill_action_forecast"]
