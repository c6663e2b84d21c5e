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
from game.engine.steller.aided import aid_on, use_aid
from game.engine.steller.body import is_down, melee_reach, pool_of, sheet_of
from game.engine.steller.effects import add_effect, marked_by
from game.engine.steller.health import harm
from game.rules.concealment import concealment
from game.rules.areas import Spot
from game.rules.cover import cover
from game.rules.flanking import flanking as flank_of
from game.hexgrid import hexes_within
from game.rules.forced_movement import forced_paths
from game.rules.steller.attacks import Attack, Situation, hits, plan_attack
from game.rules.steller.conditions import CANNOT_FLANK, NO_ACTIONS
from game.rules.threat import footprint_distance


def attack_of(power, charge: bool = False) -> Attack:
    return Attack(power.name, power.attack, power.vs, power.damage, power.damage_type,
                  melee=power.shape == "melee", miss_half=power.miss == "half", charge=charge,
                  crit=power.crit,
                  autofire=power.shape == "autofire" and "expert" not in power.keywords)


def situation(b, attacker: str, target: str, power, caught=(), origin=None) -> Situation:
    """The situation of one attack; `origin`: an area burst's centre hex, whence its cover
    is found (docs/rules/steller/attacks.md)."""
    view = b.view()
    a, t = view.unit(attacker), view.unit(target)
    melee = power.shape == "melee"
    flanked = melee and flanks(b, attacker, flank_of(view, t).pairs)
    if power.shape == "area_burst" and origin is not None:
        level = burst_cover(view, origin, t)
    else:
        level = cover_level(view, a, t, power.shape)
    hidden = concealment(view, a, t).level if power.shape in ("melee", "ranged") else "none"
    marks = marked_by(b, attacker)
    included = set(caught) | {target}
    aided, defended = aid_on(b, attacker, target)
    return Situation(frozenset(b.conditions(attacker).active),
                     frozenset(b.conditions(target).active), flanked,
                     "none" if level == "total" else level, hidden,
                     bool(marks) and not included & set(marks),
                     footprint_distance(a, t) == 1, aided, defended,
                     power.shape == "ranged" and footprint_distance(a, t) > power.range)


def flanks(b, attacker: str, pairs) -> bool:
    """Does `attacker` flank with a partner of one of the flanking `pairs`? A blinded, dazed,
    stunned, surprised or unconscious creature flanks no one (docs/rules/steller/attacks.md)."""
    def able(name: str) -> bool:
        return not any(c in b.conditions(name).active for c in CANNOT_FLANK)
    return able(attacker) and any(attacker in pair and all(able(n) for n in pair)
                                  for pair in pairs)


def cover_level(view, a, t, shape: str) -> str:
    """The cover of an attack's target (docs/rules/steller/attacks.md): what obstructs the
    lines, against melee attacks too; other creatures give cover against ranged attacks only.
    Lying prone is no cover here (it is its own -2, from enemies not next to it), so a level
    the shared rules raise for a prone target alone counts as none."""
    found = cover(view, a, t, ranged=shape != "melee")
    if shape != "ranged":
        return found.terrain_level if found.line_of_effect else found.level
    return "none" if found.obstructed == 0 and found.line_of_effect else found.level


def burst_cover(view, origin, t) -> str:
    """An area burst's target's cover, found from the burst's centre hex: what obstructs the
    lines from it (creatures give none)."""
    found = cover(view, Spot((origin,)), t)
    return found.terrain_level if found.line_of_effect else found.level


def attack_plan(b, attacker: str, target: str, power, charge: bool = False, caught=(),
                origin=None):
    return plan_attack(sheet_of(b, attacker), sheet_of(b, target), attack_of(power, charge),
                       situation(b, attacker, target, power, caught, origin))


def roll_damage(b, power) -> int:
    return b.dice.roll(power.damage)[0] if power.damage is not None else 0


def strike(b, attacker: str, target: str, power, kind: str = "attack", charge: bool = False,
           rolled: int | None = None, caught=(), sure_critical: bool = False,
           origin=None) -> bool:
    """Roll one attack of `power`; on a hit its damage and effects, on a miss half damage
    when it says so. `rolled`: the damage roll an area attack shares; `sure_critical`: any
    hit is a critical (a coup de grace); `origin`: an area burst's centre. A critical rolls
    the power's extra critical dice. Returns the hit."""
    plan = attack_plan(b, attacker, target, power, charge, caught, origin)
    use_aid(b, attacker, target)
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
        extra = b.dice.roll(power.crit)[0] if critical and power.crit and power.damage else 0
        amount = plan.damage(rolled or 0, critical, extra)
        if power.damage is not None:
            harm(b, target, amount, f"{power.name} {power.damage}" + critical_note(
                power, critical, extra), attacker, critical, power.damage_type)
        hit_effects(b, attacker, target, power)
    elif plan.miss_damage(rolled or 0):
        harm(b, target, plan.miss_damage(rolled or 0), f"{power.name}: half on a miss",
             attacker, False, power.damage_type)
    return hit


