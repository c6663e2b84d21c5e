"""Swallow Whole and cutting free: the commands (docs/rules/17-special-abilities.md "Pounce,
Rake, Swallow Whole and poison"; docs/architecture.md "The engine"). What happens at the start
of a turn is in `game.engine.digestion`.

- A creature with the trait (`swallow_whole = true`, a giant toad) that begins its turn
  holding in a grapple a creature two or more sizes smaller holds it in its mouth (the
  `holding_in_mouth` mark, set when its turn starts). `Swallow` (a Big Action) is then an
  opposed Wrestling check; won, the prey is swallowed: it stays Grappled, the swallower does
  not (it keeps the prey among its partners: it cannot walk off while it digests).
- A swallowed creature takes 1d4 bludgeoning + 1d4 acid at the start of each of its turns
  (one die size more per size of the swallower above large). Nobody outside can strike it, it
  strikes nobody, and its only way out is `CutFree`: a Big Action with a light slashing or
  piercing weapon in hand, a DC 15 Acrobatics or Wrestling check; made, the weapon's damage
  (no critical, no precision) goes to the swallower. Once the cuts reach a tenth of the
  swallower's maximum hit points, the swallower spends a Big Action at the start of its next
  turn to spit the prey out (prone, beside it) and never swallows that creature again.
- A swallower that dies, or falls unconscious, lets its prey out at once.
"""
from __future__ import annotations

from game.engine import commands as C
from game.engine import events as E
from game.engine.digestion import (CUTS, HOLDING, MIN_GAP, SPAT, SWALLOWED, eid_of,
                                   swallower_of)
from game.engine.guards import actor_of_turn, big_action, enemy_target
from game.engine.health import damage
from game.engine.registry import COMMANDS
from game.engine.spending import non_attack_action, spend
from game.engine.state import Refused
from game.engine.wrestling import contest
from game.rules import wrestling as W
from game.rules.sections import cite

R17 = cite(17)
CUT_DC = 15


def swallow_problem(b, u, t) -> str:
    """Why `u` cannot swallow `t` now ("" when it can)."""
    if u.conditions.get(HOLDING) != t.eid + 2:
        return f"{u.name} did not begin its turn holding {t.name} in its mouth"
    if W.size_gap(t, u) < MIN_GAP:
        return f"{t.name} is too large to swallow (2 or more sizes smaller only)"
    if t.conditions.get(SPAT) == u.eid + 2:
        return f"{u.name} spat {t.name} out once and will not eat it again"
    return ""


def can_swallow(b, u) -> None:
    if not u.unit.swallow_whole:
        raise Refused("no_swallow", f"{u.name} cannot swallow creatures whole")
    big_action(b, u, 1, "Swallow Whole")
    if not u.conditions.get(HOLDING):
        raise Refused("nothing_in_mouth", f"{u.name} holds no creature in its mouth since its "
                      "turn began")


@COMMANDS.handles(C.Swallow)
def swallow(b, cmd):
    """Swallow: a Big Action; an opposed Wrestling check; won, the prey is swallowed."""
    u = actor_of_turn(b, cmd)
    can_swallow(b, u)
    t = enemy_target(b, u, cmd.target)
    why = swallow_problem(b, u, t)
    if why:
        raise Refused("cannot_swallow", why)

    def perform():
        spend(b, u.name, "Swallow Whole", big=1)
        non_attack_action(b)
        if contest(b, u.name, t.name, "swallow") > 0:
            gulp(b, u.name, t.name)
    return perform


def gulp(b, name: str, prey: str) -> None:
    """`prey` is in `name`'s belly: grappled still, no longer pinned; `name` is not grappled."""
    b.set_condition(prey, SWALLOWED, b.eids[name] + 2)
    b.remove_condition(prey, "pinned")
    b.remove_condition(name, "grappled")
    b.remove_condition(name, HOLDING)


def candidates(b, u):
    prey = eid_of(b, u.conditions.get(HOLDING, 0))
    if prey is not None:
        yield C.Swallow(u.name, target=prey)


def cutting_weapon(u):
    """A light slashing or piercing weapon in hand, the best first."""
    blades = [w for w in u.weapons if w.hands == "light" and not w.natural
              and {"slashing", "piercing"} & set(w.damage_type)]
    return max(blades, key=lambda w: w.damage.average, default=None)


def can_cut_free(b, u) -> None:
    if not u.has(SWALLOWED):
        raise Refused("not_swallowed", f"{u.name} is not swallowed")
    big_action(b, u, 1, "Cut Free")
    if cutting_weapon(u) is None:
        raise Refused("no_blade", f"{u.name} holds no light slashing or piercing weapon to cut "
                      "its way out")


@COMMANDS.handles(C.CutFree)
def cut_free(b, cmd):
    """CutFree: a Big Action; DC 15 Acrobatics or Wrestling, made: the blade's damage."""
    u = actor_of_turn(b, cmd)
    can_cut_free(b, u)

    def perform():
        spend(b, u.name, "Cut Free", big=1)
        non_attack_action(b)
        _cut(b, u.name)
    return perform


def _cut(b, name: str) -> None:
    u = b.unit(name)
    host = swallower_of(b, name)
    skill, bonus = W.best_skill(u, ("acrobatics", "wrestling"))
    natural, _ = b.dice.fortune_d20(W.check_fortune(u))
    total = natural + bonus.total
    b.emit(E.CheckRolled(name, skill.capitalize(), natural, total, CUT_DC, total >= CUT_DC,
                         f"{skill.capitalize()}: d20 {natural} {bonus.text(first_sign=True)} "
                         f"= {total} vs DC {CUT_DC} (cutting free of {host}; {R17})",
                         "cut free"))
    if total < CUT_DC or host is None:
        return
    w = cutting_weapon(u)
    rolled, faces = b.dice.roll(w.damage)
    amount = max(1, rolled + max(0, u.unit.str_mod))
    damage(b, host, amount, (w.damage_type[0],),
           f"{w.name} from inside: {w.damage} [{', '.join(map(str, faces))}] + STR = {amount} "
           f"({R17})", name)
    b.set_condition(name, CUTS, int(b.conditions(name).active.get(CUTS, 0)) + amount)


__all__ = ["can_cut_free", "can_swallow", "candidates", "cut_free", "cutting_weapon", "gulp",
           "swallow", "swallow_problem"]
