"""The optional Perfect Critical's injuries (docs/rules/19-maneuvers-and-archery.md "Optional
critical rules"; the rulebook's "Perfect Critical", "Broken Bones", "Severed Limbs").

A Perfect Critical (a natural 20 on the confirmation roll, in a battle that plays the rule)
deals the weapon's maximum damage (`game.rules.damage`); when that is at least the target's
Injured threshold (a quarter of its maximum HP) and it survives, a d6 says what breaks: 1-2 an
arm (-1 AC; the weapon that arm held falls to the ground, a two-handed one too), 3-4 a leg
(it falls prone; -2 attack rolls and AC, half speed, no Run, no 5-Foot Step), 5-6 ribs
(Distressed: -2 on all d20 rolls and AC, half speed). A slashing blow severs the arm or leg
instead of breaking it: the same effects in a battle. A d2 picks the arm: 1 the main one.
"""
from __future__ import annotations

from game.ecs.components import Weapons
from game.engine import events as E
from game.rules.health import injured_threshold

LIMBS = {1: "arm", 2: "arm", 3: "leg", 4: "leg", 5: "ribs", 6: "ribs"}


def perfect_injury(b, target: str, dealt: int, damage_types: tuple[str, ...]) -> None:
    """After a Perfect Critical dealt `dealt` damage to `target` (see the module docstring)."""
    if target not in b.eids:
        return
    t = b.unit(target)
    threshold = injured_threshold(t.max_hp)
    if t.dead or threshold is None or dealt < threshold:
        return
    limb = LIMBS[b.dice.d(6)]
    severed = limb != "ribs" and "slashing" in damage_types
    word = "severed" if severed else "broken"
    if limb == "ribs":
        b.set_condition(target, "distressed", 1)
        b.emit(E.Maimed(target, "broken ribs"))
        return
    break_limb(b, target, limb, word)


def break_limb(b, name: str, limb: str, word: str = "broken") -> None:
    """`name`'s arm or leg breaks (or is severed): an arm drops the weapon it held (a d2 picks
    the arm, 1 the main one), a leg leaves the creature prone. Also the fall's broken limb
    (docs/rules/21-terrain-and-falling.md "Falling")."""
    if limb == "arm":
        _drop_arms_weapon(b, name, main=b.dice.d(2) == 1)
        b.set_condition(name, "broken_arm", 1)
    else:
        b.set_condition(name, "broken_leg", 1)
        b.set_condition(name, "prone", 1)
    b.emit(E.Maimed(name, f"{word} {limb}"))


def _drop_arms_weapon(b, name: str, main: bool) -> None:
    """The weapon the broken arm held falls into the creature's hex (a two-handed one too)."""
    u = b.unit(name)
    held = [w for w in u.weapons if not w.natural and not w.unarmed]
    off = u.unit.off_hand
    falls = [w for w in held if w.hands == "two"]
    one = [w for w in held if w.hands != "two"]
    if not falls and one:
        pick = [w for w in one if (w.id == off) != main] or (one[:1] if main else one[-1:])
        falls = pick[:1]
    carried = b.component(name, Weapons)
    for w in falls:
        b.update(name, Weapons, ground=carried.ground + ((w.id, u.anchor),))
        carried = b.component(name, Weapons)
        b.emit(E.WeaponMoved(name, w.name, "dropped", b.cell(u.anchor)))


__all__ = ["LIMBS", "break_limb", "perfect_injury"]
