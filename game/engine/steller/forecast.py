"""What a steller command is expected to do (docs/rules/steller/attacks.md): the chance to hit
each creature it attacks, itemised (combat advantage, cover, concealment, running, charge),
and the damage to expect. Never rolls, never changes the battle. Whom a command provokes is
the legality query's answer (its options and refusals name them), not repeated here."""
from __future__ import annotations

from game.engine.forecast import Forecast
from game.engine.state import Refused
from game.engine.steller import commands as S
from game.engine.steller.aid import aid_plan
from game.engine.steller.body import sheet_of
from game.engine.steller.health import temp_of
from game.engine.steller.maneuvers import escape_odds, maneuver
from game.engine.steller.immediate import KIND
from game.engine.steller.moving import path_states
from game.engine.steller.powers import aimed, power_of
from game.engine.steller.strikes import attack_plan, forced_to
from game.rules.steller.attacks import defense_name
from game.rules.steller.health import surge_value


def plan_lines(plan, target: str, ally: bool = False) -> tuple[str, ...]:
    terms = ", ".join(f"{v:+d} {label}" for label, v in plan.terms)
    side = " (ally!)" if ally else ""
    damage = f"damage {plan.dice}" if plan.dice is not None else "no damage"
    return (f"{target}{side}: {plan.chance:.0%} to hit (d20 {terms} vs "
            f"{defense_name(plan.defense)} {plan.target_number}); {damage}, a natural 20 "
            f"{plan.critical_text()}",)


def _power(b, cmd) -> Forecast:
    u = b.unit(cmd.unit)
    power = power_of(b, u, cmd.power)
    target = aimed(b, u, power, cmd)
    if power.boon:
        return _boon(b, power, target.targets)
    lines, chances, harm = [power.header()], [], []
    origin = target.origin if power.shape == "area_burst" else None
    for name in target.targets:
        plan = attack_plan(b, u.name, name, power, caught=target.targets, origin=origin)
        chances.append(plan.chance)
        harm.append((name, min(plan.expected_damage(b.health(name).hp),
                               b.health(name).hp + temp_of(b, name))))
        lines += plan_lines(plan, name, b.teams_of[name] == u.team)
    return Forecast(max(chances, default=None), tuple(lines), caught=target.targets,
                    harm=tuple(harm))


def _boon(b, power, names) -> Forecast:
    """A power that heals or grants temporary hit points: what each ally gains."""
    if power.heal:
        name = names[0]
        gain = surge_value(b.health(name).max_hp)
        return Forecast(None, (f"{power.name}: {name} spends a healing surge, +{gain} HP",),
                        caught=names, harm=((name, -gain),))
    lines = [power.header()] + [
        f"{name}: {power.temp_hp} temporary hit points (has {temp_of(b, name)}; the higher "
        "stays)" for name in names]
    return Forecast(None, tuple(lines), caught=names, harm=tuple(
        (name, -max(0, power.temp_hp - temp_of(b, name))) for name in names))


def _charge(b, cmd) -> Forecast:
    basic = sheet_of(b, cmd.unit).basic("melee")
    plan = attack_plan(b, cmd.unit, cmd.target, basic, charge=True)
    u = b.unit(cmd.unit)
    path_states(b, u, cmd.path, cmd.facings)        # a path the battle would take, or none
    return Forecast(plan.chance, plan_lines(plan, cmd.target), caught=(cmd.target,),
                    harm=((cmd.target, plan.expected_damage(b.health(cmd.target).hp)),))


def _aid(b, cmd) -> Forecast:
    plan = aid_plan(b, cmd.unit, cmd.target)
    return Forecast(plan.chance, (f"Aid Another: {plan.chance:.0%} to reach 10 (d20 "
                                  f"{plan.describe().rsplit(' vs ', 1)[0][4:]}); {cmd.ally} "
                                  f"+2 ({cmd.aid})",), caught=(cmd.target,))


def _maneuver(b, cmd) -> Forecast:
    """A bull rush or a grab: its chance, and where a bull rush's hit leaves the two."""
    which = "bull_rush" if isinstance(cmd, S.BullRush) else "grab"
    power = maneuver(b, cmd.unit, which)
    plan = attack_plan(b, cmd.unit, cmd.target, power)
    ends = ()
    if which == "bull_rush":
        found = forced_to(b, cmd.unit, cmd.target, "push", 1)
        if found is not None:
            ends = ((cmd.target, b.cell(found[0])),) + (
                ((cmd.unit, b.cell(b.unit(cmd.target).anchor)),) if cmd.follow else ())
    return Forecast(plan.chance, plan_lines(plan, cmd.target), ends=ends,
                    caught=(cmd.target,), harm=((cmd.target, 0.0),))


def _offer(b, command) -> Forecast | None:
    """Accepting an immediate action's offer: the power's chance and damage on the enemy that
    set it off, or the hit points the ally it heals regains."""
    offer = b.pending.attack if b.pending is not None and b.pending.kind == KIND else None
    if offer is None or not command.accept:
        return None
    power = sheet_of(b, offer.reactor).power(offer.power)
    head = f"{power.name} ({power.action}: {offer.trigger}, {offer.enemy})"
    if power.heal:
        gain = surge_value(b.health(offer.target).max_hp)
        return Forecast(None, (head, f"{offer.target} spends a healing surge, +{gain} HP"),
                        caught=(offer.target,), harm=((offer.target, -gain),))
    plan = attack_plan(b, offer.reactor, offer.target, power)
    hp = b.health(offer.target).hp
    return Forecast(plan.chance, (head,) + plan_lines(plan, offer.target),
                    caught=(offer.target,),
                    harm=((offer.target, min(plan.expected_damage(hp), hp)),))


def _escape(b, cmd) -> Forecast:
    chance, bonus, defense, number = escape_odds(b, cmd.unit, cmd.skill)
    return Forecast(chance, (f"Escape ({cmd.skill.title()}): {chance:.0%} (d20 {bonus:+d} "
                             f"vs {defense.title()} {number})",))


def forecast(b, command) -> Forecast | None:
    try:
        if isinstance(command, S.React):
            return _offer(b, command)
        if isinstance(command, S.UsePower):
            return _power(b, command)
        if isinstance(command, S.AidAnother):
            return _aid(b, command)
        if isinstance(command, S.Escape):
            return _escape(b, command)
        if isinstance(command, (S.BullRush, S.Grab)):
            return _maneuver(b, command)
        if isinstance(command, S.Charge):
            return _charge(b, command)
        if isinstance(command, (S.Walk, S.Run)):
            u = b.unit(command.unit)
            path_states(b, u, command.path, command.facings)
            return Forecast(None, ())
    except (Refused, KeyError, ValueError, TypeError, AttributeError):
        return None
    return None


__all__ = ["forecast", "plan_lines"]
