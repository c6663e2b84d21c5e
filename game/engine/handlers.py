"""One short function per command: check it against the rules, then return what performs it
(docs/rules/03-movement.md, 04-attacks-of-opportunity.md, 09-turns-and-actions.md,
10-attacks-and-damage.md, 12-winning.md).

Each handler is registered with `@COMMANDS.handles(...)` (game.engine.registry) and opens
with the guards of game.engine.guards, which raise `Refused(reason)` before anything changes,
with a reason that says what to do instead ("Wulfric has no Big Action left", "the path leaves
hex 4,5 threatened by Orc 1: confirm or take a 5-Foot Step"). It returns a `perform()`
function; performing may pause on an `ask` reaction (a generator yielding `combat.Ask`;
`React` resumes it; `turns.drive` runs it). `handle` dispatches a command to its handler.

The turn's budget (docs/rules/09-turns-and-actions.md): 2 Big + 1 Little Action; a Big Action may
be spent as a Little one; full-round actions (Retreat, Coup de Grace) need both Big Actions, and
until the creature's next turn it takes no other action nor reaction (the `full_round` effect). A
Move gives `speed` hexes per Big Action spent; leftover movement may be used by a later Move this
turn and is lost at its end (docs/rules/03-movement.md). Attacks per turn by level
(`game.rules.initiative`); -2 per consecutive attack (-1 alternating weapons). A Charge is a Run
and an attack (two Big Actions); an Attack made right after a Run of 2+ hexes is a Charge attack
too (as in the hex-native rules). A loaded crossbow shoots with the Little Action instead
(`game.engine.crossbows`).

Decisions where the rules reference is silent: a prone creature may only Stand Up, Retreat (half
speed) or act in place (no Move, Run, Step or Charge); creatures do not attack their own side;
Prepare to Interrupt, Defer and Ignore an Enemy are in `game.engine.prepare_interrupt` and
`game.engine.selective`; an attack may be interrupted before it is rolled; Aim is lost when the AOO
it provoked hits; LeaveMap (on an exit hex, docs/rules/12-winning.md) ends the turn.
"""
from __future__ import annotations

from game.data.model import AOO_POLICIES
from game.engine import commands as C
from game.engine import events as E
from game.engine import turns
from game.ecs.components import ActionBudget, Controller, RunCourse
from game.engine.attacks import (attack_action, attack_left, begin_attack, pick_weapon,
                                 still_possible)
from game.engine.guards import (actor_of_turn, big_action, big_cost, cell, confirm_action,
                                confirm_path, confirm_provocation, enemy_target, free_to_move,
                                little_action, not_in_full_round, path_states,
                                ready_for_commands, threateners)
from game.engine.spending import non_attack_action, spend, spend_little, until_next_turn
from game.engine.registry import COMMANDS, FORECASTS
from game.engine.state import Refused
from game.engine import crossbows, full_round, grapples, minions, spotting
from game.engine.combat import opportunity_attacks, own_extras, reacts, stopped
from game.engine.defense import set_defense_policy
from game.engine.falling import path_forecast
from game.engine.forecast import Forecast, attack_lines
from game.engine.movement import check_path, check_retreat, fmt, speed_hexes, walk
from game.hexgrid import direction_between, footprint
from game.rules import aoo
from game.rules import conditions as cond
from game.rules import flight
from game.rules.locomotion import flies, is_dive
from game.rules import movement as rules_movement
from game.rules.movement import charge_paths, five_foot_step_targets, run_targets
from game.rules.sections import cite
from game.rules.situation import attack_check, find_weapon, preview_weapon
from game.rules.threat import footprint_distance, threatening_weapons

# ---- attacks --------------------------------------------------------------------------------

def can_attack(b, u) -> None:
    """An attack left this turn, or a loaded crossbow to shoot with the Little Action."""
    try:
        attack_left(b, u)
    except Refused:
        if not crossbows.may_shoot_with_little(b, u):
            raise
    if not u.weapons:
        raise Refused("no_weapon", f"{u.name} has no weapon")


def can_power_attack(b, u) -> None:
    attack_left(b, u)
    if not any(w.can_melee for w in u.weapons):
        raise Refused("no_melee_weapon", f"{u.name} has no melee weapon for a Power Attack")


