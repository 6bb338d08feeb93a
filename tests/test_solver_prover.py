"""The CP-SAT prover (`solver_prover`) against the exhaustive reference, and how it stops.

A wrong bound from the prover would make a par wrong, so it is checked on random small
boards with purses and gates (where the budget rule often bites, so the relaxed model's
optimum is unaffordable and the lazy purse cuts, or the exact purse model, must do the work),
both called directly and behind `solve` with the hand-over forced at once.
"""

import itertools
import random

import pytest

from game.coinland import new_puzzle, solver, solver_prover, solver_search
from game.coinland.bounds import gain_bound
from game.coinland.generator import random_level
from game.coinland.solver_tables import tables
from game.hexgrid import board
from tests.test_solver_bruteforce import exhaustive_best, random_puzzle, replay_score

pytest.importorskip("ortools")


def position(state):
    t = tables(state.size, frozenset(state.gates[1]))
    cur = t.index[state.pawns[0]]
    mask = t.mask_of(c for c in state.coins if c != state.pawns[0])
    return t, cur, mask, state.purses[0]


def budget_puzzle(rng: random.Random, size: int, most_coins: int):
    """Many gates and a small purse, so the budget rule often bites (a dear move early in a walk)."""
    hexes = board(size)
    gates = rng.sample(hexes.edges, round(rng.choice((0.5, 0.7, 0.9)) * len(hexes.edges)))
    start = rng.choice(hexes.cells)
    others = [c for c in hexes.cells if c != start]
    coins = set(rng.sample(others, rng.randrange(min(4, len(others)), min(most_coins, len(others)) + 1)))
    return new_puzzle(size, start, gates, [c for c in others if c not in coins], purse=rng.randrange(3))


def clock() -> float:
    return 0.0  # a clock that never reaches a deadline


@pytest.mark.parametrize("rounds", [0, solver_prover.NO_GOOD_ROUNDS])
@pytest.mark.parametrize(("size", "most_coins", "boards"), [(2, 6, 60), (3, 10, 80)])
def test_prover_proves_the_exhaustive_optimum(monkeypatch, rounds, size, most_coins, boards):
    """With no hint and the search's root bound as its cap; `rounds` 0 puts the exact purse model in at once."""
    monkeypatch.setattr(solver_prover, "NO_GOOD_ROUNDS", rounds)
    unaffordable = []
    walk_score = solver_prover.walk_score

    def watched(t, cur, purse, walk):
        result = walk_score(t, cur, purse, walk)
        unaffordable.append(result[1] < len(walk))
        return result

    monkeypatch.setattr(solver_prover, "walk_score", watched)
    rng = random.Random(f"solver-prover:{size}:{most_coins}")
    for number in range(boards):
        state = random_puzzle(rng, size, most_coins) if number % 2 else budget_puzzle(rng, size, most_coins)
        t, cur, mask, purse = position(state)
        upper = purse + gain_bound(t, cur, mask)
        proof = solver_prover.prove(t, cur, mask, purse, [], upper, clock, None)
        expected = exhaustive_best(state)
        assert proof.settled, state
        assert proof.score == expected == proof.upper, state
        assert replay_score(state, [t.cells[j] for j in proof.walk]) == proof.score
    assert unaffordable  # walks were checked against the budget rule


# The Hoarder on (1, -2) holding 1: a relaxed optimum here breaks the budget rule (found by search)
BUDGET_GATES = [((-2, 0), (-2, 1)), ((-2, 1), (-2, 2)), ((-2, 1), (-1, 0)), ((-2, 1), (-1, 1)), ((-1, 0), (-1, 1)),
                ((-1, 2), (0, 1)), ((-1, 2), (0, 2)), ((0, -2), (0, -1)), ((0, -1), (0, 0)), ((0, 0), (0, 1)),
                ((0, 0), (1, -1)), ((0, 1), (1, 0)), ((0, 2), (1, 1)), ((1, -2), (1, -1)), ((1, -2), (2, -2)),
                ((1, -1), (1, 0)), ((1, -1), (2, -2)), ((1, 0), (1, 1)), ((1, 0), (2, 0)), ((1, 1), (2, 0)),
                ((2, -1), (2, 0))]
