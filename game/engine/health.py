"""Damage, health and bleeding applied to a battle (docs/rules/11-hit-points-and-conditions.md;
docs/architecture.md "The engine"). The numbers come from `game.rules.health` and
`game.rules.healing`; every roll goes into an event with its itemised breakdown.

- `damage(b, name, amount, types, ...)`: lose HP, temporary HP first; unconscious, bleeding,
  Weakened, death (a creature at Weakened 5 gaining a stage takes 1d6 biological damage
  more). Attacks (`game.engine.combat`), falls, crushing and abilities all deal damage here.
- `set_conditions(b, name, new)`, `set_temp_hp(b, name, amount)`: a creature's conditions
  (with ConditionAdded / ConditionRemoved events) and its pool of temporary hit points.
- `bleed_and_stabilise(b, name)`: the start-of-turn bleeding (a wound clots after 10 rounds)
  and the Dying creature's DC 20 FORT save.
"""
from __future__ import annotations

from game.ecs.components import Bleeding, Health, TempHP
from game.engine import events as E
from game.rules import conditions as cond
from game.rules.healing import absorb
from game.rules.health import (apply_changes, bleed_amount, clot, rounds_to_clot, stabilize,
                               take_damage)


def set_conditions(b, name: str, new: dict) -> None:
    """Replace a creature's conditions by `new`, with ConditionAdded / ConditionRemoved events;
    a removed condition loses its expiry. When the bleeding stops, its count of rounds
    starts again (a wound clots after 10 rounds of bleeding)."""
    c = b.conditions(name)
    old = dict(c.active)
    for key in old:
        if key not in new:
            b.emit(E.ConditionRemoved(name, key))
    for key, value in new.items():
        if old.get(key) != value:
            b.emit(E.ConditionAdded(name, key, value))
    b.set_conditions(name, new, {k: v for k, v in c.expires.items() if k in new})
    if not new.get("bleed") and b.unit(name).bled_rounds:
        b.attach(name, Bleeding(0))


def set_temp_hp(b, name: str, amount: int) -> None:
    """The creature's pool of temporary hit points (game.rules.healing)."""
    if amount != b.unit(name).temp_hp:
        b.attach(name, TempHP(max(0, amount)))


def _apply_health(b, name: str, change, by: str, cause: str) -> None:
    was_dead = b.health(name).dead
    b.update(name, Health, hp=change.hp)
    set_conditions(b, name, change.conditions_after(b.conditions(name).active))
    if change.dead and not was_dead:
        b.update(name, Health, dead=True)
        b.emit(E.Died(name, b.cell(b.unit(name).anchor), by, cause))


def _absorbed(b, name: str, amount: int) -> tuple[int, int, str]:
    """Temporary hit points go first: (absorbed, damage left, words)."""
    u = b.unit(name)
    taken, rest = absorb(u.temp_hp, amount)
    if not taken:
        return 0, rest, ""
    set_temp_hp(b, name, u.temp_hp - taken)
    return taken, rest, (f"; {taken} absorbed by temporary HP ({u.temp_hp - taken} left; "
                         "rules: Healing and first aid)")


def damage(b, name: str, amount: int, types: tuple[str, ...], breakdown: str, by: str = "",
           critical: bool = False, struck: bool = True, cause: str = "damage") -> None:
    """The creature loses `amount` HP, its temporary HP first;
    `game.rules.health.take_damage` decides unconsciousness, Weakened, Bleed, Dying and death
    (a creature at Weakened 5 gaining a stage takes 1d6 biological damage more)."""
    u = b.unit(name)
    if u.dead:
        return
    taken, rest, words = _absorbed(b, name, amount)
    change = take_damage(u.unit, u.hp, u.max_hp, u.conditions, rest, types, struck)
    b.emit(E.Damaged(name, amount, change.hp, types[0] if types else "",
                     f"{breakdown}{words}; {name}: {change.describe()}", critical, taken))
    _apply_health(b, name, change, by, cause)
    if rest > 0 and "asleep" in b.conditions(name).active:
        b.remove_condition(name, "asleep")      # damage wakes a sleeping creature
    if change.overflow is not None and not change.dead:
        total, faces = b.dice.roll(change.overflow)
        damage(b, name, total, ("biological",),
               f"Weakened 5+: {change.overflow} [{', '.join(map(str, faces))}] biological "
               "(rules: Hit points and conditions)", by, struck=False)


def _clot(b, name: str) -> None:
    """Bleed X: after 10 rounds of bleeding, Bleed X - 1 each round."""
    u = b.unit(name)
    changes = clot(u.conditions, u.bled_rounds)
    if changes:
        after = apply_changes(u.conditions, changes)
        b.emit(E.Clotted(name, int(after.get("bleed", 0) or 0), u.bled_rounds))
        set_conditions(b, name, after)


def _bleed(b, name: str) -> None:
    """Bleed X takes X HP (biological, temporary HP first) and counts a round of bleeding."""
    u = b.unit(name)
    x = bleed_amount(u.unit, u.conditions)
    if x <= 0:
        return
    rounds = u.bled_rounds + 1
    b.attach(name, Bleeding(rounds))
    left = rounds_to_clot(rounds)
    when = f"clots in {left} round(s)" if left else "clotting"
    damage(b, name, x, ("biological",), f"bleed {x} ({when}; rules: Hit points and conditions)",
           struck=False, cause="bleeding")


def bleed_and_stabilise(b, name: str) -> None:
    """A wound that has bled 10 rounds clots (Bleed X - 1); Bleed X takes X HP
    at the start of the creature's turn; then a Dying creature rolls its DC 20 FORT save
    (success: bleeding -1; at 0 it is stable)."""
    if name not in b.eids or b.unit(name).dead:
        return
    _clot(b, name)
    _bleed(b, name)
    u = b.unit(name)
    if u.dead or not u.conditions.get("dying") or not u.conditions.get("bleed"):
        return
    natural, faces = b.dice.fortune_d20(cond.fortune(u.conditions))
    save = stabilize(u.unit, u.conditions, natural, faces)
    b.emit(E.SaveRolled(name, "FORT", natural, save.total, save.dc, save.success,
                        save.describe()))
    if save.changes:
        set_conditions(b, name, apply_changes(u.conditions, save.changes))


__all__ = ["bleed_and_stabilise", "damage", "set_conditions", "set_temp_hp"]
