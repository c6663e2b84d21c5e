"""The player's creatures in a campaign: what they carry from one battle to the next
(docs/mapping.md "Campaigns"; hit points and Injured: docs/rules/11-hit-points-and-conditions.md).

- **Survivors.** A creature of the player's side that is not dead at the end of a won battle
  goes on, with the hit points it ended with and its lasting injuries (a broken arm or leg,
  broken ribs); a creature that left the map through an exit keeps the hit points it left
  with. Injured follows from the hit points (a quarter of the maximum or less).
- **The rest between battles** is a long rest: +1 hit point per level and +1 per CON
  modifier (at least 1 in all); an unconscious survivor wakes first at 1 hit point. Bleeding,
  prone and every condition of the battle end. A lasting injury the creature brought into a
  battle has mended by the end of the rest after it.
- **Experience.** A kill is worth the fallen enemy's level (at least 1) to the creature that
  dealt the blow; every survivor of a won battle gains WIN_XP more.
- **Levels.** A creature needs XP_PER_LEVEL times its level in experience for the next level
  (the experience is spent). A level brings its class's hit points plus the CON modifier (at
  least 1), and the level's Hit Rating: the stat block's own HR tells which of the three
  rates (high, medium, low) the creature has. Attacks per turn follow from the level in the
  engine.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from game.engine import events as E
from game.rules.health import is_injured

XP_PER_LEVEL = 4
WIN_XP = 2
LASTING_INJURIES = ("broken_arm", "broken_leg", "distressed")
MAX_LEVEL = 30


@dataclass(frozen=True)
class Veteran:
    """One creature of the player's side between battles."""
    name: str
    unit: str                 # its stat block (a unit file's key)
    level: int
    hp: int                   # hit points now
    max_hp: int
    hr: int
    xp: int = 0
    injuries: tuple[str, ...] = ()    # lasting injuries it brings into the next battle
    kills: int = 0            # over the whole campaign

    @property
    def injured(self) -> bool:
        return is_injured(self.hp, self.max_hp)

    @property
    def xp_to_level(self) -> int:
        return XP_PER_LEVEL * max(1, self.level)


def recruit(name: str, unit) -> Veteran:
    """A new creature at its stat block's level and full hit points."""
    return Veteran(name, unit.key, unit.level, unit.hp, unit.hp, unit.hr)


def hr_at(level: int, rate: str) -> int:
    """The Hit Rating at `level` for a high, medium or low rate (the default rules'
    formulas: high 0.74 x level rounded down + 1, medium 0.64 x level, low 0.49 x level)."""
    if rate == "high":
        return int(0.74 * level) + 1
    return int((0.64 if rate == "medium" else 0.49) * level)


def hr_rate(unit) -> str:
    """Which rate reproduces the stat block's own HR at its own level (else the closest)."""
    rates = ("high", "medium", "low")
    return min(rates, key=lambda r: (abs(hr_at(unit.level, r) - unit.hr), rates.index(r)))


def hp_per_level(unit) -> int:
    """Hit points a level brings: the class's share of the stat block (its hit points less
    the +2 of creation, per level, less the CON modifier), plus the CON modifier; at least 1."""
    con = unit.mod("con")
    per_class = max(1, (unit.hp - 2) // max(1, unit.level) - con)
    return max(1, per_class + con)


def rest(v: Veteran, unit) -> Veteran:
    """The long rest between two battles (see the module docstring)."""
    gain = max(1, v.level + unit.mod("con"))
    hp = min(v.max_hp, max(1, v.hp) + gain)
    return replace(v, hp=hp)


def level_ups(v: Veteran, unit) -> Veteran:
    """Every level the experience pays for (each adds hit points, now and at most)."""
    while v.xp >= v.xp_to_level and v.level < MAX_LEVEL:
        level, per = v.level + 1, hp_per_level(unit)
        v = replace(v, xp=v.xp - v.xp_to_level, level=level, max_hp=v.max_hp + per,
                    hp=v.hp + per, hr=hr_at(level, hr_rate(unit)))
    return v


def kills_by(events, team_of: dict, levels: dict, team: str) -> dict[str, list[int]]:
    """The levels of the enemies each creature of `team` killed (Died events' `by`)."""
    out: dict[str, list[int]] = {}
    for ev in events:
        if isinstance(ev, E.Died) and ev.by and team_of.get(ev.by) == team \
                and team_of.get(ev.unit) != team:
            out.setdefault(ev.by, []).append(max(1, levels.get(ev.unit, 1)))
    return out


def last_hit_points(events) -> dict[str, int]:
    """Each creature's hit points after the last change the events show."""
    out = {}
    for ev in events:
        if isinstance(ev, (E.Damaged, E.Healed)):
            out[ev.unit] = ev.hp
    return out


def survivors(battle, roster: list[Veteran], team: str, won: bool) -> list[Veteran]:
    """The roster after `battle` (see the module docstring); nobody goes on from a lost one."""
    if not won:
        return []
    view = battle.view()
    kills = kills_by(battle.events, battle.teams_of, {u.name: u.level for u in view.units},
                     team)
    left = {ev.unit for ev in battle.events if isinstance(ev, E.LeftMap)}
    last_hp = last_hit_points(battle.events)
    out = []
    for v in roster:
        if view.has_unit(v.name):
            u = view.unit(v.name)
            if u.dead:
                continue
            hp = u.hp
            fresh = tuple(c for c in LASTING_INJURIES if c in u.conditions)
        elif v.name in left:
            hp, fresh = last_hp.get(v.name, v.hp), ()
        else:
            continue
        won_kills = kills.get(v.name, [])
        out.append(replace(v, hp=hp, injuries=tuple(c for c in fresh if c not in v.injuries),
                           xp=v.xp + sum(won_kills) + WIN_XP,
                           kills=v.kills + len(won_kills)))
    return out


def between_battles(roster: list[Veteran], units_db: dict) -> list[Veteran]:
    """The rest, then the levels the experience pays for."""
    return [level_ups(rest(v, units_db[v.unit]), units_db[v.unit]) for v in roster]
