"""Claims an independent attacker found false on the board (issue 37), checked against every optimal walk.

Sky Lane's idea and hint named a flight of three from corner to corner; only 1 of its 17 optimal
walks flies it, the others pay tolls of one before the free sweep ends in the corner. Overshoot's
hint said the first flight over a near coin costs two and lands on the top row; 4 of its 6
optimal walks do otherwise. The cells are the boards' own, as literals; the walks are enumerated as
in test_campaign_claims.py.
"""

from test_campaign_claims import after, board, cells, free_sweep_ends, optimal_walks, says

SKY_LANE = "2-easy/01-sky-lane.toml"
OVERSHOOT = "4-hard/07-overshoot.toml"


def test_sky_lane_pays_a_toll_before_its_sweep_ends_in_the_corner_or_three_from_there():
    says(SKY_LANE, "pay a toll first, or three to fly out", never=("Fly corner to corner",))
    corner = (-2, 2)
    assert free_sweep_ends(SKY_LANE) == {corner}
    _purse, legal, reaches = after(SKY_LANE, [(0, 2), (0, 0), (-1, 0), (-1, 1), corner])
    assert legal == {(2, -2): 3} and reaches  # the only way on is the flight of three, and it keeps par
    walks = optimal_walks(SKY_LANE)
    threes = 0
    for walk in walks:
        first = next(i for i, (_, fee) in enumerate(walk) if fee)
        if walk[first][1] == 3:
            threes += 1
            assert cells(walk)[first - 1] == corner and walk[first][0] == (2, -2)
        else:
            assert walk[first][1] == 1 and corner not in cells(walk)[:first]
    assert 0 < threes < len(walks)  # the flight is one way, not the only one


def _flown_over(level, start, walk):
    """For each move, the coins still on the board that it passes over."""
    coins = set(level.initial_state().coins)
    here, out = start, []
    for cell, _ in walk:
        dq, dr = cell[0] - here[0], cell[1] - here[1]
        n = max(abs(dq), abs(dr), abs(dq + dr))
        between = {(here[0] + dq // n * k, here[1] + dr // n * k) for k in range(1, n)}
        out.append(between & coins)
        coins.discard(cell)
        here = cell
    return out


def test_overshoot_flies_over_a_near_coin_and_back_at_least_twice_in_every_walk():
    says(OVERSHOOT, "Twice the near coin is the wrong one", "One way: the first such flight costs two")
    level = board(OVERSHOOT)[0]
    walks = optimal_walks(OVERSHOOT)
    for walk in walks:
        over = _flown_over(level, level.start, walk)
        backs = [i for i in range(len(walk) - 1) if walk[i + 1][0] in over[i]]
        assert len(backs) >= 2, walk
    # "One way": some walk's first paid flight over a coin costs two and lands on the top row, and
    # its next costs one and lands on the west edge; other walks pay no toll of two at all.
    def flights(walk):
        over = _flown_over(level, level.start, walk)
        return [(cell, fee) for i, (cell, fee) in enumerate(walk[:-1]) if fee and walk[i + 1][0] in over[i]]

    assert any(f[0][1] == 2 and f[0][0][1] == -3 and f[1][1] == 1 and f[1][0][0] == -3
               for f in map(flights, walks))
    assert any(all(fee < 2 for _, fee in walk) for walk in walks)


ACROSS = "4-hard/12-across-the-board.toml"


def test_across_the_board_pays_west_early_and_keeps_the_stone_until_the_corner():
    """The old text ('save the stone for the flight across the board') was true of 1 of 5 optimal walks."""
    says(ACROSS, "coin two west early", "until the bottom-left corner is taken",
         never=("if you save the stone",))
    walks = optimal_walks(ACROSS)
    for walk in walks:
        first = next(i for i, (_, fee) in enumerate(walk) if fee)
        assert walk[first] == ((-2, 1), 1) and first <= 1
        assert any(fee == 0 for fee in after(ACROSS, cells(walk)[:first])[1].values())  # a free coin waited
        assert cells(walk).index((-3, 3)) < cells(walk).index((-2, 2))
    flights = [w for w in walks if ((-2, 2), 0) in w and w[cells(w).index((-2, 2)) + 1] == ((3, -3), 1)]
    assert 0 < len(flights) < len(walks)  # the flight across is one way, not the only one
