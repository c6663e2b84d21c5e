"""Healing, temporary hit points and first aid applied to a battle (docs/rules/
20-healing-and-first-aid.md; the numbers are in `game.rules.healing` and `game.rules.health`).

- `heal_creature(b, name, amount, by, source, words)`: hit points regained (never above the
  maximum, never for the dead): a creature raised above 0 wakes, Bleed X shrinks by the HP
  healed, Injured goes above the threshold. A `Healed` event with its breakdown.
- `grant_temp_hp(b, name, gained, by, source)`: temporary hit points (the higher pool stays,
  at most a quarter of the maximum HP).
- The FirstAid command: `can_first_aid` is its check before a target (a Big Action left),
  `first_aid` its handler: an adjacent ally of the same side that is bleeding (unconscious
  or not); the healer provokes like a creature casting (it is busy with its hands) and
  rolls a Heal check against DC 15; success stops the bleeding, a dying ally is stable.
  Its forecast (`game.engine.forecast`) gives the chance of success.
"""
from __future__ import annotations

from game.ecs.components import Health
from game.engine import commands as C
from game.engine import events as E
from game.engine import guards, spending
from game.engine.state import Refused
from game.engine.combat import opportunity_attacks, stopped
from game.engine.health import set_conditions, set_temp_hp
from game.engine.forecast import Forecast
from game.engine.registry import COMMANDS, FORECASTS
from game.rules import conditions as cond
from game.rules.healing import (FIRST_AID_DC, first_aid_check, gain_temp_hp, heal_bonus,
                                needs_first_aid)
from game.rules.health import apply_changes, heal
from game.rules.sections import cite
from game.rules.skills import beats_dc_chance
from game.rules.threat import footprint_distance

R20 = cite(20)


# ---- healing and temporary hit points -----------------------------------------------------

def heal_creature(b, name: str, amount: int, by: str, source: str, words: str = "") -> int:
    """`name` regains up to `amount` HP; returns the HP regained (0 for the dead)."""
    u = b.unit(name)
    if u.dead or amount <= 0:
        return 0
    change = heal(u.unit, u.hp, u.max_hp, u.conditions, amount)
    gained = change.hp - u.hp
    b.emit(E.Healed(name, gained, change.hp, by, source,
                    f"{words or amount} healed {gained} ({R20}); {name}: {change.describe()}"))
    b.update(name, Health, hp=change.hp)
    set_conditions(b, name, change.conditions_after(u.conditions))
    return gained


def grant_temp_hp(b, name: str, gained: int, by: str, source: str) -> int:
    """`name` gains a pool of `gained` temporary HP (the higher pool stays); returns it."""
    u = b.unit(name)
    if u.dead or gained <= 0:
        return u.temp_hp
    pool = gain_temp_hp(u.temp_hp, gained, u.max_hp)
    set_temp_hp(b, name, pool)
    b.emit(E.TempHPGained(name, gained, pool, by, source))
    return pool


# ---- first aid ------------------------------------------------------------------------------

def can_first_aid(b, u) -> None:
    """The check of the FirstAid action before a patient is named: a Big Action left."""
    guards.big_action(b, u, guards.big_cost(b, "first_aid"), "First Aid")


def patient(b, u, name):
    """The adjacent living ally `name` that bleeds, or Refused."""
    if not isinstance(name, str) or not name:
        raise Refused("no_ally", f"name the ally {u.name} should give first aid to")
    a = b.unit(name) if name in b.eids else b.entity(name)
    if a.eid == u.eid or a.team != u.team or a.dead:
        raise Refused("not_an_ally", f"{name} is not a living ally of {u.name}")
    if footprint_distance(u, a) != 1:
        raise Refused("not_adjacent", f"{name} is not adjacent to {u.name}: first aid is "
                      f"given by hand ({R20})")
    if not needs_first_aid(a.conditions):
        raise Refused("not_bleeding", f"{name} is not bleeding: first aid stops bleeding "
                      f"({R20})")
    return a


@COMMANDS.handles(C.FirstAid)
def first_aid(b, cmd):
    """FirstAid: a Heal check (DC 15) on an adjacent bleeding ally; provokes."""
    u = guards.actor_of_turn(b, cmd)
    can_first_aid(b, u)
    a = patient(b, u, cmd.ally)
    provokers = guards.confirm_action(cmd, b.view(), u, "first aid")

    def perform():
        spending.spend(b, u.name, "First Aid", big=guards.big_cost(b, "first_aid"))
        spending.non_attack_action(b)
        if provokers:
            yield from opportunity_attacks(b, u.name, b.cell(u.anchor), provokers,
                                           "giving first aid", stop_if_prone=False)
            if stopped(b, u.name, by_prone=False) or b.unit(a.name).dead:
                return
        _treat(b, u.name, a.name)
    return perform


def _treat(b, healer: str, ally: str) -> None:
    me, patient_now = b.unit(healer), b.unit(ally)
    natural, _ = b.dice.fortune_d20(cond.fortune(me.conditions))
    check = first_aid_check(me.unit, me.conditions, patient_now.conditions, natural)
    b.emit(E.FirstAidGiven(healer, ally, natural, check.total, check.dc, check.success,
                           check.describe()))
    if check.changes:
        set_conditions(b, ally, apply_changes(patient_now.conditions, check.changes))


@FORECASTS.handles(C.FirstAid)
def first_aid_forecast(b, cmd) -> Forecast:
    """The chance the Heal check stops the bleeding, itemised."""
    me = b.unit(cmd.unit)
    bonus = heal_bonus(me.unit, me.conditions)
    chance = float(beats_dc_chance(bonus.total, FIRST_AID_DC, cond.fortune(me.conditions)))
    ally = b.unit(cmd.ally)
    state = "dying" if ally.has("dying") else "bleeding"
    return Forecast(chance, (f"First aid on {cmd.ally} ({state}, Bleed "
                             f"{ally.conditions.get('bleed', 0)}): stops the bleeding "
                             f"{chance:.0%}",
                             f"Heal check d20 {bonus.text(first_sign=True)} vs DC "
                             f"{FIRST_AID_DC} ({R20})"))


__all__ = ["can_first_aid", "first_aid", "first_aid_forecast", "grant_temp_hp",
           "heal_creature", "patient"]
