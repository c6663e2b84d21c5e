"""Moving a creature hex by hex (docs/rules/03-movement.md "Movement",
docs/rules/04-attacks-of-opportunity.md "Attacks of opportunity").

`walk` executes a checked path for Move, 5-Foot Step, Run, Charge, Retreat and Stand Up:
before each step, the creatures whose AOO the step provokes (`game.rules.aoo.forecast` of that
step, each creature at most once per movement action) react while the mover still stands in the hex
it is leaving (`combat.opportunity_attacks`, which may pause the battle for an `ask` policy); a
mover left dead, unconscious or prone stops there. After each step, prepared interrupts may trigger
(an enemy enters a preparer's reach or comes into its sight: the move pauses at that hex while the
interrupt resolves). 5-Foot Steps provoke nothing and cannot be interrupted (the hex-native rules:
a Swift Action cannot be interrupted). A mover passing through an ally of about its size is Cramped
with it while they share a hex (`game.engine.space`). A step into deep water or up a ledge may need
a Swim or Climb check first (failing, the movement ends, in the last hex of the path where the
mover may stop), and a step down a ledge is a fall (game.engine.falling): a creature it hurt lands
prone and stops (so no path jumps down into an occupied hex: game.rules.movement).

`check_path` and `check_retreat` check a path chosen by a player against the rules' own model
of a step (`game.rules.movement`): entering costs, impassable hexes, blocking enemies, passing
allies, footprints and turns of large creatures, legal ends.

Speed (docs/rules/01-hexes-and-distance.md, 03-movement.md, 11-hit-points-and-conditions.md):
`speed_hexes(u)` = `conditions.speed_ft` // 5 (Injured, Weakened, Blinded, Cramped included).
"""
from __future__ import annotations

from game.engine import events as E
from game.ecs.components import ActionBudget
from game.engine import interrupts
from game.engine.combat import opportunity_attacks, reacts, stopped
from game.engine.falling import count_flight, fall, terrain_check
from game.engine.space import neighbours_in_space, refresh_cramped
from game.hexgrid import Hex, footprint, footprint_turns
from game.rules import aoo
from game.rules import movement as rules_movement
from game.rules.locomotion import can_stand, locomotion, step_hazard
from game.rules.threat import enemies_threatening, footprint_distance, is_hostile


def speed_hexes(u) -> int:
    """Hexes of movement one Move action gives (docs/rules/01-hexes-and-distance.md: feet // 5;
    docs/rules/11-hit-points-and-conditions.md)."""
    return rules_movement.speed_hexes(u)


def fmt(view, h: Hex) -> str:
    col, row = view.hexmap.tile_of(h)
    return f"{col},{row}"


# ---- checking a chosen path -----------------------------------------------------------------

def _step_problem(view, u, frm, state) -> str:
    """Why the step from state `frm` to `state` ((Hex, facing) each) cannot be taken."""
    h, f = state
    here, facing = frm
    if h == here:
        if not footprint_turns(u.size):
            return f"a {u.size} creature has no facing to turn"
        return (f"{u.name} turns 60 degrees per step (from facing {facing} to "
                f"{(facing + 1) % 6} or {(facing - 1) % 6}), 1 hex of movement each")
    if not view.hexmap.contains(h):
        return f"{fmt(view, h)} is off the map"
    if max(abs(h.q - here.q), abs(h.r - here.r), abs(h.q + h.r - here.q - here.r)) > 1:
        return f"{fmt(view, h)} is not next to {fmt(view, here)}: a path goes hex by hex"
    for x in footprint(u.size, h, f):
        t = view.hexmap.terrain_at(x)
        if t.impassable:
            return f"{fmt(view, x)} ({t.name or 'impassable'}) cannot be entered"
        for o in view.occupants(x):
            if o.eid != u.eid and not o.dead and is_hostile(o, u):
                return f"{o.name} blocks {fmt(view, x)}"
    hazard = step_hazard(view, u, frm, state)
    if hazard is not None and hazard.kind == "jump":
        return (f"{u.name} cannot jump down into {fmt(view, h)}: the hex is occupied, and a "
                "fall that hurts ends the movement there (rules: Terrain and falling)")
    return f"{u.name} cannot move from {fmt(view, here)} to {fmt(view, h)}"


