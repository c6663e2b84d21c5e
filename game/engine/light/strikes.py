"""Attacks of the light rules performed (docs/rules/light/attacks.md): the roll, the hit,
damage, criticals, the effects of powers, and Opportunity Attacks.

`attack_plan` gives the numbers (game.rules.light.attacks) for the battle as it stands;
`strike` rolls one attack; `opportunity_attacks` is a generator: an enemy whose policy is
`ask` pauses the battle (an `Ask`, answered by React) before it strikes.
"""
from __future__ import annotations

from game.engine import events as E
from game.engine.combat import Ask
from game.engine.light.body import (
    light_weapon, melee_reach, pool_of, sheet_of, turn_of, weapons_in_hand,
)
from game.engine.light.turns import harm
from game.ecs.light_components import LightPool, LightTurn
from game.rules.flanking import flanking as flank_of
from game.rules.light.attacks import Side, Strike, plan_attack
from game.rules.light.conditions import LASTING, TICKING, ticking_turns
from game.rules.threat import footprint_distance

LIGHT_CRITICAL = (18, 19, 20)     # Light Attack: also a Basic Attack
HEAVY_STUN = (19, 20)             # Heavy Attack: stuns


def weapon_strike(weapon) -> Strike:
    return Strike(weapon.name, weapon.kind, weapon.damage)


def power_strike(power) -> Strike:
    return Strike(power.name, power.kind, power.damage, hit=power.hit, vs=power.vs,
                  reaches_airborne=power.target_airborne, harmless=not power.damage)


def side(b, name: str) -> Side:
    return Side(sheet_of(b, name), frozenset(b.conditions(name).active))


def flanking(b, attacker: str, target: str) -> bool:
    """Is `attacker` flanking `target` with an ally: one of a pair that flanks it (the shared
    geometry: both threaten it, 120 degrees or more apart around it)?"""
    view = b.view()
    return any(attacker in pair for pair in flank_of(view, view.unit(target)).pairs)


def attack_plan(b, attacker: str, target: str, strike: Strike, style: str = "basic"):
    return plan_attack(side(b, attacker), side(b, target), strike, style,
                       flanking=strike.kind == "melee" and flanking(b, attacker, target),
                       jumped=turn_of(b, attacker).jumped)


def in_range(b, attacker: str, target: str, reach: int) -> bool:
    """Within `reach` (a melee reach or a range, in hexes) of its footprint."""
    return footprint_distance(b.unit(attacker), b.unit(target)) <= reach


def strike(b, attacker: str, target: str, strike_: Strike, style: str = "basic",
           kind: str = "attack") -> tuple[bool, int]:
    """Roll one attack; returns (hit, natural d20)."""
    plan = attack_plan(b, attacker, target, strike_, style)
    natural = b.dice.d20()
    total = natural + plan.bonus
    hit = natural == 20 or total > plan.target_number
    critical = hit and (natural == 20 or plan.auto_critical)
    b.emit(E.AttackRolled(attacker, target, strike_.name, (natural,), natural, total,
                          plan.target_number, hit, natural == 20, critical,
                          plan.describe(), kind=style if kind == "attack" else kind))
    b.update(attacker, LightTurn, attacks=turn_of(b, attacker).attacks + 1)
    if hit and not strike_.harmless:
        amount = plan.critical_damage if critical else plan.damage
        terms = " ".join(f"{v:+d} {label}" for label, v in plan.damage_terms
                         if not (critical and label == "target Armor"))
        harm(b, target, amount, terms + (" (critical: no Armor)" if critical else ""),
             by=attacker, critical=critical)
    return hit, natural


def add_effects(b, target: str, effects) -> None:
    """A power's conditions on a creature it hit."""
    if b.health(target).dead:
        return
    for effect in effects:
        turns = effect.turns
        if effect.condition in TICKING and turns is None:
            turns = ticking_turns(effect.condition, b.dice.d20())
        if effect.condition == "airborne" and "grounded" in b.conditions(target).active:
            b.remove_condition(target, "grounded")
        lasting = (b.eids[target], "end", turns or 1) if effect.condition in LASTING else None
        b.set_condition(target, effect.condition, 1 if lasting else turns or 1, lasting)


