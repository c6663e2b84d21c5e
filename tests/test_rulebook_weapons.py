"""Weapons in hand, sheathed and on the ground, and counted ammunition (docs/rules/04-attacks-of-opportunity.md (e), 10;
the seed's "Actions in Combat"), through the engine's commands with fixed dice where the
outcome matters.
"""
from __future__ import annotations

from game.ecs.components import Weapons
from game.engine import commands as C
from game.engine import events as E

from test_engine_turns import FIRST, SECOND, arena, find_battle, of, ok


def moved(events, action):
    return [e for e in events if isinstance(e, E.WeaponMoved) and e.action == action]


def engaged_archer(**kw):
    """S (goblin archer: shortbow in hand, dagger sheathed) next to B (orc)."""
    return arena(("S", "goblin_archer", "blue", 3, 2, {"initiative": FIRST, "hp": 200}),
                 ("B", "orc", "red", 4, 2, {"initiative": SECOND, "hp": 200}), **kw)


def test_drawing_a_weapon_is_a_little_action_that_provokes():
    """Seed (Actions in Combat), among the actions that provoke: "Drawing/Sheathing a Weapon,
    Readying/Stowing a Shield, Getting an item out of a bag or pouch." and "LITTLE ACTIONS:
    ... Draw/Sheathe a Weapon". docs/rules/04-attacks-of-opportunity.md: "(e) drawing or sheathing a weapon"."""
    b = engaged_archer()
    s = b.unit("S")
    assert [w.id for w in s.weapons] == ["shortbow"] and [w.id for w in s.sheathed] == ["dagger"]
    assert b.apply(C.Attack("S", "B", "dagger")).code == "weapon_sheathed"
    why = b.refusal(C.DrawWeapon("S", "dagger"))
    assert why.code == "provokes" and why.data["provokers"] == ["B"]
    events = ok(b, C.DrawWeapon("S", "dagger", confirm=True))
    assert of(events, E.Provoked) == [E.Provoked("S", "B", (3, 2), "drawing a weapon")]
    assert [e.weapon for e in moved(events, "drawn")] == ["Dagger"]
    assert b.budget("S").little == 0 and b.budget("S").big == 2
    assert {w.id for w in b.unit("S").weapons} == {"shortbow", "dagger"}
    ok(b, C.Attack("S", "B", "dagger"))           # the dagger now strikes in melee
    events = ok(b, C.SheatheWeapon("S", "dagger"))   # B's reaction is spent: no confirm
    assert of(events, E.Provoked) == [E.Provoked("S", "B", (3, 2), "sheathing a weapon")]
    assert [w.id for w in b.unit("S").sheathed] == ["dagger"]


def test_switching_weapons_in_hand_is_free_and_never_provokes():
    """docs/rules/04-attacks-of-opportunity.md lists what provokes; changing which held weapon strikes is not among them
    (seed: changing grip is a Free Action). A level 5 rogue holds a shortsword and a dagger:
    its two attacks with them spend no Little Action and provoke nothing."""
    b = arena(("R", "rogue", "blue", 3, 2, {"initiative": FIRST, "level": 5}),
              ("B", "orc", "red", 4, 2, {"initiative": SECOND, "hp": 200}))
    events = ok(b, C.Attack("R", "B", "shortsword")) + ok(b, C.Attack("R", "B", "dagger"))
    assert not of(events, E.Provoked) and b.budget("R").little == 1
    assert [e.weapon for e in of(events, E.AttackRolled)] == ["Shortsword", "Dagger"]
    assert "consecutive attacks 1" in of(events, E.AttackRolled)[1].breakdown


def test_archer_with_only_a_bow_in_hand_threatens_nothing():
    """Seed (Retreat): "You must be wielding a melee weapon or otherwise threaten your area";
    a sheathed dagger is not wielded: the archer threatens nothing until it draws."""
    b = engaged_archer()
    assert b.can_start("S", "retreat").code == "does_not_threaten"
    ok(b, C.DrawWeapon("S", "dagger", confirm=True))
    assert b.can_start("S", "retreat") is None


