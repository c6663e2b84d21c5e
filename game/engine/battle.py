"""A battle: its component store, its dice, whose turn it is, and `apply(command)`.

Commands in, events out (docs/architecture.md "State and flow"). `apply` asks the command's handler
to check it against the rules first; a refused command changes nothing and returns the reason. The
command log and the seed replay a battle to the same `state_hash()`.

What the battle waits for (`awaiting()`): "turn" (the `active` creature's commands), "choice"
(selective initiative: a ChooseNext from `chooser`, docs/rules/09-turns-and-actions.md), "reaction"
(an attack of opportunity or an active defense of an `ask` creature: a React, ActiveParry or
ActiveDodge from `pending.reactor`, docs/rules/04-attacks-of-opportunity.md) or "over" (`winner` is
a team, or "draw"; docs/rules/12-winning.md).

Each battle owns its store (game.ecs.store); nothing is shared with other battles. The
computer player decides on `detached()`: a copy made on the battle's thread, with its own
store and dice, that a worker thread reads while the window goes on reading the battle.
"""
from __future__ import annotations

import hashlib
import json
from contextlib import contextmanager
from dataclasses import asdict, fields, replace
from types import MappingProxyType

from game.ecs.components import (
    ActionBudget, Conditions, Controller, Health, Identity, Reactions, Stats, Team, Weapons,
)
from game.ecs.light_components import LightSheet
from game.ecs.steller_components import StellerSheet
from game.data.ruleset import DEFAULT as DEFAULT_RULESET
from game.data.ruleset import CRITICAL_RULES, Ruleset
from game.rulebooks import SCENARIO_RULES
from game.ecs.view import BattleView, snapshot
from game.ecs.world import build_store, place
from game.engine.profile import RuleProfile
from game.engine.profiles import profile_named
from game.engine import commands as C
from game.engine import events as E
from game.engine import full_round, objectives
from game.engine.command_fields import field_refusal
from game.engine.dice import Dice
from game.engine.forecast import refused_forecast
from game.engine.minions import shared_spent
from game.engine.sightings import note_sightings
from game.engine.saddle import moved_together
from game.engine.state import (
    Bookkeeping, MinionPool, Outcome, PendingReaction, Prepared, Refused, TurnState,
)
from game.rules.obstacles import cell_key, current_map
from game.errors import InputError
from game.tiled.hexmap import INITIATIVE_MODES, HexMap


STAT_BLOCKS = (Stats, LightSheet, StellerSheet)    # components no battle changes: not in its state


def _read_only(name: str):
    """A read-only attribute of the battle mirroring a Bookkeeping field (dicts as proxies)."""
    def get(self):
        value = getattr(self._book, name)
        return MappingProxyType(value) if isinstance(value, dict) else value
    return property(get, doc=f"Bookkeeping.{name} (write it with Battle.note)")


