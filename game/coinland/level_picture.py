"""A level as a text picture, for designers at a terminal (`coinland levels --draw`) and in docs.

Rows of the hexagon run top to bottom (r from -(size-1) to size-1), each shifted by half a
cell, so that every cell's six neighbours sit around it as on the board. A cell is drawn `H`
(the Hoarder's start), `o` (a coin) or `.` (no coin). A gate between two cells of one row
is a `|` between them; a gate to a cell of the row below is a `\\` or `/` in the line between
the rows, under the cell, on the side of the neighbour it leads to. Pure text; no pygame.
"""

from __future__ import annotations

from game.coinland.levels import Level
from game.hexgrid import board, edge


def picture(level: Level, marks: dict[tuple[int, int], str] | None = None) -> str:
    """The level as lines of text; `marks` may replace any cell's letter (a walk's move numbers)."""
    hexes = board(level.size)
    radius = level.size - 1
    gates = {edge(a, b) for a, b in level.gates}
    marks = marks or {}

    def x_of(q: int, r: int) -> int:
        return 4 * q + 2 * r + 4 * radius

    def token(cell: tuple[int, int]) -> str:
        if cell in marks:
            return marks[cell]
        if cell == level.start:
            return "H"
        return "." if cell in level.empty else "o"

    lines: list[str] = []
    for r in range(-radius, radius + 1):
        row = [" "] * (8 * radius + 3)
        below = [" "] * (8 * radius + 3)
        for q in range(-radius, radius + 1):
            cell = (q, r)
            if cell not in hexes:
                continue
            x = x_of(q, r)
            text = token(cell)[:2]
            row[x:x + len(text)] = text
            if (q + 1, r) in hexes and edge(cell, (q + 1, r)) in gates:
                row[x + 2] = "|"
            if (q, r + 1) in hexes and edge(cell, (q, r + 1)) in gates:
                below[x + 1] = "\\"
            if (q - 1, r + 1) in hexes and edge(cell, (q - 1, r + 1)) in gates:
                below[x - 1] = "/"
        lines.append("".join(row).rstrip())
        if r < radius:
            lines.append("".join(below).rstrip())
    return "\n".join(lines)
