"""Harmless edges: edges that no future move of either Hoarder can cross.

A gate on a harmless edge changes nothing for the rest of the game but whose turn it is, so
drawing one is *waiting* (the `Wait` action of `game.coinland.rules`). The argument that an
edge is harmless, which `tests/test_coinland_harmless.py` checks exhaustively on small boards:

1. A move goes in a straight line from the cell its Hoarder stands on to a cell holding a
   coin, and crosses every edge between the two. So an edge is crossed only by a move whose
   two ends lie on the edge's line on either side of it.
2. A Hoarder only ever stands where she stands now or on a coin she has landed on. Forget
   gates, purses and the other Hoarder in the way (each can only forbid a move, never allow
   one): the coins she can ever land on are at most her *reach*, the coins joined to her cell
   by a chain of straight lines, each through a cell of the chain (`reach`).
3. So every move she will ever make goes between two cells of one line, each her cell or a
   coin of her reach, and at least the second a coin: it crosses only edges between the
   first and the last such cell of that line (its *span*, `crossable_edges`).
4. Nothing ever grows these sets: coins are only taken, and a Hoarder moves only onto a
   coin of her reach, whose reach is inside hers. So an edge outside every span now stays
   outside, and no later move crosses it: it is harmless for the rest of the game.

The spans over-estimate what can really be crossed (a Hoarder who cannot pay, a coin the
game ends before), never under-estimate it: every edge called harmless is, and some edges
that could never be crossed are not called harmless. That errs on the side that matters: a
Wait never gives anything away.

This module knows only the board and the state; the rules engine calls it (it imports no `rules`).
"""

from __future__ import annotations

from functools import cache

from game.coinland.state import State
from game.hexgrid import Cell, Edge, add, board, edge

AXES: tuple[Cell, ...] = ((1, 0), (1, -1), (0, -1))  # one direction per family of lines

Line = tuple[Cell, ...]


@cache
def lines(size: int) -> tuple[Line, ...]:
    """Every straight line of the board of `size`, each as its cells in order."""
    hexes = board(size)
    found = []
    for axis in AXES:
        back = (-axis[0], -axis[1])
        for start in hexes.cells:
            if add(start, back) in hexes:
                continue
            run = [start]
            while add(run[-1], axis) in hexes:
                run.append(add(run[-1], axis))
            found.append(tuple(run))
    return tuple(found)


@cache
def _lines_through(size: int) -> dict[Cell, tuple[Line, ...]]:
    through: dict[Cell, list[Line]] = {}
    for run in lines(size):
        for cell in run:
            through.setdefault(cell, []).append(run)
    return {cell: tuple(runs) for cell, runs in through.items()}


def reach(size: int, coins: frozenset[Cell], start: Cell) -> frozenset[Cell]:
    """The coins a Hoarder on `start` could ever land on, whatever gates and purses allow:
    those joined to `start` by a chain of straight lines through coins (step 2 above)."""
    through = _lines_through(size)
    reached: set[Cell] = set()
    pending = [start]
    while pending:
        cell = pending.pop()
        for run in through[cell]:
            for other in run:
                if other in coins and other not in reached:
                    reached.add(other)
                    pending.append(other)
    return frozenset(reached)


def span_edges(run: Line, ends: set[Cell]) -> list[Edge]:
    """The edges of `run` between its first and last cell in `ends` (none with fewer than two)."""
    positions = [i for i, cell in enumerate(run) if cell in ends]
    if len(positions) < 2:
        return []
    return [edge(run[i], run[i + 1]) for i in range(positions[0], positions[-1])]


def crossable_edges(size: int, coins: frozenset[Cell], hoarders: tuple[Cell, ...]) -> frozenset[Edge]:
    """Every edge a future move of one of `hoarders` might cross (step 3 above), gated or not."""
    out: set[Edge] = set()
    for hoarder in hoarders:
        mine = reach(size, coins, hoarder)
        if not mine:
            continue
        for run in lines(size):
            ends = {cell for cell in run if cell in mine}
            if not ends:
                continue  # a line without a coin she can reach: no move of hers along it
            if hoarder in run:
                ends.add(hoarder)
            out.update(span_edges(run, ends))
    return frozenset(out)


def harmless_edges(state: State) -> frozenset[Edge]:
    """The edges without a gate that no future move of either Hoarder can cross.

    A gate there changes nothing for the rest of the game but whose turn it is: drawing one is
    waiting. The module's docstring gives the argument (and tests prove it on small boards): it
    may miss an edge that could in fact never be crossed, never the other way round. Once
    harmless, an edge stays harmless until a gate is drawn on it.
    """
    crossable = crossable_edges(state.size, state.coins, state.pawns)
    gated = state.all_gates
    return frozenset(e for e in state.board.edges if e not in gated and e not in crossable)


def wait_edge(state: State) -> Edge | None:
    """The harmless edge a `Wait` draws on (the first in the board's edge order), or None."""
    found = harmless_edges(state)
    return min(found) if found else None
