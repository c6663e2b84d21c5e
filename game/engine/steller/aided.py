"""The aids of aid another a battle holds (docs/rules/steller/actions.md "Aid another"): who
is aided against whom, spent by the next such attack, lost at the end of the aider's next turn.
Each aid is (ally, enemy, "attack" or "defense", the turn it was given) on the aider."""
from __future__ import annotations

from game.ecs.steller_components import StellerPool
from game.engine.steller.body import pool_of


def aid_key(b) -> str:
    """The turn an aid is given in."""
    return f"{b.round}:{b.active}"


def aid_on(b, attacker: str, target: str) -> tuple[bool, bool]:
    """(the attacker is aided against the target, the target is aided against the
    attacker)."""
    found = [e for n in b.eids for e in pool_of(b, n).aided]
    return (any(e[:3] == (attacker, target, "attack") for e in found),
            any(e[:3] == (target, attacker, "defense") for e in found))


def use_aid(b, attacker: str, target: str) -> None:
    """An attack was made: the aids it used are spent."""
    for name in list(b.eids):
        kept = tuple(e for e in pool_of(b, name).aided
                     if e[:3] not in ((attacker, target, "attack"),
                                      (target, attacker, "defense")))
        if kept != pool_of(b, name).aided:
            b.update(name, StellerPool, aided=kept)


def expire_aid(b, name: str) -> None:
    """At the end of `name`'s turn: its aids given before this turn are lost."""
    now = aid_key(b)
    kept = tuple(e for e in pool_of(b, name).aided if e[3] == now)
    if kept != pool_of(b, name).aided:
        b.update(name, StellerPool, aided=kept)


__all__ = ["aid_key", "aid_on", "expire_aid", "use_aid"]
