"""What is being played: a Puzzle level, a Classic match or a Duel, with seats and undo.

A session owns the engine state (or match) and its history; scenes show it and feed it
actions, and never change a state themselves. Seats are "human" or a computer strength.
Undo is unlimited in Puzzle; in Classic and Duel it takes back your last move (with the
computer's reply), as the brief for play against the computer asks.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from game.client import palette as pal
from game.coinland.actions import Action
from game.coinland.levels import Level
from game.coinland.match import ClassicMatch, RolesSwapped
from game.coinland.rules import apply, new_duel
from game.coinland.state import GATEKEEPER, HOARDER, Mode, State

HUMAN = "human"
COMPUTER_KINDS = ("random", "easy", "normal", "hard")
SEAT_KINDS = (HUMAN, *COMPUTER_KINDS)


def seat_name(seat: int, seats: tuple[str, str]) -> str:
    kind = seats[seat]
    if kind == HUMAN:
        return "You" if seats.count(HUMAN) == 1 else f"Player {seat + 1}"
    return f"Computer ({kind})"


@dataclass
class Session:
    """History for undo and redo, seats, and one `act` that records what it should."""

    seats: tuple[str, str] = (HUMAN, HUMAN)
    seed: int = 0
    undo_depth: int | None = 1  # snapshots kept for undo; None = unlimited
    history: list[Any] = field(default_factory=list)  # (snapshot, actions) before each undo step
    future: list[Any] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)  # every action of the line on the board, for saves

    # --- provided by each kind of session -------------------------------------------------
    @property
    def state(self) -> State:
        raise NotImplementedError

    def snapshot(self) -> Any:
        raise NotImplementedError

    def restore(self, snapshot: Any) -> None:
        raise NotImplementedError

    def _apply(self, action: Action) -> list[Any]:
        raise NotImplementedError

    def seat_of(self, player: int) -> int:
        """The seat (person) playing engine player `player` now."""
        return player

    # --- shared --------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def seat_to_move(self) -> int | None:
        player = self.state.current_player
        return None if player is None else self.seat_of(player)

    def kind_to_move(self) -> str:
        seat = self.seat_to_move
        return HUMAN if seat is None else self.seats[seat]

    @property
    def computer_to_move(self) -> bool:
        return not self.is_over and self.kind_to_move() != HUMAN

    @property
    def human_to_move(self) -> bool:
        return not self.is_over and self.kind_to_move() == HUMAN

    @property
    def against_computer(self) -> bool:
        return any(kind != HUMAN for kind in self.seats)

    def act(self, action: Action, record: bool = True) -> list[Any]:
        """Apply an action through the engine; `record` makes it an undo step (the human's moves)."""
        before = self._mark()
        events = self._apply(action)
        self.actions.append(action)
        if record:
            self.history.append(before)
            if self.undo_depth is not None:
                del self.history[:-self.undo_depth]
        self.future.clear()
        return events

    def _mark(self) -> tuple[Any, tuple[Action, ...]]:
        """What undo needs to come back here: the snapshot and the actions that led to it."""
        return self.snapshot(), tuple(self.actions)

    def _back_to(self, mark: tuple[Any, tuple[Action, ...]]) -> None:
        snapshot, actions = mark
        self.restore(snapshot)
        self.actions = list(actions)

    def can_undo(self) -> bool:
        return bool(self.history)

    def can_redo(self) -> bool:
        return bool(self.future)

    def undo(self) -> bool:
        if not self.history:
            return False
        self.future.append(self._mark())
        self._back_to(self.history.pop())
        return True

    def redo(self) -> bool:
        if not self.future:
            return False
        self.history.append(self._mark())
        self._back_to(self.future.pop())
        return True

    def label(self, player: int) -> str:
        return seat_name(self.seat_of(player), self.seats)

    def role(self, player: int) -> str:
        return ""

    def colour(self, player: int) -> pal.Colour:
        return pal.PLAYER_COLOURS[self.seat_of(player)]


@dataclass
class OneGameSession(Session):
    """A session on a single game: the state is the whole of what undo needs to keep."""

    current: State | None = None

    @property
    def state(self) -> State:
        assert self.current is not None
        return self.current

    def snapshot(self) -> State:
        return self.state

    def restore(self, snapshot: State) -> None:
        self.current = snapshot

    def _apply(self, action: Action) -> list[Any]:
        self.current, events = apply(self.state, action)
        return events


@dataclass
class PuzzleSession(OneGameSession):
    """One level. A walk runs from the level's start; Hint or Solve marks it assisted
    (game.coinland.campaign says what that costs). Help lasts: once Hint or Solve has shown
    part of the best walk, the level is marked helped (`shown`; the play scene keeps the mark in
    the progress file, so a later visit starts marked too), and every walk from then on is
    assisted, whatever Restart, Undo or Redo do. Undo never clears the mark within a walk, and
    undoing across a restart into a walk from before the help brings it back assisted: finishing
    one's own walk along a line just shown is not an unaided solve (issue 34)."""

    level: Level | None = None
    undo_depth: int | None = None
    key: str = ""  # where progress is recorded
    assisted: bool = False  # help has touched this walk (used in it, or the level was marked before)
    walk: int = 0  # which walk since the level opened (Restart starts the next)
    shown: bool = False  # the level is marked helped: every walk is assisted
    began_helped: bool = False  # this walk began on a level already marked (a practice walk)

    def __post_init__(self) -> None:
        if self.level is None:
            raise ValueError("a puzzle session needs a level")
        self.current = self.current or self.level.initial_state()

    def snapshot(self) -> tuple[State, int, bool]:
        return self.state, self.walk, self.assisted

    def restore(self, snapshot: tuple[State, int, bool]) -> None:
        state, walk, assisted = snapshot
        self.assisted = ((self.assisted or assisted) if walk == self.walk else assisted) or self.shown
        self.current, self.walk = state, walk

    def marked(self) -> None:
        """The level was marked helped before this visit (the progress file says so)."""
        self.shown = self.assisted = self.began_helped = True

    def assist(self) -> None:
        """Hint or Solve showed part of the best walk: this walk and every later one are assisted."""
        self.shown = True
        self.assisted = True

    show_solution = assist  # Solve: the same lasting mark

    def restart(self) -> bool:
        """Back to the level's start, as a new walk (unaided unless the level is marked helped);
        undoable like a move when the player had moved (True), and at the start it only clears
        the walk's help mark (False)."""
        assert self.level is not None
        moved = self.state != self.level.initial_state()
        if moved:
            self.history.append(self._mark())
            self.future.clear()
            self.current = self.level.initial_state()
            self.actions = []
        self.walk += 1
        self.assisted = self.began_helped = self.shown
        return moved

    @property
    def par(self) -> int | None:
        from game.client.coinland.packs import trusted_par  # a copy of a shipped board: the shipped par

        return trusted_par(self.level) if self.level else None

    def label(self, player: int) -> str:
        return "You" if player == HOARDER else "Sleeping Gatekeeper"

    def role(self, player: int) -> str:
        return "Hoarder" if player == HOARDER else "owns the gates"

    def colour(self, player: int) -> pal.Colour:
        return pal.SKY if player == HOARDER else pal.VERMILION


@dataclass
class MatchSession(Session):
    """A Classic match: two games with roles swapped. Seats are people; roles change per game."""

    size: int = 4
    first_hoarder: int = 0
    match: ClassicMatch | None = None
    finished_game: State | None = None  # the board of game 1 as it ended, until game 2 is shown

    def __post_init__(self) -> None:
        self.match = self.match or ClassicMatch(size=self.size, first_hoarder=self.first_hoarder)

    def shown_game(self) -> int:
        """The game the board shows: game 1 stays, roles and all, until its interlude is closed."""
        assert self.match is not None
        return 0 if self.finished_game is not None else self.match.game_index

    @property
    def state(self) -> State:
        assert self.match is not None
        return self.match.state

    def snapshot(self) -> ClassicMatch:
        assert self.match is not None
        return self.match

    def restore(self, snapshot: ClassicMatch) -> None:
        self.match = snapshot
        self.finished_game = None

    def _apply(self, action: Action) -> list[Any]:
        assert self.match is not None
        before = self.match
        self.match, events = before.apply(action)
        if any(isinstance(e, RolesSwapped) for e in events):
            self.finished_game = apply(before.state, action)[0]
        return events

    @property
    def is_over(self) -> bool:
        assert self.match is not None
        return self.match.is_over

    @property
    def seat_to_move(self) -> int | None:
        assert self.match is not None
        return self.match.current_seat

    def seat_of(self, player: int) -> int:
        assert self.match is not None
        hoarder = self.match.hoarder_seat(self.shown_game())
        return hoarder if player == HOARDER else 1 - hoarder

    def role(self, player: int) -> str:
        return "Hoarder" if player == HOARDER else "Gatekeeper"

    @property
    def hoarder_seat(self) -> int:
        assert self.match is not None
        return self.match.hoarder_seat(self.shown_game())


@dataclass
class DuelSession(OneGameSession):
    size: int = 4
    first: int = 0
    may_pass: bool = False  # the house rule: a player may pass instead of drawing a gate

    def __post_init__(self) -> None:
        self.current = self.current or new_duel(self.size, first=self.first, may_pass=self.may_pass)

    def role(self, player: int) -> str:
        return "solid gates" if player == 0 else "striped gates"


def mode_of(session: Session) -> Mode:
    return session.state.mode


RANDOM = -1


@dataclass
class Setup:
    """A Classic match or Duel to start: the choices on the setup screen (kept per mode while the App runs)."""

    mode: Mode
    seats: tuple[str, str] = (HUMAN, "normal")
    size: int = 4
    first: int = 0  # seat that starts (Duel) or hoards first (Classic); RANDOM to draw it
    may_pass: bool = False  # Duel: the house rule "pass instead of drawing a gate" (off: the designer's rule)

    def session(self, seed: int | None = None) -> Session:
        seed = random.randrange(2**31) if seed is None else seed
        first = random.Random(seed).randrange(2) if self.first == RANDOM else self.first
        if self.mode is Mode.CLASSIC:
            return MatchSession(seats=self.seats, seed=seed, size=self.size, first_hoarder=first)
        return DuelSession(seats=self.seats, seed=seed, size=self.size, first=first, may_pass=self.may_pass)

    def title(self) -> str:
        rule = "  ·  pass house rule" if self.mode is Mode.DUEL and self.may_pass else ""
        return ("Classic match" if self.mode is Mode.CLASSIC else "Duel") + f"  ·  size {self.size}{rule}"


__all__ = ["COMPUTER_KINDS", "GATEKEEPER", "HOARDER", "HUMAN", "RANDOM", "SEAT_KINDS", "DuelSession", "MatchSession",
           "PuzzleSession", "Session", "Setup", "seat_name"]
