"""Swallow Whole at the start of a turn (docs/rules/17-special-abilities.md "Pounce, Rake,
Swallow Whole and poison"; docs/architecture.md "The engine"): the swallowed creature is
digested, the swallower notes what it holds in its mouth, and a swallower cut enough spits its
meal out. The commands are in `game.engine.swallow`.

The marks, all stored as conditions: `holding_in_mouth` and `swallowed` hold 2 + the entity
of the other creature, `cut_free` the damage cut from inside so far, `spat_out` 2 + the
entity that will not eat it again.
"""
from __future__ import annotations

from game.data.dice import Dice
from game.data.model import SIZES
from game.engine import grapples
from game.engine.health import damage
from game.engine.spending import spend
from game.rules import wrestling as W
from game.rules.sections import cite

R17 = cite(17)
HOLDING, SWALLOWED, CUTS, SPAT = "holding_in_mouth", "swallowed", "cut_free", "spat_out"
MIN_GAP = 2                   # the prey is 2+ size categories smaller


def eid_of(b, value) -> str | None:
    """The creature whose entity the value `2 + eid` names."""
    return next((n for n, e in b.eids.items() if e + 2 == value), None)


def swallower_of(b, name: str) -> str | None:
    return eid_of(b, b.conditions(name).active.get(SWALLOWED, 0)) if name in b.eids else None


def belly_dice(size: str) -> Dice:
    """1d4 for a large swallower, one die size more per size above it."""
    return Dice(1, 4).step(max(0, SIZES.index(size) - SIZES.index("large")))


def _digest(b, name: str) -> None:
    """The swallowed creature's turn starts inside: 1d4 bludgeoning + 1d4 acid."""
    host = swallower_of(b, name)
    if host is None or b.unit(host).dead or name not in grapples.partners(b, host):
        release(b, host, name)
        return
    dice = belly_dice(b.unit(host).size)
    for kind in ("bludgeoning", "acid"):
        if b.unit(name).dead:
            return
        total, faces = b.dice.roll(dice)
        damage(b, name, total, (kind,), f"swallowed by {host}: {dice} "
               f"[{', '.join(map(str, faces))}] {kind} = {total} ({R17})", host, struck=False)


def release(b, host: str | None, prey: str) -> None:
    """The prey is out (spat out, or its swallower dead): free, prone, never eaten again."""
    if host is not None and host in b.eids:
        grapples.part(b, host, prey)
        b.set_condition(prey, SPAT, b.eids[host] + 2)
    for key in (SWALLOWED, CUTS):
        b.remove_condition(prey, key)
    if not b.unit(prey).dead and not b.unit(prey).has("prone"):
        b.set_condition(prey, "prone", 1)


def _mark_mouth(b, name: str) -> None:
    """A swallower begins its turn: what it holds in its mouth (2+ sizes smaller)."""
    u = b.unit(name)
    held = [p for p in u.grappling if p in b.eids and not b.unit(p).has(SWALLOWED)
            and W.size_gap(b.unit(p), u) >= MIN_GAP]
    if held:
        b.set_condition(name, HOLDING, b.eids[held[0]] + 2)
    elif u.has(HOLDING):
        b.remove_condition(name, HOLDING)


def turn_start(b, name: str) -> None:
    """Before the budget: the prey is digested, the swallower's mouth is checked."""
    if name not in b.eids or b.unit(name).dead:
        return
    if b.unit(name).has(SWALLOWED):
        _digest(b, name)
    elif b.unit(name).unit.swallow_whole:
        _mark_mouth(b, name)


def spit_out(b, name: str) -> None:
    """After the budget: a swallower cut enough spends a Big Action spitting the prey out."""
    if name not in b.eids or b.unit(name).dead or b.budget(name).big <= 0:
        return
    u = b.unit(name)
    for prey in u.grappling:
        c = b.conditions(prey).active if prey in b.eids else {}
        if c.get(SWALLOWED) == u.eid + 2 and c.get(CUTS, 0) >= max(1, u.max_hp // 10):
            spend(b, name, "spitting out its meal", big=1)
            release(b, name, prey)
            return


__all__ = ["CUTS", "HOLDING", "MIN_GAP", "SPAT", "SWALLOWED", "belly_dice", "eid_of",
           "release", "spit_out", "swallower_of", "turn_start"]
