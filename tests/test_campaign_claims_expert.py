"""What the reworked size-4 Expert levels' ideas and hints say is true of every optimal walk, and
no greedy player enters their walled rooms (issue 37). The cells are the boards' own, as literals;
the optimal walks are enumerated as in test_campaign_claims.py."""

from test_campaign_claims import after, board, cells, optimal_walks, says

from game.coinland.design_search import ParOracle, legal_moves

FIRST_CLASS = "5-expert/03-first-class.toml"
BULLSEYE = "5-expert/05-bullseye.toml"
BOOMERANG = "5-expert/06-boomerang.toml"
BANK_HOLIDAY = "5-expert/07-bank-holiday.toml"


def paid(walk):
    """The paid moves of a walk: ((from, to), fee), in order."""
    cells = [None, *[cell for cell, _ in walk]]
    return [((cells[i], cell), fee) for i, (cell, fee) in enumerate(walk) if fee]


def test_bank_holiday_finishes_the_east_then_pays_two_into_the_south_west():
    # the tip narrated the walk ("Sweep the east, then pay two for one flight south-west ... ends in
    # the west corner"); it now says what the south-west gives and asks what comes before it
    says(BANK_HOLIDAY, "One toll of two into the south-west", "Once you are in the south-west, every coin left is free",
         "Ask what you must finish before you go in, and what the way in costs",
         never=("Plan the last rooms first", "pay two for one flight", "Sweep the east"))
    for walk in optimal_walks(BANK_HOLIDAY):
        fees = [fee for _, fee in walk]
        assert fees.count(2) == 1 and max(fees) == 2
        jump = fees.index(2)
        assert walk[jump][0] in {(-1, 1), (0, 2)}
        assert walk[jump - 1][0] in {(2, 0), (1, -1)}  # from the east
        assert all(fee <= 1 for fee in fees[:jump]) and not any(fees[jump + 1:])
        # the south-west half (q < 0 or r > 0): every coin from the landing on lies there, and none before it
        assert all(q < 0 or r > 0 for q, r in cells(walk)[jump:])
        assert not any(q < 0 or r > 0 for q, r in cells(walk)[:jump])


def test_first_class_pays_two_to_cross_west_while_the_one_toll_door_north_waits():
    # the tip narrated the walk ("Go east first. From the south-east, pay two to fly west along that
    # row though the coin north costs one"); it now names what to weigh
    says(FIRST_CLASS, "Pay two to cross west first", "one-toll door north will wait",
         "A door that costs one now will cost one later too", "Ask what a dearer toll buys that will not wait",
         never=("Go east first", "fly west along that row"))
    walks = optimal_walks(FIRST_CLASS)
    assert len(walks) == 1  # every claim below is the one optimal walk's
    for walk in walks:
        assert walk[0] == ((2, 1), 1)  # east first, for a toll
        moves = paid(walk)
        assert moves[1] == (((1, 2), (-2, 2)), 2)  # from the south-east, two to fly west along the bottom
        before = cells(walk)[:cells(walk).index((-2, 2))]
        assert after(FIRST_CLASS, before)[1][(1, 0)] == 1  # while the coin north costs one
        assert not after(FIRST_CLASS, [*before, (1, 0)])[2]  # the dearer toll will not wait: the door first loses par
        door = [move for move in moves if move[0][1] == (1, 0)]
        assert door == [(((-1, 0), (1, 0)), 1)]  # taken later, for the same one toll
        assert cells(walk).index((1, 0)) > cells(walk).index((-2, 2))
        assert [fee for _, fee in moves].count(2) == 1


def test_bullseye_pays_one_to_land_on_the_centre_and_the_rest_is_free():
    says(BULLSEYE, "Pay one to land on the centre", "every coin after it is free",
         "Every coin after the centre is free", "Ask what you must sweep before you land there",
         "whether each coin is worth its part of the sweep",
         # the tip narrated the route, then named the coin to leave
         never=("fly north from the south-west", "sweep the north", "top row's coin"))
    walks = optimal_walks(BULLSEYE)
    for walk in walks:
        moves = paid(walk)
        assert all(fee == 1 for _, fee in moves)
        assert moves[-1][0][1] == (0, 0)  # the last toll lands on the centre
        assert not any(fee for _, fee in walk[cells(walk).index((0, 0)) + 1:])  # the rest is free
        north = [move for move, _ in moves if move[1] == (-2, -1)]
        assert len(north) == 1 and north[0][0] in {(-2, 2), (-2, 3)}  # one toll flies north from the south-west
        assert (2, -3) not in cells(walk)  # the top row's coin is left


