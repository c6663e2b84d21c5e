"""The computer player's wrestling (game/ai/wrestling.py; rules: Wrestling, shoving and
knockdown): the maneuvers it chooses come from the legality query and are scored through the
engine's forecasts. Small arenas, the first real decision of the creature whose turn it is.
"""
from __future__ import annotations

from ai_helpers import first_decision, judgement
from game.ai.player import Context, PROFILES, Planner
from game.ai.memo import Memo
from game.ai.wrestling import wrestling_options
from game.engine import commands as C

from test_engine_turns import FIRST, LAST, SECOND, THIRD, arena, ok


def decide(b, level="normal"):
    return first_decision(b, judgement(level))


def planner(b, level="normal") -> Planner:
    profile = PROFILES[level]
    view = b.view()
    ctx = Context(b, view, view.unit(b.active), weights=profile.weights, memo=Memo(b.hexmap))
    return Planner(b, ctx, profile)


def test_a_fighter_next_to_its_foe_trips_it_before_it_strikes():
    """A trip is a Big Action, not an attack: with both Big Actions and nowhere to go, the
    fighter trips its foe (+4 on its blow, an attack of opportunity when the foe gets up),
    then strikes."""
    b = arena(("F", "fighter", "blue", 3, 3, {"initiative": FIRST}),
              ("O", "orc", "red", 4, 3, {"initiative": SECOND, "hp": 60}),
              initiative="top-down")
    cmd = decide(b)
    assert isinstance(cmd, C.Trip) and cmd.target == "O"
    ok(b, cmd)
    assert isinstance(decide(b), (C.Attack, C.PowerAttack))


def test_a_pinned_creature_tries_to_get_free():
    """Pinned: "Helpless against creatures not in the grapple": the computer player escapes
    when the pin is what matters most."""
    b = arena(("O", "orc", "red", 4, 3, {"initiative": FIRST, "wrestling": 20}),
              ("F", "fighter", "blue", 3, 3, {"initiative": SECOND}),
              ("A", "fighter", "blue", 5, 3, {"initiative": THIRD}),
              fixed_dice=[("d20", 10)] * 3 + [("d20", 15), ("d20", 15), ("d20", 1),
                                              ("d20", 15), ("d20", 1)],
              initiative="top-down")
    ok(b, C.Grab("O", target="F"))
    ok(b, C.Pin("O", target="F"))
    ok(b, C.EndTurn("O"))
    assert b.unit("F").has("pinned")
    options = wrestling_options(planner(b), 0.0)
    escape = [o for o in options if isinstance(o.command, C.Escape)]
    assert escape and escape[0].score > 0


def test_a_gargantuan_giant_tramples_the_fighters_in_its_way():
    """"Crushing Advance ... Creatures within your Line of movement must make REF Save or
    Acrobatics check or be crushed": worth a Big Action to the computer player."""
    b = arena(("G", "giant", "red", 1, 6, {"initiative": FIRST, "size": "gargantuan"}),
              ("A", "fighter", "blue", 3, 3, {"initiative": SECOND}),
              ("B", "fighter", "blue", 12, 8, {"initiative": THIRD}),
              width=14, height=9, initiative="top-down")
    options = wrestling_options(planner(b), 0.0)
    crush = [o for o in options if isinstance(o.command, C.CrushingAdvance)]
    assert crush and max(o.score for o in crush) > 0
    assert b.refusal(max(crush, key=lambda o: o.score).command) is None


def test_a_shield_fighter_bashes_a_foe_its_friends_surround():
    """Shield Bash: a foe knocked prone among three of our fighters is struck by each of them
    as it gets up and more easily before: worth more than one blow of the mace."""
    b = arena(("S", "shieldbearer", "blue", 3, 3, {"initiative": FIRST}),
              ("O", "orc", "red", 4, 3, {"initiative": LAST, "hp": 60}),
              ("A", "fighter", "blue", 5, 3, {"initiative": SECOND}),
              ("C", "fighter", "blue", 4, 4, {"initiative": THIRD}),
              initiative="top-down")
    for name in ("S", "A", "C", "O"):
        ok(b, C.EndTurn(name))                # round 2: everybody can react
    options = wrestling_options(planner(b), 0.0)
    bash = [o for o in options if isinstance(o.command, C.ShieldBash)]
    assert bash and max(o.score for o in bash) > 0