@COMMANDS.handles(C.Attack)
def attack(b, cmd, power: bool = False):
    """Attack (docs/rules/10-attacks-and-damage.md) and Power Attack
    (docs/rules/09-turns-and-actions.md, melee only)."""
    u = actor_of_turn(b, cmd)
    (can_power_attack if power else can_attack)(b, u)
    t = enemy_target(b, u, cmd.target)
    weapon = pick_weapon(b, u, t, cmd.weapon, melee_only=power, power=power)
    view = b.view()
    p = attack_check(view, u, t, weapon, own_extras(b, u.name, t.name, weapon, power))
    if not p.possible:
        raise Refused("cannot_attack", f"{u.name} cannot attack {t.name} with {weapon.name}: {p.reason}")
    if power and p.mode != "melee":
        raise Refused("out_of_reach", f"Power Attack is a melee attack: {t.name} is out of {weapon.name}'s "
                      "reach")
    shot = crossbows.is_crossbow_shot(weapon, p.mode)
    attack_left(b, u, little=shot)
    provokers = [] if p.mode == "melee" and not weapon.unarmed else \
        confirm_action(cmd, view, u, "an unarmed attack" if weapon.unarmed
                        else f"a {p.mode} attack")

    def perform():
        if not (yield from still_possible(b, u.name, t.name, weapon)):
            return
        if shot:
            crossbows.begin_shot(b, u)
        else:
            begin_attack(b, u, "Power Attack" if power else "Attack")
        yield from attack_action(b, u.name, t.name, weapon, power, provokers)
        if power and u.name in b.eids and not b.unit(u.name).dead:
            until_next_turn(b, u.name, "off_balance")
    return perform


@COMMANDS.handles(C.PowerAttack)
def power_attack(b, cmd):
    return attack(b, cmd, power=True)


def can_aim(b, u) -> None:
    big_action(b, u, big_cost(b, "aim"), "Aim")
    if not any(w.attack != "melee" or w.can_throw for w in u.weapons):
        raise Refused("no_ranged_weapon", f"Aim helps ranged attacks only: {u.name} has no "
                      "ranged weapon")


@COMMANDS.handles(C.Aim)
def aim(b, cmd):
    """Aim (docs/rules/09-turns-and-actions.md): +1 on the next ranged attack this turn;
    provokes."""
    u = actor_of_turn(b, cmd)
    can_aim(b, u)
    provokers = confirm_action(cmd, b.view(), u, "aiming")

    def perform():
        spend(b, u.name, "Aim", big=big_cost(b, "aim"))
        non_attack_action(b)
        hp = b.unit(u.name).hp
        yield from opportunity_attacks(b, u.name, b.cell(u.anchor), provokers, "aiming",
                                       stop_if_prone=False)
        if u.name in b.eids and not stopped(b, u.name, by_prone=False):
            b.note_turn(aim=b.unit(u.name).hp >= hp)    # struck before the shot, the aim is lost
    return perform


@COMMANDS.handles(C.FightDefensively)
def fight_defensively(b, cmd):
    """Fight Defensively (docs/rules/09-turns-and-actions.md): -4 attack, +2 dodge AC until the
    next turn."""
    u = actor_of_turn(b, cmd)
    can_fight_defensively(b, u)

    def perform():
        spend(b, u.name, "Fight Defensively", big=big_cost(b, "fight_defensively"))
        non_attack_action(b)
        until_next_turn(b, u.name, "fighting_defensively")
    return perform


def can_fight_defensively(b, u) -> None:
    big_action(b, u, big_cost(b, "fight_defensively"), "Fight Defensively")
    if u.has("fighting_defensively"):
        raise Refused("already_defending", f"{u.name} is already fighting defensively "
                      "until its next turn")
    if not threatening_weapons(u):
        raise Refused("no_melee_weapon", f"{u.name} needs a melee weapon to fight defensively")
    if b.budget(u.name).attacks:
        raise Refused("already_attacked", f"{u.name} has attacked this turn: too late to "
                      "fight defensively")


def can_coup_de_grace(b, u) -> None:
    big_action(b, u, big_cost(b, "coup_de_grace"), "Coup de Grace")