def test_boomerang_flies_to_the_walled_coin_and_back_along_the_same_line():
    # the tip narrated both flights ("fly there along it and fly back out the same way, one flight
    # free, the other for one toll"); it now names the coin and its line and asks how to leave
    says(BOOMERANG, "walled coin and back out the same way",
         "One walled coin in the south sits on a long line from the east", "Ask how you would leave it",
         never=("fly there along it", "one flight free"))
    level = board(BOOMERANG)[0]
    coin, line = (-1, 2), {(2, -1), (3, -2)}  # the long diagonal from the east: (0, 1) and (1, 0) are empty
    walls = {((-2, 2), (-1, 2)), ((-1, 2), (0, 2)), ((-2, 3), (-1, 2)), ((-1, 1), (-1, 2))}
    assert walls <= level.gates and {(0, 1), (1, 0), (-1, 3)} <= level.empty
    for walk in optimal_walks(BOOMERANG):
        where = cells(walk).index(coin)
        came = cells(walk)[where - 1]
        went, out_fee = walk[where + 1]
        assert came in line and went in line and came != went
        assert sorted([walk[where][1], out_fee]) == [0, 1]  # one flight free, the other for one toll
    # the hint: the coin is in the south (r > 0), on one line (q + r = 1) that runs from the east edge (q = 3)
    assert coin[1] > 0 and {q + r for q, r in [*line, coin]} == {1} and (3, -2) in line


KEYSTONE = "4-hard/09-keystone.toml"


def test_keystone_takes_every_coin_for_two_tolls_the_first_while_a_free_coin_waits():
    """Its old hint ('pay one early for the west end of the second row ... the stone you fly from
    to the north-east') was true of one of its two walks: the other pays first to fly east."""
    # its next tip said the first toll is paid 'while a free coin still waits', true (checked below) but the
    # level's one decision handed over unasked: the tip no longer says it
    says(KEYSTONE, "Two tolls, all 18 coins", "Every coin for two tolls",
         never=("bridge", "stone you fly from", "while a free coin still waits"))
    level = board(KEYSTONE)[0]
    assert level.coins == 18
    firsts = set()
    for walk in optimal_walks(KEYSTONE):
        assert len(set(cells(walk))) == 18  # every coin
        moves = paid(walk)
        assert [fee for _, fee in moves] == [1, 1]
        (start, end), _ = moves[0]
        before = cells(walk)[:cells(walk).index(end)]
        assert 0 in after(KEYSTONE, before)[1].values()  # a free coin waits
        firsts.add((start, end))
    assert firsts == {((0, -2), (-1, -2)), (None, (3, 0))}  # the west end of the second row, or east from the start


THE_VAULT = "4-hard/08-the-vault.toml"
COUNTERFEIT = "4-hard/10-counterfeit.toml"
TREASURY = "4-hard/11-treasury.toml"


def test_the_vault_pays_one_into_the_corner_first_and_two_into_the_vault_last():
    # the tip narrated the route ("Leave the free coin beside you: pay one to start in the corner
    # above. Keep the west for last: a flight over two gates takes you there")
    says(THE_VAULT, "Pay one to start in the corner and two to end in the vault",
         "The west is a vault: its door is dear, and every coin behind it is free",
         "Ask where your walk must start so the vault can be its end",
         never=("Leave the free coin beside you", "a flight over two gates"))
    for walk in optimal_walks(THE_VAULT):
        assert walk[0] == ((3, -3), 1)  # the corner, for one, while a free coin waits
        assert 0 in after(THE_VAULT, [])[1].values()
        fees = [fee for _, fee in walk]
        assert fees.count(2) == 1 and walk[fees.index(2)][0] in {(-2, 1), (-3, 1)}
        assert not any(fees[fees.index(2) + 1:])  # the vault is the end: every coin after it is free
        assert max(fees) == 2 and fees.count(2) == 1  # its door is the dearest toll
        door = fees.index(2)
        assert all(q >= 0 for q, _ in cells(walk)[:door]) and all(q < 0 for q, _ in cells(walk)[door:])  # the west


