"""What the campaign's ideas and hints say about a board is true of every optimal walk (issue 37).

An idea or hint that names a cell, a count or an order makes a claim a player (or an attacker
with a solver) can check. Each test here enumerates every optimal walk of one shipped level and
checks the claim its text makes, with the board's cells written out as literals; several were
false before (a "corner" that was an edge cell, "pay two" where most walks pay one and one, "leave
it" where half the walks end on it, "never cheaper" where the way is free later).
"""

from functools import cache
from pathlib import Path

import pytest

from game.coinland.design_search import ParOracle, legal_moves
from game.coinland.levels import load_level
from game.coinland.solver_tables import tables

LEVELS = Path(__file__).resolve().parent.parent / "levels"
CORNERS = {(2, 0), (2, -2), (0, -2), (-2, 0), (-2, 2), (0, 2)}  # size 3


@cache
def board(path):
    level = load_level(LEVELS / path)
    t = tables(level.size, frozenset(level.gates))
    start = (t.index[level.start], t.mask_of(level.initial_state().coins), level.purse)
    return level, t, start


@cache
def optimal_walks(path, cap=5000):
    """Every walk from the start that reaches par, as ((cell, fee), ...), up to `cap` walks."""
    level, t, start = board(path)
    oracle = ParOracle(t, level.par, frozenset(level.gates))
    walks = []

    def follow(cur, coins, purse, walk):
        if purse >= level.par:
            walks.append(tuple(walk))
            return
        for j, fee, bit in legal_moves(t, cur, coins, purse):
            if len(walks) < cap and oracle.reaches(j, coins ^ bit, purse - fee + 1):
                follow(j, coins ^ bit, purse - fee + 1, [*walk, (t.cells[j], fee)])

    follow(*start, [])
    assert 0 < len(walks) < cap
    return walks


def after(path, cells):
    """(purse, {cell: fee} of the legal moves, whether par is still in reach) after free moves to `cells`."""
    level, t, (cur, coins, purse) = board(path)
    for cell in cells:
        move = next(m for m in legal_moves(t, cur, coins, purse) if t.cells[m[0]] == cell)
        cur, coins, purse = move[0], coins ^ move[2], purse - move[1] + 1
    oracle = ParOracle(t, level.par, frozenset(level.gates))
    moves = {t.cells[j]: fee for j, fee, _ in legal_moves(t, cur, coins, purse)}
    return purse, moves, oracle.reaches(cur, coins, purse)


def free_sweep_ends(path):
    """Where every walk of free moves only, from the start, gets stuck."""
    _, t, start = board(path)
    ends = set()

    def sweep(cur, coins, purse):
        free = [(j, bit) for j, fee, bit in legal_moves(t, cur, coins, purse) if fee == 0]
        if not free:
            ends.add(t.cells[cur])
        for j, bit in free:
            sweep(j, coins ^ bit, purse + 1)

    sweep(*start)
    return ends


def says(path, *phrases, never=()):
    """The level's idea and hint name the claim the test checks (and not the false one it replaced)."""
    level = board(path)[0]
    text = f"{level.idea} | {level.hint}"
    assert all(phrase in text for phrase in phrases), text
    assert not any(phrase in text for phrase in never), text


def cells(walk):
    return [cell for cell, _ in walk]


def test_counting_house_takes_its_dead_end_corner_first_or_last():
    path = "2-easy/07-counting-house.toml"
    # the hint is the tip once the player has tried the level: it asks the question, not the answer
    # (it said "Visit that corner first, or keep the room for the end")
    says(path, "north-east corner first or last", "costs two or more", "Ask where in your walk that corner can stand",
         never=("first, not last", "dead", "Visit that corner first", "keep the room for the end"))
    assert free_sweep_ends(path) == {(2, -2)} and (2, -2) in CORNERS
    places = {cells(w).index((2, -2)) - len(w) if cells(w)[-1] == (2, -2) else cells(w).index((2, -2))
              for w in optimal_walks(path)}
    assert places == {0, -1}  # first in some walks, last in others, never in between


