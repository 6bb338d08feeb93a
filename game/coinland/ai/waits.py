"""Harmless edges and the waiting game on search positions (bitmasks), for the computer players.

The same sets as `game.coinland.harmless` computes for the rules engine (the tests compare the
two on random positions), as edge masks of a `Pos`, remembered per board, coins and Hoarders.
The search uses them for three things:

* a `Wait` (a gate on a harmless edge) is one candidate among the gates: the move that changes
  nothing but whose turn it is, which is what a player wants when every move costs;
* `wait_code` is the very gate the rules' `Wait` draws, so what search chooses is what is played;
* `first_payer` says who will be on turn when no edge is left, if both only draw gates, which
  the Duel evaluation counts when neither Hoarder has a free move (`evaluation.py`).
"""

from __future__ import annotations

from game.coinland.actions import Action, Wait
from game.coinland.ai.geometry import Geometry
from game.coinland.ai.position import GATE, Pos

CACHE_LIMIT = 50_000
_CROSSABLE: dict[tuple[int, int, int, int], int] = {}


_TABLES: dict[tuple[str, int], tuple] = {}  # per table name and board size (geometries are one per size)


def _stars(geo: Geometry) -> tuple[int, ...]:
    """Per cell, the mask of every cell on one of its three lines."""
    found = _TABLES.get(("stars", geo.size))
    if found is not None:
        return found
    stars = [0] * len(geo.cells)
    for line in geo.lines:
        mask = sum(1 << c for c in line.cells)
        for cell in line.cells:
            stars[cell] |= mask
    found = _TABLES[("stars", geo.size)] = tuple(stars)
    return found


def _line_cells(geo: Geometry) -> tuple[tuple[int, tuple[int, ...], int], ...]:
    """Per line: the mask of its cells, its cell bits in order, and its first edge's bit index."""
    found = _TABLES.get(("lines", geo.size))
    if found is None:
        found = _TABLES[("lines", geo.size)] = tuple(
            (sum(1 << c for c in line.cells), tuple(1 << c for c in line.cells), line.offset) for line in geo.lines)
    return found


def _edge_order(geo: Geometry) -> tuple[int, ...]:
    """The edge bits in the rules' edge order (sorted cell pairs), which `Wait` follows."""
    found = _TABLES.get(("order", geo.size))
    if found is None:
        found = _TABLES[("order", geo.size)] = tuple(sorted(range(len(geo.edges)), key=lambda e: geo.edges[e]))
    return found


def reach(geo: Geometry, coins: int, cell: int) -> int:
    """The coins a Hoarder on `cell` could ever land on, ignoring gates, purses and the other
    Hoarder: those joined to her by a chain of straight lines (see `game.coinland.harmless`)."""
    stars = _stars(geo)
    reached = 0
    frontier = 1 << cell
    while frontier:
        low = frontier & -frontier
        frontier ^= low
        new = stars[low.bit_length() - 1] & coins & ~reached
        reached |= new
        frontier |= new
    return reached


def _crossable_for(geo: Geometry, coins: int, cell: int) -> int:
    mine = reach(geo, coins, cell)
    if not mine:
        return 0
    ends_all = mine | (1 << cell)
    out = 0
    for mask, cell_bits, offset in _line_cells(geo):
        if not mine & mask:
            continue
        ends = ends_all & mask
        first = last = -1
        for position, bit in enumerate(cell_bits):
            if ends & bit:
                if first < 0:
                    first = position
                last = position
        if last > first:
            out |= ((1 << last) - (1 << first)) << offset
    return out


def crossable(pos: Pos) -> int:
    """The edge mask a future move of either Hoarder might cross, gated or not."""
    hoarders = (pos.pawns[0], pos.pawns[1]) if pos.duel else (pos.pawns[0],)
    key = (pos.geo.size, pos.coins, pos.pawns[0], pos.pawns[1] if pos.duel else -1)
    found = _CROSSABLE.get(key)
    if found is None:
        if len(_CROSSABLE) > CACHE_LIMIT:
            _CROSSABLE.clear()
        found = 0
        for cell in hoarders:
            found |= _crossable_for(pos.geo, pos.coins, cell)
        _CROSSABLE[key] = found
    return found


def harmless(pos: Pos) -> int:
    """The mask of free edges no future move of either Hoarder can cross."""
    return pos.free_edges() & ~crossable(pos)


def wait_code(pos: Pos) -> int | None:
    """The gate the rules' `Wait` draws here (the first harmless edge in the rules' order), or None."""
    mask = harmless(pos)
    if not mask:
        return None
    for e in _edge_order(pos.geo):
        if mask >> e & 1:
            return GATE + e
    raise AssertionError("a set bit is an edge")


def action_code(pos: Pos, action: Action) -> int:
    """`Pos.code`, and a `Wait` as the very gate the rules draw for it."""
    if isinstance(action, Wait):
        code = wait_code(pos)
        if code is None:
            raise ValueError("wait is not legal here: no harmless edge is left")
        return code
    return pos.code(action)


def first_payer(pos: Pos) -> int:
    """Who is on turn once no free edge is left, if from now on both only draw gates."""
    free = pos.free_edges().bit_count()
    return pos.to_move if free % 2 == 0 else 1 - pos.to_move


def gap_gates(pos: Pos) -> list[int]:
    """One gate (the lowest free edge) in each gap a move can still cross: a gap is the run of edges
    between two neighbouring cells of a line that hold a coin or a Hoarder (`gaps.py`), and a
    move crosses all of a gap or none of it, so one gate stands for any other in the gap."""
    from game.coinland.ai.gaps import gaps

    free = pos.free_edges() & crossable(pos)
    if not free:
        return []
    occupied = pos.coins | (1 << pos.pawns[0]) | ((1 << pos.pawns[1]) if pos.duel else 0)
    out = []
    for gap in gaps(pos.geo, occupied):
        open_edges = gap & free
        if open_edges:
            out.append(GATE + (open_edges & -open_edges).bit_length() - 1)
    return out
