"""What a special ability does to the creatures it catches (rules: Special abilities, Areas
of effect, Hit points and conditions "Saving throws", Movement "Forced movement").

`resolve` is the performing half of `UseAbility` (a generator, like every action that may
pause for an attack of opportunity): the provoked attacks first, then the damage dice once for
everybody (and the temporary hit points' dice), then for each creature caught its save or the
ability's attack roll, the damage it takes, the conditions it gets and the forced movement of a
failed save. Every roll goes into an event with its itemised breakdown.

Healing (rules: Healing and first aid): positive energy heals the living and harms the
undead, negative energy the reverse (`game.rules.healing.energy_heals`). A creature the
energy heals, and every creature of an ability for the user's side only, rolls nothing: it
accepts the effect. The damage rolled is the HP healed; the temporary HP follow.
"""
from __future__ import annotations

import dataclasses
from typing import NamedTuple

from game.engine import events as E
from game.engine.afflictions import afflict
from game.engine.combat import opportunity_attacks, stopped
from game.engine.falling import fall
from game.engine.health import damage
from game.engine.healing import grant_temp_hp, heal_creature
from game.rules import conditions as cond
from game.rules import saving_throws as saves
from game.hexgrid import footprint
from game.rules.attack import R6, Breakdown, Term, roll_hits
from game.rules.cover import cover
from game.rules.damage import dr_applies
from game.rules.forced_movement import forced_paths
from game.rules.healing import energy_heals, gain_temp_hp
from game.rules.locomotion import LEDGE, flies
from game.rules.probability import exact_roll_hit
from game.rules.sections import cite
from game.rules.sight import creature_distance

R17 = cite(17)


class Effect(NamedTuple):
    """How one creature fared: `failed` its save (or was hit), and the roll's text."""
    failed: bool
    text: str


def effect_lines(view, user: str, origin, t):
    """The lines from the area's origin hex to `t` as the cover rule tests them (rules: Cover,
    Areas of effect): the user standing in for the origin as a one-hex creature. None when
    `t` stands on the origin."""
    if origin in t.hex_set:
        return None
    at = dataclasses.replace(view.unit(user), anchor=origin, hexes=(origin,), size="medium")
    return cover(view, at, t, ranged=True)


def cover_from(view, user: str, origin, t) -> int:
    """The cover bonus `t` has against an attack from the area's origin hex."""
    result = effect_lines(view, user, origin, t)
    return (result.bonus or 0) if result is not None else 0


def save_cover_from(view, user: str, origin, t) -> int:
    """The cover bonus `t` adds to a REF save against the area from `origin`: only the
    terrain's; creatures in between give none (docs/rules/06-cover.md "Cover and Reflex
    saves")."""
    result = effect_lines(view, user, origin, t)
    return result.ref_bonus if result is not None else 0


def saving_throw(b, user: str, a, origin, name: str) -> Effect:
    """The creature's save against ability `a` (cover against the origin on REF)."""
    view = b.view()
    t = view.unit(name)
    kind, dc = a.save.kind, a.save.dc
    covered = save_cover_from(view, user, origin, t) if kind == "REF" else 0
    bonus = saves.save_bonus(t.unit, kind, t.conditions, covered)
    natural, faces = b.dice.fortune_d20(cond.fortune(t.conditions))
    auto = saves.fails_automatically(kind, t.conditions)
    total = natural + bonus.total
    passed = not auto and total >= dc
    rolled = f"d20 {natural}" + (f" (of {', '.join(map(str, faces))})" if len(faces) > 1 else "")
    text = f"{kind} save: {rolled} {bonus.text(first_sign=True)} = {total} vs DC {dc}"
    if auto:
        text += ": helpless, fails REF saves automatically"
    b.emit(E.SaveRolled(name, kind, natural, total, dc, passed,
                        f"{text} ({a.name}; rules: Hit points and conditions)"))
    return Effect(not passed, text)


