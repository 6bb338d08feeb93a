"""The campaign's packs are in order of measured difficulty (game/coinland/difficulty.py)."""

import itertools
import statistics

import pytest

from game import LEVELS
from game.coinland.difficulty import greedy_choice, measure, walk_peak
from game.coinland.levels import Level, load_levels

WALKS = 40
EASY_NOISE = 0.03  # medians of a 40-run sample move by about this much between seeds
PACKS = sorted(p for p in LEVELS.iterdir() if p.is_dir())


@pytest.fixture(scope="module")
def scores():
    measured = {}
    for folder in PACKS:
        levels, problems = load_levels(folder)
        assert not problems
        measured[folder.name] = [measure(level, WALKS) for level in levels]
    return measured


def test_each_pack_is_harder_than_the_one_before(scores):
    medians = [statistics.median(m.score for m in scores[folder.name]) for folder in PACKS]
    assert len(medians) == 5
    assert medians == sorted(medians) and len(set(medians)) == len(medians), medians


def test_every_measure_alone_agrees_with_the_pack_order(scores):
    """Not just the folded score: each part's pack medians move the same way (ties allowed)."""
    def medians(part):
        return [statistics.median(part(m) for m in scores[folder.name]) for folder in PACKS]

    for part in (lambda m: m.greedy_gap, lambda m: m.nodes):
        assert medians(part) == sorted(medians(part))
    walks = medians(lambda m: m.walk_share)
    assert walks == sorted(walks, reverse=True)
    # The easy player reaches about 78% of par on both the Tutorial and Easy packs (it already
    # plays the way the tutorial teaches), so those two are equal within the sampling noise.
    easy = medians(lambda m: m.easy_share)
    assert all(later <= earlier + EASY_NOISE for earlier, later in itertools.pairwise(easy)), easy
    assert easy[2:] == sorted(easy[2:], reverse=True) and easy[2] < easy[1] - EASY_NOISE, easy


def test_the_easy_player_never_beats_par_and_the_greedy_walk_never_beats_par(scores):
    for measured in scores.values():
        assert all(m.easy_gap >= 0 and m.greedy_gap >= 0 for m in measured)


def test_the_tutorial_rewards_the_obvious_walk_and_later_packs_do_not(scores):
    assert all(m.greedy_gap == 0 for m in scores[PACKS[0].name])
    for folder in PACKS[2:]:
        assert statistics.median(m.greedy_gap for m in scores[folder.name]) >= 2


def test_the_campaign_covers_what_it_must_teach():
    levels = [level for folder in PACKS for level in load_levels(folder)[0]]
    assert len(levels) >= 40
    assert {level.size for level in levels} == {3, 4, 5}
    assert any(level.purse for level in levels) and any(level.empty for level in levels)
    assert all(level.name and level.hint and level.par is not None for level in levels)


def test_the_greedy_walk_stops_at_its_best_purse():
    level = Level("two free coins", 2, (0, 0), purse=1,
                  empty=frozenset({(1, -1), (0, -1), (-1, 0), (-1, 1)}))
    assert walk_peak(level, greedy_choice) == 3
