"""Active Parry and Active Dodge in a battle (docs/rules/16-reactions.md "Active defense"): when
an attack on the attacker's own turn is about to be rolled and its target may actively defend, the
target's defense policy decides, or the battle pauses for its answer (an `Ask` of kind "defense":
React, ActiveParry or ActiveDodge).

- `may_defend(b, target, kind)`: the Reaction-level check (the one `can_react` of
  game.rules.threat, plus: never against an attack of opportunity or an interrupt, which are
  Reactions themselves).
- `defenses_against(b, attacker, target, weapon, extras)`: the planned attack and the active
  defenses the target could use against it now (possible ones only).
- `odds(b, attacker, target, weapon, extras)`: the hit chances without and with each
  defense (game.rules.probability), for the prompt and the attack preview.
- `defended_strike(...)`: a generator; the policy or the owner's answer, then the roll.
- `defended_touch(...)`: a generator; the same answer to a touch attack (Grab, Trip, Shove,
  Shield Bash), where only Active Dodge is possible: it replaces AC and touch AC alike.
- `can_active_parry`, `can_active_dodge` and their handlers answer a pending prompt.

Decisions (the rules page says them): React(accept=True) on a defense prompt, and the
"always" policy, use the defense with the lowest hit chance when it is lower than without
one (else none); "ask" pauses for human- and computer-controlled creatures alike (the
computer player answers for its own); without a policy set, human-controlled creatures are
asked and the others never defend.
"""
from __future__ import annotations

from game.ecs.components import Controller, Reactions, ReactionPolicy
from game.engine import commands as C
from game.engine import events as E
from game.engine import turns
from game.engine.registry import COMMANDS
from game.engine.state import Refused
from game.engine.combat import Ask, strike
from game.rules.attack import plan_attack, target_defenceless
from game.rules.defense import defenses
from game.rules.probability import chances, defended_chances
from game.rules.situation import situation
from game.rules.wrestling import UNARMED, touch_plan
from game.rules.threat import can_react

TOUCH = "touch"           # the unarmed touch attack of Grab, Trip, Shove and Shield Bash
OWN_TURN_ATTACKS = ("attack", "power attack", "charge", TOUCH)
POLICIES = ("always", "never", "ask")


def defense_policy(b, name: str) -> str:
    """The creature's defense policy ("always", "never", "ask")."""
    try:
        return b.component(name, ReactionPolicy).defense
    except KeyError:
        return "ask" if b.component(name, Controller).kind == "human" else "never"


def defense_policy_set(b, name: str) -> bool:
    """Whether the creature's defense policy was set (else the default applies)."""
    try:
        b.component(name, ReactionPolicy)
    except KeyError:
        return False
    return True


def set_defense_policy(b, name: str, policy: str) -> None:
    b.attach(name, ReactionPolicy(policy))


def may_defend(b, target: str, kind: str = "attack") -> bool:
    """Whether `target` may answer an attack of `kind` with a Reaction at all."""
    if kind not in OWN_TURN_ATTACKS or target not in b.eids:
        return False
    return can_react(b.unit(target))


def _plan(view, attacker: str, target: str, weapon, extras, kind: str):
    """The planned attack (a touch attack's for kind TOUCH), None when there is none."""
    if kind == TOUCH:
        return touch_plan(view, view.unit(attacker), view.unit(target), extras)
    s = situation(view, attacker, target, weapon, extras)
    return plan_attack(s.situation) if s.situation is not None else None


def defenses_against(b, attacker: str, target: str, weapon, extras, kind: str = "attack"):
    """(plan, {kind: Defense}) of the attack now; the dict holds the usable defenses only."""
    view = b.view()
    plan = _plan(view, attacker, target, weapon, extras, kind)
    if plan is None:
        return None, {}
    if not plan.possible or not may_defend(b, target, kind) or \
            target_defenceless(plan.situation):
        return plan, {}
    found = defenses(view, view.unit(target), view.unit(attacker), plan, touch=kind == TOUCH)
    return plan, {k: d for k, d in found.items() if d.possible}


def odds(b, attacker: str, target: str, weapon, extras, kind: str = "attack") -> dict:
    """{"none": Chances, "parry": Chances, "dodge": Chances} (the usable defenses only;
    empty when the attack is impossible)."""
    plan, usable = defenses_against(b, attacker, target, weapon, extras, kind)
    if plan is None or not plan.possible:
        return {}
    return {"none": chances(plan),
            **{k: defended_chances(plan, d) for k, d in usable.items()}}