def roll_terms(view, user: str, a, origin, t) -> tuple[Breakdown, Breakdown]:
    """The ability's attack bonus (its own, the user's conditions) and the AC it is rolled
    against (the creature's, its cover from the origin, its conditions vs ranged attacks)."""
    u = view.unit(user)
    bonus = Breakdown((Term(a.attack_bonus, a.name, R17),) + tuple(
        Term(v, label.lower(), rule) for v, label, rule in
        cond.attack_modifiers(u.conditions, ranged=True)))
    ac_terms = [Term(t.ac, "AC")]
    covered = cover_from(view, user, origin, t)
    if covered:
        ac_terms.append(Term(covered, "cover", R6))
    ac_terms += [Term(v, label.lower(), rule) for v, label, rule in cond.ac_modifiers(
        t.conditions, melee=False, distance_ft=5 * creature_distance(u, t))]
    return bonus, Breakdown(tuple(ac_terms))


def attack_roll(b, user: str, a, origin, name: str) -> Effect:
    """The ability's attack roll against the creature's AC, with its cover from the origin."""
    view = b.view()
    u, t = view.unit(user), view.unit(name)
    bonus, ac = roll_terms(view, user, a, origin, t)
    natural, faces = b.dice.fortune_d20(cond.fortune(u.conditions, attack=True))
    hit = roll_hits(natural, bonus.total, ac.total)
    text = (f"d20 {natural} {bonus.text(first_sign=True)} = {natural + bonus.total} vs "
            f"{ac.text()} = {ac.total}")
    b.emit(E.AttackRolled(user, name, a.name, tuple(faces), natural, natural + bonus.total,
                          ac.total, hit, False, False, text, "ability"))
    return Effect(hit, text)


def damage_terms(t, a, rolled: int, faces, failed: bool) -> Breakdown:
    """The damage one creature takes: the roll, the save's halving, its DR, resistance and
    vulnerability to the ability's type (rules: Attack rolls and damage)."""
    terms = [Term(rolled, f"{a.damage} [{', '.join(map(str, faces))}] {a.damage_type}", R17)]
    after = rolled if failed or a.save is None else \
        saves.damage_after_save(rolled, True, a.save.on_pass)
    if after != rolled:
        terms.append(Term(after - rolled, f"saved: {a.save.on_pass}", cite(11)))
    unit = t.unit
    if unit.dr and after > 0 and dr_applies(unit.dr, a.damage_type, ()):
        cut = min(unit.dr.amount, after)
        terms.append(Term(-cut, str(unit.dr), cite(10)))
        after -= cut
    resist = unit.resistance(a.damage_type)
    if resist and after > 0:
        terms.append(Term(-min(resist, after), f"resist {a.damage_type} {resist}", cite(10)))
        after -= min(resist, after)
    vuln = unit.vulnerability(a.damage_type)
    if vuln and after > 0:
        terms.append(Term(vuln, f"vulnerable {a.damage_type} {vuln}", cite(10)))
    return Breakdown(tuple(terms))


def push_end(view, t, source, a, origin):
    """Where a forced movement leaves `t`: the farthest place a push or slide can reach from
    the source (a pull: the nearest), then the longest way, then the map's order."""
    paths = forced_paths(view, t, source, a.forced.kind, a.forced.hexes, effect_origin=origin)
    if not paths:
        return None
    sign = -1 if a.forced.kind == "pull" else 1
    return max(paths.values(), key=lambda p: (
        sign * creature_distance(tuple(_space(t, p.end)), source), len(p.anchors),
        -p.end.r, -p.end.q))


def _space(t, anchor):
    return footprint(t.size, anchor, t.facing)


def force(b, user: str, a, origin, name: str) -> None:
    """The push, pull or slide of a failed save: placed hex by hex, never provoking; moved
    down a ledge, a creature that does not fly falls (game.engine.falling)."""
    view = b.view()
    t = view.unit(name)
    source = (origin,) if a.area is not None and a.area.shape == "burst" else \
        view.unit(user).hexes
    path = push_end(view, t, tuple(source), a, origin)
    if path is None:
        return
    start = b.cell(t.anchor)
    b.place(name, (path.end, t.facing))
    b.emit(E.ForcedMoved(name, a.forced.kind, start, b.cell(path.end),
                         tuple(b.cell(h) for h in path.anchors), user))
    if path.drop >= LEDGE and not flies(t):
        fall(b, name, path.drop, a.forced.kind)      # pushed off a ledge: it falls


