"""Casting under duress (docs/rules/17-special-abilities.md "Spellcasting"): which Perseverance
check a spell needs, and its chance of failing outright. Pure functions: nothing here rolls.

A spell (`kind = "spell"`) or a spell-like ability of level SL asks a Perseverance check when
its caster:
- took damage while casting (from the Interrupt Turn it gave an enemy or the attacks of
  opportunity it provoked): a spell DC 15, or DC 25 from 10 damage on; a spell-like ability
  DC 10 + 2 x SL, +5 from 10 damage on;
- is Injured, ran this turn, is Staggered or Weakened (stage 2+): DC 10 + 2 x SL;
- is Distressed: DC 15;
- is grappled: a spell-like ability DC 10 + 2 x SL; a spell with a somatic component an
  opposed check, its Perseverance against the Wrestling check of the creature holding it
  (`hold`: that check's total + 1, the holder resisting wins a tie).
One check is rolled against the highest of these DCs. A pinned creature cannot cast a spell
with a somatic component. Apart from the check, a spell with a somatic component fails 10% of
the time with a broken arm, and any spell 20% of the time while Confounded.
"""
from __future__ import annotations

from typing import Mapping, NamedTuple

from game.rules import conditions as cond

HEAVY_DAMAGE = 10        # from this much damage while casting, the harder DC


class Duress(NamedTuple):
    """One reason for a Perseverance check and its DC."""
    reason: str
    dc: int


def _hurt(a, damage: int) -> Duress | None:
    if damage <= 0:
        return None
    heavy = damage >= HEAVY_DAMAGE
    if a.kind == "spell":
        return Duress(f"took {damage} damage while casting", 25 if heavy else 15)
    return Duress(f"took {damage} damage while casting",
                  10 + 2 * a.spell_level + (5 if heavy else 0))


def needs_hold_check(a, conditions: Mapping[str, int]) -> bool:
    """A grappled caster of a spell with a somatic component: its grappler rolls Wrestling."""
    return a.kind == "spell" and "S" in a.components and "grappled" in cond.effective(conditions)


def duress(a, conditions: Mapping[str, int], injured: bool, ran: bool,
           damage: int = 0, hold: Duress | None = None) -> tuple[Duress, ...]:
    """Every reason spell `a` needs a Perseverance check now (see the module's text); `hold`:
    the grappler's Wrestling check as a DC, for a spell that `needs_hold_check`."""
    eff = cond.effective(conditions)
    hard = 10 + 2 * a.spell_level
    out = [_hurt(a, damage)]
    out.append(Duress("injured", hard) if injured else None)
    out.append(Duress("ran this turn", hard) if ran else None)
    out.append(Duress("staggered", hard) if "staggered" in eff else None)
    out.append(Duress("weakened", hard) if eff.get("weakened", 0) >= 2 else None)
    out.append(Duress("distressed", 15) if "distressed" in eff else None)
    out.append(Duress("grappled", hard) if "grappled" in eff and a.kind == "spell-like"
               else None)
    out.append(hold if needs_hold_check(a, conditions) else None)
    return tuple(d for d in out if d is not None)


def hardest(reasons: tuple[Duress, ...]) -> Duress | None:
    """The one check rolled: the highest DC, naming every reason."""
    if not reasons:
        return None
    return Duress(", ".join(d.reason for d in reasons), max(d.dc for d in reasons))


def failure_percent(a, conditions: Mapping[str, int]) -> int:
    """The chance (in percent) spell `a` fails however well the caster keeps its focus."""
    eff = cond.effective(conditions)
    out = 10 if "S" in a.components and "broken_arm" in eff else 0
    return out + (20 if "confounded" in eff else 0)


def cannot_cast(a, conditions: Mapping[str, int]) -> str:
    """Why spell `a` cannot be cast at all now ("" when it can)."""
    if "S" in a.components and "pinned" in cond.effective(conditions):
        return "a pinned creature cannot make the gestures of a spell with a somatic component"
    return ""


__all__ = ["Duress", "HEAVY_DAMAGE", "cannot_cast", "duress", "failure_percent", "hardest",
           "needs_hold_check"]
