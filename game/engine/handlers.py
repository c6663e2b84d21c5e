"""One short function per command: check it against the rules, then return what performs it
(RULES.md 3 movement, 4 AOO, 9 actions and initiative, 10 attacks, 12 leaving the map).

Each checker raises `Refused(reason)` before anything changes, with a reason that says what to
do instead ("Wulfric has no Big Action left", "the path leaves hex 4,5 threatened by Orc 1:
confirm or take a 5-Foot Step"). It returns a `perform()` function; performing may pause
on an `ask` reaction (a generator yielding `combat.Ask`; `React` resumes it).

The turn's budget (RULES.md 9): 2 Big + 1 Little Action; a Big Action may be spent as a Little
one; full-round actions (Retreat, Coup de Grace) need both Big Actions, and until the
creature's next turn it takes no other action nor reaction (the `full_round` effect). A Move gives `speed`
hexes per Big Action spent; leftover movement may be used by a later Move this turn and is
lost at its end (RULES.md 3). Attacks per turn by level (`game.rules.initiative`); -2 per
consecutive attack (-1 alternating weapons). A Charge is a Run and an attack (two Big
Actions); an Attack made right after a Run of 2+ hexes is a Charge attack too (LFG).

Decisions where RULES.md is silent: a prone creature may only Stand Up, Retreat (half speed)
or act in place (no Move, Run, Step or Charge); creatures do not attack their own side;
Prepare to Interrupt, Defer and Ignore an Enemy are in `game.engine.interrupts` and
`game.engine.selective`; an attack may be interrupted before it is rolled; Aim is lost
when the AOO it provoked hits; LeaveMap (on an exit hex, RULES.md 12) ends the turn.
"""
from __future__ import annotations

from dataclasses import replace

from game.data.model import AOO_POLICIES
from game.engine import commands as C
from game.engine import events as E
from game.engine import turns
from game.ecs.components import ActionBudget, Controller, Health, RunCourse
from game.engine.state import PendingReaction, Refused
from game.engine import allies, defense, grapples, interrupts, minions, selective
from game.engine.combat import opportunity_attacks, own_extras, reacts, stopped, strike
from game.engine.defense import defended_strike, set_defense_policy
from game.engine.movement import (can_react_any, check_path, check_retreat, fmt,
                                  provocation_text, speed_hexes, walk)
from game.hexgrid import direction_between, footprint, footprint_turns
from game.rules import aoo
from game.rules import conditions as cond
from game.rules.initiative import attacks_per_turn
from game.rules.locomotion import flies
from game.rules import movement as rules_movement
from game.rules.movement import charge_paths, five_foot_step_targets, run_targets
from game.rules.situation import find_weapon, preview_weapon
from game.rules.threat import enemies_threatening, footprint_distance, threatening_weapons

TRIGGERS = interrupts.TRIGGERS


# ---- guards ---------------------------------------------------------------------------------

def _ready(b) -> None:
    if b.winner:
        raise Refused("battle_over", "the battle is over: " + ("a draw" if b.winner == turns.DRAW
                                                else f"{b.winner} won"))
    if b.pending:
        p = b.pending
        what = (f"{p.mover}'s attack (React, ActiveParry or ActiveDodge)" if p.kind == "defense"
                else f"the attack of opportunity on {p.mover} (React)")
        raise Refused("awaiting_reaction", f"the battle waits for {p.reactor}'s answer to {what}")


def _turn(b, cmd):
    """The active creature named by `cmd.unit`."""
    _ready(b)
    name = cmd.unit
    if not isinstance(name, str):
        raise Refused("bad_command", f"a command names its unit, got {name!r}")
    if b.active is None:
        raise Refused("awaiting_choice", f"{b.chooser} must first choose who acts next (ChooseNext)")
    if name != b.active:
        b.entity(name)
        minions.out_of_turn(b, name)
        raise Refused("not_your_turn", f"it is {b.active}'s turn, not {name}'s")
    interrupts.check_command(b, cmd)
    return b.unit(name)


def _cell(b, value, what: str = "the hex"):
    ok = isinstance(value, (tuple, list)) and len(value) == 2 and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value)
    if not ok:
        raise Refused("bad_hex", f"{what} must be col,row (two integers), got {value!r}")
    col, row = value
    if not b.hexmap.in_bounds(col, row):
        raise Refused("off_map", f"{col},{row} is off the map ({b.hexmap.width}x{b.hexmap.height})")
    return b.hexmap.hex_at(col, row)


