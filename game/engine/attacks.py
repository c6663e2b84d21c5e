"""The attacks of a turn: whether another attack is left, which weapon strikes, and the attack
itself with what comes before its roll (docs/rules/09-turns-and-actions.md "Actions",
"Interrupt Turn"; docs/rules/10-attacks-and-damage.md; docs/architecture.md "The engine").

- `attack_left(b, u)`: the check of every attack action (Attack, Power Attack, a Charge's
  attack, Knockout Strike, Volley, Smash, a maneuver with a weapon): the attacks per turn by
  level (`game.rules.initiative`), a Big Action to start a new attack action (a loaded
  crossbow's shot: the Little Action, `game.engine.crossbows`), a minion's one attack a round.
- `begin_attack(b, u, action)`: the attack is counted, its Big Action spent when it starts a
  new attack action.
- `pick_weapon`, `ready_weapon`, `refuse_not_in_hand`: the weapon a command names, else the
  ready one when it can attack, else the best that can.
- `still_possible` and `attack_action` (generators): the enemies' chance to interrupt before
  the attack, then the attacks of opportunity it provokes, the target's active defense and the
  roll.
"""
from __future__ import annotations

from dataclasses import replace

from game.ecs.components import ActionBudget, Weapons
from game.engine import interrupts, minions
from game.engine.combat import opportunity_attacks, own_extras, stopped
from game.engine.defense import defended_strike
from game.engine.follow_up import after_hit
from game.engine.guards import big_action, little_action
from game.engine.spending import spend, spend_little
from game.engine.state import Refused
from game.rules.initiative import attacks_per_turn
from game.rules.situation import find_weapon, preview_weapon


def attack_left(b, u, little: bool = False) -> None:
    """Another attack this turn? (A minion: once a round.) `little`: a loaded crossbow's shot,
    paid with the Little Action but counted among the turn's attacks like any other."""
    minions.check_attack_limit(b, u)
    if little:
        little_action(b, u, "shooting a loaded crossbow")
    if b.turn.attacks_left > 0:
        return
    allowance = attacks_per_turn(u.level)
    if allowance.attacks_in_action(b.turn.attack_actions) == 0:
        n = allowance.attack_actions
        raise Refused("no_attack_left", f"{u.name} (level {u.level}) may attack with only {n} "
                      f"Big Action{'' if n == 1 else 's'} a turn (its level sets how many)")
    if not little:
        big_action(b, u, 1, "an attack")


def begin_attack(b, u, action: str, little: bool = False) -> None:
    """Count the attack; a new attack action spends its Big Action (`little`: a crossbow's
    shot spends the Little Action instead, every time)."""
    if little:
        spend_little(b, u.name, action)
    if b.turn.attacks_left > 0:
        b.note_turn(attacks_left=b.turn.attacks_left - 1)
        return
    per = attacks_per_turn(u.level).attacks_in_action(b.turn.attack_actions)
    b.note_turn(attack_actions=b.turn.attack_actions + 1, attacks_left=per - 1)
    if not little:
        spend(b, u.name, action, big=1)


def ready_weapon(b, u):
    """The weapon last used, when it is still in hand."""
    carried = b.component(u.name, Weapons)
    w = carried.items[carried.ready] if carried.ready < len(carried.items) else None
    return w if w in u.weapons else None


def refuse_not_in_hand(u, name) -> None:
    """The refusal of a weapon the creature carries but does not hold."""
    key = name.strip().lower() if isinstance(name, str) else None
    def named(w):
        return key in (w.id.lower(), w.name.lower())
    if any(named(w) for w in u.sheathed):
        raise Refused("weapon_sheathed", f"{u.name}'s {name} is sheathed: draw it first "
                      "(Draw Weapon, a Little Action)")
    if any(named(w) for w, _ in u.dropped):
        raise Refused("weapon_on_ground", f"{u.name}'s {name} lies on the ground: pick it up "
                      "first")


def pick_weapon(b, u, t, name, melee_only: bool = False, power: bool = False):
    """The named weapon; else the ready one when it can attack, else the best that can."""
    if name is not None:
        w = find_weapon(u, name)
        if w is None:
            refuse_not_in_hand(u, name)
            raise Refused("no_such_weapon", f"{u.name} has no weapon {name!r} (weapons: "
                          f"{', '.join(x.id for x in u.weapons) or 'none'})")
        return w
    view = b.view()
    usable = [w for w in u.weapons if not melee_only or w.can_melee]
    ready = ready_weapon(b, u)
    if ready in usable and preview_weapon(view, u, t, ready,
                                          own_extras(b, u.name, t.name, ready, power)).possible:
        return ready
    best = None
    for w in usable:
        p = preview_weapon(view, u, t, w, own_extras(b, u.name, t.name, w, power))
        if p.possible and (best is None or p.expected_damage > best[0]):
            best = (p.expected_damage, w)
    if best:
        return best[1]
    if not usable:
        raise Refused("no_weapon", f"{u.name} has no {'melee ' if melee_only else ''}weapon")
    return usable[0]


def attack_action(b, name: str, target: str, weapon, power: bool = False, provokers=(),
                  extra: dict | None = None, kind: str | None = None):
    """One attack of the active creature (a generator): the AOOs a ranged attack provokes,
    then the target's active defense, then the roll. `extra` changes fields of its Extras (a
    volley's mode), `kind` names it in the log."""
    if provokers:
        here = b.cell(b.unit(name).anchor)
        yield from opportunity_attacks(b, name, here, provokers, "unarmed attack"
                                       if weapon.unarmed else "ranged attack",
                                       stop_if_prone=False)
    if stopped(b, name, by_prone=False) or target not in b.eids or b.unit(target).dead:
        return None
    if kind is None:
        kind = "power attack" if power else ("charge" if b.turn.ran >= 2 else "attack")
        if kind == "attack" and b.turn.interrupting:
            kind = "interrupt"
    extras = own_extras(b, name, target, weapon, power)
    if extra:
        extras = replace(extras, **extra)
    roll = yield from defended_strike(b, name, target, weapon, extras, kind)
    if roll is not None:
        b.update(name, ActionBudget, attacks=b.budget(name).attacks + 1)
        b.note_turn(last_weapon=weapon.id)
        after_hit(b, name, target, weapon, roll)
    b.note_turn(aim=False, ran=0)
    return roll


def still_possible(b, name: str, target: str, weapon, extra: dict | None = None):
    """The enemies' chance to interrupt before the attack (a generator); after an interrupt
    turn the attack goes on only if it still can (else nothing is spent)."""
    if not (yield from interrupts.moment(b, name, ("attacks",))):
        return True
    if stopped(b, name, by_prone=False) or target not in b.eids or b.unit(target).dead:
        return False
    me = b.unit(name)
    extras = own_extras(b, name, target, weapon)
    return preview_weapon(b.view(), me, b.unit(target), weapon,
                          replace(extras, **extra) if extra else extras).possible


__all__ = ["attack_action", "attack_left", "begin_attack", "pick_weapon", "ready_weapon",
           "refuse_not_in_hand", "still_possible"]
