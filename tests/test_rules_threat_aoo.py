"""Threat and attacks of opportunity (docs/rules/02-size-and-reach.md "Size, space (footprint) and reach", docs/rules/04-attacks-of-opportunity.md
"Attacks of opportunity (AOO) and reactions"; the rulebook "Reach & Threatened Area", "Reactions & AOO").

Every battle here is a real battle store built by game.ecs.scenario.make_view (pointy-top,
odd-r; hexes are named by Tiled col,row like the seeds' maps)."""
from dataclasses import replace

import pytest

from game.data import load_units
from game.ecs.scenario import make_view
from game.hexgrid import Hex, hex_distance, hex_neighbors
from game.rules import movement
from game.rules.aoo import Provocation, forecast, provokers
from game.rules.threat import (can_react, can_threaten, footprint_distance, threat_reach,
                               threatened_hexes, threateners_of)


@pytest.fixture(scope="module")
def db():
    return load_units()


def unit(name, key, team, col, row, **extra):
    return dict(name=name, unit=key, team=team, col=col, row=row, **extra)


def battle(db, *units, width=16, height=12, terrain=None):
    return make_view(width, height, terrain or {}, list(units), units_db=db)


def at(view, col, row) -> Hex:
    return view.hexmap.hex_at(col, row)


def on_map_within(view, hexes, lo, hi):
    """Every map hex at distance lo..hi of a footprint: the brute-force threatened area."""
    return {h for h in view.hexmap.all_hexes() if lo <= footprint_distance([h], hexes) <= hi}


def with_weapons(db, key, *weapons):
    """A copy of the units with `key` carrying other weapons."""
    return {**db, key: replace(db[key], weapons=tuple(weapons))}


# ---- docs/rules/02-size-and-reach.md: who threatens what ----------------------------------------------------------

def test_threat_medium_fighter_threatens_its_six_neighbours(db):
    v = battle(db, unit("Wulfric", "fighter", "blue", 5, 5))
    f = v.unit("Wulfric")
    assert threat_reach(f) == 1
    assert threatened_hexes(v, f) == frozenset(hex_neighbors(f.anchor))


def test_threat_ogre_reach_2_threatens_two_rings_around_its_footprint(db):
    """The rulebook "Reach & Threatened Area": a large ogre reaches 10 ft (2 hexes) from its body."""
    v = battle(db, unit("Ogre", "ogre", "red", 7, 6))
    ogre = v.unit("Ogre")
    area = threatened_hexes(v, ogre)
    assert threat_reach(ogre) == 2 and len(ogre.hexes) == 3
    assert area == on_map_within(v, ogre.hexes, 1, 2)
    assert len(area) == 24                     # 9 hexes in ring 1 + 15 in ring 2 of a triangle
    assert not area & set(ogre.hexes)
    assert at(v, 10, 6) in area and at(v, 11, 6) not in area   # 2 and 3 hexes east of it


def test_threat_giant_reach_3_threatens_three_rings_around_its_seven_hexes(db):
    v = battle(db, unit("Giant", "giant", "red", 7, 6))
    giant = v.unit("Giant")
    assert len(giant.hexes) == 7 and threat_reach(giant) == 3
    assert threatened_hexes(v, giant) == on_map_within(v, giant.hexes, 1, 3)
    assert len(threatened_hexes(v, giant)) == 61 - 7          # radius-4 hexagon minus itself


def test_threat_area_stops_at_the_map_edge(db):
    v = battle(db, unit("Wulfric", "fighter", "blue", 0, 0))
    area = threatened_hexes(v, v.unit("Wulfric"))
    assert area == {at(v, 1, 0), at(v, 0, 1)}        # odd-r corner: 2 neighbours on the map
    assert all(v.hexmap.contains(h) for h in area)


@pytest.mark.parametrize("condition", ["prone", "blinded", "helpless", "unconscious",
                                       "grappled", "pinned", "stunned"])
def test_threat_prone_blinded_helpless_unconscious_grappled_pinned_stunned_threaten_nothing(
        db, condition):
    v = battle(db, unit("Orc", "orc", "red", 5, 5, conditions=(condition,)))
    orc = v.unit("Orc")
    assert not can_threaten(orc)
    assert threatened_hexes(v, orc) == frozenset()