def _states(b, u, path, facings=()):
    if not isinstance(path, (tuple, list)) or not path:
        raise Refused("bad_path", "a path lists the hexes the unit enters, first step first (col,row each)")
    if facings and (not isinstance(facings, (tuple, list)) or len(facings) != len(path) or
                    not all(isinstance(f, int) and not isinstance(f, bool) for f in facings)):
        raise Refused("bad_path", "facings, when given, are one integer 0-5 per hex of the path")
    hexes = [_cell(b, c, f"step {n + 1} of the path") for n, c in enumerate(path)]
    if not facings or not footprint_turns(u.size):      # only triangles have a facing
        return [(h, u.facing) for h in hexes]
    return [(h, facings[n] % 6) for n, h in enumerate(hexes)]


def _target(b, u, name):
    if not isinstance(name, str) or not name:
        raise Refused("no_target", f"name a target for {u.name}")
    t = b.unit(name) if name in b.eids else b.entity(name)
    if t.eid == u.eid:
        raise Refused("own_side", f"{u.name} cannot attack itself")
    if t.dead:
        raise Refused("target_dead", f"{name} is already dead")
    if t.team == u.team:
        raise Refused("own_side", f"{name} is on {u.name}'s side")
    return t


def _cost(b, action: str) -> int:
    """Big Actions `action` costs in the battle's ruleset (game.data.ruleset)."""
    return b.ruleset.economy.cost(action).big


def _not_in_full_round(u, action: str) -> None:
    """LFG: once a full-round action starts, no other action until it completes (its next
    turn)."""
    if u.has("full_round"):
        raise Refused("in_full_round", f"{u.name} is in a full-round action until its next "
                      f"turn and can take no other action ({action})")


def _big(b, u, n: int, action: str) -> None:
    _not_in_full_round(u, action)
    big = b.budget(u.name).big
    if big >= n:
        return
    if n == 1:
        raise Refused("no_big_action", f"{u.name} has no Big Action left for {action}")
    raise Refused("needs_full_round", f"{action} is a full-round action: {u.name} needs both Big Actions and has "
                  f"{big}")


def _little(b, u, action: str) -> None:
    _not_in_full_round(u, action)
    budget = b.budget(u.name)
    if budget.little <= 0 and budget.big <= 0:
        raise Refused("no_little_action", f"{u.name} has no Little Action left (nor a Big Action to spend as one) "
                      f"for {action}")
    if not cond.can_use_swift(u.conditions):
        raise Refused("no_swift_actions", f"{u.name} cannot take Swift actions (Weakened 4+)")


def _mobile(b, u, what: str) -> None:
    grapples.refuse_movement(u, what)
    budget = b.budget(u.name)
    if budget.stepped:
        raise Refused("stepped", f"{u.name} took a 5-Foot Step this turn and may not move again")
    if u.has("prone"):
        raise Refused("prone", f"{u.name} is prone: Stand Up first (or Retreat at half speed) "
                      f"before a {what}")


def _provokes(cmd, names, reason: str) -> None:
    """The one refusal of an unconfirmed command that provokes: confirming makes it legal."""
    if not getattr(cmd, "confirm", False):
        raise Refused("provokes", reason, provokers=list(names), confirmable=True)


def _confirm(cmd, view, provocations, what: str) -> None:
    if can_react_any(provocations):
        names = dict.fromkeys(x.name for p in provocations for x in p.by if reacts(x))
        _provokes(cmd, names, f"{what} leaves {provocation_text(view, provocations)}: "
                  "confirm or take a 5-Foot Step")


def _threateners(view, u) -> list[str]:
    """Enemies threatening the creature's hexes (RULES.md 4 (c)-(e) provocations)."""
    return [x.name for x in enemies_threatening(view, u)]


def _confirm_action(cmd, view, u, what: str) -> list[str]:
    names = _threateners(view, u)
    reactors = [n for n in names if reacts(view.unit(n))]
    if reactors:
        _provokes(cmd, reactors, f"{what} while threatened by {', '.join(names)} provokes "
                  "attacks of opportunity: confirm, or step away first")
    return names


# ---- spending -------------------------------------------------------------------------------

def _spend(b, name: str, action: str, big: int = 0, little: int = 0) -> None:
    budget = b.budget(name)
    b.update(name, ActionBudget, big=budget.big - big, little=budget.little - little)
    b.note_turn(picked_by="")           # it has begun its turn: too late to defer
    b.emit(E.ActionSpent(name, action, budget.big - big, budget.little - little))


