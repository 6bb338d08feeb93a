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

from game.coinland.ai.geometry import Geometry
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


@dataclass(frozen=True)
class Weights:
    """How much each part of a Hoarder's outlook is worth in coins."""

    region: float = 0.45
    rays: float = 0.6
    ray_cap: int = 3
    targets: float = 0.05
    trapped: float = 1.5  # to move with no free ray: the penalty on top of paying
    threatened: float = 1.2  # one free ray while the other side is to move: it can be closed
    tempo: float = 0.5  # Duel: worth of having the move


DEFAULT_WEIGHTS = Weights()


def future(o: Outlook, to_move: bool, w: Weights) -> float:
    """Coins the Hoarder may still expect to gain (Classic) or to collect (Duel)."""
    if o.cheapest >= 99:
        return 0.0
    value = w.region * o.region + w.rays * min(o.rays, w.ray_cap) + w.targets * o.targets
    if o.rays == 0:
        value -= w.trapped + (o.cheapest - 1 if to_move else 0.0)
    elif o.rays == 1 and not to_move:
        value -= w.threatened
    return value


def classic_value(pos: Pos, w: Weights = DEFAULT_WEIGHTS) -> float:
    """The Hoarder's expected final purse."""
    purse = pos.purses[HOARDER]
    if pos.ended or not pos.coins:
        return float(purse)
    o = outlook(pos, HOARDER)
    if o.cheapest >= 99 and pos.to_move == HOARDER:
        return float(purse)
    gain = future(o, pos.to_move == HOARDER, w)
    if pos.to_move == HOARDER:
        gain = max(gain, 1.0 - o.cheapest)  # she can always take the cheapest coin and declare the end
    return purse + gain


def duel_value(pos: Pos, player: int, w: Weights = DEFAULT_WEIGHTS) -> float:
    """`player`'s expected lead at the end of the Duel."""
    lead = pos.purses[player] - pos.purses[1 - player]
    if pos.ended or not pos.coins:
        return lead + (WIN if lead > 0 else -WIN if lead < 0 else 0.0)
    mine, theirs = outlook(pos, player), outlook(pos, 1 - player)
    mover = pos.to_move == player
    value = lead + future(mine, mover, w) - future(theirs, not mover, w)
    return value + (w.tempo if mover else -w.tempo)


def value_for(pos: Pos, player: int, w: Weights = DEFAULT_WEIGHTS) -> float:
    """The evaluation from `player`'s side, in either mode."""
    if pos.duel:
        return duel_value(pos, player, w)
    value = classic_value(pos, w)
    return value if player == HOARDER else -value
