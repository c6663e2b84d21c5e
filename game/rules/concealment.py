"""Concealment (docs/rules/07-concealment.md).

- Tile property `concealment`: `partial` (foliage, rain, dim light) or `total` (darkness,
  dense fog). A target standing in such a hex, or a centre-to-centre line passing through
  one, has that concealment; the highest applies. "Passing through" uses the region test of
  docs/rules/05-line-of-sight.md (`geometry`): the line must enter the interior of the concealing
  hexes (a seam between two of them counts, grazing a corner does not). The line starts at the
  centre of the attacker's hex; the attacker's own hexes never conceal its target (an archer in a
  wood shoots at the open field as well as from it).
- A multi-hex attacker picks its best hex; against a multi-hex target the attacker aims at its
  least concealed hex (the hex-native rules' advice to the game master: "If you can't decide
  ... choose the lower concealment").
- Invisible targets and blinded attackers: total; partially blinded attackers: at least
  partial.
- After a hit, roll d10: partial misses on 1-2 (20%), total on 1-5 (50%). No precision damage
  against concealed targets. Concealment blocks sight (total only), never effect (`sight`).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.hexgrid import Hex
from game.rules import geometry as geo
from game.rules import view_memo
from game.rules.sight import candidates, condition_names, fmt_hex, unit_of, view_index

LEVELS = ("none", "partial", "total")
MISS_ON_D10 = {"none": 0, "partial": 2, "total": 5}
MISS_CHANCE = {"none": 0.0, "partial": 0.2, "total": 0.5}


@dataclass(frozen=True)
class ConcealmentResult:
    level: str
    miss_chance: float
    miss_on_d10: int
    origin_hex: Hex | None
    sources: tuple = ()        # ('hex', Hex, level) | ('condition', name)
    reasons: tuple[str, ...] = field(default_factory=tuple)

    @property
    def precision_damage(self) -> bool:
        """docs/rules/07-concealment.md: no precision damage against concealed targets."""
        return self.level == "none"


def miss_chance(level: str) -> float:
    return MISS_CHANCE[level]


def misses(level: str, d10: int) -> bool:
    """docs/rules/07-concealment.md: the d10 roll after a hit; partial misses on 1-2, total on
    1-5."""
    return d10 <= MISS_ON_D10[level]


def origin_independent_concealment(attacker, target) -> str | None:
    """'total' when the target is invisible or the attacker blinded (docs/rules/07-concealment.md),
    else None."""
    if "invisible" in condition_names(target) or "blinded" in condition_names(attacker):
        return "total"
    return None


def _result(level, origin, sources, reasons) -> ConcealmentResult:
    return ConcealmentResult(level, MISS_CHANCE[level], MISS_ON_D10[level], origin,
                             tuple(sources), tuple(reasons))


def _concealing(terrain, own: frozenset) -> tuple[dict, frozenset]:
    """The concealing hexes of the map but `own` (the attacker's hexes never conceal its
    target, docs/rules/07-concealment.md): {hex: level}, and those of total concealment
    (read only: most attackers stand on none, and get the map's own)."""
    if own.isdisjoint(terrain.concealment):
        return terrain.concealment, terrain.total_conceal
    return ({h: lv for h, lv in terrain.concealment.items() if h not in own},
            terrain.total_conceal - own)


def concealment_from(view, attacker, target, origin: Hex, index=None) -> ConcealmentResult:
    """Concealment of `target` seen from the centre of `origin` (one of the attacker's hexes)."""
    a, t = unit_of(view, attacker), unit_of(view, target)
    index = index or view_index(view)
    conceal, total_region = _concealing(index.terrain, a.hex_set)
    start = geo.hex_center(origin)
    best = None
    for th in t.hexes:
        if not conceal:
            best = (0, "none", th, [])
            break
        cands = candidates((index.terrain.near_conceal,), origin, th, frozenset())
        passed = geo.passages(start, geo.hex_center(th), cands)
        total_hits = geo.region_hits(passed, total_region)
        any_hits = geo.region_hits(passed, conceal)
        level = "total" if total_hits else "partial" if any_hits else "none"
        hits = total_hits or any_hits
        key = LEVELS.index(level)
        if best is None or key < best[0]:
            best = (key, level, th, hits)
    _, level, th, hits = best
    sources = [("hex", h, conceal[h]) for h in hits]
    reasons = []
    if hits:
        reasons.append(f"{t.name} has {level} concealment from {a.name}: the centre-to-centre "
                       f"line from {fmt_hex(view, origin)} to {fmt_hex(view, th)} passes "
                       + ", ".join(f"{fmt_hex(view, h)} ({conceal[h]})" for h in hits))
    fixed = []
    if "invisible" in condition_names(t):
        fixed.append(("condition", "invisible"))
    if "blinded" in condition_names(a):
        fixed.append(("condition", "blinded"))
    if fixed:
        level = "total"
        sources = fixed + sources
        reasons.insert(0, "total concealment: " + " and ".join(
            f"{'the target is' if n == 'invisible' else 'the attacker is'} {n}"
            for _, n in fixed))
    elif level == "none" and "partially_blinded" in condition_names(a):
        level = "partial"
        sources = [("condition", "partially_blinded")]
        reasons.append("partial concealment: the attacker is partially blinded")
    return _result(level, origin, sources, reasons)


def concealment(view, attacker, target) -> ConcealmentResult:
    """docs/rules/07-concealment.md: the concealment of `target` against `attacker` (names or
    UnitViews), from the attacker's best hex."""
    a, t = unit_of(view, attacker), unit_of(view, target)
    return view_memo.per_pair(view, "concealment", a, t, None, lambda: _concealment(view, a, t))


def _concealment(view, a, t) -> ConcealmentResult:
    index = view_index(view)
    best = None
    for origin in a.hexes:
        r = concealment_from(view, a, t, origin, index)
        if best is None or LEVELS.index(r.level) < LEVELS.index(best.level):
            best = r
    return best


__all__ = ["ConcealmentResult", "LEVELS", "MISS_CHANCE", "MISS_ON_D10", "concealment",
           "concealment_from", "miss_chance", "misses", "origin_independent_concealment"]
