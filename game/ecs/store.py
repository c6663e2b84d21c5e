"""The component store of one battle: entity id -> its components, one of each type.

Each `Battle` owns one `Store` (built by `game.ecs.world.build_store`); nothing is
process-global, so two battles, or two threads each reading its own battle, never meet.

The components are frozen dataclasses (game.ecs.components) and a creature's table of
components is never changed in place: `add_component` puts a new table in its place. So
`copy()` costs one dict of references (the tables and the components are shared), and a
reader holding a table never sees it change under it. The computer player decides on such a
copy (`Battle.detached`).

Order: entities are listed by id (the order they were created), and a creature's
components in the order they were first added (a replaced component keeps its place), as
the battle's `state()` lists them.
"""
from __future__ import annotations

from typing import Iterator, TypeVar

C = TypeVar("C")

__all__ = ["Store"]


class Store:
    """The creatures of one battle and their components."""

    __slots__ = ("_entities", "_next")

    def __init__(self):
        self._entities: dict[int, dict[type, object]] = {}
        self._next = 1

    # ---- writing (the battle alone does) ---------------------------------------------------
    def create_entity(self, *components) -> int:
        """A new entity with `components` (one of each type: a later one of a type wins)."""
        entity = self._next
        self._next += 1
        self._entities[entity] = {type(c): c for c in components}
        return entity

    def add_component(self, entity: int, component) -> None:
        """Add `component` to `entity`, replacing the one of its type (KeyError: no entity)."""
        table = self._entities[entity]
        self._entities[entity] = {**table, type(component): component}

    def delete_entity(self, entity: int) -> None:
        """Remove `entity` and its components (KeyError: no such entity)."""
        del self._entities[entity]

    # ---- reading ------------------------------------------------------------------------------
    def component_for_entity(self, entity: int, kind: type[C]) -> C:
        """The `kind` component of `entity` (KeyError when it has none)."""
        return self._entities[entity][kind]

    def try_component(self, entity: int, kind: type[C]) -> C | None:
        """The `kind` component of `entity`, or None (no such component or entity)."""
        table = self._entities.get(entity)
        return None if table is None else table.get(kind)

    def components_for_entity(self, entity: int) -> tuple:
        """Every component of `entity`, in the order they were first added."""
        return tuple(self._entities[entity].values())

    def get_component(self, kind: type[C]) -> list[tuple[int, C]]:
        """(entity, component) of every entity with a `kind` component, by entity id."""
        return [(e, table[kind]) for e, table in self._items() if kind in table]

    def get_components(self, *kinds: type) -> list[tuple[int, tuple]]:
        """(entity, (components...)) of every entity having all of `kinds`, by entity id."""
        return [(e, tuple(table[k] for k in kinds)) for e, table in self._items()
                if all(k in table for k in kinds)]

    def entities(self) -> tuple[int, ...]:
        return tuple(self._entities)

    def __contains__(self, entity: int) -> bool:
        return entity in self._entities

    def __len__(self) -> int:
        return len(self._entities)

    def copy(self) -> Store:
        """An independent store with the same entities: it shares the (frozen) components
        and their tables, so it costs one dict; a change to either store is not seen by the
        other."""
        other = Store()
        other._entities = dict(self._entities)
        other._next = self._next
        return other

    def _items(self) -> Iterator[tuple[int, dict]]:
        # a list first: a reader iterates a fixed list even if the battle adds an entity
        return iter(list(self._entities.items()))
