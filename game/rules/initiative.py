"""Initiative, turn order and attacks per turn (docs/rules/09-turns-and-actions.md).

Pure functions; the dice and the choices come in as values.

- `initiative_bonus(unit, conditions)`: initiative rating + DEX mod + WIS mod (+ the
  penalties on all d20 rolls; + 5 for the last actor of the previous round in round-by-round).
  `initiative_check(...)` judges a rolled d20; `roll_initiative(...)` rolls it with the
  battle's Dice (Fortunate / Unfortunate apply: it is a d20 roll).
- `initiative_order(checks, coin)`: highest total first; ties: higher bonus first, then a
  seeded coin (each tied creature flips coins until their coin strings differ: a uniformly
  random order of the tied creatures that needs nothing but `coin()`).
- `TurnOrder`: the state of the rounds as a frozen value, with `begin`, `end_turn`, `pick`
  and the questions the UI asks: `eligible()` (who may be picked next: creatures that have
  not acted this round, of any side; when everyone has acted, anyone, the picker itself
  included, to open the next round), `picker` (the creature whose controller picks: the one
  that just ended its turn), `can_be_interrupted(who)` (never the first actor of a round),
  `may_interrupt(...)`. Modes: "selective" (default), "top-down" (highest to lowest,
  nobody picks), "round-by-round" (everyone rolls before each round; the last actor of the
  previous round gets +5; the highest opens it, then selective picking).
- `attacks_per_turn(level)`: docs/rules/09-turns-and-actions.md: 0-4 one Big Action may be an
  attack; 5-9 both; 10-14 one Big Action may make two attacks (3 in all); 15+ each Big Action two
  (4).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable, Hashable, Iterable, Mapping

from game.data.model import UnitType
from game.rules import conditions as cond
from game.rules.attack import R9, Breakdown, Term

MODES = ("selective", "top-down", "round-by-round")
LAST_ACTOR_BONUS = 5            # round-by-round: +5 innate bonus for last round's last actor


# ---- the check --------------------------------------------------------------------------

def initiative_bonus(unit: UnitType, conditions: Mapping[str, int] = {},
                     last_actor: bool = False) -> Breakdown:
    """docs/rules/09-turns-and-actions.md: initiative rating + DEX mod + WIS mod (+ d20 penalties
    of conditions; + 5 for the last actor of the previous round in round-by-round initiative)."""
    terms = [Term(unit.initiative, "initiative", R9), Term(unit.dex_mod, "DEX", R9),
             Term(unit.wis_mod, "WIS", R9)]
    terms += [Term(v, label.lower(), rule) for v, label, rule in cond.d20_modifiers(conditions)]
    if last_actor:
        terms.append(Term(LAST_ACTOR_BONUS, "acted last", R9))
    return Breakdown(tuple(terms))


@dataclass(frozen=True)
class InitiativeCheck:
    who: Hashable
    natural: int
    faces: tuple[int, ...]
    bonus: Breakdown

    @property
    def total(self) -> int:
        return self.natural + self.bonus.total

    def describe(self) -> str:
        die = f"d20 {self.natural}"
        if len(self.faces) > 1:
            die += f" ({', '.join(map(str, self.faces))})"
        return f"{self.who} initiative: {die} {self.bonus.text(first_sign=True)} = {self.total}"


def initiative_check(who: Hashable, unit: UnitType, natural: int, faces: tuple[int, ...] = (),
                     conditions: Mapping[str, int] = {},
                     last_actor: bool = False) -> InitiativeCheck:
    return InitiativeCheck(who, natural, faces or (natural,),
                           initiative_bonus(unit, conditions, last_actor))


def roll_initiative(who: Hashable, unit: UnitType, dice, conditions: Mapping[str, int] = {},
                    last_actor: bool = False, fortune: int = 0) -> InitiativeCheck:
    """Roll with the battle's Dice; the fortune of the conditions (and `fortune`) applies."""
    net = cond.fortune(conditions, extra=(fortune,))
    natural, faces = dice.fortune_d20(net)
    return initiative_check(who, unit, natural, faces, conditions, last_actor)


def _coin_keys(group: list, coin: Callable[[], bool]) -> dict:
    keys = {id(c): () for c in group}
    while True:
        seen: dict[tuple, list] = {}
        for c in group:
            seen.setdefault(keys[id(c)], []).append(c)
        clashes = [cs for cs in seen.values() if len(cs) > 1]
        if not clashes:
            return keys
        for cs in clashes:
            for c in cs:
                keys[id(c)] = keys[id(c)] + (coin(),)


