"""`greedy`: the sparring partner, a plain greedy player with a one-move lookahead.

It is the yardstick the real strengths are measured against (issue #18: normal must beat
it in both seats, hard almost always), so it plays a sensible greedy game in both roles
and both modes rather than a weak one:

* it ranks each legal action by its immediate gain in coins, minus the best immediate
  gain the opponent's reply could then make (the one-move lookahead);
* ties go to the action that leaves the mover more free moves and the opponent fewer
  (a free move is one that crosses no costly gate);
* a Classic Hoarder declares the end when nothing free is left to take, or when the
  move she makes leaves her a single free line, which the Gatekeeper closes next.

It knows nothing of regions, parity or search, which is what `normal` and `hard` add.
"""

from __future__ import annotations

import random

from game.coinland.actions import Action
from game.coinland.ai.position import END, GATE, PASS, Pos, edge_bits, fee_of
from game.coinland.state import GATEKEEPER, HOARDER, State


def mobility(pos: Pos, player: int) -> tuple[int, int, int]:
    """(best immediate purse gain, free moves, directions with a free move) of `player`'s Hoarder."""
    best, free, rays = -99, 0, 0
    origin = pos.hoarder(player)
    if origin < 0:
        return best, free, rays
    costly = pos.gates[1 - player]
    purse = pos.purses[player]
    other = pos.pawns[1 - player] if pos.duel else -1
    coins = pos.coins
    for ray in pos.geo.rays[origin]:
        fee = 0
        free_here = False
        for cell, cell_bit, edge_bit in ray:
            if cell == other:
                break
            if costly & edge_bit:
                fee += 1
                if fee > purse:
                    break
            if coins & cell_bit:
                best = max(best, 1 - fee)
                if fee == 0:
                    free += 1
                    free_here = True
        rays += free_here
    return best, free, rays


def greedy_move(state: State, rng: random.Random) -> Action:
    """The greedy action for the player to move (ties broken by `rng`)."""
    pos = Pos.from_state(state)
    if pos.duel:
        code = _duel(pos, rng)
    elif pos.to_move == GATEKEEPER:
        code = _gatekeeper(pos, rng)
    else:
        code = _hoarder(pos, rng)
    return pos.action(code)


def _pick(scored: list[tuple[tuple, int]], rng: random.Random) -> int:
    best = max(score for score, _ in scored)
    return rng.choice([code for score, code in scored if score == best])


def _gatekeeper(pos: Pos, rng: random.Random) -> int:
    """The gate after which the Hoarder's best reply gains least and leaves her fewest free lines.

    Only gates on the lines out of her cell, or out of the cells she can move to, change
    that reply; every other gate is as good as no gate, so one of those stands for them all.
    """
    free = pos.free_edges()
    if not free:
        return PASS
    near = 0
    cells = [pos.pawns[0]] + [code & 255 for code in pos.moves(HOARDER)]
    for cell in cells:
        for ray in pos.geo.rays[cell]:
            for _, _, edge_bit in ray:
                near |= edge_bit
    near &= free
    others = edge_bits(free & ~near)
    candidates = edge_bits(near) + ([rng.choice(others)] if others else [])
    scored = []
    for e in candidates:
        after = pos.apply(GATE + e)
        reply = max(((1 - fee_of(code), *_lines_after(after.apply(code))) for code in after.moves(HOARDER)),
                    default=(-99, 0, 0))
        scored.append((tuple(-x for x in reply), GATE + e))
    return _pick(scored, rng)


def _lines_after(pos: Pos) -> tuple[int, int]:
    _, count, rays = mobility(pos, HOARDER)
    return min(rays, 2), count


def _hoarder(pos: Pos, rng: random.Random) -> int:
    """The best-paying coin, looking past the Gatekeeper's best reply; end once only losses remain.

    The reply that hurts most is a gate on one of the lines out of her new cell (no other
    gate changes her next move), so only those are tried.
    """
    scored = []
    for code in pos.moves(HOARDER):
        after = pos.apply(code)
        scored.append(((1 - fee_of(code), *_after_best_gate(after)), code))
    code = _pick(scored, rng)
    next_gain = max(score for score, c in scored if c == code)[1]
    if next_gain < 0:  # after the Gatekeeper's reply every coin would cost more than it brings
        return code | END
    return code


def _after_best_gate(pos: Pos) -> tuple[int, int, int]:
    """The Hoarder's (best gain, free lines up to 2, free moves) after the gate that cuts them most."""
    if pos.ended:
        return -99, 0, 0
    free = pos.free_edges()
    worst = None
    for ray in pos.geo.rays[pos.pawns[0]]:
        for _, _, edge_bit in ray:
            if free & edge_bit:
                gain, count, rays = mobility(pos.apply(GATE + edge_bit.bit_length() - 1), HOARDER)
                found = (gain, min(rays, 2), count)
                if worst is None or found < worst:
                    worst = found
    if worst is None:
        gain, count, rays = mobility(pos, HOARDER)
        worst = (gain, min(rays, 2), count)
    return worst


def _duel(pos: Pos, rng: random.Random) -> int:
    """Lead gained now minus the opponent's best reply, then free moves kept and taken away."""
    me, them = pos.to_move, 1 - pos.to_move
    codes = pos.moves(me) + [GATE + e for e in edge_bits(pos.free_edges())]
    if not codes:
        return PASS
    scored = []
    for code in codes:
        gain = 1 - 2 * fee_of(code) if code < GATE else 0
        after = pos.apply(code)
        reply, their_free, their_rays = mobility(after, them)
        _, my_free, my_rays = mobility(after, me)
        reply_lead = max(0, 1 + (reply - 1) * 2) if reply > -99 else 0  # lead change of their best move
        scored.append(((gain - reply_lead, min(my_rays, 2) - min(their_rays, 2), my_free - their_free), code))
    return _pick(scored, rng)
