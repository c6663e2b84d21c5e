"""The plain data of a battle that the engine's modules share: a refusal, an outcome, a paused
reaction, the turn's and the round's bookkeeping (docs/architecture.md "State and flow").

Nothing here knows a rulebook or a store; `game.engine.battle.Battle` holds these and every
rule profile's handlers read and write them through the battle.
"""
from __future__ import annotations

from dataclasses import dataclass, field


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
    """A move paused while the owner of an `ask` creature decides on its AOO
    (docs/rules/04-attacks-of-opportunity.md)."""
    reactor: str
    mover: str
    at: tuple[int, int]
    resume: object          # the paused action (a generator); React sends the answer in
    kind: str = "aoo"       # "aoo", "interrupt" (an Interrupt Turn, game.engine.interrupts) or
                            # "defense": an active defense against `mover`s attack
    attack: object = None   # for "defense": the attack (weapon, extras)


@dataclass(frozen=True)
class TurnState:
    """The active creature's bookkeeping that no component holds (docs/rules/03-movement.md,
    09-turns-and-actions.md)."""
    attack_actions: int = 0        # Big Actions used to attack this turn
    attacks_left: int = 0          # attacks left in the current attack action (level 10+)
    last_weapon: str | None = None
    aim: bool = False              # Aim (09-turns-and-actions.md): +1 on the next shot
    ran: int = 0                   # hexes of a Run just made (a Charge attack may follow)
    dived: bool = False            # that Run was a flyer's dive (a Dive Attack may follow)
    prepared: str = ""             # an interrupt turn of a prepared action: that action only
    interrupting: bool = False     # an interrupt turn (it cannot defer)
    picked_by: str = ""            # the ally that picked it, while it has done nothing yet
    picked_by_ally: bool = False   # picked by another creature of its side (whole turn)
    ignore_paid: bool = False      # its Little Action for ignoring enemies is spent
    asked: tuple = ()              # enemies offered an interrupt of this turn already
    flown: int = 0                 # hexes a flyer with a minimum flight speed flew this turn


@dataclass(frozen=True)
class Prepared:
    """A prepared interrupt (docs/rules/09-turns-and-actions.md): the trigger, the prepared Big
    Action (an action id of the legality query), the weapon whose reach `enters_reach` watches, and
    the part of the turn kept for the interrupt turn."""
    trigger: str
    weapon: str
    round: int = 0
    action: str = "attack"
    big: int = 1
    little: int = 0


@dataclass(frozen=True)
class MinionPool:
    """A leader's group of minions (docs/rules/15-minions.md): the collective actions left in
    the group's turn, whether they may be spent (Direct Minions, or a fallen leader), the
    kept Reaction, whose turn the group acts in, and the round each minion last attacked."""
    actions: int = 0
    directed: bool = False
    reaction: int = 1
    holder: str = ""
    attacked: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Bookkeeping:
    """Round and turn bookkeeping of a battle (what no creature's component holds). Plain
    data: the state hash serialises it whole."""
    round: int = 0
    active: str | None = None
    chooser: str | None = None         # selective initiative: who picks the next actor
    first_of_round: str | None = None
    last_actor: str | None = None
    initiative: dict = field(default_factory=dict)     # name -> latest check total
    order: tuple = ()                                  # initiative order, highest first
    gang_up: dict = field(default_factory=dict)        # target -> attackers since its turn
    interrupts: dict = field(default_factory=dict)     # name -> Prepared
    turn: TurnState = field(default_factory=TurnState)
    winner: str | None = None
    left: dict = field(default_factory=dict)           # name -> team, creatures gone
    suspended: tuple = ()       # interrupted turns, innermost last: (name, TurnState) each
    deferred: tuple = ()        # creatures that passed their pick on this round
    ignoring: dict = field(default_factory=dict)       # name -> foes it ignores this round
    unaware: tuple = ()         # surprised at the start: no turn in the surprise round
    hidden: tuple = ()          # unseen by their enemies until they act or are found
    hide_values: dict = field(default_factory=dict)    # name -> its Hide check (it hid)
    sightings: dict = field(default_factory=dict)      # side -> its Sightings (fog of war)
    terrain: dict = field(default_factory=dict)        # "col,row" -> (state, damage, tried):
                    # doors opened, closed or broken and obstacles damaged since the start
    minions: dict = field(default_factory=dict)        # leader -> MinionPool
    minion_turns: dict = field(default_factory=dict)   # minion -> its TurnState this turn
    commander: tuple = ()       # while a minion acts: (the turn's holder, its TurnState)
    # the map's objectives and events (game.engine.objectives, docs/rules/12-winning.md):
    held: dict = field(default_factory=dict)       # hold objective's key -> rounds held
    reached: dict = field(default_factory=dict)    # reach objective's key -> names there
    arrived: tuple = ()         # reinforcement layers that have arrived
    told: tuple = ()            # story keys told, and "lost:<team>" for a side that lost
    running: dict = field(default_factory=dict)        # name -> (rounds run in a row, next DC)


__all__ = ["Bookkeeping", "MinionPool", "Outcome", "PendingReaction", "Prepared", "Refused",
           "TurnState"]
