"""The hexes a creature sees, worked out the plain way: every hex of the map tested with the
general line tracer of game/rules/sight.py (`one_way`, `reverse_clear`), as a one-hex stand-in
creature standing there. The reference `game/rules/seen_hexes.py` is tested and measured
against (tests/test_seen_hexes.py, `python tools/bench.py sight`): the same answers, slowly."""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType

from game.rules.sight import one_way, reverse_clear, view_index


@dataclass(frozen=True)
class Probe:
    """A one-hex stand-in creature for the question "would a creature there be seen?"."""
    hexes: tuple
    name: str = "the hex"
    eid: int = -1
    team: str = ""
    conditions: MappingProxyType = field(default_factory=lambda: MappingProxyType({}))

    @property
    def hex_set(self) -> frozenset:
        return frozenset(self.hexes)


def traced_hexes_seen(view, watcher) -> frozenset:
    """The hexes `watcher` sees (its own, and each hex not in total concealment that a line of
    sight reaches, either way), each traced with the general line tracer."""
    index = view_index(view)
    hexmap = view.hexmap
    out = set(watcher.hexes)
    for h in hexmap.all_hexes():
        if h in out or hexmap.terrain_at(h).concealment == "total":
            continue
        probe = Probe((h,))
        lines = one_way(view, watcher, probe, index, need_sight=True, stop_early=True)
        if any(not ln.blocks_sight for ls in lines.values() for ln in ls) or \
                reverse_clear(view, watcher, probe, index, sight=True):
            out.add(h)
    return frozenset(out)
