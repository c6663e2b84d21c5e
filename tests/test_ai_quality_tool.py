"""tools/ai_quality.py --ladder: the rungs it plays, on a few real games (the rates
themselves are measured by the tool, never asserted here)."""
import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _tool():
    spec = importlib.util.spec_from_file_location("ai_quality", ROOT / "tools" / "ai_quality.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("ai_quality", mod)
    spec.loader.exec_module(mod)
    return mod


def test_ladder_plays_only_the_rungs_asked_for(capsys):
    tool = _tool()
    assert tool.main(["--ladder", "--rungs", "easy", "--games", "2", "--jobs", "1",
                      "--maps", "arena", "--time-games", "0", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["ladder"]
    assert [(r["rung"], r["strong"], r["weak"]) for r in rows] == [("easy", "ai:easy",
                                                                     "baseline")]
    assert rows[0]["games"] == 2 and 0 <= rows[0]["wins"] <= 2


def test_the_sharp_rung_plays_hard_against_normal_without_its_noise(capsys):
    """The ladder's first rung: Hard against the player Normal's search makes without the
    noise that spaces the ladder."""
    tool = _tool()
    assert tool.main(["--ladder", "--rungs", "sharp", "--games", "2", "--jobs", "1",
                      "--maps", "arena", "--time-games", "0", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["ladder"]
    assert [(r["rung"], r["strong"], r["weak"], r["goal"]) for r in rows] == [
        ("sharp", "ai:hard", "ai:normal~0.05", 0.65)]
    assert rows[0]["refusals"] == 0 and rows[0]["stalls"] == 0


def test_ladder_refuses_an_unknown_rung(capsys):
    with pytest.raises(SystemExit) as stop:
        _tool().main(["--ladder", "--rungs", "expert"])
    assert stop.value.code == 2
    assert "unknown rung 'expert'" in capsys.readouterr().err


def test_conduct_reports_each_level_asked_for_with_its_counts(capsys):
    tool = _tool()
    assert tool.main(["--conduct", "--levels", "baseline,easy", "--games", "2", "--jobs", "1",
                      "--maps", "arena", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["conduct"]
    assert [r["level"] for r in rows] == ["baseline", "easy"]
    for r in rows:
        c = r["conduct"]
        assert c["creature_turns"] > 0 and c["attacks"] > 0
        assert c["moves_per_attack"] == round(c["moves"] / c["attacks"], 3)
        assert 0.0 <= c["own_damage_share"] <= 1.0
        assert r["maps"]["arena"]["games"] == 2


def test_maps_may_be_named_and_a_missing_one_is_one_usage_line(capsys):
    tool = _tool()
    assert tool.map_list("keep,arena") == [ROOT / "maps" / "keep.tmx", "arena"]
    with pytest.raises(SystemExit) as stop:
        tool.main(["--maps", "nosuch", "--games", "1"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "no map 'nosuch'" in err and "Traceback" not in err


def test_the_quality_report_plays_the_steller_rules_when_asked(capsys):
    """`--rules steller`: the computer player of the steller rules against its baseline, on
    a shipped map and the mirrored arena, with no refused command."""
    tool = _tool()
    assert tool.main(["--rules", "steller", "--games", "2", "--jobs", "1", "--maps", "duel",
                      "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["maps"]
    assert [r["map"] for r in rows] == ["duel.tmx", "arena"]
    for r in rows:
        assert r["games"] == 2 and r["refusals"] == 0 and r["decisions"] > 0


def test_a_pair_plays_a_variant_named_by_its_weights_and_refuses_a_misspelt_one(capsys):
    """`--pair` takes any two controller specs, a level's weights included (docs/balance.md,
    "Tuning the computer players"); a misspelt weight is one usage line, before any game."""
    tool = _tool()
    assert tool.main(["--pair", "ai:easy+danger=0.5,baseline", "--games", "2", "--jobs", "1",
                      "--maps", "arena", "--backend", "local", "--json"]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["strong"] == "ai:easy+danger=0.5" and row["games"] == 2
    assert row["refusals"] == 0 and 0 <= row["wins"] <= 2
    with pytest.raises(SystemExit) as stop:
        tool.main(["--pair", "ai:hard+dangr=1,ai:normal", "--games", "2"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "unknown weight 'dangr'" in err and "Traceback" not in err
