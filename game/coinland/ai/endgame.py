"""Exact Classic endgames: the Hoarder's final purse under best play from both sides.

The heuristic search (`search.py`) looks only at the gates that bite soon, so late in a game
it can believe in a coin the Gatekeeper can in fact deny: a gate two moves away, on the line
out of a cell she reaches by paying, is not among its candidates. With few coins left the
game can be searched to its end instead, over every gate that can still matter:

* A move only ever crosses edges between two cells of one line that hold her or a coin, and
  both sets only shrink, so a gate anywhere else is a pass. Gates never help her (she can
  meet more of them only by paying more, and the Gatekeeper with one gate more can play as
  without it), so the Gatekeeper never does better by passing: only edges inside the *gaps*
  between such cells need trying, one per gap (`gaps.py`), and with none left any one gate
  stands for all.
* The value is a whole number of coins, so the search asks yes-or-no questions ("can she end
  with at least v?"), each a null-window alpha-beta over a table of proven bounds, starting
  from the heuristic guess and stepping by one. The table is keyed by how many gates each
  gap holds (`class_key`), so gatings that differ only in which edge of a gap share bounds.

A budget of nodes or a deadline stops the solve (`OutOfBudget`); the player then falls back
on the heuristic search, so more time proves the game from earlier on.
"""

from __future__ import annotations

import time

from game.coinland.ai.candidates import gate_scores
from game.coinland.ai.gaps import class_key, open_gaps
from game.coinland.ai.position import END, GATE, PASS, Pos, edge_bits, fee_of
from game.coinland.state import HOARDER

CHECK_EVERY = 256  # nodes between looks at the clock


class OutOfBudget(Exception):
    pass


class ProofBudget:
    """A proof's node and clock budget and its table of bounds, shared by the Classic and Duel
    endgame solvers: both check the clock every CHECK_EVERY nodes and stop with OutOfBudget."""

    def __init__(self, node_limit: int | None = None, deadline: float | None = None) -> None:
        self.node_limit = node_limit
        self.deadline = deadline
        self.nodes = 0
        self._check_at = CHECK_EVERY
        self.bounds: dict[tuple[int, ...], tuple[int, int, int]] = {}  # key -> (lower, upper, best code)

    def reset_clock(self) -> None:
        """Count nodes afresh (a kept solver starts each move's proof at zero)."""
        self.nodes = 0
        self._check_at = CHECK_EVERY

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes < self._check_at:
            return
        self._check_at = self.nodes + CHECK_EVERY
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise OutOfBudget
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfBudget


class Endgame(ProofBudget):
    """Proves Classic values; the table of bounds is kept across questions about one game."""

    def value(self, pos: Pos, guess: int | None = None) -> int:
        """The Hoarder's final purse under best play from `pos` (raises OutOfBudget)."""
        low, high = pos.purses[HOARDER], pos.purses[HOARDER] + pos.coins.bit_count()
        v = min(max(guess if guess is not None else low, low), high)
        while low < high:
            if self.at_least(pos, v):
                low = v
                v += 1
            else:
                high = v - 1
                v -= 1
            v = min(max(v, low), high)
        return low

    def at_least(self, pos: Pos, target: int) -> bool:
        """Can the Hoarder end with `target` coins or more, whatever the Gatekeeper does?"""
        self._tick()
        purse = pos.purses[HOARDER]
        if pos.ended or not pos.coins:
            return purse >= target
        if purse + pos.coins.bit_count() < target:
            return False
        key = class_key(pos)
        entry = self.bounds.get(key)
        hint = -1
        if entry is not None:
            lower, upper, hint = entry
            if lower >= target:
                return True
            if upper < target:
                return False
        if pos.to_move == HOARDER:
            found, code = self._hoarder_reaches(pos, target, hint)
        else:
            found, code = self._gatekeeper_holds(pos, target, hint)
        lower, upper = (entry[0], entry[1]) if entry is not None else (-1, 10_000)
        if found:
            lower = max(lower, target)
        else:
            upper = min(upper, target - 1)
        self.bounds[key] = (lower, upper, code)
        return found

    def _hoarder_reaches(self, pos: Pos, target: int, hint: int) -> tuple[bool, int]:
        moves = pos.moves(HOARDER)
        purse = pos.purses[HOARDER]
        if not moves:
            return purse >= target, -1
        cheapest = min(moves, key=fee_of)
        if purse + 1 - fee_of(cheapest) >= target:  # moving and ending already reaches it
            return True, cheapest | END
        moves.sort(key=fee_of)  # (free ones keeping most free rays first proved slower: 2 of 3 tried)
        if hint in moves:
            moves.remove(hint)
            moves.insert(0, hint)
        for code in moves:
            if purse + 1 - fee_of(code) + (pos.coins.bit_count() - 1) < target:
                continue  # even every later coin free would not reach it
            if self.at_least(pos.apply(code), target):
                return True, code
        return False, -1

    def _gatekeeper_holds(self, pos: Pos, target: int, hint: int) -> tuple[bool, int]:
        """True when every gate leaves her able to reach `target` (the Gatekeeper cannot hold her below)."""
        if not pos.moves(HOARDER):  # stuck now, stuck after any gate: the game ends as it stands
            return pos.purses[HOARDER] >= target, -1
        for code in self.gates(pos, hint):
            if not self.at_least(pos.apply(code), target):
                return False, code
        return True, -1

    def gates(self, pos: Pos, hint: int = -1) -> list[int]:
        """One gate per open gap (its lowest edge), the most biting first; a single one when none can tax her."""
        found = open_gaps(pos)
        if not found:
            free = pos.free_edges()
            return [GATE + edge_bits(free)[0]] if free else [PASS]
        scores = gate_scores(pos, HOARDER)
        bite = sorted((-max(scores.get(e, 0.0) for e in edge_bits(gap)), index) for index, gap in enumerate(found))
        codes = [GATE + (found[i] & -found[i]).bit_length() - 1 for _, i in bite]
        if hint in codes:
            codes.remove(hint)
            codes.insert(0, hint)
        return codes


def best_action(pos: Pos, solver: Endgame, preferred: list[int], guess: int | None = None) -> tuple[int, int]:
    """An action that keeps the proven value, and that value: the first of `preferred` that does,
    else any (a Hoarder's "move and end" only when nothing else keeps it: the Gatekeeper may still err).
    """
    value = solver.value(pos, guess)
    if pos.to_move == HOARDER:
        moves = pos.moves(HOARDER)
        order = [c for c in preferred if c & ~END in moves and not c & END]
        order += [c for c in sorted(moves, key=fee_of) if c not in order]
        for code in order:
            if solver.at_least(pos.apply(code), value):
                return code, value
        ender = min(moves, key=fee_of) | END  # only ending keeps it
        return ender, value
    gates = solver.gates(pos)
    order = [c for c in preferred if c in gates] + gates
    for code in order:
        if not solver.at_least(pos.apply(code), value + 1):
            return code, value
    raise AssertionError("some gate holds the proven value")  # value() proved one exists
