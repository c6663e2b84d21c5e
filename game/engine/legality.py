"""What a creature may do now, and why not: the engine's one legality query.

`actions(b, name)` answers, for every action of the turn, whether it can be taken now and, if
not, the stable code and the sentence of the refusal; `options(b, name, action)` lists the legal
commands of one action (its targets, hexes or paths), each with the enemies it provokes.
Both run the handlers' own checks (`game.engine.handlers`): an action is enabled exactly when
one of its commands would be accepted by `Battle.apply`, and a disabled action's code is the
code `apply` gives its commands. The HUD, the computer player, the command line and the tests
read this; none of them re-derives a rule or reads the words of a refusal.

"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Iterator

from game.engine import commands as C
from game.engine import abilities as A
from game.engine import allies, archery, defense, equipment, healing, hiding
from game.engine import crossbows, crushing, doors, maneuvers, minions, shield_bash, stances
from game.engine import mounted
from game.engine import wrestling_maneuvers
from game.engine import passing, skill_actions, waking
from game.engine import smother, swallow
from game.engine import fear, guards
from game.engine import handlers as H
from game.engine.lfg_handlers import COMMANDS
from game.engine.state import Refused
from game.engine.direct_minions import can_direct_minions
from game.engine.follow_up import chance_now
from game.engine.interrupts import PREPARABLE, TRIGGERS, prepared_only
from game.engine.prepare_interrupt import can_prepare_interrupt
from game.engine.selective import can_defer, can_ignore_enemy
from game.engine.stances import walls_beside
from game.engine.turns import candidates
from game.hexgrid import footprint_turns, hex_neighbors
from game.rules import movement as rm
from game.rules.hands import second_weapons
from game.rules.knockout import knockout_weapon
from game.rules.situation import find_weapon


@dataclass(frozen=True)
class ActionOption:
    """One action of the turn for one creature now."""
    action: str              # "move", "attack", ... (ACTION_IDS)
    enabled: bool
    code: str = ""           # why not, stable ("no_big_action"); "" when enabled
    reason: str = ""         # why not, for people
    cost: str = ""           # what it spends ("1 Big Action")

    def to_dict(self) -> dict:
        return {"action": self.action, "enabled": self.enabled, "code": self.code,
                "reason": self.reason, "cost": self.cost}


@dataclass(frozen=True)
class Option:
    """A legal command of an action; `provokes` names the enemies whose attacks of
    opportunity it provokes (the command then carries confirm=True)."""
    command: C.Command
    provokes: tuple[str, ...] = ()


@dataclass(frozen=True)
class ActionKind:
    action: str
    cost: str
    available: Callable          # handlers.can_*: raises Refused when the action cannot start
    commands: Callable           # (battle, unit view) -> iterator of candidate commands
    reaction: bool = False       # answers a prompt: taken off the creature's turn


# ---- candidate commands of each action --------------------------------------------------------

def _cells(b, states) -> tuple:
    return tuple(b.cell(h) for h, _ in states)


def _path_command(b, u, kind, states, **kw) -> C.Command:
    facings = tuple(f for _, f in states) if footprint_turns(u.size) else ()
    if kind is C.Retreat:
        return C.Retreat(u.name, path=_cells(b, states), **kw)
    return C.Move(u.name, path=_cells(b, states), facings=facings, **kw)


def _moves(b, u) -> Iterator[C.Command]:
    budget = b.budget(u.name)
    reach = rm.reachable(b.view(), u, rm.movement_budget(budget.movement, budget.big, rm.speed_hexes(u)))
    for h in reach:
        if h == u.anchor:
            continue
        path = reach.path(h)
        if path is not None and path.states:
            yield _path_command(b, u, C.Move, path.states)


def _retreats(b, u) -> Iterator[C.Command]:
    reach = rm.retreat_targets(b.view(), u)
    for h in reach:
        path = reach.path(h) if h != u.anchor else None
        if path is not None and path.states:
            yield _path_command(b, u, C.Retreat, path.states)


def _steps(b, u) -> Iterator[C.Command]:
    for h in rm.five_foot_step_targets(b.view(), u):
        yield C.Step(u.name, to=b.cell(h))


def _runs(b, u) -> Iterator[C.Command]:
    for h in rm.run_targets(b.view(), u):
        yield C.Run(u.name, to=b.cell(h))


def _enemies(b, u):
    return [t for t in b.view().units if t.team != u.team and not t.dead]


def _charges(b, u) -> Iterator[C.Command]:
    view = b.view()
    for t in _enemies(b, u):
        for path in rm.charge_paths(view, u, t):
            yield C.Charge(u.name, to=b.cell(path.end), target=t.name)


def _attacks(b, u) -> Iterator[C.Command]:
    for t in _enemies(b, u):
        for w in u.weapons:
            yield C.Attack(u.name, target=t.name, weapon=w.id)


def _power_attacks(b, u) -> Iterator[C.Command]:
    for t in _enemies(b, u):
        for w in u.weapons:
            if w.can_melee:
                yield C.PowerAttack(u.name, target=t.name, weapon=w.id)


def _coups(b, u) -> Iterator[C.Command]:
    for t in _enemies(b, u):
        yield C.CoupDeGrace(u.name, target=t.name)


def _knockouts(b, u) -> Iterator[C.Command]:
    for t in _enemies(b, u):
        for w in u.weapons:
            if knockout_weapon(w):
                yield C.KnockoutStrike(u.name, target=t.name, weapon=w.id)


def _volleys(b, u) -> Iterator[C.Command]:
    """Each enemy, then each empty hex beside an enemy (a missile falling there may strike
    it: docs/rules/19-maneuvers-and-archery.md "Volley shots and indirect fire")."""
    weapons = [w for w in u.weapons if archery.can_volley_with(w)]
    enemies = list(_enemies(b, u))
    for t in enemies:
        for w in weapons:
            yield C.Volley(u.name, target=t.name, weapon=w.id)
    for cell in _empty_cells_beside(b, enemies):
        for w in weapons:
            yield C.Volley(u.name, weapon=w.id, at=cell)


def _empty_cells_beside(b, creatures) -> list:
    view = b.view()
    taken = {h for x in view.units if not x.dead for h in x.hexes}
    cells = {}
    for t in creatures:
        for h in t.hexes:
            for n in hex_neighbors(h):
                if n not in taken and view.hexmap.contains(n):
                    cells.setdefault(b.cell(n), None)
    return sorted(cells)


def _off_hands(b, u) -> Iterator[C.Command]:
    primary = find_weapon(u, b.turn.last_weapon) if b.turn.last_weapon else None
    foe = chance_now(b, u.name)
    for w in (second_weapons(u, primary) if primary is not None and foe else ()):
        yield C.OffHandAttack(u.name, target=foe, weapon=w.id)


def _covers(b, u) -> Iterator[C.Command]:
    for _, h in walls_beside(b, u):
        yield C.TakeCover(u.name, to=b.cell(h))


def _stand_ups(b, u) -> Iterator[C.Command]:
    yield C.StandUp(u.name)


def _interrupts(b, u) -> Iterator[C.Command]:
    for action in PREPARABLE:
        for trigger in TRIGGERS:
            yield C.PrepareInterrupt(u.name, trigger=trigger, action=action)


def _ignores(b, u) -> Iterator[C.Command]:
    for t in _enemies(b, u):
        yield C.IgnoreEnemy(u.name, target=t.name)


def _draws(b, u) -> Iterator[C.Command]:
    for w in u.sheathed:
        yield C.DrawWeapon(u.name, weapon=w.id)


def _sheathes(b, u) -> Iterator[C.Command]:
    for w in u.weapons:
        if not w.natural and not w.unarmed:
            yield C.SheatheWeapon(u.name, weapon=w.id)


def _pickups(b, u) -> Iterator[C.Command]:
    for w, h in u.dropped:
        if h in u.hexes:
            yield C.PickUp(u.name, weapon=w.id)


def _allies(kind) -> Callable:
    def commands(b, u) -> Iterator[C.Command]:
        for a in b.view().allies_of(u):
            yield kind(u.name, ally=a.name)
    return commands


def _single(kind) -> Callable:
    def commands(b, u) -> Iterator[C.Command]:
        yield kind(u.name)
    return commands


ACTIONS = (
    ActionKind("move", "1 Big Action per speed of hexes (left-over movement first)",
               H.can_move, _moves),
    ActionKind("run", "", H.can_run, _runs),
    ActionKind("charge", "", H.can_charge, _charges),
    ActionKind("step", "", H.can_step, _steps),
    ActionKind("attack", "1 Big Action per attack action (level 10+: two attacks in one; a "
               "loaded crossbow's shot: 1 Little Action)",
               H.can_attack, _attacks),
    ActionKind("power_attack", "", H.can_power_attack, _power_attacks),
    ActionKind("knockout_strike", "1 Big Action (an attack action)",
               maneuvers.can_knockout_strike, _knockouts),
    ActionKind("volley", "1 Big Action (an attack action)", archery.can_volley, _volleys),
    ActionKind("off_hand_attack", "1 Reaction", maneuvers.can_off_hand_attack, _off_hands),
    ActionKind("take_cover", "1 Little Action", stances.can_take_cover, _covers),
    ActionKind("lean_out", "1 Little Action", stances.can_lean_out, _single(C.LeanOut)),
    ActionKind("hide", "1 Little Action", hiding.can_hide, _single(C.Hide)),
    ActionKind("spot", "1 Little Action", hiding.can_spot, _single(C.Spot)),
    ActionKind("aim", "", H.can_aim, _single(C.Aim)),
    ActionKind("fight_defensively", "", H.can_fight_defensively,
               _single(C.FightDefensively)),
    ActionKind("stand_up", "", H.can_stand_up, _stand_ups),
    ActionKind("drop_prone", "", H.can_drop_prone, _single(C.DropProne)),
    ActionKind("retreat", "", H.can_retreat, _retreats),
    ActionKind("coup_de_grace", "", H.can_coup_de_grace, _coups),
    ActionKind("prepare_interrupt", "1 Big Action, and 1 kept for the prepared action",
               can_prepare_interrupt, _interrupts),
    ActionKind("ignore_enemy", "1 Little Action for every foe named this turn",
               can_ignore_enemy, _ignores),
    ActionKind("defer", "nothing: the ally picks another", can_defer, _single(C.Defer)),
    ActionKind("protect", "1 Big Action", allies.can_protect, _allies(C.Protect)),
    ActionKind("trade_spaces", "1 Big Action and the ally's Reaction", allies.can_trade_spaces,
               _allies(C.TradeSpaces)),
    ActionKind("first_aid", "", healing.can_first_aid, _allies(C.FirstAid)),
    ActionKind("active_parry", "1 Reaction", defense.can_active_parry,
               _single(C.ActiveParry), reaction=True),
    ActionKind("active_dodge", "1 Reaction", defense.can_active_dodge,
               _single(C.ActiveDodge), reaction=True),
    ActionKind("use_ability", "the action each ability names (most: 1 Big Action)",
               A.can_use_ability, A.candidates),
    ActionKind("grab", "1 Big Action (or an attack, with a weapon that grabs)",
               wrestling_maneuvers.can_grab, wrestling_maneuvers.candidates(C.Grab)),
    ActionKind("trip", "1 Big Action (or an attack, with a weapon that trips)",
               wrestling_maneuvers.can_trip, wrestling_maneuvers.candidates(C.Trip)),
    ActionKind("shove", "1 Big Action (or an attack, with a weapon that shoves)",
               wrestling_maneuvers.can_shove, wrestling_maneuvers.candidates(C.Shove)),
    ActionKind("pin", "", wrestling_maneuvers.can_pin, wrestling_maneuvers.pin_candidates),
    ActionKind("escape", "", wrestling_maneuvers.can_escape, _single(C.Escape)),
    ActionKind("shield_bash", "1 attack of the turn (its Big Action)",
               shield_bash.can_shield_bash, shield_bash.candidates),
    ActionKind("crushing_advance", "", crushing.can_crushing_advance, crushing.candidates),
    ActionKind("leave_map", "ends the turn", H.can_leave_map, _single(C.LeaveMap)),
    ActionKind("draw_weapon", "1 Little Action; provokes", equipment.can_draw_weapon, _draws),
    ActionKind("sheathe_weapon", "1 Little Action; provokes", equipment.can_sheathe_weapon,
               _sheathes),
    ActionKind("pick_up", "1 Little Action; provokes", equipment.can_pick_up, _pickups),
    ActionKind("load_crossbow", "1 Big Action; provokes", crossbows.can_load_crossbow,
               crossbows.candidates),
    ActionKind("open_door", "1 Little Action (Swift: it provokes no attack)",
               doors.can_open_door, doors.door_candidates("closed", C.OpenDoor)),
    ActionKind("close_door", "1 Little Action (Swift: it provokes no attack)",
               doors.can_close_door, doors.door_candidates("open", C.CloseDoor)),
    ActionKind("smash", "an attack (1 Big Action per attack action)", doors.can_smash,
               doors.smash_candidates),
    ActionKind("force_open", "1 Big Action", doors.can_force_open, doors.force_candidates),
    ActionKind("direct_minions", "", can_direct_minions, _single(C.DirectMinions)),
    ActionKind("demoralize", "1 Big Action; provokes", skill_actions.can_skill_action(
        "demoralize"), skill_actions.candidates(C.Demoralize)),
    ActionKind("dirty_trick", "1 Big Action; provokes", skill_actions.can_skill_action(
        "dirty_trick"), skill_actions.candidates(C.DirtyTrick)),
    ActionKind("combat_feint", "1 Big Action", skill_actions.can_skill_action("combat_feint"),
               skill_actions.candidates(C.CombatFeint)),
    ActionKind("insult", "1 Big Action; provokes", skill_actions.can_skill_action("insult"),
               skill_actions.candidates(C.Insult)),
    ActionKind("wake_up", "1 Big Action", waking.can_wake_up, waking.candidates),
    ActionKind("tumble", "movement (the foe's hex costs 2); provokes as a Move",
               passing.can_pass, passing.candidates(C.Tumble)),
    ActionKind("overpower", "movement (the foe's hex costs 2); provokes as a Move",
               passing.can_pass, passing.candidates(C.Overpower)),
    ActionKind("mount", "1 Big Action; provokes", mounted.can_mount, mounted.mount_candidates),
    ActionKind("dismount", "1 Big Action; provokes", mounted.can_dismount,
               mounted.dismount_candidates),
    ActionKind("stop_drop_roll", "both Big Actions (a full-round action)",
               smother.can_stop_drop_roll, smother.candidates),
    ActionKind("swallow", "1 Big Action", swallow.can_swallow, swallow.candidates),
    ActionKind("cut_free", "1 Big Action", swallow.can_cut_free, _single(C.CutFree)),
    ActionKind("end_turn", "nothing", minions.can_end_turn, _single(C.EndTurn)),
)
KINDS = {k.action: k for k in ACTIONS}
ACTION_IDS = tuple(KINDS)


# ---- the query ----------------------------------------------------------------------------------

def refusal(b, command: C.Command) -> Refused | None:
    """The refusal `command` would get now (None: it would be accepted); changes nothing."""
    rule = COMMANDS.get(type(command))
    if rule is None:
        return Refused("unknown_command", f"unknown command {type(command).__name__}")
    try:
        with minions.checking(b, minions.actor_of(command)):
            rule(b, command)
    except Refused as refused:
        return refused
    return None


def legal_option(b, command, refusal_of=None) -> Option | None:
    """`command` as an Option (confirmed when it provokes), or None when it is refused;
    `refusal_of(b, command)` is the profile's refusal (default: the default rules')."""
    return _option_or_refusal(b, command, refusal_of or refusal)[0]


def _option_or_refusal(b, command, refusal_of) -> tuple[Option | None, Refused | None]:
    """(the Option of `command`, None), or (None, the refusal of `command` as given)."""
    why = refusal_of(b, command)
    if why is None:
        return Option(command), None
    if why.code == "provokes" and why.data.get("confirmable"):
        confirmed = replace(command, confirm=True)
        if refusal_of(b, confirmed) is None:
            return Option(confirmed, tuple(why.data.get("provokers", ()))), None
    return None, why


def _legal(b, command: C.Command) -> Option | None:
    return legal_option(b, command)


def _start(b, name: str, kind: ActionKind, turn: tuple | None = None):
    """The actor's view, or the refusal that stops `kind` before any target is chosen;
    `turn`: `_turn_actor`'s answer when the caller already has it."""
    try:
        if kind.reaction:
            u = _reactor(b, name)
        else:
            u, refused = turn or _turn_actor(b, name)
            if refused is not None:
                return None, refused
            prepared_only(b, kind.action)
            fear.check_action(b, u, kind.action)
        kind.available(b, u)
    except Refused as refused:
        return None, refused
    return u, None


