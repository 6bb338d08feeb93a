"""Hoarder & Gatekeeper moves in words a player finds on the board.

The board never shows axial coordinates, so a review that says "gate 0,-3 0,-2" sends the
player hunting. Here every cell is named from a Hoarder she can see, in the six directions as
the board draws them (pointy-top hexagons: right, up-right, up-left, left, down-left,
down-right): "the coin 2 cells up-right of the Hoarder", "the gate between 1 and 2 cells left
of Bob's Hoarder", "3 right and 1 down-right of your Hoarder" for a cell off her lines.

Pure text over rules values: no pygame. The client draws the same moves on the board.
"""

from __future__ import annotations

from game.coinland.actions import Action, Gate, Move, Pass, Stop, Wait
from game.coinland.harmless import harmless_edges
from game.coinland.rules import hoarder_moves
from game.coinland.state import HOARDER, Mode, State
from game.hexgrid import DIRECTIONS, Cell, Edge, add, direction_between, distance
from game.wording import plural, possessive

# DIRECTIONS in order, as the board draws them (x grows with q + r/2, y with r: pointy-top)
DIRECTION_WORDS = {(1, 0): "right", (1, -1): "up-right", (0, -1): "up-left", (-1, 0): "left",
                   (-1, 1): "down-left", (0, 1): "down-right"}


def hoarder_names(state: State, names: tuple[str, ...] = ()) -> list[str]:
    """How each Hoarder is called: "the Hoarder" in Classic and Puzzle; "Alice's Hoarder" in a Duel."""
    if state.mode is not Mode.DUEL:
        return ["the Hoarder"]
    seats = list(names) + ["Player 1", "Player 2"][len(names):]
    return [f"{possessive(seats[p], capital=False)} Hoarder" for p in (0, 1)]


def _steps(cell: Cell, origin: Cell) -> tuple[tuple[int, Cell], tuple[int, Cell] | None]:
    """`cell - origin` as a count of one direction, then of its neighbour (None when on a line)."""
    unit = direction_between(origin, cell)
    if unit is not None:
        return (distance(origin, cell), unit), None
    best: tuple[tuple[int, Cell], tuple[int, Cell]] | None = None
    for index, first in enumerate(DIRECTIONS):  # exactly one pair of neighbouring directions fits
        second = DIRECTIONS[(index + 1) % 6]
        # solve cell - origin = a * first + b * second with a, b >= 1
        dq, dr = cell[0] - origin[0], cell[1] - origin[1]
        det = first[0] * second[1] - first[1] * second[0]
        a = (dq * second[1] - dr * second[0]) // det
        b = (first[0] * dr - first[1] * dq) // det
        if a >= 1 and b >= 1 and add(add(origin, first, a), second, b) == cell:
            best = ((a, first), (b, second)) if a >= b else ((b, second), (a, first))  # the longer leg first
    assert best is not None  # two neighbouring directions span every offset
    return best


def place(cell: Cell, origin: Cell, name: str) -> str:
    """`2 cells up-right of the Hoarder`, `3 right and 1 down-right of the Hoarder`, `the Hoarder's cell`."""
    if cell == origin:
        return f"{name}'s cell" if not name.endswith("s") else f"{name}' cell"
    (count, unit), second = _steps(cell, origin)
    if second is None:
        return f"{plural(count, 'cell')} {DIRECTION_WORDS[unit]} of {name}"
    return f"{count} {DIRECTION_WORDS[unit]} and {second[0]} {DIRECTION_WORDS[second[1]]} of {name}"


def _reference(state: State, cells: tuple[Cell, ...], names: list[str], prefer: int | None) -> tuple[Cell, str]:
    """The Hoarder to name things from: `prefer`'s if given, else the nearest to `cells`."""
    hoarders = list(state.pawns)
    if prefer is not None and state.mode is Mode.DUEL:
        return hoarders[prefer], names[prefer]
    index = min(range(len(hoarders)), key=lambda i: (min(distance(hoarders[i], c) for c in cells), i))
    return hoarders[index], names[index]


def gate_words(state: State, e: Edge, names: list[str], prefer: int | None = None) -> str:
    """A gate's edge, named from a Hoarder: on one of her lines by its two cells' distances, else
    by the side of the nearer cell it lies on."""
    origin, name = _reference(state, e, names, prefer)
    a, b = sorted(e, key=lambda c: distance(origin, c))
    unit = direction_between(origin, b) if a == origin else None
    if a == origin and unit is not None:
        return f"the gate right next to {name}, on her {DIRECTION_WORDS[unit]} side"
    line = direction_between(origin, a)
    if line is not None and direction_between(origin, b) == line:
        near, far = distance(origin, a), distance(origin, b)
        return f"the gate between {near} and {far} cells {DIRECTION_WORDS[line]} of {name}"
    # Anchor on the cell easier to find: one on her lines if either is, else the nearer.
    anchor, other = sorted(e, key=lambda c: (direction_between(origin, c) is None, distance(origin, c)))
    side = direction_between(anchor, other)
    assert side is not None
    return f"the gate on the {DIRECTION_WORDS[side]} side of the cell {place(anchor, origin, name)}"


def action_words(state: State, action: Action, names: tuple[str, ...] = ()) -> str:
    """What `action` does in `state`, in words a player finds on the board."""
    called = hoarder_names(state, names)
    mover = state.to_move
    if isinstance(action, Move):
        origin = state.hoarder_of(mover)
        name = called[mover if state.mode is Mode.DUEL else 0]
        assert origin is not None
        fee = next((m.fee for m in hoarder_moves(state, mover) if m.target == action.to), 0)
        paying = f", paying {plural(fee, 'coin')}" if fee else ""
        unit = direction_between(origin, action.to)
        where = (f"{plural(distance(origin, action.to), 'cell')} {DIRECTION_WORDS[unit]}" if unit is not None
                 else f"to {place(action.to, origin, name)}")
        return f"{name} {where}{paying}" + (", then declare the end" if action.end else "")
    if isinstance(action, Gate):
        if state.mode is Mode.DUEL and action.edge in harmless_edges(state):
            return "wait (a gate where no move can ever cross)"
        victim = 1 - mover if state.mode is Mode.DUEL else None
        return gate_words(state, action.edge, called, victim)
    if isinstance(action, Wait):
        return "wait (a gate where no move can ever cross)"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Stop):
        return "stop here"
    return action.text


def better_words(state: State, played: Action, best: Action, names: tuple[str, ...] = ()) -> str:
    """The better action in words; when it differs from the played one only by declaring the end,
    that is what is said."""
    if isinstance(played, Move) and isinstance(best, Move) and played.to == best.to and played.end != best.end:
        if best.end:
            return "the same move, then declare the end"
        return "the same move without declaring the end (play on)"
    return action_words(state, best, names)


def mover_role(state: State) -> str:
    """The mover's role as the review's words say it: Hoarder or Gatekeeper in Classic, player in a Duel."""
    if state.mode is Mode.CLASSIC:
        return "Hoarder" if state.to_move == HOARDER else "Gatekeeper"
    return "Hoarder"
