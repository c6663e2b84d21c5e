"""The computer player's special abilities (game/ai/abilities.py): an area is used where it
catches enemies, weighed by the engine's own chances, and its own side is spared."""
from __future__ import annotations

import pytest

from game.ai.abilities import aim_value
from game.ai.evaluate import Context
from ai_helpers import first_decision
from game.ai.player import choose_command
from game.engine import commands as C
from game.engine.abilities import aimed
from game.engine.ability_effects import forecast
from game.rules import saving_throws as saves

from test_abilities import drake_field, shaman_field
from test_engine_turns import FIRST, SECOND, THIRD, arena


def caught(b, cmd) -> set[str]:
    me = b.unit(cmd.unit)
    return {t.name for t in aimed(b, me, me.unit.ability(cmd.ability), cmd).caught}


def test_the_shaman_bursts_fear_over_both_enemies():
    b = shaman_field()
    cmd = first_decision(b, choose_command)
    assert isinstance(cmd, C.UseAbility) and caught(b, cmd) == {"A", "B"}


def test_the_drake_breathes_on_both_enemies_in_front_of_it():
    b = drake_field()
    cmd = first_decision(b, choose_command)
    assert isinstance(cmd, C.UseAbility) and caught(b, cmd) == {"A", "B"}


def test_an_area_that_would_catch_friends_is_aimed_to_spare_them():
    b = arena(("S", "goblin_shaman", "red", 2, 3, {"initiative": FIRST}),
              ("G", "goblin", "red", 6, 4, {"initiative": SECOND}),
              ("H", "goblin", "red", 6, 2, {"initiative": SECOND}),
              ("A", "fighter", "blue", 6, 3, {"initiative": THIRD}), initiative="top-down")
    cmd = first_decision(b, choose_command)
    assert isinstance(cmd, C.UseAbility) and caught(b, cmd) == {"A"}


def test_fear_is_not_spent_on_creatures_already_afraid():
    b = arena(("S", "goblin_shaman", "red", 2, 3, {"initiative": FIRST}),
              ("A", "fighter", "blue", 6, 3, {"initiative": SECOND,
                                              "conditions": ["frightened"]}),
              ("B", "fighter", "blue", 7, 4, {"initiative": THIRD,
                                              "conditions": ["frightened"]}),
              initiative="top-down")
    assert not isinstance(choose_command(b), C.UseAbility)


def test_the_score_uses_the_saving_throws_pass_chance():
    """The expected effect of a save is weighed by the engine's chance: a fighter (WILL 0,
    WIS 10) fails a DC 15 WILL save on 1-14, 70 in 100."""
    b = shaman_field()
    me = b.unit("S")
    a = me.unit.ability("fear_burst")
    target = aimed(b, me, a, C.UseAbility("S", ability="fear_burst", origin=(6, 3)))
    shots = forecast(b.view(), "S", a, target)
    fighter = b.unit("A")
    chance = saves.pass_chance(saves.save_bonus(fighter.unit, "WILL", {}).total, 15)
    assert [round(f.fails, 3) for f in shots] == [round(1 - float(chance), 3)] * 2 == [0.7] * 2
    ctx = Context(b, b.view(), me)
    value, detail = aim_value(ctx, a, shots)
    assert value > 0 and detail["caught"] == ["A", "B"] and detail["own_side"] == []


@pytest.mark.slow
def test_simulate_counts_the_abilities_used_on_the_shrine_map():
    """`simulate --json` counts each side's commands by type: on the shrine map the red side
    (a goblin shaman and a fire drake) uses its abilities."""
    import json
    from test_saves_scripted import REPO, game_process
    out = game_process("simulate", str(REPO / "maps" / "shrine.tmx"), "--sides", "ai,ai",
                       "--games", "2", "--jobs", "1", "--json")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert doc["refusals"] == 0 and doc["actions"]["red"].get("UseAbility", 0) >= 1
    assert "UseAbility" not in doc["actions"]["blue"]
