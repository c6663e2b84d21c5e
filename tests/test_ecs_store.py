"""The component store of one battle (game.ecs.store): what the battle and the view read and
write, the order `state()` lists things in, and a copy that shares the frozen components."""
from __future__ import annotations

import pytest

from game.ecs.components import ActionBudget, Health, Identity, Reactions, Team
from game.ecs.store import Store


def _two() -> tuple[Store, int, int]:
    store = Store()
    a = store.create_entity(Identity("A", "orc", "Orc"), Team("red"), Health(10, 10))
    b = store.create_entity(Identity("B", "fighter", "Fighter"), Team("blue"))
    return store, a, b


def test_entities_and_components_come_in_the_order_they_were_made():
    store, a, b = _two()
    assert (a, b) == (1, 2) and store.entities() == (1, 2)
    assert [e for e, _ in store.get_component(Team)] == [a, b]
    assert store.get_components(Identity, Health) == [(a, (Identity("A", "orc", "Orc"),
                                                           Health(10, 10)))]
    store.add_component(a, Team("green"))            # replaced: it keeps its place
    store.add_component(a, ActionBudget())           # added: it comes last
    assert [type(c) for c in store.components_for_entity(a)] == [Identity, Team, Health,
                                                                 ActionBudget]
    assert store.component_for_entity(a, Team) == Team("green")


def test_missing_components_and_entities():
    store, a, b = _two()
    assert store.try_component(b, Health) is None and store.try_component(99, Health) is None
    with pytest.raises(KeyError):
        store.component_for_entity(b, Health)
    store.delete_entity(a)
    assert a not in store and len(store) == 1 and store.get_component(Health) == []
    with pytest.raises(KeyError):
        store.add_component(a, Reactions())
    assert store.create_entity() == 3                  # ids are never given twice


def test_a_copy_shares_the_components_but_not_the_changes():
    store, a, b = _two()
    copy = store.copy()
    assert copy.component_for_entity(a, Identity) is store.component_for_entity(a, Identity)
    copy.add_component(a, Health(3, 10))
    copy.delete_entity(b)
    store.add_component(b, Reactions())
    assert store.component_for_entity(a, Health) == Health(10, 10)
    assert b in store and b not in copy
    assert copy.try_component(a, Reactions) is None
    assert copy.create_entity() == store.create_entity() == 3
