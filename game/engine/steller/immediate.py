"""Immediate interrupts and reactions of the steller rules (docs/rules/steller/powers.md
"Immediate actions").

A power whose action is "immediate interrupt" or "immediate reaction" names its trigger (one of
game.data.steller.TRIGGERS). When an enemy's action sets it off, the creature may use it:

- once a round: its immediate action is spent until the start of its own next turn, and never
  on its own turn; not while it is dazed, dominated or can take no action;
- an interrupt before the trigger resolves (before the attack roll, before the step into the
  hex): a foe that it drops, stuns or pushes out of reach loses its attack or stops its move;
  a reaction after it;
- an attack power strikes the enemy that set it off (within the power's reach or range, with
  line of effect); a healing power has the ally that was hit spend a healing surge.

Who is offered follows the creature's immediate policy (`Controller.interrupt_policy`):
`never`, `always` (used at once) or `ask` (the battle pauses: an `Ask` of kind "immediate"
carrying the `Offer`, answered by React). One offer a creature per trigger: its first power
that fits. Each window (`window`) is a generator the actions run.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.ecs.steller_components import StellerPool
from game.engine import events as E
from game.engine import one_reaction
from game.engine.combat import Ask
from game.engine.steller import guards as G
from game.engine.steller.body import is_down, pool_of, sheet_of
from game.engine.steller.effects import marked_by
from game.engine.steller.health import spend_surge
from game.engine.steller.strikes import (
    can_strike_back, opportunity_attacks, spend_power, strike, threatening,
)
from game.rules.sight import line_of_effect
from game.rules.steller.conditions import NO_ACTIONS
from game.rules.threat import footprint_distance

ATTACKS_YOU = "an enemy attacks you"
HITS_ALLY = "an enemy hits an ally"
ENTERS = "an enemy enters an adjacent hex"
MARKED_ATTACKS = "an enemy you marked attacks another"
KIND = "immediate"          # the kind of the Ask and of the pending reaction
#: conditions that stop a creature's action once an interrupt has given them
STOPS = NO_ACTIONS


@dataclass(frozen=True)
class Offer:
    """`reactor` may use its power `power` because `enemy` set off `trigger`; the power
    strikes or heals `target`."""
    reactor: str
    power: str
    trigger: str
    enemy: str
    target: str


def immediate_spent(b, name: str) -> bool:
    """Its immediate action is spent (until the start of its next turn)."""
    return pool_of(b, name).immediate_round > 0


def able(b, name: str) -> bool:
    """May `name` take an immediate action now (not its turn, not spent, able to act)?"""
    if name == b.active or is_down(b, name) or immediate_spent(b, name):
        return False
    held = b.conditions(name).active
    return not any(c in held for c in NO_ACTIONS + ("dazed", "dominated"))


def used_up(b, name: str, power) -> bool:
    return bool(power.times) and pool_of(b, name).spent.count(power.id) >= power.times


def reaches(b, reactor: str, power, target: str) -> bool:
    """The power reaches `target` (a heal: an ally that can spend a healing surge)."""
    if power.heal and (sheet_of(b, target).minion or pool_of(b, target).surges <= 0 or
                       is_down(b, target)):
        return False
    r, t = b.unit(reactor), b.unit(target)
    if footprint_distance(r, t) > power.range:
        return False
    return r.eid == t.eid or line_of_effect(b.view(), r, t)


def _target(b, reactor: str, power, trigger: str, enemy: str, subjects) -> str | None:
    """Whom the power would strike or heal, None when the trigger does not fit it."""
    if trigger == ATTACKS_YOU and reactor not in subjects:
        return None
    if trigger == MARKED_ATTACKS and (reactor in subjects or reactor not in marked_by(b, enemy)):
        return None
    if trigger == ENTERS and reactor not in subjects:
        return None
    if trigger == HITS_ALLY:
        allies = [s for s in subjects if s != reactor and s in b.eids
                  and b.teams_of[s] == b.teams_of[reactor]]
        if power.heal:
            return next((s for s in allies if reaches(b, reactor, power, s)), None)
        if not allies:
            return None
    if power.heal:
        return None
    return enemy if reaches(b, reactor, power, enemy) else None


def offers(b, trigger: str, enemy: str, subjects, interrupt: bool) -> list[Offer]:
    """Who may answer `enemy`'s action now (`subjects`: the creatures it attacks, hits or
    comes next to), in initiative order, each with its first power that fits."""
    if enemy not in b.eids or b.health(enemy).dead:
        return []
    out = []
    for name in b.order:
        if name not in b.eids or b.teams_of[name] == b.teams_of[enemy] or not able(b, name):
            continue
        if b.controller(name).interrupt_policy == "never":
            continue
        for power in sheet_of(b, name).powers:
            if not power.immediate or power.interrupt != interrupt or power.trigger != trigger \
                    or used_up(b, name, power):
                continue
            target = _target(b, name, power, trigger, enemy, subjects)
            if target is not None:
                out.append(Offer(name, power.id, trigger, enemy, target))
                break
    return out


def still_open(b, offer: Offer) -> bool:
    """The offer still stands after what came before it (another immediate action)."""
    power = sheet_of(b, offer.reactor).power(offer.power)
    return able(b, offer.reactor) and not used_up(b, offer.reactor, power) and \
        not b.health(offer.target).dead and not b.health(offer.enemy).dead and \
        reaches(b, offer.reactor, power, offer.target)


def window(b, trigger: str, enemy: str, subjects, interrupt: bool):
    """Offer every creature that may answer (a generator: `ask` creatures are asked)."""
    for offer in offers(b, trigger, enemy, subjects, interrupt):
        if not still_open(b, offer):
            continue
        if b.controller(offer.reactor).interrupt_policy == "ask":
            at = b.cell(b.unit(enemy).anchor)
            if not (yield Ask(offer.reactor, enemy, at, KIND, offer)):
                continue
            if not still_open(b, offer):
                continue
        yield from use(b, offer)


def use(b, offer: Offer):
    """The creature takes its immediate action: the power strikes or heals its target (a
    ranged strike next to a foe provokes as any ranged attack does)."""
    power = sheet_of(b, offer.reactor).power(offer.power)
    b.update(offer.reactor, StellerPool, immediate_round=max(1, b.round))
    spend_power(b, offer.reactor, power)
    b.emit(E.ActionSpent(offer.reactor, f"{power.name} ({power.action}: {offer.trigger}, "
                                        f"{offer.enemy})", 0, 0))
    if power.heal:
        spend_surge(b, offer.target, offer.reactor, power.name)
        return
    if power.provokes:
        me = b.unit(offer.reactor)
        found = [n for n in threatening(b, offer.reactor, me.hexes)
                 if can_strike_back(b, n, offer.reactor)]
        if not (yield from opportunity_attacks(b, offer.reactor, found)):
            return
    strike(b, offer.reactor, offer.target, power, kind=power.action.split()[-1])


def stopped(b, name: str) -> bool:
    """An interrupt spoiled `name`'s action: it is down or can take no action."""
    return is_down(b, name) or any(c in b.conditions(name).active for c in STOPS)


