"""'Two dead ends, one walk' (issue 37): Last Stop has two corners the walk cannot leave for free,
each the walk's natural end on a board without the other, and only one can end it. Each claim its
idea and hint make is checked over every optimal walk, with the board's cells as literals (walks
enumerated as in test_campaign_claims.py); so is the reason: a walk that keeps the other corner for
last, or takes both late, falls short, and with either corner gone the puzzle is another, easier one.
"""

from dataclasses import replace

from test_campaign_claims import after, board, cells, optimal_walks, says

from game.coinland.design_search import ParOracle, legal_moves
from game.coinland.never_stop import never_stop_reaches
from game.coinland.solver import solve
from game.coinland.solver_tables import tables

LAST_STOP = "2-easy/05-last-stop.toml"
EAST = {(2, -1), (2, 0), (1, 1)}  # the east edge's three coins, the east corner [2,0] among them, walled off
NORTH_WEST = {(0, -1), (0, -2), (-1, -1)}  # the north-west corner [0,-2] and the two coins by it
DOOR = (0, 0)  # the one coin from which the north-west is free
MIDDLE = {(-2, 2), (-1, 1), DOOR}  # the other three coins
WALK = (((2, -1), 1), ((2, 0), 0), ((1, 1), 0), ((-1, 1), 1), ((-2, 2), 0), (DOOR, 0),
        ((0, -1), 0), ((0, -2), 0), ((-1, -1), 0))


def fees_out(t, coins, pocket):
    """{fee} of every move from a cell of `pocket` to a coin of `coins` outside it."""
    return {fee for here in pocket for j, fee, _ in t.moves[t.index[here]]
            if t.cells[j] in coins and t.cells[j] not in pocket}


def best_at(level, pocket):
    """The most coins any walk holds standing in `pocket` (any walk, stopped there)."""
    t = tables(level.size, frozenset(level.gates))
    memo = {}

    def walk(cur, coins, purse):
        key = (cur, coins, purse)
        if key not in memo:
            here = purse if t.cells[cur] in pocket else -1
            memo[key] = max([here] + [walk(j, coins ^ bit, purse - fee + 1)
                                      for j, fee, bit in legal_moves(t, cur, coins, purse)])
        return memo[key]

    return walk(t.index[level.start], t.mask_of(level.initial_state().coins), level.purse)


def ends(level):
    """(par, the set of cells every optimal walk of `level` ends on)."""
    par = solve(level).score
    t = tables(level.size, frozenset(level.gates))
    oracle = ParOracle(t, par, frozenset(level.gates))
    last = set()

    def follow(cur, coins, purse):
        if purse >= par:
            last.add(t.cells[cur])
            return
        for j, fee, bit in legal_moves(t, cur, coins, purse):
            if oracle.reaches(j, coins ^ bit, purse - fee + 1):
                follow(j, coins ^ bit, purse - fee + 1)

    follow(t.index[level.start], t.mask_of(level.initial_state().coins), level.purse)
    return par, last


def test_last_stop_has_two_corners_hard_to_leave_once_in_them():
    """'Hard to leave once you are in them': no move out of the east room is free, and the
    north-west is entered free only from [0,0]; once that coin is gone, every way out costs two.
    (Entered for two while [0,0] stands, the north-west is left free onto it: so the idea no longer
    says the corners cannot be left for free, which an independent read found false.)"""
    says(LAST_STOP, "Two corners to end in, one walk: only one can be last",
         "hard to leave once you are in them", "Only one can be.",
         never=("cannot leave for free", "See what each costs to leave"))
    level, t, _ = board(LAST_STOP)
    assert level.start == (-1, 2) and level.purse == 1 and level.par == 8 and level.coins == 9
    coins = set(level.initial_state().coins)
    assert coins == EAST | NORTH_WEST | MIDDLE
    assert (2, 0) in EAST and (0, -2) in NORTH_WEST  # each holds a corner of the board
    assert min(fees_out(t, coins, EAST)) == 1  # never free
    assert {t.cells[j] for here in NORTH_WEST for j, fee, _ in t.moves[t.index[here]]
            if fee == 0 and t.cells[j] in coins - NORTH_WEST} == {DOOR}
    assert min(fees_out(t, coins - {DOOR}, NORTH_WEST)) == 2


def test_every_walk_ends_in_the_north_west_and_crosses_the_east_room_early():
    """The one walk: a toll of one into the east room first, a flight of three cells to [2,-1]
    while the two free coins beside the start wait; its three coins; a toll of one out onto
    [-1,1], the one coin a way out of the room for one lands on; then every other coin free, the
    north-west last."""
    walks = optimal_walks(LAST_STOP)
    assert walks == [WALK]
    walk = walks[0]
    assert set(cells(walk[:3])) == EAST and set(cells(walk[-3:])) == NORTH_WEST
    assert [fee for _, fee in walk] == [1, 0, 0, 1, 0, 0, 0, 0, 0]  # both tolls: in and out of the room
    purse, legal, reaches = after(LAST_STOP, [])
    assert purse == 1 and reaches
    assert legal == {(-1, 1): 0, (-2, 2): 0, (2, -1): 1}  # the two free coins wait
    assert not after(LAST_STOP, [(-1, 1)])[2] and not after(LAST_STOP, [(-2, 2)])[2]
    # swept, the room is left for one only onto [-1,1] (or back onto the start, empty)
    purse, legal, _ = after(LAST_STOP, [(2, -1), (2, 0), (1, 1)])
    assert purse == 3 and min(legal.values()) == 1 and [c for c, fee in legal.items() if fee == 1] == [(-1, 1)]


def test_a_walk_that_keeps_the_east_room_last_or_both_corners_late_falls_short():
    """Only one can be last: the most any walk holds standing in the east room is 7, one short of
    par, and so is the most a walk holds that takes neither corner while another coin is left."""
    level = board(LAST_STOP)[0]
    assert best_at(level, EAST) == 7 and best_at(level, NORTH_WEST) == 8
    t = tables(level.size, frozenset(level.gates))
    pockets = t.mask_of(EAST | NORTH_WEST)
    memo = {}

    def late(cur, coins, purse):
        key = (cur, coins, purse)
        if key not in memo:
            memo[key] = max([purse] + [late(j, coins ^ bit, purse - fee + 1)
                                       for j, fee, bit in legal_moves(t, cur, coins, purse)
                                       if not (bit & pockets and coins & ~pockets)])
        return memo[key]

    assert late(t.index[level.start], t.mask_of(level.initial_state().coins), level.purse) == 7


def test_each_corner_alone_is_where_the_walk_ends_and_an_easier_puzzle():
    """Without the north-west coins every optimal walk ends in the east room (par 6); without the
    east room's, in the north-west (par 7): each dead end alone is the walk's last stop, and on
    either board some greedy player reaches par; with both corners none does, never-stopping or not."""
    from game.coinland.lucky import proved_lucky_gap

    level = replace(board(LAST_STOP)[0], par=None)
    no_north_west = replace(level, empty=level.empty | NORTH_WEST)
    no_east = replace(level, empty=level.empty | EAST)
    par, last = ends(no_north_west)
    assert par == 6 and last <= EAST
    par, last = ends(no_east)
    assert par == 7 and last <= NORTH_WEST
    assert proved_lucky_gap(no_north_west, 6, 1) == 0 and proved_lucky_gap(no_east, 7, 1) == 0
    assert proved_lucky_gap(level, 8, 1) == 1  # with both, no greedy player reaches par
    assert never_stop_reaches(level, 8) is False and never_stop_reaches(level, 7) is True
