"""Attacks and attacks of opportunity, applied to a battle (docs/rules/10-attacks-and-damage.md,
11-hit-points-and-conditions.md, 04-attacks-of-opportunity.md,
09-turns-and-actions.md "Prepare to Interrupt").

The numbers come from the rules modules: `game.rules.situation` builds the AttackSituation
from the view (distance, cover, concealment, flanking, gang-up, high ground, conditions,
difficult terrain, Run / Fight Defensively / Power Attack / Aim effects, consecutive attacks,
range), `game.rules.attack.roll_attack` and `game.rules.damage.roll_damage` roll it with the
battle's dice, `game.engine.health.damage` deals the damage. Every roll goes into an event
with its itemised breakdown (AttackRolled.breakdown, Damaged.breakdown).

- `strike(b, attacker, target, weapon, extras, kind)`: one attack roll and its damage; a
  missed missile may then strike someone else (`stray_missile`, docs/rules/
  19-maneuvers-and-archery.md "Unintended targets").
- `opportunity_attacks(b, mover, at, reactors, reason)`: a generator; each provoked creature
  that can still react makes one melee attack with a weapon that threatens the provoker (-2 per
  further AOO of the round); the `ask` policy of a human-controlled creature yields an `Ask`
  (the battle pauses until a React command answers); it returns False when the provoker is
  left dead, unconscious or prone (its action stops there).

Decisions where the rules reference is silent: every attack (AOOs and interrupts included) counts
for gang-up (but an ignored foe's, docs/rules/08-flanking.md); switching between weapons in hand is
free (drawing one is a Little Action, `game.engine.equipment`); a thrown weapon lands on the ground
(`game.engine.inventory`). Interrupts are in `game.engine.interrupts`.
"""
from __future__ import annotations

from typing import NamedTuple

from game.ecs.components import Reactions
from game.engine import events as E
from game.engine import minions
from game.engine.afflictions import after_weapon_hit
from game.engine.criticals import perfect_injury
from game.engine.health import damage
from game.engine.impact import after_strike
from game.engine.inventory import spend_after_attack
from game.rules import conditions as cond
from game.rules.attack import plan_attack, roll_attack
from game.rules.damage import damage_formula, roll_damage
from game.rules.defense import roll_defended
from game.rules.situation import Extras, preview_weapon, situation
from game.rules.volume import strays, unintended_targets
from game.rules.threat import (can_react, can_see_to_react, footprint_distance,
                               threatening_weapons, weapon_threat_reach)

Cell = tuple[int, int]


class Ask(NamedTuple):
    """The battle pauses: the owner of `reactor` decides on an AOO against `mover` at `at`
    (kind "aoo") or on an active defense against `mover`'s attack (kind "defense")."""
    reactor: str
    mover: str
    at: Cell
    kind: str = "aoo"      # or "interrupt" (game.engine.interrupts), or "defense"
    attack: object = None  # for "defense": the attack (weapon, extras)


# ---- one attack -----------------------------------------------------------------------------

def own_extras(b, attacker: str, target: str, weapon, power_attack: bool = False) -> Extras:
    """Extras of an attack on the attacker's own turn (docs/rules/03-movement.md, 08-flanking.md,
    09-turns-and-actions.md)."""
    turn = b.turn
    return Extras(previous_attacks=b.budget(attacker).attacks,
                  alternating=turn.last_weapon is not None and turn.last_weapon != weapon.id,
                  gang_up=gang_count(b, attacker, target), aim=turn.aim,
                  power_attack=power_attack, charge=turn.ran >= 2,
                  dive=turn.ran >= 2 and turn.dived,
                  **awareness_extras(b, attacker, target))


def awareness_extras(b, attacker: str, target: str) -> dict:
    """The target's ignored foes (docs/rules/09-turns-and-actions.md "Ignoring an enemy") and
    whether the attacker is hidden from it (an unaware target is flat-footed)."""
    return {"target_ignores": tuple(b.ignoring.get(target, ())),
            "unseen": attacker in b.hidden}


def gang_count(b, attacker: str, target: str) -> int:
    """docs/rules/08-flanking.md: other creatures that attacked `target` since its last turn."""
    return len(set(b.gang_up.get(target, ())) - {attacker})


def strike(b, attacker: str, target: str, weapon, extras: Extras, kind: str = "attack",
           defense=None):
    """One attack roll and, on a hit, its damage. Returns the AttackRoll (None when the attack
    is impossible from here: nothing is rolled). `defense` (a game.rules.defense.Defense):
    the target's active defense replaces its AC."""
    view = b.view()
    s = situation(view, attacker, target, weapon, extras)
    if s.situation is None:
        return None
    plan = plan_attack(s.situation)
    if not plan.possible:
        return None
    if defense is None:
        roll = roll_attack(plan, b.dice)
        against, text = plan.ac.total, roll.describe()
    else:
        defended = roll_defended(plan, defense, b.dice)
        roll, against, text = defended.attack, defended.total, defended.describe()
    if attacker in b.leader_of:
        minions.note_attack(b, attacker)        # a minion attacks once a round
    b.emit(E.AttackRolled(
        attacker, target, s.weapon.name, tuple(roll.faces), roll.natural, roll.total,
        against, roll.hit, roll.threat, roll.critical, text, kind,
        roll.concealment_d10, roll.concealed_miss, defense.kind if defense else ""))
    if b.conditions(target).active.get("feinted") == b.eids.get(attacker):
        b.remove_condition(target, "feinted")     # a Combat Feint serves one attack
    attackers = b.gang_up.get(target, ())
    if kind != "stray" and attacker not in attackers and \
            attacker not in b.ignoring.get(target, ()):
        b.note_entry("gang_up", target, (*attackers, attacker))
    if attacker in b.hidden:
        reveal(b, attacker)
    b.set_ready_weapon(attacker, s.weapon)
    taken = 0
    if roll.hit:
        perfect = b.ruleset.perfect_critical and roll.critical and roll.confirm == 20
        result = roll_damage(damage_formula(s.situation, roll.critical, perfect), b.dice)
        types = result.types_dealt or (result.damage_type,)
        taken = result.total
        damage(b, target, result.total, types, result.describe(), attacker, roll.critical)
        if perfect:
            perfect_injury(b, target, result.total, types)
        after_weapon_hit(b, attacker, target, s.weapon, taken, types)
    after_strike(b, attacker, target, s.weapon, roll, against, extras, taken)
    if attacker in b.eids and kind != "stray":    # the missile that strays was spent once
        spend_after_attack(b, attacker, s.weapon, s.mode, target, roll.hit)
    if not roll.hit and s.mode != "melee" and kind != "stray":
        stray_missile(b, attacker, target, s.weapon, s, roll, defense is not None)
    return roll