def _turn_actor(b, name: str) -> tuple:
    """(the view of `name` as the actor of the turn, None), or (None, why it is not): the
    same for every action of its turn, so the whole query asks it once."""
    try:
        return guards.actor_of_turn(b, C.EndTurn(name)), None
    except Refused as refused:
        return None, refused


def _reactor(b, name: str):
    """The creature answering a prompt (a Reaction is taken off its turn)."""
    if not isinstance(name, str) or name not in b.eids:
        b.entity(name)
    return b.unit(name)


def can_start(b, name: str, action: str) -> Refused | None:
    """Whether `action` can start now, before any target is chosen (its budget, conditions
    and weapons): None, or the refusal its commands would get. Cheap: no option is built."""
    with minions.checking(b, name):
        return _start(b, name, KINDS[action])[1]


def options(b, name: str, action: str) -> list[Option]:
    """Every legal command of `action` for `name` now (empty when the action is disabled)."""
    kind = KINDS[action]
    with minions.checking(b, name):     # a directed minion: as the actor of the turn
        u, why = _start(b, name, kind)
        if why is not None:
            return []
        found = [_legal(b, cmd) for cmd in kind.commands(b, u)]
    return [o for o in found if o is not None]


def _first_option(b, u, kind: ActionKind) -> tuple[Option | None, Refused | None]:
    first = None
    for cmd in kind.commands(b, u):
        option, why = _option_or_refusal(b, cmd, refusal)
        if option is not None:
            return option, None
        first = first or why
    return None, first


