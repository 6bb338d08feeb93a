"""'Out and back on one line' (issue 37): a walled coin reached, then left along the very line the
walk came in by, one way free and one for a toll. Each claim an idea or hint makes is checked over
every optimal walk, with the board's cells as literals (walks enumerated as in test_campaign_claims.py).
"""

from test_campaign_claims import after, board, cells, optimal_walks, says

DOUBLE_BACK = "2-easy/02-double-back.toml"


def test_double_back_leaves_the_walled_coin_back_over_the_start_for_a_toll():
    says(DOUBLE_BACK, "Leave the walled coin by the line you came in on, for a toll",
         "Count two moves ahead", "ask what the cheapest move after it costs",
         # the old hints named the level's one decision, shown unasked as its tip
         never=("look back along the line", "come last", "spend your first toll elsewhere"))
    level = board(DOUBLE_BACK)[0]
    coin = (0, 1)  # the walled coin, south of the centre start
    assert level.start == (0, 0) and level.purse == 0 and level.par == 7 and level.coins == 9
    assert {((-1, 1), (0, 1)), ((0, 1), (1, 0))} <= level.gates  # walled on its west and north-east
    assert (0, 2) in level.empty  # and nothing beyond it to the south
    _purse, legal, reaches = after(DOUBLE_BACK, [])
    assert legal == {coin: 0} and reaches  # the one way in: free, from the start
    _purse, legal, reaches = after(DOUBLE_BACK, [coin])
    assert legal[(1, 1)] == 0 and legal[(0, -2)] == 1  # the free coin beside it, and the line back north
    walks = optimal_walks(DOUBLE_BACK)
    assert len(walks) == 3
    for walk in walks:
        assert walk[0] == (coin, 0)
        # out along the same line: north over the start (0, 0) and the empty (0, -1), one gate, one toll
        assert walk[1] == ((0, -2), 1) and {(0, 0), (0, -1)} <= level.empty | {level.start}
        assert ((0, -2), (0, -1)) in level.gates
        assert (1, 1) in cells(walk)[2:]  # the free coin turned down is taken later, not left
        # what the old tip handed over: the three east coins (q > 0), [1,1] beside the walled coin among
        # them, come last, and the first toll is spent elsewhere (north, on [0,-2])
        assert {cell for cell in cells(walk) if cell[0] > 0} == {(1, 1), (2, 0), (2, -1)}
        assert set(cells(walk)[-3:]) == {(1, 1), (2, 0), (2, -1)}
        assert next(cell for cell, fee in walk if fee)[0] <= 0
        assert len(walk) == 9  # every coin
        assert [fee for _, fee in walk].count(1) == 2 and sum(fee for _, fee in walk) == 2


def test_double_backs_free_coin_leads_nowhere_near_par():
    """The free coin beside the walled one is the greedy move, and from it par is out of reach."""
    purse, _legal, reaches = after(DOUBLE_BACK, [(0, 1), (1, 1)])
    assert purse == 2 and not reaches
