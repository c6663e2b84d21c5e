"""The computer player's healing: first aid for a dying ally, heals for a wounded or fallen
one, when they pay (rules: Healing and first aid).

Every command comes from the engine's own lists (`battle.options(name, "first_aid")`, the
UseAbility aims of `game.ai.abilities`) and every chance from the engine's forecasts (the
Heal check's odds, the HP a heal restores and the chance it wakes a fallen ally). What they
are worth, in the units of an attack's value (a creature's value: its expected damage per
round):
- stopping the bleeding of a dying ally: its value, a part that grows as it nears death
  (full when it would bleed out within `AID_HORIZON` rounds; a wound that clots before death
  is worth nothing), by the chance the check succeeds, and only a quarter (`NO_HEALER`) when
  nobody of its side can heal it later (a creature left unconscious no longer fights);
- a heal on a fallen ally: the chance it wakes, counted like an enemy brought down
  (`KILL_ROUNDS`, half: it wakes prone and weak), plus stopping its bleeding as above;
- a heal on a standing ally: the share of its hit points the heal gives back, like an
  attack's share of a foe's, full when an enemy can reach it next round, `FAR` otherwise;
- temporary hit points: half as much per point as healing.
`healing_options` offers first aid from where the creature stands and, with two Big Actions
left, a Move next to a patient that is worth it (first aid or a touch heal comes after).
"""
from __future__ import annotations

from game.ai.evaluate import unit_value
from game.ai.options import MOVE_COST, Option
from game.engine.ability_effects import healing_forecast
from game.hexgrid import hexes_within
from game.rules import conditions as cond
from game.rules import movement as rm
from game.rules.damage import dice_distribution
from game.rules.healing import FIRST_AID_DC, energy_heals, heal_bonus
from game.rules.health import bleed_amount, clots
from game.rules.skills import beats_dc_chance
from game.rules.threat import footprint_distance

AID_WEIGHT = 1.0           # saving a dying ally that would bleed out soon, a healer near
NO_HEALER = 0.25           # ... with nobody on its side to wake it later
AID_HORIZON = 3.0          # rounds: an ally bleeding out within them is worth it in full
WAKE_WEIGHT = 0.5          # of an enemy brought down: the ally wakes prone, at few HP
FAR = 0.4                  # a heal on an ally no enemy can reach next round
TEMP_WEIGHT = 0.5          # temporary HP count half as much as hit points healed
APPROACH = 0.8             # a patient reached by moving first: the plan may fail on the way
PATIENTS = 2               # patients an approach is planned for


def ally_value(ctx, u) -> float:
    """What an ally is worth, standing or fallen (its damage per round against the foes)."""
    return unit_value(u, ctx.enemies or [ctx.me])


def bleed_out_rounds(u) -> int | None:
    """Rounds until a bleeding creature dies if nobody helps (the wound clots after 10
    rounds); None when it would live (not bleeding, or clotting first)."""
    bleed = bleed_amount(u.unit, u.conditions)
    hp, rounds = u.hp, u.bled_rounds
    for n in range(1, 40):
        if bleed <= 0:
            return None
        if clots(rounds):
            bleed -= 1
            if bleed <= 0:
                return None
        hp -= bleed
        rounds += 1
        if hp <= u.unit.dies_at:
            return n
    return None


def can_heal(u) -> bool:
    """A creature able to act with a healing ability it may still use."""
    if u.dead or not cond.can_act(u.conditions):
        return False
    return any(a.damage is not None and a.targets != "enemies"
               and energy_heals(u.unit, a.damage_type)
               and (a.uses is None or u.uses.get(a.id, 0) > 0) for a in u.unit.abilities)


def aid_worth(ctx, u, chance: float = 1.0) -> float:
    """Stopping `u`'s bleeding, by the chance it works: saving it counts in full when a
    healer of its side may wake it later, a quarter when nobody can (it stays down)."""
    rounds = bleed_out_rounds(u)
    if rounds is None:
        return 0.0
    later = 1.0 if any(can_heal(a) for a in ctx.view.units if a.team == u.team) else NO_HEALER
    return ally_value(ctx, u) * AID_WEIGHT * later * min(1.0, AID_HORIZON / rounds) * chance


def reachable_by_enemies(ctx, u) -> bool:
    hexes = set(u.hexes)
    return any(hexes & ctx.zones[e.name].move for e in ctx.enemies if e.name in ctx.zones)


def heal_worth(ctx, f) -> float:
    """A heal's worth on one ally (an `ability_effects.Forecast` that helps it)."""
    t = ctx.view.unit(f.name)
    v = ally_value(ctx, t)
    if t.hp <= 0:
        worth = v * ctx.weights.kill_rounds * WAKE_WEIGHT * f.wakes
        if f.heals >= bleed_amount(t.unit, t.conditions):
            worth += aid_worth(ctx, t)
    else:
        urgency = 1.0 if reachable_by_enemies(ctx, t) else FAR
        worth = v * f.heals / max(1.0, t.hp + f.heals) * urgency
    return worth + v * TEMP_WEIGHT * f.temp_hp / max(1, t.max_hp)