def action_option(b, name: str, action: str) -> ActionOption:
    with minions.checking(b, name):
        return _action_option(b, name, action)


def _action_option(b, name: str, action: str, turn: tuple | None = None) -> ActionOption:
    kind = KINDS[action]
    u, why = _start(b, name, kind, turn)
    if why is None:
        option, first = _first_option(b, u, kind)
        if option is not None:
            return ActionOption(action, True, cost=_cost_text(b, kind))
        why = Refused("no_target", _no_target_reason(action, first))
    return ActionOption(action, False, why.code, why.reason, _cost_text(b, kind))


def _cost_text(b, kind: ActionKind) -> str:
    """What the action spends in the battle's ruleset (Move and Attack say more than that)."""
    if kind.cost:
        return kind.cost
    return b.ruleset.economy.cost(kind.action).describe()


def _no_target_reason(action: str, first: Refused | None) -> str:
    what = {"move": "no hex to move to", "run": "no straight line to run along",
            "charge": "no enemy to charge: a straight run of 2+ hexes must end in reach",
            "step": "no free hex to step into", "attack": "no enemy within reach or range",
            "power_attack": "no enemy within melee reach",
            "retreat": "nowhere to retreat to", "coup_de_grace": "no helpless enemy in reach",
            "ignore_enemy": "no enemy left to ignore",
            "knockout_strike": "no enemy within reach or range of a bludgeoning weapon",
            "volley": "no enemy within range, nor a free hex beside one",
            "use_ability": "no creature within an ability's reach",
            "first_aid": "no bleeding ally next to it",
            "grab": "no enemy within reach to grab", "trip": "no enemy within reach to trip",
            "shove": "no enemy within reach to shove", "pin": "no grappled enemy to pin",
            "shield_bash": "no enemy within reach to bash",
            "crushing_advance": "no straight line through smaller foes to a free place",
            "open_door": "no closed door next to it", "close_door": "no open door next to it",
            "smash": "no door or breakable obstacle within reach",
            "force_open": "no door or obstacle to force next to it",
            "demoralize": "no foe within 6 hexes in sight to demoralize",
            "dirty_trick": "no foe next to it to trick",
            "combat_feint": "no foe within melee reach to feint against",
            "insult": "no foe within 6 hexes in sight to insult",
            "wake_up": "no sleeping creature next to it",
            "tumble": "no foe of one hex next to it with a free hex beyond",
            "overpower": "no foe of one hex next to it with a free hex beyond",
            "mount": "no free allied mount larger than it beside it",
            "dismount": "no free hex beside its mount to climb down into"}
    text = what.get(action, "not possible now")
    return f"{text} ({first.reason})" if first is not None else text


def actions(b, name: str) -> list[ActionOption]:
    """Every action of the turn for `name` now, in ACTION_IDS order (checked as one
    command's actor, see `action_option`)."""
    with minions.checking(b, name):
        turn = _turn_actor(b, name)
        return [_action_option(b, name, a, turn) for a in ACTION_IDS]


def choices(b) -> list[str]:
    """The creatures the chooser may pick to act next (selective initiative)."""
    return list(candidates(b)) if b.awaiting() == "choice" else []


__all__ = ["ACTIONS", "ACTION_IDS", "ActionOption", "KINDS", "Option", "action_option",
           "legal_option",
           "actions", "can_start", "choices", "options", "refusal"]
