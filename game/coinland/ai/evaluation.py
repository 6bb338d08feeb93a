"""How good a position is, in coins: what search calls at its horizon.

A Hoarder's future rests on *free* moves (they gain a coin; a paid move gains nothing or
loses), and a Gatekeeper closes one line a turn. Both evaluations count free moves.

Classic (`mobility_value`) scores the Hoarder's purse plus what her free moves promise:
her free *rays* (directions holding a free coin, counted up to two: with two or more the
Gatekeeper cannot shut her in next turn), her free *moves*, and the board's *open pairs*
per coin left (pairs of coins on one line with no gate between them: every free move
there still is, which is what a Gatekeeper's gates wear down over the game). With the
Hoarder to move it adds her best immediate gain, discounted: a coin she can take is not
yet a coin she holds. Search scores a horizon with the Hoarder to move by her best move
from it (see `search.py`), so this is read with the Gatekeeper to move.

Duel (`duel_value`) scores the mover's expected lead: purses, each Hoarder's outlook
(free rays weigh most: a Duellist without one must gate or pay while the other collects),
the move, and each side's open pairs under the other's gates.

The weights were chosen by short matches against the greedy sparring partner and between
the strengths (docs/AI.md gives the figures).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.coinland.ai.geometry import Geometry
from game.coinland.ai.greedy import mobility
from game.coinland.ai.position import Pos
from game.coinland.ai.waits import first_payer
from game.coinland.state import HOARDER

WIN = 1000.0  # a decided Duel outweighs any lead in coins

_SEGMENT_CACHE: dict[tuple[int, int], tuple[int, ...]] = {}


def segment_list(geo: Geometry, costly: int) -> tuple[int, ...]:
    """The segments of two or more cells that the `costly` gates leave, over all lines."""
    key = (geo.size, costly)
    found = _SEGMENT_CACHE.get(key)
    if found is None:
        if len(_SEGMENT_CACHE) > 200_000:
            _SEGMENT_CACHE.clear()
        masks = set()
        for number, line in enumerate(geo.lines):
            for mask in geo.segments(number, (costly >> line.offset) & line.field):
                if mask & (mask - 1):
                    masks.add(mask)
        found = _SEGMENT_CACHE[key] = tuple(masks)
    return found


def region(geo: Geometry, coins: int, cell: int, costly: int) -> int:
    """The coins reachable from `cell` by chains of moves that cross no `costly` gate (a mask)."""
    reach = 1 << cell
    pending = segment_list(geo, costly)
    grown = True
    while grown:
        grown = False
        rest = []
        for segment in pending:
            if segment & reach:
                if segment & coins & ~reach:
                    reach |= segment & coins
                    grown = True
            else:
                rest.append(segment)
        pending = rest
    return reach & coins


@dataclass(frozen=True)
class Outlook:
    """What one Hoarder can look forward to; see the module docs."""

    region: int  # coins in her free region
    targets: int  # free moves now
    rays: int  # directions holding a free move now
    cheapest: int  # the smallest fee of any move now (99 when she has none)


def outlook(pos: Pos, player: int, with_region: bool = True) -> Outlook:
    """`player`'s outlook; `with_region=False` skips the free region (0), which costs most to find."""
    cell = pos.hoarder(player)
    if cell < 0:
        return Outlook(0, 0, 0, 99)
    geo = pos.geo
    costly = pos.gates[1 - player]
    other = pos.pawns[1 - player] if pos.duel else -1
    targets = rays = 0
    cheapest = 99
    purse = pos.purses[player]
    coins = pos.coins
    for ray in geo.rays[cell]:
        fee = 0
        free_here = False
        for target, target_bit, edge_bit in ray:
            if target == other:
                break
            if costly & edge_bit:
                fee += 1
                if fee > purse or fee >= cheapest:
                    break
            if coins & target_bit:
                if fee == 0:
                    targets += 1
                    free_here = True
                cheapest = min(cheapest, fee)
        rays += free_here
    reach = region(geo, coins, cell, costly).bit_count() if with_region else 0
    return Outlook(reach, targets, rays, cheapest)


