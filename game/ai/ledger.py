"""What a look-ahead's rollout is worth by the odds of its blows, not by their dice.

A rollout (`game.ai.lookahead`) plays a plan out with sampled dice: one hit more or one miss
more decides whether a creature falls, and with a handful of rollouts that luck swamps the
difference between two plans. The ledger keeps the luck out of the score: before each
command of the rollout it notes every creature's view, and after it reads the attacks the
command rolled (its own, a charge's, the attacks of opportunity it provoked); each attack
counts the damage it was expected to deal (hit chance x damage, criticals counted: the
rules' own preview, `game.rules.situation.best_attack`) and the chance that it brought its
target down, instead of what its dice dealt. Damage from anything else (a fall, bleeding, an
attack no preview could judge from where the creatures stood before) counts as it fell.

The line the rollout follows is still the dice's (a creature felled by the sampled blow no
longer answers), but the score of that line is what its blows were worth on average.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.ai.evaluate import estimate_plan
from game.engine import events as E
from game.rules.situation import best_attack

# the attack rolls of weapon blows (game.engine.combat): not a touch attack's (a trip, a
# grab: no damage), an ability's or a stray missile's, which count as they fall
WEAPON_BLOWS = frozenset({"attack", "aoo", "charge", "interrupt"})


@dataclass
class Blows:
    """The attacks one creature took in a rollout: expected and rolled damage, and the
    chance that it survived every one of them."""
    expected: float = 0.0
    rolled: int = 0
    survives: float = 1.0


@dataclass
class Ledger:
    """The expected worth of the attacks of one rollout, creature by creature."""
    blows: dict = field(default_factory=dict)

    def play(self, copy, command) -> bool:
        """Apply `command` on the rollout's copy and note the attacks it rolled; whether the
        battle took it."""
        view = copy.view()
        outcome = copy.apply(command)
        if outcome.ok:
            self._note(view, outcome.events)
        return outcome.ok

    def _note(self, view, events) -> None:
        """Count each judged weapon blow at its odds, and the damage its dice dealt (the
        Damaged events that follow it on its target)."""
        pending = None
        for ev in events:
            if isinstance(ev, E.AttackRolled):
                pending = None
                judged = (self._judge(view, ev.attacker, ev.target)
                          if ev.kind in WEAPON_BLOWS else None)
                if judged is not None:
                    mean, kill = judged
                    b = self.blows.setdefault(ev.target, Blows())
                    b.expected += mean
                    b.survives *= 1.0 - kill
                    pending = b, ev.target
            elif isinstance(ev, E.Damaged) and pending is not None and ev.unit == pending[1]:
                pending[0].rolled += ev.amount

    def _judge(self, view, attacker: str, target: str):
        """(expected hit points taken, chance to bring it down) of an attack judged where
        the two stood before the command (a blow takes at most the hit points left); None
        when no preview can judge it from there."""
        names = {u.name: u for u in view.units}
        a, t = names.get(attacker), names.get(target)
        if a is None or t is None or t.hp <= 0:
            return None
        p = best_attack(view, a, t)
        if p is None or not p.possible or p.plan is None:
            return None
        est = estimate_plan(p.plan)
        if est is None:
            return None
        return sum(p * min(d, t.hp) for d, p in est.dist), est.at_least(t.hp)

    def lost(self, name: str, rolled_loss: int, hp_before: int, went_down: bool
             ) -> tuple[float, float]:
        """(hit points lost, chance of being down) of a creature at the rollout's end, its
        noted attacks counted at their odds: `rolled_loss` is what the dice took from it.
        A creature loses at most the hit points it had: a blow past them is worth no more."""
        b = self.blows.get(name)
        if b is None:
            return float(min(hp_before, max(0, rolled_loss))), 1.0 if went_down else 0.0
        other = max(0, rolled_loss - b.rolled)       # not from a noted attack
        lost = min(float(hp_before), other + b.expected)
        down = 1.0 - b.survives
        if went_down and other > 0 and b.rolled < hp_before:
            down = 1.0                                # felled by what no odds were noted for
        return lost, down


__all__ = ["Blows", "Ledger"]
