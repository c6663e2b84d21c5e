"""What a steller command is expected to do (docs/rules/steller/attacks.md): the chance to hit
each creature it attacks, itemised (combat advantage, cover, concealment, running, charge),
and the damage to expect. Never rolls, never changes the battle."""
from __future__ import annotations

from game.engine.forecast import Forecast
from game.engine.state import Refused
from game.engine.steller import commands as S
from game.engine.steller.body import sheet_of
from game.engine.steller.health import temp_of
from game.engine.steller.immediate import KIND
from game.engine.steller.moving import path_states, provokers
from game.engine.steller.powers import aimed, attack_provokers, power_of
from game.engine.steller.strikes import attack_plan
from game.rules.steller.attacks import defense_name
from game.rules.steller.health import surge_value


def plan_lines(plan, target: str, ally: bool = False) -> tuple[str, ...]:
    terms = ", ".join(f"{v:+d} {label}" for label, v in plan.terms)
    side = " (ally!)" if ally else ""
    damage = f"damage {plan.dice}" if plan.dice is not None else "no damage"
    return (f"{target}{side}: {plan.chance:.0%} to hit (d20 {terms} vs "
            f"{defense_name(plan.defense)} {plan.target_number}); {damage}, a natural 20 "
            f"{plan.damage(0, critical=True)}",)


def _power(b, cmd) -> Forecast:
    u = b.unit(cmd.unit)
    power = power_of(b, u, cmd.power)
    target = aimed(b, u, power, cmd)
    if power.heal:
        name = target.targets[0]
        gain = surge_value(b.health(name).max_hp)
        return Forecast(None, (f"{power.name}: {name} spends a healing surge, +{gain} HP",),
                        caught=target.targets, harm=((name, -gain),))
    lines, chances, harm = [power.header()], [], []
    found = attack_provokers(b, u, power)
    if found:
        lines.append(f"provokes: {', '.join(found)}")
    for name in target.targets:
        plan = attack_plan(b, u.name, name, power, caught=target.targets)
        chances.append(plan.chance)
        harm.append((name, min(plan.expected_damage(b.health(name).hp),
                               b.health(name).hp + temp_of(b, name))))
        lines += plan_lines(plan, name, b.teams_of[name] == u.team)
    return Forecast(max(chances, default=None), tuple(lines), caught=target.targets,
                    harm=tuple(harm))


def _charge(b, cmd) -> Forecast:
    basic = sheet_of(b, cmd.unit).basic("melee")
    plan = attack_plan(b, cmd.unit, cmd.target, basic, charge=True)
    u = b.unit(cmd.unit)
    found = provokers(b, u, path_states(b, u, cmd.path, cmd.facings))
    lines = plan_lines(plan, cmd.target) + ((f"provokes: {', '.join(found)}",) if found else ())
    return Forecast(plan.chance, lines, caught=(cmd.target,),
                    harm=((cmd.target, plan.expected_damage(b.health(cmd.target).hp)),))


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


def forecast(b, command) -> Forecast | None:
    try:
        if isinstance(command, S.React):
            return _offer(b, command)
        if isinstance(command, S.UsePower):
            return _power(b, command)
        if isinstance(command, S.Charge):
            return _charge(b, command)
        if isinstance(command, (S.Walk, S.Run)):
            u = b.unit(command.unit)
            found = provokers(b, u, path_states(b, u, command.path, command.facings))
            return Forecast(None, (f"provokes: {', '.join(found)}",) if found else ())
    except (Refused, KeyError, ValueError, TypeError, AttributeError):
        return None
    return None


__all__ = ["forecast", "plan_lines"]
