"""Falls and the terrain's skill checks, as the engine rolls them (docs/rules/
21-terrain-and-falling.md; the rules are in game.rules.falling and game.rules.locomotion).

`fall(b, name, steps)` is the one way a creature falls: jumping down a ledge, pushed off one
(a forced movement), knocked out of the air. It rolls the creature's better check of
Acrobatics and Jump (none when helpless), deals the damage (DR counts: it is bludgeoning),
leaves it prone when the fall hurt it, and says so in a Fell event. A fall that hurt it asks
a REF save (DC 10; a helpless creature fails it): failed, a d2 breaks an arm (1) or a leg (2).
`terrain_check(b, name, skill, dc, purpose)` rolls a Swim, Climb or Strength check.
`count_flight` and `stall_if_slow` keep a flyer's minimum flight speed (game.rules.flight): a
flyer that ends its turn aloft over ground it cannot land on, having flown fewer hexes than
its minimum, stalls and comes down as a knocked-down flyer does.
"""
from __future__ import annotations

from game.engine import events as E
from game.engine.criticals import break_limb
from game.engine.forecast import Forecast
from game.engine.health import damage
from game.rules import conditions as cond
from game.rules import falling as rules
from game.rules import flight
from game.rules import saving_throws as saves
from game.rules.damage import dr_applies
from game.rules.locomotion import WALKER, can_stand, flies, step_hazard
from game.rules.skills import beats_dc_chance, skill_bonus
from game.rules.threat import is_helpless


def fall_bonus(u):
    """The better of the creature's Acrobatics and Jump bonuses (either shortens a fall:
    docs/rules/21-terrain-and-falling.md "Falling")."""
    bonuses = [skill_bonus(u.unit, s, u.conditions) for s in ("acrobatics", "jump")]
    return max(bonuses, key=lambda bd: bd.total)


def _landing_soft(b, u) -> bool:
    return any(b.hexmap.terrain_at(h).water != "none" for h in u.hexes)


def _after_dr(u, amount: int) -> tuple[int, str]:
    dr = u.unit.dr
    if amount and dr_applies(dr, "bludgeoning", ()):
        return max(0, amount - dr.amount), f"; {dr} -{min(amount, dr.amount)}"
    return amount, ""


def fall(b, name: str, steps: int, cause: str = "fall"):
    """`name` falls `steps` elevation steps onto where it stands now (see the module).
    Returns the rules' Fall, or None when nothing fell."""
    if name not in b.eids or steps <= 0 or b.unit(name).dead:
        return None
    u = b.unit(name)
    total, natural, text = None, 0, "no check (helpless)"
    if not is_helpless(u):
        bonus = fall_bonus(u)
        natural = b.dice.d20()
        total = natural + bonus.total
        text = f"check d20 {natural} {bonus.text()} = {total}"
    result = rules.fall(u.max_hp, u.size, steps, total, _landing_soft(b, u))
    amount, dr_text = _after_dr(u, result.damage)
    b.emit(E.Fell(name, b.cell(u.anchor), result.feet, result.effective, amount,
                  f"{result.describe()}{dr_text}; {text}", cause))
    if amount:
        damage(b, name, amount, ("bludgeoning",), f"a fall of {result.feet} ft", struck=False)
    if result.prone and name in b.eids and not b.unit(name).dead \
            and "prone" not in b.unit(name).conditions:
        b.set_condition(name, "prone", 1)
    if amount and name in b.eids and not b.unit(name).dead:
        limb_save(b, name)
    return result


def limb_save(b, name: str) -> None:
    """The REF save of a creature a fall hurt: failed, an arm or a leg breaks (a d2)."""
    u = b.unit(name)
    bonus = saves.save_bonus(u.unit, "REF", u.conditions)
    natural, faces = b.dice.fortune_d20(cond.fortune(u.conditions))
    total = natural + bonus.total
    passed = total >= rules.LIMB_SAVE_DC and not saves.fails_automatically("REF", u.conditions)
    b.emit(E.SaveRolled(name, "REF", natural, total, rules.LIMB_SAVE_DC, passed,
                        f"REF save: d20 {natural} {bonus.text(first_sign=True)} = {total} vs "
                        f"DC {rules.LIMB_SAVE_DC} against a broken limb ({rules.R21})"))
    if not passed:
        break_limb(b, name, "arm" if b.dice.d(2) == 1 else "leg")


