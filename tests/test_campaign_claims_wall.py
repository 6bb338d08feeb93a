"""A board whose idea is one flight through a wall (issue 37, session 6's new idea kinds): what the
idea and hint of Walled Garden say is true of every optimal walk, with the board's cells as
literals. The walks are enumerated as in test_campaign_claims.py."""

from test_campaign_claims import after, board, cells, optimal_walks, says

from game.coinland.design_search import legal_moves

WALLED_GARDEN = "4-hard/04-walled-garden.toml"
GARDEN = {(3, -1), (3, -2), (2, -2), (2, -3), (3, -3)}  # the walled north-east corner, five coins
WALL = {((-1, -1), (0, -1)), ((1, -1), (2, -1)), ((2, -1), (3, -1))}  # the gates on the row [-1,-1]..[3,-1]


def test_walled_garden_enters_its_corner_last_by_one_flight_across_three_gates():
    says(WALLED_GARDEN, "walled corner", "fly in last, across three gates", "north-east corner",
         "every way out of it costs two or more", "Ask when to go in, and which way",
         never=("The cheapest way in is not the best",))  # that said which way in loses par
    level = board(WALLED_GARDEN)[0]
    assert level.start == (2, 1) and level.purse == 4 and level.par == 17
    assert level.gates >= WALL and {(0, -1), (1, -1), (2, -1)} <= level.empty
    walks = optimal_walks(WALLED_GARDEN)
    assert len(walks) == 32
    for walk in walks:
        assert set(cells(walk)[-5:]) == GARDEN and not GARDEN & set(cells(walk)[:-5])  # the garden last
        way_in = len(walk) - 5
        assert cells(walk)[way_in - 1:way_in + 1] == [(-1, -1), (3, -1)] and walk[way_in][1] == 3
        assert [fee for _, fee in walk].count(3) == 1 and max(fee for _, fee in walk) == 3
        assert all(fee == 0 for _, fee in walk[way_in + 1:])  # inside, the five are swept free


def test_walled_garden_has_no_free_way_out_and_cheaper_ways_in_lose_par():
    _, t, (_, coins, _) = board(WALLED_GARDEN)
    for cell in GARDEN:  # every way out costs two or more, whatever the purse
        fees = [fee for j, fee, _ in legal_moves(t, t.index[cell], coins, 99) if t.cells[j] not in GARDEN]
        assert fees and min(fees) >= 2, cell
    purse, moves, reaches = after(WALLED_GARDEN, [])
    assert purse == 4 and reaches and moves[(2, -2)] == 1 and moves[(2, -3)] == 1  # in for one at the start
    assert not after(WALLED_GARDEN, [(2, -2)])[2] and not after(WALLED_GARDEN, [(2, -3)])[2]
    _, moves, reaches = after(WALLED_GARDEN, [(1, 2), (1, 1)])
    assert reaches and moves[(3, -1)] == 2  # in for two, at the garden's mouth, on move 3
    assert not after(WALLED_GARDEN, [(1, 2), (1, 1), (3, -1)])[2]