@pytest.mark.parametrize(("path", "free", "moves"), [
    ("2-easy/07-counting-house.toml", [(2, -1), (1, 0), (1, -2), (2, -2)], {(-1, 1): 2, (-2, 2): 3}),
    ("3-medium/11-border-post.toml", [(2, 0), (2, -1)], {(0, -1): 2, (-1, -1): 2, (0, 1): 2}),
    ("3-medium/13-stepping-stones.toml", [(1, -2), (0, -1), (-1, -1)], {(-1, 1): 2, (-1, 2): 2}),
    ("4-hard/06-turnpike.toml", [(-1, 1), (-1, 0), (-2, 0), (-2, 1)], {(0, 1): 2, (0, -1): 2, (1, -2): 2}),
])
def test_a_hints_dead_end_costs_two_or_more_to_leave(path, free, moves):
    """'A dead end: every way out costs two': after those free coins, and par is out of reach."""
    _, legal, reaches = after(path, free)
    assert legal == moves and not reaches


def test_border_post_tip_asks_about_the_way_back_and_names_no_trap():
    """The tip said "After your first coin, the free one across it is a trap", the level's one choice
    at move 2 (free [2,-1] against [0,2] for one); it now asks what the way back costs from each coin."""
    says("3-medium/11-border-post.toml", "Three coins sit beyond the border",
         "ask what the way back costs from each coin on the far side", never=("is a trap", "costs two."))
    path = "3-medium/11-border-post.toml"
    coins = set(board(path)[0].initial_state().coins)
    # the three coins the idea turns down are the same three in every optimal walk
    assert {frozenset(coins - set(cells(w))) for w in optimal_walks(path)} == {frozenset({(2, -1), (1, -2), (-2, 2)})}


def test_stepping_stones_ends_its_free_top_sweep_on_the_coin_above_the_door():
    """The tip said "Finish on the coin above the door: one toll takes you down to the rest", the
    level's one decision; shown once the level is tried, it now asks which top coin to end on."""
    path = "3-medium/13-stepping-stones.toml"
    says(path, "Finish the top sweep on the coin above the door", "The top coins are free",
         "Ask which top coin you want to end on", "what each one's ways down cost",
         never=("Finish on the coin", "one toll takes you down", "dead end if you take it last"))
    top = {(1, -2), (-1, -1), (0, -1)}  # the coins of the two top rows; (-1, -1) is the west one
    assert {cell for cell in board(path)[0].initial_state().coins if cell[1] < 0} == top
    assert {cell: fee for cell, fee in after(path, [])[1].items() if cell in top} == dict.fromkeys(top, 0)
    for walk in optimal_walks(path):
        sweep = cells(walk)[:2]
        assert set(sweep) < top and sweep[-1] == (0, -1) and all(fee == 0 for _, fee in walk[:2])
        assert walk[2] == ((0, 0), 1) and not top & set(cells(walk)[2:])  # the door, and the top is done


def test_blind_alleys_corner_coin_is_left_or_bought_early():
    path = "2-easy/04-blind-alley.toml"
    # the tip said taking the corner free is "a dead end from there: the only way on costs two", which of
    # the two ways to take it loses par (the idea's lesson, handed over unasked); it now asks to count it
    says(path, "leave it, or buy it early", "The far-left corner coin is free from the coin just above it",
         "Before you take it, count what the way on from there costs",
         never=("leave it on the board", "the only way on costs two"))
    assert after(path, [(-1, 0), (-1, -1), (-2, 0)])[1] == {(2, 0): 2}  # the only way on costs two
    fates = {(cells(w).index((-2, 0)), dict(w)[(-2, 0)]) if (-2, 0) in cells(w) else "left"
             for w in optimal_walks(path)}
    assert fates == {"left", (1, 1)}


