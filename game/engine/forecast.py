"""What a command is expected to do before it is sent: the engine's forecasts for previews.

The HUD's generic action mode, the computer player and the tests ask `forecast(b, command)`
for any command of the legality query (`battle.options`). An action that has something to
forecast (an opposed check's odds, where a shoved creature ends, who a stray arrow may strike)
registers a pure function with `@FORECASTS.handles(CommandType)` (game.engine.registry) in
its handler module; actions without one answer None. A forecaster never rolls dice and never
changes the battle.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.engine.minions import actor_of, checking
from game.engine.registry import FORECASTS
from game.rules.attack import plan_attack
from game.rules.impact import as_cavalry, knockdown_odds
from game.rules.sections import cite
from game.rules.situation import Extras, situation
from game.rules.volume import stray_odds

Cell = tuple[int, int]


@dataclass(frozen=True)
class Forecast:
    """The expected outcome of one command.

    `chance`: of success as the action defines it (the attack hits, the opposed check is
    won), None when nothing is rolled. `lines`: what a preview shows, itemised, each naming
    its rule ("Wrestling +6 vs Acrobatics +3: win 62%"). `ends`: where creatures moved by
    the command would end, as (name, col,row). `caught`: the creatures the command may
    affect besides its target (an area, a stray missile), for highlighting. `harm`: the
    damage each creature it may strike can expect (chance x damage, criticals counted), for
    the profiles that forecast it."""
    chance: float | None = None
    lines: tuple[str, ...] = ()
    ends: tuple[tuple[str, Cell], ...] = ()
    caught: tuple[str, ...] = ()
    harm: tuple[tuple[str, float], ...] = ()     # (creature, damage it may expect)
    refused: str = ""          # the refusal's code when the battle would refuse the command

    def to_dict(self) -> dict:
        data = {"chance": self.chance, "lines": list(self.lines),
                "ends": [{"unit": n, "hex": list(c)} for n, c in self.ends],
                "caught": list(self.caught)}
        if self.harm:
            data["harm"] = [{"unit": n, "expected": round(v, 2)} for n, v in self.harm]
        if self.refused:
            data["refused"] = self.refused
        return data


def refused_forecast(refusal) -> Forecast:
    """The forecast of a command the battle would refuse: nothing happens (chance 0), the
    refusal's reason is its line and its code is `refused`."""
    return Forecast(0.0, (refusal.reason,), refused=refusal.code)


def forecast(b, command) -> Forecast | None:
    """The forecast of `command` now (None: the action forecasts nothing), for a command the
    battle accepts: `Battle.forecast` answers a refused one with `refused_forecast`."""
    fn = FORECASTS.get(type(command))
    if fn is None:
        return None
    with checking(b, actor_of(command)):      # a minion's command: the minion is the actor
        return fn(b, command)


# ---- the attacks of the turn ---------------------------------------------------------------------

def attack_lines(b, p, extras) -> Forecast:
    """An attack preview's forecast: its odds, its roll, and where a missed missile may
    fly (rules: Special attacks and archery, Unintended targets)."""
    if not p.possible:
        return Forecast(0.0, (p.reason,))
    sit = p.situation
    stray, caught = stray_forecast(b, sit.attacker.name, sit.target.name, p.weapon, extras)
    lines = (f"{p.weapon.name}: hit {p.hit_chance:.0%}, critical {p.crit_chance:.0%}, "
             f"expected damage {p.expected_damage:.1f}", p.plan.describe())
    knockdown = _knockdown_line(b, b.unit(sit.attacker.name), b.unit(sit.target.name), p.weapon,
                                extras.power_attack, extras.charge)
    return Forecast(p.hit_chance, lines + knockdown + stray, caught=caught)


def _knockdown_line(b, u, t, weapon, power: bool, charge: bool = False) -> tuple[str, ...]:
    """The knockdown a hit calls for (rules: Wrestling, shoving and knockdown)."""
    ran = b.turn.ran if b.active == u.name and b.turn.ran >= 2 else 0
    odds = knockdown_odds(as_cavalry(u, weapon, charge), t, weapon, 5 * ran, power)
    return (odds.line(t.name),) if odds is not None else ()


def _stray_plan(view, attacker: str, name: str, weapon, mode: str, indirect: bool):
    s = situation(view, attacker, name, weapon, Extras(mode=mode, stray=True,
                                                      indirect=indirect))
    return plan_attack(s.situation) if s.situation is not None else None


def stray_forecast(b, attacker: str, target: str, weapon, extras: Extras):
    """(lines, names) of the stray missile of a ranged attack: each creature it may strike,
    with the chance, and whose side it is on (docs/rules/19-maneuvers-and-archery.md
    "Unintended targets"; the computer player weighs the same numbers)."""
    view = b.view()
    s = situation(view, attacker, target, weapon, extras)
    if s.situation is None or not s.situation.ranged:
        return (), ()
    plan = plan_attack(s.situation)
    odds = stray_odds(view, attacker, target, plan, s.cover,
                      lambda n: _stray_plan(view, attacker, n, weapon, s.mode, plan.indirect))
    team = view.unit(attacker).team
    lines = []
    for name, p in odds:
        side = "ally" if view.unit(name).team == team else "enemy"
        lines.append(f"Stray missile: {name} ({side}), {p:.0%} chance to be struck ({cite(19)})")
    return tuple(lines), tuple(n for n, _ in odds)


__all__ = ["Cell", "Forecast", "attack_lines", "forecast", "refused_forecast", "stray_forecast"]