def check_path(view, u, states) -> tuple[list[int] | None, str]:
    """The entering cost of each step of `states` ((Hex, facing) after each step), or None
    and why the path is illegal (docs/rules/03-movement.md)."""
    if not view.hexmap.contains(u.anchor):
        return None, f"{u.name} stands off the map"
    costs = []
    here = (u.anchor, u.facing)
    for state in states:
        cost = rules_movement.step_cost(view, u, here, state)
        if cost is None:
            return None, _step_problem(view, u, here, state)
        costs.append(cost)
        here = state
    if states and not rules_movement.can_end_at(view, u, *states[-1]):
        return None, _end_problem(view, u, *states[-1])
    return costs, ""


def _end_problem(view, u, anchor, facing) -> str:
    """Why the creature may not stop on `anchor`: terrain it cannot stand on (deep water
    without a swim speed, docs/rules/21-terrain-and-falling.md), else another creature."""
    where = f"{u.name} cannot end its movement on {fmt(view, anchor)}"
    loco = locomotion(u)
    for x in footprint(u.size, anchor, facing):
        t = view.hexmap.terrain_at(x)
        if not can_stand(t, loco):
            return (f"{where}: {fmt(view, x)} is {t.name or 'deep water'}, which it can only "
                    "cross in one go without a swim speed (rules: Terrain and falling)")
    return f"{where}: the hex is occupied (rules: Movement)"


def check_retreat(view, u, states) -> str:
    """docs/rules/03-movement.md "Retreat": never into an enemy's space, and no step closer to an
    enemy that threatens the creature's starting hexes."""
    threats = enemies_threatening(view, u)
    old = tuple(u.hexes)
    for h, f in states:
        new = tuple(footprint(u.size, h, f))
        for x in view.units:
            if x.eid != u.eid and not x.dead and is_hostile(x, u) and set(new) & set(x.hexes):
                return f"a Retreat cannot pass through {x.name}'s space (rules: Movement)"
        for x in threats:
            if footprint_distance(new, x) < footprint_distance(old, x):
                return (f"the step to {fmt(view, h)} comes closer to {x.name}, which threatens "
                        f"{u.name}: a Retreat moves away (rules: Movement)")
        old = new
    return ""


def provocation_text(view, provocations) -> str:
    """"the path leaves hex 4,5 threatened by Orc 1 (reaction available)" for a refusal."""
    parts = []
    for p in provocations:
        who = ", ".join(f"{x.name}{'' if reacts(x) else ' (cannot react)'}" for x in p.by)
        parts.append(f"hex {fmt(view, p.hex)} threatened by {who}")
    return "; ".join(parts)


def can_react_any(provocations) -> bool:
    """Would any provoked creature react (so that the mover must confirm)?"""
    return any(reacts(x) for p in provocations for x in p.by)


# ---- walking --------------------------------------------------------------------------------

class _Segment:
    """Steps taken since the last AOO or interrupt: one Moved event each."""

    def __init__(self, b, name: str, kind: str):
        self.b, self.name, self.kind = b, name, kind
        self.start = b.cell(b.unit(name).anchor)
        self.cells: list = []
        self.cost = 0

    def add(self, cell, cost: int) -> None:
        self.cells.append(cell)
        self.cost += cost

    def flush(self) -> None:
        if self.cells:
            self.b.emit(E.Moved(self.name, self.start, self.cells[-1], tuple(self.cells),
                                self.cost, self.kind))
            self.start, self.cells, self.cost = self.cells[-1], [], 0


def _endable(view, u, state) -> bool:
    return rules_movement.can_end_at(view, u, *state, here_is_free=False)


def _fall_back(b, name: str, legal, seg) -> None:
    """A mover knocked unconscious, or failing a Climb or Swim check, while passing an ally's
    hex cannot stay there (docs/rules/03-movement.md: no creature ends in an occupied hex): it
    ends in the last hex of its path where it could stop (forced movement: it provokes
    nothing; docs/rules/21-terrain-and-falling.md "Ledges and cliffs")."""
    view = b.view()
    u = view.unit(name)
    if u.dead or _endable(view, u, (u.anchor, u.facing)):
        return
    seg.flush()
    start = b.cell(u.anchor)
    b.place(name, legal)
    b.emit(E.Moved(name, start, b.cell(legal[0]), (b.cell(legal[0]),), 0, "fall back"))


