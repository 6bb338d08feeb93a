"""Claims of levels kept from earlier releases that had no claims test (issue 37): what their idea
and hint say is true of every optimal walk, with the board's cells as literals. The walks are
enumerated as in test_campaign_claims.py."""

from test_campaign_claims import after, board, cells, optimal_walks, says

UPSTREAM = "3-medium/12-upstream.toml"
CUSTOMS = "2-easy/10-customs-office.toml"


def test_upstream_flies_across_the_board_first_then_pays_down_the_east_before_any_west_coin():
    says(UPSTREAM, "Fly to the source first, then pay your way down", "Your first move crosses the whole board")
    level = board(UPSTREAM)[0]
    assert level.start == (-2, 2) and level.purse == 2 and level.par == 11
    west = {(-2, 0), (-1, -1), (-1, 0), (-1, 1)}  # the west's coins (q < 0)
    walks = optimal_walks(UPSTREAM)
    assert len(walks) == 12
    for walk in walks:
        assert walk[0] == ((2, -2), 0)  # free, corner to opposite corner: four cells, the whole board
        assert walk[1] == ((2, -1), 1)  # then a toll, one step down the east edge
        first_west = next(i for i, cell in enumerate(cells(walk)) if cell in west)
        east_tolls = [cell for cell, fee in walk[:first_west] if fee]
        assert {(2, -1), (1, 1)} <= set(east_tolls)  # two tolls or three down the east first
    # the first toll is paid while a free coin waits in the west
    _, moves, reaches = after(UPSTREAM, [(2, -2)])
    assert reaches and moves[(2, -1)] == 1 and any(fee == 0 for cell, fee in moves.items() if cell in west)


def test_customs_office_crosses_its_border_into_the_west_pocket_and_pays_again_to_leave():
    # the hint said "three coins in hand will not pay for every toll: collect before you cross
    # again", false of two walks: one pays three tolls, another two tolls in a row
    says(CUSTOMS, "Cross the border only with a coin saved for the way back", "a toll in and a toll out",
         "early, not last", never=("collect before you cross again",))
    level = board(CUSTOMS)[0]
    assert level.start == (0, 0) and level.purse == 3 and level.par == 16
    pocket = {(-2, 1), (-2, 2)}  # walled: every way in or out of it crosses one of these five gates
    walls = {((-2, 0), (-2, 1)), ((-2, 1), (-1, 0)), ((-2, 1), (-1, 1)), ((-2, 2), (-1, 1)), ((-2, 2), (-1, 2))}
    assert walls <= {tuple(sorted(gate)) for gate in level.gates}
    walks = optimal_walks(CUSTOMS)
    assert len(walks) == 5
    for walk in walks:
        assert walk[0] == ((-1, 1), 0)  # the one opening that keeps par
        inside = [i for i, cell in enumerate(cells(walk)) if cell in pocket]
        assert len(inside) == 2 and inside[1] == inside[0] + 1  # both pocket coins, one after the other
        assert walk[inside[0]][1] == 1 and walk[inside[1] + 1][1] == 1  # a toll in, a toll out
        assert inside[1] <= 4  # early: by the fifth move, not saved for last


POCKET_WATCH = "2-easy/01-pocket-watch.toml"


def test_pocket_watch_goes_on_with_a_double_toll_west_when_every_move_loses():
    """Its first board said so of 21 of its 195 optimal walks (the others paid two single tolls
    before anything lost): the board was reworked so that every walk meets the moment."""
    # the hint is shown as the tip at every start: it names the lesson, not the route (it once said
    # "sweep the free coins in the north-east ... a double toll west, and the west pays it back")
    says(POCKET_WATCH, "Do not stop when every move loses", "a double toll", "Sweep what is free first",
         "count what the far side pays back", never=("north-east", "west"))
    level = board(POCKET_WATCH)[0]
    assert level.start == (0, 0) and level.purse == 2 and level.par == 10
    north_east = {(1, -1), (2, -1), (0, -1), (1, -2), (0, -2)}
    west = {(-1, 0), (-1, 2), (-2, 2), (-2, 1)}
    walks = optimal_walks(POCKET_WATCH)
    assert len(walks) == 2
    for walk in walks:
        assert set(cells(walk[:5])) == north_east and all(fee == 0 for _, fee in walk[:5])  # the free sweep
        assert walk[5] == ((-2, 0), 2)  # the double toll west, over the empty [-1,-1]
        assert set(cells(walk[6:])) == west and all(fee == 0 for _, fee in walk[6:])  # and the west pays it back
    purse, moves, reaches = after(POCKET_WATCH, cells(walks[0][:5]))
    assert purse == 7 and reaches and moves and min(moves.values()) >= 2  # every move loses here
    assert (-1, -1) in level.empty


PINWHEEL = "3-medium/08-pinwheel.toml"


def test_pinwheel_pays_west_and_keeps_the_free_coin_beside_it_as_its_bridge_back_east():
    says(PINWHEEL, "Turn west through the toll", "the free coin is your bridge back", "leave it for later")
    level = board(PINWHEEL)[0]
    assert level.start == (0, 0) and level.purse == 0 and level.par == 12
    walks = optimal_walks(PINWHEEL)
    assert len(walks) == 1
    walk = walks[0]
    assert walk[0] == ((0, -2), 0) and walk[1] == ((-2, 0), 1)  # the first coin, then the toll west
    bridge = cells(walk).index((-1, -1))
    assert bridge == 5 and walk[bridge + 1] == ((2, -1), 0)  # the bridge, then free across to the east edge
    assert {(0, -1), (1, -1)} <= set(level.empty)  # the flight [-1,-1] -> [2,-1] passes no coin
    east = {(2, -1), (2, -2), (2, 0), (1, 0), (0, 1), (0, 2), (1, 1)}
    assert set(cells(walk[bridge + 1:])) == east  # all the east after it
    # after the first coin the bridge is beside you and free: taken then, par is gone
    _, moves, reaches = after(PINWHEEL, [(0, -2)])
    assert reaches and moves[(-1, -1)] == 0 and moves[(-2, 0)] == 1
    assert not after(PINWHEEL, [(0, -2), (-1, -1)])[2]
