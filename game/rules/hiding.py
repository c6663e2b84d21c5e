"""Hiding and spotting (docs/rules/22-hiding-and-fog.md "Hide" and "Spot").

- A creature may hide only when it has cover (docs/rules/06-cover.md) or concealment
  (docs/rules/07-concealment.md) from every enemy that could see it (a line of sight,
  docs/rules/05-line-of-sight.md). `exposed_to` names the enemies it has neither from: while
  one of them looks, it cannot hide, and a hidden creature standing so is found by them.
- Its Hide check (d20 + Hide, `game.rules.skills`) is its hidden value. A Spot check (d20 + Spot)
  that meets the value finds it; so does the passive Spot at the start of each of the enemy's
  turns, 10 + Spot, with no die. Only an enemy with a line of sight to it may spot it. A Blinded
  creature fails every Spot check.
- A Distracted creature is Unfortunate on its Spot checks (docs/rules/11-hit-points-and-
  conditions.md), on top of whatever else makes it Unfortunate or Fortunate: a Spot rolls two
  d20 and keeps the worse; its passive Spot counts the die as 7 instead of 10 (about the mean
  of the worse of two d20; a Fortunate one, 14).

Pure functions: nothing here rolls.
"""
from __future__ import annotations

from game.rules import conditions as cond
from game.rules.attack import Breakdown
from game.rules.concealment import concealment
from game.rules.cover import cover_level
from game.rules.knowledge import watchers
from game.rules.sight import line_of_sight
from game.rules.skills import skill_bonus

PASSIVE_SPOT = 10       # the passive Spot check: 10 + Spot
# The die a passive check counts, by fortune: about the mean of the worse (Unfortunate) or the
# better (Fortunate) of two d20, else 10.
PASSIVE_DIE = {-1: 7, 0: PASSIVE_SPOT, 1: 14}


def hide_bonus(u) -> Breakdown:
    """The itemised bonus of `u`'s Hide check (DEX, ranks, size)."""
    return skill_bonus(u.unit, "hide", u.conditions)


def spot_bonus(u) -> Breakdown:
    """The itemised bonus of `u`'s Spot check (WIS, ranks)."""
    return skill_bonus(u.unit, "spot", u.conditions)


def spot_fortune(u) -> int:
    """+1, -1 or 0: the fortune of `u`'s Spot checks, its conditions' (Frightened...) and
    Distracted's Unfortunate together (docs/rules/11-hit-points-and-conditions.md)."""
    return cond.fortune(u.conditions, extra=(-1,) if "distracted" in u.conditions else ())


def spot_fortune_text(u) -> str:
    """How the fortune of `u`'s Spot checks reads in a forecast line ("" when none)."""
    fortune = spot_fortune(u)
    if not fortune:
        return ""
    why = " (distracted)" if "distracted" in u.conditions and fortune < 0 else ""
    return f", {'Fortunate' if fortune > 0 else 'Unfortunate'}{why}"


def can_spot(u) -> bool:
    """A Blinded creature fails every Spot check."""
    return "blinded" not in u.conditions


def sheltered_from(view, enemy, hider) -> bool:
    """Whether `hider` has cover or concealment from `enemy` (concealment asked first: it
    traces one line per hex, cover seven)."""
    return concealment(view, enemy, hider).level != "none" or \
        cover_level(view, enemy, hider) != "none"


def exposed_to(view, hider) -> tuple[str, ...]:
    """The enemies that see `hider` (a line of sight) while it has neither cover nor
    concealment from them, by name. Shelter is asked before sight: a wall between them
    gives cover without explaining every line of sight."""
    out = []
    for side in sorted({u.team for u in view.units if u.team != hider.team}):
        for e in watchers(view, side):
            if not sheltered_from(view, e, hider) and line_of_sight(view, e, hider):
                out.append(e.name)
    return tuple(out)


def could_spot(view, spotter, hider) -> bool:
    """Whether `spotter` may look for `hider`: an enemy that can see and has a line of sight."""
    return spotter.team != hider.team and can_spot(spotter) and \
        line_of_sight(view, spotter, hider)


def passive_die(spotter) -> int:
    """The die the passive Spot check counts: 10, 7 when Unfortunate (Distracted), 14 when
    Fortunate."""
    return PASSIVE_DIE[spot_fortune(spotter)]


def passive_spot(spotter) -> int:
    """The passive Spot check: 10 + Spot (7 + Spot when Distracted; see `passive_die`)."""
    return passive_die(spotter) + spot_bonus(spotter).total


__all__ = ["PASSIVE_DIE", "PASSIVE_SPOT", "can_spot", "passive_die", "spot_fortune",
           "spot_fortune_text", "could_spot", "exposed_to", "hide_bonus",
           "passive_spot", "sheltered_from", "spot_bonus"]
