"""Who threatens which hexes, and who can still react (docs/rules/02-size-and-reach.md
"Threatened hexes", 04-attacks-of-opportunity.md "Reactions").

Pure functions of a `BattleView`: nothing here reads the component store or imports pygame.

- A creature threatens when it holds a melee weapon or has a natural weapon (or a ranged weapon
  whose data says `threatens_ft`, the loaded crossbow), and is not prone, blinded, helpless,
  unconscious, grappled, pinned, stunned or dead.
- It threatens every map hex at distance 1..reach of its footprint, its own hexes excluded;
  a tiny creature (reach 0) threatens its own hex ("must enter the foe's hex").
- It can react when its reaction of the round is unspent and it is not flat-footed, stunned,
  staggered, helpless or unconscious.
"""
from __future__ import annotations

from functools import lru_cache

from game.rules import conditions as condition_rules
from game.rules import view_memo
from game.hexgrid import Hex, hexes_within, hex_to_offset

# docs/rules/02-size-and-reach.md: conditions that stop a creature from threatening.
NO_THREAT_CONDITIONS = frozenset(
    {"prone", "blinded", "helpless", "unconscious", "grappled", "pinned", "stunned"})
# docs/rules/04-attacks-of-opportunity.md: conditions that stop a creature from reacting.
NO_REACTION_CONDITIONS = frozenset(
    {"flat_footed", "stunned", "staggered", "helpless", "unconscious"})


def condition_key(name: str) -> str:
    """Condition names compare case- and separator-blind: "Flat-Footed" == "flat_footed"."""
    return name.strip().lower().replace("-", "_").replace(" ", "_")


def conditions_of(u) -> frozenset[str]:
    """The normalised names of the creature's active conditions (an unconscious creature is
    also helpless, docs/rules/11-hit-points-and-conditions.md)."""
    names = {condition_key(c) for c in u.conditions}
    if "unconscious" in names:
        names.add("helpless")
    for cause in ("asleep", "paralyzed"):     # helpless too (and a paralyzed one is prone)
        if cause in names:
            names.update(c for c in condition_rules.effective({cause: 1}) if c != cause)
    return frozenset(names)


def has_condition(u, name: str) -> bool:
    return condition_key(name) in conditions_of(u)


def is_helpless(u) -> bool:
    return bool(conditions_of(u) & {"helpless", "unconscious"})


def threatening_weapons(u) -> tuple:
    """Weapons that threaten (docs/rules/02-size-and-reach.md): melee or natural ones, or any with
    `threatens_ft` while loaded (a crossbow shot and not loaded again threatens no one)."""
    unloaded = getattr(u, "unloaded", ())
    return tuple(w for w in u.weapons if not getattr(w, "unarmed", False) and
                 (w.attack == "melee" or w.natural or
                  (getattr(w, "threatens_ft", None) and w.id not in unloaded)))


def weapon_threat_reach(u, weapon) -> int:
    """Hexes a weapon threatens: natural reach + the weapon's extra reach for melee and natural
    weapons (game.data Weapon.reach is "hexes beyond natural reach"); `threatens_ft` // 5 for a
    ranged weapon that threatens."""
    if weapon.attack == "melee" or weapon.natural:
        return max(0, u.reach + weapon.reach)
    return (weapon.threatens_ft or 0) // 5


def can_threaten(u) -> bool:
    """docs/rules/02-size-and-reach.md: holds a threatening weapon and is not prone, blinded,
    helpless, unconscious, grappled, pinned, stunned or dead."""
    if u.dead or conditions_of(u) & NO_THREAT_CONDITIONS:
        return False
    return bool(threatening_weapons(u))


def threat_reach(u) -> int:
    """The creature's melee reach in hexes: the longest of its threatening weapons (natural
    reach + weapon reach); 0 for a tiny creature with natural weapons; 0 when nothing threatens."""
    best = 0
    for w in threatening_weapons(u):
        if w.attack == "melee" or w.natural:
            reach = u.reach + w.reach
        elif getattr(w, "threatens_ft", None):
            reach = w.threatens_ft // 5
        else:
            continue
        best = max(best, reach)
    return best