@COMMANDS.handles(C.CoupDeGrace)
def coup_de_grace(b, cmd):
    """Coup de Grace (docs/rules/09-turns-and-actions.md): full-round; a helpless target in melee
    reach dies when the actor's next turn starts (game.engine.full_round)."""
    u = actor_of_turn(b, cmd)
    can_coup_de_grace(b, u)
    t = enemy_target(b, u, cmd.target)
    code, why = full_round.coup_problem(u, t)
    if code:
        raise Refused(code, why)
    provokers = confirm_action(cmd, b.view(), u, "a Coup de Grace")

    def perform():
        spend(b, u.name, "Coup de Grace", big=big_cost(b, "coup_de_grace"))
        non_attack_action(b)
        until_next_turn(b, u.name, "full_round")
        yield from opportunity_attacks(b, u.name, b.cell(u.anchor), provokers,
                                       "coup de grace", stop_if_prone=False)
        if stopped(b, u.name, by_prone=False) or t.name not in b.eids:
            return
        full_round.begin(b, u.name, t.name)     # the blow lands when its next turn starts
    return perform


# ---- movement -------------------------------------------------------------------------------

def can_move(b, u) -> None:
    free_to_move(b, u, "Move")
    if speed_hexes(u) <= 0:
        raise Refused("no_speed", f"{u.name} cannot move (speed 0)")
    budget = b.budget(u.name)
    if budget.movement <= 0 and budget.big <= 0:
        raise Refused("no_big_action", f"{u.name} has no movement left and no Big Action "
                      "for a Move")


@COMMANDS.handles(C.Move)
def move(b, cmd):
    """Move (docs/rules/03-movement.md) along a chosen path; Big Actions as needed, leftover
    kept."""
    u = actor_of_turn(b, cmd)
    can_move(b, u)
    budget = b.budget(u.name)
    states = path_states(b, u, cmd.path, cmd.facings)
    view = b.view()
    costs, why = check_path(view, u, states)
    if costs is None:
        raise Refused("illegal_path", f"{u.name} cannot take that path: {why}")
    cost, speed = sum(costs), speed_hexes(u)
    turning = flight.turning_problem(u, [h for h, _ in states], cost, speed) if flies(u) else ""
    if turning:
        raise Refused("illegal_path", f"{u.name} cannot take that path: {turning} (rules: "
                      "Terrain and falling)")
    need = rules_movement.move_big_actions(cost, budget.movement, speed)
    if need is None or need > budget.big:
        raise Refused("too_far", f"the path costs {cost} hexes of movement; {u.name} has "
                      f"{budget.movement} left and {budget.big} Big Action{'' if budget.big == 1 else 's'} "
                      f"of {speed}")
    confirm_path(cmd, view, aoo.forecast(view, u, states, "move"), "the path")

    def perform():
        if need:
            spend(b, u.name, "Move", big=need)
        left = b.budget(u.name).movement + need * speed - cost
        b.update(u.name, ActionBudget, movement=left, moved=True)
        non_attack_action(b)
        yield from walk(b, u.name, states, costs, "move")
    return perform


def can_step(b, u) -> None:
    budget = b.budget(u.name)
    if budget.moved or budget.stepped:
        raise Refused("already_moved", f"{u.name} has already moved this turn: no 5-Foot Step")
    free_to_move(b, u, "5-Foot Step")
    if flies(u) and u.unit.fly_maneuver != "perfect":
        raise Refused("flying", f"{u.name} is flying: only a perfectly maneuverable flyer may "
                      "take a 5-Foot Step (rules: Climbing, swimming, flying and falling)")
    little_action(b, u, "a 5-Foot Step")
    if speed_hexes(u) <= 1:
        raise Refused("too_slow", f"{u.name}'s speed is 5 ft or less: no 5-Foot Step")
    if u.has("broken_leg"):
        raise Refused("broken_leg", f"{u.name} has a broken leg: no 5-Foot Step")
    if not cond.can_step(u.conditions):
        raise Refused("hindered", f"{u.name} is hindered: no 5-Foot Step")


@COMMANDS.handles(C.Step)
def step(b, cmd):
    """5-Foot Step (docs/rules/03-movement.md): Swift, 1 hex, never provokes, not after moving."""
    u = actor_of_turn(b, cmd)
    can_step(b, u)
    h = cell(b, cmd.to)
    view = b.view()
    targets = five_foot_step_targets(view, u)
    if h not in targets:
        costs, why = check_path(view, u, [(h, u.facing)])
        if costs is not None:
            why = f"{fmt(view, h)} is difficult terrain"
        raise Refused("illegal_path", f"no 5-Foot Step to {fmt(view, h)}: {why}")
    path = targets[h]

    def perform():
        spend_little(b, u.name, "5-Foot Step")
        b.update(u.name, ActionBudget, stepped=True, moved=True)
        non_attack_action(b)
        yield from walk(b, u.name, path.states, [1], "step")
    return perform


