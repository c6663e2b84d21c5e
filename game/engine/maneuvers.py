"""Knockout Strike and the off-hand attack (docs/rules/19-maneuvers-and-archery.md; the
rulebook's "Knockout Strike", "Handedness & Using Both Hands", "Natural Weapons").

- KnockoutStrike (an attack action, no attack of opportunity of its own): an attack with a
  bludgeoning-only weapon (`game.rules.knockout`). A critical hit on an unaware target, or a
  blow that leaves the target Injured but standing, calls for its FORT save against DC = the
  damage dealt; failing, it is knocked out (unconscious, stable). Unaware: its attacker is
  hidden from it, it is surprised, or it ignores the attacker.
- OffHandAttack (a Reaction on its own turn): after a main-hand (or primary natural) hit on
  a flat-footed foe, once per turn, one attack with the off-hand weapon (or a second natural
  weapon) on that foe, counted as an attack of opportunity (`game.rules.hands`); the chance
  is recorded by `game.engine.follow_up`.
"""
from __future__ import annotations

from game.ecs.components import FollowUp, Reactions
from game.engine import events as E
from game.engine import attacks, guards
from game.engine.state import Refused
from game.engine.commands import KnockoutStrike, OffHandAttack
from game.engine.follow_up import chance_now
from game.engine.forecast import Forecast, attack_lines
from game.engine.registry import COMMANDS, FORECASTS
from game.engine.combat import awareness_extras, gang_count, own_extras, strike
from game.rules import conditions as cond
from game.rules.hands import second_weapons
from game.rules.knockout import knockout_chance, knockout_weapon, knocks_out
from game.rules.sections import cite
from game.rules.saving_throws import save_bonus
from game.rules.situation import Extras, attack_check, find_weapon, preview_weapon
from game.rules.threat import can_react

R19 = cite(19)


def unaware(b, attacker: str, target: str) -> bool:
    """The target does not see this blow coming (the rulebook's "unaware target")."""
    return attacker in b.hidden or target in b.unaware or \
        attacker in b.ignoring.get(target, ())


# ---- Knockout Strike ---------------------------------------------------------------------------

def can_knockout_strike(b, u) -> None:
    attacks.attack_left(b, u)
    if not any(knockout_weapon(w) for w in u.weapons):
        raise Refused("no_bludgeoning_weapon", f"{u.name} holds no weapon that deals only "
                      "bludgeoning damage for a Knockout Strike")


def _knockout_weapon(b, u, t, name):
    if name is not None:
        w = find_weapon(u, name)
        if w is None:
            attacks.refuse_not_in_hand(u, name)
            raise Refused("no_such_weapon", f"{u.name} has no weapon {name!r}")
        if not knockout_weapon(w):
            raise Refused("not_bludgeoning", f"{w.name} does not deal only bludgeoning "
                          "damage: no Knockout Strike with it")
        return w
    usable = [w for w in u.weapons if knockout_weapon(w)]
    view = b.view()
    best = max(usable, key=lambda w: preview_weapon(
        view, u, t, w, own_extras(b, u.name, t.name, w)).hit_chance)
    return best


@COMMANDS.handles(KnockoutStrike)
def knockout_strike(b, cmd):
    """Knockout Strike: an attack that knocks the target out instead of wounding it."""
    u = guards.actor_of_turn(b, cmd)
    can_knockout_strike(b, u)
    t = guards.enemy_target(b, u, cmd.target)
    w = _knockout_weapon(b, u, t, cmd.weapon)
    view = b.view()
    p = attack_check(view, u, t, w, own_extras(b, u.name, t.name, w))
    if not p.possible:
        raise Refused("cannot_attack", f"{u.name} cannot strike {t.name} with {w.name}: "
                      f"{p.reason}")
    provokers = [] if p.mode == "melee" else guards.confirm_action(
        cmd, view, u, f"a {p.mode} attack")

    def perform():
        if not (yield from attacks.still_possible(b, u.name, t.name, w)):
            return
        attacks.begin_attack(b, u, "Knockout Strike")
        before, surprised = b.unit(t.name).hp, unaware(b, u.name, t.name)
        roll = yield from attacks.attack_action(b, u.name, t.name, w, provokers=provokers,
                                                kind="knockout")
        if roll is not None and roll.hit and t.name in b.eids:
            knock_out(b, u.name, t.name, before, roll.critical, surprised)
    return perform


