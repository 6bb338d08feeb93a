"""Progress files keyed by level names move to content keys (issue #17, item 3)."""

import json
from dataclasses import replace

from game import LEVELS
from game.client.coinland.rating import level_key
from game.client.storage import Store
from game.coinland.level_key import is_content_key
from game.coinland.levels import load_levels, write_level

TUTORIAL = load_levels(LEVELS / "1-tutorial")[0]


def old_file(folder, best):
    (folder / "progress.json").write_text(json.dumps({"format": 1, "best": best}), encoding="utf-8")
    (folder / "settings.json").write_text("{}", encoding="utf-8")


def test_an_old_progress_file_is_read_under_content_keys_and_rewritten(tmp_path):
    old_file(tmp_path, {"1-tutorial/01-first-steps": 6, "1-tutorial/03-the-toll": 11,
                        "1-tutorial/02-leapfrog": 0, "custom/Brass Gate": 17})
    store = Store(tmp_path)
    assert store.best(level_key(TUTORIAL[0])) == 6 and store.best(level_key(TUTORIAL[2])) == 11
    assert store.best(level_key(TUTORIAL[1])) is None  # a stop before moving: today it would not count
    on_disk = json.loads((tmp_path / "progress.json").read_text(encoding="utf-8"))
    assert on_disk["format"] == 3
    assert on_disk["best"][level_key(TUTORIAL[0])] == 6
    assert not any(key.startswith("1-tutorial/") for key in on_disk["best"])
    assert on_disk["best"]["custom/Brass Gate"] == 17  # no level to move it to: kept, never read


def test_a_shared_level_never_shows_the_best_of_another_puzzle_with_its_name(tmp_path):
    old_file(tmp_path, {"custom/Brass Gate": 17})
    store = Store(tmp_path)
    shared = replace(TUTORIAL[0], name="Brass Gate", source="")
    assert store.best(level_key(shared)) is None
    assert is_content_key(level_key(shared))


def test_my_levels_move_too(tmp_path):
    mine = replace(TUTORIAL[3], name="Mine", source="")
    write_level(mine, tmp_path / "levels" / "my-first.toml")
    old_file(tmp_path, {"levels/my-first": 9})
    assert Store(tmp_path).best(level_key(mine)) == 9


def test_a_window_still_writing_old_keys_is_merged_under_content_keys(tmp_path):
    old_file(tmp_path, {"1-tutorial/01-first-steps": 6})
    store = Store(tmp_path)
    old_file(tmp_path, {"1-tutorial/04-savings": 12})  # an older Coinland in another window
    store.record(level_key(TUTORIAL[0]), 6)
    store.record(level_key(TUTORIAL[2]), 9)
    again = Store(tmp_path)
    # "1-tutorial/04-savings" names the Savings board shipped before issue 37 (par 17); its best moved to
    # today's reworked Savings (par 16) at the same distance below par (levels/lineage.json): 12 -> 11
    assert again.best(level_key(TUTORIAL[3])) == 11 and again.best(level_key(TUTORIAL[2])) == 9
    assert again.best(level_key(TUTORIAL[0])) == 6