def test_threat_dead_creature_threatens_nothing(db):
    v = battle(db, unit("Orc", "orc", "red", 5, 5))
    v = v.replace(replace(v.unit("Orc"), dead=True, hp=-20))
    assert threatened_hexes(v, v.unit("Orc")) == frozenset()


def test_threat_ranged_only_weapons_do_not_threaten(db):
    bow = next(w for w in db["archer"].weapons if w.attack == "ranged")
    v = battle(with_weapons(db, "archer", bow), unit("Ayla", "archer", "blue", 5, 5))
    assert not can_threaten(v.unit("Ayla"))
    assert threatened_hexes(v, v.unit("Ayla")) == frozenset()


def test_threat_loaded_crossbow_threatens_10_ft(db):
    """The rulebook: "Most Ranged-Only Weapons do not threaten. (Exception: Loaded Crossbows Threaten out
    to 10 feet.)" -- data says threatens_ft = 10."""
    bow = next(w for w in db["archer"].weapons if w.attack == "ranged")
    crossbow = replace(bow, id="light_crossbow", name="Light crossbow", threatens_ft=10)
    v = battle(with_weapons(db, "archer", crossbow), unit("Ayla", "archer", "blue", 6, 5))
    ayla = v.unit("Ayla")
    assert threat_reach(ayla) == 2
    assert threatened_hexes(v, ayla) == on_map_within(v, ayla.hexes, 1, 2)


def test_threat_archer_with_a_dagger_threatens_adjacent_hexes(db):
    """A dagger threatens once it is in hand (docs/rules/04-attacks-of-opportunity.md (e): drawing it is an action); a
    sheathed one does not."""
    v = battle(db, unit("Ayla", "archer", "blue", 5, 5))
    assert threatened_hexes(v, v.unit("Ayla")) == frozenset()
    armed = {**db, "archer": replace(db["archer"], in_hand=("shortbow", "dagger"))}
    v = battle(armed, unit("Ayla", "archer", "blue", 5, 5))
    assert threatened_hexes(v, v.unit("Ayla")) == frozenset(hex_neighbors(v.unit("Ayla").anchor))


def test_threat_natural_weapons_threaten(db):
    v = battle(db, unit("Wolf", "wolf", "red", 3, 3), unit("Troll", "troll", "red", 9, 6))
    assert can_threaten(v.unit("Wolf")) and threat_reach(v.unit("Wolf")) == 1
    assert can_threaten(v.unit("Troll")) and threat_reach(v.unit("Troll")) == 2


def test_threat_tiny_creature_threatens_only_its_own_hex(db):
    """docs/rules/02-size-and-reach.md: tiny, reach 0: it must enter the foe's hex."""
    v = battle(db, unit("Pixie", "goblin", "red", 5, 5, overrides={"size": "tiny"}))
    pixie = v.unit("Pixie")
    assert threat_reach(pixie) == 0
    assert threatened_hexes(v, pixie) == frozenset({pixie.anchor})


def test_threateners_of_lists_the_enemies_of_a_team_that_threaten_a_hex(db):
    v = battle(db, unit("Wulfric", "fighter", "blue", 4, 5), unit("Orc", "orc", "red", 6, 5),
               unit("Ogre", "ogre", "red", 7, 4), unit("Gob", "goblin", "red", 5, 8,
                                                      conditions=("prone",)))
    h = at(v, 5, 5)                                   # between the fighter and the orc
    names = lambda us: [u.name for u in us]
    assert names(threateners_of(v, h, "blue")) == ["Orc", "Ogre"]
    assert names(threateners_of(v, h, "red")) == ["Wulfric"]
    assert names(threateners_of(v, h)) == ["Wulfric", "Orc", "Ogre"]


