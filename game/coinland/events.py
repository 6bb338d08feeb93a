"""What an action caused, in order: the client animates these, logs print them, tests assert on them."""

from __future__ import annotations

from dataclasses import dataclass

from game.hexgrid import Cell, Edge


@dataclass(frozen=True)
class PawnMoved:
    player: int
    origin: Cell
    target: Cell
    path: tuple[Cell, ...]  # every cell entered, ending with target

    def describe(self) -> str:
        return f"player {self.player} moves {self.origin} -> {self.target} ({len(self.path)} cells)"


@dataclass(frozen=True)
class FeePaid:
    payer: int
    payee: int
    amount: int
    gates: tuple[Edge, ...]  # the gates crossed that cost a coin

    def describe(self) -> str:
        return f"player {self.payer} pays {self.amount} to player {self.payee}"


@dataclass(frozen=True)
class CoinCollected:
    player: int
    cell: Cell

    def describe(self) -> str:
        return f"player {self.player} collects the coin at {self.cell}"


@dataclass(frozen=True)
class GateDrawn:
    player: int
    edge: Edge

    def describe(self) -> str:
        return f"player {self.player} draws a gate on {self.edge[0]}-{self.edge[1]}"


@dataclass(frozen=True)
class Passed:
    player: int

    def describe(self) -> str:
        return f"player {self.player} passes"


@dataclass(frozen=True)
class EndDeclared:
    """The Hoarder declared the game over (Classic) or stopped (Puzzle)."""

    player: int

    def describe(self) -> str:
        return f"player {self.player} declares the end"


@dataclass(frozen=True)
class NoMovesLeft:
    """Duel: neither Hoarder can reach a coin, so no purse can change any more and the game ends.

    Gates only ever add fees and purses change only by moves, so a Duel in which neither
    Hoarder has a legal move is decided: filling the remaining edges and passing twice
    would reach the same result, only later.
    """

    coins_left: int  # coins still on the board that nobody can reach

    def describe(self) -> str:
        left = f"{self.coins_left} coin" + ("" if self.coins_left == 1 else "s")
        return f"neither Hoarder can reach a coin ({left} left): no purse can change, so the game ends"


@dataclass(frozen=True)
class GameOver:
    reason: str  # one of state.END_REASONS
    purses: tuple[int, int]

    def describe(self) -> str:
        return f"game over ({self.reason}): purses {self.purses[0]} and {self.purses[1]}"


Event = PawnMoved | FeePaid | CoinCollected | GateDrawn | Passed | EndDeclared | NoMovesLeft | GameOver
