"""Flanking, ganging up and high ground (docs/rules/08-flanking.md).

Flanking: a creature T is flanked when two creatures hostile to T both threaten T
(docs/rules/02-size-and-reach.md, `game.rules.threat`) and the angle at the centroid of T's
footprint between the centroids of their footprints is at least 120 degrees. The angle is decided
exactly (`geometry.angle_at_least` compares squared rationals, so exactly 120 degrees counts
without an epsilon). For a 1-hex T with adjacent attackers this is the hex-native rules' "at least
1 hex of space between threatening enemies", for a 3-hex T "at least 2 hexes". Flanked: -2 AC.
Creatures that do not threaten cannot flank; grappled and pinned creatures cannot be flanked.
Flanked is derived, never stored.

Gang up: the 3rd, 4th, ... creature to attack the same target in a round gets +1, +2, ...
(max +5) until the target's next turn; attackers must be within two size categories of it;
The hex-native rules: "This does not function against helpless or immobile targets".

High ground: a melee attacker standing at least one `elevation` step above its target +1 to
hit, one step below -1; a ranged attack at a target at least 10 ft (2 steps) lower: +1 damage.
A creature stands at the highest elevation under its footprint.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from game.data.model import SIZES
from game.rules import geometry as geo
from game.rules import view_memo
from game.rules.sight import condition_names, creature_distance, unit_of
from game.rules.threat import threatened_hexes

FLANKED_AC_PENALTY = -2
FLANK_ANGLE = 120
NO_FLANK_CONDITIONS = frozenset({"grappled", "pinned"})


@dataclass(frozen=True)
class FlankResult:
    target: str
    flanked: bool
    pair: tuple[str, str] | None          # the flanking pair (widest angle), names sorted
    angle: float | None = None            # degrees at T's centroid for `pair`
    threatening: tuple[str, ...] = ()     # hostile creatures threatening T
    pairs: tuple[tuple[str, str], ...] = ()   # every flanking pair
    ac_penalty: int = 0
    reasons: tuple[str, ...] = field(default_factory=tuple)


def threatens(view, attacker, target) -> bool:
    """Does `attacker` threaten any hex of `target`'s footprint
    (docs/rules/02-size-and-reach.md)?"""
    a, t = unit_of(view, attacker), unit_of(view, target)
    area = threatened_hexes(view, a)
    return any(h in area for h in t.hexes)


def flank_angle(view, target, a, b) -> float:
    """The angle (degrees) at the centroid of target's footprint between a's and b's."""
    t, a, b = unit_of(view, target), unit_of(view, a), unit_of(view, b)
    return geo.angle_degrees(geo.centroid(t.hexes), geo.centroid(a.hexes),
                             geo.centroid(b.hexes))


def in_flanking_position(view, target, a, b) -> bool:
    """The geometric half of docs/rules/08-flanking.md: angle at T's centroid >= 120 degrees,
    exactly."""
    t, a, b = unit_of(view, target), unit_of(view, a), unit_of(view, b)
    return geo.angle_at_least(geo.centroid(t.hexes), geo.centroid(a.hexes),
                              geo.centroid(b.hexes), FLANK_ANGLE)


def flanks(view, a, b, target) -> bool:
    """Do `a` and `b` flank `target` together (both hostile to it, both threaten it, angle)?"""
    t, a, b = unit_of(view, target), unit_of(view, a), unit_of(view, b)
    return (a.eid != b.eid and a.team != t.team and b.team != t.team
            and not a.dead and not b.dead
            and threatens(view, a, t) and threatens(view, b, t)
            and in_flanking_position(view, t, a, b))


# Per view object: every attack preview asks for its target's flanking, which looks at all
# the target's enemies; remembering it on the view keeps `inspect` on N units at N^2, not N^3.

def flanking(view, target) -> FlankResult:
    """docs/rules/08-flanking.md: is `target` flanked, and by which pair (the widest angle; ties by
    name)? Remembered on the view (views are immutable; game.rules.view_memo)."""
    t = unit_of(view, target)
    memo = view_memo.memo(view, "flanking")
    known = memo.get(t.name)
    if known is None or known[0] is not t:
        known = memo[t.name] = (t, _flanking(view, t))
    return known[1]


