"""Wrestling maneuvers and the shield bash through commands (rules: Wrestling, shoving and
knockdown): Grab, Trip, Shove, Pin, Escape and Shield Bash, one check each, offered by the
legality query, forecast for previews and the computer player.

- Grab, Trip, Shove (a Big Action each; they provoke unless the wrestler is trained,
  `game.rules.wrestling.provokes`): an unarmed melee touch attack, then the opposed check. Grab
  joins a grapple, Trip knocks prone, Shove pushes 1 hex (+1 per 5 of the margin) in a straight
  line (`to`: the first hex), never provoking, stopping at walls, creatures and the edge; down a
  ledge the shoved creature falls (`game.engine.falling.fall`). Named with a `weapon` that has the
  maneuver's trait (docs/rules/18-wrestling-and-knockdown.md "Maneuvers"), the weapon's attack (an
  attack of the turn, no provoking) opens it instead, and its hit deals damage.
- Pin (a Big Action): a creature grappling its target; opposed Wrestling checks.
- Escape (a Big Action): against the strongest of the creatures holding it; the escaper's
  Wrestling or Acrobatics, Unfortunate when pinned.
- Shield Bash (an attack, no provoking): a Light or larger shield (rating 1+); touch attack
  (a natural 20: +5 on the check), opposed check; won, the target is prone; won by 5+,
  1 + STR bludgeoning damage and a shove of 1 hex through `to`. Until its next turn the
  basher's shield does not count against other enemies (the `shield_bash` effect holds the
  target's entity id).
"""
from __future__ import annotations

from dataclasses import replace

from game.engine import events as E
from game.engine import grapples
from game.engine.combat import own_extras
from game.engine.defense import defended_touch
from game.engine.falling import fall
from game.hexgrid import DIRECTIONS, Hex, direction_between
from game.rules import wrestling as W
from game.rules.attack import Term, roll_attack
from game.rules.defense import roll_defended
from game.rules.sections import cite

R18 = cite(18)
MANEUVER_TITLE = {"grab": "Grab", "trip": "Trip", "shove": "Shove", "pin": "Pin",
                  "escape": "Escape", "shield_bash": "Shield Bash"}


# ---- the two sides of a check ---------------------------------------------------------------

def sides(view, a, t, maneuver: str, extra=()):
    """((skill, bonus, fortune) of `a`, the same of `t`) for `maneuver` by `a` on `t`."""
    if maneuver == "escape":
        skill, bonus = W.best_skill(a)
        return ((skill, bonus, W.check_fortune(a, escaping=True)),
                ("wrestling", W.wrestling_bonus(t), W.check_fortune(t)))
    mine = ("wrestling", W.wrestling_bonus(a, tuple(extra)), W.check_fortune(a))
    skills = ("wrestling",) if maneuver == "pin" else W.DEFENDER_SKILLS
    skill, bonus = W.best_skill(t, skills)
    return mine, (skill, bonus, W.check_fortune(t))


def _rolled(b, fortune: int) -> tuple[int, str]:
    natural, faces = b.dice.fortune_d20(fortune)
    return natural, (f"d20 {natural}" + (f" (of {', '.join(map(str, faces))})"
                                        if len(faces) > 1 else ""))


def contest(b, actor: str, target: str, maneuver: str, extra=()) -> int:
    """Roll the opposed check of `maneuver`; returns the margin (won when > 0)."""
    view = b.view()
    (skill, bonus, fortune), (tskill, tbonus, tfortune) = sides(
        view, view.unit(actor), view.unit(target), maneuver, extra)
    n, text = _rolled(b, fortune)
    m, ttext = _rolled(b, tfortune)
    total, against = n + bonus.total, m + tbonus.total
    margin = total - against
    b.emit(E.OpposedCheck(
        actor, target, maneuver, skill, total, tskill, against, margin > 0, margin,
        f"{actor} {skill.capitalize()}: {text} {bonus.text(first_sign=True)} = {total} vs "
        f"{target} {tskill.capitalize()}: {ttext} {tbonus.text(first_sign=True)} = "
        f"{against}: {'won' if margin > 0 else 'lost'} by {abs(margin)} ({R18})"))
    return margin