def _run_path(b, u, h, paths, what: str):
    limit = 2 * speed_hexes(u)
    path = next((p for p in paths if p.end == h and len(p.states) <= limit), None)
    if path is None:
        raise Refused("illegal_path", f"no {what} to {fmt(b.view(), h)}: a Run goes straight along one of the "
                      f"six directions, up to {limit} hexes, not through difficult terrain, "
                      "enemies or more than one ally")
    return path


def _runner(b, u, big: int, what: str) -> None:
    free_to_move(b, u, what)
    if not cond.can_run(u.conditions):
        raise Refused("cannot_run", f"{u.name} cannot run")
    big_action(b, u, big, what)


def _record_run(b, u, path) -> None:
    """The runner's state keeps its course until its next turn (docs/rules/03-movement.md: the AC
    against ranged attacks depends on it)."""
    until_next_turn(b, u.name, "running")
    b.update(u.name, RunCourse, start=u.anchor,
             direction=direction_between(u.anchor, path.states[0][0]) or 0)


def _dived(b, u, start) -> bool:
    """Did the Run of `u` from `start` come down 10 ft as it flew (a Dive Attack may follow:
    docs/rules/21-terrain-and-falling.md "Flying")?"""
    return is_dive(b.hexmap, b.unit(u.name), start, b.unit(u.name).anchor)


def can_run(b, u) -> None:
    _runner(b, u, 1, "Run")


def can_charge(b, u) -> None:
    if b.budget(u.name).big < 2:
        raise Refused("needs_full_round", f"a Charge is a Run and an attack: {u.name} needs "
                      "both Big Actions")
    _runner(b, u, 2, "Charge")
    attack_left(b, u)
    if not any(w.can_melee for w in u.weapons):
        raise Refused("no_melee_weapon", f"{u.name} has no melee weapon for a Charge attack")


@COMMANDS.handles(C.Run)
def run(b, cmd):
    """Run (docs/rules/03-movement.md): a Big Action, straight up to 2 x speed; -2 AC vs melee and
    -2 ranged attack rolls until the next turn."""
    u = actor_of_turn(b, cmd)
    can_run(b, u)
    h = cell(b, cmd.to)
    view = b.view()
    path = _run_path(b, u, h, run_targets(view, u).values(), "Run")
    confirm_path(cmd, view, path.provocations, "the Run")

    def perform():
        spend(b, u.name, "Run", big=big_cost(b, "run"))
        b.update(u.name, ActionBudget, moved=True)
        non_attack_action(b)
        _record_run(b, u, path)
        start = u.anchor
        done = yield from walk(b, u.name, path.states, [1] * len(path.states), "run")
        b.note_turn(ran=len(path.states) if done else 0, dived=done and _dived(b, u, start))
    return perform


@COMMANDS.handles(C.Charge)
def charge(b, cmd):
    """Charge (docs/rules/03-movement.md): a Run of 2+ hexes ending with the target in melee reach,
    then a melee attack with +2 damage (two Big Actions)."""
    u = actor_of_turn(b, cmd)
    can_charge(b, u)
    t = enemy_target(b, u, cmd.target)
    weapon = find_weapon(u, cmd.weapon) if cmd.weapon is not None else None
    if cmd.weapon is not None and (weapon is None or not weapon.can_melee):
        raise Refused("no_melee_weapon", f"{u.name} has no melee weapon {cmd.weapon!r} for a "
                      "Charge attack")
    h = cell(b, cmd.to)
    view = b.view()
    path = _run_path(b, u, h, charge_paths(view, u, t), f"Charge at {t.name}")
    if weapon is not None:
        end = footprint(u.size, path.end, path.facing)
        if footprint_distance(end, t) > (u.unit.reach_with(weapon) or 0):
            raise Refused("out_of_reach", f"{t.name} would be out of {weapon.name}'s reach from "
                          f"{fmt(view, path.end)}")
    confirm_path(cmd, view, path.provocations, "the Charge")

    def perform():
        spend(b, u.name, "Run (Charge)", big=1)
        b.update(u.name, ActionBudget, moved=True)
        non_attack_action(b)
        _record_run(b, u, path)
        start = u.anchor
        done = yield from walk(b, u.name, path.states, [1] * len(path.states), "charge")
        if not done or stopped(b, u.name) or t.name not in b.eids or b.unit(t.name).dead:
            return
        b.note_turn(ran=len(path.states), dived=_dived(b, u, start))
        me = b.unit(u.name)
        w = weapon or pick_weapon(b, me, b.unit(t.name), None, melee_only=True)
        if not preview_weapon(b.view(), me, t.name, w,
                              own_extras(b, u.name, t.name, w)).possible:
            return
        if not (yield from still_possible(b, u.name, t.name, w)):
            return
        begin_attack(b, b.unit(u.name), "Charge attack")
        yield from attack_action(b, u.name, t.name, w)
        yield from pounce(b, u.name, t.name, w)
    return perform


