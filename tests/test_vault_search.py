"""scripts/vault_search.py's templates keep the greedy promise by construction: a moat of empty
cells gated on both sides costs every line that crosses it two tolls, so a greedy player (who
never takes a move that loses) never crosses one (issue 37)."""

from __future__ import annotations

import random

from script_module import load_script

from game.coinland.design_search import legal_moves
from game.coinland.solver_tables import tables


def _script():
    return load_script("vault_search")


def test_a_bare_template_charges_two_tolls_or_none_for_every_move() -> None:
    search = _script()
    for seed in range(6):
        level = search.template(random.Random(seed), rooms=2, density=0.0)
        assert level.empty, "a template has a moat"
        t = tables(level.size, frozenset(level.gates))
        coins = t.mask_of(level.initial_state().coins)
        fees = {fee for cell in level.initial_state().coins | {level.start}
                for _, fee, _ in legal_moves(t, t.index[cell], coins, 99)}
        assert 0 in fees and 1 not in fees and max(fees) >= 2, (seed, fees)


def test_a_template_laid_over_an_old_board_keeps_its_start_and_gates() -> None:
    search = _script()
    from game.coinland.levels import Level

    old = Level("Old", 4, start=(1, -1), purse=2, gates=frozenset({((0, 0), (1, 0))}))
    level = search.template(random.Random(3), rooms=1, density=0.5, old=old)
    assert level.start == (1, -1) and level.purse == 2 and old.gates <= level.gates
    assert (1, -1) not in level.empty and level.empty
