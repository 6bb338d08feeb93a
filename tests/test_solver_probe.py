"""The solver's probing phase (after part of a time limit) and its discrepancy-limited search.

Both may settle questions ("is there a walk scoring T?") and so lower the proved bound;
a wrong "no" would make a par wrong. They are checked here against the exhaustive
reference of `test_solver_bruteforce`, with the phase forced on from the first node.
"""

import random

import pytest

from game.coinland import solver, solver_search
from game.coinland.bounds import components
from game.coinland.solver_tables import tables
from tests.test_solver_bruteforce import exhaustive_best, random_puzzle, replay_score


@pytest.fixture
def probe_at_once(monkeypatch):
    """Probing from the first clock check, with tiny node budgets so it runs many rounds.

    The CP-SAT prover, which takes over from the plain proof where probing would, is left
    out (as when OR-tools is not installed). Returns the list of probing phases run.
    """
    monkeypatch.setattr(solver.solver_prover, "available", lambda: False)
    monkeypatch.setattr(solver, "PROVE_FIRST", 0.0)
    monkeypatch.setattr(solver_search, "CLOCK_EVERY", 1)
    monkeypatch.setattr(solver, "WARM_UP_NODES", 0)
    monkeypatch.setattr(solver_search, "PROBE_NODES", 8)
    phases = []
    probe = solver_search.Search.probe

    def counted(self, *args):
        phases.append(args)
        return probe(self, *args)

    monkeypatch.setattr(solver_search.Search, "probe", counted)
    return phases


@pytest.mark.parametrize(("size", "most_coins", "boards"), [(2, 6, 80), (3, 10, 80)])
def test_probing_proves_the_same_optimum_as_the_exhaustive_search(probe_at_once, size, most_coins, boards):
    rng = random.Random(f"solver-probe:{size}:{most_coins}")
    for _ in range(boards):
        state = random_puzzle(rng, size, most_coins)
        result = solver.solve(state, time_limit=120)
        expected = exhaustive_best(state)
        assert result.optimal, state
        assert result.score == expected == result.upper_bound, state
        assert replay_score(state, result.moves) == result.score
    assert len(probe_at_once) >= 5  # the probing phase really ran, on several boards


@pytest.mark.parametrize("spare_budget", [10, 200, 100_000])
def test_discrepancy_search_answers_like_the_exhaustive_search(spare_budget):
    """True means a walk scoring the target exists, False that none does; None settles nothing.

    Targets are above what she holds (stopping at once is the solver's first walk, never asked about).
    """
    rng = random.Random(f"solver-lds:{spare_budget}")
    answers = set()
    for _ in range(40):
        state = random_puzzle(rng, 3, 10)
        if state.is_over:
            continue
        best = exhaustive_best(state)
        t = tables(state.size, frozenset(state.gates[1]))
        cur = t.index[state.pawns[0]]
        mask = t.mask_of(c for c in state.coins if c != state.pawns[0])
        for target in range(max(best - 1, state.purses[0] + 1), best + 2):  # above her purse, as probes ask
            search = solver_search.Search(t, None, None)
            answer = search.discrepancies(cur, mask, state.purses[0], target, spare_budget)
            answers.add(answer)
            if answer is not None:
                assert answer == (best >= target), (state, target)
            if answer:
                assert search.best >= target
                assert replay_score(state, [t.cells[j] for j in search.best_walk]) == search.best
        assert components(t, cur, mask)  # the position itself is untouched
    assert {True, False} <= answers