def pounce(b, name: str, target: str, first):
    """Pounce (docs/rules/17-special-abilities.md "Pounce, Rake, Swallow Whole and poison"): the Charge attack of a creature
    with the trait strikes with a second, different natural weapon too."""
    me = b.unit(name) if name in b.eids else None
    if me is None or not me.unit.pounce or not first.natural or stopped(b, name) or \
            target not in b.eids or b.unit(target).dead:
        return
    second = next((w for w in me.weapons if w.natural and w.can_melee and w.id != first.id
                   and preview_weapon(b.view(), me, target, w,
                                      own_extras(b, name, target, w)).possible), None)
    if second is not None:
        b.note_turn(ran=2)          # still the Charge's attack (+2 damage)
        yield from attack_action(b, name, target, second, kind="pounce")


def can_retreat(b, u) -> None:
    if not threatening_weapons(u):
        raise Refused("does_not_threaten", f"{u.name} threatens no hex (no melee or natural "
                      "weapon in hand): only a creature that threatens may Retreat")
    big_action(b, u, big_cost(b, "retreat"), "Retreat")
    grapples.refuse_movement(u, "Retreat")
    if b.budget(u.name).stepped:
        raise Refused("stepped", f"{u.name} took a 5-Foot Step this turn: no Retreat")
    if speed_hexes(u) // (2 if u.has("prone") else 1) <= 0:
        raise Refused("no_speed", f"{u.name} is too slow to retreat")


@COMMANDS.handles(C.Retreat)
def retreat(b, cmd):
    """Retreat (docs/rules/03-movement.md): full-round, up to speed (half when prone), away from
    the enemies that threaten it; only steps toward a new enemy provoke; Unfortunate until its
    turn."""
    u = actor_of_turn(b, cmd)
    can_retreat(b, u)
    states = path_states(b, u, cmd.path)
    view = b.view()
    costs, why = check_path(view, u, states)
    if costs is None:
        raise Refused("illegal_path", f"{u.name} cannot retreat that way: {why}")
    limit = speed_hexes(u) // (2 if u.has("prone") else 1)
    if sum(costs) > limit:
        raise Refused("too_far", f"the Retreat costs {sum(costs)} hexes; {u.name} may "
                      f"retreat {limit}")
    why = check_retreat(view, u, states)
    if why:
        raise Refused("retreat_not_away", why)
    confirm_path(cmd, view, aoo.forecast(view, u, states, "retreat"), "the Retreat")

    def perform():
        spend(b, u.name, "Retreat", big=big_cost(b, "retreat"))
        b.update(u.name, ActionBudget, moved=True)
        non_attack_action(b)
        until_next_turn(b, u.name, "retreating")
        until_next_turn(b, u.name, "full_round")
        yield from walk(b, u.name, states, costs, "retreat")
    return perform


def can_stand_up(b, u) -> None:
    if not u.has("prone"):
        raise Refused("not_prone", f"{u.name} is not prone")
    big_action(b, u, big_cost(b, "stand_up"), "Stand Up")


