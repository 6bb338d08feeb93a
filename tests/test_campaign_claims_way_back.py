"""Double Back (Easy 02, issue 37): a free coin kept as the way back. Each claim its idea and hint
make is checked over every optimal walk, with the board's cells as literals (walks enumerated as in
test_campaign_claims.py).

Two independent reads (2026-11-27) filed it under "a free coin kept for later", with Penny Lane and
Copper Bridge: the toll at move 2 is right because the free coin it passes up, [1,1], is the east
row's only door for one from the west room, not because the toll flies back along the line the
walk came in by (its earlier idea, which also called [0,1] walled: its east side is open).
"""

from test_campaign_claims import after, board, cells, optimal_walks, says

from game.coinland.design_search import legal_moves

DOUBLE_BACK = "2-easy/02-double-back.toml"
KEPT = (1, 1)  # the free coin beside the first coin
EAST = {(1, 1), (2, 0), (2, -1)}  # the east row, [1,1] its door
WEST_ROOM = [(-2, 0), (-1, 0), (-2, 1), (-1, 1)]


def test_double_back_keeps_the_free_coin_beside_it_for_the_way_back_east():
    says(DOUBLE_BACK, "Keep the free coin beside you", "it is your way back east",
         "Before you take a free coin", "as a place to land",
         # earlier texts: a false 'walled', a tip that told no choice from another, tips naming the decision
         never=("walled coin", "cheapest move after it", "look back along the line", "come last",
                "spend your first toll elsewhere"))
    level = board(DOUBLE_BACK)[0]
    assert level.start == (0, 0) and level.purse == 0 and level.par == 7 and level.coins == 9
    _purse, legal, reaches = after(DOUBLE_BACK, [])
    assert legal == {(0, 1): 0} and reaches  # the first coin is forced, and free
    _purse, legal, _reaches = after(DOUBLE_BACK, [(0, 1)])
    assert legal == {KEPT: 0, (0, -2): 1, (-1, 1): 1, (-2, 1): 1}  # the one decision: 1 free coin, 3 tolls
    walks = optimal_walks(DOUBLE_BACK)
    assert len(walks) == 3
    for walk in walks:
        assert walk[0] == ((0, 1), 0) and walk[1] == ((0, -2), 1)  # the free coin beside it passed up
        assert set(cells(walk[2:6])) == set(WEST_ROOM) and all(fee == 0 for _, fee in walk[2:6])
        # and landed on seventh, for a toll of one from the west room, the way back east
        assert walk[6] == (KEPT, 1) and cells(walk)[5] in {(-1, 1), (-2, 1)}
        assert walk[7:] == (((2, 0), 0), ((2, -1), 0)) and len(walk) == 9  # every coin


def test_double_backs_free_coin_is_the_east_rows_only_door_for_one_from_the_west():
    _level, t, (_cur, coins, _purse) = board(DOUBLE_BACK)
    doors = {}
    for cell in WEST_ROOM:
        moves = {t.cells[j]: fee for j, fee, _ in legal_moves(t, t.index[cell], coins, 99)}
        doors[cell] = {c: fee for c, fee in moves.items() if c in EAST}
    assert doors == {(-2, 0): {(2, 0): 2}, (-1, 0): {(2, 0): 2}, (-2, 1): {KEPT: 1}, (-1, 1): {KEPT: 1}}


def test_double_backs_free_coin_taken_at_once_loses_par():
    """The greedy move: from [1,1] the walk cannot get both the west room and the east row back."""
    purse, _legal, reaches = after(DOUBLE_BACK, [(0, 1), KEPT])
    assert purse == 2 and not reaches
    for toll in ((-1, 1), (-2, 1)):  # the other tolls of one enter the west room away from [0,-2]
        assert not after(DOUBLE_BACK, [(0, 1), toll])[2]
