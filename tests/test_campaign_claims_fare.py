"""Return Fare (Medium 05, issue 37): 'a coin in hand for the way back'. What its idea and hint
say is true of every optimal walk, with the board's cells as literals; the walks are enumerated
as in test_campaign_claims.py."""

from test_campaign_claims import CORNERS, after, board, cells, optimal_walks, says

from game.coinland.design_search import legal_moves

FARE = "3-medium/05-return-fare.toml"
WEST_GATE = ((0, -1), (-1, -1))  # the gate the one coin buys
BEYOND = {(-1, -1), (-2, 0)}  # the two coins beyond it, the second the west corner
OUT = (-2, 2)  # the one way out of the west corner, a flight south over two gates


def test_return_fare_spends_its_one_coin_on_the_west_gate_and_the_two_beyond_on_the_way_out():
    says(FARE, "One coin buys the west gate", "the two beyond it the way out",
         "No way out of the west corner costs less than two coins", "arrive holding them")
    level = board(FARE)[0]
    assert level.start == (2, -1) and level.purse == 0 and level.coins == 11 and level.par == 7
    assert frozenset(WEST_GATE) in {frozenset(gate) for gate in level.gates}
    assert (-2, 0) in CORNERS and (-2, 1) in level.empty  # the flight out passes over no coin
    assert {frozenset({(-2, 0), (-2, 1)}), frozenset({(-2, 1), (-2, 2)})} <= {frozenset(g) for g in level.gates}
    walks = optimal_walks(FARE)
    assert len(walks) == 1
    for walk in walks:
        purse = level.purse
        held = []
        for _, fee in walk:
            held.append((purse, fee))
            purse += 1 - fee
        # the first coin, free; then the one coin in hand pays the west gate
        assert walk[0] == ((0, -1), 0) and walk[1] == ((-1, -1), 1) and held[1] == (1, 1)
        # the two coins beyond the gate, then both paid at once for the way out of the west corner
        assert set(cells(walk[1:3])) == BEYOND and walk[2] == ((-2, 0), 0)
        assert walk[3] == (OUT, 2) and held[3] == (2, 2)
        # the way back east is free: six coins, no toll
        assert cells(walk[4:]) == [(-1, 2), (0, 2), (0, 1), (1, 0), (2, 0), (1, 1)]
        assert all(fee == 0 for _, fee in walk[4:]) and len(walk) == 10
        assert (1, -2) not in cells(walk)


def test_return_fare_west_corner_lets_you_out_only_for_two():
    # arrived with the two coins beyond the gate: one way out, for exactly what is held
    purse, moves, reaches = after(FARE, [(0, -1), (-1, -1), (-2, 0)])
    assert purse == 2 and moves == {OUT: 2} and reaches
    purse, moves, reaches = after(FARE, [(0, -1), (-1, -1)])
    assert purse == 1 and moves == {(-2, 0): 0} and reaches
    # however rich, every coin still on the board costs two or more from the corner (the row east
    # three), once the gate side's coin [-1,-1] is taken: the hint's 'no way out for less than two'
    t, coins = board(FARE)[1], board(FARE)[2][1]
    taken = coins
    for cell in ((0, -1), (-1, -1), (-2, 0)):
        taken &= ~(1 << t.index[cell])
    rich = {t.cells[j]: fee for j, fee, _ in legal_moves(t, t.index[(-2, 0)], taken, 99)}
    assert rich == {OUT: 2, (1, 0): 3, (2, 0): 3}


def test_return_fare_free_coin_costs_two_to_leave_and_loses_par():
    # on [0,-1] with one coin: the free coin north-east, and three gates for one
    purse, moves, reaches = after(FARE, [(0, -1)])
    assert purse == 1 and moves == {(1, -2): 0, (-1, -1): 1, (0, 1): 1, (0, 2): 1} and reaches
    # the free coin spends both coins it leaves you holding on its one way out, and par is gone
    purse, moves, reaches = after(FARE, [(0, -1), (1, -2)])
    assert purse == 2 and moves == {(1, 0): 2} and not reaches
    # the other tolls of one lose par too: the west gate is the one
    assert not after(FARE, [(0, -1), (0, 1)])[2] and not after(FARE, [(0, -1), (0, 2)])[2]
