"""Checked-in saves of steller battles (tests/scenarios/steller_*.json), each replayed with the
game's own save reader, with what it must show (docs/rules/steller/). Each save says in its
`description` whether it replays the rulebook's own example or stages the situation its rule
describes (the rulebook gives worked numbers for none of the four).

- steller_blast (steller_blast.tmx): the drake Ember breathes fire (close blast 3) on Aldric,
  Wren and Mira: one damage roll, a hit, a miss for half, a critical for the maximum.
- steller_save_ends (steller_field.tmx, as the three below): the rulebook's "ongoing 5"
  example; Sly's poisoned blade on Aldric, 5 at the start of each of his turns until a
  saving throw of 10 or more at the end of one.
- steller_death_saves: Aldric dying at -3; death saving throws 5, 14, 3, then 20: he spends a
  healing surge and wakes at 10.
- steller_second_wind: Aldric's second wind heals a surge's 10 and makes Grak's 18 miss.

Each save carries its dice: first the initiative d20s in the map's order, then the rolls of its
commands. The replays are also recorded, event by event, in tests/data/baseline/scenarios.json
(`python tools/record_rules_baseline.py --part scenarios`).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.engine import events as E
from game.engine.replay import load_replay
from helpers import of

SCENARIOS = Path(__file__).resolve().parent / "scenarios"
SAVES = ("steller_blast", "steller_save_ends", "steller_death_saves", "steller_second_wind")


def replayed(name: str):
    """The save's battle replayed, the events of each command, and the save itself; it plays
    the steller rules, uses all its dice and ends in the state it recorded."""
    path = SCENARIOS / f"{name}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    per_command: dict[int, list] = {}
    battle = load_replay(path, lambda n, events: per_command.setdefault(n, []).extend(events))
    assert battle.profile.name == "steller" == data["rules"]
    assert battle.dice.fixed_used == len(battle.dice.fixed)
    assert battle.state_hash() == data["state_hash"]
    return battle, [per_command.get(n, []) for n in range(len(data["commands"]))], data


@pytest.mark.parametrize("name", SAVES)
def test_a_steller_scenario_says_what_it_replays(name):
    """Each save says whether it is the rulebook's own example or a staged one."""
    description = json.loads((SCENARIOS / f"{name}.json").read_text())["description"]
    assert ("rulebook's own example" in description) != description.startswith("Staged")


def test_a_blast_rolls_once_for_damage_and_attacks_each_creature():
    """"Multiple Attack Rolls but One Damage Roll": the drake's fire breath (2d6+3 fire, +6 vs
    Reflex, half on a miss) rolls 10 for all three; Aldric hit takes 10, Wren missed 5, Mira's
    natural 20 the maximum 15."""
    battle, (breath, _), _ = replayed("steller_blast")
    assert [(e.target, e.natural, e.total, e.ac, e.hit, e.critical)
            for e in of(breath, E.AttackRolled)] == [
        ("Aldric", 12, 18, 15, True, False), ("Wren", 4, 10, 15, False, False),
        ("Mira", 20, 26, 14, True, True)]
    assert [(e.unit, e.amount) for e in of(breath, E.Damaged)] == [
        ("Aldric", 10), ("Wren", 5), ("Mira", 15)]
    assert battle.health("Wren").hp == 32 - 5


def test_ongoing_damage_at_each_turns_start_until_a_save_ends_it():
    """"Start of Your Turn: You take the specified damage at the start of your turn. Example:
    If you're taking ongoing 5 fire damage, you take 5 points of fire damage at the start of
    your turn"; "Lower than 10: Failure. The effect continues. 10 or higher: Success." """
    battle, events, _ = replayed("steller_save_ends")
    everything = [e for command in events for e in command]
    aldric = [(type(e).__name__, getattr(e, "amount", getattr(e, "natural", None)))
              for e in everything if getattr(e, "unit", "") == "Aldric"
              and isinstance(e, (E.Damaged, E.SaveRolled))]
    assert aldric == [("Damaged", 3 + 5), ("Damaged", 5), ("SaveRolled", 9), ("Damaged", 5),
                      ("SaveRolled", 10)]
    assert "ongoing" not in battle.conditions("Aldric").active
    assert battle.health("Aldric").hp == 40 - 8 - 5 - 5


def test_a_dying_creatures_death_saving_throws_until_a_20_wakes_it():
    """"Death Saving Throw ... Lower than 10: You slip one step closer to death ... 10–19: No
    change. 20 or higher: Spend a healing surge": fail, no change, fail, then 20."""
    battle, events, _ = replayed("steller_death_saves")
    saves = [e for command in events for e in of(command, E.SaveRolled) if e.save == "death"]
    assert [(e.natural, e.success) for e in saves] == [(5, False), (14, True), (3, False),
                                                       (20, True)]
    assert "failures 2 of 3" in saves[2].breakdown
    healed = of(events[-1], E.Healed)
    assert [(e.unit, e.amount, e.hp) for e in healed] == [("Aldric", 10, 10)]
    assert not {"dying", "unconscious"} & set(battle.conditions("Aldric").active)
    assert not battle.health("Aldric").dead


def test_second_wind_heals_a_surge_and_adds_2_to_every_defense_until_the_next_turn():
    """"SECOND WIND: STANDARD ACTION ✦ Spend a Healing Surge ... ✦ +2 Bonus to All Defenses:
    You gain a +2 bonus to all defenses until the start of your next turn"."""
    battle, events, _ = replayed("steller_second_wind")
    axe, _, wind, _, _, _, second, end = events
    assert [(e.hit, e.total) for e in of(axe, E.AttackRolled)] == [(True, 22)]
    assert [(e.amount, e.hp) for e in of(wind, E.Healed)] == [(10, 27 + 10)]
    assert [(e.total, e.ac, e.hit) for e in of(second, E.AttackRolled)] == [(18, 20, False)]
    assert E.ConditionRemoved("Aldric", "second_wind") in end
    assert battle.health("Aldric").hp == 37
