"""What the reworked size-4 Expert levels' ideas and hints say is true of every optimal walk, and
no greedy player enters their walled rooms (issue 37). The cells are the boards' own, as literals;
the optimal walks are enumerated as in test_campaign_claims.py."""

from test_campaign_claims import after, board, optimal_walks, says

LOOP_LINE = "5-expert/01-loop-line.toml"
LAST_TRAIN = "5-expert/02-last-train.toml"
MARKET_CROSS = "5-expert/03-market-cross.toml"
TRAPDOOR = "5-expert/04-trapdoor.toml"
LOW_ROAD = "5-expert/06-low-road.toml"
BANK_HOLIDAY = "5-expert/07-bank-holiday.toml"


def paid(walk):
    """The paid moves of a walk: ((from, to), fee), in order."""
    cells = [None, *[cell for cell, _ in walk]]
    return [((cells[i], cell), fee) for i, (cell, fee) in enumerate(walk) if fee]


def test_loop_line_rounds_the_south_west_loop_then_pays_two_into_the_east():
    says(LOOP_LINE, "south-west loop first", "pays two at once into the east")
    walks = optimal_walks(LOOP_LINE)
    south_west = {(-3, 0), (-3, 1), (-3, 2), (-3, 3), (-2, 3), (-1, 3)}
    for walk in walks:
        cells = [cell for cell, _ in walk]
        loop = [i for i, cell in enumerate(cells) if cell in south_west]
        assert loop == list(range(len(loop))) and {(-3, 3), (-2, 3), (-1, 3)} <= set(cells[:len(loop)])
        assert walk[len(loop)] == ((-1, 1), 1)  # paying its way out
        doubles = [move for move, fee in paid(walk) if fee == 2]
        assert doubles == [((1, -2), (3, -2))]


def test_last_train_pays_two_from_the_east_corner_and_one_long_flight_west_at_the_end():
    says(LAST_TRAIN, "pay two to go north", "one long flight, for a single toll")
    for walk in optimal_walks(LAST_TRAIN):
        moves = paid(walk)
        assert [fee for _, fee in moves] == [2, 1]
        (corner, _), _ = moves[0]
        assert corner == (3, 0) and all(cell[1] >= 0 for cell, fee in walk[:[c for c, _ in walk].index(moves[0][0][1])])
        (start, end), _ = moves[1]
        assert end == (-2, 1) and max(abs(start[0] - end[0]), abs(start[1] - end[1])) >= 3  # a long flight
        assert not any(fee for _, fee in walk[[c for c, _ in walk].index(end) + 1:])


def test_market_cross_ends_the_north_on_the_centre_and_flies_to_a_far_corner():
    says(MARKET_CROSS, "finish on the centre cell", "reaches a far corner")
    corners = {(3, 0), (3, -3), (0, -3), (-3, 0), (-3, 3), (0, 3)}
    for walk in optimal_walks(MARKET_CROSS):
        moves = paid(walk)
        assert len(moves) == 1 and moves[0][1] == 2
        (start, end), _ = moves[0]
        assert start == (0, 0) and end in corners
        before = [cell for cell, _ in walk][:[cell for cell, _ in walk].index(end)]
        assert all(cell[1] <= 0 for cell in before)  # the north


def test_trapdoor_drops_south_for_two_while_the_one_toll_coin_waits():
    says(TRAPDOOR, "pay two to drop straight south", "one-toll coin still waits")
    for walk in optimal_walks(TRAPDOOR):
        cells = [cell for cell, _ in walk]
        assert (2, -3) not in cells
        assert paid(walk) == [(((2, -2), (2, 0)), 2)]
        before = cells[:cells.index((2, 0))]
        assert after(TRAPDOOR, before)[1][(2, -3)] == 1  # the one-toll coin is there to take


def test_low_road_sweeps_the_south_then_flies_the_empty_cells_from_the_west_edge():
    says(LOW_ROAD, "Sweep the south from east to west", "paying two at once")
    level = board(LOW_ROAD)[0]
    for walk in optimal_walks(LOW_ROAD):
        fees = [fee for _, fee in walk]
        first = next(i for i, fee in enumerate(fees) if fee)
        assert all(cell[1] >= 1 for cell, _ in walk[:first])  # the free sweep stays in the south
        assert fees.count(2) == 1 and max(fees) == 2
        jump = fees.index(2)
        (q, r), (q2, r2) = walk[jump - 1][0], walk[jump][0]
        assert q == -3  # from the west edge
        step = ((q2 - q) // 2, (r2 - r) // 2)  # every double toll here is a flight of two cells
        assert (q + step[0], r + step[1]) in level.empty


def test_bank_holiday_finishes_the_east_then_pays_two_into_the_south_west():
    says(BANK_HOLIDAY, "Plan the last rooms first", "pay two at once into the south-west")
    for walk in optimal_walks(BANK_HOLIDAY):
        fees = [fee for _, fee in walk]
        assert fees.count(2) == 1 and max(fees) == 2
        jump = fees.index(2)
        assert walk[jump][0] in {(-1, 1), (0, 2)}
        assert all(fee <= 1 for fee in fees[:jump]) and not any(fees[jump + 1:])


DOORSTEP = "5-expert/05-doorstep.toml"


def test_doorstep_never_takes_the_free_coin_beside_the_start():
    says(DOORSTEP, "never take", "pay one to go south")
    level = board(DOORSTEP)[0]
    assert level.start == (-3, 0)
    _, moves, _ = after(DOORSTEP, [])
    assert moves[(-2, 0)] == 0 and moves[(-3, 2)] == 1  # the coin at the door is free; south costs one
    for walk in optimal_walks(DOORSTEP):
        assert walk[0] == ((-3, 2), 1)
        assert (-2, 0) not in [cell for cell, _ in walk]
