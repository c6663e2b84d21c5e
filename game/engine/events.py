"""Events: what happened, as plain data for the combat log, the animations and the tests.

A legal command emits events; an illegal one emits none. Each event carries everything its
log line and animation need (names, hexes as Tiled col,row, rolls with their breakdown).
"""
from __future__ import annotations

from dataclasses import dataclass, fields

Cell = tuple[int, int]


@dataclass(frozen=True)
class Event:
    def to_dict(self) -> dict:
        data = {"type": type(self).__name__}
        for f in fields(self):
            data[f.name] = getattr(self, f.name)
        return data


@dataclass(frozen=True)
class InitiativeRolled(Event):
    unit: str
    total: int
    breakdown: str


@dataclass(frozen=True)
class RoundStarted(Event):
    round: int


@dataclass(frozen=True)
class TurnStarted(Event):
    unit: str
    round: int


@dataclass(frozen=True)
class TurnEnded(Event):
    unit: str


@dataclass(frozen=True)
class NextChosen(Event):
    by: str
    next: str


@dataclass(frozen=True)
class ChoiceNeeded(Event):
    """Selective initiative: `chooser` must pick who acts next among `candidates`."""
    chooser: str
    candidates: tuple[str, ...]


@dataclass(frozen=True)
class ActionSpent(Event):
    unit: str
    action: str            # "Move", "Aim", "Fight Defensively", ...
    big: int               # Big Actions left after it
    little: int


@dataclass(frozen=True)
class Moved(Event):
    unit: str
    start: Cell
    end: Cell
    path: tuple[Cell, ...]
    cost: int
    kind: str = "move"     # move, step, run, charge, retreat, stand


@dataclass(frozen=True)
class Provoked(Event):
    unit: str              # the mover or actor who provoked
    by: str                # the creature entitled to an attack of opportunity
    at: Cell               # the hex being left
    reason: str = "movement"


@dataclass(frozen=True)
class ReactionAsked(Event):
    """The `ask` policy: the owner of `by` decides with a React command. `kind`: "aoo", "interrupt"
    (an Interrupt Turn against `unit`, docs/rules/09-turns-and-actions.md) or "defense" (React,
    ActiveParry or ActiveDodge against `unit`s attack)."""
    by: str
    unit: str
    at: Cell
    kind: str = "aoo"


@dataclass(frozen=True)
class ReactionDeclined(Event):
    by: str
    unit: str
    kind: str = "aoo"      # what was declined, as ReactionAsked.kind: aoo, interrupt, defense


@dataclass(frozen=True)
class AttackRolled(Event):
    attacker: str
    target: str
    weapon: str
    d20: tuple[int, ...]   # the die or dice rolled (two with fortune)
    natural: int           # the one kept
    total: int
    ac: int
    hit: bool
    threat: bool
    critical: bool
    breakdown: str         # itemised, each term naming the rules page it comes from
    kind: str = "attack"   # attack, aoo, charge, interrupt
    miss_chance_roll: int | None = None
    concealed_miss: bool = False
    defense: str = ""      # "parry" / "dodge": the target's active defense replaced its AC


@dataclass(frozen=True)
class Damaged(Event):
    unit: str
    amount: int
    hp: int
    damage_type: str
    breakdown: str
    critical: bool = False
    absorbed: int = 0      # of `amount`, taken by temporary hit points


@dataclass(frozen=True)
class Healed(Event):
    """Hit points regained (rules: Healing and first aid): `amount` restored, `hp` after."""
    unit: str
    amount: int
    hp: int
    by: str
    source: str            # the ability's name
    breakdown: str


@dataclass(frozen=True)
class TempHPGained(Event):
    """A pool of temporary hit points: `temp` after the grant (the higher pool stays)."""
    unit: str
    gained: int
    temp: int
    by: str
    source: str


@dataclass(frozen=True)
class Clotted(Event):
    """A wound that bled 10 rounds clots: Bleed X is now `bleed` (0: the bleeding stops)."""
    unit: str
    bleed: int
    rounds: int


@dataclass(frozen=True)
class FirstAidGiven(Event):
    """A Heal check on a bleeding ally (rules: Healing and first aid)."""
    unit: str
    ally: str
    natural: int
    total: int
    dc: int
    success: bool
    breakdown: str


@dataclass(frozen=True)
class ConditionAdded(Event):
    unit: str
    condition: str
    value: int = 1


@dataclass(frozen=True)
class ConditionRemoved(Event):
    unit: str
    condition: str


@dataclass(frozen=True)
class SaveRolled(Event):
    unit: str
    save: str
    natural: int
    total: int
    dc: int
    success: bool
    breakdown: str


@dataclass(frozen=True)
class AbilityUsed(Event):
    """A special ability is used: its area (cells), the creatures it affects, uses left
    (None: at will)."""
    unit: str
    ability: str
    name: str
    origin: Cell
    area: tuple[Cell, ...]
    caught: tuple[str, ...]
    uses_left: int | None = None


