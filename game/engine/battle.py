"""A battle: an esper world, its dice, whose turn it is, and `apply(command)`.

Commands in, events out (DESIGN.md "State and flow"). `apply` asks the command's handler to
check it against the rules first; a refused command changes nothing and returns the reason.
The command log and the seed replay a battle to the same `state_hash()`.

What the battle waits for (`awaiting()`): "turn" (the `active` creature's commands),
"choice" (selective initiative: a ChooseNext from `chooser`, RULES.md 9), "reaction" (an
attack of opportunity of an `ask` creature: a React from `pending.reactor`, RULES.md 4) or
"over" (`winner` is a team, or "draw"; RULES.md 12).
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field

import esper

from game.ecs.components import (
    ActionBudget, Conditions, Controller, Health, Identity, Position, Reactions, Team, Weapons,
)
from game.ecs.view import BattleView, snapshot
from game.ecs.world import build_world, delete_world, in_world, place
from game.engine import commands as C
from game.engine import events as E
from game.engine.dice import Dice
from game.errors import InputError
from game.tiled.hexmap import INITIATIVE_MODES, HexMap


class Refused(Exception):
    """A command the rules do not allow.

    `code` is stable ("no_big_action", "provokes", ...: the HUD and the AI key on it, never on
    the words), `reason` says why and what to do instead, `data` carries the facts behind it
    (e.g. the provoking enemies and whether confirming would make the command legal).
    """

    def __init__(self, code: str, reason: str, **data):
        super().__init__(reason)
        self.code, self.reason, self.data = code, reason, data


@dataclass
class Outcome:
    ok: bool
    reason: str = ""
    events: list = field(default_factory=list)
    code: str = ""              # the refusal's stable code ("" when accepted)


@dataclass
class PendingReaction:
    """A move paused while the owner of an `ask` creature decides on its AOO (RULES.md 4)."""
    reactor: str
    mover: str
    at: tuple[int, int]
    resume: object          # the paused action (a generator); React sends the answer in


class Battle:
    """One battle. Read it through `view()`; change it only through `apply()`."""

    def __init__(self, hexmap: HexMap, seed: int = 0, units_db: dict | None = None,
                 initiative: str | None = None, controllers: dict | None = None):
        from game.engine import turns
        mode = initiative or hexmap.initiative or "selective"
        if mode not in INITIATIVE_MODES:
            raise InputError(None, None, f"unknown initiative {mode!r} "
                             f"(use one of {', '.join(INITIATIVE_MODES)})")
        self.hexmap = hexmap
        self.seed = seed
        self.dice = Dice(seed)
        self.world = build_world(hexmap, units_db)
        self.initiative_mode = mode
        self.controllers = dict(controllers or {})   # team -> "human" | "ai"
        self.version = 0
        self.round = 0
        self.active: str | None = None
        self.chooser: str | None = None      # selective initiative: who picks the next actor
        self.first_of_round: str | None = None
        self.last_actor: str | None = None
        self.initiative: dict[str, int] = {}  # name -> latest check total
        self.order: list[str] = []            # initiative order, highest first
        self.gang_up: dict[str, list[str]] = {}   # target -> attackers since its last turn
        self.interrupts: dict = {}            # name -> turns.Prepared
        self.turn = turns.TurnState()
        self.pending: PendingReaction | None = None
        self.winner: str | None = None
        self.left: dict[str, str] = {}        # name -> team, creatures that left the map
        self.saved_hash: str | None = None    # a replayed save's recorded hash
        self.log: list[C.Command] = []
        self.events: list[E.Event] = []
        self._out: list[E.Event] = []
        self._view: BattleView | None = None
        with in_world(self.world):
            self.eids = {i.name: eid for eid, i in esper.get_component(Identity)}
            self.teams_of = {esper.component_for_entity(eid, Identity).name: t.name
                             for eid, t in esper.get_component(Team)}
        self._apply_controllers()
        turns.start_battle(self)
        self.events.extend(self._out)
        self._out = []

    # ---- reading -------------------------------------------------------------------------
    def view(self) -> BattleView:
        if self._view is None or self._view.version != self.version:
            self._view = snapshot(self.world, self.hexmap, self.version)
        return self._view

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
        with in_world(self.world):
            return esper.component_for_entity(self.entity(name), kind)

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
        a new map object, so that every cache keyed by the map is left behind."""
        self.hexmap = hexmap
        self.touched()

    def touched(self) -> None:
        """Mark the world changed so that the next view() is taken afresh."""
        self.version += 1

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

    # ---- changing (engine internals) ---------------------------------------------------------
    def emit(self, *events: E.Event) -> None:
        self._out.extend(events)

    def place(self, name: str, state) -> None:
        anchor, facing = state
        with in_world(self.world):
            place(self.eids[name], anchor, facing)
        self.touched()

    def set_condition(self, name: str, condition: str, value: int = 1, expiry=None) -> None:
        c = self.conditions(name)
        if c.active.get(condition) != value:
            self.emit(E.ConditionAdded(name, condition, value))
        c.active[condition] = value
        if expiry is not None:
            c.expires[condition] = expiry
        self.touched()

    def remove_condition(self, name: str, condition: str) -> None:
        c = self.conditions(name)
        if condition in c.active:
            del c.active[condition]
            self.emit(E.ConditionRemoved(name, condition))
        c.expires.pop(condition, None)
        self.touched()

    def set_ready_weapon(self, name: str, weapon) -> None:
        weapons = self.component(name, Weapons)
        for n, w in enumerate(weapons.items):
            if w.id == weapon.id:
                weapons.ready = n

    def remove(self, name: str) -> None:
        """The creature leaves the map (RULES.md 12)."""
        eid = self.eids.pop(name)
        self.left[name] = self.teams_of[name]
        with in_world(self.world):
            esper.delete_entity(eid, immediate=True)
        self.touched()

    # ---- changing ------------------------------------------------------------------------------
    def apply(self, command: C.Command) -> Outcome:
        """Check `command` and perform it: Outcome(ok, reason, events)."""
        from game.engine.handlers import HANDLERS
        handler = HANDLERS.get(type(command))
        if handler is None:
            return Outcome(False, f"unknown command {type(command).__name__}",
                           code="unknown_command")
        self._out = []
        version = self.version
        try:
            events = handler(self, command)
        except Refused as refusal:
            if self.version != version or self._out:   # a refusal must come before changes
                raise RuntimeError(f"{command} was refused after changing the battle: "
                                   f"{refusal}") from refusal
            return Outcome(False, refusal.reason, code=refusal.code)
        self._out = []
        self.log.append(command)
        self.events.extend(events)
        self.touched()
        return Outcome(True, "", events)

    def check(self, command: C.Command) -> str:
        """Why `command` would be refused ("" when it is legal); changes nothing."""
        refused = self.refusal(command)
        return refused.reason if refused is not None else ""

    # ---- the legality query (game.engine.legality) ---------------------------------------------
    def refusal(self, command: C.Command) -> Refused | None:
        """The refusal `command` would get now, with its stable code (None: legal)."""
        from game.engine.legality import refusal
        return refusal(self, command)

    def actions(self, name: str) -> list:
        """Every action of the turn for `name` now: enabled, or the code and reason why not."""
        from game.engine.legality import actions
        return actions(self, name)

    def action(self, name: str, action: str):
        """One action of `actions(name)` (an ActionOption)."""
        from game.engine.legality import action_option
        return action_option(self, name, action)

    def options(self, name: str, action: str) -> list:
        """The legal commands of one action of `name` now (targets, hexes, paths)."""
        from game.engine.legality import options
        return options(self, name, action)

    def decider(self) -> tuple[str, str | None]:
        """Who must decide now: ("turn" | "choice" | "reaction" | "over", name or None)."""
        from game.engine.legality import decider
        return decider(self)

    def state_hash(self) -> str:
        """A digest of everything that matters to the game's future (not the event log)."""
        return hashlib.sha256(json.dumps(self.state(), sort_keys=True,
                                         default=list).encode()).hexdigest()

    def state(self) -> dict:
        units = []
        with in_world(self.world):
            for eid, (ident, pos, health, team) in sorted(esper.get_components(
                    Identity, Position, Health, Team)):
                budget = esper.component_for_entity(eid, ActionBudget)
                conditions = esper.component_for_entity(eid, Conditions)
                reactions = esper.component_for_entity(eid, Reactions)
                controller = esper.component_for_entity(eid, Controller)
                weapons = esper.component_for_entity(eid, Weapons)
                units.append({
                    "name": ident.name, "team": team.name, "anchor": list(pos.anchor),
                    "facing": pos.facing, "hp": health.hp, "max_hp": health.max_hp,
                    "dead": health.dead, "conditions": sorted(conditions.active.items()),
                    "expires": sorted((k, list(v)) for k, v in conditions.expires.items()),
                    "budget": [budget.big, budget.little, budget.movement, budget.moved,
                               budget.stepped, budget.attacks, budget.acted],
                    "reactions": [reactions.available, reactions.aoo_this_round],
                    "controller": [controller.kind, controller.aoo_policy],
                    "ready": weapons.ready,
                })
        pending = None
        if self.pending:
            pending = [self.pending.reactor, self.pending.mover, list(self.pending.at)]
        return {"round": self.round, "active": self.active, "chooser": self.chooser,
                "first": self.first_of_round, "last": self.last_actor,
                "mode": self.initiative_mode, "winner": self.winner, "units": units,
                "dice": self.dice.state(), "order": list(self.order),
                "initiative": sorted(self.initiative.items()),
                "interrupts": sorted((k, asdict(v)) for k, v in self.interrupts.items()),
                "gang_up": sorted((k, list(v)) for k, v in self.gang_up.items()),
                "turn": asdict(self.turn), "left": sorted(self.left.items()),
                "pending": pending}

    def close(self) -> None:
        delete_world(self.world)

    def _apply_controllers(self) -> None:
        """`controllers` (team -> "human" | "ai"); human creatures answer AOOs by `ask`
        unless the map sets their `aoo_policy` (RULES.md 4: `always` is the AI's default)."""
        explicit = {p.name for p in self.hexmap.units if "aoo_policy" in p.overrides}
        with in_world(self.world):
            for _, (ident, team, controller) in esper.get_components(Identity, Team, Controller):
                controller.kind = self.controllers.get(team.name, controller.kind)
                if controller.kind == "human" and ident.name not in explicit \
                        and controller.aoo_policy == "always":
                    controller.aoo_policy = "ask"


__all__ = ["Battle", "Outcome", "PendingReaction", "Refused"]
