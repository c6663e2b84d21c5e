"""Commands: every change to a battle is one of these (docs/architecture.md "State and flow").

The UI, the AI, the tests and replays all send the same objects. Units are named by their map name,
hexes by Tiled `col,row` (docs/rules/01-hexes-and-distance.md), so a command log is readable and
portable. A command is plain data; `game.engine.battle.Battle.apply` checks and performs it.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from game.errors import InputError

Cell = tuple[int, int]


@dataclass(frozen=True)
class Command:
    unit: str

    def to_dict(self) -> dict:
        data = {"type": type(self).__name__}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Command):
                value = value.to_dict()
            elif isinstance(value, tuple):
                value = [list(v) if isinstance(v, tuple) else v for v in value]
            data[f.name] = value
        return data


@dataclass(frozen=True)
class Move(Command):
    """Move action (docs/rules/03-movement.md): the anchor enters each hex of `path` in turn.

    `facings` (optional, same length) turns a large or gargantuan creature on the way. `confirm`
    accepts the attacks of opportunity the path provokes (docs/rules/04-attacks-of-opportunity.md).
    """
    path: tuple[Cell, ...] = ()
    facings: tuple[int, ...] = ()
    confirm: bool = False


@dataclass(frozen=True)
class Step(Command):
    """5-Foot Step (docs/rules/03-movement.md): one hex, never provokes."""
    to: Cell = (0, 0)


@dataclass(frozen=True)
class Run(Command):
    """Run (docs/rules/03-movement.md): straight line up to 2 x speed."""
    to: Cell = (0, 0)
    confirm: bool = False


@dataclass(frozen=True)
class Charge(Command):
    """Run of at least 2 hexes, then a melee attack with +2 damage
    (docs/rules/03-movement.md "Charge")."""
    to: Cell = (0, 0)
    target: str = ""
    weapon: str | None = None
    confirm: bool = False


@dataclass(frozen=True)
class Retreat(Command):
    """Retreat (docs/rules/03-movement.md): full-round, never closer to a threatening enemy."""
    path: tuple[Cell, ...] = ()
    confirm: bool = False


@dataclass(frozen=True)
class StandUp(Command):
    """Stand Up (docs/rules/03-movement.md): removes Prone, provokes; `to` (optional) is the 1 hex
    it may move as part of it."""
    confirm: bool = False
    to: Cell | None = None


@dataclass(frozen=True)
class DropProne(Command):
    """Drop Prone (docs/rules/03-movement.md): a Swift action."""


@dataclass(frozen=True)
class Attack(Command):
    """An attack with a weapon of the attacker (default: its ready weapon)
    (docs/rules/10-attacks-and-damage.md)."""
    target: str = ""
    weapon: str | None = None
    confirm: bool = False


@dataclass(frozen=True)
class Aim(Command):
    """Aim (docs/rules/09-turns-and-actions.md): +1 on the next ranged attack this turn;
    provokes."""
    confirm: bool = False


@dataclass(frozen=True)
class FightDefensively(Command):
    """Fight Defensively (docs/rules/09-turns-and-actions.md): -4 attack, +2 dodge AC until the
    next turn."""


@dataclass(frozen=True)
class PowerAttack(Command):
    """Power Attack (docs/rules/09-turns-and-actions.md "The Big Actions": an attack action): one
    melee attack on `target` at -2 with the damage die two sizes larger; -2 AC (off-balance) until
    the attacker's next turn. An unarmed Power Attack provokes, as an unarmed Attack does:
    `confirm` accepts the attacks of opportunity (docs/rules/04-attacks-of-opportunity.md)."""
    target: str = ""
    weapon: str | None = None
    confirm: bool = False


@dataclass(frozen=True)
class CoupDeGrace(Command):
    """Coup de Grace (docs/rules/09-turns-and-actions.md): full-round, a helpless target in reach
    dies (the hex-native rules: it provokes, like every full-round action but Retreat)."""
    target: str = ""
    confirm: bool = False


@dataclass(frozen=True)
class PrepareInterrupt(Command):
    """Prepare to Interrupt (docs/rules/09-turns-and-actions.md): a trigger and the Big Action to
    take when it comes.

    trigger: "enters_reach" | "attacks" | "comes_into_sight"; action: an action id of the
    legality query that one Big Action pays for ("attack", "move", "run", "aim", ...);
    weapon: the weapon whose reach "enters_reach" watches (default: the longest reach).
    """
    trigger: str = "enters_reach"
    weapon: str | None = None
    action: str = "attack"


@dataclass(frozen=True)
class Defer(Command):
    """Selective initiative (docs/rules/09-turns-and-actions.md): picked by an ally, the creature
    lets another act first and takes its turn later this round."""


@dataclass(frozen=True)
class IgnoreEnemy(Command):
    """Ignore an enemy (a Little Action, docs/rules/09-turns-and-actions.md "Ignoring an enemy"):
    until its next turn the creature is flat-footed against `target`, which is Fortunate against
    it, never flanks it and does not count for ganging up on it."""
    target: str = ""


@dataclass(frozen=True)
class DrawWeapon(Command):
    """Draw a sheathed weapon into a free hand (docs/rules/09-turns-and-actions.md "Weapons in
    hand"): a Little Action; provokes."""
    weapon: str | None = None
    confirm: bool = False


@dataclass(frozen=True)
class SheatheWeapon(Command):
    """Sheathe a weapon held in hand (docs/rules/09-turns-and-actions.md "Weapons in hand"): a
    Little Action; provokes."""
    weapon: str | None = None
    confirm: bool = False


@dataclass(frozen=True)
class PickUp(Command):
    """Pick up the creature's own weapon lying in its space: a Little Action; provokes."""
    weapon: str | None = None
    confirm: bool = False


@dataclass(frozen=True)
class LoadCrossbow(Command):
    """Load a crossbow in hand that was shot (docs/rules/09-turns-and-actions.md "Crossbows"):
    a Big Action; provokes."""
    weapon: str | None = None
    confirm: bool = False


@dataclass(frozen=True)
class DirectMinions(Command):
    """Direct Minions (a Little Action, docs/rules/15-minions.md): the leader's minions may
    spend their 3 collective actions this turn; their commands name the minion."""


@dataclass(frozen=True)
class EndTurn(Command):
    """End the active creature's turn."""


@dataclass(frozen=True)
class ChooseNext(Command):
    """Selective initiative (docs/rules/09-turns-and-actions.md): `unit` (who just acted) picks who
    acts next."""
    next: str = ""


@dataclass(frozen=True)
class React(Command):
    """Answer to an attack-of-opportunity prompt for a creature with the `ask` policy."""
    accept: bool = True


@dataclass(frozen=True)
class LeaveMap(Command):
    """docs/rules/12-winning.md: a creature standing on an exit hex (tile property `exit`) on its
    turn leaves the battle; this ends its turn, and it counts as beaten for its side."""


@dataclass(frozen=True)
class SetPolicy(Command):
    """Set a creature's policy for a reaction: "always", "never" or "ask". `reaction` names it:
    "aoo" (attacks of opportunity, docs/rules/04-attacks-of-opportunity.md), "interrupt" (an
    Interrupt Turn, docs/rules/09-turns-and-actions.md) or "defense" (Active Parry and Dodge).
    Accepted at any time before the battle is over (it is in the command log)."""
    policy: str = "always"
    reaction: str = "aoo"


@dataclass(frozen=True)
class ActiveParry(Command):
    """Answer a defense prompt with an Active Parry (docs/rules/16-reactions.md)."""


@dataclass(frozen=True)
class ActiveDodge(Command):
    """Answer a defense prompt with an Active Dodge (docs/rules/16-reactions.md)."""


@dataclass(frozen=True)
class Protect(Command):
    """Protect an adjacent ally until the protector's next turn (a Big Action)."""
    ally: str = ""


@dataclass(frozen=True)
class TradeSpaces(Command):
    """Swap places with an adjacent ally, who spends its Reaction (a Big Action)."""
    ally: str = ""
    confirm: bool = False


@dataclass(frozen=True)
class UseAbility(Command):
    """A special ability (rules: Special abilities, Areas of effect). What it names depends
    on the ability's shape: a burst its `origin` hex; a cone an `aim` 0-11 (and, for a creature
    of several hexes, the `origin` hex of its space); a line the `toward` hex; a wall its
    `wall` hexes in order; a single-target ability its `target`. `confirm` accepts the
    attacks of opportunity it provokes."""
    ability: str = ""
    origin: Cell | None = None
    aim: int | None = None
    toward: Cell | None = None
    wall: tuple[Cell, ...] = ()
    target: str = ""
    confirm: bool = False


@dataclass(frozen=True)
class KnockoutStrike(Command):
    """Knockout Strike (an attack action, docs/rules/19-maneuvers-and-archery.md): an attack
    with a bludgeoning-only weapon that may knock `target` out instead of wounding it."""
    target: str = ""
    weapon: str | None = None
    confirm: bool = False


@dataclass(frozen=True)
class Volley(Command):
    """Volley (an attack action): a bow, javelin or spear launched in a high arc at a hex
    within range: the creature `target`, or the hex `at` (the creature in it, if any, is the
    target); -10, no critical hit (docs/rules/19-maneuvers-and-archery.md)."""
    target: str = ""
    weapon: str | None = None
    confirm: bool = False
    at: Cell | None = None


@dataclass(frozen=True)
class OffHandAttack(Command):
    """Off-hand attack (a Reaction on the creature's own turn): right after its main-hand (or
    primary natural) weapon hit a flat-footed `target`, one attack with the off-hand weapon
    (or a second natural weapon), counted as an attack of opportunity."""
    target: str = ""
    weapon: str | None = None


@dataclass(frozen=True)
class TakeCover(Command):
    """Take Cover (a Swift action): get behind the adjacent wall hex `to`: Total cover from
    beyond it, and no attack past it, until it leans out or moves."""
    to: Cell = (0, 0)


@dataclass(frozen=True)
class LeanOut(Command):
    """Lean Out (a Swift action): from behind its wall the creature may attack past it, with
    Good cover from beyond it, until it takes cover again or moves."""


@dataclass(frozen=True)
class Hide(Command):
    """Hide (a Little Action, docs/rules/22-hiding-and-fog.md): with cover or concealment from
    every enemy that could see it, the creature rolls its Hide check, its hidden value."""


@dataclass(frozen=True)
class Spot(Command):
    """Spot (a Little Action): a Spot check against every hidden enemy in sight; one that
    meets an enemy's hidden value finds it."""


@dataclass(frozen=True)
class FirstAid(Command):
    """First aid on an adjacent bleeding ally (rules: Healing and first aid): a Big Action,
    a Heal check against DC 15 that stops the bleeding. `confirm` accepts the attacks of
    opportunity it provokes."""
    ally: str = ""
    confirm: bool = False


@dataclass(frozen=True)
class Grab(Command):
    """Grab (rules: Wrestling, shoving and knockdown): a Big Action; an unarmed touch attack,
    then an opposed check; won, both creatures are Grappled. With a `weapon` that has the
    grab trait, the weapon's attack (an attack of the turn) opens it instead."""
    target: str = ""
    weapon: str | None = None
    confirm: bool = False


@dataclass(frozen=True)
class Trip(Command):
    """Trip: as Grab; won, the target is knocked prone."""
    target: str = ""
    weapon: str | None = None
    confirm: bool = False


@dataclass(frozen=True)
class Shove(Command):
    """Shove: as Grab; won, the target is pushed 1 hex (+1 per 5 by which the check is won)
    straight on through `to`, a hex next to it and farther from the shover."""
    target: str = ""
    to: Cell | None = None
    weapon: str | None = None
    confirm: bool = False


@dataclass(frozen=True)
class Pin(Command):
    """Pin a creature the wrestler grapples (a Big Action, opposed Wrestling checks)."""
    target: str = ""


@dataclass(frozen=True)
class Escape(Command):
    """Get free of a grapple (a Big Action, an opposed check against the strongest hold)."""


@dataclass(frozen=True)
class ShieldBash(Command):
    """Shield Bash (an attack): touch attack, opposed check, the target prone; won by 5+,
    1 + STR damage and a shove of 1 hex through `to` (optional)."""
    target: str = ""
    to: Cell | None = None


@dataclass(frozen=True)
class CrushingAdvance(Command):
    """Crushing Advance (a Big Action; provokes): up to half speed in a straight line to `to`
    through the spaces of creatures 3+ sizes smaller, who save or are crushed."""
    to: Cell = (0, 0)
    confirm: bool = False


@dataclass(frozen=True)
class OpenDoor(Command):
    """Open the unlocked door in the hex `to`, next to the creature (a Swift Little Action;
    docs/rules/21-terrain-and-falling.md "Doors and breaking things")."""
    to: Cell = (0, 0)


@dataclass(frozen=True)
class CloseDoor(Command):
    """Close the open door in the hex `to`, next to the creature, when nothing stands in the
    doorway (a Swift Little Action)."""
    to: Cell = (0, 0)


@dataclass(frozen=True)
class Smash(Command):
    """Strike the door or breakable obstacle in the hex `to` with a melee weapon (an attack:
    it hits by itself; its Hardness is taken off the damage, at 0 HP it breaks)."""
    to: Cell = (0, 0)
    weapon: str | None = None


@dataclass(frozen=True)
class ForceOpen(Command):
    """A Strength check against the Break DC of the door (or obstacle) in the hex `to`, next
    to the creature (a Big Action): success breaks it open; a creature that fails may not try
    that door again."""
    to: Cell = (0, 0)


@dataclass(frozen=True)
class Demoralize(Command):
    """Demoralize an Opponent (a Big Action; provokes): Intimidate against the target's Sense
    Motive or Intimidate, the target within 6 hexes and seen; won, it is Frightened for 1d4
    rounds (docs/rules/19-maneuvers-and-archery.md "Skill actions")."""
    target: str = ""
    confirm: bool = False


@dataclass(frozen=True)
class DirtyTrick(Command):
    """Dirty Tricks in Combat (a Big Action; provokes): Sleight of Hand against the adjacent
    target's Sense Motive or Tactics; won, sand in its eyes blinds it for a round."""
    target: str = ""
    confirm: bool = False


@dataclass(frozen=True)
class CombatFeint(Command):
    """Combat Feint (a Big Action; no provoking): Bluff against the target's Sense Motive or
    Tactics, the target within melee reach; won, it is flat-footed against the feinter's next
    attack."""
    target: str = ""


@dataclass(frozen=True)
class Insult(Command):
    """Insult an Opponent (a Big Action; provokes): Perform against the target's Sense Motive
    or WILL save, the target within 6 hexes and seen; won, it is Unfortunate for a round."""
    target: str = ""
    confirm: bool = False


@dataclass(frozen=True)
class WakeUp(Command):
    """Wake Up (a Big Action): shake an adjacent sleeping creature awake
    (docs/rules/11-hit-points-and-conditions.md "Asleep")."""
    ally: str = ""


@dataclass(frozen=True)
class Tumble(Command):
    """Tumble through the adjacent foe `target` (docs/rules/03-movement.md "Through an enemy's
    hex"): movement through its hex to the hex `to` beyond it, if an opposed Acrobatics check is
    won after the attacks of opportunity."""
    target: str = ""
    to: Cell = (0, 0)
    confirm: bool = False


@dataclass(frozen=True)
class Overpower(Command):
    """Overpower the adjacent foe `target`: as Tumble, with a Wrestling check."""
    target: str = ""
    to: Cell = (0, 0)
    confirm: bool = False


@dataclass(frozen=True)
class Mount(Command):
    """Climb onto the back of an adjacent allied mount (docs/rules/03-movement.md "Riding a
    mount"): a Big Action; provokes. The rider then fills the mount's space."""
    mount: str = ""
    confirm: bool = False


@dataclass(frozen=True)
class Dismount(Command):
    """Climb down from the mount into the free hex `to` beside it (a Big Action; provokes)."""
    to: Cell = (0, 0)
    confirm: bool = False


COMMAND_TYPES = {cls.__name__: cls for cls in (
    Move, Step, Run, Charge, Retreat, StandUp, DropProne, Attack, Aim, FightDefensively,
    PowerAttack, CoupDeGrace, PrepareInterrupt, EndTurn, ChooseNext, React, LeaveMap,
    SetPolicy, Defer, IgnoreEnemy, DrawWeapon, SheatheWeapon, PickUp, ActiveParry,
    ActiveDodge, Protect, TradeSpaces, UseAbility, KnockoutStrike, Volley, OffHandAttack,
    TakeCover, LeanOut, FirstAid, Grab, Trip, Shove, Pin, Escape, ShieldBash,
    CrushingAdvance, OpenDoor, CloseDoor, Smash, ForceOpen, DirectMinions, LoadCrossbow, Hide,
    Spot, Demoralize, DirtyTrick, CombatFeint, Insult, WakeUp, Tumble, Overpower, Mount,
    Dismount)}


def command_from_dict(data: dict, where: str = "", types=None) -> Command:
    """Rebuild a command from `to_dict()` output (saves, replays) with the command classes
    `types` by name (a rule profile's `command_types`; default: these, the default
    rules'); bad data -> InputError."""
    types = COMMAND_TYPES if types is None else types
    if not isinstance(data, dict) or data.get("type") not in types:
        raise InputError(where, None, f"unknown command {data!r} (expected one of "
                         f"{', '.join(types)})")
    cls = types[data["type"]]
    known = {f.name: f for f in fields(cls)}
    kwargs = {}
    for key, value in data.items():
        if key == "type":
            continue
        if key not in known:
            raise InputError(where, None, f"{data['type']} has no field {key!r}")
        if isinstance(value, list):
            value = tuple(tuple(v) if isinstance(v, list) else v for v in value)
        kwargs[key] = value
    try:
        return cls(**kwargs)
    except TypeError as err:
        raise InputError(where, None, f"bad {data['type']} command: {err}") from None




@dataclass(frozen=True)
class StopDropRoll(Command):
    """Stop, Drop and Roll (docs/rules/11-hit-points-and-conditions.md "Conditions that act
    on their own"): a full-round action of a burning creature; it drops prone and the flames
    are out when its next turn starts."""


@dataclass(frozen=True)
class Swallow(Command):
    """Swallow Whole (docs/rules/17-special-abilities.md "Pounce, Rake, Swallow Whole and
    poison"): a Big Action, an opposed Wrestling check on the creature held in the mouth."""
    target: str = ""


@dataclass(frozen=True)
class CutFree(Command):
    """A swallowed creature cuts at its swallower from inside (a Big Action, DC 15)."""


COMMAND_TYPES = {**COMMAND_TYPES, "StopDropRoll": StopDropRoll, "Swallow": Swallow,
                 "CutFree": CutFree}


__all__ = [name for name in COMMAND_TYPES] + ["Command", "COMMAND_TYPES", "command_from_dict", "asdict"]