@COMMANDS.handles(C.StandUp)
def stand_up(b, cmd):
    """Stand Up (docs/rules/03-movement.md): a Big Action, provokes; may move 1 hex as part of
    it."""
    u = actor_of_turn(b, cmd)
    can_stand_up(b, u)
    view = b.view()
    stand = threateners(view, u)
    states, costs = [], []
    if cmd.to is not None:
        grapples.refuse_movement(u, "move while standing up")
        states = [(cell(b, cmd.to), u.facing)]
        costs, why = check_path(view, u, states)
        if costs is None:
            raise Refused("illegal_path", f"{u.name} cannot move there as it stands up: {why}")
    moving = [p for p in aoo.forecast(view, u, states, "stand_up")] if states else []
    reactors = [n for n in stand if reacts(view.unit(n))] + \
        [x.name for p in moving for x in p.by if reacts(x)]
    if reactors:
        who = ", ".join(dict.fromkeys(stand + [x.name for p in moving for x in p.by]))
        confirm_provocation(cmd, dict.fromkeys(reactors),
                            f"standing up next to {who} provokes attacks of opportunity: confirm")

    def perform():
        spend(b, u.name, "Stand Up", big=big_cost(b, "stand_up"))
        non_attack_action(b)
        yield from opportunity_attacks(b, u.name, b.cell(u.anchor), stand, "standing up",
                                       stop_if_prone=False)
        if stopped(b, u.name, by_prone=False):
            return
        b.remove_condition(u.name, "prone")
        b.emit(E.Stood(u.name))
        if states:
            b.update(u.name, ActionBudget, moved=True)
            yield from walk(b, u.name, states, costs, "stand_up", provoked=stand)
    return perform


def can_drop_prone(b, u) -> None:
    if u.has("prone"):
        raise Refused("already_prone", f"{u.name} is already prone")
    if u.mount:         # docs/rules/03-movement.md "Riding a mount"
        raise Refused("mounted", f"{u.name} rides {u.mount}: Dismount before lying down")
    little_action(b, u, "Drop Prone")


@COMMANDS.handles(C.DropProne)
def drop_prone(b, cmd):
    """Drop Prone (docs/rules/03-movement.md): a Swift action."""
    u = actor_of_turn(b, cmd)
    can_drop_prone(b, u)

    def perform():
        spend_little(b, u.name, "Drop Prone")
        non_attack_action(b)
        b.set_condition(u.name, "prone", 1)
    return perform


# ---- turn flow ------------------------------------------------------------------------------

@COMMANDS.handles(C.EndTurn)
def end_turn(b, cmd):
    u = actor_of_turn(b, cmd)
    minions.can_end_turn(b, u)

    def perform():
        turns.finish_turn(b, u.name)
        turns.proceed(b)
    return perform


@COMMANDS.handles(C.ChooseNext)
def choose_next(b, cmd):
    """Selective initiative (docs/rules/09-turns-and-actions.md): the chooser picks who acts
    next."""
    ready_for_commands(b)
    if b.active is not None:
        raise Refused("not_choosing", f"it is {b.active}'s turn; the next actor is chosen when a turn ends")
    if cmd.unit != b.chooser:
        raise Refused("not_chooser", f"{b.chooser} picks who acts next, not {cmd.unit}")
    options = turns.candidates(b)
    if cmd.next not in options:
        why = "it cannot be chosen"
        if isinstance(cmd.next, str) and cmd.next in b.eids:
            u = b.unit(cmd.next)
            why = ("it is dead" if u.dead else "it cannot act" if not cond.can_act(
                u.conditions) else "it has already acted this round")
        elif not isinstance(cmd.next, str) or cmd.next not in b.left:
            why = "there is no such unit"
        raise Refused("cannot_be_chosen", f"{cmd.next} cannot act next: {why}; choose one of: "
                      f"{', '.join(options)}")

    def perform():
        turns.choose(b, b.chooser, cmd.next)
    return perform


@COMMANDS.handles(C.React)
def react(b, cmd):
    """The `ask` policy's answer (docs/rules/04-attacks-of-opportunity.md,
    09-turns-and-actions.md): accept makes the AOO or tries the Interrupt Turn, else it is
    declined."""
    if b.winner:
        ready_for_commands(b)
    if b.pending is None:
        raise Refused("no_reaction_awaited", "no reaction is awaited")
    if cmd.unit != b.pending.reactor:
        raise Refused("not_reactor", f"the battle waits for {b.pending.reactor}'s reaction, not {cmd.unit}'s")
    if not isinstance(cmd.accept, bool):
        raise Refused("bad_command", "React.accept is true or false")

    def perform():
        process = b.pending.resume
        b.wait_for(None)
        turns.drive(b, process, cmd.accept, started=True)
    return perform


def can_leave_map(b, u) -> None:
    not_in_full_round(u, "leaving the map")
    if not any(b.hexmap.terrain_at(h).exit for h in u.hexes):
        raise Refused("not_on_exit", f"{u.name} is not on an exit hex: move onto one first")