def critical_note(power, critical: bool, extra: int) -> str:
    if not critical:
        return ""
    return " (critical: maximum" + (f" + {power.crit} {extra})" if power.crit else ")")


def hit_effects(b, attacker: str, target: str, power) -> None:
    if b.health(target).dead:
        return
    for effect in power.effects:
        add_effect(b, target, effect.condition, effect.until, attacker)
    if power.ongoing:
        add_effect(b, target, "ongoing", "save ends", attacker, power.ongoing,
                   power.damage_type)
    if power.forced is not None:
        force(b, attacker, target, *power.forced)


def forced_to(b, attacker: str, target: str, kind: str, n: int):
    """Where a push (farthest from the attacker), pull (closest) or slide (farthest) of up
    to `n` hexes takes `target`, and the path there; None when it cannot be moved (a
    restrained creature is not moved)."""
    if "restrained" in b.conditions(target).active:
        return None
    view = b.view()
    u, source = view.unit(target), view.unit(attacker)
    paths = forced_paths(view, u, source, kind, n)
    if not paths:
        return None
    sign = -1 if kind == "pull" else 1
    best = max(paths, key=lambda h: (sign * footprint_distance((h,), source),
                                     len(paths[h].anchors), h.q, h.r))
    return best, paths[best]


def force(b, attacker: str, target: str, kind: str, n: int) -> None:
    """Push (farthest from the attacker), pull (closest) or slide (farthest) up to `n` hexes."""
    found = forced_to(b, attacker, target, kind, n)
    if found is None:
        return
    best, path = found
    u = b.unit(target)
    start = b.cell(u.anchor)
    b.place(target, (best, u.facing))
    b.emit(E.ForcedMoved(target, kind, start, b.cell(best),
                         tuple(b.cell(h) for h in path.anchors), attacker))


def spend_power(b, name: str, power) -> None:
    """An encounter or daily power is spent for the battle (its attack rolls name it)."""
    if power.usage != "at-will":
        b.update(name, StellerPool, spent=pool_of(b, name).spent + (power.id,))


# ---- opportunity attacks --------------------------------------------------------------------

def turn_key(b) -> str:
    return f"{b.round}:{b.active}"


def can_take_opportunity(b, name: str) -> bool:
    """Can `name` take opportunity actions at all (not down, not unable to act, not dazed)?"""
    held = b.conditions(name).active
    return not is_down(b, name) and not any(c in held for c in NO_ACTIONS + ("dazed",
                                                                             "dominated"))


def threatened_hexes(b, name: str) -> frozenset:
    """The hexes within `name`'s melee reach: an enemy leaving one gives it an opportunity
    attack (docs/rules/steller/attacks.md); none while it can take no opportunity action."""
    reach = melee_reach(b, name)
    if reach <= 0 or not can_take_opportunity(b, name):
        return frozenset()
    u = b.unit(name)
    return frozenset(h for s in u.hexes for h in hexes_within(s, reach)
                     if b.hexmap.contains(h) and h not in u.hexes)


def can_strike_back(b, reactor: str, mover: str, hexes=None) -> bool:
    """May `reactor` make an opportunity attack on `mover` now (once per creature's turn,
    not while it can take no action or is dazed, with a melee basic attack in reach of
    `hexes`, by default where the mover stands)?"""
    if b.health(mover).dead or reactor == b.active or not can_take_opportunity(b, reactor):
        return False
    if pool_of(b, reactor).opportunity_turn == turn_key(b):
        return False
    if b.controller(reactor).aoo_policy == "never":
        return False
    hexes = b.unit(mover).hexes if hexes is None else hexes
    return 0 < footprint_distance(hexes, b.unit(reactor)) <= melee_reach(b, reactor)


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


__all__ = ["attack_of", "attack_plan", "burst_cover", "can_strike_back",
           "can_take_opportunity", "cover_level", "critical_note", "flanks", "force", "forced_to",
           "hit_effects", "opportunity_attacks", "roll_damage", "situation", "spend_power",
           "strike", "threatened_hexes", "threatening", "turn_key"]