def initiative_order(checks: Iterable[InitiativeCheck],
                     coin: Callable[[], bool]) -> tuple[Hashable, ...]:
    """Who acts first, second, ...: highest total first; ties: higher bonus first, then the
    seeded coin (docs/rules/09-turns-and-actions.md)."""
    checks = list(checks)
    groups: dict[tuple[int, int], list[InitiativeCheck]] = {}
    for c in checks:
        groups.setdefault((c.total, c.bonus.total), []).append(c)
    order = []
    for key in sorted(groups, reverse=True):
        group = groups[key]
        if len(group) > 1:
            keys = _coin_keys(group, coin)
            group = sorted(group, key=lambda c: keys[id(c)], reverse=True)
        order += [c.who for c in group]
    return tuple(order)


# ---- turn order -------------------------------------------------------------------------

@dataclass(frozen=True)
class TurnOrder:
    """Rounds and turns as a value. `order` is the initiative order of the current round
    (highest first); `acted` who has taken its turn this round; `current` whose turn it is
    (None between turns); `first` who opened this round; `picker` who picks the next actor
    (the creature that just ended its turn)."""
    mode: str = "selective"
    round: int = 1
    order: tuple = ()
    acted: frozenset = field(default_factory=frozenset)
    current: Hashable | None = None
    first: Hashable | None = None
    picker: Hashable | None = None

    # -- starting ------------------------------------------------------------------------
    @classmethod
    def begin(cls, order: tuple, mode: str = "selective") -> TurnOrder:
        """Round 1: the highest initiative acts first (and cannot be interrupted)."""
        if mode not in MODES:
            raise ValueError(f"initiative mode must be one of {', '.join(MODES)}, got {mode!r}")
        if not order:
            raise ValueError("no creature rolled initiative")
        return cls(mode=mode, round=1, order=tuple(order), current=order[0], first=order[0])

    # -- questions -----------------------------------------------------------------------
    def round_over(self, living: Iterable[Hashable]) -> bool:
        return all(w in self.acted for w in living)

    def eligible(self, living: Iterable[Hashable]) -> tuple:
        """Who may be picked to act next (docs/rules/09-turns-and-actions.md): creatures that have
        not acted this round, of any side; when all have acted, any creature (the picker itself
        included) may be picked to open the next round. Top-down: only the next in initiative
        order. Round-by-round at the end of a round: () (roll initiative, then `new_round`)."""
        living = [w for w in self._ordered(living)]
        if self.current is not None:
            return ()
        waiting = tuple(w for w in living if w not in self.acted)
        if self.mode == "top-down":
            return waiting[:1] if waiting else tuple(living[:1])
        if waiting:
            return waiting
        if self.mode == "round-by-round":
            return ()
        return tuple(living)

    def can_be_interrupted(self, who: Hashable) -> bool:
        """The creature that acts first in a round cannot be interrupted
        (docs/rules/09-turns-and-actions.md "Interrupt Turn")."""
        return who != self.first

    def may_interrupt(self, interrupter: Hashable, actor: Hashable,
                      prepared: bool = False) -> tuple[bool, str]:
        """May `interrupter` try to interrupt `actor`'s turn (docs/rules/09-turns-and-actions.md
        "Interrupt Turn")? Not the first actor of the round; not after taking its own turn this
        round unless it Prepared to Interrupt; in top-down only with Prepare to Interrupt."""
        if interrupter == actor:
            return False, "a creature cannot interrupt itself"
        if not self.can_be_interrupted(actor):
            return False, f"{actor} acts first this round and cannot be interrupted ({R9})"
        if self.mode == "top-down" and not prepared:
            return False, f"top-down initiative: only Prepare to Interrupt interrupts ({R9})"
        if interrupter in self.acted and not prepared:
            return False, f"{interrupter} has already acted this round ({R9})"
        return True, ""

    # -- changes -------------------------------------------------------------------------
    def end_turn(self, who: Hashable) -> TurnOrder:
        """`who` ends its turn; it picks the next actor."""
        if who != self.current:
            raise ValueError(f"it is not {who}'s turn (current: {self.current})")
        return replace(self, acted=self.acted | {who}, current=None, picker=who)

    def pick(self, chosen: Hashable, living: Iterable[Hashable]) -> TurnOrder:
        """The picker chooses `chosen` to act next; when the round is over, `chosen` opens
        the next round (and cannot be interrupted)."""
        living = list(living)
        allowed = self.eligible(living)
        if chosen not in allowed:
            raise ValueError(f"{chosen} cannot act next; eligible: "
                             f"{', '.join(map(str, allowed)) or 'none'} ({R9})")
        if self.round_over(living):
            return replace(self, round=self.round + 1, acted=frozenset(), current=chosen,
                           first=chosen)
        return replace(self, current=chosen)

    def advance(self, living: Iterable[Hashable]) -> TurnOrder:
        """Top-down: the next creature in initiative order (a new round after the last)."""
        if self.mode != "top-down":
            raise ValueError("advance() is for top-down initiative; pick() chooses otherwise")
        living = list(living)
        nxt = self.eligible(living)
        if not nxt:
            raise ValueError("nobody is left to act")
        return self.pick(nxt[0], living)

    def new_round(self, order: tuple) -> TurnOrder:
        """Round-by-round: everybody rolled again (the last actor with +5); the highest opens
        the round and cannot be interrupted."""
        if not order:
            raise ValueError("no creature rolled initiative")
        return replace(self, round=self.round + 1, order=tuple(order), acted=frozenset(),
                       current=order[0], first=order[0])

    def _ordered(self, living: Iterable[Hashable]) -> list:
        living = list(living)
        rank = {w: n for n, w in enumerate(self.order)}
        return sorted(living, key=lambda w: rank.get(w, len(rank)))


