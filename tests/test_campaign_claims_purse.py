"""Boards whose idea is the starting purse (issue 37, session 6's new idea kinds): what the idea
and hint say is true of every optimal walk, with the board's cells as literals. The walks are
enumerated as in test_campaign_claims.py."""

from test_campaign_claims import CORNERS, after, board, cells, optimal_walks, says

DOWN_PAYMENT = "3-medium/09-down-payment.toml"


def test_down_payment_spends_both_coins_on_its_first_flight_two_cells_east():
    # the tip said the corner lost par (which of the two openings is wrong); it now asks what each buys
    says(DOWN_PAYMENT, "both coins on the first flight", "two cells east", "You start with two coins",
         "the corner costs one coin", "Ask what each spending buys after it",
         never=("par is gone if you take it", "buy something better"))
    level = board(DOWN_PAYMENT)[0]
    assert level.start == (-2, 1) and level.purse == 2 and level.coins == 10
    # not the corner start, the centre or the coin flown past of Causeway, All In and the fly-past levels
    assert level.start not in CORNERS
    assert (-1, 1) in level.empty  # the one cell flown over holds no coin
    walks = optimal_walks(DOWN_PAYMENT)
    assert len(walks) == 1
    for walk in walks:
        assert walk[0] == ((0, 1), 2)  # both coins of the purse, two cells east, on the first move
        assert (0, 1)[1] == level.start[1] and (0, 1)[0] - level.start[0] == 2
        assert len(walk) == 9 and len(set(cells(walk))) == 9
        assert (-2, 2) not in cells(walk)  # the corner for one, never taken
        assert all(fee < 2 for _, fee in walk[1:])  # the one flight of two
    # the corner for one is open at the start, and taking it loses par
    purse, moves, reaches = after(DOWN_PAYMENT, [])
    assert purse == 2 and moves[(-2, 2)] == 1 and moves[(0, 1)] == 2 and reaches
    assert (-2, 2) in CORNERS and min(moves.values()) == 1
    assert not after(DOWN_PAYMENT, [(-2, 2)])[2]
