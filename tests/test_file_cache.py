"""Unit files are read once while unchanged (game/data/file_cache.py): an edit of any byte is
read at the next load, even one that keeps the file's size, and each caller gets its own dict."""
from __future__ import annotations

import os
import shutil

import pytest

from game.data import file_cache
from game.data.loader import default_assets_dir, load_units
from game.data.model import DataError
from game.data.steller import load_steller_units

ASSETS = default_assets_dir()


@pytest.fixture
def assets(tmp_path):
    shutil.copy(ASSETS / "weapons.toml", tmp_path / "weapons.toml")
    (tmp_path / "units").mkdir()
    for kind in ("fighter", "orc"):
        shutil.copy(ASSETS / "units" / f"{kind}.toml", tmp_path / "units" / f"{kind}.toml")
    return tmp_path


def test_an_unchanged_folder_gives_equal_rosters_in_separate_dicts(assets):
    first, second = load_units(assets), load_units(assets)
    assert first == second and first is not second
    second.pop("orc")
    assert "orc" in load_units(assets)          # a caller's change stays its own


def test_an_edit_that_keeps_the_size_is_read_at_the_next_load(assets):
    path = assets / "units" / "orc.toml"
    hp = load_units(assets)["orc"].hp
    text = path.read_text()
    old, new = f"hp = {hp}", f"hp = {hp + 1 if hp % 10 != 9 else hp - 1}"
    assert old in text and len(old) == len(new)
    stamp = path.stat()
    path.write_text(text.replace(old, new, 1))
    os.utime(path, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))     # even the same time
    assert load_units(assets)["orc"].hp == int(new.split()[-1])


def test_a_new_file_and_a_broken_file_are_seen_at_once(assets):
    shutil.copy(ASSETS / "units" / "goblin.toml", assets / "units" / "goblin.toml")
    assert "goblin" in load_units(assets)
    (assets / "units" / "goblin.toml").write_text("hp = \n")
    with pytest.raises(DataError, match="goblin.toml"):
        load_units(assets)


def test_only_the_last_few_results_are_kept(tmp_path):
    for i in range(file_cache.KEEP + 3):
        folder = tmp_path / str(i)
        folder.mkdir()
        shutil.copy(ASSETS / "units" / "steller" / "fighter.toml", folder / "fighter.toml")
        (folder / "fighter.toml").write_text((folder / "fighter.toml").read_text()
                                             + f"\n# copy {i}\n")
        load_steller_units(folder)
    assert len(file_cache._results) <= file_cache.KEEP