def knock_out(b, attacker: str, target: str, before: int, critical: bool,
              surprised: bool) -> None:
    """After a Knockout Strike's hit: the FORT save against DC = the damage, if it is due."""
    t = b.unit(target)
    dealt = before - t.hp
    if t.dead or not knocks_out(critical, surprised, t.hp, t.max_hp):
        return
    bonus = save_bonus(t.unit, "FORT", t.conditions)
    natural, faces = b.dice.fortune_d20(cond.fortune(t.conditions))
    total = natural + bonus.total
    passed = total >= dealt
    b.emit(E.SaveRolled(target, "FORT", natural, total, dealt, passed,
                        f"resist the knockout: d20 {natural} {bonus.text(first_sign=True)} = "
                        f"{total} vs DC {dealt} (the damage dealt; rules: Special attacks "
                        "and archery)"))
    if not passed:      # stored as Unconscious too: everything that looks for it sees it
        for condition in ("knocked_out", "unconscious", "prone"):
            b.set_condition(target, condition, 1)


# ---- the off hand ------------------------------------------------------------------------------

def can_off_hand_attack(b, u) -> None:
    guards.not_in_full_round(u, "an off-hand attack")
    foe = chance_now(b, u.name)
    if not foe:
        raise Refused("no_follow_up", f"{u.name}'s main hand has not just hit a flat-footed "
                      "foe: no off-hand attack")
    if foe not in b.eids or b.unit(foe).dead:
        raise Refused("target_dead", f"{foe} is no longer there")
    if not can_react(u):
        raise Refused("no_reaction", f"{u.name} has no Reaction left for an off-hand attack")


def _second(b, u, name):
    primary = find_weapon(u, b.turn.last_weapon) if b.turn.last_weapon else None
    options = second_weapons(u, primary) if primary is not None else ()
    for w in options:
        if name is None or name.strip().lower() in (w.id.lower(), w.name.lower()):
            return w
    raise Refused("no_off_hand_weapon", f"{u.name} has no {name or 'second weapon'} to follow "
                  "its main hand with")


@COMMANDS.handles(OffHandAttack)
def off_hand_attack(b, cmd):
    """OffHandAttack: the off hand (or second natural weapon) follows a main-hand hit."""
    u = guards.actor_of_turn(b, cmd)
    can_off_hand_attack(b, u)
    foe = chance_now(b, u.name)
    if cmd.target != foe:
        raise Refused("not_that_foe", f"the off hand may follow up only on {foe}")
    t = b.unit(cmd.target)
    w = _second(b, u, cmd.weapon if isinstance(cmd.weapon, str) else None)
    extras = off_hand_extras(b, u, t.name)
    p = preview_weapon(b.view(), u, t, w, extras)
    if not p.possible:
        raise Refused("cannot_attack", f"{u.name} cannot strike {t.name} with {w.name}: "
                      f"{p.reason}")

    def perform():
        b.attach(u.name, FollowUp(used_round=b.round))
        reactions = b.reactions(u.name)
        b.update(u.name, Reactions, available=reactions.available - 1)
        strike(b, u.name, t.name, w, extras, "off hand")
        b.update(u.name, Reactions, aoo_this_round=reactions.aoo_this_round + 1)
    return perform


def off_hand_extras(b, u, target: str) -> Extras:
    """An off-hand attack counts as an attack of opportunity (its consecutive penalty)."""
    return Extras(previous_attacks=b.reactions(u.name).aoo_this_round,
                  gang_up=gang_count(b, u.name, target),
                  **awareness_extras(b, u.name, target))


# ---- forecasts ---------------------------------------------------------------------------------

@FORECASTS.handles(KnockoutStrike)
def knockout_forecast(b, cmd) -> Forecast:
    """The hit chance, and the chance the target is knocked out (its FORT save included)."""
    view = b.view()
    u, t = view.unit(cmd.unit), view.unit(cmd.target)
    w = _knockout_weapon(b, u, t, cmd.weapon)
    p = preview_weapon(view, u, t, w, own_extras(b, u.name, t.name, w))
    if not p.possible:
        return Forecast(0.0, (p.reason,))
    fort = save_bonus(t.unit, "FORT", t.conditions).total
    ko = float(knockout_chance(p.plan, t.hp, t.max_hp, unaware(b, u.name, t.name), fort,
                               cond.fortune(t.conditions)))
    return Forecast(ko, (f"{w.name}: hit {p.hit_chance:.0%}, expected damage "
                         f"{p.expected_damage:.1f}",
                         f"Knockout: {ko:.0%} ({t.name} left Injured but standing, or a "
                         f"critical hit while unaware, then fails FORT {fort:+d} vs DC = the "
                         f"damage; {R19})", p.plan.describe()))


@FORECASTS.handles(OffHandAttack)
def off_hand_forecast(b, cmd) -> Forecast:
    view = b.view()
    u, t = view.unit(cmd.unit), view.unit(cmd.target)
    w = _second(b, u, cmd.weapon if isinstance(cmd.weapon, str) else None)
    extras = off_hand_extras(b, u, t.name)
    return attack_lines(b, preview_weapon(view, u, t, w, extras), extras)


__all__ = ["can_knockout_strike", "can_off_hand_attack", "knock_out", "knockout_forecast",
           "knockout_strike", "off_hand_attack", "off_hand_extras", "off_hand_forecast",
           "unaware"]
