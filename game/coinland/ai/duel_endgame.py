"""Exact Duel endgames: the final lead under best play from both sides, once few gates matter.

Late in a Duel the fight is no longer over coins but over who must pay first (`waiting.py`
in the rules engine): dozens of edges are left, but nearly all are *harmless* (no move can
ever cross them, `waits.py`). Three facts make such a game small enough to solve exactly:

* **Harmless edges count only by parity.** A gate on one changes nothing but whose turn it
  is, and either player can answer the other's wait with a wait of her own, so a position
  with T harmless edges plays like the same position with T - 2 (the player who does well
  with T - 2 keeps that by answering every extra wait). The table keys them as T mod 2, and
  the search tries one wait, not T.
* **Which edge of a gap holds a gate never matters, only how many of each colour.** A move
  starts and ends on a cell holding a Hoarder or a coin, and those only grow fewer, so a move
  that crosses one edge of a *gap* (the run of edges between two neighbouring such cells of a
  line, `gaps.py`) crosses all of them. The search draws one gate per gap and keys each gap by
  the count of each player's gates in it.
* **Values are whole coins**, so the table keeps proven bounds (alpha-beta with memory) and
  the root's answer is exact.

A node limit or a deadline stops the solve (`OutOfBudget`); the player then searches as usual.
"""

from __future__ import annotations

from game.coinland.ai.endgame import ProofBudget
from game.coinland.ai.gaps import gaps
from game.coinland.ai.position import PASS, Pos, fee_of
from game.coinland.ai.waits import crossable, gap_gates, wait_code

INFINITY = 10_000


def occupied(pos: Pos) -> int:
    """Cells that hold a coin or a Hoarder: every move starts and ends on one."""
    return pos.coins | (1 << pos.pawns[0]) | (1 << pos.pawns[1])


def open_gaps(pos: Pos) -> list[int]:
    """The free edges of each gap a move can still cross (one gate in it does what any other does)."""
    free = pos.free_edges() & crossable(pos)
    return [gap & free for gap in gaps(pos.geo, occupied(pos)) if gap & free]


def duel_key(pos: Pos) -> tuple[int, ...]:
    """A key shared by every position that plays the same from here (see the module's docstring)."""
    reach = crossable(pos)
    canonical = [0, 0]
    for gap in gaps(pos.geo, occupied(pos)):
        if not gap & reach:
            continue
        low = gap & -gap
        a = (pos.gates[0] & gap).bit_count()
        b = (pos.gates[1] & gap).bit_count()
        canonical[0] |= gap & ((low << a) - 1)
        canonical[1] |= gap & ((low << (a + b)) - 1) & ~((low << a) - 1)
    tokens = (pos.free_edges() & ~reach).bit_count()
    tokens = tokens & 1 if not pos.may_pass else (tokens if tokens < 4 else 2 + (tokens & 1))
    return (pos.coins, pos.pawns[0], pos.pawns[1], pos.purses[0], pos.purses[1], pos.to_move, pos.passes,
            canonical[0], canonical[1], tokens)


def lead(pos: Pos) -> int:
    """The lead of the player to move, in coins."""
    return pos.purses[pos.to_move] - pos.purses[1 - pos.to_move]


class DuelEndgame(ProofBudget):
    """Proves Duel values; the table of bounds is kept across questions about one game."""

    def actions(self, pos: Pos, hint: int = -1) -> list[int]:
        """Every move, one gate per open gap, one wait, and a pass where the rules allow one."""
        me = pos.to_move
        moves = sorted(pos.moves(me), key=fee_of)
        gates = gap_gates(pos)
        out = moves + gates
        waiting = wait_code(pos)
        if waiting is not None:
            out.append(waiting)
        free = pos.free_edges()
        if (not moves and not free) or (pos.may_pass and free):
            out.append(PASS)
        if not out:  # every free edge is crossable but in no gap: cannot happen; keep the rules' word
            out = [PASS]
        if hint in out:
            out.remove(hint)
            out.insert(0, hint)
        return out

    def value(self, pos: Pos, alpha: int = -INFINITY, beta: int = INFINITY) -> int:
        """The final lead of the player to move under best play (raises OutOfBudget)."""
        self._tick()
        if pos.terminal():
            return lead(pos)
        key = duel_key(pos)
        entry = self.bounds.get(key)
        hint = -1
        lower, upper = -INFINITY, INFINITY
        if entry is not None:
            lower, upper, hint = entry
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            if lower == upper:
                return lower
            alpha, beta = max(alpha, lower), min(beta, upper)
        original_alpha = alpha
        best, best_code = -INFINITY, -1
        for code in self.actions(pos, hint):
            value = -self.value(pos.apply(code), -beta, -alpha)
            if value > best:
                best, best_code = value, code
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        if best <= original_alpha:
            upper = min(upper, best)
        elif best >= beta:
            lower = max(lower, best)
        else:
            lower = upper = best
        self.bounds[key] = (lower, upper, best_code)
        return best

    def best(self, pos: Pos, preferred: list[int] | None = None) -> tuple[int, int]:
        """An action that keeps the proven value, and that value (the mover's final lead).

        Moves come first, cheapest first, then `preferred`: when moving now keeps the value, waiting
        would only make the game longer (a person playing against this should not have to click
        through forty gates to reach the same end).
        """
        value = self.value(pos)
        legal = set(pos.legal())
        moves = sorted(pos.moves(pos.to_move), key=fee_of)
        order = list(dict.fromkeys(moves + (preferred or []) + self.actions(pos)))
        for code in order:
            if code not in legal:
                continue
            child = pos.apply(code)
            if -self.value(child, -value - 1, -value + 1) >= value:
                return code, value
        raise AssertionError("some action keeps the proven value")


# A Duel is worth a proof when it has at most PROOF_COINS coins and at most PROOF_GATES edges that
# a move can still cross without a gate (each is a gate to try at every level of the search), or
# very few coins whatever. From 40 seeded positions where every move costs (scripts/bench_endgame.py
# --duel): see docs/AI.md for the nodes these take.
PROOF_COINS = 8
PROOF_GATES = 10
FEW_COINS = 4


def provable(pos: Pos) -> bool:
    """Small enough to try proving to the end: few coins, and few free edges a move can cross."""
    coins = pos.coins.bit_count()
    if coins <= FEW_COINS:
        return True
    return coins <= PROOF_COINS and (pos.free_edges() & crossable(pos)).bit_count() <= PROOF_GATES
