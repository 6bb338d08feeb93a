"""Which actions search looks at, best guesses first.

A board of 37 cells has 90 edges, so a Gatekeeper has up to 90 gates to choose from while
a Hoarder rarely has more than 18 moves. Searching every gate would leave no time to look
ahead, and nearly all of them change nothing for several turns: a gate only matters to
moves along its own line. So search considers the gates that bite soon:

* gates on the Hoarder's own rays, which tax or cut her next move (*immediate*);
* the first gate on each free ray of the cells she can move to for free, which leaves her
  trapped there if that cell had only two free rays (*pre-emptive*).

Moves come free ones first (those landing where the Hoarder keeps most free rays lead),
then by fee.
"""

from __future__ import annotations

from game.coinland.ai.position import END, GATE, PASS, Pos, edge_bits, fee_of
from game.coinland.state import GATEKEEPER, HOARDER


def free_rays_at(pos: Pos, cell: int, player: int, coins: int) -> int:
    """Directions from `cell` holding a coin `player` reaches without crossing a costly gate."""
    count = 0
    for segment, before, after in pos.geo.segment_at(cell, pos.gates[1 - player]):
        live = segment & coins
        count += bool(live & before) + bool(live & after)
    return count


def hoarder_options(pos: Pos, player: int, with_end: bool) -> list[int]:
    """Moves, free ones that keep most free rays first, then by fee; plus the best way to stop."""
    moves = pos.moves(player)
    if not moves:
        return []
    keyed = []
    for code in moves:
        fee = fee_of(code)
        cell = code & 255
        rays = free_rays_at(pos, cell, player, pos.coins & ~(1 << cell)) if fee == 0 else 0
        keyed.append((fee, -rays, code))
    keyed.sort()
    ordered = [code for _, _, code in keyed]
    if with_end:
        # Every "move and declare the end" is worth exactly purse + 1 - fee: one cheapest suffices.
        ordered.append(ordered[0] | END)
    return ordered


def gate_scores(pos: Pos, victim: int) -> dict[int, float]:
    """Free edges that change `victim`'s next two moves, with how much they bite."""
    cell = pos.hoarder(victim)
    scores: dict[int, float] = {}
    if cell < 0:
        return scores
    geo = pos.geo
    taken = pos.gates[0] | pos.gates[1]
    costly = pos.gates[1 - victim]
    purse = pos.purses[victim]
    coins = pos.coins
    targets = []
    for ray in geo.rays[cell]:
        _score_ray(ray, taken, costly, purse, coins, 3.0, scores, targets)
    for target in targets:
        after = coins & ~(1 << target)
        rays = free_rays_at(pos, target, victim, after)
        weight = 2.0 if rays <= 2 else 0.7
        for ray in geo.rays[target]:
            _score_ray(ray, taken, costly, 0, after, weight, scores, None)
    return scores


def _score_ray(ray, taken: int, costly: int, purse: int, coins: int, weight: float,
               scores: dict[int, float], targets: list[int] | None) -> None:
    """Credit each free edge on a ray with the coins beyond it that it would tax."""
    fee = 0
    open_edges: list[int] = []
    for target, target_bit, edge_bit in ray:
        if costly & edge_bit:
            fee += 1
            if fee > purse:
                return
        elif not taken & edge_bit:
            open_edges.append(edge_bit)
        if coins & target_bit:
            if fee == 0 and targets is not None:
                targets.append(target)
            worth = weight if fee == 0 else weight * 0.25
            for bit in open_edges:
                index = bit.bit_length() - 1
                scores[index] = scores.get(index, 0.0) + worth
            if targets is None:
                return  # pre-emptive scoring: only the nearest coin of each ray


def gate_options(pos: Pos, victim: int, limit: int) -> list[int]:
    """Up to `limit` gate codes against `victim`, most biting first; something if any edge is free."""
    free = pos.free_edges()
    if not free:
        return []
    scores = gate_scores(pos, victim)
    ranked = sorted(scores, key=lambda e: -scores[e])[:limit]
    if not ranked:
        ranked = edge_bits(free)[:2]
    return [GATE + e for e in ranked]


def options(pos: Pos, gate_limit: int, duel_gate_limit: int) -> list[int]:
    """The actions search considers in `pos`, in the order it tries them."""
    player = pos.to_move
    if not pos.duel:
        if player == GATEKEEPER:
            return gate_options(pos, HOARDER, gate_limit) or [PASS]
        return hoarder_options(pos, HOARDER, with_end=True)
    moves = hoarder_options(pos, player, with_end=False)
    gates = gate_options(pos, 1 - player, duel_gate_limit)
    return (moves + gates) or [PASS]
