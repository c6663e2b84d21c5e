"""The forecasts of the wrestling maneuvers, the shield bash and the crushing advance (rules:
Wrestling, shoving and knockdown): the odds of the touch attack (or the weapon's attack) and
of the opposed check, what winning does and where a shoved creature ends. Nothing here rolls
or changes the battle; the numbers are the ones the handlers roll (`game.engine.wrestling`).
"""
from __future__ import annotations

from game.engine import commands as C
from game.engine import wrestling as WR
from game.engine.combat import own_extras
from game.engine.crushing import reach_hexes
from game.engine.forecast import Forecast
from game.engine.registry import FORECASTS
from game.engine.wrestling_maneuvers import strongest_hold
from game.rules import impact as I
from game.rules import saving_throws as saves
from game.rules import wrestling as W
from game.rules.probability import chances
from game.rules.sections import cite
from game.rules.situation import find_weapon, preview_weapon
from game.rules.threat import can_react
from game.rules.skills import beats_dc_chance
from game.rules import conditions as cond

R18 = cite(18)
WHAT = {"grab": "both are Grappled", "trip": "{t} is knocked prone",
        "pin": "{t} is Pinned", "escape": "{a} is free of the grapple",
        "shield_bash": "{t} is knocked prone; won by 5+: 1 + STR damage"}


def check_line(view, a, t, maneuver: str, extra=()) -> tuple[float, str, tuple]:
    """(chance to win, its line, the sides) of the opposed check."""
    mine, theirs = WR.sides(view, a, t, maneuver, extra)
    p = W.opposed_odds(mine[1].total, theirs[1].total, mine[2], theirs[2])
    luck = {1: " Fortunate", -1: " Unfortunate"}
    line = (f"{a.name}'s {mine[0].capitalize()} {mine[1].total:+d}{luck.get(mine[2], '')} vs "
            f"{t.name}'s {theirs[0].capitalize()} {theirs[1].total:+d}"
            f"{luck.get(theirs[2], '')}: win {p:.0%} (ties to {t.name}; {R18})")
    return p, line, (mine, theirs)


def opening(b, cmd, a, t, attack: bool = False) -> tuple[float, str]:
    """The chance the maneuver's opening attack hits, and its line."""
    view = b.view()
    w = find_weapon(a, cmd.weapon) if getattr(cmd, "weapon", None) else None
    if w is not None:
        p = preview_weapon(view, a, t, w, own_extras(b, a.name, t.name, w))
        return p.hit_chance, (f"{w.name}: hit {p.hit_chance:.0%}, expected damage "
                              f"{p.expected_damage:.1f}, then the check")
    plan = W.touch_plan(view, a, t, WR.touch_extras(b, a.name, t.name, attack))
    if plan is None or not plan.possible:
        return 0.0, "no touch attack possible"
    hit = float(chances(plan).hit)
    return hit, f"unarmed touch attack: hit {hit:.0%} ({plan.describe()})"


def _shove_lines(b, cmd, a, t, sides) -> tuple[tuple, tuple]:
    view = b.view()
    direction = WR.shove_direction(b, t, a.hexes, getattr(cmd, "to", None))
    if direction is None:
        return (f"{t.name} cannot be shoved that way",), ()
    mine, theirs = sides
    lines, ends = [], ()
    for k in (1, 2, 3):
        path = W.shove_path(view, t, a.hexes, direction, k)
        p = W.margin_odds(mine[1].total, theirs[1].total, W.SHOVE_STEP * (k - 1) + 1,
                          mine[2], theirs[2])
        if not path.anchors:
            lines.append(f"{t.name} is against something: the shove moves it nowhere")
            break
        end = b.cell(path.end)
        lines.append(f"shoved {len(path.anchors)} hex to {end[0]},{end[1]}: {p:.0%}"
                     + (f" (a fall of {5 * path.drop} ft)" if path.drop else ""))
        if k == 1:
            ends = ((t.name, end),)
        if len(path.anchors) < k:
            break
    return tuple(lines), ends