def stray_missile(b, attacker: str, target: str, weapon, s, roll, defended: bool) -> None:
    """The missed ranged attack `roll` (of situation `s`) may strike an unintended target
    (`game.rules.volume` names them and says which misses fly on); the dice pick one when
    several fit, and a new attack roll decides. It never strays again."""
    plan = roll.plan
    if not strays(plan, roll.natural, roll.roll_hit, roll.concealed_miss, roll.total, defended):
        return
    view = b.view()
    if target not in b.eids or attacker not in b.eids:
        return
    names = unintended_targets(view, attacker, target, s.cover, plan.indirect)
    if not names:
        return
    name = names[b.dice.d(len(names)) - 1] if len(names) > 1 else names[0]
    strike(b, attacker, name, weapon, Extras(mode=s.mode, stray=True, indirect=plan.indirect),
           "stray")


def reveal(b, name: str) -> None:
    """A hidden creature acted: its enemies know it is there."""
    if name in b.hidden:
        b.note(hidden=tuple(n for n in b.hidden if n != name),
               hide_values={k: v for k, v in b.hide_values.items() if k != name})
        b.emit(E.Revealed(name))


def stopped(b, name: str, by_prone: bool = True) -> bool:
    """docs/rules/04-attacks-of-opportunity.md: an action stops when its creature is dead,
    unconscious (or prone), gone."""
    if name not in b.eids:
        return True
    u = b.unit(name)
    eff = cond.effective(u.conditions)
    return u.dead or "unconscious" in eff or (by_prone and "prone" in eff) \
        or not cond.can_act(u.conditions)


# ---- attacks of opportunity (docs/rules/04-attacks-of-opportunity.md) ---------------------------

def reacts(u) -> bool:
    """docs/rules/04-attacks-of-opportunity.md: a reaction left and a state that allows
    reactions."""
    return can_react(u)


def policy_of(b, name: str) -> str:
    """"always", "never" or "ask"; `ask` only pauses for a human-controlled creature."""
    controller = b.controller(name)
    if controller.aoo_policy == "ask" and controller.kind != "human":
        return "always"
    return controller.aoo_policy


def aoo_weapon(view, reactor, mover):
    """The best weapon of `reactor` that threatens `mover` where it stands
    (docs/rules/04-attacks-of-opportunity.md)."""
    distance = footprint_distance(reactor, mover)
    best = None
    extras = Extras(previous_attacks=reactor.aoo_this_round)
    for n, w in enumerate(threatening_weapons(reactor)):
        reach = weapon_threat_reach(reactor, w)
        if distance > reach:
            continue
        p = preview_weapon(view, reactor, mover, w, extras)
        if p.possible and (best is None or (p.expected_damage, -n) > best[0]):
            best = ((p.expected_damage, -n), w)
    return best[1] if best else None


def opportunity_attacks(b, mover: str, at: Cell, reactors, reason: str = "movement",
                        stop_if_prone: bool = True):
    """Resolve the AOOs `reactors` (names, in order) are entitled to while `mover` stands at
    `at` (a generator: it yields `Ask` for the `ask` policy). Returns False when the mover's
    action ends here (dead, unconscious or, when `stop_if_prone`, prone)."""
    if mover in b.hidden:
        return True         # nobody knows it is there: no reaction
    for x in reactors:
        b.emit(E.Provoked(mover, x, at, reason))
        view = b.view()
        if x not in b.eids or not reacts(view.unit(x)) or \
                not can_see_to_react(view.unit(x), view.unit(mover)):
            continue
        policy = policy_of(b, x)
        if policy == "never":
            b.emit(E.ReactionDeclined(x, mover))
            continue
        if policy == "ask":
            accept = yield Ask(x, mover, at)
            if not accept:
                b.emit(E.ReactionDeclined(x, mover))
                continue
            view = b.view()
        reactor = view.unit(x)
        weapon = aoo_weapon(view, reactor, view.unit(mover))
        if weapon is None:
            continue
        reactions = b.reactions(x)
        b.update(x, Reactions, available=reactions.available - 1)
        extras = Extras(previous_attacks=reactions.aoo_this_round,
                        gang_up=gang_count(b, x, mover), **awareness_extras(b, x, mover))
        strike(b, x, mover, weapon, extras, "aoo")
        b.update(x, Reactions, aoo_this_round=reactions.aoo_this_round + 1)
        if stopped(b, mover, stop_if_prone):
            return False
    return True


__all__ = ["Ask", "reacts", "aoo_weapon", "awareness_extras", "gang_count", "opportunity_attacks",
           "reveal", "own_extras", "policy_of", "stopped", "stray_missile", "strike"]