def _resolution(b, user: str, a, origin, name: str) -> Effect:
    """The creature's save, the ability's attack roll, or nothing to roll: an ability of the
    user's side only, or energy that heals this creature (it accepts it: a willing creature
    may choose to be affected without rolling the save)."""
    if a.automatic or energy_heals(b.unit(name).unit, a.damage_type):
        return Effect(True, "accepted")
    if a.save is None:
        return attack_roll(b, user, a, origin, name)
    return saving_throw(b, user, a, origin, name)


def _heal(b, user: str, a, name: str, rolled, temp) -> None:
    """Positive energy on the living (negative on the undead), then temporary HP."""
    if rolled is not None and energy_heals(b.unit(name).unit, a.damage_type):
        total, faces = rolled
        heal_creature(b, name, total, user, a.name,
                      f"{a.name}: {a.damage} [{', '.join(map(str, faces))}] {a.damage_type} "
                      f"= {total}")
    if temp is not None:
        grant_temp_hp(b, name, temp[0], user, a.name)


def affect(b, user: str, a, origin, name: str, rolled, temp=None) -> None:
    """One creature caught: its save (or the attack roll), damage or healing, temporary HP,
    conditions, forced move."""
    if name not in b.eids or b.unit(name).dead:
        return
    effect = _resolution(b, user, a, origin, name)
    if a.save is None and not effect.failed:
        return                                  # a miss does nothing
    lands = effect.failed or a.save.on_pass == "nothing"
    spared = b.unit(name).unit.minion_trait and not effect.failed
    if rolled is not None and not energy_heals(b.unit(name).unit, a.damage_type) and not spared:
        # the minion trait (docs/rules/15-minions.md): a miss, a passed save, never damages
        total, faces = rolled
        terms = damage_terms(b.unit(name), a, total, faces, effect.failed)
        if terms.total > 0:
            damage(b, name, terms.total, (a.damage_type,),
                   f"{a.name}: {terms.text()} = {terms.total} ({effect.text})", user)
    if lands and not b.unit(name).dead:
        _heal(b, user, a, name, rolled, temp)
    if lands and not b.unit(name).dead:
        for c in a.conditions:
            # counted in the user's turns, this one the first (docs/rules/11-hit-points-and-
            # conditions.md "How long effects last")
            afflict(b, name, c.name, user, c.rounds)
    if effect.failed and a.forced is not None and not b.unit(name).dead:
        force(b, user, a, origin, name)


def resolve(b, user: str, a, target, provokers):
    """Perform ability `a` of `user` on `target` (an `abilities.Aimed`), provoked attacks
    first (a generator)."""
    if provokers:
        here = b.cell(b.unit(user).anchor)
        yield from opportunity_attacks(b, user, here, provokers, f"using {a.name}",
                                       stop_if_prone=False)
        if stopped(b, user, by_prone=False):
            return
    names = tuple(t.name for t in target.caught)
    b.emit(E.AbilityUsed(user, a.id, a.name, b.cell(target.origin),
                         tuple(sorted(b.cell(h) for h in target.area)), names,
                         b.unit(user).uses.get(a.id)))
    rolled = b.dice.roll(a.damage) if a.damage is not None else None
    temp = b.dice.roll(a.temp_hp) if a.temp_hp is not None else None
    for name in names:
        affect(b, user, a, target.origin, name, rolled, temp)


# ---- what it would do: the chances the HUD shows and the computer player weighs ---------------