@FORECASTS.handles(C.Grab, C.Trip, C.Shove)
def maneuver_forecast(b, cmd) -> Forecast:
    """Grab, Trip and Shove."""
    view = b.view()
    kind = {C.Grab: "grab", C.Trip: "trip", C.Shove: "shove"}[type(cmd)]
    a, t = view.unit(cmd.unit), view.unit(cmd.target)
    hit, first = opening(b, cmd, a, t)
    extra = WR.charge_bonus(b, a.name) if kind == "trip" else ()
    win, line, sides = check_line(view, a, t, kind, extra)
    lines = [first, line]
    ends = ()
    if kind == "shove":
        more, ends = _shove_lines(b, cmd, a, t, sides)
        lines += more
    else:
        lines.append("won: " + WHAT[kind].format(a=a.name, t=t.name))
    if cmd.weapon is None and W.provokes(a, kind):
        lines.append(f"provokes attacks of opportunity: {a.name} is no trained wrestler "
                     f"(Wrestling ranks under {W.TRAINED_RANKS})")
    return Forecast(hit * win, tuple(lines), ends)


@FORECASTS.handles(C.Pin)
def pin_forecast(b, cmd) -> Forecast:
    view = b.view()
    a, t = view.unit(cmd.unit), view.unit(cmd.target)
    win, line, _ = check_line(view, a, t, "pin")
    return Forecast(win, (line, "won: " + WHAT["pin"].format(a=a.name, t=t.name)))


@FORECASTS.handles(C.Escape)
def escape_forecast(b, cmd) -> Forecast:
    view = b.view()
    a = view.unit(cmd.unit)
    t = view.unit(strongest_hold(view, a))
    win, line, _ = check_line(view, a, t, "escape")
    return Forecast(win, (line, "won: " + WHAT["escape"].format(a=a.name, t=t.name)))


@FORECASTS.handles(C.ShieldBash)
def bash_forecast(b, cmd) -> Forecast:
    view = b.view()
    a, t = view.unit(cmd.unit), view.unit(cmd.target)
    hit, first = opening(b, cmd, a, t, attack=True)
    win, line, sides = check_line(view, a, t, "shield_bash", WR.charge_bonus(b, a.name))
    mine, theirs = sides
    big = W.margin_odds(mine[1].total, theirs[1].total, 5, mine[2], theirs[2])
    lines = [first, line, "won: " + WHAT["shield_bash"].format(a=a.name, t=t.name),
             f"won by 5+: {big:.0%}", f"{a.name}'s shield does not count against other "
             "foes until its next turn"]
    ends = ()
    if cmd.to is not None:
        more, ends = _shove_lines(b, cmd, a, t, sides)
        lines.append(more[0])
    return Forecast(hit * win, tuple(lines), ends)


@FORECASTS.handles(C.CrushingAdvance)
def crush_forecast(b, cmd) -> Forecast:
    """Each foe's chance to be crushed (its Reaction spent when it can react)."""
    view = b.view()
    u = view.unit(cmd.unit)
    line = I.crush_lines(view, u, reach_hexes(u)).get(b.hexmap.hex_at(*cmd.to))
    if line is None:
        return Forecast(0.0, ("no Crushing Advance there",))
    dc = I.crush_dc(u).total
    odds = crush_odds(view, u, line)
    lines = tuple(f"{name}: {check} {bonus:+d} vs DC {dc}: crushed {p:.0%}"
                  for name, check, bonus, p in odds)
    fails = [p for *_, p in odds]
    return Forecast(sum(fails) / len(fails) if fails else 0.0, lines,
                    ((u.name, tuple(cmd.to)),), tuple(line.caught))


def crush_odds(view, u, line) -> tuple[tuple[str, str, int, float], ...]:
    """(name, check, bonus, chance to be crushed) of each foe a crushing advance sweeps (its
    Reaction spent when it can react, as the engine does)."""
    dc = I.crush_dc(u).total
    out = []
    for name in line.caught:
        t = view.unit(name)
        check, bonus = I.resist_crush(t, can_react(t))
        auto = check == "REF" and saves.fails_automatically("REF", t.conditions)
        p = 1.0 if auto else 1.0 - float(beats_dc_chance(bonus.total, dc,
                                                         cond.fortune(t.conditions)))
        out.append((name, check, bonus.total, p))
    return tuple(out)


__all__ = ["bash_forecast", "check_line", "crush_forecast", "crush_odds", "escape_forecast",
           "maneuver_forecast", "opening", "pin_forecast"]
