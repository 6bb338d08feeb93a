"""Expert boards whose idea is a pair of lessons met in one walk, each needed (issue 37, session 8):
what the idea and hint say is true of every optimal walk, with the board's cells as literals, and a
walk that keeps only one of the two lessons falls short of par. The walks are enumerated as in
test_campaign_claims.py."""

from dataclasses import replace

from test_campaign_claims import after, board, cells, optimal_walks, says

from game.coinland.design_search import ParOracle, legal_moves
from game.coinland.solver import solve

KEEPSAKE = "5-expert/01-keepsake.toml"
KEPT = (-1, 0)  # the free coin kept to land on
CORNER = (-3, 3)  # the south-west corner: free to reach early, dear to leave
LEFT = {CORNER, (3, -3), (3, -1)}  # the coins not worth their toll


def reaches_par(path, allowed=lambda cell, fee, free, coins_left: True, goal=lambda coins_left: True):
    """Whether some walk holds par with every move `allowed` (the move's cell and fee, the free
    cells open, the cells with coins left) and `goal` true of the coins left when it does."""
    level, t, start = board(path)
    oracle = ParOracle(t, level.par, frozenset(level.gates))
    seen = set()

    def walk(cur, coins, purse):
        if purse >= level.par and goal(set(t.cells_of(coins))):
            return True
        if (cur, coins, purse) in seen or not oracle.reaches(cur, coins, purse):
            return False
        seen.add((cur, coins, purse))
        legal = legal_moves(t, cur, coins, purse)
        free = {t.cells[j] for j, fee, _ in legal if fee == 0}
        return any(walk(j, coins ^ bit, purse - fee + 1) for j, fee, bit in legal
                   if allowed(t.cells[j], fee, free, coins))

    return walk(*start)


def test_keepsake_turns_down_the_free_corner_and_lands_on_the_coin_it_kept():
    says(KEEPSAKE, "Turn down the free corner; keep a free coin to land on later",
         "Some free coins cost more to leave than they bring", "some are worth more left standing",
         never=("south-west corner is free", "a coin you could have taken long before"))
    level = board(KEEPSAKE)[0]
    assert level.start == (1, 0) and level.purse == 1 and level.par == 16 and level.coins == 19
    walks = optimal_walks(KEEPSAKE)
    assert len(walks) == 4  # one decision: the orders of [2,1] and [-2,1], of [0,-1] and [0,2]
    for walk in walks:
        assert [(i, fee) for i, (_, fee) in enumerate(walk) if fee] == [(1, 1)]  # the one toll, move 2
        assert walk[0] == ((1, -1), 0) and walk[1] == ((1, 2), 1)
        assert set(level.initial_state().coins) - set(cells(walk)) == LEFT  # turned down for good
        # the kept coin: open for free on the fifth or sixth move, from [-2,1], and passed up ...
        at = cells(walk).index((-2, 1)) + 1
        assert after(KEEPSAKE, cells(walk)[:at])[1][KEPT] == 0 and walk[at][0] != KEPT
        # ... then the landing, 15th move: from the west corner [-3,0], two cells east over [-2,0]
        assert cells(walk)[-4:] == [(-2, 0), (-3, 0), KEPT, (-1, 2)]
        # where the one other move is the corner, for two
        assert after(KEEPSAKE, cells(walk)[:-2])[1] == {KEPT: 0, CORNER: 2}
    assert (-1, 1) in level.empty  # the flight on from the kept coin to [-1,2] passes no coin


def test_keepsakes_corner_is_free_at_the_second_move_and_every_way_out_costs_two():
    """'Some free coins cost more to leave than they bring': the corner brings one, and every way
    out of it costs two."""
    purse, moves, reaches = after(KEEPSAKE, [(1, -1)])
    assert moves[CORNER] == 0 and moves[(1, 2)] == 1 and reaches  # a free corner, against the toll of one
    purse, moves, reaches = after(KEEPSAKE, [(1, -1), CORNER])
    assert purse == 3 and moves == {(3, -3): 2, (-3, 0): 2} and not reaches


def test_keepsake_needs_both_lessons():
    """A walk that keeps the coin but takes the coins not worth their toll falls short, and so does
    one that turns them down but takes the free coin whenever it is open."""
    assert reaches_par(KEEPSAKE)
    take_when_free = lambda cell, fee, free, coins: KEPT not in free or cell == KEPT  # noqa: E731
    assert not reaches_par(KEEPSAKE, allowed=take_when_free)
    assert not reaches_par(KEEPSAKE, goal=lambda left: not left & {CORNER})
    assert not reaches_par(KEEPSAKE, goal=lambda left: not left & LEFT)


def test_keepsakes_kept_coin_is_worth_more_left_standing():
    """'Some are worth more left standing': without the kept coin the board's best is 14, two
    below par 16, though the coin itself is one."""
    level = replace(board(KEEPSAKE)[0], par=None)
    assert solve(level).score == 16
    assert solve(replace(level, empty=level.empty | {KEPT})).score == 14
