"""The conditions that act on their own: fire, pain, sleep and poison applied to a battle
(docs/rules/11-hit-points-and-conditions.md "Conditions that act on their own";
docs/architecture.md "The engine").

- `afflict(b, name, condition, source, rounds)`: the one way an ability, a weapon or a poison
  gives a condition that lasts `rounds` of its source's turns. Catching fire (Ablaze) burns at
  once; a paralyzed creature falls prone and drops what it holds; Terrified remembers whom
  it fears (`game.rules.conditions.fear_value`).
- `after_weapon_hit(b, attacker, target, weapon, taken, types)`: called by every strike that
  hits. A poisoned weapon whose hit dealt damage asks a FORT save (failed: the poison's damage
  and condition); a weapon that `ignites` sets the target Ablaze when its fire hurt.
- `turn_start(b, name)`: at the start of the creature's turn, after its bleeding. Stop, Drop and
  Roll puts the fire out (it began last turn), deep water quenches it, else Ablaze burns 1d6
  fire; Agony spends one of the turn's Big Actions on the pain.

Decisions where the rulebook leaves the game master to judge (written in
docs/rules/11-hit-points-and-conditions.md): the fire burns for as many rounds as the thing
that lit it gives; Stop, Drop and Roll lays the creature prone and the flames go out when its
next turn starts.
"""
from __future__ import annotations

from game.data.dice import Dice
from game.ecs.components import Weapons
from game.engine import events as E
from game.engine.health import damage
from game.rules import conditions as cond
from game.rules import saving_throws as saves
from game.rules.sections import cite

R11 = cite(11)
FIRE = Dice(1, 6)                 # Ablaze: 1d6 fire when it catches and each round after
SMOTHERING = "smothering_flames"  # the effect of a Stop, Drop and Roll under way


def afflict(b, name: str, condition: str, source: str, rounds: int) -> None:
    """`name` gets `condition` for `rounds` of `source`'s turns (the turn it is given on
    counts when it is the source's own)."""
    if name not in b.eids or b.unit(name).dead:
        return
    eid = b.eids.get(source, b.eids[name])
    value = cond.fear_value(eid) if condition == "terrified" else 1
    already = b.unit(name).has(condition)
    b.set_condition(name, condition, value, cond.lasting_turns(eid, rounds))
    if condition == "ablaze" and not already:
        burn(b, name, "catches fire", source)
    if condition == "paralyzed" and not already:
        collapse(b, name)


def collapse(b, name: str) -> None:
    """Paralyzed: the creature falls prone and what it holds falls into its hex."""
    u = b.unit(name)
    for w in [w for w in u.weapons if not w.natural and not w.unarmed]:
        carried = b.component(name, Weapons)
        b.update(name, Weapons, ground=carried.ground + ((w.id, u.anchor),))
        b.emit(E.WeaponMoved(name, w.name, "dropped", b.cell(u.anchor)))
    if not u.has("prone"):
        b.set_condition(name, "prone", 1)


def burn(b, name: str, when: str, by: str = "") -> None:
    """Ablaze's 1d6 fire damage (resistance to fire counts)."""
    total, faces = b.dice.roll(FIRE)
    resist = b.unit(name).unit.resist
    cut = min(dict(resist).get("fire", 0), total)
    text = f"Ablaze ({when}): {FIRE} [{', '.join(map(str, faces))}]"
    if cut:
        text += f" - resist fire {cut}"
    if total - cut > 0:
        damage(b, name, total - cut, ("fire",), f"{text} = {total - cut} ({R11})", by,
               struck=False, cause="fire")


def poison(b, attacker: str, target: str, weapon) -> None:
    """The weapon's poison: a FORT save against its DC; failed, its damage and condition."""
    p = weapon.poison
    t = b.unit(target)
    if t.unit.undead:
        return                       # poison is biological: the undead do not suffer it
    bonus = saves.save_bonus(t.unit, "FORT", t.conditions)
    natural, _ = b.dice.fortune_d20(cond.fortune(t.conditions))
    total = natural + bonus.total
    passed = total >= p.dc
    b.emit(E.SaveRolled(target, "FORT", natural, total, p.dc, passed,
                        f"FORT save: d20 {natural} {bonus.text(first_sign=True)} = {total} vs "
                        f"DC {p.dc} against {weapon.name}'s poison ({R11})"))
    if passed:
        return
    if p.damage is not None:
        amount, faces = b.dice.roll(p.damage)
        damage(b, target, amount, ("biological",),
               f"{weapon.name}'s poison: {p.damage} [{', '.join(map(str, faces))}] = "
               f"{amount} biological ({R11})", attacker, struck=False, cause="poison")
    if p.condition and not b.unit(target).dead:
        afflict(b, target, p.condition, attacker, p.rounds)


def after_weapon_hit(b, attacker: str, target: str, weapon, taken: int, types) -> None:
    """Poison and fire that follow a hit (module docstring)."""
    if target not in b.eids or b.unit(target).dead or taken <= 0:
        return
    if weapon.poison is not None:
        poison(b, attacker, target, weapon)
    if "ignites" in weapon.properties and "fire" in types and not b.unit(target).dead:
        afflict(b, target, "ablaze", attacker, IGNITE_ROUNDS)


IGNITE_ROUNDS = 3        # a weapon's fire burns for 3 rounds of its thrower's turns


def in_deep_water(b, name: str) -> bool:
    return any(b.hexmap.terrain_at(h).water == "deep" for h in b.unit(name).hexes)


def _fire(b, name: str) -> None:
    u = b.unit(name)
    if not u.has("ablaze"):
        if u.has(SMOTHERING):
            b.remove_condition(name, SMOTHERING)
        return
    if u.has(SMOTHERING) or in_deep_water(b, name):
        b.remove_condition(name, SMOTHERING)
        b.remove_condition(name, "ablaze")      # the flames are out
        return
    burn(b, name, "start of its turn")


def turn_start(b, name: str) -> None:
    """Fire, then pain (module docstring). Agony's lost Big Action is taken after the turn's
    budget is set (`lose_to_pain`)."""
    if name not in b.eids or b.unit(name).dead:
        return
    _fire(b, name)


def lose_to_pain(b, name: str, spend) -> None:
    """Agony: the creature spends a Big Action struggling with the pain (no AOO)."""
    if name in b.eids and b.unit(name).has("agony") and b.budget(name).big > 0:
        spend(b, name, "struggling with the pain (Agony)", big=1)


__all__ = ["FIRE", "IGNITE_ROUNDS", "SMOTHERING", "afflict", "after_weapon_hit", "burn", "collapse",
           "in_deep_water", "lose_to_pain", "poison", "turn_start"]