def test_reactions_one_per_round_and_not_when_flat_footed_stunned_staggered_helpless(db):
    v = battle(db, unit("Orc", "orc", "red", 5, 5))
    orc = v.unit("Orc")
    assert can_react(orc)
    assert not can_react(replace(orc, reaction_available=False))
    for condition in ("flat-footed", "Flat_Footed", "stunned", "staggered", "helpless",
                      "unconscious"):
        assert not can_react(replace(orc, conditions={condition: 1})), condition
    assert can_react(replace(orc, conditions={"prone": 1}))


# ---- docs/rules/04-attacks-of-opportunity.md: provoking by movement -------------------------------------------------------

def test_aoo_leaving_several_hexes_threatened_by_one_creature_provokes_once(db):
    """The rulebook: "Even if you move through multiple hexes threatened by a single creature, you
    provoke only 1 AOO from that creature for that movement." The fighter walks along the
    ogre's outer ring (reach 2) and leaves three hexes it threatens."""
    v = battle(db, unit("Wulfric", "fighter", "blue", 4, 3), unit("Ogre", "ogre", "red", 6, 5))
    f, ogre = v.unit("Wulfric"), v.unit("Ogre")
    path = [at(v, 5, 3), at(v, 6, 3), at(v, 7, 3), at(v, 8, 3)]
    area = threatened_hexes(v, ogre)
    assert sum(h in area for h in [f.anchor] + path[:-1]) >= 3
    provs = forecast(v, f, path)
    assert len(provs) == 1
    assert provs[0].by == (ogre,) and provs[0].reaction_available == (True,)
    first_exit = next(h for h in [f.anchor] + path if h in area)
    assert provs[0].hex == first_exit


def test_aoo_five_foot_step_never_provokes(db):
    v = battle(db, unit("Wulfric", "fighter", "blue", 5, 5), unit("Orc", "orc", "red", 6, 5))
    f = v.unit("Wulfric")
    away = [at(v, 4, 5)]
    assert [p.by for p in forecast(v, f, away)] == [(v.unit("Orc"),)]
    assert forecast(v, f, away, kind="step") == []
    steps = movement.five_foot_step_targets(v, f)
    assert at(v, 4, 5) in steps and all(p.provocations == () for p in steps.values())


def test_aoo_two_threateners_both_provoke(db):
    """The rulebook: one provoking action can be struck "from multiple enemies": both orcs that
    threaten the hex the fighter leaves are provoked, and the forecast says which can react."""
    v = battle(db, unit("Wulfric", "fighter", "blue", 5, 5), unit("Orc A", "orc", "red", 4, 5),
               unit("Orc B", "orc", "red", 6, 5))
    v = v.replace(replace(v.unit("Orc B"), reaction_available=False))
    provs = forecast(v, v.unit("Wulfric"), [at(v, 5, 4)])
    assert len(provs) == 1
    p = provs[0]
    assert [x.name for x in p.by] == ["Orc A", "Orc B"]
    assert p.reaction_available == (True, False)
    assert p.hex == at(v, 5, 5) and p.step == 0
    assert "Orc A" in p.explain() and "no reaction left" in p.explain()


def test_aoo_leaving_the_areas_of_two_foes_provokes_once_per_foe(db):
    """The rulebook: "A creature that uses one action to move through and exit the threatened hexes of
    multiple foes Provokes AOO once per foe for exiting a threatened hex." """
    v = battle(db, unit("Wulfric", "fighter", "blue", 2, 5), unit("Orc", "orc", "red", 4, 4),
               unit("Gob", "goblin", "red", 7, 6))
    path = [at(v, c, 5) for c in range(3, 10)]
    provs = forecast(v, v.unit("Wulfric"), path)
    assert [x.name for x in provokers(provs)] == ["Orc", "Gob"]
    assert provs[0].step < provs[1].step


def test_aoo_moving_into_a_tiny_creatures_space_provokes_it_once(db):
    """docs/rules/04-attacks-of-opportunity.md (b): moving into X's space provokes X; the tiny foe threatens only its own
    hex, so leaving it again does not provoke a second time."""
    v = battle(db, unit("Wulfric", "fighter", "blue", 3, 5),
               unit("Pixie", "goblin", "red", 4, 5, overrides={"size": "tiny"}))
    provs = forecast(v, v.unit("Wulfric"), [at(v, 4, 5), at(v, 5, 5)])
    assert len(provs) == 1
    assert provs[0].by == (v.unit("Pixie"),) and provs[0].reasons == ("moves into its space",)
    assert provs[0].hex == at(v, 3, 5)