def attacks(b, attacker: str, power, targets, strike_one):
    """An attack of `attacker` with `power` on `targets` (a generator): the interrupts it
    sets off, then `strike_one(name) -> hit` for each target still standing (unless the
    attack was spoiled), then the reactions. Returns the names hit."""
    for trigger in (ATTACKS_YOU, MARKED_ATTACKS):
        yield from window(b, trigger, attacker, targets, True)
    if stopped(b, attacker) or (not power.area and any(
            footprint_distance(b.unit(attacker), b.unit(t)) > power.farthest for t in targets)):
        b.emit(E.ActionSpent(attacker, f"{power.name}: lost to an interrupt", 0, 0))
        return ()
    hit = tuple(t for t in targets if not b.health(t).dead and strike_one(t))
    for trigger, subjects in ((ATTACKS_YOU, targets), (MARKED_ATTACKS, targets),
                              (HITS_ALLY, hit)):
        yield from window(b, trigger, attacker, subjects, False)
    return hit


def newly_adjacent(b, mover: str, hexes) -> tuple[str, ...]:
    """The enemies of `mover` that `hexes` (its next space) would put next to it for the
    first time in this step."""
    me = b.unit(mover)
    return tuple(e.name for e in b.view().enemies_of(me)
                 if footprint_distance(hexes, e) == 1 and footprint_distance(me, e) > 1)


def set_policy(b, cmd):
    """`ask`, `always` or `never` for the creature's opportunity attacks (reaction "aoo") or
    its immediate actions (reaction "interrupt")."""
    return one_reaction.set_policy(b, cmd, "the steller rules", G.ATTACK,
                                   {"aoo": "aoo_policy", "interrupt": "interrupt_policy"})


__all__ = ["ATTACKS_YOU", "ENTERS", "HITS_ALLY", "KIND", "MARKED_ATTACKS", "Offer", "able",
           "attacks", "immediate_spent", "newly_adjacent", "offers", "set_policy", "stopped",
           "use", "window"]
