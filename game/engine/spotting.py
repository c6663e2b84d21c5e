"""Finding hidden creatures (docs/rules/22-hiding-and-fog.md "Spot"): the passive Spot at the
start of a turn, and a hidden creature standing in the open.

- `found(b, name, by, how, text)`: `by` found the hidden `name`: it is hidden no more, from any
  of its enemies (the game tells a side what one of its creatures found).
- `passive_spot(b, spotter)`: at the start of `spotter`'s turn, 10 + its Spot (7 + Spot when
  Distracted: `game.rules.hiding.passive_die`) against the hidden value of every hidden enemy
  it has a line of sight to.
- `expose(b)`: after every command, a hidden creature with neither cover nor concealment from
  an enemy that sees it is found by that enemy.

Only creatures that hid (the Hide action: a hidden value) are found this way; a creature the
map placed in ambush stays unseen until it acts (game.engine.awareness).
"""
from __future__ import annotations

from game.engine import events as E
from game.rules import hiding


def found(b, name: str, by: str, how: str, text: str) -> None:
    """`by` found the hidden `name` (`how`: "spot", "passive" or "exposed")."""
    if name not in b.hidden:
        return
    b.note(hidden=tuple(n for n in b.hidden if n != name),
           hide_values={k: v for k, v in b.hide_values.items() if k != name})
    b.emit(E.Spotted(name, by, how, text))


def hiders_against(b, spotter) -> list:
    """The hidden enemies of `spotter` (a UnitView) that hid, with a line of sight to it."""
    view = b.view()
    return [view.unit(n) for n in b.hidden if n in b.hide_values and n in b.eids
            and hiding.could_spot(view, spotter, view.unit(n))]


def passive_spot(b, name: str) -> None:
    """The passive Spot check of `name` at the start of its turn."""
    if name not in b.eids or not b.hide_values:
        return
    spotter = b.unit(name)
    total, die = hiding.passive_spot(spotter), hiding.passive_die(spotter)
    for hider in hiders_against(b, spotter):
        value = b.hide_values[hider.name]
        if total >= value:
            found(b, hider.name, name, "passive",
                  f"passive Spot {die} + {total - die} = {total} meets its Hide {value}")


def expose(b) -> None:
    """Hidden creatures standing with neither cover nor concealment from an enemy that sees
    them are found by that enemy."""
    if not b.hide_values:
        return
    view = b.view()
    for name in [n for n in b.hidden if n in b.hide_values and n in b.eids]:
        seen_by = hiding.exposed_to(view, view.unit(name))
        if seen_by:
            found(b, name, seen_by[0], "exposed",
                  f"{seen_by[0]} sees it with neither cover nor concealment")


__all__ = ["expose", "found", "hiders_against", "passive_spot"]