def _flanking(view, t) -> FlankResult:
    blocked = sorted(condition_names(t) & NO_FLANK_CONDITIONS)
    hostile = [u for u in view.enemies_of(t)]
    threatening = [u for u in hostile if threatens(view, u, t)]
    names = tuple(u.name for u in threatening)
    if blocked:
        return FlankResult(t.name, False, None, None, names, (), 0,
                           (f"{t.name} is {blocked[0]}: it cannot be flanked",))
    o = geo.centroid(t.hexes)
    found = []
    for a, b in combinations(threatening, 2):
        ca, cb = geo.centroid(a.hexes), geo.centroid(b.hexes)
        if geo.angle_at_least(o, ca, cb, FLANK_ANGLE):
            pair = tuple(sorted((a.name, b.name)))
            found.append((geo.angle_degrees(o, ca, cb), pair))
    if not found:
        if len(threatening) > 1:
            why = (f"{', '.join(names)} threaten {t.name}, but no two of them are 120 degrees "
                   "or more apart around it")
        else:
            why = f"fewer than two hostile creatures threaten {t.name}"
        return FlankResult(t.name, False, None, None, names, (), 0, (why,))
    found.sort(key=lambda x: (-round(x[0], 9), x[1]))
    angle, pair = found[0]
    reasons = (f"{pair[0]} and {pair[1]} both threaten {t.name} and are {angle:.1f} degrees "
               f"apart around it (>= 120): flanked, {FLANKED_AC_PENALTY} AC",)
    return FlankResult(t.name, True, pair, angle, names, tuple(p for _, p in found),
                       FLANKED_AC_PENALTY, reasons)


def is_flanked(view, target) -> bool:
    return flanking(view, target).flanked


# --- gang up ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class GangUpResult:
    bonus: int
    position: int          # this attacker is the n-th creature to attack the target
    reason: str


def gang_up_bonus(prior_attackers, attacker, target) -> GangUpResult:
    """docs/rules/08-flanking.md: `prior_attackers` is the number of other creatures that already
    attacked `target` since its last turn (or an iterable of their names; the attacker itself is
    not counted). The 3rd attacker gets +1, the 4th +2, ... max +5."""
    if isinstance(prior_attackers, int):
        count = prior_attackers
    else:
        count = len({getattr(x, "name", x) for x in prior_attackers} - {attacker.name})
    position = count + 1
    gap = abs(SIZES.index(attacker.size) - SIZES.index(target.size))
    conds = condition_names(target)
    if gap > 2:
        return GangUpResult(0, position, f"{attacker.name} is {gap} size categories from "
                                         f"{target.name} (more than two): no gang-up bonus")
    if conds & {"helpless", "unconscious", "immobile", "immobilized", "paralyzed"}:
        return GangUpResult(0, position, f"{target.name} is helpless or immobile: no gang-up "
                                         "bonus (rules: Flanking and ganging up)")
    bonus = max(0, min(5, position - 2))
    return GangUpResult(bonus, position, f"{attacker.name} is attacker #{position} of "
                                         f"{target.name} this round: +{bonus}")


# --- high ground -----------------------------------------------------------------------------

@dataclass(frozen=True)
class HighGroundResult:
    attack_bonus: int
    damage_bonus: int
    attacker_elevation: int
    target_elevation: int
    reason: str


def elevation_of(view, u) -> int:
    """The highest `elevation` (5 ft steps) under a creature's footprint."""
    return max(view.hexmap.terrain_at(h).elevation for h in unit_of(view, u).hexes)


def high_ground(view, attacker, target, ranged: bool = False) -> HighGroundResult:
    """docs/rules/08-flanking.md "High ground": melee +1 / -1 by elevation; ranged +1 damage at 10+
    ft down."""
    a, t = unit_of(view, attacker), unit_of(view, target)
    ea, et = elevation_of(view, a), elevation_of(view, t)
    step = ea - et
    if ranged:
        dmg = 1 if step >= 2 else 0
        why = (f"{t.name} is {step * 5} ft lower: +1 damage (ranged)" if dmg else
               "no ranged high-ground bonus (target not 10 ft or more lower)")
        return HighGroundResult(0, dmg, ea, et, why)
    bonus = 1 if step >= 1 else -1 if step <= -1 else 0
    why = ("same elevation: no high ground" if bonus == 0 else
           f"{a.name} stands {abs(step)} step(s) {'above' if bonus > 0 else 'below'} "
           f"{t.name}: {bonus:+d} to hit (melee)")
    return HighGroundResult(bonus, 0, ea, et, why)


def saddle_steps(attacker, target) -> int:
    """docs/rules/03-movement.md "Riding a mount": a rider strikes down at a foe on foot smaller
    than its mount as from one step of high ground (1), else 0."""
    if not attacker.mount or target.mount:
        return 0
    return 1 if SIZES.index(attacker.size) > SIZES.index(target.size) else 0


__all__ = ["FLANKED_AC_PENALTY", "saddle_steps", "FlankResult", "GangUpResult", "HighGroundResult",
           "elevation_of", "flank_angle", "flanking", "flanks", "gang_up_bonus",
           "high_ground", "in_flanking_position", "is_flanked", "threatens",
           "creature_distance"]
