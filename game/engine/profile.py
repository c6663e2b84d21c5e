"""A rule profile: one rulebook the hex engine plays (docs/architecture.md "Rule profiles").

The engine shares what every rulebook on hexes shares (distance, size and reach, the movement
search, lines of sight and effect, the degree of cover, areas, forced movement, minions); a
profile decides the rest: which commands exist and how each is checked and performed, what a
turn holds, what provokes, how attacks, damage, conditions and 0 hit points work, and the stat
blocks its creatures are built from. A battle is handed one profile and asks it everything:
`Battle.apply`, the legality query (`Battle.actions`, `options`, `refusal`), `forecast` and
the start of the battle all go through `battle.profile`. The HUD, the computer player and the
command line read a profile only through those questions, so a new rulebook is a new profile
value (as a Wesnoth era or a Foundry system is data the engine is handed), not a branch in
each handler.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping


@dataclass(frozen=True)
class RuleProfile:
    """What a battle asks its rulebook. Every callable takes the battle first."""
    name: str                         # "lfg", "light": the map property and `--rules` value
    title: str                        # its name for people ("Light rules")
    summary: str                      # one line: what the rulebook is like (setup screen)
    docs: str                         # its rules reference, e.g. "docs/rules/light/index.md"
    handle: Callable                  # (battle, command) -> events; raises Refused
    refusal: Callable                 # (battle, command) -> Refused | None
    actions: Callable                 # (battle, name) -> [ActionOption]
    action: Callable                  # (battle, name, action id) -> ActionOption
    can_start: Callable               # (battle, name, action id) -> Refused | None
    options: Callable                 # (battle, name, action id) -> [Option]
    forecast: Callable                # (battle, command) -> Forecast | None
    start_battle: Callable            # (battle) -> None: round 1, initiative, first turn
    load_units: Callable              # () -> {kind: stat block}
    unit_components: Callable         # (hexmap, placement, units_db) -> the components of
                                      # one creature (game.ecs.world.build_world)
    action_ids: tuple[str, ...]       # every action of its legality query, in menu order
    command_types: Mapping[str, type]  # the command classes its saves may hold, by name
    join_order: Callable | None = None  # (battle, name): a newcomer's initiative and place
                                      # in the order (None: the default rules' check)


__all__ = ["RuleProfile"]
