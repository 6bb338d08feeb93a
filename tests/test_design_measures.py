"""The design measures (game/coinland/design.py) agree with exhaustive search on small boards.

The brute force here shares nothing with the module but the rules engine: it lists every
walk move by move with `hoarder_moves` and `apply`, and applies the definitions of
docs/LEVELS.md literally (the greedy player over every tie-break, optimal walks as the
shortest prefixes reaching par, decision classes as paid moves plus the set and last cell
of each sweep).
"""

from __future__ import annotations

import random

import pytest

from game.coinland.actions import Move
from game.coinland.design import measure_design
from game.coinland.levels import Level
from game.coinland.rules import apply, hoarder_moves
from game.hexgrid import board


def walks(state, prefix=()):
    """Every walk from `state` (each prefix is a walk: the player may stop after any move),
    as (moves, purses after each move) where a move is (target, fee)."""
    yield prefix
    if state.is_over:
        return
    for move in hoarder_moves(state):
        yield from walks(apply(state, Move(move.target))[0], (*prefix, (move.target, move.fee)))


def purse_after(level, moves):
    return level.purse + sum(1 - fee for _, fee in moves)


def brute(level):
    """Every measure by the book, from the full list of walks."""
    state = level.initial_state()
    every = list(walks(state))
    par = max(purse_after(level, w) for w in every)
    optimal = []
    for w in every:
        purses = [level.purse] + [purse_after(level, w[:i + 1]) for i in range(len(w))]
        if purses[-1] == par and all(p < par for p in purses[:-1]):
            optimal.append(w)
    if par == level.purse:
        optimal = [()]

    def best_from(prefix):
        return max(purse_after(level, w) for w in every if w[:len(prefix)] == prefix)

    first = [(m.target, m.fee) for m in hoarder_moves(state)]
    keep = sum(best_from((m,)) == par for m in first) if par > level.purse else 0
    return par, optimal, len(first), keep, (greedy_plain(state), greedy_best(state)), best_from


def greedy_plain(state):
    """The greedy player: the best net gain, then the nearest coin, then the greatest [q, r]."""
    while not state.is_over:
        moves = hoarder_moves(state)
        if not moves or max(m.gain for m in moves) < 0:
            break
        state = apply(state, Move(max(moves, key=lambda m: (m.gain, -len(m.path), m.target)).target))[0]
    return state.purses[0]


def greedy_best(state):
    moves = hoarder_moves(state) if not state.is_over else []
    best_gain = max((m.gain for m in moves), default=-1)
    if best_gain < 0:
        return state.purses[0]
    return max(greedy_best(apply(state, Move(m.target))[0]) for m in moves if m.gain == best_gain)


def decision_class(walk, start):
    """Paid moves as they are; each maximal run of free moves as (cells swept, last cell),
    the last cell dropped for the run that ends the walk."""
    out, run, here = [], [], start
    for index, (target, fee) in enumerate(walk):
        if fee == 0:
            run.append(target)
        else:
            if run:
                out.append(("sweep", frozenset(run), run[-1]))
                run = []
            out.append(("paid", here, target))
        here = target
        if index == len(walk) - 1 and run:
            out.append(("sweep", frozenset(run), None))
    return tuple(out)


def small_level(seed: int, dense: bool = False) -> Level:
    """A random board small enough to list every walk: size 2, or size 3 with a few coins.
    `dense` boards have more gates and coins in hand, where greedy traps appear."""
    rng = random.Random(seed)
    size = 2 if seed % 3 == 0 else 3
    hexes = board(size)
    start = rng.choice(hexes.cells)
    others = [c for c in hexes.cells if c != start]
    coins = rng.randint(4, 6) if size == 2 else rng.randint(6 if dense else 5, 9 if dense else 8)
    empty = frozenset(rng.sample(others, len(others) - min(coins, len(others))))
    edges = len(hexes.edges)
    count = rng.randint(edges // 2, edges * 4 // 5) if dense else rng.randint(edges // 5, edges // 2)
    gates = frozenset(rng.sample(hexes.edges, count))
    return Level(f"small {seed}", size, start, rng.choice((0, 1, 2, 3) if dense else (0, 0, 1, 2)), empty, gates)


# Sparse boards 0-39, and the dense boards among 0-199 where the greedy player falls short.
CASES = [(seed, False) for seed in range(40)] + [(seed, True) for seed in (19, 26, 62, 95, 133, 142, 166)]


@pytest.mark.parametrize(("seed", "dense"), CASES)
def test_every_measure_matches_exhaustive_search(seed, dense):
    level = small_level(seed, dense)
    par, optimal, legal, keep, greedy, best_from = brute(level)
    measured = measure_design(level, cap=10**6, budget=10**6)
    assert measured.par == par
    assert (measured.openings, measured.keep) == (legal, keep)
    assert (measured.greedy, measured.lucky) == greedy and measured.lucky_exact
    assert measured.orders.value == len(optimal) and not measured.orders.capped
    classes = {decision_class(w, level.start) for w in optimal}
    assert measured.walks.value == len(classes) and not measured.walks.capped
    # The reference walk: the first move (cheapest, then the rules' order) that keeps par.
    state, prefix = level.initial_state(), ()
    for step in measured.steps:
        moves = sorted(hoarder_moves(state), key=lambda m: m.fee)
        keeping = [m for m in moves if best_from((*prefix, (m.target, m.fee))) == par]
        assert (step.legal, step.keep) == (len(moves), len(keeping))
        cheapest = [m for m in moves if m.fee == moves[0].fee and m.fee <= 1]  # greedy stops when all lose
        assert (step.obvious, step.obvious_keep) == (len(cheapest), len([m for m in keeping if m in cheapest]))
        state = apply(state, Move(keeping[0].target))[0]
        prefix = (*prefix, (keeping[0].target, keeping[0].fee))
    assert purse_after(level, prefix) == par


def test_the_samples_cover_the_interesting_cases():
    """The boards above include levels with many orders per decision, paid openings, and traps."""
    levels = [small_level(seed, dense) for seed, dense in CASES]
    found = [brute(level) for level in levels]
    assert any(len(optimal) > len({decision_class(w, lv.start) for w in optimal})
               for (_, optimal, *_), lv in zip(found, levels, strict=True))
    assert sum(par > lucky for par, _, _, _, (_, lucky), _ in found) >= 5
    assert sum(lucky > greedy for _, _, _, _, (greedy, lucky), _ in found) >= 5
    assert any(keep < legal for _, _, legal, keep, _, _ in found)


# --- hand-made boards, with the numbers worked out on paper -------------------------------
def test_three_coins_in_a_row_are_one_decision_in_six_orders():
    """Size 3, the Hoarder at the end of a row, coins on three more cells of that row and none
    elsewhere, no gate: any order of the three is a walk (3! = 6 optimal walks), and each is one
    sweep of the same three coins, so there is one decision."""
    row = {(-1, 0), (1, 0), (2, 0)}
    hexes = board(3)
    level = Level("row", 3, start=(-2, 0), empty=frozenset(c for c in hexes.cells if c not in row | {(-2, 0)}))
    measured = measure_design(level)
    assert measured.par == 3 and measured.greedy == measured.lucky == 3 and measured.gap == 0
    assert str(measured.orders) == "6" and str(measured.walks) == "1"
    assert (measured.keep, measured.openings) == (3, 3)
    assert measured.bits == 0 and measured.only_one == ()
