"""The action bar's Ability mode (no pygame): which ability is aimed, the template that
follows the mouse (snapped to the engine's legal aims, `game.ui.ability_aim`), and the click
that uses it, with the same confirm-before-provoking flow as a provoking move.

The controller keeps the state in its `UIModel` (`ability`: the ability id, `aim`: the
`AimPreview` under the mouse); the board draws the area and, on each creature caught, its
chance to fail and its expected damage, the user's own side in the warning colour.
"""
from __future__ import annotations

from dataclasses import replace

from game.ui.ability_aim import snap


def first_usable(battle, name: str) -> str | None:
    """The ability the mode starts with: the first of the creature's with a legal aim."""
    u = battle.unit(name)
    usable = {o.command.ability for o in battle.options(name, "use_ability")}
    return next((a.id for a in u.unit.abilities if a.id in usable), None)


def next_ability(battle, name: str, current: str | None) -> str | None:
    """Tab in the Ability mode: the next ability of the creature (round the list)."""
    ids = [a.id for a in battle.unit(name).unit.abilities]
    if not ids:
        return None
    return ids[(ids.index(current) + 1) % len(ids)] if current in ids else ids[0]


def refresh(ctl, actor: str) -> None:
    """The template under the mouse (or nothing to draw) for the acting creature."""
    m = ctl.model
    m.aim = None
    if m.ability is None or m.hover_cell is None:
        return
    m.aim = snap(ctl.battle, actor, m.ability, ctl.battle.hexmap.hex_at(*m.hover_cell))
    if m.aim is not None:
        m.highlighted = {f.name for f in m.aim.caught}


def click(ctl, actor: str):
    """Use the ability as aimed; a provoking use waits for a second click or Enter."""
    m = ctl.model
    if m.aim is None:
        ctl._say("this ability has no legal aim now (rules: Special abilities)")
        return None
    if m.aim.refusal:
        ctl._say(m.aim.refusal)
        return None
    cmd = m.aim.command
    if m.aim.provokes:
        confirmed = replace(cmd, confirm=True)
        if m.pending == confirmed:
            return ctl.confirm()
        m.pending = confirmed
        ctl._say(f"using it provokes {', '.join(m.aim.provokes)}: click again or press Enter "
                 "to confirm")
        return None
    return ctl.send(cmd)


__all__ = ["click", "first_usable", "next_ability", "refresh"]
