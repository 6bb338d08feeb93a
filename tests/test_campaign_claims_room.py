"""'One room of two' (issue 37): two walled rooms open at once, each worth its toll on its own, and
only one can be had at par. Each claim Either Or's idea or hint makes is checked over every optimal
walk, with the board's cells as literals (walks enumerated as in test_campaign_claims.py).
"""

from test_campaign_claims import after, board, cells, optimal_walks, says

EITHER_OR = "2-easy/03-either-or.toml"
FIRST = (0, 1)  # the first coin: the start's one free move
BIG = {(0, -1), (0, -2), (1, -2), (-1, -1), (-2, 0), (-2, 1)}  # six coins, north and west
SMALL = {(1, 1), (2, 0)}  # two coins, south-east


def test_either_or_opens_two_walled_rooms_from_the_first_coin():
    """'From the first coin two walled rooms open': the start's one free move is [0,1]; from it no
    move is free, the small room's door costs one and every door of the big room two."""
    says(EITHER_OR, "Two rooms, one walk", "pay two for six coins, not one for two",
         "two walled rooms open", "the cheaper one is worth its toll too")
    level = board(EITHER_OR)[0]
    assert level.start == (-1, 2) and level.purse == 5 and level.par == 10 and level.coins == 9
    assert set(level.initial_state().coins) == BIG | SMALL | {FIRST}
    purse, legal, reaches = after(EITHER_OR, [])
    assert purse == 5 and legal == {FIRST: 0, (-1, -1): 2} and reaches
    purse, legal, reaches = after(EITHER_OR, [FIRST])
    assert purse == 6 and reaches
    assert legal == {(1, 1): 1, (0, -1): 2, (0, -2): 2, (-2, 1): 2}


def test_every_walk_pays_two_into_the_six_coin_room_and_never_enters_the_small_one():
    walks = optimal_walks(EITHER_OR)
    assert len(walks) == 8
    doors = set()
    for walk in walks:
        assert walk[0] == (FIRST, 0)
        door, fee = walk[1]
        assert door in BIG and fee == 2  # the dearer door, while the small room's costs one
        doors.add(door)
        assert set(cells(walk)[1:]) == BIG and len(walk) == 7  # all six coins, nothing else
        assert not SMALL & set(cells(walk))
        assert [fee for _, fee in walk] == [0, 2, 0, 0, 0, 0, 0]
    assert doors == {(0, -1), (0, -2), (-2, 1)}


def test_the_small_room_is_worth_its_toll_alone_but_makes_the_big_one_dearer():
    """'The cheaper one is worth its toll too': one coin paid for two. 'Count what each leaves
    you': after it the big room's one door left costs three, and par is out of reach."""
    purse, legal, reaches = after(EITHER_OR, [FIRST, (1, 1)])
    assert purse == 6 and not reaches
    assert legal == {(2, 0): 0, (1, -2): 3, (-2, 1): 3}
    purse, legal, reaches = after(EITHER_OR, [FIRST, (1, 1), (2, 0)])
    assert purse == 7 and legal == {(-2, 0): 3} and not reaches  # one more than the big room alone
