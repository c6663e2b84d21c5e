"""The light rules' legality query agrees with the engine (docs/architecture.md "Rule
profiles"): every option it lists is accepted by `Battle.apply`, an enabled action has an
option and a disabled one has none, through random light battles on a shipped map."""
from __future__ import annotations

import random

import pytest

from game import paths
from game.engine.battle import Battle
from game.engine.commands import React
from game.tiled.loader import load_map


def _random_battle(map_name: str, seed: int, steps: int):
    battle = Battle(load_map(paths.resolve_map(map_name)), seed=seed, rules="light",
                    controllers={"blue": "human", "red": "ai"})
    rng = random.Random(seed)
    for _ in range(steps):
        if battle.winner:
            break
        yield battle
        state, who = battle.decider()
        if state == "reaction":
            assert battle.apply(React(who, accept=rng.random() < 0.5)).ok
            continue
        enabled = [a.action for a in battle.actions(who) if a.enabled]
        action = rng.choice([a for a in enabled if a not in ("end_turn", "wait")] or enabled)
        option = rng.choice(battle.options(who, action))
        outcome = battle.apply(option.command)
        assert outcome.ok, (option.command, outcome.reason)


@pytest.mark.parametrize("map_name,seed", [("duel", 1), ("duel", 2), ("skirmish", 3)])
def test_every_listed_light_option_is_accepted_and_every_enabled_action_has_one(map_name, seed):
    """The skirmish map has an ogre: a big creature whose paths turn it."""
    checked = 0
    for battle in _random_battle(map_name, seed, 60):
        state, who = battle.decider()
        if state != "turn":
            continue
        for action in battle.actions(who):
            options = battle.options(who, action.action)
            assert bool(options) == action.enabled, (action, len(options))
            for option in options[:25]:
                refused = battle.refusal(option.command)
                assert refused is None, (option.command, refused.code, refused.reason)
                checked += 1
    assert checked > 200