@dataclass(frozen=True)
class ForcedMoved(Event):
    """A push, pull or slide: the creature is moved without provoking."""
    unit: str
    kind: str
    start: Cell
    end: Cell
    path: tuple[Cell, ...]
    by: str = ""


@dataclass(frozen=True)
class OpposedCheck(Event):
    """An opposed skill check (rules: Wrestling, shoving and knockdown): `unit` tries
    `maneuver` on `target`; `margin` = its total minus the target's (won when > 0)."""
    unit: str
    target: str
    maneuver: str
    skill: str
    total: int
    target_skill: str
    target_total: int
    won: bool
    margin: int
    breakdown: str


@dataclass(frozen=True)
class CheckRolled(Event):
    """A check or save against a DC that is not an attack (a knockdown, a crushing advance):
    `check` names the skill or save, `cause` the rule."""
    unit: str
    check: str
    natural: int
    total: int
    dc: int
    success: bool
    breakdown: str
    cause: str = ""


@dataclass(frozen=True)
class Died(Event):
    unit: str
    at: Cell
    by: str = ""           # who dealt the blow ("" for bleeding)
    cause: str = ""        # "damage", "bleeding", "coup de grace"


@dataclass(frozen=True)
class LeftMap(Event):
    unit: str
    at: Cell


@dataclass(frozen=True)
class InterruptPrepared(Event):
    unit: str
    trigger: str
    weapon: str = ""
    action: str = "attack"


@dataclass(frozen=True)
class InterruptLapsed(Event):
    """A prepared interrupt ends unused when its creature's next turn starts
    (docs/rules/09-turns-and-actions.md)."""
    unit: str


@dataclass(frozen=True)
class PolicySet(Event):
    unit: str
    policy: str
    reaction: str = "aoo"


@dataclass(frozen=True)
class Protected(Event):
    """`unit` protects the adjacent `ally` until its next turn (`cover`: good or superior)."""
    unit: str
    ally: str
    cover: str


@dataclass(frozen=True)
class TradedSpaces(Event):
    """`unit` and `ally` swapped hexes: `unit` now stands at `at`, `ally` at `ally_at`."""
    unit: str
    ally: str
    at: Cell
    ally_at: Cell


@dataclass(frozen=True)
class FullRoundStarted(Event):
    """A full-round action begins; it completes at the start of `unit`'s next turn
    (docs/rules/09-turns-and-actions.md "Full-round actions")."""
    unit: str
    action: str
    target: str = ""


@dataclass(frozen=True)
class FullRoundInterrupted(Event):
    """A full-round action under way is stopped before it completes: `reason` says why."""
    unit: str
    action: str
    target: str
    reason: str


@dataclass(frozen=True)
class VolleyLanded(Event):
    """A volley aimed at a hex with nobody in it falls there (docs/rules/
    19-maneuvers-and-archery.md "Volley shots and indirect fire"); a creature within 10 ft
    may still be struck (an AttackRolled of kind "stray" follows)."""
    unit: str
    weapon: str
    at: Cell


@dataclass(frozen=True)
class WeaponMoved(Event):
    """A weapon changes place (docs/rules/09-turns-and-actions.md "Weapons in hand",
    10-attacks-and-damage.md): "drawn", "sheathed", "thrown" (it lies at `at`), "picked up" (from
    `at`), "loaded" (a crossbow), or a shot spent ("shot": `left` shots remain)."""
    unit: str
    weapon: str
    action: str
    at: Cell | None = None
    left: int | None = None


@dataclass(frozen=True)
class Stood(Event):
    """Stand Up (docs/rules/03-movement.md): the creature is no longer prone."""
    unit: str


@dataclass(frozen=True)
class InterruptTriggered(Event):
    """`unit`'s prepared interrupt is triggered by `by` (docs/rules/09-turns-and-actions.md):
    opposed initiative, `unit` Fortunate; `won` = it acts first. `trigger` names what happened,
    `at` where."""
    unit: str
    by: str
    won: bool
    breakdown: str
    trigger: str = ""
    at: Cell | None = None
    prepared: bool = True          # False: an Interrupt Turn paid with a Reaction


@dataclass(frozen=True)
class TurnPaused(Event):
    """`unit`'s turn pauses while `by` takes an interrupt turn
    (docs/rules/09-turns-and-actions.md)."""
    unit: str
    by: str


@dataclass(frozen=True)
class TurnResumed(Event):
    """`unit` goes on with its turn: after an interrupt turn, or after deferring."""
    unit: str


@dataclass(frozen=True)
class Deferred(Event):
    """Selective initiative: `unit`, picked by an ally, lets `chooser` pick another."""
    unit: str
    chooser: str


@dataclass(frozen=True)
class EnemyIgnored(Event):
    unit: str
    target: str


@dataclass(frozen=True)
class Maimed(Event):
    """A Perfect Critical broke (or severed) a limb or ribs of `unit` (an optional rule)."""
    unit: str
    injury: str           # "broken arm", "severed leg", "broken ribs", ...


