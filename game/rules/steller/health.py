"""Hit points, healing surges and dying in the steller rules (docs/rules/steller/hit-points.md).

Bloodied at half the maximum or less. A healing surge restores a quarter of the maximum; a
dying creature healed starts from 0. Temporary hit points do not stack: the higher pool stays.
At 0 or fewer a creature is dying and unconscious; a death saving throw at the end of each of
its turns: under 10 a failure (the third kills), 20 spends a surge and wakes it. It dies at
minus its bloodied value. A minion dies at 0.
"""
from __future__ import annotations

SAVE_NEEDS = 10                 # a saving throw (and a death saving throw) succeeds on 10+
DEATH_FAILURES = 3


def bloodied(hp: int, max_hp: int) -> bool:
    return 0 < hp <= max_hp // 2


def surge_value(max_hp: int) -> int:
    return max(1, max_hp // 4)


def healed(hp: int, max_hp: int, amount: int) -> int:
    """Hit points after healing `amount`: from 0 when it was at 0 or fewer, at most the max."""
    return min(max_hp, max(0, hp) + amount)


def dead_at(max_hp: int) -> int:
    """It dies at minus its bloodied value."""
    return -(max_hp // 2)


def temp_pool(current: int, gained: int) -> int:
    """Temporary hit points do not stack: the higher pool."""
    return max(current, gained)


def death_save(natural: int) -> str:
    """"failure" under 10, "wake" on a natural 20, else "steady"."""
    if natural >= 20:
        return "wake"
    return "failure" if natural < SAVE_NEEDS else "steady"


def saved(natural: int) -> bool:
    return natural >= SAVE_NEEDS


__all__ = ["DEATH_FAILURES", "SAVE_NEEDS", "bloodied", "dead_at", "death_save", "healed",
           "saved", "surge_value", "temp_pool"]