@dataclass(frozen=True)
class Weights:
    """How much each part of a Hoarder's outlook is worth in coins."""

    phase: float = 0.46  # times coins left squared over cells: what a Hoarder still collects on average
    region: float = 0.11
    targets: float = 0.18
    no_ray: float = -0.6  # no free ray: she must pay or stop
    one_ray: float = -0.3
    two_rays: float = -0.1
    threatened: float = -1.0  # one free ray while the Gatekeeper is to move: it can be closed
    risk: float = 0.05  # coins still to play for are worth a little less than coins in hand
    tempo: float = 0.5  # Duel: worth of having the move
    pairs: float = 0.0  # Duel: per coin left, own open pairs (no costly gate between) minus the other's
    # Duel, once neither Hoarder has a free move: times the lead the player who must move first
    # (if both only draw gates from now on) gives away with her cheapest move (0: not counted)
    first_pays: float = 0.0


# Duel outcomes hardly depend on region or targets (both players chase the same coins),
# but strongly on free rays: a Duellist without one must gate or pay while the other collects.
DUEL_WEIGHTS = Weights(region=0.0, targets=0.0, no_ray=-2.4, one_ray=-1.1, two_rays=-0.2, threatened=0.0,
                       tempo=0.65, pairs=0.5, first_pays=1.0)


def future(o: Outlook, coins: int, cells: int, to_move: bool, w: Weights) -> float:
    """Coins the Hoarder may still expect to gain (Classic) or to collect (Duel)."""
    if o.cheapest >= 99:
        return 0.0
    value = w.phase * coins * coins / cells + w.region * o.region + w.targets * o.targets - w.risk
    if o.rays <= 2:
        value += (w.no_ray, w.one_ray, w.two_rays)[o.rays]
    if o.rays == 1 and not to_move:
        value += w.threatened
    if o.rays == 0 and to_move:
        value += 1 - o.cheapest  # she pays before anything else
    return value


def duel_value(pos: Pos, player: int, w: Weights = DUEL_WEIGHTS) -> float:
    """`player`'s expected lead at the end of the Duel."""
    lead = pos.purses[player] - pos.purses[1 - player]
    if pos.ended or not pos.coins:
        return lead + (WIN if lead > 0 else -WIN if lead < 0 else 0.0)
    need = w.region != 0.0
    mine, theirs = outlook(pos, player, need), outlook(pos, 1 - player, need)
    if mine.cheapest >= 99 and theirs.cheapest >= 99:  # neither can move: the rules end it here
        return lead + (WIN if lead > 0 else -WIN if lead < 0 else 0.0)
    mover = pos.to_move == player
    coins, cells = pos.coins.bit_count(), len(pos.geo.cells)
    if w.first_pays and not mine.targets and not theirs.targets:
        return lead + waiting_game(pos, player, mine, theirs, w)
    value = lead + future(mine, coins, cells, mover, w) - future(theirs, coins, cells, not mover, w)
    if w.pairs:
        value += w.pairs * (open_pairs(pos.geo, pos.coins, pos.gates[1 - player])
                            - open_pairs(pos.geo, pos.coins, pos.gates[player])) / coins
    return value + (w.tempo if mover else -w.tempo)


def waiting_game(pos: Pos, player: int, mine: Outlook, theirs: Outlook, w: Weights) -> float:
    """`player`'s outlook once every move of both Hoarders costs: who must pay first.

    Neither will move while she can draw a gate instead (one of her own colour never costs her
    anything), so the player on turn when the last free edge is gone (`first_payer`: the
    parity of the free edges) moves first and hands over her cheapest fee; a player who cannot
    pay for any move passes, and the other pays. Having the move is worth nothing here: what
    counts is the parity, which a Wait (a gate on a harmless edge) passes to the other.
    """
    first = first_payer(pos)
    outlooks = {player: mine, 1 - player: theirs}
    if outlooks[first].cheapest >= 99:
        first = 1 - first
    loss = 2 * outlooks[first].cheapest - 1  # the lead her move gives away: the fee twice, less her coin
    return -w.first_pays * loss if first == player else w.first_pays * loss