class Battle:
    """One battle. Read it through `view()`; change it only through `apply()`.

    The battle is the only writer of its store and bookkeeping: `update` (components),
    `note` / `note_turn` (bookkeeping), `place`, `set_condition`, `remove` and the rest below;
    each bumps `version`, so a cached view is never stale.
    """

    def __init__(self, hexmap: HexMap, seed: int = 0, units_db: dict | None = None,
                 initiative: str | None = None, controllers: dict | None = None,
                 fixed_dice=(), ruleset: Ruleset = DEFAULT_RULESET,
                 criticals: str | None = None, rules: str | RuleProfile | None = None,
                 fog: bool | None = None):
        self.profile = rules if isinstance(rules, RuleProfile) else profile_named(
            rules or getattr(hexmap, "rules", "") or None, getattr(hexmap, "path", None))
        mode = initiative or hexmap.initiative or "selective"
        if mode not in INITIATIVE_MODES:
            raise InputError(None, None, f"unknown initiative {mode!r} "
                             f"(use one of {', '.join(INITIATIVE_MODES)})")
        crits = criticals or getattr(hexmap, "critical_rules", "") or ruleset.criticals
        if crits not in CRITICAL_RULES:
            raise InputError(None, None, f"unknown critical rules {crits!r} "
                             f"(use one of {', '.join(CRITICAL_RULES)})")
        if crits != ruleset.criticals:
            ruleset = replace(ruleset, criticals=crits)
        self.base_map = hexmap        # the map as loaded; `hexmap` is it with the battle's changes
        self.hexmap = hexmap
        self.seed = seed
        self.dice = Dice(seed, fixed_dice)     # fixed rolls (a scripted save's) come first
        if units_db is None:
            units_db = self.profile.load_units()
        _check_kinds(hexmap, units_db, self.profile)
        _check_scenario(hexmap, self.profile)
        self.store = build_store(hexmap, units_db, create=self.profile.unit_components)
        self.units_db = units_db      # the stat blocks of reinforcements still to arrive
        self.initiative_mode = mode
        self.controllers = dict(controllers or {})   # team -> "human" | "ai"
        self.ruleset = ruleset        # the action economy and modifier tables
        # fog of war (docs/rules/22-hiding-and-fog.md): each side is shown what it knows
        self.fog = bool(getattr(hexmap, "fog", False) if fog is None else fog)
        self.version = 0
        self._book = Bookkeeping()
        self._pending: PendingReaction | None = None
        self._paused: list = []      # the actions paused by interrupt turns (generators)
        self.saved_hash: str | None = None    # a replayed save's recorded hash
        self.log: list[C.Command] = []
        self.events: list[E.Event] = []
        self._out: list[E.Event] = []
        self._view: BattleView | None = None
        self._detached = False      # a copy to decide on (`detached`) takes no command
        self._paused_elsewhere = 0  # a detached copy: actions paused in the battle
        store = self.store
        self.eids = {i.name: eid for eid, i in store.get_component(Identity)}
        self.teams_of = {store.component_for_entity(eid, Identity).name: t.name
                         for eid, t in store.get_component(Team)}
        leads = {i.name: s.unit.leader for _, (i, s) in store.get_components(Identity, Stats)
                 if getattr(s.unit, "leader", "")}
        # minion -> its leader (the map loader checked them; a leader is never a minion)
        self.leader_of = {m: leader for m, leader in leads.items()
                          if leader in self.eids and leader not in leads and leader != m}
        self._apply_controllers()
        self.profile.start_battle(self)
        note_sightings(self)
        self.events.extend(self._out)
        self._out = []

    # ---- reading -------------------------------------------------------------------------
    def view(self) -> BattleView:
        if self._view is None or self._view.version != self.version:
            self._view = snapshot(self.store, self.hexmap, self.version, self.ruleset,
                                  frozenset(self._book.hidden))
        return self._view

    def detached(self) -> Battle:
        """A copy of the battle as it is now, to decide on (the computer player on its worker
        thread): its own store (a cheap copy sharing the frozen components), its own dice in
        the same state (nothing it rolls is drawn from these), the same bookkeeping (immutable,
        shared), its own copies of the log, the events and the name tables, and a view of its
        own. Make it on the battle's thread; then the two never touch each other. It answers
        every question the battle answers (view, budgets, legality, forecasts) the same way,
        but takes no command: a paused action belongs to the battle it paused."""
        other = object.__new__(Battle)
        other.__dict__.update(self.__dict__)
        other.store, other.dice = self.store.copy(), self.dice.copy()
        other.controllers, other.eids = dict(self.controllers), dict(self.eids)
        other.teams_of, other.leader_of = dict(self.teams_of), dict(self.leader_of)
        other.log, other.events, other._out = list(self.log), list(self.events), []
        other._paused, other._view, other._detached = [], None, True
        other._paused_elsewhere = len(self._paused) + self._paused_elsewhere
        return other

    def rehearsal(self, dice_seed) -> Battle | None:
        """A copy of the battle to try commands on (the computer player's look-ahead): like
        `detached`, but it takes commands, and its dice are new ones seeded with `dice_seed`
        (the rolls a player may expect, never the battle's own next rolls, which nobody may
        know). None while an action is paused by an interrupt turn (docs/rules/09-turns-and-actions.md): a paused action cannot be
        copied."""
        if self._paused or self._paused_elsewhere:
            return None
        other = self.detached()
        other.dice, other._detached = Dice(dice_seed), False
        return other

    def unit(self, name: str):
        """The UnitView of a creature on the map (KeyError when there is none)."""
        return self.view().unit(name)

    def entity(self, name: str) -> int:
        if not isinstance(name, str) or name not in self.eids:
            if isinstance(name, str) and name in self.left:
                raise Refused("left_map", f"{name} has left the map")
            raise Refused("unknown_unit", f"there is no unit named {name!r}")
        return self.eids[name]

    def component(self, name: str, kind):
        return self.store.component_for_entity(self.entity(name), kind)

    def budget(self, name: str) -> ActionBudget:
        return self.component(name, ActionBudget)

    def reactions(self, name: str) -> Reactions:
        return self.component(name, Reactions)

    def conditions(self, name: str) -> Conditions:
        return self.component(name, Conditions)

    def health(self, name: str) -> Health:
        return self.component(name, Health)

    def controller(self, name: str) -> Controller:
        return self.component(name, Controller)

    def change_map(self, hexmap: HexMap) -> None:
        """The same battle on new terrain (game.engine.map_reload checked that it fits):
        a new map object, so that every cache keyed by the map is left behind. The doors and
        obstacles the battle changed stay changed."""
        self.base_map = hexmap
        self.hexmap = current_map(hexmap, self._book.terrain)
        self._changed()

    def change_terrain(self, cell, state: str | None = None, damage: int | None = None,
                       failed: str | None = None) -> None:
        """Record at `cell` (col, row) a door opened, closed or broken (`state`), the damage an
        object took so far, or a creature that failed to force it (it may not try again): the
        battle's map becomes a new map object with the change (obstacles.current_map)."""
        old_state, old_damage, tried = self.terrain_change(cell)
        value = (old_state if state is None else state,
                 old_damage if damage is None else damage,
                 tuple(sorted(set(tried) | ({failed} if failed else set()))))
        self.note_entry("terrain", cell_key(cell), value)
        self.hexmap = current_map(self.base_map, self._book.terrain)
        self._changed()

    def terrain_change(self, cell) -> tuple[str, int, tuple]:
        """(state, damage, creatures that failed to force it) recorded at `cell`; ("", 0, ())
        when the battle changed nothing there."""
        state, damage, tried = self._book.terrain.get(cell_key(cell), ("", 0, ()))
        return state, damage, tuple(tried)

    def cell(self, h) -> tuple[int, int]:
        return tuple(self.hexmap.tile_of(h))

    def awaiting(self) -> str:
        """What the battle waits for: 'reaction', 'choice', 'turn' or 'over'."""
        if self.winner:
            return "over"
        if self.pending:
            return "reaction"
        if self.active is None:
            return "choice"
        return "turn"

    # ---- the one writer (engine internals) ---------------------------------------------------
    def emit(self, *events: E.Event) -> None:
        self._out.extend(events)

    def _changed(self) -> None:
        self.version += 1

    def update(self, name: str, component_type, /, **changes) -> None:
        """Replace fields of one component of a creature (components are frozen)."""
        eid = self.entity(name)
        old = self.store.component_for_entity(eid, component_type)
        new = replace(old, **changes)
        self.store.add_component(eid, new)
        self._changed()
        if name in self.leader_of and component_type in (ActionBudget, Reactions):
            shared_spent(self, name, component_type, old, new)  # the group's actions, Reaction

    def attach(self, name: str, component) -> None:
        """Add (or replace) a component of a creature: for components only some creatures
        have (game.ecs.components.ReactionPolicy)."""
        self.store.add_component(self.entity(name), component)
        self._changed()

    def note(self, **changes) -> None:
        """Replace fields of the round and turn bookkeeping."""
        self._book = replace(self._book, **changes)
        self._changed()

    def note_turn(self, **changes) -> None:
        """Replace fields of the active creature's turn bookkeeping (TurnState)."""
        self.note(turn=replace(self._book.turn, **changes))

    def note_entry(self, field_name: str, key: str, value=None) -> None:
        """Set (or with None, drop) one entry of a bookkeeping dict (initiative, gang_up,
        interrupts, left)."""
        entries = dict(getattr(self._book, field_name))
        if value is None:
            entries.pop(key, None)
        else:
            entries[key] = value
        self.note(**{field_name: entries})

    @contextmanager
    def borrowed(self, **changes):
        """The bookkeeping with `changes` while a command is only checked (a minion checked
        as the actor of its leader's turn): not a change of the battle, restored after."""
        saved = self._book
        self._book = replace(saved, **changes)
        try:
            yield
        finally:
            self._book = saved

    def wait_for(self, pending: PendingReaction | None) -> None:
        """Pause for an `ask` reaction (None: the pause is over)."""
        self._pending = pending
        self._changed()

    def suspend(self, name: str, process) -> None:
        """Pause `name`'s turn and its action in progress for an interrupt turn."""
        self._paused.append(process)
        self.note(suspended=(*self._book.suspended, (name, self._book.turn)))

    def resume(self):
        """The innermost paused turn back: it is active again; returns its paused action."""
        name, turn = self._book.suspended[-1]
        self.note(suspended=self._book.suspended[:-1], active=name, chooser=None, turn=turn)
        return self._paused.pop()

    def place(self, name: str, state) -> None:
        """Move a creature (and the other half of its mounted pair: saddle.moved_together)."""
        for who in moved_together(self.unit(name)):
            self._place_one(who, state)

    def _place_one(self, name: str, state) -> None:
        anchor, facing = state
        moved = anchor != self.unit(name).anchor
        place(self.store, self.eids[name], anchor, facing)
        self._changed()
        if moved:       # a creature that moves leaves the wall it took cover behind
            for stance in ("taking_cover", "leaning_out"):
                if stance in self.conditions(name).active:
                    self.remove_condition(name, stance)
            full_round.moved(self, name)        # and stops the full-round action under way

    def set_conditions(self, name: str, active: dict, expires: dict | None = None) -> None:
        """Replace a creature's conditions (and, when given, their expiries)."""
        c = self.conditions(name)
        self.update(name, Conditions, active=dict(active),
                    expires=dict(c.expires if expires is None else expires))

    def set_condition(self, name: str, condition: str, value: int = 1, expiry=None) -> None:
        c = self.conditions(name)
        if c.active.get(condition) != value:
            self.emit(E.ConditionAdded(name, condition, value))
        expires = dict(c.expires)
        if expiry is not None:
            expires[condition] = expiry
        self.set_conditions(name, {**c.active, condition: value}, expires)

    def remove_condition(self, name: str, condition: str) -> None:
        c = self.conditions(name)
        if condition in c.active:
            self.emit(E.ConditionRemoved(name, condition))
        active = {k: v for k, v in c.active.items() if k != condition}
        self.set_conditions(name, active, {k: v for k, v in c.expires.items() if k != condition})

    def set_ready_weapon(self, name: str, weapon) -> None:
        weapons = self.component(name, Weapons)
        for n, w in enumerate(weapons.items):
            if w.id == weapon.id:
                self.update(name, Weapons, ready=n)

    def enter(self, placement) -> None:
        """A reinforcement comes onto the battlefield where the map put it
        (game.engine.arrivals; docs/mapping.md "Objectives and events")."""
        components = self.profile.unit_components(self.hexmap, placement, self.units_db)
        self.eids[placement.name] = self.store.create_entity(*components)
        self.teams_of[placement.name] = placement.team
        self._changed()
        self._apply_controller(placement.name, placement.team,
                               "aoo_policy" in placement.overrides)

    def remove(self, name: str) -> None:
        """The creature leaves the map (docs/rules/12-winning.md)."""
        eid = self.eids.pop(name)
        self.note_entry("left", name, self.teams_of[name])
        self.store.delete_entity(eid)
        self._changed()

    # ---- changing ------------------------------------------------------------------------------
    def apply(self, command: C.Command) -> Outcome:
        """Check `command` and perform it: Outcome(ok, reason, events)."""
        if self._detached:
            raise RuntimeError("a detached battle is for deciding: apply commands to the "
                               "battle it was made from")
        malformed = self._entry_refusal(command)
        if malformed is not None:
            return Outcome(False, malformed.reason, code=malformed.code)
        self._out = []
        version = self.version
        try:
            events = self.profile.handle(self, command)
        except Refused as refusal:
            if self.version != version or self._out:   # a refusal must come before changes
                raise RuntimeError(f"{command} was refused after changing the battle: "
                                   f"{refusal}") from refusal
            return Outcome(False, refusal.reason, code=refusal.code)
        note_sightings(self)
        self._out = []
        self.log.append(command)
        self.events.extend(events)
        self._changed()
        return Outcome(True, "", events)

    def check(self, command: C.Command) -> str:
        """Why `command` would be refused ("" when it is legal); changes nothing."""
        refused = self.refusal(command)
        return refused.reason if refused is not None else ""

    # ---- the legality query (asked of the battle's rule profile) -------------------------------
    def refusal(self, command: C.Command) -> Refused | None:
        """The refusal `command` would get now, with its stable code (None: legal)."""
        return self._entry_refusal(command) or self.profile.refusal(self, command)

    def _entry_refusal(self, command) -> Refused | None:
        """What no rule needs to look at: a command of another rulebook (a Move asked of a
        light battle) or a field of the wrong type (docs/security.md "Commands"), refused
        before the profile sees it."""
        if type(command) not in self.profile.command_types.values():
            return Refused("unknown_command", f"unknown command {type(command).__name__} (the "
                           f"{self.profile.title.lower()} have no such action)")
        return field_refusal(command)

    def actions(self, name: str) -> list:
        """Every action of the turn for `name` now: enabled, or the code and reason why not."""
        return self.profile.actions(self, name)

    def action(self, name: str, action: str):
        """One action of `actions(name)` (an ActionOption)."""
        return self.profile.action(self, name, action)

    def can_start(self, name: str, action: str) -> Refused | None:
        """Whether `action` can start now, before its target: None or the refusal (cheap)."""
        return self.profile.can_start(self, name, action)

    def options(self, name: str, action: str) -> list:
        """The legal commands of one action of `name` now (targets, hexes, paths)."""
        return self.profile.options(self, name, action)

    def forecast(self, command):
        """What `command` is expected to do, or None (the profile's forecasts); a command the
        battle would refuse now is forecast as its refusal (`refused_forecast`)."""
        refused = self.refusal(command)
        if refused is not None:
            return refused_forecast(refused)
        return self.profile.forecast(self, command)

    def objectives(self) -> list:
        """The map's objectives, each with its side, words, progress and whether it is met
        (game.engine.objectives.ObjectiveReport); empty for a map without any."""
        return objectives.report(self) if self.hexmap.scenario.objectives else []

    def decider(self) -> tuple[str, str | None]:
        """Who must decide now: ("turn" | "choice" | "reaction" | "over", name or None)."""
        state = self.awaiting()
        if state == "over":
            return "over", None
        if state == "reaction":
            return "reaction", self.pending.reactor
        if state == "choice":
            return "choice", self.chooser
        return "turn", self.active

    def state_hash(self) -> str:
        """A digest of everything that matters to the game's future (not the event log)."""
        return hashlib.sha256(json.dumps(self.state(), sort_keys=True,
                                         default=list).encode()).hexdigest()

    def state(self) -> dict:
        """Everything that matters to the battle's future: every component of every creature
        but its stat block (`STAT_BLOCKS`: it never changes in a battle, and a light one names
        the file it came from), the bookkeeping, the dice and a pending reaction. A component
        added later is hashed without a change here."""
        units = {}
        for eid, ident in sorted(self.store.get_component(Identity)):
            units[ident.name] = {type(c).__name__: _plain(c)
                                 for c in self.store.components_for_entity(eid)
                                 if not isinstance(c, STAT_BLOCKS)}
        pending = None
        if self._pending:
            p = self._pending
            pending = [p.reactor, p.mover, list(p.at)] + ([p.kind] if p.kind != "aoo" else [])
        book = asdict(self._book)
        for key in ("terrain", "minions", "minion_turns", "commander", "held", "reached",
                    "arrived", "told", "hide_values", "sightings", "running"):
            if not book[key]:
                del book[key]   # a battle without them hashes as it always did
        for key in ("picked_by_ally", "dived", "flown"):
            if not book["turn"].get(key):
                book["turn"].pop(key, None)     # hashed only when set, as before it existed
        state = {"units": units, "book": book, "mode": self.initiative_mode,
                 "dice": self.dice.state(), "pending": pending}
        if self.ruleset.criticals != "standard":    # an optional rule of the battle
            state["criticals"] = self.ruleset.criticals
        if self.fog:                        # what each side is shown and told
            state["fog"] = True
        if self.profile.name != "lfg":      # the default's battles hash as they always did
            state["rules"] = self.profile.name
        return state

    def close(self) -> None:
        """Nothing to release any more (the store dies with the battle); kept for callers
        that end a battle explicitly."""

    @property
    def pending(self) -> PendingReaction | None:
        """The `ask` reaction the battle waits for (write it with `wait_for`)."""
        return self._pending

    def _apply_controllers(self) -> None:
        """`controllers` (team -> "human" | "ai"); human creatures answer AOOs by `ask` unless the
        map sets their `aoo_policy` (docs/rules/04-attacks-of-opportunity.md: `always` is the AI's
        default)."""
        explicit = {p.name for p in self.hexmap.units if "aoo_policy" in p.overrides}
        for name, team in self.teams_of.items():
            self._apply_controller(name, team, name in explicit)

    def _apply_controller(self, name: str, team: str, explicit_policy: bool) -> None:
        controller = self.controller(name)
        kind = self.controllers.get(team, controller.kind)
        policy = controller.aoo_policy
        if kind == "human" and not explicit_policy and policy == "always":
            policy = "ask"
        interrupt = "ask" if team in self.controllers else controller.interrupt_policy
        self.update(name, Controller, kind=kind, aoo_policy=policy, interrupt_policy=interrupt)


