"""What a side knows of the battle (docs/rules/22-hiding-and-fog.md "What a side knows").

- A creature **sees** an enemy when it has a line of sight to it (docs/rules/05-line-of-sight.md:
  walls and `blocks_sight` hexes; docs/rules/07-concealment.md: total concealment, darkness,
  an invisible target, a blinded watcher) and the enemy is not hidden (`BattleView.hidden`:
  a creature that hid, or that the map placed in ambush, is unseen until it is found).
- A **side sees** what any of its creatures sees. Dead, dying and unconscious creatures see
  nothing. A side always knows its own creatures.
- The hexes a side sees (`hexes_in_sight`) are those a one-hex creature standing there would be
  seen in, from any of the side's creatures: the window dims the others under fog of war.
- **Memory**: the last place and round each enemy was seen. The battle keeps it as one record
  per side (`Sighting`s, written by the engine after every command: `remember`); `knowledge`
  hands the records of the enemies unseen now back as `last_seen`.

Pure functions of a `BattleView`; answers are remembered on the view (game.rules.view_memo),
so the computer player may ask them as often as it likes.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.hexgrid import Hex
from game.rules import view_memo
from game.rules.seen_hexes import hexes_seen
from game.rules.sight import line_of_sight

BLIND_STATES = frozenset({"unconscious", "dying", "asleep"})


@dataclass(frozen=True)
class Sighting:
    """Where (its anchor hex) and in which round a side last saw the enemy `name`."""
    name: str
    q: int
    r: int
    round: int

    @property
    def anchor(self) -> Hex:
        return Hex(self.q, self.r)


@dataclass(frozen=True)
class Knowledge:
    """What `side` knows now: the enemies it sees, and where it last saw the others."""
    side: str
    seen: frozenset
    last_seen: tuple = ()          # Sightings of the enemies it does not see now

    def knows(self, u) -> bool:
        """Whether the side knows where the creature `u` (a UnitView) stands now."""
        return u.team == self.side or u.name in self.seen

    def sighting(self, name: str) -> Sighting | None:
        return next((s for s in self.last_seen if s.name == name), None)


def watchers(view, side: str) -> tuple:
    """The side's creatures that can look: alive, neither dying nor unconscious."""
    return tuple(u for u in view.units if u.team == side and not u.dead and u.hexes
                 and not BLIND_STATES & set(u.conditions))


def sees(view, watcher, other) -> bool:
    """Whether `watcher` sees `other` now (UnitViews): an ally always; an enemy when it is not
    hidden and a line of sight joins them."""
    if other.team == watcher.team:
        return True
    if other.name in view.hidden or not other.hexes:    # hidden, or off the board (K.O.)
        return False
    return line_of_sight(view, watcher, other)


def seen_enemies(view, side: str) -> frozenset:
    """The names of the creatures hostile to `side` that some creature of the side sees."""
    def compute():
        eyes = watchers(view, side)
        return frozenset(e.name for e in view.units if e.team != side
                         and any(sees(view, w, e) for w in eyes))
    return view_memo.per_view(view, ("seen_enemies", side), compute)


def knowledge(view, side: str, memory: tuple = ()) -> Knowledge:
    """What `side` knows in `view`, given the battle's record of its sightings (`memory`:
    Sightings, as `remember` keeps them)."""
    def compute():
        seen = seen_enemies(view, side)
        present = {u.name for u in view.units}
        last = tuple(s for s in memory if s.name not in seen and s.name in present)
        return Knowledge(side, seen, last)
    return view_memo.per_view(view, ("knowledge", side, memory), compute)


def remember(view, side: str, memory: tuple, round_no: int) -> tuple:
    """The side's sightings after this moment: each enemy seen now where it stands, in
    `round_no`; the others as they were (sorted by name, one record per enemy)."""
    seen = seen_enemies(view, side)
    records = {s.name: s for s in memory}
    for name in seen:
        u = view.unit(name)
        records[name] = Sighting(name, u.anchor.q, u.anchor.r, round_no)
    return tuple(records[n] for n in sorted(records))


def hexes_seen_by(view, watcher) -> frozenset:
    """The hexes `watcher` (a UnitView) sees: its own, and each hex a line of sight reaches
    (docs/rules/05-line-of-sight.md) that is not in total concealment
    (docs/rules/07-concealment.md), found by `seen_hexes.hexes_seen`. Lines of sight depend on
    the terrain alone, so the answer is remembered on the map, per place of the watcher."""
    table = view_memo.memo(view.hexmap, "hexes_seen")
    found = table.get(watcher.hexes)
    if found is None:
        found = table.setdefault(watcher.hexes, hexes_seen(view, watcher))
    return found


def hexes_in_sight(view, side: str) -> frozenset:
    """Every hex some creature of `side` sees (the window dims the others under fog)."""
    def compute():
        out = set()
        for w in watchers(view, side):
            out |= hexes_seen_by(view, w)
        return frozenset(out)
    return view_memo.per_view(view, ("hexes_in_sight", side), compute)


__all__ = ["BLIND_STATES", "Knowledge", "Sighting", "hexes_in_sight", "hexes_seen_by",
           "knowledge", "remember", "seen_enemies", "sees", "watchers"]
