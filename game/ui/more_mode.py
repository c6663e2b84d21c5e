"""The "More actions" mode (J): the actions without a button of their own
(`presenters.MORE_ACTIONS`), offered and targeted through the engine alone (no pygame here).

The mode's action is one of the engine's action ids. Its targets are the engine's own legal
commands (`battle.options`): a command naming a creature (`target`, `ally`) is aimed at that
creature's hexes, one naming a hex (`to`) at that hex, and one naming neither (Escape, Take
Cover, ...) at the acting creature itself. Several commands on one target (another weapon,
another direction) are its variants: Tab cycles them. Hovering a target shows the engine's
forecast of the chosen variant (`battle.forecast`); a click sends it, and a command that
provokes waits for a second click or Enter, as a provoking move does.
"""
from __future__ import annotations

from game.engine.steller import powers as steller_powers
from game.ui.model import MoreState, MoreTarget
from game.ui.presenters import MORE_ACTIONS

MORE_IDS = tuple(a for a, _, _ in MORE_ACTIONS)


def usable(battle, name: str) -> list[str]:
    """The more-actions `name` may take now, in the menu's order."""
    states = {o.action: o for o in battle.actions(name)}
    return [a for a in MORE_IDS if a in states and states[a].enabled]


def next_action(battle, name: str, current: str | None) -> str | None:
    """J in the mode: the next usable more-action after `current` (round the list)."""
    ids = usable(battle, name)
    if not ids:
        return None
    return ids[(ids.index(current) + 1) % len(ids)] if current in ids else ids[0]


def target_cells(battle, name: str, command) -> list[tuple[int, int]]:
    """The cells a command is aimed at: the last hex of its path (a move, or a Dash Attack's
    move after its shot), the named creature's, the named hex (`to`, a power's `at`), or the
    actor's; a wall's first hex."""
    path = getattr(command, "path", None)
    if path:
        return [tuple(path[-1])]
    who = getattr(command, "target", None) or getattr(command, "ally", None)
    if isinstance(who, str) and who in battle.eids:
        return [battle.cell(h) for h in battle.unit(who).hexes]
    to = getattr(command, "to", None)
    if to is None:
        to = getattr(command, "at", None)   # a power's area: its centre (a cone: its start)
    if to is None and getattr(command, "wall", None):
        to = command.wall[0]                # a wall: its first hex (Tab turns it)
    if to is not None:
        return [tuple(to)]
    return [battle.cell(h) for h in battle.unit(name).hexes]


def targets(battle, name: str, action: str, power: str | None = None) -> dict:
    """cell -> the legal commands of `action` aimed there (as Options); with `power`, only
    the commands that use that power (the light rules' Use Power)."""
    out: dict = {}
    for option in battle.options(name, action):
        if power is not None and getattr(option.command, "power", None) != power:
            continue
        for cell in target_cells(battle, name, option.command):
            out.setdefault(cell, []).append(option)
    return {cell: tuple(options) for cell, options in out.items()}


def start(ctl, action: str | None = None, cycle: bool = False) -> None:
    """Enter the mode with `action` (None: the first usable one; with `cycle`, the one after
    the mode's current action)."""
    m, actor = ctl.model, ctl.actor()
    if actor is None:
        m.more = MoreState()
        return
    chosen = action or next_action(ctl.battle, actor, m.more.action if cycle else None)
    power = next_power(ctl.battle, actor, None) if chosen == POWER else None
    m.more = MoreState(chosen, targets(ctl.battle, actor, chosen, power) if chosen else {},
                       power=power)


POWER = "use_power"     # the light rules' action whose commands name a power


def powers(battle, name: str) -> list[str]:
    """The powers `name` may use now (those with a legal target), in its stat block's order."""
    return list(dict.fromkeys(o.command.power for o in battle.options(name, POWER)))


def next_power(battle, name: str, current: str | None) -> str | None:
    ids = powers(battle, name)
    if not ids:
        return None
    return ids[(ids.index(current) + 1) % len(ids)] if current in ids else ids[0]


