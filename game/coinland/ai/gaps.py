"""Gaps: the runs of edges between neighbouring occupied cells of a line, in Classic.

A Classic move starts and ends on occupied cells (the Hoarder's, a coin's), and they only
grow fewer, so a move that crosses one edge of a gap crosses all of them. Two gates in one
gap therefore do the same for the rest of the game (to every move, and to everything the
evaluation counts, which is made of moves and of coins on a line), and a gate outside every
gap is a pass. The endgame proofs try one gate per gap; `hard`'s search tries one gate per
gap among the biting ones, so the same gate under another name does not widen its tree.
"""

from __future__ import annotations

from game.coinland.ai.geometry import Geometry
from game.coinland.ai.position import Pos
from game.coinland.state import HOARDER

_SPANS: dict[int, tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]] = {}


def _line_spans(geo: Geometry) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Per line: its cell bits in order, and the masks of its edges before each position."""
    found = _SPANS.get(geo.size)
    if found is None:
        spans = []
        for line in geo.lines:
            cell_bits = tuple(1 << c for c in line.cells)
            # edges_before[k]: the line's edges before position k (edge j joins positions j and j + 1)
            edges_before = tuple(((1 << k) - 1) << line.offset for k in range(len(line.cells)))
            spans.append((cell_bits, edges_before))
        found = _SPANS[geo.size] = tuple(spans)
    return found


# Remembered per board and occupancy; cleared when full (a size-6 middle game has 200 gaps).
CACHE_LIMIT = 10_000
_GAPS: dict[tuple[int, int], tuple[int, ...]] = {}


def gaps(geo: Geometry, occupied: int) -> tuple[int, ...]:
    """The edge masks of the gaps between neighbouring `occupied` cells of each line.

    A *gap* is the run of edges between two neighbouring occupied cells (her cell or a coin)
    of one line. Every later move starts and ends on occupied cells, and they only grow
    fewer, so a move that crosses one edge of a gap crosses all of them: which edge of a
    gap holds a gate never matters, only how many do. Edges outside every gap can never be
    crossed again. Remembered per occupancy: it changes only when she moves.
    """
    key = (geo.size, occupied)
    found = _GAPS.get(key)
    if found is None:
        if len(_GAPS) > CACHE_LIMIT:
            _GAPS.clear()
        masks = []
        for cell_bits, edges_before in _line_spans(geo):
            last = -1
            for position, bit in enumerate(cell_bits):
                if occupied & bit:
                    if last >= 0 and position > last:
                        masks.append(edges_before[position] & ~edges_before[last])
                    last = position
        found = _GAPS[key] = tuple(masks)
    return found


def open_gaps(pos: Pos) -> list[int]:
    """The free edges of each gap that has any (see `gaps`): the Gatekeeper tries one edge of each."""
    free = pos.free_edges()
    return [gap & free for gap in gaps(pos.geo, pos.coins | (1 << pos.pawns[0])) if gap & free]


_GAP_OF: dict[tuple[int, int], tuple[int, ...]] = {}
# In `gap_of`: an edge outside every gap. Not a byte: a full size-7 board has 342 gaps, size 8 has
# 462, so a table of bytes overflowed there and `hard` could not play Classic on those sizes.
OUTSIDE = -1


def gap_of(geo: Geometry, occupied: int) -> tuple[int, ...]:
    """Per edge number, the number of its gap (see `gaps`), or OUTSIDE; any board size."""
    key = (geo.size, occupied)
    found = _GAP_OF.get(key)
    if found is None:
        if len(_GAP_OF) > CACHE_LIMIT:
            _GAP_OF.clear()
        owner = [OUTSIDE] * len(geo.edges)
        for index, mask in enumerate(gaps(geo, occupied)):
            while mask:
                low = mask & -mask
                owner[low.bit_length() - 1] = index
                mask ^= low
        found = _GAP_OF[key] = tuple(owner)
    return found


def one_per_gap(pos: Pos, edges: list[int]) -> list[int]:
    """`edges` in their order, keeping the first of each gap and dropping those outside every gap."""
    owner = gap_of(pos.geo, pos.coins | (1 << pos.pawns[0]))
    seen: set[int] = set()
    kept = []
    for edge in edges:
        index = owner[edge]
        if index != OUTSIDE and index not in seen:
            seen.add(index)
            kept.append(edge)
    return kept


def class_key(pos: Pos) -> tuple[int, ...]:
    """A Classic key shared by every position that plays the same from here on.

    Only how many gates each gap holds matters (see `gaps`), so each gap's gates are written
    as its lowest edges and gates outside every gap are dropped. Positions reached by gating
    the same gaps in another order, or by gating what is now one gap on either side of a
    coin she has since taken, then share one entry: proofs of 12 and 13 coins take about half
    the nodes and time they take keyed by the gates themselves.
    """
    gated = pos.gates[0] | pos.gates[1]
    canonical = 0
    for mask in gaps(pos.geo, pos.coins | (1 << pos.pawns[0])):
        held = gated & mask
        if held:  # a gap is a run of consecutive edge bits: its lowest, one per gate it holds
            canonical |= mask & (((mask & -mask) << held.bit_count()) - 1)
    return (pos.coins, canonical, pos.pawns[0], pos.purses[HOARDER], pos.to_move)