class Forecast(NamedTuple):
    """One creature an ability would catch: the chance it fails its save (or is hit), the
    damage it takes on average, the chance that damage brings it to 0 HP, and whether it is
    on the user's side; for healing, the HP it regains on average (never above its maximum),
    the chance it wakes (from 0 HP or less to above 0) and the temporary HP it gains."""
    name: str
    fails: float
    damage: float
    downs: float
    ally: bool
    heals: float = 0.0
    wakes: float = 0.0
    temp_hp: float = 0.0
    helps: bool = False       # it heals or shields this creature (no save, no harm)

    @property
    def harms_ally(self) -> bool:
        """An ally caught that the ability hurts (a warning), not one it helps."""
        return self.ally and not self.helps


def _dice_odds(dice) -> dict[int, float]:
    odds = {dice.bonus: 1.0}
    for _ in range(dice.count):
        step: dict[int, float] = {}
        for total, p in odds.items():
            for face in range(1, dice.sides + 1):
                step[total + face] = step.get(total + face, 0.0) + p / dice.sides
        odds = step
    return odds


def fail_chance(view, user: str, a, origin, t) -> float:
    """The chance `t` fails its save against `a` (or, with an attack roll, is hit)."""
    if a.save is None:
        bonus, ac = roll_terms(view, user, a, origin, t)
        fortune = cond.fortune(view.unit(user).conditions, attack=True)
        return float(exact_roll_hit(bonus.total, ac.total, fortune))
    covered = save_cover_from(view, user, origin, t) if a.save.kind == "REF" else 0
    bonus = saves.save_bonus(t.unit, a.save.kind, t.conditions, covered).total
    auto = saves.fails_automatically(a.save.kind, t.conditions)
    return 1.0 - float(saves.pass_chance(bonus, a.save.dc, cond.fortune(t.conditions), auto))


def healing_forecast(a, t, odds) -> Forecast:
    """What a healing ability does to a creature it heals (rules: Healing and first aid)."""
    healing = a.damage is not None and energy_heals(t.unit, a.damage_type)
    heals = sum(min(d, t.max_hp - t.hp) * p for d, p in odds.items()) if healing else 0.0
    wakes = sum(p for d, p in odds.items() if t.hp <= 0 < t.hp + d) if healing else 0.0
    temp = 0.0
    if a.temp_hp is not None:
        temp = sum((gain_temp_hp(t.temp_hp, g, t.max_hp) - t.temp_hp) * p
                   for g, p in _dice_odds(a.temp_hp).items())
    return Forecast(t.name, 1.0, 0.0, 0.0, True, max(0.0, heals), wakes, temp, True)


def forecast(view, user: str, a, target) -> tuple[Forecast, ...]:
    """What ability `a` of `user`, aimed as `target` (an `abilities.Aimed`), would do to each
    creature it catches (resistances left out)."""
    team = view.unit(user).team
    odds = _dice_odds(a.damage) if a.damage is not None else {0: 1.0}
    kept = 0.0 if a.save is None else {"half": 0.5, "negates": 0.0,
                                       "nothing": 1.0}[a.save.on_pass]
    out = []
    for t in target.caught:
        heals = energy_heals(t.unit, a.damage_type)
        if heals or (a.automatic and a.damage is None):
            out.append(healing_forecast(a, t, odds)._replace(ally=t.team == team))
            continue
        fails = 1.0 if a.automatic else fail_chance(view, user, a, target.origin, t)
        kept = 0.0 if t.unit.minion_trait else kept      # a miss never damages such a minion
        mean = sum(d * p for d, p in odds.items())
        full = sum(p for d, p in odds.items() if d >= t.hp)
        passed = sum(p for d, p in odds.items() if int(d * kept) >= t.hp) if kept else 0.0
        out.append(Forecast(t.name, fails, mean * (fails + (1 - fails) * kept),
                            fails * full + (1 - fails) * passed if a.damage else 0.0,
                            t.team == team))
    return tuple(out)


__all__ = ["Effect", "Forecast", "fail_chance", "forecast", "healing_forecast", "affect", "attack_roll", "cover_from", "save_cover_from", "damage_terms", "force",
           "push_end", "resolve", "roll_terms", "saving_throw"]
