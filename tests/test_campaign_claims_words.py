"""The reworded ideas and hints of issue 37's sixth pass are true of every optimal walk.

An attacker found these ideas generic ("the only order that works" is true of any level with one
walk), only the move itself ("pay one while a free coin waits", which 31 levels need) or cryptic,
and Long Row's hint describing the dearer of its two walks. Each idea now names what is particular
to its board (a cell, a count, an order); each test enumerates every optimal walk and checks it,
with the board's cells as literals.
"""

from test_campaign_claims import after, cells, optimal_walks, says


def tolls(walk):
    return [(cell, fee) for cell, fee in walk if fee]


def test_treasury_takes_all_twenty_for_four_tolls_and_the_coin_beside_the_start_15th():
    path = "4-hard/11-treasury.toml"
    says(path, "Every coin, four tolls", "the first buys the east corner",
         never=("only order that works", "the free coin beside you is taken 15th"))
    walks = optimal_walks(path)
    assert len(walks) == 1
    (walk,) = walks
    assert len(walk) == 20  # every coin on the board
    assert tolls(walk) == [((3, 0), 1), ((-3, 1), 1), ((0, 2), 1), ((-1, -1), 1)]  # [3,0]: the east corner
    assert cells(walk).index((1, -1)) == 14  # [1,-1] lies beside the start [1,-2]: taken 15th
    assert walk[0] == ((1, 2), 0)  # flown past on the first move
    assert after(path, [])[1][(1, -1)] == 0  # though it was free then


def test_keystone_buys_one_end_of_the_walk_and_finishes_at_the_other():
    path = "4-hard/09-keystone.toml"
    says(path, "Two tolls, all 18 coins", "buy one end, finish at the other",
         "Find the two ends of the walk before you pay", "Every coin for two tolls",
         # 'the first paid while a free coin still waits' was the family's decision word for word
         never=("while a free coin waits", "while a free coin still waits", "End at the other.",
                "west end of the second row"))
    walks = optimal_walks(path)
    assert len(walks) == 32
    ends = {(-1, -2), (3, 0)}
    for walk in walks:
        assert len(walk) == 18 and len(tolls(walk)) == 2 and all(fee == 1 for _, fee in tolls(walk))
        first_toll = tolls(walk)[0][0]
        assert first_toll in ends and cells(walk)[-1] == (ends - {first_toll}).pop()
    assert {tolls(w)[0][0] for w in walks} == ends  # both ways round are par


def test_across_the_board_buys_the_coin_two_west_early_then_the_corner():
    path = "4-hard/12-across-the-board.toml"
    says(path, "coin two west early, then the bottom-left corner", never=("go west early",))
    walks = optimal_walks(path)
    assert len(walks) == 5
    for walk in walks:
        paid = dict(tolls(walk))
        assert paid[(-2, 1)] == 1 and paid[(-3, 3)] == 1  # two cells west of the start [0,1]; the corner
        assert cells(walk).index((-2, 1)) <= 1 < cells(walk).index((-3, 3))  # early: move 1 or 2, then the corner
        assert cells(walk)[-2:] == [(-1, -1), (-1, -2)]


def test_bank_holiday_pays_two_south_west_once_and_the_last_14_coins_are_free():
    path = "5-expert/07-bank-holiday.toml"
    says(path, "toll of two into the south-west", "last 14 coins", never=("Plan the last rooms first",))
    walks = optimal_walks(path)
    assert len(walks) == 12
    for walk in walks:
        twos = [i for i, (_, fee) in enumerate(walk) if fee == 2]
        assert len(twos) == 1 and all(fee <= 2 for _, fee in walk)  # every other toll is one
        i = twos[0]
        came_from, landed = cells(walk)[i - 1], cells(walk)[i]
        assert (came_from, landed) in {((2, 0), (0, 2)), ((1, -1), (-1, 1))}  # south-west: (-1, +1) twice
        assert len(walk) - i - 1 == 14 and all(fee == 0 for _, fee in walk[i + 1:])
        assert cells(walk)[-1] == (-3, 0)  # the west corner
