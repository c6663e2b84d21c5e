"""Two weapons, the off hand and natural weapons together (docs/rules/
19-maneuvers-and-archery.md "The off hand and two weapons"; the rulebook's "Handedness &
Using Both Hands", "Natural Weapons").

- A stat block may name the weapon its creature holds in the off hand (`off_hand`); attacks
  with it take -2 (light) or -4 (one-handed), see `game.rules.attack.off_hand_penalty`.
- Wielding two weapons gives no extra attack by itself; alternating weapons makes each
  consecutive attack -1 instead of -2 (rules: Turns, actions and initiative).
- Once per turn, when the main-hand weapon (or, for a creature with natural weapons, its
  primary weapon) hits a flat-footed (or helpless) foe, the creature may spend its Reaction
  on one attack with the off-hand weapon (or a second natural weapon) against that foe; it
  counts as an attack of opportunity.

- Fighting defensively with a weapon in each hand adds +1 to the shield rating
  (`wields_two_weapons`; the AC term is in `game.rules.attack`).

Pure functions: `second_weapons(u, primary)`, `grants_follow_up(u, weapon)`,
`wields_two_weapons(u)`.
"""
from __future__ import annotations


def _off_hand_weapon(u):
    off = u.unit.off_hand
    return next((w for w in u.weapons if w.id == off and w.can_melee), None) if off else None


def second_weapons(u, primary) -> tuple:
    """The weapons `u` may follow a hit of `primary` with: its off-hand weapon after a
    main-hand hit; its other natural weapons after a hit of its primary weapon."""
    off = _off_hand_weapon(u)
    if off is not None:
        return (off,) if primary.id != off.id and not primary.natural else ()
    melee = [w for w in u.weapons if w.can_melee]
    if not melee or primary.id != melee[0].id:
        return ()
    return tuple(w for w in melee[1:] if w.natural)


def grants_follow_up(u, weapon) -> bool:
    """Is `weapon` a main-hand (or primary) weapon with a second weapon to follow it?"""
    return weapon.can_melee and bool(second_weapons(u, weapon))


def wields_two_weapons(u) -> bool:
    """A weapon in each hand: the stat block's off-hand weapon in hand, and another melee
    weapon (not a natural one) in the main hand."""
    off = _off_hand_weapon(u)
    if off is None or off.natural:
        return False
    return any(w.id != off.id and w.can_melee and not w.natural and not w.unarmed
               for w in u.weapons)


__all__ = ["grants_follow_up", "second_weapons", "wields_two_weapons"]