def best_defense(plan, usable: dict):
    """The usable defense with the lowest hit chance, when it is lower than without one."""
    if not usable:
        return None
    kind, defense = min(usable.items(), key=lambda kd: defended_chances(plan, kd[1]).hit)
    return defense if defended_chances(plan, defense).hit < chances(plan).hit else None


def _answer(b, target: str, attacker: str, plan, usable: dict, attack):
    """The defense to use (a generator: the `ask` policy yields an Ask), or None."""
    policy = defense_policy(b, target)
    if policy == "never":
        return None
    choice = True
    if policy == "ask":
        at = b.cell(b.unit(target).anchor)
        choice = yield Ask(target, attacker, at, "defense", attack)
        if not choice:
            b.emit(E.ReactionDeclined(target, attacker, "defense"))
            return None
        plan, usable = defenses_against(b, attacker, target, *attack)
    if choice is True:
        return best_defense(plan, usable)
    return usable.get(choice)


def defended_touch(b, attacker: str, target: str, extras):
    """The touch attack's plan and the target's answer to it (a generator): (plan, Defense or
    None); (None, None) when no touch attack is possible. Only Active Dodge answers a touch
    attack (docs/rules/16-reactions.md)."""
    plan, usable = defenses_against(b, attacker, target, UNARMED, extras, TOUCH)
    if plan is None or not plan.possible:
        return None, None
    defense = None
    if usable:
        defense = yield from _answer(b, target, attacker, plan, usable,
                                     (UNARMED, extras, TOUCH))
    if defense is not None:
        b.update(target, Reactions, available=b.reactions(target).available - 1)
    return plan, defense


def defended_strike(b, attacker: str, target: str, weapon, extras, kind: str = "attack"):
    """`combat.strike`, after the target's chance to actively defend (a generator)."""
    plan, usable = defenses_against(b, attacker, target, weapon, extras, kind)
    defense = None
    if usable:
        defense = yield from _answer(b, target, attacker, plan, usable, (weapon, extras, kind))
    if defense is not None:
        b.update(target, Reactions, available=b.reactions(target).available - 1)
    return strike(b, attacker, target, weapon, extras, kind, defense=defense)


# ---- answering a prompt ----------------------------------------------------------------------

def pending_defenses(b, name: str) -> dict:
    """The defenses `name` may answer the pending prompt with (Refused when none is awaited)."""
    p = b.pending
    if p is None or p.kind != "defense" or p.reactor != name:
        b.entity(name)
        raise Refused("no_defense_awaited", f"{name} is not being asked to defend against an "
                      "attack now")
    weapon, extras, kind = p.attack
    plan, _ = defenses_against(b, p.mover, name, weapon, extras, kind)
    return defenses(b.view(), b.unit(name), b.unit(p.mover), plan, touch=kind == TOUCH)


def pending_odds(b) -> tuple[dict, dict, object]:
    """For the pending defense prompt: (odds as `odds` gives them, every defense possible or
    not with its reason, the attacker's weapon)."""
    p = b.pending
    weapon, extras, kind = p.attack
    return (odds(b, p.mover, p.reactor, weapon, extras, kind),
            pending_defenses(b, p.reactor), weapon)


def _can(b, u, kind: str):
    d = pending_defenses(b, u.name)[kind]
    if not d.possible:
        raise Refused(d.code, d.reason)
    return d


def can_active_parry(b, u) -> None:
    _can(b, u, "parry")


def can_active_dodge(b, u) -> None:
    _can(b, u, "dodge")


def _answering(b, cmd, kind: str):
    if b.winner:
        raise Refused("battle_over", "the battle is over")
    if not isinstance(cmd.unit, str):
        raise Refused("bad_command", f"a command names its unit, got {cmd.unit!r}")
    _can(b, b.unit(cmd.unit) if cmd.unit in b.eids else b.entity(cmd.unit), kind)

    def perform():
        process = b.pending.resume
        b.wait_for(None)
        turns.drive(b, process, kind, started=True)
    return perform


@COMMANDS.handles(C.ActiveParry)
def active_parry(b, cmd):
    """Active Parry: the pending attack meets an Active Parry Roll instead of AC."""
    return _answering(b, cmd, "parry")


@COMMANDS.handles(C.ActiveDodge)
def active_dodge(b, cmd):
    """Active Dodge: the pending attack meets an Acrobatics check instead of AC."""
    return _answering(b, cmd, "dodge")


__all__ = ["OWN_TURN_ATTACKS", "POLICIES", "active_dodge", "active_parry", "best_defense",
           "can_active_dodge", "can_active_parry", "defended_strike", "defense_policy",
           "defense_policy_set", "defenses_against", "may_defend", "odds",
           "pending_defenses", "pending_odds", "set_defense_policy"]