def walk(b, name: str, states, costs, kind: str = "move", provoked=()):
    """Move `name` along checked `states` (a generator; see the module docstring). Returns
    True when the whole path was walked. Whatever way it ends, nobody stays Cramped by a
    space the mover has left (`game.engine.space`)."""
    touched: set = set()
    done = yield from _steps(b, name, states, costs, kind, provoked, touched)
    refresh_cramped(b, touched | neighbours_in_space(b, name))
    return done


def _steps(b, name: str, states, costs, kind: str, provoked, touched: set):
    provoked = set(provoked)
    seg = _Segment(b, name, kind)
    first = b.unit(name)
    crawling = first.has("prone")      # a prone Retreat is not stopped by being prone
    legal = (first.anchor, first.facing)
    for n, (state, cost) in enumerate(zip(states, costs)):
        view = b.view()
        u = view.unit(name)
        if kind not in aoo.NEVER_PROVOKES:
            found = [x.name for p in aoo.forecast(view, u, [state], kind) for x in p.by
                     if x.name not in provoked]
            if found:
                seg.flush()
                provoked.update(found)
                go_on = yield from opportunity_attacks(b, name, b.cell(u.anchor), found,
                                                       stop_if_prone=not crawling)
                if not go_on:
                    _fall_back(b, name, legal, seg)
                    return False
        hazard = step_hazard(view, u, (u.anchor, u.facing), state)
        if hazard is not None and not _dares(b, name, hazard, seg):
            _fall_back(b, name, legal, seg)
            return False
        if _endable(view, u, state):
            legal = state
        _place(b, name, state, touched)
        seg.add(b.cell(state[0]), cost)
        if hazard is not None and not _lands(b, name, hazard, seg):
            return False
        if kind != "step" and interrupts.candidates(b, name, MOVE_TRIGGERS, view):
            seg.flush()
            paused = yield from interrupts.moment(b, name, MOVE_TRIGGERS, view)
            if stopped(b, name, by_prone=not crawling):
                _fall_back(b, name, legal, seg)
                return False
            if paused and not _goes_on(b, name, kind, states[n + 1:], costs[n + 1:]):
                return False
    seg.flush()
    return True


def _place(b, name: str, state, touched: set) -> None:
    """One step: the mover stands at `state`; Cramped follows the spaces it shares; a flyer
    counts the hex toward its minimum flight speed."""
    before = neighbours_in_space(b, name)
    if state[0] != b.unit(name).anchor:
        count_flight(b, name)
    b.place(name, state)
    now = neighbours_in_space(b, name)
    touched.update(before, now)
    refresh_cramped(b, before | now)


MOVE_TRIGGERS = ("enters_reach", "comes_into_sight")


def _dares(b, name: str, hazard, seg) -> bool:
    """A Swim check to enter deep water, a Climb check to scale a ledge (docs/rules/
    21-terrain-and-falling.md): failing, the creature stays where it is and its movement
    ends."""
    if hazard.kind == "jump":
        return True
    purpose = "entering deep water" if hazard.kind == "swim" else "climbing the ledge"
    if terrain_check(b, name, hazard.skill, hazard.dc, purpose):
        return True
    seg.flush()
    b.update(name, ActionBudget, movement=0)
    return False


def _lands(b, name: str, hazard, seg) -> bool:
    """After a jump down a ledge: the fall; a creature it hurt lands prone and stops."""
    if hazard.kind != "jump":
        return True
    seg.flush()
    fall(b, name, hazard.steps, "jump")
    if stopped(b, name):
        if name in b.eids:
            b.update(name, ActionBudget, movement=0)
        return False
    return True


def _goes_on(b, name: str, kind: str, rest, rest_costs) -> bool:
    """After an interrupt turn the mover goes on along its path if it still can
    (docs/rules/09-turns-and-actions.md "Interrupt Turn"); else it stops here and a Move keeps the
    movement it did not use (a Run or Charge loses it)."""
    if not rest:
        return True
    u = b.unit(name)
    costs, _ = check_path(b.view(), u, rest)
    if costs is not None and list(costs) == list(rest_costs):
        return True
    if kind == "move":
        b.update(name, ActionBudget, movement=b.budget(name).movement + sum(rest_costs))
    return False


__all__ = ["can_react_any", "check_path", "check_retreat", "fmt", "provocation_text",
           "speed_hexes", "walk"]