BUDGET_COINS = [(-2, 2), (-1, 1), (-1, 2), (2, -2), (2, 0)]


@pytest.mark.parametrize("rounds", [0, 1, solver_prover.NO_GOOD_ROUNDS])
def test_an_unaffordable_relaxed_optimum_is_cut_off(monkeypatch, rounds):
    """The lazy purse cut (or the exact purse model, with 0 rounds) brings the bound down to the optimum."""
    monkeypatch.setattr(solver_prover, "NO_GOOD_ROUNDS", rounds)
    others = [c for c in board(3).cells if c != (1, -2)]
    state = new_puzzle(3, (1, -2), BUDGET_GATES, [c for c in others if c not in BUDGET_COINS], purse=1)
    unaffordable = []
    walk_score = solver_prover.walk_score

    def watched(t, cur, purse, walk):
        result = walk_score(t, cur, purse, walk)
        unaffordable.append(result[1] < len(walk))
        return result

    monkeypatch.setattr(solver_prover, "walk_score", watched)
    t, cur, mask, purse = position(state)
    proof = solver_prover.prove(t, cur, mask, purse, [], purse + gain_bound(t, cur, mask), clock, None)
    assert proof.settled and proof.score == proof.upper == exhaustive_best(state)
    assert replay_score(state, [t.cells[j] for j in proof.walk]) == proof.score
    assert any(unaffordable) == (rounds > 0)


@pytest.mark.parametrize(("size", "most_coins", "boards"), [(2, 6, 60), (3, 10, 60)])
def test_solve_with_the_prover_at_once_equals_exhaustive_search(monkeypatch, size, most_coins, boards):
    monkeypatch.setattr(solver, "PROVER_AFTER", 0)
    monkeypatch.setattr(solver, "WARM_UP_NODES", 0)
    monkeypatch.setattr(solver_search, "CLOCK_EVERY", 1)
    proofs = []
    prove = solver_prover.prove

    def counted(*args, **kwargs):
        proofs.append(args)
        return prove(*args, **kwargs)

    monkeypatch.setattr(solver_prover, "prove", counted)
    rng = random.Random(f"solver-prover-solve:{size}:{most_coins}")
    for _ in range(boards):
        state = random_puzzle(rng, size, most_coins)
        result = solver.solve(state)
        expected = exhaustive_best(state)
        assert result.optimal, state
        assert result.score == expected == result.upper_bound, state
        assert replay_score(state, result.moves) == result.score
    assert len(proofs) >= 5  # the prover really took over, on several boards


def test_without_ortools_the_search_goes_on_alone(monkeypatch):
    """`available` says yes but the import fails (prove gives None): the plain search finishes the proof."""
    monkeypatch.setattr(solver, "PROVER_AFTER", 0)
    monkeypatch.setattr(solver, "WARM_UP_NODES", 0)
    monkeypatch.setattr(solver_search, "CLOCK_EVERY", 1)
    monkeypatch.setattr(solver_prover, "prove", lambda *args, **kwargs: None)
    rng = random.Random("solver-prover-missing")
    for _ in range(20):
        state = random_puzzle(rng, 3, 10)
        result = solver.solve(state)
        assert result.optimal and result.score == exhaustive_best(state) == result.upper_bound, state


def test_a_stopped_prover_reports_a_sound_bound(monkeypatch):
    """Stopped before it starts, past its deadline, or while CP-SAT works (a size-8 board it cannot
    settle quickly, with no time limit: only `stop` ends it): a legal walk and a bound no lower."""
    level = random_level(6, 0.7, 2, purse=2)
    state = level.initial_state()
    t, cur, mask, purse = position(state)
    upper = purse + gain_bound(t, cur, mask)
    stopped = solver_prover.prove(t, cur, mask, purse, [], upper, clock, None, stop=lambda: True)
    assert not stopped.settled and stopped.score == purse and stopped.upper == upper
    past = solver_prover.prove(t, cur, mask, purse, [], upper, lambda: 1.0, 0.0)
    assert not past.settled and past.upper == upper

    monkeypatch.setattr(solver, "PROVER_AFTER", 0)
    proofs = []
    prove = solver_prover.prove
    monkeypatch.setattr(solver_prover, "prove", lambda *args, **kwargs: proofs.append(1) or prove(*args, **kwargs))
    calls = []

    def stop_soon() -> bool:  # the search polls first, then the prover, every POLL_SECONDS
        calls.append(1)
        return bool(proofs) and len(calls) > 25

    large = random_level(8, 0.7, 1, purse=1)
    result = solver.solve(large, stop=stop_soon)
    assert proofs and not result.optimal and result.score < result.upper_bound
    assert replay_score(large.initial_state(), result.moves) == result.score


