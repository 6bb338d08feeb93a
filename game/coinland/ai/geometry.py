"""Board tables for fast search: cells and edges as bit positions, lines and their segments.

The rules engine works with cells, frozensets and fresh State objects, which is right for
the game and far too slow for a search that visits tens of thousands of positions. These
tables turn a position into a few integers.

The key fact they encode: an edge lies on exactly one straight line of the board, so a
gate only ever matters to moves along its own line. Edges are numbered line by line, so a
line's gates are one contiguous bit field (its *pattern*), and the gates cut each line into
*segments*. A Hoarder reaches every coin of the segments she stands in for free; that is
all the evaluation needs to know about free moves.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from functools import cache

from game.hexgrid import DIRECTIONS, Cell, Edge, add, board, edge

AXES: tuple[Cell, ...] = ((1, 0), (1, -1), (0, -1))  # one direction per line family


@dataclass(frozen=True)
class Line:
    """One straight line of the board: its cells in order and where its edges start."""

    cells: tuple[int, ...]  # cell indices in order along the axis
    offset: int  # bit index of the edge between cells[0] and cells[1]

    @property
    def field(self) -> int:
        """The mask of this line's edges once shifted down by `offset`."""
        return (1 << (len(self.cells) - 1)) - 1


@dataclass(frozen=True)
class Geometry:
    """Everything about one board size that search needs, computed once."""

    size: int
    cells: tuple[Cell, ...]
    index: dict[Cell, int]
    edges: tuple[Edge, ...]  # edge bit k is edges[k]
    edge_index: dict[Edge, int]
    lines: tuple[Line, ...]
    # rays[i][d]: the cells from i in DIRECTIONS[d] as (cell index, cell bit, edge bit crossed to enter it)
    rays: tuple[tuple[tuple[tuple[int, int, int], ...], ...], ...]
    # places[i]: for each of the three lines through cell i, (line number, position on it)
    places: tuple[tuple[tuple[int, int], ...], ...]
    all_cells: int
    all_edges: int
    _segments: list[list[tuple[int, ...] | None]] = field(repr=False, compare=False)
    _sides: tuple[tuple[tuple[int, int], ...], ...] = field(repr=False, compare=False)
    # through[i]: for each line through cell i, (offset, field, segment table, line, position, before, after):
    # what `free_sides` needs, unpacked once instead of at every call (it runs at every search node)
    _through: tuple[tuple[tuple[int, int, list, int, int, int, int], ...], ...] = field(repr=False, compare=False)

    def segments(self, line: int, pattern: int) -> tuple[int, ...]:
        """For each position on `line`, the cell mask of its segment when `pattern` is gated."""
        table = self._segments[line]
        found = table[pattern]
        if found is None:
            found = table[pattern] = _cut(self.lines[line].cells, pattern)
        return found

    def sides(self, line: int, position: int) -> tuple[int, int]:
        """The cell masks before and after `position` on `line` (the two rays along it)."""
        return self._sides[line][position]

    def free_sides(self, cell: int, costly: int, coins: int) -> int:
        """How many of the six directions from `cell` hold a coin reachable across no `costly` gate."""
        count = 0
        for offset, mask, table, number, position, before, after in self._through[cell]:
            pattern = (costly >> offset) & mask
            found = table[pattern]
            if found is None:
                found = self.segments(number, pattern)
            live = found[position] & coins
            if live & before:
                count += 1
            if live & after:
                count += 1
        return count

    def segment_at(self, cell: int, costly: int) -> list[tuple[int, int, int]]:
        """For the three lines through `cell`: (segment mask, before-side mask, after-side mask)."""
        out = []
        for number, position in self.places[cell]:
            line = self.lines[number]
            pattern = (costly >> line.offset) & line.field
            before, after = self._sides[number][position]
            out.append((self.segments(number, pattern)[position], before, after))
        return out


def _cut(cells: tuple[int, ...], pattern: int) -> tuple[int, ...]:
    """Segment masks per position: a gate on edge k separates positions k and k + 1."""
    out: list[int] = []
    start = 0
    for k in range(len(cells)):
        last = k == len(cells) - 1
        if last or pattern >> k & 1:
            mask = 0
            for j in range(start, k + 1):
                mask |= 1 << cells[j]
            out.extend([mask] * (k + 1 - start))
            start = k + 1
    return tuple(out)


@cache
def geometry(size: int) -> Geometry:
    """The tables for a board of `size` (cached: every search on that size shares them)."""
    hexes = board(size)
    cells = hexes.cells
    index = {c: i for i, c in enumerate(cells)}
    lines: list[Line] = []
    edges: list[Edge] = []
    for axis in AXES:
        back = (-axis[0], -axis[1])
        for start in cells:
            if add(start, back) in hexes:
                continue
            run = [start]
            while add(run[-1], axis) in hexes:
                run.append(add(run[-1], axis))
            lines.append(Line(tuple(index[c] for c in run), len(edges)))
            edges.extend(edge(a, b) for a, b in itertools.pairwise(run))
    edge_index = {e: k for k, e in enumerate(edges)}
    places: list[list[tuple[int, int]]] = [[] for _ in cells]
    for number, line in enumerate(lines):
        for position, i in enumerate(line.cells):
            places[i].append((number, position))
    rays = tuple(
        tuple(_ray(hexes, index, edge_index, c, d) for d in DIRECTIONS) for c in cells
    )
    sides = tuple(tuple(_side_masks(line.cells, p) for p in range(len(line.cells))) for line in lines)
    segment_tables: list[list[tuple[int, ...] | None]] = [[None] * (1 << (len(line.cells) - 1)) for line in lines]
    through = tuple(
        tuple((lines[n].offset, lines[n].field, segment_tables[n], n, p, *sides[n][p]) for n, p in places[i])
        for i in range(len(cells))
    )
    return Geometry(
        size=size,
        cells=cells,
        index=index,
        edges=tuple(edges),
        edge_index=edge_index,
        lines=tuple(lines),
        rays=rays,
        places=tuple(tuple(p) for p in places),
        all_cells=(1 << len(cells)) - 1,
        all_edges=(1 << len(edges)) - 1,
        _segments=segment_tables,
        _sides=sides,
        _through=through,
    )


def _ray(hexes, index: dict[Cell, int], edge_index: dict[Edge, int], cell: Cell, direction: Cell):
    previous, steps = cell, []
    for target in hexes.ray(cell, direction):
        steps.append((index[target], 1 << index[target], 1 << edge_index[edge(previous, target)]))
        previous = target
    return tuple(steps)


def _side_masks(cells: tuple[int, ...], position: int) -> tuple[int, int]:
    before = sum(1 << c for c in cells[:position])
    after = sum(1 << c for c in cells[position + 1:])
    return before, after


def bits(mask: int) -> list[int]:
    """The set bit positions of `mask`, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
