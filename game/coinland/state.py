"""The Hoarder & Gatekeeper game state: an immutable, hashable value.

Players are numbered 0 and 1 in every mode, so purses and gates need no special cases:

- Classic: player 0 is the Hoarder, player 1 the Gatekeeper (who moves first).
- Puzzle: player 0 is the Hoarder; player 1 is the sleeping Gatekeeper, who owns the
  level's gates, receives the fees and never moves.
- Duel: both players hoard and gate; `pawns[p]` is player p's Hoarder.

A Hoarder pays for every crossed gate owned by the *other* player, which is exactly
"every gate" in Classic and Puzzle and "opponent-coloured gates" in Duel.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from game import safeio
from game.hexgrid import Cell, Edge, HexBoard, board, edge

HOARDER = 0
GATEKEEPER = 1

# "no_moves_left": a Duel in which neither Hoarder can move any more (its result is already decided)
END_REASONS = ("all_collected", "no_move", "declared", "stopped", "both_passed", "no_moves_left")


class Mode(StrEnum):
    PUZZLE = "puzzle"
    CLASSIC = "classic"
    DUEL = "duel"


class StateError(ValueError):
    """A serialised state that cannot be a Hoarder & Gatekeeper position."""


@dataclass(frozen=True)
class State:
    """One position. Build new ones with `game.coinland.rules`; never mutate."""

    mode: Mode
    size: int
    coins: frozenset[Cell]
    gates: tuple[frozenset[Edge], frozenset[Edge]]  # gates owned by player 0, player 1
    pawns: tuple[Cell, ...]  # one Hoarder in Classic/Puzzle, two in Duel
    purses: tuple[int, int]
    to_move: int
    passes: int = 0  # consecutive passes (Duel ends at two)
    ended: str | None = None  # one of END_REASONS once the game is over
    ply: int = 0  # actions applied so far
    # Duel house rule, off by default: a player may pass instead of drawing a gate (two passes
    # in a row end the game, as always). A game option, so it travels with the state.
    may_pass: bool = False
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        key = (self.mode, self.size, self.coins, self.gates, self.pawns, self.purses,
               self.to_move, self.passes, self.ended, self.ply, self.may_pass)
        object.__setattr__(self, "_hash", hash(key))

    def __hash__(self) -> int:
        return self._hash

    # --- convenient reads -------------------------------------------------------
    @property
    def board(self) -> HexBoard:
        return board(self.size)

    @property
    def is_over(self) -> bool:
        return self.ended is not None

    @property
    def current_player(self) -> int | None:
        """Who decides now; None once the game is over."""
        return None if self.ended else self.to_move

    @property
    def all_gates(self) -> frozenset[Edge]:
        return self.gates[0] | self.gates[1]

    def gate_owner(self, a: Cell, b: Cell) -> int | None:
        e = edge(a, b)
        for owner in (0, 1):
            if e in self.gates[owner]:
                return owner
        return None

    def hoarder_of(self, player: int) -> Cell | None:
        """The cell of `player`'s Hoarder, or None when that player has no pawn."""
        if self.mode is Mode.DUEL:
            return self.pawns[player]
        return self.pawns[0] if player == HOARDER else None

    def clone(self) -> State:
        """States are immutable, so a clone is the state itself; kept for API symmetry."""
        return replace(self)

    # --- serialisation ----------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "mode": self.mode.value,
            "size": self.size,
            "coins": [list(c) for c in sorted(self.coins)],
            "gates": [
                {"edge": [list(a), list(b)], "owner": owner}
                for owner in (0, 1)
                for a, b in sorted(self.gates[owner])
            ],
            "pawns": [list(p) for p in self.pawns],
            "purses": list(self.purses),
            "to_move": self.to_move,
            "passes": self.passes,
            "ply": self.ply,
        }
        if self.ended:
            data["ended"] = self.ended
        if self.may_pass:  # written only when on, so games without the house rule read as before
            data["may_pass"] = True
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        try:
            return _state_from_dict(data)
        except (KeyError, TypeError, ValueError) as error:
            raise StateError(f"not a Coinland state: {error}") from None

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> State:
        """A state from JSON that may come from anywhere: parsed with the nesting and number limits of
        `game.safeio` (a StateError, never a RecursionError or a 5000-digit int)."""
        try:
            raw = safeio.parse_json(text, "state")
        except safeio.UnsafeInput as error:
            raise StateError(f"not a Coinland state: {error}") from None
        return cls.from_dict(raw)

    def to_toml(self) -> str:
        import tomli_w

        return tomli_w.dumps(self.to_dict())

    @classmethod
    def from_toml(cls, text: str) -> State:
        try:
            raw = safeio.parse_toml(text, "state")
        except safeio.UnsafeInput as error:
            raise StateError(f"not a Coinland state: {error}") from None
        return cls.from_dict(raw)


def _cell(value: Any) -> Cell:
    q, r = value
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (q, r)):
        raise ValueError(f"cell {value!r} is not two integers")
    return (q, r)


def _state_from_dict(data: dict[str, Any]) -> State:
    mode = Mode(data["mode"])
    size = int(data["size"])
    hexes = board(size)
    coins = frozenset(_cell(c) for c in data["coins"])
    owned: tuple[set[Edge], set[Edge]] = (set(), set())
    for gate in data["gates"]:
        a, b = (_cell(c) for c in gate["edge"])
        if not hexes.is_edge(a, b):
            raise ValueError(f"gate {a}-{b} is not an edge of a size-{size} board")
        owned[int(gate["owner"])].add(edge(a, b))
    pawns = tuple(_cell(p) for p in data["pawns"])
    purses = tuple(int(p) for p in data["purses"])
    if len(purses) != 2 or min(purses) < 0:
        raise ValueError("purses must be two non-negative integers")
    if len(pawns) != (2 if mode is Mode.DUEL else 1):
        raise ValueError(f"{mode.value} has the wrong number of pawns")
    if not coins <= hexes.cell_set or not set(pawns) <= hexes.cell_set:
        raise ValueError("a coin or pawn is off the board")
    ended = data.get("ended")
    if ended is not None and ended not in END_REASONS:
        raise ValueError(f"unknown end reason {ended!r}")
    may_pass = data.get("may_pass", False)
    if not isinstance(may_pass, bool):
        raise ValueError(f"may_pass must be true or false, got {may_pass!r}")
    if may_pass and mode is not Mode.DUEL:
        raise ValueError("may_pass is a Duel house rule")
    return State(
        mode=mode,
        size=size,
        coins=coins,
        gates=(frozenset(owned[0]), frozenset(owned[1])),
        pawns=pawns,
        purses=(purses[0], purses[1]),
        to_move=int(data["to_move"]),
        passes=int(data.get("passes", 0)),
        ended=ended,
        ply=int(data.get("ply", 0)),
        may_pass=may_pass,
    )
