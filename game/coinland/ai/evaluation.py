"""How good a position is, in coins: what search calls at its horizon.

A Hoarder's future rests on *free* moves (they gain a coin; a paid move gains nothing or
loses), so the evaluation reads three things about each Hoarder:

* her free *region*: the coins she could reach by chaining free moves if no more gates
  came (the same component the puzzle solver bounds its search with);
* her free *rays*: in how many of the six directions she has a free coin now. A Gatekeeper
  closes one ray per turn, so a Hoarder on one free ray is trapped next turn and one on
  none must pay;
* her free *targets*: how many coins she can take for free right now.

Classic scores the Hoarder's expected final purse (the Gatekeeper minimises it); Duel
scores the mover's expected lead. The weights were fitted to the outcomes of self-play
games (see `scripts/bench_ai.py --fit`), then checked in tournaments.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.coinland.ai.candidates import free_rays_at
from game.coinland.ai.geometry import Geometry
from game.coinland.ai.greedy import mobility
from game.coinland.ai.position import Pos
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


def gain_bound(geo: Geometry, coins: int, cell: int, costly: int) -> int:
    """The most a Hoarder can still gain even if no gate is ever added: the puzzle solver's bound.

    Free moves (+1) stay inside one component of coins joined by free moves; reaching any
    other component costs at least one coin first. Gates are only ever added, so this also
    bounds what a Classic Hoarder can still gain against any Gatekeeper.
    """
    own = region(geo, coins, cell, costly)
    bound = own.bit_count()
    rest = coins & ~own
    while rest:
        low = rest & -rest
        component = region(geo, rest, low.bit_length() - 1, costly) | low
        bound += component.bit_count() - 1
        rest &= ~component
    return bound


@dataclass(frozen=True)
class Outlook:
    """What one Hoarder can look forward to; see the module docs."""

    region: int  # coins in her free region
    targets: int  # free moves now
    rays: int  # directions holding a free move now
    cheapest: int  # the smallest fee of any move now (99 when she has none)


def outlook(pos: Pos, player: int) -> Outlook:
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
    reach = region(geo, coins, cell, costly).bit_count()
    return Outlook(reach, targets, rays, cheapest)


def landings(pos: Pos, player: int) -> tuple[int, int]:
    """Where `player`'s free moves lead: (most free rays at any landing, rays holding a safe landing).

    A landing is safe when it keeps two free rays or more: the Gatekeeper closes one ray a
    turn, so a Hoarder who lands on one free ray (or none) pays for her next coin. These two
    numbers are what a greedy Gatekeeper steers by, so a search must see them at its horizon.
    """
    cell = pos.hoarder(player)
    if cell < 0:
        return 0, 0
    costly = pos.gates[1 - player]
    coins = pos.coins
    best = safe = 0
    for ray in pos.geo.rays[cell]:
        safe_here = False
        for target, target_bit, edge_bit in ray:
            if costly & edge_bit:
                break
            if coins & target_bit:
                rays = free_rays_at(pos, target, player, coins & ~target_bit)
                best = max(best, rays)
                safe_here = safe_here or rays >= 2
        safe += safe_here
    return best, safe


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
    land_none: float = 0.0  # Hoarder to move: no free move leads to a free ray
    land_one: float = 0.0  # Hoarder to move: her best landing keeps one free ray (closed next turn)
    safe_none: float = 0.0  # Gatekeeper to move: no ray holds a landing with two free rays
    safe_one: float = 0.0  # Gatekeeper to move: one ray does, and the Gatekeeper can close it


CLASSIC_WEIGHTS = Weights()
# Duel outcomes hardly depend on region or targets (both players chase the same coins),
# but strongly on free rays: a Duellist without one must gate or pay while the other collects.
DUEL_WEIGHTS = Weights(region=0.0, targets=0.0, no_ray=-2.4, one_ray=-1.1, two_rays=-0.2, threatened=0.0,
                       tempo=0.65, pairs=0.5)


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


def classic_value(pos: Pos, w: Weights = CLASSIC_WEIGHTS) -> float:
    """The Hoarder's expected final purse."""
    purse = pos.purses[HOARDER]
    if pos.ended or not pos.coins:
        return float(purse)
    o = outlook(pos, HOARDER)
    if o.cheapest >= 99 and pos.to_move == HOARDER:
        return float(purse)
    gain = future(o, pos.coins.bit_count(), len(pos.geo.cells), pos.to_move == HOARDER, w)
    if gain > o.region:  # the bound is never below her region
        gain = min(gain, gain_bound(pos.geo, pos.coins, pos.pawns[0], pos.gates[1]) - w.risk)
    if o.rays and (w.land_none or w.land_one or w.safe_none or w.safe_one):
        best, safe = landings(pos, HOARDER)
        if pos.to_move == HOARDER:
            gain += w.land_none if best == 0 else w.land_one if best == 1 else 0.0
        else:
            gain += w.safe_none if safe == 0 else w.safe_one if safe == 1 else 0.0
    if pos.to_move == HOARDER:
        gain = max(gain, 1.0 - o.cheapest - w.risk)  # she can always take the cheapest coin and stop
    return purse + gain


def duel_value(pos: Pos, player: int, w: Weights = DUEL_WEIGHTS) -> float:
    """`player`'s expected lead at the end of the Duel."""
    lead = pos.purses[player] - pos.purses[1 - player]
    if pos.ended or not pos.coins:
        return lead + (WIN if lead > 0 else -WIN if lead < 0 else 0.0)
    mine, theirs = outlook(pos, player), outlook(pos, 1 - player)
    if mine.cheapest >= 99 and theirs.cheapest >= 99:  # neither can move: the rules end it here
        return lead + (WIN if lead > 0 else -WIN if lead < 0 else 0.0)
    mover = pos.to_move == player
    coins, cells = pos.coins.bit_count(), len(pos.geo.cells)
    value = lead + future(mine, coins, cells, mover, w) - future(theirs, coins, cells, not mover, w)
    if w.pairs:
        value += w.pairs * (open_pairs(pos.geo, pos.coins, pos.gates[1 - player])
                            - open_pairs(pos.geo, pos.coins, pos.gates[player])) / coins
    return value + (w.tempo if mover else -w.tempo)


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


def mobility_value(pos: Pos, w: Mobility = MOBILITY) -> float:
    """The Hoarder's purse plus what her free moves promise: what the search scores Classic by.

    The Classic fight is local: the Gatekeeper closes one ray a turn, so a Hoarder keeps
    collecting free coins while she lands on cells with two free rays or more, and pays as
    soon as she lands on fewer. Her free rays (up to two), free moves and, faintly, her free
    region say how long that lasts.
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
        value += w.pairs * open_pairs(pos.geo, pos.coins, pos.gates[1]) / pos.coins.bit_count()
    if pos.to_move == HOARDER:
        value += w.now * gain if gain > 0 else max(gain, -1) * w.now
    return value


def open_pairs(geo: Geometry, coins: int, costly: int) -> int:
    """Pairs of coins on one straight line with no costly gate between them: every free move there is."""
    total = 0
    for segment in segment_list(geo, costly):
        count = (segment & coins).bit_count()
        total += count * (count - 1) // 2
    return total


def value_for(pos: Pos, player: int, w: Weights | None = None) -> float:
    """The evaluation from `player`'s side, in either mode (`w`: that mode's weights by default)."""
    if pos.duel:
        return duel_value(pos, player, w or DUEL_WEIGHTS)
    value = mobility_value(pos) if w is None else classic_value(pos, w)
    return value if player == HOARDER else -value
