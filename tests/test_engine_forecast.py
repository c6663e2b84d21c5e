"""The engine's forecast seam (game.engine.forecast): an offered attack forecasts the preview's
own hit chance with the weapon the engine would use, and an action without a forecaster
answers None."""
from __future__ import annotations

from game.engine import commands as C
from game.engine.combat import own_extras
from game.rules.situation import preview_weapon

from test_engine_interrupts import field


def duel():
    return field(("M", "fighter", "blue", 2, 2, {"initiative": 40}),
                 ("R", "orc", "red", 3, 2, {"initiative": 0}),
                 dice=[("d20", 20), ("d20", 5)])


def test_attack_forecast_is_the_previews_hit_chance():
    b = duel()
    options = b.options("M", "attack")
    assert options, "the fighter stands next to the orc"
    for o in options:
        f = b.forecast(o.command)
        u, t = b.unit("M"), b.unit("R")
        w = next(w for w in u.weapons if w.id == o.command.weapon)
        p = preview_weapon(b.view(), u, t, w, own_extras(b, "M", "R", w))
        assert 0 < f.chance == p.hit_chance
        assert w.name in f.lines[0]


def test_power_attack_forecasts_a_lower_hit_chance_than_the_attack():
    b = duel()
    weapon = b.options("M", "power_attack")[0].command.weapon
    plain = b.forecast(C.Attack("M", target="R", weapon=weapon))
    power = b.forecast(C.PowerAttack("M", target="R", weapon=weapon))
    assert power.chance < plain.chance


def test_forecast_of_an_action_without_a_forecaster_is_none():
    assert duel().forecast(C.EndTurn("M")) is None
