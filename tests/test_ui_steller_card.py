"""The creature card of a steller battle (docs/rules/steller/index.md): what the card shows is
the steller stat block and the battle's state of the creature, never the default rules' card.

The first dice of a battle are the initiative d20s, one per creature in the listed order (20,
15, 10: the first listed acts first), then the attack and damage dice of the commands.
"""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.ecs.components import Health  # noqa: E402
from game.ecs.scenario import make_hexmap  # noqa: E402
from game.engine.battle import Battle  # noqa: E402
from game.engine.steller import commands as S  # noqa: E402
from game.tiled.hexmap import UnitPlacement  # noqa: E402
from game.ui import presenters as P  # noqa: E402
from game.ui.panels.unit_card import steller_card_html  # noqa: E402

INITIATIVE = (20, 15, 10, 5)


def arena(*units, dice=()) -> Battle:
    placements = [UnitPlacement(name, kind, team, col, row, 0, {})
                  for name, kind, team, col, row in units]
    rolls = [("d20", d) for d in INITIATIVE[:len(units)]] + list(dice)
    return Battle(make_hexmap(10, 8, None, placements), seed=0, rules="steller",
                  fixed_dice=rolls, controllers={"blue": "human", "red": "human"})


def ok(b: Battle, cmd) -> None:
    out = b.apply(cmd)
    assert out.ok, (cmd, out.reason)


def test_the_card_shows_the_stat_block_of_the_steller_rules():
    """Level and role, the four defenses, speed in hexes, surges, what the turn has left, the
    powers with their usage and attack line; none of the default rules' numbers."""
    b = arena(("Aldric", "fighter", "blue", 2, 3), ("Grok", "orc", "red", 3, 3))
    card = P.unit_card(b, "Aldric")
    assert (card.level, card.role, card.hp, card.max_hp) == (2, "soldier", 40, 40)
    assert card.defenses == (("AC", 18, 18), ("Fort", 15, 15), ("Ref", 15, 15),
                             ("Will", 14, 14))
    assert (card.speed, card.surges, card.surge_value) == (6, 2, 10)
    assert card.turn == "standard, move, minor" and card.immediate == "ready"
    by = {p.name: p for p in card.powers}
    assert by["Longsword"].attack == "+7 vs AC, 1d8+4" and by["Longsword"].basic
    assert by["Leg Sweep"].usage == "encounter · standard · close burst 1"
    assert by["Leg Sweep"].attack == "+5 vs Reflex, 1d6+3; prone"
    assert by["Shield Slam"].attack == "+7 vs AC, 1d8+3; marked (end of next turn)"
    html = steller_card_html(card)
    for words in ("Fort</b> 15", "Speed</b> 6 hexes", "Surges</b> 2", "+7 vs AC, 1d8+4",
                  "Actions left</b> standard, move, minor"):
        assert words in html
    assert "Big" not in html and " ft" not in html


def test_an_encounter_power_used_shows_as_used_and_the_standard_action_as_spent():
    """An encounter power is used once a battle: the card says so; the turn has its move
    and minor actions left."""
    b = arena(("Aldric", "fighter", "blue", 2, 3), ("Grok", "orc", "red", 3, 3),
              dice=[("d6", 3), ("d20", 3)])
    ok(b, S.UsePower("Aldric", power="leg_sweep"))
    card = P.unit_card(b, "Aldric")
    assert {p.name: p.used for p in card.powers}["Leg Sweep"] is True
    assert {p.name: p.used for p in card.powers}["Longsword"] is False
    assert card.turn == "move, minor"
    assert "Leg Sweep (used)" in steller_card_html(card)


def test_a_save_ends_condition_and_bloodied_show_on_the_card():
    """"Save ends" and "until the end of its next turn" are said beside each condition; an
    immobilized creature's speed is 0; a creature at half its hit points is bloodied."""
    b = arena(("Merla", "wizard", "blue", 2, 3), ("Grok", "orc", "red", 5, 3),
              dice=[("d20", 18), ("d6", 2)])
    ok(b, S.UsePower("Merla", power="hold", target="Grok"))
    b.update("Grok", Health, hp=20)
    b.set_condition("Grok", "bloodied")
    card = P.unit_card(b, "Grok")
    assert "Immobilized (save ends)" in card.condition_names
    assert card.speed == 0 and card.base_speed == 6 and card.bloodied
    html = steller_card_html(card)
    assert "bloodied" in html and "Immobilized (save ends)" in html


def test_a_dying_creature_card_counts_its_failed_death_saves():
    """A dying creature makes a death saving throw at the end of its turns; under 10 fails,
    the third failure kills: the card counts them."""
    b = arena(("Grok", "orc", "red", 4, 3), ("Aldric", "fighter", "blue", 3, 3),
              ("Wren", "archer", "blue", 9, 7), dice=[("d20", 20), ("d20", 4)])
    b.update("Aldric", Health, hp=5)
    ok(b, S.UsePower("Grok", power="greataxe", target="Aldric"))
    ok(b, S.EndTurn("Grok"))            # Aldric's turn passes: dying, its throw fails
    card = P.unit_card(b, "Aldric")
    assert card.status == "dying" and card.death_failures == 1
    assert "Dying: 1 of 3 death saving throws failed" in steller_card_html(card)


def test_a_minion_card_has_no_surges_and_no_bloodied_mark():
    """A minion has 1 hit point and no healing surges: its card says a hit kills it."""
    b = arena(("Aldric", "fighter", "blue", 2, 3), ("Snik", "goblin_minion", "red", 3, 3))
    html = steller_card_html(P.unit_card(b, "Snik"))
    assert "minion: any hit kills it" in html
    assert "Surges" not in html and "bloodied" not in html


def test_the_log_says_a_death_saving_throw_and_a_save_in_the_steller_rules_words():
    """A death saving throw under 10 fails; a saving throw of 10 or more ends the effect."""
    from game.engine import events as E
    b = arena(("Grok", "orc", "red", 4, 3), ("Aldric", "fighter", "blue", 3, 3),
              ("Wren", "archer", "blue", 9, 7), dice=[("d20", 20), ("d20", 4)])
    b.update("Aldric", Health, hp=5)
    ok(b, S.UsePower("Grok", power="greataxe", target="Aldric"))
    ok(b, S.EndTurn("Grok"))
    texts = [x.text for x in P.log_entries(b.events, "steller")]
    assert "Aldric fails a death saving throw (d20 4, under 10)" in texts
    saved = E.SaveRolled("Grok", "immobilized", 12, 12, 10, True, "")
    assert P.log_entries([saved], "steller")[0].text == \
        "Grok saves against immobilized (d20 12): it ends"
    assert "DC" in P.log_entries([saved], "lfg")[0].text