@lru_cache(maxsize=4096)
def _threat_area(hexes: tuple[Hex, ...], reach: int, tiny: bool, width: int, height: int,
                 offset_layout) -> frozenset[Hex]:
    own = frozenset(hexes)
    area: set[Hex] = set(own) if tiny else set()
    if reach > 0:
        for h in hexes:
            area.update(hexes_within(h, reach))
        area -= own
    return frozenset(h for h in area if _on_map(h, width, height, offset_layout))


def _on_map(h: Hex, width: int, height: int, offset_layout) -> bool:
    col, row = hex_to_offset(h, offset_layout)
    return 0 <= col < width and 0 <= row < height


def threatened_hexes(view, u) -> frozenset[Hex]:
    """Every map hex the creature threatens (docs/rules/02-size-and-reach.md): distance 1..reach of
    its footprint, occupied or not, its own hexes excluded; a tiny creature threatens its own hex
    (reach 0). Empty when it cannot threaten. Remembered on the view (a movement search, a
    forecast and flanking ask it of every foe)."""
    memo = view_memo.memo(view, "threatened_hexes")
    hit = memo.get(u.eid)
    if hit is None or hit[0] is not u:
        hit = memo[u.eid] = (u, _threatened(view, u))
    return hit[1]


def _threatened(view, u) -> frozenset[Hex]:
    if not can_threaten(u):
        return frozenset()
    m = view.hexmap
    return _threat_area(tuple(u.hexes), threat_reach(u), u.size == "tiny",
                        m.width, m.height, m.layout.offset_layout)


def is_hostile(a, b) -> bool:
    """Creatures of different teams are enemies (no alliances in the first version)."""
    return a.team != b.team


def threateners_of(view, h: Hex, team: str | None = None) -> tuple:
    """The living creatures that threaten hex `h` and are hostile to `team` (all threatening
    creatures when `team` is None), in eid order."""
    return tuple(x for x in view.units
                 if not x.dead and (team is None or x.team != team)
                 and h in threatened_hexes(view, x))


def can_see_to_react(reactor, provoker) -> bool:
    """Attacks of opportunity need sight (docs/rules/04-attacks-of-opportunity.md "What
    provokes"; the hex-native rules on Invisible: "opponents ... cannot use Reactions
    requiring sight (such as AOO) against you"): nobody reacts to an invisible creature. A
    blinded reactor does not threaten at all (NO_THREAT_CONDITIONS)."""
    return not has_condition(provoker, "invisible")


def enemies_threatening(view, u, hexes=None) -> tuple:
    """The living enemies of `u` that threaten any of `hexes` (default: the hexes `u`
    stands on) and could react to it, in eid order: the one definition the engine, the
    previews and the computer player use for "who may strike if it leaves, stands up or
    shoots here" (docs/rules/04-attacks-of-opportunity.md)."""
    here = frozenset(u.hexes if hexes is None else hexes)
    return tuple(x for x in view.units if x.eid != u.eid and not x.dead and is_hostile(x, u)
                 and can_threaten(x) and can_see_to_react(x, u)
                 and threatened_hexes(view, x) & here)


def can_react(u) -> bool:
    """docs/rules/04-attacks-of-opportunity.md: one Reaction per round; flat-footed, stunned,
    staggered, helpless and unconscious (and dead) creatures cannot react."""
    if u.dead or not u.reaction_available:
        return False
    # conditions.can_react also knows implied conditions (Stunned -> Flat-Footed), Weakened 4+
    return not (conditions_of(u) & NO_REACTION_CONDITIONS) and condition_rules.can_react(u.conditions)


__all__ = [
    "NO_THREAT_CONDITIONS", "NO_REACTION_CONDITIONS", "can_react", "can_see_to_react",
    "can_threaten",
    "condition_key", "conditions_of", "has_condition", "is_helpless", "is_hostile",
    "enemies_threatening", "threat_reach", "threatened_hexes", "threateners_of", "threatening_weapons",
    "weapon_threat_reach",
]


def footprint_distance(a, b) -> int:
    """docs/rules/01-hexes-and-distance.md: the distance between two creatures (or footprints) is
    the smallest hex distance between any hex of one and any hex of the other."""
    a = getattr(a, "hexes", a)
    b = getattr(b, "hexes", b)
    return min((abs(x.q - y.q) + abs(x.r - y.r) + abs(x.q + x.r - y.q - y.r)) // 2
               for x in a for y in b)


__all__.append("footprint_distance")