def test_penny_lane_ends_through_the_coin_beside_the_start():
    says("3-medium/02-penny-lane.toml", "way west at the end", "The coin next to you costs nothing now",
         "Ask what it is worth later, when the west is all that is left")
    walks = optimal_walks("3-medium/02-penny-lane.toml")
    assert {tuple(cells(w)[-3:]) for w in walks} == {((-1, 1), (-2, 1), (-2, 0))}
    level = board("3-medium/02-penny-lane.toml")[0]
    assert level.start == (-1, 2) and after("3-medium/02-penny-lane.toml", [])[1][(-1, 1)] == 0  # next to you, free
    for walk in walks:  # when it is taken, the west (q < 0) is all that is left
        left = set(level.initial_state().coins) - set(cells(walk)[:-3])
        assert left == {(-1, 1), (-2, 1), (-2, 0)} and all(q < 0 for q, _ in left)


def test_penny_lane_spends_its_first_toll_on_the_longest_flight():
    """Reworked for Medium (issue 37): of the three first moves (the free coin beside the start,
    the toll next door, a toll for the flight of three cells to [2,-1]) only the flight keeps par.
    The tip said so ("Spend your first toll on the longest flight"): the level's one opening, given."""
    path = "3-medium/02-penny-lane.toml"
    says(path, never=("longest flight", "stepping stone"))
    _, legal, _ = after(path, [])
    assert legal == {(-1, 1): 0, (0, 2): 1, (2, -1): 1}
    assert {w[0] for w in optimal_walks(path)} == {((2, -1), 1)}
    assert all(after(path, [first])[2] is False for first in [(-1, 1)])


DAISY = "3-medium/01-daisy-chain.toml"
CHAIN = [(0, -2), (0, -1), (-1, 0), (-2, 1), (-2, 0), (-2, 2), (-1, 1)]  # end to end


def test_daisy_chain_pays_two_to_enter_its_chain_at_an_end():
    """New for Medium (issue 37; replaces Small Change): after the two free coins east, the
    one-coin corner [2,0] leads nowhere and the chain's inner cell [-2,2] splits it; every walk
    pays two at one end of the seven-coin chain and takes it end to end."""
    # the tip (shown once the level is tried) named the decision: "Two coins buy a way in at either
    # end; the corner for one leads nowhere". Now it names the chain and asks where the door leaves you
    says(DAISY, "enter the chain at an end, not one for the corner", "Seven coins lie in a chain",
         "it pays most taken whole", "ask where that door leaves you",
         never=("Two coins buy a way in", "corner for one leads nowhere"))
    purse, legal, reaches = after(DAISY, [(2, -1), (2, -2)])
    assert (purse, reaches) == (7, True)
    assert legal == {(2, 0): 1, (0, -2): 2, (-1, 1): 2, (-2, 2): 2} and (2, 0) in CORNERS
    assert not after(DAISY, [(2, -1), (2, -2), (2, 0)])[2]
    assert not after(DAISY, [(2, -1), (2, -2), (-2, 2)])[2]
    walks = optimal_walks(DAISY)
    assert len(walks) == 2
    for walk in walks:
        assert cells(walk)[:2] == [(2, -1), (2, -2)] and walk[2][1] == 2
        assert cells(walk)[2:] in (CHAIN, CHAIN[::-1])  # taken whole: all seven, in one run, end to end
        assert [fee for _, fee in walk] == [0, 0, 2, 0, 0, 0, 0, 0, 0]


RING_ROAD = "2-easy/09-ring-road.toml"
RING = {(1, -2), (2, -2), (2, -1), (1, 0), (-1, 0), (-1, -1), (-2, 0), (-2, 1), (-1, 1), (-2, 2), (-1, 2), (0, 2)}