def test_counterfeit_leaves_the_one_toll_coin_and_pays_two_when_the_free_coins_run_out():
    # the tip gave the answer ("it pays back less than a flight east for two. Leave it where it is")
    # and then "the coin one toll away is a counterfeit", the same answer: it now only asks to count
    says(COUNTERFEIT, "the one-toll coin is a trap: pay two", "When the free coins in the west run out",
         "count what each way on pays back, not what it costs",
         never=("Leave it where it is", "a flight east for two", "is a counterfeit"))
    for walk in optimal_walks(COUNTERFEIT):
        jump = next(i for i, (_, fee) in enumerate(walk) if fee == 2)
        _, moves, _ = after(COUNTERFEIT, cells(walk)[:jump])
        assert min(moves.values()) == 1  # the free coins have run out
        assert [cell for cell, fee in moves.items() if fee == 1] == [(-2, 1)]
        assert (-2, 1) not in cells(walk)  # the counterfeit is never taken


def test_treasury_takes_every_coin_in_one_order_starting_past_the_near_coin_and_up_the_east_edge():
    # the tip narrated the first three moves ("Fly past the free coin down-right of you to the end of
    # that line, then pay one for the east edge and fly up to its top corner")
    says(TREASURY, "Every coin, four tolls", "Every coin, for four tolls, in one order only",
         "Ask where that order must start and end", "what lies beyond each coin beside you",
         never=("Fly past the free coin", "fly up to its top corner", "costs you par if you take it first"))
    level = board(TREASURY)[0]
    walks = optimal_walks(TREASURY)
    assert len(walks) == 1
    walk = walks[0]
    assert len(set(cells(walk))) == level.coins == 20  # every coin
    assert walk[:3] == (((1, 2), 0), ((3, 0), 1), ((3, -3), 0))  # past [1,-1] down the line, east edge, top corner
    assert after(TREASURY, [])[1][(1, -1)] == 0  # the coin flown past was free
    assert not after(TREASURY, [(1, -1)])[2]  # taken first, par is gone
    assert after(TREASURY, [])[1][(1, 2)] == 0  # beyond it on its line ([1,-1] then [1,2]), free too


LABYRINTH = "5-expert/08-the-labyrinth.toml"
EL_DORADO = "5-expert/09-el-dorado.toml"


def openings_until_a_double_toll(path):
    """Every start of an optimal walk, move by move up to and with its first toll of two: the
    part of The Labyrinth's 1,584 optimal move orders its idea speaks of (all of them would take
    seconds to list)."""
    level, t, start = board(path)
    oracle = ParOracle(t, level.par, frozenset(level.gates))
    found = []

    def follow(cur, coins, purse, walk):
        if walk and walk[-1][1] == 2:
            found.append(tuple(walk))
            return
        for j, fee, bit in legal_moves(t, cur, coins, purse):
            if oracle.reaches(j, coins ^ bit, purse - fee + 1):
                follow(j, coins ^ bit, purse - fee + 1, [*walk, (t.cells[j], fee)])

    follow(*start, [])
    return found


def test_the_labyrinth_pays_both_inner_tolls_of_its_corner_and_leaves_it_from_the_right_coin():
    says(LABYRINTH, "Pay both tolls in your corner", "leave from the right coin",
         "Every way out of your walled corner costs two or more",
         "Ask which coin the best way out starts from", "pay the walls inside so you end there",
         never=("ends where the way on begins",))  # too vague to help
    starts = openings_until_a_double_toll(LABYRINTH)
    assert starts
    for walk in starts:
        moves = paid(walk)
        assert moves[:2] == [((None, (3, 1)), 1), (((3, 0), (4, -1)), 1)]  # both inner tolls, in this order
        assert len(moves) == 3 and moves[2][0][0] == (4, -1)  # out of the corner from the right coin, for two
        room = cells(walk)[:-1]
        assert set(room) == {(3, 1), (3, 0), (4, -1)}
        assert min(after(LABYRINTH, room)[1].values()) == 2  # every way out of the walled corner costs two or more


def test_el_dorado_flies_past_the_nearest_coin_to_the_far_corner_and_comes_back_for_it():
    says(EL_DORADO, "Fly past the near coin to the far corner, and come back for it",
         "Every way out of your pocket costs at least two")
    level = board(EL_DORADO)[0]
    pocket = [(-1, 4), (0, 4), (1, 3)]
    assert after(EL_DORADO, pocket)[0] == 3 and min(after(EL_DORADO, pocket)[1].values()) == 2
    assert (2, 2) in level.empty and (3, 1) not in level.empty  # on the line to [4,0], [3,1] is the first coin
    for walk in optimal_walks(EL_DORADO):
        assert cells(walk)[:3] == pocket  # the pocket, ended on the coin the flight leaves from
        assert walk[3] == ((4, 0), 2) and walk[4] == ((3, 1), 0)  # past [3,1] to the corner, then back for it