def _spend_little(b, name: str, action: str) -> None:
    if b.budget(name).little > 0:
        _spend(b, name, action, little=1)
    else:
        _spend(b, name, action + " (a Big Action spent as a Little one)", big=1)


def _other_action(b) -> None:
    """Any action but an attack ends Aim, a Charge's chance and a double attack (RULES.md 9)."""
    b.note_turn(aim=False, ran=0, attacks_left=0)


def _until_next_turn(b, name: str, effect: str) -> None:
    b.set_condition(name, effect, 1, cond.until_next_turn(b.eids[name]))


# ---- attacks --------------------------------------------------------------------------------

def _attack_slot(b, u) -> None:
    """RULES.md 9 attacks per turn: another attack this turn? (A minion: once a round.)"""
    minions.check_attack_limit(b, u)
    if b.turn.attacks_left > 0:
        return
    allowance = attacks_per_turn(u.level)
    if allowance.attacks_in_action(b.turn.attack_actions) == 0:
        raise Refused("no_attack_left", f"{u.name} (level {u.level}) may use only {allowance.attack_actions} "
                      "Big Action(s) per turn to attack")
    _big(b, u, 1, "an attack")


def _begin_attack(b, u, action: str) -> None:
    if b.turn.attacks_left > 0:
        b.note_turn(attacks_left=b.turn.attacks_left - 1)
        return
    per = attacks_per_turn(u.level).attacks_in_action(b.turn.attack_actions)
    b.note_turn(attack_actions=b.turn.attack_actions + 1, attacks_left=per - 1)
    _spend(b, u.name, action, big=1)


def _ready_weapon(b, u):
    """The weapon last used, when it is still in hand."""
    from game.ecs.components import Weapons
    carried = b.component(u.name, Weapons)
    w = carried.items[carried.ready] if carried.ready < len(carried.items) else None
    return w if w in u.weapons else None


def _not_in_hand(u, name) -> None:
    """The refusal of a weapon the creature carries but does not hold."""
    key = name.strip().lower() if isinstance(name, str) else None
    def named(w):
        return key in (w.id.lower(), w.name.lower())
    if any(named(w) for w in u.sheathed):
        raise Refused("weapon_sheathed", f"{u.name}'s {name} is sheathed: draw it first "
                      "(Draw Weapon, a Little Action)")
    if any(named(w) for w, _ in u.dropped):
        raise Refused("weapon_on_ground", f"{u.name}'s {name} lies on the ground: pick it up "
                      "first")


def _pick_weapon(b, u, t, name, melee_only: bool = False, power: bool = False):
    """The named weapon; else the ready one when it can attack, else the best that can."""
    if name is not None:
        w = find_weapon(u, name)
        if w is None:
            _not_in_hand(u, name)
            raise Refused("no_such_weapon", f"{u.name} has no weapon {name!r} (weapons: "
                          f"{', '.join(x.id for x in u.weapons) or 'none'})")
        return w
    view = b.view()
    usable = [w for w in u.weapons if not melee_only or w.can_melee]
    ready = _ready_weapon(b, u)
    if ready in usable and preview_weapon(view, u, t, ready,
                                          own_extras(b, u.name, t.name, ready, power)).possible:
        return ready
    best = None
    for w in usable:
        p = preview_weapon(view, u, t, w, own_extras(b, u.name, t.name, w, power))
        if p.possible and (best is None or p.expected_damage > best[0]):
            best = (p.expected_damage, w)
    if best:
        return best[1]
    if not usable:
        raise Refused("no_weapon", f"{u.name} has no {'melee ' if melee_only else ''}weapon")
    return usable[0]


