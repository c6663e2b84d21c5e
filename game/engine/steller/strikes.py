"""Attacks of the steller rules performed (docs/rules/steller/attacks.md): the plan of one
attack as the battle stands, the roll, a hit's damage and effects, a miss, and opportunity
attacks.

`attack_plan` gives the numbers (game.rules.steller.attacks); `strike` rolls one attack;
`opportunity_attacks` is a generator: an enemy whose policy is `ask` pauses the battle (an
`Ask`, answered by React) before it strikes.
"""
from __future__ import annotations

from game.ecs.steller_components import StellerPool
from game.engine import events as E
from game.engine.combat import Ask
from game.engine.steller.body import is_down, melee_reach, pool_of, sheet_of
from game.engine.steller.effects import add_effect, marked_by
from game.engine.steller.health import harm
from game.rules.concealment import concealment
from game.rules.cover import cover
from game.rules.flanking import flanking as flank_of
from game.rules.forced_movement import forced_paths
from game.rules.steller.attacks import Attack, Situation, hits, plan_attack
from game.rules.steller.conditions import NO_ACTIONS
from game.rules.threat import footprint_distance


def attack_of(power, charge: bool = False) -> Attack:
    return Attack(power.name, power.attack, power.vs, power.damage, power.damage_type,
                  melee=power.shape == "melee", miss_half=power.miss == "half", charge=charge)


def situation(b, attacker: str, target: str, power, caught=()) -> Situation:
    view = b.view()
    a, t = view.unit(attacker), view.unit(target)
    melee = power.shape == "melee"
    flanked = melee and any(attacker in pair for pair in flank_of(view, t).pairs)
    level = cover(view, a, t, ranged=not melee).level if not melee else "none"
    hidden = concealment(view, a, t).level
    marks = marked_by(b, attacker)
    included = set(caught) | {target}
    return Situation(frozenset(b.conditions(attacker).active),
                     frozenset(b.conditions(target).active), flanked,
                     "none" if level == "total" else level, hidden,
                     bool(marks) and not included & set(marks))


def attack_plan(b, attacker: str, target: str, power, charge: bool = False, caught=()):
    return plan_attack(sheet_of(b, attacker), sheet_of(b, target), attack_of(power, charge),
                       situation(b, attacker, target, power, caught))


def roll_damage(b, power) -> int:
    return b.dice.roll(power.damage)[0] if power.damage is not None else 0


def strike(b, attacker: str, target: str, power, kind: str = "attack", charge: bool = False,
           rolled: int | None = None, caught=(), sure_critical: bool = False) -> bool:
    """Roll one attack of `power`; on a hit its damage and effects, on a miss half damage
    when it says so. `rolled`: the damage roll an area attack shares; `sure_critical`: any
    hit is a critical (a coup de grace). Returns the hit."""
    plan = attack_plan(b, attacker, target, power, charge, caught)
    natural = b.dice.d20()
    total = natural + plan.bonus
    hit = hits(natural, total, plan.target_number)
    critical = hit and (natural == 20 or sure_critical)
    b.emit(E.AttackRolled(attacker, target, power.name, (natural,), natural, total,
                          plan.target_number, hit, critical, critical, plan.describe(),
                          kind=kind))
    if rolled is None and (hit or plan.miss_half) and power.damage is not None and not critical:
        rolled = roll_damage(b, power)
    if hit:
        amount = plan.damage(rolled or 0, critical)
        if power.damage is not None:
            harm(b, target, amount, f"{power.name} {power.damage}" + (
                " (critical: maximum)" if critical else ""), attacker, critical,
                power.damage_type)
        hit_effects(b, attacker, target, power)
    elif plan.miss_damage(rolled or 0):
        harm(b, target, plan.miss_damage(rolled or 0), f"{power.name}: half on a miss",
             attacker, False, power.damage_type)
    return hit


def hit_effects(b, attacker: str, target: str, power) -> None:
    if b.health(target).dead:
        return
    for effect in power.effects:
        add_effect(b, target, effect.condition, effect.until, attacker)
    if power.ongoing:
        add_effect(b, target, "ongoing", "save ends", attacker, power.ongoing)
    if power.forced is not None:
        force(b, attacker, target, *power.forced)


def force(b, attacker: str, target: str, kind: str, n: int) -> None:
    """Push (farthest from the attacker), pull (closest) or slide (farthest) up to `n` hexes."""
    view = b.view()
    u, source = view.unit(target), view.unit(attacker)
    paths = forced_paths(view, u, source, kind, n)
    if not paths:
        return
    sign = -1 if kind == "pull" else 1
    best = max(paths, key=lambda h: (sign * footprint_distance((h,), source),
                                     len(paths[h].anchors), h.q, h.r))
    start = b.cell(u.anchor)
    b.place(target, (best, u.facing))
    b.emit(E.ForcedMoved(target, kind, start, b.cell(best),
                         tuple(b.cell(h) for h in paths[best].anchors), attacker))


def spend_power(b, name: str, power) -> None:
    """An encounter or daily power is spent for the battle (its attack rolls name it)."""
    if power.usage != "at-will":
        b.update(name, StellerPool, spent=pool_of(b, name).spent + (power.id,))


# ---- opportunity attacks --------------------------------------------------------------------

def turn_key(b) -> str:
    return f"{b.round}:{b.active}"


def can_strike_back(b, reactor: str, mover: str, hexes=None) -> bool:
    """May `reactor` make an opportunity attack on `mover` now (once per creature's turn,
    not while it can take no action or is dazed, with a melee basic attack in reach of
    `hexes`: the mover's, where it stands unless a path it would walk is asked about)?"""
    if is_down(b, reactor) or b.health(mover).dead or reactor == b.active:
        return False
    held = b.conditions(reactor).active
    if any(c in held for c in NO_ACTIONS + ("dazed", "dominated")):
        return False
    if pool_of(b, reactor).opportunity_turn == turn_key(b):
        return False
    if b.controller(reactor).aoo_policy == "never":
        return False
    where = b.unit(mover).hexes if hexes is None else hexes
    return 0 < footprint_distance(b.unit(reactor), where) <= melee_reach(b, reactor)


def threatening(b, mover: str, hexes) -> list[str]:
    """Enemies of `mover` within whose melee reach `hexes` lie."""
    me = b.unit(mover)
    return [e.name for e in b.view().enemies_of(me) if not is_down(b, e.name)
            and 0 < melee_reach(b, e.name) and footprint_distance(hexes, e) <= melee_reach(
                b, e.name)]


def opportunity_attacks(b, mover: str, reactors):
    """Each reactor strikes `mover` once (a generator; `ask` reactors are asked first).
    Returns False when the mover went down."""
    for reactor in reactors:
        if is_down(b, mover):
            return False
        if not can_strike_back(b, reactor, mover):
            continue
        if b.controller(reactor).aoo_policy == "ask":
            at = b.cell(b.unit(mover).anchor)
            if not (yield Ask(reactor, mover, at, "aoo")):
                continue
        b.update(reactor, StellerPool, opportunity_turn=turn_key(b))
        strike(b, reactor, mover, sheet_of(b, reactor).basic("melee"), kind="aoo")
    return not is_down(b, mover)


__all__ = ["attack_of", "attack_plan", "can_strike_back", "force", "hit_effects",
           "opportunity_attacks", "roll_damage", "situation", "spend_power", "strike",
           "threatening", "turn_key"]
