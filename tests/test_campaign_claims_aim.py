"""Boards whose idea is aim, a cheap move whose point is the line it puts you on (issue 37, session
6's new idea kinds): what the idea and hint say is true of every optimal walk, with the board's
cells as literals. The walks are enumerated as in test_campaign_claims.py."""

from test_campaign_claims import after, board, cells, optimal_walks, says

SIGHTLINE = "5-expert/04-sightline.toml"
RICOCHET = "3-medium/10-ricochet.toml"


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


def test_ricochet_buys_the_east_edge_coin_that_lines_it_up_with_the_bottom_row():
    says(RICOCHET, "Buy the east-edge coin: it lines you up with the bottom row",
         "pay two for the bottom row", "in line with it for one")
    level = board(RICOCHET)[0]
    assert level.start == (1, -1) and level.purse == 2 and level.par == 9
    walks = optimal_walks(RICOCHET)
    assert len(walks) == 2  # one decision: the walks differ in the order of [2,0] and [0,0] only
    for walk in walks:
        assert [(i, fee) for i, (_, fee) in enumerate(walk) if fee] == [(1, 1), (2, 1)]  # two tolls of one
        assert walk[0] == ((-1, -1), 0)  # first the free coin west
        assert walk[1] == ((2, -1), 1)  # then one, back east over the start, for the east-edge coin (q = 2)
        assert walk[2] == ((-1, 2), 1)  # and at once three cells south-west, onto the bottom row (r = 2)
        assert (0, -2) not in cells(walk)  # the free coin open when the toll is paid is never taken
    assert {(1, 0), (0, 1)} <= set(level.empty)  # the line [2,-1] -> [-1,2] passes no coin
    # when the toll is paid a free coin is open, and the bottom row's [-1,2] costs two straight away
    _, moves, reaches = after(RICOCHET, [(-1, -1)])
    assert reaches and moves[(0, -2)] == 0 and moves[(2, -1)] == 1 and moves[(-1, 2)] == 2
    # from the east-edge coin it costs one: the toll bought the line, and the coin comes with it
    _, moves, reaches = after(RICOCHET, [(-1, -1), (2, -1)])
    assert reaches and moves[(-1, 2)] == 1
