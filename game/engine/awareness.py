"""Awareness and surprise (docs/rules/09-turns-and-actions.md "Awareness and surprise"; the map
marks creatures with the unit properties `aware` and `hidden`).

- A creature with `aware = false` does not see the fight coming. When some creatures are aware
  and some are not, round 1 is the **surprise round** (`start`): the unaware roll no
  initiative, take no turn in it and are Flat-Footed throughout it (so they cannot react).
  When round 2 begins (`end_surprise`) they roll initiative, join the order and are no longer
  Flat-Footed from surprise (in top-down and round-by-round initiative they stay Flat-Footed
  until their first turn starts, as every creature that has not acted yet).
- A creature with `hidden = true` is unseen by its enemies until it acts: they cannot react
  to it (no attack of opportunity, no interrupt) and are Flat-Footed against its attacks. It
  is revealed by its first attack, or when its first turn ends (`game.engine.combat.reveal`).

Decisions where the rules leave it to the judge: the map decides who is aware (no Listen or
Spot checks); when everybody is unaware, nobody is surprised.
"""
from __future__ import annotations

from game.ecs.components import ActionBudget
from game.engine import events as E
from game.engine import minions
from game.rules import conditions as cond
from game.rules.initiative import initiative_order, roll_initiative


def start(b) -> None:
    """Round 1: mark the unaware and the hidden; a surprise round when some are unaware."""
    placed = {p.name: p for p in b.hexmap.units if p.name in b.eids}
    unaware = tuple(n for n, p in placed.items() if not getattr(p, "aware", True))
    hidden = tuple(n for n, p in placed.items() if getattr(p, "hidden", False))
    b.note(hidden=hidden)
    if not unaware or len(unaware) == len(placed):
        return
    b.note(unaware=unaware)
    for name in unaware:
        b.update(name, ActionBudget, acted=True)        # no turn in the surprise round
        b.set_condition(name, "flat_footed", 1)
    b.emit(E.SurpriseRound(unaware))


def end_surprise(b) -> None:
    """Round 2 begins: the surprised roll initiative and join the order."""
    surprised, view = b.unaware, b.view()
    b.note(unaware=())
    checks = []
    for name in surprised:
        if name not in b.eids or view.unit(name).dead:
            continue
        if b.initiative_mode == "selective":
            b.remove_condition(name, "flat_footed")
        else:
            b.set_condition(name, "flat_footed", 1, cond.until_next_turn(b.eids[name]))
        u = view.unit(name)
        if not minions.takes_turns(b, name):
            continue                    # a minion follows its leader (no initiative)
        check = roll_initiative(name, u.unit, b.dice, u.conditions)
        checks.append(check)
        b.note_entry("initiative", name, check.total)
        b.emit(E.InitiativeRolled(name, check.total, check.describe()))
    new = initiative_order(checks, b.dice.coin)
    order = sorted(b.order + new, key=lambda n: -b.initiative.get(n, 0))
    b.note(order=minions.arrange(b, order))


__all__ = ["end_surprise", "start"]