# ---- attacks per turn -------------------------------------------------------------------

@dataclass(frozen=True)
class AttackAllowance:
    """docs/rules/09-turns-and-actions.md: how many Big Actions may be attacks, and how many
    attacks each makes."""
    level: int
    per_action: tuple[int, ...]     # attacks of the 1st, 2nd attack Big Action

    @property
    def attack_actions(self) -> int:
        return len(self.per_action)

    @property
    def max_attacks(self) -> int:
        return sum(self.per_action)

    def attacks_in_action(self, attack_actions_used: int) -> int:
        """Attacks the next attack Big Action makes (0: no more attack actions)."""
        if attack_actions_used >= len(self.per_action):
            return 0
        return self.per_action[attack_actions_used]


def attacks_per_turn(level: int) -> AttackAllowance:
    """docs/rules/09-turns-and-actions.md: 0-4: one Big Action may be an attack (1); 5-9: both (2);
    10-14: one Big Action may make two attacks (3); 15+: each Big Action two (4)."""
    if level >= 15:
        per = (2, 2)
    elif level >= 10:
        per = (2, 1)
    elif level >= 5:
        per = (1, 1)
    else:
        per = (1,)
    return AttackAllowance(level, per)


# ---- the odds of an interrupt -----------------------------------------------------------

def _naturals(fortune: int) -> dict[int, float]:
    """The chance of each kept d20: plain, Fortunate (the better of two), Unfortunate."""
    if fortune > 0:
        return {n: (2 * n - 1) / 400 for n in range(1, 21)}
    if fortune < 0:
        return {n: (41 - 2 * n) / 400 for n in range(1, 21)}
    return {n: 1 / 20 for n in range(1, 21)}


def win_chance(my_bonus: int, their_bonus: int, fortune: int = 0,
               their_fortune: int = 0) -> float:
    """The chance that an initiative check with `my_bonus` beats one with `their_bonus`
    (ties: the higher bonus, then the coin), each with its fortune
    (docs/rules/09-turns-and-actions.md)."""
    tie = 1.0 if my_bonus > their_bonus else 0.5 if my_bonus == their_bonus else 0.0
    mine, theirs = _naturals(fortune), _naturals(their_fortune)
    total = 0.0
    for m, pm in mine.items():
        for t, pt in theirs.items():
            a, b = m + my_bonus, t + their_bonus
            total += pm * pt * (1.0 if a > b else tie if a == b else 0.0)
    return total


def interrupt_chance(me, them, prepared: bool = False) -> float:
    """The chance that creature `me` (a unit view) wins its interrupt against `them`
    (prepared: Fortunate; the conditions' fortune and penalties apply)."""
    mine = cond.fortune(me.conditions, extra=(1,) if prepared else ())
    return win_chance(initiative_bonus(me.unit, me.conditions).total,
                      initiative_bonus(them.unit, them.conditions).total,
                      max(-1, min(1, mine)), max(-1, min(1, cond.fortune(them.conditions))))