def attack_action(b, name: str, target: str, weapon, power: bool = False, provokers=(),
                  extra: dict | None = None, kind: str | None = None):
    """One attack of the active creature (a generator): the AOOs a ranged attack provokes,
    then prepared `attacks` interrupts, then the roll (RULES.md 4, 9, 10). `extra` changes
    fields of its Extras (a volley's mode), `kind` names it in the log."""
    if provokers:
        here = b.cell(b.unit(name).anchor)
        yield from opportunity_attacks(b, name, here, provokers, "unarmed attack"
                                       if weapon.unarmed else "ranged attack",
                                       stop_if_prone=False)
    if stopped(b, name, by_prone=False) or target not in b.eids or b.unit(target).dead:
        return None
    if kind is None:
        kind = "power attack" if power else ("charge" if b.turn.ran >= 2 else "attack")
        if kind == "attack" and b.turn.interrupting:
            kind = "interrupt"
    extras = own_extras(b, name, target, weapon, power)
    if extra:
        extras = replace(extras, **extra)
    roll = yield from defended_strike(b, name, target, weapon, extras, kind)
    if roll is not None:
        b.update(name, ActionBudget, attacks=b.budget(name).attacks + 1)
        b.note_turn(last_weapon=weapon.id)
        from game.engine.maneuvers import after_hit
        after_hit(b, name, target, weapon, roll)
    b.note_turn(aim=False, ran=0)
    return roll


def _still_possible(b, name: str, target: str, weapon, extra: dict | None = None):
    """The enemies' chance to interrupt before the attack (RULES.md 9); after an interrupt
    turn the attack goes on only if it still can (else nothing is spent)."""
    if not (yield from interrupts.moment(b, name, ("attacks",))):
        return True
    if stopped(b, name, by_prone=False) or target not in b.eids or b.unit(target).dead:
        return False
    me = b.unit(name)
    extras = own_extras(b, name, target, weapon)
    return preview_weapon(b.view(), me, b.unit(target), weapon,
                          replace(extras, **extra) if extra else extras).possible


def can_attack(b, u) -> None:
    _attack_slot(b, u)
    if not u.weapons:
        raise Refused("no_weapon", f"{u.name} has no weapon")


def can_power_attack(b, u) -> None:
    _attack_slot(b, u)
    if not any(w.can_melee for w in u.weapons):
        raise Refused("no_melee_weapon", f"{u.name} has no melee weapon for a Power Attack")


def attack(b, cmd, power: bool = False):
    """Attack (RULES.md 10) and Power Attack (RULES.md 9, melee only)."""
    u = _turn(b, cmd)
    (can_power_attack if power else can_attack)(b, u)
    t = _target(b, u, cmd.target)
    weapon = _pick_weapon(b, u, t, cmd.weapon, melee_only=power, power=power)
    view = b.view()
    p = preview_weapon(view, u, t, weapon, own_extras(b, u.name, t.name, weapon, power))
    if not p.possible:
        raise Refused("cannot_attack", f"{u.name} cannot attack {t.name} with {weapon.name}: {p.reason}")
    if power and p.mode != "melee":
        raise Refused("out_of_reach", f"Power Attack is a melee attack: {t.name} is out of {weapon.name}'s "
                      "reach")
    provokers = [] if p.mode == "melee" and not weapon.unarmed else \
        _confirm_action(cmd, view, u, "an unarmed attack" if weapon.unarmed
                        else f"a {p.mode} attack")

    def perform():
        if not (yield from _still_possible(b, u.name, t.name, weapon)):
            return
        _begin_attack(b, u, "Power Attack" if power else "Attack")
        yield from attack_action(b, u.name, t.name, weapon, power, provokers)
        if power and u.name in b.eids and not b.unit(u.name).dead:
            _until_next_turn(b, u.name, "off_balance")
    return perform


def power_attack(b, cmd):
    return attack(b, cmd, power=True)


def can_aim(b, u) -> None:
    _big(b, u, _cost(b, "aim"), "Aim")
    if not any(w.attack != "melee" or w.can_throw for w in u.weapons):
        raise Refused("no_ranged_weapon", f"Aim helps ranged attacks only: {u.name} has no "
                      "ranged weapon")


def aim(b, cmd):
    """Aim (RULES.md 9): +1 on the next ranged attack this turn; provokes."""
    u = _turn(b, cmd)
    can_aim(b, u)
    provokers = _confirm_action(cmd, b.view(), u, "aiming")

    def perform():
        _spend(b, u.name, "Aim", big=_cost(b, "aim"))
        _other_action(b)
        hp = b.unit(u.name).hp
        yield from opportunity_attacks(b, u.name, b.cell(u.anchor), provokers, "aiming",
                                       stop_if_prone=False)
        if u.name in b.eids and not stopped(b, u.name, by_prone=False):
            b.note_turn(aim=b.unit(u.name).hp >= hp)    # LFG: struck before the shot, it is lost
    return perform


