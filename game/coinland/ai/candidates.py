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

from game.coinland.ai.gaps import one_per_gap
from game.coinland.ai.position import END, GATE, PASS, Pos, edge_bits, fee_of
from game.coinland.ai.waits import gap_gates, wait_code
from game.coinland.state import GATEKEEPER, HOARDER


def free_rays_at(pos: Pos, cell: int, player: int, coins: int) -> int:
    """Directions from `cell` holding a coin `player` reaches without crossing a costly gate."""
    return pos.geo.free_sides(cell, pos.gates[1 - player], coins)


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
    """Free edges that change `victim`'s next two moves, with how much they bite.

    Each free edge on one of her rays is credited with the coins beyond it that it would
    tax (3 for a free coin, 0.75 for one she already pays for); then, for each cell she can
    reach for free, the free edges before the nearest coin of each of its rays (2 when that
    cell has two free rays or fewer, else 0.7). Search calls this at every node, so it is
    written out flat: the edges are keyed by bit while counting, by number at the end.
    """
    cell = pos.hoarder(victim)
    if cell < 0:
        return {}
    geo = pos.geo
    taken = pos.gates[0] | pos.gates[1]
    costly = pos.gates[1 - victim]
    purse = pos.purses[victim]
    coins = pos.coins
    scores: dict[int, float] = {}
    get = scores.get
    targets = []
    for ray in geo.rays[cell]:
        fee = 0
        open_edges: list[int] = []
        for target, target_bit, edge_bit in ray:
            if costly & edge_bit:
                fee += 1
                if fee > purse:
                    break
            elif not taken & edge_bit:
                open_edges.append(edge_bit)
            if coins & target_bit:
                if fee == 0:
                    targets.append(target)
                    worth = 3.0
                else:
                    worth = 0.75
                for bit in open_edges:
                    scores[bit] = get(bit, 0.0) + worth
    free_sides = geo.free_sides
    for target in targets:
        after = coins & ~(1 << target)
        weight = 2.0 if free_sides(target, costly, after) <= 2 else 0.7
        for ray in geo.rays[target]:
            open_edges = []
            for _, target_bit, edge_bit in ray:
                if costly & edge_bit:
                    break  # pre-emptive: only coins she reaches for free from there
                if not taken & edge_bit:
                    open_edges.append(edge_bit)
                if after & target_bit:  # only the nearest coin of each ray
                    for bit in open_edges:
                        scores[bit] = get(bit, 0.0) + weight
                    break
    return {bit.bit_length() - 1: value for bit, value in scores.items()}


def gate_options(pos: Pos, victim: int, limit: int, by_gap: bool = False) -> list[int]:
    """Up to `limit` gate codes against `victim`, most biting first; something if any edge is free.

    `by_gap` (Classic only): one gate per gap (`gaps.py`), as the others in it do the same.
    """
    free = pos.free_edges()
    if not free:
        return []
    scores = gate_scores(pos, victim)
    ranked = sorted(scores, key=lambda e: -scores[e])
    if by_gap and not pos.duel:
        ranked = one_per_gap(pos, ranked)
    ranked = ranked[:limit]
    if not ranked:
        ranked = edge_bits(free)[:2]
    return [GATE + e for e in ranked]


def duel_gates(pos: Pos, limit: int, waits: bool) -> list[int]:
    """A Duellist's gates: the most biting against the other's Hoarder. With `waits`, once neither
    Hoarder has a free move (the waiting game, where who must pay first decides), also one gate in
    each gap a move can still cross (up to `limit` more: none bites at once, but they set what
    each will pay) and one Wait (a gate on a harmless edge, `waits.py`) instead of any gate that
    bites nothing; under the pass house rule, a pass too. Before then a Wait is left out: an
    always-open "do nothing" lets a shallow search push every threat past its horizon."""
    if not waits or not waiting_game(pos):
        gates = gate_options(pos, 1 - pos.to_move, limit)
    else:
        scores = gate_scores(pos, 1 - pos.to_move)
        gates = [GATE + e for e in sorted(scores, key=lambda e: -scores[e])[:limit]]
        gates += [code for code in gap_gates(pos)[:limit] if code not in gates]
        wait = wait_code(pos)
        if wait is not None:
            gates.append(wait)
        if not gates:
            gates = gate_options(pos, 1 - pos.to_move, limit)
    if waits and pos.may_pass and pos.free_edges():
        gates.append(PASS)
    return gates


def waiting_game(pos: Pos) -> bool:
    """Neither Duel Hoarder has a move that crosses no gate of the other's."""
    return all(fee_of(code) for player in (0, 1) for code in pos.moves(player))


def options(pos: Pos, gate_limit: int, duel_gate_limit: int, by_gap: bool = False, waits: bool = False) -> list[int]:
    """The actions search considers in `pos`, in the order it tries them (`by_gap`: see `gate_options`;
    `waits`: see `duel_gates`)."""
    player = pos.to_move
    if not pos.duel:
        if player == GATEKEEPER:
            return gate_options(pos, HOARDER, gate_limit, by_gap) or [PASS]
        return hoarder_options(pos, HOARDER, with_end=True)
    moves = hoarder_options(pos, player, with_end=False)
    gates = duel_gates(pos, duel_gate_limit, waits)
    return (moves + gates) or [PASS]