def test_ring_road_pays_its_one_toll_first_and_takes_all_twelve_coins():
    """New for Easy (issue 37; replaces Crossroads, whose free coin kept as a landing was the idea
    of Penny Lane, Pinwheel and Copper Bridge too): of the five first moves the two free coins on
    the line south-west of the corner start, [-1,-1] and [-2,0] (flown to over [-1,-1]), both lose
    par; every walk pays one first, east to [1,-2] or down the empty middle to [0,2], and then
    takes all twelve coins with no toll."""
    path = RING_ROAD
    # the tip (shown once the level is tried) named the move: "Pay one to join it elsewhere first"
    says(path, "One toll buys all twelve coins", "pay it before any free one", "Twelve coins make a ring",
         "one toll is all it needs", "Before you take a free coin, ask whether it breaks the ring",
         never=("Pay one to join it elsewhere", "south-west of you"))
    purse, legal, reaches = after(path, [])
    assert (purse, reaches) == (5, True) and (0, -2) in CORNERS
    assert legal == {(-1, -1): 0, (-2, 0): 0, (1, -2): 1, (2, -2): 1, (0, 2): 1}
    assert [(0 - k, -2 + k) for k in (1, 2)] == [(-1, -1), (-2, 0)]  # one line, south-west (q-1, r+1)
    assert not after(path, [(-1, -1)])[2] and not after(path, [(-2, 0)])[2]
    walks = optimal_walks(path)
    assert len(walks) == 4
    assert {walk[0] for walk in walks} == {((1, -2), 1), ((0, 2), 1)}
    for walk in walks:
        assert len(walk) == 12 and set(cells(walk)) == RING
        assert [fee for _, fee in walk] == [1] + [0] * 11


TOLL_ROAD = "3-medium/03-toll-road.toml"
EDGE = {(-1, 2), (0, 2), (1, 1)}  # cells on the rim of the size-3 board, one step apart


def test_toll_road_pays_three_tolls_in_a_row_each_with_the_one_coin_in_hand():
    """New for Medium (issue 37; replaces The Exchange): the free coin beside the start leaves no
    move at all; every walk pays one to [-1,2], [0,2] and [1,1] in turn, along the rim, entering
    each with one coin in hand, then sweeps the rest for free."""
    path = TOLL_ROAD
    # the tip named the route ("Pay your way along the edge"), then the free move to turn down ("The free
    # coin beside you ends the walk"); it now asks where each move leaves you
    says(path, "Three tolls in a row, each paid with the one coin in hand",
         "You hold one coin, and one coin beside you is free", "which toll leaves you a coin for the next",
         never=("Pay your way along the edge", "ends the walk"))
    assert all(max(abs(q), abs(r), abs(q + r)) == 2 for q, r in EDGE)
    purse, legal, _ = after(path, [])
    assert purse == 1 and legal == {(-2, 1): 0, (-1, 2): 1, (0, 0): 1}  # one coin, one free coin beside you
    assert after(path, [(-2, 1)])[1] == {}  # the free coin: no move is left
    (walk,) = optimal_walks(path)
    assert walk[:3] == (((-1, 2), 1), ((0, 2), 1), ((1, 1), 1))
    assert all(fee == 0 for _, fee in walk[3:])
    for n in range(3):  # one coin in hand before each toll
        assert after(path, cells(walk)[:n])[0] == 1


def test_toll_bridge_north_is_free_later_but_par_is_gone():
    """The old hint said the way north 'will never be cheaper': round by the south it is free. The
    hint after it ('the way north costs one coin: pay it now') named the level's one decision, and
    the hint is shown unasked as the tip at every start: it now says only where the free coins lead."""
    # the hint after that ('par does not come round with them') said which of two ways loses par:
    # it now asks to weigh each way on by where it leaves you
    says("2-easy/08-toll-bridge.toml", "Your first coin is free", "where it leaves you later, not by its fee now",
         never=("never be cheaper", "pay it now", "par does not come round"))
    assert {w[0][1] for w in optimal_walks("2-easy/08-toll-bridge.toml")} == {0}  # the first coin is free
    _, moves, _ = after("2-easy/08-toll-bridge.toml", [(0, 1)])
    assert moves[(0, 2)] == 0  # the free coin after the first leads south
    _, moves, _ = after("2-easy/08-toll-bridge.toml", [(0, 1), (0, 2)])
    assert moves[(2, 0)] == 0
    _, moves, reaches = after("2-easy/08-toll-bridge.toml", [(0, 1), (0, 2), (2, 0)])
    assert moves[(2, -2)] == 0 and not reaches  # round to the north for free, and par is gone
    assert {w[1] for w in optimal_walks("2-easy/08-toll-bridge.toml")} == {((0, -1), 1)}


