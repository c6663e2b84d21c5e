"""The steller rules on a walk that passes enemies (docs/rules/steller/actions.md): the hexes a
walk leaves on its way count, not only the one it starts from. Played through commands on a
small open field (tests/test_steller_rules.py builds it: initiative in the listed order)."""
from __future__ import annotations

from game.engine.steller import commands as S
from tests.test_steller_rules import arena, code, next_to, ok, rolls


def test_a_walk_that_leaves_a_hex_next_to_an_enemy_on_its_way_provokes():
    """"Moving Provokes: If an enemy leaves a square adjacent to you, you can make an
    opportunity attack against it": a fighter that starts four hexes from the orc and walks
    past it must confirm the walk, and is struck as it leaves the hex beside the orc."""
    b = arena(("F", "fighter", "blue", 1, 3), ("O", "orc", "red", 5, 3), dice=[("d20", 2)])
    beside = (4, 3)
    beyond = next(c for c in (next_to(b, beside, d) for d in range(6))
                  if c not in ((5, 3), (3, 3)))
    path = ((2, 3), (3, 3), beside, beyond)
    assert code(b, S.Walk("F", path=path)) == "provokes"
    events = ok(b, S.Walk("F", path=path, confirm=True))
    assert rolls(events) == [("O", "F", 2, 2 + 8, 18, False, False, "aoo")]


def test_a_walk_that_stops_beside_an_enemy_provokes_nothing():
    """"If an enemy leaves a square adjacent to you": walking up to the orc and stopping
    there leaves no hex next to it, so nobody strikes."""
    b = arena(("F", "fighter", "blue", 1, 3), ("O", "orc", "red", 5, 3))
    path = ((2, 3), (3, 3), (4, 3))
    walk = next(o for o in b.options("F", "walk") if o.command.path == path)
    assert walk.provokes == () and not walk.command.confirm
    assert rolls(ok(b, S.Walk("F", path=path))) == []
