"""Hairpin (Expert 02), which replaced Last Train (issue 37), built as a pair of lessons met in one
walk, each needed: out and back on one line (Boomerang's reason) and the coin that lines you up
(Sightline's). An independent read found it turns on the near coin flown past, the walled coin's
way out, and a free corner left for later; the ledger files it under the near coin.
What its idea and hint say is true of every optimal walk, with the board's cells as literals (the
walks are enumerated as in test_campaign_claims.py), and a walk that does only one of the two falls
short of par: the board solved with each part's move forbidden, anywhere on the board."""

from test_campaign_claims import after, board, cells, optimal_walks, says

from game.coinland.design_search import ParOracle, legal_moves

HAIRPIN = "5-expert/02-hairpin.toml"
WALLED, LINE_IN, NEAR = (-2, 1), (1, -2), (-1, 0)  # the walled coin, where the walk flies in from, the coin passed
CORNER, EDGE_CELL, ROW_COIN = (-3, 3), (-3, 0), (0, 3)  # the corner, the cell before it, the coin it lines up


def _span(a, b):
    """The cells strictly between a and b on one line (None when they are not on one line)."""
    dq, dr = b[0] - a[0], b[1] - a[1]
    n = max(abs(dq), abs(dr), abs(dq + dr))
    if n == 0 or dq % n or dr % n or (dq // n, dr // n) not in {(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)}:
        return None
    return [(a[0] + dq // n * k, a[1] + dr // n * k) for k in range(1, n)]


def _out_and_back(level, walk):
    """(a, w, b): w has gates on three edges or more, the walk comes from a and leaves at once for b,
    both on one line from w and on the same side, one of the two moves free and the other paid."""
    walled = {c for c in {cell for edge in level.gates for cell in edge}
              if sum(c in edge for edge in level.gates) >= 3}
    here = [level.start, *cells(walk)]
    fees = [0, *[fee for _, fee in walk]]
    return {(here[i - 1], here[i], here[i + 1]) for i in range(1, len(walk))
            if here[i] in walled and sorted([min(fees[i], 1), min(fees[i + 1], 1)]) == [0, 1]
            and _span(here[i - 1], here[i]) is not None and _span(here[i], here[i + 1]) is not None
            and _same_side(here[i], here[i - 1], here[i + 1])}


def _same_side(w, a, b):
    def unit(c):
        n = max(abs(c[0] - w[0]), abs(c[1] - w[1]), abs(c[0] + c[1] - w[0] - w[1]))
        return ((c[0] - w[0]) // n, (c[1] - w[1]) // n)
    return unit(a) == unit(b)


def _best_without(path, banned):
    """The best score of a walk none of whose moves `banned(walk so far, step, coins, tables)` refuses."""
    level, _, _ = board(path)
    return next((target for target in range(level.par, level.purse, -1) if _reaches(path, banned, target)),
                level.purse)


def _reaches(path, banned, target):
    """Whether some walk that makes no banned move holds `target` coins."""
    level, t, start = board(path)
    oracle = ParOracle(t, target, frozenset(level.gates))
    seen = set()

    def reaches(cur, coins, purse, walk):
        if purse >= target:
            return True
        key = (cur, coins, purse, walk[-2:])
        if key in seen:
            return False
        seen.add(key)
        for j, fee, bit in legal_moves(t, cur, coins, purse):
            step = (t.cells[j], fee)
            if not oracle.reaches(j, coins ^ bit, purse - fee + 1) or banned(walk, step, coins, t):
                continue
            if reaches(j, coins ^ bit, purse - fee + 1, (*walk, step)):
                return True
        return False

    return reaches(*start, ((level.start, 0),))


def _walled_cells(level):
    return {c for edge in level.gates for c in edge if sum(c in e for e in level.gates) >= 3}


def _ban_out_and_back(level):
    walled = _walled_cells(level)

    def banned(walk, step, coins, t):
        if len(walk) < 2:
            return False
        (a, _), (w, fw) = walk[-2:]
        return (w in walled and _span(a, w) is not None and _span(w, step[0]) is not None
                and _same_side(w, a, step[0]) and sorted([min(fw, 1), min(step[1], 1)]) == [0, 1])
    return banned


def _ban_lined_up(walk, step, coins, t):
    """A flight of three cells or more over no coin, at once after a paid move."""
    here, fee_in = walk[-1]
    span = _span(here, step[0])
    return (len(walk) >= 2 and fee_in >= 1 and span is not None and len(span) >= 2
            and not any(coins >> t.index[c] & 1 for c in span))


def test_hairpin_flies_out_to_the_walled_coin_and_back_then_buys_the_corner_for_its_row():
    says(HAIRPIN, "Fly past your way out, and leave the free corner for later",
         "will need it later as your way out", never=("buy the corner for its line", "lines you up with a row"))
    level = board(HAIRPIN)[0]
    assert level.start == (-2, 3) and level.purse == 3 and level.par == 22
    walled = {edge for edge in level.gates if WALLED in edge}
    assert len(walled) == 4 and ((-2, 1), (-1, 1)) in walled and ((-2, 1), (-2, 2)) in walled
    walks = optimal_walks(HAIRPIN)
    assert len(walks) == 1  # one walk, one order
    for walk in walks:
        way = cells(walk)
        # out and back: from [1,-2] one toll flies three cells south-west past the coin [-1,0] to the
        # walled [-2,1]; the next move goes back up the same line, free, for [-1,0]
        w = way.index(WALLED)
        assert way[w - 1] == LINE_IN and walk[w] == (WALLED, 1) and walk[w + 1] == (NEAR, 0)
        assert _span(LINE_IN, WALLED) == [(0, -1), NEAR] and (0, -1) in level.empty
        assert _out_and_back(level, walk) == {(LINE_IN, WALLED, NEAR)}
        # lined up: from [-3,0] one toll down the west edge buys the corner [-3,3]; at once the walk
        # flies three cells east along the bottom row, free, over the empty start and [-1,3], to [0,3]
        c = way.index(CORNER)
        assert way[c - 1] == EDGE_CELL and walk[c] == (CORNER, 1) and walk[c + 1] == (ROW_COIN, 0)
        assert _span(CORNER, ROW_COIN) == [(-2, 3), (-1, 3)] and (-1, 3) in level.empty
        assert _span(EDGE_CELL, ROW_COIN) is None  # not in line with [0,3] before the corner
        assert w < c and all(cell[0] >= 0 for cell in way[c + 1:])  # the rest is the east


def test_hairpins_two_lessons_are_each_needed():
    level = board(HAIRPIN)[0]
    assert _best_without(HAIRPIN, _ban_out_and_back(level)) == 21  # par 22
    assert _best_without(HAIRPIN, _ban_lined_up) == 21


def test_hairpins_near_coin_is_the_walled_coins_way_out_and_its_corner_waits():
    """What an independent read found the level turns on, now its idea and hint: the coin flown past,
    [-1,0], is the walled coin's one free way out (taken first, it strands the walk there); the
    corner [-3,3], free beside the start, loses par taken at the first or second move, and is later
    the west corner [-3,0]'s only way out, for one."""
    way = cells(optimal_walks(HAIRPIN)[0])
    w = way.index(WALLED)
    _, legal, _ = after(HAIRPIN, way[:w + 1])
    assert [cell for cell, fee in legal.items() if fee == 0] == [NEAR]
    assert not after(HAIRPIN, [*way[:w], NEAR])[2]  # the way out taken first: par is gone
    assert after(HAIRPIN, [])[1][CORNER] == 0 and after(HAIRPIN, way[:1])[1][CORNER] == 0
    assert not after(HAIRPIN, [CORNER])[2] and not after(HAIRPIN, [*way[:1], CORNER])[2]
    assert after(HAIRPIN, way[:way.index(CORNER)])[1] == {CORNER: 1}
