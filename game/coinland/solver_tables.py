"""Per-board tables for the puzzle solver: cells as bit positions, moves as precomputed rows.

Gates never change during a puzzle, so everything the search asks about a move (where it
lands, how many gates it crosses) is computed once per (size, gates) and cached. A search
node is then three integers (cell, coin mask, purse) and a move is a mask operation.

Two graphs matter to the bounds:

* the *free graph*: two cells are joined when one straight move between them crosses no
  gate (gain +1). Each line of the board is cut by its gates into segments, and every
  segment is a clique of this graph;
* the *toll-one lines*: two cells one gate apart on a line. A paid move gains at most 0,
  and only a toll-one move loses as little as a skipped coin does, so only these pairs
  can let one paid move serve two path ends at once (see `bounds.py`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.hexgrid import DIRECTIONS, Cell, Edge, board, edge


class OrTable:
    """OR of per-cell masks over any set of cells, eight cells per table lookup."""

    __slots__ = ("chunks",)

    def __init__(self, per_cell: list[int]) -> None:
        chunks = []
        for base in range(0, len(per_cell), 8):
            table = [0] * 256
            for byte in range(1, 256):
                low = (byte & -byte).bit_length() - 1
                cell = base + low
                table[byte] = table[byte & (byte - 1)] | (per_cell[cell] if cell < len(per_cell) else 0)
            chunks.append(table)
        self.chunks = tuple(chunks)

    def over(self, mask: int) -> int:
        result = 0
        for table in self.chunks:
            if not mask:
                break
            result |= table[mask & 255]
            mask >>= 8
        return result


@dataclass(frozen=True, eq=False)
class Tables:
    """Everything the solver needs about one board and its gates, indexed by cell number."""

    size: int
    cells: tuple[Cell, ...]
    index: dict[Cell, int]
    moves: tuple[tuple[tuple[int, int, int], ...], ...]  # cell -> ((target, fee, target bit), ...)
    free_adj: tuple[int, ...]  # cell -> cells reachable with no gate crossed
    toll_one: tuple[int, ...]  # cell -> cells exactly one gate away on a line
    free_or: OrTable  # mask -> union of free_adj over its cells
    toll_one_or: OrTable  # mask -> union of toll_one over its cells
    cheap_or: OrTable  # mask -> union of free_adj | toll_one over its cells (moves that lose nothing)
    entry_or: tuple[OrTable, ...]  # [f - 1]: mask -> cells that reach one of its cells for fee f

    @property
    def all_cells(self) -> int:
        return (1 << len(self.cells)) - 1

    def mask_of(self, cells: object) -> int:
        return sum(1 << self.index[c] for c in cells)  # type: ignore[attr-defined]

    def cells_of(self, mask: int) -> list[Cell]:
        return [self.cells[i] for i in range(len(self.cells)) if mask >> i & 1]


@lru_cache(maxsize=64)
def tables(size: int, gates: frozenset[Edge]) -> Tables:
    """The tables for a board of `size` with these gates (cached: boards repeat a lot)."""
    hexes = board(size)
    cells = hexes.cells
    count = len(cells)
    index = {c: i for i, c in enumerate(cells)}
    moves: list[tuple[tuple[int, int, int], ...]] = []
    free_adj = [0] * count
    toll_one = [0] * count
    entry: dict[int, list[int]] = {}  # fee -> per target cell, the sources at that fee
    for i, cell in enumerate(cells):
        row: list[tuple[int, int, int]] = []
        for direction in DIRECTIONS:
            fee, previous = 0, cell
            for target in hexes.ray(cell, direction):
                fee += edge(previous, target) in gates
                j = index[target]
                row.append((j, fee, 1 << j))
                if fee == 0:
                    free_adj[i] |= 1 << j
                else:
                    entry.setdefault(fee, [0] * count)[j] |= 1 << i
                    if fee == 1:
                        toll_one[i] |= 1 << j
                previous = target
        row.sort(key=lambda m: m[1])
        moves.append(tuple(row))
    top = max(entry, default=0)
    entry_or = tuple(OrTable(entry.get(f, [0] * count)) for f in range(1, top + 1))
    return Tables(size, cells, index, tuple(moves), tuple(free_adj), tuple(toll_one),
                  OrTable(free_adj), OrTable(toll_one),
                  OrTable([free_adj[i] | toll_one[i] for i in range(count)]), entry_or)
