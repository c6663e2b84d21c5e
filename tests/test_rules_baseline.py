"""The default rules play as recorded in tests/data/baseline (tools/record_rules_baseline.py):
every checked-in save replays to the same events and state, and 20 computer games on every
shipped map end as they did. A change meant to leave the rules alone (the engine hosting
other rulebooks beside the default one) must keep both green; a change to the rules records
the baseline again, on purpose, in the same commit.

The simulate comparison plays 140 games: it is marked `slow` and left out of a plain `pytest`
(run it with `pytest -m slow tests/test_rules_baseline.py`)."""
from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _tool():
    spec = importlib.util.spec_from_file_location("record_rules_baseline",
                                                  ROOT / "tools" / "record_rules_baseline.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("record_rules_baseline", mod)
    spec.loader.exec_module(mod)
    return mod


TOOL = _tool()
HINT = ("if the rules were meant to change, record again: python tools/record_rules_baseline.py"
        " (--part scenarios or --part simulate --maps NAME)")


def _recorded(path: Path, key: str) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))[key]


def test_every_scenario_replays_to_the_recorded_events():
    recorded = _recorded(TOOL.SCENARIOS_FILE, "scenarios")
    saves = TOOL.scenario_saves()
    assert saves, "no saves in tests/scenarios"
    assert sorted(recorded) == [s.name for s in saves], \
        f"the recorded saves are not the saves in tests/scenarios; {HINT}"
    problems = [p for p in (TOOL.scenario_difference(s.name, recorded[s.name],
                                                     *TOOL.replay_lines(s)) for s in saves) if p]
    assert not problems, "\n".join(problems + [HINT])


def test_the_baseline_covers_every_shipped_map():
    recorded = _recorded(TOOL.SIMULATE_FILE, "maps")
    assert sorted(recorded) == sorted(TOOL.shipped_maps()), HINT
    assert {m["result"]["games"] for m in recorded.values()} == {TOOL.GAMES}


#: the maps CI plays again (about 4 minutes of games); `python tools/record_rules_baseline.py
#: --check` plays all seven (about 20 minutes)
CI_MAPS = ("duel", "shrine")


@pytest.mark.slow
@pytest.mark.parametrize("name", CI_MAPS)
def test_shipped_maps_simulate_as_recorded(name):
    recorded = _recorded(TOOL.SIMULATE_FILE, "maps").get(name)
    problem = TOOL.simulate_difference(name, recorded, TOOL.simulate_doc(TOOL.shipped_maps()[name]))
    assert problem is None, f"{problem}\n{HINT}"
