"""Bests are keyed by a puzzle's content, and old name keys move to content keys (issue #17, item 3)."""

import json
from dataclasses import replace

from game import LEVELS
from game.coinland.level_key import canonical, is_content_key, legacy_key, level_key, migrate, needs_migration
from game.coinland.levels import Level, load_levels

GATES = frozenset({((0, 0), (1, -1)), ((-1, 1), (0, 1))})
LEVEL = Level("Brass Gate", 3, start=(0, 0), purse=1, empty=frozenset({(1, 0)}), gates=GATES, par=6)


def test_the_key_is_the_board_not_the_name_or_the_file():
    key = level_key(LEVEL)
    assert is_content_key(key)
    same = replace(LEVEL, name="Another name", par=None, hint="go left", author="x", source="levels/a/b.toml")
    assert level_key(same) == key
    for changed in (replace(LEVEL, size=4), replace(LEVEL, start=(1, -1)), replace(LEVEL, purse=0),
                    replace(LEVEL, empty=frozenset()), replace(LEVEL, gates=frozenset(list(GATES)[:1]))):
        assert level_key(changed) != key


def test_the_canonical_form_does_not_depend_on_order():
    flipped = replace(LEVEL, gates=frozenset({((1, -1), (0, 0)), ((0, 1), (-1, 1))}))
    assert canonical(flipped) == canonical(LEVEL)
    assert json.loads(canonical(LEVEL))["gates"] == sorted(json.loads(canonical(LEVEL))["gates"])


def test_two_shared_levels_with_one_name_keep_separate_bests():
    other = replace(LEVEL, gates=frozenset(), empty=frozenset())
    assert legacy_key(other) == legacy_key(LEVEL) == "custom/Brass Gate"
    assert level_key(other) != level_key(LEVEL)


def test_every_shipped_level_has_its_own_key():
    levels = [level for folder in sorted(LEVELS.iterdir()) if folder.is_dir() for level in load_levels(folder)[0]]
    assert len(levels) >= 40
    assert len({level_key(level) for level in levels}) == len(levels)


def test_an_old_progress_file_moves_to_content_keys():
    levels = load_levels(LEVELS / "1-tutorial")[0]
    old = {"1-tutorial/01-first-steps": 3, "1-tutorial/02-leapfrog": 5, "custom/Brass Gate": 17,
           level_key(levels[0]): 4}
    assert needs_migration(old, levels)
    new, unmatched = migrate(old, levels)
    assert new[level_key(levels[0])] == 4  # the higher of the old and the new key
    assert new[level_key(levels[1])] == 5
    assert unmatched == ["custom/Brass Gate"] and new["custom/Brass Gate"] == 17  # kept, never read
    assert migrate(new, levels)[0] == new and not needs_migration(new, levels)


def test_migration_drops_old_stops_that_gained_nothing():
    from game.coinland.campaign import old_best_counts

    levels = load_levels(LEVELS / "1-tutorial")[0]
    first, second = levels[0], levels[1]
    assert first.purse == 0 and first.par > 0
    old = {legacy_key(first): 0, legacy_key(second): 3}
    new, _ = migrate(old, levels, keep=lambda level, score: old_best_counts(level.purse, level.par, score))
    assert new == {level_key(second): 3}  # the 0 was a stop before moving: today it would not count
