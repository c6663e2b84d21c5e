"""The computer players of the steller rules (docs/rules/steller/index.md).

Both read the battle only through the engine's legality query (`battle.actions`,
`battle.options`) and its forecasts (`battle.forecast`: the chance and the damage each creature
may expect), as the other rulebooks' players do.

- `steller_baseline`: the yardstick. It stands up when prone, makes its first basic attack on
  the nearest enemy it can (one that provokes no opportunity attack first: a sword, not a
  thrown javelin, against a foe next to it), else walks toward the nearest enemy (taking the opportunity
  attacks it provokes), and ends its turn. No power (nor immediate action), no charge, no
  second wind.
- `StellerPlayer`: stands up; catches its second wind at a quarter of its hit points, or
  bloodied with an enemy upon it and no foe it could likely finish; a shooter next to an
  enemy shifts away before it shoots. Before its blow a melee creature may walk or shift
  (provoking nothing) to where its best at-will attack is worth more, asked of the engine on
  a copy of the battle: a hex that flanks a foe (combat advantage), one beside a weakened
  foe, less the blows it may expect there (game.ai.steller_ground). It weighs every basic
  attack and power by the damage the forecast expects on enemies still standing (more on a
  weakened foe, the chance to finish one extra, the conditions a hit lays), less twice what it
  expects on its own side and what the opportunity attacks it provokes may deal, and heals an
  ally that needs it; an encounter or daily power is used when it beats the best at-will by a
  margin, so a burst that catches two enemies and no friend goes early. Its action point buys
  another standard action as soon as it has a foe to strike. With nothing to attack it
  charges, or walks (a shooter: only into range) toward the nearest enemy, in the first
  rounds not alone into the blows of several. It delivers a coup de grace on a helpless foe
  next to it (a dying one only when no standing foe is within a blow), and follows the map's
  objectives (game.ai.objectives). It bull rushes an enemy off a bloodied ally (where the
  engine's forecast says the push takes it out of that ally's reach), grabs an enemy shooter
  next to it (which would shift away and shoot) and sustains the grab, and, with no attack
  worth making, aids an ally next to the same enemy; grabbed, a shooter or a creature with no
  foe in reach escapes by the check the forecast gives the better chance. Grenades (Throw Grenade), walls, lines
  and autofire are weighed as every power is, by the forecast. Offered an immediate interrupt
  or reaction, it takes it when it helps (`immediate_answer`). Easy mis-judges often, Hard
  never.
"""
from __future__ import annotations

import logging
import random
from dataclasses import dataclass

from game.ai.objectives import PRIORITY, aims_of, region_pull
from game.ai.steller_ground import (
    danger, expected_blow, footprint_at, melee_powers, strike_from,
)
from game.engine import commands as C
from game.engine.steller.body import sheet_of
from game.hexgrid import footprint
from game.rules.threat import footprint_distance

NOISE = {"easy": 0.6, "normal": 0.05, "hard": 0.0}
KILL_BONUS = 6.0
FRIENDLY_WEIGHT = 2.0
SPEND_MARGIN = 1.1        # an encounter or daily power must beat the best at-will by this
EFFECT_VALUE = 2.0        # a condition laid on a foe (prone, dazed, ...), per sure hit
DANGER_WEIGHT = 0.5       # a point of damage it may expect where it stands, against one dealt
MOVE_MARGIN = 0.5         # a move before the blow must gain this much
HOLD_WEIGHT = 1.0         # in the first rounds, the blows it would walk into, in hexes
HOLD_ROUNDS = 2
REGION_WEIGHT = 12.0      # a region the map's objectives ask it to stand in, in hexes
SHOOTERS = ("artillery", "controller")
MANEUVER_CHANCE = 0.5      # a bull rush, a grab or an aid is tried at this chance or better
IMMEDIATE = "immediate"     # the kind of an immediate action's prompt
INTERRUPT_SHARE = 0.6       # a limited interrupt: it likely drops the attacker
REACTION_SHARE = 0.5        # a limited reaction: half the enemy's hit points
log = logging.getLogger("game.ai")


def _standing_enemies(view, u):
    return [e for e in view.enemies_of(u) if e.hp > 0]