# ---- Opportunity Attacks --------------------------------------------------------------------

def can_strike_back(b, reactor: str, mover: str) -> bool:
    """May `reactor` make an Opportunity Attack on `mover` now (once per enemy turn, not
    against an Invisible creature, and not while it cannot attack)?"""
    if b.health(reactor).dead or mover in turn_of(b, reactor).opportunity_against:
        return False
    if "invisible" in b.conditions(mover).active or b.controller(reactor).aoo_policy == "never":
        return False
    return best_opportunity(b, reactor, mover) is not None


def best_opportunity(b, reactor: str, mover: str):
    """The Strike its Opportunity Attack uses: an Interruption power it can pay for (the
    light rules' other interruption), else its best melee weapon in reach."""
    distance = footprint_distance(b.unit(reactor), b.unit(mover))
    options = [weapon_strike(w) for w in weapons_in_hand(b, reactor)
               if w.kind == "melee" and w.reach >= distance]
    pool = pool_of(b, reactor)
    options += [power_strike(p) for p in sheet_of(b, reactor).powers
                if p.action == "interruption" and p.kind == "melee" and p.range >= distance
                and p.mp <= pool.mp and pool.uses.get(p.id, 1) > 0 and not p.heal]
    plans = [(attack_plan(b, reactor, mover, s).expected_damage(), n, s)
             for n, s in enumerate(options) if attack_plan(b, reactor, mover, s).possible]
    return max(plans)[2] if plans else None


def leaving_range(b, mover: str, from_hexes, to_hexes) -> list[str]:
    """Enemies whose attack range `mover` leaves by a step from `from_hexes` onto
    `to_hexes`."""
    me = b.unit(mover)
    out = []
    for enemy in b.view().enemies_of(me):
        reach = melee_reach(b, enemy.name)
        if reach and footprint_distance(from_hexes, enemy) <= reach < footprint_distance(
                to_hexes, enemy):
            out.append(enemy.name)
    return out


def opportunity_attacks(b, mover: str, reactors):
    """Each reactor strikes `mover` once (a generator; `ask` reactors are asked first).
    Returns False when the mover is K.O.'d."""
    for reactor in reactors:
        if b.health(mover).dead:
            return False
        if not can_strike_back(b, reactor, mover):
            continue
        if b.controller(reactor).aoo_policy == "ask":
            at = b.cell(b.unit(mover).anchor)
            if not (yield Ask(reactor, mover, at, "aoo")):
                continue
        opportunity_attack(b, reactor, mover)
    return not b.health(mover).dead


def opportunity_attack(b, reactor: str, mover: str) -> None:
    used = best_opportunity(b, reactor, mover)
    b.update(reactor, LightTurn,
             opportunity_against=turn_of(b, reactor).opportunity_against + (mover,))
    power = next((p for p in sheet_of(b, reactor).powers if p.name == used.name
                  and p.action == "interruption"), None)
    if power is not None:
        spend_power(b, reactor, power)
    hit, _ = strike(b, reactor, mover, used, "basic", kind="aoo")
    if hit and power is not None:
        add_effects(b, mover, power.effects)


def spend_power(b, name: str, power) -> None:
    pool = pool_of(b, name)
    uses = dict(pool.uses)
    if power.id in uses:
        uses[power.id] -= 1
    b.update(name, LightPool, mp=pool.mp - power.mp, uses=uses)
    b.emit(E.PowerUsed(name, power.name, pool.mp - power.mp))


__all__ = ["add_effects", "attack_plan", "best_opportunity", "can_strike_back", "flanking",
           "in_range", "leaving_range", "light_weapon", "opportunity_attacks", "power_strike",
           "spend_power", "strike", "weapon_strike"]
