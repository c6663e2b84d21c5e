"""The steller bar shows the maneuvers, delay and ready from the engine's legality query, and
the reaction prompt asks a delaying creature whether it comes back (docs/rules/steller/
actions.md, turns.md). The first d20s are the initiative rolls in the listed order."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.ecs.scenario import make_hexmap  # noqa: E402
from game.engine.battle import Battle  # noqa: E402
from game.engine.steller import commands as S  # noqa: E402
from game.tiled.hexmap import UnitPlacement  # noqa: E402
from game.ui import presenters as P  # noqa: E402
from game.ui.steller_presenters import steller_opportunity_prompt  # noqa: E402


def battle() -> Battle:
    """Aldric (blue fighter) next to an orc, an archer of his side farther off; Aldric first."""
    placements = [UnitPlacement("Aldric", "fighter", "blue", 2, 3, 0, {}),
                  UnitPlacement("Grok", "orc", "red", 3, 3, 3, {}),
                  UnitPlacement("Wren", "archer", "blue", 8, 3, 0, {})]
    return Battle(make_hexmap(10, 8, None, placements), seed=0, rules="steller",
                  fixed_dice=[("d20", 20), ("d20", 10), ("d20", 1)],
                  controllers={"blue": "human", "red": "ai"})


def test_the_bar_offers_aid_another_bull_rush_grab_ready_and_delay():
    """"Aid another", "Bull rush", "Grab", "Ready an action" and "Delay" are buttons of the
    bar with their hotkeys; Escape and Crawl are there but disabled, with the reason."""
    b = battle()
    by = {s.action: s for s in P.action_states(b, human=True)}
    for action, key in (("aid_another", "7"), ("bull_rush", "8"), ("grab", "9"),
                        ("ready", "0"), ("delay", "J")):
        assert by[action].enabled and by[action].hotkey == key, action
    assert not by["escape"].enabled and by["escape"].reason == "Not grabbed"
    assert not by["crawl"].enabled and by["crawl"].reason == "Not prone"
    assert by["squeeze"].reason == "Fills one hex: nothing to squeeze into"
    b.apply(S.Walk("Aldric", path=((1, 3),), confirm=True))
    by = {s.action: s for s in P.action_states(b, human=True)}
    assert by["delay"].reason == "Acted already: too late to delay"


def test_the_prompt_asks_a_delaying_creature_whether_it_comes_back():
    b = battle()
    b.apply(S.Delay("Aldric"))
    b.apply(S.EndTurn("Grok"))
    title, lines = steller_opportunity_prompt(b)
    assert title == "Delay: Aldric" and "Come back now" in lines[-1]
    assert "comes back from its delay" in P.blocked_reason(b)