def fight_defensively(b, cmd):
    """Fight Defensively (RULES.md 9): -4 attack, +2 dodge AC until the next turn."""
    u = _turn(b, cmd)
    can_fight_defensively(b, u)

    def perform():
        _spend(b, u.name, "Fight Defensively", big=_cost(b, "fight_defensively"))
        _other_action(b)
        _until_next_turn(b, u.name, "fighting_defensively")
    return perform


def can_fight_defensively(b, u) -> None:
    _big(b, u, _cost(b, "fight_defensively"), "Fight Defensively")
    if u.has("fighting_defensively"):
        raise Refused("already_defending", f"{u.name} is already fighting defensively "
                      "until its next turn")
    if not threatening_weapons(u):
        raise Refused("no_melee_weapon", f"{u.name} needs a melee weapon to fight defensively")
    if b.budget(u.name).attacks:
        raise Refused("already_attacked", f"{u.name} has attacked this turn: too late to "
                      "fight defensively")


def can_coup_de_grace(b, u) -> None:
    _big(b, u, _cost(b, "coup_de_grace"), "Coup de Grace")


def coup_de_grace(b, cmd):
    """Coup de Grace (RULES.md 9): full-round; a helpless target in melee reach dies."""
    u = _turn(b, cmd)
    can_coup_de_grace(b, u)
    t = _target(b, u, cmd.target)
    if "helpless" not in cond.effective(t.conditions):
        raise Refused("not_helpless", f"{t.name} is not helpless: a Coup de Grace needs a helpless target")
    distance = footprint_distance(u, t)
    if not any(w.can_melee and (u.unit.reach_with(w) or 0) >= distance for w in u.weapons):
        raise Refused("out_of_reach", f"{t.name} is not within {u.name}'s melee reach ({distance} hexes away)")
    provokers = _confirm_action(cmd, b.view(), u, "a Coup de Grace")

    def perform():
        _spend(b, u.name, "Coup de Grace", big=_cost(b, "coup_de_grace"))
        _other_action(b)
        _until_next_turn(b, u.name, "full_round")
        yield from opportunity_attacks(b, u.name, b.cell(u.anchor), provokers,
                                       "coup de grace", stop_if_prone=False)
        if stopped(b, u.name, by_prone=False) or t.name not in b.eids:
            return
        if not b.health(t.name).dead:
            b.update(t.name, Health, dead=True)
            b.emit(E.Died(t.name, b.cell(b.unit(t.name).anchor), u.name, "coup de grace"))
    return perform


# ---- movement -------------------------------------------------------------------------------

def can_move(b, u) -> None:
    _mobile(b, u, "Move")
    if speed_hexes(u) <= 0:
        raise Refused("no_speed", f"{u.name} cannot move (speed 0)")
    budget = b.budget(u.name)
    if budget.movement <= 0 and budget.big <= 0:
        raise Refused("no_big_action", f"{u.name} has no movement left and no Big Action "
                      "for a Move")


def move(b, cmd):
    """Move (RULES.md 3) along a chosen path; Big Actions as needed, leftover kept."""
    u = _turn(b, cmd)
    can_move(b, u)
    budget = b.budget(u.name)
    states = _states(b, u, cmd.path, cmd.facings)
    view = b.view()
    costs, why = check_path(view, u, states)
    if costs is None:
        raise Refused("illegal_path", f"{u.name} cannot take that path: {why}")
    cost, speed = sum(costs), speed_hexes(u)
    need = rules_movement.move_big_actions(cost, budget.movement, speed)
    if need is None or need > budget.big:
        raise Refused("too_far", f"the path costs {cost} hexes of movement; {u.name} has "
                      f"{budget.movement} left and {budget.big} Big Action(s) of {speed}")
    _confirm(cmd, view, aoo.forecast(view, u, states, "move"), "the path")

    def perform():
        if need:
            _spend(b, u.name, "Move", big=need)
        left = b.budget(u.name).movement + need * speed - cost
        b.update(u.name, ActionBudget, movement=left, moved=True)
        _other_action(b)
        yield from walk(b, u.name, states, costs, "move")
    return perform


