"""Momentum of impact: knockdown, crushing advance and falls (rules: Wrestling, shoving and
knockdown).

- Knockdown: a physical attack that strikes a creature at least one size smaller than the
  attacker (the same size with a knockdown weapon), or strikes its shield (a miss by no more
  than the target's shield rating), makes it roll Wrestling or Acrobatics (its choice: the
  better) against DC 10 + HR + STR mod of the attacker, with the modifiers of
  `knockdown_dc`; failing knocks it prone, failing by 5 or more also calls for a FORT save
  (DC 15 or the damage taken, the higher) against Confounded for 1 round.
- Crushing Advance: a creature 3+ sizes larger walks over smaller ones; each makes a REF save
  or an Acrobatics check (the better) against DC 10 + HR + STR mod.
- Falls: 10% of the faller's maximum HP per 10 ft fallen.

Pure functions: nothing here rolls.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from game.data.model import SIZES
from game.rules.attack import Breakdown, Term
from game.rules.hands import grips_with_both_hands, needs_a_hand
from game.rules.sections import cite
from game.rules.skills import beats_dc_chance, skill_bonus
from game.rules import saving_throws as saves
from game.rules import conditions as cond

R18 = cite(18)
MAX_DC = 35                 # a higher DC stays 35 and the check is Unfortunate
CHARGE_FT = 20              # a charge of at least 20 ft: +2 to the knockdown DC
FAIL_BY = 5                 # failing by 5+: FORT save or Confounded
CONFOUND_DC = 15
QUADRUPED_BONUS = 4
CRUSH_GAP = 3               # crushing advance: 3+ sizes larger
REACTION_BONUS = 5          # a Reaction spent against a crushing advance


def gap(a_size: str, t_size: str) -> int:
    """Size categories `a` is larger than `t`."""
    return SIZES.index(a_size) - SIZES.index(t_size)


def as_cavalry(a, weapon, charge: bool):
    """docs/rules/03-movement.md "Riding a mount": a rider counts as its mount's size (the size
    of its space) for Knockdown only with a heavy attack (a two-handed weapon in both hands) or
    a charge; otherwise as its own."""
    heavy = weapon.kind == "heavy" and (not needs_a_hand(weapon)
                                        or grips_with_both_hands(a, weapon))
    if not a.mount or heavy or charge:
        return a
    return replace(a, size=a.own_size)


def knockdown_reason(a, t, weapon, shield_struck: bool = False) -> str:
    """Why a blow of `a` with `weapon` that struck `t` (or its shield) cannot knock it down
    ("" when it can)."""
    if t.dead or {"prone", "unconscious"} & set(cond.effective(t.conditions)):
        return f"{t.name} is already down"
    if a.grappling:
        return f"{a.name} is in a grapple: its blows carry no momentum"
    if not set(weapon.damage_type) & {"slashing", "piercing", "bludgeoning"}:
        return f"{weapon.name} is no physical attack"
    size = gap(a.size, t.size)
    if size >= 1 or (size == 0 and "knockdown" in weapon.properties):
        return ""
    return f"{t.name} is not smaller than {a.name}"


def knockdown_dc(a, t, weapon, charge_ft: int = 0, power: bool = False) -> Breakdown:
    """DC 10 + HR + STR mod, +5 per size beyond the first, +2 a charge of 20 ft+, +2 a
    knockdown weapon, +1 an impact weapon, -2 a light weapon or a bow, +2 a Power Attack."""
    u = a.unit
    extra = max(0, gap(a.size, t.size) - 1)
    terms = [Term(10, "", R18), Term(u.hr, "HR", R18), Term(u.str_mod, "STR", R18),
             Term(5 * extra, "much larger", R18),
             Term(2, "charge of 20 ft", R18) if charge_ft >= CHARGE_FT else None,
             Term(2, "knockdown weapon", R18) if "knockdown" in weapon.properties else None,
             Term(1, "impact weapon", R18) if "impact" in weapon.properties else None,
             Term(-2, "light or projectile weapon", R18)
             if weapon.hands == "light" or weapon.is_projectile else None,
             Term(2, "power attack", R18) if power else None]
    return Breakdown(tuple(x for x in terms if x is not None and x.value))


def capped(dc: int) -> tuple[int, bool]:
    """(the DC rolled against, whether the check is Unfortunate: the DC went over 35)."""
    return (MAX_DC, True) if dc > MAX_DC else (dc, False)


def resist_knockdown(t) -> tuple[str, Breakdown]:
    """The struck creature's better check, Wrestling or Acrobatics; +4 with four legs."""
    extra = (Term(QUADRUPED_BONUS, "four legs", R18),) if legs(t) >= 4 else ()
    best = None
    for skill in ("wrestling", "acrobatics"):
        bonus = skill_bonus(t.unit, skill, t.conditions, extra)
        if best is None or bonus.total > best[1].total:
            best = (skill, bonus)
    return best


def legs(t) -> int:
    return int(getattr(t.unit, "legs", 2) or 2)


