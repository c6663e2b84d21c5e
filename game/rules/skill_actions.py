"""The skill actions of a battle (docs/rules/19-maneuvers-and-archery.md "Skill actions"):
Demoralize, Dirty Tricks, Combat Feint and Insult, each an opposed check.

The actor rolls its skill; the target answers with the better of its two defences (its
choice, so the higher bonus). Ties go to the target. What each needs:

| action | actor's skill | target's defence | target | provokes | won |
|---|---|---|---|---|---|
| Demoralize | Intimidate | Sense Motive or Intimidate | within 6 hexes, seen | yes | Frightened 1d4 rounds |
| Dirty Tricks | Sleight of Hand | Sense Motive or Tactics | adjacent | yes | Blinded a round |
| Combat Feint | Bluff | Sense Motive or Tactics | in melee reach | no | flat-footed vs the next attack |
| Insult | Perform | Sense Motive or WILL save | within 6 hexes, seen | yes | Unfortunate a round |

"A round" is until the end of the actor's next turn. A helpless target notices nothing and
cannot be the target of one. Pure functions: nothing here rolls.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.rules import conditions as cond
from game.rules.attack import Breakdown
from game.rules.saving_throws import save_bonus
from game.rules.sight import line_of_sight
from game.rules.skills import skill_bonus, win_chance
from game.rules.threat import footprint_distance

HEARD_HEXES = 6          # 30 feet: a shout or a taunt carries this far


@dataclass(frozen=True)
class SkillAction:
    """One skill action: its id (the legality query's), title, the actor's skill, the
    target's two defences ("will": the WILL save), how near the target must be (`near`:
    "heard", "adjacent", "reach"), whether it provokes, the condition it gives and for how
    long (turns of the actor; 0: 1d4 rounds)."""
    id: str
    title: str
    skill: str
    against: tuple[str, str]
    near: str
    provokes: bool
    condition: str
    turns: int
    effect: str


SKILL_ACTIONS = {a.id: a for a in (
    SkillAction("demoralize", "Demoralize", "intimidate", ("sense_motive", "intimidate"),
                "heard", True, "frightened", 0, "Frightened (Unfortunate) for 1d4 rounds"),
    SkillAction("dirty_trick", "Dirty Trick", "sleight_of_hand", ("sense_motive", "tactics"),
                "adjacent", True, "blinded", 2, "Blinded until the end of your next turn"),
    SkillAction("combat_feint", "Combat Feint", "bluff", ("sense_motive", "tactics"),
                "reach", False, "feinted", 2, "flat-footed against your next attack"),
    SkillAction("insult", "Insult", "perform", ("sense_motive", "will"),
                "heard", True, "insulted", 2, "Unfortunate until the end of your next turn"),
)}


def label(skill: str) -> str:
    return "WILL save" if skill == "will" else skill.replace("_", " ").title()


def actor_bonus(a, action: SkillAction) -> Breakdown:
    """The actor's itemised skill bonus."""
    return skill_bonus(a.unit, action.skill, a.conditions)


def defence(t, action: SkillAction) -> tuple[str, Breakdown]:
    """The target's choice: the better of its two defences (ties: the first)."""
    best = None
    for skill in action.against:
        bonus = (save_bonus(t.unit, "WILL", t.conditions) if skill == "will"
                 else skill_bonus(t.unit, skill, t.conditions))
        if best is None or bonus.total > best[1].total:
            best = (skill, bonus)
    return best


def win_odds(a, t, action: SkillAction) -> float:
    """The chance the actor wins the opposed check (ties: the target)."""
    _, against = defence(t, action)
    return float(win_chance(actor_bonus(a, action).total, against.total,
                            cond.fortune(a.conditions), cond.fortune(t.conditions)))


def melee_reach(a) -> int:
    """The longest melee reach of the weapons `a` holds (0: none)."""
    return max((a.unit.reach_with(w) or 0 for w in a.weapons if w.can_melee), default=0)


def target_problem(view, a, t, action: SkillAction) -> tuple[str, str]:
    """(code, reason) of what stops `action` by `a` on `t`; ("", "") when nothing."""
    if "helpless" in cond.effective(t.conditions):
        return "target_helpless", f"{t.name} is helpless and notices nothing"
    if t.conditions.get(action.condition) and (action.condition != "feinted"
                                               or t.conditions[action.condition] == a.eid):
        return "already_affected", f"{t.name} is already {action.condition.replace('_', ' ')}"
    distance = footprint_distance(a, t)
    if action.near == "adjacent" and distance != 1:
        return "not_adjacent", f"{t.name} is not adjacent to {a.name}: {action.title} is done " \
                               "by hand"
    if action.near == "reach" and not 0 < distance <= melee_reach(a):
        return "out_of_reach", f"{t.name} is not within {a.name}'s melee reach"
    if action.near == "heard" and (distance > HEARD_HEXES or not line_of_sight(view, a, t)):
        return "out_of_range", f"{t.name} is not within {HEARD_HEXES} hexes and in sight of " \
                               f"{a.name}"
    return "", ""


__all__ = ["HEARD_HEXES", "SKILL_ACTIONS", "SkillAction", "actor_bonus", "defence", "label",
           "melee_reach", "target_problem", "win_odds"]