@COMMANDS.handles(C.LeaveMap)
def leave_map(b, cmd):
    """docs/rules/12-winning.md: leave the battle from an exit hex; the turn ends."""
    u = actor_of_turn(b, cmd)
    can_leave_map(b, u)

    def perform():
        b.emit(E.LeftMap(u.name, b.cell(u.anchor)))
        if b.commander:         # a minion in its leader's turn: only the minion goes
            b.remove(u.name)
            return
        turns.finish_turn(b, u.name)
        b.note_entry("interrupts", u.name, None)
        b.remove(u.name)
        turns.proceed(b)
    return perform


@COMMANDS.handles(C.SetPolicy)
def set_policy(b, cmd):
    """docs/rules/04-attacks-of-opportunity.md: a creature's AOO policy, "always", "never" or
    "ask"."""
    if b.winner:
        ready_for_commands(b)
    if not isinstance(cmd.unit, str) or cmd.unit not in b.eids:
        b.entity(cmd.unit)
    if cmd.policy not in AOO_POLICIES:
        raise Refused("bad_command", f"unknown policy {cmd.policy!r} (use {', '.join(AOO_POLICIES)})")
    field = {"aoo": "aoo_policy", "interrupt": "interrupt_policy"}.get(cmd.reaction)
    if field is None and cmd.reaction != "defense":
        raise Refused("bad_command", f"unknown reaction {cmd.reaction!r} "
                      "(use aoo, interrupt or defense)")

    def perform():
        if cmd.reaction == "defense":
            set_defense_policy(b, cmd.unit, cmd.policy)
        else:
            b.update(cmd.unit, Controller, **{field: cmd.policy})
        b.emit(E.PolicySet(cmd.unit, cmd.policy, cmd.reaction))
    return perform


# ---- forecasts ------------------------------------------------------------------------------

def _attack_forecast(b, cmd, power_attack: bool) -> Forecast:
    """An attack's hit chance and expected damage with the weapon the handler would pick."""
    view = b.view()
    u, t = view.unit(cmd.unit), view.unit(cmd.target)
    weapon = pick_weapon(b, u, t, cmd.weapon, melee_only=power_attack, power=power_attack)
    extras = own_extras(b, u.name, t.name, weapon, power_attack)
    p = preview_weapon(view, u, t, weapon, extras)
    return attack_lines(b, p, extras)


@FORECASTS.handles(C.Attack)
def attack_forecast(b, cmd) -> Forecast:
    return _attack_forecast(b, cmd, False)


@FORECASTS.handles(C.PowerAttack)
def power_attack_forecast(b, cmd) -> Forecast:
    return _attack_forecast(b, cmd, True)


@FORECASTS.handles(C.CoupDeGrace)
def coup_de_grace_forecast(b, cmd) -> Forecast:
    """A Coup de Grace kills a helpless creature unless an attack of opportunity stops the
    killer first (rules: Turns, actions and initiative)."""
    return Forecast(1.0, (f"{cmd.target} dies at the start of {cmd.unit}'s next turn, unless "
                          f"{cmd.unit} is stopped first (an attack of opportunity, moved, "
                          f"disabled) or {cmd.target} recovers ({cite(9)})",
                          f"both Big Actions; no other action or Reaction until "
                          f"{cmd.unit}'s next turn"))


@FORECASTS.handles(C.Move)
def move_forecast(b, cmd):
    """The checks and falls on the way (game.engine.falling), None when there are none."""
    u = b.unit(cmd.unit)
    return path_forecast(b, u, path_states(b, u, cmd.path, cmd.facings))


@FORECASTS.handles(C.Retreat)
def retreat_forecast(b, cmd):
    u = b.unit(cmd.unit)
    return path_forecast(b, u, path_states(b, u, cmd.path))


# ---- dispatch -------------------------------------------------------------------------------

def handle(b, cmd) -> list:
    """Check `cmd` (Refused: nothing changed), perform it, return its events."""
    actor = minions.actor_of(cmd)
    with minions.checking(b, actor):
        perform = COMMANDS[type(cmd)](b, cmd)
    minions.take_over(b, actor)         # a directed minion acts in its leader's turn
    turns.drive(b, perform())
    spotting.expose(b)      # a hidden creature in the open is found (rules: Hiding ...)
    return list(b._out)




__all__ = ["handle"]
