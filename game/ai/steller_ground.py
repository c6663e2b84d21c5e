"""Where a steller creature should stand: the blows it may expect there, and the attacks it
could make from there (docs/rules/steller/attacks.md).

- `danger`: the damage a creature may expect at a hex before its next turn. An enemy is
  counted when it could reach the hex and strike (its speed and its melee reach, or its
  ranged basic attack) and the hex would be its nearest target on our side (shared with the
  friends as near): enemies go for the nearest foe, so a creature that runs ahead of its
  friends takes the blows of all of them.
- `strike_from`: the best at-will melee attack a creature could make after a move, asked of
  the engine on a copy of the battle (`Battle.rehearsal`): the move applied there, each attack
  checked by the legality query and weighed by its forecast. Combat advantage from a
  flanking ally, cover and the rest are in that forecast: a hex that flanks the weakest foe
  scores higher than one that does not.
"""
from __future__ import annotations

from game.engine.steller import commands as S
from game.engine.steller.body import sheet_of
from game.hexgrid import footprint
from game.rules.threat import footprint_distance

HIT_CHANCE = 0.6        # what a blow is worth before its forecast is known


def expected_blow(sheet, melee: bool) -> float:
    """The damage one basic attack of a stat block may be expected to deal."""
    power = sheet.basic("melee" if melee else "ranged")
    if power is None or power.damage is None:
        return 0.0
    return HIT_CHANCE * power.damage.average


def _strike_reach(battle, e, hexes) -> float:
    """The blow enemy `e` could land on `hexes` before its next turn ends (0: none)."""
    sheet = sheet_of(battle, e.name)
    gap = footprint_distance(hexes, e)
    melee = sheet.basic("melee")
    if melee is not None and gap <= sheet.speed + melee.range:
        return expected_blow(sheet, True)
    ranged = sheet.basic("ranged")
    if ranged is not None and gap <= ranged.range:
        return expected_blow(sheet, False)
    return 0.0


def danger(battle, view, me, hexes) -> float:
    """The damage `me` may expect standing on `hexes` (its footprint there): the blows of
    the enemies that can reach it and have no nearer target on its side."""
    allies = [a for a in view.allies_of(me) if a.hp > 0 and a.name != me.name]
    total = 0.0
    for e in view.enemies_of(me):
        if e.hp <= 0:
            continue
        gap = footprint_distance(hexes, e)
        nearer = [footprint_distance(a, e) for a in allies]
        if any(d < gap for d in nearer):
            continue
        total += _strike_reach(battle, e, hexes) / (1 + nearer.count(gap))
    return total


def footprint_at(battle, me, cmd) -> tuple:
    """The hexes `me` would cover at the end of a move command's path."""
    end = battle.hexmap.hex_at(*cmd.path[-1]) if cmd.path else me.anchor
    return tuple(footprint(me.size, end, me.facing))


def melee_powers(battle, name: str) -> list:
    """Its at-will melee attacks (the basic one first)."""
    return [p for p in sheet_of(battle, name).powers
            if p.shape == "melee" and p.usage == "at-will" and not p.heal
            and not p.action.startswith("immediate")]


def strike_from(battle, who: str, move, weigh) -> float:
    """The best value `weigh(copy, command, forecast)` of an at-will melee attack `who`
    could make after `move` (None: where it stands), on a copy of the battle; 0 when none."""
    copy = battle.rehearsal(len(battle.events))
    if copy is None or (move is not None and not copy.apply(move).ok):
        return 0.0
    view = copy.view()
    me = view.unit(who)
    best = 0.0
    for power in melee_powers(copy, who):
        for foe in view.enemies_of(me):
            if foe.hp <= 0 or footprint_distance(me, foe) > power.range:
                continue
            cmd = S.UsePower(who, power=power.id, target=foe.name)
            if copy.refusal(cmd) is None:
                best = max(best, weigh(copy, cmd, copy.forecast(cmd)))
    return best


__all__ = ["danger", "expected_blow", "footprint_at", "melee_powers", "strike_from"]