def charge_bonus(b, actor: str) -> tuple:
    """A check to knock a foe over right after a Run of 2+ hexes (a charge): +2."""
    if b.active == actor and b.turn.ran >= 2:
        return (Term(2, "charge", R18),)
    return ()


def touch_extras(b, actor: str, target: str, attack: bool = False):
    """The touch attack's extras: an attack of the turn (the shield bash) counts the turn's
    earlier attacks; a maneuver's does not."""
    extras = own_extras(b, actor, target, W.UNARMED)
    return extras if attack else replace(extras, previous_attacks=0, aim=False, charge=False)


def touch(b, actor: str, target: str, attack: bool = False):
    """The unarmed melee touch attack, after the target's chance of an Active Dodge (a
    generator; returns the AttackRoll, None: impossible)."""
    extras = touch_extras(b, actor, target, attack)
    plan, defense = yield from defended_touch(b, actor, target, extras)
    if plan is None:
        return None
    if defense is None:
        roll = roll_attack(plan, b.dice)
        against, text = plan.ac.total, roll.describe().replace("AC", "touch AC", 1)
    else:
        defended = roll_defended(plan, defense, b.dice)
        roll, against, text = defended.attack, defended.total, defended.describe()
    b.emit(E.AttackRolled(actor, target, W.UNARMED.name, tuple(roll.faces), roll.natural,
                          roll.total, against, roll.hit, False, False, text, "touch",
                          roll.concealment_d10, roll.concealed_miss,
                          defense.kind if defense else ""))
    return roll


# ---- what a won check does ------------------------------------------------------------------

def shove_direction(b, t, pusher_hexes, to) -> int | None:
    """The direction of a shove through the hex `to` (None when `to` is not a hex next to
    the target that takes it farther away); `to` None: the way that goes farthest."""
    away = W.away_directions(t, pusher_hexes)
    if to is None:
        view = b.view()
        best = max(away, key=lambda d: len(W.shove_path(view, t, pusher_hexes, d, 3).anchors),
                   default=None)
        return best
    h = b.hexmap.hex_at(*to)
    d = direction_between(t.anchor, h)
    step = DIRECTIONS[d] if d is not None else None
    if step is None or Hex(t.anchor.q + step.q, t.anchor.r + step.r) != h or d not in away:
        return None
    return d


def push(b, actor: str, target: str, direction: int, hexes: int) -> None:
    """Shove `target` up to `hexes` hexes straight on in `direction` (never provokes); a
    drop on the way is a fall."""
    view = b.view()
    t = view.unit(target)
    path = W.shove_path(view, t, view.unit(actor).hexes, direction, hexes)
    if not path.anchors:
        return
    start = b.cell(t.anchor)
    b.place(target, (path.end, t.facing))
    b.emit(E.ForcedMoved(target, "push", start, b.cell(path.end),
                         tuple(b.cell(h) for h in path.anchors), actor))
    if path.drop:
        fall(b, target, path.drop, "shove")


def succeed(b, actor: str, target: str, maneuver: str, margin: int, direction) -> None:
    """The effect of a won check."""
    if maneuver == "grab":
        grapples.join(b, actor, target)
    elif maneuver == "pin":
        grapples.pin(b, target)
    elif maneuver == "trip":
        b.set_condition(target, "prone", 1)
    elif maneuver == "shove" and direction is not None:
        push(b, actor, target, direction, W.shove_hexes(margin))


__all__ = ["MANEUVER_TITLE", "charge_bonus", "contest", "push", "shove_direction", "sides", "succeed",
           "touch", "touch_extras"]
