"""A battle of the light or the steller rules in the window (docs/rules/light/actions.md,
docs/rules/steller/actions.md): what the action bar's buttons do, what the pointer and a click
do when no action is chosen, and the reach tinted under the acting creature. No pygame; every
answer is the engine's legality query (`battle.options`, `battle.action`) and its forecasts
(`battle.forecast`), as for the computer.

- An action without a target (Jump, Get Up, Block, Consume Substance, End Turn) is sent at
  once; any other enters the generic targeting mode (`game.ui.more_mode`) with that action:
  its targets tinted, the forecast of the hovered one shown, a click sends it.
- With no action chosen, the pointer on an enemy shows the forecast of the attack a click
  makes (light: a Volley Attack, else a Light Attack; steller: a basic attack, the weapon Tab
  chose or the likeliest to harm), and on a free hex the path of the move a click makes (light:
  a Shift where it reaches, else a Walk, else a Run; steller: a Walk, as the default rules'
  click is a Move); a command that provokes waits for a second click or Enter.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from game.engine.commands import EndTurn
from game.engine.light.commands import VolleyAttack
from game.engine.light.strikes import leaving_range
from game.engine.steller.body import sheet_of as steller_sheet
from game.engine.steller.commands import UsePower
from game.engine.steller.strikes import threatening
from game.hexgrid import footprint
from game.ui.model import MovePreview, MoreState, MoreTarget
from game.ui.battle_memo import cached
from game.ui.presenters import action_label, bar_table, power_name, short_reason

#: the actions a button sends at once (their only option names no target)
TARGETLESS = ("jump", "get_up", "block", "consume_substance", "end_turn",
              "stand_up", "second_wind", "total_defense", "action_point", "delay",
              "sustain_grab")   # from stand_up on: steller
#: a click on a free hex: the first of these whose option ends there
CLICK_MOVES = ("shift", "walk", "run")
#: a click on an enemy: the first of these the engine offers against it
CLICK_ATTACKS = ("volley_attack", "light_attack")
MOVE_WORDS = {"shift": "Shift", "walk": "Walk", "run": "Run"}


def _light_attack(battle, actor: str, target: str, weapon: str | None):
    return VolleyAttack(actor, target=target, weapon=weapon)


def _steller_attack(battle, actor: str, target: str, weapon: str | None):
    """The basic attack a click on `target` would make: the one Tab chose, else the melee."""
    sheet = steller_sheet(battle, actor)
    basic = sheet.basic("melee") or sheet.basic("ranged")
    return UsePower(actor, power=weapon or (basic.id if basic else ""), target=target)


def _light_leaving(battle, name: str, here, there) -> list[str]:
    return leaving_range(battle, name, here, there)


def _steller_leaving(battle, name: str, here, there) -> list[str]:
    return threatening(battle, name, here)


@dataclass(frozen=True)
class FreeClicks:
    """What a click with no action chosen does under one rulebook: the moves tried on a free
    hex, the attacks on an enemy, the command whose refusal says why no attack is offered,
    and who a step from one hex to the next provokes (the engine's own query)."""
    moves: tuple[str, ...]
    attacks: tuple[str, ...]
    attack: Callable
    leaving: Callable


FREE_CLICKS = {
    "light": FreeClicks(CLICK_MOVES, CLICK_ATTACKS, _light_attack, _light_leaving),
    "steller": FreeClicks(("walk",), ("basic_attack",), _steller_attack, _steller_leaving),
}


def clicks(battle) -> FreeClicks:
    return FREE_CLICKS.get(battle.profile.name, FREE_CLICKS["light"])


def weapon_of(command) -> str | None:
    """The weapon of an attack command: a light weapon, or a steller basic attack (a power)."""
    return getattr(command, "weapon", None) or getattr(command, "power", None)


def ends(battle, name: str, action: str) -> dict:
    """cell -> the engine's option of a path move (`action`) that ends there."""
    def compute():
        return {tuple(o.command.path[-1]): o for o in battle.options(name, action)
                if getattr(o.command, "path", None)}
    return cached(battle, ("light-ends", name, action), compute)


def reach_tiers(battle, name: str, mode: str) -> dict:
    """The acting creature's reach with no action chosen: where a Shift or a Walk ends (1),
    where only a Run gets (3); nothing for another creature or in an action's mode (its own
    targets are tinted then)."""
    if name != battle.active or mode != "move" or battle.health(name).dead:
        return {}
    if battle.profile.name == "steller":            # a click walks: the walk's reach
        return {cell: 1 for cell in ends(battle, name, "walk")}
    out = {cell: 3 for cell in ends(battle, name, "run")}
    for action in ("walk", "shift"):
        out.update((cell, 1) for cell in ends(battle, name, action))
    return out


# ---- the action bar ------------------------------------------------------------------------

def do_action(ctl, action: str):
    """An action bar button of a light battle (its engine action id)."""
    actor = ctl._living(ctl.actor())
    if actor is None:
        ctl._say("wait for your turn")
        return None
    name, m = actor.name, ctl.model
    state = ctl.battle.action(name, action)
    if not state.enabled:
        ctl._say(f"{action_label(ctl.battle, action)}: "
                 f"{short_reason(action, state, bar_table(ctl.battle))} ({state.reason})")
        return None
    if action not in TARGETLESS:
        if m.mode == "more" and m.more.action == action == "use_power":
            from game.ui.more_mode import cycle_power
            return cycle_power(ctl)         # M again: the next power
        ctl.choose_more(action)
        return None
    if action == "end_turn" and _warn_before_ending(ctl, name):
        return None
    m.mode, m.more = "move", MoreState()
    return ctl.send(ctl.battle.options(name, action)[0].command)


#: the action whose being possible means the turn's main action is unused, and its name
UNUSED_MAIN = {"light": ("block", "major action"), "steller": ("total_defense",
                                                               "standard action")}


def _warn_before_ending(ctl, name: str) -> bool:
    """With the warning on, ending a turn whose major action (steller: standard action) is
    unused waits for a second End Turn or Enter."""
    m = ctl.model
    pending = isinstance(m.pending, EndTurn)
    probe, words = UNUSED_MAIN.get(ctl.battle.profile.name, UNUSED_MAIN["light"])
    if not ctl.end_warning or pending or ctl.battle.can_start(name, probe) is not None:
        return False
    m.pending = ctl.battle.options(name, "end_turn")[0].command
    m.pending_preview = None
    ctl._say(f"{name} has not used its {words}: end the turn anyway? E again or Enter "
             "to end it, Esc to go on")
    return True


def hint(battle, action: str | None, power: str | None = None) -> str:
    """The message line while an action of the bar is chosen."""
    if action is None:
        return "no target for that action now"
    label = action_label(battle, action)
    if action == "use_power":
        return (f"{label}: {power_name(battle, battle.active, power)}: click a highlighted "
                "target (Tab or M: the next power; Esc: cancel)")
    if action == "wait":
        return f"{label}: click an ally to act just after it (Tab: just before; Esc: cancel)"
    return f"{label}: click a highlighted target (Tab: another way; Esc: cancel)"


# ---- no action chosen: the pointer and a click ------------------------------------------

def free_option(ctl, actor: str, cell, who: str | None):
    """(action, option) a click on `cell` would send with no action chosen, or
    (action, None) and why not in `ctl.model.refusal`."""
    b, table = ctl.battle, clicks(ctl.battle)
    if who is not None and who != actor and ctl.hostile(actor, who):
        for action in table.attacks:
            found = [o for o in b.options(actor, action) if o.command.target == who and
                     (ctl.model.weapon is None or weapon_of(o.command) == ctl.model.weapon)]
            if found:
                return action, max(found, key=lambda o: _harm(b, o, who))
        why = b.refusal(table.attack(b, actor, who, ctl.model.weapon))
        ctl.model.refusal = why.reason if why is not None else \
            b.action(actor, table.attacks[0]).reason
        return table.attacks[0], None
    if who is not None:
        return None, None
    for action in table.moves:
        option = ends(b, actor, action).get(tuple(cell))
        if option is not None:
            return action, option
    return None, None


def _harm(b, option, target: str) -> float:
    forecast = b.forecast(option.command)
    return dict(getattr(forecast, "harm", ()) or ()).get(target, 0.0)


def refresh_free(ctl, actor: str) -> None:
    """The pointer with no action chosen: the path of the move a click makes (with whom it
    provokes, highlighted), or the forecast of its attack (in `model.more.hovered`, as the
    targeting mode shows it)."""
    m = ctl.model
    m.more = MoreState()
    m.refusal = ""
    if m.hover_cell is None:
        return
    action, option = free_option(ctl, actor, m.hover_cell, m.hover_unit)
    if option is None:
        return
    forecast = ctl.battle.forecast(option.command)
    m.highlighted = set(option.provokes)
    if action in clicks(ctl.battle).moves:   # the path's label says it all, the provoked marked
        m.preview = move_preview(ctl.battle, actor, action, option)
        return
    m.more.hovered = MoreTarget(m.hover_cell, (option,), 0, forecast, action=action)


def move_preview(battle, name: str, action: str, option) -> MovePreview:
    """The path of a Shift, Walk or Run option drawn as the default rules' moves are, each
    enemy it provokes at the hex it leaves (the engine's query: light `leaving_range`,
    steller `threatening`), each once."""
    leaving = clicks(battle).leaving
    u = battle.unit(name)
    cells = [tuple(c) for c in option.command.path]
    provokes, here, at, told = [], u.hexes, battle.cell(u.anchor), set()
    for cell in cells:
        there = tuple(footprint(u.size, battle.hexmap.hex_at(*cell), u.facing))
        names = [n for n in leaving(battle, name, here, there)
                 if n in option.provokes and n not in told]
        told.update(names)
        if names:
            provokes.append((at, names, [True] * len(names)))
        here, at = there, cell
    n = len(cells)
    return MovePreview(cells, n, None, provokes, None, None, action,
                       words="1 move action")


def click_free(ctl, actor: str, cell, who: str | None):
    """A click with no action chosen: walk there, or attack the enemy there (a provoking
    command waits for a second click or Enter)."""
    m = ctl.model
    action, option = free_option(ctl, actor, cell, who)
    if option is None:
        if who is not None and who != actor and not ctl.hostile(actor, who):
            ctl.select(who)
        elif action is not None:
            ctl._say(m.refusal)
        elif who is None:
            ctl._say(f"{cell[0]},{cell[1]} is out of {actor}'s reach this turn")
        return None
    if option.provokes and m.pending != option.command:
        m.pending, m.pending_preview = option.command, m.preview
        what = MOVE_WORDS.get(action) or action_label(ctl.battle, action)
        ctl._say(f"The {what} provokes {', '.join(option.provokes)}: click again or press "
                 "Enter to confirm. A Shift provokes nothing; Esc cancels.")
        return None
    return ctl.send(option.command)


def command_words(battle, command) -> str:
    """A light command in a few words: what one variant of a target does (Tab)."""
    kind = type(command).__name__
    path = getattr(command, "path", ())
    where = f"to {path[-1][0]},{path[-1][1]}" if path else ""
    weapon = getattr(command, "weapon", None)
    if kind == "Wait":
        return f"act {'after' if command.after else 'before'} {command.ally}"
    if kind == "UsePower":
        aim = f", aimed {command.aim}" if command.aim is not None else ""
        at = f" at {command.at[0]},{command.at[1]}" if command.at and not aim else ""
        target = f" on {command.target}" if command.target else ""
        return f"{power_name(battle, command.unit, command.power)}{target}{at}{aim}"
    if kind == "HandleEquipment":
        return f"take the {command.weapon} in hand"
    if kind == "Charge" and path:               # the steller charge: the blow ends the move
        return f"{command.target}, striking from {path[-1][0]},{path[-1][1]}"
    if getattr(command, "target", None):
        with_ = f" with the {_weapon_name(battle, command.unit, weapon)}" if weapon else ""
        then = f", then move {where}" if where else (", and stay" if kind == "DashAttack"
                                                      else "")
        return f"{command.target}{with_}{then}"
    return f"{where}, {len(path)} hex{'es' if len(path) != 1 else ''}" if path else \
        MOVE_WORDS.get(kind.lower(), kind)


def _weapon_name(battle, name: str, weapon_id: str) -> str:
    from game.engine.light.body import light_weapon
    w = light_weapon(battle, name, weapon_id)
    return w.name if w is not None else weapon_id


__all__ = ["CLICK_ATTACKS", "CLICK_MOVES", "FREE_CLICKS", "FreeClicks", "TARGETLESS",
           "click_free", "clicks", "command_words", "weapon_of",
           "do_action", "ends", "free_option", "hint", "move_preview", "reach_tiers",
           "refresh_free"]
