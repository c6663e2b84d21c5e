"""Momentum of impact applied to a battle: the knockdown that follows a blow, and falls
(rules: Wrestling, shoving and knockdown; the numbers are in `game.rules.impact`).

`after_strike` is called by `game.engine.combat.strike` after every attack roll: a hit (or a
blow on the target's shield) of a larger creature makes the target roll against being
knocked down. It is automatic, not an action. A flying creature resists Unfortunate and, when
knocked down, drops out of the air (`game.engine.falling.knock_down_flyer`).
"""
from __future__ import annotations

from game.engine import events as E
from game.engine.falling import knock_down_flyer
from game.rules import conditions as cond
from game.rules import impact as I
from game.rules import saving_throws as saves
from game.rules.locomotion import flies
from game.rules.sections import cite

R18 = cite(18)


def roll_check(b, name: str, check: str, bonus, dc: int, fortune: int, cause: str):
    """Roll d20 + `bonus` against `dc`; emit it; returns the total."""
    natural, faces = b.dice.fortune_d20(fortune)
    total = natural + bonus.total
    rolled = f"d20 {natural}" + (f" (of {', '.join(map(str, faces))})" if len(faces) > 1
                                 else "")
    b.emit(E.CheckRolled(name, check, natural, total, dc, total >= dc,
                         f"{check}: {rolled} {bonus.text(first_sign=True)} = {total} vs DC "
                         f"{dc} ({cause}; {R18})", cause))
    return total


def confound_save(b, name: str, taken: int, cause: str) -> None:
    """Failed by 5+: a FORT save (DC 15 or the damage taken) or Confounded for 1 round."""
    u = b.unit(name)
    dc = I.confound_dc(taken)
    bonus = saves.save_bonus(u.unit, "FORT", u.conditions)
    natural, _ = b.dice.fortune_d20(cond.fortune(u.conditions))
    total = natural + bonus.total
    b.emit(E.SaveRolled(name, "FORT", natural, total, dc, total >= dc,
                        f"FORT save: d20 {natural} {bonus.text(first_sign=True)} = {total} "
                        f"vs DC {dc} against Confounded ({cause}; {R18})"))
    if total < dc:
        b.set_condition(name, "confounded", 1, cond.lasting_turns(b.eids[name], 1))


def knockdown(b, attacker: str, target: str, weapon, charge_ft: int, power: bool,
              taken: int) -> None:
    """The struck creature's check against being knocked prone."""
    view = b.view()
    a, t = I.as_cavalry(view.unit(attacker), weapon, charge_ft > 0), view.unit(target)
    dc, unlucky = I.capped(I.knockdown_dc(a, t, weapon, charge_ft, power).total)
    skill, bonus = I.resist_knockdown(t)
    # the hex-native rules: "Flying creatures are Unfortunate when resisting"
    unlucky = unlucky or flies(t)
    fortune = cond.fortune(t.conditions, extra=(-1,) if unlucky else ())
    total = roll_check(b, target, skill.capitalize(), bonus, dc, fortune,
                       f"knockdown by {attacker}'s {weapon.name}")
    if total >= dc:
        return
    if knock_down_flyer(b, target) is None:
        b.set_condition(target, "prone", 1)
    if dc - total >= I.FAIL_BY and not b.unit(target).dead:
        confound_save(b, target, taken, "knockdown")


def after_strike(b, attacker: str, target: str, weapon, roll, against: int, extras,
                 taken: int) -> None:
    """A hit, or a miss that struck the target's shield: knockdown when the sizes allow."""
    if attacker not in b.eids or target not in b.eids:
        return
    view = b.view()
    a, t = I.as_cavalry(view.unit(attacker), weapon, extras.charge), view.unit(target)
    shield = roll.plan.ac.value_of("shield")       # the shield counted in this AC
    struck = roll.hit or (not roll.concealed_miss and roll.natural != 1 and
                          I.shield_struck(against - roll.total, shield))
    if not struck or I.knockdown_reason(a, t, weapon):
        return
    ran = b.turn.ran if extras.charge and b.active == attacker else 0
    knockdown(b, attacker, target, weapon, 5 * ran, extras.power_attack, taken)


__all__ = ["after_strike", "confound_save", "knockdown", "roll_check"]