def _nearest(view, u):
    enemies = sorted(_standing_enemies(view, u), key=lambda e: (footprint_distance(u, e),
                                                                 e.name))
    return enemies[0] if enemies else None


def _gap(battle, u, cmd, foe) -> int:
    end = battle.hexmap.hex_at(*cmd.path[-1])
    return footprint_distance(footprint(u.size, end, u.facing), foe)


def steller_baseline(battle, name: str | None = None) -> C.Command:
    state, who = battle.decider()
    if state == "over":
        raise ValueError("the battle is over: there is nothing to command")
    if state == "reaction":        # no powers: no immediate action either
        return C.React(who, battle.pending.kind != IMMEDIATE)
    view = battle.view()
    u = view.unit(who)
    stand = battle.options(who, "stand_up")
    if stand:
        return stand[0].command
    attacks = [o for o in battle.options(who, "basic_attack")
               if view.unit(o.command.target).hp > 0]
    if attacks:
        return min(attacks, key=lambda o: (bool(o.provokes),
                                           footprint_distance(u, view.unit(o.command.target)),
                                           o.command.target, o.command.power)).command
    foe = _nearest(view, u)
    moves = battle.options(who, "walk")
    if moves and foe is not None and footprint_distance(u, foe) > 1:
        return min(moves, key=lambda o: (_gap(battle, u, o.command, foe), o.command.path)).command
    return C.EndTurn(who)


class StellerBaselinePlayer:
    difficulty = "baseline"

    def __init__(self, *args, **kwargs):
        self.rejected = 0

    def command(self, battle, name: str | None = None) -> C.Command:
        return steller_baseline(battle, name)


@dataclass(frozen=True)
class Choice:
    value: float
    command: C.Command


