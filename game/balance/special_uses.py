"""The special rules a battle's creatures used, read from its events (game/engine/events.py),
for the action counts of computer games (`game.balance.stats.action_counts`, prefixed
"Special: "). Most new actions are commands and are counted as such (Mount, Dismount,
Swallow, WakeUp, Demoralize, Tumble, ...); these are the uses no command names:

- "Pounce": the second strike of a pouncing Charge (docs/rules/17-special-abilities.md
  "Pounce, Rake, Swallow Whole and poison");
- "Rake": the damage that follows a pin won by a creature with rake dice (same section);
- "Poison": a hit of a poisoned weapon that asked its FORT save (same section);
- "Sneak attack": a blow whose damage carries Sneak Attack's precision dice
  (docs/rules/10-attacks-and-damage.md "Precision damage");
- "Mounted charge": a Charge attack by a creature in the saddle (docs/rules/03-movement.md
  "Riding a mount");
- "Spell", "Perseverance", "Spell disrupted": a spell cast, its caster's Perseverance check
  under duress and a spell lost (docs/rules/17-special-abilities.md "Spellcasting");
- "Flight: ascent" and "Dive attack": a flyer rising a ledge or more on the wing, and the
  melee blow that ends a diving Run (docs/rules/21-terrain-and-falling.md "Flying").
"""
from __future__ import annotations

from game.engine import events as E
from game.rules.locomotion import DIVE_DROP, LEDGE
from game.rules.precision import SNEAK_ATTACK_LABEL

SPECIAL = "Special: "


def _units(battle) -> dict:
    return {u.name: u for u in battle.view().units}


def _weapon(u, name: str):
    for w in tuple(getattr(u, "weapons", ())) + tuple(u.unit.weapons):
        if w.name == name:
            return w
    return None


def _elevation(battle, cell) -> int:
    return battle.hexmap.terrain_at(battle.hexmap.hex_at(*cell)).elevation


def _flight(battle, e, u) -> tuple[bool, bool]:
    """(rose a ledge on the wing, came down far enough for a Dive Attack) for a Moved."""
    if u is None or not getattr(u.unit, "fly_ft", 0):
        return False, False
    heights = [_elevation(battle, c) for c in (e.start, *e.path)]
    rose = any(b - a >= LEDGE for a, b in zip(heights, heights[1:]))
    dived = e.kind in ("run", "charge") and heights[0] - heights[-1] >= DIVE_DROP
    return rose, dived


def _spell(u, ability: str) -> bool:
    a = u.unit.ability(ability) if u is not None else None
    return a is not None and a.kind == "spell"


def _attack_uses(e, units, riding, diving) -> list:
    out = []
    if e.kind == "pounce":
        out.append("Pounce")
    if e.kind == "charge" and e.attacker in riding:
        out.append("Mounted charge")
    if e.attacker in diving and e.kind == "charge":
        diving.discard(e.attacker)
        out.append("Dive attack")
    u = units.get(e.attacker)
    w = _weapon(u, e.weapon) if u is not None else None
    if e.hit and w is not None and getattr(w, "poison", None) is not None:
        out.append("Poison?")               # confirmed by the FORT save that follows
    return out


# events after which a pending rake or poison save can no longer come
_PENDING_ENDS = (E.ActionSpent, E.TurnEnded, E.TurnStarted)


def special_uses(battle):
    """(creature, use) for each use of a special rule the events show (module docstring)."""
    units, riding, diving = _units(battle), set(), set()
    poisoner, raker, striker = None, None, None
    for e in battle.events:
        if isinstance(e, _PENDING_ENDS):
            poisoner = raker = None
        if isinstance(e, E.Mounted):
            riding.add(e.unit)
        elif isinstance(e, E.Dismounted):
            riding.discard(e.unit)
        elif isinstance(e, E.TurnStarted):
            diving.clear()
        elif isinstance(e, E.Moved):
            rose, dived = _flight(battle, e, units.get(e.unit))
            if rose:
                yield e.unit, "Flight: ascent"
            if dived:
                diving.add(e.unit)
        elif isinstance(e, E.AttackRolled):
            striker, poisoner, raker = e.attacker, None, None
            for use in _attack_uses(e, units, riding, diving):
                if use == "Poison?":
                    poisoner = (e.attacker, e.target)
                else:
                    yield e.attacker, use
        elif isinstance(e, E.SaveRolled) and poisoner and e.unit == poisoner[1]:
            yield poisoner[0], "Poison"
            poisoner = None
        elif isinstance(e, E.OpposedCheck) and e.won and e.maneuver == "pin":
            u = units.get(e.unit)
            raker = (e.unit, e.target) if u is not None and u.unit.rake else None
        elif isinstance(e, E.Damaged):
            if raker and e.unit == raker[1]:
                yield raker[0], "Rake"
                raker = None
            elif SNEAK_ATTACK_LABEL in e.breakdown and striker:
                yield striker, "Sneak attack"
        else:
            yield from _spell_uses(e, units)


def _spell_uses(e, units):
    if isinstance(e, E.AbilityUsed) and _spell(units.get(e.unit), e.ability):
        yield e.unit, "Spell"
    elif isinstance(e, E.SpellChecked):
        yield e.unit, "Perseverance"
    elif isinstance(e, E.SpellDisrupted):
        yield e.unit, "Spell disrupted"


__all__ = ["SPECIAL", "special_uses"]
