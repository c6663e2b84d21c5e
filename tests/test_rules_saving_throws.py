"""Saving throws (rules: Hit points and conditions, "Saving throws"; seed 004 "Saving Throws"):
the itemised bonus of each kind, the exact chance to pass, and what passing does to damage.
The creatures are the shipped unit files."""
from __future__ import annotations

from fractions import Fraction

import pytest

from game.data.loader import load_units
from game.rules import saving_throws as st
from game.rules.health import fort_save_bonus

UNITS = load_units()


def test_each_save_adds_its_rating_and_its_ability():
    """004: "FORT Save = 1d20 + FORT Save Rating + CONMod", "REF Save = 1d20 + REF Save Rating +
    DEXMod", "WILL Save = 1d20 + WILL Save Rating + WISMod"."""
    cleric = UNITS["cleric"]
    fort = st.save_bonus(cleric, "FORT", {})
    ref = st.save_bonus(cleric, "REF", {})
    will = st.save_bonus(cleric, "WILL", {})
    assert fort.labels() == ["FORT", "CON"] and fort.total == cleric.fort + cleric.con_mod
    assert ref.labels() == ["REF", "DEX"] and ref.total == cleric.ref + cleric.dex_mod
    assert will.labels() == ["WILL", "WIS"] and will.total == cleric.will + cleric.wis_mod
    assert will.total == 3 + 3          # WILL 3, WIS 16


def test_the_bleeding_fort_save_is_the_same_save():
    orc = UNITS["orc"]
    assert fort_save_bonus(orc, {"injured": 1}) == st.save_bonus(orc, "FORT", {"injured": 1})


def test_conditions_that_penalise_every_d20_roll_penalise_saves():
    """Injured: -2 on all d20 rolls, saving throws among them."""
    orc = UNITS["orc"]
    assert st.save_bonus(orc, "WILL", {"injured": 1}).total == \
        st.save_bonus(orc, "WILL", {}).total - 2


def test_cover_adds_to_ref_saves_only():
    """The cover bonus adds to AC and to REF saves against area effects from the far side."""
    orc = UNITS["orc"]
    assert st.save_bonus(orc, "REF", {}, cover_bonus=2).total == \
        st.save_bonus(orc, "REF", {}).total + 2
    assert st.save_bonus(orc, "WILL", {}, cover_bonus=2) == st.save_bonus(orc, "WILL", {})


def test_meeting_the_dc_passes_and_naturals_are_not_automatic():
    """004: "If the Saving Throw meets or exceeds the Save DC, the Saving Throw is successful."
    The worked DC: "total WILL Save DC 15 to resist": a +6 bonus passes on 9-20, 12 in 20."""
    assert st.pass_chance(6, 15) == Fraction(12, 20)
    assert st.pass_chance(0, 25) == 0                # a natural 20 does not pass by itself
    assert st.pass_chance(30, 10) == 1               # nor does a natural 1 fail


def test_fortune_changes_the_chance_to_pass():
    plain = st.pass_chance(6, 15)
    assert st.pass_chance(6, 15, fortune=1) > plain > st.pass_chance(6, 15, fortune=-1)
    # Fortunate: 1 - P(both dice below 9) = 1 - (8/20)^2
    assert st.pass_chance(6, 15, fortune=1) == 1 - Fraction(8, 20) ** 2


def test_a_helpless_creature_automatically_fails_ref_saves():
    """004: "A helpless character automatically fails REF Saves." (Unconscious makes it
    helpless.)"""
    assert st.fails_automatically("REF", {"unconscious": 1})
    assert not st.fails_automatically("WILL", {"unconscious": 1})
    assert not st.fails_automatically("REF", {})
    assert st.pass_chance(40, 10, auto_fail=True) == 0


def test_save_for_half_halves_the_damage_on_a_pass():
    """004: "Some spells & abilities say "Save for Half." This means that if you pass the
    indicated Save, you take half damage." Rounded down; `negates` takes it all away."""
    assert st.damage_after_save(9, passed=True, on_pass="half") == 4
    assert st.damage_after_save(9, passed=False, on_pass="half") == 9
    assert st.damage_after_save(9, passed=True, on_pass="negates") == 0
    assert st.damage_after_save(9, passed=True, on_pass="nothing") == 9
    assert st.expected_damage_after_save(10, Fraction(1, 2), "half") == pytest.approx(7.5)


def test_unknown_kinds_and_outcomes_are_refused():
    with pytest.raises(ValueError, match="FORT, REF, WILL"):
        st.save_bonus(UNITS["orc"], "LUCK", {})
    with pytest.raises(ValueError, match="nothing, half, negates"):
        st.damage_after_save(3, True, "double")