def test_attic_free_way_up_strands_you():
    """The old hint said the way up later 'costs more': after the free coin below it, it is free."""
    # the tip named the cell to pay for ("The east corner costs one coin"), then said which way up loses
    # par ("The free way up to the attic strands you"); it now asks to weigh every way up
    says("3-medium/07-attic.toml", "free way up strands you", "Look at every way up to the attic before you climb",
         "ask what each leaves you for the tolls after it",
         never=("costs more", "The east corner costs one coin", "to the attic strands you", "Look for another way up"))
    _, moves, reaches = after("3-medium/07-attic.toml", [(1, 0), (0, 0), (1, -1)])
    assert moves[(1, -2)] == 0 and not reaches
    # reworked (issue 37): a gate on the way back west, so every walk pays the east corner first
    # and one more coin into [0,-1] later: two tolls, the climb's the first
    walks = optimal_walks("3-medium/07-attic.toml")
    assert len(walks) == 2
    for walk in walks:
        paid = [(i, cell, fee) for i, (cell, fee) in enumerate(walk) if fee]
        assert [(cell, fee) for _, cell, fee in paid] == [((2, 0), 1), ((0, -1), 1)]
        assert walk[paid[0][0] + 1][0] == (2, -2)  # the climb, from the east corner




def test_night_market_leaves_a_coin_not_worth_its_toll():
    path = "3-medium/06-night-market.toml"
    says(path, "leave what is not worth a toll")
    coins = set(board(path)[0].initial_state().coins)
    left = {frozenset(coins - set(cells(w))) for w in optimal_walks(path)}
    assert all(left) and {(2, 0)} in left and {(-1, 0)} in left


def test_toll_gates_spends_its_only_coin_at_once_on_the_north_east_corner():
    path = "3-medium/04-toll-gates.toml"
    # the tip named the cell to pay for ("the north-east corner cannot [wait]"); now it says only
    # where the free coins lead and that following them loses par
    # and then that following the free coins lost par (which of two ways is wrong); now it asks
    says(path, "only coin", "After your first coin you hold one coin", "Ask what your one coin is for",
         "which ways on leave you able to pay the next toll",
         never=("north-east corner", "can wait", "par is gone the moment you follow them"))
    assert {w[:2] for w in optimal_walks(path)} == {(((0, -2), 0), ((2, -2), 1))}
    purse, moves, reaches = after(path, [(0, -2)])
    assert purse == 1 and reaches  # after your first coin: one coin
    free = [cell for cell, fee in moves.items() if fee == 0]
    assert sorted(free) == [(-2, 0), (-1, -1)] and all(q < 0 for q, _ in free)  # they lead west
    assert not any(after(path, [(0, -2), cell])[2] for cell in free)  # and par is gone


def test_copper_bridge_pays_to_come_back_for_the_coin_it_left():
    path = "4-hard/01-copper-bridge.toml"
    # the tip narrated the route ("Take one coin, then fly across the board for a toll while a free
    # coin waits beside you"); it now warns off the free coin and asks what it is worth later
    says(path, "pay to come back for it", "After your first coin, a free coin waits beside you",
         "Ask what it is worth now, and what it is worth later",
         never=("free coins wait", "fly across the board", "par is gone if you take it now"))
    assert after(path, [(1, 0)])[1][(1, -1)] == 0
    assert not after(path, [(1, 0), (1, -1)])[2]  # taken now, par is gone
    for walk in optimal_walks(path):
        assert walk[1] == ((-2, 0), 1) and dict(walk)[(1, -1)] == 1
        assert cells(walk).index((1, -1)) > 1  # it is taken later, in every walk


