"""Components of a battle's store (game.ecs.store): small frozen dataclasses with no behaviour
(docs/architecture.md "State and flow"). A change replaces a component, never edits one in place.

Terrain is not here: it lives in the HexMap. UI-only state (hover, selection) never goes here.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.hexgrid import Hex


@dataclass(frozen=True)
class Identity:
    name: str          # unique in the battle: the Tiled object's name
    unit_key: str      # key of assets/units/*.toml
    title: str         # the stat block's display name ("Ogre")


@dataclass(frozen=True)
class Position:
    anchor: Hex
    facing: int = 0


@dataclass(frozen=True)
class Footprint:
    """The hexes the creature occupies; kept in step with Position by game.ecs.world.place."""

    hexes: tuple[Hex, ...]


@dataclass(frozen=True)
class Size:
    name: str


@dataclass(frozen=True)
class Reach:
    hexes: int


@dataclass(frozen=True)
class Team:
    name: str


@dataclass(frozen=True)
class Health:
    hp: int
    max_hp: int
    dead: bool = False


@dataclass(frozen=True)
class Stats:
    """The stat block with the map's overrides applied (a game.data.UnitType)."""

    unit: object
    level: int = 1


@dataclass(frozen=True)
class Weapons:
    """What the creature carries (docs/rules/09-turns-and-actions.md "Weapons in hand",
    10-attacks-and-damage.md): every weapon of its stat block, which of them are sheathed (not in
    hand), which lie on the ground where they were thrown, the shots left of each weapon that
    counts its ammunition, and the crossbows that wait to be loaded again."""
    items: tuple           # game.data.Weapon, the first is the default
    ready: int = 0         # index of the weapon last used
    sheathed: tuple[str, ...] = ()                 # weapon ids worn but not in hand
    ground: tuple[tuple[str, Hex], ...] = ()       # (weapon id, hex) of thrown weapons
    ammo: dict[str, int] = field(default_factory=dict)     # weapon id -> shots left
    unloaded: tuple[str, ...] = ()                 # crossbow ids shot and not loaded again


@dataclass(frozen=True)
class Conditions:
    """Active conditions: name -> value (stage or amount; 1 for plain conditions).

    `expires` maps a condition name to when it ends, as (entity whose turn counts, event, turns)
    with event "start" or "end" of that entity's turn
    (docs/rules/11-hit-points-and-conditions.md "How long effects last").
    """

    active: dict[str, int] = field(default_factory=dict)
    expires: dict[str, tuple[int, str, int]] = field(default_factory=dict)


@dataclass(frozen=True)
class Grapple:
    """The creatures this one wrestles with (docs/rules/18-wrestling-and-knockdown.md): each
    of them has this one among its own partners. Only creatures in a grapple have it."""
    partners: tuple[str, ...] = ()


@dataclass(frozen=True)
class ActionBudget:
    """What is left of the creature's turn (docs/rules/09-turns-and-actions.md): 2 Big + 1 Little
    actions."""

    big: int = 2
    little: int = 1
    movement: int = 0          # hexes of movement granted by Move actions, not yet used
    moved: bool = False        # moved this turn (no 5-Foot Step afterwards)
    stepped: bool = False      # took a 5-Foot Step (no other movement this turn)
    attacks: int = 0           # attacks made this turn (consecutive attack penalty)
    acted: bool = False        # has taken its turn this round


@dataclass(frozen=True)
class RunCourse:
    """The creature's last Run (docs/rules/03-movement.md): the anchor it started from and which of
    the six directions it ran; it counts while the creature has the `running` effect."""
    start: Hex | None = None
    direction: int = 0


@dataclass(frozen=True)
class Reactions:
    available: int = 1
    aoo_this_round: int = 0


@dataclass(frozen=True)
class Controller:
    kind: str = "ai"           # "human" or "ai"
    aoo_policy: str = "always"  # "always", "never" or "ask" (04-attacks-of-opportunity.md)
    interrupt_policy: str = "never"  # the same for an Interrupt Turn (09-turns-and-actions.md):
                                     # "ask" for every side the battle names a controller of


@dataclass(frozen=True)
class ReactionPolicy:
    """How a creature answers a chance to actively defend (docs/rules/16-reactions.md):
    "always" (the best defense when it lowers the hit chance), "never" or "ask" (its owner
    is asked; the computer player answers for its own creatures). Only present once set:
    without it, human-controlled creatures are asked and the others never defend."""
    defense: str = "ask"


@dataclass(frozen=True)
class AbilityUses:
    """Uses left of a creature's limited special abilities (ability id -> uses), and the round
    in which it last used a spell-like or supernatural ability (kind -> round): those are
    once a round. Only creatures with special abilities have it."""

    left: dict[str, int] = field(default_factory=dict)
    last_round: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class FollowUp:
    """The off hand's chance (docs/rules/19-maneuvers-and-archery.md): `target`, a flat-footed
    foe the main hand hit in the command of log index `at` (the chance lasts until the next
    command), and the round it was last taken (once per turn). Only creatures that had the
    chance have it."""

    target: str = ""
    at: int = -1
    used_round: int = -1


@dataclass(frozen=True)
class TempHP:
    """Temporary hit points (docs/rules/11-hit-points-and-conditions.md, "Temporary hit
    points"): a separate pool lost before the creature's hit points. Only creatures that
    gained some have it (the state of the others stays as it was)."""

    amount: int = 0


@dataclass(frozen=True)
class Bleeding:
    """How many rounds the creature has been bleeding without a stop (docs/rules/
    11-hit-points-and-conditions.md, "Bleed X"): after 10 the wound clots, Bleed X shrinks by
    1 a round. Only creatures that have bled have it."""

    rounds: int = 0


@dataclass(frozen=True)
class Riding:
    """The mount a rider sits on (docs/rules/03-movement.md "Riding a mount"): while it rides,
    the rider's space is its mount's (its `Size` is the mount's) and its speed the mount's; its
    own size and speed wait here until it dismounts. Only riders have it."""
    mount: str = ""
    own_size: str = "medium"
    own_speed_ft: int = 30


@dataclass(frozen=True)
class Ridden:
    """The rider on a mount's back. Only mounts that carry someone have it."""
    rider: str = ""
