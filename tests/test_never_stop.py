"""Whether a greedy player that never stops reaches a score (game/coinland/never_stop.py),
checked against every such player followed by the book (the rules engine, every tie-break) on
small boards, and the campaign rule built on it (game/coinland/curation.py)."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import pytest

from game.coinland.actions import Move
from game.coinland.curation import Row, never_stop_problems
from game.coinland.design import measure_design
from game.coinland.levels import Level
from game.coinland.never_stop import never_stop_reaches
from game.coinland.rules import apply, hoarder_moves
from tests.test_design_measures import CASES, brute, small_level


def peak_by_the_book(state) -> int:
    """The most coins any never-stopping greedy player holds on its way: the best net gain,
    losses too, every tie followed, until no move is legal."""
    moves = hoarder_moves(state) if not state.is_over else []
    here = state.purses[0]
    if not moves:
        return here
    best = max(m.gain for m in moves)
    return max(here, *(peak_by_the_book(apply(state, Move(m.target))[0]) for m in moves if m.gain == best))


@pytest.mark.parametrize(("seed", "dense"), CASES[::3])
def test_never_stop_reaches_agrees_with_every_line_by_the_book(seed, dense):
    level = small_level(seed, dense)
    peak = peak_by_the_book(level.initial_state())
    assert never_stop_reaches(level, peak) is True
    assert never_stop_reaches(level, peak + 1) is False


def test_the_never_stopping_player_goes_on_where_the_stopping_one_stops():
    # the samples hold boards where going on through a loss pays (else the two players agree)
    from tests.test_design_measures import greedy_best

    assert any(peak_by_the_book(small_level(s, d).initial_state()) > greedy_best(small_level(s, d).initial_state())
               for s, d in CASES)


# Size 3, start on the east corner with nothing in hand, the cells beside it walled off.
CAGE = Level("cage", 3, (2, 0), 0, frozenset({(1, 0), (1, 1), (1, -1), (0, 0)}),
             frozenset({((1, -1), (2, -2)), ((1, -1), (2, -1)), ((1, 0), (2, -1)), ((1, 0), (2, 0)),
                        ((1, 1), (2, 0)), ((0, 1), (1, 1)), ((0, 0), (1, 0)), ((0, 2), (1, 1))}))


def test_a_budget_cut_proves_nothing():
    assert never_stop_reaches(CAGE, 99, budget=0) is None


@cache
def _row(level: Level, pack: str = "3-medium") -> Row:
    return Row(pack, 1, level, measure_design(level, level.par, budget=1000, greedy_budget=1000, samples=5))


@cache
def _solved_by_going_on() -> Level:
    """A small board whose par some never-stopping greedy player reaches."""
    for seed, dense in CASES:
        level = small_level(seed, dense)
        par = brute(level)[0]
        if peak_by_the_book(level.initial_state()) >= par:
            return replace(level, par=par, name="probe")
    raise AssertionError("no sample board is solved by going on")


@cache
def _kept() -> Level:
    for seed, dense in CASES:
        level = small_level(seed, dense)
        par = brute(level)[0]
        if peak_by_the_book(level.initial_state()) < par:
            return replace(level, par=par, name="probe")
    raise AssertionError("no sample board keeps the rule")


def test_the_rule_fails_a_level_a_never_stopping_player_solves_after_the_tutorial():
    row = _row(_solved_by_going_on())
    assert never_stop_problems(row, 0) == []  # the Tutorial may be loose
    found = never_stop_problems(row, 1)
    assert found and "never stops" in found[0] and found[0].startswith("3-medium/01 probe")
    assert never_stop_problems(_row(_kept()), 1) == []
    cut = never_stop_problems(_row(_kept()), 2, budget=0)
    assert cut and "no proof within 0 positions" in cut[0]  # a cut-short proof fails the rule


@pytest.mark.parametrize("listed", ["NEVER_STOP_LESSONS", "NEVER_STOP_PENDING"])
def test_a_named_level_must_still_break_the_rule(monkeypatch, listed):
    monkeypatch.setattr(f"game.coinland.curation.{listed}", frozenset({"probe"}))
    assert never_stop_problems(_row(_solved_by_going_on()), 1) == []
    assert never_stop_problems(_row(_kept()), 1) == [
        f"3-medium/01 probe: no greedy player that never stops reaches par {_kept().par} now; take it out of {listed}"]


def test_a_named_level_must_be_a_level_of_the_campaign(monkeypatch):
    from game.coinland.curation import stale_pending

    rows = [_row(replace(_kept(), name=f"probe {i}"), "1-tutorial") for i in range(2)]
    monkeypatch.setattr("game.coinland.curation.LUCKY_PENDING", frozenset())
    monkeypatch.setattr("game.coinland.curation.NEVER_STOP_LESSONS", frozenset({"probe 1"}))
    monkeypatch.setattr("game.coinland.curation.NEVER_STOP_PENDING", frozenset({"Gone"}))
    assert stale_pending(rows) == ["campaign: NEVER_STOP_PENDING names 'Gone', which is no level of the campaign"]