def cycle_power(ctl) -> None:
    """Use Power: aim the next power that has a target."""
    m, actor = ctl.model, ctl.actor()
    if actor is None or m.more.action != POWER:
        return
    power = next_power(ctl.battle, actor, m.more.power)
    m.more = MoreState(POWER, targets(ctl.battle, actor, POWER, power), power=power)
    from game.ui.presenters import power_name
    ctl._say(f"power: {power_name(ctl.battle, actor, power)}" if power else
             "no power can be used now")
    ctl._refresh_hover()


def refresh(ctl, actor: str) -> None:
    """The hovered target and its forecast (the board highlights every target)."""
    m, more = ctl.model, ctl.model.more
    more.hovered = None
    options = more.targets.get(m.hover_cell) if m.hover_cell is not None else None
    if not options:
        return
    chosen = options[more.variant % len(options)]
    forecast = ctl.battle.forecast(chosen.command)
    more.hovered = MoreTarget(m.hover_cell, options, more.variant, forecast,
                              area=area_cells(ctl.battle, chosen.command))
    m.highlighted = set(chosen.provokes)
    if ctl.battle.profile.name != "lfg":          # who the area or the attack may strike
        m.highlighted |= set(getattr(forecast, "caught", ()) or ()) - {actor}


def area_cells(battle, command) -> tuple:
    """The cells an area power of the light or steller rules would cover (the engine's own
    template), () for any other command."""
    if getattr(command, "power", None) is None:
        return ()
    if battle.profile.name == "steller":
        return steller_area_cells(battle, command)
    if battle.profile.name != "light":
        return ()
    from game.engine.light.powers import area_hexes, power_of
    from game.engine.state import Refused
    u = battle.unit(command.unit)
    try:
        power = power_of(battle, u, command.power)
        if power.area is None:
            return ()
        return tuple(sorted(battle.cell(h) for h in area_hexes(battle, u, power, command)
                            if battle.hexmap.contains(h)))
    except Refused:
        return ()


def steller_area_cells(battle, command) -> tuple:
    """The cells a steller close or area power would cover (docs/rules/steller/powers.md)."""
    from game.engine.state import Refused
    u = battle.unit(command.unit)
    try:
        power = steller_powers.power_of(battle, u, command.power)
        if not power.area:
            return ()
        hexes, _ = steller_powers.area_hexes(battle, u, power, command)
        return tuple(sorted(battle.cell(h) for h in hexes if battle.hexmap.contains(h)))
    except Refused:
        return ()


def cycle_variant(ctl) -> None:
    """Tab in the mode: the hovered target's next command (weapon, direction ...); Use Power
    with nothing else to choose there: the next power."""
    more = ctl.model.more
    if more.action == POWER and (more.hovered is None or len(more.hovered.options) < 2):
        return cycle_power(ctl)
    more.variant += 1
    ctl._refresh_hover()


def click(ctl, actor: str):
    """Send the hovered target's chosen command; a provoking one waits for confirmation."""
    m, hovered = ctl.model, ctl.model.more.hovered
    if m.more.action is None:
        ctl._say("no more action can be taken now")
        return None
    if hovered is None or hovered.option is None:
        ctl._say("click one of the highlighted hexes or creatures")
        return None
    option = hovered.option
    if option.provokes:
        if m.pending == option.command:
            return ctl.confirm()
        m.pending = option.command
        ctl._say(f"this provokes {', '.join(option.provokes)}: click again or press Enter "
                 "to confirm")
        return None
    return ctl.send(option.command)


def after_send(ctl) -> None:
    """The battle changed: the mode's targets again (or the mode ends when none is left)."""
    m, actor = ctl.model, ctl.actor()
    if m.mode != "more" or actor is None or m.more.action is None:
        return
    if ctl.battle.can_start(actor, m.more.action) is not None or \
            ctl.battle.profile.name == "light":     # a light action is one click: done
        m.mode, m.more = "move", MoreState()
        return
    m.more = MoreState(m.more.action, targets(ctl.battle, actor, m.more.action))


__all__ = ["MORE_IDS", "POWER", "MoreState", "MoreTarget", "after_send", "area_cells", "click",
           "cycle_power", "cycle_variant", "next_action", "next_power", "powers", "refresh",
           "start", "target_cells", "targets", "usable"]