def test_prover_returns_a_better_walk_and_its_proof_on_a_hard_board():
    """6-0.7-4: the plain search's bound is 63 after its first nodes; the optimum is 61."""
    level = random_level(6, 0.7, 4, purse=0)
    state = level.initial_state()
    result = solver.solve(level, prover=True)
    assert result.optimal and result.score == result.upper_bound
    assert replay_score(state, result.moves) == result.score
    alone = solver.solve(level, node_limit=20_000)  # a node limit keeps the prover out
    assert alone.upper_bound >= result.score >= alone.score


def test_no_import_when_too_little_time_is_left(monkeypatch):
    """Not imported yet and less than IMPORT_SECONDS + MIN_SECONDS left: None (`solve` goes on with its search)."""
    monkeypatch.setattr(solver_prover, "imported", lambda: False)
    state = random_puzzle(random.Random("solver-prover-import"), 3, 10)
    t, cur, mask, purse = position(state)
    upper = purse + gain_bound(t, cur, mask) + 1
    enough = solver_prover.IMPORT_SECONDS + solver_prover.MIN_SECONDS
    assert solver_prover.prove(t, cur, mask, purse, [], upper, clock, solver_prover.IMPORT_SECONDS * 1.5) is None
    assert solver_prover.prove(t, cur, mask, purse, [], upper, clock, enough * 0.9) is None
    assert solver_prover.prove(t, cur, mask, purse, [], upper, clock, enough * 1.1).settled


def test_no_proof_when_too_little_time_is_left_even_imported():
    """Imported already, CP-SAT still needs MIN_SECONDS to be worth more than the search's probing."""
    assert solver_prover.warm_up() and solver_prover.imported()
    state = random_puzzle(random.Random("solver-prover-short"), 3, 10)
    t, cur, mask, purse = position(state)
    upper = purse + gain_bound(t, cur, mask) + 1
    assert solver_prover.prove(t, cur, mask, purse, [], upper, clock, solver_prover.MIN_SECONDS * 0.9) is None
    assert solver_prover.prove(t, cur, mask, purse, [], upper, clock, solver_prover.MIN_SECONDS * 1.1).settled


def ticking(step: float):
    """A clock that moves `step` seconds each time it is read: the same answers on every machine
    (the search reads it every CLOCK_EVERY nodes, so it runs as if doing 25,600 nodes a second)."""
    counter = itertools.count()
    return lambda: next(counter) * step


def test_a_short_limit_is_not_spent_on_cp_sat_but_on_probing(monkeypatch):
    """6-0.9-2, a dense board: the plain proof's walk at the hand-over is 16, the search's probing finds
    21 in the rest of the limit. With too little time left for CP-SAT (whose walk, stopped that soon,
    is only its hint) the search keeps probing, and the answer is the search alone's."""
    solver_prover.warm_up()
    level = random_level(6, 0.9, 2, purse=2)
    hints = []
    prove = solver_prover.prove

    def watched(t, cur, coins, purse, walk, *args, **kwargs):
        proof = prove(t, cur, coins, purse, walk, *args, **kwargs)
        hints.append((solver_prover.walk_score(t, cur, purse, walk)[0], proof))
        return proof

    monkeypatch.setattr(solver_prover, "prove", watched)
    alone = solver.solve(level, time_limit=0.9, clock=ticking(0.01), prover=False)
    both = solver.solve(level, time_limit=0.9, clock=ticking(0.01), prover=True)
    assert [proof for _, proof in hints] == [None]  # handed over, and handed back at once
    assert both.score == alone.score > hints[0][0]
    assert replay_score(level.initial_state(), both.moves) == both.score