class StellerPlayer:
    """The steller rules' computer player at a difficulty (module docstring)."""

    def __init__(self, difficulty: str = "normal", seed=0, rng: random.Random | None = None):
        self.difficulty = difficulty
        self.noise = NOISE.get(difficulty, NOISE["normal"])
        self.rng = rng if rng is not None else random.Random(seed)
        self.rejected = 0

    def command(self, battle, name: str | None = None) -> C.Command:
        state, who = battle.decider()
        if state == "over":
            raise ValueError("the battle is over: there is nothing to command")
        if state == "reaction":
            return C.React(who, immediate_answer(battle, who)
                           if battle.pending.kind == IMMEDIATE else True)
        for step in (self.recover, self.sustain, self.break_free, self.step_back,
                     self.coup_de_grace, self.rescue, self.hold_shooter, self.reposition,
                     self.attack, self.aid, self.action_point, self.close_in):
            chosen = step(battle, who)
            if chosen is not None:
                log.debug("round %s %s: %s (%s)", battle.round, who, chosen, step.__name__)
                return chosen
        return C.EndTurn(who)

    def jitter(self, value: float) -> float:
        return value * (1 + self.rng.uniform(-self.noise, self.noise)) if self.noise else value

    def recover(self, battle, who: str):
        """Stand up; catch its second wind when at a quarter of its hit points, or bloodied
        with an enemy upon it and no foe it could likely finish with a blow."""
        stand = battle.options(who, "stand_up")
        if stand:
            return stand[0].command
        view = battle.view()
        u = view.unit(who)
        if u.hp > u.max_hp // 2:
            return None
        wind = battle.options(who, "second_wind")
        if not wind:
            return None
        if u.hp <= u.max_hp // 4:
            return wind[0].command
        threatened = danger(battle, view, u, u.hexes) > 0
        attacks = battle.options(who, "basic_attack")
        if (threatened and not self.finishing(battle, view, u)) or not any(attacks):
            return wind[0].command
        return None

    def break_free(self, battle, who: str):
        """Grabbed, a shooter (which would step away and shoot) or a creature with no foe
        within its reach escapes, by the skill the forecast gives the better chance."""
        options = battle.options(who, "escape")
        if not options:
            return None
        view = battle.view()
        me = view.unit(who)
        reach = max((p.range for p in melee_powers(battle, who)), default=0)
        if not shooter(battle, who) and any(footprint_distance(me, e) <= reach
                                            for e in _standing_enemies(view, me)):
            return None
        return max(options, key=lambda o: (battle.forecast(o.command).chance or 0,
                                           o.command.skill)).command

    def sustain(self, battle, who: str):
        """Keep the grab it holds (a minor action)."""
        held = battle.options(who, "sustain_grab")
        return held[0].command if held else None

    def rescue(self, battle, who: str):
        """Bull rush an enemy off a bloodied ally: where the engine's forecast says the push
        leaves it out of that ally's reach, and the bull rush likely hits."""
        view = battle.view()
        me = view.unit(who)
        hurt = [a for a in view.allies_of(me) if a.name != who and 0 < a.hp <= a.max_hp // 2]
        for option in battle.options(who, "bull_rush"):
            foe = view.unit(option.command.target)
            forecast = battle.forecast(option.command)
            if forecast is None or (forecast.chance or 0) < MANEUVER_CHANCE:
                continue
            pushed = dict(forecast.ends).get(foe.name)
            if pushed is None:
                continue
            there = footprint(foe.size, battle.hexmap.hex_at(*pushed), foe.facing)
            if any(footprint_distance(foe, a) == 1 and footprint_distance(there, a) > 1
                   for a in hurt):
                return option.command
        return None

    def hold_shooter(self, battle, who: str):
        """Grab an enemy shooter next to it, which would shift away and shoot, when it
        holds nobody yet and the grab likely hits."""
        if battle.action(who, "sustain_grab").code != "not_grabbing":
            return None
        view = battle.view()
        for option in battle.options(who, "grab"):
            foe = view.unit(option.command.target)
            if foe.hp <= 0 or "grabbed" in foe.conditions or not shooter(battle, foe.name):
                continue
            forecast = battle.forecast(option.command)
            if forecast is not None and (forecast.chance or 0) >= MANEUVER_CHANCE:
                return option.command
        return None

    def aid(self, battle, who: str):
        """With no attack worth making, aid an ally next to the same enemy: +2 to its next
        attack on it."""
        view = battle.view()
        for option in battle.options(who, "aid_another"):
            cmd = option.command
            ally, foe = view.unit(cmd.ally), view.unit(cmd.target)
            if cmd.aid != "attack" or ally.hp <= 0 or foe.hp <= 0 or \
                    footprint_distance(ally, foe) > 1:
                continue
            forecast = battle.forecast(cmd)
            if forecast is not None and (forecast.chance or 0) >= MANEUVER_CHANCE:
                return cmd
        return None

    def finishing(self, battle, view, me) -> bool:
        """Could one of its basic attacks likely finish a standing foe within its range?"""
        sheet = sheet_of(battle, me.name)
        for power in (sheet.basic("melee"), sheet.basic("ranged")):
            if power is None or power.damage is None:
                continue
            if any(0 < e.hp <= power.damage.average and
                   footprint_distance(me, e) <= power.range
                   for e in _standing_enemies(view, me)):
                return True
        return False

    def step_back(self, battle, who: str):
        """A shooter next to an enemy shifts out of its reach before it shoots."""
        view = battle.view()
        me = view.unit(who)
        foe = _nearest(view, me)
        if foe is None or not shooter(battle, who) or footprint_distance(me, foe) > 1:
            return None
        away = [o for o in battle.options(who, "shift")
                if _gap(battle, me, o.command, foe) > 1]
        if not away:
            return None
        return min(away, key=lambda o: (danger(battle, view, me, footprint_at(
            battle, me, o.command)), o.command.path)).command

    def reposition(self, battle, who: str):
        """Before its blow, a melee creature may walk or shift (provoking nothing) to where
        its best at-will attack is worth more, less the blows it may expect there: a hex that
        flanks a foe (combat advantage), one next to a weakened foe, not the middle of the
        enemy."""
        view = battle.view()
        me = view.unit(who)
        if shooter(battle, who) or not melee_powers(battle, who):
            return None
        moves = [o for o in battle.options(who, "shift") + battle.options(who, "walk")
                 if not o.provokes and self._beside_foe(battle, view, me, o.command)]
        if not moves or not self._has_standard(battle, who):
            return None
        here = max(self.best_attack_value(battle, who), strike_from(battle, who, None,
                                                                     self.weigh))
        here -= DANGER_WEIGHT * danger(battle, view, me, me.hexes)
        best, best_value = None, here + MOVE_MARGIN
        for option in moves:
            value = strike_from(battle, who, option.command, self.weigh)
            if value <= 0:
                continue
            value -= DANGER_WEIGHT * danger(battle, view, me,
                                            footprint_at(battle, me, option.command))
            if value > best_value:
                best, best_value = option.command, value
        return best

    def _beside_foe(self, battle, view, me, cmd) -> bool:
        hexes = footprint_at(battle, me, cmd)
        return any(footprint_distance(hexes, e) <= 1 for e in _standing_enemies(view, me))

    def _has_standard(self, battle, who: str) -> bool:
        return bool(battle.options(who, "total_defense"))

    def best_attack_value(self, battle, who: str) -> float:
        """The value of the best attack it could make where it stands (0: none)."""
        view = battle.view()
        me = view.unit(who)
        values = [self.value(battle, view, me, o)
                  for action in ("basic_attack", "use_power", "throw_grenade")
                  for o in battle.options(who, action)]
        return max(values, default=0.0)

    def attack(self, battle, who: str):
        view = battle.view()
        me = view.unit(who)
        sheet = sheet_of(battle, who)
        best_at_will, best_spent = None, None
        for action in ("basic_attack", "use_power", "throw_grenade"):
            for option in battle.options(who, action):
                value = self.value(battle, view, me, option)
                if value <= 0:
                    continue
                power = sheet.power(option.command.power)
                choice = Choice(self.jitter(value), option.command)
                if power.usage == "at-will":
                    best_at_will = max(best_at_will, choice, key=_worth) if best_at_will else choice
                else:
                    best_spent = max(best_spent, choice, key=_worth) if best_spent else choice
        if best_spent and (best_at_will is None or
                           best_spent.value > SPEND_MARGIN * best_at_will.value):
            return best_spent.command
        return best_at_will.command if best_at_will else None

    def coup_de_grace(self, battle, who: str):
        """A helpless foe next to it that would wake (not dying), or any helpless foe when
        no standing one is within a blow."""
        coups = battle.options(who, "coup_de_grace")
        if not coups:
            return None
        view = battle.view()
        awake = [o for o in coups if view.unit(o.command.target).hp > 0]
        if awake:
            return awake[0].command
        standing = [o for o in battle.options(who, "basic_attack")
                    if view.unit(o.command.target).hp > 0]
        return None if standing else coups[0].command

    def action_point(self, battle, who: str):
        """Its standard action spent, the action point buys another as soon as it has a
        standing foe to attack: a blow now is worth more than one saved for later (a
        creature that falls with its point unspent has wasted it)."""
        extra = [o for o in battle.options(who, "action_point")
                 if o.command.action == "standard"]
        if not extra:
            return None
        view = battle.view()
        me = view.unit(who)
        sheet = sheet_of(battle, who)
        for power in (sheet.basic("melee"), sheet.basic("ranged")):
            if power is None or power.damage is None:
                continue
            if any(footprint_distance(me, e) <= power.range
                   for e in _standing_enemies(view, me)):
                return extra[0].command
        return None

    def value(self, battle, view, me, option) -> float:
        return self.weigh(battle, option.command, battle.forecast(option.command),
                          option.provokes)

    def weigh(self, battle, command, forecast, provokes=()) -> float:
        """What an attack is worth: the damage the forecast expects on standing foes (more
        on a weakened one, a kill extra), less twice what it expects on its own side and
        the opportunity attacks it provokes; a heal on a bloodied ally."""
        if forecast is None:
            return 0.0
        view = battle.view()
        me = view.unit(command.unit)
        aims = aims_of(battle, me)
        total = -sum(expected_blow(sheet_of(battle, name), True) for name in provokes)
        for name, harm in forecast.harm:
            u = view.unit(name)
            if u.team == me.team and harm < 0:   # a heal: worth it on a bloodied or dying ally
                total += -harm if u.hp <= u.max_hp // 2 else 0.0
            elif u.team == me.team:     # a dying friend's next blow may be its death
                total -= FRIENDLY_WEIGHT * (harm if u.hp > 0 else KILL_BONUS)
            elif u.hp > 0:      # the weaker the foe, the more a blow is worth
                worth = harm * (1.5 - u.hp / (2 * u.max_hp)) + _kill_value(
                    forecast, harm, u.hp) + self.effects_worth(battle, command, harm)
                total += worth * (PRIORITY if name in aims.priority else 1.0)
        return total

    def effects_worth(self, battle, command, harm: float) -> float:
        """The conditions a power lays on a hit (its stat block), by the share of a hit's
        damage the forecast expects."""
        power = getattr(command, "power", "")
        if not power:
            return 0.0
        p = sheet_of(battle, command.unit).power(power)
        if p is None or not (p.effects or p.ongoing or p.forced) or p.damage is None:
            return 0.0
        return EFFECT_VALUE * min(1.0, harm / max(1.0, p.damage.average))

    def close_in(self, battle, who: str):
        """Charge, or move to where it can attack."""
        view = battle.view()
        me = view.unit(who)
        foe = _nearest(view, me)
        if foe is None:
            return None
        ranged = shooter(battle, who)
        if not ranged and footprint_distance(me, foe) > 1:
            charges = [o for o in battle.options(who, "charge")
                       if view.unit(o.command.target).hp > 0 and not o.provokes]
            if charges:
                return max(charges, key=lambda o: self.value(battle, view, me, o)).command
        moves = battle.options(who, "walk")
        if not moves or (not ranged and footprint_distance(me, foe) <= 1):
            return None
        if ranged:
            return None if self._in_range(battle, me, foe) else self._toward(battle, me, foe,
                                                                             moves)
        return self._toward(battle, me, foe, moves)

    def _in_range(self, battle, me, foe) -> bool:
        ranged = sheet_of(battle, me.name).basic("ranged")
        return footprint_distance(me, foe) <= ranged.range

    def _toward(self, battle, me, foe, moves):
        """Closer to `foe`, provoking nobody when it can, and not alone into the blows of
        several enemies (in the first rounds it waits for them to come); toward, or staying
        in, a region the map's objectives ask its side to hold or reach
        (game.ai.objectives)."""
        view = battle.view()
        weight = HOLD_WEIGHT if battle.round <= HOLD_ROUNDS else 0.0
        aims = aims_of(battle, me)

        def cost(o):
            hexes = footprint_at(battle, me, o.command)
            provoked = sum(expected_blow(sheet_of(battle, e), True) for e in o.provokes)
            return (provoked + footprint_distance(hexes, foe)
                    + weight * danger(battle, view, me, hexes)
                    - REGION_WEIGHT * region_pull(aims, hexes), o.command.path)
        best = min(moves, key=cost)
        stay = (footprint_distance(me, foe) + weight * danger(battle, view, me, me.hexes)
                - REGION_WEIGHT * region_pull(aims, me.hexes))
        return None if cost(best)[0] >= stay else best.command


def immediate_answer(battle, who: str) -> bool:
    """Take an immediate action when it helps: a heal on a bloodied ally; an at-will strike
    (it costs nothing the creature would use otherwise); an interrupt of a limited power
    when it likely drops the attacker before its blow (the damage it prevents), a reaction
    of one when it takes half the enemy's hit points."""
    offer = battle.pending.attack
    forecast = battle.forecast(C.React(who, True))
    if offer is None or forecast is None or not forecast.harm:
        return False
    target, harm = forecast.harm[0]
    u = battle.view().unit(target)
    if harm < 0:
        return u.hp <= u.max_hp // 2
    power = sheet_of(battle, who).power(offer.power)
    if power.usage == "at-will":
        return harm > 0
    share = harm / max(1, u.hp)
    return share >= (INTERRUPT_SHARE if power.interrupt else REACTION_SHARE)


def shooter(battle, who: str) -> bool:
    """An artillery or controller with a ranged basic attack keeps its distance."""
    sheet = sheet_of(battle, who)
    return sheet.role in SHOOTERS and sheet.basic("ranged") is not None


def _kill_value(forecast, harm: float, hp: int) -> float:
    """The worth of the chance to finish a foe: the forecast's chance to hit when a hit's
    damage would drop it, else a share when the expected damage comes close."""
    chance = forecast.chance or 0.0
    if chance > 0 and harm / chance >= hp:
        return KILL_BONUS * chance
    return KILL_BONUS * 0.5 if harm >= hp * 0.6 else 0.0


def _worth(choice: Choice) -> float:
    return choice.value


__all__ = ["StellerBaselinePlayer", "StellerPlayer", "immediate_answer", "steller_baseline"]