def knock_down_flyer(b, name: str):
    """A flying creature struck by a Knockdown or tripped
    (docs/rules/21-terrain-and-falling.md "Flying"): it drops 10 ft (20 ft when clumsy or poor),
    reaches the ground (it flies low) and falls prone. Callers: the Knockdown and trip rules; a
    creature that does not fly is not touched (None)."""
    if name not in b.eids or not flies(b.unit(name)):
        return None
    u = b.unit(name)
    drop = rules.knockdown_drop_steps(u.unit.fly_maneuver)
    result = fall(b, name, min(drop, rules.FLIGHT_STEPS), "knockdown")
    if name in b.eids and not b.unit(name).dead and "prone" not in b.unit(name).conditions:
        b.set_condition(name, "prone", 1)
    return result


def count_flight(b, name: str) -> None:
    """One more hex flown this turn by the active creature, when it flies with a minimum
    flight speed (only such flyers are counted)."""
    if name == b.active and flies(b.unit(name)) and flight.min_hexes(b.unit(name)):
        b.note_turn(flown=b.turn.flown + 1)


def stall_due(b, name: str) -> bool:
    """Would `name` stall if its turn ended now: aloft over ground it cannot land on (deep
    water, a pit, a wall's top), having flown fewer hexes this turn than its maneuverability's
    minimum? A flyer over ground a walker could stand on lands there, as taking off and
    landing cost nothing. (An interrupt turn is no round of flight of its own.)"""
    if name not in b.eids or name != b.active or b.turn.interrupting:
        return False
    u = b.unit(name)
    if u.dead or not flies(u) or b.turn.flown >= flight.min_hexes(u):
        return False
    return not all(can_stand(b.hexmap.terrain_at(h), WALKER) for h in u.hexes)


def stall_if_slow(b, name: str):
    """At the end of its turn, a flyer that flew less than its minimum stalls: it drops to
    the ground (it flies low) and lands prone (docs/rules/21-terrain-and-falling.md)."""
    if not stall_due(b, name):
        return None
    result = fall(b, name, rules.FLIGHT_STEPS, "stall")
    if name in b.eids and not b.unit(name).dead and "prone" not in b.unit(name).conditions:
        b.set_condition(name, "prone", 1)
    return result


def terrain_check(b, name: str, skill: str, dc: int, purpose: str) -> bool:
    """Roll `name`'s `skill` check against `dc` (a SkillChecked event); True on success."""
    u = b.unit(name)
    if skill == "str":
        total_bonus, text = u.unit.str_mod, f"STR {u.unit.str_mod:+d}"
    else:
        bd = skill_bonus(u.unit, skill, u.conditions)
        total_bonus, text = bd.total, bd.text()
    natural = b.dice.d20()
    total = natural + total_bonus
    ok = total >= dc
    b.emit(E.SkillChecked(name, skill, natural, total, dc, ok,
                          f"d20 {natural} {text} = {total} vs DC {dc}", purpose))
    return ok


__all__ = ["count_flight", "fall", "fall_bonus", "knock_down_flyer", "limb_save",
           "path_forecast", "stall_due", "stall_if_slow", "terrain_check"]


# ---- forecasts ------------------------------------------------------------------------------

def _hazard_line(u, hazard) -> tuple[float, str]:
    """(chance the step goes well, its line) for one hazard of a path."""
    if hazard.kind == "jump":
        odds = rules.fall_odds(u.max_hp, u.size, hazard.steps, fall_bonus(u).total)
        safe = float(odds.get(0, 0))
        mean = float(sum(d * p for d, p in odds.items()))
        return safe, (f"jump down {5 * hazard.steps} ft: lands unhurt {safe:.0%}, expected "
                      f"damage {mean:.1f} and prone if hurt ({rules.R21})")
    bonus = skill_bonus(u.unit, hazard.skill, u.conditions).total
    chance = float(beats_dc_chance(bonus, hazard.dc))
    return chance, (f"{hazard.skill.capitalize()} check DC {hazard.dc} ({bonus:+d}): "
                    f"{chance:.0%}, else the movement ends there ({rules.R21})")


def path_forecast(b, u, states):
    """The forecast of walking `states`: the checks and falls on the way (None: none)."""
    view, here, lines, chance = b.view(), (u.anchor, u.facing), [], 1.0
    for state in states:
        hazard = step_hazard(view, u, here, state)
        if hazard is not None:
            p, line = _hazard_line(u, hazard)
            chance *= p
            lines.append(line)
        here = state
    if not lines:
        return None
    return Forecast(chance, tuple(lines), ((u.name, b.cell(here[0])),))
