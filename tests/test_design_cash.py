"""The cash rule's cost (game/coinland/design_cash.py): par on credit, and the move it forbids.

RULES.md: a toll is paid from the coins held before the move. The boards here are small enough
to search every walk by hand-written code that knows nothing of the solver.
"""

from __future__ import annotations

import random
from itertools import pairwise

from game.cli import main as cli_main
from game.coinland.design_cash import cash_rule, credit, describe
from game.coinland.levels import Level, write_level
from game.hexgrid import DIRECTIONS, board, edge

START = (-1, 0)
#: the three edges out of [-1,0], the west corner of a size-2 board
WALL = frozenset({((-1, 0), (0, 0)), ((-1, 0), (-1, 1)), ((-1, 0), (0, -1))})


def walled_start() -> Level:
    """Size 2, purse 0, every edge out of the start gated: no move can be paid."""
    return Level("Walled Start", 2, start=START, gates=frozenset(edge(*e) for e in WALL), par=0)


def test_a_walled_start_with_an_empty_purse_binds_and_names_the_first_toll():
    rule = cash_rule(walled_start(), 0)
    # On credit: pay 1 for a neighbour (0 after taking it), then the other five coins are free
    # around the rim and through the centre: 5. With the cash rule no move is legal: 0.
    assert (rule.par, rule.credit_par, rule.binds) == (0, 5, True)
    assert rule.short is not None and (rule.short.number, rule.short.fee, rule.short.in_hand) == (1, 1, 0)


def test_a_coin_in_the_purse_pays_the_same_toll_and_the_rule_no_longer_binds():
    level = Level("Walled Start", 2, start=START, purse=1, gates=walled_start().gates)
    rule = cash_rule(level, 6)  # 1 + 6 coins - 1 toll
    assert (rule.credit_par, rule.binds, rule.short) == (6, False, None)


def test_a_par_set_too_low_is_named_and_not_blamed_on_the_cash_rule():
    """`levels` trusts a file's par. With a purse of one the walled start's best is 6 (see above);
    told 5, the credit walk (which never runs short) shows the file wrong, not the rule binding."""
    level = Level("Walled Start", 2, start=START, purse=1, gates=walled_start().gates)
    rule = cash_rule(level, 5)
    assert (rule.credit_par, rule.binds, rule.par_too_low, rule.short) == (6, False, True, None)
    assert describe(rule) == "cash rule does not bind, but par 5 is not the best score: a walk in cash reaches 6"


def test_credit_is_more_than_any_walk_can_owe():
    # 2 * (size - 1) edges at most per move, for each coin: 36 coins of size 4 -> 216
    assert credit(Level("Full", 4)) == 216


def _lines(size: int, cell):
    cells = set(board(size).cells)
    for dq, dr in DIRECTIONS:
        path, (q, r) = [cell], cell
        while (q + dq, r + dr) in cells:
            q, r = q + dq, r + dr
            path.append((q, r))
            yield (q, r), list(path)


def _best(size, gates, cur, coins, purse, allowed_debt):
    """Every walk, by plain recursion: the best final purse, owing at most `allowed_debt`."""
    best = purse
    for cell, path in _lines(size, cur):
        if cell in coins:
            fee = sum(edge(a, b) in gates for a, b in pairwise(path))
            if purse - fee >= -allowed_debt:
                best = max(best, _best(size, gates, cell, coins - {cell}, purse - fee + 1, allowed_debt))
    return best


def test_par_on_credit_matches_an_exhaustive_search_on_random_size_2_boards():
    rng = random.Random(37)
    cells = sorted(board(2).cells)
    edges = sorted({edge(a, (a[0] + dq, a[1] + dr)) for a in cells for dq, dr in DIRECTIONS
                    if (a[0] + dq, a[1] + dr) in set(cells)})
    bound = 0
    for _ in range(60):
        start = rng.choice(cells)
        empty = frozenset(rng.sample([c for c in cells if c != start], rng.randint(0, 2)))
        gates = frozenset(rng.sample(edges, rng.randint(2, 9)))
        level = Level("Random", 2, start=start, purse=rng.randint(0, 2), empty=empty, gates=gates)
        coins = frozenset(c for c in cells if c != start and c not in empty)
        par = _best(2, gates, start, coins, level.purse, 0)
        rule = cash_rule(level, par)
        assert rule.credit_par == _best(2, gates, start, coins, level.purse, 99), level
        assert rule.binds == (rule.credit_par > par) and not rule.par_too_low  # par here is exact
        if rule.binds:  # a credit walk the cash rule allowed would score par: it must run short somewhere
            assert rule.short is not None and rule.short.fee > rule.short.in_hand
        bound += rule.binds
    assert 0 < bound < 60  # both kinds of board were drawn


def test_explain_prints_the_forbidden_toll(tmp_path, capsys):
    path = tmp_path / "01-walled-start.toml"
    write_level(walled_start(), path)
    assert cli_main(["levels", str(path), "--explain"]) == 0
    out = capsys.readouterr().out
    assert "  cash rule binds: on credit par would be 5, not 0; that walk's move 1 pays 1 to" in out
    assert "holding 0" in out