def can_step(b, u) -> None:
    budget = b.budget(u.name)
    if budget.moved or budget.stepped:
        raise Refused("already_moved", f"{u.name} has already moved this turn: no 5-Foot Step")
    _mobile(b, u, "5-Foot Step")
    if flies(u) and u.unit.fly_maneuver != "perfect":
        raise Refused("flying", f"{u.name} is flying: only a perfectly maneuverable flyer may "
                      "take a 5-Foot Step (rules: Climbing, swimming, flying and falling)")
    _little(b, u, "a 5-Foot Step")
    if speed_hexes(u) <= 1:
        raise Refused("too_slow", f"{u.name}'s speed is 5 ft or less: no 5-Foot Step")
    if u.has("broken_leg"):
        raise Refused("broken_leg", f"{u.name} has a broken leg: no 5-Foot Step")


def step(b, cmd):
    """5-Foot Step (RULES.md 3): Swift, 1 hex, never provokes, not after moving."""
    u = _turn(b, cmd)
    can_step(b, u)
    h = _cell(b, cmd.to)
    view = b.view()
    targets = five_foot_step_targets(view, u)
    if h not in targets:
        costs, why = check_path(view, u, [(h, u.facing)])
        if costs is not None:
            why = f"{fmt(view, h)} is difficult terrain"
        raise Refused("illegal_path", f"no 5-Foot Step to {fmt(view, h)}: {why}")
    path = targets[h]

    def perform():
        _spend_little(b, u.name, "5-Foot Step")
        b.update(u.name, ActionBudget, stepped=True, moved=True)
        _other_action(b)
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
    _mobile(b, u, what)
    if not cond.can_run(u.conditions):
        raise Refused("cannot_run", f"{u.name} cannot run")
    _big(b, u, big, what)


def _record_run(b, u, path) -> None:
    """The runner's state keeps its course until its next turn (RULES.md 3: the AC against
    ranged attacks depends on it)."""
    _until_next_turn(b, u.name, "running")
    b.update(u.name, RunCourse, start=u.anchor,
             direction=direction_between(u.anchor, path.states[0][0]) or 0)


def can_run(b, u) -> None:
    _runner(b, u, 1, "Run")


def can_charge(b, u) -> None:
    if b.budget(u.name).big < 2:
        raise Refused("needs_full_round", f"a Charge is a Run and an attack: {u.name} needs "
                      "both Big Actions")
    _runner(b, u, 2, "Charge")
    _attack_slot(b, u)
    if not any(w.can_melee for w in u.weapons):
        raise Refused("no_melee_weapon", f"{u.name} has no melee weapon for a Charge attack")


def run(b, cmd):
    """Run (RULES.md 3): a Big Action, straight up to 2 x speed; -2 AC vs melee and -2 ranged
    attack rolls until the next turn."""
    u = _turn(b, cmd)
    can_run(b, u)
    h = _cell(b, cmd.to)
    view = b.view()
    path = _run_path(b, u, h, run_targets(view, u).values(), "Run")
    _confirm(cmd, view, path.provocations, "the Run")

    def perform():
        _spend(b, u.name, "Run", big=_cost(b, "run"))
        b.update(u.name, ActionBudget, moved=True)
        _other_action(b)
        _record_run(b, u, path)
        done = yield from walk(b, u.name, path.states, [1] * len(path.states), "run")
        b.note_turn(ran=len(path.states) if done else 0)
    return perform


def charge(b, cmd):
    """Charge (RULES.md 3): a Run of 2+ hexes ending with the target in melee reach, then a
    melee attack with +2 damage (two Big Actions)."""
    u = _turn(b, cmd)
    can_charge(b, u)
    t = _target(b, u, cmd.target)
    weapon = find_weapon(u, cmd.weapon) if cmd.weapon is not None else None
    if cmd.weapon is not None and (weapon is None or not weapon.can_melee):
        raise Refused("no_melee_weapon", f"{u.name} has no melee weapon {cmd.weapon!r} for a "
                      "Charge attack")
    h = _cell(b, cmd.to)
    view = b.view()
    path = _run_path(b, u, h, charge_paths(view, u, t), f"Charge at {t.name}")
    if weapon is not None:
        end = footprint(u.size, path.end, path.facing)
        if footprint_distance(end, t) > (u.unit.reach_with(weapon) or 0):
            raise Refused("out_of_reach", f"{t.name} would be out of {weapon.name}'s reach from "
                          f"{fmt(view, path.end)}")
    _confirm(cmd, view, path.provocations, "the Charge")

    def perform():
        _spend(b, u.name, "Run (Charge)", big=1)
        b.update(u.name, ActionBudget, moved=True)
        _other_action(b)
        _record_run(b, u, path)
        done = yield from walk(b, u.name, path.states, [1] * len(path.states), "charge")
        if not done or stopped(b, u.name) or t.name not in b.eids or b.unit(t.name).dead:
            return
        b.note_turn(ran=len(path.states))
        me = b.unit(u.name)
        w = weapon or _pick_weapon(b, me, b.unit(t.name), None, melee_only=True)
        if not preview_weapon(b.view(), me, t.name, w,
                              own_extras(b, u.name, t.name, w)).possible:
            return
        if not (yield from _still_possible(b, u.name, t.name, w)):
            return
        _begin_attack(b, b.unit(u.name), "Charge attack")
        yield from attack_action(b, u.name, t.name, w)
    return perform


