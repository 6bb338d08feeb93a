"""Boards whose idea is aim, a cheap move whose point is the line it puts you on (issue 37, session
6's new idea kinds): what the idea and hint say is true of every optimal walk, with the board's
cells as literals. The walks are enumerated as in test_campaign_claims.py."""

from test_campaign_claims import after, board, cells, optimal_walks, says

SIGHTLINE = "5-expert/02-sightline.toml"


def test_sightline_pays_its_one_toll_for_the_coin_that_lines_it_up_with_the_east_edge():
    says(SIGHTLINE, "One toll, for the coin that lines you up with the east edge",
         "One toll is all you pay", "the line it puts you on")
    level = board(SIGHTLINE)[0]
    assert level.start == (-2, 0) and level.purse == 5 and level.par == 25
    walks = optimal_walks(SIGHTLINE)
    assert len(walks) == 14  # one decision: the orders differ only in the west's free sweep
    for walk in walks:
        paid = [(i, cell, fee) for i, (cell, fee) in enumerate(walk) if fee]
        assert paid == [(4, (0, 1), 1)]  # the one toll, fifth move: [0,1], flown to from [0,-2]
        assert cells(walk)[:4] == [(-1, -1), (-2, -1), (0, -1), (0, -2)]
        assert walk[5] == ((3, -2), 0)  # at once, free: three cells north-east, on the east edge (q = 3)
    assert {(1, 0), (2, -1)} <= set(level.empty)  # the line [0,1] -> [3,-2] passes no coin
    # before the toll [3,-2] costs one straight from [0,-2], and a free coin ([1,-3]) is open:
    # the toll is spent on the line, not on the coin
    _, moves, reaches = after(SIGHTLINE, [(-1, -1), (-2, -1), (0, -1), (0, -2)])
    assert reaches and moves[(3, -2)] == 1 and moves[(0, 1)] == 1 and moves[(1, -3)] == 0
