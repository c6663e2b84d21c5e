"""The HUD's words and marks for injuries and healing (game/ui/presenters.py, board.py):
the combat log words first aid, heals, temporary hit points and clotting; the unit card shows
temporary hit points and when a wound clots; an aimed heal marks its patients as targets, not
as a warning (docs/rules/20-healing-and-first-aid.md)."""
from __future__ import annotations

from game.engine import commands as C
from game.ui import presenters as P
from game.ui.ability_aim import snap
from game.ui.board import SAFE, THREAT, aim_label

from test_healing import HIT, felled, field
from test_injuries import MISS_SAVE, orcs_around
from test_engine_turns import ok


def lines(events) -> list[str]:
    return [e.text for e in P.log_entries(events)]


def test_the_log_words_first_aid_heals_and_temporary_hit_points():
    b = field({"hp": 12, "level": 3, "con": 18}, orcs=1,
              dice=[HIT, ("d12", 10), ("d20", 3), ("d4", 2), ("d4", 3)])
    felled(b, "O1")
    text = lines(ok(b, C.FirstAid("Cl", ally="F")))
    assert "Cl gives F first aid: the bleeding goes on (11 vs DC 15)" in text
    text = lines(ok(b, C.UseAbility("Cl", ability="words_of_vigor")))
    assert "F regains 2 HP from Cl's Words of Vigor (HP 1)" in text
    assert "F gains 3 temporary HP (3 in all)" in text


def test_the_log_words_a_wound_that_clots_and_the_card_counts_down_to_it():
    b = orcs_around(3, orcs=1, dice=[HIT, ("d12", 1)] + [MISS_SAVE] * 10)
    ok(b, C.Attack("O1", "F", "greataxe"))
    assert P.unit_card(b, "F").clots_in == 10
    text = []
    for _ in range(11):
        text += lines(ok(b, C.EndTurn("O1")))
        ok(b, C.EndTurn("A"))
    assert "F's wound clots: the bleeding stops" in text
    assert "F bleeds for 1 (HP -2)" in text
    assert P.unit_card(b, "F").clots_in is None


def test_the_log_words_a_blow_that_falls_on_temporary_hit_points():
    b = field({}, dice=[("d20", 2), ("d4", 1), ("d4", 4), HIT, ("d12", 2)])
    ok(b, C.Attack("O1", "F", "greataxe"))
    ok(b, C.EndTurn("O1"))
    ok(b, C.UseAbility("Cl", ability="words_of_vigor"))
    for name in ("Cl", "F", "A"):
        ok(b, C.EndTurn(name))
    text = lines(ok(b, C.Attack("O1", "F", "greataxe")))
    assert "O1 hits F with a greataxe for 5 (4 on temporary HP)" in text


def test_an_aimed_heal_marks_its_patients_as_targets_not_as_a_warning():
    b = field({"hp": 12}, dice=[HIT, ("d12", 7)])
    felled(b, "O1")
    aim = snap(b, "Cl", "cure_wounds", b.unit("F").anchor)
    assert aim.command.target == "F" and aim.healed == ("F",) and aim.allies == ()
    [f] = aim.caught
    text, colour = aim_label(f)
    assert colour == SAFE and text.startswith("heals ") and "ally!" not in text
    assert f.heals == 6.5                                    # 1d8+2, 10 HP missing
    fear = f._replace(helps=False, heals=0.0, fails=0.7)
    assert aim_label(fear)[1] == THREAT and "(ally!)" in aim_label(fear)[0]
