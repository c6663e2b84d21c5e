"""Focus fire for the computer player: the attacks its allies can still make this round.

Under selective initiative (docs/rules/09-turns-and-actions.md) the side whose creature ends its
turn picks who acts next, so a creature that wounds an enemy can hand the turn to an ally that
finishes it before the enemy strikes back. `ally_support` lists, per enemy, the damage
distributions of the allies that have not acted this round and can reach it (melee after one Move,
ranged in range with no wall between). `Context.attack_value` then scores an attack by what it adds
to them: the kill chance it turns into a kill, and none of the damage they would deal anyway.
"""
from __future__ import annotations

from game.ai.evaluate import fdist, max_range, mixture, move_hexes, quick, weapon_modes
from game.rules import conditions as cond


def _best_reply(ctx, ally, enemy):
    """The best quick estimate of `ally` on `enemy` this turn (None: it cannot reach)."""
    d = fdist(ally.hexes, enemy.hexes)
    speed = move_hexes(ally)
    best = None
    for w in ally.weapons:
        for mode in weapon_modes(w):
            top = max_range(ally, w, mode)
            if mode == "melee":
                if d > top + speed:
                    continue
            elif d > top or ctx.walls_block(ally.anchor, enemy.anchor):
                continue
            est = quick(ally, w, enemy, mode, 1 if mode == "melee" else d)
            if est is not None and (best is None or est.mean > best.mean):
                best = est
    return best


def ally_support(ctx, share: float) -> dict:
    """{enemy name: (distribution, ...)} of the allies' attacks still to come this round.
    An ally strikes one enemy: its attack counts with `share` split evenly over the enemies
    it can reach. (Counted in full on each, the many allies of a large map made every enemy
    look doomed anyway, and the player spread its blows over the enemies out of their reach:
    the opposite of focus fire.)"""
    out: dict = {}
    for a in ctx.allies:
        if not cond.can_act(a.conditions) or ctx.battle.budget(a.name).acted:
            continue
        replies = [(e, _best_reply(ctx, a, e)) for e in ctx.enemies]
        replies = [(e, est) for e, est in replies if est is not None]
        for e, est in replies:
            out.setdefault(e.name, []).append(mixture(est.dist, share / len(replies)))
    return {name: tuple(dists) for name, dists in out.items()}


__all__ = ["ally_support"]
