"""Hexagonal boards in axial coordinates.

A board of `size` cells per side holds every cell `(q, r)` with
`max(|q|, |r|, |q + r|) <= size - 1`, centred on `(0, 0)`. Boards are immutable and
cached per size, so every module may call `board(size)` freely.

An edge joins two neighbouring cells and is always stored with its cells in sorted
order, so `edge(a, b) == edge(b, a)`; gates live on edges.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache

Cell = tuple[int, int]
Edge = tuple[Cell, Cell]

MIN_SIZE = 2
MAX_SIZE = 8

#: The six directions, in the order RULES.md lists them.
DIRECTIONS: tuple[Cell, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def add(cell: Cell, direction: Cell, times: int = 1) -> Cell:
    """The cell `times` steps from `cell` in `direction`."""
    return (cell[0] + direction[0] * times, cell[1] + direction[1] * times)


def distance(a: Cell, b: Cell) -> int:
    """Hex distance: the fewest single steps from `a` to `b`."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def edge(a: Cell, b: Cell) -> Edge:
    """The edge between two cells, in canonical (sorted) order."""
    return (a, b) if a <= b else (b, a)


def are_neighbours(a: Cell, b: Cell) -> bool:
    return distance(a, b) == 1


def direction_between(a: Cell, b: Cell) -> Cell | None:
    """The unit direction from `a` to `b` when they share a straight line, else None."""
    dq, dr = b[0] - a[0], b[1] - a[1]
    steps = max(abs(dq), abs(dr), abs(dq + dr))
    if steps == 0:
        return None
    unit = (dq // steps, dr // steps)
    if unit in DIRECTIONS and (unit[0] * steps, unit[1] * steps) == (dq, dr):
        return unit
    return None


def line(a: Cell, b: Cell) -> list[Cell]:
    """The cells from `a` (excluded) to `b` (included) along a straight line.

    Raises ValueError when `a` and `b` are not on one of the six lines.
    """
    unit = direction_between(a, b)
    if unit is None:
        raise ValueError(f"{a} and {b} are not on a straight line")
    return [add(a, unit, k) for k in range(1, distance(a, b) + 1)]


def path_edges(a: Cell, b: Cell) -> list[Edge]:
    """The edges crossed moving in a straight line from `a` to `b`: one per step."""
    cells = [a, *line(a, b)]
    return [edge(x, y) for x, y in itertools.pairwise(cells)]


@dataclass(frozen=True)
class HexBoard:
    """The cells, edges and rays of one hexagonal board; get one with `board(size)`."""

    size: int
    cells: tuple[Cell, ...] = field(repr=False)
    cell_set: frozenset[Cell] = field(repr=False)
    edges: tuple[Edge, ...] = field(repr=False)
    _neighbours: dict[Cell, tuple[Cell, ...]] = field(repr=False, compare=False)
    _rays: dict[tuple[Cell, Cell], tuple[Cell, ...]] = field(repr=False, compare=False)

    @property
    def radius(self) -> int:
        return self.size - 1

    @property
    def centre(self) -> Cell:
        return (0, 0)

    def __contains__(self, cell: object) -> bool:
        return cell in self.cell_set

    def __iter__(self) -> Iterator[Cell]:
        return iter(self.cells)

    def __len__(self) -> int:
        return len(self.cells)

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """The on-board neighbours of `cell`, in DIRECTIONS order."""
        return self._neighbours[cell]

    def ray(self, cell: Cell, direction: Cell) -> tuple[Cell, ...]:
        """Cells from `cell` (excluded) in `direction` up to the board's rim."""
        return self._rays[(cell, direction)]

    def is_edge(self, a: Cell, b: Cell) -> bool:
        return a in self.cell_set and b in self.cell_set and are_neighbours(a, b)

    def corners(self) -> tuple[Cell, ...]:
        """The six corner cells, in DIRECTIONS order."""
        return tuple(add((0, 0), d, self.radius) for d in DIRECTIONS)


def _inside(cell: Cell, radius: int) -> bool:
    q, r = cell
    return max(abs(q), abs(r), abs(q + r)) <= radius


@cache
def board(size: int) -> HexBoard:
    """The board with `size` cells per side (2..8)."""
    if not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"board size must be an integer from {MIN_SIZE} to {MAX_SIZE}, got {size!r}")
    radius = size - 1
    cells = tuple(
        sorted(
            (q, r)
            for q in range(-radius, radius + 1)
            for r in range(-radius, radius + 1)
            if _inside((q, r), radius)
        )
    )
    cell_set = frozenset(cells)
    neighbours = {
        c: tuple(n for d in DIRECTIONS if (n := add(c, d)) in cell_set) for c in cells
    }
    edges = tuple(sorted({edge(c, n) for c in cells for n in neighbours[c]}))
    rays: dict[tuple[Cell, Cell], tuple[Cell, ...]] = {}
    for c in cells:
        for d in DIRECTIONS:
            out: list[Cell] = []
            nxt = add(c, d)
            while nxt in cell_set:
                out.append(nxt)
                nxt = add(nxt, d)
            rays[(c, d)] = tuple(out)
    return HexBoard(size, cells, cell_set, edges, neighbours, rays)