def can_retreat(b, u) -> None:
    if not threatening_weapons(u):
        raise Refused("does_not_threaten", f"{u.name} threatens no hex (no melee or natural "
                      "weapon in hand): only a creature that threatens may Retreat")
    _big(b, u, _cost(b, "retreat"), "Retreat")
    grapples.refuse_movement(u, "Retreat")
    if b.budget(u.name).stepped:
        raise Refused("stepped", f"{u.name} took a 5-Foot Step this turn: no Retreat")
    if speed_hexes(u) // (2 if u.has("prone") else 1) <= 0:
        raise Refused("no_speed", f"{u.name} is too slow to retreat")


def retreat(b, cmd):
    """Retreat (RULES.md 3): full-round, up to speed (half when prone), away from the enemies
    that threaten it; only steps toward a new enemy provoke; Unfortunate until its turn."""
    u = _turn(b, cmd)
    can_retreat(b, u)
    states = _states(b, u, cmd.path)
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
    _confirm(cmd, view, aoo.forecast(view, u, states, "retreat"), "the Retreat")

    def perform():
        _spend(b, u.name, "Retreat", big=_cost(b, "retreat"))
        b.update(u.name, ActionBudget, moved=True)
        _other_action(b)
        _until_next_turn(b, u.name, "retreating")
        _until_next_turn(b, u.name, "full_round")
        yield from walk(b, u.name, states, costs, "retreat")
    return perform


def can_stand_up(b, u) -> None:
    if not u.has("prone"):
        raise Refused("not_prone", f"{u.name} is not prone")
    _big(b, u, _cost(b, "stand_up"), "Stand Up")


def stand_up(b, cmd):
    """Stand Up (RULES.md 3): a Big Action, provokes; may move 1 hex as part of it."""
    u = _turn(b, cmd)
    can_stand_up(b, u)
    view = b.view()
    stand = _threateners(view, u)
    states, costs = [], []
    if cmd.to is not None:
        grapples.refuse_movement(u, "move while standing up")
        states = [(_cell(b, cmd.to), u.facing)]
        costs, why = check_path(view, u, states)
        if costs is None:
            raise Refused("illegal_path", f"{u.name} cannot move there as it stands up: {why}")
    moving = [p for p in aoo.forecast(view, u, states, "stand_up")] if states else []
    reactors = [n for n in stand if reacts(view.unit(n))] + \
        [x.name for p in moving for x in p.by if reacts(x)]
    if reactors:
        who = ", ".join(dict.fromkeys(stand + [x.name for p in moving for x in p.by]))
        _provokes(cmd, dict.fromkeys(reactors),
                  f"standing up next to {who} provokes attacks of opportunity: confirm")

    def perform():
        _spend(b, u.name, "Stand Up", big=_cost(b, "stand_up"))
        _other_action(b)
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
    _little(b, u, "Drop Prone")


def drop_prone(b, cmd):
    """Drop Prone (RULES.md 3): a Swift action."""
    u = _turn(b, cmd)
    can_drop_prone(b, u)

    def perform():
        _spend_little(b, u.name, "Drop Prone")
        _other_action(b)
        b.set_condition(u.name, "prone", 1)
    return perform


# ---- turn flow ------------------------------------------------------------------------------

def end_turn(b, cmd):
    u = _turn(b, cmd)
    minions.can_end_turn(b, u)

    def perform():
        turns.finish_turn(b, u.name)
        turns.proceed(b)
    return perform


def choose_next(b, cmd):
    """Selective initiative (RULES.md 9): the chooser picks who acts next."""
    _ready(b)
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


