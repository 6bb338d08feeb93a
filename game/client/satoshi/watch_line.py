"""The one line `watch satoshi` prints when a game ends: winners, price, condition, Satoshi.

    Finding Satoshi: Ada (hard) wins alone; price $48 (bitcoin condition, 23 rounds), Satoshi was Hal

Pure (no pygame), read from the engine's `Outcome`, so tests can check it on any finished game.
"""

from __future__ import annotations

from game.bitcoin.state import Outcome
from game.client.satoshi.session import TableSession
from game.wording import listing


def seat_label(session: TableSession, seat: int) -> str:
    """"Ada (hard)": the seat's name and what plays it."""
    chair = session.setup.seats[seat]
    return f"{chair.name} ({chair.kind})"


def winners_text(session: TableSession, outcome: Outcome) -> str:
    if outcome.condition == "everyone":
        return "everyone wins"
    names = [seat_label(session, seat) for seat in outcome.winners]
    if len(names) > 1:
        return f"{listing(names)} share the win"
    if outcome.tie_break:
        return f"{names[0]} wins on {outcome.tie_break}"
    return f"{names[0]} wins alone"


def result_line(session: TableSession) -> str:
    """The line for a finished game (a game still on says so instead of guessing)."""
    outcome = session.state.outcome
    if outcome is None:
        return "Finding Satoshi: the game is not over"
    rounds = session.state.round
    length = f"{rounds} round{'s' if rounds != 1 else ''}"
    if outcome.reason != "end":
        length += f", {outcome.reason}"
    satoshi = ("the Satoshi card was set aside" if outcome.satoshi < 0
               else f"Satoshi was {session.setup.seats[outcome.satoshi].name}")
    return (f"Finding Satoshi: {winners_text(session, outcome)}; price ${outcome.price} "
            f"({outcome.condition} condition, {length}), {satoshi}")
