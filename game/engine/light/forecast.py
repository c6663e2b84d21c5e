"""What a light command is expected to do (docs/rules/light/attacks.md): the chance to hit
of each attack it makes, itemised, and the damage to expect. Never rolls, never changes the
battle."""
from __future__ import annotations

from game.engine.forecast import Forecast
from game.engine.light import commands as L
from game.engine.light.attacking import choose_weapon, style_strike
from game.engine.light.moving import path_states, provokers
from game.engine.light.powers import aimed, power_of
from game.engine.light.strikes import attack_plan, power_strike
from game.engine.state import Refused

STYLE_OF = {L.LightAttack: "light", L.HeavyAttack: "heavy", L.VolleyAttack: "volley",
            L.DashAttack: "dash", L.ScopeAttack: "scope", L.ThrowWeapon: "throw"}


def _plan_lines(plan, target: str) -> tuple[str, ...]:
    terms = ", ".join(f"{v:+d} {label}" for label, v in plan.terms)
    damage = ", ".join(f"{v:+d} {label}" for label, v in plan.damage_terms)
    return (f"{target}: {plan.chance:.0%} to hit (d20 {terms} must exceed "
            f"{plan.target_number}, 2 x {plan.defense})",
            f"damage {plan.damage} ({damage}); a natural 20: {plan.critical_damage}")


def _attack(b, cmd, style: str) -> Forecast:
    u, t = b.unit(cmd.unit), b.unit(cmd.target)
    weapon = choose_weapon(b, u, t, style, cmd.weapon)
    plan = attack_plan(b, u.name, t.name, style_strike(weapon, style), style)
    lines = _plan_lines(plan, t.name)
    if style == "light":
        lines += ("a natural 18-20 also makes a Basic Attack",)
    if style == "heavy":
        lines += ("a natural 19-20 that hits stuns",)
    if plan.auto_critical:
        lines += ("the target is Stunned: a hit is a critical",)
    expected = plan.expected_damage()
    if style == "light":        # the Basic Attack of a natural 18-20
        basic = attack_plan(b, u.name, t.name, style_strike(weapon, "basic"), "basic")
        expected += 0.15 * basic.expected_damage()
    return Forecast(plan.chance, lines, caught=(t.name,), harm=((t.name, expected),))


def _power(b, cmd) -> Forecast:
    u = b.unit(cmd.unit)
    power = power_of(b, u, cmd.power)
    target = aimed(b, u, power, cmd)
    if power.heal:          # a heal is harm of minus its hit points
        return Forecast(None, (f"{power.name}: +{power.heal} HP to "
                               f"{', '.join(target.targets)}",), caught=target.targets,
                        harm=tuple((name, -power.heal) for name in target.targets))
    lines, chances, harm = [], [], []
    for name in target.targets:
        plan = attack_plan(b, u.name, name, power_strike(power), "power")
        chances.append(plan.chance)
        harm.append((name, plan.expected_damage()))
        side = " (ally!)" if b.teams_of[name] == u.team else ""
        lines += [line + side for line in _plan_lines(plan, name)[:1]]
    header = f"{power.name}: {power.mp} MP, " + (
        f"damage {power.damage} + stat - Armor" if power.damage else "no damage")
    return Forecast(max(chances, default=None), (header, *lines), caught=target.targets,
                    harm=tuple(harm))


def forecast(b, command) -> Forecast | None:
    try:
        if type(command) in STYLE_OF:
            return _attack(b, command, STYLE_OF[type(command)])
        if isinstance(command, L.UsePower):
            return _power(b, command)
        if isinstance(command, (L.Walk, L.Run)):
            u = b.unit(command.unit)
            states = path_states(b, u, command.path, command.facings)
            found = provokers(b, u, states)
            return Forecast(None, (f"provokes: {', '.join(found)}",) if found else ())
    except (Refused, KeyError, ValueError, TypeError):
        return None
    return None


__all__ = ["forecast"]
