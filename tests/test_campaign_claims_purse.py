"""Boards whose idea is the starting purse (issue 37, session 6's new idea kinds): what the idea
and hint say is true of every optimal walk, with the board's cells as literals. The walks are
enumerated as in test_campaign_claims.py."""

from test_campaign_claims import CORNERS, after, board, cells, optimal_walks, says

ALL_IN = "3-medium/03-all-in.toml"


def test_all_in_spends_the_whole_purse_on_its_first_flight_to_the_east_corner():
    says(ALL_IN, "whole purse on one flight", "east corner", "two coins pay for one flight of two",
         "every coin on the board")
    level = board(ALL_IN)[0]
    assert level.start == (-2, 0) and level.purse == 2 and level.coins == 12
    assert (2, 0) in CORNERS and (2, 0)[1] == level.start[1]  # the east corner, along the start's row
    walks = optimal_walks(ALL_IN)
    assert len(walks) == 3
    for walk in walks:
        assert walk[0] == ((2, 0), 2)  # both coins of the purse, on the first move
        assert len(walk) == 12 and len(set(cells(walk))) == 12  # every coin on the board
        assert [fee for _, fee in walk].count(2) == 1  # the one flight of two
    # a cheaper move is open at the start (one coin for [-2,1]); no optimal walk takes it first
    purse, moves, reaches = after(ALL_IN, [])
    assert purse == 2 and moves[(-2, 1)] == 1 and moves[(2, 0)] == 2 and reaches
    assert min(moves.values()) == 1
