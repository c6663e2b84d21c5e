"""tools/make_balance_reports.py: where a rulebook's reports go and how the index names them,
on a real (short) balance run."""
import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _tool():
    spec = importlib.util.spec_from_file_location("make_balance_reports",
                                                  ROOT / "tools" / "make_balance_reports.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("make_balance_reports", mod)
    spec.loader.exec_module(mod)
    return mod


def test_a_rulebook_other_than_the_maps_own_gets_its_own_folder():
    tool = _tool()
    assert tool.folder("duel") == "duel"
    assert tool.folder("duel", "steller") == "duel-steller"


def test_the_index_links_a_steller_report_under_its_rulebook(tmp_path):
    """Two steller games on the duel map, then the index: its part is titled with the rules
    and links the folder's images and numbers."""
    from game.balance.command import run_balance
    tool = _tool()
    assert run_balance("duel", tmp_path / "duel-steller", games=2, jobs=1,
                       rules="steller") == 0
    tool.write_index(tmp_path)
    index = (tmp_path / "README.md").read_text(encoding="utf-8")
    assert "## duel under the steller rules" in index
    assert "(duel-steller/win_rates.png)" in index
    assert "[duel-steller/report.json](duel-steller/report.json)" in index