@dataclass(frozen=True)
class KnockdownOdds:
    """A knockdown's DC and the chances: knocked prone, and (failing by 5+) the FORT save."""
    dc: int
    skill: str
    bonus: int
    fortune: int
    prone: float
    dazed: float            # the chance to fail by 5+ (a Confounded save follows)

    def line(self, name: str) -> str:
        return (f"knockdown: {name}'s {self.skill.capitalize()} {self.bonus:+d} vs DC "
                f"{self.dc}: prone {self.prone:.0%} on a hit ({R18})")


def knockdown_odds(a, t, weapon, charge_ft: int = 0, power: bool = False) -> KnockdownOdds | None:
    """The knockdown a hit of `a` on `t` would call for (None: it cannot knock it down)."""
    if knockdown_reason(a, t, weapon):
        return None
    dc, unlucky = capped(knockdown_dc(a, t, weapon, charge_ft, power).total)
    skill, bonus = resist_knockdown(t)
    fortune = cond.fortune(t.conditions, extra=(-1,) if unlucky else ())
    passes = beats_dc_chance(bonus.total, dc, fortune)
    dazed = Fraction(1) - beats_dc_chance(bonus.total, dc - FAIL_BY + 1, fortune)
    return KnockdownOdds(dc, skill, bonus.total, fortune, float(1 - passes), float(dazed))


def shield_struck(miss_by: int, shield: int) -> bool:
    """A miss by no more than the target's shield rating strikes its shield."""
    return shield > 0 and 0 < miss_by <= shield


def confound_dc(damage_taken: int) -> int:
    """FORT DC 15 or the damage taken, whichever is more."""
    return max(CONFOUND_DC, damage_taken)


# ---- crushing advance ---------------------------------------------------------------------------

def crush_dc(u) -> Breakdown:
    """Crushing Advance DC = 10 + HR + STR mod."""
    return Breakdown((Term(10, "", R18), Term(u.unit.hr, "HR", R18),
                      Term(u.unit.str_mod, "STR", R18)))


def can_crush(a, t) -> bool:
    """A creature 3+ sizes larger may walk into `t`'s space."""
    return gap(a.size, t.size) >= CRUSH_GAP


def resist_crush(t, reaction: bool = False) -> tuple[str, Breakdown]:
    """The better of the REF save and Acrobatics, +5 when a Reaction is spent."""
    extra = (Term(REACTION_BONUS, "reaction", R18),) if reaction else ()
    ref = saves.save_bonus(t.unit, "REF", t.conditions)
    ref = Breakdown(ref.terms + extra)
    acro = skill_bonus(t.unit, "acrobatics", t.conditions, extra)
    return ("REF", ref) if ref.total >= acro.total else ("acrobatics", acro)


@dataclass(frozen=True)
class CrushLine:
    """One Crushing Advance: the anchors entered (the start left out) and the creatures
    whose space it sweeps (names, in the order it reaches them)."""
    anchors: tuple
    caught: tuple[str, ...]

    @property
    def end(self):
        return self.anchors[-1]


def _sweep_blocked(view, u, hexes) -> bool:
    for h in hexes:
        if not view.hexmap.contains(h) or view.hexmap.terrain_at(h).impassable:
            return True
        if any(o.eid != u.eid and not o.dead and not can_crush(u, o) and o.team != u.team
               for o in view.occupants(h)):
            return True
    return False


def crush_lines(view, u, hexes: int) -> dict:
    """Every end anchor of a Crushing Advance of up to `hexes` hexes in one straight line:
    through the spaces of creatures 3+ sizes smaller (its allies are passed as in a move),
    never through walls, the map's edge or a larger foe, ending where it may end."""
    from game.hexgrid import DIRECTIONS, Hex, footprint
    from game.rules.movement import can_end_at
    out = {}
    for d in DIRECTIONS:
        at, anchors, caught = u.anchor, [], []
        for _ in range(hexes):
            at = Hex(at.q + d.q, at.r + d.r)
            space = tuple(footprint(u.size, at, u.facing))
            if _sweep_blocked(view, u, space):
                break
            anchors.append(at)
            for h in space:
                for o in view.occupants(h):
                    if o.team != u.team and not o.dead and can_crush(u, o) \
                            and o.name not in caught:
                        caught.append(o.name)
            if caught and can_end_at(view, u, at, u.facing):
                out[at] = CrushLine(tuple(anchors), tuple(caught))
    return out


def crush_damage(rolled: int, str_mod: int, max_hp: int) -> int:
    """(1d10 + STR mod) or 25% of the victim's maximum HP, whichever is more."""
    return max(rolled + max(0, str_mod), max_hp // 4, 1)


__all__ = ["CRUSH_GAP", "CrushLine", "crush_lines", "FAIL_BY", "KnockdownOdds", "MAX_DC", "can_crush", "capped",
           "confound_dc", "crush_damage", "crush_dc", "gap", "knockdown_dc",
           "as_cavalry", "knockdown_odds", "knockdown_reason",
           "legs", "resist_crush", "resist_knockdown",
           "shield_struck"]
