"""Claims an independent attacker found false on the board (issue 37), checked against every optimal walk.

Overshoot's hint said the first flight over a near coin costs two and lands on the top row; 4 of its 6
optimal walks do otherwise. (Sky Lane's false claim, a flight of three from corner to corner, left
with its board: Double Back replaced it.) The cells are the boards' own, as literals; the walks are
enumerated as in test_campaign_claims.py.
"""

from test_campaign_claims import after, board, cells, optimal_walks, says

OVERSHOOT = "4-hard/07-overshoot.toml"


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
    # the tip narrated the move ("fly over it to the far end of its line and take it on the way
    # back"); it now asks what waits at the far end
    says(OVERSHOOT, "Before you take a near coin, ask what waits at the far end of its line",
         "what the way back would cost",
         never=("fly over it", "the first such flight costs two", "wrong one to take"))  # that named the move
    level = board(OVERSHOOT)[0]
    walks = optimal_walks(OVERSHOOT)
    for walk in walks:
        over = _flown_over(level, level.start, walk)
        backs = [i for i in range(len(walk) - 1) if walk[i + 1][0] in over[i]]
        assert len(backs) >= 2, walk
    # one way: some walk's first paid flight over a coin costs two and lands on the top row, and
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
    says(ACROSS, "coin two west early",
         "Ask what the bottom-left corner costs, and which coins to leave standing until it is taken",
         # the tip's first sentence was its family's decision word for word
         never=("if you save the stone", "pay one for the coin two cells west", "keep the coin down-right",
                "worth a toll early", "while a free coin still waits"))
    walks = optimal_walks(ACROSS)
    for walk in walks:
        first = next(i for i, (_, fee) in enumerate(walk) if fee)
        assert walk[first] == ((-2, 1), 1) and first <= 1
        assert any(fee == 0 for fee in after(ACROSS, cells(walk)[:first])[1].values())  # a free coin waited
        assert cells(walk).index((-3, 3)) < cells(walk).index((-2, 2))
    flights = [w for w in walks if ((-2, 2), 0) in w and w[cells(w).index((-2, 2)) + 1] == ((3, -3), 1)]
    assert 0 < len(flights) < len(walks)  # the flight across is one way, not the only one
