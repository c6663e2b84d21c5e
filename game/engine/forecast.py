"""What a command is expected to do before it is sent: the engine's forecasts for previews.

The HUD's generic action mode, the computer player and the tests ask `forecast(b, command)`
for any command of the legality query (`battle.options`). An action that has something to
forecast (an opposed check's odds, where a shoved creature ends, who a stray arrow may strike)
registers a pure function with `@forecaster(CommandType)`; actions without one answer None.
A forecaster never rolls dice and never changes the battle.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

Cell = tuple[int, int]


@dataclass(frozen=True)
class Forecast:
    """The expected outcome of one command.

    `chance`: of success as the action defines it (the attack hits, the opposed check is
    won), None when nothing is rolled. `lines`: what a preview shows, itemised, each naming
    its rule ("Wrestling +6 vs Acrobatics +3: win 62%"). `ends`: where creatures moved by
    the command would end, as (name, col,row). `caught`: the creatures the command may
    affect besides its target (an area, a stray missile), for highlighting."""
    chance: float | None = None
    lines: tuple[str, ...] = ()
    ends: tuple[tuple[str, Cell], ...] = ()
    caught: tuple[str, ...] = ()

    def to_dict(self) -> dict:
        return {"chance": self.chance, "lines": list(self.lines),
                "ends": [{"unit": n, "hex": list(c)} for n, c in self.ends],
                "caught": list(self.caught)}


FORECASTERS: dict[type, Callable] = {}


def forecaster(command_type: type) -> Callable:
    """Register `fn(battle, command) -> Forecast | None` for one command type."""
    def register(fn: Callable) -> Callable:
        FORECASTERS[command_type] = fn
        return fn
    return register


def forecast(b, command) -> Forecast | None:
    """The forecast of `command` now (None: the action forecasts nothing). Call it only for
    a command the legality query offers; a refused command's forecast means nothing."""
    from game.engine import legality  # noqa: F401  (imports every action's module)
    from game.engine.minions import actor_of, checking
    fn = FORECASTERS.get(type(command))
    if fn is None:
        return None
    with checking(b, actor_of(command)):      # a minion's command: the minion is the actor
        return fn(b, command)


# ---- the attacks of the turn ---------------------------------------------------------------------

def _attack_forecast(b, cmd, power_attack: bool) -> Forecast:
    """An attack's hit chance and expected damage with the weapon the handler would pick."""
    from game.engine.combat import own_extras
    from game.engine.attacks import pick_weapon
    from game.rules.situation import preview_weapon
    view = b.view()
    u, t = view.unit(cmd.unit), view.unit(cmd.target)
    weapon = pick_weapon(b, u, t, cmd.weapon, melee_only=power_attack, power=power_attack)
    extras = own_extras(b, u.name, t.name, weapon, power_attack)
    p = preview_weapon(view, u, t, weapon, extras)
    return attack_lines(b, p, extras)


def attack_lines(b, p, extras) -> Forecast:
    """An attack preview's forecast: its odds, its roll, and where a missed missile may
    fly (rules: Special attacks and archery, Unintended targets)."""
    if not p.possible:
        return Forecast(0.0, (p.reason,))
    from game.engine.archery import stray_forecast
    sit = p.situation
    stray, caught = stray_forecast(b, sit.attacker.name, sit.target.name, p.weapon, extras)
    lines = (f"{p.weapon.name}: hit {p.hit_chance:.0%}, critical {p.crit_chance:.0%}, "
             f"expected damage {p.expected_damage:.1f}", p.plan.describe())
    knockdown = _knockdown_line(b, b.unit(sit.attacker.name), b.unit(sit.target.name), p.weapon,
                                extras.power_attack)
    return Forecast(p.hit_chance, lines + knockdown + stray, caught=caught)


def _knockdown_line(b, u, t, weapon, power: bool) -> tuple[str, ...]:
    """The knockdown a hit calls for (rules: Wrestling, shoving and knockdown)."""
    from game.rules.impact import knockdown_odds
    ran = b.turn.ran if b.active == u.name and b.turn.ran >= 2 else 0
    odds = knockdown_odds(u, t, weapon, 5 * ran, power)
    return (odds.line(t.name),) if odds is not None else ()


def _coup_forecast(b, cmd) -> Forecast:
    """A Coup de Grace kills a helpless creature unless an attack of opportunity stops the
    killer first (rules: Turns, actions and initiative)."""
    from game.rules.sections import cite
    return Forecast(1.0, (f"{cmd.target} dies unless an attack of opportunity stops "
                          f"{cmd.unit} first ({cite(9)})",
                          f"both Big Actions; no other action or Reaction until "
                          f"{cmd.unit}'s next turn"))


def _register_attacks() -> None:
    from game.engine import commands as C
    forecaster(C.Attack)(lambda b, cmd: _attack_forecast(b, cmd, False))
    forecaster(C.PowerAttack)(lambda b, cmd: _attack_forecast(b, cmd, True))
    forecaster(C.CoupDeGrace)(_coup_forecast)


_register_attacks()

__all__ = ["Cell", "Forecast", "FORECASTERS", "attack_lines", "forecast", "forecaster"]