def thrower(fixed=()):
    """A (fighter: longsword and javelin in hand) at 1,2; B (orc) three hexes east."""
    return arena(("A", "fighter", "blue", 1, 2, {"initiative": FIRST, "hp": 200}),
                 ("B", "orc", "red", 4, 2, {"initiative": SECOND, "hp": 200}),
                 fixed_dice=fixed)


def test_thrown_weapon_lands_in_the_targets_hex():
    """Seed: a thrown weapon leaves the hand ("You may drop any item(s) held in one or both
    of your hands"; "Pick up an item off the ground" is a Little Action). On a hit the javelin
    lies in the target's hex and the thrower no longer holds it."""
    b, events = find_battle(lambda s: arena(("A", "fighter", "blue", 1, 2, {"initiative": FIRST,
                                                                         "level": 5}),
                                            ("B", "orc", "red", 4, 2, {"initiative": SECOND,
                                                                       "hp": 200}), seed=s),
                            lambda b: b.apply(C.Attack("A", "B", "javelin")).events,
                            lambda b, ev: any(e.hit for e in of(ev, E.AttackRolled)))
    assert [e.at for e in moved(events, "thrown")] == [(4, 2)]
    a = b.unit("A")
    assert [w.id for w in a.weapons] == ["longsword"]
    assert [(w.id, b.cell(h)) for w, h in a.dropped] == [("javelin", (4, 2))]
    assert b.apply(C.Attack("A", "B", "javelin")).code == "weapon_on_ground"


def test_a_missed_throw_lands_next_to_the_target_and_is_picked_up_with_a_little_action():
    """Seed (Little Actions): "Pick up an item off the ground". A miss (natural 1) sends the
    javelin to the neighbour of the target's hex that the battle's d6 picks (4: west); the
    thrower walks onto it and picks it up, which provokes the orc it stands next to."""
    b = thrower([("d20", 10), ("d20", 10), ("d20", 1), ("d6", 4)])
    events = ok(b, C.Attack("A", "B", "javelin"))
    assert not of(events, E.AttackRolled)[0].hit
    assert [e.at for e in moved(events, "thrown")] == [(3, 2)]
    assert b.can_start("A", "pick_up").code == "nothing_here"
    ok(b, C.Move("A", ((2, 2), (3, 2))))
    assert b.refusal(C.PickUp("A")).code == "provokes"
    events = ok(b, C.PickUp("A", confirm=True))
    assert of(events, E.Provoked)[0].reason == "picking up a weapon"
    assert [e.weapon for e in moved(events, "picked up")] == ["Javelin"]
    assert {w.id for w in b.unit("A").weapons} == {"longsword", "javelin"}
    assert b.unit("A").dropped == () and b.budget("A").little == 0


def test_ammunition_is_counted_and_an_empty_bow_cannot_shoot():
    """Seed: "A projectile weapon can shoot ammunition"; the unit data gives the quiver
    (weapons.toml `ammo`, 20 arrows for a shortbow). Each shot spends one; with none left the
    bow cannot attack."""
    b = arena(("S", "goblin_archer", "blue", 1, 2, {"initiative": FIRST}),
              ("B", "orc", "red", 8, 2, {"initiative": SECOND, "hp": 200}))
    assert b.unit("S").ammo["shortbow"] == 20
    events = ok(b, C.Attack("S", "B", "shortbow"))
    assert [e.left for e in moved(events, "shot")] == [19] and b.unit("S").ammo["shortbow"] == 19
    c = arena(("S", "goblin_archer", "blue", 1, 2, {"initiative": FIRST}),
              ("B", "orc", "red", 8, 2, {"initiative": SECOND, "hp": 200}))
    c.update("S", Weapons, ammo={"shortbow": 0})       # test setup: the quiver is empty
    out = c.apply(C.Attack("S", "B", "shortbow"))
    assert out.code == "cannot_attack" and "no ammunition left" in out.reason
    assert not c.action("S", "attack").enabled
