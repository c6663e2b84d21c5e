"""Skill checks of the body (game.rules.skills; rules: Attack rolls and damage, "Skill checks
of the body"), pinned by hand-counted figures."""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from game.data.model import UnitType
from game.rules import skills


def unit(**kw) -> UnitType:
    return replace(UnitType(key="x", name="X"), **kw)


def test_wrestling_size_modifier_is_four_per_size_category():
    """The rulebook "Creature Size": "Wrestling Modifier: SizeMod to the Wrestling Skill." (the table is
    missing; the game's choice is 4 per category)."""
    assert [skills.skill_size_mod("wrestling", s) for s in
            ("tiny", "small", "medium", "large", "huge", "gargantuan")] == [-8, -4, 0, 4, 8, 12]
    assert skills.skill_size_mod("climb", "small") == 1
    assert skills.skill_size_mod("swim", "large") == 0


def test_skill_bonus_adds_ranks_ability_size_and_conditions():
    """A large ogre (STR 21, 2 ranks) that is Injured and Cramped: 2 + 5 + 4 - 2 - 2 = 7."""
    ogre = unit(size="large", str=21, wrestling=2)
    bonus = skills.skill_bonus(ogre, "wrestling", {"injured": 1, "cramped": 1})
    assert bonus.total == 7
    assert {t.label for t in bonus} >= {"Wrestling ranks", "STR", "size", "cramped"}


def test_acrobatics_uses_dexterity():
    assert skills.skill_bonus(unit(dex=16, acrobatics=3), "acrobatics", {}).total == 6


def test_unknown_skill_is_refused():
    with pytest.raises(ValueError, match="unknown skill"):
        skills.skill_bonus(unit(), "juggling", {})


def test_opposed_checks_tie_goes_to_the_resisting_side():
    # equal bonuses: P(win) = P(a > d) = (1 - 1/20) / 2 = 19/40
    assert skills.win_chance(0, 0) == Fraction(19, 40)
    assert skills.win_chance(0, 0, ties_win=True) == Fraction(21, 40)
    assert skills.opposed_wins(12, 12) is False and skills.opposed_wins(13, 12) is True


def test_beats_dc_chance_counts_the_faces():
    assert skills.beats_dc_chance(5, 15) == Fraction(11, 20)
