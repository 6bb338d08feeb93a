"""A Classic match: two games on the same board size with the roles swapped.

Seats (0 and 1) are the people; roles (Hoarder, Gatekeeper) are per game. In game 1
seat `first_hoarder` is the Hoarder; in game 2 the other seat is. The higher Hoarder
score wins the match; equal scores draw.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from game.coinland.actions import Action
from game.coinland.events import Event
from game.coinland.rules import apply, legal_actions, new_classic
from game.coinland.state import GATEKEEPER, HOARDER, State


@dataclass(frozen=True)
class RolesSwapped:
    """Game 2 begins: announce who hoards now."""

    game: int  # 1-based number of the game that starts
    hoarder_seat: int

    def describe(self) -> str:
        return f"game {self.game}: seat {self.hoarder_seat} is now the Hoarder"


@dataclass(frozen=True)
class MatchOver:
    hoarder_scores: tuple[int, int]  # per seat
    winner: int | None  # seat, or None for a draw

    def describe(self) -> str:
        if self.winner is None:
            return f"match drawn {self.hoarder_scores[0]}-{self.hoarder_scores[1]}"
        return f"seat {self.winner} wins the match {self.hoarder_scores[0]}-{self.hoarder_scores[1]}"


@dataclass(frozen=True)
class ClassicMatch:
    """An immutable two-game match; `apply` advances it and starts game 2 by itself."""

    size: int = 4
    first_hoarder: int = 0
    game_index: int = 0  # 0 for the first game, 1 for the second
    state: State = field(default=None)  # type: ignore[assignment]
    results: tuple[int, ...] = ()  # the Hoarder's score of each finished game

    def __post_init__(self) -> None:
        if self.first_hoarder not in (0, 1):
            raise ValueError("first_hoarder must be seat 0 or 1")
        if self.state is None:
            object.__setattr__(self, "state", new_classic(self.size))

    # --- roles --------------------------------------------------------------------
    def hoarder_seat(self, game_index: int | None = None) -> int:
        index = self.game_index if game_index is None else game_index
        return self.first_hoarder if index == 0 else 1 - self.first_hoarder

    def seat_of_role(self, role: int) -> int:
        hoarder = self.hoarder_seat()
        return hoarder if role == HOARDER else 1 - hoarder

    def role_of_seat(self, seat: int) -> int:
        return HOARDER if seat == self.hoarder_seat() else GATEKEEPER

    @property
    def current_seat(self) -> int | None:
        player = self.state.current_player
        return None if player is None else self.seat_of_role(player)

    # --- play ---------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return len(self.results) == 2

    def legal_actions(self) -> list[Action]:
        return legal_actions(self.state)

    def apply(self, action: Action) -> tuple[ClassicMatch, list[Event | RolesSwapped | MatchOver]]:
        """Apply an action in the current game; when it ends, record it and go on."""
        state, events = apply(self.state, action)
        out: list[Event | RolesSwapped | MatchOver] = list(events)
        match = replace(self, state=state)
        if state.is_over:
            match = replace(match, results=(*self.results, state.purses[HOARDER]))
            if self.game_index == 0:
                match = replace(match, game_index=1, state=new_classic(self.size))
                out.append(RolesSwapped(2, match.hoarder_seat()))
            else:
                out.append(MatchOver(match.hoarder_scores, match.winner))
        return match, out

    # --- results ------------------------------------------------------------------
    @property
    def hoarder_scores(self) -> tuple[int, int]:
        """Each seat's score as Hoarder (0 for a game not yet played)."""
        per_seat = [0, 0]
        for index, score in enumerate(self.results):
            per_seat[self.hoarder_seat(index)] = score
        return per_seat[0], per_seat[1]

    @property
    def winner(self) -> int | None:
        if not self.is_over:
            return None
        a, b = self.hoarder_scores
        return None if a == b else (0 if a > b else 1)

    def to_dict(self) -> dict[str, Any]:
        return {
            "size": self.size,
            "first_hoarder": self.first_hoarder,
            "game_index": self.game_index,
            "results": list(self.results),
            "state": self.state.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ClassicMatch:
        return cls(
            size=int(data["size"]),
            first_hoarder=int(data["first_hoarder"]),
            game_index=int(data["game_index"]),
            state=State.from_dict(data["state"]),
            results=tuple(int(x) for x in data["results"]),
        )
