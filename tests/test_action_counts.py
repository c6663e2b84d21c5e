"""The counts of the special rules no command names (game/balance/special_uses.py), read from
real battles played through the engine's commands with fixed dice, and the blocks in which
tools/action_counts.py plays its maps."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from game.balance.stats import action_counts
from game.engine import commands as C
from game.errors import InputError

from test_engine_turns import FIRST, SECOND, arena, find_battle
from test_lfg_conditions import INIT2, applied
from test_lfg_mounted import LAST, field

ROOT = Path(__file__).resolve().parent.parent


def _tool():
    spec = importlib.util.spec_from_file_location("action_counts",
                                                  ROOT / "tools" / "action_counts.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("action_counts", mod)
    spec.loader.exec_module(mod)
    return mod


def specials(b, team: str) -> dict:
    return {k: n for k, n in action_counts(b).get(team, {}).items() if k.startswith("Special: ")}


def test_a_pounce_is_counted_once_per_charge():
    """The cat's Charge strikes with its bite and its claw: one pounce."""
    b = arena(("C", "great_cat", "red", 1, 3, {"initiative": FIRST}),
              ("F", "fighter", "blue", 8, 3, {"initiative": SECOND}), fixed_dice=INIT2)
    assert b.apply(next(o.command for o in b.options("C", "charge")
                        if o.command.target == "F")).ok
    assert specials(b, "red") == {"Special: Pounce": 1}


def test_a_flat_footed_foes_stab_counts_its_sneak_attack_and_its_poison():
    """The cutthroat's poisoned dagger finds the flat-footed fighter: Sneak Attack's dice
    and the poison's FORT save, one of each."""
    b = arena(("K", "cutthroat", "red", 2, 3, {"initiative": FIRST}),
              ("F", "fighter", "blue", 3, 3, {"initiative": SECOND}),
              fixed_dice=INIT2 + [("d20", 18), ("d3", 2), ("d6", 5), ("d20", 20)],
              initiative="top-down")
    assert b.apply(C.Attack("K", "F", "poisoned_dagger")).ok
    assert specials(b, "red") == {"Special: Poison": 1, "Special: Sneak attack": 1}


def test_a_rake_after_a_won_pin_is_counted():
    def make(seed):
        return arena(("C", "great_cat", "red", 2, 3, {"initiative": FIRST}),
                     ("F", "fighter", "blue", 3, 3, {"initiative": SECOND, "hp": 60}),
                     seed=seed, initiative="top-down")
    b, _ = find_battle(make, lambda b: applied(b, C.Grab("C", "F"), C.Pin("C", "F")),
                       lambda b, ev: ev is not None and b.unit("F").has("pinned"))
    assert specials(b, "red").get("Special: Rake") == 1


def test_a_charge_in_the_saddle_is_a_mounted_charge():
    """The knight on its horse charges the orc: a mounted charge; on foot it would not be."""
    b = field(("K", "mounted_knight", "blue", 2, 4, {"initiative": FIRST, "riding": "H"}),
              ("H", "warhorse", "blue", 2, 4, {"initiative": LAST}),
              ("O", "orc", "red", 11, 4, {"initiative": SECOND}))
    assert b.apply(next(o.command for o in b.options("K", "charge"))).ok
    assert specials(b, "blue") == {"Special: Mounted charge": 1}


def test_the_tool_plays_its_maps_in_turns_in_blocks():
    tool = _tool()
    games = tool.wanted(["ford=5", "keep"], 2)
    assert games == {"ford": 5, "keep": 2}
    assert list(tool.chunks(games, 2)) == [("ford", 0, 2), ("keep", 0, 2), ("ford", 2, 2),
                                           ("ford", 4, 1)]
    with pytest.raises(InputError):
        tool.wanted(["ford=0"], 2)


def test_the_tools_table_lists_every_new_action_even_unused():
    tool = _tool()
    doc = tool.report({"ford": tool.Counter({"Mount": 3})}, {"ford": 10}, 0)
    assert doc["games"] == 10
    assert [r["action"] for r in doc["actions"]] == [label for label, _ in tool.ACTIONS]
    text = tool.table(doc)
    assert "Mount" in text and "Dive attack" in text
    assert next(r for r in doc["actions"] if r["key"] == "Mount")["maps"] == {"ford": 3}


@pytest.mark.slow
def test_the_lair_creatures_use_their_special_attacks_in_computer_games():
    """Six computer games on the creature lair (seeds 1-6): the cat pounces, the spider and
    the cutthroats poison, the cutthroats sneak attack, and the skill actions are used."""
    from game.ai.simulate import ROUND_CAP, play_games, total_actions
    lair = ROOT / "tests" / "scenarios" / "creature_lair.tmx"
    tasks = [(str(lair), {"blue": "ai", "red": "ai"}, seed, ROUND_CAP) for seed in range(1, 7)]
    results = play_games(tasks)
    assert sum(r["refusals"] for r in results) == 0
    used = {}
    for counts in total_actions(results, ["blue", "red"]).values():
        for kind, n in counts.items():
            used[kind] = used.get(kind, 0) + n
    for kind in ("Special: Pounce", "Special: Poison", "Special: Sneak attack",
                 "CombatFeint", "Demoralize", "DirtyTrick"):
        assert used.get(kind, 0) > 0, (kind, used)