def react(b, cmd):
    """The `ask` policy's answer (RULES.md 4, 9): accept makes the AOO or tries the Interrupt
    Turn, else it is declined."""
    if b.winner:
        _ready(b)
    if b.pending is None:
        raise Refused("no_reaction_awaited", "no reaction is awaited")
    if cmd.unit != b.pending.reactor:
        raise Refused("not_reactor", f"the battle waits for {b.pending.reactor}'s reaction, not {cmd.unit}'s")
    if not isinstance(cmd.accept, bool):
        raise Refused("bad_command", "React.accept is true or false")

    def perform():
        process = b.pending.resume
        b.wait_for(None)
        drive(b, process, cmd.accept, started=True)
    return perform


def can_leave_map(b, u) -> None:
    _not_in_full_round(u, "leaving the map")
    if not any(b.hexmap.terrain_at(h).exit for h in u.hexes):
        raise Refused("not_on_exit", f"{u.name} is not on an exit hex: move onto one first")


def leave_map(b, cmd):
    """RULES.md 12: leave the battle from an exit hex; the turn ends."""
    u = _turn(b, cmd)
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


def set_policy(b, cmd):
    """RULES.md 4: a creature's AOO policy, "always", "never" or "ask"."""
    if b.winner:
        _ready(b)
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


# ---- dispatch -------------------------------------------------------------------------------

RULES = {
    C.Move: move, C.Step: step, C.Run: run, C.Charge: charge, C.Retreat: retreat,
    C.StandUp: stand_up, C.DropProne: drop_prone, C.Attack: attack, C.Aim: aim,
    C.FightDefensively: fight_defensively, C.PowerAttack: power_attack,
    C.CoupDeGrace: coup_de_grace, C.PrepareInterrupt: interrupts.prepare_interrupt,
    C.EndTurn: end_turn, C.ChooseNext: choose_next, C.React: react,
    C.LeaveMap: leave_map, C.SetPolicy: set_policy, C.Defer: selective.defer,
    C.IgnoreEnemy: selective.ignore_enemy,
    C.ActiveParry: defense.active_parry, C.ActiveDodge: defense.active_dodge,
    C.Protect: allies.protect, C.TradeSpaces: allies.trade_spaces,
}
from game.engine.abilities import can_use_ability, use_ability  # noqa: E402 (uses the guards above)
from game.engine import archery, maneuvers, stances  # noqa: E402 (use the guards above)
RULES[C.UseAbility] = use_ability
RULES.update({C.KnockoutStrike: maneuvers.knockout_strike, C.Volley: archery.volley,
              C.OffHandAttack: maneuvers.off_hand_attack, C.TakeCover: stances.take_cover,
              C.LeanOut: stances.lean_out})


def drive(b, process, answer=None, started: bool = False) -> None:
    """Run a performed action until it ends (then `turns.after_action`) or asks a reaction
    (then the battle waits: `b.pending`, a ReactionAsked event)."""
    if not hasattr(process, "send"):
        if b.pending is None:
            turns.after_action(b)
        return
    try:
        ask = process.send(answer) if started else next(process)
    except StopIteration:
        turns.after_action(b)
        return
    if isinstance(ask, interrupts.Pause):
        interrupts.begin(b, ask, process)
        return
    b.wait_for(PendingReaction(ask.reactor, ask.mover, ask.at, process, ask.kind, ask.attack))
    b.emit(E.ReactionAsked(ask.reactor, ask.mover, ask.at, ask.kind))


def handle(b, cmd) -> list:
    """Check `cmd` (Refused: nothing changed), perform it, return its events."""
    actor = minions.actor_of(cmd)
    with minions.checking(b, actor):
        perform = RULES[type(cmd)](b, cmd)
    minions.take_over(b, actor)         # a directed minion acts in its leader's turn
    drive(b, perform())
    return list(b._out)




HANDLERS = {kind: handle for kind in RULES}

import game.engine.equipment  # noqa: E402,F401  (registers Draw, Sheathe, PickUp in RULES)
import game.engine.healing  # noqa: E402,F401  (registers FirstAid in RULES)
import game.engine.wrestling_maneuvers  # noqa: E402,F401  (Grab, Trip, Shove, Pin, Escape)
import game.engine.shield_bash  # noqa: E402,F401
import game.engine.crushing  # noqa: E402,F401
import game.engine.doors  # noqa: E402,F401  (registers OpenDoor, CloseDoor, Smash, ForceOpen)
minions.register()

__all__ = ["HANDLERS", "RULES", "TRIGGERS", "attack_action", "drive", "handle"]
