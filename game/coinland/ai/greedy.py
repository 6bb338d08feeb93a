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
    """The gate after which the Hoarder's best reply gains least, with fewest free moves."""
    free = pos.free_edges()
    if not free:
        return PASS
    scored = []
    for e in edge_bits(free):
        gain, count, rays = mobility(pos.apply(GATE + e), HOARDER)
        scored.append(((-gain, -rays, -count), GATE + e))
    return _pick(scored, rng)


def _hoarder(pos: Pos, rng: random.Random) -> int:
    """The best-paying coin, then the landing that keeps most free lines open; end when that runs dry."""
    scored = []
    for code in pos.moves(HOARDER):
        after = pos.apply(code)
        _, count, rays = mobility(after, HOARDER)
        # The Gatekeeper's reply closes one line: the next free coin is safe only with two or more.
        scored.append(((1 - fee_of(code), min(rays, 2), count), code))
    code = _pick(scored, rng)
    gain, safe_lines, _ = max(score for score, c in scored if c == code)
    if gain <= 0 or safe_lines < 2:
        return code | END
    return code


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