def test_back_door_ends_in_its_corner_or_never_goes():
    says("4-hard/02-back-door.toml", "The bottom-left corner: end your walk there, or never go",
         "Count the bottom-left corner's ways out", "what the walk is worth with it and without it",
         never=("leave it there", "dead end", "it can only be your last"))  # the tip restated the idea
    assert (-2, 2) in CORNERS
    fates = {"never" if (-2, 2) not in cells(w) else "last" if cells(w)[-1] == (-2, 2) else "between"
             for w in optimal_walks("4-hard/02-back-door.toml")}
    assert fates == {"last", "never"}


def test_turnpike_enters_the_west_rooms_dead_end_first_and_leaves_by_the_south():
    path = "4-hard/06-turnpike.toml"
    says(path, "dead end", "by the south", "ends on its west edge, where every way out costs two",
         "Ask what it is worth to be there early instead",
         never=("corner", "Pay one to take that end early", "one to leave by the south"))
    assert free_sweep_ends(path) == {(-2, 1)} and (-2, 1) not in CORNERS
    for walk in optimal_walks(path):
        assert ((-2, 1), 1) in walk[:2] and walk[4] == ((-1, 2), 1)


def test_round_trip_and_leap_of_faith_open_with_a_toll():
    # the tip spoke of the move by its number ("Only one first move keeps par, and it is not a free
    # one"); it now says what the free ways in do and asks where the round starts
    # and then "both free ways in strand you", the same decision; it now asks where the round starts
    says("4-hard/05-round-trip.toml", "west corner, for a toll", "The coins run round the centre",
         "Ask where the round must start and which way it runs",
         never=("Only one first move", "first move keeps par", "strand you"))
    free = [cell for cell, fee in after("4-hard/05-round-trip.toml", [])[1].items() if fee == 0]
    assert sorted(free) == [(-2, 2), (-1, 1)]
    assert not any(after("4-hard/05-round-trip.toml", [cell])[2] for cell in free)  # both strand you
    # the tip named the opening ("Pay to start it"), then which end loses par ("Walked from this end, the
    # top row strands you unless it comes last"); it now asks what each end is worth
    says("4-hard/03-leap-of-faith.toml", "Look at both ends of the top row", "Ask what its other end is worth to you",
         "what reaching it costs", never=("Pay to start it", "Walked from this end", "strands you unless"))
    assert {w[0] for w in optimal_walks("4-hard/05-round-trip.toml")} == {((-2, 0), 1)}
    assert all(w[0][1] == 1 for w in optimal_walks("4-hard/03-leap-of-faith.toml"))


def test_leap_of_faith_walks_the_top_row_from_its_far_end_or_last():
    # the attack found "from this end it strands you" false for the walk that keeps the row for last
    says("4-hard/03-leap-of-faith.toml", "far end, or save it for last", never=("from this end it strands you",))
    row = [(-1, -1), (0, -2), (1, -2), (2, -2)]  # west to east; the start [1, -1] is by its east end
    first = last = 0
    for walk in optimal_walks("4-hard/03-leap-of-faith.toml"):
        if cells(walk)[:4] == row:
            first += 1
        else:
            assert cells(walk)[-4:] == row[::-1]
            last += 1
    assert first == 6 and last == 1


@pytest.mark.parametrize("path", ["1-tutorial/06-know-when-to-stop.toml"])
def test_know_when_to_stop_leaves_two_coins_worth_three_tolls(path):
    says(path, "at least three tolls")
    level, t, _ = board(path)
    left = t.mask_of([(0, 2), (2, 0)])

    def cheapest(cur, coins, paid=0, best=99):
        if not coins & left:
            return paid
        for j, fee, bit in legal_moves(t, cur, coins, 99):
            if paid + fee < best:
                best = min(best, cheapest(j, coins ^ bit, paid + fee, best))
        return best

    start_coins = t.mask_of(level.initial_state().coins)
    for walk in optimal_walks(path)[::25]:
        coins = start_coins
        for cell, _ in walk:
            coins ^= 1 << t.index[cell]
        assert coins & left == left and cheapest(t.index[walk[-1][0]], coins) >= 3