def test_aoo_teleport_and_forced_movement_never_provoke(db):
    v = battle(db, unit("Wulfric", "fighter", "blue", 5, 5), unit("Orc", "orc", "red", 6, 5))
    path = [at(v, 4, 5), at(v, 3, 5)]
    assert forecast(v, v.unit("Wulfric"), path)
    assert forecast(v, v.unit("Wulfric"), path, kind="teleport") == []
    assert forecast(v, v.unit("Wulfric"), path, kind="forced") == []


def test_aoo_allies_and_creatures_that_cannot_threaten_are_not_provoked(db):
    v = battle(db, unit("Wulfric", "fighter", "blue", 5, 5), unit("Ayla", "archer", "blue", 6, 5),
               unit("Orc", "orc", "red", 4, 5, conditions=("prone",)))
    assert forecast(v, v.unit("Wulfric"), [at(v, 5, 4), at(v, 5, 3)]) == []


def test_aoo_flat_footed_threatener_is_provoked_but_cannot_react(db):
    v = battle(db, unit("Wulfric", "fighter", "blue", 5, 5),
               unit("Orc", "orc", "red", 6, 5, conditions=("flat_footed",)))
    provs = forecast(v, v.unit("Wulfric"), [at(v, 4, 5)])
    assert provs == [Provocation(at(v, 5, 5), (v.unit("Orc"),), (False,), 0,
                                 ("leaves a hex it threatens",))]


def test_aoo_retreat_moving_away_does_not_provoke_but_toward_a_new_enemy_does(db):
    """docs/rules/03-movement.md Retreat: leaving hexes threatened by creatures it is moving away from does
    not provoke; moving toward a new enemy provokes from that enemy."""
    v = battle(db, unit("Wulfric", "fighter", "blue", 5, 5), unit("Orc", "orc", "red", 4, 5),
               unit("Ogre", "ogre", "red", 10, 5))
    f = v.unit("Wulfric")
    path = [at(v, c, 5) for c in (6, 7, 8, 9)]             # the last step closes on the ogre
    assert forecast(v, f, path[:3], kind="retreat") == []
    provs = forecast(v, f, path, kind="retreat")
    assert [x.name for x in provokers(provs)] == ["Ogre"]
    assert provs[0].reasons == ("moves toward it while retreating",)
    assert [x.name for x in provokers(forecast(v, f, path))] == ["Orc", "Ogre"]


def test_aoo_forecast_takes_hexes_states_or_a_move_path(db):
    v = battle(db, unit("Wulfric", "fighter", "blue", 5, 5), unit("Orc", "orc", "red", 6, 5))
    f = v.unit("Wulfric")
    p = movement.cheapest_path(v, f, at(v, 3, 5))
    by_hexes = forecast(v, f, list(p.hexes))
    assert by_hexes == forecast(v, f, list(p.states)) == forecast(v, f, p)
    assert by_hexes == list(p.provocations) and len(by_hexes) == 1


def test_aoo_large_creature_provokes_when_a_hex_it_vacates_is_threatened(db):
    """A creature of several hexes provokes X when a hex it leaves (in its old footprint, not
    its new one) is threatened by X: the ogre sliding along a fighter's threatened area while
    keeping the threatened hex covered does not provoke; backing off out of it does."""
    v = battle(db, unit("Ogre", "ogre", "red", 5, 5), unit("Wulfric", "fighter", "blue", 7, 6))
    ogre, f = v.unit("Ogre"), v.unit("Wulfric")
    area = threatened_hexes(v, f)
    assert set(ogre.hexes) & area
    east = Hex(ogre.anchor.q + 1, ogre.anchor.r)
    west = Hex(ogre.anchor.q - 1, ogre.anchor.r)
    assert forecast(v, ogre, [(east, 0)]) == []
    assert [p.by for p in forecast(v, ogre, [(west, 0)])] == [(f,)]
    assert hex_distance(east, f.anchor) == 1
