"""Hoarder & Gatekeeper actions: small frozen values with a text form that round-trips.

Text forms (one action per line in logs, the engine protocol and tests):

    move 1,-2        the Hoarder moves to cell (1, -2)
    move 1,-2 end    ... and then declares the game over (Classic only)
    gate 0,0 1,0     draw a gate on the edge between (0, 0) and (1, 0)
    wait             draw a gate on a harmless edge (one no future move can cross)
    pass             nothing else is possible (or, under the Duel house rule, instead of a gate)
    stop             the Puzzle Hoarder stops collecting
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.hexgrid import Cell, Edge, edge


def cell_text(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


@dataclass(frozen=True, order=True)
class Move:
    """Move the mover's Hoarder in a straight line to `to` (a cell holding a coin)."""

    to: Cell
    end: bool = False

    @property
    def text(self) -> str:
        return f"move {cell_text(self.to)}" + (" end" if self.end else "")


@dataclass(frozen=True, order=True)
class Gate:
    """Draw a gate of the mover's colour on an edge that has none."""

    edge: Edge

    def __post_init__(self) -> None:
        object.__setattr__(self, "edge", edge(*self.edge))

    @property
    def text(self) -> str:
        a, b = self.edge
        return f"gate {cell_text(a)} {cell_text(b)}"


@dataclass(frozen=True, order=True)
class Pass:
    """Pass: only legal when nothing else is."""

    @property
    def text(self) -> str:
        return "pass"


@dataclass(frozen=True, order=True)
class Wait:
    """Draw a gate of the mover's colour on a harmless edge: change nothing but whose turn it is.

    Which harmless edge is the rules engine's choice (`game.coinland.rules.wait_edge`), the same
    in every program, so a record that says `wait` replays alike everywhere. Not listed by
    `legal_actions`, where the gate it draws already is.
    """

    @property
    def text(self) -> str:
        return "wait"


@dataclass(frozen=True, order=True)
class Stop:
    """The Puzzle Hoarder stops and keeps what she holds."""

    @property
    def text(self) -> str:
        return "stop"


Action = Move | Gate | Wait | Pass | Stop

_CELL = r"\s*(-?[0-9]+)\s*,\s*(-?[0-9]+)\s*"  # ASCII digits only: int() reads "٣" and "３" as 3
_MOVE = re.compile(rf"move\s+{_CELL}(\s+end)?", re.IGNORECASE | re.ASCII)
_GATE = re.compile(rf"gate\s+{_CELL}\s+{_CELL}", re.IGNORECASE | re.ASCII)


def parse_action(text: str) -> Action:
    """Parse an action's text form; raises ValueError with the expected forms."""
    stripped = text.strip()
    lowered = stripped.lower()
    if lowered == "pass":
        return Pass()
    if lowered == "stop":
        return Stop()
    if lowered == "wait":
        return Wait()
    if match := _MOVE.fullmatch(stripped):
        q, r, end = match.groups()
        return Move((int(q), int(r)), end=bool(end))
    if match := _GATE.fullmatch(stripped):
        q1, r1, q2, r2 = map(int, match.groups())
        return Gate(((q1, r1), (q2, r2)))
    raise ValueError(
        f"cannot read action {text!r}: expected 'move Q,R', 'move Q,R end', "
        "'gate Q,R Q,R', 'wait', 'pass' or 'stop'"
    )
