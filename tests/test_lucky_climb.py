"""The lucky-gap climb (game/coinland/lucky_climb.py): its count of lucky greedy lines checked
against every greedy line listed by the book on small boards, and a climb that reaches the gap."""

from __future__ import annotations

import pytest

from game.coinland.levels import Level
from game.coinland.lucky import greedy_reaches
from game.coinland.lucky_climb import changes_between, lucky_lines
from game.coinland.rules import Move, apply, hoarder_moves
from game.coinland.solver import solve
from tests.test_design_measures import CASES, brute, small_level
from tests.test_lucky import ROOM


def first_reaching(state, target):
    """Every distinct (cell, coins left) where a greedy line first holds `target` coins, by the
    book (every tie-break followed)."""
    found, seen = set(), set()
    stack = [state]
    while stack:
        here = stack.pop()
        purse = here.purses[0]
        if (here.pawns[0], here.coins, purse) in seen:
            continue
        seen.add((here.pawns[0], here.coins, purse))
        if purse >= target:
            found.add((here.pawns[0], here.coins))
            continue
        moves = hoarder_moves(here) if not here.is_over else []
        best = max((m.gain for m in moves), default=-1)
        if best >= 0:
            stack.extend(apply(here, Move(m.target))[0] for m in moves if m.gain == best)
    return found


@pytest.mark.parametrize(("seed", "dense"), CASES[::8])
def test_lucky_lines_counts_every_greedy_line_that_reaches_the_target(seed, dense):
    level = small_level(seed, dense)
    par = brute(level)[0]
    for target in sorted({level.purse + 1, par - 1, par, par + 1}):
        count = lucky_lines(level, target)
        assert (count > 0) == greedy_reaches(level, target)
        assert count <= len(first_reaching(level.initial_state(), target))


def test_lucky_lines_is_zero_only_where_no_greedy_player_reaches():
    par = solve(ROOM).score
    assert lucky_lines(ROOM, par + 1) == 0 and lucky_lines(ROOM, ROOM.purse + 1) >= 1


def test_changes_between_names_every_change():
    old = Level("a", 3, (0, 0), 0, frozenset({(1, 1)}), frozenset({((0, 0), (1, 0))}))
    new = Level("a", 3, (0, 0), 0, frozenset({(2, 0)}), frozenset({((0, 0), (0, 1))}))
    assert changes_between(old, new) == ("+gate [[0, 0], [0, 1]]", "-gate [[0, 0], [1, 0]]",
                                         "-coin [2, 0]", "+coin [1, 1]")
