"""The rulebook's own worked examples for the maneuvers, criticals and terrain sections (seed
004), played through the engine where they are an attack and checked against the pure rule
where they are a number."""
from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

from game.data import load_weapons
from game.data.model import UnitType
from game.engine import commands as C
from game.engine import events as E
from game.rules import falling
from game.rules.impact import crush_dc

from test_engine_turns import DB, FIRST, SECOND, THIRD, arena, of, ok

WEAPONS = load_weapons()


def _longbow_archer() -> dict:
    """The shipped archer with a longbow in hand instead of its shortbow."""
    archer = replace(DB["archer"], weapons=(WEAPONS["longbow"], WEAPONS["dagger"]),
                     in_hand=("longbow",))
    return {**DB, "archer": archer}


def test_killer_critical_example_2_a_longbow_on_an_ogre_deals_30_percent():
    """"Ex#2: 12STR - Longbow(1) Critical Hit against an Ogre (Level 6 Monster, 74HP Max).
    ... The attacker rolls 3d8+3, but only rolls 2, 2, & 1, for 8 damage total. With the
    Killer Critical, minimum damage is increased to 30% of the Ogre's HP, so the strike
    results in 21 Damage to the Ogre." (the game's bows add no Strength)."""
    b = arena(("A", "archer", "blue", 2, 2, {"initiative": FIRST}),
              ("O", "ogre", "red", 6, 2, {"initiative": SECOND, "hp": 74}),
              ("G", "goblin", "red", 11, 7, {"initiative": THIRD}),
              fixed_dice=[("d20", 10)] * 3 + [("d20", 20), ("d20", 20), ("d8", 2), ("d8", 2),
                                              ("d8", 1)],
              criticals="killer", db=_longbow_archer())
    events = ok(b, C.Attack("A", "O", "longbow", confirm=True))
    hurt = next(e for e in of(events, E.Damaged) if e.unit == "O")
    assert hurt.critical and hurt.amount == 21


def test_killer_critical_example_62_hp_is_12_at_x2_and_18_at_x3():
    """"Ex: 62HP maximum = 6HP for 10%, 12 HP for 20%, 18HP for 30%": a dagger (x2) and a
    greataxe (x3) on a 62 HP orc, their dice rolling 1s."""
    for weapon, multiplier, floor in (("dagger", 2, 12), ("greataxe", 3, 18)):
        dice = [("d20", 20), ("d20", 20)] + [(f"d{WEAPONS[weapon].damage.sides}", 1)] * \
            multiplier
        b = arena(("F", "orc", "blue", 2, 2, {"initiative": FIRST}),
                  ("O", "orc", "red", 3, 2, {"initiative": SECOND, "hp": 62}),
                  fixed_dice=[("d20", 10)] * 2 + dice, criticals="killer",
                  db={**DB, "orc": replace(DB["orc"], weapons=(WEAPONS[weapon],),
                                           in_hand=(weapon,))})
        events = ok(b, C.Attack("F", "O", weapon, confirm=True))
        hurt = next(e for e in of(events, E.Damaged) if e.unit == "O")
        assert hurt.amount >= floor and "killer critical minimum" in hurt.breakdown


def test_crushing_advance_example_an_elephant_through_goblins_is_dc_26():
    """"Ex: An elephant (Level 11 Huge, 28 STR) moving through an army of goblins: Crushing
    Advance DC(10+7HR+9STRMod) = DC26"."""
    elephant = SimpleNamespace(unit=UnitType(key="elephant", name="Elephant", size="huge",
                                             level=11, hr=7, str=28))
    assert crush_dc(elephant).total == 26


def test_falling_example_a_medium_creature_takes_10_percent_per_10_feet_for_30_feet():
    """"A fall deals bludgeoning damage equal to 10% of the victim's maximum HP per 10 feet
    of the fall to a medium or large sized creature for the first 30 feet." A 142 HP
    creature falling 30 ft (six elevation steps), no check rolled: 42."""
    assert falling.fall(142, "medium", 6).damage == 42
    assert falling.fall(142, "medium", 1).damage == 0
