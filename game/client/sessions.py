"""What is being played: a Puzzle level, a Classic match or a Duel, with undo and seats.

A session owns the engine state and history; the scene only shows it and feeds it
actions. Seats are "human" or a computer strength.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.coinland.actions import Action
from game.coinland.levels import Level
from game.coinland.match import ClassicMatch
from game.coinland.rules import apply, new_duel
from game.coinland.state import GATEKEEPER, HOARDER, Mode, State

HUMAN = "human"


@dataclass
class Session:
    """Common ground: history for undo/redo, seats, and one `apply` that records it."""

    seats: tuple[str, str] = (HUMAN, HUMAN)
    history: list = field(default_factory=list)  # earlier snapshots
    future: list = field(default_factory=list)  # undone snapshots, for redo

    # subclasses provide: snapshot(), restore(s), state, seat_to_move, _apply(action)
    def act(self, action: Action) -> list:
        self.history.append(self.snapshot())
        self.future.clear()
        return self._apply(action)

    def can_undo(self) -> bool:
        return bool(self.history)

    def undo(self) -> None:
        """Undo to the last position where a human was to move (so the computer's reply goes too)."""
        while self.history:
            self.future.append(self.snapshot())
            self.restore(self.history.pop())
            if self.seat_kind() == HUMAN:
                break

    def redo(self) -> None:
        while self.future:
            self.history.append(self.snapshot())
            self.restore(self.future.pop())
            if self.seat_kind() == HUMAN or not self.future:
                break

    def seat_kind(self) -> str:
        seat = self.seat_to_move
        return HUMAN if seat is None else self.seats[seat]

    @property
    def computer_to_move(self) -> bool:
        return not self.is_over and self.seat_kind() != HUMAN


@dataclass
class PuzzleSession(Session):
    level: Level | None = None
    state: State | None = None

    def __post_init__(self) -> None:
        assert self.level is not None
        self.state = self.state or self.level.initial_state()

    def snapshot(self) -> State:
        return self.state

    def restore(self, snapshot: State) -> None:
        self.state = snapshot

    def _apply(self, action: Action) -> list:
        self.state, events = apply(self.state, action)
        return events

    def restart(self) -> None:
        self.history.append(self.state)
        self.future.clear()
        self.state = self.level.initial_state()

    @property
    def seat_to_move(self) -> int | None:
        return None if self.state.is_over else 0

    @property
    def is_over(self) -> bool:
        return self.state.is_over


@dataclass
class MatchSession(Session):
    size: int = 4
    match: ClassicMatch | None = None

    def __post_init__(self) -> None:
        self.match = self.match or ClassicMatch(size=self.size)

    @property
    def state(self) -> State:
        return self.match.state

    def snapshot(self) -> ClassicMatch:
        return self.match

    def restore(self, snapshot: ClassicMatch) -> None:
        self.match = snapshot

    def _apply(self, action: Action) -> list:
        self.match, events = self.match.apply(action)
        return events

    @property
    def seat_to_move(self) -> int | None:
        return self.match.current_seat

    @property
    def is_over(self) -> bool:
        return self.match.is_over

    def name_of_player(self, player: int) -> str:
        seat = self.match.seat_of_role(player)
        role = "Hoarder" if player == HOARDER else "Gatekeeper"
        return f"{seat_name(seat, self.seats)} ({role})"


@dataclass
class DuelSession(Session):
    size: int = 4
    first: int = 0
    state: State | None = None

    def __post_init__(self) -> None:
        self.state = self.state or new_duel(self.size, first=self.first)

    def snapshot(self) -> State:
        return self.state

    def restore(self, snapshot: State) -> None:
        self.state = snapshot

    def _apply(self, action: Action) -> list:
        self.state, events = apply(self.state, action)
        return events

    @property
    def seat_to_move(self) -> int | None:
        return self.state.current_player

    @property
    def is_over(self) -> bool:
        return self.state.is_over


def seat_name(seat: int, seats: tuple[str, str]) -> str:
    kind = seats[seat]
    if kind == HUMAN:
        return f"Player {seat + 1}"
    return f"Computer ({kind})"


def player_label(session: Session, player: int) -> str:
    state = session.state
    if isinstance(session, MatchSession):
        return session.name_of_player(player)
    if state.mode is Mode.PUZZLE:
        return "You (Hoarder)" if player == HOARDER else "Sleeping Gatekeeper"
    return seat_name(player, session.seats)


__all__ = ["GATEKEEPER", "HOARDER", "HUMAN", "DuelSession", "MatchSession", "PuzzleSession", "Session"]
