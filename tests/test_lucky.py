"""Whether any greedy player reaches a score (game/coinland/lucky.py), checked against every
greedy line listed by the book on small boards, and the campaign rule built on it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.coinland.curation import Row, lucky_problems
from game.coinland.design import measure_design
from game.coinland.levels import Level
from game.coinland.lucky import greedy_reaches, lucky_gap_at_least, lucky_tighten, proved_lucky_gap
from tests.test_design_measures import CASES, brute, greedy_best, small_level


@pytest.mark.parametrize(("seed", "dense"), CASES[::3])
def test_greedy_reaches_agrees_with_every_greedy_line(seed, dense):
    level = small_level(seed, dense)
    best = greedy_best(level.initial_state())  # every tie-break followed, by the book
    assert greedy_reaches(level, best) is True
    assert greedy_reaches(level, best + 1) is False


# A hand-worked board: size 3, start on the east corner with no coins in hand. A wall of gates
# shuts the west room (4 coins) away; the free part holds 14 coins. Every greedy player sweeps
# the free coins and then faces only gated moves of equal price.
ROOM = Level("room", 3, (2, 0), 0, frozenset(),
             frozenset({((-1, 0), (0, -1)), ((-1, 0), (0, 0)), ((-1, 1), (0, 0)), ((-1, 1), (0, 1)),
                        ((-1, 2), (0, 1)), ((-1, 2), (0, 2)), ((-1, -1), (0, -1)), ((-1, -1), (0, -2))}))


def test_a_budget_cut_proves_nothing():
    assert greedy_reaches(ROOM, 99, budget=0) is None
    assert lucky_gap_at_least(ROOM, 99, 1, budget=0) is None


def test_the_proved_gap_is_the_exact_gap_on_small_boards():
    for seed, dense in CASES[::4]:
        level = small_level(seed, dense)
        par, *_, (_, best), _ = brute(level)
        assert proved_lucky_gap(level, par, 5) == min(5, par - best)


def test_tightening_off_a_walk_with_a_detour_keeps_par_and_takes_lucky_lines_away():
    level = small_level(133, True)
    par, optimal, *_ = brute(level)
    best = greedy_best(level.initial_state())
    walk = [target for target, _ in optimal[0]]
    tight, made = lucky_tighten(level, walk, par, par - best + 1)
    assert brute(tight)[0] == par  # par kept: the walk still scores it, nothing scores more
    assert proved_lucky_gap(tight, par, 9) >= proved_lucky_gap(level, par, 9)
    assert all(kind in ("gate", "coin") for kind, _ in made)


def _row(level: Level, pack: str = "3-medium") -> Row:
    return Row(pack, 1, level, measure_design(level, level.par, budget=1000, greedy_budget=1000, samples=5))


def test_the_campaign_rule_asks_every_greedy_player_to_fall_short():
    level = small_level(133, True)
    par, *_, (_, best), _ = brute(level)
    level = replace(level, par=par, name="probe")
    row = _row(level)
    gap = par - best
    assert (lucky_problems(row, 1) == []) == (gap >= 1)
    assert (lucky_problems(row, 2) == []) == (gap >= 3)
    assert lucky_problems(row, 0) == []  # the Tutorial may be loose
    cut = lucky_problems(row, 2, budget=0)
    assert cut and "no proof within 0 positions" in cut[0]  # a cut-short proof fails the rule



def test_a_pending_level_that_keeps_the_rule_must_leave_the_list(monkeypatch):
    level = replace(small_level(133, True), name="probe")
    par, *_, (_, best), _ = brute(level)
    row = _row(replace(level, par=par))
    monkeypatch.setattr("game.coinland.curation.LUCKY_PENDING", frozenset({"probe"}))
    gap = par - best
    assert (lucky_problems(row, 1) != []) == (gap >= 1)  # keeps it: must leave the list
    kept = ["3-medium/01 probe: keeps the lucky gap of 1 now; take it out of LUCKY_PENDING"]
    assert lucky_problems(row, 1) in ([], kept)


def test_a_pending_name_must_be_a_level_of_the_campaign(monkeypatch):
    from game.coinland.curation import stale_pending

    level = replace(small_level(133, True), name="probe")
    par = brute(level)[0]
    rows = [_row(replace(level, par=par, name=f"probe {i}"), "1-tutorial") for i in range(3)]
    monkeypatch.setattr("game.coinland.curation.LUCKY_PENDING", frozenset({"probe 1", "Gone"}))
    monkeypatch.setattr("game.coinland.curation.NEVER_STOP_LESSONS", frozenset())
    monkeypatch.setattr("game.coinland.curation.NEVER_STOP_PENDING", frozenset())
    assert stale_pending(rows) == ["campaign: LUCKY_PENDING names 'Gone', which is no level of the campaign"]
