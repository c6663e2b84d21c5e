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

Hands are counted, not weapons (docs/rules/09-turns-and-actions.md "Hands"): a creature has
two hands; every weapon in hand but natural ones fills one, and a shield (rating 1+) is strapped
on the arm of one of them. A two-handed weapon strikes as a heavy attack only when both hands
grip it: nothing else in hand and no shield on the arm; otherwise it strikes as a basic attack.
A Shield Bash needs the shield's hand empty: with two weapons in hand the shield still guards,
but it cannot strike.

Pure functions: `second_weapons(u, primary)`, `grants_follow_up(u, weapon)`,
`hands_holding(u)`, `grips_with_both_hands(u, weapon)`, `shield_hand_free(u)`,
`wields_two_weapons(u)`.
"""
from __future__ import annotations

from game.data.model import HANDS


def needs_a_hand(weapon) -> bool:
    """A weapon held in a hand (not a natural weapon nor the bare-handed strike)."""
    return not weapon.natural and not weapon.unarmed


def hands_holding(u) -> int:
    """How many of `u`'s hands hold a weapon."""
    return sum(1 for w in u.weapons if needs_a_hand(w))


def grips_with_both_hands(u, weapon) -> bool:
    """Can `u` grip its `weapon` with both hands (nothing else in hand, no shield on the
    arm)?"""
    others = [w for w in u.weapons if needs_a_hand(w) and w.id != weapon.id]
    return needs_a_hand(weapon) and not others and u.unit.shield < 1


def shield_hand_free(u) -> bool:
    """Does `u` carry a shield whose hand holds no weapon (one it may bash with)?"""
    return u.unit.shield >= 1 and hands_holding(u) < HANDS


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
    return any(w.id != off.id and w.can_melee and needs_a_hand(w) for w in u.weapons)


__all__ = ["HANDS", "grants_follow_up", "grips_with_both_hands", "hands_holding", "needs_a_hand",
           "second_weapons", "shield_hand_free", "wields_two_weapons"]