# ---- first aid from here, and moving next to a patient ------------------------------------------

def first_aid_options(planner, stay_value: float) -> list:
    b, ctx, me = planner.b, planner.ctx, planner.me
    if not planner.allowed("first_aid"):
        return []
    out = []
    for option in b.options(me.name, "first_aid"):
        seen = b.forecast(option.command)
        patient = ctx.view.unit(option.command.ally)
        worth = aid_worth(ctx, patient, seen.chance or 0.0)
        if worth <= 0:
            continue
        aoo, down = 0.0, 0.0
        if option.provokes:
            aoo, down, _ = ctx.aoo_cost(planner.here_threatened)
        out.append(Option("first aid", worth * (1 - down) + stay_value - aoo, option.command,
                          {"ally": patient.name, "chance": round(seen.chance or 0, 3),
                           "aid": round(worth, 3), "aoo": -round(aoo, 3)}))
    return out


def _touch_heal(me):
    """The creature's heal by touch (range 1, one target) that it may still use, or None."""
    for a in me.unit.abilities:
        if a.area is None and a.range_hexes <= 1 and a.targets == "allies" \
                and a.damage is not None and energy_heals(me.unit, a.damage_type) \
                and (a.uses is None or me.uses.get(a.id, 0) > 0):
            return a
    return None


def _patient_worth(planner, t, touch) -> float:
    """What reaching `t` is worth: first aid (its average chance) or the touch heal."""
    ctx, me = planner.ctx, planner.me
    best = 0.0
    if bleed_amount(t.unit, t.conditions) > 0:
        chance = float(beats_dc_chance(heal_bonus(me.unit, me.conditions).total, FIRST_AID_DC))
        best = aid_worth(ctx, t, chance)
    if touch is not None:
        d = touch.damage
        odds = {k: float(p) for k, p in dice_distribution(d.count, d.sides, d.bonus).items()}
        best = max(best, heal_worth(ctx, healing_forecast(touch, t, odds)))
    return best


def approach_options(planner) -> list:
    """Move next to the patients worth it most, keeping a Big Action for the help."""
    b, ctx, me = planner.b, planner.ctx, planner.me
    if planner.budget.big < 2 or not planner.can_move:
        return []
    touch = _touch_heal(me)
    ranked = []
    for t in ctx.view.units:
        if t.team == me.team and t.eid != me.eid and not t.dead:
            worth = _patient_worth(planner, t, touch)
            if worth > 0:
                ranked.append((worth, t.name, t))
    ranked.sort(key=lambda x: (-x[0], x[1]))
    budget = rm.movement_budget(planner.budget.movement, planner.budget.big - 1, planner.speed)
    if budget <= 0 or not ranked:
        return []
    reach = planner.reachable(budget)
    out = []
    for worth, _, t in ranked[:PATIENTS]:
        near = {h for p in t.hexes for h in hexes_within(p, len(me.hexes) + 1)}
        spots = [h for h in near if h in reach.cost and h != planner.here and
                 footprint_distance(ctx.moved(h, reach.facing[h]).hexes, t.hexes) == 1]
        best = _best_spot(planner, reach, spots, budget)
        if best is None:
            continue
        value, path, aoo = best
        score = APPROACH * worth + value - aoo
        out.append(Option("approach", score, planner.move_command(path),
                          {"patient": t.name, "worth": round(worth, 3),
                           "position": round(value, 3), "aoo": -round(aoo, 3)}))
    return out


def _best_spot(planner, reach, spots, budget):
    """The best hex of `spots` to stand on (position, then the path's provocations)."""
    ctx = planner.ctx
    scored = sorted(((ctx.position(h, reach.facing[h], exact=False)[0], h) for h in spots),
                    key=lambda x: (-x[0], tuple(x[1])))
    best = None
    for value, h in scored[:3]:
        got = planner.path_to(reach, h, reach.facing[h], budget)
        if got is None:
            continue
        path, aoo, down, _ = got
        total = value - MOVE_COST
        if best is None or total - aoo > best[0] - best[2]:
            best = (total, path, aoo)
    return best


def healing_options(planner, stay_value: float) -> list:
    """First aid from here and moving next to a patient (see the module docstring)."""
    if planner.budget.big <= 0:
        return []
    return first_aid_options(planner, stay_value) + approach_options(planner)


__all__ = ["aid_worth", "ally_value", "approach_options", "bleed_out_rounds",
           "first_aid_options", "heal_worth", "healing_options"]