def _check_kinds(hexmap: HexMap, units_db, profile: RuleProfile) -> None:
    """Every creature of the map has a stat block in the rulebook the battle plays (a map
    made for one rulebook may be played with another: `--rules`, the setup screen)."""
    for p in hexmap.units:
        if p.unit not in units_db:
            raise InputError(getattr(hexmap, "path", None), p.line or None,
                             f"unit '{p.name}': creature kind '{p.unit}' has no stat block "
                             f"in the {profile.title.lower()} ({profile.name}): play the map "
                             "with rules that have it, or use a kind that does")


#: fields added to a component (or to the weapons a Weapons component holds) after battles
#: were first recorded: hashed only when set, so a battle that never uses them hashes as it
#: always did
LATER_FIELDS = {"Weapons": ("unloaded",), "StellerPool": ("zones",)}
LATER_WEAPON_FIELDS = ("parry", "poison")


def _without_unset(data: dict, names) -> dict:
    for name in names:
        if not data.get(name):
            data.pop(name, None)
    return data


def _check_scenario(hexmap: HexMap, profile: RuleProfile) -> None:
    """Objectives, story text and reinforcements are played by the profiles that say so
    (docs/rules/12-winning.md "Objectives"; game.rulebooks.SCENARIO_RULES)."""
    if getattr(hexmap, "scenario", None) and profile.name not in SCENARIO_RULES:
        raise InputError(getattr(hexmap, "path", None), None,
                         f"the {profile.title.lower()} ({profile.name}) do not play the map's "
                         "objectives, story text and reinforcements yet: play it with the "
                         "default rules (--rules lfg)")


def _plain(component) -> dict:
    """A component as JSON-ready data (Hex and other tuples become lists)."""
    data = _without_unset(asdict(component), LATER_FIELDS.get(type(component).__name__, ()))
    if isinstance(component, Weapons):
        data["items"] = [_without_unset(w, LATER_WEAPON_FIELDS) for w in data["items"]]
        for w in data["items"]:
            w["extra_damage"] = [_without_unset(e, ("label",)) for e in w["extra_damage"]]
    return data


for _field in fields(Bookkeeping):
    setattr(Battle, _field.name, _read_only(_field.name))


__all__ = ["Battle", "Bookkeeping", "MinionPool", "Outcome", "PendingReaction", "Prepared", "Refused",
           "TurnState"]
