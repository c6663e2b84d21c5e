"""Hide and Spot, two Little Actions (docs/rules/22-hiding-and-fog.md).

- **Hide**: a creature that is not hidden, with cover or concealment from every enemy that
  could see it (`game.rules.hiding.exposed_to` names those it lacks them from), rolls its Hide
  check: the total is its hidden value. From then on its enemies do not see it
  (`game.rules.knowledge`), cannot react to it, and are flat-footed against its attacks; it
  stays hidden across its turns until it attacks (`game.engine.combat.reveal`) or an enemy
  finds it (`game.engine.spotting`).
- **Spot**: one Spot check against every hidden enemy the creature has a line of sight to; an
  enemy whose hidden value it meets is found. It may be tried with no enemy hidden: whether
  one is there is what the check finds out. A Blinded creature cannot try it; a Distracted one
  (or one otherwise Unfortunate) rolls two d20 and keeps the worse
  (`game.rules.hiding.spot_fortune`).

Decisions of the game where the rules leave it open: Hide is a Little Action that provokes
nothing; one creature's find tells its whole side (and every enemy side).
"""
from __future__ import annotations

from game.engine import events as E
from game.engine import guards, spending
from game.engine.commands import Hide, Spot
from game.engine.forecast import Forecast
from game.engine.registry import COMMANDS, FORECASTS
from game.engine.spotting import found, hiders_against
from game.engine.state import Refused
from game.rules import hiding
from game.rules.sections import cite
from game.rules.skills import beats_dc_chance

R11, R22 = cite(11), cite(22)


def can_hide(b, u) -> None:
    """The legality of Hide for `u` (a UnitView) now."""
    guards.little_action(b, u, "Hide")
    if u.name in b.hidden:
        raise Refused("already_hidden", f"{u.name} is already hidden")
    exposed = hiding.exposed_to(b.view(), u)
    if exposed:
        raise Refused("no_hiding_place", f"{u.name} has neither cover nor concealment from "
                      f"{', '.join(exposed)}: hide behind something first ({R22})")


@COMMANDS.handles(Hide)
def hide(b, cmd):
    """Hide: its Hide check becomes its hidden value."""
    u = guards.actor_of_turn(b, cmd)
    can_hide(b, u)

    def perform():
        spending.spend_little(b, u.name, "Hide")
        spending.non_attack_action(b)
        bonus = hiding.hide_bonus(u).total
        natural = b.dice.d20()
        total = natural + bonus
        b.note(hidden=(*b.hidden, u.name), hide_values={**b.hide_values, u.name: total})
        b.emit(E.Hid(u.name, total, f"Hide d20 {natural} {bonus:+d} = {total} ({R22})"))
    return perform


def can_spot(b, u) -> None:
    """The legality of Spot for `u` now (it never depends on who is hidden)."""
    guards.little_action(b, u, "Spot")
    if not hiding.can_spot(u):
        raise Refused("blinded", f"{u.name} is Blinded: it fails every Spot check")


@COMMANDS.handles(Spot)
def spot(b, cmd):
    """Spot: one check against every hidden enemy in sight."""
    u = guards.actor_of_turn(b, cmd)
    can_spot(b, u)

    def perform():
        spending.spend_little(b, u.name, "Spot")
        spending.non_attack_action(b)
        bonus = hiding.spot_bonus(u).total
        natural, faces = b.dice.fortune_d20(hiding.spot_fortune(u))
        total = natural + bonus
        roll = f"d20 {natural}" if len(faces) == 1 else f"d20 {faces} -> {natural}"
        names = []
        for hider in hiders_against(b, b.unit(u.name)):
            value = b.hide_values[hider.name]
            if total >= value:
                names.append(hider.name)
                found(b, hider.name, u.name, "spot",
                      f"Spot {roll} {bonus:+d} = {total} meets its Hide {value}")
        b.emit(E.SpotRolled(u.name, total, f"Spot {roll} {bonus:+d} = {total} ({R22})",
                            tuple(names)))
    return perform


@FORECASTS.handles(Hide)
def hide_forecast(b, cmd) -> Forecast:
    """The Hide bonus, and what a passive Spot of each enemy would need to find it."""
    u = b.unit(cmd.unit)
    bonus = hiding.hide_bonus(u).total
    return Forecast(None, (f"Hide d20 {bonus:+d}: its enemies must meet the total with a "
                           f"Spot check ({R22})",))


@FORECASTS.handles(Spot)
def spot_forecast(b, cmd) -> Forecast:
    """The Spot bonus and its fortune (a Distracted spotter is Unfortunate: its own line); the
    chance is that of meeting an average hider (10 + its Hide 0)."""
    u = b.unit(cmd.unit)
    bonus, fortune = hiding.spot_bonus(u).total, hiding.spot_fortune(u)
    lines = [f"Spot d20 {bonus:+d}{hiding.spot_fortune_text(u)} against the Hide check of "
             f"every hidden enemy in sight ({R22})"]
    if "distracted" in u.conditions:
        lines.append(f"distracted: Unfortunate on Spot checks ({R11})")
    return Forecast(float(beats_dc_chance(bonus, 10, fortune)), tuple(lines))


__all__ = ["can_hide", "can_spot", "hide", "hide_forecast", "spot", "spot_forecast"]