@dataclass(frozen=True)
class Mobility:
    """Classic weights for `mobility_value`, in coins."""

    now: float = 0.8  # Hoarder to move: her best immediate gain (a free coin is +1), not yet in hand
    ray: float = 0.1  # each free ray, up to two (the Gatekeeper closes one a turn)
    move: float = 0.02  # each free move
    region: float = 0.0  # each coin of her free region (tried; the open pairs say it better)
    pairs: float = 0.2  # per coin left: pairs of coins joined by a free straight move (the board's openness)
    risk: float = 0.05  # a game still going is worth a little less than the same purse kept by ending it


MOBILITY = Mobility()


def mobility_value(pos: Pos, w: Mobility = MOBILITY, pairs: int | None = None) -> float:
    """The Hoarder's purse plus what her free moves promise: what the search scores Classic by.

    The Classic fight is local: the Gatekeeper closes one ray a turn, so a Hoarder keeps
    collecting free coins while she lands on cells with two free rays or more, and pays as
    soon as she lands on fewer. Her free rays (up to two), free moves and, faintly, her free
    region say how long that lasts. `pairs`, when given, is `open_pairs` of the position,
    already known (`pair_losses`).
    """
    purse = pos.purses[HOARDER]
    if pos.ended or not pos.coins:
        return float(purse)
    gain, count, rays = mobility(pos, HOARDER)
    if gain == -99:  # no move at all: over on her turn, and she pays or stops on any later one
        return float(purse)
    value = purse + w.ray * min(rays, 2) + w.move * count - w.risk
    if w.region:
        value += w.region * region(pos.geo, pos.coins, pos.pawns[0], pos.gates[1]).bit_count()
    if w.pairs:
        if pairs is None:
            pairs = open_pairs(pos.geo, pos.coins, pos.gates[1])
        value += w.pairs * pairs / pos.coins.bit_count()
    if pos.to_move == HOARDER:
        value += w.now * gain if gain > 0 else max(gain, -1) * w.now
    return value


_PAIRS_CACHE: dict[tuple[int, int, int], int] = {}


def open_pairs(geo: Geometry, coins: int, costly: int) -> int:
    """Pairs of coins on one straight line with no costly gate between them: every free move there is.

    Remembered: a Duel evaluation counts both sides' pairs, and one side's gates are the same
    in every sibling position of a node that moves or gates for the other side.
    """
    key = (geo.size, coins, costly)
    total = _PAIRS_CACHE.get(key)
    if total is None:
        total = 0
        for segment in segment_list(geo, costly):
            count = (segment & coins).bit_count()
            total += count * (count - 1) // 2
        if len(_PAIRS_CACHE) > 200_000:
            _PAIRS_CACHE.clear()
        _PAIRS_CACHE[key] = total
    return total


def pair_losses(geo: Geometry, coins: int, costly: int) -> tuple[int, list[int]]:
    """`open_pairs`, and by cell how many of those pairs its coin is in.

    Taking one coin removes exactly its pairs (a coin between two others does not block a
    free move), so every Hoarder move from one position is scored from this one count: on
    the size-6 board that was most of what `normal` spent a move on.
    """
    total = 0
    losses = [0] * len(geo.cells)
    for segment in segment_list(geo, costly):
        held = segment & coins
        count = held.bit_count()
        if count > 1:
            total += count * (count - 1) // 2
            while held:
                low = held & -held
                losses[low.bit_length() - 1] += count - 1
                held ^= low
    return total, losses


def value_for(pos: Pos, player: int, w: Weights | None = None, m: Mobility | None = None) -> float:
    """The evaluation from `player`'s side, in either mode (`w`: Duel weights, `m`: Classic ones)."""
    if pos.duel:
        return duel_value(pos, player, w or DUEL_WEIGHTS)
    value = mobility_value(pos, m or MOBILITY)
    return value if player == HOARDER else -value