@dataclass(frozen=True)
class SurpriseRound(Event):
    """Round 1 is a surprise round: the `unaware` creatures take no turn in it."""
    unaware: tuple[str, ...]


@dataclass(frozen=True)
class Revealed(Event):
    """A hidden creature acted: its enemies know where it is."""
    unit: str


@dataclass(frozen=True)
class Hid(Event):
    """A creature hid (docs/rules/22-hiding-and-fog.md): its Hide check is its hidden value."""
    unit: str
    total: int
    text: str


@dataclass(frozen=True)
class Spotted(Event):
    """An enemy found a hidden creature (`by`; `how`: "spot", "passive" or "exposed")."""
    unit: str
    by: str
    how: str
    text: str


@dataclass(frozen=True)
class SpotRolled(Event):
    """A creature looked for hidden enemies (the Spot action): its check, and whom it found."""
    unit: str
    total: int
    text: str
    found: tuple = ()


@dataclass(frozen=True)
class SkillChecked(Event):
    """A skill check against a DC the terrain or an object sets (docs/rules/
    21-terrain-and-falling.md): a Swim or Climb check on the way, a Jump check that shortens
    a fall, a Strength check that forces a door."""
    unit: str
    skill: str
    natural: int
    total: int
    dc: int
    success: bool
    breakdown: str
    purpose: str = ""


@dataclass(frozen=True)
class Fell(Event):
    """A creature fell (jumped down a ledge, pushed off one, knocked out of the air)."""
    unit: str
    at: Cell
    feet: int
    effective: int
    damage: int
    breakdown: str
    cause: str = "fall"


@dataclass(frozen=True)
class DoorChanged(Event):
    """A door opened, closed or broke; `state` is what it is now."""
    unit: str
    at: Cell
    state: str


@dataclass(frozen=True)
class ObjectStruck(Event):
    """A door or obstacle was struck: the damage past its Hardness and the HP it has left."""
    unit: str
    at: Cell
    damage: int
    hp_left: int
    broken: bool
    breakdown: str


@dataclass(frozen=True)
class MinionsDirected(Event):
    """`unit`'s minions may act in this turn: `actions` collective actions for `minions`
    (`leaderless`: their leader has fallen, they fight on by themselves)."""
    unit: str
    actions: int
    minions: tuple[str, ...]
    leaderless: bool = False


@dataclass(frozen=True)
class MinionReactionKept(Event):
    """An unused collective action of `leader`'s minions is kept as one Reaction, usable by
    any of them until the leader's next turn."""
    leader: str


@dataclass(frozen=True)
class BattleWon(Event):
    team: str
    round: int


# ---- objectives and events of the map (docs/rules/12-winning.md "Objectives") ----------------

@dataclass(frozen=True)
class ObjectiveMet(Event):
    """`team` won by its objectives (`objective`: what they asked, in words)."""
    team: str
    objective: str
    round: int


@dataclass(frozen=True)
class ObjectiveFailed(Event):
    """`team` lost: the creature it had to protect has fallen."""
    team: str
    objective: str
    round: int


@dataclass(frozen=True)
class RoundLimitReached(Event):
    """The map's last round is over; `team` wins (or "draw")."""
    round: int
    team: str


@dataclass(frozen=True)
class ReinforcementsArrived(Event):
    team: str
    units: tuple
    cells: tuple
    layer: str


@dataclass(frozen=True)
class StoryTold(Event):
    text: str


# ---- the light rules (docs/rules/light/) ------------------------------------------------------

@dataclass(frozen=True)
class KnockedOut(Event):
    """At 0 HP a light creature leaves the board and loses a life (`lives` left)."""
    unit: str
    at: Cell
    by: str
    lives: int


@dataclass(frozen=True)
class Respawned(Event):
    unit: str
    at: Cell
    lives: int


@dataclass(frozen=True)
class PowerUsed(Event):
    unit: str
    power: str
    mp: int                # MP left


@dataclass(frozen=True)
class Waited(Event):
    """It moved its turn to just before or after `ally` in the initiative order."""
    unit: str
    ally: str
    after: bool



@dataclass(frozen=True)
class SpellChecked(Event):
    """A caster under duress rolls Perseverance to keep its spell (docs/rules/
    17-special-abilities.md "Spellcasting"); `reason` names what forced the check."""
    unit: str
    ability: str
    name: str
    reason: str
    natural: int
    total: int
    dc: int
    success: bool
    breakdown: str


@dataclass(frozen=True)
class SpellDisrupted(Event):
    """A spell is lost as it is cast: a failed Perseverance check or its failure chance
    (`cause`); the action and the use are spent."""
    unit: str
    ability: str
    name: str
    cause: str


@dataclass(frozen=True)
class Mounted(Event):
    """A rider climbed onto its mount (docs/rules/03-movement.md "Riding a mount")."""
    unit: str
    mount: str
    at: Cell


@dataclass(frozen=True)
class Dismounted(Event):
    """A rider left its mount for the hex `to`; `thrown` when the mount fell under it."""
    unit: str
    mount: str
    to: Cell
    thrown: bool = False
